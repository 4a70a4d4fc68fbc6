package klearntest_test

import (
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/krr"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/mkl/ghkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/mkl/simplemkl"
	"github.com/kernelab/kernelab/klearn/mkl/stagewise"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/nn"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/preprocess"
	"github.com/kernelab/kernelab/klearn/svm"
)

// snapshot is a bit-for-bit copy of the inputs of a run.
type snapshot [][]float64

func snap(parts ...any) snapshot {
	var s snapshot
	for _, p := range parts {
		switch p := p.(type) {
		case []*mat.SymDense:
			for _, K := range p {
				s = append(s, klearntest.Values(K))
			}
		case []*mat.Dense:
			for _, K := range p {
				s = append(s, klearntest.Values(K))
			}
		default:
			s = append(s, klearntest.Values(p))
		}
	}
	return s
}

func (s snapshot) same(o snapshot) bool {
	if len(s) != len(o) {
		return false
	}
	for i := range s {
		if !klearntest.SameBits(s[i], o[i]) {
			return false
		}
	}
	return true
}

// TestDeterminismAndNoMutation fits a representative learner or solver of
// every package under GOMAXPROCS 1, 2 and 3 in turn: the answers must be
// bit-identical, and the inputs (data, labels, Gram matrices) unchanged bit
// for bit after every run. It changes GOMAXPROCS, so it does not run in
// parallel with other tests.
func TestDeterminismAndNoMutation(t *testing.T) {
	if testing.Short() {
		t.Skip("fits fifteen learners three times")
	}
	X, y, Xte, _ := klearntest.SyntheticData(klearntest.Binary, 48, 3, 7)
	Xr, yr, Xrte, _ := klearntest.SyntheticData(klearntest.Regression, 40, 3, 8)
	hpkFam := hpk.Family{D: 4, MinDegree: 1}
	Ks, err := hpkFam.Grams(X)
	if err != nil {
		t.Fatal(err)
	}
	Ktes, err := hpkFam.Crosses(Xte, X)
	if err != nil {
		t.Fatal(err)
	}
	rbf := kernel.RBF{Gamma: 0.5}
	svmC := svm.Classifier{C: 1, Kernel: rbf}
	decide := func(m interface {
		Decision(mat.Matrix) ([]float64, error)
	}, err error) ([]float64, error) {
		if err != nil {
			return nil, err
		}
		return m.Decision(Xte)
	}
	runs := []struct {
		name   string
		inputs []any
		run    func() ([]float64, error)
	}{
		{"kernel.Gram", []any{X}, func() ([]float64, error) {
			K, err := kernel.Gram(rbf, X)
			return klearntest.Values(K), err
		}},
		{"svm", []any{X, y}, func() ([]float64, error) { return decide(svmC.Fit(X, y)) }},
		{"krr", []any{Xr, yr}, func() ([]float64, error) {
			m, err := krr.Regressor{Kernel: rbf, Lambda: 0.1}.Fit(Xr, yr)
			if err != nil {
				return nil, err
			}
			return m.Predict(Xrte)
		}},
		{"easymkl.Learner", []any{Ks, Ktes, y}, func() ([]float64, error) {
			m, err := easymkl.Learner{Lambda: 0.3}.FitGrams(Ks, y)
			if err != nil {
				return nil, err
			}
			return m.DecisionGrams(Ktes)
		}},
		{"simplemkl.Learner", []any{Ks, Ktes, y}, func() ([]float64, error) {
			m, err := simplemkl.Learner{C: 1}.FitGrams(Ks, y)
			if err != nil {
				return nil, err
			}
			return m.DecisionGrams(Ktes)
		}},
		{"continuous.Greedy", []any{X, y}, func() ([]float64, error) {
			return decide(continuous.Greedy{Family: continuous.GaussianBandwidth{}, Mu: 0.1, MaxSteps: 3, Tol: 1e-4}.Fit(X, y))
		}},
		{"stagewise.CA", []any{X, y}, func() ([]float64, error) {
			return decide(stagewise.CA{Family: continuous.GaussianBandwidth{}, T: 3, SVM: svm.Classifier{C: 1}}.Fit(X, y))
		}},
		{"tk.Learner", []any{X, y}, func() ([]float64, error) {
			return decide(tk.Learner{Degree: 1, SVM: svm.Classifier{C: 1}}.Fit(X, y))
		}},
		{"nn", []any{X, y}, func() ([]float64, error) {
			return decide(nn.Classifier{Hidden: 4, Seed: 3, Settings: opt.Settings{MaxIter: 30}}.Fit(X, y))
		}},
		{"nkrr", []any{Xr, yr}, func() ([]float64, error) {
			m, err := nkrr.Regressor{Degree: 1, Lambda: 0.5, Radius: 1}.Fit(Xr, yr)
			if err != nil {
				return nil, err
			}
			return m.Predict(Xrte)
		}},
		{"ghkl", []any{X, y}, func() ([]float64, error) {
			return decide(ghkl.Classifier{Rho: 1.5, C: 1, MaxDepth: 2}.Fit(X, y))
		}},
		{"opt.KOMDQP", []any{Ks, y}, func() ([]float64, error) {
			r, err := opt.KOMDQP(Ks[0], y, 0.2, nil)
			if err != nil {
				return nil, err
			}
			return r.X, nil
		}},
		{"metrics.CenteredAlignment", []any{Ks}, func() ([]float64, error) {
			a, err := metrics.CenteredAlignment(Ks[0], Ks[1])
			return []float64{a}, err
		}},
		{"preprocess.Standardizer", []any{X}, func() ([]float64, error) {
			tr, err := preprocess.Standardizer{}.Fit(X)
			if err != nil {
				return nil, err
			}
			Z, err := tr.Transform(Xte)
			return klearntest.Values(Z), err
		}},
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, r := range runs {
		before := snap(r.inputs...)
		var first []float64
		for _, procs := range []int{1, 2, 3} {
			runtime.GOMAXPROCS(procs)
			got, err := r.run()
			if err != nil {
				t.Fatalf("%s, GOMAXPROCS %d: %v", r.name, procs, err)
			}
			if !before.same(snap(r.inputs...)) {
				t.Errorf("%s, GOMAXPROCS %d: an input was modified", r.name, procs)
			}
			if first == nil {
				first = got
			} else if !klearntest.SameBits(first, got) {
				t.Errorf("%s: GOMAXPROCS %d answers differ from GOMAXPROCS 1", r.name, procs)
			}
		}
	}
}
