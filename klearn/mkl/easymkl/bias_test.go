package easymkl

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"github.com/kernelab/kernelab/klearn/opt"
)

// TestSolvedBias: the bias from the solver's multipliers equals
// b = ½ γᵀK(Yγ) computed by the O(n²) product (komdBias) at every λ of
// the grid, with and without MKLpy's ridge scaling (the QP's own λ), and
// the closed form λ = 1 falls back to the product; with a wrong λ (the
// mutated input) the two disagree.
func TestSolvedBias(t *testing.T) {
	X, y := testproblem.RandData(130, 4, 9)
	K1, err := hpk.CosineGram(X)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := hpk.WeightsSum(3)
	fam, err := hpk.Family{D: 3}.Source(K1)
	if err != nil {
		t.Fatal(err)
	}
	K, err := mkl.CombineSource(w, fam)
	if err != nil {
		t.Fatal(err)
	}
	for _, ridge := range []bool{false, true} {
		ms, err := KOMD{Settings: opt.Settings{Tol: 1e-9}, MKLpyRidge: ridge}.FitGramPath(K, y, pathGrid)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			want := komdBias(K, m.Gamma, signed(m.Gamma, y))
			if math.Abs(m.Bias-want) > 1e-12*(1+math.Abs(want)) {
				t.Fatalf("ridge=%v λ=%g: bias %.17g, product %.17g", ridge, m.Lambda, m.Bias, want)
			}
			if m.Lambda < 1 {
				if bad := solvedBias(K, m.Result, m.Lambda/2, y); math.Abs(bad-want) < 1e-6 {
					t.Fatalf("λ=%g: a wrong λ gives the bias %g too", m.Lambda, bad)
				}
			}
		}
	}
	// EasyMKL's step 3: the bias on K_η.
	Ks, err := hpk.Family{D: 3}.Grams(X)
	if err != nil {
		t.Fatal(err)
	}
	es, err := Learner{Settings: opt.Settings{Tol: 1e-9}}.FitSourcePath(mkl.GramList(Ks), y, pathGrid)
	if err != nil {
		t.Fatal(err)
	}
	for k, m := range es {
		kEta, err := m.Combine(Ks)
		if err != nil {
			t.Fatal(err)
		}
		want := komdBias(kEta, m.Gamma, signed(m.Gamma, y))
		if math.Abs(m.Bias-want) > 1e-12*(1+math.Abs(want)) {
			t.Fatalf("EasyMKL λ=%g: bias %.17g, product %.17g", pathGrid[k], m.Bias, want)
		}
	}
}
