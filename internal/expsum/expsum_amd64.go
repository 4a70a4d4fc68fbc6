//go:build !purego

package expsum

import "github.com/kernelab/kernelab/internal/cpu"

// haveFMA selects the AVX2/FMA kernel of expsum_amd64.s, have512 (where
// the CPU also has AVX-512F) its 512-bit kernel for whole blocks of
// block512 terms.
var (
	haveFMA = cpu.FMA
	have512 = cpu.FMA && cpu.AVX512
)

// sumFMA is sumGo on the first n terms (n a multiple of four) in 256-bit
// vectors: the same operations in the same order (out nil stores no terms).
//
//go:noescape
func sumFMA(w, beta *float64, stride, n int, z *float64, B int, acc, out *float64, grad bool)

// block512 is the number of terms of one iteration of sum512: four steps
// of eight interleaved.
const block512 = 32

// sum512 is sumFMA on the first n terms, n a multiple of block512, in
// 512-bit vectors: the same operations on every term, added in the same
// order.
//
//go:noescape
func sum512(w, beta *float64, stride, n int, z *float64, B int, acc, out *float64, grad bool)
