package nkrr_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
)

// TestKernelLearnerContract runs the mkl contract's conformance suite on the
// regressor (a learned quadratic combination), with absurd hyper-parameters
// that must be refused (ErrParam).
func TestKernelLearnerContract(t *testing.T) {
	mkltest.TestKernelLearner(t, nkrr.Regressor{Degree: 2, Lambda: 0.1, Radius: 1}, mkltest.Options{Regression: true},
		nkrr.Regressor{Lambda: -1, Radius: 1}, nkrr.Regressor{Lambda: math.NaN(), Radius: 1},
		nkrr.Regressor{Lambda: 0.1, Radius: math.Inf(1)}, nkrr.Regressor{Lambda: 0.1, Degree: -2},
		nkrr.Regressor{Lambda: 0.1, Radius: 1, Eta0: 3})
}
