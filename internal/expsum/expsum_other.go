//go:build !amd64 || purego

package expsum

const (
	haveFMA  = false
	have512  = false
	block512 = 32
)

func sumFMA(w, beta *float64, stride, n int, z *float64, B int, acc, out *float64, grad bool) {
	panic("expsum: no FMA kernel on this platform")
}

func sum512(w, beta *float64, stride, n int, z *float64, B int, acc, out *float64, grad bool) {
	panic("expsum: no AVX-512 kernel on this platform")
}
