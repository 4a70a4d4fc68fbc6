package lpmkl

import (
	"math"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/internal/wrapper"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
	"gonum.org/v1/gonum/mat"
)

// Defaults of LpMKL.
const (
	// DefaultTol is the default Settings.Tol of LpMKL (relative
	// duality gap).
	DefaultTol = 1e-3
	// DefaultMaxIter is the default Settings.MaxIter (weight updates;
	// 100, as Afkanpour et al. (2013) run it).
	DefaultMaxIter = 100
	// DefaultStepTol is the default StepTol: stop when ‖θ_{t+1} − θ_t‖₂
	// < 1e-4.
	DefaultStepTol = 1e-4
)

// Learner is ℓp-norm MKL: it learns a non-negative combination K_θ = Σ_m θ_m K_m with
// ‖θ‖_p ≤ 1 together with a C-SVM: the ℓp-norm MKL of Kloft, Brefeld,
// Sonnenburg & Zien (2011), "ℓp-Norm Multiple Kernel Learning", JMLR
// 12:953–997 (the D1 (p = 1) and D2 (p = 2) baselines of
// Afkanpour et al. 2013):
//
//	min_{θ ≥ 0, ‖θ‖_p ≤ 1} J(θ),
//	J(θ) = max_α Σ_i α_i − ½ Σ_ij α_iα_j y_iy_j Σ_m θ_m K_m(i, j)
//	       s.t. 0 ≤ α_i ≤ C, Σ_i α_i y_i = 0,
//
// equivalently the primal min ½ Σ_m ‖w_m‖²/θ_m + C Σ_i ξ_i. It alternates
// (their wrapper approach with the "analytical update" of the kernel
// weights) (a) the SVM on K_θ and (b) the analytic minimiser over θ of the
// primal for fixed w:
//
//	‖w_m‖² = θ_m² αᵀY K_m Yα,
//	θ_m = ‖w_m‖^{2/(p+1)} / (Σ_{m'} ‖w_{m'}‖^{2p/(p+1)})^{1/p},
//
// which keeps ‖θ‖_p = 1; each step decreases the primal, so J(θ_t) is
// non-increasing (up to the SVM tolerance). The start is θ_m = M^{−1/p}.
// With S_m = αᵀYK_mYα and the dual exponent p* = p/(p−1), the dual
// objective Σ_i α_i − ½‖S‖_{p*} (Section 4 of Kloft et al.) gives the
// relative duality gap
//
//	[J(θ) − (Σ_i α_i − ½‖S‖_{p*})] / J(θ) = ½(‖S‖_{p*} − Σ_m θ_m S_m)/J(θ) ≥ 0
//
// (Hölder); it is zero exactly when θ_m ∝ S_m^{1/(p−1)} (p > 1). The
// solver stops when the gap is ≤ Settings.Tol, when ‖θ_{t+1} − θ_t‖₂ <
// StepTol, or after Settings.MaxIter updates.
//
// p = 1 is sparse MKL (the SimpleMKL problem; the multiplicative update
// θ_m ← θ_m√S_m / Σ θ_{m'}√S_{m'} converges slowly, use SimpleMKL for
// it); p = 2 gives non-sparse weights; p = +Inf gives θ = 1 (the uniform
// sum, one SVM). Kloft et al. normalise the base kernels (unit trace,
// kernel.TraceNormalize, or spherical).
//
// The gap is computed from the SVM solution α, so it certifies θ only when
// that SVM converged: if the last inner SVM (the one the model keeps) stopped
// at its SMO iteration cap (SVMMaxIter, or svm's default), a met stopping
// rule is reported as opt.IterationLimit, not opt.Success.
//
// Copying an LpMKL clones it. P must be set (≥ 1); C = 0 means C = 1.
type Learner struct {
	// P is the norm p ∈ [1, +Inf] on θ. Values below 1 (including the zero
	// value) and NaN are errors.
	P float64
	// C is the SVM box constraint. If 0, it defaults to 1.
	C float64
	// NoBias solves the SVM without bias (svm.Classifier.NoBias).
	NoBias bool
	// SVMTol is the stopping tolerance of the inner SVM solver. If 0, it
	// defaults to mkl.DefaultSVMTol.
	SVMTol float64
	// SVMMaxIter caps the SMO iterations of each inner SVM solve
	// (svm.Classifier.MaxIter; 0: svm's default max(10⁷, 100n)).
	SVMMaxIter int
	// StepTol stops the iterations when ‖θ_{t+1} − θ_t‖₂ < StepTol. If 0,
	// it defaults to DefaultStepTol; a negative value disables it.
	StepTol float64
	// Settings: Tol is the relative duality gap (default DefaultTol),
	// MaxIter the number of θ updates (default DefaultMaxIter); the
	// Recorder sees every iteration with F = J(θ), Gap = the relative gap
	// and X = θ.
	Settings opt.Settings
}

// Model is a fitted ℓp-norm MKL model.
type Model struct {
	// weights are θ (θ ≥ 0, ‖θ‖_p = 1); see Weights.
	weights []float64
	// P is the norm used.
	P float64
	// SVM is the C-SVM trained on K_θ = Σ_m θ_m K_m.
	SVM *svm.Model
	// Objective is J(θ) at Weights; Gap the relative duality gap there.
	Objective, Gap float64
	// Norms are S_m = αᵀYK_mYα at Weights (‖w_m‖² = θ_m² S_m).
	Norms []float64
	// Objectives and Gaps hold J(θ_t) and the relative duality gap of every
	// iterate t = 0 … Iterations. Objectives is non-increasing up to the
	// SVM tolerance.
	Objectives, Gaps []float64
	// Iterations is the number of θ updates (Iterations + 1 SVM solves).
	Iterations int
	// Status: opt.Success (gap or step rule met with the final SVM
	// converged), opt.IterationLimit (MaxIter updates, or a rule met while
	// the final SVM stopped at its iteration cap) or opt.RecorderStop.
	Status opt.Status
}

// FitGrams runs ℓp-norm MKL on the base Gram matrices Ks (all n×n, finite)
// with labels y ∈ {±1}ⁿ. Errors wrap ErrEmpty, ErrShape, ErrNotFinite,
// ErrLabels, ErrOneClass, ErrParam or ErrSingular (all ‖w_m‖ = 0); an error
// returned by the Recorder is returned with the model reached so far.
func (l Learner) FitGrams(Ks []*mat.SymDense, y []float64) (*Model, error) {
	const who = "lpmkl"
	p := l.P
	if math.IsNaN(p) || p < 1 {
		return nil, klearn.Errorf(klearn.ErrParam, "lpmkl: P = %v, want p ≥ 1 (or +Inf)", p)
	}
	if _, err := wrapper.CheckInputs(who, Ks, y); err != nil {
		return nil, err
	}
	cls, err := wrapper.Classifier(who, l.C, l.SVMTol, l.SVMMaxIter, l.NoBias)
	if err != nil {
		return nil, err
	}
	tol, maxIter, err := wrapper.Settings(who, l.Settings, DefaultTol, DefaultMaxIter)
	if err != nil {
		return nil, err
	}
	stepTol := l.StepTol
	if stepTol == 0 {
		stepTol = DefaultStepTol
	}
	if math.IsNaN(stepTol) {
		return nil, klearn.Errorf(klearn.ErrParam, "lpmkl: StepTol is NaN")
	}

	M := len(Ks)
	theta := make([]float64, M)
	for m := range theta {
		theta[m] = math.Pow(float64(M), -1/p) // 1 for p = +Inf
	}
	mdl := &Model{P: p}
	step := math.Inf(1)
	for iter := 0; ; iter++ {
		model, J, err := wrapper.Solve(who, cls, theta, Ks, y)
		if err != nil {
			return nil, err
		}
		S := wrapper.Norms(Ks, model)
		gap := wrapper.RelGap(J, wrapper.Sum(model.Alpha()), lpmklDualNorm(S, p))
		mdl.weights, mdl.SVM, mdl.Objective, mdl.Gap, mdl.Norms, mdl.Iterations = theta, model, J, gap, S, iter
		mdl.Objectives = append(mdl.Objectives, J)
		mdl.Gaps = append(mdl.Gaps, gap)
		if r := l.Settings.Recorder; r != nil {
			if err := r.Record(opt.Iteration{Iter: iter, F: J, Gap: gap, X: append([]float64(nil), theta...)}); err != nil {
				mdl.Status = opt.RecorderStop
				return mdl, err
			}
		}
		switch {
		case gap <= tol || step < stepTol || math.IsInf(p, 1):
			mdl.Status = wrapper.Status(opt.Success, model)
			return mdl, nil
		case iter >= maxIter:
			mdl.Status = opt.IterationLimit
			return mdl, nil
		}
		next, err := Update(theta, S, p)
		if err != nil {
			return nil, err
		}
		var d2 float64
		for m := range next {
			d2 += (next[m] - theta[m]) * (next[m] - theta[m])
		}
		step = math.Sqrt(d2)
		theta = next
	}
}

// Update returns the analytical weight update of ℓp-norm MKL (Kloft
// et al. 2011) for the current weights θ and
// S_m = αᵀYK_mYα:
//
//	‖w_m‖ = θ_m √S_m,   θ'_m = ‖w_m‖^{2/(p+1)} / (Σ_{m'} ‖w_{m'}‖^{2p/(p+1)})^{1/p},
//
// so ‖θ'‖_p = 1. For p = +Inf it returns θ' = 1. The update is invariant
// to a common scale of the ‖w_m‖, which are divided by their maximum first.
// Errors: ErrShape, ErrParam (p < 1), ErrNotFinite, ErrSingular (all
// ‖w_m‖ = 0).
func Update(theta, S []float64, p float64) ([]float64, error) {
	if len(theta) != len(S) || len(theta) == 0 {
		return nil, klearn.Errorf(klearn.ErrShape, "lpmkl: Update: %d weights and %d norms", len(theta), len(S))
	}
	if math.IsNaN(p) || p < 1 {
		return nil, klearn.Errorf(klearn.ErrParam, "lpmkl: Update: p = %v, want ≥ 1", p)
	}
	var tmax, smax float64
	for m := range S {
		if math.IsNaN(S[m]) || math.IsInf(S[m], 0) || math.IsNaN(theta[m]) || math.IsInf(theta[m], 0) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "lpmkl: Update: θ[%d] = %v, S[%d] = %v", m, theta[m], m, S[m])
		}
		tmax, smax = math.Max(tmax, math.Abs(theta[m])), math.Max(smax, S[m])
	}
	// ‖w_m‖ of θ/max|θ| and S/max S: the same update, with no product
	// that overflows.
	w := make([]float64, len(S))
	var wmax float64
	for m := range S {
		if tmax > 0 && smax > 0 {
			w[m] = math.Abs(theta[m]) / tmax * math.Sqrt(math.Max(S[m], 0)/smax)
		}
		wmax = math.Max(wmax, w[m])
	}
	if !(wmax > 0) {
		return nil, klearn.Errorf(klearn.ErrSingular, "lpmkl: Update: all block norms ‖w_m‖ are zero")
	}
	out := make([]float64, len(S))
	if math.IsInf(p, 1) {
		for m := range out {
			out[m] = 1
		}
		return out, nil
	}
	var den float64
	for m := range w {
		w[m] /= wmax
		den += math.Pow(w[m], 2*p/(p+1))
	}
	den = math.Pow(den, 1/p)
	for m := range w {
		out[m] = math.Pow(w[m], 2/(p+1)) / den
	}
	return out, nil
}

// lpmklDualNorm returns ‖S‖_{p*}, p* = p/(p−1) (max for p = 1, sum for
// p = +Inf), computed with S scaled by its maximum.
func lpmklDualNorm(S []float64, p float64) float64 {
	smax := 0.0
	for _, v := range S {
		smax = math.Max(smax, math.Abs(v))
	}
	switch {
	case smax == 0:
		return 0
	case p == 1:
		return smax
	case math.IsInf(p, 1):
		var s float64
		for _, v := range S {
			s += math.Abs(v)
		}
		return s
	}
	q := p / (p - 1)
	var s float64
	for _, v := range S {
		s += math.Pow(math.Abs(v)/smax, q)
	}
	return smax * math.Pow(s, 1/q)
}

// DecisionGrams returns f(x) = Σ_i α_iy_i Σ_m θ_m K_m(x, x_i) + b for the
// test×train base kernels Kte (one per base kernel, in training order).
func (m *Model) DecisionGrams(Kte []*mat.Dense) ([]float64, error) {
	return m.combination().DecisionGrams(Kte)
}

// PredictGrams returns the predicted labels sign(f(x)) ∈ {±1}.
func (m *Model) PredictGrams(Kte []*mat.Dense) ([]float64, error) {
	return m.combination().PredictGrams(Kte)
}

// Combine returns K_θ = Σ_m θ_m K_m for training base kernels Ks.
func (m *Model) Combine(Ks []*mat.SymDense) (*mat.SymDense, error) {
	return m.combination().Combine(Ks)
}

// CombineCross returns Σ_m θ_m K_m for test×train base kernels Kte.
func (m *Model) CombineCross(Kte []*mat.Dense) (*mat.Dense, error) {
	return m.combination().CombineCross(Kte)
}

// Weights returns a copy of θ (θ ≥ 0, ‖θ‖_p = 1).
func (m *Model) Weights() []float64 { return m.combination().Weights() }

func (m *Model) combination() mkl.WeightedSVM {
	if m == nil {
		return mkl.WeightedSVM{Who: "lpmkl: Model"}
	}
	return mkl.WeightedSVM{Who: "lpmkl: Model", W: m.weights, SVM: m.SVM}
}

var _ mkl.Learner[*Model] = Learner{}
