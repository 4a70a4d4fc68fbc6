package continuous

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/gonum"
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// Step 3 of Algorithm 1 minimises φ(λ) = E(K_λ) = μ yᵀ(K_λ + μI)⁻¹y over
// K_λ = (1−λ)K + λG, λ ∈ [0, 1], by projected Newton (opt.Minimize1D),
// which evaluates φ, φ' and φ” at 20–70 points per step on the sine
// problem of Afkanpour et al. (2013). Each point by a factorisation of
// K_λ + μI costs n³/3; the pencil below costs O(n³) once per step and O(n)
// per point.
//
// With the Cholesky factor K + μI = UᵀU of the previous refit and
// N = U⁻ᵀ(G + μI)U⁻¹, K_λ + μI = (1−λ)(K + μI) + λ(G + μI) =
// Uᵀ((1−λ)I + λN)U. The orthogonal reduction N = QTQᵀ to a tridiagonal T
// (LAPACK's dsytrd) gives, with b = QᵀU⁻ᵀy and
// v = ((1−λ)I + λT)⁻¹b, w = (T − I)v,
//
//	φ(λ) = μ bᵀv,   φ'(λ) = −μ vᵀw,   φ”(λ) = 2μ wᵀ((1−λ)I + λT)⁻¹w,
//
// the φ' = −μ aᵀ(G−K)a and φ” = 2μ aᵀ(G−K)(K_λ+μI)⁻¹(G−K)a of segment with
// a = U⁻¹Qv, each a tridiagonal solve. For λ < 1, (1−λ)I + λT ⪰ (1−λ)I
// (K_λ + μI ⪰ (1−λ)(K + μI)), so the reduction's rounding, of the order
// of ε‖N‖ ≤ ε(‖G‖ + μ)/μ, stays small against it, but grows as 1/(1−λ)
// relative to the factorisation's; at λ = 1 the bound is gone (the
// smallest eigenvalue of N can be μ/(‖K‖+μ)). segment evaluates φ(1),
// Minimize1D's first point, by the factorisation of G + μI, and the pencil
// at every λ < 1 (the Newton steps from λ = 1 cross (pencilMax, 1) in
// 10–20 small steps when φ is steep there; a factorisation each cost as
// much as the whole reduction). Where the search ends above pencilMax after
// a pencil evaluation there, it is run again on the factorisation alone, so
// that the λ returned is always one found with the factorisation's
// accuracy at the end point. TestPencilMatchesDirect checks the three
// values against the factorisation of K_λ + μI for λ ∈ [0, pencilMax]: φ
// to 1e-10 relative, φ' to 1e-10(1 + |φ| + |φ'|) (Minimize1D stops at
// |φ'| ≤ 1e-10(1 + |φ|), and where φ is flat φ' is a difference of nearly
// equal terms), φ”, only the Newton curvature, to 1e-7 relative (1–2e-8
// at μ = 10⁻⁴ in a GOAMD64=v3 build); and segment's E(K_λ) against that of
// Minimize1D on the factorisation, to 1e-10.

// pencilMax is the largest λ at which the pencil is as accurate as the
// factorisation (TestPencilMatchesDirect): segment's λ above it comes from
// the factorisation.
const pencilMax = 0.99

// pencil holds T (diagonal d, subdiagonal e), b and μ of one step 3.
type pencil struct {
	mu   float64
	d, e []float64
	b    []float64
}

// newPencil reduces the step-3 problem of G and y for the factor ch of
// K + μI (see above). Errors: a reduction that is not finite
// (ErrNotFinite).
func newPencil(ch *mat.Cholesky, G *mat.SymDense, y []float64, mu float64) (*pencil, error) {
	n := len(y)
	var U mat.TriDense
	ch.UTo(&U)
	ut := U.RawTriangular()
	// N = U⁻ᵀ(G + μI)U⁻¹, full storage (dsytrd reads the lower triangle).
	N := make([]float64, n*n)
	graw := G.RawSymmetric()
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			v := graw.Data[i*graw.Stride+j]
			N[i*n+j], N[j*n+i] = v, v
		}
		N[i*n+i] += mu
	}
	Nm := blas64.General{Rows: n, Cols: n, Stride: n, Data: N}
	blas64.Trsm(blas.Left, blas.Trans, 1, ut, Nm)
	blas64.Trsm(blas.Right, blas.NoTrans, 1, ut, Nm)
	impl := gonum.Implementation{}
	p := &pencil{mu: mu, d: make([]float64, n), e: make([]float64, n-1), b: make([]float64, n)}
	tau := make([]float64, n-1)
	work := make([]float64, 1)
	impl.Dsytrd(blas.Lower, n, N, n, p.d, p.e, tau, work, -1)
	work = make([]float64, int(work[0]))
	impl.Dsytrd(blas.Lower, n, N, n, p.d, p.e, tau, work, len(work))
	// b = Qᵀ(U⁻ᵀy), Qᵀ = H_{n−2}⋯H_0, H_i = I − τ_i v vᵀ with v[:i+1] = 0,
	// v[i+1] = 1 and v[i+2:] in column i of N below the subdiagonal.
	copy(p.b, y)
	blas64.Trsv(blas.Trans, ut, blas64.Vector{N: n, Data: p.b, Inc: 1})
	for i := 0; i < n-1; i++ {
		s := p.b[i+1]
		for k := i + 2; k < n; k++ {
			s += N[k*n+i] * p.b[k]
		}
		s *= tau[i]
		p.b[i+1] -= s
		for k := i + 2; k < n; k++ {
			p.b[k] -= s * N[k*n+i]
		}
	}
	for _, v := range [][]float64{p.d, p.e, p.b} {
		if err := klearn.CheckFinite("continuous: Greedy step 3: the reduced pencil", v); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// at returns φ(λ), φ'(λ) and φ”(λ) for 0 ≤ λ < 1 (see above), and false
// when (1−λ)I + λT does not factor as positive definite (rounding at a λ
// near 1).
func (p *pencil) at(l float64) (f, d1, d2 float64, ok bool) {
	n := len(p.d)
	impl := gonum.Implementation{}
	dd, ee := make([]float64, n), make([]float64, max(n-1, 0))
	for i, v := range p.d {
		dd[i] = (1 - l) + l*v
	}
	for i, v := range p.e {
		ee[i] = l * v
	}
	if !impl.Dpttrf(n, dd, ee) {
		return 0, 0, 0, false
	}
	v := append([]float64(nil), p.b...)
	impl.Dpttrs(n, 1, dd, ee, v, 1)
	w := make([]float64, n)
	for i := range w {
		s := (p.d[i] - 1) * v[i]
		if i > 0 {
			s += p.e[i-1] * v[i-1]
		}
		if i < n-1 {
			s += p.e[i] * v[i+1]
		}
		w[i] = s
	}
	z := append([]float64(nil), w...)
	impl.Dpttrs(n, 1, dd, ee, z, 1)
	for i := range v {
		f += p.b[i] * v[i]
		d1 += v[i] * w[i]
		d2 += w[i] * z[i]
	}
	f, d1, d2 = p.mu*f, -p.mu*d1, 2*p.mu*d2
	if math.IsNaN(f+d1+d2) || math.IsInf(f+d1+d2, 0) {
		return 0, 0, 0, false
	}
	return f, d1, d2, true
}
