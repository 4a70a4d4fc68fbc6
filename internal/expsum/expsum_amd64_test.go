//go:build !purego

package expsum

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestKernel512MatchesGo: the 512-bit kernel gives the Go code's bits, lane
// by lane (values, gradients, stored terms), from non-zero starting lanes.
func TestKernel512MatchesGo(t *testing.T) {
	if !have512 {
		t.Skip("no AVX-512 kernel on this CPU or build")
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{block512, 2 * block512, 3 * block512, 32 * block512} {
		for B := 1; B <= 6; B++ {
			w, beta, z, stride := hardProblem(rng, n, B)
			for _, grad := range []bool{false, true} {
				a, b := make([]float64, lanes*(B+1)), make([]float64, lanes*(B+1))
				for i := range a {
					a[i] = rng.NormFloat64()
					b[i] = a[i]
				}
				oa, ob := make([]float64, n), make([]float64, n)
				sum512(&w[0], &beta[0], stride, n, &z[0], B, &a[0], &oa[0], grad)
				sumGo(w, beta, stride, z, b, ob, grad)
				sameBits(t, fmt.Sprintf("n=%d B=%d grad=%v: lane", n, B, grad), a, b)
				sameBits(t, fmt.Sprintf("n=%d B=%d grad=%v: term", n, B, grad), oa, ob)
			}
		}
	}
}

// TestSumPathsAgree: Sum and Terms give the same bits through the 512-bit
// and AVX2 kernels together, the AVX2 kernel alone and the Go code alone,
// for block counts 0–31 and remainders.
func TestSumPathsAgree(t *testing.T) {
	if !haveFMA {
		t.Skip("no vector kernel on this CPU or build")
	}
	fma, k512 := haveFMA, have512
	defer func() { haveFMA, have512 = fma, k512 }()
	rng := rand.New(rand.NewPCG(13, 14))
	for _, n := range []int{1, 15, 16, 17, 20, 31, 32, 33, 36, 64, 100, 1023} {
		for B := 1; B <= 5; B++ {
			w, beta, z, stride := hardProblem(rng, n, B)
			type res struct {
				s, t float64
				g    []float64
				out  []float64
			}
			run := func(f, k bool) res {
				haveFMA, have512 = f, k
				r := res{g: make([]float64, B), out: make([]float64, n)}
				r.s = Sum(w, beta, stride, z, r.g)
				r.t = Terms(r.out, w, beta, stride, z)
				return r
			}
			ref := run(false, false)
			for _, p := range [][2]bool{{true, false}, {true, k512}} {
				r := run(p[0], p[1])
				same := math.Float64bits(r.s) == math.Float64bits(ref.s) && math.Float64bits(r.t) == math.Float64bits(ref.t)
				for b := range r.g {
					same = same && math.Float64bits(r.g[b]) == math.Float64bits(ref.g[b])
				}
				for k := range r.out {
					same = same && math.Float64bits(r.out[k]) == math.Float64bits(ref.out[k])
				}
				if !same {
					t.Fatalf("n=%d B=%d FMA=%v 512=%v: %v %v %v, Go %v %v %v", n, B, p[0], p[1], r.s, r.t, r.g, ref.s, ref.t, ref.g)
				}
			}
		}
	}
}
