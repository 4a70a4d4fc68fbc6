package linalg

import (
	"math"
	"testing"
)

func TestAllFinite(t *testing.T) {
	for n := 0; n < 11; n++ {
		v := make([]float64, n)
		for k := range v {
			v[k] = float64(k) * 1e300
		}
		if !AllFinite(v) {
			t.Fatalf("n=%d: finite reported non-finite", n)
		}
		for k := range v {
			for _, bad := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
				w := append([]float64(nil), v...)
				w[k] = bad
				if AllFinite(w) {
					t.Fatalf("n=%d: %v at %d missed", n, bad, k)
				}
			}
		}
	}
}
