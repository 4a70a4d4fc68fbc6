package easymkl_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
	"gonum.org/v1/gonum/mat"
)

// TestKernelLearnerContract runs the contract's conformance suite (package
// mkltest) over the learners of this package, each with a few absurd
// hyper-parameters that must be refused (ErrParam).
func TestKernelLearnerContract(t *testing.T) {
	t.Parallel()
	nan, inf := math.NaN(), math.Inf(1)
	linear := mkltest.Options{Linear: true}
	t.Run("EasyMKL", func(t *testing.T) {
		mkltest.TestKernelLearner(t, easymkl.Learner{Lambda: 0.3}, linear,
			easymkl.Learner{Lambda: -0.5}, easymkl.Learner{Lambda: 2}, easymkl.Learner{Lambda: nan})
	})
	t.Run("EasyMKLSVM", func(t *testing.T) {
		e := easymkl.Learner{Lambda: 0.3}
		mkltest.TestKernelLearner(t, easymkl.SVM{MKL: e, SVM: svm.Classifier{C: 1}}, linear,
			easymkl.SVM{MKL: easymkl.Learner{Lambda: inf}, SVM: svm.Classifier{C: 1}},
			easymkl.SVM{MKL: e, SVM: svm.Classifier{C: -1}},
			easymkl.SVM{MKL: e, SVM: svm.Classifier{C: nan}})
	})
	t.Run("KOMD", func(t *testing.T) {
		one := mkltest.Options{Linear: true, Kernels: 1}
		mkltest.TestKernelLearner(t, komdLearner{easymkl.KOMD{Lambda: 0.3}}, one,
			komdLearner{easymkl.KOMD{Lambda: -0.1}}, komdLearner{easymkl.KOMD{Lambda: 1.5}}, komdLearner{easymkl.KOMD{Lambda: nan}})
	})
}

// TestExtremeHyperParameters fits the learners of this package with valid
// but extreme settings: a sentinel error or finite decisions.
func TestExtremeHyperParameters(t *testing.T) {
	t.Parallel()
	tiny, huge := 1e-300, 1e300
	t.Run("EasyMKL", func(t *testing.T) {
		mkltest.TestExtremeKernelLearners(t, mkltest.Options{}, easymkl.Learner{Lambda: tiny}, easymkl.Learner{Lambda: 1},
			easymkl.Learner{Lambda: 1 - 1e-16}, easymkl.Learner{Lambda: 0.5, Settings: opt.Settings{MaxIter: 1}})
	})
	t.Run("EasyMKLSVM", func(t *testing.T) {
		e := easymkl.Learner{Lambda: 0.3}
		mkltest.TestExtremeKernelLearners(t, mkltest.Options{},
			easymkl.SVM{MKL: e, SVM: svm.Classifier{C: huge}}, easymkl.SVM{MKL: e, SVM: svm.Classifier{C: tiny}})
	})
	t.Run("KOMD", func(t *testing.T) {
		mkltest.TestExtremeKernelLearners(t, mkltest.Options{Kernels: 1}, komdLearner{easymkl.KOMD{Lambda: tiny}}, komdLearner{easymkl.KOMD{Lambda: 1}},
			komdLearner{easymkl.KOMD{Lambda: 1 - 1e-16, MKLpyRidge: true}})
	})
}

// komdLearner runs KOMD, a classifier on one fixed kernel, through the
// finite-list contract on a list of one base kernel (weight 1): every
// check on the Gram, the targets and the test kernel reaches KOMD itself.
type komdLearner struct{ easymkl.KOMD }

type komdModel struct{ *easymkl.KOMDModel }

func (l komdLearner) FitGrams(Ks []*mat.SymDense, y []float64) (*komdModel, error) {
	if len(Ks) != 1 {
		return nil, klearn.Errorf(klearn.ErrShape, "komdLearner: %d kernels, want 1", len(Ks))
	}
	m, err := l.FitGram(Ks[0], y)
	if err != nil {
		return nil, err
	}
	return &komdModel{m}, nil
}

func (m *komdModel) fitted() *easymkl.KOMDModel {
	if m == nil {
		return nil
	}
	return m.KOMDModel
}

func (m *komdModel) Weights() []float64 { return []float64{1} }

func (m *komdModel) Combine(Ks []*mat.SymDense) (*mat.SymDense, error) {
	if len(Ks) != 1 || Ks[0] == nil {
		return nil, klearn.Errorf(klearn.ErrShape, "komdLearner: %d kernels, want 1", len(Ks))
	}
	return mat.NewSymDense(Ks[0].SymmetricDim(), append([]float64(nil), Ks[0].RawSymmetric().Data...)), nil
}

func (m *komdModel) CombineCross(Kte []*mat.Dense) (*mat.Dense, error) {
	if len(Kte) != 1 || Kte[0] == nil {
		return nil, klearn.Errorf(klearn.ErrShape, "komdLearner: %d kernels, want 1", len(Kte))
	}
	return mat.DenseCopyOf(Kte[0]), nil
}

func (m *komdModel) DecisionGrams(Kte []*mat.Dense) ([]float64, error) {
	if len(Kte) != 1 {
		return nil, klearn.Errorf(klearn.ErrShape, "komdLearner: %d kernels, want 1", len(Kte))
	}
	return m.fitted().DecisionGram(Kte[0])
}

func (m *komdModel) PredictGrams(Kte []*mat.Dense) ([]float64, error) {
	if len(Kte) != 1 {
		return nil, klearn.Errorf(klearn.ErrShape, "komdLearner: %d kernels, want 1", len(Kte))
	}
	return m.fitted().PredictGram(Kte[0])
}
