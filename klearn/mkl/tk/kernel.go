package tk

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
)

// Kernel is a Tessellated kernel on raw inputs: k(x, y) = TK(s(x), s(y))
// with the affine scaling s(x)_j = (x_j − Shift_j)/Scale_j that maps the
// training data to [0, 1]ⁿ (Section 8 of Colbert & Peet 2020). It is the
// kernel a fitted Model returns; it is positive semi-definite for every
// P ⪰ 0 (Proposition 3), as TK is.
type Kernel struct {
	TK           kernel.TK
	Shift, Scale []float64
}

var (
	_ kernel.Kernel    = Kernel{}
	_ kernel.Validator = Kernel{}
	_ kernel.Grammer   = Kernel{}
	_ kernel.Crosser   = Kernel{}
)

func (k Kernel) scale(x []float64) []float64 {
	out := make([]float64, len(x))
	for j, v := range x {
		out[j] = (v - k.Shift[j]) / k.Scale[j]
	}
	return out
}

// Eval returns TK(s(x), s(y)).
func (k Kernel) Eval(x, y []float64) float64 { return k.TK.Eval(k.scale(x), k.scale(y)) }

// Validate checks the scaling (one finite shift and one finite positive
// scale per input column) and the TK (kernel.TK.Validate).
func (k Kernel) Validate(d int) error {
	if len(k.Shift) != len(k.Scale) || (d > 0 && len(k.Shift) != d) {
		return klearn.Errorf(klearn.ErrShape, "tk: Kernel scaling has %d shifts and %d scales for %d-dimensional inputs", len(k.Shift), len(k.Scale), d)
	}
	for j := range k.Shift {
		if s := k.Scale[j]; !(s > 0) || math.IsInf(s, 0) {
			return klearn.Errorf(klearn.ErrParam, "tk: Kernel.Scale[%d] = %v, want a finite value > 0", j, s)
		}
		if s := k.Shift[j]; math.IsNaN(s) || math.IsInf(s, 0) {
			return klearn.Errorf(klearn.ErrParam, "tk: Kernel.Shift[%d] = %v, want a finite value", j, s)
		}
	}
	return k.TK.Validate(d)
}

// transform returns the scaled rows of X.
func (k Kernel) transform(X mat.Matrix) *mat.Dense {
	n, d := X.Dims()
	out := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < d; j++ {
			out.Set(i, j, (X.At(i, j)-k.Shift[j])/k.Scale[j])
		}
	}
	return out
}

// Gram returns the Gram matrix of the rows of X (kernel.Grammer).
func (k Kernel) Gram(X mat.Matrix) *mat.SymDense { return k.TK.Gram(k.transform(X)) }

// Cross returns the test×train matrix k(a_i, b_j) (kernel.Crosser).
func (k Kernel) Cross(A, B mat.Matrix) *mat.Dense {
	return k.TK.Cross(k.transform(A), k.transform(B))
}
