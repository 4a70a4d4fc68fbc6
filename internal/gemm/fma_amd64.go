//go:build !purego

package gemm

import "github.com/kernelab/kernelab/internal/cpu"

// haveFMA selects the 4×8 AVX2/FMA kernel (fma_amd64.s) in MulTile.
var haveFMA = cpu.FMA

//go:noescape
func kernel4x8(a0, a1 *GroupA, b0, b1 *GroupB, groups int, c *float64, ldc int)
