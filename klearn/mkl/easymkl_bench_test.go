package mkl

import (
	"fmt"
	"testing"
)

// BenchmarkEasyMKL times EasyMKL.FitGrams (λ = 0.1, default Settings) on
// 10 normalised HPKs (degrees 1…10, held in memory as MKLpy holds them) of
// n random points in R^30 with labels from a random hyperplane (10% noise).
// The lazy variant sweeps the family from the cosine matrix instead
// (FitSource), building the powers on the fly. Results are in the EasyMKL
// doc comment.
func BenchmarkEasyMKL(b *testing.B) {
	for _, n := range []int{500, 1000, 2000, 4000} {
		X, y := hpkRandData(n, 30, 99)
		fam := HPKFamily{D: 10, MinDegree: 1}
		Ks, err := fam.Grams(X)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := (EasyMKL{Lambda: 0.1}).FitGrams(Ks, y); err != nil {
					b.Fatal(err)
				}
			}
		})
		K1, _ := CosineGram(X)
		b.Run(fmt.Sprintf("lazy/n=%d", n), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				src, _ := fam.Source(K1)
				if _, err := (EasyMKL{Lambda: 0.1}).FitSource(src, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
