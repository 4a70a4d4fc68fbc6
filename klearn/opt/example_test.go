package opt_test

import (
	"fmt"
	"log"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/opt"
)

func ExampleKOMDQP() {
	// With K = I and λ = 0.1 the KOMD objective (1−λ)γᵀYKYγ + λ‖γ‖² is ‖γ‖²,
	// minimised over the two class simplices by γ_i = ½ (two points per
	// class), with value 4·¼ = 1 (closed form).
	K := mat.NewSymDense(4, []float64{
		1, 0, 0, 0,
		0, 1, 0, 0,
		0, 0, 1, 0,
		0, 0, 0, 1,
	})
	y := []float64{1, 1, -1, -1}
	res, err := opt.KOMDQP(K, y, 0.1, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("γ = %.4f, F = %.4f, %v\n", res.X, res.F, res.Status)
	// Output:
	// γ = [0.5000 0.5000 0.5000 0.5000], F = 1.0000, Success
}

func ExampleLBFGSB() {
	// min (x₀−3)² + (x₁+1)² on the box [0, 2]²: the unconstrained minimiser
	// (3, −1) is projected onto the box, x* = (2, 0), f(x*) = 1 + 1 = 2
	// (closed form; both bounds are active).
	p := opt.Problem{
		Func: func(x []float64) float64 {
			return (x[0]-3)*(x[0]-3) + (x[1]+1)*(x[1]+1)
		},
		Grad: func(g, x []float64) {
			g[0] = 2 * (x[0] - 3)
			g[1] = 2 * (x[1] + 1)
		},
	}
	res, err := opt.LBFGSB(p, []float64{1, 1}, []float64{0, 0}, []float64{2, 2}, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("x = %.4f, f = %.4f, %v\n", res.X, res.F, res.Status)
	// Output:
	// x = [2.0000 0.0000], f = 2.0000, Success
}

func ExampleNNQP() {
	// min_{v≥0} vᵀMv − 2vᵀa with M = I, a = (1, −1): v = max(a, 0) = (1, 0),
	// value −1, and the bound multiplier of v₁ is μ₁ = 2(Mv − a)₁ = 2
	// (closed form).
	M := mat.NewSymDense(2, []float64{1, 0, 0, 1})
	res, err := opt.NNQP(M, []float64{1, -1}, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("v = %.4f, F = %.4f, μ₁ = %.4f\n", res.X, res.F, res.Multipliers[1])
	// Output:
	// v = [1.0000 0.0000], F = -1.0000, μ₁ = 2.0000
}

func ExampleSimplexQP() {
	// min_{α∈Δ} αᵀKα with K = diag(1, 2): α ∝ (1, ½), i.e. α = (2/3, 1/3),
	// value 4/9 + 2/9 = 2/3 (closed form).
	K := mat.NewSymDense(2, []float64{1, 0, 0, 2})
	res, err := opt.SimplexQP(K, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("α = %.4f, F = %.4f\n", res.X, res.F)
	// Output:
	// α = [0.6667 0.3333], F = 0.6667
}

func ExampleMinimize1D() {
	// f(x) = (x−2)² + 1: on [0, 5] the minimiser is 2 (f = 1); on [3, 5] it
	// is the bound 3 (f = 2), a KKT point with f′(3) = 2 > 0 (closed form).
	p := opt.Problem1D{
		Func:   func(x float64) float64 { return (x-2)*(x-2) + 1 },
		Deriv:  func(x float64) float64 { return 2 * (x - 2) },
		Deriv2: func(float64) float64 { return 2 },
	}
	for _, b := range [][2]float64{{0, 5}, {3, 5}} {
		res, err := opt.Minimize1D(p, b[0], b[1], b[1], nil)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("on [%g, %g]: x = %.4f, f = %.4f\n", b[0], b[1], res.X[0], res.F)
	}
	// Output:
	// on [0, 5]: x = 2.0000, f = 1.0000
	// on [3, 5]: x = 3.0000, f = 2.0000
}
