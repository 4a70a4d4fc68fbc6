package klearn

import "gonum.org/v1/gonum/mat"

// Predictor is a fitted model that maps the rows of X to predictions
// (regression values, class labels, or decision values, as each model documents).
type Predictor interface {
	Predict(X mat.Matrix) ([]float64, error)
}
