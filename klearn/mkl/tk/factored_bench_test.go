package tk

import (
	"testing"

	"github.com/kernelab/kernelab/internal/cputime"
	"github.com/kernelab/kernelab/klearn"
)

// BenchmarkPasses times the two passes of a projected-gradient step, K(P)
// and M(β), on the basis rows (kernel.TK.PairBasis) and on the factors
// (kernel.TK.PairFactors), degree 1 without bias, at the sizes of a CV
// fold of Table 1's Heart (173 × 13, 1485 P-variables) and Pima (491 × 8,
// 595 P-variables) rows; β has a third of its entries zero (the non-support
// vectors, whose pairs both passes skip in M), with the process's CPU
// seconds per pass.
func BenchmarkPasses(b *testing.B) {
	for _, sz := range []struct {
		name string
		m, n int
	}{{"Heart", 173, 13}, {"Pima", 491, 8}} {
		for _, path := range []string{"basis", "factors"} {
			p := benchProblem(b, sz.m, sz.n, path == "factors")
			P := randSpectraplex(p.w, p.w, 1, 3)
			r := klearn.NewRand(4)
			beta := make([]float64, p.m)
			for i := range beta {
				if i%3 != 0 {
					beta[i] = r.NormFloat64()
				}
			}
			b.Run(sz.name+"/"+path+"/gram", func(b *testing.B) {
				c0 := cputime.Process()
				for b.Loop() {
					p.gram(P)
				}
				b.ReportMetric((cputime.Process()-c0).Seconds()/float64(b.N), "cpu-s/op")
			})
			b.Run(sz.name+"/"+path+"/moment", func(b *testing.B) {
				c0 := cputime.Process()
				for b.Loop() {
					p.moment(beta)
				}
				b.ReportMetric((cputime.Process()-c0).Seconds()/float64(b.N), "cpu-s/op")
			})
		}
	}
}

func benchProblem(b *testing.B, m, n int, factors bool) *problem {
	b.Helper()
	X, y := toyData(m, n, uint64(m))
	l := Learner{Degree: 1, Margin: 0.1}
	kern := marginKernel(X, l.Degree, l.Margin)
	p, err := newProblem(kern.transform(X), y, kern.TK, l.SVM, DefaultMaxBlockMB*(1<<20), factors)
	if err != nil {
		b.Fatal(err)
	}
	if (p.fz != nil) != factors {
		b.Fatalf("factored path %v, want %v", p.fz != nil, factors)
	}
	return p
}
