package colbert2020

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/repro/colbert2020/protocol"

	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/reprotest"
	"github.com/kernelab/kernelab/viz"
)

// TestChecksHold runs the numerical checks of the theorems in quick size:
// each must hold.
func TestChecksHold(t *testing.T) {
	cs, err := RunChecks(true)
	if err != nil {
		t.Fatal(err)
	}
	// The rows whose printed formula fails and a corrected one holds.
	corrected := map[string]bool{"Lemma 5": true, "Corollary 13": true, "Theorem 10": true}
	for _, c := range cs {
		want := repro.Reproduced
		if corrected[c.ID] {
			want = repro.Corrected
		}
		if c.Outcome != want {
			t.Errorf("%s: %v, want %v: %s (%s)", c.ID, c.Outcome, want, c.Ours, c.Reason)
		}
	}
}

// TestQuickRun runs one split of Liver with all five methods on 60 rows and
// checks the verdict is computed from it.
func TestQuickRun(t *testing.T) {
	t.Setenv("KERNELAB_RESULTS", t.TempDir())
	cfg := protocol.Quick()
	cfg.Splits, cfg.MaxTrain, cfg.Rows, cfg.L, cfg.ScalingSizes = 2, 60, []int{0}, 10, nil
	cfg.CurveSizes, cfg.Figure2M = [3][]int{}, 0
	res, err := Run(cfg, func(s string) { t.Log(s) })
	if err != nil {
		t.Fatal(err)
	}
	rep := Verdict(res)
	var tab *repro.Claim
	for i := range rep.Claims {
		if rep.Claims[i].ID == "Table 1" {
			tab = &rep.Claims[i]
		}
	}
	if tab == nil || len(tab.Cells) != len(protocol.Methods) {
		t.Fatalf("Table 1 claim: %+v", tab)
	}
	if q := tab.Quick; q.N != len(protocol.Methods) || q.M != len(protocol.DataSets)*len(protocol.Methods) || !strings.HasPrefix(rep.Counts().String(), repro.QuickNote) {
		t.Errorf("quick Table 1 decided on %v; summary %q", q, rep.Counts())
	}
	for _, c := range tab.Cells {
		if !(c.Ours.Mean > 40 && c.Ours.Mean <= 100) || c.Ours.N != 2 {
			t.Errorf("%s %s: %v", c.Row, c.Col, c.Ours)
		}
	}
	t.Log(rep.Counts())
}

// synthRow is a made-up row of Table 1: every column at the paper's mean
// with the paper's spread over 30 splits (±std in a fixed pattern whose
// sample std is about the paper's), [TK] and [SimpleMKL TK] shifted by
// shift, each with its own noise.
func synthRow(ds protocol.DataSet, shift float64) protocol.Row {
	pi := protocol.DataSetIndex(ds.Name)
	row := protocol.Row{Data: ds}
	for s := 0; s < PaperSplits; s++ {
		sr := protocol.SplitResult{Ran: make([]bool, 5), Acc: make([]float64, 5), Time: make([]float64, 5), Fit: make([]float64, 5), C: make([]float64, 5)}
		for j := range protocol.Methods {
			sr.Ran[j] = true
			sign := float64(1 - 2*((s+j)%2))
			sr.Acc[j] = Table1Accuracy[pi][j].Mean + sign*Table1Accuracy[pi][j].Std
			sr.Time[j], sr.Fit[j] = 1, 1
		}
		sr.Acc[protocol.MTK] += shift + 0.5*float64(s%3)
		sr.Acc[protocol.MSimpleMKLTK] += shift + 0.5*float64(s%3)
		row.Splits = append(row.Splits, sr)
	}
	return row
}

// verdictClaims returns the claims of Verdict on rows by ID.
func verdictClaims(rows []protocol.Row) map[string]repro.Claim {
	out := map[string]repro.Claim{}
	for _, c := range Verdict(&Results{Mode: "test", Table1: rows}).Claims {
		out[c.ID] = c
	}
	return out
}

// TestVerdictOnSyntheticRows checks the Table 1 and Section 8 rows on
// made-up results. Table 1: columns at the paper's means and spreads are
// never out (Welch's test cannot reject them), a column 15 points off is
// out, and swapping two methods of Liver 6 points apart puts both out.
// Section 8: [TK] and [SimpleMKL TK] a little above [SimpleMKL] on every
// split are shown no worse; 20 points below, shown worse; with [TK] and
// [SimpleMKL] swapped on a set where [TK] led by 20 points, the set fails.
func TestVerdictOnSyntheticRows(t *testing.T) {
	outs := func(cells []repro.Cell) map[string]bool {
		m := map[string]bool{}
		for _, c := range cells {
			if c.Verdict().Outcome == repro.NotReproduced {
				m[c.Row+" "+c.Col] = true
			}
		}
		return m
	}
	at := verdictClaims([]protocol.Row{synthRow(protocol.DataSets[0], 0), synthRow(protocol.DataSets[1], 0)})
	if o := outs(at["Table 1"].Cells); len(o) != 0 || len(at["Table 1"].Cells) != 10 {
		t.Errorf("at the paper's numbers: %d cells, out: %v", len(at["Table 1"].Cells), o)
	}
	off := verdictClaims([]protocol.Row{synthRow(protocol.DataSets[0], -15)})
	if o := outs(off["Table 1"].Cells); !o["Liver TK"] || !o["Liver SimpleMKL TK"] || o["Liver SimpleMKL"] {
		t.Errorf("[TK] and [SimpleMKL TK] 15 points off: out %v", o)
	}
	if off["Table 1"].Outcome == repro.Reproduced {
		t.Errorf("Table 1 with two columns out: %v", off["Table 1"].Outcome)
	}
	sw := synthRow(protocol.DataSets[0], 0)
	for s := range sw.Splits {
		a := sw.Splits[s].Acc
		a[protocol.MTK], a[protocol.MNeuralNet] = a[protocol.MNeuralNet], a[protocol.MTK]
	}
	if o := outs(verdictClaims([]protocol.Row{sw})["Table 1"].Cells); !o["Liver TK"] || !o["Liver Neural Net"] {
		t.Errorf("[TK] and [Neural Net] swapped: out %v", o)
	}

	// Section 8: near ties with [SimpleMKL], split by split.
	near := func(ds protocol.DataSet, shift float64) protocol.Row {
		r := synthRow(ds, 0)
		for s := range r.Splits {
			a := r.Splits[s].Acc
			a[protocol.MTK] = a[protocol.MSimpleMKL] + shift + 0.1*float64(s%3)
			a[protocol.MSimpleMKLTK] = a[protocol.MSimpleMKL] + shift - 0.1*float64(s%2)
		}
		return r
	}
	if c := verdictClaims([]protocol.Row{near(protocol.DataSets[0], 0.2), near(protocol.DataSets[1], 0.2)})["Section 8"]; c.Outcome != repro.Reproduced {
		t.Errorf("TK columns no worse: %v — %s", c.Outcome, c.Ours)
	}
	if c := verdictClaims([]protocol.Row{near(protocol.DataSets[0], 0.2), near(protocol.DataSets[1], -20)})["Section 8"]; c.Outcome != repro.Partly || len(c.Parts) != 2 || c.Parts[1].Outcome != repro.NotReproduced || !strings.HasPrefix(c.Reason, "fails: Cancer ([TK] worse") {
		t.Errorf("Cancer 20 points worse: %v — %+v (%s)", c.Outcome, c.Parts, c.Reason)
	}
	lead := near(protocol.DataSets[0], 20)
	for s := range lead.Splits {
		a := lead.Splits[s].Acc
		a[protocol.MTK], a[protocol.MSimpleMKL] = a[protocol.MSimpleMKL], a[protocol.MTK]
		a[protocol.MSimpleMKLTK] = a[protocol.MTK]
	}
	if c := verdictClaims([]protocol.Row{lead})["Section 8"]; c.Outcome != repro.NotReproduced {
		t.Errorf("[TK] and [SimpleMKL] swapped: %v — %s", c.Outcome, c.Ours)
	}
}

// TestFigure6 runs Figure 6 on a coarse lattice and checks [TK] separates
// the circle and every panel's C (and [TK]'s ε) comes from the CV grids.
func TestFigure6(t *testing.T) {
	cfg := protocol.Quick()
	cfg.Seed, cfg.Figure6Grid = 3, 11
	cfg.TKCGrid = []float64{0.1, 10}
	s, err := protocol.Figure6(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(s) != 4 || len(s[0].Z) != 11 || s[0].TestAcc < 85 {
		t.Fatalf("%d panels, circle TK accuracy %v", len(s), s[0].TestAcc)
	}
	for i, p := range s {
		t.Logf("%s: C = %g, ε = %g, %.1f %%", p.Title, p.C, p.Eps, p.TestAcc)
		grid, eps := cfg.CGrid, []float64{0}
		if i%2 == 0 {
			grid, eps = cfg.TKCGrid, cfg.EpsGrid
		}
		if !slices.Contains(grid, p.C) || !slices.Contains(eps, p.Eps) {
			t.Errorf("%s: C = %g, ε = %g, not in the CV grids %v, %v", p.Title, p.C, p.Eps, grid, eps)
		}
	}
	if err := viz.CheckFigure(Figure6Chart(s)); err != nil {
		t.Fatal(err)
	}
	sc := &protocol.Scaling{}
	for _, problem := range []string{"circle", "spiral"} {
		sc.Series = append(sc.Series,
			protocol.ScalingSeries{Method: "TK", Problem: problem, Degree: 1, Sizes: []int{40, 80, 160}, Seconds: []float64{0.1, 0.3, 1.2}, Exponent: 1.8},
			protocol.ScalingSeries{Method: "SimpleMKL TK", Problem: problem, Degree: 1, L: 30, Sizes: []int{40, 80, 160}, Seconds: []float64{0.05, 0.2, 0.7}, Exponent: 1.9})
	}
	// Legends and panel titles name the methods plainly: the paper's
	// "[TK]" reads as unrendered citation markup in a chart.
	names := []string{}
	for _, method := range []string{"TK", "SimpleMKL TK"} {
		scaling := ScalingChart(sc, method)
		if len(scaling.Panels) != 2 || !scaling.SharedLegend {
			t.Fatalf("%s: %d panels (shared legend %v), want 2 with one legend", method, len(scaling.Panels), scaling.SharedLegend)
		}
		if err := viz.CheckFigure(scaling); err != nil {
			t.Fatal(err)
		}
		names = append(names, scaling.Title)
		for _, p := range scaling.Panels {
			l := p.(*viz.Line)
			names = append(names, l.Title)
			for _, ser := range l.Series {
				if want := "d = 1"; method == "TK" && ser.Name != want || method != "TK" && ser.Name != "L = 30" {
					t.Errorf("%s: series %q", method, ser.Name)
				}
				names = append(names, ser.Name)
			}
		}
	}
	// The slope table: one row per series, both problems' slopes.
	md := ScalingMarkdown(sc)
	for _, row := range []string{"| 3 | TK | d = 1 | 1.80 | 1.80 | 2.6 |", "| 4 | SimpleMKL TK | L = 30 | 1.90 | 1.90 | 2.1 |"} {
		if !strings.Contains(md, row) {
			t.Errorf("slope table lacks %q:\n%s", row, md)
		}
	}
	for _, p := range s {
		names = append(names, p.Title)
	}
	for _, n := range names {
		if strings.ContainsAny(n, "[]") {
			t.Errorf("chart label %q has brackets", n)
		}
	}
}

// TestSpeedClaimUsesOneFit checks that the time row compares one [TK] fit,
// not the column with its CV, with the paper's time: a fit 20× faster
// holds even when the column with its CV is slower than the paper, and a
// fit only 5× faster does not.
func TestSpeedClaimUsesOneFit(t *testing.T) {
	row := func(ds protocol.DataSet, fitShare float64) protocol.Row {
		p := Table1Time[protocol.DataSetIndex(ds.Name)][protocol.MTK].Mean
		r := protocol.Row{Data: ds}
		for s := 0; s < 3; s++ {
			sr := protocol.SplitResult{Ran: make([]bool, 5), Acc: make([]float64, 5), Time: make([]float64, 5), Fit: make([]float64, 5), C: make([]float64, 5)}
			sr.Ran[protocol.MTK], sr.Acc[protocol.MTK], sr.Fit[protocol.MTK], sr.Time[protocol.MTK] = true, 80, p*fitShare, 2*p
			r.Splits = append(r.Splits, sr)
		}
		return r
	}
	if c := speedClaim([]protocol.Row{row(protocol.DataSets[0], 0.05), row(protocol.DataSets[4], 0.05)}); c.Outcome != repro.Reproduced || c.Kind != repro.Target || c.Label() != "met" {
		t.Errorf("fits 20× faster: %v — %s", c.Outcome, c.Ours)
	}
	c := speedClaim([]protocol.Row{row(protocol.DataSets[0], 0.05), row(protocol.DataSets[4], 0.2)})
	if c.Outcome != repro.Partly || !strings.Contains(c.Ours, "with CV") {
		t.Errorf("one fit only 5× faster: %v — %s", c.Outcome, c.Ours)
	}
	md := Table1Markdown([]protocol.Row{row(protocol.DataSets[0], 0.05)})
	if !strings.Contains(md, "ours, one fit") || !strings.Contains(md, "ours, with CV") {
		t.Errorf("Table 1 lacks the two time columns:\n%s", md)
	}
	// Three columns on Liver, on three splits: [TK] at 72 % (paper 72.32:
	// not rejected, but three splits cannot see δ: undecided), [SimpleMKL]
	// at 60 % (paper 65.51 ± 5.10: out) and [Neural Net] at 72 % (paper
	// 66.32 ± 7.46: out). The best mean of each column is bold, as the paper
	// bolds its best: [TK] in both.
	liver := row(protocol.DataSets[0], 0.05)
	for s := range liver.Splits {
		sr := &liver.Splits[s]
		sr.Acc[protocol.MTK] = 72
		sr.Ran[protocol.MSimpleMKL], sr.Acc[protocol.MSimpleMKL] = true, 60
		sr.Ran[protocol.MNeuralNet], sr.Acc[protocol.MNeuralNet] = true, 71.999 // prints as 72.00: a tie, bold too
	}
	md = Table1Markdown([]protocol.Row{liver})
	for _, want := range []string{"| Liver (346) | TK | 3 | **72.32 ± 4.92** | **72.00** (undecided) |", "|  | SimpleMKL | 3 | 65.51 ± 5.10 | 60.00 (out) |", "|  | Neural Net | 3 | 66.32 ± 7.46 | **72.00** (out) |"} {
		if !strings.Contains(md, want) {
			t.Errorf("Table 1 lacks %q:\n%s", want, md)
		}
	}
}

// TestScalingAndFigure6Claims: Figures 3–4 hold when every exponent is
// within ±ExponentSlack of the paper's and fail when one series grows
// faster or slower (a faster solver fails too); they are marked
// substitute (counted apart). The q and L exponents are fitted across the
// series at each shared size: exact powers give the paper's exponent, a
// linear growth fails. Figure 6 is our target (counted apart): met when
// [TK] separates both problems, not when its spiral panel (or, swapped,
// [SimpleMKL]'s weaker one) falls below Figure6MinAccuracy.
func TestScalingAndFigure6Claims(t *testing.T) {
	sc := &protocol.Scaling{Series: []protocol.ScalingSeries{
		{Method: "TK", Problem: "circle", Degree: 1, Sizes: []int{50, 100}, Seconds: []float64{1, 4}, Exponent: 2.3},
		{Method: "TK", Problem: "spiral", Degree: 1, Sizes: []int{50, 100}, Seconds: []float64{1, 5}, Exponent: 2.9},
	}}
	if c := scalingClaim(sc, "Figure 3", "TK", "s", PaperSDPExponent); c.Outcome != repro.Reproduced || !c.Substitute {
		t.Errorf("exponents 2.3 and 2.9: %v, substitute %v", c.Outcome, c.Substitute)
	}
	for _, e := range []float64{PaperSDPExponent + ExponentSlack + 0.1, PaperSDPExponent - ExponentSlack - 0.1} {
		sc.Series[1].Exponent = e
		if c := scalingClaim(sc, "Figure 3", "TK", "s", PaperSDPExponent); c.Outcome != repro.NotReproduced || !strings.Contains(c.Reason, fmt.Sprintf("%.2f", e)) {
			t.Errorf("exponent %g outside the slack: %v (%s)", e, c.Outcome, c.Reason)
		}
	}
	rep := &repro.Report{Mode: "test"}
	rep.Add(scalingClaim(sc, "Figure 3", "TK", "s", PaperSDPExponent))
	if n := rep.Counts(); n.Claims != 0 || n.SubClaims != 1 {
		t.Errorf("a substitute row counted among the paper's claims: %+v", n)
	}
	// Seconds = size^p at every m: the fitted exponent is p.
	powers := func(pq, pl float64) *protocol.Scaling {
		var out protocol.Scaling
		for d := 1; d <= 3; d++ {
			q, _ := kernel.TKSize(2, d)
			out.Series = append(out.Series, protocol.ScalingSeries{Method: "TK", Problem: "circle", Degree: d, Sizes: []int{50, 100},
				Seconds: []float64{math.Pow(float64(2*q), pq), 8 * math.Pow(float64(2*q), pq)}})
		}
		for _, L := range []int{100, 200, 300} {
			out.Series = append(out.Series, protocol.ScalingSeries{Method: "SimpleMKL TK", Problem: "spiral", Degree: 1, L: L, Sizes: []int{50, 100},
				Seconds: []float64{math.Pow(float64(L), pl), 4 * math.Pow(float64(L), pl)}})
		}
		return &out
	}
	good := powers(PaperSDPQExponent, PaperSimpleMKLLExponent)
	q := sizeExponentClaim(good, "Figure 3 (q)", "TK", "q", "s", PaperSDPQExponent)
	l := sizeExponentClaim(good, "Figure 4 (L)", "SimpleMKL TK", "L", "s", PaperSimpleMKLLExponent)
	if q.Outcome != repro.Reproduced || !q.Substitute || !strings.Contains(q.Ours, "circle m = 100: 1.90 (q = 10–70)") || l.Outcome != repro.Reproduced {
		t.Errorf("exact powers: q %v (%s), L %v (%s)", q.Outcome, q.Ours, l.Outcome, l.Ours)
	}
	linear := powers(1, 1)
	if q, l := sizeExponentClaim(linear, "Figure 3 (q)", "TK", "q", "s", PaperSDPQExponent), sizeExponentClaim(linear, "Figure 4 (L)", "SimpleMKL TK", "L", "s", PaperSimpleMKLLExponent); q.Outcome != repro.NotReproduced || l.Outcome != repro.NotReproduced {
		t.Errorf("linear in q and L: %v, %v", q.Outcome, l.Outcome)
	}
	if c := sizeExponentClaim(sc, "Figure 3 (q)", "TK", "q", "s", PaperSDPQExponent); c.Outcome != repro.NotRun {
		t.Errorf("one degree per problem: %v", c.Outcome)
	}
	s := []protocol.Surface{{TestAcc: 95}, {TestAcc: 93}, {TestAcc: 91}, {TestAcc: 60}}
	if c := Figure6Claim(s); c.Outcome != repro.Reproduced || c.Kind != repro.Target {
		t.Errorf("TK 95 and 91 %%: %v, %v", c.Outcome, c.Kind)
	}
	s[2], s[3] = s[3], s[2] // [TK] and [SimpleMKL] swapped on the spiral
	if c := Figure6Claim(s); c.Outcome != repro.NotReproduced || c.Reason != "[TK] below 90 %: spiral 60.0 %" {
		t.Errorf("swapped spiral panels: %v (%s)", c.Outcome, c.Reason)
	}
	if c := Figure6Claim(s); !strings.Contains(c.Statement, SpiralSource) {
		t.Errorf("Figure 6 does not name its spiral: %q", c.Statement)
	}
	// SpiralSource's three turns, arms 1 apart: noise-free, ρ runs over
	// [0.5, 6.5] and falls by 2 per turn, so the arms sweep (6.5 − 0.5)/2 = 3
	// turns.
	ds, err := datasets.TwoSpiralsSample(4000, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for i := 0; i < 4000; i++ {
		r := math.Hypot(ds.X.At(i, 0), ds.X.At(i, 1))
		lo, hi = min(lo, r), max(hi, r)
	}
	if turns := (hi - lo) / 2; lo < 0.5-1e-12 || hi > 6.5+1e-12 || math.Abs(turns-3) > 0.01 {
		t.Errorf("the spiral's radii run over [%.3f, %.3f]: %.3f turns, not the three SpiralSource states", lo, hi, turns)
	}
	rep = &repro.Report{Mode: "test"}
	rep.Add(Figure6Claim(s))
	if n := rep.Counts(); n.Claims != 0 || n.Targets != 1 {
		t.Errorf("Figure 6 counted among the paper's claims: %+v", n)
	}
}

// TestTable1CountsTKPlus: [SimpleMKL TK+]'s cells are counted in Table 1
// like the other four columns'. At the paper's numbers the row is
// undecided (thirty splits cannot resolve δ, the gap to the nearest
// method); it fails when the column repeats [SimpleMKL] on Liver (what
// the unit-trace TK kernels made it do) or falls 15 points on Cancer.
func TestTable1CountsTKPlus(t *testing.T) {
	rows := func(mutated bool, edit func([]protocol.Row)) []protocol.Row {
		r := []protocol.Row{synthRow(protocol.DataSets[0], 0), synthRow(protocol.DataSets[1], 0)}
		if mutated {
			edit(r)
		}
		return r
	}
	table1 := func(r []protocol.Row) repro.Claim { return verdictClaims(r)["Table 1"] }
	at := rows(false, nil)
	if n := Verdict(&Results{Mode: "full", Table1: at}).Counts(); n.Cells != 10 {
		t.Errorf("%d cells counted for two data sets, want 10", n.Cells)
	}
	reprotest.Check(t, []reprotest.Mutation{
		{Name: "[SimpleMKL TK+] repeats [SimpleMKL] on Liver", Want: repro.Undecided, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			return table1(rows(m, func(r []protocol.Row) {
				for s := range r[0].Splits {
					r[0].Splits[s].Acc[protocol.MSimpleMKLTKPlus] = r[0].Splits[s].Acc[protocol.MSimpleMKL]
				}
			}))
		}},
		{Name: "[SimpleMKL TK+] 15 points low on Cancer", Want: repro.Undecided, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			return table1(rows(m, func(r []protocol.Row) {
				for s := range r[1].Splits {
					r[1].Splits[s].Acc[protocol.MSimpleMKLTKPlus] -= 15
				}
			}))
		}},
	})
}

// TestCutsLabelled: in full mode the rows name the cuts of ours that shape
// them, read from the configurations: Table 1's reason the ε rows, L and
// the step limits; Section 8 its L beside the paper's; a mode without a
// configuration names none.
func TestCutsLabelled(t *testing.T) {
	rows := []protocol.Row{synthRow(protocol.DataSets[0], -15)}
	claims := map[string]repro.Claim{}
	for _, c := range Verdict(&Results{Mode: "full", Table1: rows}).Claims {
		claims[c.ID] = c
	}
	for id, want := range map[string][]string{
		"Table 1":   {"ε = [0.1] except on Liver, Ionosphere, by CV there (by CV everywhere)", "L = 100 (300)", "[TK] certified to gap 0.01 within 100 steps (0.0001, 2000)"},
		"Section 8": {"L = 100 random TK kernels (the paper: 300)"},
	} {
		text := claims[id].Ours + " " + claims[id].Reason
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s does not name %q: %s", id, w, text)
			}
		}
	}
	if c := verdictClaims(rows)["Section 8"]; strings.Contains(c.Ours, "L = ") {
		t.Errorf("a mode without a configuration names a cut: %s", c.Ours)
	}
	// SimpleMKL runs to the toolbox's 500 steps in full mode: not a cut.
	// A configuration that caps it lower names its cap.
	if text := claims["Table 1"].Ours + " " + claims["Table 1"].Reason; strings.Contains(text, "SimpleMKL ≤") {
		t.Errorf("full mode names a SimpleMKL step cut: %s", text)
	}
	cfg := protocol.Full()
	cfg.SimpleMKLIter = 100
	if text := cutsOf(cfg); !strings.Contains(text, "SimpleMKL ≤ 100 steps (500)") {
		t.Errorf("a SimpleMKL cap of 100 not named: %s", text)
	}
}

// TestCriteriaDecideEveryRow: the criteria table is well formed and
// decides every row Verdict can produce; the diagnostics are post hoc and
// their rows are labelled so; a report's criteria are a copy.
func TestCriteriaDecideEveryRow(t *testing.T) {
	if err := Criteria.Check(nil); err != nil {
		t.Fatal(err)
	}
	f2 := figure2Fixture()
	res := &Results{Mode: "test", Table1: []protocol.Row{synthRow(protocol.DataSets[0], 0)}, Figure2: f2,
		Curves: []*protocol.Curve{{Problem: protocol.CurveLiver, Sizes: []int{50}, TK: [][]float64{{60, 61}}, SimpleMKL: [][]float64{{59, 62}}, Majority: [][]float64{{58, 58}}}}}
	rep := Verdict(res)
	rep.StampCriteria() // stamps the report's copy, never the package's table
	for _, c := range Criteria {
		if c.Commit != "" {
			t.Errorf("stamping a report changed criterion %q of the package", c.ID)
		}
	}
	for _, c := range rep.Claims {
		cr, ok := Criteria.For(c.ID)
		if !ok {
			t.Errorf("row %q is decided by no criterion", c.ID)
			continue
		}
		if c.Kind == repro.Diagnostic && (!cr.PostHoc || !c.PostHoc) {
			t.Errorf("diagnostic %q not post hoc", c.ID)
		}
	}
	for _, id := range theoremClaims {
		if _, ok := Criteria.For(id); !ok {
			t.Errorf("theorem row %q has no criterion", id)
		}
	}
}
