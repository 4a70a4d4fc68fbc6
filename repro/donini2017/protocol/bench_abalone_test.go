package protocol

import (
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/modelsel"
)

// abaloneInner prepares outer fold 0 of the nested CV of Figures 3–5 on
// all 4 177 rows of Abalone as cvFold does in Full mode (Unit with the
// outer training statistics, the cosine matrix, inner stratified folds),
// and returns the outer training part's cosine matrix K1tr, its labels,
// the first inner split and, for D, the outer training parts of K_D and
// K_sum (the kernels nested() hands to komdFolds).
func abaloneInner(tb testing.TB, D int) (cfg Config, K1tr, KDtr, KStr *mat.SymDense, ytr []float64, in modelsel.Split) {
	tb.Helper()
	cfg = Full()
	X, y, outer, err := cvOuter("Abalone", cfg)
	if err != nil {
		tb.Skipf("Abalone not available: %v", err)
	}
	sp := outer[0]
	Z, err := Unit(X, sp.Train, cfg.Prep)
	if err != nil {
		tb.Fatal(err)
	}
	K1, err := hpk.CosineGram(Z)
	if err != nil {
		tb.Fatal(err)
	}
	if ytr, err = klearn.Take(y, sp.Train); err != nil {
		tb.Fatal(err)
	}
	inner, err := modelsel.StratifiedKFold(ytr, cfg.Inner, cfg.Seed+1)
	if err != nil {
		tb.Fatal(err)
	}
	if K1tr, err = kernel.SubGram(K1, sp.Train); err != nil {
		tb.Fatal(err)
	}
	fam, err := hpk.Family{D: D}.Source(K1tr)
	if err != nil {
		tb.Fatal(err)
	}
	combine := func(w []float64, err error) *mat.SymDense {
		if err != nil {
			tb.Fatal(err)
		}
		K, err := mkl.CombineSource(w, fam)
		if err != nil {
			tb.Fatal(err)
		}
		return K
	}
	KDtr, KStr = combine(hpk.WeightsSingle(D)), combine(hpk.WeightsSum(D))
	return cfg, K1tr, KDtr, KStr, ytr, inner[0]
}

// BenchmarkAbaloneInnerFold times one inner fold of the nested CV of
// Figures 3–5 (Donini & Aiolli 2017, Section 5.1) on Abalone in Full mode:
// 4 177 rows, outer fold 0, inner fold 0 of 10 (about 3 380 training
// rows), the whole v grid (PaperVGrid), D = 10, QPTol 1e-6. "easy" is
// easyFolds (EasyMKL on K_D's HPK family, two QPs per v), "komd_D" and
// "komd_sum" are komdFolds on K_D and K_sum; "all" is the three, one inner
// fold's share of cvFold's work at one D. The kernels are sliced outside
// the timer (the fold functions slice the inner split themselves, which
// is timed, as in the protocol).
func BenchmarkAbaloneInnerFold(b *testing.B) {
	const D = 10
	cfg, K1tr, KD, KS, ytr, in := abaloneInner(b, D)
	set := cfg.qpSettings()
	folds := map[string]foldFunc{
		"easy":     easyFolds(K1tr, D, ytr, set),
		"komd_D":   komdFolds(KD, ytr, set),
		"komd_sum": komdFolds(KS, ytr, set),
	}
	for _, name := range []string{"easy", "komd_D", "komd_sum", "all"} {
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for _, f := range []string{"easy", "komd_D", "komd_sum"} {
					if name != "all" && f != name {
						continue
					}
					if _, err := folds[f](in.Train, in.Test, cfg.VGrid); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
