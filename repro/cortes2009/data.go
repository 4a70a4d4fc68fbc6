package cortes2009

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// Data is a design matrix with ±1 labels.
type Data struct {
	X *mat.Dense
	Y []float64
}

// centred returns y[idx] minus its mean, and the mean.
func centred(y []float64, idx []int) ([]float64, float64) {
	var mean float64
	for _, i := range idx {
		mean += y[i]
	}
	mean /= float64(len(idx))
	out := make([]float64, len(idx))
	for a, i := range idx {
		out[a] = y[i] - mean
	}
	return out, mean
}

// rmse is the RMSE of pred + mean against y[idx].
func rmse(pred, y []float64, idx []int, mean float64) float64 {
	var s float64
	for a, i := range idx {
		d := pred[a] + mean - y[i]
		s += d * d
	}
	return math.Sqrt(s / float64(len(idx)))
}

// symFrom returns the n×n symmetric matrix with row-major entries v.
func symFrom(n int, v []float64) *mat.SymDense { return mat.NewSymDense(n, v) }
