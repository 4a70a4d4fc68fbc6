package simplemkl_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/mkl/simplemkl"
	"github.com/kernelab/kernelab/klearn/opt"
)

// TestKernelLearnerContract runs the contract's conformance suite (package
// mkltest) over the learners of this package, each with a few absurd
// hyper-parameters that must be refused (ErrParam).
func TestKernelLearnerContract(t *testing.T) {
	t.Parallel()
	nan, inf := math.NaN(), math.Inf(1)
	linear := mkltest.Options{Linear: true}
	t.Run("SimpleMKL", func(t *testing.T) {
		mkltest.TestKernelLearner(t, simplemkl.Learner{C: 1}, linear,
			simplemkl.Learner{C: -1}, simplemkl.Learner{C: inf}, simplemkl.Learner{C: 1, Settings: opt.Settings{Tol: nan}})
	})
}

// TestExtremeHyperParameters fits the learners of this package with valid
// but extreme settings: a sentinel error or finite decisions.
func TestExtremeHyperParameters(t *testing.T) {
	t.Parallel()
	tiny, huge := 1e-300, 1e300
	t.Run("SimpleMKL", func(t *testing.T) {
		mkltest.TestExtremeKernelLearners(t, mkltest.Options{}, simplemkl.Learner{C: huge}, simplemkl.Learner{C: tiny},
			simplemkl.Learner{C: 1, Settings: opt.Settings{MaxIter: 1}}, simplemkl.Learner{C: 1, Settings: opt.Settings{Tol: tiny, MaxIter: 20}})
	})
}
