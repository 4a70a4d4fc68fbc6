package mkl

import (
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/kernel"
)

// Model is a fitted kernel learner over a finite list of base kernels
// K_1 … K_p: it reports its kernel weights, forms the learned kernel on
// training and on test×train base kernels, and decides and predicts on
// test×train base kernels given in the training order. Every finite-list
// learner fits one: easymkl.Learner and easymkl.SVM, simplemkl.Learner,
// lpmkl.Learner, alignf.SVM and nkrr.Regressor. mkltest.TestKernelLearner
// checks them all, and easymkl.KOMD (one fixed kernel) as a list of one.
type Model interface {
	// Weights returns a copy of the learned kernel weights, one per base
	// kernel.
	Weights() []float64
	// Combine returns the learned kernel on training base kernels Ks.
	Combine(Ks []*mat.SymDense) (*mat.SymDense, error)
	// CombineCross returns the learned kernel on test×train base kernels.
	CombineCross(Kte []*mat.Dense) (*mat.Dense, error)
	// DecisionGrams returns real-valued scores, one per test row
	// (classifiers: the signed decision value; regressors: the prediction).
	DecisionGrams(Kte []*mat.Dense) ([]float64, error)
	// PredictGrams returns labels (classifiers) or values (regressors).
	PredictGrams(Kte []*mat.Dense) ([]float64, error)
}

// Learner fits a Model from training base kernels Ks (each n×n) and
// targets y (±1 labels for classifiers).
type Learner[M Model] interface {
	FitGrams(Ks []*mat.SymDense, y []float64) (M, error)
}

// SourceModel is a Model that also decides on lazily computed test×train
// kernels (MNIST-sized inputs: one kernel in memory at a time).
type SourceModel interface {
	Model
	DecisionSource(src CrossSource) ([]float64, error)
	PredictSource(src CrossSource) ([]float64, error)
}

// SourceLearner is a Learner that also fits from a lazy GramSource
// (easymkl.Learner and easymkl.SVM); mkltest.TestKernelLearner checks that both fit
// paths, and both decision paths of a SourceModel, agree.
type SourceLearner[M SourceModel] interface {
	Learner[M]
	FitSource(src GramSource, y []float64) (M, error)
}

// FeatureModel is a fitted learner over a (possibly continuous) kernel
// family, fitted from features: it exposes the learned kernel and decides
// on feature rows (Decision: the signed decision value of a classifier, the
// prediction of a regressor; Predict: labels or values). The decisions are
// those of a predictor Σ_i c_i k(x_i, ·) + b on the learned kernel k.
type FeatureModel interface {
	Kernel() kernel.Kernel
	Decision(X mat.Matrix) ([]float64, error)
	Predict(X mat.Matrix) ([]float64, error)
}

// FeatureLearner fits a FeatureModel from the rows of X and targets y:
// continuous.Greedy, stagewise.CA, tk.Learner and ghkl.Classifier (each
// package asserts it); mkltest.TestFeatureLearner checks them all, and
// nkrr.Regressor's Fit path through a test adapter.
type FeatureLearner[M FeatureModel] interface {
	Fit(X mat.Matrix, y []float64) (M, error)
}
