package afkanpour2013

import (
	"fmt"
	"math"
	"strings"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/afkanpour2013/protocol"
	"github.com/kernelab/kernelab/viz"
)

// setName is the H1 row label: {√2, √12}.
func setName(set []int) string {
	names := []string{"√2", "√12", "√60"}
	var p []string
	for _, i := range set {
		p = append(p, names[i])
	}
	return "{" + strings.Join(p, ", ") + "}"
}

// seBand is SEs standard errors of an error rate p (percent, floored at
// SEFloor) on n points.
func seBand(p float64, n int) float64 {
	p = math.Max(p, SEFloor)
	return SEs * math.Sqrt(p*(100-p)/float64(n))
}

// Verdict computes the verdict table from res.
func Verdict(res *Results) *repro.Report {
	r := &repro.Report{Paper: Paper, Mode: res.Mode, Elapsed: res.Elapsed, Criteria: Criteria(), CriteriaFile: CriteriaFile}
	r.Add(res.Checks...)
	r.Add(h1Claim(res))

	// Figure 1(c): the frequencies CA finds.
	var found []repro.Part
	for _, f := range protocol.Frequencies {
		best := math.Inf(1)
		for _, a := range res.CA {
			best = math.Min(best, math.Abs(a.Sigma-f))
		}
		found = append(found, repro.Check(fmt.Sprintf("%.3f", f), best <= FrequencyTol, fmt.Sprintf("nearest learned frequency %.3f away", best)))
	}
	var atoms []string
	for i, a := range res.CA {
		if i == 3 {
			atoms = append(atoms, fmt.Sprintf("%d more", len(res.CA)-3))
			break
		}
		atoms = append(atoms, fmt.Sprintf("%.3f (w %.2f)", a.Sigma, a.Weight))
	}
	fc := repro.Claim{ID: "Figure 1(c)", Kind: repro.Experiment, Statement: "CA's learned frequencies are close to √2, √12 and √60",
		Paper: "close to √2 ≈ 1.414, √12 ≈ 3.464, √60 ≈ 7.746 (stem plot, no numbers)", Tolerance: fmt.Sprintf("within %g", FrequencyTol),
		Reason: "a target frequency has no learned frequency near it"}.Decide(found...)
	fc.Ours += "; learned: " + strings.Join(atoms, ", ")
	r.Add(fc)

	if len(res.Errors) == len(Methods) && len(res.H1) == len(H1Sets) {
		oracle := res.H1[len(res.H1)-1]
		r.Add(closeClaim([][]float64{{res.Errors[0]}, {res.Errors[1]}}, []float64{oracle}))
		ca := res.Errors[0]
		var worse []repro.Part
		for i, m := range Methods[2:] {
			e := res.Errors[i+2]
			worse = append(worse, repro.Check(m, e > ca+seBand(ca, res.Test), fmt.Sprintf("%.1f %% (CA %.1f %%)", e, ca)))
		}
		r.Add(repro.Claim{ID: "Figure 1(b) discrete", Kind: repro.Experiment, Statement: "the methods on the fixed kernels σ ∈ {0, …, 9} are worse than CA",
			Paper: "worse (bar chart, no numbers)", Tolerance: fmt.Sprintf("more than %d standard errors above CA, on one draw (a protocol limit)", SEs),
			Reason: fmt.Sprintf("a finite-set method is within %d standard errors of CA", SEs)}.Decide(worse...))
	}
	r.Add(taskClaims(res)...)
	if res.Mode == "quick" {
		sineSubsets(r, res)
	}
	return r
}

// h1Claim is the H1 table by the shared cell rule: each error rate, ours
// on res.Test points and the paper's on PaperTest, is a proportion
// (errorValue), so Welch's test is the two-sample test of proportions;
// δ is the cell's adjacent gap in the paper's row (repro.AdjacentGap). A
// cell is within only when the test could have seen δ.
func h1Claim(res *Results) repro.Claim {
	gap := repro.AdjacentGap(H1Paper)
	var cells []repro.Cell
	for i, set := range H1Sets {
		if i >= len(res.H1) {
			break
		}
		cells = append(cells, repro.Cell{Row: setName(set), Col: "error %", Paper: errorValue(H1Paper[i], PaperTest),
			Ours: errorValue(res.H1[i], res.Test), Delta: gap[i]})
	}
	return repro.Claim{ID: "H1 table", Statement: "SVM test error with uniform Dirichlet kernels at fixed frequencies (Section 3.1)",
		Reason: fmt.Sprintf("one draw of %d/%d/%d points (the paper: 500/500/1000); a cell is undecided when two test sets cannot detect its adjacent gap", res.Train, res.Val, res.Test)}.DecideCells(cells)
}

// closeClaim is Figure 1(b)'s "CA and CR come close to the three-frequency
// SVM": for CA and CR (errs[0], errs[1]: test errors in percent, one per
// independent draw of the sine problem), the equivalence test of its errors
// against the three-frequency SVM's (oracle, paired by draw) within
// ±CloseMargin points (repro.Equal at the criterion's level). Fewer than two
// draws give no test: undecided, whatever the numbers.
func closeClaim(errs [][]float64, oracle []float64) repro.Claim {
	crit := criterion("figure1-close")
	var parts []repro.Part
	for i, m := range Methods[:2] {
		detail := fmt.Sprintf("%.1f %% against %.1f %%", errs[i][0], oracle[0])
		if len(oracle) < 2 {
			parts = append(parts, repro.Part{Name: m, Outcome: repro.Undecided,
				Detail: detail + " on one draw: no equivalence test (it needs independent draws)"})
			continue
		}
		p, err := repro.Equal(m, errs[i], oracle, crit.Margin, crit.Level())
		if err != nil {
			p = repro.Part{Name: m, Outcome: repro.Undecided, Detail: "no test: " + err.Error()}
		}
		parts = append(parts, p)
	}
	return repro.Claim{ID: "Figure 1(b) CA, CR", Kind: repro.Experiment, Statement: "CA and CR come close to the three-frequency SVM",
		Paper: "close to 2.3 % (bar chart, no numbers)", Tolerance: fmt.Sprintf("TOST within ±%g points of our three-frequency SVM, over %d draws", crit.Margin, len(oracle)),
		Reason: "not shown: one draw gives no equivalence test (a protocol limit, to be lifted by independent draws)"}.Decide(parts...)
}

// sineSubsets marks, in a quick report, the rows of the sine problem as
// decided on a smaller draw than the paper's.
func sineSubsets(r *repro.Report, res *Results) {
	p := protocol.PaperProtocol()
	at := fmt.Sprintf("at %d/%d/%d points (the paper: %d/%d/%d)", res.Train, res.Val, res.Test, p.Train, p.Val, p.Test)
	n := map[string]repro.Subset{
		"H1 table":             {N: len(res.H1), M: len(H1Sets), Of: "cells, " + at},
		"Figure 1(c)":          {N: 1, M: 1, Of: "draw, " + at},
		"Figure 1(b) CA, CR":   {N: 1, M: 1, Of: "draw, " + at},
		"Figure 1(b) discrete": {N: 1, M: 1, Of: "draw, " + at},
	}
	for i := range r.Claims {
		if sub, ok := n[r.Claims[i].ID]; ok && r.Claims[i].Outcome != repro.NotRun {
			r.Claims[i].Quick = sub
		}
	}
}

// Figure1Chart draws Figure 1(b) and (c) as two panels: the test error of
// each method beside our three-frequency SVM (the oracle of the H1 table),
// and the weights of the frequencies CA learns (the target's √2, √12 and
// √60 are 1.414, 3.464 and 7.746).
func Figure1Chart(res *Results) (*viz.Grid, error) {
	if res == nil || len(res.Errors) != len(Methods) || len(res.H1) != len(H1Sets) || len(res.CA) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "afkanpour2013: Figure 1 was not run")
	}
	cats := append(append([]string(nil), Methods...), "3-freq. SVM")
	vals := append(append([]float64(nil), res.Errors...), res.H1[len(res.H1)-1])
	bar := &viz.Bar{Title: "(b) test error", YLabel: "misclassification %", Categories: cats,
		Groups: []viz.BarGroup{{Name: "ours", Values: vals}}}
	var xs, ws []float64
	for _, a := range res.CA {
		xs, ws = append(xs, a.Sigma), append(ws, a.Weight)
	}
	stem := &viz.Stem{Title: "(c) frequencies found by CA", XLabel: "σ (frequency)", YLabel: "weight", X: xs, Y: ws}
	return &viz.Grid{Title: "Figure 1: sine-frequency problem, Dirichlet kernels", Panels: []viz.Chart{bar, stem}, Cols: 2}, nil
}
