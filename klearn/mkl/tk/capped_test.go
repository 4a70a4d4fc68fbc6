package tk_test

import (
	"testing"

	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

// TestCappedInnerSVM: with SVM.MaxIter 1 every inner SMO run stops at its
// cap. Without bias the interior point takes over and the second SMO run
// stops at the cap too; with a bias the only run does. The certified gap
// then rests on an unfinished α, so a fit whose gap meets Tol (0.5) reports
// IterationLimit, not Success, for both methods, and counts its capped
// solves; with the default cap the same fits converge and report Success
// with no capped solve. FitPath with CertifiedPath ends at the first
// capped fit.
func TestCappedInnerSVM(t *testing.T) {
	X := klearntest.RandMatrix(30, 2, 0, 1, 1)
	y := make([]float64, 30)
	for i := range y {
		y[i] = 1
		if X.At(i, 0)+0.3*X.At(i, 1) < 0.6 {
			y[i] = -1
		}
	}
	for _, noBias := range []bool{true, false} {
		for _, meth := range []tk.Method{tk.ProjectedGradient, tk.InteriorPoint} {
			if noBias && meth == tk.InteriorPoint {
				continue // SDP (24) without bias stalls at C = 10 here (ErrNotConverged)
			}
			l := tk.Learner{Degree: 1, Method: meth, SVM: svm.Classifier{C: 10, NoBias: noBias}, Settings: opt.Settings{Tol: 0.5}}
			ref, err := l.Fit(X, y)
			if err != nil {
				t.Fatal(err)
			}
			if ref.Status() != opt.Success || ref.CappedSVMSolves() != 0 {
				t.Errorf("no bias %v, %v, default cap: status %v, %d capped solves", noBias, meth, ref.Status(), ref.CappedSVMSolves())
			}
			l.SVM.MaxIter = 1
			m, err := l.Fit(X, y)
			if err != nil {
				t.Fatal(err)
			}
			if m.Status() != opt.IterationLimit || m.SVM().Status() != svm.MaxIterReached || m.CappedSVMSolves() == 0 || m.Gap() > 0.5 {
				t.Errorf("no bias %v, %v, MaxIter 1: status %v at gap %v, SVM %v, %d capped solves; want IterationLimit", noBias, meth, m.Status(), m.Gap(), m.SVM().Status(), m.CappedSVMSolves())
			}
			if noBias && m.InteriorSolves() == 0 {
				t.Errorf("no bias, MaxIter 1: no interior-point hand-over")
			}
		}
	}
	l := tk.Learner{Degree: 1, SVM: svm.Classifier{NoBias: true, MaxIter: 1}, Settings: opt.Settings{Tol: 0.5}, CertifiedPath: true}
	ms, err := l.FitPath(X, y, []float64{1, 10})
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 1 || ms[0].Status() == opt.Success {
		t.Errorf("CertifiedPath with capped SVMs: %d fits, first %v", len(ms), ms[0].Status())
	}
}
