package mkl

import (
	"errors"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/opt"
	"gonum.org/v1/gonum/mat"
)

// Bad input to SimpleMKL, LpMKL, Alignf and AlignfSVM returns errors
// wrapping the documented klearn sentinels and never panics.
func TestSimpleMKLLpMKLAlignfErrors(t *testing.T) {
	t.Parallel()
	p := smktNewProblem(t, 20, 5, 31)
	Ks, y := p.Ks, p.y
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
	simple := func(s SimpleMKL) fitter {
		return func(Ks []*mat.SymDense, y []float64) error { _, err := s.FitGrams(Ks, y); return err }
	}
	lp := func(l LpMKL) fitter {
		return func(Ks []*mat.SymDense, y []float64) error { _, err := l.FitGrams(Ks, y); return err }
	}
	al := func(a Alignf) fitter {
		return func(Ks []*mat.SymDense, y []float64) error { _, err := a.FitGrams(Ks, y); return err }
	}
	alsvm := func(Ks []*mat.SymDense, y []float64) error { _, err := AlignfSVM{}.FitGrams(Ks, y); return err }
	methods := map[string]fitter{
		"SimpleMKL": simple(SimpleMKL{}),
		"LpMKL":     lp(LpMKL{P: 2}),
		"Alignf":    al(Alignf{}),
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
	// Labels must be ±1 for the SVM-based methods (Alignf accepts real targets).
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
		{"SimpleMKL C<0", simple(SimpleMKL{C: -1})},
		{"SimpleMKL C NaN", simple(SimpleMKL{C: math.NaN()})},
		{"SimpleMKL C Inf", simple(SimpleMKL{C: math.Inf(1)})},
		{"SimpleMKL SVMTol<0", simple(SimpleMKL{SVMTol: -1})},
		{"SimpleMKL GoldenTol>1", simple(SimpleMKL{GoldenTol: 2})},
		{"SimpleMKL KKTTol<0", simple(SimpleMKL{KKTTol: -1})},
		{"SimpleMKL Tol<0", simple(SimpleMKL{Settings: opt.Settings{Tol: -1}})},
		{"SimpleMKL MaxIter<0", simple(SimpleMKL{Settings: opt.Settings{MaxIter: -1}})},
		{"LpMKL P=0", lp(LpMKL{})},
		{"LpMKL P<1", lp(LpMKL{P: 0.5})},
		{"LpMKL P NaN", lp(LpMKL{P: math.NaN()})},
		{"LpMKL C<0", lp(LpMKL{P: 2, C: -3})},
		{"LpMKL StepTol NaN", lp(LpMKL{P: 2, StepTol: math.NaN()})},
		{"LpMKL Tol NaN", lp(LpMKL{P: 2, Settings: opt.Settings{Tol: math.NaN()}})},
		{"Alignf Tol<0", al(Alignf{Settings: opt.Settings{Tol: -1}})},
	}
	for _, c := range params {
		if err := c.fit(Ks, y); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("%s: error %v, want ErrParam", c.name, err)
		}
	}
	// A zero kernel is orthogonal to yyᵀ: v* = 0.
	if _, err := (Alignf{}).FitGrams([]*mat.SymDense{mat.NewSymDense(20, nil)}, y); !errors.Is(err, klearn.ErrSingular) {
		t.Errorf("Alignf on a zero kernel: error %v, want ErrSingular", err)
	}

	// Prediction-time errors.
	sm, err := SimpleMKL{C: 10}.FitGrams(Ks, y)
	if err != nil {
		t.Fatal(err)
	}
	lm, err := LpMKL{P: 2, C: 10}.FitGrams(Ks, y)
	if err != nil {
		t.Fatal(err)
	}
	am, err := AlignfSVM{}.FitGrams(Ks, y)
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
		ns *SimpleMKLModel
		nl *LpMKLModel
		na *AlignfSVMModel
		nm *AlignfModel
	)
	if _, err := ns.PredictGrams(p.Kte); !errors.Is(err, klearn.ErrNotFitted) {
		t.Errorf("nil SimpleMKLModel: %v", err)
	}
	if _, err := nl.PredictGrams(p.Kte); !errors.Is(err, klearn.ErrNotFitted) {
		t.Errorf("nil LpMKLModel: %v", err)
	}
	if _, err := na.PredictGrams(p.Kte); !errors.Is(err, klearn.ErrNotFitted) {
		t.Errorf("nil AlignfSVMModel: %v", err)
	}
	if _, err := nm.Combine(Ks); !errors.Is(err, klearn.ErrNotFitted) {
		t.Errorf("nil AlignfModel: %v", err)
	}
}
