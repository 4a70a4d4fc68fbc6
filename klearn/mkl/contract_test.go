package mkl_test

import (
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/svm"
)

// TestKernelLearnerContract runs the contract's conformance suite over every
// finite-list learner of the package.
func TestKernelLearnerContract(t *testing.T) {
	t.Parallel()
	linear := mkltest.Options{Linear: true}
	t.Run("EasyMKL", func(t *testing.T) { mkltest.TestKernelLearner(t, mkl.EasyMKL{Lambda: 0.3}, linear) })
	t.Run("EasyMKLSVM", func(t *testing.T) {
		mkltest.TestKernelLearner(t, mkl.EasyMKLSVM{MKL: mkl.EasyMKL{Lambda: 0.3}, SVM: svm.Classifier{C: 1}}, linear)
	})
	t.Run("SimpleMKL", func(t *testing.T) { mkltest.TestKernelLearner(t, mkl.SimpleMKL{C: 1}, linear) })
	t.Run("LpMKL p=1", func(t *testing.T) { mkltest.TestKernelLearner(t, mkl.LpMKL{P: 1, C: 1}, linear) })
	t.Run("LpMKL p=2", func(t *testing.T) { mkltest.TestKernelLearner(t, mkl.LpMKL{P: 2, C: 1}, linear) })
	t.Run("AlignfSVM", func(t *testing.T) { mkltest.TestKernelLearner(t, mkl.AlignfSVM{SVM: svm.Classifier{C: 1}}, linear) })
	t.Run("NKRR", func(t *testing.T) {
		mkltest.TestKernelLearner(t, mkl.NKRR{Degree: 2, Lambda: 0.1, Radius: 1}, mkltest.Options{Regression: true})
	})
}
