package simplemkl

import (
	"errors"
	"slices"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

// TestSimpleMKLCappedSVM: with one SMO iteration per SVM (SVMMaxIter 1)
// the first SVM's gap (about 0.013) meets Tol 0.5 at once, but that SVM
// stopped at its cap, so the fit reports IterationLimit, not Success.
// With SVMMaxIter unset, or set above what SMO needs, every SVM converges
// and the fit reports Success with the same model; a negative SVMMaxIter
// is ErrParam.
func TestSimpleMKLCappedSVM(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 40, 3, 5)
	l := Learner{C: 10, Settings: opt.Settings{Tol: 0.5}}
	ref, err := l.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	if ref.Status != opt.Success || ref.SVM.Status() != svm.Converged {
		t.Fatalf("default cap: status %v, SVM %v", ref.Status, ref.SVM.Status())
	}
	l.SVMMaxIter = 1 << 20
	big, err := l.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	if big.Status != ref.Status || big.Objective != ref.Objective || !slices.Equal(big.Weights(), ref.Weights()) {
		t.Errorf("SVMMaxIter 2²⁰: status %v J %v d %v; default %v %v %v", big.Status, big.Objective, big.Weights(), ref.Status, ref.Objective, ref.Weights())
	}
	l.SVMMaxIter = 1
	m, err := l.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	if m.Gap > 0.5 || m.SVM.Status() != svm.MaxIterReached || m.Status != opt.IterationLimit {
		t.Errorf("SVMMaxIter 1: status %v at gap %v with the final SVM %v, want IterationLimit (gap ≤ 0.5, SVM max-iter)", m.Status, m.Gap, m.SVM.Status())
	}
	if _, err := (Learner{SVMMaxIter: -1}).FitGrams(p.Ks, p.Y); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("SVMMaxIter −1: %v, want ErrParam", err)
	}
}
