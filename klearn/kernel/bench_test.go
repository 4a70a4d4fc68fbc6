package kernel

import (
	"fmt"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"gonum.org/v1/gonum/mat"
)

// randMatrix returns an n×d matrix with entries uniform in [0, 1) (seeded).
func randMatrix(n, d int, seed uint64) *mat.Dense {
	r := klearn.NewRand(seed)
	data := make([]float64, n*d)
	for i := range data {
		data[i] = r.Float64()
	}
	return mat.NewDense(n, d, data)
}

// MNIST-sized Gram benchmarks (d = 784). Run with
// go test -run=^$ -bench=Gram -benchtime=1x ./klearn/kernel/
func benchGram(b *testing.B, k Kernel) {
	for _, n := range []int{1000, 2000, 4000} {
		X := randMatrix(n, 784, 1)
		b.Run(fmt.Sprint("n=", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Gram(k, X); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkGramRBF(b *testing.B)  { benchGram(b, RBF{Gamma: 1.0 / 784}) }
func BenchmarkGramPoly(b *testing.B) { benchGram(b, Polynomial{Degree: 3, Gamma: 1.0 / 784, Coef0: 1}) }

// BenchmarkGonumMulXXt is the reference: gonum's pure-Go mat.Dense.Mul of X·Xᵀ.
func BenchmarkGonumMulXXt(b *testing.B) {
	X := randMatrix(4000, 784, 1)
	for i := 0; i < b.N; i++ {
		var C mat.Dense
		C.Mul(X, X.T())
	}
}
