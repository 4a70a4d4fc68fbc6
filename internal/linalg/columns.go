package linalg

import "gonum.org/v1/gonum/mat"

// Columns returns a new matrix holding the columns idx of X, in that order
// (idx non-empty: gonum has no matrices without columns).
func Columns(X mat.Matrix, idx []int) *mat.Dense {
	n, _ := X.Dims()
	out := mat.NewDense(n, len(idx), nil)
	for i := 0; i < n; i++ {
		row := out.RawRowView(i)
		for k, j := range idx {
			row[k] = X.At(i, j)
		}
	}
	return out
}
