package simplemkl

import (
	"fmt"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"gonum.org/v1/gonum/mat"
)

// simpleMKLBenchKernels is a SimpleMKL toolbox-style library on the rows
// of X: 10 Gaussians (σ log-spaced in [0.5, 10]) and the polynomials of
// degree 1–3, on all features and on each single one, unit-trace
// normalised: 13(p + 1) kernels.
func simpleMKLBenchKernels(b *testing.B, X *mat.Dense) []*mat.SymDense {
	n, p := X.Dims()
	var ks []kernel.Kernel
	for i := 0; i < 10; i++ {
		ks = append(ks, kernel.Gaussian{Sigma: 0.5 * math.Pow(20, float64(i)/9)})
	}
	for d := 1; d <= 3; d++ {
		ks = append(ks, kernel.Polynomial{Degree: d, Gamma: 1, Coef0: 1})
	}
	views := []mat.Matrix{X}
	for j := 0; j < p; j++ {
		views = append(views, X.Slice(0, n, j, j+1))
	}
	var Ks []*mat.SymDense
	for _, v := range views {
		for _, k := range ks {
			K, err := kernel.Gram(k, v)
			if err != nil {
				b.Fatal(err)
			}
			if K, err = kernel.TraceNormalize(K); err != nil {
				b.Fatal(err)
			}
			Ks = append(Ks, K)
		}
	}
	return Ks
}

// BenchmarkSimpleMKL times SimpleMKL.FitGrams (default Settings: 1 %
// duality gap) on the 117 kernels of simpleMKLBenchKernels of n random
// points in R^8 with labels from a random hyperplane (10 % noise), at C =
// 1, 100 and 10⁴: the shape of Colbert & Peet's [SimpleMKL] column on
// Pima. Results are in BENCHMARKS.md.
func BenchmarkSimpleMKL(b *testing.B) {
	for _, n := range []int{250, 500} {
		X, y := testproblem.RandData(n, 8, 5)
		Ks := simpleMKLBenchKernels(b, X)
		for _, C := range []float64{1, 100, 1e4} {
			b.Run(fmt.Sprintf("n=%d/C=%g", n, C), func(b *testing.B) {
				var m *Model
				var err error
				for i := 0; i < b.N; i++ {
					if m, err = (Learner{C: C}).FitGrams(Ks, y); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(m.Iterations), "steps")
				b.ReportMetric(float64(m.SVMSolves), "svms")
			})
		}
	}
}
