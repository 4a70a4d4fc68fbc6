package kernel_test

import (
	"fmt"
	"testing"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
)

// BenchmarkTKPairBasis builds PairBasis (P4's SDP (24), the basis of
// Table 1's [TK] and [SimpleMKL TK] columns) on m random rows of Table 1's
// dimensions: Pima (n = 8), Heart (13) and Ionosphere (34) at degree 1 on
// the box [−0.1, 1.1]ⁿ, and Pima at degree 2.
func BenchmarkTKPairBasis(b *testing.B) {
	for _, c := range []struct {
		name    string
		m, n, d int
	}{
		{"Pima/d=1", 200, 8, 1},
		{"Heart/d=1", 120, 13, 1},
		{"Ionosphere/d=1", 40, 34, 1},
		{"Pima/d=2", 24, 8, 2},
	} {
		X := klearntest.RandMatrix(c.m, c.n, 0, 1, uint64(c.n))
		lo, hi := make([]float64, c.n), make([]float64, c.n)
		for k := range lo {
			lo[k], hi[k] = -0.1, 1.1
		}
		tk := kernel.TK{Degree: c.d, Lower: lo, Upper: hi}
		b.Run(fmt.Sprintf("%s/m=%d", c.name, c.m), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := tk.PairBasis(X); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
