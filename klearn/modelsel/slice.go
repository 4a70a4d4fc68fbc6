package modelsel

import (
	"github.com/kernelab/kernelab/klearn"
	"gonum.org/v1/gonum/mat"
)

// Rows and Take check their arguments in O(len(idx)) before copying: a nil
// matrix is an ErrEmpty error, an index outside [0, n) an ErrShape error
// naming it, and a result too large to allocate (indices may repeat) an
// ErrParam error from klearn.CheckAlloc. An empty index set gives an empty
// result and no error. Inputs are never modified; results are fresh copies.
// Gram matrices are cut by kernel.SubGram and kernel.CrossGram.

// Rows returns the rows X[idx, :] as a new *mat.Dense. Errors: nil X
// (ErrEmpty), an index outside [0, rows of X) (ErrShape), a result too
// large (ErrParam).
func Rows(X mat.Matrix, idx []int) (*mat.Dense, error) {
	if klearn.IsNilMatrix(X) {
		return nil, klearn.Errorf(klearn.ErrEmpty, "modelsel: Rows of a nil matrix")
	}
	n, d := X.Dims()
	if err := klearn.CheckIndices("modelsel: Rows", n, idx); err != nil {
		return nil, err
	}
	if len(idx) == 0 || d == 0 {
		return &mat.Dense{}, nil
	}
	if err := klearn.CheckAlloc("modelsel: Rows' result", 8, len(idx), d); err != nil {
		return nil, err
	}
	out := mat.NewDense(len(idx), d, nil)
	for a, i := range idx {
		mat.Row(out.RawRowView(a), i, X)
	}
	return out, nil
}

// Take returns y[idx] as a new slice. Errors: an index outside [0, len(y))
// (ErrShape; a nil y has no valid index).
func Take(y []float64, idx []int) ([]float64, error) {
	if err := klearn.CheckIndices("modelsel: Take", len(y), idx); err != nil {
		return nil, err
	}
	out := make([]float64, len(idx))
	for a, i := range idx {
		out[a] = y[i]
	}
	return out, nil
}
