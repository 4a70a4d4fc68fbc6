package stagewise_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/mkl/stagewise"
	"github.com/kernelab/kernelab/klearn/svm"
)

// TestFeatureLearnerContract runs the mkl contract's feature-learner suite
// on Algorithm 1 of Afkanpour et al. (2013) with the SVM on the learned
// kernel (CA-1D and CA-nD), and absurd hyper-parameters that must be
// refused.
func TestFeatureLearnerContract(t *testing.T) {
	t.Parallel()
	nan, inf := math.NaN(), math.Inf(1)
	c := svm.Classifier{C: 10}
	t.Run("CA-1D", func(t *testing.T) {
		mkltest.TestFeatureLearner(t, stagewise.CA{T: 5, SVM: c}, mkltest.Options{},
			stagewise.CA{T: -1}, stagewise.CA{Eps: -1}, stagewise.CA{Eps: nan}, stagewise.CA{Theta: inf},
			stagewise.CA{EtaMax: -2}, stagewise.CA{SVM: svm.Classifier{C: -1}}, stagewise.CA{SVM: svm.Classifier{C: nan}},
			stagewise.CA{Family: continuous.GaussianBandwidth{Lower: 3, Upper: 1}})
	})
	t.Run("Dirichlet", func(t *testing.T) {
		mkltest.TestFeatureLearner(t, stagewise.CA{Family: continuous.Dirichlet{}, T: 3, SVM: c}, mkltest.Options{D: 1})
	})
	t.Run("CA-nD", func(t *testing.T) {
		f := continuous.GaussianPerCoordinate{Starts: []float64{0.3, 3}, Lambda: 0.01}
		mkltest.TestFeatureLearner(t, stagewise.CA{Family: f, T: 3, SVM: c}, mkltest.Options{},
			stagewise.CA{Family: continuous.GaussianPerCoordinate{Lambda: nan}})
	})
}

// TestExtremeHyperParameters fits CA with valid but extreme settings: a
// sentinel error or finite decisions.
func TestExtremeHyperParameters(t *testing.T) {
	t.Parallel()
	mkltest.TestExtremeFeatureLearners(t, mkltest.Options{},
		stagewise.CA{Eps: 1e-300, T: 3}, stagewise.CA{Eps: 1e300, T: 3},
		stagewise.CA{EtaMax: 1e-300, T: 3}, stagewise.CA{EtaMax: 1e300, T: 3},
		stagewise.CA{Theta: 1e300, T: 3}, stagewise.CA{Theta: 1e-300, T: 3},
		stagewise.CA{T: 3, SVM: svm.Classifier{C: 1e300}}, stagewise.CA{T: 3, SVM: svm.Classifier{C: 1e-300}},
		stagewise.CA{Family: continuous.GaussianBandwidth{Lower: 1e-300, Upper: 1e-299}, T: 2},
		stagewise.CA{Family: continuous.GaussianBandwidth{Lower: 1e299, Upper: 1e300}, T: 2})
}
