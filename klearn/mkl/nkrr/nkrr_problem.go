package nkrr

import (
	"math"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// evaluator computes F(μ) = yᵀ(K_μ+λI)⁻¹y and its gradient for one set of
// base kernels, reusing its n×n work space between calls.
type evaluator struct {
	b      bases
	n, p   int
	y      []float64
	lambda float64
	d      int

	s []float64 // upper triangle of S = Σ μ_k K_k, row-major n×n
	a *mat.SymDense
	u blas64.Triangular // Cholesky factor of K_μ + λI, in a's storage
	w []float64
}

func newEvaluator(b bases, y []float64, lambda float64, d int) *evaluator {
	n, p := b.dims()
	return &evaluator{b: b, n: n, p: p, y: y, lambda: lambda, d: d,
		s: make([]float64, n*n), a: mat.NewSymDense(n, nil)}
}

// at evaluates F(μ) and α = (K_μ+λI)⁻¹y (Eqs. (9)–(10) of Cortes et al.
// 2009) with one Cholesky factorisation; S stays in e.s for grad.
func (e *evaluator) at(mu []float64) (f float64, alpha []float64, err error) {
	n := e.n
	e.b.combine(mu, e.s)
	raw := e.a.RawSymmetric()
	for i := 0; i < n; i++ {
		src := e.s[i*n+i : i*n+n]
		dst := raw.Data[i*raw.Stride+i : i*raw.Stride+n]
		for j, v := range src {
			dst[j] = nkIpow(v, e.d)
		}
		dst[0] += e.lambda
	}
	// Factorised in place by LAPACK's potrf: mat.Cholesky would copy the
	// matrix and estimate its condition number, a sixth of the CPU time
	// of a Table 1 split of Cortes et al. (2009) (pd-speech, full mode).
	u, ok := lapack64.Potrf(raw)
	if !ok {
		return 0, nil, klearn.Errorf(klearn.ErrSingular, "nkrr: K_μ + λI is not positive definite (λ = %g)", e.lambda)
	}
	for i := 0; i < n; i++ {
		if d := u.Data[i*u.Stride+i]; !(d > 0) || math.IsInf(d, 0) {
			return 0, nil, klearn.Errorf(klearn.ErrNotFinite, "nkrr: K_μ + λI has pivot %d = %v (λ = %g)", i, d*d, e.lambda)
		}
	}
	e.u = u
	alpha = append([]float64(nil), e.y...)
	e.solve(blas64.General{Rows: n, Cols: 1, Stride: 1, Data: alpha})
	for _, v := range alpha {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, nil, klearn.Errorf(klearn.ErrNotFinite, "nkrr: α = (K_μ+λI)⁻¹y is not finite (λ = %g)", e.lambda)
		}
	}
	for i, v := range alpha {
		f += e.y[i] * v
	}
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return f, alpha, klearn.Errorf(klearn.ErrNotFinite, "nkrr: F(μ) = %v", f)
	}
	return f, alpha, nil
}

// grad writes ∇F at the μ of the last call to at:
//
//	∂F/∂μ_k = −d·αᵀ[(Σ_r μ_r K_r)^{∘(d−1)} ∘ K_k]α = −d·⟨S^{∘(d−1)}∘ααᵀ, K_k⟩_F,
//
// Eq. (11) of Cortes et al. (2009) for d = 2, generalised to degree d.
// W = S^{∘(d−1)}∘ααᵀ is formed once; each entry is then a
// Frobenius product, O(p·n²) in all.
func (e *evaluator) grad(alpha, g []float64) {
	n := e.n
	if e.w == nil {
		e.w = make([]float64, n*n)
	}
	for i := 0; i < n; i++ {
		ai := alpha[i]
		for j := i; j < n; j++ {
			e.w[i*n+j] = nkIpow(e.s[i*n+j], e.d-1) * ai * alpha[j]
		}
	}
	e.b.frob(e.w, g)
	for k := range g {
		g[k] *= -float64(e.d)
	}
}

// solve overwrites B with (K_μ+λI)⁻¹B, using the factor of the last call
// to at.
func (e *evaluator) solve(B blas64.General) { lapack64.Potrs(e.u, B) }

// checkProblem validates the data shared by Regressor and Problem: y (n finite
// entries), λ > 0 finite, and the degree (0 selects 2); it returns the degree.
func checkProblem(y []float64, n int, lambda float64, degree int) (int, error) {
	if err := klearn.CheckVector("nkrr: y", y); err != nil {
		return 0, err
	}
	if len(y) != n {
		return 0, klearn.Errorf(klearn.ErrShape, "nkrr: y has %d entries for %d training points", len(y), n)
	}
	if !(lambda > 0) || math.IsInf(lambda, 0) {
		return 0, klearn.Errorf(klearn.ErrParam, "nkrr: λ = %v, want a finite value > 0", lambda)
	}
	if degree == 0 {
		degree = 2
	}
	if degree < 1 || degree > MaxDegree {
		return 0, klearn.Errorf(klearn.ErrParam, "nkrr: Degree = %d, want 1 ≤ Degree ≤ MaxDegree = %d", degree, MaxDegree)
	}
	return degree, nil
}

// MaxDegree bounds Degree: each evaluation raises every entry of K_μ to the
// power d by d − 1 products (the paper's degrees are 1 to 4).
const MaxDegree = 1 << 10

// Problem is the Regressor objective of Cortes et al. (2009) over explicit base
// kernels: F(μ) = yᵀ(K_μ+λI)⁻¹y with K_μ = (Σ_k μ_k K_k)^{∘Degree}, Eq. (10).
// Its methods validate their inputs and never modify them; μ may have any
// sign as long as K_μ + λI stays positive definite (finite differences step
// outside μ ≥ 0).
type Problem struct {
	Ks     []*mat.SymDense
	Y      []float64
	Lambda float64
	// Degree d ≥ 1 of the combination; 0 selects 2, the quadratic kernel of Eq. (4).
	Degree int
}

func (pr Problem) evaluator(mu []float64) (*evaluator, error) {
	b, err := newGramBases(pr.Ks, -1)
	if err != nil {
		return nil, err
	}
	d, err := checkProblem(pr.Y, b.n, pr.Lambda, pr.Degree)
	if err != nil {
		return nil, err
	}
	if err := checkMuLen(mu, len(pr.Ks)); err != nil {
		return nil, err
	}
	return newEvaluator(b, pr.Y, pr.Lambda, d), nil
}

// Objective returns F(μ) = yᵀ(K_μ+λI)⁻¹y, Eq. (10) of Cortes et al. (2009).
func (pr Problem) Objective(mu []float64) (float64, error) {
	e, err := pr.evaluator(mu)
	if err != nil {
		return 0, err
	}
	f, _, err := e.at(mu)
	return f, err
}

// Alpha returns the KRR dual solution α = (K_μ+λI)⁻¹y, Eq. (9) of Cortes et al. (2009).
func (pr Problem) Alpha(mu []float64) ([]float64, error) {
	e, err := pr.evaluator(mu)
	if err != nil {
		return nil, err
	}
	_, a, err := e.at(mu)
	return a, err
}

// Gradient returns F(μ) and ∇F(μ), with
// ∂F/∂μ_k = −d·αᵀ[(Σ_r μ_r K_r)^{∘(d−1)}∘K_k]α: Proposition 1, Eq. (11) of
// Cortes et al. (2009) for d = 2 (−2αᵀU_kα), generalised to degree d. For
// μ ≥ 0 every entry is ≤ 0 (Schur product theorem).
func (pr Problem) Gradient(mu []float64) (f float64, grad []float64, err error) {
	e, err := pr.evaluator(mu)
	if err != nil {
		return 0, nil, err
	}
	f, a, err := e.at(mu)
	if err != nil {
		return f, nil, err
	}
	grad = make([]float64, len(mu))
	e.grad(a, grad)
	return f, grad, nil
}

// HessianQuad returns the second directional derivative uᵀ∇²F(μ)u. With
// S = Σ μ_k K_k, S_u = Σ u_k K_k, A = S^{∘d}+λI, α = A⁻¹y,
// K' = d·S^{∘(d−1)}∘S_u and K” = d(d−1)·S^{∘(d−2)}∘S_u∘S_u,
//
//	uᵀ∇²F u = 2(K'α)ᵀA⁻¹(K'α) − αᵀK''α.
//
// For d = 2 this is 2·[4αᵀ(S∘S_u)V(S∘S_u)α − αᵀ(S_u∘S_u)α] with
// V = (S∘S+λI)⁻¹: Eq. (19) of Cortes et al. (2009) corrected by an overall
// factor 2 and with V built on the quadratic kernel.
func (pr Problem) HessianQuad(mu, u []float64) (float64, error) {
	e, err := pr.evaluator(mu)
	if err != nil {
		return 0, err
	}
	if err := checkMuLen(u, len(mu)); err != nil {
		return 0, err
	}
	_, a, err := e.at(mu)
	if err != nil {
		return 0, err
	}
	n, d := e.n, e.d
	su := make([]float64, n*n)
	e.b.combine(u, su)
	v := mat.NewVecDense(n, nil) // K'α
	var second float64           // αᵀK''α
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			s, t := e.s[i*n+j], su[i*n+j]
			k1 := float64(d) * nkIpow(s, d-1) * t
			v.SetVec(i, v.AtVec(i)+k1*a[j])
			if j != i {
				v.SetVec(j, v.AtVec(j)+k1*a[i])
			}
			if d >= 2 {
				k2 := float64(d*(d-1)) * nkIpow(s, d-2) * t * t
				if j == i {
					second += k2 * a[i] * a[i]
				} else {
					second += 2 * k2 * a[i] * a[j]
				}
			}
		}
	}
	z := mat.VecDenseCopyOf(v)
	e.solve(blas64.General{Rows: n, Cols: 1, Stride: 1, Data: z.RawVector().Data})
	return 2*mat.Dot(v, z) - second, nil
}

// Hessian returns the p×p Hessian ∇²F(μ),
// [∇²F]_kl = 2(K'_kα)ᵀA⁻¹(K'_lα) − αᵀK”_klα with K'_k = d·S^{∘(d−1)}∘K_k and
// K”_kl = d(d−1)·S^{∘(d−2)}∘K_k∘K_l (notation of HessianQuad). It costs
// O(p²n²), for checks of Proposition 4 of Cortes et al. (2009) on small p.
func (pr Problem) Hessian(mu []float64) (*mat.SymDense, error) {
	e, err := pr.evaluator(mu)
	if err != nil {
		return nil, err
	}
	_, a, err := e.at(mu)
	if err != nil {
		return nil, err
	}
	n, d, p := e.n, e.d, e.p
	ks := e.b.(*gramBases).ks
	// V_k = K'_k α and Z_k = A⁻¹ V_k.
	V := mat.NewDense(n, p, nil)
	for k := 0; k < p; k++ {
		K := ks[k]
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				k1 := float64(d) * nkIpow(e.s[i*n+j], d-1) * K.Data[i*K.Stride+j]
				V.Set(i, k, V.At(i, k)+k1*a[j])
				if j != i {
					V.Set(j, k, V.At(j, k)+k1*a[i])
				}
			}
		}
	}
	Z := mat.DenseCopyOf(V)
	e.solve(Z.RawMatrix())
	var VZ mat.Dense
	VZ.Mul(V.T(), Z)
	H := mat.NewSymDense(p, nil)
	for k := 0; k < p; k++ {
		for l := k; l < p; l++ {
			h := VZ.At(k, l) + VZ.At(l, k) // symmetric: 2·V_kᵀZ_l
			if d >= 2 {
				Kk, Kl := ks[k], ks[l]
				var second float64
				for i := 0; i < n; i++ {
					for j := i; j < n; j++ {
						t := float64(d*(d-1)) * nkIpow(e.s[i*n+j], d-2) * Kk.Data[i*Kk.Stride+j] * Kl.Data[i*Kl.Stride+j] * a[i] * a[j]
						if j == i {
							second += t
						} else {
							second += 2 * t
						}
					}
				}
				h -= second
			}
			H.SetSym(k, l, h)
		}
	}
	return H, nil
}
