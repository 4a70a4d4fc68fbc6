package opt

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/kernelab/kernelab/klearn/klearntest"
)

// BenchmarkKOMDQPScaling solves the KOMD QP (λ = 0.1, default Settings) on
// the RBF Gram of n Gaussian points in R^10 on one and on two cores
// (GOMAXPROCS set for the run: the pair steps' sweeps run on a team of that
// many goroutines from n = 1024 on), in a fresh heap and with about 1.3 GB
// of live data held elsewhere in the process, as in a notebook kernel after
// a few experiments. Results in BENCHMARKS.md.
func BenchmarkKOMDQPScaling(b *testing.B) {
	for _, n := range []int{1000, 2000} {
		K, y := rbfGram(n, 10, 0.1, 1)
		for _, heap := range []string{"fresh", "1.3GB"} {
			for _, procs := range []int{1, 2} {
				b.Run(fmt.Sprintf("n=%d/heap=%s/procs=%d", n, heap, procs), func(b *testing.B) {
					defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
					live := klearntest.LiveHeap(heap)
					b.ResetTimer()
					for i := 0; i < b.N; i++ {
						if _, err := KOMDQP(K, y, 0.1, nil); err != nil {
							b.Fatal(err)
						}
					}
					b.StopTimer()
					runtime.KeepAlive(live)
				})
			}
		}
	}
}

// BenchmarkDenseSym times the O(n²) set-up of a KOMD QP (the signed,
// class-ordered dense copy of K with its checks) on one goroutine, the step
// every KOMDQP call pays before its pair steps.
func BenchmarkDenseSym(b *testing.B) {
	for _, n := range []int{600, 2000, 3383} {
		K, y := rbfGram(n, 10, 0.1, 1)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
			wk := getPairWork(n)
			for i := range wk.perm {
				wk.perm[i] = i
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := denseSym("bench", K, y, wk.perm, 0.9, 0.1, wk.hbuf(n)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
