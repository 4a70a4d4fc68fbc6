//go:build !amd64 || purego

package linalg

const haveFMA = false

func dotFMA(x, y *float64, n int) float64 { panic("linalg: no FMA kernel on this platform") }

func axpyFMA(a float64, x, y *float64, n int) { panic("linalg: no FMA kernel on this platform") }
