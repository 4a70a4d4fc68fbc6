package tk

import (
	"testing"

	"github.com/kernelab/kernelab/internal/cputime"
)

// BenchmarkLibrary builds [SimpleMKL TK]'s library of Table 1 (Colbert &
// Peet 2020, Section 8): L = 100 random TK kernels of degree 1 (RandomP),
// ε = 0, on training and test parts of the sizes of Heart (216 + 54 rows,
// 13 features, 1485 P-variables) and Pima (614 + 154 rows, 8 features,
// 595 P-variables), and of half of Ionosphere's (140 + 35 rows, 34
// features, 9591 P-variables; Ionosphere's whole training part, 280 rows,
// needs 3 GB of basis and 6 GB at 0b105cb), with the process's CPU seconds
// per build.
func BenchmarkLibrary(b *testing.B) {
	for _, sz := range []struct {
		name      string
		m, nte, n int
	}{{"Heart", 216, 54, 13}, {"Pima", 614, 154, 8}, {"Ionosphere/2", 140, 35, 34}} {
		b.Run(sz.name, func(b *testing.B) {
			X, _ := toyData(sz.m, sz.n, 3)
			Xte, _ := toyData(sz.nte, sz.n, 4)
			Ps, err := RandomP(2*(2*sz.n+1), 100, 5)
			if err != nil {
				b.Fatal(err)
			}
			c0 := cputime.Process()
			for b.Loop() {
				if _, _, err := Library(X, Xte, 1, 0, Ps); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric((cputime.Process()-c0).Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}
