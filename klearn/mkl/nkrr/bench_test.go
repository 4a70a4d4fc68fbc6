package nkrr_test

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/opt"
)

// BenchmarkFit fits the quadratic-kernel regressor of Cortes et al. (2009)
// on n = 200 points with p = 30 features (the size of a Table 1 training
// fold), 50 steps of Algorithm 1: each step factorises K_μ + λI once.
func BenchmarkFit(b *testing.B) {
	const n, p = 200, 30
	r := rand.New(rand.NewPCG(1, 2))
	X := mat.NewDense(n, p, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		for k := 0; k < p; k++ {
			X.Set(i, k, r.Float64())
		}
		y[i] = X.At(i, 0)*X.At(i, 1) - X.At(i, 2) + 0.1*r.NormFloat64()
	}
	reg := nkrr.Regressor{Lambda: 0.1, Radius: 2, Eps: 1e-300, Settings: opt.Settings{MaxIter: 50}}
	b.ResetTimer()
	for b.Loop() {
		if _, err := reg.Fit(X, y); err != nil {
			b.Fatal(err)
		}
	}
}
