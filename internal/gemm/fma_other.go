//go:build !amd64 || purego

package gemm

const haveFMA = false

func kernel4x8(a0, a1 *GroupA, b0, b1 *GroupB, groups int, c *float64, ldc int) {
	panic("gemm: no FMA kernel on this platform")
}
