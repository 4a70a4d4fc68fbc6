package kernel

import (
	"gonum.org/v1/gonum/mat"
)

// Kernel is a positive semi-definite kernel function k(x, z).
//
// Eval is the inner loop and checks nothing: x and z must be finite and of
// the length the kernel was validated for (Validate). Every exported path
// that evaluates a kernel on user data (Gram, Cross, Diag, the learners'
// Fit and Predict) checks the shapes, the finiteness and the kernel's
// hyper-parameters first, and refuses a non-finite result.
type Kernel interface {
	Eval(x, z []float64) float64
}

// Grammer is implemented by kernels with a fast training Gram path.
// X has been validated (finite, non-empty) by the caller.
type Grammer interface {
	Gram(X mat.Matrix) *mat.SymDense
}

// Crosser is implemented by kernels with a fast test×train path: the result
// is len(A rows) × len(B rows) with entries k(a_i, b_j).
type Crosser interface {
	Cross(A, B mat.Matrix) *mat.Dense
}

// Parametric is a continuous kernel family k_θ that exposes its parameters
// and the derivatives of its Gram matrix, ∂K/∂θ_j (used by the methods over
// continuously parameterised kernels of Argyriou et al. 2006 and Afkanpour
// et al. 2013).
type Parametric interface {
	Kernel
	// Params returns a copy of θ.
	Params() []float64
	// WithParams returns the member of the family at θ, or an ErrParam error.
	WithParams(theta []float64) (Parametric, error)
	// GramGrad returns K and ∂K/∂θ_j for every parameter j.
	GramGrad(X mat.Matrix) (K *mat.SymDense, dK []*mat.SymDense, err error)
}

// Compile-time checks of the optional interfaces.
var (
	_ Parametric = Gaussian{}
	_ Parametric = ARD{}
	_ Parametric = BlockGaussian{}
	_ Parametric = Dirichlet{}
	_ Grammer    = RBF{}
	_ Crosser    = RBF{}
	_ Validator  = TK{}
)
