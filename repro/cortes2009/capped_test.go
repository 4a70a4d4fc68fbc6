package cortes2009

import (
	"strings"
	"testing"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/cortes2009/protocol"
)

var (
	converged = protocol.Fit{Steps: 12, Converged: true}
	atCap     = protocol.Fit{Steps: 60}
)

// TestFigure3CountsCappedFits: a Figure 3 cell whose ℓ2-learned fits
// scored include one stopped at Algorithm 1's cap is undecided, and the
// row counts it; capped CV fits (excluded from the choice by Select) are
// counted in the cell's detail and the row, the cell decided as before.
func TestFigure3CountsCappedFits(t *testing.T) {
	better := []float64{0.90, 0.91, 0.89, 0.92}
	base := []float64{0.95, 0.97, 0.94, 0.96}
	noisy := []float64{0.95, 0.96, 0.94, 0.97}
	f3 := &Figure3Result{Data: "kin32fm", Factors: []int{5, 20}, Uniform: make([][][]float64, 4), Learned: make([][][]float64, 4),
		CV: make([][][]protocol.Fits, 4), Final: make([][][]protocol.Fit, 4)}
	ok4 := []protocol.Fit{converged, converged, converged, converged}
	for d := range 4 {
		f3.Uniform[d] = [][]float64{base, base}
		f3.Learned[d] = [][]float64{noisy, noisy}
		f3.CV[d] = [][]protocol.Fits{{{N: 121}}, {{N: 121}}}
		f3.Final[d] = [][]protocol.Fit{ok4, ok4}
	}
	f3.Learned[3][1] = better
	cs := Figure3Claims([]*Figure3Result{f3}, "full")
	if cs[0].Outcome != repro.Reproduced || cs[1].Outcome != repro.Reproduced || strings.Contains(cs[0].Ours+cs[1].Ours, "step cap") {
		t.Fatalf("no fit capped: %v %q, %v %q; want both reproduced, nothing flagged", cs[0].Outcome, cs[0].Ours, cs[1].Outcome, cs[1].Ours)
	}
	// d = 1, factor 5: 3 of 121 CV fits capped, the fits scored converged.
	f3.CV[0][0] = []protocol.Fits{{N: 121, Capped: 3}}
	// d = 4, factor 20: one of the four fits scored capped.
	f3.Final[3][1] = []protocol.Fit{converged, atCap, converged, converged}
	cs = Figure3Claims([]*Figure3Result{f3}, "full")
	low, high := cs[0], cs[1]
	if low.Outcome != repro.Reproduced || !strings.Contains(low.Parts[0].Detail, "CV: 3 of 121 fits at Algorithm 1's step cap") ||
		!strings.Contains(low.Ours, "3 of 726 CV fits, excluded from the choice; 0 of 24 scored fits") {
		t.Errorf("low degrees: %v %q, part %q; want reproduced, 3 of 726 CV fits counted", low.Outcome, low.Ours, low.Parts[0].Detail)
	}
	if high.Outcome != repro.Undecided || high.Parts[0].Outcome != repro.Undecided ||
		!strings.Contains(high.Parts[0].Detail, "1 of 4 scored fits stopped at Algorithm 1's step cap: undecided (the test found: reproduced)") ||
		!strings.Contains(high.Ours, "1 of 4 scored fits, their parts undecided") {
		t.Errorf("d = 4: %v %q, part %+v; want the capped cell undecided and counted", high.Outcome, high.Ours, high.Parts[0])
	}
}

// TestFigure2CountsCappedFits: a Figure 2 part whose learned fits scored
// include a capped one is undecided; the row counts the capped CV and
// scored fits.
func TestFigure2CountsCappedFits(t *testing.T) {
	better := []float64{0.90, 0.91, 0.89, 0.92}
	base := []float64{0.95, 0.97, 0.94, 0.96}
	ok4 := []protocol.Fit{converged, converged, converged, converged}
	uniform := []protocol.Fit{{Converged: true}, {Converged: true}, {Converged: true}, {Converged: true}}
	f2 := &Figure2Result{Bigrams: []int{100}, Methods: []string{"quad. base", "quad. ℓ1", "quad. ℓ2"},
		Scores:  [][][]float64{{base, better, better}},
		Choices: [][]protocol.Choice{{{}, {CV: protocol.Fits{N: 45, Capped: 2}}, {CV: protocol.Fits{N: 45}}}},
		Final:   [][][]protocol.Fit{{uniform, ok4, {atCap, converged, converged, converged}}}}
	c := Figure2Claim(f2, "full")
	if c.Outcome != repro.Partly && c.Outcome != repro.Undecided {
		t.Fatalf("Figure 2: %v", c.Outcome)
	}
	if c.Parts[0].Outcome != repro.Reproduced || !strings.Contains(c.Parts[0].Detail, "CV: 2 of 45 fits") {
		t.Errorf("ℓ1 (CV fits capped, excluded; scored fits converged): %+v, want held, counted", c.Parts[0])
	}
	if c.Parts[1].Outcome != repro.Undecided || c.Outcome != repro.Undecided ||
		!strings.Contains(c.Ours, "2 of 90 CV fits, excluded from the choice; 1 of 8 scored fits, their parts undecided") {
		t.Errorf("ℓ2 with a capped fit scored: part %+v, row %v %q; want undecided, counted", c.Parts[1], c.Outcome, c.Ours)
	}
}

// TestTable1RowsCountCappedFits: Table 1 and its "+1" variant count their
// capped CV and scored fits; a cell whose scored fits include a capped one
// is undecided (repro.Cell.Uncertified), the others decided as before
// (Welch's rule); the Sec. 4.1 claim's part whose quad. ℓ2 fits scored
// include a capped one is undecided.
func TestTable1RowsCountCappedFits(t *testing.T) {
	res := synthetic(0)
	before := Verdict(res)
	for i := range res.Table1 {
		row := &res.Table1[i]
		row.Final = make([][]protocol.Fit, len(row.Scores))
		for j := range row.Scores {
			for s := range row.Scores[j] {
				row.Final[j] = append(row.Final[j], converged)
				row.Choices[j][s].CV = protocol.Fits{N: 10}
			}
		}
	}
	res.Table1[2].Choices[5][0].CV = protocol.Fits{N: 10, Capped: 4} // Sonar quad. ℓ2
	res.Table1[2].Final[5][1] = atCap
	res.Table1[2].Choices[7][0].CV = protocol.Fits{N: 10, Capped: 1} // Sonar quad. ℓ2 (+1)
	res.Table1[2].Final[7][0] = atCap
	after := Verdict(res)
	get := func(rep *repro.Report, id string) repro.Claim { return reportRow(t, rep, id) }
	// Four rows, five splits, four learned columns of the paper's six and
	// one variant.
	for id, want := range map[string]string{"Table 1": "4 of 800 CV fits, excluded from the choice; 1 of 80 scored fits, their cells undecided",
		"Table 1 (+1)": "1 of 200 CV fits, excluded from the choice; 1 of 20 scored fits, their cells undecided"} {
		b, a := get(before, id), get(after, id)
		if !strings.Contains(a.Ours, want) || len(a.Cells) != len(b.Cells) {
			t.Errorf("%s: %q, want %q counted", id, a.Ours, want)
			continue
		}
		// Sonar's quad. ℓ2 cell, decided before, is undecided with its one
		// capped fit counted; every other cell is decided as before.
		for k, c := range a.Cells {
			was, is := b.Cells[k].Verdict(), c.Verdict()
			capped := c.Row == "Sonar" && c.Col == "quad. ℓ2"
			switch {
			case capped && (was.Outcome == repro.Undecided || is.Outcome != repro.Undecided || c.Uncertified != 1 || !strings.Contains(is.Detail, "1 uncertified solve")):
				t.Errorf("%s, %s %s with a capped scored fit: %v (%s), uncertified %d; before %v; want undecided, 1 counted", id, c.Row, c.Col, is.Outcome, is.Detail, c.Uncertified, was.Outcome)
			case !capped && (is.Outcome != was.Outcome || c.Uncertified != 0):
				t.Errorf("%s, %s %s: %v, uncertified %d; want %v as before", id, c.Row, c.Col, is.Outcome, c.Uncertified, was.Outcome)
			}
		}
	}
	nd := get(after, "Sec. 4.1 claim")
	for _, p := range nd.Parts {
		if want := p.Name == "Sonar"; (p.Outcome == repro.Undecided) != want || want && !strings.Contains(p.Detail, "1 of 5 scored fits stopped at Algorithm 1's step cap") {
			t.Errorf("Sec. 4.1 claim, %s: %v %q", p.Name, p.Outcome, p.Detail)
		}
	}
	if !strings.Contains(nd.Ours, "4 of 150 CV fits, excluded from the choice; 1 of 15 scored fits, their parts undecided") {
		t.Errorf("Sec. 4.1 claim: %q", nd.Ours)
	}
}

// setCVSteps gives every learned selection of row (the variant's too) CV
// fits of Algorithm 1 with the steps given, at λ = 1, none capped; the
// first cold ones started from μ0.
func setCVSteps(row *Row, cold int, steps ...int) {
	for j, m := range protocol.Methods(1) {
		if !m.Learned || j >= len(row.Choices) {
			continue
		}
		for s := range row.Choices[j] {
			row.Choices[j][s].CV = protocol.Fits{N: len(steps)}
			row.Choices[j][s].Steps = []protocol.StepsAt{{Lambda: 1, Steps: steps, Cold: steps[:cold]}}
		}
	}
}

// setSample gives row the steps row's sample (Row.Cold): the steps
// given, at λ = 1, converged unless above 999 (then at a cap of 1000).
func setSample(row *Row, steps ...int) {
	row.Cold, row.ColdLambda = nil, nil
	for _, st := range steps {
		row.Cold = append(row.Cold, protocol.Fit{Steps: min(st, 1000), Converged: st < 1000})
		row.ColdLambda = append(row.ColdLambda, 1)
	}
}

// TestStepsRowReadsColdSample: the steps row (criterion C-steps) takes its
// median from the fits from μ0 on the declared grid (Row.Cold), not from
// the fits scored, whose choice favours fast-converging grid points, nor
// from the CV fits, warm-started along the Λ path or, the first of each
// path, at the smallest Λ: with those fast and the sample slow it fails,
// the other way round it holds. A capped fit of the sample fails the
// convergence part; a record without the sample, or listing the steps of
// fewer CV fits than it counts, leaves the row not run.
func TestStepsRowReadsColdSample(t *testing.T) {
	steps := func(res *Results) repro.Claim { return reportRow(t, Verdict(res), "Sec. 4.1 steps") }
	// Four rows, five splits, four learned columns, three CV fits each.
	res := synthetic(0)
	for i := range res.Table1 {
		res.Table1[i].Steps = []int{5, 6}
		setCVSteps(&res.Table1[i], 1, 4, 5, 5)
		setSample(&res.Table1[i], 10, 40, 40)
	}
	if c := steps(res); c.Outcome == repro.Reproduced || c.Parts[0].Outcome != repro.NotReproduced ||
		!strings.Contains(c.Parts[0].Detail, "median 40 over the 12 fits from μ0 on the declared grid") ||
		!strings.Contains(c.Parts[0].Detail, "the 80 first fits of the CV paths, from μ0 at the smallest Λ: median 4") ||
		!strings.Contains(c.Parts[0].Detail, "all 240 CV fits, warm starts included: median 5") ||
		!strings.Contains(c.Parts[0].Detail, "the 8 fits scored in Table 1, from μ0: median 6") {
		t.Errorf("scored and CV fits fast, sample slow: %v, median part %+v; want it failed on the sample's median 40", c.Outcome, c.Parts[0])
	}
	for i := range res.Table1 {
		res.Table1[i].Steps = []int{40, 41}
		setCVSteps(&res.Table1[i], 3, 40, 40, 40)
		setSample(&res.Table1[i], 10, 12, 40)
	}
	c := steps(res)
	if c.Outcome != repro.Reproduced || !strings.Contains(c.Parts[0].Detail, "median 12 over the 12 fits from μ0 on the declared grid") ||
		!strings.Contains(c.Parts[1].Detail, "0 of 240 CV fits and 0 of 12 fits of the sample stopped at the cap") {
		t.Errorf("scored and CV fits slow, sample fast: %v %+v; want reproduced on the sample's median 12", c.Outcome, c.Parts)
	}
	setSample(&res.Table1[0], 10, 12, 5000)
	if c := steps(res); c.Parts[1].Outcome != repro.NotReproduced || !strings.Contains(c.Parts[1].Detail, "1 of 12 fits of the sample stopped at the cap") {
		t.Errorf("a capped fit of the sample: %+v; want the convergence part failed", c.Parts[1])
	}
	setSample(&res.Table1[0], 10, 12, 40)
	for i := range res.Table1 {
		res.Table1[i].Cold, res.Table1[i].ColdLambda = nil, nil
	}
	if c := steps(res); c.Outcome != repro.NotRun || !strings.Contains(c.Ours+c.Reason, "0 fits from μ0 on the declared grid") {
		t.Errorf("no sample: %v %q %q; want not run", c.Outcome, c.Ours, c.Reason)
	}
	for i := range res.Table1 {
		setSample(&res.Table1[i], 10, 12, 40)
	}
	res.Table1[0].Choices[1][0].Steps = nil
	if c := steps(res); c.Outcome != repro.NotRun || !strings.Contains(c.Ours+c.Reason, "237 of the 240 CV fits") {
		t.Errorf("steps of 3 CV fits missing: %v %q %q; want not run", c.Outcome, c.Ours, c.Reason)
	}
}

// TestBoundaryUndecidedWhenCapped: Prop. 3's boundary row decides its
// Algorithm 1 part only when every start stopped by ‖μ'−μ‖ < ε.
func TestBoundaryUndecidedWhenCapped(t *testing.T) {
	bd := boundary{Best: 201.857, BestDist: 0.985, Step: 0.1, Radius: 1, Points: 317, WorstF: -4e-5, WorstR: 2.2e-16, Spread: 8.6e-16,
		Starts: []protocol.Fit{converged, converged, converged, converged, converged}}
	if c := boundaryClaim(bd); c.Outcome != repro.Reproduced {
		t.Fatalf("converged starts: %v", c.Outcome)
	}
	bd.Starts[2] = protocol.Fit{Steps: 1000}
	c := boundaryClaim(bd)
	if c.Outcome != repro.Undecided || c.Parts[1].Outcome != repro.Undecided || !strings.Contains(c.Parts[1].Detail, "1 of 5 scored fits") {
		t.Errorf("a capped start: %v, part %+v; want undecided", c.Outcome, c.Parts[1])
	}
}

// reportRow returns the row id of rep (fatal when missing).
func reportRow(t *testing.T, rep *repro.Report, id string) repro.Claim {
	t.Helper()
	for _, c := range rep.Claims {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no row %s", id)
	return repro.Claim{}
}
