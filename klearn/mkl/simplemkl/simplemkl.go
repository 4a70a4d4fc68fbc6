package simplemkl

import (
	"math"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/internal/wrapper"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
	"gonum.org/v1/gonum/mat"
)

// Defaults of SimpleMKL.
const (
	// DefaultTol is the default Settings.Tol of SimpleMKL: the
	// relative duality gap at which it stops (seuildualitygap = 0.01 of the
	// SimpleMKL toolbox and of the experiments of Rakotomamonjy et al. 2008,
	// Section 5).
	DefaultTol = 0.01
	// DefaultMaxIter is the default Settings.MaxIter (descent
	// steps; nbitermax = 500 of the toolbox).
	DefaultMaxIter = 500
	// DefaultGoldenTol is the default relative precision of the
	// golden-section line search (goldensearch_deltmax = 0.1 of the toolbox).
	DefaultGoldenTol = 0.1
	// simpleMKLZero is the weight below which a kernel weight is set to zero
	// (numericalprecision = 1e-8 of the toolbox).
	simpleMKLZero = 1e-8
)

// Learner is SimpleMKL: it learns a convex combination K_d = Σ_m d_m K_m of base kernels
// together with a C-SVM by the SimpleMKL algorithm of Rakotomamonjy, Bach,
// Canu & Grandvalet (2008), "simplemkl", JMLR 9:2491–2521:
//
//	min_{d ∈ Δ} J(d),   Δ = {d ≥ 0, Σ_m d_m = 1},
//	J(d) = max_α Σ_i α_i − ½ Σ_ij α_iα_j y_iy_j Σ_m d_m K_m(i, j)
//	       s.t. 0 ≤ α_i ≤ C, Σ_i α_i y_i = 0,
//
// i.e. J(d) is the optimal value of the SVM dual with kernel K_d (Section
// 2 of the paper; here J = −svm.Model.Objective()). J is convex and
// differentiable (Section 3.1) with
//
//	∂J/∂d_m = −½ Σ_ij α*_iα*_j y_iy_j K_m(i, j)
//
// at the SVM solution α*. Each iteration of Algorithm 1 of the paper:
//
//  1. with μ = argmax_m d_m, the reduced-gradient descent direction
//     (Section 3.1)
//     D_m = 0                          if d_m = 0 and ∂J/∂d_m − ∂J/∂d_μ > 0,
//     D_m = −(∂J/∂d_m − ∂J/∂d_μ)       otherwise, m ≠ μ,
//     D_μ = −Σ_{m≠μ} D_m;
//     (the zero-weight kernels with a smaller gradient than d_μ's enter,
//     as in the toolbox's mklsvmupdate.m);
//  2. the maximal admissible step γ_max = min_{D_m<0} −d_m/D_m, which zeroes
//     the weight d_ν: while J(d + γ_max D) < J(d) the step is taken, d_ν is
//     set to 0, the direction is recomputed on the new face and γ_max
//     updated;
//  3. a golden-section line search of J(d + γD) on [0, γ_max] (relative
//     precision GoldenTol), keeping the best point found (never worse than
//     γ = 0).
//
// It stops when the relative duality gap (Section 3 of the paper)
//
//	[J(d) − (Σ_i α_i − ½ max_m Σ_ij α_iα_j y_iy_j K_m(i, j))] / J(d) ≤ Tol,
//
// the test of the toolbox's mklsvm.m (0.01 by default); the gap equals
// Σ_m d_m ∂J/∂d_m − min_m ∂J/∂d_m, the Frank–Wolfe gap of J on the simplex,
// so it bounds J(d) − J(d*) up to the SVM tolerance. Optionally (KKTTol > 0)
// it also stops on the approximate KKT conditions of the toolbox:
// |max_{d_m>0} ∂J/∂d_m − min_{d_m>0} ∂J/∂d_m| ≤ KKTTol·|min_{d_m>0} ∂J/∂d_m|
// and ∂J/∂d_m ≥ max_{d_m>0} ∂J/∂d_m on the zero weights. If a descent step
// cannot decrease J (all golden-section points lie beyond a very short
// optimal step, or round-off of the SVM solutions near the optimum), the
// step is retried with the line-search precision refined by 10, down to
// 1e-8, as the toolbox does; if even then J does not decrease the solver
// stops with Status opt.FunctionConvergence. Weights below
// 1e-8 are set to zero and the rest renormalised (the toolbox's
// numericalprecision). The gap and the gradient come from the SVM solution
// α at d, so they certify d only when that SVM converged: if the SVM the
// model keeps stopped at its SMO iteration cap (SVMMaxIter, or svm's
// default), a met gap or KKT test is reported as opt.IterationLimit, not
// opt.Success.
//
// Cost. Every trial point of step 2–3 lies on d + γD, so its Gram is K_d
// + γ·K_D with K_D = Σ_m D_m K_m, built once per direction (and updated in
// two kernels when a weight drops on the same face); each SVM starts from
// the current α, as the toolbox's line search does. A descent step thus
// reads the base kernels twice (the gradient's S_m and K_D) rather than
// once per trial point (BenchmarkSimpleMKL, BENCHMARKS.md).
//
// The start is d_m = 1/M. Base kernels of one kind are usually normalised
// to unit trace (kernel.TraceNormalize, the toolbox default), with the test
// kernels scaled by the same factors 1/tr(K_m). The weights d_m depend on
// that scaling: kernels of different kinds at different scales get
// different optima (Colbert & Peet 2020 do not state theirs).
//
// Copying a SimpleMKL clones it; the zero value is usable (C = 1).
type Learner struct {
	// C is the SVM box constraint. If 0, it defaults to 1.
	C float64
	// NoBias solves the SVM without bias (svm.Classifier.NoBias); J and its
	// gradient keep the formulas above without the constraint Σα_iy_i = 0.
	NoBias bool
	// SVMTol is the stopping tolerance of the inner SVM solver. If 0, it
	// defaults to mkl.DefaultSVMTol.
	SVMTol float64
	// SVMMaxIter caps the SMO iterations of each inner SVM solve
	// (svm.Classifier.MaxIter; 0: svm's default max(10⁷, 100n)).
	SVMMaxIter int
	// GoldenTol is the relative precision of the golden-section line
	// search: it stops when the bracket is shorter than GoldenTol·γ_max.
	// If 0, it defaults to DefaultGoldenTol.
	GoldenTol float64
	// KKTTol, if positive, enables the toolbox's approximate KKT stopping
	// test (see above) besides the duality gap. 0 disables it.
	KKTTol float64
	// Init, if not nil, is the starting weight vector d⁰ (one entry per
	// kernel, ≥ 0, not all 0; scaled to sum to 1). nil starts from the
	// uniform weights 1/M, as the toolbox does. Along a grid of C, each C
	// started from the previous C's Weights reaches the same optimum J* in
	// fewer descent steps (a warm start).
	Init []float64
	// Settings: Tol is the relative duality gap (default
	// DefaultTol), MaxIter the number of descent steps (default
	// DefaultMaxIter); the Recorder sees every iteration with F =
	// J(d), Gap = the relative duality gap and X = d.
	Settings opt.Settings
}

// Model is a fitted SimpleMKL model.
type Model struct {
	// weights are the kernel weights d (d ≥ 0, Σ d = 1); see Weights.
	weights []float64
	// SVM is the C-SVM trained on K_d = Σ_m d_m K_m.
	SVM *svm.Model
	// Objective is J(d) at Weights (the optimal SVM dual value, > 0).
	Objective float64
	// Gradient is ∂J/∂d_m at Weights.
	Gradient []float64
	// Gap is the relative duality gap at Weights.
	Gap float64
	// Objectives and Gaps hold J(d) and the relative duality gap at the
	// start of every iteration and at the end (len = Iterations + 1).
	// Objectives is non-increasing.
	Objectives, Gaps []float64
	// Iterations is the number of descent steps; SVMSolves the number of
	// SVM problems solved.
	Iterations, SVMSolves int
	// Status says why the solver stopped: opt.Success (duality gap or KKT
	// test met, the SVM at Weights converged), opt.IterationLimit (MaxIter
	// descent steps, or a test met while the SVM at Weights stopped at its
	// iteration cap), opt.FunctionConvergence (no further decrease
	// possible) or opt.RecorderStop.
	Status opt.Status
}

// FitGrams runs SimpleMKL on the base Gram matrices Ks (all n×n, finite)
// with labels y ∈ {±1}ⁿ. Errors wrap ErrEmpty, ErrShape, ErrNotFinite,
// ErrLabels, ErrOneClass or ErrParam; an error returned by the Recorder is
// returned with the model reached so far (Status opt.RecorderStop).
func (s Learner) FitGrams(Ks []*mat.SymDense, y []float64) (*Model, error) {
	const who = "simplemkl"
	if _, err := wrapper.CheckInputs(who, Ks, y); err != nil {
		return nil, err
	}
	cls, err := wrapper.Classifier(who, s.C, s.SVMTol, s.SVMMaxIter, s.NoBias)
	if err != nil {
		return nil, err
	}
	tol, maxIter, err := wrapper.Settings(who, s.Settings, DefaultTol, DefaultMaxIter)
	if err != nil {
		return nil, err
	}
	golden := s.GoldenTol
	if golden == 0 {
		golden = DefaultGoldenTol
	}
	if err := klearn.CheckParam("simplemkl: GoldenTol", golden, 1e-12, 1); err != nil {
		return nil, err
	}
	if err := klearn.CheckParam("simplemkl: KKTTol", s.KKTTol, 0, math.MaxFloat64); err != nil {
		return nil, err
	}

	M := len(Ks)
	st := &simpleMKLState{cls: cls, Ks: Ks, y: y}
	d, err := smklInit(who, s.Init, M)
	if err != nil {
		return nil, err
	}
	if err := st.reset(d); err != nil {
		return nil, err
	}
	m := &Model{}
	for iter := 0; ; iter++ {
		S := wrapper.Norms(Ks, st.model)
		g := make([]float64, M)
		for k := range g {
			g[k] = -S[k] / 2
		}
		gap := wrapper.RelGap(st.J, wrapper.Sum(st.model.Alpha()), wrapper.Max(S))
		m.Objectives = append(m.Objectives, st.J)
		m.Gaps = append(m.Gaps, gap)
		m.weights, m.Gradient, m.Gap, m.Objective, m.SVM = st.d, g, gap, st.J, st.model
		m.Iterations, m.SVMSolves = iter, st.solves
		if r := s.Settings.Recorder; r != nil {
			if err := r.Record(opt.Iteration{Iter: iter, F: st.J, Gap: gap, X: append([]float64(nil), st.d...)}); err != nil {
				m.Status = opt.RecorderStop
				return m, err
			}
		}
		switch {
		case gap <= tol || (s.KKTTol > 0 && simpleMKLKKT(st.d, g, s.KKTTol)):
			m.Status = wrapper.Status(opt.Success, st.model)
			return m, nil
		case iter >= maxIter:
			m.Status = opt.IterationLimit
			return m, nil
		}
		// A step that cannot decrease J (the golden-section points all lie
		// beyond a very short optimal step) is retried with a 10× finer
		// line search, down to 1e-8 (goldensearch_deltmax of the toolbox).
		for gold := golden; ; gold = math.Max(gold/10, 1e-8) {
			improved, err := st.descend(g, gold)
			if err != nil {
				return nil, err
			}
			if improved {
				break
			}
			if gold <= 1e-8 {
				m.Status = opt.FunctionConvergence
				return m, nil
			}
		}
	}
}

// simpleMKLKKT is the approximate KKT test of the SimpleMKL toolbox
// (mklsvm.m): the gradients on the support of d agree to a relative tol and
// those of the zero weights are not smaller.
func simpleMKLKKT(d, g []float64, tol float64) bool {
	lo, hi := math.Inf(1), math.Inf(-1)
	for m, v := range d {
		if v > 0 {
			lo, hi = math.Min(lo, g[m]), math.Max(hi, g[m])
		}
	}
	if math.Abs(hi-lo) > tol*math.Abs(lo) {
		return false
	}
	for m, v := range d {
		if v == 0 && g[m] < hi {
			return false
		}
	}
	return true
}

// simpleMKLState is the current iterate of SimpleMKL: weights d, their
// Gram K = Σ_m d_m K_m, SVM model and J(d) = −model.Objective().
type simpleMKLState struct {
	cls    svm.Classifier
	Ks     []*mat.SymDense
	y      []float64
	d      []float64
	K      *mat.SymDense
	model  *svm.Model
	J      float64
	solves int
}

// simpleMKLPoint is a trial point of the line search: cleaned weights, their
// Gram, the SVM trained on it and J.
type simpleMKLPoint struct {
	d     []float64
	K     *mat.SymDense
	model *svm.Model
	J     float64
}

// reset starts at the weights d (cleaned in place), with K_d built from
// the base kernels.
func (st *simpleMKLState) reset(d []float64) error {
	simpleMKLClean(d)
	K, err := kernel.Combine(d, st.Ks)
	if err != nil {
		return klearn.Errorf(err, "simplemkl")
	}
	p, err := st.solve(d, K)
	if err != nil {
		return err
	}
	st.accept(p)
	return nil
}

func (st *simpleMKLState) accept(p simpleMKLPoint) {
	st.d, st.K, st.model, st.J = p.d, p.K, p.model, p.J
}

// solve trains the SVM on the Gram K of the weights d, SMO started from
// the current iterate's α (cold at the first point): the warm start of the
// toolbox's line search (costsvmclass.m passes the support vectors' α as
// alphainit). The dual being convex, the start changes J only within the
// SVM's tolerance, and the trial points of a line search are close.
func (st *simpleMKLState) solve(d []float64, K *mat.SymDense) (simpleMKLPoint, error) {
	st.solves++
	var alpha0 []float64
	if st.model != nil {
		alpha0 = st.model.Alpha()
	}
	model, err := st.cls.FitGramFrom(K, st.y, alpha0)
	if err != nil {
		return simpleMKLPoint{}, klearn.Errorf(err, "simplemkl")
	}
	return simpleMKLPoint{d, K, model, -model.Objective()}, nil
}

// along evaluates J at the weights d + t·D of the line search, with the
// weights below 10⁻⁸ zeroed and the rest renormalised (simpleMKLClean); at
// t = γ_max the weight d_ν that the step zeroes lands within round-off of
// 0 and is zeroed with them.
// The Gram is not summed over the base kernels again: with KD = Σ_m D_m
// K_m, the Gram of the cleaned weights c = c'/s is
//
//	K_c = (K_d + t·KD + Σ_m r_m K_m)/s,   r_m = c'_m − (d_m + t·D_m),
//
// where c' is d + t·D with the small weights zeroed and s = Σ_m c'_m; r is
// non-zero only on the zeroed weights. K_c equals Σ_m c_m K_m up to
// round-off and costs two or three base kernels instead of one per active
// weight.
func (st *simpleMKLState) along(t float64, D []float64, KD *mat.SymDense) (simpleMKLPoint, error) {
	dt := smklAxpy(st.d, t, D)
	w := []float64{1, t}
	Ks := []*mat.SymDense{st.K, KD}
	var s float64
	for m, v := range dt {
		if v < simpleMKLZero {
			dt[m] = 0
			if v != 0 {
				w, Ks = append(w, -v), append(Ks, st.Ks[m])
			}
		}
		s += dt[m]
	}
	for k := range w {
		w[k] /= s
	}
	for m := range dt {
		dt[m] /= s
	}
	K, err := kernel.Combine(w, Ks)
	if err != nil {
		return simpleMKLPoint{}, klearn.Errorf(err, "simplemkl")
	}
	return st.solve(dt, K)
}

// directionGram returns KD' = Σ_m D'_m K_m for a new direction D', updated
// from the Gram KD of the previous direction D where fewer base kernels
// change than D' has (a weight dropped on the same face changes two), and
// summed afresh otherwise; KD is nil for the first direction.
func (st *simpleMKLState) directionGram(KD *mat.SymDense, D, Dnew []float64) (*mat.SymDense, error) {
	w, Ks := []float64{1}, []*mat.SymDense{KD}
	nnz := 0
	for m, v := range Dnew {
		if v != 0 {
			nnz++
		}
		if KD != nil && v != D[m] {
			w, Ks = append(w, v-D[m]), append(Ks, st.Ks[m])
		}
	}
	if KD == nil || len(w)-1 >= nnz {
		w, Ks = Dnew, st.Ks
	}
	K, err := kernel.Combine(w, Ks)
	if err != nil {
		return nil, klearn.Errorf(err, "simplemkl")
	}
	return K, nil
}

// simpleMKLClean zeroes weights below 1e-8 (and negative round-off) and
// renormalises d to Σ d = 1.
func simpleMKLClean(d []float64) {
	var s float64
	for m, v := range d {
		if v < simpleMKLZero {
			d[m] = 0
		}
		s += d[m]
	}
	for m := range d {
		d[m] /= s
	}
}

// simpleMKLDirection returns the reduced-gradient descent direction D of
// Section 3.1 of Rakotomamonjy et al. (2008) at d for the gradient g, and
// whether it is non-zero.
func simpleMKLDirection(d, g []float64) ([]float64, bool) {
	mu := 0
	for m, v := range d {
		if v > d[mu] {
			mu = m
		}
	}
	D := make([]float64, len(d))
	var sum float64
	nonzero := false
	for m := range d {
		if m == mu {
			continue
		}
		r := g[m] - g[mu]
		if d[m] > 0 || r < 0 {
			D[m] = -r
		}
		sum += D[m]
		if D[m] != 0 {
			nonzero = true
		}
	}
	D[mu] = -sum
	return D, nonzero
}

// descend performs one iteration of Algorithm 1 (steps 1–3 of the
// SimpleMKL doc) from st with gradient g; it reports whether J decreased.
// Every trial point lies on the current direction, so its Gram is K_d plus
// a multiple of the direction's Gram (along).
func (st *simpleMKLState) descend(g []float64, goldTol float64) (bool, error) {
	D, ok := simpleMKLDirection(st.d, g)
	if !ok {
		return false, nil
	}
	KD, err := st.directionGram(nil, nil, D)
	if err != nil {
		return false, err
	}
	improved := false
	for {
		// Maximal admissible step along D.
		gmax, nu := math.Inf(1), -1
		for m, v := range D {
			if v < 0 {
				if t := -st.d[m] / v; t < gmax {
					gmax, nu = t, m
				}
			}
		}
		if nu < 0 || !(gmax > 0) {
			return improved, nil
		}
		pmax, err := st.along(gmax, D, KD)
		if err != nil {
			return false, err
		}
		if pmax.J < st.J {
			st.accept(pmax)
			improved = true
			Dnew, ok := simpleMKLDirection(st.d, g)
			if !ok {
				return true, nil
			}
			if KD, err = st.directionGram(KD, D, Dnew); err != nil {
				return false, err
			}
			D = Dnew
			continue
		}
		// Golden-section search of J(d + γD) on [0, γ_max].
		best := simpleMKLPoint{J: st.J}
		f := func(t float64) (float64, error) {
			p, err := st.along(t, D, KD)
			if err != nil {
				return 0, err
			}
			if p.J < best.J {
				best = p
			}
			return p.J, nil
		}
		const invPhi = 0.6180339887498949 // (√5 − 1)/2
		a, b := 0.0, gmax
		c, e := b-invPhi*(b-a), a+invPhi*(b-a)
		fc, err := f(c)
		if err != nil {
			return false, err
		}
		fe, err := f(e)
		if err != nil {
			return false, err
		}
		for b-a > goldTol*gmax {
			if fc < fe {
				b, e, fe = e, c, fc
				c = b - invPhi*(b-a)
				if fc, err = f(c); err != nil {
					return false, err
				}
			} else {
				a, c, fc = c, e, fe
				e = a + invPhi*(b-a)
				if fe, err = f(e); err != nil {
					return false, err
				}
			}
		}
		if best.d != nil {
			st.accept(best)
			improved = true
		}
		return improved, nil
	}
}

// DecisionGrams returns f(x) = Σ_i α_iy_i Σ_m d_m K_m(x, x_i) + b for the
// test×train base kernels Kte (one per base kernel, in training order).
func (m *Model) DecisionGrams(Kte []*mat.Dense) ([]float64, error) {
	return m.combination().DecisionGrams(Kte)
}

// PredictGrams returns the predicted labels sign(f(x)) ∈ {±1}.
func (m *Model) PredictGrams(Kte []*mat.Dense) ([]float64, error) {
	return m.combination().PredictGrams(Kte)
}

// Combine returns K_d = Σ_m d_m K_m for training base kernels Ks.
func (m *Model) Combine(Ks []*mat.SymDense) (*mat.SymDense, error) {
	return m.combination().Combine(Ks)
}

// CombineCross returns Σ_m d_m K_m for test×train base kernels Kte.
func (m *Model) CombineCross(Kte []*mat.Dense) (*mat.Dense, error) {
	return m.combination().CombineCross(Kte)
}

// Weights returns a copy of the kernel weights d (d ≥ 0, Σ d = 1).
func (m *Model) Weights() []float64 { return m.combination().Weights() }

func (m *Model) combination() mkl.WeightedSVM {
	if m == nil {
		return mkl.WeightedSVM{Who: "simplemkl: Model"}
	}
	return mkl.WeightedSVM{Who: "simplemkl: Model", W: m.weights, SVM: m.SVM}
}

// smklAxpy returns x + t·D.
func smklAxpy(x []float64, t float64, D []float64) []float64 {
	out := make([]float64, len(x))
	for i := range x {
		out[i] = x[i] + t*D[i]
	}
	return out
}

// smklInit returns the starting weights: init scaled to sum 1, or 1/M for
// nil init.
func smklInit(who string, init []float64, M int) ([]float64, error) {
	d := make([]float64, M)
	if init == nil {
		for m := range d {
			d[m] = 1 / float64(M)
		}
		return d, nil
	}
	if len(init) != M {
		return nil, klearn.Errorf(klearn.ErrShape, "%s: Init has %d weights for %d kernels", who, len(init), M)
	}
	var sum float64
	for m, v := range init {
		if !(v >= 0) || math.IsInf(v, 0) {
			return nil, klearn.Errorf(klearn.ErrParam, "%s: Init[%d] = %v, want finite and ≥ 0", who, m, v)
		}
		sum += v
	}
	if !(sum > 0) || math.IsInf(sum, 0) {
		return nil, klearn.Errorf(klearn.ErrParam, "%s: Init sums to %v, want a positive finite sum", who, sum)
	}
	for m, v := range init {
		d[m] = v / sum
	}
	return d, nil
}

var _ mkl.Learner[*Model] = Learner{}
