package gemm

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestAffinePow checks AffinePow bit for bit against the scalar
// definition with an explicit rounding of g·v, then powInt's products
// written out (1·t, t·t, then (1·t)·(t·t) for the cube), on random values of
// both signs, huge ones that overflow, zeros, infinities and NaN, for
// lengths that are not multiples of four.
func TestAffinePow(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	vals := []float64{0, math.Copysign(0, -1), 1, -1, 1e-300, 1e155, -1e200, 7e307, math.Inf(1), math.Inf(-1), math.NaN()}
	for len(vals) < 203 {
		vals = append(vals, (rng.Float64()-0.5)*math.Pow(10, float64(rng.IntN(12)-4)))
	}
	for _, deg := range []int{2, 3} {
		for _, gc := range [][2]float64{{1.0 / 784, 1}, {0.37, 1.5}, {3, 0}, {1e-3, -2.5}} {
			for _, n := range []int{0, 1, 3, 4, 5, 8, 203} {
				got := append([]float64(nil), vals[:n]...)
				AffinePow(got, gc[0], gc[1], deg)
				for j, v := range vals[:n] {
					x := float64(gc[0]*v) + gc[1]
					r := 1 * x
					sq := x * x
					want := sq
					if deg == 3 {
						want = r * sq
					}
					if math.Float64bits(got[j]) != math.Float64bits(want) && !(math.IsNaN(got[j]) && math.IsNaN(want)) {
						t.Fatalf("deg %d, g %v, c %v, v %v: got %v want %v", deg, gc[0], gc[1], v, got[j], want)
					}
				}
			}
		}
	}
}

// BenchmarkAffinePow maps a row of 4000 inner products with the cube
// (the degree-3 polynomial kernel), in cache: "vector" is AffinePow, "go"
// the scalar loop it replaces.
func BenchmarkAffinePow(b *testing.B) {
	const n = 4000
	src := make([]float64, n)
	for j := range src {
		src[j] = 150 + float64(j%97)
	}
	seg := make([]float64, n)
	b.Run("vector", func(b *testing.B) {
		for b.Loop() {
			copy(seg, src)
			AffinePow(seg, 1.0/784, 1, 3)
		}
	})
	g, c := 1.0/784, 1.0
	b.Run("go", func(b *testing.B) {
		for b.Loop() {
			copy(seg, src)
			for j, v := range seg {
				t := float64(g*v) + c
				seg[j] = t * (t * t)
			}
		}
	})
}
