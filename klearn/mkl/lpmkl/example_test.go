package lpmkl_test

import (
	"fmt"
	"log"

	"github.com/kernelab/kernelab/klearn/mkl/lpmkl"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
)

func ExampleLearner() {
	// ℓp-norm MKL (Kloft et al. 2011) with p = 2 keeps some weight on every
	// kernel (‖θ‖₂ = 1), more on the informative one.
	Ks, Kte, y, yte := mkltest.TwoKernels()
	m, err := lpmkl.Learner{P: 2, C: 10}.FitGrams(Ks, y)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(mkltest.Summary(m, Kte, yte))
	// Output: weights 0.97 0.23, test accuracy 1.00
}
