package tk_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

// TestFeatureLearnerContract runs the mkl contract's feature-learner suite
// on TK learning by SDP (24) of Colbert & Peet (2020), with both solvers,
// and absurd hyper-parameters that must be refused.
func TestFeatureLearnerContract(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	t.Run("ProjectedGradient", func(t *testing.T) {
		mkltest.TestFeatureLearner(t, tk.Learner{Degree: 1, Margin: 0.1, SVM: svm.Classifier{C: 10}, Settings: opt.Settings{MaxIter: 30}}, mkltest.Options{},
			tk.Learner{Degree: -1}, tk.Learner{Degree: 1 << 20}, tk.Learner{Margin: -0.1}, tk.Learner{Margin: nan},
			tk.Learner{SVM: svm.Classifier{C: -1}}, tk.Learner{SVM: svm.Classifier{C: nan}}, tk.Learner{Method: tk.Method(9)},
			tk.Learner{MaxBlockMB: -1}, tk.Learner{Settings: opt.Settings{Tol: nan}}, tk.Learner{Settings: opt.Settings{MaxIter: -1}})
	})
	t.Run("Degree0NoBias", func(t *testing.T) {
		mkltest.TestFeatureLearner(t, tk.Learner{SVM: svm.Classifier{C: 10, NoBias: true}}, mkltest.Options{D: 2})
	})
	t.Run("InteriorPoint", func(t *testing.T) {
		mkltest.TestFeatureLearner(t, tk.Learner{SVM: svm.Classifier{C: 10}, Method: tk.InteriorPoint}, mkltest.Options{N: 20})
	})
}

// TestExtremeHyperParameters fits the TK learner with valid but extreme
// settings: a sentinel error or finite decisions.
func TestExtremeHyperParameters(t *testing.T) {
	t.Parallel()
	mkltest.TestExtremeFeatureLearners(t, mkltest.Options{N: 20},
		tk.Learner{SVM: svm.Classifier{C: 1e-300}}, tk.Learner{SVM: svm.Classifier{C: 1e300}},
		tk.Learner{Margin: 1e6}, tk.Learner{MaxBlockMB: 1e-3}, tk.Learner{Degree: 40},
		tk.Learner{Settings: opt.Settings{MaxIter: 1}}, tk.Learner{Settings: opt.Settings{Tol: 1e-300, MaxIter: 20}},
		tk.Learner{Method: tk.InteriorPoint, Settings: opt.Settings{MaxIter: 1}})
}
