package nkrr_test

import (
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
)

// TestKernelLearnerContract runs the mkl contract's conformance suite on the
// regressor (a learned quadratic combination).
func TestKernelLearnerContract(t *testing.T) {
	mkltest.TestKernelLearner(t, nkrr.Regressor{Degree: 2, Lambda: 0.1, Radius: 1}, mkltest.Options{Regression: true})
}
