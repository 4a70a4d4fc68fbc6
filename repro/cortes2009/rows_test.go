package cortes2009

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/cortes2009/protocol"
	"github.com/kernelab/kernelab/repro/reprotest"
)

// shifted returns xs + d (a new slice).
func shifted(xs []float64, d float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = x + d
	}
	return out
}

// TestRevisedRowsFailOnMutatedInput: the rows whose criteria changed on
// 2026-11-29 hold on numbers like the full run's and fail on each
// mutation that breaks the paper's sentence.
func TestRevisedRowsFailOnMutatedInput(t *testing.T) {
	// Figure 1 at the full run's shares (near 0 saturated at 1).
	fig1 := []protocol.Concavity{{Lambda: 1, Share: 0.09, Near0: 0.92}, {Lambda: 10, Share: 0.57, Near0: 1}, {Lambda: 100, Share: 1, Near0: 1}}
	base := []float64{0.95, 0.97, 0.94, 0.96, 0.95}
	clear := shifted(base, -0.05) // an improvement of 0.05 > δ ≈ 0.0286
	clear[0] += 0.004
	small := shifted(base, -0.008) // significant, but below δ
	small[1] += 0.001
	fig2 := func(l2 []float64) repro.Claim {
		return Figure2Claim(&Figure2Result{Bigrams: []int{3000}, Methods: []string{"quad. base", "quad. ℓ2"}, Scores: [][][]float64{{base, l2}}}, "full")
	}
	fig3 := func(d4 []float64, d3 []float64) repro.Claim {
		f := &Figure3Result{Data: "kin32fm", Factors: []int{20}, Uniform: make([][][]float64, 4), Learned: make([][][]float64, 4)}
		for d := range 4 {
			f.Uniform[d], f.Learned[d] = [][]float64{base}, [][]float64{shifted(base, 1e-4*float64(d%2))}
		}
		f.Learned[2], f.Learned[3] = [][]float64{d3}, [][]float64{d4}
		return Figure3Claims([]*Figure3Result{f}, "full")[map[bool]int{true: 1, false: 0}[d3 == nil]]
	}
	reprotest.Check(t, []reprotest.Mutation{
		{Name: "Figure 1: no concave point near 0 at λ = 100", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return Figure1Claim(reprotest.Edited(m, fig1, func(f *[]protocol.Concavity) {
				*f = append([]protocol.Concavity(nil), *f...)
				(*f)[2].Near0 = 0
			}))
		}},
		{Name: "Figure 1: the share of the square shrinks with λ", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return Figure1Claim(reprotest.Edited(m, fig1, func(f *[]protocol.Concavity) {
				*f = append([]protocol.Concavity(nil), *f...)
				(*f)[0].Share, (*f)[2].Share = 1, 0.09
			}))
		}},
		{Name: "Figure 2: an improvement significant but below δ", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			return fig2(reprotest.Pick(m, clear, small))
		}},
		{Name: "Figure 3 (d = 4): a difference of 1e-7", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			return fig3(reprotest.Pick(m, clear, shifted(base, -2.45e-7)), nil)
		}},
		{Name: "Figure 3 (d ≤ 3): degree 3 far off the uniform curve", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return fig3(clear, reprotest.Pick(m, shifted(base, 1e-4), clear))
		}},
	})
	if c := fig2(small); !strings.Contains(c.Parts[0].Detail, "significant (p = ") || !strings.Contains(c.Parts[0].Detail, "but below δ") {
		t.Errorf("Figure 2 below δ reads %q", c.Parts[0].Detail)
	}
	if c := fig3(clear, shifted(base, 1e-4)); len(c.Parts) != 3 || !strings.Contains(c.Parts[2].Name, "d = 3") {
		t.Errorf("Figure 3 (d ≤ 3) parts %+v, want d = 1, 2, 3", c.Parts)
	}
	// Undecided: an improvement near δ with a wide spread.
	wide := []float64{base[0] - 0.1, base[1] + 0.05, base[2] - 0.06, base[3] + 0.02, base[4] - 0.03}
	if p, err := repro.ClearlyBetter("x", wide, base, 0.03, repro.Alpha); err != nil || p.Outcome != repro.Undecided {
		t.Errorf("ClearlyBetter on a wide spread: %v %v", p, err)
	}
	for _, bad := range []struct{ delta, alpha float64 }{{0, 0.05}, {0.03, 0.5}} {
		if _, err := repro.ClearlyBetter("x", clear, base, bad.delta, bad.alpha); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("repro.ClearlyBetter(δ %g, α %g): %v, want ErrParam", bad.delta, bad.alpha, err)
		}
	}
	if _, err := repro.ClearlyBetter("x", clear[:2], base, 0.03, 0.05); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("ClearlyBetter on unequal lengths: %v, want ErrShape", err)
	}
}

// TestRowsNameReductionsAndDegradation: rows run on fewer splits or folds
// than the paper's say so from the run's numbers; the no-degradation row
// names a significant degradation within the margin; the steps row shows
// the split by λ; the negative-coefficient row is a post-hoc diagnostic.
func TestRowsNameReductionsAndDegradation(t *testing.T) {
	res := synthetic(0)
	res.Mode, res.Folds = "full", 5
	byID := map[string]repro.Claim{}
	for _, c := range Verdict(res).Claims {
		byID[c.ID] = c
	}
	for _, id := range []string{"Table 1", "Sec. 4.1 claim", "Sec. 4.1 steps"} {
		if want := "; reduced: 5 of the paper's 30 splits, 5-fold CV (paper: 10-fold)"; !strings.HasSuffix(byID[id].Statement, want) {
			t.Errorf("%s: statement %q, want it to end %q", id, byID[id].Statement, want)
		}
	}
	if d := byID["Sec. 4.1 steps"].Parts[0].Detail; !strings.Contains(d, "λ ≤ 1: median 10 of 80; λ > 1: median 12 of 80") {
		t.Errorf("steps detail %q", d)
	}
	// The paper's protocol: nothing reduced.
	for i := range res.Table1 {
		for j := range res.Table1[i].Scores {
			res.Table1[i].Scores[j] = append(res.Table1[i].Scores[j], make([]float64, 25)...)
			copy(res.Table1[i].Scores[j][5:], tight(res.Table1[i].Scores[j][0])[:25])
		}
	}
	res.Folds = 10
	if s := NoDegradeClaim(res).Statement; strings.Contains(s, "reduced") {
		t.Errorf("the paper's protocol reads %q", s)
	}
	// ℓ2 the base shifted by −0.001 ± 0.002 on every row; on Breast worse
	// by 0.0088 ± 0.003: significant, and not shown within the margin.
	res = synthetic(0)
	for i := range res.Table1 {
		for s := range res.Table1[i].Scores[5] {
			res.Table1[i].Scores[5][s] = res.Table1[i].Scores[3][s] - 0.001 + 0.002*float64(s%2)
		}
	}
	if c := NoDegradeClaim(res); strings.Contains(c.Reason, "significantly worse") || c.Outcome != repro.Reproduced {
		t.Errorf("no degradation: %v, %q", c.Outcome, c.Reason)
	}
	for i, row := range res.Table1 {
		if row.Data.Paper == "Breast" {
			for s := range row.Scores[5] {
				res.Table1[i].Scores[5][s] = row.Scores[3][s] + 0.0088 + 0.003*float64(s%2)
			}
		}
	}
	c := NoDegradeClaim(res)
	if !slices.ContainsFunc(c.Parts, func(p repro.Part) bool { return p.Name == "Breast" }) {
		t.Errorf("no Breast part in %+v", c.Parts)
	}
	for _, p := range c.Parts {
		if p.Name == "Breast" && (p.Outcome != repro.Undecided || !strings.Contains(p.Detail, "a significant degradation")) {
			t.Errorf("a significant degradation near the margin: %v %q", p.Outcome, p.Detail)
		}
	}
	if !strings.Contains(c.Reason, "significantly worse than quad. base on Breast") {
		t.Errorf("reason %q", c.Reason)
	}
	// Section 2's negative coefficient is ours, not the paper's.
	pr, err := SmallProblem(5)
	if err != nil {
		t.Fatal(err)
	}
	neg, err := NegativeCoefficient(pr)
	if err != nil {
		t.Fatal(err)
	}
	if cr, ok := Criteria.For(neg.ID); neg.Kind != repro.Diagnostic || !neg.PostHoc || !ok || !cr.PostHoc {
		t.Errorf("negative coefficient: kind %s, post hoc %v, criterion %+v", neg.Kind, neg.PostHoc, cr)
	}
	// It is a counterexample the paper states, checked after the results:
	// it concerns no miss, and its label says so.
	if l := neg.Label(); neg.Concerns != "" || l != "post hoc, added after the results: holds" {
		t.Errorf("negative coefficient: concerns %q, label %q", neg.Concerns, l)
	}
	// Every criterion changed after its results says so in Changed, not in
	// its reason.
	for _, cr := range Criteria {
		if strings.Contains(cr.Reason, "changed on") {
			t.Errorf("%s: a change in its reason: %q", cr.ID, cr.Reason)
		}
	}
}
