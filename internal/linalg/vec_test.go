package linalg

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestDotAxpyExact checks dot and axpy (whichever kernel the CPU selects)
// against the plain loop on small integers, where every partial sum is exact
// in float64, so any order of summation must give the same bits; lengths
// cover the 16-wide blocks and every tail length.
func TestDotAxpyExact(t *testing.T) {
	for n := 0; n <= 70; n++ {
		x := make([]float64, n)
		y := make([]float64, n+3) // longer y: only len(x) entries are used
		for i := range x {
			x[i] = float64(i%7 - 3)
		}
		for i := range y {
			y[i] = float64(i%5 - 2)
		}
		want := 0.0
		for i := range x {
			want += x[i] * y[i]
		}
		if got := dot(x, y); got != want {
			t.Fatalf("n=%d: dot = %v, want %v", n, got, want)
		}
		if got := dotGo(x, y); got != want {
			t.Fatalf("n=%d: dotGo = %v, want %v", n, got, want)
		}
		z := append([]float64(nil), y...)
		axpy(-3, x, z)
		for i := range z {
			w := y[i]
			if i < n {
				w -= 3 * x[i]
			}
			if z[i] != w {
				t.Fatalf("n=%d: axpy entry %d = %v, want %v", n, i, z[i], w)
			}
		}
	}
}

// TestVectorKernelsMatchGo compares the AVX2/FMA kernels with the Go code
// on random data. They sum in the same order, but the kernels fuse each
// multiply-add where the Go compiler rounds the product first (it does not
// fuse these loops even with GOAMD64=v3), so they agree to a few ulps:
// 1e-14 relative to Σ|x_i y_i| for dot, 1e-15 relative to |y_i| + |a x_i|
// for axpy.
func TestVectorKernelsMatchGo(t *testing.T) {
	if !haveFMA {
		t.Skip("no AVX2/FMA kernel on this CPU or build")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{1, 15, 16, 17, 33, 100, 1000} {
		x := make([]float64, n)
		y := make([]float64, n)
		scale := 0.0
		for i := range x {
			x[i], y[i] = rng.NormFloat64(), rng.NormFloat64()
			scale += math.Abs(x[i] * y[i])
		}
		v, r := dotFMA(&x[0], &y[0], n), dotGo(x, y)
		if math.Abs(v-r) > 1e-14*scale {
			t.Fatalf("n=%d: dotFMA = %v, dotGo = %v", n, v, r)
		}
		a := rng.NormFloat64()
		zv := append([]float64(nil), y...)
		zr := append([]float64(nil), y...)
		axpyFMA(a, &x[0], &zv[0], n)
		axpyGo(a, x, zr)
		for i := range zv {
			if math.Abs(zv[i]-zr[i]) > 1e-15*(math.Abs(y[i])+math.Abs(a*x[i])) {
				t.Fatalf("n=%d: axpy entry %d: %v (FMA) vs %v (Go)", n, i, zv[i], zr[i])
			}
		}
	}
}
