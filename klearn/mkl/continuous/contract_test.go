package continuous_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/opt"
)

// TestFeatureLearnerContract runs the mkl contract's feature-learner suite
// on Algorithm 1 of Argyriou et al. (2006) over every family of the package
// (isotropic, per-coordinate and per-block Gaussians, Dirichlet on scalar
// inputs), with its step 2 by quasi-Newton search and by the DC program,
// and absurd hyper-parameters that must be refused.
func TestFeatureLearnerContract(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	t.Run("GaussianBandwidth", func(t *testing.T) {
		mkltest.TestFeatureLearner(t, continuous.Greedy{Mu: 1e-2, MaxSteps: 5}, mkltest.Options{},
			continuous.Greedy{Mu: -1}, continuous.Greedy{Mu: nan}, continuous.Greedy{Mu: math.Inf(1)},
			continuous.Greedy{MaxSteps: -1}, continuous.Greedy{Tol: -1}, continuous.Greedy{Step2: continuous.Step2(7)},
			continuous.Greedy{Family: continuous.GaussianBandwidth{Lower: 2, Upper: 1}},
			continuous.Greedy{Init: [][]float64{{1, 2}}}, continuous.Greedy{Init: [][]float64{{1e9}}})
	})
	t.Run("GaussianPerCoordinate", func(t *testing.T) {
		mkltest.TestFeatureLearner(t, continuous.Greedy{Family: continuous.GaussianPerCoordinate{Starts: []float64{0.3, 3}}, Mu: 1e-2, MaxSteps: 3}, mkltest.Options{},
			continuous.Greedy{Family: continuous.GaussianPerCoordinate{Lambda: -1}},
			continuous.Greedy{Family: continuous.GaussianPerCoordinate{Lower: -1}})
	})
	t.Run("GaussianBlocks", func(t *testing.T) {
		f := continuous.GaussianBlocks{Blocks: [][]int{{0}, {1, 2}}, Starts: []float64{0.3, 3}}
		mkltest.TestFeatureLearner(t, continuous.Greedy{Family: f, Mu: 1e-2, MaxSteps: 3}, mkltest.Options{},
			continuous.Greedy{Family: continuous.GaussianBlocks{}},
			continuous.Greedy{Family: continuous.GaussianBlocks{Blocks: [][]int{{0}, {1, 2}}, Upper: -1}})
	})
	t.Run("Dirichlet", func(t *testing.T) {
		mkltest.TestFeatureLearner(t, continuous.Greedy{Family: continuous.Dirichlet{}, Mu: 1e-2, MaxSteps: 3}, mkltest.Options{D: 1},
			continuous.Greedy{Family: continuous.Dirichlet{Lower: 5, Upper: 1}})
	})
	t.Run("DC", func(t *testing.T) {
		mkltest.TestFeatureLearner(t, continuous.Greedy{Mu: 1e-2, MaxSteps: 3, Step2: continuous.DC}, mkltest.Options{})
	})
}

// TestExtremeHyperParameters fits Greedy with valid but extreme settings:
// a sentinel error or finite decisions.
func TestExtremeHyperParameters(t *testing.T) {
	t.Parallel()
	mkltest.TestExtremeFeatureLearners(t, mkltest.Options{},
		continuous.Greedy{Mu: 1e-300, MaxSteps: 3}, continuous.Greedy{Mu: 1e300, MaxSteps: 3},
		continuous.Greedy{Tol: 1e300, MaxSteps: 3}, continuous.Greedy{Tol: 1e-300, MaxSteps: 3},
		continuous.Greedy{MaxSteps: 2, Search: opt.Settings{MaxIter: 1}},
		continuous.Greedy{Family: continuous.GaussianBandwidth{Lower: 1e-300, Upper: 1e-299}, MaxSteps: 2},
		continuous.Greedy{Family: continuous.GaussianBandwidth{Lower: 1e299, Upper: 1e300}, MaxSteps: 2},
		continuous.Greedy{Family: continuous.GaussianPerCoordinate{Lambda: 1e300}, MaxSteps: 2},
		continuous.Greedy{Mu: 1e-300, MaxSteps: 2, Step2: continuous.DC})
}

// TestGreedyVanishingMu: for μ = 1e-300 the vector c = −2μ(K+μI)⁻¹y of step
// 2 is of order 1e-299 and ‖c‖² underflows to 0 (c itself is never 0 for
// ±1 labels); both step-2 solvers refuse it as a hyper-parameter error, not
// as a NaN (the quasi-Newton path reported ErrNotFinite before).
func TestGreedyVanishingMu(t *testing.T) {
	t.Parallel()
	X, y, _, _ := mkltest.FeatureData(30, 3, 7)
	for _, st := range []continuous.Step2{continuous.QuasiNewton, continuous.DC} {
		klearntest.ExpectErrorIs(t, fmt.Sprintf("Step2 %d", st), klearn.ErrParam, func() error {
			_, err := continuous.Greedy{Mu: 1e-300, MaxSteps: 3, Step2: st}.Fit(X, y)
			return err
		})
	}
}
