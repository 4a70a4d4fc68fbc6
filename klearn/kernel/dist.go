package kernel

import (
	"math"

	"github.com/kernelab/kernelab/internal/gemm"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"gonum.org/v1/gonum/mat"
)

// sqDist returns ‖x − z‖², summed in four interleaved partial sums so that
// the additions do not wait on one another (about 4× faster than a single
// running sum for d in the hundreds; the order of summation is fixed).
func sqDist(x, z []float64) float64 {
	z = z[:len(x)]
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(x); i += 4 {
		t0, t1, t2, t3 := x[i]-z[i], x[i+1]-z[i+1], x[i+2]-z[i+2], x[i+3]-z[i+3]
		s0 += t0 * t0
		s1 += t1 * t1
		s2 += t2 * t2
		s3 += t3 * t3
	}
	for ; i < len(x); i++ {
		t := x[i] - z[i]
		s0 += t * t
	}
	return (s0 + s1) + (s2 + s3)
}

// sqNorms returns ‖r_i‖² for every row and the largest bit pattern of
// |v| over all entries (see distRange), blocks of rows in parallel: one
// pass over the data for both.
func sqNorms(R rowMajor) ([]float64, uint64) {
	const abs, rowBlock = 1<<63 - 1, 256
	out := make([]float64, R.n)
	ms := make([]uint64, (R.n+rowBlock-1)/rowBlock)
	parallel.Blocks(R.n, rowBlock, func(lo, hi int) {
		var m0, m1 uint64 // two independent maxima
		for i := lo; i < hi; i++ {
			r := R.row(i)
			out[i] = dot(r, r)
			k := 0
			for ; k+2 <= len(r); k += 2 {
				m0 = max(m0, math.Float64bits(r[k])&abs)
				m1 = max(m1, math.Float64bits(r[k+1])&abs)
			}
			if k < len(r) {
				m0 = max(m0, math.Float64bits(r[k])&abs)
			}
		}
		ms[lo/rowBlock] = max(m0, m1)
	})
	var m uint64
	for _, v := range ms {
		m = max(m, v)
	}
	return out, m
}

// distPost turns inner products into f(‖a_i − b_j‖²) by the distance trick
// ‖a‖² + ‖b‖² − 2⟨a, b⟩, clamped at 0 (round-off can make it slightly
// negative). If sym, the diagonal is set to exactly f(0). Exponential maps
// go through gemm.ExpDist, which gives math.Exp's bits four entries at a
// time.
func distPost(na, nb []float64, sym bool, m distMap) rowFunc {
	if m.exp {
		return func(i, j0 int, seg []float64) {
			gemm.ExpDist(seg, nb[j0:j0+len(seg)], na[i], m.negH)
			if sym && i >= j0 && i < j0+len(seg) {
				seg[i-j0] = 1 // f(0)
			}
		}
	}
	f := m.f
	return func(i, j0 int, seg []float64) {
		ni := na[i]
		nbs := nb[j0 : j0+len(seg)]
		for j, g := range seg {
			d2 := max(0, ni+nbs[j]-2*g)
			if sym && j0+j == i {
				d2 = 0
			}
			seg[j] = f(d2)
		}
	}
}

// distFunc builds the map from squared distances to kernel values for
// inputs that were scaled by 1/inv (inv = 1 for ordinary inputs): the
// returned function receives the scaled squared distance d2/inv² and must
// fold inv into the kernel's own parameter (RBF: exp(−(γ·inv·inv)·d2)), so
// that the value is right even when the true squared distance overflows
// while γ·‖x − z‖² does not. With inv = 1 every builder below computes
// exactly the unscaled formula, bit for bit.
type distFunc func(inv float64) distMap

// distMap is the map from scaled squared distances to kernel values, f; if
// exp, f(d2) is exp(negH·d2) with f(0) = 1, computed by gemm.ExpDist with
// the same bits.
type distMap struct {
	f    func(d2 float64) float64
	exp  bool
	negH float64
}

// expDist is the distFunc of exp(−γ d2).
func expDist(g float64) distFunc {
	return func(inv float64) distMap {
		h := g * inv * inv
		return distMap{f: func(d2 float64) float64 {
			if d2 == 0 {
				return 1 // also when h overflowed: exp(−h·0) = 1 for every finite γ
			}
			return math.Exp(-h * d2)
		}, exp: true, negH: -h}
	}
}

// rawDist is the distFunc of d2 itself (an overflow shows as +Inf).
func rawDist(inv float64) distMap {
	return distMap{f: func(d2 float64) float64 { return d2 * inv * inv }}
}

// distRange returns the rows scaled by the power of two 1/inv that keeps
// their squared norms in range, when their largest magnitude is above 2⁴⁰⁰
// or below 2⁻⁴⁰⁰ (then ‖a‖² + ‖b‖² − 2⟨a, b⟩ would overflow to ∞ − ∞ or
// underflow to zero), and inv; otherwise the rows unchanged and inv = 1.
// mb is the largest bit pattern of |v| over the rows (sqNorms): the bits
// order non-negative floats as their values do. Powers of two scale exactly.
func distRange(mb uint64, Rs ...rowMajor) ([]rowMajor, float64) {
	if mb >= 0x7FF0000000000000 {
		return Rs, 1 // an infinity or a NaN: scaling would change nothing
	}
	m := math.Float64frombits(mb)
	if m == 0 || (m <= 0x1p400 && m >= 0x1p-400) {
		return Rs, 1
	}
	_, e := math.Frexp(m)
	sc := math.Ldexp(1, min(1000, -e)) // capped: 2^1074 would overflow
	out := make([]rowMajor, len(Rs))
	for k, R := range Rs {
		data := make([]float64, len(R.data))
		for i, v := range R.data {
			data[i] = v * sc
		}
		out[k] = rowMajor{n: R.n, d: R.d, data: data}
	}
	return out, 1 / sc
}

// distGram computes f(‖x_i − x_j‖²) through the blocked X·Xᵀ.
func distGram(R rowMajor, mk distFunc) *mat.SymDense {
	nr, mb := sqNorms(R)
	Rs, inv := distRange(mb, R)
	if inv != 1 {
		R = Rs[0]
		nr, _ = sqNorms(R)
	}
	f := mk(inv)
	data := make([]float64, R.n*R.n)
	product(R, R, true, true, data, R.n, distPost(nr, nr, true, f))
	return mat.NewSymDense(R.n, data)
}

// distCross computes f(‖a_i − b_j‖²) through the blocked A·Bᵀ.
func distCross(A, B rowMajor, mk distFunc) *mat.Dense {
	na, ma := sqNorms(A)
	nb, mb := sqNorms(B)
	Rs, inv := distRange(max(ma, mb), A, B)
	if inv != 1 {
		A, B = Rs[0], Rs[1]
		na, _ = sqNorms(A)
		nb, _ = sqNorms(B)
	}
	f := mk(inv)
	data := make([]float64, A.n*B.n)
	product(A, B, false, false, data, B.n, distPost(na, nb, false, f))
	return mat.NewDense(A.n, B.n, data)
}

// SquaredDistances returns the matrix D_ij = ‖x_i − x_j‖² of the rows of X,
// computed with the blocked product and the clamped distance trick. It is the
// shared ingredient of every Gaussian Gram matrix (a lazy Gaussian family can
// exponentiate one D for many bandwidths). A squared distance beyond the
// float64 range is an error wrapping klearn.ErrNotFinite.
func SquaredDistances(X mat.Matrix) (*mat.SymDense, error) {
	n, _, err := klearn.CheckMatrix("kernel: X", X)
	if err != nil {
		return nil, err
	}
	if err := klearn.CheckAlloc("kernel: the n×n distance matrix", 8, n, n); err != nil {
		return nil, err
	}
	D := distGram(rowsOf(X), rawDist)
	if !linalg.AllFinite(D.RawSymmetric().Data) {
		return nil, klearn.Errorf(klearn.ErrNotFinite, "kernel: squared distances overflow float64")
	}
	return D, nil
}

// CrossSquaredDistances returns the matrix D_ij = ‖a_i − b_j‖² between the
// rows of A and those of B, as SquaredDistances computes it (the blocked
// A·Bᵀ with the clamped distance trick): the test×train ingredient of
// Gaussian cross-Gram matrices. A and B need the same number of columns.
func CrossSquaredDistances(A, B mat.Matrix) (*mat.Dense, error) {
	na, nb, _, err := checkCross(A, B)
	if err != nil {
		return nil, err
	}
	if err := klearn.CheckAlloc("kernel: the distance matrix", 8, na, nb); err != nil {
		return nil, err
	}
	D := distCross(rowsOf(A), rowsOf(B), rawDist)
	if !linalg.AllFinite(D.RawMatrix().Data) {
		return nil, klearn.Errorf(klearn.ErrNotFinite, "kernel: squared distances overflow float64")
	}
	return D, nil
}

func ones(X mat.Matrix) []float64 {
	n, _ := X.Dims()
	out := make([]float64, n)
	for i := range out {
		out[i] = 1
	}
	return out
}

func checkPos(name string, v float64) error {
	return klearn.CheckParam(name, v, math.SmallestNonzeroFloat64, math.MaxFloat64)
}

// RBF is the Gaussian kernel in scikit-learn's parametrisation,
//
//	k(x, z) = exp(−γ‖x − z‖²),
//
// as in Donini & Aiolli's Table 1 and Colbert & Peet (2020) (k1 = exp(−β‖x−y‖²)). Gamma 0 (the zero value)
// means 1/n_features, scikit-learn's default. Gamma < 0 is an error.
// Gaussian{Sigma} is the same kernel with γ = 1/σ².
type RBF struct{ Gamma float64 }

func (r RBF) gamma(d int) float64 {
	if r.Gamma == 0 {
		return 1 / float64(d)
	}
	return r.Gamma
}

// Validate checks Gamma ≥ 0.
func (r RBF) Validate(int) error {
	return klearn.CheckParam("kernel: RBF.Gamma", r.Gamma, 0, math.MaxFloat64)
}

// Eval returns exp(−γ‖x − z‖²).
func (r RBF) Eval(x, z []float64) float64 { return math.Exp(-r.gamma(len(x)) * sqDist(x, z)) }

// Gram uses the blocked X·Xᵀ and the distance trick.
func (r RBF) Gram(X mat.Matrix) *mat.SymDense {
	_, d := X.Dims()
	g := r.gamma(d)
	return distGram(rowsOf(X), expDist(g))
}

// Cross uses the blocked A·Bᵀ and the distance trick.
func (r RBF) Cross(A, B mat.Matrix) *mat.Dense {
	_, d := A.Dims()
	g := r.gamma(d)
	return distCross(rowsOf(A), rowsOf(B), expDist(g))
}

// Diag returns ones.
func (RBF) Diag(X mat.Matrix) []float64 { return ones(X) }

// Gaussian is the isotropic Gaussian kernel in the standard-deviation
// parametrisation used by Argyriou et al. (2006; G(Σ) with Σ = σ²I) and
// Afkanpour et al. (2013; κ_σ):
//
//	k(x, z) = exp(−‖x − z‖² / σ²).
//
// Note the missing factor 2: this is RBF{Gamma: 1/σ²}, not the "σ²-variance"
// convention exp(−‖x−z‖²/(2σ²)) of many textbooks (the SimpleMKL toolbox behind Colbert & Peet's baseline
// uses the latter: pass Sigma = √2·σ there). Sigma 0 (the zero value)
// means √n_features (so Gaussian{} equals RBF{}). Sigma < 0 is an error.
//
// Gaussian is Parametric with θ = (σ) (σ itself, not log σ):
// ∂k/∂σ = k · 2‖x − z‖²/σ³.
type Gaussian struct{ Sigma float64 }

func (g Gaussian) sigma(d int) float64 {
	if g.Sigma == 0 {
		return math.Sqrt(float64(d))
	}
	return g.Sigma
}

// Validate checks Sigma ≥ 0.
func (g Gaussian) Validate(int) error {
	return klearn.CheckParam("kernel: Gaussian.Sigma", g.Sigma, 0, math.MaxFloat64)
}

// Eval returns exp(−‖x − z‖²/σ²).
func (g Gaussian) Eval(x, z []float64) float64 {
	s := g.sigma(len(x))
	return math.Exp(-sqDist(x, z) / (s * s))
}

// gamma returns 1/σ², as (1/σ)(1/σ) where σ² itself would overflow or
// underflow (never 0, which RBF reads as its default).
func (g Gaussian) gamma(d int) float64 {
	s := g.sigma(d)
	if ss := s * s; ss != 0 && !math.IsInf(ss, 0) {
		return 1 / ss
	}
	return (1 / s) * (1 / s)
}

// Gram uses the blocked X·Xᵀ and the distance trick.
func (g Gaussian) Gram(X mat.Matrix) *mat.SymDense {
	_, d := X.Dims()
	return distGram(rowsOf(X), expDist(g.gamma(d)))
}

// Cross uses the blocked A·Bᵀ and the distance trick.
func (g Gaussian) Cross(A, B mat.Matrix) *mat.Dense {
	_, d := A.Dims()
	return distCross(rowsOf(A), rowsOf(B), expDist(g.gamma(d)))
}

// Diag returns ones.
func (Gaussian) Diag(X mat.Matrix) []float64 { return ones(X) }

// Params returns (σ). A zero Sigma is reported as 0 (its default is
// resolved only when the input dimension is known).
func (g Gaussian) Params() []float64 { return []float64{g.Sigma} }

// WithParams returns Gaussian{Sigma: θ[0]}; θ must hold one positive value.
func (g Gaussian) WithParams(theta []float64) (Parametric, error) {
	if len(theta) != 1 {
		return nil, klearn.Errorf(klearn.ErrParam, "kernel: Gaussian has 1 parameter, got %d", len(theta))
	}
	if err := checkPos("kernel: Gaussian.Sigma", theta[0]); err != nil {
		return nil, err
	}
	return Gaussian{Sigma: theta[0]}, nil
}

// GramGrad returns K and ∂K/∂σ = K ∘ 2D/σ³ with D the squared distances.
func (g Gaussian) GramGrad(X mat.Matrix) (*mat.SymDense, []*mat.SymDense, error) {
	_, d, err := klearn.CheckMatrix("kernel: X", X)
	if err != nil {
		return nil, nil, err
	}
	if err := g.Validate(d); err != nil {
		return nil, nil, err
	}
	s := g.sigma(d)
	D := distGram(rowsOf(X), rawDist)
	n := D.SymmetricDim()
	K := mat.NewSymDense(n, nil)
	dK := mat.NewSymDense(n, nil)
	kd, gd, dd := K.RawSymmetric().Data, dK.RawSymmetric().Data, D.RawSymmetric().Data
	for i, d2 := range dd {
		kd[i] = math.Exp(-d2 / (s * s))
		if kd[i] != 0 { // else the limit 0, where d2 may be +Inf
			gd[i] = kd[i] * 2 * d2 / (s * s * s)
		}
	}
	return checkedGrad("Gaussian", K, []*mat.SymDense{dK})
}

// checkedGrad returns K and dK, or an ErrNotFinite error when an entry of
// a derivative overflowed (a σ so small that σ³ underflows). Where
// k = exp(−d²/σ²) is 0 the derivatives are set to their limit 0, so a
// distance that overflowed gives no NaN.
func checkedGrad(what string, K *mat.SymDense, dK []*mat.SymDense) (*mat.SymDense, []*mat.SymDense, error) {
	for j, G := range dK {
		a, n, s := symData(G)
		if err := checkFinite(a, n, n, s, true); err != nil {
			return nil, nil, klearn.Errorf(err, "kernel: %s.GramGrad: ∂K/∂θ_%d overflows", what, j)
		}
	}
	return K, dK, nil
}

// ARD is the Gaussian kernel with one inverse squared length-scale per
// dimension (automatic relevance determination; the per-coordinate family
// of Afkanpour et al. (2013), κ_σ(x, z) = exp(−Σ_i (x_i − z_i)²/σ_i²), with γ_i = 1/σ_i²):
//
//	k(x, z) = exp(−Σ_i γ_i (x_i − z_i)²).
//
// A nil Gamma (the zero value) means γ_i = 1/n_features for every i (RBF{}).
// Otherwise len(Gamma) must equal the input dimension and every γ_i ≥ 0
// (γ_i = 0 ignores dimension i). Use ARDFromSigma for the σ form.
//
// ARD is Parametric with θ = (γ_1, …, γ_d): ∂k/∂γ_i = −k·(x_i − z_i)².
type ARD struct{ Gamma []float64 }

// ARDFromSigma returns ARD{Gamma: 1/σ_i²}, Afkanpour et al.'s per-coordinate Gaussian.
func ARDFromSigma(sigma []float64) (ARD, error) {
	if len(sigma) == 0 {
		return ARD{}, klearn.Errorf(klearn.ErrEmpty, "kernel: ARDFromSigma of no length-scales")
	}
	g := make([]float64, len(sigma))
	for i, s := range sigma {
		if err := checkPos("kernel: ARD sigma", s); err != nil {
			return ARD{}, err
		}
		g[i] = 1 / (s * s)
	}
	return ARD{Gamma: g}, nil
}

// Validate checks len(Gamma) = d and γ_i ≥ 0.
func (a ARD) Validate(d int) error {
	if a.Gamma == nil {
		return nil
	}
	if d > 0 && len(a.Gamma) != d {
		return klearn.Errorf(klearn.ErrShape, "kernel: ARD has %d length-scales for %d-dimensional inputs", len(a.Gamma), d)
	}
	for _, g := range a.Gamma {
		if err := klearn.CheckParam("kernel: ARD.Gamma[i]", g, 0, math.MaxFloat64); err != nil {
			return err
		}
	}
	return nil
}

func (a ARD) gammas(d int) []float64 {
	if a.Gamma != nil {
		return a.Gamma
	}
	g := make([]float64, d)
	for i := range g {
		g[i] = 1 / float64(d)
	}
	return g
}

// Eval returns exp(−Σ γ_i (x_i − z_i)²).
func (a ARD) Eval(x, z []float64) float64 {
	var s float64
	if a.Gamma == nil {
		return math.Exp(-sqDist(x, z) / float64(len(x)))
	}
	for i, v := range x {
		t := v - z[i]
		s += a.Gamma[i] * t * t
	}
	return math.Exp(-s)
}

// scaleCols returns the rows of X with column j multiplied by s[j].
func scaleCols(X mat.Matrix, s []float64) rowMajor {
	R := rows(X)
	for i := 0; i < R.n; i++ {
		r := R.row(i)
		for j := range r {
			r[j] *= s[j]
		}
	}
	return R
}

func sqrts(g []float64) []float64 {
	out := make([]float64, len(g))
	for i, v := range g {
		out[i] = math.Sqrt(v)
	}
	return out
}

// Gram scales the columns by √γ_i and uses the RBF fast path.
func (a ARD) Gram(X mat.Matrix) *mat.SymDense {
	_, d := X.Dims()
	return distGram(scaleCols(X, sqrts(a.gammas(d))), expDist(1))
}

// Cross scales the columns by √γ_i and uses the RBF fast path.
func (a ARD) Cross(A, B mat.Matrix) *mat.Dense {
	_, d := A.Dims()
	s := sqrts(a.gammas(d))
	return distCross(scaleCols(A, s), scaleCols(B, s), expDist(1))
}

// Diag returns ones.
func (ARD) Diag(X mat.Matrix) []float64 { return ones(X) }

// Params returns a copy of (γ_1, …, γ_d) (nil for the zero value).
func (a ARD) Params() []float64 { return append([]float64(nil), a.Gamma...) }

// WithParams returns ARD{Gamma: θ} (copied); every θ_i must be ≥ 0.
func (a ARD) WithParams(theta []float64) (Parametric, error) {
	if len(theta) == 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "kernel: ARD needs at least one parameter")
	}
	b := ARD{Gamma: append([]float64(nil), theta...)}
	if err := b.Validate(0); err != nil {
		return nil, err
	}
	return b, nil
}

// GramGrad returns K and ∂K/∂γ_i = −K ∘ D_i, D_i(x, z) = (x_i − z_i)².
func (a ARD) GramGrad(X mat.Matrix) (*mat.SymDense, []*mat.SymDense, error) {
	_, d, err := klearn.CheckMatrix("kernel: X", X)
	if err != nil {
		return nil, nil, err
	}
	if err := a.Validate(d); err != nil {
		return nil, nil, err
	}
	K := a.Gram(X)
	R := rows(X)
	n := R.n
	kd := K.RawSymmetric().Data
	dK := make([]*mat.SymDense, d)
	parallel.For(d, func(c int) {
		g := make([]float64, n*n)
		for i := 0; i < n; i++ {
			xi := R.data[i*d+c]
			for j := i; j < n; j++ {
				if k := kd[i*n+j]; k != 0 {
					t := xi - R.data[j*d+c]
					g[i*n+j] = -k * t * t
				}
			}
		}
		dK[c] = newSymNoPar(n, g)
	})
	return checkedGrad("ARD", K, dK)
}

// newSymNoPar mirrors serially (used inside parallel loops).
func newSymNoPar(n int, data []float64) *mat.SymDense {
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			data[i*n+j] = data[j*n+i]
		}
	}
	return mat.NewSymDense(n, data)
}

// BlockGaussian is the product of isotropic Gaussians on disjoint blocks of
// features, the block-diagonal Gaussian of Argyriou et al. (2006,
// Sec. 5): G = Π_b exp(−⟨x^b − t^b, Σ_b⁻¹(x^b − t^b)⟩) with Σ_b = σ_b²I, the
// standard-deviation convention of Gaussian:
//
//	k(x, z) = Π_b exp(−‖x^b − z^b‖² / σ_b²) = exp(−Σ_b ‖x^b − z^b‖²/σ_b²).
//
// Blocks[b] lists the feature indices of block b and Sigma[b] its σ_b > 0.
// Features in no block are ignored. Blocks must be non-empty, in range and
// disjoint; there is no zero-value default (ImageBlocks builds Argyriou et al.'s halves
// and quadrants of an image).
//
// BlockGaussian is Parametric with θ = (σ_1, …, σ_B):
// ∂k/∂σ_b = k · 2‖x^b − z^b‖²/σ_b³.
type BlockGaussian struct {
	Blocks [][]int
	Sigma  []float64
}

// ImageBlocks splits the pixels of a row-major h×w image into by×bx
// rectangular blocks (by rows of blocks, bx columns), in row-major block
// order. Argyriou et al. (2006) use 1×1 (whole image), 1×2 (left and right halves) and 2×2
// (quadrants) on 28×28 MNIST images.
func ImageBlocks(h, w, by, bx int) ([][]int, error) {
	if h <= 0 || w <= 0 || by <= 0 || bx <= 0 || by > h || bx > w {
		return nil, klearn.Errorf(klearn.ErrParam, "kernel: ImageBlocks(%d, %d, %d, %d): want 0 < by ≤ h, 0 < bx ≤ w", h, w, by, bx)
	}
	if err := klearn.CheckAlloc("kernel: ImageBlocks' pixel indices", 8, h, w); err != nil {
		return nil, err
	}
	blocks := make([][]int, by*bx)
	for r := 0; r < h; r++ {
		br := r * by / h
		for c := 0; c < w; c++ {
			bc := c * bx / w
			blocks[br*bx+bc] = append(blocks[br*bx+bc], r*w+c)
		}
	}
	return blocks, nil
}

// Validate checks the blocks against d and σ_b > 0.
func (b BlockGaussian) Validate(d int) error {
	if len(b.Blocks) == 0 {
		return klearn.Errorf(klearn.ErrParam, "kernel: BlockGaussian has no blocks")
	}
	if len(b.Sigma) != len(b.Blocks) {
		return klearn.Errorf(klearn.ErrParam, "kernel: BlockGaussian has %d blocks but %d sigmas", len(b.Blocks), len(b.Sigma))
	}
	seen := map[int]bool{}
	for bi, blk := range b.Blocks {
		if err := checkPos("kernel: BlockGaussian.Sigma[b]", b.Sigma[bi]); err != nil {
			return err
		}
		if len(blk) == 0 {
			return klearn.Errorf(klearn.ErrParam, "kernel: BlockGaussian block %d is empty", bi)
		}
		for _, j := range blk {
			if j < 0 || (d > 0 && j >= d) {
				return klearn.Errorf(klearn.ErrShape, "kernel: BlockGaussian block %d has feature %d, inputs have %d", bi, j, d)
			}
			if seen[j] {
				return klearn.Errorf(klearn.ErrParam, "kernel: BlockGaussian feature %d is in two blocks", j)
			}
			seen[j] = true
		}
	}
	return nil
}

// Eval returns Π_b exp(−‖x^b − z^b‖²/σ_b²).
func (b BlockGaussian) Eval(x, z []float64) float64 {
	var s float64
	for bi, blk := range b.Blocks {
		var d2 float64
		for _, j := range blk {
			t := x[j] - z[j]
			d2 += t * t
		}
		s += d2 / (b.Sigma[bi] * b.Sigma[bi])
	}
	return math.Exp(-s)
}

func (b BlockGaussian) scales(d int) []float64 {
	s := make([]float64, d)
	for bi, blk := range b.Blocks {
		for _, j := range blk {
			s[j] = 1 / b.Sigma[bi]
		}
	}
	return s
}

// Gram scales the columns by 1/σ_b and uses the RBF fast path.
func (b BlockGaussian) Gram(X mat.Matrix) *mat.SymDense {
	_, d := X.Dims()
	return distGram(scaleCols(X, b.scales(d)), expDist(1))
}

// Cross scales the columns by 1/σ_b and uses the RBF fast path.
func (b BlockGaussian) Cross(A, B mat.Matrix) *mat.Dense {
	_, d := A.Dims()
	s := b.scales(d)
	return distCross(scaleCols(A, s), scaleCols(B, s), expDist(1))
}

// Diag returns ones.
func (BlockGaussian) Diag(X mat.Matrix) []float64 { return ones(X) }

// Params returns a copy of (σ_1, …, σ_B).
func (b BlockGaussian) Params() []float64 { return append([]float64(nil), b.Sigma...) }

// WithParams returns the kernel with the same blocks and σ = θ.
func (b BlockGaussian) WithParams(theta []float64) (Parametric, error) {
	c := BlockGaussian{Blocks: b.Blocks, Sigma: append([]float64(nil), theta...)}
	if err := c.Validate(0); err != nil {
		return nil, err
	}
	return c, nil
}

// GramGrad returns K and ∂K/∂σ_b = K ∘ 2D_b/σ_b³, D_b the squared distances
// restricted to block b.
func (b BlockGaussian) GramGrad(X mat.Matrix) (*mat.SymDense, []*mat.SymDense, error) {
	_, d, err := klearn.CheckMatrix("kernel: X", X)
	if err != nil {
		return nil, nil, err
	}
	if err := b.Validate(d); err != nil {
		return nil, nil, err
	}
	K := b.Gram(X)
	kd := K.RawSymmetric().Data
	n, _ := X.Dims()
	dK := make([]*mat.SymDense, len(b.Blocks))
	for bi, blk := range b.Blocks {
		sel := mat.NewDense(n, len(blk), nil)
		for i := 0; i < n; i++ {
			for c, j := range blk {
				sel.Set(i, c, X.At(i, j))
			}
		}
		D := distGram(rowsOf(sel), rawDist)
		s := b.Sigma[bi]
		dd := D.RawSymmetric().Data
		for i := range dd {
			if kd[i] != 0 {
				dd[i] = kd[i] * 2 * dd[i] / (s * s * s)
			} else {
				dd[i] = 0
			}
		}
		dK[bi] = D
	}
	return checkedGrad("BlockGaussian", K, dK)
}

// Laplacian is the Laplacian kernel k(x, z) = exp(−γ‖x − z‖₁)
// (scikit-learn's laplacian_kernel). Gamma 0 (the zero value) means
// 1/n_features, scikit-learn's default; Gamma < 0 is an error. The L1
// distance has no inner-product form, so Gram uses the generic parallel loop.
type Laplacian struct{ Gamma float64 }

// Validate checks Gamma ≥ 0.
func (l Laplacian) Validate(int) error {
	return klearn.CheckParam("kernel: Laplacian.Gamma", l.Gamma, 0, math.MaxFloat64)
}

// Eval returns exp(−γ‖x − z‖₁).
func (l Laplacian) Eval(x, z []float64) float64 {
	g := l.Gamma
	if g == 0 {
		g = 1 / float64(len(x))
	}
	z = z[:len(x)]
	var s float64
	for i, v := range x {
		s += math.Abs(v - z[i])
	}
	return math.Exp(-g * s)
}

// Diag returns ones.
func (Laplacian) Diag(X mat.Matrix) []float64 { return ones(X) }

// RationalQuadratic is the rational-quadratic kernel of Donini & Aiolli's Table 1,
//
//	k(x, z) = 1 − ‖x−z‖²/(‖x−z‖² + c) = c/(c + ‖x−z‖²),
//
// which is also the Cauchy kernel (1 + ‖x−z‖²/γ)^{−1} with γ = c. C 0 (the
// zero value) means 1; C < 0 is an error. Its dot-product expansion on the
// unit sphere is DPPRationalQuadratic.
type RationalQuadratic struct{ C float64 }

func (r RationalQuadratic) c() float64 {
	if r.C == 0 {
		return 1
	}
	return r.C
}

// Validate checks C ≥ 0.
func (r RationalQuadratic) Validate(int) error {
	return klearn.CheckParam("kernel: RationalQuadratic.C", r.C, 0, math.MaxFloat64)
}

// Eval returns c/(c + ‖x − z‖²).
func (r RationalQuadratic) Eval(x, z []float64) float64 {
	c := r.c()
	return c / (c + sqDist(x, z))
}

// Gram uses the blocked X·Xᵀ and the distance trick.
func (r RationalQuadratic) Gram(X mat.Matrix) *mat.SymDense {
	c := r.c()
	return distGram(rowsOf(X), rqDist(c))
}

// Cross uses the blocked A·Bᵀ and the distance trick.
func (r RationalQuadratic) Cross(A, B mat.Matrix) *mat.Dense {
	c := r.c()
	return distCross(rowsOf(A), rowsOf(B), rqDist(c))
}

// Dirichlet is the Dirichlet kernel of degree one used by Afkanpour et
// al. (2013, synthetic experiment 1):
//
//	k(x, z) = 1 + 2 cos(σ |x − z|).
//
// It has the feature map (1, √2 cos σx, √2 sin σx), so it is positive
// semi-definite (rank ≤ 3) for scalar inputs only: for d ≥ 2,
// 1 + 2cos(σ‖x − z‖) is not positive semi-definite in general,
// so Validate rejects inputs with more than one column. Sigma 0 (the
// zero value) is the constant kernel 3 (Afkanpour et al. 2013 use σ ∈ {0, …, 9});
// Sigma < 0 is an error.
//
// Dirichlet is Parametric with θ = (σ): ∂k/∂σ = −2|x − z| sin(σ|x − z|).
type Dirichlet struct{ Sigma float64 }

// Validate checks Sigma ≥ 0 and d = 1.
func (k Dirichlet) Validate(d int) error {
	if err := klearn.CheckParam("kernel: Dirichlet.Sigma", k.Sigma, 0, math.MaxFloat64); err != nil {
		return err
	}
	if d > 1 {
		return klearn.Errorf(klearn.ErrShape, "kernel: Dirichlet is positive semi-definite only for 1-D inputs, got %d columns", d)
	}
	return nil
}

// Eval returns 1 + 2cos(σ‖x − z‖).
func (k Dirichlet) Eval(x, z []float64) float64 {
	return 1 + 2*math.Cos(k.Sigma*math.Sqrt(sqDist(x, z)))
}

// Params returns (σ).
func (k Dirichlet) Params() []float64 { return []float64{k.Sigma} }

// WithParams returns Dirichlet{Sigma: θ[0]}, θ[0] ≥ 0.
func (k Dirichlet) WithParams(theta []float64) (Parametric, error) {
	if len(theta) != 1 {
		return nil, klearn.Errorf(klearn.ErrParam, "kernel: Dirichlet has 1 parameter, got %d", len(theta))
	}
	if err := klearn.CheckParam("kernel: Dirichlet.Sigma", theta[0], 0, math.MaxFloat64); err != nil {
		return nil, err
	}
	return Dirichlet{Sigma: theta[0]}, nil
}

// GramGrad returns K and ∂K/∂σ = −2R ∘ sin(σR), R_ij = |x_i − x_j|.
func (k Dirichlet) GramGrad(X mat.Matrix) (*mat.SymDense, []*mat.SymDense, error) {
	K, err := Gram(k, X)
	if err != nil {
		return nil, nil, err
	}
	R := rows(X)
	n := R.n
	g := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			r := math.Sqrt(sqDist(R.row(i), R.row(j)))
			g[i*n+j] = -2 * r * math.Sin(k.Sigma*r)
		}
	}
	return K, []*mat.SymDense{newSymNoPar(n, g)}, nil
}

// rqDist is the distFunc of c/(c + d2).
func rqDist(c float64) distFunc {
	return func(inv float64) distMap {
		c := c / inv / inv
		return distMap{f: func(d2 float64) float64 {
			if d2 == 0 {
				return 1 // also when c underflowed to 0
			}
			return c / (c + d2)
		}}
	}
}
