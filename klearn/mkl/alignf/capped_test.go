package alignf

import (
	"slices"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

// TestSVMStatus: a two-stage fit reports opt.Success only when stage 1's
// QP and stage 2's SMO both stopped at their convergence tests. With SMO
// capped at 3 iterations it reports IterationLimit; with stage 1's QP
// capped at one passive-set addition (on kernels that need more), stage
// 1's own status. With the caps unset, or set above what the solvers
// need, the fits converge and give the same model.
func TestSVMStatus(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 40, 3, 5)
	ref, err := SVM{SVM: svm.Classifier{C: 10}}.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	if ref.Status != opt.Success || ref.Align.Result.Status != opt.Success || ref.SVM.Status() != svm.Converged {
		t.Fatalf("default caps: status %v (stage 1 %v, SMO %v), want Success", ref.Status, ref.Align.Result.Status, ref.SVM.Status())
	}
	big, err := SVM{Align: Align{Settings: opt.Settings{MaxIter: 1 << 20}}, SVM: svm.Classifier{C: 10, MaxIter: 1 << 20}}.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	if big.Status != opt.Success || !slices.Equal(big.Weights(), ref.Weights()) {
		t.Errorf("large caps: status %v μ %v; default %v", big.Status, big.Weights(), ref.Weights())
	}
	smo, err := SVM{SVM: svm.Classifier{C: 10, MaxIter: 3}}.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	if smo.SVM.Status() != svm.MaxIterReached || smo.Status != opt.IterationLimit {
		t.Errorf("SMO capped at 3: status %v with SMO %v, want IterationLimit with max-iter", smo.Status, smo.SVM.Status())
	}
	if n := len(ref.Align.V); n < 2 {
		t.Fatalf("%d kernels", n)
	}
	qp, err := SVM{Align: Align{Settings: opt.Settings{MaxIter: 1}}, SVM: svm.Classifier{C: 10}}.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	if st := qp.Align.Result.Status; st == opt.Success || qp.Status != st {
		t.Errorf("stage 1 capped at 1: status %v, stage 1 %v; want stage 1's, not Success", qp.Status, st)
	}
}
