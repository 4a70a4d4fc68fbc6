// Package mkltest is the conformance suite of the kernel-learner contract
// of package mkl (Model, Learner): TestKernelLearner checks any learner the
// same way, so a new method gets every check by one call. It lives beside
// mkl, not in klearntest, because klearntest is imported by the tests of
// packages that mkl itself imports.
package mkltest

import (
	"math"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/mkl"
)

// Options describe what TestKernelLearner may expect of a learner.
type Options struct {
	// Regression: targets are real values and PredictGrams equals
	// DecisionGrams; otherwise labels are ±1 and PredictGrams returns
	// sign(DecisionGrams) (0 ↦ +1).
	Regression bool
	// Linear: Combine(Ks) = Σ_s w_s K_s with the reported weights (false
	// for learners whose learned kernel is a polynomial of the weights).
	Linear bool
	// MinTrainAccuracy is the training accuracy required of a classifier
	// on the well-separated data of the suite (default 0.9); MaxTrainRMSE
	// bounds a regressor's training RMSE relative to the targets' spread
	// (default 0.5).
	MinTrainAccuracy, MaxTrainRMSE float64
}

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

func cloneDenses(Ks []*mat.Dense) []*mat.Dense {
	out := make([]*mat.Dense, len(Ks))
	for i, K := range Ks {
		out[i] = mat.DenseCopyOf(K)
	}
	return out
}

func sameSyms(a, b []*mat.SymDense) bool {
	for i := range a {
		if !mat.Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// asDense returns the training Grams as test×train kernels (the training
// points predicted as test points).
func asDense(Ks []*mat.SymDense) []*mat.Dense {
	out := make([]*mat.Dense, len(Ks))
	for i, K := range Ks {
		out[i] = mat.DenseCopyOf(K)
	}
	return out
}

// TestKernelLearner checks a learner of the mkl contract: fitting never
// mutates its inputs; Weights are finite, one per base kernel, and a copy;
// Combine and CombineCross agree with each other (the training points as
// test points) and, for Linear learners, with Σ_s w_s K_s; PredictGrams is
// the sign of DecisionGrams (classifiers) or equals it (regressors); the
// training fit is good on easy data; the same fit for GOMAXPROCS 1 and 2,
// bit for bit; and a battery of bad inputs (NaN/Inf in a Gram or a label,
// mismatched list sizes and orders, nil and empty lists, one class, test
// kernels of the wrong shape or with NaN, calls on a nil model) returns
// errors wrapping klearn's sentinels, never a panic or a NaN answer.
func TestKernelLearner[M mkl.Model](t *testing.T, l mkl.Learner[M], opts Options) {
	t.Helper()
	if opts.MinTrainAccuracy == 0 {
		opts.MinTrainAccuracy = 0.9
	}
	if opts.MaxTrainRMSE == 0 {
		opts.MaxTrainRMSE = 0.5
	}
	const n = 40
	Ks, Kte, lab, r := Data(n, 7)
	m, _ := Kte[0].Dims()
	y := lab
	if opts.Regression {
		y = r
	}
	KsCopy, KteCopy, yCopy := cloneSyms(Ks), cloneDenses(Kte), slices.Clone(y)

	model, err := l.FitGrams(Ks, y)
	if err != nil {
		t.Fatalf("FitGrams: %v", err)
	}
	if !sameSyms(Ks, KsCopy) || !slices.Equal(y, yCopy) {
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
	Kcc, err := model.CombineCross(asDense(Ks))
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
	if len(f) != m || len(p) != m {
		t.Fatalf("%d decisions and %d predictions for %d test rows", len(f), len(p), m)
	}
	for i := range f {
		want := f[i]
		if !opts.Regression {
			want = 1
			if f[i] < 0 {
				want = -1
			}
		}
		if math.IsNaN(f[i]) || p[i] != want {
			t.Errorf("row %d: decision %v, prediction %v", i, f[i], p[i])
		}
	}
	if !sameSyms(Ks, KsCopy) || !slices.Equal(y, yCopy) {
		t.Errorf("prediction mutated the training inputs")
	}
	for i := range Kte {
		if !mat.Equal(Kte[i], KteCopy[i]) {
			t.Errorf("prediction mutated test kernel %d", i)
		}
	}

	// Training fit on easy data.
	ft, err := model.PredictGrams(asDense(Ks))
	if err != nil {
		t.Fatalf("PredictGrams on the training points: %v", err)
	}
	if opts.Regression {
		var se, ss, mean float64
		for _, v := range y {
			mean += v / float64(n)
		}
		for i := range y {
			se += (ft[i] - y[i]) * (ft[i] - y[i])
			ss += (y[i] - mean) * (y[i] - mean)
		}
		if rel := math.Sqrt(se / ss); !(rel <= opts.MaxTrainRMSE) {
			t.Errorf("training RMSE / spread = %.3f > %.3f", rel, opts.MaxTrainRMSE)
		}
	} else {
		hit := 0
		for i := range y {
			if ft[i] == y[i] {
				hit++
			}
		}
		if acc := float64(hit) / float64(n); acc < opts.MinTrainAccuracy {
			t.Errorf("training accuracy %.3f < %.3f", acc, opts.MinTrainAccuracy)
		}
	}

	// Deterministic for any GOMAXPROCS.
	old := runtime.GOMAXPROCS(1)
	m1, err1 := l.FitGrams(Ks, y)
	runtime.GOMAXPROCS(2)
	m2, err2 := l.FitGrams(Ks, y)
	runtime.GOMAXPROCS(old)
	if err1 != nil || err2 != nil {
		t.Fatalf("refits: %v, %v", err1, err2)
	}
	f1, _ := m1.DecisionGrams(Kte)
	f2, _ := m2.DecisionGrams(Kte)
	if !slices.Equal(m1.Weights(), m2.Weights()) || !slices.Equal(f1, f2) {
		t.Errorf("GOMAXPROCS 1 and 2 give different fits")
	}

	badInput(t, l, model, Ks, Kte, y, opts)
}

func badInput[M mkl.Model](t *testing.T, l mkl.Learner[M], model M, Ks []*mat.SymDense, Kte []*mat.Dense, y []float64, opts Options) {
	t.Helper()
	n := len(y)
	withEntry := func(i int, v float64) []*mat.SymDense {
		c := cloneSyms(Ks)
		c[i].SetSym(1, 2, v)
		return c
	}
	fit := func(Ks []*mat.SymDense, y []float64) func() error {
		return func() error { _, err := l.FitGrams(Ks, y); return err }
	}
	small := mat.NewSymDense(n-1, nil)
	badY := slices.Clone(y)
	badY[3] = math.NaN()
	infY := slices.Clone(y)
	infY[0] = math.Inf(1)
	cases := []klearntest.Case{
		klearntest.Bad("NaN in a Gram", fit(withEntry(1, math.NaN()), y), nil),
		klearntest.Bad("Inf in a Gram", fit(withEntry(2, math.Inf(-1)), y), nil),
		klearntest.Bad("NaN target", fit(Ks, badY), nil),
		klearntest.Bad("Inf target", fit(Ks, infY), nil),
		klearntest.Bad("short targets", fit(Ks, y[:n-1]), nil),
		klearntest.Bad("Grams of different orders", fit([]*mat.SymDense{Ks[0], small}, y), nil),
		klearntest.Bad("nil Gram", fit([]*mat.SymDense{Ks[0], nil}, y), nil),
		klearntest.Bad("no Grams", fit(nil, y), nil),
		klearntest.Bad("no targets", fit(Ks, nil), nil),
		klearntest.Bad("test kernels: one missing", func() error { _, err := model.DecisionGrams(Kte[:len(Kte)-1]); return err }, nil),
		klearntest.Bad("test kernels: wrong columns", func() error {
			short := make([]*mat.Dense, len(Kte))
			for i, K := range Kte {
				r, c := K.Dims()
				short[i] = mat.DenseCopyOf(K.Slice(0, r, 0, c-1))
			}
			_, err := model.PredictGrams(short)
			return err
		}, nil),
		klearntest.Bad("test kernels: NaN", func() error {
			c := cloneDenses(Kte)
			for i := range c {
				c[i].Set(0, 0, math.NaN())
			}
			_, err := model.DecisionGrams(c)
			return err
		}, nil),
		klearntest.Bad("Combine of too few Grams", func() error { _, err := model.Combine(Ks[:1]); return err }, nil),
		klearntest.Bad("CombineCross of nil", func() error { _, err := model.CombineCross(nil); return err }, nil),
	}
	if !opts.Regression {
		one := make([]float64, n)
		for i := range one {
			one[i] = 1
		}
		cases = append(cases, klearntest.Bad("one class", fit(Ks, one), nil))
	}
	var zero M
	cases = append(cases, klearntest.Bad("nil model", func() error { _, err := zero.DecisionGrams(Kte); return err }, klearn.ErrNotFitted))
	klearntest.Battery(t, cases)
}
