package svm_test

import (
	"fmt"
	"log"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/svm"
)

// round4 rounds to 4 decimals and turns −0 into 0, so printed values do not
// depend on round-off.
func round4(v float64) float64 { return math.Round(v*1e4)/1e4 + 0 }

func ExampleClassifier() {
	// Four points on a line, x = −2, −1, 1, 2 with labels −1, −1, +1, +1.
	// The maximum-margin separator is f(x) = x (w = 1, b = 0) with support
	// vectors x = ±1 and α = ½ each (from Σ_i α_i y_i x_i = w and yᵀα = 0);
	// the dual objective ½αᵀQα − eᵀα is ½ − 1 = −½ (closed form).
	X := mat.NewDense(4, 1, []float64{-2, -1, 1, 2})
	y := []float64{-1, -1, 1, 1}
	m, err := svm.Classifier{Kernel: kernel.Linear{}, C: 10}.Fit(X, y)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("support:", m.Support(), "status:", m.Status())
	fmt.Printf("dual coef: %.4f\n", m.DualCoef())
	fmt.Printf("bias: %.4f, objective: %.4f\n", round4(m.Bias()), m.Objective())

	Xte := mat.NewDense(3, 1, []float64{-3, 0.5, 4})
	f, err := m.Decision(Xte)
	if err != nil {
		log.Fatal(err)
	}
	labels, err := m.Predict(Xte)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("f(-3, 0.5, 4) = %.4f -> %v\n", f, labels)
	// Output:
	// support: [1 2] status: converged
	// dual coef: [-0.5000 0.5000]
	// bias: 0.0000, objective: -0.5000
	// f(-3, 0.5, 4) = [-3.0000 0.5000 4.0000] -> [-1 1 1]
}

func ExampleClassifier_multiclass() {
	// Three well-separated groups on a line with labels 1, 2, 3. One-vs-one
	// (the default, as LIBSVM) trains 3·2/2 = 3 machines and votes.
	X := mat.NewDense(6, 1, []float64{-3, -2.5, 0, 0.5, 3, 3.5})
	y := []float64{1, 1, 2, 2, 3, 3}
	for _, mc := range []svm.Multiclass{svm.OneVsOne, svm.OneVsRest} {
		m, err := svm.Classifier{Kernel: kernel.RBF{Gamma: 0.5}, C: 10, Multiclass: mc}.Fit(X, y)
		if err != nil {
			log.Fatal(err)
		}
		labels, err := m.Predict(mat.NewDense(3, 1, []float64{-2.8, 0.2, 3.1}))
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(m.Multiclass(), len(m.Machines()), "machines, classes", m.Classes(), "predict", labels)
	}
	// Output:
	// one-vs-one 3 machines, classes [1 2 3] predict [1 2 3]
	// one-vs-rest 3 machines, classes [1 2 3] predict [1 2 3]
}

func ExampleClassifier_FitGram() {
	// A precomputed kernel gives the same machine as the kernel path
	// (convention 4): here the linear Gram matrix of x = −2, −1, 1, 2.
	X := mat.NewDense(4, 1, []float64{-2, -1, 1, 2})
	y := []float64{-1, -1, 1, 1}
	c := svm.Classifier{Kernel: kernel.Linear{}, C: 10}
	K, err := kernel.Gram(c.Kernel, X)
	if err != nil {
		log.Fatal(err)
	}
	m, err := c.FitGram(K, y)
	if err != nil {
		log.Fatal(err)
	}
	Kte, err := kernel.Cross(c.Kernel, mat.NewDense(1, 1, []float64{0.5}), X)
	if err != nil {
		log.Fatal(err)
	}
	f, err := m.DecisionGram(Kte)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("support %v, f(0.5) = %.4f\n", m.Support(), f[0])
	// Output:
	// support [1 2], f(0.5) = 0.5000
}
