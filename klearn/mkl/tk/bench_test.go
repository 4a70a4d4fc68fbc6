package tk

import (
	"fmt"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/opt"
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

// heartTrain returns the training part (80 %, 216 rows) of the first
// random split of Statlog heart, the Heart row of Table 1.
func heartTrain(b *testing.B) (*mat.Dense, []float64) {
	ds, err := datasets.Load("heart")
	if err != nil {
		b.Fatal(err)
	}
	y, err := datasets.Binary(ds)
	if err != nil {
		b.Fatal(err)
	}
	sp, err := modelsel.RepeatedSplits(len(y), 1, 0.2, 2020)
	if err != nil {
		b.Fatal(err)
	}
	X, err := klearn.Rows(ds.X, sp[0].Train)
	if err != nil {
		b.Fatal(err)
	}
	yt, err := klearn.Take(y, sp[0].Train)
	if err != nil {
		b.Fatal(err)
	}
	return X, yt
}

// BenchmarkFitHeart runs 30 projected-gradient steps of a degree-1 TK fit
// without bias (Table 1's [TK] setting) on Heart's whole training part
// (216 × 13, 1485 P-variables) at C = 1, 100 and 10⁴.
func BenchmarkFitHeart(b *testing.B) {
	X, y := heartTrain(b)
	for _, C := range []float64{1, 100, 1e4} {
		b.Run(fmt.Sprintf("C=%g", C), func(b *testing.B) {
			l := Learner{Degree: 1, Margin: 0.1, SVM: svm.Classifier{C: C, NoBias: true}, Settings: opt.Settings{Tol: 1e-2, MaxIter: 30}}
			for b.Loop() {
				m, err := l.Fit(X, y)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(m.SVMSolves()), "solves")
				b.ReportMetric(float64(m.InteriorSolves()), "ipm")
				b.ReportMetric(float64(m.SMOIterations()), "smo")
				b.ReportMetric(m.Gap(), "gap")
			}
		})
	}
}

// BenchmarkFitPathHeart fits Heart's whole training part at the seven C of
// the paper protocol's grid, 10⁻² … 10⁴, by one FitPath (30 steps each).
func BenchmarkFitPathHeart(b *testing.B) {
	X, y := heartTrain(b)
	l := Learner{Degree: 1, Margin: 0.1, SVM: svm.Classifier{NoBias: true}, Settings: opt.Settings{Tol: 1e-2, MaxIter: 30}}
	Cs := []float64{0.01, 0.1, 1, 10, 100, 1000, 10000}
	for b.Loop() {
		ms, err := l.FitPath(X, y, Cs)
		if err != nil {
			b.Fatal(err)
		}
		var ipm int
		for _, m := range ms {
			ipm += m.InteriorSolves()
		}
		b.ReportMetric(float64(ipm), "ipm")
	}
}
