package mkltest

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/mkl"
)

// Data returns the suite's problem: the two-class training and test rows of
// klearntest.SyntheticData in 3-D, three base kernels (linear, RBF γ = 0.5,
// inhomogeneous polynomial of degree 2), their training Grams Ks and
// test×train kernels Kte, the ±1 labels y and a real target r = x₁ − x₂ +
// 0.1·x₃ on the training rows.
func Data(n int, seed uint64) (Ks []*mat.SymDense, Kte []*mat.Dense, y, r []float64) {
	X, y, Xte, _ := klearntest.SyntheticData(klearntest.Binary, n, 3, seed)
	for _, k := range []kernel.Kernel{kernel.Linear{}, kernel.RBF{Gamma: 0.5}, kernel.Polynomial{Degree: 2, Gamma: 0.3, Coef0: 1}} {
		K, err := kernel.Gram(k, X)
		if err != nil {
			panic(err) // fixed, valid kernels and data
		}
		C, err := kernel.Cross(k, Xte, X)
		if err != nil {
			panic(err)
		}
		Ks, Kte = append(Ks, K), append(Kte, C)
	}
	r = make([]float64, n)
	for i := range r {
		r[i] = X.At(i, 0) - X.At(i, 1) + 0.1*X.At(i, 2)
	}
	return Ks, Kte, y, r
}

func cloneSyms(Ks []*mat.SymDense) []*mat.SymDense {
	out := make([]*mat.SymDense, len(Ks))
	for i, K := range Ks {
		out[i] = mat.NewSymDense(K.SymmetricDim(), nil)
		out[i].CopySym(K)
	}
	return out
}

// denseCopies returns copies of the matrices Ks as *mat.Dense: a clone of
// test×train kernels, or training Grams as test×train kernels (the
// training points predicted as test points).
func denseCopies[T mat.Matrix](Ks []T) []*mat.Dense {
	out := make([]*mat.Dense, len(Ks))
	for i, K := range Ks {
		out[i] = mat.DenseCopyOf(K)
	}
	return out
}

func sameSyms(a, b []*mat.SymDense) bool {
	for i := range a {
		if !klearntest.SameMatrixBits(a[i], b[i]) {
			return false
		}
	}
	return true
}

// TestKernelLearner checks a learner of the mkl contract over a finite
// kernel list: fitting never mutates its inputs; Weights are finite, one
// per base kernel, and a copy; Combine and CombineCross agree with each
// other (the training points as test points) and, for Linear learners,
// with Σ_s w_s K_s; PredictGrams is the sign of DecisionGrams (classifiers)
// or equals it (regressors); the lazy paths of a SourceLearner and a
// SourceModel (FitSource, DecisionSource, PredictSource) agree with the
// in-memory ones; the model owns its data (overwriting the training Grams
// and targets after the fit changes nothing); the training fit is good on
// easy data; two
// fits and the fits for GOMAXPROCS 1 and 2 agree bit for bit; and a
// battery of bad inputs (NaN/Inf in a Gram or a target, targets short or
// missing, one class, a third label, mismatched list sizes and orders, nil
// and empty lists, an indefinite Gram with a negative diagonal entry
// (ErrNotPSD), test kernels of the wrong shape or with NaN, calls on a nil
// model, and every learner of absurd, each a copy of l with an absurd
// hyper-parameter (ErrParam)) returns errors wrapping klearn's sentinels,
// never a panic or a NaN answer. An indefinite Gram with a non-negative
// diagonal, rank-one and zero Grams may be fitted (see the package doc of
// mkl) but then give finite decisions.
func TestKernelLearner[M mkl.Model](t *testing.T, l mkl.Learner[M], opts Options, absurd ...mkl.Learner[M]) {
	t.Helper()
	opts, Ks, Kte, y := kernelProblem(opts)
	n := opts.N
	m, _ := Kte[0].Dims()
	KsCopy, KteCopy, yCopy := cloneSyms(Ks), denseCopies(Kte), slices.Clone(y)

	model, err := l.FitGrams(Ks, y)
	if err != nil {
		t.Fatalf("FitGrams: %v", err)
	}
	if !sameSyms(Ks, KsCopy) || !klearntest.SameBits(y, yCopy) {
		t.Errorf("FitGrams mutated its inputs")
	}

	w := model.Weights()
	if len(w) != len(Ks) {
		t.Fatalf("Weights has %d entries for %d base kernels", len(w), len(Ks))
	}
	for s, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Errorf("weight %d = %v", s, v)
		}
	}
	w[0] = math.NaN()
	if v := model.Weights()[0]; math.IsNaN(v) {
		t.Errorf("Weights returns the model's own slice, not a copy")
	}

	Kc, err := model.Combine(Ks)
	if err != nil {
		t.Fatalf("Combine: %v", err)
	}
	Kcc, err := model.CombineCross(denseCopies(Ks))
	if err != nil {
		t.Fatalf("CombineCross: %v", err)
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if a, b := Kc.At(i, j), Kcc.At(i, j); !klearntest.Close(a, b, 1e-12) {
				t.Fatalf("Combine[%d,%d] = %v, CombineCross of the same kernels %v", i, j, a, b)
			}
		}
	}
	if opts.Linear {
		want, err := kernel.Combine(model.Weights(), Ks)
		if err != nil {
			t.Fatal(err)
		}
		if !mat.EqualApprox(Kc, want, 1e-12) {
			t.Errorf("Combine is not Σ_s w_s K_s")
		}
	}

	f, err := model.DecisionGrams(Kte)
	if err != nil {
		t.Fatalf("DecisionGrams: %v", err)
	}
	p, err := model.PredictGrams(Kte)
	if err != nil {
		t.Fatalf("PredictGrams: %v", err)
	}
	checkPredictions(t, f, p, m, opts)
	if !sameSyms(Ks, KsCopy) || !klearntest.SameBits(y, yCopy) {
		t.Errorf("prediction mutated the training inputs")
	}
	for i := range Kte {
		if !klearntest.SameMatrixBits(Kte[i], KteCopy[i]) {
			t.Errorf("prediction mutated test kernel %d", i)
		}
	}

	// Training fit on easy data.
	ft, err := model.PredictGrams(denseCopies(Ks))
	if err != nil {
		t.Fatalf("PredictGrams on the training points: %v", err)
	}
	checkTrainingFit(t, ft, y, opts)

	sourcePaths(t, l, model, Ks, Kte, y, f, p, opts)

	// The model owns its data: overwriting the training Grams and targets
	// after the fit changes no decision.
	Ko, yo := cloneSyms(Ks), slices.Clone(y)
	mo, err := l.FitGrams(Ko, yo)
	if err != nil {
		t.Fatalf("FitGrams: %v", err)
	}
	before, err := mo.DecisionGrams(Kte)
	if err != nil {
		t.Fatalf("DecisionGrams: %v", err)
	}
	for _, K := range Ko {
		K.ScaleSym(-2, K)
	}
	for i := range yo {
		yo[i] = -yo[i]
	}
	if after, err := mo.DecisionGrams(Kte); err != nil || !klearntest.SameBits(before, after) {
		t.Errorf("the model does not own its data: overwriting the training Grams and targets after the fit changes its decisions (error %v)", err)
	}

	// The same fit twice and for any GOMAXPROCS: weights and decisions.
	refits(t, append(model.Weights(), f...), func() ([]float64, error) {
		m, err := l.FitGrams(Ks, y)
		if err != nil {
			return nil, err
		}
		f, err := m.DecisionGrams(Kte)
		return append(m.Weights(), f...), err
	})

	badInput(t, l, model, Ks, Kte, y, opts, absurd)
}

// sourceFitter is a SourceLearner's lazy fit path.
type sourceFitter[M mkl.Model] interface {
	FitSource(src mkl.GramSource, y []float64) (M, error)
}

// sourcePaths checks that the lazy paths agree with the in-memory ones: a
// learner with FitSource fits the same model from mkl.GramList(Ks) (weights
// and decisions bit for bit), and a SourceModel decides and predicts through
// mkl.CrossList(Kte) as through DecisionGrams and PredictGrams (decisions
// to 1e-12, relative); both refuse a NaN kernel and a nil source.
func sourcePaths[M mkl.Model](t *testing.T, l mkl.Learner[M], model M, Ks []*mat.SymDense, Kte []*mat.Dense, y, f, p []float64, opts Options) {
	t.Helper()
	var cases []klearntest.Case
	if sl, ok := any(l).(sourceFitter[M]); ok {
		ms, err := sl.FitSource(mkl.GramList(Ks), y)
		if err != nil {
			t.Fatalf("FitSource: %v", err)
		}
		fs, err := ms.DecisionGrams(Kte)
		if err != nil {
			t.Fatalf("DecisionGrams of the FitSource model: %v", err)
		}
		if !klearntest.SameBits(ms.Weights(), model.Weights()) || !klearntest.SameBits(fs, f) {
			t.Errorf("FitSource and FitGrams give different fits")
		}
		nan := cloneSyms(Ks)
		nan[0].SetSym(2, 3, math.NaN())
		cases = append(cases,
			klearntest.Bad("FitSource: NaN in a Gram", func() error { _, err := sl.FitSource(mkl.GramList(nan), y); return err }, klearn.ErrNotFinite),
			klearntest.Bad("FitSource: nil source", func() error { _, err := sl.FitSource(nil, y); return err }, nil),
			klearntest.Bad("FitSource: short targets", func() error { _, err := sl.FitSource(mkl.GramList(Ks), y[1:]); return err }, klearn.ErrShape))
	}
	if sm, ok := any(model).(mkl.SourceModel); ok {
		fs, err := sm.DecisionSource(mkl.CrossList(Kte))
		if err != nil {
			t.Fatalf("DecisionSource: %v", err)
		}
		ps, err := sm.PredictSource(mkl.CrossList(Kte))
		if err != nil {
			t.Fatalf("PredictSource: %v", err)
		}
		klearntest.CloseSlices(t, "DecisionSource", fs, f, 1e-12)
		checkPredictions(t, fs, ps, len(f), opts)
		nan := denseCopies(Kte)
		nan[len(nan)-1].Set(1, 0, math.NaN())
		cases = append(cases,
			klearntest.Bad("DecisionSource: NaN", func() error { _, err := sm.DecisionSource(mkl.CrossList(nan)); return err }, klearn.ErrNotFinite),
			klearntest.Bad("PredictSource: nil source", func() error { _, err := sm.PredictSource(nil); return err }, nil))
	}
	klearntest.Battery(t, cases)
}

func badInput[M mkl.Model](t *testing.T, l mkl.Learner[M], model M, Ks []*mat.SymDense, Kte []*mat.Dense, y []float64, opts Options, absurd []mkl.Learner[M]) {
	t.Helper()
	n, p := len(y), len(Ks)
	withEntry := func(i int, v float64) []*mat.SymDense {
		c := cloneSyms(Ks)
		c[i%p].SetSym(1, 2, v)
		return c
	}
	fit := func(Ks []*mat.SymDense, y []float64) func() error {
		return func() error { _, err := l.FitGrams(Ks, y); return err }
	}
	// fitDecide fits on Ks and returns the decisions on the suite's test
	// kernels: the answer of a Finite case.
	fitDecide := func(Ks []*mat.SymDense) func() ([]float64, error) {
		return func() ([]float64, error) { return fitDecisionGrams(l, Ks, y, Kte) }
	}
	small := mat.NewSymDense(n-1, nil)
	// An indefinite Gram refused by the O(n) test: a negative diagonal entry.
	negDiag := cloneSyms(Ks)
	negDiag[1%p].SetSym(4, 4, -1)
	// J − I: a zero diagonal and the eigenvalue −1 (n−1 times), which the
	// O(n) test cannot see.
	hollow := cloneSyms(Ks)
	hollow[1%p] = mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			hollow[1%p].SetSym(i, j, 1)
		}
	}
	// Singular Grams: every base kernel of rank one (vvᵀ, v alternating
	// ±1 and 2), and all zero.
	rankOne := make([]*mat.SymDense, len(Ks))
	zero := make([]*mat.SymDense, len(Ks))
	for s := range Ks {
		v := make([]float64, n)
		for i := range v {
			v[i] = float64(1+(i+s)%2) * float64(1-2*(i%3%2))
		}
		rankOne[s] = mat.NewSymDense(n, nil)
		rankOne[s].SymOuterK(1, mat.NewVecDense(n, v))
		zero[s] = mat.NewSymDense(n, nil)
	}
	cases := []klearntest.Case{
		klearntest.Bad("NaN in a Gram", fit(withEntry(1, math.NaN()), y), klearn.ErrNotFinite),
		klearntest.Bad("Inf in a Gram", fit(withEntry(2, math.Inf(-1)), y), klearn.ErrNotFinite),
		klearntest.Bad("Grams of different orders", fit([]*mat.SymDense{Ks[0], small}, y), nil),
		klearntest.Bad("nil Gram", fit([]*mat.SymDense{Ks[0], nil}, y), nil),
		klearntest.Bad("no Grams", fit(nil, y), nil),
		klearntest.Bad("indefinite Gram: negative diagonal", fit(negDiag, y), klearn.ErrNotPSD),
		klearntest.Finite("indefinite Gram: zero diagonal", fitDecide(hollow)),
		klearntest.Finite("singular Grams: rank one", fitDecide(rankOne)),
		klearntest.Finite("singular Grams: zero", fitDecide(zero)),
		klearntest.Bad("test kernels: one missing", func() error { _, err := model.DecisionGrams(Kte[:len(Kte)-1]); return err }, nil),
		klearntest.Bad("test kernels: wrong columns", func() error {
			short := make([]*mat.Dense, len(Kte))
			for i, K := range Kte {
				r, c := K.Dims()
				short[i] = mat.DenseCopyOf(K.Slice(0, r, 0, c-1))
			}
			_, err := model.PredictGrams(short)
			return err
		}, klearn.ErrShape),
		klearntest.Bad("test kernels: NaN", func() error {
			c := denseCopies(Kte)
			for i := range c {
				c[i].Set(0, 0, math.NaN())
			}
			_, err := model.DecisionGrams(c)
			return err
		}, klearn.ErrNotFinite),
		klearntest.Bad("Combine of too few Grams", func() error { _, err := model.Combine(Ks[:p-1]); return err }, nil),
		klearntest.Bad("CombineCross of nil", func() error { _, err := model.CombineCross(nil); return err }, nil),
	}
	cases = append(cases, targetCases(y, func(y []float64) error { _, err := l.FitGrams(Ks, y); return err }, opts)...)
	cases = append(cases, absurdCases(absurd, func(a mkl.Learner[M]) error { _, err := a.FitGrams(Ks, y); return err })...)
	var zeroModel M
	cases = append(cases, klearntest.Bad("nil model", func() error { _, err := zeroModel.DecisionGrams(Kte); return err }, klearn.ErrNotFitted))
	klearntest.Battery(t, cases)
}

// TestExtremeKernelLearners is TestExtremeFeatureLearners for learners
// over a finite kernel list, on the data of TestKernelLearner (Options N,
// Kernels and Regression): an error wrapping a klearn sentinel or finite
// decisions on the test kernels, never a panic, a hang or a NaN.
func TestExtremeKernelLearners[M mkl.Model](t *testing.T, opts Options, learners ...mkl.Learner[M]) {
	t.Helper()
	_, Ks, Kte, y := kernelProblem(opts)
	extremeBattery(t, len(learners), func(i int) ([]float64, error) { return fitDecisionGrams(learners[i], Ks, y, Kte) })
}

// kernelProblem is the problem of the kernel-list suites: opts with its
// defaults, and the first Kernels base kernels of Data(N, 7) with the real
// targets r as y for a Regression learner.
func kernelProblem(opts Options) (Options, []*mat.SymDense, []*mat.Dense, []float64) {
	opts = opts.withDefaults(40)
	Ks, Kte, y, r := Data(opts.N, 7)
	if opts.Regression {
		y = r
	}
	return opts, Ks[:opts.Kernels], Kte[:opts.Kernels], y
}

// fitDecisionGrams fits l on Ks, y and returns its decisions on Kte.
func fitDecisionGrams[M mkl.Model](l mkl.Learner[M], Ks []*mat.SymDense, y []float64, Kte []*mat.Dense) ([]float64, error) {
	m, err := l.FitGrams(Ks, y)
	if err != nil {
		return nil, err
	}
	return m.DecisionGrams(Kte)
}
