package metrics

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// Frobenius returns the Frobenius inner product ⟨A, B⟩_F = Σ_ij A_ij B_ij
// = tr(AᵀB) of two finite matrices of the same shape.
func Frobenius(A, B mat.Matrix) (float64, error) {
	G, err := FrobeniusGram(A, B)
	if err != nil {
		return 0, err
	}
	return G.At(0, 1), nil
}

// FrobeniusGram returns the matrix of the Frobenius inner products
// G_st = ⟨A_s, A_t⟩_F of finite matrices of one shape (each entry exactly
// Frobenius(A_s, A_t)); every matrix is read and validated once. Each
// matrix is scaled by a power of two before the products, so no product
// overflows or underflows unless the result itself does (ErrNotFinite).
// When both matrices are mat.Symmetric the sum runs over the upper
// triangle (symDot).
func FrobeniusGram(As ...mat.Matrix) (*mat.SymDense, error) {
	if len(As) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "metrics: FrobeniusGram of no matrices")
	}
	x := make([][]float64, len(As))
	sc := make([]float64, len(As))
	symmetric := make([]bool, len(As))
	var r0, c0 int
	for s, A := range As {
		what := fmt.Sprintf("matrix %d", s)
		if len(As) <= 2 {
			what = []string{"A", "B"}[s]
		}
		a, r, c, err := entries(what, A)
		if err != nil {
			return nil, err
		}
		if s == 0 {
			r0, c0 = r, c
		} else if r != r0 || c != c0 {
			return nil, klearn.Errorf(klearn.ErrShape, "metrics: %s is %d×%d but A is %d×%d", what, r, c, r0, c0)
		}
		_, symmetric[s] = A.(mat.Symmetric)
		x[s], sc[s] = a, pow2Rescale(a)
	}
	G := mat.NewSymDense(len(As), nil)
	for s := range x {
		for t := s; t < len(x); t++ {
			v := frobDot(x[s], x[t], r0, symmetric[s] && symmetric[t]) / sc[s] / sc[t]
			if math.IsInf(v, 0) {
				return nil, klearn.Errorf(klearn.ErrNotFinite, "metrics: the Frobenius product overflows float64")
			}
			G.SetSym(s, t, v)
		}
	}
	return G, nil
}

// FrobeniusNorm returns ‖A‖_F = sqrt(Σ_ij A_ij²), computed on A scaled by a
// power of two when the squares would overflow, so every representable norm
// is returned.
func FrobeniusNorm(A mat.Matrix) (float64, error) {
	a, r, _, err := entries("A", A)
	if err != nil {
		return 0, err
	}
	sc := pow2Rescale(a)
	_, symmetric := A.(mat.Symmetric)
	return math.Sqrt(frobDot(a, a, r, symmetric)) / sc, nil
}

// entries validates the finite matrix A and returns its entries in
// row-major order (a symmetric matrix is read from its upper triangle).
func entries(what string, A mat.Matrix) ([]float64, int, int, error) {
	if S, ok := A.(mat.Symmetric); ok {
		a, n, err := sym(what, S, -1)
		return a, n, n, err
	}
	r, c, err := klearn.CheckMatrix(what, A)
	if err != nil {
		return nil, 0, 0, err
	}
	a := make([]float64, r*c)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			a[i*c+j] = A.At(i, j)
		}
	}
	return a, r, c, nil
}

// sym copies a validated symmetric matrix into a dense row-major slice.
func sym(what string, K mat.Symmetric, n int) ([]float64, int, error) {
	if K == nil {
		return nil, 0, klearn.Errorf(klearn.ErrEmpty, "metrics: %s is nil", what)
	}
	m, err := klearn.CheckGram(K, n)
	if err != nil {
		return nil, m, err
	}
	out := make([]float64, m*m)
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			v := K.At(i, j)
			out[i*m+j], out[j*m+i] = v, v
		}
	}
	return out, m, nil
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// frobDot returns ⟨A, B⟩_F of row-major copies of n-row matrices: symDot
// when both are symmetric, else dot.
func frobDot(a, b []float64, n int, symmetric bool) float64 {
	if symmetric {
		return symDot(a, b, n)
	}
	return dot(a, b)
}

// symDot returns ⟨A, B⟩_F of symmetric n×n matrices held row-major, summed
// over the upper triangle, Σ_i (A_ii B_ii + Σ_{j>i} 2A_ij B_ij): half the
// terms of dot, hence half the work and a smaller rounding error.
func symDot(a, b []float64, n int) float64 {
	var s float64
	for i := 0; i < n; i++ {
		s += a[i*n+i] * b[i*n+i]
		for j := i + 1; j < n; j++ {
			s += 2 * a[i*n+j] * b[i*n+j]
		}
	}
	return s
}

// symPair validates A and B as symmetric matrices of the same order n and
// returns their dense row-major copies.
func symPair(A, B mat.Symmetric) (a, b []float64, n int, err error) {
	if a, n, err = sym("A", A, -1); err != nil {
		return nil, nil, 0, err
	}
	if b, _, err = sym("B", B, n); err != nil {
		return nil, nil, 0, err
	}
	return a, b, n, nil
}

// rescale multiplies x in place by the power of two that keeps its squares
// in range (pow2Scale), for the scale-invariant metrics below; ordinary
// inputs are left untouched.
func rescale(x []float64) []float64 {
	pow2Rescale(x)
	return x
}

// pow2Rescale is rescale, returning the factor.
func pow2Rescale(x []float64) float64 {
	s := pow2Scale(maxAbs(x))
	if s != 1 {
		for i := range x {
			x[i] *= s
		}
	}
	return s
}

// cosine returns ⟨a, b⟩/(‖a‖‖b‖) or an ErrSingular error if a norm is zero.
// a and b are the callers' own copies; they are rescaled in place so that
// the result is exact in range for any finite input (the cosine is
// invariant under scaling either argument).
func cosine(a, b []float64, n int, what string) (float64, error) {
	a, b = rescale(a), rescale(b)
	na, nb := symDot(a, a, n), symDot(b, b, n)
	if na == 0 || nb == 0 {
		return 0, klearn.Errorf(klearn.ErrSingular, "metrics: %s of a zero matrix is undefined", what)
	}
	return symDot(a, b, n) / math.Sqrt(na*nb), nil
}

// Alignment returns the kernel alignment of Cristianini et al. (2001),
//
//	A(K₁, K₂) = ⟨K₁, K₂⟩_F / sqrt(⟨K₁, K₁⟩_F ⟨K₂, K₂⟩_F) ∈ [−1, 1]
//
// ([0, 1] for PSD matrices). Both matrices must have the same order; a zero
// matrix gives an ErrSingular error.
func Alignment(A, B mat.Symmetric) (float64, error) {
	a, b, n, err := symPair(A, B)
	if err != nil {
		return 0, err
	}
	return cosine(a, b, n, "alignment")
}

// center returns K_c = H K H with H = I − 11ᵀ/n, computed entrywise as
// K_ij − r_i − r_j + m with r the row means and m the grand mean (Lemma 1 of
// Cortes et al. 2012).
func center(k []float64, n int) []float64 {
	r := make([]float64, n)
	var m float64
	for i := 0; i < n; i++ {
		var s float64
		for j := 0; j < n; j++ {
			s += k[i*n+j]
		}
		r[i] = s / float64(n)
		m += s
	}
	m /= float64(n * n)
	c := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			c[i*n+j] = k[i*n+j] - r[i] - r[j] + m
		}
	}
	return c
}

// CenteredAlignment returns the centred alignment of Cortes, Mohri and
// Rostamizadeh (2012, Definition 4),
//
//	ρ(K₁, K₂) = ⟨K₁c, K₂c⟩_F / (‖K₁c‖_F ‖K₂c‖_F),  K_c = H K H,  H = I − 11ᵀ/n,
//
// as used by Afkanpour et al. (2013, Eq. (2) and the test-set metric
// A_c). A matrix whose centred version is zero (e.g. a constant matrix) gives
// an ErrSingular error.
func CenteredAlignment(A, B mat.Symmetric) (float64, error) {
	a, b, n, err := symPair(A, B)
	if err != nil {
		return 0, err
	}
	return cosine(center(rescale(a), n), center(rescale(b), n), n, "centred alignment")
}

// labelGram validates y against the order of K and returns vec(yyᵀ).
func labelGram(y []float64, n int) ([]float64, error) {
	if len(y) != n {
		return nil, klearn.Errorf(klearn.ErrShape, "metrics: K is %d×%d but y has %d entries", n, n, len(y))
	}
	if err := klearn.CheckVector("y", y); err != nil {
		return nil, err
	}
	// The alignments are invariant under scaling y: scale it by a power of
	// two when y_i y_j would overflow or underflow.
	sc := pow2Scale(maxAbs(y))
	out := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			out[i*n+j] = (y[i] * sc) * (y[j] * sc)
		}
	}
	return out, nil
}

// TargetAlignment returns the alignment of K with the target kernel yyᵀ
// (Cristianini et al. 2001),
//
//	A(K, yyᵀ) = yᵀKy / (‖K‖_F ‖y‖²),
//
// which for ±1 labels is yᵀKy/(n‖K‖_F). y may hold any finite targets.
func TargetAlignment(K mat.Symmetric, y []float64) (float64, error) {
	k, t, n, err := targetPair(K, y)
	if err != nil {
		return 0, err
	}
	return cosine(k, t, n, "target alignment")
}

// targetPair validates K and y and returns the dense row-major copies of K
// and of yyᵀ (labelGram), and the order n.
func targetPair(K mat.Symmetric, y []float64) (k, t []float64, n int, err error) {
	if k, n, err = sym("K", K, -1); err != nil {
		return nil, nil, 0, err
	}
	if t, err = labelGram(y, n); err != nil {
		return nil, nil, 0, err
	}
	return k, t, n, nil
}

// CenteredTargetAlignment returns ρ(K, yyᵀ), the centred alignment of K with
// the target kernel (Cortes et al. 2012; the metric A_c(K_test, y yᵀ) of
// Afkanpour et al. (2013), §5). Labels with a single class centre to zero and give an
// ErrSingular error.
func CenteredTargetAlignment(K mat.Symmetric, y []float64) (float64, error) {
	k, t, n, err := targetPair(K, y)
	if err != nil {
		return 0, err
	}
	return cosine(center(rescale(k), n), center(rescale(t), n), n, "centred target alignment")
}

// SpectralRatio returns the spectral ratio of Donini & Aiolli (2017,
// Eq. (3)),
//
//	C(K) = ‖K‖_T / ‖K‖_F = Σ_i λ_i / sqrt(Σ_i λ_i²) = Σ_i K_ii / sqrt(Σ_ij K_ij²),
//
// the ratio of the trace (nuclear) norm to the Frobenius norm; the last form
// holds for PSD K and is the one computed. For a PSD K of order L,
// 1 ≤ C(K) ≤ sqrt(rank K) ≤ √L, with C(11ᵀ) = 1 and C(I_L) = √L. The zero
// matrix gives an ErrSingular error; a negative diagonal entry (the cheap
// necessary condition of PSD-ness, checked in O(L)) gives ErrNotPSD. An
// indefinite K with a non-negative diagonal is not detected (that would cost
// an eigen-decomposition): the result is then Σ K_ii/‖K‖_F, not the ratio
// of norms.
func SpectralRatio(K mat.Symmetric) (float64, error) {
	k, n, err := sym("K", K, -1)
	if err != nil {
		return 0, err
	}
	k = rescale(k) // C(K) is invariant under scaling K
	var tr float64
	for i := 0; i < n; i++ {
		if k[i*n+i] < 0 {
			return 0, klearn.Errorf(klearn.ErrNotPSD, "metrics: spectral ratio of a matrix with K[%d][%d] < 0 (not PSD)", i, i)
		}
		tr += k[i*n+i]
	}
	f := math.Sqrt(symDot(k, k, n))
	if f == 0 {
		return 0, klearn.Errorf(klearn.ErrSingular, "metrics: spectral ratio of a zero matrix is undefined")
	}
	return tr / f, nil
}

// StandardizedSpectralRatio returns the standardised spectral ratio of
// (Donini & Aiolli 2017, Eq. (4)),
//
//	C̄(K) = (C(K) − 1) / (√L − 1) ∈ [0, 1],
//
// for a PSD K of order L ≥ 2; C̄(11ᵀ) = 0 and C̄(I_L) = 1. L = 1 gives an
// ErrShape error (the denominator vanishes).
func StandardizedSpectralRatio(K mat.Symmetric) (float64, error) {
	c, err := SpectralRatio(K)
	if err != nil {
		return 0, err
	}
	L := K.SymmetricDim()
	if L < 2 {
		return 0, klearn.Errorf(klearn.ErrShape, "metrics: standardised spectral ratio needs order ≥ 2, have %d", L)
	}
	return (c - 1) / (math.Sqrt(float64(L)) - 1), nil
}

// MEBRadiusApprox returns the average-kernel approximation of the squared
// radius of the minimum enclosing ball of the points in feature space
// (Donini & Aiolli 2017, §3.1.3):
//
//	r̃(K) = (1/L) Σ_i K_ii − (1/L²) Σ_ij K_ij,
//
// which for a normalised kernel (K_ii = 1) is the paper's r̃(K) = 1 − k̄, k̄ the
// mean entry of K. It is the dual MEB objective
// r*(K) = max_{α∈Δ_L} Σ_i α_i K_ii − αᵀKα evaluated at the uniform α = 1/L,
// hence a lower bound r̃(K) ≤ r*(K) (for normalised kernels
// r*(K) = 1 − min_{α∈Δ} αᵀKα), exact for 11ᵀ (0) and I_L (1 − 1/L).
// Note that both are squared radii (the paper writes r for both).
func MEBRadiusApprox(K mat.Symmetric) (float64, error) {
	k, n, err := sym("K", K, -1)
	if err != nil {
		return 0, err
	}
	sc := pow2Scale(maxAbs(k)) // r̃ is linear in K: scale, then undo
	var tr, s float64
	for i := 0; i < n; i++ {
		tr += k[i*n+i] * sc
	}
	for _, v := range k {
		s += v * sc
	}
	L := float64(n)
	r := (tr/L - s/(L*L)) / sc
	if math.IsInf(r, 0) {
		return 0, klearn.Errorf(klearn.ErrNotFinite, "metrics: the MEB radius approximation overflows float64")
	}
	return r, nil
}
