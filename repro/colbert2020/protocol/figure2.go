package protocol

import (
	"fmt"
	"math"
	"slices"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/opt"
	"gonum.org/v1/gonum/mat"
)

// Norms of the kernel-matrix approximation problems of Section 4.3.3.
const (
	// NormL1 is problem (20): min ‖K − K*‖₁/m², the mean absolute entry.
	NormL1 = "l1"
	// NormInf is problem (21): min ‖K − K*‖_∞, the largest absolute entry.
	NormInf = "inf"
)

// linearClass is a class of kernel matrices linear in its parameters: a
// PSD block P (order Block, 0 for none) and NonNeg coefficients μ ≥ 0,
// with K_ij = ⟨A_ij, P⟩ + Σ_k μ_k a_ijk. Coef returns A_ij (nil when
// Block = 0) and a_ij for i ≤ j.
type linearClass struct {
	Block, NonNeg int
	Coef          func(i, j int) (*mat.SymDense, []float64)
}

// ApproxResult is the solution of (20) or (21) over one class: the
// kernel matrix K found, Value, its objective (attained by a member of the
// class, so an upper bound on the optimum), and Bound, a lower bound on
// the optimum from the solver's dual (dualBound). Where the solver
// certifies its solution the two are within its gap (about 10⁻⁷).
type ApproxResult struct {
	Value, Bound float64
	K            *mat.SymDense
}

// boundResidual is the largest relative dual residual (opt.SDPResult's
// DualInfeas) at which dualBound takes the dual objective as a lower
// bound. The dual (y, Z) has Z ⪰ 0, so for every feasible X the cost is
// bᵀy + ⟨Z, X⟩ + ⟨R, X⟩ ≥ bᵀy − |⟨R, X⟩| with R the residual; the bound
// holds up to that term. Every solve of Figure 2 at commit 2f07106's
// degrees had a residual below 10⁻¹¹.
const boundResidual = 1e-9

// dualBound is the lower bound on the optimum of (20) or (21) that res
// certifies: its dual objective bᵀy when the dual residual is at most
// boundResidual (both objectives are norms, so never below 0), and 0 (no
// certificate beyond the norm's) otherwise.
func dualBound(res *opt.SDPResult) float64 {
	if res.DualInfeas > boundResidual || math.IsNaN(res.DualObj) {
		return 0
	}
	return max(res.DualObj, 0)
}

// approximate solves problem (20) (norm NormL1) or (21) (NormInf) over
// the class c for the target Kstar (m×m) by klearn/opt's interior-point
// SDP solver in its primal form: for each pair i ≤ j a constraint
// K_ij(P, μ) − e⁺_ij + e⁻_ij = K*_ij with e± ≥ 0 and the cost
// Σ w_ij(e⁺_ij + e⁻_ij)/m² (w = 1 on the diagonal, 2 off it) for (20);
// for (21) the constraints K_ij + s_ij − t = K*_ij and K_ij − s'_ij + t =
// K*_ij with s, s', t ≥ 0 and the cost t. Without a PSD block this is a
// linear program (the Gaussian sums). Value is recomputed from the
// returned K, so it is exactly the objective of the kernel matrix found,
// whether or not the solver certified it (Status); Bound is dualBound.
func approximate(c linearClass, Kstar *mat.SymDense, norm string) (*ApproxResult, error) {
	m := Kstar.SymmetricDim()
	if m == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "colbert2020: approximation of an empty kernel matrix")
	}
	if norm != NormL1 && norm != NormInf {
		return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: norm %q, want %q or %q", norm, NormL1, NormInf)
	}
	p := &opt.SDP{}
	if c.Block > 0 {
		p.Blocks = []int{c.Block}
	}
	npairs := m * (m + 1) / 2
	// LP variables: μ (NonNeg), then the slacks of each pair, then t.
	slack := c.NonNeg
	switch norm {
	case NormL1:
		p.LP = c.NonNeg + 2*npairs
	case NormInf:
		p.LP = c.NonNeg + 2*npairs + 1
		p.AddC(opt.SDPLP, p.LP-1, 0, 1)
	}
	type pair struct{ i, j int }
	var pairs []pair
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			pairs = append(pairs, pair{i, j})
		}
	}
	addK := func(con int, A *mat.SymDense, a []float64) error {
		if A != nil {
			if err := p.AddDenseA(con, 0, A); err != nil {
				return err
			}
		}
		for k, v := range a {
			if v != 0 {
				p.AddA(con, opt.SDPLP, k, 0, v)
			}
		}
		return nil
	}
	for n, pr := range pairs {
		A, a := c.Coef(pr.i, pr.j)
		target := Kstar.At(pr.i, pr.j)
		switch norm {
		case NormL1:
			w := 2.0
			if pr.i == pr.j {
				w = 1
			}
			if err := addK(n, A, a); err != nil {
				return nil, err
			}
			p.AddA(n, opt.SDPLP, slack+2*n, 0, -1)
			p.AddA(n, opt.SDPLP, slack+2*n+1, 0, 1)
			p.AddC(opt.SDPLP, slack+2*n, 0, w/float64(m*m))
			p.AddC(opt.SDPLP, slack+2*n+1, 0, w/float64(m*m))
			p.B = append(p.B, target)
		case NormInf:
			for s, sign := range []float64{1, -1} {
				con := 2*n + s
				if err := addK(con, A, a); err != nil {
					return nil, err
				}
				p.AddA(con, opt.SDPLP, slack+2*n+s, 0, sign)
				p.AddA(con, opt.SDPLP, p.LP-1, 0, -sign)
				p.B = append(p.B, target)
			}
		}
	}
	res, err := opt.SolveSDP(p, &opt.Settings{Tol: 1e-7, MaxIter: 200})
	if err != nil {
		return nil, fmt.Errorf("colbert2020: approximation problem: %w", err)
	}
	// K from the primal solution.
	K := mat.NewSymDense(m, nil)
	var P *mat.SymDense
	if c.Block > 0 {
		if P, err = psdPart(res.X[0]); err != nil {
			return nil, fmt.Errorf("colbert2020: approximation problem: %w", err)
		}
	}
	for _, pr := range pairs {
		A, a := c.Coef(pr.i, pr.j)
		var v float64
		if A != nil {
			v = symFrobenius(A, P)
		}
		for k, x := range a {
			v += max(res.XLP[k], 0) * x
		}
		K.SetSym(pr.i, pr.j, v)
	}
	return &ApproxResult{Value: approxObjective(K, Kstar, norm), Bound: dualBound(res), K: K}, nil
}

// psdPart returns P itself when it is positive semi-definite, as the
// interior-point iterates are, and otherwise P with its negative
// eigenvalues set to 0, so the K built from it is always a member of the
// class and its error an upper bound on the optimum.
func psdPart(P *mat.SymDense) (*mat.SymDense, error) {
	var eig mat.EigenSym
	if !eig.Factorize(P, true) {
		return nil, klearn.Errorf(klearn.ErrNotConverged, "colbert2020: eigendecomposition of P failed")
	}
	vals := eig.Values(nil)
	if slices.Min(vals) >= 0 {
		return P, nil
	}
	var V mat.Dense
	eig.VectorsTo(&V)
	n := len(vals)
	out := mat.NewSymDense(n, nil)
	for k, v := range vals {
		if v > 0 {
			out.SymRankOne(out, v, V.ColView(k))
		}
	}
	return out, nil
}

// symFrobenius is ⟨A, B⟩ = tr(AB) of two symmetric matrices.
func symFrobenius(A, B mat.Symmetric) float64 {
	n := A.SymmetricDim()
	var s float64
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			s += A.At(i, j) * B.At(i, j)
		}
	}
	return s
}

// approxObjective is ‖K − K*‖₁/m² (NormL1) or ‖K − K*‖_∞ (NormInf).
func approxObjective(K, Kstar mat.Symmetric, norm string) float64 {
	m := K.SymmetricDim()
	var s, mx float64
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			d := math.Abs(K.At(i, j) - Kstar.At(i, j))
			s += d
			mx = max(mx, d)
		}
	}
	if norm == NormInf {
		return mx
	}
	return s / float64(m*m)
}

// tkClass is K_T^d (eq. 10) on [0, 1]ⁿ: K_ij = ⟨P, B sym G(x_i, x_j) Bᵀ⟩
// with G = kernel.TK.Basis (Corollary 13), P ⪰ 0 of order 2q, no trace
// bound, and B = diag(T, T) with T = legendreChange of the monomials of
// Z_d(z, x): P is written in the basis of products of shifted Legendre
// polynomials, not of monomials. B is invertible, so P ↦ BᵀPB maps the PSD
// cone onto itself, and the class and the optima of (20) and (21) are
// those of the monomials. The change is for the solver: the monomials of
// [0, 1]^{2n} are nearly dependent, and with them the interior-point
// iteration broke down at d = 3 (ℓ∞) and d = 4 (both norms), where its
// last iterate was taken for the optimum until 2026-12-01, and at d = 5
// stopped at ℓ₁ 0.12 where Lemma 11 bounds the optimum by GPK's 7·10⁻⁷. In
// the Legendre basis d ≤ 4 solve to the solver's tolerance
// (TestTKLegendre).
func tkClass(X *mat.Dense, d int) (linearClass, error) {
	_, n := X.Dims()
	t := kernel.TK{Degree: d}
	if err := t.Validate(n); err != nil {
		return linearClass{}, err
	}
	exps, err := kernel.Monomials(2*n, d)
	if err != nil {
		return linearClass{}, err
	}
	T := legendreChange(exps)
	return linearClass{Block: 2 * len(exps), Coef: func(i, j int) (*mat.SymDense, []float64) {
		G := t.Basis(X.RawRowView(i), X.RawRowView(j))
		return T.congruence(G), nil
	}}, nil
}

// sparseRows is a square matrix stored by rows of (column, value) pairs.
type sparseRows [][]sparseEntry

type sparseEntry struct {
	col int
	v   float64
}

// legendreChange returns T with L = T·Z, where Z holds the monomials
// w^e = Π_k w_k^{e_k} of exps (exponent vectors, closed under lowering
// any exponent, as kernel.Monomials returns them) and L the products
// Π_k p_{e_k}(w_k) of the orthonormal shifted Legendre polynomials on
// [0, 1], p_k(w) = √(2k+1) Σ_{j≤k} (−1)^{k+j} C(k, j) C(k+j, j) w^j.
// Row e of T has its non-zeros at the f ≤ e (componentwise), among them
// the diagonal, so T is invertible (triangular in an order by degree).
func legendreChange(exps [][]int) sparseRows {
	idx := make(map[string]int, len(exps))
	for i, e := range exps {
		idx[fmt.Sprint(e)] = i
	}
	coef := func(k, j int) float64 {
		c := math.Sqrt(float64(2*k+1)) * binomial(k, j) * binomial(k+j, j)
		if (k+j)%2 == 1 {
			return -c
		}
		return c
	}
	T := make(sparseRows, len(exps))
	for r, e := range exps {
		f := make([]int, len(e))
		var rec func(p int, c float64)
		rec = func(p int, c float64) {
			if p == len(e) {
				T[r] = append(T[r], sparseEntry{idx[fmt.Sprint(f)], c})
				return
			}
			for j := 0; j <= e[p]; j++ {
				f[p] = j
				rec(p+1, c*coef(e[p], j))
			}
		}
		rec(0, 1)
	}
	return T
}

// binomial is C(n, k) as a float64.
func binomial(n, k int) float64 {
	c := 1.0
	for i := 1; i <= k; i++ {
		c = c * float64(n-k+i) / float64(i)
	}
	return c
}

// congruence returns sym(B G Bᵀ) for G of order 2q, B = diag(T, T):
// ⟨P, B G Bᵀ⟩ = ⟨BᵀPB, G⟩, and only the symmetric part of G pairs with a
// symmetric P.
func (T sparseRows) congruence(G *mat.Dense) *mat.SymDense {
	q := len(T)
	w, _ := G.Dims()
	U := mat.NewDense(w, w, nil) // B G
	for h := 0; h < w; h += q {
		for r, row := range T {
			u := U.RawRowView(h + r)
			for _, e := range row {
				for c, g := range G.RawRowView(h + e.col) {
					u[c] += e.v * g
				}
			}
		}
	}
	S := mat.NewSymDense(w, nil) // sym(U Bᵀ), in its upper triangle
	raw := S.RawSymmetric()
	for a := 0; a < w; a++ {
		u := U.RawRowView(a)
		for h := 0; h < w; h += q {
			for s, row := range T {
				var v float64
				for _, e := range row {
					v += u[h+e.col] * e.v
				}
				switch b := h + s; {
				case b == a:
					raw.Data[a*raw.Stride+a] += v
				case b > a:
					raw.Data[a*raw.Stride+b] += v / 2
				default:
					raw.Data[b*raw.Stride+a] += v / 2
				}
			}
		}
	}
	return S
}

// gpkClass is K_P^d (eqs. 8–9): K_ij = Z_d(x_i)ᵀ P Z_d(x_j), P ⪰ 0 of
// order C(d + n, d). The monomials are taken of 2x − 1 ∈ [−1, 1]ⁿ: Z_d(2x −
// 1) = T Z_d(x) with T invertible, so P ↦ TᵀPT maps the PSD cone onto
// itself and the class, hence the optima of (20) and (21), are the same;
// but at d ≥ 5 the monomials of points in [0, 1]² are nearly dependent
// and the interior-point method stopped 0.03 short of the exact fit of
// Theorem 12 (‖K − K*‖_∞ at d = 7), where the centred ones reach 10⁻⁵
// (TestGPKCentredMonomials).
func gpkClass(X *mat.Dense, d int) (linearClass, error) {
	m, n := X.Dims()
	exps, err := kernel.Monomials(n, d)
	if err != nil {
		return linearClass{}, err
	}
	Z := make([][]float64, m)
	for i := range Z {
		x := X.RawRowView(i)
		for _, e := range exps {
			v := 1.0
			for k, p := range e {
				v *= math.Pow(2*x[k]-1, float64(p))
			}
			Z[i] = append(Z[i], v)
		}
	}
	q := len(exps)
	return linearClass{Block: q, Coef: func(i, j int) (*mat.SymDense, []float64) {
		S := mat.NewSymDense(q, nil)
		for a := 0; a < q; a++ {
			for b := a; b < q; b++ {
				S.SetSym(a, b, (Z[i][a]*Z[j][b]+Z[i][b]*Z[j][a])/2)
			}
		}
		return S, nil
	}}, nil
}

// gaussClass is K_G^γ (eq. 22, with the minus sign the print drops):
// K_ij = Σ_k μ_k exp(−‖x_i − x_j‖²/γ_k), μ ≥ 0 (a linear program).
func gaussClass(X *mat.Dense, gammas []float64) linearClass {
	return linearClass{NonNeg: len(gammas), Coef: func(i, j int) (*mat.SymDense, []float64) {
		xi, xj := X.RawRowView(i), X.RawRowView(j)
		var d2 float64
		for k := range xi {
			d2 += (xi[k] - xj[k]) * (xi[k] - xj[k])
		}
		a := make([]float64, len(gammas))
		for k, g := range gammas {
			a[k] = math.Exp(-d2 / g)
		}
		return nil, a
	}}
}

// logSpaced returns n values log-spaced in [lo, hi] (lo alone for n = 1).
func logSpaced(lo, hi float64, n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		t := 0.0
		if n > 1 {
			t = float64(i) / float64(n-1)
		}
		out[i] = lo * math.Pow(hi/lo, t)
	}
	return out
}

// Figure2 is the kernel-matrix approximation experiment of Section 4.3.3:
// for each degree d, the optimal values of (20) and (21) over TK and GPK
// kernels of degree d and over sums of Gaussians whose number of
// bandwidths (log-spaced in [0.01, 10]) equals the number of free
// P-variables of the TK class at that d, on m spiral points in [0, 1]²
// with balanced labels and K* = yyᵀ (Theorem 10).
type Figure2 struct {
	M int
	// TK, GPK and Gauss are the three classes' curves.
	TK, GPK, Gauss ApproxCurve
}

// ApproxCurve is one class of Figure 2: per degree, the errors of the
// kernel matrices found for (20) (L1) and (21) (Inf), each an upper bound
// on its optimum, the lower bounds the solver certified (L1Bound,
// InfBound; see ApproxResult), and the number of parameters (for the
// Gaussians, the number of bandwidths).
type ApproxCurve struct {
	Degrees, Params   []int
	L1, Inf           []float64
	L1Bound, InfBound []float64
}

func (c *ApproxCurve) add(d, params int, cl linearClass, Kstar *mat.SymDense) error {
	r1, err := approximate(cl, Kstar, NormL1)
	if err != nil {
		return err
	}
	ri, err := approximate(cl, Kstar, NormInf)
	if err != nil {
		return err
	}
	c.Degrees, c.Params = append(c.Degrees, d), append(c.Params, params)
	c.L1, c.Inf = append(c.L1, r1.Value), append(c.Inf, ri.Value)
	c.L1Bound, c.InfBound = append(c.L1Bound, r1.Bound), append(c.InfBound, ri.Bound)
	return nil
}

// At returns the values of (20) and (21) at degree d, if solved.
func (c *ApproxCurve) At(d int) (l1, inf float64, ok bool) {
	for k, v := range c.Degrees {
		if v == d {
			return c.L1[k], c.Inf[k], true
		}
	}
	return 0, 0, false
}

// RunFigure2 solves (20) and (21) on m points of the spiral (scaled to
// [0, 1]², balanced labels) for TK and the matched Gaussian sums at the
// degrees tkDegrees and for GPK at gpkDegrees (GPK is cheap, so it may go
// further).
func RunFigure2(m int, tkDegrees, gpkDegrees []int, seed uint64) (*Figure2, error) {
	if m < 2 || m%2 != 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: Figure 2 with m = %d, want an even m ≥ 2 (balanced labels)", m)
	}
	X, y, err := scaledSpiral(m, 0, seed)
	if err != nil {
		return nil, err
	}
	Kstar := mat.NewSymDense(m, nil)
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			Kstar.SetSym(i, j, y[i]*y[j])
		}
	}
	f := &Figure2{M: m}
	for _, d := range tkDegrees {
		if d < 0 {
			return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: Figure 2 degree %d", d)
		}
		q, err := kernel.TKSize(2, d)
		if err != nil {
			return nil, err
		}
		w := 2 * q * (2*q + 1) / 2
		tc, err := tkClass(X, d)
		if err != nil {
			return nil, err
		}
		if err := f.TK.add(d, w, tc, Kstar); err != nil {
			return nil, fmt.Errorf("colbert2020: Figure 2 TK d = %d: %w", d, err)
		}
		if err := f.Gauss.add(d, w, gaussClass(X, logSpaced(0.01, 10, w)), Kstar); err != nil {
			return nil, fmt.Errorf("colbert2020: Figure 2 Gaussians d = %d: %w", d, err)
		}
	}
	for _, d := range gpkDegrees {
		if d < 0 {
			return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: Figure 2 degree %d", d)
		}
		gc, err := gpkClass(X, d)
		if err != nil {
			return nil, err
		}
		if err := f.GPK.add(d, gc.Block*(gc.Block+1)/2, gc, Kstar); err != nil {
			return nil, fmt.Errorf("colbert2020: Figure 2 GPK d = %d: %w", d, err)
		}
	}
	return f, nil
}
