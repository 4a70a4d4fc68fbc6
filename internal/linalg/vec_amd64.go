//go:build !purego

package linalg

import "github.com/kernelab/kernelab/internal/cpu"

// haveFMA selects the AVX2/FMA vector kernels of vec_amd64.s.
var haveFMA = cpu.FMA

//go:noescape
func dotFMA(x, y *float64, n int) float64

//go:noescape
func axpyFMA(a float64, x, y *float64, n int)
