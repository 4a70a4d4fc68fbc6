package modelsel

import (
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// Rows returns the rows X[idx, :] as a new *mat.Dense: klearn.Rows, which
// documents its errors, beside the splits that index it.
func Rows(X mat.Matrix, idx []int) (*mat.Dense, error) { return klearn.Rows(X, idx) }

// Take returns y[idx] as a new slice: klearn.Take, beside the splits that
// index it.
func Take(y []float64, idx []int) ([]float64, error) { return klearn.Take(y, idx) }
