package hpk

import (
	"fmt"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"gonum.org/v1/gonum/mat"
)

// BenchmarkHPKSums times EasyMKL's passes over the HPK family of n = 3 383
// points (an inner training fold of Abalone in the nested CV of Figures
// 3–5 of Donini & Aiolli 2017) for D = 10 and 30: "sum" is K_η = Σ_s η_s
// K_s into a zeroed matrix, "quads" the margins vᵀK_s v of all members;
// "sweep" is Source's row-by-row powers (AddWeighted, Quads), "horner"
// HornerSource's (AddPoly, PowerQuads).
func BenchmarkHPKSums(b *testing.B) {
	const n = 3383
	X, _ := testproblem.RandData(n, 8, 5)
	K1, err := CosineGram(X)
	if err != nil {
		b.Fatal(err)
	}
	v := make([]float64, n)
	for i := range v {
		v[i] = float64(i%7) - 3
	}
	dst := mat.NewSymDense(n, nil)
	for _, D := range []int{10, 30} {
		f := Family{D: D}
		w, _ := WeightsSum(D)
		src, err := f.HornerSource(K1)
		if err != nil {
			b.Fatal(err)
		}
		h := src.(hornerGrams)
		for _, c := range []struct {
			name string
			sum  func()
			quad func()
		}{
			{"sweep", func() { h.hpkGrams.AddWeighted(dst, w) }, func() { h.hpkGrams.Quads(v) }},
			{"horner", func() { h.AddPoly(dst, w) }, func() { h.PowerQuads(v) }},
		} {
			b.Run(fmt.Sprintf("D=%d/sum/%s", D, c.name), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					c.sum()
				}
			})
			b.Run(fmt.Sprintf("D=%d/quads/%s", D, c.name), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					c.quad()
				}
			})
		}
	}
}
