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

// se2 is two standard errors of an error rate p (percent) on n points.
func se2(p float64, n int) float64 { return 2 * math.Sqrt(p*(100-p)/float64(n)) }

// Verdict computes the verdict table from res.
func Verdict(res *Results) *repro.Report {
	r := &repro.Report{Paper: Paper, Mode: res.Mode, Elapsed: res.Elapsed, Criteria: Criteria(), CriteriaFile: CriteriaFile}
	r.Add(res.Checks...)
	var cells []repro.Cell
	for i, set := range H1Sets {
		if i >= len(res.H1) {
			break
		}
		cells = append(cells, repro.Cell{Row: setName(set), Col: "error %", Paper: repro.V(H1Paper[i]),
			Ours: repro.Value{Mean: res.H1[i], N: 1}, Tol: Tolerance(H1Paper[i])})
	}
	r.Add(repro.Claim{ID: "H1 table", Statement: "SVM test error with uniform Dirichlet kernels at fixed frequencies (Section 3.1)",
		Reason: fmt.Sprintf("one draw of %d/%d/%d points (the paper: 500/500/1000)", res.Train, res.Val, res.Test)}.DecideCells(cells))

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
		tol := se2(math.Max(oracle, 1), res.Test)
		var near []repro.Part
		for i, m := range Methods[:2] {
			near = append(near, repro.Check(m, math.Abs(res.Errors[i]-oracle) <= tol, fmt.Sprintf("%.1f %%", res.Errors[i])))
		}
		r.Add(repro.Claim{ID: "Figure 1(b) CA, CR", Kind: repro.Experiment, Statement: "CA and CR come close to the three-frequency SVM",
			Paper: "close to 2.3 % (bar chart, no numbers)", Tolerance: fmt.Sprintf("within ±%.1f of our three-frequency SVM (%.1f %%)", tol, oracle),
			Reason: "a continuous method is farther than two standard errors from the three-frequency SVM"}.Decide(near...))
		ca := res.Errors[0]
		var worse []repro.Part
		for i, m := range Methods[2:] {
			e := res.Errors[i+2]
			worse = append(worse, repro.Check(m, e > ca+se2(math.Max(ca, 1), res.Test), fmt.Sprintf("%.1f %% (CA %.1f %%)", e, ca)))
		}
		r.Add(repro.Claim{ID: "Figure 1(b) discrete", Kind: repro.Experiment, Statement: "the methods on the fixed kernels σ ∈ {0, …, 9} are worse than CA",
			Paper: "worse (bar chart, no numbers)", Tolerance: "more than two standard errors above CA",
			Reason: "a finite-set method is within two standard errors of CA"}.Decide(worse...))
	}
	r.Add(taskClaims(res)...)
	return r
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
