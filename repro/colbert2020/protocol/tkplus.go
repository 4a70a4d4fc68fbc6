package protocol

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/opt"
)

// TKPlusProbe is one split of [SimpleMKL TK+] taken apart: the column run
// with the standard list scaled by Std and the TK kernels by TK, and each
// family alone at the C the column chose.
type TKPlusProbe struct {
	Std, TK Scale
	// C is the C of the combined column (k-fold CV, as RunMethod).
	C float64
	// Acc is the combined column's test accuracy (%); WStd and WTK its
	// weights on the two families (WStd + WTK = 1); J its objective J(d),
	// Gap its relative duality gap, Iter its descent steps and Status why
	// it stopped.
	Acc, WStd, WTK, J, Gap float64
	Iter                   int
	Status                 opt.Status
	// JStd and JTK are the optima of each family alone at C, AccStd and
	// AccTK their test accuracies (%). Each is J(d) of the combined
	// problem at a d that is 0 on the other family, so the combined optimum
	// is at most min(JStd, JTK) (Certified).
	JStd, JTK, AccStd, AccTK float64
	// TKColumn is the test accuracy (%) of [SimpleMKL TK] on the TK
	// kernels at scale TK, with its own C by CV (RunMethod's column).
	TKColumn float64
}

// Certified says whether the combined fit is no worse than the better
// family alone, as a correct SimpleMKL must be: its duality-gap lower bound
// J(1 − Gap) on the optimum J* lies below min(JStd, JTK), with a relative
// slack rel for the inner SVM solves.
func (p TKPlusProbe) Certified(rel float64) bool {
	return p.J*(1-p.Gap) <= min(p.JStd, p.JTK)*(1+rel)
}

// String prints the probe on one line.
func (p TKPlusProbe) String() string {
	return fmt.Sprintf("std %v, TK %v: C = %g, acc %.2f %%, weights std %.3f TK %.3f, J %.5g (gap %.3g, %d steps, %v); alone at C: J std %.5g (%.2f %%), J TK %.5g (%.2f %%); [SimpleMKL TK] %.2f %%",
		p.Std, p.TK, p.C, p.Acc, p.WStd, p.WTK, p.J, p.Gap, p.Iter, p.Status, p.JStd, p.AccStd, p.JTK, p.AccTK, p.TKColumn)
}

// ProbeTKPlus runs [SimpleMKL TK+] on split s (rows sp) of data set ds
// with the standard list scaled by std and the TK kernels by tkScale, its
// C chosen by k-fold CV as in RunMethod, and fits each family alone at
// that C: the weights by family, the objectives and the test accuracies
// of the three fits, and the test accuracy of the [SimpleMKL TK] column
// on the TK kernels at tkScale.
func ProbeTKPlus(data *Data, s int, sp modelsel.Split, cfg Config, std, tkScale Scale) (TKPlusProbe, error) {
	p := TKPlusProbe{Std: std, TK: tkScale}
	Xtr, Xte, ytr, yte, err := cut(data, sp)
	if err != nil {
		return p, err
	}
	seed := cfg.Seed + 1000*uint64(s+1) // RunMethod's seed of split s
	var sl, tl gramLibrary
	if err := standardLibrary(Xtr, Xte, std, &sl); err != nil {
		return p, err
	}
	if err := tkLibrary(Xtr, Xte, cfg.L, seed, tkScale, &tl); err != nil {
		return p, err
	}
	both := gramLibrary{K: append(append([]*mat.SymDense(nil), sl.K...), tl.K...), Kte: append(append([]*mat.Dense(nil), sl.Kte...), tl.Kte...)}
	if p.C, _, err = simpleMKLSelect(both.K, ytr, cfg, seed); err != nil {
		return p, err
	}
	fit := func(lib *gramLibrary) (float64, float64, []float64, error) {
		m, err := simpleMKLLearner(p.C, nil, cfg).FitGrams(lib.K, ytr)
		if err != nil {
			return 0, 0, nil, err
		}
		pred, err := m.PredictGrams(lib.Kte)
		if err != nil {
			return 0, 0, nil, err
		}
		if lib == &both {
			p.Gap, p.Iter, p.Status = m.Gap, m.Iterations, m.Status
		}
		return m.Objective, Accuracy(yte, pred), m.Weights(), nil
	}
	var w []float64
	if p.J, p.Acc, w, err = fit(&both); err != nil {
		return p, err
	}
	for i, v := range w {
		if i < len(sl.K) {
			p.WStd += v
		} else {
			p.WTK += v
		}
	}
	if p.JStd, p.AccStd, _, err = fit(&sl); err != nil {
		return p, err
	}
	if p.JTK, p.AccTK, _, err = fit(&tl); err != nil {
		return p, err
	}
	col, err := simpleMKL(&tl, ytr, yte, cfg, seed)
	p.TKColumn = col.Acc
	return p, err
}
