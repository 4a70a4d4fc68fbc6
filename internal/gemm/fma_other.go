//go:build !amd64 || purego

package gemm

const (
	haveFMA    = false
	haveAVX512 = false
)

func kernel4x8(a0, a1 *GroupA, b0, b1 *GroupB, groups int, c *float64, ldc int) {
	panic("gemm: no FMA kernel on this platform")
}

func kernel8x8(a0, a1, a2, a3 *GroupA, b0, b1 *GroupB, groups int, c *float64, ldc int) {
	panic("gemm: no AVX-512 kernel on this platform")
}

func expDist4(seg, nb *float64, n int, ni, negh float64) int { return 0 }

func expDist8(seg, nb *float64, n int, ni, negh float64) int { return 0 }

func kernel8x8b(a0, a1, b0, b1 *GroupB, groups int, c *float64, ldc int) {
	panic("gemm: no AVX-512 kernel on this platform")
}

func kernel4x8b(a, b0, b1 *GroupB, groups int, c *float64, ldc int) {
	panic("gemm: no AVX-512 kernel on this platform")
}

func affinePow4(seg *float64, n int, gm, c float64, deg int) {}
