package krr_test

import (
	"fmt"
	"log"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/krr"
)

func ExampleRegressor() {
	// Linear kernel on x = (1, 2), λ = 1, y = (1, 1): Eq. (9) of Cortes et
	// al. (2009) reads [[2, 2], [2, 5]]α = (1, 1), so α = (1/2, 0) and
	// f(x) = x·(1·½ + 2·0) = x/2 (closed form).
	X := mat.NewDense(2, 1, []float64{1, 2})
	m, err := krr.Regressor{Kernel: kernel.Linear{}, Lambda: 1}.Fit(X, []float64{1, 1})
	if err != nil {
		log.Fatal(err)
	}
	yhat, err := m.Predict(mat.NewDense(2, 1, []float64{3, -1}))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("alpha = %.4f\n", m.Alpha)
	fmt.Printf("f(3), f(-1) = %.4f\n", yhat)
	// Output:
	// alpha = [0.5000 0.0000]
	// f(3), f(-1) = [1.5000 -0.5000]
}

func ExampleRegressor_FitGram() {
	// The Gram path gives the same model from precomputed kernels: here the
	// RBF kernel exp(−γ(x−z)²), γ = 1, on x = (0, 1). With e = exp(−1),
	// K + λI = [[1.5, e], [e, 1.5]] and y = (1, −1) give α = (1, −1)/(1.5 − e)
	// and f(x) = α_0 k(x, 0) + α_1 k(x, 1), so f(0.5) = 0 by symmetry and
	// f(0) = (1 − e)/(1.5 − e) = 0.5584 (closed form). Round-off may leave
	// f(0.5) at ±1e-17, so it is printed rounded.
	r := krr.Regressor{Kernel: kernel.RBF{Gamma: 1}, Lambda: 0.5}
	X := mat.NewDense(2, 1, []float64{0, 1})
	K, err := kernel.Gram(r.Kernel, X)
	if err != nil {
		log.Fatal(err)
	}
	m, err := r.FitGram(K, []float64{1, -1})
	if err != nil {
		log.Fatal(err)
	}
	Kte, err := kernel.Cross(r.Kernel, mat.NewDense(2, 1, []float64{0, 0.5}), X)
	if err != nil {
		log.Fatal(err)
	}
	yhat, err := m.PredictGram(Kte)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("f(0) = %.4f, f(0.5) = %.4f\n", yhat[0], math.Round(yhat[1]*1e4)/1e4+0)
	// Output:
	// f(0) = 0.5584, f(0.5) = 0.0000
}
