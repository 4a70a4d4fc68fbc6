package alignf_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/alignf"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/svm"
)

// TestKernelLearnerContract runs the conformance suites of package mkltest
// on the SVM on alignf's kernel: absurd hyper-parameters must be refused,
// extreme ones give an error or finite decisions.
func TestKernelLearnerContract(t *testing.T) {
	t.Parallel()
	svmC := func(c float64) alignf.SVM { return alignf.SVM{SVM: svm.Classifier{C: c}} }
	mkltest.KernelLearner(t, "AlignfSVM", svmC(1), mkltest.Options{Linear: true},
		[]alignf.SVM{svmC(-1), svmC(math.Inf(1))}, []alignf.SVM{svmC(1e300), svmC(1e-300)})
}
