package tk

import (
	"testing"

	"github.com/kernelab/kernelab/klearn/svm"
)

// BenchmarkFitLiverSize fits a degree-1 TK on 276 points in 6 dimensions,
// the training size of the Liver rows of Table 1 of Colbert & Peet (2020).
func BenchmarkFitLiverSize(b *testing.B) {
	X, y := toyData(276, 6, 1)
	l := Learner{Degree: 1, Margin: 0.1, SVM: svm.Classifier{C: 1, NoBias: true}}
	for b.Loop() {
		m, err := l.Fit(X, y)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(m.Iterations()), "iters")
		b.ReportMetric(float64(m.SVMSolves()), "solves")
		b.ReportMetric(m.Gap(), "gap")
	}
}

// BenchmarkFitPimaSize runs 20 iterations of a degree-1 TK fit on 614
// points in 8 dimensions (the training size of Table 1's largest problem,
// Pima: 595 P-variables; its basis coefficients, 0.9 GB, fit in the default
// MaxBlockMB).
func BenchmarkFitPimaSize(b *testing.B) {
	X, y := toyData(614, 8, 2)
	l := Learner{Degree: 1, Margin: 0.1, SVM: svm.Classifier{C: 1, NoBias: true}}
	l.Settings.MaxIter = 20
	for b.Loop() {
		m, err := l.Fit(X, y)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(m.Iterations()), "iters")
		b.ReportMetric(m.Gap(), "gap")
	}
}
