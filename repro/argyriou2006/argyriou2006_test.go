package argyriou2006

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/argyriou2006/protocol"
)

func TestConfigFor(t *testing.T) {
	for _, m := range []string{"quick", "full", "paper"} {
		c, err := ConfigFor(m)
		if err != nil || c.Mode != m {
			t.Errorf("%s: %+v %v", m, c, err)
		}
	}
	if c := protocol.PaperProtocol(); c.Train != 500 || c.Test != 1000 || c.Mu != 1e-7 || c.GreedySteps != 100 || c.DCIter != 300 {
		t.Errorf("paper protocol %+v", c)
	}
	if _, err := ConfigFor("x"); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("bad mode: %v", err)
	}
	if _, err := Run(Config{}, nil); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("empty config: %v", err)
	}
}

// TestCriteria: the criteria table is well formed, every verdict row of a
// synthetic run is decided by one of its criteria.
func TestCriteria(t *testing.T) {
	if err := Criteria.Check(nil); err != nil {
		t.Error(err)
	}
	if TolCell.Bound(repro.V(6.5), repro.V(6.5)) != 0.25 {
		t.Errorf("TolCell %v", TolCell)
	}
}

// TestVerdictSynthetic: the verdict is computed from the numbers (a cell
// equal to the paper's is within tolerance when TolCell is below the gap
// to the paper's nearest other method, else undecided; one far off is
// out); the cells of our set-ups (OurSetups: an SVM far off here) are
// counted apart and do not decide Table 1.
func TestVerdictSynthetic(t *testing.T) {
	res := &Results{Mode: "test", Train: 500, Test: 1000}
	for task := 0; task < 3; task++ {
		p := Table1Paper[task][1]
		res.Table1 = append(res.Table1, protocol.Cell1{Task: task, Range: 1,
			DC:       protocol.Greedy1{Error: p[0], E: []float64{3, 2, 1}, Steps: 2, Certified: 2, Cuts: []int{10, 20}, Atoms: []protocol.Atom{{Weight: 1, Sigma: []float64{1000}}}, Status: stopped},
			Standard: protocol.Greedy1{Error: p[1], E: []float64{3, 2}, Status: stopped}, Finite: p[2], SVM: p[3] + 20, SVMFits: svmConverged, FiniteSolve: certified(7)})
		q := Table2Paper[task][1]
		res.Table2 = append(res.Table2, protocol.Cell2{Task: task, Range: 1, DC: protocol.Greedy1{Error: q[0], E: []float64{2, 1}, Status: stopped,
			Atoms: []protocol.Atom{{Weight: 0.6, Sigma: []float64{10000, 500}}, {Weight: 0.4, Sigma: []float64{700, 700}}}}, Grid5: q[1], Grid10: q[2],
			Grid5Solve: certified(40), Grid10Solve: certified(300)})
	}
	r := Verdict(res)
	var t1 *repro.Claim
	for i, c := range r.Claims {
		if c.ID == "Table 1" {
			t1 = &r.Claims[i]
		}
	}
	// The paper's DC and standard errors differ by 0.1 in each row of
	// [100, 10000]: no DC cell can be within.
	if t1 == nil || t1.Outcome != repro.Undecided || len(t1.Cells) != 12 {
		t.Fatalf("Table 1 claim %+v", t1)
	}
	// Within: odd vs even's finite cell only (its nearest method is 2.3
	// away); out: the three SVM cells.
	if n := r.Counts(); n.SubCells != 9 || n.SubWithin != 1 || n.CellsUndecided != 3 {
		t.Errorf("substitute cells: %d, %d within, %d DC cells undecided; want 9, 1, 3", n.SubCells, n.SubWithin, n.CellsUndecided)
	}
	for _, c := range r.Claims {
		if _, ok := Criteria.For(c.ID); !ok {
			t.Errorf("%s is decided by no criterion", c.ID)
		}
	}
	for _, c := range t1.Cells {
		o := c.Verdict().Outcome
		want := repro.Undecided
		switch {
		case c.Col == "SVM":
			want = repro.NotReproduced
		case c.Delta > TolCell.Abs:
			want = repro.Reproduced
		}
		if o != want || c.Substitute != (c.Col != "DC") {
			t.Errorf("cell %s %s: %s, substitute = %v; want %s", c.Row, c.Col, o, c.Substitute, want)
		}
	}
	if _, err := json.Marshal(res); err != nil {
		t.Fatal(err)
	}
	if _, err := Figure1Chart(res); err != nil {
		t.Error(err)
	}
	if _, err := Figure2Chart(res); err != nil {
		t.Error(err)
	}
}

// TestRunTiny runs every part on a few MNIST points (skipped without the
// MNIST cache): the checks hold and every number is finite.
func TestRunTiny(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	cfg := protocol.Quick()
	cfg.Train, cfg.Test, cfg.Tasks = 60, 100, []int{2}
	cfg.SVMSigmas, cfg.SVMCs, cfg.GreedySteps = 3, []float64{1, 100}, 10
	res, err := Run(cfg, nil)
	if errors.Is(err, klearn.ErrMissingData) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Checks {
		if c.Kind == repro.Statement {
			t.Logf("%s: %s (%s)", c.ID, c.Outcome, c.Reason)
			continue
		}
		t.Logf("%s: %s", c.ID, c.Ours)
		if c.Outcome != repro.Reproduced && c.Outcome != repro.Corrected {
			t.Errorf("%s: %s (%s) %+v", c.ID, c.Outcome, c.Ours, c.Parts)
		}
	}
	if err := Criteria.Check(Verdict(res)); err != nil {
		t.Error(err)
	}
	if len(res.Table1) != 1 || len(res.Table2) != 1 {
		t.Fatalf("%d and %d cells", len(res.Table1), len(res.Table2))
	}
	c := res.Table1[0]
	for _, e := range []float64{c.DC.Error, c.Standard.Error, c.Finite, c.SVM, res.Table2[0].DC.Error, res.Table2[0].Grid5, res.Table2[0].Grid10} {
		if math.IsNaN(e) || e < 0 || e > 100 {
			t.Errorf("error %v", e)
		}
	}
	for i := 1; i < len(c.DC.E); i++ {
		if c.DC.E[i] > c.DC.E[i-1]*(1+1e-12) {
			t.Errorf("E rose: %v", c.DC.E)
		}
	}
	for i, s := range []protocol.FiniteSolve{c.FiniteSolve, res.Table2[0].Grid5Solve, res.Table2[0].Grid10Solve} {
		if !s.Certified() || s.Iterations < 1 || !(s.Gap <= protocol.FiniteTol) {
			t.Errorf("finite solve %d not certified at the configured cap: %+v", i, s)
		}
	}
	if Verdict(res).Counts().String() == "" {
		t.Error("empty counts")
	}
}

// TestFigure2Kinds: the verdict row of the diagnostic of Figure 2 (its
// kinds: protocol's TestFigure2Kinds) reads the comparison both ways and
// is never counted.
func TestFigure2Kinds(t *testing.T) {
	sig := protocol.KindsSigmas(Ranges[protocol.Fig2Range], 10)
	res := &Results{Table2: []protocol.Cell2{{Task: protocol.Fig2Task, Range: protocol.Fig2Range, DC: protocol.Greedy1{Error: 6, E: []float64{2, 1}}, Grid10: 6.2, Grid10E: 1, Grid10Solve: certified(319)}}}
	for _, c := range []struct {
		e    float64
		want repro.Outcome
	}{{1 + 5e-7, repro.Reproduced}, {1.005, repro.NotReproduced}} {
		res.Figure2Kinds = &protocol.Kinds{Task: protocol.Fig2Task, Range: protocol.Fig2Range, E: c.e, Error: 6, Sigmas: sig, Solve: certified(25)}
		rep := Verdict(res)
		var got *repro.Claim
		for i := range rep.Claims {
			if rep.Claims[i].ID == "Figure 2 (kinds)" {
				got = &rep.Claims[i]
			}
		}
		if got == nil || got.Kind != repro.Diagnostic || !got.PostHoc || got.Concerns != "Figure 2" || got.Outcome != c.want {
			t.Errorf("E %v: diagnostic %+v, want %s, written for Figure 2's miss", c.e, got, c.want)
		}
		if n := rep.Counts(); n.Diagnostics != 2 || n.PostHoc != 2 || n.Explains != 0 {
			t.Errorf("counts %+v", rep.Counts())
		}
	}
}

// certified is a finite solve that met its tolerance in n iterations.
func certified(n int) protocol.FiniteSolve {
	return protocol.FiniteSolve{Status: opt.Success.String(), Iterations: n, Gap: 5e-7}
}

// goodResults are results that match the paper's numbers in every cell of
// Tables 1 and 2 and hold every statement.
func goodResults() *Results {
	res := &Results{Mode: "full", Train: 500, Test: 1000, GreedyTol: protocol.PaperTol}
	for task := 0; task < 3; task++ {
		for rg := 0; rg < 3; rg++ {
			p, q := Table1Paper[task][rg], Table2Paper[task][rg]
			g := func(e float64, atoms []protocol.Atom) protocol.Greedy1 {
				return protocol.Greedy1{Error: e, E: []float64{3, 2, 1}, Steps: 5, Certified: 5, Cuts: []int{10, 20}, Atoms: atoms, Status: "Success", Seconds: 60}
			}
			one := []protocol.Atom{{Weight: 0.9, Sigma: []float64{1000}}, {Weight: 0.1, Sigma: []float64{3000}}}
			dc := g(p[0], one)
			std := g(p[1], one) // the paper's standard column, within TolCell of DC
			std.E = []float64{3, 2, 1.5}
			res.Table1 = append(res.Table1, protocol.Cell1{Task: task, Range: rg, DC: dc, Standard: std, Finite: p[2], SVM: p[3], FiniteSolve: certified(7), SVMFits: svmConverged})
			atoms := []protocol.Atom{{Weight: 0.8, Sigma: []float64{700, 700}}, {Weight: 0.2, Sigma: []float64{10000, 500}}}
			if task == 0 {
				atoms = []protocol.Atom{{Weight: 0.5, Sigma: []float64{10000, 500}}, {Weight: 0.5, Sigma: []float64{700, 700}}}
			}
			// The paper's times: 1 minute (one variance), 5 (two), 60
			// (the grid, and four variances).
			dc2 := g(q[0], atoms)
			dc2.Seconds = 300
			res.Table2 = append(res.Table2, protocol.Cell2{Task: task, Range: rg, DC: dc2, Grid5: q[1], Grid10: q[2], Grid10Seconds: 3600,
				Grid5Solve: certified(40), Grid10Solve: certified(300)})
		}
	}
	four := protocol.Greedy1{Error: Table2Paper[0][1][0], Status: "Success", Seconds: 3600}
	res.Quadrants = []protocol.Quad{{Task: 0, Range: 1, Step2: protocol.MethodMultistart, Greedy1: four}, {Task: 0, Range: 1, Step2: protocol.MethodLocalDC, Greedy1: four}}
	return res
}

// TestCellsAdjacentGap: a cell within TolCell is within only when
// TolCell is below the gap to the nearest other method of the paper's
// row; beyond TolCell it is out either way.
func TestCellsAdjacentGap(t *testing.T) {
	for _, c := range []struct {
		paper, ours []float64
		want        []repro.Outcome
	}{
		// Table 2, odd vs even [100, 10000]: gaps 0.4, 3.9, 0.4.
		{Table2Paper[0][1][:], []float64{5.9, 10.1, 6.3}, []repro.Outcome{repro.Reproduced, repro.Reproduced, repro.Reproduced}},
		// Table 2, 3 vs 8 [500, 5000]: DC 2.6 and 10×10 2.5 are 0.1 apart.
		{Table2Paper[1][2][:], []float64{2.6, 3.5, 2.5}, []repro.Outcome{repro.Undecided, repro.Reproduced, repro.Undecided}},
		{Table2Paper[1][2][:], []float64{3.0, 3.5, 2.1}, []repro.Outcome{repro.NotReproduced, repro.Reproduced, repro.NotReproduced}},
	} {
		for i, cell := range rowCells(1, 2, protocol.Methods2, c.paper, c.ours) {
			if o := cell.Verdict().Outcome; o != c.want[i] {
				t.Errorf("paper %v, ours %v, %s: %s, want %s", c.paper, c.ours, cell.Col, o, c.want[i])
			}
		}
	}
}

// TestCellsSharedRuleSameDecisions: every cell of Tables 1 and 2, with ours
// the paper's number moved by −0.4 … +0.4 points, gets from repro's shared
// tolerance rule the decision P3's own rule gave before it moved into
// repro: out beyond TolCell; else undecided when TolCell ≥ the row's
// adjacent gap; else within. The detail states the gap and the tolerance.
func TestCellsSharedRuleSameDecisions(t *testing.T) {
	old := func(ours, paper, gap float64) repro.Outcome {
		switch {
		case math.Abs(ours-paper) > 0.25:
			return repro.NotReproduced
		case 0.25 >= gap:
			return repro.Undecided
		}
		return repro.Reproduced
	}
	count := map[repro.Outcome]int{}
	for task := range Table1Paper {
		for rng := range Table1Paper[task] {
			for _, row := range []struct {
				methods []string
				paper   []float64
			}{{protocol.Methods1, Table1Paper[task][rng][:]}, {protocol.Methods2, Table2Paper[task][rng][:]}} {
				gap := repro.AdjacentGap(row.paper)
				for k := -8; k <= 8; k++ {
					ours := make([]float64, len(row.paper))
					for m, p := range row.paper {
						ours[m] = p + 0.05*float64(k)
					}
					for m, c := range rowCells(task, rng, row.methods, row.paper, ours) {
						if !(gap[m] > 0) {
							t.Fatalf("%s %s: gap %g", c.Row, c.Col, gap[m])
						}
						v, want := c.Verdict(), old(ours[m], row.paper[m], gap[m])
						count[v.Outcome]++
						if v.Outcome != want {
							t.Errorf("%s %s, ours %.2f: %s, before %s (%s)", c.Row, c.Col, ours[m], v.Outcome, want, v.Detail)
						}
						if want == repro.Undecided && !strings.Contains(v.Detail, fmt.Sprintf("tolerance 0.25 ≥ δ %.3g", gap[m])) {
							t.Errorf("%s %s: detail %q lacks the gap and the tolerance", c.Row, c.Col, v.Detail)
						}
					}
				}
			}
		}
	}
	if count[repro.Reproduced] == 0 || count[repro.Undecided] == 0 || count[repro.NotReproduced] == 0 {
		t.Errorf("not every outcome exercised: %v", count)
	}
}

// TestRowsFailOnMutatedInput: every experiment and statement row holds on
// results that match the paper, and fails when its input is mutated or
// its methods swapped.
func TestRowsFailOnMutatedInput(t *testing.T) {
	outcome := func(res *Results, id string) repro.Outcome {
		for _, c := range Verdict(res).Claims {
			if c.ID == id {
				return c.Outcome
			}
		}
		t.Fatalf("no row %s", id)
		return repro.NotRun
	}
	// Tables 1 and 2 have cells whose paper row holds another method
	// within TolCell: undecided even on the paper's numbers.
	for _, id := range []string{"Table 1", "Table 2"} {
		if o := outcome(goodResults(), id); o != repro.Undecided {
			t.Errorf("%s on the paper's numbers: %s", id, o)
		}
	}
	// The paper's own Table 2 contradicts its "only" in two cells.
	if o := outcome(goodResults(), "Table 2 (finite grids)"); o != repro.Partly {
		t.Errorf("Table 2 (finite grids) on the paper's numbers: %s, want partly", o)
	}
	// With those two cells as the sentence says, it holds; a 10×10 grid as
	// good as DC in every range fails it.
	grids := func(all10 bool) *Results {
		r := goodResults()
		r.Table2[4].Grid10 = r.Table2[4].DC.Error + 1 // 3 vs 8 [100, 10000]
		r.Table2[8].Grid5 = r.Table2[8].DC.Error + 1  // 4 vs 7 [500, 5000]
		for i := range r.Table2 {
			if all10 {
				r.Table2[i].Grid10 = r.Table2[i].DC.Error
			}
		}
		return r
	}
	if o, m := outcome(grids(false), "Table 2 (finite grids)"), outcome(grids(true), "Table 2 (finite grids)"); o != repro.Reproduced || m == repro.Reproduced {
		t.Errorf("Table 2 (finite grids): %s as the sentence says, %s with a 10×10 grid as good as DC everywhere", o, m)
	}
	for _, id := range []string{"Table 1 (DC vs standard)", "Table 2 vs Table 1", "Table 2 (ranges)",
		"Algorithm 1 (monotonicity)", "Section 5 (DC certificates)", "Section 5 (iterations)", "Section 3 (m + 1 kernels)", "Figure 1", "Figure 2", "Section 5 (four variances)",
		"Section 5 (finite vs DC time)", "Section 5 (DC time vs parameters)"} {
		if o := outcome(goodResults(), id); o != repro.Reproduced {
			t.Errorf("%s on the paper's numbers: %s", id, o)
		}
	}
	for _, m := range []struct {
		id     string
		mutate func(*Results)
	}{
		{"Table 1", func(r *Results) { r.Table1[0].DC.Error += 1 }},
		{"Table 1 (DC vs standard)", func(r *Results) { r.Table1[4].Standard.Error += 0.5 }},
		{"Table 1 (DC vs standard)", func(r *Results) { r.Table1[4].DC.E, r.Table1[4].Standard.E = r.Table1[4].Standard.E, r.Table1[4].DC.E }},
		{"Table 2", func(r *Results) { r.Table2[3].Grid5 -= 2 }},
		{"Table 2 vs Table 1", func(r *Results) {
			for i := range r.Table2 {
				r.Table2[i].DC.Error, r.Table1[i].DC.Error = r.Table1[i].DC.Error, r.Table2[i].DC.Error
			}
		}},
		{"Table 2 (finite grids)", func(r *Results) { r.Table2[0].Grid5 = r.Table2[0].DC.Error }},
		{"Table 2 (ranges)", func(r *Results) { r.Table2[1].DC.Error += 1 }},
		{"Algorithm 1 (monotonicity)", func(r *Results) { r.Table1[2].DC.E = []float64{1, 2} }},
		// A step with λ = 0 leaves E where it was.
		{"Algorithm 1 (monotonicity)", func(r *Results) { r.Table1[2].DC.E = []float64{3, 2, 2} }},
		{"Section 5 (DC certificates)", func(r *Results) { r.Table2[2].DC.Certified-- }},
		{"Section 5 (iterations)", func(r *Results) {
			for i := range r.Table1 {
				r.Table1[i].DC.Steps, r.Table1[i].DC.Status = 100, "IterationLimit"
			}
		}},
		// More kernels than m + 1 in a certified optimum; a bound of the
		// records above m + 1 (undecided).
		{"Section 3 (m + 1 kernels)", func(r *Results) {
			g := &r.Table2[4].DC
			g.Steps, g.Certified, g.Atoms = 600, 600, make([]protocol.Atom, r.Train+2)
		}},
		{"Section 3 (m + 1 kernels)", func(r *Results) { r.Table1[4].DC.Steps, r.Table1[4].DC.Certified = 600, 600 }},
		{"Figure 1", func(r *Results) { r.Table2[1].DC.Atoms = []protocol.Atom{{Weight: 1, Sigma: []float64{700, 700}}} }},
		// 4 vs 7 with a largest weight of 0.54 and a next of 0.3: no clear winner.
		{"Figure 1", func(r *Results) {
			r.Table2[7].DC.Atoms = []protocol.Atom{{Weight: 0.54, Sigma: []float64{700, 700}}, {Weight: 0.3, Sigma: []float64{900, 900}}, {Weight: 0.16, Sigma: []float64{300, 300}}}
		}},
		{"Figure 2", func(r *Results) { r.Table2[1].DC.Atoms = []protocol.Atom{{Weight: 1, Sigma: []float64{300, 2000}}} }},
		{"Section 5 (four variances)", func(r *Results) { r.Quadrants[0].Error -= 1 }},
		// Stopped by the cap: not converged, undecided.
		{"Section 5 (four variances)", func(r *Results) { r.Quadrants[1].Status = "IterationLimit" }},
		{"Section 5 (finite vs DC time)", func(r *Results) { r.Table2[5].Grid10Seconds = 500 }},
		{"Section 5 (DC time vs parameters)", func(r *Results) {
			for i := range r.Table2 {
				r.Table2[i].DC.Seconds = 100
			}
		}},
		{"Section 5 (DC time vs parameters)", func(r *Results) { r.Quadrants[1].Seconds = 400 }},
	} {
		res := goodResults()
		m.mutate(res)
		if o := outcome(res, m.id); o == repro.Reproduced || o == repro.NotRun {
			t.Errorf("%s passes on mutated input: %s", m.id, o)
		}
	}
	// No run an optimum (the cap, or a step 2 not certified): not run.
	res := goodResults()
	for i := range res.Table1 {
		res.Table1[i].DC.Status, res.Table2[i].DC.Certified = "IterationLimit", 0
	}
	if o := outcome(res, "Section 3 (m + 1 kernels)"); o != repro.NotRun {
		t.Errorf("m + 1 without a certified optimum: %s", o)
	}
	res = goodResults()
	res.Mode, res.Train, res.Test = "quick", 200, 500
	for _, c := range Verdict(res).Claims {
		if c.ID == "Table 1" && c.Quick.String() != "quick: decided on 9 of 9 cells, at 200 training and 500 test points (the paper: 500 and 1000)" {
			t.Errorf("quick Table 1: %q", c.Quick)
		}
	}
}

// TestGreedyCapIsThePapers: full and paper mode stop Algorithm 1 at
// Section 5's cap of 100 greedy iterations, and every mode runs the
// authors' code's test on the change of E (1e-6), as the iterations row
// and the notebook say.
func TestGreedyCapIsThePapers(t *testing.T) {
	for _, c := range []protocol.Config{protocol.Full(), protocol.PaperProtocol()} {
		if c.GreedySteps != PaperGreedyCap {
			t.Errorf("%s mode: greedy cap %d, the paper's %d", c.Mode, c.GreedySteps, PaperGreedyCap)
		}
	}
	for _, c := range []protocol.Config{protocol.Quick(), protocol.Full(), protocol.PaperProtocol()} {
		if c.GreedyFunTol != 1e-6 {
			t.Errorf("%s mode: the test on the change of E at %g, the authors' code's 1e-6", c.Mode, c.GreedyFunTol)
		}
	}
}

// TestIterationsStoppedBy: the iterations row says which test stopped each
// DC run, and a run stopped by the change of E is neither at the cap (the
// greedy part can hold) nor a certified optimum (the m + 1 row leaves it
// out).
func TestIterationsStoppedBy(t *testing.T) {
	g := func(steps int, status opt.Status) protocol.Greedy1 {
		E := make([]float64, steps+1)
		for i := range E {
			E[i] = float64(100 - i)
		}
		return protocol.Greedy1{Steps: steps, Certified: steps, Status: status.String(), E: E, Cuts: make([]int, steps),
			Atoms: []protocol.Atom{{Weight: 1, Sigma: []float64{1000}}}}
	}
	res := &Results{Mode: "full", Train: 500, Test: 1000, GreedyTol: protocol.PaperTol, GreedySteps: 100, GreedyFunTol: protocol.AuthorsFunTol}
	res.Table1 = []protocol.Cell1{
		{Task: 0, Range: 0, DC: g(12, opt.FunctionConvergence), Standard: g(9, opt.Success)},
		{Task: 1, Range: 0, DC: g(7, opt.Success), Standard: g(9, opt.Success)},
		{Task: 2, Range: 0, DC: g(14, opt.FunctionConvergence), Standard: g(9, opt.Success)},
	}
	var it, m1 *repro.Claim
	for _, c := range AlgorithmClaims(res) {
		if c.ID == "Section 5 (iterations)" {
			it = &c
		}
	}
	if c := FiniteRepresentationClaim(res); c.ID != "" {
		m1 = &c
	}
	if it == nil || m1 == nil {
		t.Fatal("no iterations or m + 1 row")
	}
	if p := it.Parts[0]; p.Outcome != repro.Reproduced || !strings.Contains(p.Detail, "stopped by (10) 1, by the change of E 2, at the cap 0") {
		t.Errorf("greedy part: %s %q", p.Outcome, p.Detail)
	}
	notRun := 0
	for _, p := range m1.Parts {
		if p.Outcome == repro.NotRun {
			notRun++
		}
	}
	if notRun != 2 {
		t.Errorf("m + 1: %d runs left out, want the 2 stopped by the change of E", notRun)
	}
	res.Table1[1].DC = g(100, opt.IterationLimit)
	for _, c := range AlgorithmClaims(res) {
		if c.ID == "Section 5 (iterations)" && (c.Parts[0].Outcome != repro.NotReproduced || !strings.Contains(c.Reason, "lowers E by less than 1e-06")) {
			t.Errorf("a run at the cap: greedy part %s, reason %q", c.Parts[0].Outcome, c.Reason)
		}
	}
}

// TestUncertifiedFiniteSolves: a finite solve not certified (here the 10×10
// grid of 3 vs. 8 [100, 10000] at the cap, as the audit found at 500
// iterations) is counted in the rows that read it, and a comparison that
// rests on it is evidence for neither side: its cell of the time row is
// undecided whether the ratio holds or not (its time is cut short), and
// so is Figure 2's diagnostic when either of its solves is not certified.
func TestUncertifiedFiniteSolves(t *testing.T) {
	capped := protocol.FiniteSolve{Status: opt.IterationLimit.String(), Iterations: 500, Gap: 3e-5}
	claim := func(res *Results, id string) repro.Claim { return verdictRow(t, res, id) }
	part := func(c repro.Claim, name string) repro.Part { return rowPart(t, c, name) }
	const cell = "3 vs. 8 [100, 10000]"
	stopped := "stopped by IterationLimit after 500 iterations at a gap 3.0e-05 (tolerance 1e-06): not certified"
	good := goodResults()
	for _, id := range []string{"Table 1", "Table 2", "Table 2 (finite grids)", "Section 5 (finite vs DC time)"} {
		if c := claim(good, id); strings.Contains(c.Ours, "finite solves certified") {
			t.Errorf("%s with every solve certified: %q", id, c.Ours)
		}
	}
	// The ratio holds (3600 s against 300 s) and misses (400 s): both
	// undecided once the solve is at its cap.
	for _, secs := range []float64{3600, 400} {
		res := goodResults()
		res.Table2[4].Grid10Solve, res.Table2[4].Grid10Seconds = capped, secs
		c := claim(res, "Section 5 (finite vs DC time)")
		p := part(c, cell)
		if p.Outcome != repro.Undecided || !strings.Contains(p.Detail, "the 10×10 solve "+stopped+": its time is cut short") {
			t.Errorf("grid %.0f s at the cap: %s %q", secs, p.Outcome, p.Detail)
		}
		if c.Outcome != repro.Undecided || !strings.Contains(c.Ours, "8 of 9 finite solves certified (relative gap ≤ 1e-06), 1 at the cap; uncertified ones stopped at a gap ≤ 3.0e-05") {
			t.Errorf("grid %.0f s at the cap: row %s %q", secs, c.Outcome, c.Ours)
		}
		if o := part(claim(goodResults(), "Section 5 (finite vs DC time)"), cell).Outcome; o != repro.Reproduced {
			t.Errorf("certified: %s", o)
		}
	}
	res := goodResults()
	res.Table2[4].Grid10Solve = capped
	res.Table1[2].FiniteSolve = protocol.FiniteSolve{Status: opt.FunctionConvergence.String(), Iterations: 12, Gap: 2e-6}
	if c := claim(res, "Table 2"); !strings.Contains(c.Ours, "17 of 18 finite solves certified (relative gap ≤ 1e-06), 1 at the cap; uncertified ones stopped at a gap ≤ 3.0e-05") {
		t.Errorf("Table 2: %q", c.Ours)
	}
	if c := claim(res, "Table 1"); !strings.Contains(c.Ours, "8 of 9 finite solves certified (relative gap ≤ 1e-06), 0 at the cap; uncertified ones stopped at a gap ≤ 2.0e-06") {
		t.Errorf("Table 1: %q", c.Ours)
	}
	g := claim(res, "Table 2 (finite grids)")
	if p := part(g, cell); !strings.Contains(p.Detail, "10×10 "+stopped) || !strings.Contains(g.Ours, "17 of 18 finite solves certified") {
		t.Errorf("Table 2 (finite grids): part %q, row %q", p.Detail, g.Ours)
	}
	// Figure 2's diagnostic: certified, it holds; either solve not
	// certified, undecided.
	for _, c := range []struct {
		kinds, grid protocol.FiniteSolve
		want        repro.Outcome
	}{{certified(25), certified(319), repro.Reproduced}, {capped, certified(319), repro.Undecided}, {certified(25), capped, repro.Undecided}, {certified(25), protocol.FiniteSolve{}, repro.Undecided}} {
		res := goodResults()
		fig2 := &res.Table2[protocol.Fig2Task*3+protocol.Fig2Range]
		fig2.Grid10E, fig2.Grid10Solve = 1, c.grid
		res.Figure2Kinds = &protocol.Kinds{Task: protocol.Fig2Task, Range: protocol.Fig2Range, E: 1 + 5e-7, Sigmas: protocol.KindsSigmas(Ranges[protocol.Fig2Range], 10), Solve: c.kinds}
		if k := claim(res, "Figure 2 (kinds)"); k.Outcome != c.want || (c.want == repro.Undecided && !strings.Contains(k.Parts[0].Detail, "not certified")) {
			t.Errorf("kinds %+v, grid %+v: %s %q", c.kinds, c.grid, k.Outcome, k.Parts[0].Detail)
		}
	}
}

// TestUnconvergedDCRuns: the time rows read the DC side's status as they
// read the finite side's. A DC run of Table 2 at the cap of greedy steps,
// or with a step 2 not certified, makes its cell of the finite vs DC time
// row undecided whether the ratio holds or not (its time is cut short),
// and the rows count it; a run stopped by the change of E converged. The
// DC time row's one → two part reads every DC run of Tables 1 and 2 (its
// medians) and its two → four part the DC run of its cell: undecided when
// one did not converge.
func TestUnconvergedDCRuns(t *testing.T) {
	claim := func(res *Results, id string) repro.Claim { return verdictRow(t, res, id) }
	part := func(c repro.Claim, name string) repro.Part { return rowPart(t, c, name) }
	const finiteTime, growth = "Section 5 (finite vs DC time)", "Section 5 (DC time vs parameters)"
	const cell = "3 vs. 8 [100, 10000]" // Table2[4]
	good := goodResults()
	for _, id := range []string{finiteTime, growth} {
		c := claim(good, id)
		if c.Outcome != repro.Reproduced || strings.Contains(c.Ours, "DC runs converged") {
			t.Errorf("%s with every DC run converged: %s %q", id, c.Outcome, c.Ours)
		}
	}
	capped := func(g *protocol.Greedy1) { g.Status, g.Steps, g.Certified = opt.IterationLimit.String(), 100, 100 }
	stepCut := func(g *protocol.Greedy1) { g.Certified = g.Steps - 1 }
	for _, c := range []struct {
		name          string
		mutate        func(*protocol.Greedy1)
		detail, count string
	}{
		{"at the cap", capped, "DC stopped by IterationLimit after 100 steps, 100 of 100 step-2 problems certified: not converged", "1 at the cap"},
		{"a step 2 not certified", stepCut, "DC stopped by Success after 5 steps, 4 of 5 step-2 problems certified: not converged", "0 at the cap"},
	} {
		// The ratio holds (3600 s against 300 s) and misses (400 s).
		for _, secs := range []float64{3600, 400} {
			res := goodResults()
			c.mutate(&res.Table2[4].DC)
			res.Table2[4].Grid10Seconds = secs
			r := claim(res, finiteTime)
			if p := part(r, cell); p.Outcome != repro.Undecided || !strings.Contains(p.Detail, c.detail+": its time is cut short, evidence for neither side") {
				t.Errorf("%s, grid %.0f s: %s %q", c.name, secs, p.Outcome, p.Detail)
			}
			if !strings.Contains(r.Ours, "8 of 9 DC runs converged (stopped by a test of Algorithm 1, every step 2 certified), "+c.count) {
				t.Errorf("%s, grid %.0f s: row %q", c.name, secs, r.Ours)
			}
		}
		res := goodResults()
		c.mutate(&res.Table1[0].DC)
		g := claim(res, growth)
		if p := part(g, "one → two"); p.Outcome != repro.Undecided || !strings.Contains(p.Detail, "1 of 18 DC runs not converged") {
			t.Errorf("%s, one → two: %s %q", c.name, p.Outcome, p.Detail)
		}
		if !strings.Contains(g.Ours, "17 of 18 DC runs converged") {
			t.Errorf("%s: growth row %q", c.name, g.Ours)
		}
		// The four-variance runs are on odd vs. even [100, 10000] (Table2[1]).
		res = goodResults()
		c.mutate(&res.Table2[1].DC)
		if p := part(claim(res, growth), "two → four"); p.Outcome != repro.Undecided || !strings.Contains(p.Detail, "DC with two variances stopped by") {
			t.Errorf("%s, two → four: %s %q", c.name, p.Outcome, p.Detail)
		}
	}
	// Stopped by the change of E (the authors' code's test): converged.
	res := goodResults()
	res.Table2[4].DC.Status = opt.FunctionConvergence.String()
	res.Table1[0].DC.Status = opt.FunctionConvergence.String()
	for _, id := range []string{finiteTime, growth} {
		if c := claim(res, id); c.Outcome != repro.Reproduced || strings.Contains(c.Ours, "DC runs converged") {
			t.Errorf("%s, runs stopped by the change of E: %s %q", id, c.Outcome, c.Ours)
		}
	}
}

// svmConverged is an SVM column's cross-validation whose every fit
// converged (full mode: 20 σ × 7 C on 5 folds, and the final fit).
var svmConverged = protocol.SVMFits{Fits: 20*7*5 + 1, Final: svm.Converged.String()}

// TestSVMFitsCounted: Table 1's row counts the SVM column's fits at SMO's
// iteration cap, the (σ, C) its cross-validations left out, and the final
// fits that did not converge, whose cells are undecided
// (repro.Cell.Uncertified); with every fit converged it says nothing, and
// the outcome (decided by the DC cells; the SVM column counted apart) is
// unchanged either way.
func TestSVMFitsCounted(t *testing.T) {
	claim := func(res *Results) repro.Claim { return verdictRow(t, res, "Table 1") }
	good := claim(goodResults())
	if strings.Contains(good.Ours, "SVM") {
		t.Errorf("every SVM fit converged: %q", good.Ours)
	}
	res := goodResults()
	res.Table1[1].SVMFits = protocol.SVMFits{Fits: 701, Capped: 9, Excluded: 3, Final: svm.Converged.String()}
	res.Table1[4].SVMFits = protocol.SVMFits{Fits: 701, Capped: 1, Final: svm.MaxIterReached.String()}
	c := claim(res)
	if want := "SVM: 10 of 6309 fits at SMO's iteration cap, 3 (σ, C) left out of the cross-validation choices; 8 of 9 final fits converged"; !strings.Contains(c.Ours, want) {
		t.Errorf("row %q, want %q", c.Ours, want)
	}
	if c.Outcome != good.Outcome {
		t.Errorf("outcome %s, with every fit converged %s", c.Outcome, good.Outcome)
	}
	// A record without the final fit's status (none recorded) is counted
	// as not converged.
	res = goodResults()
	res.Table1[0].SVMFits = protocol.SVMFits{}
	if c := claim(res); !strings.Contains(c.Ours, "8 of 9 final fits converged") {
		t.Errorf("no status recorded: %q", c.Ours)
	}
	// The SVM cell of a final fit that did not converge (or recorded no
	// status) is undecided, Uncertified 1, even out of tolerance; the
	// other SVM cells keep their rule.
	svmCells := func(res *Results) []repro.Cell {
		var out []repro.Cell
		for _, c := range claim(res).Cells {
			if c.Col == "SVM" {
				out = append(out, c)
			}
		}
		if len(out) != len(res.Table1) {
			t.Fatalf("%d SVM cells for %d rows", len(out), len(res.Table1))
		}
		return out
	}
	res = goodResults()
	res.Table1[4].SVM += 5 // out of TolCell
	base := svmCells(res)
	res.Table1[4].SVMFits.Final = svm.MaxIterReached.String()
	res.Table1[7].SVMFits = protocol.SVMFits{}
	for i, c := range svmCells(res) {
		want, v, v0 := 0, c.Verdict(), base[i].Verdict()
		if i == 4 || i == 7 {
			want = 1
		}
		switch {
		case c.Uncertified != want || base[i].Uncertified != 0:
			t.Errorf("SVM cell %d: Uncertified %d (converged: %d), want %d", i, c.Uncertified, base[i].Uncertified, want)
		case want == 1 && (v.Outcome != repro.Undecided || !strings.Contains(v.Detail, "uncertified solve")):
			t.Errorf("SVM cell %d, final fit not converged: %s %q", i, v.Outcome, v.Detail)
		case want == 0 && v != v0:
			t.Errorf("SVM cell %d, converged: %s, was %s", i, v.Outcome, v0.Outcome)
		}
	}
	if v := base[4].Verdict(); v.Outcome != repro.NotReproduced {
		t.Errorf("SVM cell 4 out of tolerance, converged: %s %q", v.Outcome, v.Detail)
	}
}

// verdictRow returns the row id of res's verdict (fatal when missing).
func verdictRow(t *testing.T, res *Results, id string) repro.Claim {
	t.Helper()
	for _, c := range Verdict(res).Claims {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no row %s", id)
	return repro.Claim{}
}

// rowPart returns the part name of the row c (fatal when missing).
func rowPart(t *testing.T, c repro.Claim, name string) repro.Part {
	t.Helper()
	for _, p := range c.Parts {
		if p.Name == name {
			return p
		}
	}
	t.Fatalf("%s: no part %s", c.ID, name)
	return repro.Part{}
}

// TestFiniteCellsUncertified: a finite cell of Table 1, or a grid's cell
// of Table 2, whose FiniteCombination solve was not certified is
// undecided (repro.Cell.Uncertified), and the grid part of "Table 2
// (finite grids)" it feeds is undecided; the other cells keep their rule.
func TestFiniteCellsUncertified(t *testing.T) {
	outcomes := func(c repro.Claim) map[string]repro.Outcome {
		m := map[string]repro.Outcome{}
		for _, cell := range c.Cells {
			m[cell.Row+"/"+cell.Col] = cell.Verdict().Outcome
		}
		return m
	}
	res := goodResults()
	capped := protocol.FiniteSolve{Status: opt.IterationLimit.String(), Iterations: 500, Gap: 0.02}
	res.Table1[2].FiniteSolve = capped
	res.Table2[4].Grid10Solve = capped
	for _, id := range []string{"Table 1", "Table 2"} {
		good, bad := verdictRow(t, goodResults(), id), verdictRow(t, res, id)
		was, is := outcomes(good), outcomes(bad)
		for _, cell := range bad.Cells {
			k := cell.Row + "/" + cell.Col
			hit := (id == "Table 1" && cell.Row == good.Cells[2*4].Row && cell.Col == "finite") ||
				(id == "Table 2" && cell.Row == good.Cells[4*3].Row && cell.Col == "10×10")
			switch {
			case hit && (is[k] != repro.Undecided || cell.Uncertified != 1):
				t.Errorf("%s %s: %v, uncertified %d; want undecided", id, k, is[k], cell.Uncertified)
			case !hit && is[k] != was[k]:
				t.Errorf("%s %s: %v, was %v", id, k, is[k], was[k])
			}
		}
	}
	for i, p := range verdictRow(t, res, "Table 2 (finite grids)").Parts {
		if want := i == 4; (p.Outcome == repro.Undecided) != want {
			t.Errorf("grids part %d (%s): %v", i, p.Name, p.Outcome)
		}
	}
}

// stopped is the status of a run of Algorithm 1 stopped by Eq. (10).
var stopped = opt.Success.String()

// TestDCRunsUnconverged: a DC cell of Table 1 or 2 whose run stopped at
// the cap of greedy steps, or with a step 2 not certified, is undecided
// (repro.Cell.Uncertified), the tables count those runs, and every part
// that reads that run's error or weights is undecided, naming it; the
// other cells and parts keep their outcome.
func TestDCRunsUnconverged(t *testing.T) {
	res := goodResults()
	res.Table1[2].DC.Status, res.Table1[2].DC.Steps = opt.IterationLimit.String(), 100 // odd vs. even [500, 5000]: at the cap
	res.Table2[4].DC.Certified = 4                                                     // 3 vs. 8 [100, 10000]: a step 2 cut short
	for _, k := range []struct {
		id   string
		cell int // index of the DC cell hit
	}{{"Table 1", 2 * 4}, {"Table 2", 4 * 3}} {
		good, bad := verdictRow(t, goodResults(), k.id), verdictRow(t, res, k.id)
		for i, cell := range bad.Cells {
			o, was := cell.Verdict().Outcome, good.Cells[i].Verdict().Outcome
			hit := i == k.cell
			if hit && (cell.Col != "DC" || o != repro.Undecided || cell.Uncertified != 1) {
				t.Errorf("%s %s %s: %v, uncertified %d; want undecided", k.id, cell.Row, cell.Col, o, cell.Uncertified)
			}
			if !hit && o != was {
				t.Errorf("%s %s %s: %v, was %v", k.id, cell.Row, cell.Col, o, was)
			}
		}
		if !strings.Contains(bad.Ours, "8 of 9 DC runs converged") {
			t.Errorf("%s: Ours %q does not count the run", k.id, bad.Ours)
		}
	}
	for _, k := range []struct {
		id   string
		hits []int // indices of the parts hit
	}{
		{"Table 1 (DC vs standard)", []int{2}},
		{"Table 2 vs Table 1", []int{2, 4}},
		{"Table 2 (finite grids)", []int{4}},
		{"Table 2 (ranges)", []int{1}},
		{"Figure 1", []int{1}},
	} {
		good, bad := verdictRow(t, goodResults(), k.id), verdictRow(t, res, k.id)
		for i, p := range bad.Parts {
			if slices.Contains(k.hits, i) {
				if p.Outcome != repro.Undecided || !strings.Contains(p.Detail, "not converged") {
					t.Errorf("%s part %s: %v (%s); want undecided, naming the run", k.id, p.Name, p.Outcome, p.Detail)
				}
			} else if p.Outcome != good.Parts[i].Outcome {
				t.Errorf("%s part %s: %v, was %v", k.id, p.Name, p.Outcome, good.Parts[i].Outcome)
			}
		}
	}
	// Figure 2 reads odd vs. even [100, 10000] with two variances.
	res = goodResults()
	res.Table2[1].DC.Status = opt.IterationLimit.String()
	if c := verdictRow(t, res, "Figure 2"); c.Outcome != repro.Undecided {
		t.Errorf("Figure 2 from a capped run: %v", c.Outcome)
	}
}

// TestQuadCapBothWays: a four-variance run not stopped by Eq. (10), at
// the cap of greedy steps or by the change of E, is undecided whichever
// way its error points (one below the two-variance error by a point was
// "not reproduced" before 2026-12-01), saying why.
func TestQuadCapBothWays(t *testing.T) {
	part := func(mutate func(q *protocol.Quad)) repro.Part {
		res := goodResults()
		mutate(&res.Quadrants[0])
		for _, c := range Verdict(res).Claims {
			if c.ID == "Section 5 (four variances)" {
				return c.Parts[0]
			}
		}
		t.Fatal("no four-variance row")
		return repro.Part{}
	}
	if p := part(func(q *protocol.Quad) { q.Error -= 1 }); p.Outcome != repro.NotReproduced {
		t.Fatalf("a point below, converged: %v: the case does not test the rule", p.Outcome)
	}
	for _, status := range []string{"IterationLimit", "FunctionConvergence"} {
		for _, shift := range []float64{-1, 0} {
			p := part(func(q *protocol.Quad) { q.Error += shift; q.Status, q.Steps = status, 100 })
			if p.Outcome != repro.Undecided || !strings.Contains(p.Detail, "not stopped by the test (10)") {
				t.Errorf("%s, %+g points: %v %q", status, shift, p.Outcome, p.Detail)
			}
		}
	}
}

// TestStandardCappedCounted: a standard run stopped at the cap of greedy
// steps makes its Table 1 cell undecided for that reason (Uncertified),
// and Table 1's Ours counts it.
func TestStandardCappedCounted(t *testing.T) {
	table1 := func(res *Results) repro.Claim {
		for _, c := range Verdict(res).Claims {
			if c.ID == "Table 1" {
				return c
			}
		}
		t.Fatal("no Table 1")
		return repro.Claim{}
	}
	undecided := func(c repro.Claim) (n int) {
		for _, cell := range c.Cells {
			if cell.Col == "standard" && cell.Uncertified > 0 && cell.Verdict().Outcome == repro.Undecided {
				n++
			}
		}
		return n
	}
	res := goodResults()
	clean := table1(res)
	if strings.Contains(clean.Ours, "standard runs") {
		t.Fatalf("no run capped, counted: %s", clean.Ours)
	}
	res.Table1[0].Standard.Status = "IterationLimit"
	c := table1(res)
	if !strings.Contains(c.Ours, fmt.Sprintf("1 of %d standard runs at the cap of greedy steps", len(res.Table1))) {
		t.Errorf("the capped standard run not counted: %s", c.Ours)
	}
	if undecided(c) != undecided(clean)+1 {
		t.Errorf("standard cells undecided: %d capped, %d clean", undecided(c), undecided(clean))
	}
}

// TestRunsBehindDiagnostics: the four-variance row and the training-size
// diagnostic read DC runs' errors; a part whose DC run did not converge
// (the cap of greedy steps) is undecided, naming it (fromRuns), where the
// same numbers from converged runs decide it.
func TestRunsBehindDiagnostics(t *testing.T) {
	claim := func(res *Results, id string) repro.Claim {
		for _, c := range Verdict(res).Claims {
			if c.ID == id {
				return c
			}
		}
		t.Fatalf("no row %s", id)
		return repro.Claim{}
	}
	// Four variances: the two-variance run of task 0, range 1 capped.
	res := goodResults()
	if o := claim(res, "Section 5 (four variances)").Parts[0].Outcome; o != repro.Reproduced {
		t.Fatalf("converged: %v: the case does not test the rule", o)
	}
	for i := range res.Table2 {
		if res.Table2[i].Task == 0 && res.Table2[i].Range == 1 {
			res.Table2[i].DC.Status = "IterationLimit"
		}
	}
	if p := claim(res, "Section 5 (four variances)").Parts[0]; p.Outcome != repro.Undecided || !strings.Contains(p.Detail, "DC with two variances stopped by IterationLimit") {
		t.Errorf("two-variance run capped: %v %q", p.Outcome, p.Detail)
	}
	// Training size: 200 and 500 points, the error at 500 the paper's.
	res = goodResults()
	p := Table1Paper[0][1][0]
	ok := protocol.Greedy1{Error: p, Status: "Success", Steps: 5, Certified: 5}
	small := ok
	small.Error = p + 2
	res.Sizes = []protocol.SizePoint{{Task: 0, Range: 1, Train: 200, Greedy1: small}, {Task: 0, Range: 1, Train: protocol.PaperTrain, Greedy1: ok}}
	if o := claim(res, "Training size (Table 1)").Outcome; o != repro.Reproduced {
		t.Fatalf("converged: %v: the case does not test the rule", o)
	}
	res.Sizes[1].Status = "IterationLimit"
	if c := claim(res, "Training size (Table 1)"); c.Outcome != repro.Undecided || !strings.Contains(c.Parts[0].Detail, fmt.Sprintf("DC at %d points stopped by IterationLimit", protocol.PaperTrain)) {
		t.Errorf("the 500-point run capped: %v %q", c.Outcome, c.Parts[0].Detail)
	}
}

// TestCorrectiveClaim: the fully corrective variant's row applies the
// iterations rule to the variant's runs (not to the line search's), is
// counted apart, fails its greedy part on a run at the cap and its
// re-weighting part on a re-weighting not certified, and is not run
// without variant runs.
func TestCorrectiveClaim(t *testing.T) {
	res := goodResults()
	if c := CorrectiveClaim(res); c.Outcome != repro.NotRun || !c.Substitute {
		t.Fatalf("no variant runs: %s, substitute %v", c.Outcome, c.Substitute)
	}
	fc := func(steps, reweighed, certified int, status opt.Status) protocol.Greedy1 {
		E := make([]float64, steps+1)
		for i := range E {
			E[i] = float64(10 - i)
		}
		return protocol.Greedy1{Error: 2, Steps: steps, Certified: steps, Status: status.String(), E: E, Cuts: make([]int, steps),
			Atoms: []protocol.Atom{{Weight: 1, Sigma: []float64{1000}}}, Reweighed: reweighed, ReweighCertified: certified}
	}
	for i := range res.Table1 {
		res.Table1[i].DC = fc(100, 0, 0, opt.IterationLimit) // the line search at the cap: not read by this row
		res.Table1[i].Corrective = fc(8, 7, 7, opt.Success)
	}
	c := CorrectiveClaim(res)
	if c.Outcome != repro.Reproduced || !c.Substitute || c.ID != correctiveID {
		t.Fatalf("variant converged: %s, substitute %v", c.Outcome, c.Substitute)
	}
	if p := rowPart(t, c, "greedy"); !strings.Contains(p.Detail, "median 8, max 8 greedy steps over 9 DC runs") {
		t.Errorf("greedy part: %q", p.Detail)
	}
	res.Table1[4].Corrective = fc(100, 99, 99, opt.IterationLimit)
	if p := rowPart(t, CorrectiveClaim(res), "greedy"); p.Outcome != repro.NotReproduced {
		t.Errorf("a variant run at the cap: greedy part %s", p.Outcome)
	}
	res.Table1[4].Corrective = fc(8, 7, 6, opt.Success)
	c = CorrectiveClaim(res)
	if p := rowPart(t, c, "re-weighting"); p.Outcome != repro.NotReproduced || !strings.Contains(p.Detail, "62 of 63 re-weightings certified") {
		t.Errorf("a re-weighting not certified: %s %q", p.Outcome, p.Detail)
	}
	if c.Outcome == repro.Reproduced {
		t.Errorf("a re-weighting not certified: the row %s", c.Outcome)
	}
	if r := verdictRow(t, res, correctiveID); !r.Substitute {
		t.Errorf("the verdict's row is not counted apart")
	}
}
