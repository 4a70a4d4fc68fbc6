package simplemkl_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/mkl/simplemkl"
	"github.com/kernelab/kernelab/klearn/opt"
)

// TestKernelLearnerContract runs the conformance suites of package mkltest
// on SimpleMKL: absurd hyper-parameters must be refused, extreme ones give
// an error or finite decisions.
func TestKernelLearnerContract(t *testing.T) {
	t.Parallel()
	nan, inf, tiny, huge := math.NaN(), math.Inf(1), 1e-300, 1e300
	mkltest.KernelLearner(t, "SimpleMKL", simplemkl.Learner{C: 1}, mkltest.Options{Linear: true},
		[]simplemkl.Learner{{C: -1}, {C: inf}, {C: 1, Settings: opt.Settings{Tol: nan}}},
		[]simplemkl.Learner{{C: huge}, {C: tiny}, {C: 1, Settings: opt.Settings{MaxIter: 1}}, {C: 1, Settings: opt.Settings{Tol: tiny, MaxIter: 20}}})
}
