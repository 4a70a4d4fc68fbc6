package ghkl_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/ghkl"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/opt"
)

// TestFeatureLearnerContract runs the mkl contract's feature-learner suite
// on gHKL_ρ (HKL at ρ = 2; ρ = 1.5 with both solvers), and absurd
// hyper-parameters that must be refused.
func TestFeatureLearnerContract(t *testing.T) {
	t.Parallel()
	nan, inf := math.NaN(), math.Inf(1)
	t.Run("HKL", func(t *testing.T) {
		mkltest.TestFeatureLearner(t, ghkl.Classifier{Rho: 2, C: 10}, mkltest.Options{},
			ghkl.Classifier{C: 1}, ghkl.Classifier{Rho: 3, C: 1}, ghkl.Classifier{Rho: 1, C: 1}, ghkl.Classifier{Rho: nan, C: 1},
			ghkl.Classifier{Rho: 2}, ghkl.Classifier{Rho: 2, C: inf}, ghkl.Classifier{Rho: 2, C: 1, Beta: -1},
			ghkl.Classifier{Rho: 2, C: 1, MaxActive: -1}, ghkl.Classifier{Rho: 2, C: 1, MaxDepth: -1},
			ghkl.Classifier{Rho: 2, C: 1, SVMTol: nan}, ghkl.Classifier{Rho: 2, C: 1, Solver: ghkl.Solver(9)},
			ghkl.Classifier{Rho: 2, C: 1, Base: kernel.RBF{Gamma: -1}})
	})
	t.Run("LinearBaseDepth1", func(t *testing.T) {
		mkltest.TestFeatureLearner(t, ghkl.Classifier{Rho: 2, C: 10, Base: kernel.Linear{}, MaxDepth: 1}, mkltest.Options{D: 4})
	})
	t.Run("Rho1.5", func(t *testing.T) {
		mkltest.TestFeatureLearner(t, ghkl.Classifier{Rho: 1.5, C: 10}, mkltest.Options{})
	})
	t.Run("Rho1.5MirrorDescent", func(t *testing.T) {
		mkltest.TestFeatureLearner(t, ghkl.Classifier{Rho: 1.5, C: 10, Solver: ghkl.MirrorDescent}, mkltest.Options{})
	})
}

// TestExtremeHyperParameters fits gHKL with valid but extreme settings: a
// sentinel error or finite decisions.
func TestExtremeHyperParameters(t *testing.T) {
	t.Parallel()
	mkltest.TestExtremeFeatureLearners(t, mkltest.Options{},
		ghkl.Classifier{Rho: 2, C: 1e-300}, ghkl.Classifier{Rho: 2, C: 1e300},
		ghkl.Classifier{Rho: 2, C: 1, Beta: 1e-300}, ghkl.Classifier{Rho: 2, C: 1, Beta: 1e300},
		ghkl.Classifier{Rho: 1 + 1e-12, C: 1}, ghkl.Classifier{Rho: 2, C: 1, MaxActive: 1},
		ghkl.Classifier{Rho: 1.5, C: 1, SVMTol: 1e300, Settings: opt.Settings{MaxIter: 3, Tol: 1e-300}},
		ghkl.Classifier{Rho: 2, C: 1, Base: kernel.RBF{Gamma: 1e300}})
}
