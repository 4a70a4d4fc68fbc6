package mkl_test

import (
	"fmt"
	"log"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/alignf"
	"github.com/kernelab/kernelab/klearn/mkl/lpmkl"
	"github.com/kernelab/kernelab/klearn/mkl/simplemkl"
	"github.com/kernelab/kernelab/klearn/svm"
)

// twoKernels returns 20 training and 10 test points in the plane whose class
// is the sign of x₀ (x₁ is noise), and for each set the Gram matrices of the
// linear kernel on x₀ alone and on x₁ alone: an informative and a useless
// base kernel.
func twoKernels() (Ks []*mat.SymDense, Kte []*mat.Dense, y, yte []float64) {
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
		K, err := kernel.Gram(kernel.Linear{}, col)
		if err != nil {
			log.Fatal(err)
		}
		C, err := kernel.Cross(kernel.Linear{}, colTe, col)
		if err != nil {
			log.Fatal(err)
		}
		Ks, Kte = append(Ks, K), append(Kte, C)
	}
	return Ks, Kte, y, yte
}

// show prints the learned weights of m and its accuracy on the test Grams.
func show(m mkl.Model, Kte []*mat.Dense, yte []float64) {
	pred, err := m.PredictGrams(Kte)
	if err != nil {
		log.Fatal(err)
	}
	ok := 0
	for i := range yte {
		if pred[i] == yte[i] {
			ok++
		}
	}
	w := m.Weights()
	fmt.Printf("weights %.2f %.2f, test accuracy %.2f\n", w[0], w[1], float64(ok)/float64(len(yte)))
}

func Example_simplemkl() {
	// SimpleMKL (Rakotomamonjy et al. 2008) puts its weight on the base
	// kernel that separates the classes and none on the noise kernel.
	Ks, Kte, y, yte := twoKernels()
	m, err := simplemkl.Learner{C: 10}.FitGrams(Ks, y)
	if err != nil {
		log.Fatal(err)
	}
	show(m, Kte, yte)
	// Output: weights 1.00 0.00, test accuracy 1.00
}

func Example_lpmkl() {
	// ℓp-norm MKL (Kloft et al. 2011) with p = 2 keeps some weight on every
	// kernel (‖θ‖₂ = 1), more on the informative one.
	Ks, Kte, y, yte := twoKernels()
	m, err := lpmkl.Learner{P: 2, C: 10}.FitGrams(Ks, y)
	if err != nil {
		log.Fatal(err)
	}
	show(m, Kte, yte)
	// Output: weights 0.97 0.23, test accuracy 1.00
}

func Example_alignf() {
	// alignf (Cortes et al. 2012) weighs the kernels by their centred
	// alignment with yyᵀ; an SVM then trains on the combination.
	Ks, Kte, y, yte := twoKernels()
	m, err := alignf.SVM{SVM: svm.Classifier{C: 10}}.FitGrams(Ks, y)
	if err != nil {
		log.Fatal(err)
	}
	show(m, Kte, yte)
	// Output: weights 1.00 0.02, test accuracy 1.00
}
