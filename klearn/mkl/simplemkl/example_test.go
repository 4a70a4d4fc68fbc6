package simplemkl_test

import (
	"fmt"
	"log"

	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
	"github.com/kernelab/kernelab/klearn/mkl/simplemkl"
)

func ExampleLearner() {
	// SimpleMKL (Rakotomamonjy et al. 2008) puts its weight on the base
	// kernel that separates the classes and none on the noise kernel.
	Ks, Kte, y, yte := mkltest.TwoKernels()
	m, err := simplemkl.Learner{C: 10}.FitGrams(Ks, y)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(mkltest.Summary(m, Kte, yte))
	// Output: weights 1.00 0.00, test accuracy 1.00
}
