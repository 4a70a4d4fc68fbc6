package opt

import (
	"fmt"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"

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
		// The same copy from a SymRows over a full (both triangles) copy of
		// K: rows gathered and written in order, no column writes.
		R := fullRowsOf(K)
		b.Run(fmt.Sprintf("rows/n=%d", n), func(b *testing.B) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
			wk := getPairWork(n)
			newKOMD("bench", K, y, wk.perm)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := denseSym("bench", R, y, wk.perm, 0.9, 0.1, wk.hbuf(n)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// fullRows is a SymRows over a row-major n×n copy of a SymDense.
type fullRows struct {
	atOnly
	full []float64
}

func fullRowsOf(K *mat.SymDense) fullRows {
	n := K.SymmetricDim()
	f := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			f[i*n+j] = K.At(i, j)
		}
	}
	return fullRows{atOnly{K}, f}
}

func (r fullRows) Gather(i int, cols []int, dst []float64) {
	n := r.k.SymmetricDim()
	row := r.full[i*n : i*n+n]
	for k, j := range cols {
		dst[k] = row[j]
	}
}
