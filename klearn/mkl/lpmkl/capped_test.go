package lpmkl

import (
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

// TestLpMKLCappedSVM: when the inner SVM the model keeps stops at its SMO
// iteration cap (SVMMaxIter 3), a met stopping rule is not reported as
// Success but as IterationLimit: p = +Inf stops after its one SVM (the
// uniform sum) and p = 2 on the step rule (StepTol 1e9). With SVMMaxIter
// unset, or set above what SMO needs, the same fits converge, report
// Success and give the same model; a negative SVMMaxIter is ErrParam.
func TestLpMKLCappedSVM(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 40, 3, 5)
	for _, P := range []float64{2, math.Inf(1)} {
		l := Learner{P: P, C: 10, StepTol: 1e9}
		ref, err := l.FitGrams(p.Ks, p.Y)
		if err != nil {
			t.Fatal(err)
		}
		if ref.Status != opt.Success || ref.SVM.Status() != svm.Converged {
			t.Fatalf("p = %g, default cap: status %v, SVM %v", P, ref.Status, ref.SVM.Status())
		}
		l.SVMMaxIter = 1 << 20
		big, err := l.FitGrams(p.Ks, p.Y)
		if err != nil {
			t.Fatal(err)
		}
		if big.Status != ref.Status || big.Objective != ref.Objective || !slices.Equal(big.Weights(), ref.Weights()) {
			t.Errorf("p = %g, SVMMaxIter 2²⁰: status %v J %v θ %v; default %v %v %v", P, big.Status, big.Objective, big.Weights(), ref.Status, ref.Objective, ref.Weights())
		}
		l.SVMMaxIter = 3
		m, err := l.FitGrams(p.Ks, p.Y)
		if err != nil {
			t.Fatal(err)
		}
		if m.SVM.Status() != svm.MaxIterReached || m.Status != opt.IterationLimit {
			t.Errorf("p = %g, SVMMaxIter 3: status %v with the final SVM %v, want IterationLimit with max-iter", P, m.Status, m.SVM.Status())
		}
	}
	if _, err := (Learner{P: 2, SVMMaxIter: -1}).FitGrams(p.Ks, p.Y); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("SVMMaxIter −1: %v, want ErrParam", err)
	}
}
