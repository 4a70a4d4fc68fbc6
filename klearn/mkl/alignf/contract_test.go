package alignf_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/alignf"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/svm"
)

// TestKernelLearnerContract runs the contract's conformance suite (package
// mkltest) over the learners of this package, each with a few absurd
// hyper-parameters that must be refused (ErrParam).
func TestKernelLearnerContract(t *testing.T) {
	t.Parallel()
	inf := math.Inf(1)
	linear := mkltest.Options{Linear: true}
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
	t.Run("AlignfSVM", func(t *testing.T) {
		mkltest.TestExtremeKernelLearners(t, mkltest.Options{}, alignf.SVM{SVM: svm.Classifier{C: huge}}, alignf.SVM{SVM: svm.Classifier{C: tiny}})
	})
}
