//go:build !purego

package gemm

import "github.com/kernelab/kernelab/internal/cpu"

// haveFMA selects the 4×8 AVX2/FMA kernel (fma_amd64.s) in MulTile, and
// haveAVX512 (which implies it) the 8×8 AVX-512 kernel (fma512_amd64.s).
var (
	haveFMA    = cpu.FMA
	haveAVX512 = cpu.FMA && cpu.AVX512
)

//go:noescape
func kernel4x8(a0, a1 *GroupA, b0, b1 *GroupB, groups int, c *float64, ldc int)

//go:noescape
func kernel8x8(a0, a1, a2, a3 *GroupA, b0, b1 *GroupB, groups int, c *float64, ldc int)

//go:noescape
func expDist4(seg, nb *float64, n int, ni, negh float64) int

//go:noescape
func expDist8(seg, nb *float64, n int, ni, negh float64) int

//go:noescape
func kernel8x8b(a0, a1, b0, b1 *GroupB, groups int, c *float64, ldc int)

//go:noescape
func kernel4x8b(a, b0, b1 *GroupB, groups int, c *float64, ldc int)

//go:noescape
func affinePow4(seg *float64, n int, gm, c float64, deg int)
