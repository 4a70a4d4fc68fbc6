package alignf_test

import (
	"fmt"
	"log"

	"github.com/kernelab/kernelab/klearn/mkl/alignf"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/svm"
)

func ExampleSVM() {
	// alignf (Cortes et al. 2012) weighs the kernels by their centred
	// alignment with yyᵀ; an SVM then trains on the combination.
	Ks, Kte, y, yte := mkltest.TwoKernels()
	m, err := alignf.SVM{SVM: svm.Classifier{C: 10}}.FitGrams(Ks, y)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(mkltest.Summary(m, Kte, yte))
	// Output: weights 1.00 0.02, test accuracy 1.00
}

func ExampleAlign() {
	// The alignment step alone: the weights μ = v*/‖v*‖₂ of the QP (Cortes
	// et al. 2012, Prop. 9) and the centred alignment ρ(K_μ, yyᵀ) reached,
	// beside that of each base kernel. μ maximises the alignment over
	// μ ≥ 0, so ρ is at least that of the best base kernel.
	Ks, _, y, _ := mkltest.TwoKernels()
	m, err := alignf.Align{}.FitGrams(Ks, y)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("μ = %.2f, ρ = %.2f, per kernel %.2f\n", m.Weights(), m.Alignment, m.KernelAlignments)
	// Output: μ = [1.00 0.02], ρ = 0.92, per kernel [0.92 0.02]
}
