//go:build !purego

package gemm

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestKernel4x8MatchesMicro2x4 runs MulTile with the AVX-512 kernel (where
// the CPU has it), with the AVX2 kernel alone and with Micro2x4 alone on
// random real data, full and upper, for panel counts that leave odd A and B
// panels and A panel counts that are not multiples of four. The vector
// kernels do one fused multiply-add per inner index in increasing k, which
// is what Micro2x4 compiles to with GOAMD64=v3, so there all three must
// agree to the bit (amd64v3 is true); with v1 Micro2x4 rounds each product,
// and it agrees with them to 1e-14 while the two vector kernels still agree
// to the bit.
func TestKernel4x8MatchesMicro2x4(t *testing.T) {
	if !haveFMA {
		t.Skip("CPU without AVX2/FMA")
	}
	had512 := haveAVX512
	defer func() { haveFMA, haveAVX512 = true, had512 }()
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct{ m, n, k int }{{4, 8, 1}, {6, 12, 5}, {9, 21, 37}, {64, 128, 130}, {3, 5, 9}, {13, 21, 9}, {16, 16, 4}, {30, 40, 96}} {
		A := make([]float64, c.m*c.k)
		B := make([]float64, c.n*c.k)
		for i := range A {
			A[i] = rng.NormFloat64()
		}
		for i := range B {
			B[i] = rng.NormFloat64()
		}
		pa := PackRows[GroupA](A, c.m, c.k, 0, c.k)
		pb := PackRows[GroupB](B, c.n, c.k, 0, c.k)
		ip1, jp1 := (c.m+MR-1)/MR, (c.n+NR-1)/NR
		ldb := jp1*NR + 8
		for _, upper := range []bool{false, true} {
			run := func(fma, avx512 bool) []float64 {
				haveFMA, haveAVX512 = fma, avx512
				buf := make([]float64, ip1*MR*ldb)
				for i := range buf {
					buf[i] = float64(i % 3) // MulTile adds to buf
				}
				MulTile(pa, pb, 0, ip1, 0, jp1, upper, buf, ldb)
				return buf
			}
			vec, ref := run(true, false), run(false, false)
			var v512 []float64
			if had512 {
				v512 = run(true, true)
			}
			for i := 0; i < c.m; i++ {
				for j := 0; j < c.n; j++ {
					if upper && j < i {
						continue
					}
					v, r := vec[i*ldb+j], ref[i*ldb+j]
					if amd64v3 && v != r || math.Abs(v-r) > 1e-14*(1+math.Abs(r)) {
						t.Fatalf("%v upper=%v: C[%d,%d] = %v (vector) vs %v (Micro2x4)", c, upper, i, j, v, r)
					}
					if v512 != nil && v512[i*ldb+j] != v {
						t.Fatalf("%v upper=%v: C[%d,%d] = %v (AVX-512) vs %v (AVX2)", c, upper, i, j, v512[i*ldb+j], v)
					}
				}
			}
		}
	}
}

// TestExpDistKernels runs the ExpDist checks against math.Exp with the AVX2
// kernel alone (four lanes) and, where the CPU has it, with the AVX-512 one
// (eight lanes, the AVX2 kernel finishing a last group of four).
func TestExpDistKernels(t *testing.T) {
	if !haveFMA {
		t.Skip("CPU without AVX2/FMA")
	}
	had512 := haveAVX512
	defer func() { haveAVX512 = had512 }()
	for _, avx512 := range []bool{false, true} {
		if avx512 && !had512 {
			continue
		}
		haveAVX512 = avx512
		t.Run(fmt.Sprint("avx512=", avx512), checkExpDist)
	}
}

// TestMulTileSharedMatchesMulTile checks that X·Xᵀ from one B packing
// (MulTileShared) equals, bit for bit, MulTile on X packed separately as A
// and B panels, full and upper, whole and on sub-ranges of panels starting
// at even row pairs, for row counts that leave odd row pairs, odd B panels
// and partial panels, into a buffer that already holds values.
func TestMulTileSharedMatchesMulTile(t *testing.T) {
	if !haveAVX512 {
		t.Skip("CPU without AVX-512F")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{1, 3, 4, 5, 8, 9, 13, 21, 37, 64, 67, 130} {
		for _, k := range []int{1, 3, 9, 96, 130} {
			X := make([]float64, n*k)
			for i := range X {
				X[i] = rng.NormFloat64()
			}
			pa := PackRows[GroupA](X, n, k, 0, k)
			pb := PackRows[GroupB](X, n, k, 0, k)
			ip1, jp1 := (n+MR-1)/MR, (n+NR-1)/NR
			ranges := [][4]int{{0, ip1, 0, jp1}}
			if ip1 > 4 && jp1 > 3 {
				ranges = append(ranges, [4]int{2, ip1 - 1, 1, jp1 - 1}, [4]int{4, ip1, 3, jp1})
			}
			for _, rg := range ranges {
				for _, upper := range []bool{false, true} {
					ldb := (rg[3]-rg[2])*NR + 5
					rows := (rg[1] - rg[0]) * MR
					init := make([]float64, rows*ldb)
					for i := range init {
						init[i] = rng.NormFloat64()
					}
					want := append([]float64(nil), init...)
					MulTile(pa, pb, rg[0], rg[1], rg[2], rg[3], upper, want, ldb)
					got := append([]float64(nil), init...)
					MulTileShared(pb, rg[0], rg[1], rg[2], rg[3], upper, got, ldb)
					for i := range want {
						if math.Float64bits(got[i]) != math.Float64bits(want[i]) {
							t.Fatalf("n=%d k=%d range %v upper=%v: C[%d,%d] = %v (shared) vs %v (MulTile)",
								n, k, rg, upper, i/ldb, i%ldb, got[i], want[i])
						}
					}
				}
			}
		}
	}
}
