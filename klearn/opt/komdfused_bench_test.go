package opt

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/kernelab/kernelab/internal/cputime"
)

// BenchmarkKOMDStep3Starts times one KOMD QP as EasyMKL's step 3 solves it
// along the grid of v in the nested CV of Donini & Aiolli (2017),
// Figures 3–5: K read through a SymRows (hpk's PolyMatrix there, a full
// row-major copy here), the RBF Gram of n Gaussian points in R^10
// (γ = 0.1), λ = 0.5, Tol 1e-6, from the best of three starts (the
// class-uniform point, the solution at λ = 0.55 and the secant
// extrapolation of the solutions at 0.6 and 0.55), on one goroutine. The
// solve copies K, judges the starts (each an O(n²) product, or formed with
// the copy) and runs its pair steps from the best. cpu-ns/op is the
// process's CPU time per solve (less sensitive to the machine's load than
// the wall time).
func BenchmarkKOMDStep3Starts(b *testing.B) {
	for _, n := range []int{1000, 3383} {
		K, y := rbfGram(n, 10, 0.1, 1)
		R := fullRowsOf(K)
		set := &Settings{Tol: 1e-6}
		x1, err := KOMDQP(K, y, 0.6, set)
		if err != nil {
			b.Fatal(err)
		}
		x2, err := KOMDQPFrom(K, y, 0.55, x1.X, set)
		if err != nil {
			b.Fatal(err)
		}
		z, err := KOMDSecant(y, x1.X, x2.X, 0.6, 0.55, 0.5)
		if err != nil {
			b.Fatal(err)
		}
		starts := [][]float64{nil, x2.X, z}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
			t0 := cputime.Process()
			for i := 0; i < b.N; i++ {
				if _, err := KOMDQPFromBest(R, y, 0.5, starts, set); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.Process()-t0)/float64(b.N), "cpu-ns/op")
		})
	}
}
