package continuous

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/opt"
)

// Defaults of Greedy used when a field is zero.
const (
	DefaultMu       = 1e-3
	DefaultMaxSteps = 50
	DefaultTol      = 1e-6
)

// Step2 selects how step 2 of Algorithm 1 (θ̂ = argmax_θ ⟨c, G_x(θ)c⟩)
// is solved.
type Step2 int

const (
	// QuasiNewton is the bounded quasi-Newton method from the family's
	// restarts (a local method; Search).
	QuasiNewton Step2 = iota
	// DC is the paper's global method: the DC program (13) solved by the
	// cutting-plane Algorithm 2 (SearchDC; Gaussian families only).
	DC
)

// Step3 selects how step 3 of Algorithm 1 updates the weights of the
// learned combination once step 2 has found a kernel G(θ̂) that improves E.
type Step3 int

const (
	// LineSearch is the paper's step 3: K ← (1−λ)K + λG(θ̂), λ ∈ [0, 1]
	// minimising E along the segment (Newton's method; segment).
	LineSearch Step3 = iota
	// FullyCorrective follows the line search by re-weighting every kernel
	// of the combination, the initial ones included: the weights minimise
	// E over the simplex of the kernels found so far (projected Newton
	// steps from the line search's weights, to Greedy.Corrective's relative
	// Frank–Wolfe gap: reweigh). A variant of Algorithm 1, not the paper's:
	// each step lowers E at least as much as the line search, and the
	// weights of kernels found earlier need not wait for later steps to be
	// tuned (the Frank–Wolfe zig-zag of the line search).
	FullyCorrective
)

// Greedy is Algorithm 1 of Argyriou et al. (2006) with the square loss over
// a kernel family (see the package doc). Mu is the regularisation μ > 0;
// MaxSteps caps the kernels added; Tol is the relative improvement below
// which the test of Eq. (10) fails; Step2 picks the step-2 solver, Search
// and DCSettings set it; Step3 picks the update of the weights (the
// paper's LineSearch by default) and Corrective the cap on Newton steps
// and the relative gap of FullyCorrective's re-weighting (100 and 1e-6 for
// zero fields). Init, if not empty, lists the search parameters θ
// (log σ for the Gaussians) of the initial kernel K⁽¹⁾, their uniform
// average (the paper starts from the average of five Gaussians); empty
// starts from the first step-2 kernel. Family nil is GaussianBandwidth{}.
//
// FunTol, if positive, adds the second stopping test of the authors'
// released code (tol_fun there): the algorithm also stops, with Status
// FunctionConvergence, once a step lowers E by less than FunTol·E
// relative to the E after the previous step (the initial kernel's E is
// not compared, so at least two steps are taken). The paper prints only
// the test of Eq. (10). 0 turns the test off.
type Greedy struct {
	Family     Family
	Mu         float64
	MaxSteps   int
	Tol        float64
	FunTol     float64
	Step2      Step2
	Search     opt.Settings
	DCSettings opt.DCSettings
	Step3      Step3
	Corrective opt.Settings
	Init       [][]float64
}

// StepInfo records one step 2: the kernel parameters found, the value
// ⟨c, G_x(θ̂)c⟩ against ⟨c, K_x c⟩ (the test of Eq. (10)), and for the DC
// solver its cutting-plane iterations, status and certified gap (value −
// upper bound, relative to ‖c‖² = 1). DCLocal is true when step 2 ran the
// local variant of Algorithm 2 (more than two parameters): DCStatus
// Success then means the local test passed, not a certificate (DCGap is
// the gap to a valid but weak bound). Corrective is FullyCorrective's
// re-weighting after the step's line search (nil for LineSearch, and for
// a step whose kernel did not enter).
type StepInfo struct {
	Params        []float64
	Value, Kc     float64
	DCIterations  int
	DCStatus      opt.Status
	DCGap         float64
	DCLocal       bool
	DCLowerBounds []float64
	Corrective    *FiniteResult
}

// Atom is one kernel of the learned combination: weight λ and the kernel's
// parameters.
type Atom struct {
	Weight float64
	Params []float64
}

// GreedyModel is a fitted Greedy: K = Σ_j λ_j G(θ_j) and the predictor
// f(x) = Σ_i a_i K(x_i, x), a = (K_x + μI)⁻¹y.
type GreedyModel struct {
	atoms  []Atom
	kern   kernel.Kernel
	errors []float64
	gap    float64
	steps  []StepInfo
	status opt.Status
	a      []float64
	train  *mat.Dense
	// family: a family with its own predictor (a decider: Dirichlet)
	// gives Decision.
	family Family
}

var _ mkl.FeatureLearner[*GreedyModel] = Greedy{}

// Fit learns the kernel and the predictor on the rows of X with labels y
// (±1). Errors wrap ErrParam, ErrShape, ErrEmpty, ErrNotFinite, ErrLabels,
// ErrOneClass and ErrSingular.
func (g Greedy) Fit(X mat.Matrix, y []float64) (*GreedyModel, error) {
	if g.Family == nil {
		g.Family = GaussianBandwidth{}
	}
	if g.Mu == 0 {
		g.Mu = DefaultMu
	}
	if g.MaxSteps == 0 {
		g.MaxSteps = DefaultMaxSteps
	}
	if g.Tol == 0 {
		g.Tol = DefaultTol
	}
	if !(g.Mu > 0) || math.IsInf(g.Mu, 0) || g.MaxSteps < 0 || !(g.Tol > 0) || (g.Step2 != QuasiNewton && g.Step2 != DC) || (g.Step3 != LineSearch && g.Step3 != FullyCorrective) {
		return nil, klearn.Errorf(klearn.ErrParam, "continuous: Greedy Mu = %v, MaxSteps = %d, Tol = %v, Step2 = %d, Step3 = %d", g.Mu, g.MaxSteps, g.Tol, g.Step2, g.Step3)
	}
	corrIter, corrTol, err := g.Corrective.Resolve("continuous: Greedy Corrective", 100, 1e-6)
	if err != nil {
		return nil, err
	}
	if err := klearn.CheckParam("continuous: Greedy FunTol", g.FunTol, 0, math.MaxFloat64); err != nil {
		return nil, err
	}
	Xc, s, n, d, err := PrepareBinary(g.Family, X, y, "continuous: Greedy")
	if err != nil {
		return nil, err
	}
	m := &GreedyModel{train: Xc, status: opt.IterationLimit, family: g.Family}
	var thetas [][]float64
	var weights []float64
	var K *mat.SymDense
	var grams []*mat.SymDense // the kernels' Gram matrices (FullyCorrective)
	var chK *mat.Cholesky     // the factor of K + μI (step 3's pencil)
	c := make([]float64, n)
	for i := range c {
		c[i] = -2 * y[i] // c(0) = −2μ(μI)⁻¹y
	}
	// refit solves for a on the current K, records E(K) and sets c = −2μa.
	refit := func() error {
		a, e, ch, err := solveFactor(K, y, g.Mu)
		if err != nil {
			return err
		}
		chK = ch
		m.errors = append(m.errors, e)
		for i := range c {
			c[i] = -2 * g.Mu * a[i]
		}
		m.a = a
		return nil
	}
	if len(g.Init) > 0 {
		lo, hi, _ := g.Family.Space(d)
		Gs := make([]*mat.SymDense, len(g.Init))
		for j, th := range g.Init {
			if len(th) != len(lo) {
				return nil, klearn.Errorf(klearn.ErrParam, "continuous: Greedy Init %v has %d parameters, the family %d", th, len(th), len(lo))
			}
			for k, v := range th {
				if !(v >= lo[k] && v <= hi[k]) {
					return nil, klearn.Errorf(klearn.ErrParam, "continuous: Greedy Init %v is outside the family's box", th)
				}
			}
			G, err := s.Gram(th)
			if err != nil {
				return nil, klearn.Errorf(err, "continuous: Greedy Init")
			}
			Gs[j] = G
			thetas, weights = append(thetas, slices.Clone(th)), append(weights, 1/float64(len(g.Init)))
		}
		if K, err = kernel.Combine(weights, Gs); err != nil {
			return nil, klearn.Errorf(err, "continuous: Greedy Init")
		}
		if g.Step3 == FullyCorrective {
			grams = Gs
		}
		if err := refit(); err != nil {
			return nil, err
		}
	}
	prevE := math.Inf(1) // E after the previous step (FunTol's test)
	for step := 0; step < g.MaxSteps; step++ {
		var theta []float64
		var h float64
		info := StepInfo{}
		var nrm float64
		for _, v := range c {
			nrm += v * v
		}
		if nrm == 0 {
			// c = −2μa ≠ 0 (a = 0 only for y = 0): ‖c‖² underflowed, and
			// with it every value ⟨c, G c⟩ step 2 and Eq. (10) compare.
			return nil, klearn.Errorf(klearn.ErrParam, "continuous: Greedy step %d: ‖c‖² = ‖2μa‖² underflows; μ = %g is too small", step+1, g.Mu)
		}
		if math.IsInf(nrm, 0) || math.IsNaN(nrm) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "continuous: Greedy step %d: ‖c‖² = %g", step+1, nrm)
		}
		if g.Step2 == DC {
			r, err := SearchDC(g.Family, s, d, c, &g.DCSettings)
			if err != nil {
				return nil, klearn.Errorf(err, "continuous: Greedy step %d", step+1)
			}
			theta, h = r.Theta, r.Value
			info.DCIterations, info.DCStatus, info.DCGap, info.DCLocal = r.Run.Iterations, r.Run.Status, r.Run.F-r.Run.Lower, r.Run.Local
			for _, it := range r.Run.Iters {
				info.DCLowerBounds = append(info.DCLowerBounds, it.Lower)
			}
		} else {
			// The argmax of ⟨c, G c⟩ is scale-invariant; search with the unit
			// vector c/‖c‖ (as SearchDC does) and scale the value back. c =
			// −2μ(K+μI)⁻¹y is twice the training residual, tiny for a small
			// μ, and on ⟨c, G c⟩ itself the quasi-Newton tolerance (absolute
			// on the gradient) and its first step (the gradient's length)
			// would leave the search at its starts.
			u, cn, err := unit(c)
			if err != nil {
				return nil, klearn.Errorf(err, "continuous: Greedy step %d: c = −2μa (μ = %g)", step+1, g.Mu)
			}
			theta, h, err = searchUnit(g.Family, s, d, u, &g.Search)
			if err != nil {
				return nil, klearn.Errorf(err, "continuous: Greedy step %d", step+1)
			}
			h *= cn * cn
		}
		params, err := g.Family.Params(theta)
		if err != nil {
			return nil, klearn.Errorf(err, "continuous: Greedy step %d", step+1)
		}
		info.Params, info.Value = params, h
		G, err := s.Gram(theta)
		if err != nil {
			return nil, klearn.Errorf(err, "continuous: Greedy step %d", step+1)
		}
		lambda := 1.0
		if K != nil {
			ckc := quad(K, c)
			info.Kc = ckc
			m.steps = append(m.steps, info)
			m.gap = math.Max(0, h-ckc)
			// Eq. (10): stop when G(θ̂) no longer improves E.
			if !(h > ckc+g.Tol*math.Abs(ckc)) {
				m.status = opt.Success
				break
			}
			if lambda, err = segment(chK, K, G, y, g.Mu); err != nil {
				return nil, err
			}
		} else {
			m.steps = append(m.steps, info)
		}
		if K, err = mix(K, G, lambda); err != nil {
			return nil, klearn.Errorf(err, "continuous: Greedy step %d", step+1)
		}
		for i := range weights {
			weights[i] *= 1 - lambda
		}
		thetas, weights = append(thetas, theta), append(weights, lambda)
		if g.Step3 == FullyCorrective {
			if grams = append(grams, G); len(grams) > 1 {
				r, err := reweigh(grams, y, g.Mu, corrIter, corrTol, weights)
				if err != nil {
					return nil, klearn.Errorf(err, "continuous: Greedy step %d: the fully corrective step", step+1)
				}
				m.steps[len(m.steps)-1].Corrective = r
				weights = slices.Clone(r.Weights)
				if K, err = kernel.Combine(weights, grams); err != nil {
					return nil, klearn.Errorf(err, "continuous: Greedy step %d", step+1)
				}
			}
		}
		if err := refit(); err != nil {
			return nil, err
		}
		e := m.errors[len(m.errors)-1]
		if g.FunTol > 0 && math.Abs(prevE-e) < g.FunTol*e {
			m.status = opt.FunctionConvergence
			break
		}
		prevE = e
	}
	for j, th := range thetas {
		params, err := g.Family.Params(th)
		if err != nil {
			return nil, klearn.Errorf(err, "continuous: Greedy atom %d", j+1)
		}
		m.atoms = append(m.atoms, Atom{Weight: weights[j], Params: params})
	}
	if m.kern, err = SumKernel(g.Family, thetas, weights); err != nil {
		return nil, klearn.Errorf(err, "continuous: Greedy")
	}
	return m, nil
}

// PrepareBinary checks the rows of X and the two-class (±1) labels y of a
// learner over the family f and returns a copy of X, the family's Searcher
// on it, n and d. who prefixes the label errors. Errors wrap ErrShape,
// ErrEmpty, ErrNotFinite, ErrLabels and ErrOneClass, and ErrParam for a nil
// family.
func PrepareBinary(f Family, X mat.Matrix, y []float64, who string) (Xc *mat.Dense, s Searcher, n, d int, err error) {
	if err := klearn.CheckNotNil(who+": family", f); err != nil {
		return nil, nil, 0, 0, err
	}
	if n, d, err = klearn.CheckXY(X, y); err != nil {
		return nil, nil, 0, 0, err
	}
	if _, _, err := klearn.CheckBinary(y); err != nil {
		return nil, nil, 0, 0, klearn.Errorf(err, "%s", who)
	}
	Xc = mat.DenseCopyOf(X)
	if s, err = f.Prepare(Xc); err != nil {
		return nil, nil, 0, 0, err
	}
	return Xc, s, n, d, nil
}

// SumKernel returns the learned kernel Σ_j w_j κ_{θ_j} of the family f
// (a copy of weights is kept). Errors: a nil family (ErrParam), one weight
// per θ missing (ErrShape), a NaN or ±Inf weight (ErrNotFinite), and the
// errors of f.Kernel.
func SumKernel(f Family, thetas [][]float64, weights []float64) (kernel.Sum, error) {
	if err := klearn.CheckNotNil("continuous: SumKernel family", f); err != nil {
		return kernel.Sum{}, err
	}
	if err := klearn.CheckLen("continuous: SumKernel weights", weights, len(thetas)); err != nil {
		return kernel.Sum{}, err
	}
	if err := klearn.CheckFinite("continuous: SumKernel weights", weights); err != nil {
		return kernel.Sum{}, err
	}
	kernels := make([]kernel.Kernel, len(thetas))
	for j, th := range thetas {
		k, err := f.Kernel(th)
		if err != nil {
			return kernel.Sum{}, klearn.Errorf(err, "continuous: SumKernel atom %d", j+1)
		}
		kernels[j] = k
	}
	return kernel.Sum{Kernels: kernels, Weights: slices.Clone(weights)}, nil
}

// unit returns u = c/‖c‖ and ‖c‖, computed through c/max_i|c_i| so that
// neither underflows nor overflows in ‖c‖² (‖c‖ itself may still be
// +Inf for entries near MaxFloat64). Errors: an entry not finite
// (ErrNotFinite), c = 0 (ErrParam).
func unit(c []float64) ([]float64, float64, error) {
	var cmax float64
	for _, v := range c {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, 0, klearn.Errorf(klearn.ErrNotFinite, "continuous: c is not finite")
		}
		cmax = math.Max(cmax, math.Abs(v))
	}
	if cmax == 0 {
		return nil, 0, klearn.Errorf(klearn.ErrParam, "continuous: c = 0")
	}
	var ss float64
	for _, v := range c {
		ss += (v / cmax) * (v / cmax)
	}
	r := math.Sqrt(ss)
	u := make([]float64, len(c))
	for i, v := range c {
		u[i] = v / cmax / r
	}
	return u, cmax * r, nil
}

// outer returns ccᵀ.
func outer(c []float64) *mat.SymDense {
	P := mat.NewSymDense(len(c), nil)
	P.SymOuterK(1, mat.NewVecDense(len(c), c))
	return P
}

// quad returns cᵀKc.
func quad(K *mat.SymDense, c []float64) float64 {
	v := mat.NewVecDense(len(c), c)
	return mat.Inner(v, K, v)
}

// mix returns (1−λ)K + λG (G itself when K is nil).
func mix(K, G *mat.SymDense, lambda float64) (*mat.SymDense, error) {
	if K == nil {
		return G, nil
	}
	return kernel.Combine([]float64{1 - lambda, lambda}, []*mat.SymDense{K, G})
}

// solve returns a = (K + μI)⁻¹y and E(K) = μ yᵀa.
func solve(K *mat.SymDense, y []float64, mu float64) ([]float64, float64, error) {
	a, e, _, err := solveFactor(K, y, mu)
	return a, e, err
}

// solveFactor is solve, also returning the Cholesky factor of K + μI.
func solveFactor(K *mat.SymDense, y []float64, mu float64) ([]float64, float64, *mat.Cholesky, error) {
	ch, err := factor(K, mu)
	if err != nil {
		return nil, 0, nil, err
	}
	a, e, err := solveWith(ch, y, mu)
	return a, e, ch, err
}

// factor returns the Cholesky factor of K + μI.
func factor(K *mat.SymDense, mu float64) (*mat.Cholesky, error) {
	n := K.SymmetricDim()
	M := mat.NewSymDense(n, nil)
	M.CopySym(K)
	for i := 0; i < n; i++ {
		M.SetSym(i, i, M.At(i, i)+mu)
	}
	var ch mat.Cholesky
	if !ch.Factorize(M) {
		return nil, klearn.Errorf(klearn.ErrSingular, "continuous: K + μI is not positive definite (μ = %g)", mu)
	}
	return &ch, nil
}

// solveWith is solve with the factor ch of K + μI.
func solveWith(ch *mat.Cholesky, y []float64, mu float64) ([]float64, float64, error) {
	var a mat.VecDense
	if err := ch.SolveVecTo(&a, mat.NewVecDense(len(y), y)); err != nil {
		return nil, 0, klearn.Errorf(klearn.ErrSingular, "continuous: %v", err)
	}
	out := make([]float64, len(y))
	var e float64
	for i := range out {
		out[i] = a.AtVec(i)
		e += mu * y[i] * out[i]
	}
	return out, e, nil
}

// segment is step 3: the λ ∈ [0, 1] minimising φ(λ) = E((1−λ)K + λG) by
// projected Newton (opt.Minimize1D) with φ' = −μ aᵀ(G−K)a and
// φ” = 2μ aᵀ(G−K)(K_λ+μI)⁻¹(G−K)a, a = (K_λ + μI)⁻¹y, evaluated for λ < 1
// through the pencil of segment.go (O(n) per λ), given the factor ch of
// K + μI, and at λ = 1 (or where the pencil fails) by segmentAt. Above
// pencilMax the pencil is less accurate than the factorisation: if the
// search ends there after a pencil evaluation above pencilMax, it is run
// again on segmentAt alone (the λ of the factorisation throughout), as it
// is when the reduction is not finite.
func segment(ch *mat.Cholesky, K, G *mat.SymDense, y []float64, mu float64) (float64, error) {
	pen, err := newPencil(ch, G, y, mu)
	if err != nil { // a reduction that overflows: the factorisation alone
		l, _, err := segmentSearch(nil, K, G, y, mu)
		return l, err
	}
	l, high, err := segmentSearch(pen, K, G, y, mu)
	if err == nil && high && l > pencilMax {
		l, _, err = segmentSearch(nil, K, G, y, mu)
	}
	return l, err
}

// segmentSearch runs step 3's Minimize1D from λ = 1, through the pencil
// pen for λ < 1 where it factors, else (pen nil) by segmentAt alone, and
// says whether it evaluated the pencil above pencilMax.
func segmentSearch(pen *pencil, K, G *mat.SymDense, y []float64, mu float64) (float64, bool, error) {
	var D *mat.SymDense // G − K, formed for the first direct evaluation
	var last segPoint
	high := false
	eval := func(l float64) segPoint { // one evaluation serves f, f′ and f″ at l
		if last.ok && last.lambda == l {
			return last
		}
		if pen != nil && l < 1 {
			if f, d1, d2, ok := pen.at(l); ok {
				high = high || l > pencilMax
				last = segPoint{l, f, d1, d2, nil, true}
				return last
			}
		}
		if D == nil {
			var err error
			if D, err = kernel.Combine([]float64{-1, 1}, []*mat.SymDense{K, G}); err != nil {
				last = segPoint{lambda: l, err: klearn.Errorf(err, "continuous: Greedy step 3"), ok: true}
				return last
			}
		}
		last = segmentAt(K, G, D, y, mu, l)
		return last
	}
	res, err := opt.Minimize1D(opt.Problem1D{
		Func:   func(l float64) float64 { return eval(l).f },
		Deriv:  func(l float64) float64 { return eval(l).d1 },
		Deriv2: func(l float64) float64 { return eval(l).d2 },
	}, 0, 1, 1, nil)
	if last.err != nil {
		return 0, false, last.err
	}
	if err != nil {
		return 0, false, klearn.Errorf(err, "continuous: Greedy step 3")
	}
	return res.X[0], high, nil
}

// segPoint is φ, φ' and φ” of step 3 at λ, or the error that stopped
// their evaluation.
type segPoint struct {
	lambda, f, d1, d2 float64
	err               error
	ok                bool
}

// segmentAt evaluates step 3 at λ by the factorisation of K_λ + μI (both
// solves on one factor), with D = G − K.
func segmentAt(K, G, D *mat.SymDense, y []float64, mu, l float64) segPoint {
	n := len(y)
	Kl, err := mix(K, G, l)
	if err != nil {
		return segPoint{lambda: l, err: err, ok: true}
	}
	ch, err := factor(Kl, mu)
	if err != nil {
		return segPoint{lambda: l, err: err, ok: true}
	}
	a, e, err := solveWith(ch, y, mu)
	if err != nil {
		return segPoint{lambda: l, err: err, ok: true}
	}
	av := mat.NewVecDense(n, a)
	var Da mat.VecDense
	Da.MulVec(D, av)
	d1 := -mu * mat.Dot(av, &Da)
	b, _, _ := solveWith(ch, Da.RawVector().Data, mu) // (K_λ+μI)⁻¹(G−K)a
	d2 := 2 * mu * mat.Dot(&Da, mat.NewVecDense(n, b))
	return segPoint{l, e, d1, d2, nil, true}
}

// Atoms returns the learned combination (copies).
func (m *GreedyModel) Atoms() []Atom {
	if m == nil {
		return nil
	}
	out := make([]Atom, len(m.atoms))
	for i, a := range m.atoms {
		out[i] = Atom{Weight: a.Weight, Params: slices.Clone(a.Params)}
	}
	return out
}

// Steps returns the record of each step 2 (copies).
func (m *GreedyModel) Steps() []StepInfo {
	if m == nil {
		return nil
	}
	out := make([]StepInfo, len(m.steps))
	for i, st := range m.steps {
		st.Params = slices.Clone(st.Params)
		st.DCLowerBounds = slices.Clone(st.DCLowerBounds)
		if st.Corrective != nil {
			c := *st.Corrective
			c.Weights = slices.Clone(c.Weights)
			st.Corrective = &c
		}
		out[i] = st
	}
	return out
}

// Errors returns E(K) after each step (non-increasing).
func (m *GreedyModel) Errors() []float64 {
	if m == nil {
		return nil
	}
	return slices.Clone(m.errors)
}

// Gap is the last improvement test's max_θ ⟨c, G(θ)c⟩ − ⟨c, Kc⟩ (≥ 0; 0 or
// below Tol·|⟨c, Kc⟩| certifies a saddle point of Eq. (9) for the searched
// θ), and Status is Success when the test of Eq. (10) stopped the
// algorithm, FunctionConvergence when Greedy.FunTol's test did (the gap is
// then that of the last test of Eq. (10), before the last step), and
// IterationLimit when MaxSteps did. A nil model has no gap:
// NaN.
func (m *GreedyModel) Gap() float64 {
	if m == nil {
		return math.NaN()
	}
	return m.gap
}

// Status says why the algorithm stopped (see Gap).
func (m *GreedyModel) Status() opt.Status {
	if m == nil {
		return 0
	}
	return m.status
}

// Kernel returns the learned kernel Σ_j λ_j G(θ_j).
func (m *GreedyModel) Kernel() kernel.Kernel {
	if m == nil {
		return nil
	}
	return m.kern
}

// Decision returns f(x) = Σ_i a_i K(x_i, x) for the rows of X.
func (m *GreedyModel) Decision(X mat.Matrix) ([]float64, error) {
	if m == nil || m.a == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "continuous: GreedyModel is not fitted")
	}
	if dec, ok := m.family.(decider); ok {
		return dec.decision(m, X)
	}
	C, err := CrossTrain(m.kern, X, m.train)
	if err != nil {
		return nil, err
	}
	var f mat.VecDense
	f.MulVec(C, mat.NewVecDense(len(m.a), m.a))
	return slices.Clone(f.RawVector().Data), nil
}

// Predict returns sign f(x) ∈ {±1} (0 ↦ +1).
func (m *GreedyModel) Predict(X mat.Matrix) ([]float64, error) {
	f, err := m.Decision(X)
	if err != nil {
		return nil, err
	}
	return mkl.Signs(f), nil
}

// CrossTrain returns the test×train kernel k(X, train) of a model fitted on
// the rows train, after checking X (finite, non-empty, as many columns).
func CrossTrain(k kernel.Kernel, X mat.Matrix, train *mat.Dense) (*mat.Dense, error) {
	_, d, err := klearn.CheckMatrix("continuous: X", X)
	if err != nil {
		return nil, err
	}
	if klearn.IsNilMatrix(train) {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "continuous: CrossTrain without training rows")
	}
	if _, dt := train.Dims(); d != dt {
		return nil, klearn.Errorf(klearn.ErrShape, "continuous: X has %d columns, the model %d", d, dt)
	}
	return kernel.Cross(k, X, train)
}
