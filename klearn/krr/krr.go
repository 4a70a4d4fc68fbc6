package krr

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
)

// maxCond is the largest condition number of K + λI that Fit accepts: beyond
// it the solution has no correct digits left (1/ε for float64 is 4.5e15).
const maxCond = 1e15

// Regressor is kernel ridge regression: the minimiser of
//
//	Σ_i (f(x_i) − y_i)² + λ‖f‖²_H  over f in the RKHS of Kernel,
//
// whose representer-theorem solution f(x) = Σ_i α_i k(x, x_i) has
//
//	α = (K + λI)⁻¹ y,
//
// Eq. (9) of Cortes, Mohri & Rostamizadeh (2009) and
// scikit-learn's KernelRidge with alpha = λ. There is no intercept: centre y
// with preprocess.CenterLabels when the targets have a non-zero mean.
//
// Copying a Regressor clones it; the zero value is usable once Kernel is set.
type Regressor struct {
	// Kernel is used by Fit and Model.Predict. FitGram ignores it.
	Kernel kernel.Kernel
	// Lambda is the ridge parameter λ ≥ 0. If Lambda is 0 it defaults to 1
	// (there is no unregularised mode: use a small positive value instead).
	Lambda float64
}

func (r Regressor) lambda() (float64, error) {
	if err := klearn.CheckParam("krr: Lambda", r.Lambda, 0, math.MaxFloat64); err != nil {
		return 0, err
	}
	if r.Lambda == 0 {
		return 1, nil
	}
	return r.Lambda, nil
}

// Model is a fitted kernel ridge regressor: f(x) = Σ_i Alpha_i k(x, x_i).
type Model struct {
	// Alpha holds the dual coefficients α = (K + λI)⁻¹ y (Eq. (9) of Cortes
	// et al. 2009). Treat it as read-only.
	Alpha []float64
	// Lambda is the ridge parameter actually used (after the default).
	Lambda float64

	kern   kernel.Kernel
	xtrain *mat.Dense // nil for a model fitted by FitGram
}

// Fit computes the Gram matrix K = kernel.Gram(Kernel, X) and returns
// FitGram(K, y); the two are bit-identical.
func (r Regressor) Fit(X mat.Matrix, y []float64) (*Model, error) {
	if r.Kernel == nil {
		return nil, klearn.Errorf(klearn.ErrParam, "krr: Regressor.Kernel is nil")
	}
	if _, _, err := klearn.CheckXY(X, y); err != nil {
		return nil, err
	}
	K, err := kernel.Gram(r.Kernel, X)
	if err != nil {
		return nil, err
	}
	// K is ours, finite and n×n: factorised in its own storage, unchecked.
	m, err := r.fitGram(K, y, true)
	if err != nil {
		return nil, err
	}
	m.kern = r.Kernel
	m.xtrain = mat.DenseCopyOf(X)
	return m, nil
}

// FitGram solves (K + λI)α = y by the Cholesky factorisation of K + λI
// (Eq. (9) of Cortes et al. 2009), where K is the n×n training Gram matrix.
// The factorisation is internal/linalg's blocked parallel Cholesky, so α is
// bit-identical for any GOMAXPROCS; the condition number is its 1-norm
// estimate (Hager–Higham, as LAPACK's DPOCON).
// K is not modified. Errors: a non-finite or mis-sized K or y, λ < 0 or NaN
// (ErrParam), and K + λI not positive definite or with condition number
// above 1e15 (ErrSingular; K is then indefinite or λ too small — no jitter is
// added silently: raise Lambda or repair K with kernel.AddJitter).
func (r Regressor) FitGram(K *mat.SymDense, y []float64) (*Model, error) {
	return r.fitGram(K, y, false)
}

// fitGram is FitGram; with own, K comes from Fit (kernel.Gram checked it),
// and is factorised in place.
func (r Regressor) fitGram(K *mat.SymDense, y []float64, own bool) (*Model, error) {
	lam, err := r.lambda()
	if err != nil {
		return nil, err
	}
	if K == nil {
		return nil, klearn.Errorf(klearn.ErrEmpty, "krr: Gram matrix is nil")
	}
	if err := klearn.CheckVector("y", y); err != nil {
		return nil, err
	}
	n := len(y)
	if !own {
		if n, err = klearn.CheckGram(K, len(y)); err != nil {
			return nil, err
		}
	}
	var ch linalg.Cholesky
	defer ch.Release()
	if own {
		err = ch.FactorizeShiftInPlace(K, lam)
	} else {
		err = ch.FactorizeShift(K, lam)
	}
	if err != nil {
		return nil, klearn.Errorf(klearn.ErrSingular, "krr: K + λI (λ = %g) is not positive definite (%v)", lam, err)
	}
	if c := ch.Cond(); !(c <= maxCond) {
		return nil, klearn.Errorf(klearn.ErrSingular, "krr: K + λI (λ = %g) has condition number %.3g > %g", lam, c, maxCond)
	}
	a := make([]float64, n)
	if err := ch.SolveVecTo(a, y); err != nil {
		return nil, klearn.Errorf(klearn.ErrSingular, "krr: solve: %v", err)
	}
	for i, v := range a {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, klearn.Errorf(klearn.ErrSingular, "krr: α[%d] = %v", i, v)
		}
	}
	return &Model{Alpha: a, Lambda: lam}, nil
}

// Predict returns f(x) = Σ_i α_i k(x, x_i) for every row x of X. It needs a
// model fitted by Fit (a FitGram model has no training points: use
// PredictGram). Errors: ErrNotFitted, and a non-finite X or one whose width
// differs from the training data (from kernel.Cross).
func (m *Model) Predict(X mat.Matrix) ([]float64, error) {
	if m == nil || m.Alpha == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "krr: model is not fitted")
	}
	if m.xtrain == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "krr: model was fitted by FitGram; use PredictGram")
	}
	if _, d, err := klearn.CheckMatrix("X", X); err != nil {
		return nil, err
	} else if _, dt := m.xtrain.Dims(); d != dt {
		return nil, klearn.Errorf(klearn.ErrShape, "krr: X has %d columns, trained on %d", d, dt)
	}
	Kte, err := kernel.Cross(m.kern, X, m.xtrain)
	if err != nil {
		return nil, err
	}
	return m.PredictGram(Kte)
}

// PredictGram returns Kte·α for a test × train kernel matrix Kte
// (Kte_ij = k(x_i^test, x_j^train)).
func (m *Model) PredictGram(Kte *mat.Dense) ([]float64, error) {
	if m == nil || m.Alpha == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "krr: model is not fitted")
	}
	nt, c, err := klearn.CheckMatrix("Kte", Kte)
	if err != nil {
		return nil, err
	}
	if c != len(m.Alpha) {
		return nil, klearn.Errorf(klearn.ErrShape, "krr: Kte has %d columns, model has %d training points", c, len(m.Alpha))
	}
	out := mat.NewVecDense(nt, nil)
	out.MulVec(Kte, mat.NewVecDense(c, m.Alpha))
	return out.RawVector().Data, nil
}
