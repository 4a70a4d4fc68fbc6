package nkrr_test

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
)

// TestKernelLearnerContract runs the conformance suites of package mkltest
// on the regressor (a learned quadratic combination): absurd
// hyper-parameters must be refused, extreme ones give an error or finite
// decisions.
func TestKernelLearnerContract(t *testing.T) {
	type R = nkrr.Regressor
	mkltest.KernelLearner(t, "Regressor", R{Degree: 2, Lambda: 0.1, Radius: 1}, mkltest.Options{Regression: true},
		[]R{{Lambda: -1, Radius: 1}, {Lambda: math.NaN(), Radius: 1}, {Lambda: 0.1, Radius: math.Inf(1)}, {Lambda: 0.1, Degree: -2},
			{Lambda: 0.1, Radius: 1, Eta0: 3}},
		[]R{{Lambda: 1e-300, Radius: 1}, {Lambda: 1e300, Radius: 1}, {Lambda: 0.1, Radius: 1e300}, {Lambda: 0.1, Radius: 1, Degree: 40},
			{Lambda: 0.1, Radius: 1, Eta0: 1e-300}, {Lambda: 0.1, Radius: 1, LineSearch: true}, {Lambda: 0.1, Radius: 1, Mu0: []float64{1e300, 1e300, 1e300}}})
}

// featureRegressor runs the Fit path (one feature-product base
// kernel [K_k]_ij = X_ik·X_jk per column, Section 4 of Cortes et al. 2009)
// through the contract's feature-learner suite.
type featureRegressor struct{ nkrr.Regressor }

// featureModel adds the FeatureModel methods to a model fitted by
// Fit: Decision is Predict, and Kernel is the learned kernel
// (Σ_k μ_k x_k z_k)^d of Eqs. (3)–(4) built here from the model's Weights
// and Degree with package kernel, independently of nkrr's own
// feature-product code, which the suite then checks Predict against.
type featureModel struct{ *nkrr.Model }

func (r featureRegressor) Fit(X mat.Matrix, y []float64) (featureModel, error) {
	m, err := r.Regressor.Fit(X, y)
	if err != nil {
		return featureModel{}, err
	}
	return featureModel{m}, nil
}

func (m featureModel) Kernel() kernel.Kernel {
	if m.Model == nil {
		return nil
	}
	mu := m.Weights()
	ks := make([]kernel.Kernel, len(mu))
	for k := range ks {
		ks[k] = kernel.Feature{Index: k}
	}
	return kernel.Power{K: kernel.Sum{Kernels: ks, Weights: mu}, D: m.Degree}
}

func (m featureModel) Decision(X mat.Matrix) ([]float64, error) { return m.Predict(X) }

// TestFeatureLearnerContract runs the feature path through the mkl
// contract's feature-learner suite. The suite's target is linear in x, which
// the even kernel (Σ_k μ_k x_k z_k)² cannot represent, so degree 2 only
// has to beat the constant predictor (RMSE / spread < 1).
func TestFeatureLearnerContract(t *testing.T) {
	fr := func(r nkrr.Regressor) featureRegressor { return featureRegressor{r} }
	mkltest.FeatureLearner(t, "Degree1", fr(nkrr.Regressor{Degree: 1, Lambda: 0.01, Radius: 1}), mkltest.Options{Regression: true},
		[]featureRegressor{fr(nkrr.Regressor{Lambda: 0}), fr(nkrr.Regressor{Lambda: 1, Radius: -1}),
			fr(nkrr.Regressor{Lambda: 1, Mu0: []float64{1, -1, 1}}), fr(nkrr.Regressor{Lambda: 1, Norm: nkrr.Norm(9), Radius: 1})}, nil)
	mkltest.FeatureLearner(t, "Degree2", fr(nkrr.Regressor{Degree: 2, Lambda: 0.1, Radius: 1}), mkltest.Options{Regression: true, MaxTrainRMSE: 0.99}, nil, nil)
}
