package cortes2009

import (
	"gonum.org/v1/gonum/mat"
)

// Data is a design matrix with ±1 labels.
type Data struct {
	X *mat.Dense
	Y []float64
}

// symFrom returns the n×n symmetric matrix with row-major entries v.
func symFrom(n int, v []float64) *mat.SymDense { return mat.NewSymDense(n, v) }
