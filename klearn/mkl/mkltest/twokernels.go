package mkltest

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl"
)

// TwoKernels is the problem of the learners' examples: 20 training and 10
// test points in the plane whose class is the sign of x₀ (x₁ is noise),
// and for each set the Gram matrices of the linear kernel on x₀ alone and
// on x₁ alone, an informative and a useless base kernel.
func TwoKernels() (Ks []*mat.SymDense, Kte []*mat.Dense, y, yte []float64) {
	point := func(i int, shift float64) (x0, x1, label float64) {
		label = 1 - 2*float64(i%2)
		x0 = label * (0.5 + math.Mod(0.618*float64(i)+shift, 1))
		x1 = math.Sin(3.7*float64(i) + shift)
		return
	}
	X, Xte := mat.NewDense(20, 2, nil), mat.NewDense(10, 2, nil)
	y, yte = make([]float64, 20), make([]float64, 10)
	for i := range y {
		a, b, l := point(i, 0)
		X.SetRow(i, []float64{a, b})
		y[i] = l
	}
	for i := range yte {
		a, b, l := point(i, 0.5)
		Xte.SetRow(i, []float64{a, b})
		yte[i] = l
	}
	for j := 0; j < 2; j++ {
		col, colTe := mat.DenseCopyOf(X.Slice(0, 20, j, j+1)), mat.DenseCopyOf(Xte.Slice(0, 10, j, j+1))
		K, _ := kernel.Gram(kernel.Linear{}, col)
		C, _ := kernel.Cross(kernel.Linear{}, colTe, col)
		Ks, Kte = append(Ks, K), append(Kte, C)
	}
	return Ks, Kte, y, yte
}

// Summary is the line an example prints for a model fitted on TwoKernels:
// its two weights and its accuracy on the test kernels Kte with labels yte
// (or the error of its prediction).
func Summary(m mkl.Model, Kte []*mat.Dense, yte []float64) string {
	pred, err := m.PredictGrams(Kte)
	if err != nil {
		return "error: " + err.Error()
	}
	acc, err := metrics.Accuracy(yte, pred)
	if err != nil {
		return "error: " + err.Error()
	}
	w := m.Weights()
	return fmt.Sprintf("weights %.2f %.2f, test accuracy %.2f", w[0], w[1], acc)
}
