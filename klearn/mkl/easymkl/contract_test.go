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

// TestKernelLearnerContract runs the conformance suites of package mkltest
// on EasyMKL, the SVM on its kernel and KOMD: absurd hyper-parameters must
// be refused, extreme ones give an error or finite decisions.
func TestKernelLearnerContract(t *testing.T) {
	t.Parallel()
	nan, inf, tiny, huge := math.NaN(), math.Inf(1), 1e-300, 1e300
	linear := mkltest.Options{Linear: true}
	mkltest.KernelLearner(t, "EasyMKL", easymkl.Learner{Lambda: 0.3}, linear,
		[]easymkl.Learner{{Lambda: -0.5}, {Lambda: 2}, {Lambda: nan}},
		[]easymkl.Learner{{Lambda: tiny}, {Lambda: 1}, {Lambda: 1 - 1e-16}, {Lambda: 0.5, Settings: opt.Settings{MaxIter: 1}}})
	e := easymkl.Learner{Lambda: 0.3}
	withSVM := func(e easymkl.Learner, c float64) easymkl.SVM { return easymkl.SVM{MKL: e, SVM: svm.Classifier{C: c}} }
	mkltest.KernelLearner(t, "EasyMKLSVM", withSVM(e, 1), linear,
		[]easymkl.SVM{withSVM(easymkl.Learner{Lambda: inf}, 1), withSVM(e, -1), withSVM(e, nan)},
		[]easymkl.SVM{withSVM(e, huge), withSVM(e, tiny)})
	komd := func(k easymkl.KOMD) komdLearner { return komdLearner{k} }
	mkltest.KernelLearner(t, "KOMD", komd(easymkl.KOMD{Lambda: 0.3}), mkltest.Options{Linear: true, Kernels: 1},
		[]komdLearner{komd(easymkl.KOMD{Lambda: -0.1}), komd(easymkl.KOMD{Lambda: 1.5}), komd(easymkl.KOMD{Lambda: nan})},
		[]komdLearner{komd(easymkl.KOMD{Lambda: tiny}), komd(easymkl.KOMD{Lambda: 1}), komd(easymkl.KOMD{Lambda: 1 - 1e-16, MKLpyRidge: true})})
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
