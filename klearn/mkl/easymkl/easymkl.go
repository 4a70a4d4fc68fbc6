package easymkl

import (
	"fmt"
	"math"
	"slices"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/internal/symrows"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
	"gonum.org/v1/gonum/mat"
)

// Learner is EasyMKL: it learns a convex combination of base kernels by the EasyMKL
// algorithm of Aiolli & Donini (2015), as used by Donini & Aiolli (2017),
// Section 2.1:
//
//	max_{‖η‖₂=1, η≥0} min_{γ∈Γ} (1−λ) γᵀY(Σ_s η_s K_s)Yγ + λ‖γ‖²      Eq. (1)
//
// (Λ = λ/(1−λ) in the paper's notation). EasyMKL replaces
// the inner objective by the upper bound obtained with the simple sum
// K̄ = Σ_s K_s (as the paper and the reference code do):
//
//  1. γ* = argmin_{γ∈Γ} (1−λ) γᵀYK̄Yγ + λ‖γ‖² (opt.KOMDQP, or
//     opt.KOMDQPFromBest from SumStart);
//  2. d_s = γ*ᵀYK_sYγ*, η = d/‖d‖₂ (the closed-form maximiser of Eq. (1)),
//     then rescaled to ‖η‖₁ = 1 — the ℓ2 step only changes the scale, so η
//     is d/Σ_s d_s, which is what the reference code computes;
//  3. the KOMD problem is re-solved on K_η = Σ_s η_s K_s (as the reference
//     implementation does) to give the γ and bias of the classifier
//     f(x) = Σ_i y_i γ_i K_η(x_i, x) − b, b = ½γᵀK_ηYγ.
//
// The base kernels should be normalised (unit diagonal; then K_η is too).
// Memory: FitSource sweeps a GramSource three times and holds the combined
// L×L kernel besides the source's buffer and the solver's copy, so the
// family never has to be stored; the time is linear in the number of
// kernels. On a GramList the three passes go row by row through all the
// kernels (one pass over the combined kernel instead of one per kernel),
// and on hpk.Family.Source they build each row's powers from the cosine
// matrix, with no per-kernel buffer; both give the same bits as the sweep.
// On hpk.Family.HornerSource each entry of the sums is a polynomial of the
// cosine matrix's entry (Horner's rule) and the margins of all degrees
// come from one pass: the same kernels, the sums and margins to rounding
// (not bit for bit), several times faster. The combined kernel and the solver's copy are
// recycled across fits (fresh memory costs about 2 s per GiB at first
// touch), and the two KOMD solves use up to GOMAXPROCS goroutines
// (opt.KOMDQP); the fit is bit-identical for any GOMAXPROCS.
//
// Speed (BenchmarkEasyMKL, 10 HPKs): n = 4000 in about 3 s wall on 2
// CPUs, 5–13× below MKLpy's (cvxopt) wall time measured side by side;
// tables in BENCHMARKS.md.
//
// Copying an EasyMKL clones it. The zero value is λ = 0.
type Learner struct {
	// Lambda is λ ∈ [0, 1] of the (1−λ, λ) parametrisation (Λ = λ/(1−λ));
	// see LambdaFromPaper.
	Lambda float64
	// Settings are passed to every opt.KOMDQP call (zero fields: its defaults).
	Settings opt.Settings
	// NoResolve skips step 3 and keeps γ* of step 1 (with the bias
	// recomputed on K_η); the weights are unchanged.
	NoResolve bool
	// SumStart and Start, if not nil, are the start points of the KOMD
	// solves of steps 1 and 3: a γ in Γ, one entry per training example,
	// e.g. GammaSum and Gamma of a fit on the same kernels at a
	// neighbouring λ (a warm start along a grid of λ). nil starts from
	// the class-uniform point; with Start nil, step 3 starts from the
	// better (lower objective; opt.KOMDQPFromBest) of that point and γ* of
	// step 1. They change the number of pair steps, not the optimum
	// (within the stopping tolerance). They are read, never modified (a
	// copy of an EasyMKL shares them).
	SumStart, Start []float64
}

// Model is a fitted EasyMKL model.
type Model struct {
	// eta are the kernel weights η (η ≥ 0, Σ η = 1); see Weights.
	eta []float64
	// D are the margins d_s(γ*) = γ*ᵀYK_sYγ* of step 2.
	D []float64
	// GammaSum is γ* of step 1 (on the sum kernel).
	GammaSum []float64
	// Gamma and Bias define the classifier on K_η (step 3).
	Gamma []float64
	Bias  float64
	// Y are the training labels (±1).
	Y []float64
	// SumResult and Result are the solver results of steps 1 and 3.
	SumResult, Result *opt.Result
}

// FitGrams fits EasyMKL on base Gram matrices Ks (all L×L) with labels
// y ∈ {±1}. Errors wrap ErrEmpty, ErrShape, ErrNotFinite, ErrLabels,
// ErrOneClass, ErrNotPSD (a base kernel with a negative diagonal entry) or
// ErrParam.
func (e Learner) FitGrams(Ks []*mat.SymDense, y []float64) (*Model, error) {
	for s, K := range Ks {
		if K == nil {
			return nil, klearn.Errorf(klearn.ErrEmpty, "easymkl: kernel %d is nil", s)
		}
		if K.SymmetricDim() != len(y) {
			return nil, klearn.Errorf(klearn.ErrShape, "easymkl: kernel %d is %d×%d, y has %d entries", s, K.SymmetricDim(), K.SymmetricDim(), len(y))
		}
	}
	return e.FitSource(mkl.GramList(Ks), y)
}

// FitSource fits EasyMKL sweeping the base kernels of src (see FitGrams).
func (e Learner) FitSource(src mkl.GramSource, y []float64) (*Model, error) {
	ms, err := e.fitPath(src, y, []float64{e.Lambda})
	if err != nil {
		return nil, err
	}
	return ms[0], nil
}

// FitSourcePath fits EasyMKL on src and y at each λ of lambdas in turn
// (e.Lambda is not used), as a grid of λ in model selection does: model k
// is the fit of e with Lambda = lambdas[k]. The λ are solved from the
// largest down, each of the two KOMD solves of a λ started from the
// better (lower objective; opt.KOMDQPFromBest) of the previously solved
// λ's solution (GammaSum, Gamma; e's own SumStart and Start for the first)
// and, from the third λ on, the secant extrapolation of the two
// previously solved (opt.KOMDSecant). The sum kernel of step 1 is formed
// once and its KOMD QP set up once (opt.KOMDPath), so each further λ
// costs the two solves, the margins and K_η; every model is bit-identical
// to the FitSource call with that Lambda, SumStart and Start. It holds two
// L×L kernels and the QP's signed copy besides the solver's scratch.
// Errors: those of FitSource, and ErrEmpty for no λ.
func (e Learner) FitSourcePath(src mkl.GramSource, y []float64, lambdas []float64) ([]*Model, error) {
	if len(lambdas) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "easymkl: FitSourcePath: no λ")
	}
	return e.fitPath(src, y, lambdas)
}

// fitPath is FitSourcePath for any number of λ (FitSource: one, solved by
// opt.KOMDQPFrom without a KOMDPath and with one L×L buffer).
func (e Learner) fitPath(src mkl.GramSource, y []float64, lambdas []float64) ([]*Model, error) {
	for _, lam := range lambdas {
		if err := klearn.CheckParam("easymkl: Lambda", lam, 0, 1); err != nil {
			return nil, err
		}
	}
	if _, _, err := klearn.CheckBinary(y); err != nil {
		return nil, klearn.Errorf(err, "easymkl")
	}
	if klearn.IsNil(src) || src.Len() == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "easymkl: no base kernels")
	}
	n := len(y)
	if src.Dim() != n {
		return nil, klearn.Errorf(klearn.ErrShape, "easymkl: kernels are %d×%d, y has %d entries", src.Dim(), src.Dim(), n)
	}
	R := src.Len()
	// A GramList or hpk.Family's Source forms the sums and margins row by
	// row, with the same arithmetic as the sweeps below;
	// hpk.Family.HornerSource forms them per entry of its cosine matrix
	// (polySource), to rounding.
	fused, _ := src.(symrows.Fused)
	if l, ok := src.(mkl.GramList); ok {
		fused = symrows.List(l)
	}
	if p, ok := src.(polySource); ok {
		fused = polyFused{p}
	}
	const who = "easymkl"
	check := func(s int, K *mat.SymDense) error {
		return klearn.CheckDiagPSD(fmt.Sprintf("%s: kernel %d", who, s), K)
	}
	if l, ok := src.(mkl.GramList); ok {
		// hpk.Family.Source's members have unit diagonals by construction.
		if err := mkl.EachGram(who, l, n, check); err != nil {
			return nil, err
		}
	}
	// Step 1's simple sum, in a recycled n×n matrix.
	acc := symrows.Get(n)
	defer symrows.Put(acc)
	symrows.Zero(acc)
	if fused != nil {
		ones := make([]float64, R)
		for s := range ones {
			ones[s] = 1
		}
		fused.AddWeighted(acc, ones)
	} else if err := mkl.EachGram(who, src, n, func(s int, K *mat.SymDense) error {
		if err := check(s, K); err != nil {
			return err
		}
		symrows.AddScaled(acc, 1, K)
		return nil
	}); err != nil {
		return nil, err
	}
	solve1, err := qpSolver(acc, y, len(lambdas), &e.Settings)
	if err != nil {
		return nil, klearn.Errorf(err, "easymkl")
	}
	// K_η goes into acc itself for a single λ, else into a second matrix,
	// taken when a step first forms K_η (never on a polySource with λ < 1).
	var kBuf *mat.SymDense
	kEta := func() *mat.SymDense {
		if kBuf == nil {
			kBuf = acc
			if len(lambdas) > 1 {
				kBuf = symrows.Get(n)
			}
		}
		return kBuf
	}
	defer func() {
		if kBuf != nil && kBuf != acc {
			symrows.Put(kBuf)
		}
	}()
	out := make([]*Model, len(lambdas))
	sumHist, hist := pathHist{first: e.SumStart}, pathHist{first: e.Start}
	for _, k := range descending(lambdas) {
		lam := lambdas[k]
		sumStarts, err := sumHist.starts(y, lam)
		if err != nil {
			return nil, klearn.Errorf(err, "easymkl")
		}
		starts, err := hist.starts(y, lam)
		if err != nil {
			return nil, klearn.Errorf(err, "easymkl")
		}
		m, err := e.fitStep(src, fused, y, lam, solve1, sumStarts, starts, kEta)
		if err != nil {
			return nil, err
		}
		out[k] = m
		sumHist.push(lam, m.GammaSum)
		hist.push(lam, m.Gamma)
	}
	return out, nil
}

// polySource is a GramSource whose members are powers of one matrix,
// K_s = K^{∘(s+m)} (hpk.Family.HornerSource): it forms Σ_s w_s K_s as a
// polynomial of each entry of K (AddPoly) and the quadratic forms vᵀK_s v
// of all members in one pass (PowerQuads), equal to the sweeps' results
// to rounding, not bit for bit (unlike symrows.Fused).
//
// PolyMatrix(w) is Σ_s w_s K_s as an opt.SymRows whose entries are those
// AddPoly writes into a zeroed matrix, computed as the solver copies them:
// step 3's KOMD QP (λ < 1) reads it instead of a formed K_η, with the
// same bits.
type polySource interface {
	mkl.GramSource
	AddPoly(dst *mat.SymDense, w []float64)
	PowerQuads(v []float64) []float64
	PolyMatrix(w []float64) mat.Symmetric
}

// polyFused adapts a polySource to the fused passes of fitPath: a
// symrows.Fused in form only, whose results are the polySource's (to
// rounding, not bit-identical to the sweeps as symrows.Fused states).
type polyFused struct{ p polySource }

func (f polyFused) AddWeighted(dst *mat.SymDense, w []float64) { f.p.AddPoly(dst, w) }
func (f polyFused) Quads(v []float64) []float64                { return f.p.PowerQuads(v) }

// fitStep runs steps 1–3 at λ: γ* by solve1 (on the sum kernel) from the
// best of sumStarts, the margins and η over src (fused, if not nil, forms
// them row by row), K_η in the matrix kEta returns (or a polySource's
// PolyMatrix) and the final KOMD solve from the best of starts
// (opt.KOMDQPFromBest), and of γ* too when the class-uniform point (nil)
// is among starts.
func (e Learner) fitStep(src mkl.GramSource, fused symrows.Fused, y []float64, lam float64,
	solve1 func(lam float64, starts [][]float64) (*opt.Result, error), sumStarts, starts [][]float64, kEta func() *mat.SymDense) (*Model, error) {
	const who = "easymkl"
	n, R := len(y), src.Len()
	res1, err := solve1(lam, sumStarts)
	if err != nil {
		return nil, klearn.Errorf(err, "easymkl")
	}
	u := signed(res1.X, y)
	// Step 2: d_s(γ*) and η.
	d := make([]float64, R)
	if fused != nil {
		for s, q := range fused.Quads(u) {
			d[s] = math.Max(0, q)
		}
	} else if err := mkl.EachGram(who, src, n, func(s int, K *mat.SymDense) error {
		d[s] = math.Max(0, symrows.Quad(K, u))
		return nil
	}); err != nil {
		return nil, err
	}
	var sum float64
	for _, v := range d {
		sum += v
	}
	if !(sum > 0) || math.IsInf(sum, 0) {
		return nil, klearn.Errorf(klearn.ErrSingular, "easymkl: all margins d_s(γ*) are zero (Σ d = %g)", sum)
	}
	eta := make([]float64, R)
	for s, v := range d {
		eta[s] = v / sum
	}
	// Step 3: K_η and the final KOMD solve. A polySource's K_η is read by
	// the solver as it copies it (λ < 1: the bias then needs no K_η, and
	// kE stays nil).
	var kq mat.Symmetric
	var kE *mat.SymDense
	if p, ok := src.(polySource); ok && !e.NoResolve && lam < 1 {
		kq = p.PolyMatrix(eta)
	} else {
		kE = kEta()
		kq = kE
		symrows.Zero(kE)
		if fused != nil {
			fused.AddWeighted(kE, eta)
		} else if err := mkl.EachGram(who, src, n, func(s int, K *mat.SymDense) error {
			if eta[s] != 0 {
				symrows.AddScaled(kE, eta[s], K)
			}
			return nil
		}); err != nil {
			return nil, err
		}
	}
	m := &Model{eta: eta, D: d, GammaSum: res1.X, Y: append([]float64(nil), y...), SumResult: res1}
	if e.NoResolve {
		m.Gamma, m.Result = res1.X, res1
		m.Bias = komdBias(kE, m.Gamma, signed(m.Gamma, y))
	} else {
		// From the class-uniform point, γ* of step 1 is a candidate too:
		// K_η is a convex combination of the kernels whose sum gave it, and
		// γ* is nearer (along a path the previous λ's solution is, and γ*
		// rarely wins against it).
		if slices.ContainsFunc(starts, func(s []float64) bool { return s == nil }) {
			starts = append(starts, res1.X)
		}
		res, err := opt.KOMDQPFromBest(kq, y, lam, starts, &e.Settings)
		if err != nil {
			return nil, klearn.Errorf(err, "easymkl")
		}
		m.Gamma, m.Result = res.X, res
		m.Bias = solvedBias(kE, res, lam, y)
	}
	return m, nil
}

// Weights returns a copy of the kernel weights η (η ≥ 0, Σ η = 1).
func (m *Model) Weights() []float64 {
	if m == nil {
		return nil
	}
	return slices.Clone(m.eta)
}

// Combine returns K_η = Σ_s η_s K_s for training base kernels Ks.
func (m *Model) Combine(Ks []*mat.SymDense) (*mat.SymDense, error) {
	return m.CombineSource(mkl.GramList(Ks))
}

// CombineCross returns Σ_s η_s K_s for test×train base kernels Kte.
func (m *Model) CombineCross(Kte []*mat.Dense) (*mat.Dense, error) {
	return m.CombineCrossSource(mkl.CrossList(Kte))
}

// CombineSource returns K_η = Σ_s η_s K_s for a training source.
func (m *Model) CombineSource(src mkl.GramSource) (*mat.SymDense, error) {
	if m == nil || m.eta == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "easymkl: Model is not fitted")
	}
	return mkl.CombineSource(m.eta, src)
}

// CombineCrossSource returns Σ_s η_s K_s for a test×train source.
func (m *Model) CombineCrossSource(src mkl.CrossSource) (*mat.Dense, error) {
	if m == nil || m.eta == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "easymkl: Model is not fitted")
	}
	return mkl.CombineCrossSource(m.eta, src)
}

// DecisionGrams returns f(x) = Σ_i y_i γ_i K_η(x_i, x) − b for test×train
// base kernels Kte (one per base kernel, same order as in training).
func (m *Model) DecisionGrams(Kte []*mat.Dense) ([]float64, error) {
	for s, K := range Kte {
		if K == nil {
			return nil, klearn.Errorf(klearn.ErrEmpty, "easymkl: test kernel %d is nil", s)
		}
	}
	return m.DecisionSource(mkl.CrossList(Kte))
}

// DecisionSource is DecisionGrams over a CrossSource; it never forms K_η:
// f = Σ_s η_s (K_s Yγ) − b (on hpk.Family.HornerCrossSource, (Σ_s η_s K_s)Yγ
// − b row by row, to rounding).
func (m *Model) DecisionSource(src mkl.CrossSource) ([]float64, error) {
	if m == nil || m.eta == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "easymkl: Model is not fitted")
	}
	if klearn.IsNil(src) || src.Len() != len(m.eta) {
		return nil, klearn.Errorf(klearn.ErrShape, "easymkl: need %d test kernels", len(m.eta))
	}
	r, c := src.Dims()
	if c != len(m.Gamma) || r == 0 {
		return nil, klearn.Errorf(klearn.ErrShape, "easymkl: test kernels are %d×%d, model has %d training points", r, c, len(m.Gamma))
	}
	if p, ok := src.(polyCross); ok {
		f := p.PolyMulVec(m.eta, signed(m.Gamma, m.Y))
		for i := range f {
			f[i] -= m.Bias
		}
		return finiteDecision("Learner", f)
	}
	u := mat.NewVecDense(c, signed(m.Gamma, m.Y))
	f := make([]float64, r)
	var tmp mat.VecDense
	err := mkl.EachCross("easymkl", src, r, c, func(s int, K *mat.Dense) error {
		if m.eta[s] == 0 {
			return nil
		}
		tmp.MulVec(K, u)
		for i := range f {
			f[i] += m.eta[s] * tmp.AtVec(i)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for i := range f {
		f[i] -= m.Bias
	}
	return finiteDecision("Learner", f)
}

// polyCross is a CrossSource whose members are powers of one test×train
// matrix (hpk.Family.HornerCrossSource): it forms Σ_s w_s K_s u in one pass
// over that matrix, equal to the sum of the members' products to rounding.
type polyCross interface {
	mkl.CrossSource
	PolyMulVec(w, u []float64) []float64
}

// finiteDecision returns f, or an ErrNotFinite error when a test kernel
// carried NaN or ±Inf into a decision value (0·NaN is NaN, so every
// non-finite entry that meets the model shows up here).
func finiteDecision(who string, f []float64) ([]float64, error) {
	for i, v := range f {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "easymkl: %s: decision value %d is %v (the test kernel has non-finite entries)", who, i, v)
		}
	}
	return f, nil
}

// PredictSource returns sign(f(x)) ∈ {±1} over a CrossSource.
func (m *Model) PredictSource(src mkl.CrossSource) ([]float64, error) {
	f, err := m.DecisionSource(src)
	if err != nil {
		return nil, err
	}
	return mkl.Signs(f), nil
}

// PredictGrams returns sign(f(x)) ∈ {±1}.
func (m *Model) PredictGrams(Kte []*mat.Dense) ([]float64, error) {
	f, err := m.DecisionGrams(Kte)
	if err != nil {
		return nil, err
	}
	return mkl.Signs(f), nil
}

// SVM trains EasyMKL for the kernel weights and then a C-SVM
// (klearn/svm) on the learned kernel K_η, as in the MNIST experiments of
// Donini & Aiolli (2017), Section 5.5.
type SVM struct {
	MKL Learner
	SVM svm.Classifier
}

// SVMModel is a fitted SVM.
type SVMModel struct {
	MKL *Model
	SVM *svm.Model
}

// FitSource learns η on src and fits the SVM on K_η.
func (c SVM) FitSource(src mkl.GramSource, y []float64) (*SVMModel, error) {
	e := c.MKL
	e.NoResolve = true // the SVM replaces the KOMD classifier of step 3
	m, err := e.FitSource(src, y)
	if err != nil {
		return nil, err
	}
	K, err := m.CombineSource(src)
	if err != nil {
		return nil, err
	}
	sm, err := c.SVM.FitGram(K, y)
	if err != nil {
		return nil, klearn.Errorf(err, "easymkl: SVM")
	}
	return &SVMModel{MKL: m, SVM: sm}, nil
}

// FitGrams is FitSource over kernels held in memory.
func (c SVM) FitGrams(Ks []*mat.SymDense, y []float64) (*SVMModel, error) {
	return c.FitSource(mkl.GramList(Ks), y)
}

// Weights returns a copy of the kernel weights η learned by EasyMKL.
func (m *SVMModel) Weights() []float64 {
	if m == nil {
		return nil
	}
	return m.MKL.Weights()
}

// Combine returns K_η = Σ_s η_s K_s for training base kernels Ks.
func (m *SVMModel) Combine(Ks []*mat.SymDense) (*mat.SymDense, error) {
	if m == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "easymkl: SVMModel is not fitted")
	}
	return m.MKL.Combine(Ks)
}

// CombineCross returns Σ_s η_s K_s for test×train base kernels Kte.
func (m *SVMModel) CombineCross(Kte []*mat.Dense) (*mat.Dense, error) {
	if m == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "easymkl: SVMModel is not fitted")
	}
	return m.MKL.CombineCross(Kte)
}

// DecisionGrams returns the SVM decision values on K_η for test×train base
// kernels Kte.
func (m *SVMModel) DecisionGrams(Kte []*mat.Dense) ([]float64, error) {
	return m.DecisionSource(mkl.CrossList(Kte))
}

// PredictGrams returns the SVM labels on K_η for test×train base kernels Kte.
func (m *SVMModel) PredictGrams(Kte []*mat.Dense) ([]float64, error) {
	return m.PredictSource(mkl.CrossList(Kte))
}

// DecisionSource returns the SVM decision values on K_η(test, train).
func (m *SVMModel) DecisionSource(src mkl.CrossSource) ([]float64, error) {
	return m.combination().DecisionSource(src)
}

// PredictSource returns the SVM labels on K_η(test, train).
func (m *SVMModel) PredictSource(src mkl.CrossSource) ([]float64, error) {
	return m.combination().PredictSource(src)
}

// combination is the SVM on K_η.
func (m *SVMModel) combination() mkl.WeightedSVM {
	c := mkl.WeightedSVM{Who: "easymkl: SVMModel"}
	if m != nil && m.MKL != nil {
		c.W, c.SVM = m.MKL.eta, m.SVM
	}
	return c
}

// EasyMKL and its SVM satisfy the kernel-learner contract.
var (
	_ mkl.SourceLearner[*Model]    = Learner{}
	_ mkl.SourceLearner[*SVMModel] = SVM{}
)
