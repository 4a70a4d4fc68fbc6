package easymkl

import (
	"cmp"
	"slices"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/opt"
	"gonum.org/v1/gonum/mat"
)

// KOMD is the KOMD classifier (Aiolli, Da San Martino & Sperduti 2008) on a
// fixed kernel: the second stage of EasyMKL, which Donini & Aiolli (2017)
// use for every kernel of their UCI study. It
// solves
//
//	γ* = argmin_{γ∈Γ} (1−λ) γᵀYKYγ + λ‖γ‖²,
//	Γ = {γ ≥ 0 : Σ_{y_i=+1} γ_i = 1, Σ_{y_i=−1} γ_i = 1},
//
// which is Eq. (1) of Donini & Aiolli (2017) for a single kernel with
// Λ = λ/(1−λ), and scores f(x) = Σ_i y_i γ_i k(x_i, x) − b
// with b = ½ γᵀKYγ, the midpoint between the two class centroids
// Σ_{y_i=±1} γ_i φ(x_i) projected on their difference.
//
// Copying a KOMD clones it. The zero value is the hard-margin problem λ = 0.
type KOMD struct {
	// Lambda is λ ∈ [0, 1] (the reference implementation's lam); use
	// LambdaFromPaper to convert the paper's Λ ∈ [0, ∞]. λ = 1 gives the
	// class-uniform γ (the centroid classifier) in closed form.
	Lambda float64
	// MKLpyRidge scales the ridge term by L₊L₋/L, i.e. solves
	// (1−λ)γᵀYKYγ + λ(L₊L₋/L)‖γ‖², as MKLpy's KOMD classifier
	// (MKLpy/algorithms/komd.py) does; EasyMKL's own QP does not scale it.
	MKLpyRidge bool
	// Settings are passed to opt.KOMDQP (zero fields: its defaults).
	Settings opt.Settings
	// Start, if not nil, is the start point of the QP (opt.KOMDQPFrom): a
	// feasible γ, such as the Gamma of a fit at a nearby λ on the same
	// data. nil starts from the class-uniform point.
	Start []float64
}

// KOMDModel is a fitted KOMD classifier.
type KOMDModel struct {
	// Gamma is γ*, one entry per training example (each class sums to 1).
	Gamma []float64
	// Bias is b = ½ γᵀKYγ.
	Bias float64
	// Y are the training labels (±1).
	Y []float64
	// Result is the solver's result (objective, duality gap, multipliers).
	Result *opt.Result
	// Lambda is the λ passed to opt.KOMDQP (after the MKLpyRidge rescaling).
	Lambda float64
}

// LambdaFromPaper converts the paper's Λ ∈ [0, ∞] (Eq. (1) of Donini &
// Aiolli 2017) to λ = Λ/(1+Λ) ∈ [0, 1]; +Inf gives 1. A Λ outside [0, ∞]
// (negative or NaN) is refused (ErrParam).
func LambdaFromPaper(Lam float64) (float64, error) {
	if !(Lam >= 0) {
		return 0, klearn.Errorf(klearn.ErrParam, "easymkl: LambdaFromPaper: Λ = %v, want Λ ∈ [0, ∞]", Lam)
	}
	if Lam > 1e300 {
		return 1, nil
	}
	return Lam / (1 + Lam), nil
}

// LambdaToPaper converts λ ∈ [0, 1] to Λ = λ/(1−λ); λ = 1 gives +Inf, the
// paper's Λ = ∞ (its domain is [0, ∞]). A λ outside [0, 1] (or NaN) is
// refused (ErrParam).
func LambdaToPaper(lambda float64) (float64, error) {
	if !(lambda >= 0 && lambda <= 1) {
		return 0, klearn.Errorf(klearn.ErrParam, "easymkl: LambdaToPaper: λ = %v, want λ ∈ [0, 1]", lambda)
	}
	return lambda / (1 - lambda), nil
}

// effLambda returns the λ' for which (1−λ')A + λ'I ∝ (1−λ)A + λcI.
func effLambda(lambda, c float64) float64 {
	if lambda == 1 {
		return 1
	}
	return lambda * c / (1 - lambda + lambda*c)
}

// FitGram fits KOMD on the training Gram matrix K (PSD; only the necessary
// condition K_ii ≥ 0 is checked, see klearn.CheckDiagPSD) with labels
// y ∈ {±1}. Errors wrap ErrEmpty, ErrShape, ErrNotFinite, ErrLabels,
// ErrOneClass, ErrNotPSD or ErrParam.
func (c KOMD) FitGram(K *mat.SymDense, y []float64) (*KOMDModel, error) {
	ms, err := c.fitPath(K, y, []float64{c.Lambda})
	if err != nil {
		return nil, err
	}
	return ms[0], nil
}

// FitGramPath fits KOMD on K and y at each λ of lambdas in turn (c.Lambda
// is not used), as a grid of λ in model selection does: the λ are solved
// from the largest down, the first from c.Start, each later one from the
// better (lower objective at its λ; opt.KOMDQPFromBest) of the previously
// solved Gamma and, from the third on, the secant extrapolation of the
// two previously solved (opt.KOMDSecant): the optimum within the stopping
// tolerance, in fewer pair steps; model k is the fit at lambdas[k]. The QP is set up once
// (opt.KOMDPath, which holds a signed copy of K), and every model is
// bit-identical to the FitGram call with that Lambda and that Start.
// Errors: those of FitGram, and ErrEmpty for no λ.
func (c KOMD) FitGramPath(K *mat.SymDense, y []float64, lambdas []float64) ([]*KOMDModel, error) {
	if len(lambdas) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "easymkl: KOMD: FitGramPath: no λ")
	}
	return c.fitPath(K, y, lambdas)
}

// fitPath is FitGramPath for any number of λ (FitGram: one, solved by
// opt.KOMDQPFrom without a KOMDPath).
func (c KOMD) fitPath(K *mat.SymDense, y []float64, lambdas []float64) ([]*KOMDModel, error) {
	for _, lam := range lambdas {
		if err := klearn.CheckParam("easymkl: KOMD: Lambda", lam, 0, 1); err != nil {
			return nil, err
		}
	}
	neg, pos, err := klearn.CheckBinary(y)
	if err != nil {
		return nil, klearn.Errorf(err, "easymkl: KOMD")
	}
	if K == nil {
		return nil, klearn.Errorf(klearn.ErrEmpty, "easymkl: KOMD: K is nil")
	}
	solve, err := qpSolver(K, y, len(lambdas), &c.Settings)
	if err != nil {
		return nil, klearn.Errorf(err, "easymkl: KOMD")
	}
	out := make([]*KOMDModel, len(lambdas))
	hist := pathHist{first: c.Start}
	for _, k := range descending(lambdas) {
		lam := lambdas[k]
		if c.MKLpyRidge {
			lam = effLambda(lam, float64(pos*neg)/float64(pos+neg))
		}
		starts, err := hist.starts(y, lam)
		if err != nil {
			return nil, klearn.Errorf(err, "easymkl: KOMD")
		}
		res, err := solve(lam, starts)
		if err != nil {
			return nil, klearn.Errorf(err, "easymkl: KOMD")
		}
		m := &KOMDModel{Gamma: res.X, Y: append([]float64(nil), y...), Result: res, Lambda: lam}
		m.Bias = solvedBias(K, res, lam, y)
		out[k] = m
		hist.push(lam, res.X)
	}
	return out, nil
}

// descending returns the indices of lambdas in decreasing order of λ (ties
// in index order): the order in which a path solves them. The solution
// moves least at large λ, and at λ = 1 it is the class-uniform point
// (the default start), so the first solve starts close to its optimum;
// from the smallest λ, where the solution is farthest from uniform, a
// cold first solve takes several times the pair steps of the others.
func descending(lambdas []float64) []int {
	idx := make([]int, len(lambdas))
	for k := range idx {
		idx[k] = k
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(lambdas[b], lambdas[a]) })
	return idx
}

// pathHist holds the last two solutions of a path of KOMD QPs along a
// grid of λ, to start the next solve from (starts).
type pathHist struct {
	first []float64 // the start of the first solve (nil: class-uniform)
	lam   [2]float64
	x     [2][]float64 // x[1] the last solution, at lam[1]
	n     int          // solutions pushed (at most 2 kept)
}

// push records the solution x at λ.
func (h *pathHist) push(lam float64, x []float64) {
	h.lam[0], h.x[0] = h.lam[1], h.x[1]
	h.lam[1], h.x[1] = lam, x
	h.n++
}

// starts returns the candidate starts of the solve at λ
// (opt.KOMDQPFromBest): the last solution (first before any; nil if it is
// the closed form at λ = 1), and after two solutions at different λ their
// secant extrapolation to λ (opt.KOMDSecant).
func (h *pathHist) starts(y []float64, lam float64) ([][]float64, error) {
	if h.n == 0 {
		return [][]float64{h.first}, nil
	}
	out := [][]float64{h.x[1]}
	if h.lam[1] == 1 {
		// The closed form at λ = 1 is the class-uniform point: say so (nil),
		// as a path's first solve from it does (EasyMKL's step 3 then tries
		// γ* of step 1 too).
		out[0] = nil
	}
	if h.n >= 2 && h.lam[0] != h.lam[1] {
		z, err := opt.KOMDSecant(y, h.x[0], h.x[1], h.lam[0], h.lam[1], lam)
		if err != nil {
			return nil, err
		}
		out = append(out, z)
	}
	return out, nil
}

// qpSolver returns the KOMD QP solver of K and y for a path of steps λ,
// started from the best of its starts: opt.KOMDQPFromBest for one, an
// opt.KOMDPath (set up once) for more.
func qpSolver(K *mat.SymDense, y []float64, steps int, set *opt.Settings) (func(lam float64, starts [][]float64) (*opt.Result, error), error) {
	if steps <= 1 {
		return func(lam float64, starts [][]float64) (*opt.Result, error) {
			return opt.KOMDQPFromBest(K, y, lam, starts, set)
		}, nil
	}
	path, err := opt.NewKOMDPath(K, y)
	if err != nil {
		return nil, err
	}
	return func(lam float64, starts [][]float64) (*opt.Result, error) { return path.SolveBest(lam, starts, set) }, nil
}

// signed returns Yγ.
func signed(g, y []float64) []float64 {
	u := make([]float64, len(g))
	for i := range g {
		u[i] = g[i] * y[i]
	}
	return u
}

// komdBias returns b = ½ γᵀK(Yγ).
func komdBias(K *mat.SymDense, g, u []float64) float64 {
	n := len(g)
	var kg mat.VecDense
	kg.MulVec(K, mat.NewVecDense(n, u))
	var b float64
	for i, v := range g {
		b += v * kg.AtVec(i)
	}
	return b / 2
}

// solvedBias returns b = ½ γᵀK(Yγ) of the solution res of the KOMD QP on
// K at λ < 1 (opt.KOMDQP) from its multipliers, in O(n) instead of an
// O(n²) product: with g = 2Hγ, H = (1−λ)YKY + λI, and ρ_c = Σ_{y_i=c} g_i γ_i,
//
//	ρ₊ − ρ₋ = Σ_i y_i g_i γ_i = 4(1−λ)·b + 2λ Σ_i y_i γ_i²,
//
// since Σ_i y_i γ_i (YKYγ)_i = γᵀKYγ = 2b. The solver's multipliers come
// from its final, exact gradient. At λ = 1 (the closed form, no
// gradient) it falls back to komdBias; K is read only then (fitStep passes
// nil for a K_η it never formed, at λ < 1 from KOMDQPFromBest's two
// multipliers).
func solvedBias(K *mat.SymDense, res *opt.Result, lam float64, y []float64) float64 {
	g := res.X
	if lam >= 1 || len(res.Multipliers) != 2 {
		return komdBias(K, g, signed(g, y))
	}
	var sq float64
	for i, v := range g {
		sq += y[i] * v * v
	}
	return (res.Multipliers[0] - res.Multipliers[1] - 2*lam*sq) / (4 * (1 - lam))
}

// DecisionGram returns f(x) = Σ_i y_i γ_i K(x, x_i) − b for the rows of the
// test×train kernel Kte. Errors: ErrNotFitted, ErrShape.
func (m *KOMDModel) DecisionGram(Kte *mat.Dense) ([]float64, error) {
	if m == nil || m.Gamma == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "easymkl: KOMDModel is not fitted")
	}
	r, c, err := checkTestMatrix("KOMD", Kte, len(m.Gamma))
	if err != nil {
		return nil, err
	}
	var f mat.VecDense
	f.MulVec(Kte, mat.NewVecDense(c, signed(m.Gamma, m.Y)))
	out := make([]float64, r)
	for i := range out {
		out[i] = f.AtVec(i) - m.Bias
	}
	return finiteDecision("KOMD", out)
}

// PredictGram returns sign(f(x)) ∈ {±1} (0 maps to +1) for the rows of Kte.
func (m *KOMDModel) PredictGram(Kte *mat.Dense) ([]float64, error) {
	f, err := m.DecisionGram(Kte)
	if err != nil {
		return nil, err
	}
	return mkl.Signs(f), nil
}

// checkTestMatrix checks that a test×train matrix is non-empty with n
// columns (one per training point) and returns its dimensions.
// Errors: ErrEmpty, ErrShape.
func checkTestMatrix(what string, Kte *mat.Dense, n int) (r, c int, err error) {
	if Kte == nil || Kte.IsEmpty() {
		return 0, 0, klearn.Errorf(klearn.ErrEmpty, "easymkl: %s: empty test matrix", what)
	}
	r, c = Kte.Dims()
	if c != n {
		return 0, 0, klearn.Errorf(klearn.ErrShape, "easymkl: %s: test matrix has %d columns, model has %d training points", what, c, n)
	}
	return r, c, nil
}
