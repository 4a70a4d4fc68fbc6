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

// TestFeatureLearnerContract runs the feature-learner suites of package
// mkltest on Algorithm 1 of Argyriou et al. (2006) over every family of the
// package (isotropic, per-coordinate and per-block Gaussians, Dirichlet on
// scalar inputs), with its step 2 by quasi-Newton search and by the DC
// program: absurd hyper-parameters must be refused, extreme ones give an
// error or finite decisions.
func TestFeatureLearnerContract(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	type G = continuous.Greedy
	type band = continuous.GaussianBandwidth
	type perCoord = continuous.GaussianPerCoordinate
	mkltest.FeatureLearner(t, "GaussianBandwidth", G{Mu: 1e-2, MaxSteps: 5}, mkltest.Options{},
		[]G{{Mu: -1}, {Mu: nan}, {Mu: math.Inf(1)}, {MaxSteps: -1}, {Tol: -1}, {Step2: continuous.Step2(7)},
			{Family: band{Lower: 2, Upper: 1}}, {Init: [][]float64{{1, 2}}}, {Init: [][]float64{{1e9}}}},
		[]G{{Mu: 1e-300, MaxSteps: 3}, {Mu: 1e300, MaxSteps: 3}, {Tol: 1e300, MaxSteps: 3}, {Tol: 1e-300, MaxSteps: 3},
			{MaxSteps: 2, Search: opt.Settings{MaxIter: 1}},
			{Family: band{Lower: 1e-300, Upper: 1e-299}, MaxSteps: 2}, {Family: band{Lower: 1e299, Upper: 1e300}, MaxSteps: 2},
			{Family: perCoord{Lambda: 1e300}, MaxSteps: 2}, {Mu: 1e-300, MaxSteps: 2, Step2: continuous.DC}})
	mkltest.FeatureLearner(t, "GaussianPerCoordinate", G{Family: perCoord{Starts: []float64{0.3, 3}}, Mu: 1e-2, MaxSteps: 3}, mkltest.Options{},
		[]G{{Family: perCoord{Lambda: -1}}, {Family: perCoord{Lower: -1}}}, nil)
	blocks := continuous.GaussianBlocks{Blocks: [][]int{{0}, {1, 2}}, Starts: []float64{0.3, 3}}
	mkltest.FeatureLearner(t, "GaussianBlocks", G{Family: blocks, Mu: 1e-2, MaxSteps: 3}, mkltest.Options{},
		[]G{{Family: continuous.GaussianBlocks{}}, {Family: continuous.GaussianBlocks{Blocks: [][]int{{0}, {1, 2}}, Upper: -1}}}, nil)
	mkltest.FeatureLearner(t, "Dirichlet", G{Family: continuous.Dirichlet{}, Mu: 1e-2, MaxSteps: 3}, mkltest.Options{D: 1},
		[]G{{Family: continuous.Dirichlet{Lower: 5, Upper: 1}}}, nil)
	mkltest.FeatureLearner(t, "DC", G{Mu: 1e-2, MaxSteps: 3, Step2: continuous.DC}, mkltest.Options{}, nil, nil)
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
