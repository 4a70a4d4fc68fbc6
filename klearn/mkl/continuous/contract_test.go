package continuous_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
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
