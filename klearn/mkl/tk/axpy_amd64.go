//go:build !purego

package tk

import "github.com/kernelab/kernelab/internal/cpu"

// haveAVX2 selects axpyRoundAVX2 (axpy_amd64.s).
var haveAVX2 = cpu.AVX2

//go:noescape
func axpyRoundAVX2(a float64, x, y *float64, n int)
