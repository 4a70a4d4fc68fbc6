package lpmkl_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/lpmkl"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
)

// TestKernelLearnerContract runs the conformance suites of package mkltest
// on ℓp-norm MKL at p = 1 and p = 2: absurd hyper-parameters must be
// refused, extreme ones give an error or finite decisions.
func TestKernelLearnerContract(t *testing.T) {
	t.Parallel()
	nan, inf, tiny, huge := math.NaN(), math.Inf(1), 1e-300, 1e300
	linear := mkltest.Options{Linear: true}
	mkltest.KernelLearner(t, "LpMKL p=1", lpmkl.Learner{P: 1, C: 1}, linear,
		[]lpmkl.Learner{{P: 0.5, C: 1}, {P: nan, C: 1}, {P: 2, C: -3}},
		[]lpmkl.Learner{{P: huge, C: 1}, {P: inf, C: 1}, {P: 1 + 1e-15, C: 1}, {P: 2, C: huge}, {P: 2, C: tiny}})
	mkltest.KernelLearner(t, "LpMKL p=2", lpmkl.Learner{P: 2, C: 1}, linear, nil, nil)
}
