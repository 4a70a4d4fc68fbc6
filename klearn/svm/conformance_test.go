package svm_test

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/svm"
)

// labels adapts Classifier.Fit + Model.Predict (class labels).
func labels(c svm.Classifier) klearntest.Estimator {
	return klearntest.EstimatorFunc(func(X mat.Matrix, y []float64) (klearn.Predictor, error) {
		m, err := c.Fit(X, y)
		if err != nil {
			return nil, err
		}
		return m, nil
	})
}

// decisionPredictor exposes Model.Decision as a klearn.Predictor.
type decisionPredictor struct{ m *svm.Model }

func (d decisionPredictor) Predict(X mat.Matrix) ([]float64, error) { return d.m.Decision(X) }

// decision adapts Classifier.Fit + Model.Decision (real decision values).
func decision(c svm.Classifier) klearntest.Estimator {
	return klearntest.EstimatorFunc(func(X mat.Matrix, y []float64) (klearn.Predictor, error) {
		m, err := c.Fit(X, y)
		if err != nil {
			return nil, err
		}
		return decisionPredictor{m}, nil
	})
}

// gramPath adapts the precomputed-kernel path: FitGram(kernel.Gram(k, X), y)
// and PredictGram(kernel.Cross(k, Xte, X)), the adapter keeping its own copy
// of the training rows (the model fitted by FitGram holds none).
func gramPath(c svm.Classifier) klearntest.Estimator {
	return klearntest.EstimatorFunc(func(X mat.Matrix, y []float64) (klearn.Predictor, error) {
		K, err := kernel.Gram(c.Kernel, X)
		if err != nil {
			return nil, err
		}
		m, err := c.FitGram(K, y)
		if err != nil {
			return nil, err
		}
		return gramPredictor{m: m, k: c.Kernel, X: mat.DenseCopyOf(X)}, nil
	})
}

type gramPredictor struct {
	m *svm.Model
	k kernel.Kernel
	X *mat.Dense
}

func (g gramPredictor) Predict(X mat.Matrix) ([]float64, error) {
	Kte, err := kernel.Cross(g.k, X, g.X)
	if err != nil {
		return nil, err
	}
	return g.m.PredictGram(Kte)
}

// TestConformance runs klearntest.TestEstimator (no mutation, determinism,
// model owns its data, generic matrices, bad input → sentinel error, sanity
// on separated blobs) over the classifier's configurations: bias and no bias,
// class weights, linear and RBF kernels, the Gram path, and multiclass
// one-vs-one and one-vs-rest.
func TestConformance(t *testing.T) {
	t.Parallel()
	binary := klearntest.Options{Task: klearntest.Binary, Labels: true}
	multi := klearntest.Options{Task: klearntest.Multiclass, Labels: true}
	dec := klearntest.Options{Task: klearntest.Binary}
	cases := []struct {
		name string
		e    klearntest.Estimator
		o    klearntest.Options
	}{
		{"Linear", labels(svm.Classifier{Kernel: kernel.Linear{}}), binary},
		{"RBF", labels(svm.Classifier{Kernel: kernel.RBF{Gamma: 0.5}, C: 10}), binary},
		{"RBFNoBias", labels(svm.Classifier{Kernel: kernel.RBF{Gamma: 0.5}, NoBias: true}), binary},
		{"LinearNoBias", labels(svm.Classifier{Kernel: kernel.Linear{}, NoBias: true, C: 0.5}), binary},
		{"ClassWeights", labels(svm.Classifier{Kernel: kernel.RBF{Gamma: 1}, WeightPos: 2, WeightNeg: 0.5}), binary},
		{"NoShrinkingSmallCache", labels(svm.Classifier{Kernel: kernel.RBF{Gamma: 1}, NoShrinking: true, CacheMB: 1e-4}), binary},
		{"Polynomial", labels(svm.Classifier{Kernel: kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1}}), binary},
		{"DecisionRBF", decision(svm.Classifier{Kernel: kernel.RBF{Gamma: 0.5}}), dec},
		{"DecisionNoBias", decision(svm.Classifier{Kernel: kernel.Linear{}, NoBias: true}), dec},
		{"GramRBF", gramPath(svm.Classifier{Kernel: kernel.RBF{Gamma: 0.5}}), binary},
		{"OneVsOneRBF", labels(svm.Classifier{Kernel: kernel.RBF{Gamma: 0.5}}), multi},
		{"OneVsOneLinear", labels(svm.Classifier{Kernel: kernel.Linear{}, C: 10}), multi},
		{"OneVsRestRBF", labels(svm.Classifier{Kernel: kernel.RBF{Gamma: 0.5}, Multiclass: svm.OneVsRest}), multi},
		{"OneVsRestNoBias", labels(svm.Classifier{Kernel: kernel.RBF{Gamma: 1}, Multiclass: svm.OneVsRest, NoBias: true}), multi},
		{"OneVsOneGram", gramPath(svm.Classifier{Kernel: kernel.RBF{Gamma: 0.5}}), multi},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			klearntest.TestEstimator(t, c.e, c.o)
		})
	}
}

// TestConformanceBadHyperParameters checks that invalid hyper-parameters are
// rejected by Fit with an error wrapping a klearn sentinel, not a panic.
func TestConformanceBadHyperParameters(t *testing.T) {
	t.Parallel()
	X, y, _, _ := klearntest.SyntheticData(klearntest.Binary, 20, 2, 3)
	for name, c := range map[string]svm.Classifier{
		"nil kernel":       {},
		"negative C":       {Kernel: kernel.Linear{}, C: -1},
		"NaN C":            {Kernel: kernel.Linear{}, C: math.NaN()},
		"negative Tol":     {Kernel: kernel.Linear{}, Tol: -1},
		"negative W+":      {Kernel: kernel.Linear{}, WeightPos: -1},
		"negative W-":      {Kernel: kernel.Linear{}, WeightNeg: -2},
		"negative cache":   {Kernel: kernel.Linear{}, CacheMB: -1},
		"negative iter":    {Kernel: kernel.Linear{}, MaxIter: -1},
		"bad multiclass":   {Kernel: kernel.Linear{}, Multiclass: svm.Multiclass(7)},
		"negative gamma":   {Kernel: kernel.RBF{Gamma: -1}},
		"ARD wrong length": {Kernel: kernel.ARD{Gamma: []float64{1, 1, 1}}},
		"Feature index":    {Kernel: kernel.Feature{Index: 5}},
	} {
		klearntest.ExpectError(t, name, func() error {
			_, err := c.Fit(X, y)
			return err
		})
	}
}
