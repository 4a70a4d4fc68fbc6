package mkl

import (
	"slices"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/svm"
	"gonum.org/v1/gonum/mat"
)

// DefaultSVMTol is the default stopping tolerance of the inner SVM solver
// (svm.Classifier.Tol) of the wrapper learners simplemkl and lpmkl. It is
// tighter than LIBSVM's 1e-3 because their gradients and duality gaps are
// computed from α.
const DefaultSVMTol = 1e-5

// WeightedSVM is an SVM trained on a combination Σ_m W_m K_m of base
// kernels: the decision path of simplemkl, lpmkl, alignf and easymkl.SVM.
// It is a SourceModel; a nil W or SVM means the model was not fitted. Who
// names the model in errors (e.g. "simplemkl: Model").
type WeightedSVM struct {
	Who string
	W   []float64
	SVM *svm.Model
}

var _ SourceModel = WeightedSVM{}

func (c WeightedSVM) notFitted() error {
	return klearn.Errorf(klearn.ErrNotFitted, "%s is not fitted", c.Who)
}

// DecisionGrams returns the SVM decision values f(x) = Σ_i α_iy_i Σ_m W_m
// K_m(x, x_i) + b for test×train base kernels Kte in training order.
func (c WeightedSVM) DecisionGrams(Kte []*mat.Dense) ([]float64, error) {
	return c.onCross(CrossList(Kte), (*svm.Model).DecisionGram)
}

// PredictGrams returns the labels sign f(x) ∈ {±1}.
func (c WeightedSVM) PredictGrams(Kte []*mat.Dense) ([]float64, error) {
	f, err := c.DecisionGrams(Kte)
	if err != nil {
		return nil, err
	}
	return Signs(f), nil
}

// DecisionSource returns the SVM decision values over a CrossSource.
func (c WeightedSVM) DecisionSource(src CrossSource) ([]float64, error) {
	return c.onCross(src, (*svm.Model).DecisionGram)
}

// PredictSource returns the SVM labels over a CrossSource.
func (c WeightedSVM) PredictSource(src CrossSource) ([]float64, error) {
	return c.onCross(src, (*svm.Model).PredictGram)
}

// onCross applies the SVM method f to the combined test×train kernel
// Σ_m W_m K_m of the base kernels src.
func (c WeightedSVM) onCross(src CrossSource, f func(*svm.Model, *mat.Dense) ([]float64, error)) ([]float64, error) {
	if c.W == nil || c.SVM == nil {
		return nil, c.notFitted()
	}
	K, err := CombineCrossSource(c.W, src)
	if err != nil {
		return nil, klearn.Errorf(err, "%s", c.Who)
	}
	return f(c.SVM, K)
}

// Combine returns Σ_m W_m K_m for training base kernels Ks.
func (c WeightedSVM) Combine(Ks []*mat.SymDense) (*mat.SymDense, error) {
	if c.W == nil {
		return nil, c.notFitted()
	}
	return kernel.Combine(c.W, Ks)
}

// CombineCross returns Σ_m W_m K_m for test×train base kernels Kte.
func (c WeightedSVM) CombineCross(Kte []*mat.Dense) (*mat.Dense, error) {
	if c.W == nil {
		return nil, c.notFitted()
	}
	return kernel.CombineCross(c.W, Kte)
}

// Weights returns a copy of W.
func (c WeightedSVM) Weights() []float64 { return slices.Clone(c.W) }

// Signs returns the ±1 labels sign f_i of decision values f (0 ↦ +1), the
// predictions of the binary learners.
func Signs(f []float64) []float64 {
	out := make([]float64, len(f))
	for i, v := range f {
		if v >= 0 {
			out[i] = 1
		} else {
			out[i] = -1
		}
	}
	return out
}
