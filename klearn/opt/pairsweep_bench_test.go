package opt

import (
	"fmt"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

// BenchmarkPairSweeps times the two O(n) sweeps of one pair step of the
// KOMD solver over n variables in blocks of pairBlockLen, on one
// goroutine: kktSweep (the gradient update fused with the optimality
// check) and wssSweep (the second-order choice of j), with the rows of Q
// taken from an n×n matrix (rows of a large H come from memory, as in a
// solve) and a support of about 90 % (Abalone's solutions hold 88–100 %).
// n = 3383 is an inner training fold of Abalone in the nested CV of
// Donini & Aiolli (2017).
func BenchmarkPairSweeps(b *testing.B) {
	for _, n := range []int{1000, 3383} {
		rng := klearn.NewRand(1)
		q := make([]float64, n*n)
		for i := range q {
			q[i] = rng.Float64()
		}
		g, x, pen, dg := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
		for i := range g {
			g[i] = rng.NormFloat64()
			if rng.Float64() < 0.9 {
				x[i] = rng.Float64() / float64(n)
			}
			pen[i] = supportPen(x[i])
			dg[i] = 1 + rng.Float64()
		}
		b.Run(fmt.Sprintf("kkt/n=%d", n), func(b *testing.B) {
			for it := 0; it < b.N; it++ {
				i, j := (it*7919)%n, (it*104729+1)%n
				for lo := 0; lo < n; lo += pairBlockLen {
					hi := min(lo+pairBlockLen, n)
					kktSweep(g[lo:hi], x[lo:hi], pen[lo:hi], q[j*n+lo:j*n+hi], q[i*n+lo:i*n+hi], 1e-9)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/var")
		})
		b.Run(fmt.Sprintf("wss/n=%d", n), func(b *testing.B) {
			for it := 0; it < b.N; it++ {
				i := (it * 7919) % n
				for lo := 0; lo < n; lo += pairBlockLen {
					hi := min(lo+pairBlockLen, n)
					wssSweep(g[lo:hi], dg[lo:hi], q[i*n+lo:i*n+hi], 0.5, 1.5, 0.9)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/var")
		})
	}
}
