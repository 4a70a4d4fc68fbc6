package lpmkl_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/alignf"
	"github.com/kernelab/kernelab/klearn/mkl/lpmkl"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/svm"
)

// TestKernelLearnerContract runs the contract's conformance suite (package
// mkltest) over the learners of this package, each with a few absurd
// hyper-parameters that must be refused (ErrParam).
func TestKernelLearnerContract(t *testing.T) {
	t.Parallel()
	nan, inf := math.NaN(), math.Inf(1)
	linear := mkltest.Options{Linear: true}
	t.Run("LpMKL p=1", func(t *testing.T) {
		mkltest.TestKernelLearner(t, lpmkl.Learner{P: 1, C: 1}, linear,
			lpmkl.Learner{P: 0.5, C: 1}, lpmkl.Learner{P: nan, C: 1}, lpmkl.Learner{P: 2, C: -3})
	})
	t.Run("LpMKL p=2", func(t *testing.T) { mkltest.TestKernelLearner(t, lpmkl.Learner{P: 2, C: 1}, linear) })
	t.Run("AlignfSVM", func(t *testing.T) {
		mkltest.TestKernelLearner(t, alignf.SVM{SVM: svm.Classifier{C: 1}}, linear,
			alignf.SVM{SVM: svm.Classifier{C: -1}}, alignf.SVM{SVM: svm.Classifier{C: inf}})
	})
}

// TestExtremeHyperParameters fits the learners of this package with valid
// but extreme settings: a sentinel error or finite decisions.
func TestExtremeHyperParameters(t *testing.T) {
	t.Parallel()
	tiny, huge := 1e-300, 1e300
	t.Run("LpMKL", func(t *testing.T) {
		mkltest.TestExtremeKernelLearners(t, mkltest.Options{}, lpmkl.Learner{P: huge, C: 1}, lpmkl.Learner{P: math.Inf(1), C: 1},
			lpmkl.Learner{P: 1 + 1e-15, C: 1}, lpmkl.Learner{P: 2, C: huge}, lpmkl.Learner{P: 2, C: tiny})
	})
}
