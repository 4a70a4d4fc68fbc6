package continuous

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/opt"
)

// BenchmarkSearchDCScaling times one step 2 of the DC method on a
// synthetic problem (n points in R^8): two variances (the exact cutting
// plane) and four (the local variant), on one and on two cores (GOMAXPROCS
// set for the run: the pieces run two at a time and the pair sums in
// parallel chunks), in a fresh heap and with about 1.3 GB of live data
// held elsewhere in the process, as in a notebook kernel after a few
// experiments. The result is the same in every configuration
// (TestSearchDCDeterministic); BENCHMARKS.md has the times.
func BenchmarkSearchDCScaling(b *testing.B) {
	const n = 300
	X, _, _, _ := klearntest.SyntheticData(klearntest.Binary, n, 8, 21)
	c := randC(n, 22)
	for _, blocks := range [][][]int{
		{{0, 1, 2, 3}, {4, 5, 6, 7}},
		{{0, 1}, {2, 3}, {4, 5}, {6, 7}},
	} {
		fam := GaussianBlocks{Blocks: blocks, Lower: 0.1, Upper: 10}
		s, err := fam.Prepare(X)
		if err != nil {
			b.Fatal(err)
		}
		for _, heap := range []string{"fresh", "1.3GB"} {
			for _, procs := range []int{1, 2} {
				b.Run(fmt.Sprintf("B=%d/heap=%s/procs=%d", len(blocks), heap, procs), func(b *testing.B) {
					defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
					live := klearntest.LiveHeap(heap)
					b.ResetTimer()
					for i := 0; i < b.N; i++ {
						r, err := SearchDC(fam, s, 8, c, nil)
						if err != nil {
							b.Fatal(err)
						}
						b.ReportMetric(float64(r.Run.Iterations), "cuts")
					}
					b.StopTimer()
					runtime.KeepAlive(live)
				})
			}
		}
	}
}

// BenchmarkSimplexSolvers sets the two solvers of min_λ E(Σ_k λ_k K_k) on
// the simplex side by side, from the uniform weights to a relative
// Frank–Wolfe gap of 1e-6: FiniteCombination's projected gradient (cap
// 3000 iterations, P3's FiniteIter) and the fully corrective step's
// projected Newton (reweigh, cap 100 steps), on p Gaussians with σ
// log-spaced in [0.3, 10] (near-collinear Grams for large p), n points in
// R^5, μ = 1e-3. It reports the final gap and iterations; the E of both
// agree when both are certified.
func BenchmarkSimplexSolvers(b *testing.B) {
	const n = 300
	X, y, _, _ := klearntest.SyntheticData(klearntest.Binary, n, 5, 31)
	for _, p := range []int{10, 50} {
		Ks := make([]*mat.SymDense, p)
		for k := range Ks {
			sg := 0.3 * math.Pow(10/0.3, float64(k)/float64(p-1))
			var err error
			if Ks[k], err = kernel.Gram(kernel.Gaussian{Sigma: sg}, X); err != nil {
				b.Fatal(err)
			}
		}
		l0 := make([]float64, p)
		for k := range l0 {
			l0[k] = 1 / float64(p)
		}
		b.Run(fmt.Sprintf("p=%d/projected-gradient", p), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				r, err := FiniteCombination(Ks, y, 1e-3, &opt.Settings{MaxIter: 3000, Tol: 1e-6})
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(r.Iterations), "iters")
				b.ReportMetric(r.Gap, "gap")
			}
		})
		b.Run(fmt.Sprintf("p=%d/projected-newton", p), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				r, err := reweigh(Ks, y, 1e-3, 100, 1e-6, l0)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(r.Iterations), "iters")
				b.ReportMetric(r.Gap, "gap")
			}
		})
	}
}
