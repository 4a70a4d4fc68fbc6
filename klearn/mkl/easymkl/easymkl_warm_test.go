package easymkl

import (
	"errors"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"github.com/kernelab/kernelab/klearn/opt"
)

// TestEasyMKLWarmStart fits EasyMKL along an increasing grid of λ, cold and
// with SumStart and Start taken from the previous λ's fit (the nested CV of
// Donini & Aiolli 2017, Figures 3–5): both QP solutions of the warm fit
// satisfy the KKT conditions (komdKKT, from the Gram matrices), their
// objectives are within the solver's gaps of the cold ones, the weights η
// agree to the precision the tolerance allows, and the warm fits take fewer
// pair steps in total. A bad start is refused with the solver's error.
func TestEasyMKLWarmStart(t *testing.T) {
	t.Parallel()
	X, y := testproblem.RandData(160, 6, 23)
	fam := hpk.Family{D: 6}
	Ks, err := fam.Grams(X)
	if err != nil {
		t.Fatal(err)
	}
	set := opt.Settings{Tol: 1e-9}
	var prev *Model
	var cold, warm int
	for _, lam := range []float64{0.1, 0.3, 0.5, 0.7, 0.9} {
		mc, err := Learner{Lambda: lam, Settings: set}.FitGrams(Ks, y)
		if err != nil {
			t.Fatal(err)
		}
		e := Learner{Lambda: lam, Settings: set}
		if prev != nil {
			e.SumStart, e.Start = prev.GammaSum, prev.Gamma
		}
		mw, err := e.FitGrams(Ks, y)
		if err != nil {
			t.Fatal(err)
		}
		cold += mc.SumResult.Iterations + mc.Result.Iterations
		warm += mw.SumResult.Iterations + mw.Result.Iterations
		prev = mw
		for _, p := range []struct {
			name   string
			rc, rw float64
			gc, gw float64
		}{
			{"step 1", mc.SumResult.F, mw.SumResult.F, mc.SumResult.Gap, mw.SumResult.Gap},
			{"step 3", mc.Result.F, mw.Result.F, mc.Result.Gap, mw.Result.Gap},
		} {
			if math.Abs(p.rc-p.rw) > math.Max(p.gc, p.gw)+1e-13 {
				t.Errorf("λ=%g %s: F warm %.15g cold %.15g (gaps %g, %g)", lam, p.name, p.rw, p.rc, p.gw, p.gc)
			}
		}
		Ksum, _ := mkl.CombineSource(onesLike(len(Ks)), mkl.GramList(Ks))
		if viol, feas := komdKKT(Ksum, y, mw.GammaSum, lam); viol > 1e-6 || feas > 1e-12 {
			t.Errorf("λ=%g step 1: KKT violation %g, infeasibility %g", lam, viol, feas)
		}
		Keta, _ := mw.Combine(Ks)
		if viol, feas := komdKKT(Keta, y, mw.Gamma, lam); viol > 1e-6 || feas > 1e-12 {
			t.Errorf("λ=%g step 3: KKT violation %g, infeasibility %g", lam, viol, feas)
		}
		for s, w := range mw.Weights() {
			if d := math.Abs(w - mc.Weights()[s]); d > 1e-4 {
				t.Errorf("λ=%g: η[%d] warm %g cold %g", lam, s, w, mc.Weights()[s])
			}
		}
	}
	t.Logf("pair steps along the grid: %d cold, %d warm", cold, warm)
	if warm >= cold {
		t.Errorf("warm fits took %d pair steps, cold %d", warm, cold)
	}
	bad := make([]float64, len(y))
	if _, err := (Learner{Lambda: 0.5, SumStart: bad}).FitGrams(Ks, y); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("zero SumStart: err = %v, want ErrParam", err)
	}
	if _, err := (Learner{Lambda: 0.5, Start: bad[1:]}).FitGrams(Ks, y); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("short Start: err = %v, want ErrShape", err)
	}
}

func onesLike(n int) []float64 {
	w := make([]float64, n)
	for i := range w {
		w[i] = 1
	}
	return w
}

// KOMD.Start: along a λ grid, each fit started from the previous γ reaches
// the cold fit's optimum (objectives within the duality gaps, KKT) in no
// more pair steps overall; a bad start is a wrapped error and is not
// modified.
func TestKOMDStart(t *testing.T) {
	X, y := testproblem.RandData(150, 5, 31)
	Ks, err := hpk.Family{D: 2}.Grams(X)
	if err != nil {
		t.Fatal(err)
	}
	K := Ks[1]
	set := opt.Settings{Tol: 1e-9}
	var prev []float64
	var cold, warm int
	for _, lam := range []float64{0.1, 0.3, 0.5, 0.7} {
		mc, err := KOMD{Lambda: lam, Settings: set}.FitGram(K, y)
		if err != nil {
			t.Fatal(err)
		}
		mw, err := KOMD{Lambda: lam, Settings: set, Start: prev}.FitGram(K, y)
		if err != nil {
			t.Fatal(err)
		}
		cold += mc.Result.Iterations
		warm += mw.Result.Iterations
		if d := math.Abs(mc.Result.F - mw.Result.F); d > math.Max(mc.Result.Gap, mw.Result.Gap)+1e-13 {
			t.Errorf("λ=%g: F warm %.15g cold %.15g", lam, mw.Result.F, mc.Result.F)
		}
		if viol, feas := komdKKT(K, y, mw.Gamma, lam); viol > 1e-6 || feas > 1e-12 {
			t.Errorf("λ=%g: KKT violation %g, infeasibility %g", lam, viol, feas)
		}
		if d := math.Abs(mc.Bias - mw.Bias); d > 1e-5 {
			t.Errorf("λ=%g: bias warm %g cold %g", lam, mw.Bias, mc.Bias)
		}
		prev = mw.Gamma
	}
	if warm > cold {
		t.Errorf("warm starts took %d pair steps, cold %d", warm, cold)
	}
	bad := make([]float64, len(y))
	bad[0] = math.NaN()
	if _, err := (KOMD{Lambda: 0.5, Start: bad}).FitGram(K, y); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("NaN start: %v, want ErrNotFinite", err)
	}
	if !math.IsNaN(bad[0]) {
		t.Error("the start was modified")
	}
	if _, err := (KOMD{Lambda: 0.5, Start: []float64{1}}).FitGram(K, y); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("short start: %v, want ErrShape", err)
	}
}
