package tk_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

// TestFeatureLearnerContract runs the feature-learner suites of package
// mkltest on TK learning by SDP (24) of Colbert & Peet (2020), with both
// solvers: absurd hyper-parameters must be refused, extreme ones (on 20
// points) give an error or finite decisions.
func TestFeatureLearnerContract(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	type L = tk.Learner
	mkltest.FeatureLearner(t, "ProjectedGradient", L{Degree: 1, Margin: 0.1, SVM: svm.Classifier{C: 10}, Settings: opt.Settings{MaxIter: 30}}, mkltest.Options{},
		[]L{{Degree: -1}, {Degree: 1 << 20}, {Margin: -0.1}, {Margin: nan}, {SVM: svm.Classifier{C: -1}}, {SVM: svm.Classifier{C: nan}},
			{Method: tk.Method(9)}, {MaxBlockMB: -1}, {Settings: opt.Settings{Tol: nan}}, {Settings: opt.Settings{MaxIter: -1}}}, nil)
	mkltest.FeatureLearner(t, "Degree0NoBias", L{SVM: svm.Classifier{C: 10, NoBias: true}}, mkltest.Options{D: 2}, nil, nil)
	mkltest.FeatureLearner(t, "InteriorPoint", L{SVM: svm.Classifier{C: 10}, Method: tk.InteriorPoint}, mkltest.Options{N: 20}, nil,
		[]L{{SVM: svm.Classifier{C: 1e-300}}, {SVM: svm.Classifier{C: 1e300}}, {Margin: 1e6}, {MaxBlockMB: 1e-3}, {Degree: 40},
			{Settings: opt.Settings{MaxIter: 1}}, {Settings: opt.Settings{Tol: 1e-300, MaxIter: 20}},
			{Method: tk.InteriorPoint, Settings: opt.Settings{MaxIter: 1}}})
}
