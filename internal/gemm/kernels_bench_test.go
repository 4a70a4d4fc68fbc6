//go:build amd64 && !purego && linux

package gemm

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/kernelab/kernelab/internal/cputime"
)

// BenchmarkKernels times MulTile on one 64×128 output tile (the trailing
// update's tile in internal/linalg) with k inner indices, the operands in
// cache, with the AVX2 4×8 kernel and with the AVX-512 8×8 kernel, and
// reports Gflop/s per wall and per CPU second (see BENCHMARKS.md). On the
// shared machine the rate per CPU second varies far less with the load
// than the rate per wall second; run with -cpu 1 so that one goroutine
// uses it.
func BenchmarkKernels(b *testing.B) {
	if !haveFMA {
		b.Skip("CPU without AVX2/FMA")
	}
	had512 := haveAVX512
	defer func() { haveAVX512 = had512 }()
	const m, n = 64, 128
	for _, k := range []int{96, 784} {
		rng := rand.New(rand.NewPCG(1, 2))
		A := make([]float64, m*k)
		B := make([]float64, n*k)
		for i := range A {
			A[i] = rng.NormFloat64()
		}
		for i := range B {
			B[i] = rng.NormFloat64()
		}
		pa := PackRows[GroupA](A, m, k, 0, k)
		pb := PackRows[GroupB](B, n, k, 0, k)
		c := make([]float64, m*n)
		flops := float64(2 * m * n * k)
		for _, avx512 := range []bool{false, true} {
			if avx512 && !had512 {
				continue
			}
			name := "avx2-4x8"
			if avx512 {
				name = "avx512-8x8"
			}
			b.Run(fmt.Sprintf("%s/k=%d", name, k), func(b *testing.B) {
				haveAVX512 = avx512
				t0 := cputime.Process().Seconds()
				for b.Loop() {
					MulTile(pa, pb, 0, m/MR, 0, n/NR, false, c, n)
				}
				b.ReportMetric(flops*float64(b.N)/b.Elapsed().Seconds()/1e9, "Gflop/s")
				if t := cputime.Process().Seconds() - t0; t0 > 0 && t > 0 {
					b.ReportMetric(flops*float64(b.N)/t/1e9, "cpu-Gflop/s")
				}
			})
		}
	}
}
