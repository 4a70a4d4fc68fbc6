//go:build !amd64 || purego

package tk

const haveAVX2 = false

func axpyRoundAVX2(a float64, x, y *float64, n int) { panic("tk: no AVX2 kernel on this platform") }
