//go:build !purego

package expsum

import "github.com/kernelab/kernelab/internal/cpu"

// haveFMA selects the AVX2/FMA kernel of expsum_amd64.s.
var haveFMA = cpu.FMA

// sumFMA is sumGo on the first n terms (n a multiple of four) in 256-bit
// vectors: the same operations in the same order (out nil stores no terms).
//
//go:noescape
func sumFMA(w, beta *float64, stride, n int, z *float64, B int, acc, out *float64, grad bool)
