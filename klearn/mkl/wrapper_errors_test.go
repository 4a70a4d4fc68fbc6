package mkl_test

import (
	"errors"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl/alignf"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"github.com/kernelab/kernelab/klearn/mkl/lpmkl"
	"github.com/kernelab/kernelab/klearn/mkl/simplemkl"
	"github.com/kernelab/kernelab/klearn/opt"
	"gonum.org/v1/gonum/mat"
)

// Bad input to SimpleMKL, ℓp-norm MKL, alignf and its SVM returns errors
// wrapping the documented klearn sentinels and never panics.
func TestSimpleMKLLpMKLAlignfErrors(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 20, 5, 31)
	Ks, y := p.Ks, p.Y
	small := mat.NewSymDense(3, nil)
	nan := mat.NewSymDense(20, nil)
	nan.CopySym(Ks[0])
	nan.SetSym(2, 3, math.NaN())
	oneClass := make([]float64, len(y))
	for i := range oneClass {
		oneClass[i] = 1
	}
	zeroOne := make([]float64, len(y))
	for i, v := range y {
		zeroOne[i] = (v + 1) / 2
	}
	type fitter func(Ks []*mat.SymDense, y []float64) error
	simple := func(s simplemkl.Learner) fitter {
		return func(Ks []*mat.SymDense, y []float64) error { _, err := s.FitGrams(Ks, y); return err }
	}
	lp := func(l lpmkl.Learner) fitter {
		return func(Ks []*mat.SymDense, y []float64) error { _, err := l.FitGrams(Ks, y); return err }
	}
	al := func(a alignf.Align) fitter {
		return func(Ks []*mat.SymDense, y []float64) error { _, err := a.FitGrams(Ks, y); return err }
	}
	alsvm := func(Ks []*mat.SymDense, y []float64) error { _, err := alignf.SVM{}.FitGrams(Ks, y); return err }
	methods := map[string]fitter{
		"SimpleMKL": simple(simplemkl.Learner{}),
		"LpMKL":     lp(lpmkl.Learner{P: 2}),
		"Alignf":    al(alignf.Align{}),
		"AlignfSVM": alsvm,
	}
	common := []struct {
		name string
		Ks   []*mat.SymDense
		y    []float64
		want error
	}{
		{"no kernels", nil, y, klearn.ErrEmpty},
		{"nil kernel", []*mat.SymDense{Ks[0], nil}, y, klearn.ErrEmpty},
		{"size mismatch", []*mat.SymDense{Ks[0], small}, y, klearn.ErrShape},
		{"NaN kernel", []*mat.SymDense{Ks[0], nan}, y, klearn.ErrNotFinite},
		{"one class", Ks, oneClass, klearn.ErrOneClass},
		{"NaN label", Ks, append(append([]float64(nil), y[:19]...), math.NaN()), klearn.ErrNotFinite},
		{"short y", Ks, y[:10], klearn.ErrShape},
	}
	for name, fit := range methods {
		for _, c := range common {
			if err := fit(c.Ks, c.y); !errors.Is(err, c.want) {
				t.Errorf("%s, %s: error %v, want %v", name, c.name, err, c.want)
			}
		}
	}
	// Labels must be ±1 for the SVM-based methods (alignf.Align accepts real targets).
	for _, name := range []string{"SimpleMKL", "LpMKL", "AlignfSVM"} {
		if err := methods[name](Ks, zeroOne); !errors.Is(err, klearn.ErrLabels) {
			t.Errorf("%s, 0/1 labels: error %v, want ErrLabels", name, err)
		}
	}
	if err := methods["Alignf"](Ks, zeroOne); err != nil {
		t.Errorf("Alignf with 0/1 targets: %v", err)
	}
	params := []struct {
		name string
		fit  fitter
	}{
		{"SimpleMKL C<0", simple(simplemkl.Learner{C: -1})},
		{"SimpleMKL C NaN", simple(simplemkl.Learner{C: math.NaN()})},
		{"SimpleMKL C Inf", simple(simplemkl.Learner{C: math.Inf(1)})},
		{"SimpleMKL SVMTol<0", simple(simplemkl.Learner{SVMTol: -1})},
		{"SimpleMKL GoldenTol>1", simple(simplemkl.Learner{GoldenTol: 2})},
		{"SimpleMKL KKTTol<0", simple(simplemkl.Learner{KKTTol: -1})},
		{"SimpleMKL Tol<0", simple(simplemkl.Learner{Settings: opt.Settings{Tol: -1}})},
		{"SimpleMKL MaxIter<0", simple(simplemkl.Learner{Settings: opt.Settings{MaxIter: -1}})},
		{"LpMKL P=0", lp(lpmkl.Learner{})},
		{"LpMKL P<1", lp(lpmkl.Learner{P: 0.5})},
		{"LpMKL P NaN", lp(lpmkl.Learner{P: math.NaN()})},
		{"LpMKL C<0", lp(lpmkl.Learner{P: 2, C: -3})},
		{"LpMKL StepTol NaN", lp(lpmkl.Learner{P: 2, StepTol: math.NaN()})},
		{"LpMKL Tol NaN", lp(lpmkl.Learner{P: 2, Settings: opt.Settings{Tol: math.NaN()}})},
		{"Alignf Tol<0", al(alignf.Align{Settings: opt.Settings{Tol: -1}})},
	}
	for _, c := range params {
		if err := c.fit(Ks, y); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("%s: error %v, want ErrParam", c.name, err)
		}
	}
	// A zero kernel is orthogonal to yyᵀ: v* = 0.
	if _, err := (alignf.Align{}).FitGrams([]*mat.SymDense{mat.NewSymDense(20, nil)}, y); !errors.Is(err, klearn.ErrSingular) {
		t.Errorf("Alignf on a zero kernel: error %v, want ErrSingular", err)
	}

	// Prediction-time errors.
	sm, err := simplemkl.Learner{C: 10}.FitGrams(Ks, y)
	if err != nil {
		t.Fatal(err)
	}
	lm, err := lpmkl.Learner{P: 2, C: 10}.FitGrams(Ks, y)
	if err != nil {
		t.Fatal(err)
	}
	am, err := alignf.SVM{}.FitGrams(Ks, y)
	if err != nil {
		t.Fatal(err)
	}
	wrongCols := make([]*mat.Dense, len(Ks))
	for k := range wrongCols {
		wrongCols[k] = mat.NewDense(2, 7, nil)
	}
	withNil := append(append([]*mat.Dense(nil), p.Kte[:3]...), nil)
	decs := map[string]func([]*mat.Dense) ([]float64, error){
		"SimpleMKL": sm.DecisionGrams, "LpMKL": lm.DecisionGrams, "AlignfSVM": am.DecisionGrams,
	}
	for name, dec := range decs {
		if _, err := dec(p.Kte[:3]); !errors.Is(err, klearn.ErrShape) {
			t.Errorf("%s: 3 test kernels: %v", name, err)
		}
		if _, err := dec(wrongCols); !errors.Is(err, klearn.ErrShape) {
			t.Errorf("%s: wrong columns: %v", name, err)
		}
		if _, err := dec(withNil); !errors.Is(err, klearn.ErrEmpty) {
			t.Errorf("%s: nil test kernel: %v", name, err)
		}
	}
	var (
		ns *simplemkl.Model
		nl *lpmkl.Model
		na *alignf.SVMModel
		nm *alignf.AlignModel
	)
	if _, err := ns.PredictGrams(p.Kte); !errors.Is(err, klearn.ErrNotFitted) {
		t.Errorf("nil SimpleMKLModel: %v", err)
	}
	if _, err := nl.PredictGrams(p.Kte); !errors.Is(err, klearn.ErrNotFitted) {
		t.Errorf("nil lpmkl.Model: %v", err)
	}
	if _, err := na.PredictGrams(p.Kte); !errors.Is(err, klearn.ErrNotFitted) {
		t.Errorf("nil alignf.SVMModel: %v", err)
	}
	if _, err := nm.Combine(Ks); !errors.Is(err, klearn.ErrNotFitted) {
		t.Errorf("nil alignf.AlignModel: %v", err)
	}
}
