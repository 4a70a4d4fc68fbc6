//go:build !amd64 || purego

package svm

const haveAVX2 = false

func scanUpAVX2(h, up *float64, n int, st *upState) { panic("svm: no AVX2 scan on this platform") }

func scanLowAVX2(h, low, qd, ki *float64, n int, st *lowState) {
	panic("svm: no AVX2 scan on this platform")
}
