package ghkl_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/ghkl"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/opt"
)

// TestFeatureLearnerContract runs the feature-learner suites of package
// mkltest on gHKL_ρ (HKL at ρ = 2; ρ = 1.5 with both solvers): absurd
// hyper-parameters must be refused, extreme ones give an error or finite
// decisions.
func TestFeatureLearnerContract(t *testing.T) {
	t.Parallel()
	nan, inf := math.NaN(), math.Inf(1)
	type C = ghkl.Classifier
	mkltest.FeatureLearner(t, "HKL", C{Rho: 2, C: 10}, mkltest.Options{},
		[]C{{C: 1}, {Rho: 3, C: 1}, {Rho: 1, C: 1}, {Rho: nan, C: 1}, {Rho: 2}, {Rho: 2, C: inf}, {Rho: 2, C: 1, Beta: -1},
			{Rho: 2, C: 1, MaxActive: -1}, {Rho: 2, C: 1, MaxDepth: -1}, {Rho: 2, C: 1, SVMTol: nan}, {Rho: 2, C: 1, Solver: ghkl.Solver(9)},
			{Rho: 2, C: 1, Base: kernel.RBF{Gamma: -1}}},
		[]C{{Rho: 2, C: 1e-300}, {Rho: 2, C: 1e300}, {Rho: 2, C: 1, Beta: 1e-300}, {Rho: 2, C: 1, Beta: 1e300},
			{Rho: 1 + 1e-12, C: 1}, {Rho: 2, C: 1, MaxActive: 1},
			{Rho: 1.5, C: 1, SVMTol: 1e300, Settings: opt.Settings{MaxIter: 3, Tol: 1e-300}},
			{Rho: 2, C: 1, Base: kernel.RBF{Gamma: 1e300}}})
	mkltest.FeatureLearner(t, "LinearBaseDepth1", C{Rho: 2, C: 10, Base: kernel.Linear{}, MaxDepth: 1}, mkltest.Options{D: 4}, nil, nil)
	mkltest.FeatureLearner(t, "Rho1.5", C{Rho: 1.5, C: 10}, mkltest.Options{}, nil, nil)
	mkltest.FeatureLearner(t, "Rho1.5MirrorDescent", C{Rho: 1.5, C: 10, Solver: ghkl.MirrorDescent}, mkltest.Options{}, nil, nil)
}
