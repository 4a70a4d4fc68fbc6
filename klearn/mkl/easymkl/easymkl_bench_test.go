package easymkl

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/kernelab/kernelab/internal/cputime"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"github.com/kernelab/kernelab/klearn/opt"
)

// BenchmarkEasyMKL times EasyMKL.FitGrams (λ = 0.1, default Settings) on
// 10 normalised HPKs (degrees 1…10, held in memory as MKLpy holds them) of
// n random points in R^30 with labels from a random hyperplane (10% noise).
// The lazy variant sweeps the family from the cosine matrix instead
// (FitSource), building the powers on the fly. Results are in
// BENCHMARKS.md.
func BenchmarkEasyMKL(b *testing.B) {
	for _, n := range []int{500, 1000, 2000, 4000} {
		X, y := testproblem.RandData(n, 30, 99)
		fam := hpk.Family{D: 10, MinDegree: 1}
		Ks, err := fam.Grams(X)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := (Learner{Lambda: 0.1}).FitGrams(Ks, y); err != nil {
					b.Fatal(err)
				}
			}
		})
		K1, _ := hpk.CosineGram(X)
		b.Run(fmt.Sprintf("lazy/n=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				src, _ := fam.Source(K1)
				if _, err := (Learner{Lambda: 0.1}).FitSource(src, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkHPKScaling times the whole path a notebook takes, hpk.Family.Grams
// followed by EasyMKL.FitGrams (10 normalised HPKs, n points in R^20, λ =
// 0.1), and the lazy path (hpk.CosineGram, then FitSource), on one and on two
// cores (GOMAXPROCS set for the run), in a fresh heap and with about 1.3 GB
// of live data held elsewhere in the process, as in a notebook kernel after
// a few experiments: how the family scales with cores and what a large
// live heap costs it. Results in BENCHMARKS.md.
func BenchmarkHPKScaling(b *testing.B) {
	for _, n := range []int{1000, 2000} {
		X, y := testproblem.RandData(n, 20, 7)
		fam := hpk.Family{D: 10, MinDegree: 1}
		for _, heap := range []string{"fresh", "1.3GB"} {
			for _, procs := range []int{1, 2} {
				b.Run(fmt.Sprintf("grams/n=%d/heap=%s/procs=%d", n, heap, procs), func(b *testing.B) {
					defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
					live := klearntest.LiveHeap(heap)
					b.ResetTimer()
					t0 := cputime.Process()
					for i := 0; i < b.N; i++ {
						Ks, err := fam.Grams(X)
						if err != nil {
							b.Fatal(err)
						}
						if _, err := (Learner{Lambda: 0.1}).FitGrams(Ks, y); err != nil {
							b.Fatal(err)
						}
					}
					reportCPU(b, t0)
					b.StopTimer()
					runtime.KeepAlive(live)
				})
				b.Run(fmt.Sprintf("lazy/n=%d/heap=%s/procs=%d", n, heap, procs), func(b *testing.B) {
					defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
					live := klearntest.LiveHeap(heap)
					b.ResetTimer()
					t0 := cputime.Process()
					for i := 0; i < b.N; i++ {
						K1, err := hpk.CosineGram(X)
						if err != nil {
							b.Fatal(err)
						}
						src, err := fam.Source(K1)
						if err != nil {
							b.Fatal(err)
						}
						if _, err := (Learner{Lambda: 0.1}).FitSource(src, y); err != nil {
							b.Fatal(err)
						}
					}
					reportCPU(b, t0)
					b.StopTimer()
					runtime.KeepAlive(live)
				})
			}
		}
	}
}

// reportCPU reports the process CPU time per operation since t0 (all
// goroutines, so up to GOMAXPROCS× the wall time) as "cpu-ns/op".
func reportCPU(b *testing.B, t0 time.Duration) {
	if t0 > 0 {
		b.ReportMetric(float64(cputime.Process()-t0)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkPath times a grid of ten λ (the paper's grid of v, warm
// starts, QPTol 1e-6 as the nested CVs of Donini & Aiolli 2017 use it) on
// the lazy HPK family (D = 10) of n random points in R^30, on one
// goroutine: FitSourcePath, against one FitSource call per λ with the
// previous λ's solutions as starts ("calls", the same optimum within
// the tolerance).
func BenchmarkPath(b *testing.B) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for _, n := range []int{600} {
		X, y := testproblem.RandData(n, 30, 99)
		K1, _ := hpk.CosineGram(X)
		fam := hpk.Family{D: 10}
		src, _ := fam.Source(K1)
		e := Learner{Settings: opt.Settings{Tol: 1e-6}}
		b.Run(fmt.Sprintf("calls/n=%d", n), func(b *testing.B) {
			c0 := cputime.Process()
			defer func() { b.ReportMetric(float64(cputime.Process()-c0)/float64(b.N), "cpu-ns/op") }()
			for i := 0; i < b.N; i++ {
				if _, err := fitCalls(e, src, y, pathGrid); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("path/n=%d", n), func(b *testing.B) {
			c0 := cputime.Process()
			defer func() { b.ReportMetric(float64(cputime.Process()-c0)/float64(b.N), "cpu-ns/op") }()
			for i := 0; i < b.N; i++ {
				if _, err := e.FitSourcePath(src, y, pathGrid); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
