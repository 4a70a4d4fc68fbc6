package kernel

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"gonum.org/v1/gonum/mat"
)

// MaxMonomials bounds every enumeration of monomials (Monomials, GPK, TK):
// beyond it the exponent table alone takes hundreds of megabytes and the
// kernels' O(q²) work per pair is out of reach, so sizes above it are refused
// with an error that says how much memory they would take.
const MaxMonomials = 1 << 20

// MonomialCount returns C(nvars + d, d), the number of monomials of degree
// ≤ d in nvars variables, in closed form (0 for nvars = 0). Counts that
// overflow int are an error wrapping klearn.ErrParam.
func MonomialCount(nvars, d int) (int, error) {
	if nvars < 0 || d < 0 {
		return 0, klearn.Errorf(klearn.ErrParam, "kernel: monomials of degree ≤ %d in %d variables", d, nvars)
	}
	if nvars == 0 {
		return 0, nil
	}
	// C(n+k, k) = C(n+k−1, k−1)·(n+k)/k, exact in integers at every step.
	c := uint64(1)
	for k := 1; k <= d; k++ {
		hi, lo := bits.Mul64(c, uint64(nvars)+uint64(k))
		if hi != 0 {
			return 0, klearn.Errorf(klearn.ErrParam, "kernel: C(%d + %d, %d) monomials overflow int", nvars, d, d)
		}
		c = lo / uint64(k)
		if c > math.MaxInt {
			return 0, klearn.Errorf(klearn.ErrParam, "kernel: C(%d + %d, %d) monomials overflow int", nvars, d, d)
		}
	}
	return int(c), nil
}

// checkMonomials returns the monomial count, refusing counts above
// MaxMonomials with the memory the exponent table would take.
func checkMonomials(nvars, d int) (int, error) {
	q, err := MonomialCount(nvars, d)
	if err != nil {
		return 0, err
	}
	if q > MaxMonomials {
		gib := float64(q) * float64(8*nvars+24) / (1 << 30)
		return 0, klearn.Errorf(klearn.ErrParam, "kernel: %d monomials of degree ≤ %d in %d variables (> MaxMonomials = %d; the exponent table alone would take %.3g GiB)", q, d, nvars, MaxMonomials, gib)
	}
	// Few monomials of many variables: the table is q vectors of nvars ints.
	if err := klearn.CheckAlloc(fmt.Sprintf("kernel: the exponent table of %d monomials in %d variables", q, nvars), 8*nvars+24, q); err != nil {
		return 0, err
	}
	return q, nil
}

// Monomials returns the exponent vectors of all monomials of degree ≤ d in
// nvars variables, in graded order (by total degree) and, within a degree,
// in descending lexicographic order of the exponent vector. For two
// variables and d = 1 this is 1, v_1, v_2 — the order of Appendix A of
// Colbert & Peet (2020) (Z_1(x, z) = [1, x_1, x_2, z_1, z_2]). There are
// C(d + nvars, d) of them (MonomialCount); more than MaxMonomials is an
// error wrapping klearn.ErrParam.
func Monomials(nvars, d int) ([][]int, error) {
	q, err := checkMonomials(nvars, d)
	if err != nil {
		return nil, err
	}
	out := make([][]int, 0, q)
	e := make([]int, nvars)
	var rec func(pos, left int)
	rec = func(pos, left int) {
		if pos == nvars-1 {
			e[pos] = left
			out = append(out, append([]int(nil), e...))
			return
		}
		for v := left; v >= 0; v-- {
			e[pos] = v
			rec(pos+1, left-v)
		}
	}
	for deg := 0; deg <= d; deg++ {
		if nvars == 0 {
			break
		}
		rec(0, deg)
	}
	return out, nil
}

// monomial returns Π_k x_k^{e_k}.
func monomial(x []float64, e []int) float64 {
	v := 1.0
	for k, p := range e {
		if p > 0 {
			v *= powInt(x[k], p)
		}
	}
	return v
}

// MonomialVector returns Z(x) = (x^{e_1}, …, x^{e_q}) for the exponents exps
// (from Monomials(len(x), d)). Errors: an exponent vector of another length
// than x (ErrShape), a negative exponent (ErrParam), a NaN or ±Inf in x or
// a monomial that overflows (ErrNotFinite).
func MonomialVector(x []float64, exps [][]int) ([]float64, error) {
	if err := klearn.CheckFinite("kernel: MonomialVector x", x); err != nil {
		return nil, err
	}
	for i, e := range exps {
		if len(e) != len(x) {
			return nil, klearn.Errorf(klearn.ErrShape, "kernel: MonomialVector: exponent vector %d has %d entries, x has %d", i, len(e), len(x))
		}
		for _, p := range e {
			if p < 0 {
				return nil, klearn.Errorf(klearn.ErrParam, "kernel: MonomialVector: exponent vector %d has the negative exponent %d", i, p)
			}
		}
	}
	out := monomialVector(x, exps)
	if err := klearn.CheckResult("kernel: MonomialVector", out); err != nil {
		return nil, err
	}
	return out, nil
}

// monomialVector is MonomialVector for exponents from Monomials(len(x), d).
// It looks the powers x_k^p up in a table of powInt(x_k, p), p ≤ the
// largest exponent, so each entry has monomial's bits at one product per
// variable instead of one powInt (a GPK of degree 1000 on two inputs has
// 501 501 monomials); exponents beyond 1<<16 take monomial itself.
func monomialVector(x []float64, exps [][]int) []float64 {
	out := make([]float64, len(exps))
	pmax := 0
	for _, e := range exps {
		for _, p := range e {
			pmax = max(pmax, p)
		}
	}
	if pmax > 1<<16 || pmax > 4*len(exps)+64 { // a table larger than the answer
		for i, e := range exps {
			out[i] = monomial(x, e)
		}
		return out
	}
	pow := make([][]float64, len(x))
	for k, v := range x {
		pow[k] = make([]float64, pmax+1)
		for p := range pow[k] {
			pow[k][p] = powInt(v, p)
		}
	}
	for i, e := range exps {
		v := 1.0
		for k, p := range e {
			if p > 0 {
				v *= pow[k][p]
			}
		}
		out[i] = v
	}
	return out
}

func checkSymParam(name string, P *mat.SymDense, q int) error {
	if P.SymmetricDim() != q {
		return klearn.Errorf(klearn.ErrShape, "kernel: %s.P is %d×%d, want %d×%d", name, P.SymmetricDim(), P.SymmetricDim(), q, q)
	}
	if _, err := klearn.CheckGram(P, q); err != nil {
		return klearn.Errorf(klearn.ErrParam, "kernel: %s.P: %v", name, err)
	}
	ok, err := IsPSD(P, 1e-10)
	if err != nil {
		return err
	}
	if !ok {
		return klearn.Errorf(klearn.ErrNotPSD, "kernel: %s.P is not positive semi-definite", name)
	}
	return nil
}

// GPK is the generalised polynomial kernel of Colbert & Peet (2020,
// eqs. 8–9, Lemma 4):
//
//	k(x, z) = Z_d(x)ᵀ P Z_d(z),   P ⪰ 0,
//
// with Z_d the vector of the q = C(d + n, d) monomials of degree ≤ d in x
// (order of Monomials). Every positive polynomial kernel of degree 2d has
// this form. Degree 0 (the zero value) is the constant kernel P_11; a nil P
// means the identity. P must be q×q, finite and positive semi-definite
// (checked by Validate).
type GPK struct {
	Degree int
	P      *mat.SymDense
}

// GPKPolynomial returns the GPK equal to (1 + ⟨x, z⟩)^d on n-dimensional
// inputs: P is diagonal with the multinomial coefficients
// d!/((d − |e|)! Π_k e_k!).
func GPKPolynomial(n, d int) (GPK, error) {
	if n <= 0 || d < 0 {
		return GPK{}, klearn.Errorf(klearn.ErrParam, "kernel: GPKPolynomial(n = %d, d = %d)", n, d)
	}
	q, err := MonomialCount(n, d)
	if err != nil {
		return GPK{}, err
	}
	if err := klearn.CheckAlloc("kernel: GPKPolynomial's q×q matrix P", 8, q, q); err != nil {
		return GPK{}, err
	}
	exps, err := Monomials(n, d)
	if err != nil {
		return GPK{}, err
	}
	P := mat.NewSymDense(len(exps), nil)
	for i, e := range exps {
		lg, _ := math.Lgamma(float64(d + 1))
		s := 0
		for _, p := range e {
			l, _ := math.Lgamma(float64(p + 1))
			lg -= l
			s += p
		}
		l, _ := math.Lgamma(float64(d - s + 1))
		P.SetSym(i, i, math.Round(math.Exp(lg-l)))
	}
	return GPK{Degree: d, P: P}, nil
}

// Validate checks Degree ≥ 0 and the shape and positivity of P.
func (g GPK) Validate(d int) error {
	if g.Degree < 0 {
		return klearn.Errorf(klearn.ErrParam, "kernel: GPK.Degree = %d, want ≥ 0", g.Degree)
	}
	if d <= 0 {
		return nil
	}
	q, err := checkMonomials(d, g.Degree)
	if err != nil {
		return err
	}
	if g.P == nil {
		return nil
	}
	return checkSymParam("GPK", g.P, q)
}

// Eval returns Z_d(x)ᵀ P Z_d(z); NaN for a degree beyond MaxMonomials
// monomials (Validate, which Gram and Cross call, says why).
func (g GPK) Eval(x, z []float64) float64 {
	exps, err := Monomials(len(x), g.Degree)
	if err != nil {
		return math.NaN()
	}
	zx, zz := monomialVector(x, exps), monomialVector(z, exps)
	if g.P == nil {
		return dot(zx, zz)
	}
	var s float64
	for i, a := range zx {
		for j, b := range zz {
			s += a * g.P.At(i, j) * b
		}
	}
	return s
}

func (g GPK) features(X mat.Matrix) *mat.Dense {
	R := rows(X)
	exps, _ := Monomials(R.d, g.Degree) // sizes checked by Validate
	F := mat.NewDense(R.n, len(exps), nil)
	for i := 0; i < R.n; i++ {
		F.SetRow(i, monomialVector(R.row(i), exps))
	}
	return F
}

// featureFloats counts Φ_A, Φ_B and Φ_A P, q columns each (Gram calls Cross
// with A = B).
func (g GPK) featureFloats(ra, rb, d int) float64 {
	q, err := MonomialCount(d, g.Degree)
	if err != nil {
		return math.Inf(1)
	}
	return float64(2*ra+rb) * float64(q)
}

// Cross returns Φ_A P Φ_Bᵀ with Φ the monomial feature matrices.
func (g GPK) Cross(A, B mat.Matrix) *mat.Dense {
	FA, FB := g.features(A), g.features(B)
	var M mat.Dense
	if g.P == nil {
		M.CloneFrom(FA)
	} else {
		M.Mul(FA, g.P)
	}
	return dotCross(&M, FB, nil)
}

// Gram returns Φ P Φᵀ (symmetrised).
func (g GPK) Gram(X mat.Matrix) *mat.SymDense {
	C := g.Cross(X, X)
	n, _ := C.Dims()
	return mapSym(mat.NewSymDense(n, C.RawMatrix().Data), func(i, j int, v float64) float64 {
		return (v + C.At(j, i)) / 2
	})
}

// TK is a Tessellated kernel of Colbert & Peet (2020, eq. 10 and
// Corollary 13) on the box X = [a, b] ⊂ Rⁿ:
//
//	k(x, y) = ∫_{[a,b]} N̂(z, x)ᵀ P N̂(z, y) dz,   P ⪰ 0 (2q×2q),      (Colbert & Peet's eq. 7)
//	N̂(z, x) = [Z_d(z, x)·I_+(z − x) ; Z_d(z, x)·(1 − I_+(z − x))],
//
// where Z_d(z, x) holds the q = C(d + 2n, d) monomials x^δ z^γ of degree
// ≤ d in the 2n variables (x, z) (order of Monomials over (x, z)) and
// I_+(u) = 1 iff u ≥ 0 componentwise. For n = 1 this is the literal N_T^d
// of Colbert & Peet's eq. (10); for n ≥ 2 the second block must be 1 − I_+(z − x), not
// I_+(x − z), to match the paper's closed form. With
// P = [[Q, R], [Rᵀ, S]] the integral is Corollary 13 (eq. 23) with the
// coefficient R_ij — not Rᵀ_ij — on t_ij(y, x):
//
//	k(x, y) = Σ_ij Q_ij g_ij(x, y) + R_ij t_ij(x, y) + R_ij t_ij(y, x) + S_ij h_ij(x, y),
//	g_ij(x, y) = x^{δ_i} y^{δ_j} T(p*, b, γ_i + γ_j + 1),  p* = max(x, y),
//	t_ij(x, y) = x^{δ_i} y^{δ_j} T(x, b, γ_i + γ_j + 1) − g_ij(x, y),
//	h_ij(x, y) = x^{δ_i} y^{δ_j} [T(a, b, ζ) − T(x, b, ζ) − T(y, b, ζ) + T(p*, b, ζ)],
//	T(u, v, ζ) = Π_k (v_k^{ζ_k} − u_k^{ζ_k})/ζ_k.
//
// (h_ij above is the exact integral of the S block; Colbert & Peet's printed h_ij
// differs from it termwise but gives the same k for every symmetric S.)
// The kernel is positive semi-definite for every P ⪰ 0 (Colbert & Peet's Proposition 3)
// and universal for P ≻ 0 (Theorem 8).
//
// Zero values: Lower/Upper nil mean the unit box [0, 1]ⁿ; a nil P means the
// identity (which is ≻ 0). Inputs outside the box are projected onto it
// coordinatewise (clipped). Basis and GramBlocks
// expose the linear map P ↦ K needed by Colbert & Peet's SDP (24).
type TK struct {
	Degree       int
	Lower, Upper []float64
	P            *mat.SymDense
}

// TKSize returns q = C(d + 2n, d), the length of Z_d(z, x); P is 2q×2q.
// Sizes above MaxMonomials are an error wrapping klearn.ErrParam.
func TKSize(n, d int) (int, error) {
	if n <= 0 {
		return 0, klearn.Errorf(klearn.ErrParam, "kernel: TKSize of %d-dimensional inputs", n)
	}
	return checkMonomials(2*n, d)
}

// maxBlockBytes bounds the memory of the basis Grams of GramBlocks and
// CrossBlocks.
const maxBlockBytes = 1 << 34

// maxTKBytes bounds the memory of one TK evaluation, estimated as
// 8q²(n + 4) bytes: what the exponent sums (q²·n ints) and one basis
// buffer per worker (4q² floats) took up to 22b6e13. The tables are now
// smaller (q² int32 indices of the sums σ, and the basis buffer only for
// Eval and Basis); the estimate is kept so that the same sizes are
// accepted.
const maxTKBytes = 1 << 32

// tkSize returns q for n-dimensional inputs, refusing sizes whose
// evaluation tables would exceed maxTKBytes.
func (t TK) tkSize(n int) (int, error) {
	q, err := TKSize(n, t.Degree)
	if err != nil {
		return 0, err
	}
	if b := 8 * float64(q) * float64(q) * float64(n+4); b > maxTKBytes {
		return 0, klearn.Errorf(klearn.ErrParam, "kernel: TK of degree %d on %d-dimensional inputs has q = %d monomials; its evaluation tables would take %.3g GiB", t.Degree, n, q, b/(1<<30))
	}
	return q, nil
}

// Validate checks the degree, the box and P (2q×2q, finite, PSD).
func (t TK) Validate(d int) error {
	if t.Degree < 0 {
		return klearn.Errorf(klearn.ErrParam, "kernel: TK.Degree = %d, want ≥ 0", t.Degree)
	}
	if (t.Lower == nil) != (t.Upper == nil) {
		return klearn.Errorf(klearn.ErrParam, "kernel: TK needs both Lower and Upper, or neither")
	}
	if t.Lower != nil {
		if len(t.Lower) != len(t.Upper) {
			return klearn.Errorf(klearn.ErrShape, "kernel: TK box has %d lower and %d upper bounds", len(t.Lower), len(t.Upper))
		}
		if d > 0 && len(t.Lower) != d {
			return klearn.Errorf(klearn.ErrShape, "kernel: TK box is %d-dimensional, inputs have %d columns", len(t.Lower), d)
		}
		for k := range t.Lower {
			a, b := t.Lower[k], t.Upper[k]
			if math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) || !(a < b) {
				return klearn.Errorf(klearn.ErrParam, "kernel: TK box side %d is [%v, %v], want finite a < b", k, a, b)
			}
		}
	}
	if d <= 0 {
		return nil
	}
	q, err := t.tkSize(d)
	if err != nil {
		return err
	}
	if t.P == nil {
		return nil
	}
	return checkSymParam("TK", t.P, 2*q)
}

// tkEval holds the per-dimension data of a TK evaluation.
//
// The basis G(x, y) of Corollary 13 (eq. 23) of Colbert & Peet (2020) needs,
// for every pair (i, j) of the q monomials x^δ z^γ, the T-products
//
//	T(u, b, ζ) = Π_{k=1}^{n} (b_k^{ζ_k} − u_k^{ζ_k})/ζ_k,   ζ = γ_i + γ_j + 1,
//
// at u = a, x, y and p* = max(x, y): q² products of n factors, O(q²n) per
// pair of points. Two facts make them cheaper without changing a bit:
//
//  1. T depends on (i, j) only through σ = γ_i + γ_j, and there are only
//     C(n + 2d, 2d) distinct σ (sums of two exponent vectors of degree ≤ d),
//     against q² = C(2n + d, d)² pairs; the pairs share the products of their
//     σ (sig), and T(a, b, ζ) is the same for every pair of points (taSig).
//  2. ζ_k = 1 except on the at most 2d coordinates where σ_k > 0. Evaluated
//     from k = 1 upwards, as the reference does, the product over the
//     coordinates before the first k₁ with σ_k > 0 is the prefix product
//     Π_{k<k₁} (b_k − u_k), the same for every σ; only the factors from k₁ on
//     are multiplied per σ, the degree-0 factor b_k − u_k where σ_k = 0.
//
// The factors are multiplied in the order of the O(q²n) loop (ascending k,
// each onto the running product), so every entry of G is that loop's bit
// for bit (TestTKBasisReference); nothing is divided, so a factor that is 0
// (a point on the upper face of the box) or tiny needs no care. Per pair of
// points the cost is O(n(2d + 1)) for the power tables, O(qd) for the
// x-monomials, Σ_σ (n − k₁(σ)) ≤ C(n + 2d, 2d)·n multiplications per u for
// the T-products and O(q²) to write the 4q² entries of G (or, pairRow, the
// q(2q + 1) coefficients of the free entries of P); for degree 1 and n = 34
// (Ionosphere) the products take 14 280 multiplications per u against
// q²n = 161 874. (Dividing the full product by the factors that differ would
// give O(q² + n) but not the same bits, and needs care where b_k − u_k is 0.)
type tkEval struct {
	n, q     int
	a, b     []float64
	maxPower int
	// ta, tb are powTable(a), powTable(b): the same for every pair.
	ta, tb []float64
	// The x exponents δ_i of monomial i, sparse: the coordinates
	// dk[doff[i]:doff[i+1]] (ascending) with δ_ik = dp[…] > 0.
	doff   []int
	dk, dp []int
	// sig[i*q+j] is the index s of σ = γ_i + γ_j among the distinct sums;
	// sum s has ζ_k = zz[t] > 1 at the coordinates k = zk[t], t ∈
	// [zoff[s], zoff[s+1]) (ascending), and ζ_k = 1 elsewhere.
	sig    []int32
	zoff   []int
	zk, zz []int
	// taSig[s] = T(a, b, ζ) of sum s.
	taSig []float64
	// gam[i] is the class of monomial i: the index of its z-exponent γ_i
	// among the ng distinct ones; sumID[g*ng+h] the sum of γ_g + γ_h.
	gam   []int
	ng    int
	sumID []int32
}

func (t TK) setup(n int) *tkEval {
	exps, _ := Monomials(2*n, t.Degree) // sizes checked by the callers
	q := len(exps)
	e := &tkEval{n: n, q: q, maxPower: 2*t.Degree + 1}
	e.doff = make([]int, q+1)
	for i, ex := range exps {
		for k, p := range ex[:n] {
			if p > 0 {
				e.dk = append(e.dk, k)
				e.dp = append(e.dp, p)
			}
		}
		e.doff[i+1] = len(e.dk)
	}
	// The distinct γ, then the distinct sums of two of them.
	key := make([]byte, n)
	gamID := make([]int, q)
	var gams [][]int
	seen := map[string]int{}
	for i, ex := range exps {
		for k, g := range ex[n:] {
			key[k] = byte(g)
		}
		id, ok := seen[string(key)]
		if !ok {
			id = len(gams)
			seen[string(key)] = id
			gams = append(gams, ex[n:])
		}
		gamID[i] = id
	}
	ng := len(gams)
	sumID := make([]int32, ng*ng)
	sums := map[string]int32{}
	e.zoff = []int{0}
	for g := 0; g < ng; g++ {
		for h := g; h < ng; h++ {
			for k := range key {
				key[k] = byte(gams[g][k] + gams[h][k])
			}
			id, ok := sums[string(key)]
			if !ok {
				id = int32(len(e.zoff) - 1)
				sums[string(key)] = id
				for k, s := range key {
					if s > 0 {
						e.zk = append(e.zk, k)
						e.zz = append(e.zz, int(s)+1)
					}
				}
				e.zoff = append(e.zoff, len(e.zk))
			}
			sumID[g*ng+h], sumID[h*ng+g] = id, id
		}
	}
	e.gam, e.ng, e.sumID = gamID, ng, sumID
	e.sig = make([]int32, q*q)
	for i := 0; i < q; i++ {
		for j := 0; j < q; j++ {
			e.sig[i*q+j] = sumID[gamID[i]*ng+gamID[j]]
		}
	}
	e.a, e.b = t.Lower, t.Upper
	if e.a == nil {
		e.a, e.b = make([]float64, n), make([]float64, n)
		for k := range e.b {
			e.b[k] = 1
		}
	}
	e.ta, e.tb = e.powTable(e.a, nil), e.powTable(e.b, nil)
	ns := len(e.zoff) - 1
	e.taSig = make([]float64, ns)
	mp := e.maxPower + 1
	for s := 0; s < ns; s++ {
		Ta, t := 1.0, e.zoff[s]
		for k := 0; k < n; k++ {
			o := k*mp + 1
			if t < e.zoff[s+1] && e.zk[t] == k {
				o = k*mp + e.zz[t]
				t++
			}
			Ta *= e.tb[o] - e.ta[o]
		}
		e.taSig[s] = Ta
	}
	return e
}

// tkScratch is the working memory of one goroutine's basis evaluations, so
// that the O(m²) pairs of a Gram allocate nothing.
type tkScratch struct {
	xc, yc, p  []float64 // clipped x, y and their coordinatewise maximum
	tx, ty, tp []float64 // powTable of xc, yc, p
	fx, fy, fp []float64 // the degree-0 factors b_k − u_k of u = xc, yc, p
	px, py, pp []float64 // their prefix products, px[k] = Π_{k' < k} fx[k']
	xd, yd     []float64 // x-monomials of xc and yc
	// c[4s … 4s+3] = T(p*), T(x) − T(p*), T(y) − T(p*),
	// T(a) − T(x) − T(y) + T(p*) of sum s (the four blocks' factors).
	c   []float64
	G   []float64 // the 2q×2q basis G(x, y), row-major (allocated by basis)
	row []float64 // one pairRow (allocated by rowBuf)
}

func (e *tkEval) scratch() *tkScratch {
	n, t := e.n, e.n*(e.maxPower+1)
	return &tkScratch{xc: make([]float64, n), yc: make([]float64, n), p: make([]float64, n),
		tx: make([]float64, t), ty: make([]float64, t), tp: make([]float64, t),
		fx: make([]float64, n), fy: make([]float64, n), fp: make([]float64, n),
		px: make([]float64, n+1), py: make([]float64, n+1), pp: make([]float64, n+1),
		xd: make([]float64, e.q), yd: make([]float64, e.q),
		c: make([]float64, 4*len(e.taSig))}
}

// rowBuf returns s.row, allocated with the q(2q + 1) entries of a pairRow.
func (e *tkEval) rowBuf(s *tkScratch) []float64 {
	if s.row == nil {
		s.row = make([]float64, e.q*(2*e.q+1))
	}
	return s.row
}

// powTable fills tab (allocated when nil) with tab[k·(maxPower+1) + p] =
// u_k^p / p for p = 1 … maxPower and returns it.
func (e *tkEval) powTable(u, tab []float64) []float64 {
	mp := e.maxPower + 1
	if tab == nil {
		tab = make([]float64, e.n*mp)
	}
	for k := 0; k < e.n; k++ {
		row := tab[k*mp : (k+1)*mp]
		v := 1.0
		for p := 1; p <= e.maxPower; p++ {
			v *= u[k]
			row[p] = v / float64(p)
		}
	}
	return tab
}

// sums fills s.xd, s.yd with the x-monomials x^δ_i, y^δ_i of the clipped
// points and s.c with the four blocks' factors of every distinct sum σ
// (see tkEval): G_ij(x, y) of each block is x^δ_i y^δ_j times the factor of
// σ(i, j).
func (e *tkEval) sums(x, y []float64, s *tkScratch) {
	n, q, mp := e.n, e.q, e.maxPower+1
	xc, yc, p := s.xc, s.yc, s.p
	for k := 0; k < n; k++ {
		xc[k] = min(max(x[k], e.a[k]), e.b[k])
		yc[k] = min(max(y[k], e.a[k]), e.b[k])
		p[k] = max(xc[k], yc[k])
	}
	tb := e.tb
	tx, ty, tp := e.powTable(xc, s.tx), e.powTable(yc, s.ty), e.powTable(p, s.tp)
	xd, yd := s.xd, s.yd
	for i := 0; i < q; i++ {
		vx, vy := 1.0, 1.0 // monomial(xc, δ_i), monomial(yc, δ_i)
		for t := e.doff[i]; t < e.doff[i+1]; t++ {
			vx *= powInt(xc[e.dk[t]], e.dp[t])
			vy *= powInt(yc[e.dk[t]], e.dp[t])
		}
		xd[i], yd[i] = vx, vy
	}
	fx, fy, fp := s.fx, s.fy, s.fp
	px, py, pp := s.px, s.py, s.pp
	px[0], py[0], pp[0] = 1, 1, 1
	for k := 0; k < n; k++ {
		o := k*mp + 1
		fx[k], fy[k], fp[k] = tb[o]-tx[o], tb[o]-ty[o], tb[o]-tp[o]
		px[k+1], py[k+1], pp[k+1] = px[k]*fx[k], py[k]*fy[k], pp[k]*fp[k]
	}
	c := s.c
	for sg, Ta := range e.taSig {
		t, end := e.zoff[sg], e.zoff[sg+1]
		k := n
		if t < end {
			k = e.zk[t]
		}
		Tx, Ty, Tp := px[k], py[k], pp[k]
		for ; k < n; k++ {
			if t < end && e.zk[t] == k {
				o := k*mp + e.zz[t]
				bk := tb[o]
				Tx *= bk - tx[o]
				Ty *= bk - ty[o]
				Tp *= bk - tp[o]
				t++
				continue
			}
			Tx *= fx[k]
			Ty *= fy[k]
			Tp *= fp[k]
		}
		cs := c[4*sg : 4*sg+4]
		cs[0] = Tp                // Q block: g_ij(x, y)
		cs[1] = Tx - Tp           // R block: t_ij(x, y)
		cs[2] = Ty - Tp           // Rᵀ block: P_{q+i,j} = R_ji
		cs[3] = Ta - Tx - Ty + Tp // S block: h_ij(x, y)
	}
}

// basis fills s.G (2q×2q, row-major) with G_ab(x, y) = ∫ N̂_a(z,x) N̂_b(z,y) dz,
// so that k(x, y) = Σ_ab P_ab G_ab(x, y) (Colbert & Peet's eq. 7, Proposition 3),
// from the T-products of the distinct sums σ (see tkEval).
func (e *tkEval) basis(x, y []float64, s *tkScratch) {
	e.sums(x, y, s)
	q, xd, yd, c := e.q, s.xd, s.yd, s.c
	w := 2 * q
	if s.G == nil {
		s.G = make([]float64, w*w)
	}
	dst := s.G
	for i := 0; i < q; i++ {
		xi := xd[i]
		sig := e.sig[i*q : (i+1)*q]
		top, bot := dst[i*w:(i+1)*w], dst[(q+i)*w:(q+i+1)*w]
		for j, sj := range sig {
			cs := c[4*sj : 4*sj+4]
			m := xi * yd[j]
			top[j] = m * cs[0]
			top[q+j] = m * cs[1]
			bot[j] = m * cs[2]
			bot[q+j] = m * cs[3]
		}
	}
}

// pairRow writes the coefficients of the free entries of P in k(x, y), in
// the order of tkPairs(2q): G_aa(x, y) for a = b and G_ab(x, y) + G_ba(x, y)
// for a < b — storePairs of basis bit for bit (each product rounded before
// the sum, as when G is stored first; TestTKPairRow), without writing G
// and reading its transpose. With m_ij = x^δ_i y^δ_j and c the factors of
// σ(i, j) = σ(j, i), the pair (i, j) of the Q block is m_ij c_Q + m_ji c_Q,
// (i, q + j) is m_ij c_R + m_ji c_Rᵀ and (q + i, q + j) is m_ij c_S + m_ji c_S.
func (e *tkEval) pairRow(x, y []float64, s *tkScratch, row []float64) {
	e.sums(x, y, s)
	q, xd, yd, c := e.q, s.xd, s.yd, s.c
	row = row[:q*(2*q+1)]
	r := 0
	for i := 0; i < q; i++ {
		xi, yi := xd[i], yd[i]
		sig := e.sig[i*q : (i+1)*q]
		row[r] = xi * yi * c[4*sig[i]] // Q block, diagonal
		r++
		for j := i + 1; j < q; j++ { // Q block
			cq := c[4*sig[j]]
			row[r] = float64(xi*yd[j]*cq) + float64(xd[j]*yi*cq)
			r++
		}
		for j, sj := range sig { // R block with its transpose
			cs := c[4*sj : 4*sj+4]
			row[r] = float64(xi*yd[j]*cs[1]) + float64(xd[j]*yi*cs[2])
			r++
		}
	}
	for i := 0; i < q; i++ {
		xi, yi := xd[i], yd[i]
		sig := e.sig[i*q : (i+1)*q]
		row[r] = xi * yi * c[4*sig[i]+3] // S block, diagonal
		r++
		for j := i + 1; j < q; j++ { // S block
			cs := c[4*sig[j]+3]
			row[r] = float64(xi*yd[j]*cs) + float64(xd[j]*yi*cs)
			r++
		}
	}
}

// Basis returns the 2q×2q matrix G(x, y) with G_ab(x, y) = ∫_{[a,b]}
// N̂_a(z, x) N̂_b(z, y) dz, so that k(x, y) = Σ_ab P_ab G_ab(x, y) = ⟨P, G⟩_F
// (Colbert & Peet's eq. 7; the map P ↦ k is linear). Its blocks are g, t(x, y), t(y, x)ᵀ
// and h of Corollary 13.
//
// It returns nil when the degree is out of reach for len(x)-dimensional
// inputs (Validate says why).
func (t TK) Basis(x, y []float64) *mat.Dense {
	if _, err := t.tkSize(len(x)); err != nil || len(x) != len(y) || t.Degree < 0 {
		return nil
	}
	e := t.setup(len(x))
	w := 2 * e.q
	sc := e.scratch()
	e.basis(x, y, sc)
	return mat.NewDense(w, w, sc.G)
}

// Eval returns k(x, y) = ⟨P, G(x, y)⟩_F (Corollary 13, corrected); NaN when
// the degree is out of reach for len(x)-dimensional inputs (Validate, which
// Gram and Cross call, says why).
func (t TK) Eval(x, y []float64) float64 {
	if _, err := t.tkSize(len(x)); err != nil || len(x) != len(y) || t.Degree < 0 {
		return math.NaN()
	}
	e := t.setup(len(x))
	return e.eval(t.P, x, y, e.scratch())
}

func (e *tkEval) eval(P *mat.SymDense, x, y []float64, sc *tkScratch) float64 {
	w := 2 * e.q
	e.basis(x, y, sc)
	buf := sc.G
	var s float64
	if P == nil {
		for a := 0; a < w; a++ {
			s += buf[a*w+a]
		}
		return s
	}
	raw := P.RawSymmetric()
	for a := 0; a < w; a++ {
		for b := 0; b < w; b++ {
			var pab float64
			if b >= a {
				pab = raw.Data[a*raw.Stride+b]
			} else {
				pab = raw.Data[b*raw.Stride+a]
			}
			s += pab * buf[a*w+b]
		}
	}
	return s
}

// Gram evaluates the kernel once per pair (i ≤ j) in parallel, sharing the
// monomial tables.
func (t TK) Gram(X mat.Matrix) *mat.SymDense {
	R := rows(X)
	e := t.setup(R.d)
	n := R.n
	data := make([]float64, n*n)
	parallel.For(n, func(i int) {
		sc := e.scratch()
		for j := i; j < n; j++ {
			data[i*n+j] = e.eval(t.P, R.row(i), R.row(j), sc)
		}
	})
	return newSym(n, data)
}

// Cross evaluates the kernel for every test×train pair in parallel.
func (t TK) Cross(A, B mat.Matrix) *mat.Dense {
	RA, RB := rows(A), rows(B)
	e := t.setup(RA.d)
	out := make([]float64, RA.n*RB.n)
	parallel.For(RA.n, func(i int) {
		sc := e.scratch()
		for j := 0; j < RB.n; j++ {
			out[i*RB.n+j] = e.eval(t.P, RA.row(i), RB.row(j), sc)
		}
	})
	return mat.NewDense(RA.n, RB.n, out)
}

// TKPair identifies one free entry (A ≤ B) of the symmetric 2q×2q matrix P.
type TKPair struct{ A, B int }

// GramBlocks returns the data of the linear map P ↦ K for Colbert & Peet's SDP (24):
// one symmetric m×m matrix per free entry (a ≤ b) of P, such that for every
// symmetric P
//
//	K = Σ_{a ≤ b} P_ab · Blocks[(a, b)],
//
// with Blocks[(a, a)]_kl = G_aa(x_k, x_l) and, for a < b,
// Blocks[(a, b)]_kl = G_ab(x_k, x_l) + G_ab(x_l, x_k). There are
// q(2q + 1) blocks (q = TKSize(n, Degree)), so memory is q(2q+1)m² floats.
// The TK's own P is ignored; its Degree and box are used.
func (t TK) GramBlocks(X mat.Matrix) ([]*mat.SymDense, []TKPair, error) {
	R, e, err := t.basisSetup(X)
	if err != nil {
		return nil, nil, err
	}
	w := 2 * e.q
	m := R.n
	if err := checkBlocks("GramBlocks", w, m, m); err != nil {
		return nil, nil, err
	}
	pairs := tkPairs(w)
	data := make([][]float64, len(pairs))
	for p := range data {
		data[p] = make([]float64, m*m)
	}
	parallel.For(m, func(k int) {
		sc := e.scratch()
		row := e.rowBuf(sc)
		for l := k; l < m; l++ {
			e.pairRow(R.row(k), R.row(l), sc, row)
			storePairs(data, k*m+l, row)
		}
	})
	out := make([]*mat.SymDense, len(pairs))
	for p := range pairs {
		out[p] = newSymNoPar(m, data[p])
	}
	return out, pairs, nil
}

// checkBlocks refuses the w(w+1)/2 basis blocks of ra×rb when they would
// exceed maxBlockBytes.
func checkBlocks(what string, w, ra, rb int) error {
	if b := 8 * float64(w) * float64(w+1) / 2 * float64(ra) * float64(rb); b > maxBlockBytes {
		return klearn.Errorf(klearn.ErrParam, "kernel: TK.%s: %d blocks of %d×%d would take %.3g GiB (the limit is %d GiB)", what, w*(w+1)/2, ra, rb, b/(1<<30), maxBlockBytes>>30)
	}
	return nil
}

// tkPairs lists the pairs (a, b), 0 ≤ a ≤ b < w, in row order.
func tkPairs(w int) []TKPair {
	var pairs []TKPair
	for a := 0; a < w; a++ {
		for b := a; b < w; b++ {
			pairs = append(pairs, TKPair{a, b})
		}
	}
	return pairs
}

// storePairs writes entry at of every pair's block from a pairRow: G_ab +
// G_ba for a < b (G_ab(x_l, x_k) = G_ba(x_k, x_l)), G_aa on the diagonal.
func storePairs(data [][]float64, at int, row []float64) {
	for p, v := range row {
		data[p][at] = v
	}
}

// CrossBlocks is GramBlocks for test×train matrices: for the same pairs,
// Blocks[(a, b)]_kl = G_ab(a_k, b_l) + G_ba(a_k, b_l) (a < b) or
// G_aa(a_k, b_l), so that the test kernel is Σ_{a≤b} P_ab Blocks[(a, b)].
func (t TK) CrossBlocks(A, B mat.Matrix) ([]*mat.Dense, []TKPair, error) {
	RA, RB, e, err := t.crossSetup("CrossBlocks", A, B)
	if err != nil {
		return nil, nil, err
	}
	pairs := tkPairs(2 * e.q)
	data := make([][]float64, len(pairs))
	for p := range data {
		data[p] = make([]float64, RA.n*RB.n)
	}
	parallel.For(RA.n, func(k int) {
		sc := e.scratch()
		row := e.rowBuf(sc)
		for l := 0; l < RB.n; l++ {
			e.pairRow(RA.row(k), RB.row(l), sc, row)
			storePairs(data, k*RB.n+l, row)
		}
	})
	out := make([]*mat.Dense, len(pairs))
	for p := range pairs {
		out[p] = mat.NewDense(RA.n, RB.n, data[p])
	}
	return out, pairs, nil
}

// crossSetup validates A, B and the TK's degree and box (its P is ignored)
// for CrossBlocks and CrossPairBasis, refuses coefficients beyond
// maxBlockBytes and returns the rows of A and B with the evaluation tables.
func (t TK) crossSetup(what string, A, B mat.Matrix) (rowMajor, rowMajor, *tkEval, error) {
	_, _, d, err := checkCross(A, B)
	if err != nil {
		return rowMajor{}, rowMajor{}, nil, err
	}
	if err := (TK{Degree: t.Degree, Lower: t.Lower, Upper: t.Upper}).Validate(d); err != nil {
		return rowMajor{}, rowMajor{}, nil, err
	}
	RA, RB := rows(A), rows(B)
	e := t.setup(d)
	if err := checkBlocks(what, 2*e.q, RA.n, RB.n); err != nil {
		return rowMajor{}, rowMajor{}, nil, err
	}
	return RA, RB, e, nil
}
