package linalg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kernelab/kernelab/internal/cputime"
	"github.com/kernelab/kernelab/internal/gemm"
	"github.com/kernelab/kernelab/internal/parallel"
	"gonum.org/v1/gonum/mat"
)

// BenchmarkCholesky times Factorize against gonum's mat.Cholesky.Factorize
// on the same SPD matrix (see ../../klearn/krr/BENCHMARKS.md).
func BenchmarkCholesky(b *testing.B) {
	for _, n := range []int{500, 1000, 2000, 4000} {
		A := benchSPD(n)
		b.Run(fmt.Sprintf("linalg/n=%d", n), func(b *testing.B) {
			var c Cholesky
			t0 := cputime.Process()
			for b.Loop() {
				if err := c.Factorize(A); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, t0)
		})
		b.Run(fmt.Sprintf("gonum/n=%d", n), func(b *testing.B) {
			var c mat.Cholesky
			for b.Loop() {
				if !c.Factorize(A) {
					b.Fatal("not PD")
				}
			}
		})
	}
}

// BenchmarkCond times the condition estimate on a factor of order n.
func BenchmarkCond(b *testing.B) {
	for _, n := range []int{1000, 4000} {
		var c Cholesky
		if err := c.Factorize(benchSPD(n)); err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				_ = c.Cond()
			}
		})
	}
}

// benchSPD returns the RBF Gram matrix exp(−‖x_i − x_j‖²/2) of n random
// points in [0, 1)³ plus the identity (SPD, κ ≲ n + 1), in O(n²) time.
func benchSPD(n int) *mat.SymDense {
	rng := rand.New(rand.NewPCG(1, 2))
	x := make([][3]float64, n)
	for i := range x {
		x[i] = [3]float64{rng.Float64(), rng.Float64(), rng.Float64()}
	}
	A := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			d0, d1, d2 := x[i][0]-x[j][0], x[i][1]-x[j][1], x[i][2]-x[j][2]
			v := math.Exp(-(d0*d0 + d1*d1 + d2*d2) / 2)
			if i == j {
				v++
			}
			A.SetSym(i, j, v)
		}
	}
	return A
}

// BenchmarkSYRK times one trailing update A22 −= U12ᵀU12 (m = 1000,
// kb = BlockSize) on one goroutine and reports its rate in Gflop/s.
func BenchmarkSYRK(b *testing.B) {
	const m = 1000
	kb := BlockSize
	n := kb + m
	a := make([]float64, n*n)
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range a {
		a[i] = rng.Float64()
	}
	ws := newWorkspace(n, kb, 1)
	for b.Loop() {
		pa := gemm.PackColsNeg(ws.pa, a, n, 0, kb, kb, m)
		pb := gemm.PackCols(ws.pb, a, n, 0, kb, kb, m)
		syrkPacked(a, n, kb, m, pa, pb, 1, ws)
	}
	b.ReportMetric(float64(m)*float64(m+1)*float64(kb)*float64(b.N)/b.Elapsed().Seconds()/1e9, "Gflop/s")
}

// reportCPU reports the process CPU time per operation since t0 (all
// goroutines, so up to GOMAXPROCS× the wall time) as "cpu-ns/op".
func reportCPU(b *testing.B, t0 time.Duration) {
	if t0 > 0 {
		b.ReportMetric(float64(cputime.Process()-t0)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkBlockSize times factorize at several block sizes nb (the choice
// of BlockSize), with GOMAXPROCS workers.
func BenchmarkBlockSize(b *testing.B) {
	for _, n := range []int{1000, 2000} {
		A := benchSPD(n)
		for _, nb := range []int{48, 64, 96, 128, 192, 256} {
			b.Run(fmt.Sprintf("n=%d/nb=%d", n, nb), func(b *testing.B) {
				var c Cholesky
				t0 := cputime.Process()
				for b.Loop() {
					if err := c.factorize(A, 0, nb, parallel.Workers()); err != nil {
						b.Fatal(err)
					}
				}
				reportCPU(b, t0)
			})
		}
	}
}
