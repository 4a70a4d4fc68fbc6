package protocol

import (
	"errors"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/svm"
)

// TestSVMCVChoosesAmongConvergedFits: the SVM column's cross-validation
// (svmCV) chooses among converged fits only. With SMO's defaults (KindSVM)
// every fit converges, none is left out and the final fit says so; with a
// cap of 1 iteration every fold fit stops at the cap, every (σ, C) is left
// out and counted, and svmCV fails with an error wrapping
// klearn.ErrNotConverged; with a cap between, the capped (σ, C) are left
// out and the choice is the best mean among the others.
func TestSVMCVChoosesAmongConvergedFits(t *testing.T) {
	d, _, err := smallTask()
	if err != nil {
		t.Fatal(err)
	}
	bd, err := distsOf(d, [][]int{{0, 1, 2, 3}})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Quick()
	cfg.SVMSigmas, cfg.SVMCs, cfg.SVMFolds = 3, []float64{1e-2, 1, 100, 1e4}, 4
	r := [2]float64{0.5, 8}
	nc, all := cfg.SVMSigmas*len(cfg.SVMCs), cfg.SVMSigmas*len(cfg.SVMCs)*cfg.SVMFolds+1

	def, err := svmCV(bd, d, r, cfg, svm.Classifier{})
	if err != nil {
		t.Fatal(err)
	}
	if f := def.Fits; f.Fits != all || f.Capped != 0 || f.Excluded != 0 || !f.Converged() {
		t.Errorf("SMO's defaults: %+v, want %d fits, none capped or left out, the final converged", f, all)
	}

	_, err = svmCV(bd, d, r, cfg, svm.Classifier{MaxIter: 1})
	if !errors.Is(err, klearn.ErrNotConverged) {
		t.Errorf("a cap of 1: %v, want ErrNotConverged", err)
	}
	// The counts are returned with the error.
	capped, _ := svmCV(bd, d, r, cfg, svm.Classifier{MaxIter: 1})
	if f := capped.Fits; f.Fits != all-1 || f.Capped != all-1 || f.Excluded != nc {
		t.Errorf("a cap of 1: %+v, want %d fold fits all capped, %d (σ, C) left out", f, all-1, nc)
	}

	// A cap that stops some fits: find one, then check the choice.
	for _, cap := range []int{3, 10, 30, 100} {
		f, err := svmCV(bd, d, r, cfg, svm.Classifier{MaxIter: cap})
		if errors.Is(err, klearn.ErrNotConverged) || f.Fits.Excluded == 0 {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if f.Fits.Excluded >= nc || f.Fits.Capped < f.Fits.Excluded || f.Fits.Fits != all {
			t.Errorf("cap %d: %+v", cap, f.Fits)
		}
		// The chosen (σ, C) has every fold fit converged at this cap: refit
		// its folds with the same cap and check.
		one := cfg
		one.SVMSigmas, one.SVMCs = 1, []float64{f.C}
		g, err := svmCV(bd, d, [2]float64{f.Sigma, f.Sigma}, one, svm.Classifier{MaxIter: cap})
		if err != nil || g.Fits.Excluded != 0 {
			t.Errorf("cap %d: the chosen σ = %g, C = %g has a capped fold fit: %+v %v", cap, f.Sigma, f.C, g.Fits, err)
		}
		t.Logf("cap %d: %+v, σ = %g, C = %g (defaults: σ = %g, C = %g)", cap, f.Fits, f.Sigma, f.C, def.Sigma, def.C)
		return
	}
	t.Error("no cap of 3–100 iterations stops some but not all (σ, C)")
}
