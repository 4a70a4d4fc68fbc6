package nkrr_test

import (
	"fmt"
	"log"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
)

func ExampleRegressor() {
	// Feature-product base kernels [K_k]_ij = x_ik x_jk of X = I₂ with
	// y = (1, 2), degree 1 and λ = 1, so K_μ = diag(μ) and
	// F(μ) = yᵀ(K_μ + λI)⁻¹y = 1/(μ₀+1) + 4/(μ₁+1) (Eq. (10) of Cortes,
	// Mohri & Rostamizadeh 2009).
	//
	// Radius 0 keeps μ = μ0 = (1, 1): F = ½ + 2 = 2.5, α = y/2 and
	// h(1, 1) = α₀ + α₁ = 1.5 (closed form). With Λ = 1 (‖μ − 1‖₂ ≤ 1)
	// the optimum is μ = (1.3602, 1.9329), F = 1.7875 (scipy 1.10.1 SLSQP on the
	// same F), with α_i = y_i/(μ_i + 1) and h(1, 1) = Σ_i α_i μ_i = 1.8944.
	X := mat.NewDense(2, 2, []float64{1, 0, 0, 1})
	y := []float64{1, 2}
	Xte := mat.NewDense(1, 2, []float64{1, 1})
	for _, r := range []nkrr.Regressor{
		{Degree: 1, Lambda: 1},
		{Degree: 1, Lambda: 1, Radius: 1, Eps: 1e-9},
	} {
		m, err := r.Fit(X, y)
		if err != nil {
			log.Fatal(err)
		}
		h, err := m.Predict(Xte)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("Λ = %g: μ = %.4f, F = %.4f, h(1, 1) = %.4f\n", r.Radius, m.Weights(), m.F, h[0])
	}
	// Output:
	// Λ = 0: μ = [1.0000 1.0000], F = 2.5000, h(1, 1) = 1.5000
	// Λ = 1: μ = [1.3602 1.9329], F = 1.7875, h(1, 1) = 1.8944
}
