// Package mkltest is the conformance suite of the kernel-learner contract
// of package mkl, so that a new method gets every check by one call:
//
//   - TestKernelLearner checks a Learner over a finite list of base kernels
//     (FitGrams → Model): easymkl.Learner and easymkl.SVM, simplemkl,
//     lpmkl and alignf.SVM, easymkl.KOMD as a list of one kernel (through a
//     test adapter) and nkrr.Regressor (one contract_test.go in each
//     package); for a SourceLearner and a SourceModel (easymkl.Learner,
//     easymkl.SVM) also that
//     the lazy fit and decision paths agree with the in-memory ones;
//   - TestFeatureLearner checks a FeatureLearner, fitted from the rows of X
//     over a continuous or combinatorial kernel family (Fit → FeatureModel):
//     continuous.Greedy, stagewise.CA, tk.Learner and ghkl.Classifier (one
//     contract_test.go in each package), and nkrr.Regressor's Fit
//     path (nkrr/contract_test.go, through a test adapter);
//   - TestExtremeKernelLearners and TestExtremeFeatureLearners fit learners
//     with valid but extreme hyper-parameters, which must give an error
//     wrapping a klearn sentinel or finite decisions;
//   - KernelLearner and FeatureLearner run both suites on one learner in a
//     subtest: what each package's contract_test.go calls per learner;
//   - TwoKernels and Summary are the problem and the printed line of the
//     learners' examples (an informative and a useless base kernel).
//
// Both suites share the checks of the contract: inputs never mutated (bit
// for bit), the model owns its data, Predict consistent with Decision, a
// good training fit on easy data, the same fit twice and for GOMAXPROCS 1
// and 2 (bit for bit), and a bad-input battery (klearntest.Battery: each
// case under recover and a time limit) whose every case must return an
// error wrapping a klearn sentinel, never a panic, a hang or a NaN answer.
// The suites' own tests run them on reference learners, correct (they must
// pass) and with one fault injected at a time (they must fail with the
// message of the broken check).
//
// The package lives beside mkl, not in klearntest, because klearntest is
// imported by the tests of packages that mkl itself imports.
package mkltest

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/mkl"
)

// Options describe what the suites may expect of a learner.
type Options struct {
	// Regression: targets are real values and Predict equals Decision;
	// otherwise labels are ±1 and Predict returns sign(Decision) (0 may
	// map to either label).
	Regression bool
	// Linear: Combine(Ks) = Σ_s w_s K_s with the reported weights (false
	// for learners whose learned kernel is a polynomial of the weights).
	// TestKernelLearner only.
	Linear bool
	// MinTrainAccuracy is the training accuracy required of a classifier
	// on the well-separated data of the suite (default 0.9); MaxTrainRMSE
	// bounds a regressor's training RMSE relative to the targets' spread
	// (default 0.5).
	MinTrainAccuracy, MaxTrainRMSE float64
	// Kernels is the number of base kernels of Data that TestKernelLearner
	// uses, 1 to 3 (default 3): 1 for a learner on a single kernel.
	Kernels int
	// N and D are the number of training rows (default 40 for
	// TestKernelLearner, 30 for TestFeatureLearner) and of features
	// (default 3; TestFeatureLearner only).
	N, D int
}

func (o Options) withDefaults(n int) Options {
	if o.MinTrainAccuracy == 0 {
		o.MinTrainAccuracy = 0.9
	}
	if o.MaxTrainRMSE == 0 {
		o.MaxTrainRMSE = 0.5
	}
	if o.N == 0 {
		o.N = n
	}
	if o.D == 0 {
		o.D = 3
	}
	if o.Kernels <= 0 || o.Kernels > 3 {
		o.Kernels = 3
	}
	return o
}

// checkPredictions checks m decisions f and predictions p: as many as the
// test rows, finite, and p the sign of f (classifiers; 0 may map to either
// label) or equal to f (regressors).
func checkPredictions(t *testing.T, f, p []float64, m int, opts Options) {
	t.Helper()
	if len(f) != m || len(p) != m {
		t.Fatalf("%d decisions and %d predictions for %d test rows", len(f), len(p), m)
	}
	for i := range f {
		ok := !math.IsNaN(f[i]) && !math.IsInf(f[i], 0)
		switch {
		case opts.Regression:
			ok = ok && p[i] == f[i]
		case f[i] > 0:
			ok = ok && p[i] == 1
		case f[i] < 0:
			ok = ok && p[i] == -1
		default:
			ok = ok && (p[i] == 1 || p[i] == -1)
		}
		if !ok {
			t.Errorf("row %d: decision %v, prediction %v", i, f[i], p[i])
		}
	}
}

// checkTrainingFit checks the training predictions yh against the targets
// y: accuracy ≥ MinTrainAccuracy for classifiers, RMSE / spread ≤
// MaxTrainRMSE for regressors.
func checkTrainingFit(t *testing.T, yh, y []float64, opts Options) {
	t.Helper()
	n := len(y)
	if len(yh) != n {
		t.Fatalf("%d training predictions for %d rows", len(yh), n)
	}
	if opts.Regression {
		var se, ss, mean float64
		for _, v := range y {
			mean += v / float64(n)
		}
		for i := range y {
			se += (yh[i] - y[i]) * (yh[i] - y[i])
			ss += (y[i] - mean) * (y[i] - mean)
		}
		if rel := math.Sqrt(se / ss); !(rel <= opts.MaxTrainRMSE) {
			t.Errorf("training RMSE / spread = %.3f > %.3f", rel, opts.MaxTrainRMSE)
		}
		return
	}
	hit := 0
	for i := range y {
		if yh[i] == y[i] {
			hit++
		}
	}
	if acc := float64(hit) / float64(n); acc < opts.MinTrainAccuracy {
		t.Errorf("training accuracy %.3f < %.3f", acc, opts.MinTrainAccuracy)
	}
}

// refits fits once more, then under GOMAXPROCS 1 and 2, and fails t unless
// the three fingerprints (decisions, weights, Grams: whatever fit returns)
// equal the first fit's ref bit for bit.
func refits(t *testing.T, ref []float64, fit func() ([]float64, error)) {
	t.Helper()
	again, err := fit()
	if err != nil {
		t.Fatalf("second fit: %v", err)
	}
	if !klearntest.SameBits(ref, again) {
		t.Errorf("two fits on the same data differ")
	}
	old := runtime.GOMAXPROCS(1)
	f1, err1 := fit()
	runtime.GOMAXPROCS(2)
	f2, err2 := fit()
	runtime.GOMAXPROCS(old)
	if err1 != nil || err2 != nil {
		t.Fatalf("refits: %v, %v", err1, err2)
	}
	if !klearntest.SameBits(f1, f2) || !klearntest.SameBits(ref, f1) {
		t.Errorf("GOMAXPROCS 1 and 2 give different fits")
	}
}

// targetCases are the bad targets of both suites: NaN and ±Inf, one short,
// none and (classifiers) a single class or a third label; fit runs the
// learner on the suite's inputs with the targets given.
func targetCases(y []float64, fit func(y []float64) error, opts Options) []klearntest.Case {
	n := len(y)
	with := func(i int, v float64) []float64 {
		c := append([]float64(nil), y...)
		c[i] = v
		return c
	}
	call := func(y []float64) func() error { return func() error { return fit(y) } }
	cases := []klearntest.Case{
		klearntest.Bad("NaN target", call(with(3, math.NaN())), nil),
		klearntest.Bad("Inf target", call(with(0, math.Inf(1))), nil),
		klearntest.Bad("short targets", call(y[:n-1]), klearn.ErrShape),
		klearntest.Bad("no targets", call(nil), nil),
	}
	if !opts.Regression {
		one := make([]float64, n)
		for i := range one {
			one[i] = 1
		}
		cases = append(cases,
			klearntest.Bad("one class", call(one), klearn.ErrOneClass),
			klearntest.Bad("three classes", call(with(1, 2)), klearn.ErrLabels))
	}
	return cases
}

// KernelLearner runs, in the subtest name, TestKernelLearner on l with the
// absurd learners (copies of l with a hyper-parameter that must be refused,
// ErrParam) and then TestExtremeKernelLearners on the extreme ones (valid
// but extreme settings: an error wrapping a sentinel or finite decisions).
func KernelLearner[M mkl.Model, L mkl.Learner[M]](t *testing.T, name string, l L, opts Options, absurd, extreme []L) {
	t.Helper()
	as := asLearners[mkl.Learner[M], L]
	suites(t, name, mkl.Learner[M](l), opts, as(absurd), as(extreme), TestKernelLearner[M], TestExtremeKernelLearners[M])
}

// FeatureLearner is KernelLearner for a feature learner: TestFeatureLearner
// and TestExtremeFeatureLearners.
func FeatureLearner[M mkl.FeatureModel, L mkl.FeatureLearner[M]](t *testing.T, name string, l L, opts Options, absurd, extreme []L) {
	t.Helper()
	as := asLearners[mkl.FeatureLearner[M], L]
	suites(t, name, mkl.FeatureLearner[M](l), opts, as(absurd), as(extreme), TestFeatureLearner[M], TestExtremeFeatureLearners[M])
}

// suites runs suite on l and the absurd learners, then extremes on the
// extreme ones (if any), in the subtest name.
func suites[I any](t *testing.T, name string, l I, opts Options, absurd, extreme []I,
	suite func(*testing.T, I, Options, ...I), extremes func(*testing.T, Options, ...I)) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		suite(t, l, opts, absurd...)
		if len(extreme) > 0 {
			extremes(t, opts, extreme...)
		}
	})
}

// asLearners converts learners of a concrete type to the interface I.
func asLearners[I, L any](ls []L) []I {
	out := make([]I, len(ls))
	for i, l := range ls {
		out[i] = any(l).(I)
	}
	return out
}

// absurdCases are the battery cases of the learners with an absurd
// hyper-parameter, named by their 0-based position among the suite's
// arguments: fit(a) must return an ErrParam error.
func absurdCases[L any](absurd []L, fit func(a L) error) []klearntest.Case {
	cases := make([]klearntest.Case, len(absurd))
	for i, a := range absurd {
		cases[i] = klearntest.Bad(fmt.Sprintf("absurd hyper-parameters #%d", i), func() error { return fit(a) }, klearn.ErrParam)
	}
	return cases
}

// extremeBattery runs, for each of n learners with extreme but valid
// hyper-parameters, a klearntest.Finite case on decide(i): the i-th
// learner's decisions after its fit, or its error.
func extremeBattery(t *testing.T, n int, decide func(i int) ([]float64, error)) {
	t.Helper()
	cases := make([]klearntest.Case, n)
	for i := range cases {
		cases[i] = klearntest.Finite(fmt.Sprintf("extreme hyper-parameters #%d", i), func() ([]float64, error) { return decide(i) })
	}
	klearntest.Battery(t, cases)
}
