package stagewise_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/mkl/stagewise"
	"github.com/kernelab/kernelab/klearn/svm"
)

// TestFeatureLearnerContract runs the feature-learner suites of package
// mkltest on Algorithm 1 of Afkanpour et al. (2013) with the SVM on the
// learned kernel (CA-1D and CA-nD): absurd hyper-parameters must be
// refused, extreme ones give an error or finite decisions.
func TestFeatureLearnerContract(t *testing.T) {
	t.Parallel()
	nan, inf := math.NaN(), math.Inf(1)
	c := svm.Classifier{C: 10}
	type CA = stagewise.CA
	type band = continuous.GaussianBandwidth
	mkltest.FeatureLearner(t, "CA-1D", CA{T: 5, SVM: c}, mkltest.Options{},
		[]CA{{T: -1}, {Eps: -1}, {Eps: nan}, {Theta: inf}, {EtaMax: -2}, {SVM: svm.Classifier{C: -1}}, {SVM: svm.Classifier{C: nan}},
			{Family: band{Lower: 3, Upper: 1}}},
		[]CA{{Eps: 1e-300, T: 3}, {Eps: 1e300, T: 3}, {EtaMax: 1e-300, T: 3}, {EtaMax: 1e300, T: 3},
			{Theta: 1e300, T: 3}, {Theta: 1e-300, T: 3}, {T: 3, SVM: svm.Classifier{C: 1e300}}, {T: 3, SVM: svm.Classifier{C: 1e-300}},
			{Family: band{Lower: 1e-300, Upper: 1e-299}, T: 2}, {Family: band{Lower: 1e299, Upper: 1e300}, T: 2}})
	mkltest.FeatureLearner(t, "Dirichlet", CA{Family: continuous.Dirichlet{}, T: 3, SVM: c}, mkltest.Options{D: 1}, nil, nil)
	f := continuous.GaussianPerCoordinate{Starts: []float64{0.3, 3}, Lambda: 0.01}
	mkltest.FeatureLearner(t, "CA-nD", CA{Family: f, T: 3, SVM: c}, mkltest.Options{},
		[]CA{{Family: continuous.GaussianPerCoordinate{Lambda: nan}}}, nil)
}
