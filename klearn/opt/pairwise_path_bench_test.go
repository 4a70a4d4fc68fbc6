package opt

import (
	"fmt"
	"runtime"
	"testing"
)

// benchGrid is the grid of v (λ) of the nested CVs of Donini & Aiolli
// (2017), Figures 3–5 (the protocol's PaperVGrid).
var benchGrid = []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1}

// BenchmarkKOMDPathGrid solves the KOMD QP along benchGrid on the RBF Gram
// of n Gaussian points in R^10 (γ = 0.1) with Tol 1e-6 (the protocol's
// QPTol), each λ started from the previous λ's solution
// (KOMDPath.Solve(λ, prev)), as komdFolds did at base 61a53de; the path is
// set up outside the timer. GOMAXPROCS 1 and 2. Results in BENCHMARKS.md.
func BenchmarkKOMDPathGrid(b *testing.B) {
	for _, n := range []int{1000, 3000} {
		K, y := rbfGram(n, 10, 0.1, 3)
		path, err := NewKOMDPath(K, y)
		if err != nil {
			b.Fatal(err)
		}
		set := &Settings{Tol: 1e-6}
		for _, procs := range []int{1, 2} {
			b.Run(fmt.Sprintf("n=%d/procs=%d", n, procs), func(b *testing.B) {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
				steps := 0
				for i := 0; i < b.N; i++ {
					var prev []float64
					for _, lam := range benchGrid {
						res, err := path.Solve(lam, prev, set)
						if err != nil {
							b.Fatal(err)
						}
						prev = res.X
						steps += res.Iterations
					}
				}
				b.ReportMetric(float64(steps)/float64(b.N), "steps/op")
			})
		}
	}
}

// BenchmarkKOMDPathSecant is BenchmarkKOMDPathGrid in the order and with
// the starts of easymkl's paths since this change: benchGrid from the
// largest λ down, the first λ from the class-uniform point, each next from
// the better of the previous solution and the projected secant
// extrapolation of the two previous (KOMDPath.SolveBest, KOMDSecant).
func BenchmarkKOMDPathSecant(b *testing.B) {
	for _, n := range []int{1000, 3000} {
		K, y := rbfGram(n, 10, 0.1, 3)
		path, err := NewKOMDPath(K, y)
		if err != nil {
			b.Fatal(err)
		}
		set := &Settings{Tol: 1e-6}
		for _, procs := range []int{1, 2} {
			b.Run(fmt.Sprintf("n=%d/procs=%d", n, procs), func(b *testing.B) {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
				steps := 0
				for i := 0; i < b.N; i++ {
					var xs [][]float64
					var lams []float64
					for k := len(benchGrid) - 1; k >= 0; k-- {
						lam := benchGrid[k]
						starts := [][]float64{nil}
						if m := len(xs); m > 0 {
							starts[0] = xs[m-1]
							if m >= 2 {
								z, err := KOMDSecant(y, xs[m-2], xs[m-1], lams[m-2], lams[m-1], lam)
								if err != nil {
									b.Fatal(err)
								}
								starts = append(starts, z)
							}
						}
						res, err := path.SolveBest(lam, starts, set)
						if err != nil {
							b.Fatal(err)
						}
						xs, lams = append(xs, res.X), append(lams, lam)
						steps += res.Iterations
					}
				}
				b.ReportMetric(float64(steps)/float64(b.N), "steps/op")
			})
		}
	}
}
