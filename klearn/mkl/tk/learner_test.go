package tk_test

import (
	"errors"
	"math"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

func TestEstimatorContract(t *testing.T) {
	klearntest.TestEstimator(t, klearntest.EstimatorFunc(func(X mat.Matrix, y []float64) (klearn.Predictor, error) {
		m, err := tk.Learner{Degree: 1, SVM: svm.Classifier{C: 10}}.Fit(X, y)
		if err != nil {
			return nil, err
		}
		return m, nil
	}), klearntest.Options{Task: klearntest.Binary, Labels: true, N: 30})
}

func TestBadInput(t *testing.T) {
	X := klearntest.RandMatrix(10, 2, 0, 1, 1)
	y := []float64{1, -1, 1, -1, 1, -1, 1, -1, 1, -1}
	nanX := mat.DenseCopyOf(X)
	nanX.Set(3, 1, math.NaN())
	fit := func(l tk.Learner, X mat.Matrix, y []float64) func() error {
		return func() error { _, err := l.Fit(X, y); return err }
	}
	good := tk.Learner{Degree: 1}
	mod, err := good.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	klearntest.Battery(t, []klearntest.Case{
		klearntest.Bad("nil X", fit(good, nil, y), klearn.ErrEmpty),
		klearntest.Bad("NaN in X", fit(good, nanX, y), klearn.ErrNotFinite),
		klearntest.Bad("Inf label", fit(good, X, []float64{1, -1, 1, -1, 1, -1, 1, -1, 1, math.Inf(1)}), klearn.ErrNotFinite),
		klearntest.Bad("short y", fit(good, X, y[:5]), klearn.ErrShape),
		klearntest.Bad("one class", fit(good, X, make([]float64, 10)), klearn.ErrOneClass),
		klearntest.Bad("three classes", fit(good, X, []float64{1, 2, 3, 1, 2, 3, 1, 2, 3, 1}), klearn.ErrLabels),
		klearntest.Bad("negative degree", fit(tk.Learner{Degree: -1}, X, y), klearn.ErrParam),
		klearntest.Bad("negative margin", fit(tk.Learner{Margin: -0.1}, X, y), klearn.ErrParam),
		klearntest.Bad("NaN margin", fit(tk.Learner{Margin: math.NaN()}, X, y), klearn.ErrParam),
		klearntest.Bad("negative C", fit(tk.Learner{SVM: svm.Classifier{C: -1}}, X, y), klearn.ErrParam),
		klearntest.Bad("unknown method", fit(tk.Learner{Method: 7}, X, y), klearn.ErrParam),
		klearntest.Bad("negative MaxIter", fit(tk.Learner{Settings: opt.Settings{MaxIter: -1}}, X, y), klearn.ErrParam),
		klearntest.Bad("NaN Tol", fit(tk.Learner{Settings: opt.Settings{Tol: math.NaN()}}, X, y), klearn.ErrParam),
		klearntest.Bad("degree too large for memory", fit(tk.Learner{Degree: 40}, X, y), klearn.ErrParam),
		klearntest.Bad("interior point too large", fit(tk.Learner{Degree: 3, Method: tk.InteriorPoint, MaxBlockMB: 1}, X, y), klearn.ErrParam),
		klearntest.Bad("decision: wrong width", func() error { _, err := mod.Decision(klearntest.RandMatrix(3, 5, 0, 1, 2)); return err }, klearn.ErrShape),
		klearntest.Bad("decision: NaN", func() error { _, err := mod.Decision(nanX); return err }, klearn.ErrNotFinite),
		klearntest.Bad("decision: unfitted", func() error { _, err := (&tk.Model{}).Decision(X); return err }, klearn.ErrNotFitted),
	})
}

// TestDeterministicAndPure checks that two fits agree bit for bit and leave
// their inputs untouched.
func TestDeterministicAndPure(t *testing.T) {
	X := klearntest.RandMatrix(25, 3, -1, 2, 4)
	y := make([]float64, 25)
	for i := range y {
		y[i] = 1
		if X.At(i, 0)+X.At(i, 1) > 1 {
			y[i] = -1
		}
	}
	X0, y0 := mat.DenseCopyOf(X), append([]float64(nil), y...)
	l := tk.Learner{Degree: 1, Margin: 0.1, SVM: svm.Classifier{C: 3, NoBias: true}}
	a, err := l.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	b, err := l.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(X, X0) || !mat.Equal(mat.NewVecDense(25, y), mat.NewVecDense(25, y0)) {
		t.Fatal("Fit modified its inputs")
	}
	if !mat.Equal(a.P(), b.P()) || a.Objective() != b.Objective() {
		t.Fatal("two fits differ")
	}
	prev := runtime.GOMAXPROCS(1)
	c, err := l.Fit(X, y)
	runtime.GOMAXPROCS(prev)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(a.P(), c.P()) || a.Objective() != c.Objective() {
		t.Fatal("the fit depends on GOMAXPROCS")
	}
}

// TestRecorderStop checks that a Recorder's error stops the fit and is
// returned with the model reached.
func TestRecorderStop(t *testing.T) {
	X := klearntest.RandMatrix(20, 2, 0, 1, 6)
	y := make([]float64, 20)
	for i := range y {
		y[i] = 1
		if (X.At(i, 0)-0.5)*(X.At(i, 1)-0.5) > 0 {
			y[i] = -1
		}
	}
	stop := errors.New("stop")
	l := tk.Learner{Degree: 1, Settings: opt.Settings{Tol: 1e-12, Recorder: opt.RecorderFunc(func(it opt.Iteration) error {
		if it.Iter == 1 {
			return stop
		}
		return nil
	})}}
	m, err := l.Fit(X, y)
	if !errors.Is(err, stop) || m == nil || m.Status() != opt.RecorderStop {
		t.Fatalf("err %v, model %v", err, m)
	}
	if _, err := m.Predict(X); err != nil {
		t.Fatal(err)
	}
}

// TestFitPath checks the C path against independent fits: at every C the
// two optimal values of (24) agree to within the certified gaps, and the
// path's bad input is refused.
func TestFitPath(t *testing.T) {
	X := klearntest.RandMatrix(60, 2, 0, 1, 3)
	y := make([]float64, 60)
	for i := range y {
		y[i] = 1
		if math.Hypot(X.At(i, 0)-0.5, X.At(i, 1)-0.5) > 0.35 {
			y[i] = -1
		}
	}
	Cs := []float64{0.1, 1, 10}
	l := tk.Learner{Degree: 1, Margin: 0.1, SVM: svm.Classifier{NoBias: true}, Settings: opt.Settings{Tol: 1e-4, MaxIter: 400}}
	Xc := mat.DenseCopyOf(X)
	path, err := l.FitPath(X, y, Cs)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(X, Xc) {
		t.Fatal("X modified")
	}
	for k, C := range Cs {
		lc := l
		lc.SVM.C = C
		m, err := lc.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		p := path[k]
		if p.Status() != opt.Success || m.Status() != opt.Success {
			t.Fatalf("C = %g: status %v (path), %v (fit)", C, p.Status(), m.Status())
		}
		if d := math.Abs(p.Objective()-m.Objective()) / m.Objective(); d > 2e-4 {
			t.Errorf("C = %g: path J = %.8g, fit J = %.8g (rel. diff %.2g)", C, p.Objective(), m.Objective(), d)
		}
		t.Logf("C = %g: path %d solves / %d SMO steps, fit %d / %d", C, p.SVMSolves(), p.SMOIterations(), m.SVMSolves(), m.SMOIterations())
	}
	Xt := klearntest.RandMatrix(70, 2, -0.2, 1.2, 4) // some rows outside the box
	all, err := tk.Decisions(path, Xt)
	if err != nil {
		t.Fatal(err)
	}
	for k, m := range path {
		f, err := m.Decision(Xt)
		if err != nil {
			t.Fatal(err)
		}
		for i := range f {
			if math.Abs(f[i]-all[k][i]) > 1e-9*max(1, math.Abs(f[i])) {
				t.Fatalf("C = %g, row %d: Decisions %.12g, Decision %.12g", Cs[k], i, all[k][i], f[i])
			}
		}
	}
	other, err := l.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tk.Decisions(append(path[:1:1], other), Xt); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("models of two fits: %v", err)
	}
	if _, err := tk.Decisions(nil, Xt); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("no model: %v", err)
	}
	if _, err := tk.Decisions(path, mat.NewDense(2, 3, nil)); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("wrong columns: %v", err)
	}
	// The path is deterministic for any GOMAXPROCS, also through the
	// interior-point inner solves of large C.
	big := []float64{1, 1e4}
	p2, err := l.FitPath(X, y, big)
	if err != nil {
		t.Fatal(err)
	}
	prev := runtime.GOMAXPROCS(1)
	p1, err := l.FitPath(X, y, big)
	runtime.GOMAXPROCS(prev)
	if err != nil {
		t.Fatal(err)
	}
	if p2[1].InteriorSolves() == 0 {
		t.Errorf("C = 1e4: no inner solve by the interior point")
	}
	for k := range big {
		if !mat.Equal(p1[k].P(), p2[k].P()) || p1[k].Objective() != p2[k].Objective() {
			t.Errorf("C = %g: the path depends on GOMAXPROCS", big[k])
		}
	}
	// CertifiedPath: with a 10-step cap the C = 1 fit is not certified
	// (it takes 13 steps); the path stops there, though C = 10 would
	// certify from its end.
	capped := l
	capped.Settings.MaxIter = 10
	long := []float64{0.1, 1, 10}
	full, err := capped.FitPath(X, y, long)
	if err != nil {
		t.Fatal(err)
	}
	capped.CertifiedPath = true
	cut, err := capped.FitPath(X, y, long)
	if err != nil {
		t.Fatal(err)
	}
	if len(full) != 3 || full[0].Status() != opt.Success || full[1].Status() != opt.IterationLimit || full[2].Status() != opt.Success {
		t.Fatalf("10-step path: %d models; want 3, the second stopped at the cap", len(full))
	}
	if len(cut) != 2 {
		t.Errorf("CertifiedPath: %d models, want 2 (C = 0.1 certified, C = 1 not)", len(cut))
	}
	for k := range cut {
		if !mat.Equal(cut[k].P(), full[k].P()) || cut[k].Objective() != full[k].Objective() {
			t.Errorf("CertifiedPath changed the fit at C = %g", long[k])
		}
	}
	for _, bad := range [][]float64{nil, {}, {1, 0}, {math.NaN()}, {-1}} {
		if _, err := l.FitPath(X, y, bad); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("Cs = %v: %v", bad, err)
		}
	}
}
