package nkrr

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/opt"
)

// Regressor is a learner of the mkl contract.
var _ mkl.Learner[*Model] = Regressor{}

// Norm selects the feasible set of Regressor.
type Norm int

const (
	// L2 is M_2 = {μ ≥ 0, ‖μ − μ0‖_2 ≤ Λ}, Eq. (8) of Cortes et al. (2009),
	// the set Algorithm 1 is printed for. It is the zero value.
	L2 Norm = iota
	// L1 is M_1 = {μ ≥ 0, ‖μ − μ0‖_1 ≤ Λ}, Eq. (7).
	L1
)

func (q Norm) String() string {
	switch q {
	case L2:
		return "ℓ2"
	case L1:
		return "ℓ1"
	}
	return "Norm(?)"
}

func (q Norm) norm(v []float64) float64 {
	var s float64
	if q == L1 {
		for _, x := range v {
			s += math.Abs(x)
		}
		return s
	}
	for _, x := range v {
		s += x * x
	}
	return math.Sqrt(s)
}

// Regressor learns a polynomial combination of base kernels for kernel ridge
// regression, the method of Cortes, Mohri & Rostamizadeh (2009): it solves
//
//	min_{μ ∈ M} F(μ) = yᵀ(K_μ + λI)⁻¹y,   K_μ = (Σ_k μ_k K_k)^{∘d},
//
// (Eq. (10), with Eqs. (3)–(4) and the multinomial coefficients)
// over M = {μ ≥ 0, ‖μ − μ0‖_q ≤ Λ} (Eqs. (7)–(8)) by the projection-based
// gradient descent of Algorithm 1, and returns the KRR predictor with the
// learned kernel, α = (K_μ+λI)⁻¹y (Eq. (9)).
//
// Algorithm 1 as run here, from μ_init = μ0 + Λ·1/‖1‖_q:
//
//	repeat
//	   μ' ← μ − η∇F(μ);  μ'_k ← max(0, μ'_k)
//	   rescale μ' ← μ0 + Λ(μ'−μ0)/‖μ'−μ0‖_q   (then clip and rescale again, ≤ 10 passes,
//	                                        and a final clip: μ' is always in M)
//	   if F(μ') > F(μ): η ← 0.8η and retry   (PaperStepRule: if ‖μ'−μ‖ grew
//	                                          since the last step instead)
//	until ‖μ'−μ‖ < ε
//
// The paper's rule makes the step lengths non-increasing, so the run stops
// wherever the path has to speed up: from a start below μ0 it can stop on
// the sphere short of the minimum (F 0.2–1 % above it on two-kernel
// problems of the tests), which the default rule reaches. Either rule
// moves on the sphere ‖μ − μ0‖_q = Λ, which is not convex: it can also
// end at a local minimum of F on the sphere, where −∇F points into M_q;
// Projection Euclidean moves through M_q and has no such points.
//
// Degree 1 is the learned linear combination (L2-regularised kernel learning
// of Cortes et al. 2009, UAI; Table 1 "lin. ℓ1 / ℓ2"); Radius 0 fixes μ = μ0
// and gives the uniform baselines ("base").
//
// The zero value is usable except for Lambda. Copying an Regressor clones it.
type Regressor struct {
	// Degree d ≥ 1 of the combination; 0 selects 2, Eq. (4).
	Degree int
	// Lambda is the ridge λ > 0 of Eq. (5); values ≤ 0 are an error.
	Lambda float64
	// Norm selects M_2 (L2, the default) or M_1 (L1).
	Norm Norm
	// Mu0 is the offset μ0 ≥ 0; nil selects the all-ones vector used in
	// every experiment of the paper (the uniform baseline weights).
	Mu0 []float64
	// Radius is Λ ≥ 0. Radius 0 fixes μ = μ0 (no learning: the uniform
	// baseline when Mu0 is nil).
	Radius float64
	// Eta0 is the initial step η ∈ (0, 1]; 0 selects 1, as in the paper.
	Eta0 float64
	// Eps is the stopping tolerance ε on ‖μ'−μ‖_q; 0 selects Settings.Tol if
	// set, else 1e−4·max(1, ‖μ_init‖_q).
	Eps float64
	// PaperStepRule, when true, shrinks η only when the step length grows
	// (the paper's rule, Section 4.1) and accepts steps that increase F.
	// By default a step that increases F is rejected instead (F decreases
	// monotonically along the iterations) and the step length may grow.
	PaperStepRule bool
	// LineSearch chooses η by a simple line search, which Section 3 of the
	// paper allows instead of the fixed schedule: after an accepted step η
	// doubles for the next trial (up to 1e6·Eta0), and a trial step that
	// increases F halves it. The test on the step length is not applied.
	// The stopping rule ‖μ'−μ‖ < ε is unchanged. It needs far fewer steps
	// when F is flat (large λ, where ∇F = O(1/λ²) makes unit steps tiny).
	LineSearch bool
	// Projection is Algorithm 1's normalize step: Radial (the default, as
	// printed) or Euclidean (the exact projection onto M).
	Projection Projection
	// Init, if non-nil, is the starting point (a warm start, e.g. the
	// weights learned on a neighbouring split or grid point); it is mapped
	// into M by the normalisation step of Algorithm 1. nil selects
	// μ_init = μ0 + Λ·1/‖1‖_q.
	Init []float64
	// Settings holds MaxIter (0 selects 200) and a Recorder called after
	// every accepted step with Iteration{Iter, F, Gap: ‖μ'−μ‖, X: μ'}.
	Settings opt.Settings
}

// Model is a fitted Regressor.
type Model struct {
	// mu holds the learned weights μ; see Weights.
	mu []float64
	// Alpha holds the dual coefficients α = (K_μ+λI)⁻¹y, Eq. (9).
	Alpha []float64
	// Degree and Lambda are the values used.
	Degree int
	Lambda float64
	// F is the objective F(μ) at Mu.
	F float64
	// Trace holds F at the initial point and after every accepted step.
	Trace []float64
	// Iterations counts accepted gradient steps; Evaluations counts
	// objective evaluations (one Cholesky factorisation each).
	Iterations, Evaluations int
	// Status says why Algorithm 1 stopped (Success: ‖μ'−μ‖ < ε).
	Status opt.Status

	features *featureBases // training features for Predict, if fitted by Fit
}

// FitGrams runs Algorithm 1 on the base kernels Ks (each n×n) and targets y.
func (r Regressor) FitGrams(Ks []*mat.SymDense, y []float64) (*Model, error) {
	b, err := newGramBases(Ks, -1)
	if err != nil {
		return nil, err
	}
	return r.fit(b, y)
}

// Fit runs Algorithm 1 with the feature-product base kernels
// [K_k]_ij = X_ik·X_jk, one per column of X (n×p), as in every experiment of
// Section 4 of Cortes et al. (2009), without forming the p Gram matrices:
// dense features go through BLAS and sparse ones (n-gram counts) cost
// Σ_k nnz_k² per pass. It equals FitGrams(kernel.FeatureGrams(X), y).
func (r Regressor) Fit(X mat.Matrix, y []float64) (*Model, error) {
	if _, _, err := klearn.CheckMatrix("nkrr: X", X); err != nil {
		return nil, err
	}
	fb := newFeatureBases(X)
	m, err := r.fit(fb, y)
	if err != nil {
		return nil, err
	}
	m.features = fb
	return m, nil
}

func (r Regressor) fit(b bases, y []float64) (*Model, error) {
	n, p := b.dims()
	d, err := checkProblem(y, n, r.Lambda, r.Degree)
	if err != nil {
		return nil, err
	}
	if r.Norm != L1 && r.Norm != L2 {
		return nil, klearn.Errorf(klearn.ErrParam, "nkrr: Regressor: unknown Norm %d", int(r.Norm))
	}
	if r.Projection != Radial && r.Projection != Euclidean {
		return nil, klearn.Errorf(klearn.ErrParam, "nkrr: Regressor: unknown Projection %d", int(r.Projection))
	}
	if err := klearn.CheckParam("nkrr: Regressor: Radius", r.Radius, 0, math.MaxFloat64); err != nil {
		return nil, err
	}
	eta := r.Eta0
	if eta == 0 {
		eta = 1
	}
	eta0 := eta
	if err := klearn.CheckParam("nkrr: Regressor: Eta0", eta, math.SmallestNonzeroFloat64, 1); err != nil {
		return nil, err
	}
	if err := klearn.CheckParam("nkrr: Regressor: Eps", r.Eps, 0, math.MaxFloat64); err != nil {
		return nil, err
	}
	mu0 := make([]float64, p)
	if r.Mu0 == nil {
		for k := range mu0 {
			mu0[k] = 1
		}
	} else {
		if len(r.Mu0) != p {
			return nil, klearn.Errorf(klearn.ErrShape, "nkrr: Regressor: Mu0 has %d entries for %d base kernels", len(r.Mu0), p)
		}
		if err := klearn.CheckVector("nkrr: Regressor: Mu0", r.Mu0); err != nil {
			return nil, err
		}
		for k, v := range r.Mu0 {
			if v < 0 {
				return nil, klearn.Errorf(klearn.ErrParam, "nkrr: Regressor: Mu0[%d] = %v, want ≥ 0", k, v)
			}
		}
		copy(mu0, r.Mu0)
	}
	maxIter, eps := 200, r.Eps
	var rec opt.Recorder
	{
		s := r.Settings
		if s.MaxIter < 0 {
			return nil, klearn.Errorf(klearn.ErrParam, "nkrr: Regressor: MaxIter = %d, want ≥ 0", s.MaxIter)
		}
		if s.MaxIter > 0 {
			maxIter = s.MaxIter
		}
		if err := klearn.CheckParam("nkrr: Regressor: Settings.Tol", s.Tol, 0, math.MaxFloat64); err != nil {
			return nil, err
		}
		if eps == 0 {
			eps = s.Tol
		}
		rec = s.Recorder
	}

	e := newEvaluator(b, y, r.Lambda, d)
	lam := r.Radius
	q := r.Norm
	// μ_init = μ0 + Λ·1/‖1‖_q: the uniform direction on the boundary.
	mu := make([]float64, p)
	step := lam / q.norm(nkOnes(p))
	for k := range mu {
		mu[k] = mu0[k] + step
	}
	if r.Init != nil && lam > 0 {
		if len(r.Init) != p {
			return nil, klearn.Errorf(klearn.ErrShape, "nkrr: Regressor: Init has %d entries for %d base kernels", len(r.Init), p)
		}
		if err := klearn.CheckVector("nkrr: Regressor: Init", r.Init); err != nil {
			return nil, err
		}
		copy(mu, r.Init)
		r.Projection.project(mu, mu0, lam, q)
	}
	if eps == 0 {
		eps = 1e-4 * math.Max(1, q.norm(mu))
	}
	f, alpha, err := e.at(mu)
	if err != nil {
		return nil, err
	}
	m := &Model{Degree: d, Lambda: r.Lambda, Trace: []float64{f}, Evaluations: 1}
	if lam == 0 {
		m.mu, m.Alpha, m.F, m.Status = mu, alpha, f, opt.Success
		return m, nil
	}

	g := make([]float64, p)
	trial := make([]float64, p)
	diff := make([]float64, p)
	prevStep := math.Inf(1)
	status := opt.IterationLimit
iterations:
	for it := 0; it < maxIter; it++ {
		e.grad(alpha, g)
		for {
			for k := range trial {
				trial[k] = mu[k] - eta*g[k]
			}
			r.Projection.project(trial, mu0, lam, q)
			for k := range diff {
				diff[k] = trial[k] - mu[k]
			}
			stepLen := q.norm(diff)
			if stepLen < eps {
				status = opt.Success
				break iterations
			}
			if r.PaperStepRule && !r.LineSearch && stepLen > prevStep {
				eta *= 0.8
				continue
			}
			ft, at, err := e.at(trial)
			m.Evaluations++
			if err != nil {
				return nil, err
			}
			if r.LineSearch && ft > f {
				eta *= 0.5
				continue
			}
			if !r.PaperStepRule && ft > f {
				eta *= 0.8
				continue
			}
			copy(mu, trial)
			f, alpha, prevStep = ft, at, stepLen
			if r.LineSearch {
				eta = math.Min(2*eta, 1e6*eta0)
			}
			m.Iterations++
			m.Trace = append(m.Trace, f)
			if rec != nil {
				if err := rec.Record(opt.Iteration{Iter: m.Iterations, F: f, Gap: stepLen, X: mu}); err != nil {
					m.mu, m.Alpha, m.F, m.Status = mu, alpha, f, opt.RecorderStop
					return m, err
				}
			}
			break
		}
	}
	m.mu, m.Alpha, m.F, m.Status = mu, alpha, f, status
	return m, nil
}

func nkOnes(p int) []float64 {
	v := make([]float64, p)
	for k := range v {
		v[k] = 1
	}
	return v
}

// projectRadial maps v onto the boundary ‖v − μ0‖_q = Λ of M_q in the way of
// Algorithm 1 of Cortes et al. (2009): clip to v ≥ 0, rescale radially about
// μ0, and repeat while the rescaling creates negative entries (at most 10
// passes). A final clip keeps v ≥ 0; clipping only moves
// entries towards μ0 ≥ 0, so ‖v − μ0‖_q ≤ Λ still holds and v ∈ M_q.
func projectRadial(v, mu0 []float64, lam float64, q Norm) {
	diff := make([]float64, len(v))
	for pass := 0; pass < 10; pass++ {
		neg := false
		for k := range v {
			if v[k] < 0 {
				v[k] = 0
			}
			diff[k] = v[k] - mu0[k]
		}
		nr := q.norm(diff)
		if math.IsInf(nr, 0) || (nr == 0 && slices.ContainsFunc(diff, func(x float64) bool { return x != 0 })) {
			// The norm over- or underflowed: scale the direction by its
			// largest entry first (the unit direction is the same).
			var m float64
			for _, x := range diff {
				m = math.Max(m, math.Abs(x))
			}
			for k := range diff {
				diff[k] /= m
			}
			nr = q.norm(diff)
		}
		if nr == 0 {
			// No direction to rescale along: take the uniform one.
			for k := range diff {
				diff[k] = 1
			}
			nr = q.norm(diff)
		}
		for k := range v {
			v[k] = mu0[k] + lam*diff[k]/nr
			if v[k] < 0 {
				neg = true
			}
		}
		if !neg {
			return
		}
	}
	for k := range v {
		if v[k] < 0 {
			v[k] = 0
		}
	}
}

// ProjectRadial returns the point of Algorithm 1's "normalize" step for v:
// the clip-and-rescale map onto {μ ≥ 0, ‖μ − μ0‖_q = Λ} described at Regressor
// (exactly on the sphere unless clipping had to cut it, in which case inside
// M_q). It does not modify its arguments.
func ProjectRadial(v, mu0 []float64, radius float64, q Norm) ([]float64, error) {
	return Radial.checked("ProjectRadial", v, mu0, radius, q)
}

// Weights returns a copy of the learned weights μ.
func (m *Model) Weights() []float64 {
	if m == nil {
		return nil
	}
	return slices.Clone(m.mu)
}

// Combine returns the learned kernel K_μ = (Σ_k μ_k K_k)^{∘d} (Eqs. (3)–(4)
// with the multinomial coefficients) for training base kernels Ks.
func (m *Model) Combine(Ks []*mat.SymDense) (*mat.SymDense, error) {
	if m == nil || m.mu == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "nkrr: Model")
	}
	K, err := kernel.Combine(m.mu, Ks)
	if err != nil {
		return nil, err
	}
	return kernel.HadamardPower(K, m.Degree)
}

// CombineCross returns (Σ_k μ_k Kte_k)^{∘d} for test×train base kernels.
func (m *Model) CombineCross(Kte []*mat.Dense) (*mat.Dense, error) {
	if m == nil || m.mu == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "nkrr: Model")
	}
	K, err := kernel.CombineCross(m.mu, Kte)
	if err != nil {
		return nil, err
	}
	nkPow(K, m.Degree)
	return K, nil
}

// DecisionGrams is PredictGrams: the regression values h(x).
func (m *Model) DecisionGrams(Kte []*mat.Dense) ([]float64, error) { return m.PredictGrams(Kte) }

// PredictGrams returns h(x) = Σ_i α_i K_μ(x_i, x) for test points given by
// their test×train base kernels Kte (one per base kernel, rows = test points,
// in the order of the training Ks), with K_μ = (Σ_k μ_k Kte_k)^{∘d}.
func (m *Model) PredictGrams(Kte []*mat.Dense) ([]float64, error) {
	if m == nil || m.Alpha == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "nkrr: Model")
	}
	if len(Kte) != len(m.mu) {
		return nil, klearn.Errorf(klearn.ErrShape, "nkrr: %d test kernels for %d base kernels", len(Kte), len(m.mu))
	}
	K, err := kernel.CombineCross(m.mu, Kte)
	if err != nil {
		return nil, err
	}
	if _, c := K.Dims(); c != len(m.Alpha) {
		return nil, klearn.Errorf(klearn.ErrShape, "nkrr: test kernels have %d columns for %d training points", c, len(m.Alpha))
	}
	return m.apply(K), nil
}

// Predict returns predictions for the rows of X with a model fitted by
// Fit (the feature-product base kernels of the training features).
// It implements klearn.Predictor.
func (m *Model) Predict(X mat.Matrix) ([]float64, error) {
	if m == nil || m.Alpha == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "nkrr: Model")
	}
	if m.features == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "nkrr: Model.Predict needs a model fitted by Fit; use PredictGrams")
	}
	_, p, err := klearn.CheckMatrix("nkrr: X", X)
	if err != nil {
		return nil, err
	}
	if p != m.features.p {
		return nil, klearn.Errorf(klearn.ErrShape, "nkrr: X has %d features, the model %d", p, m.features.p)
	}
	return m.apply(m.features.cross(X, m.mu)), nil
}

// apply returns K^{∘d}α for the test×train combination K = Σ_k μ_k Kte_k
// (overwriting K): the predictor h(x) = Σ_i α_i K_μ(x_i, x) of Eq. (9).
func (m *Model) apply(K *mat.Dense) []float64 {
	nkPow(K, m.Degree)
	return nkMulVec(K, m.Alpha)
}

// nkPow raises every entry of K to the power d in place.
func nkPow(K *mat.Dense, d int) {
	raw := K.RawMatrix()
	for i := 0; i < raw.Rows; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+raw.Cols]
		for j, v := range row {
			row[j] = nkIpow(v, d)
		}
	}
}

func nkMulVec(K *mat.Dense, a []float64) []float64 {
	r, _ := K.Dims()
	out := mat.NewVecDense(r, nil)
	out.MulVec(K, mat.NewVecDense(len(a), a))
	return out.RawVector().Data
}
