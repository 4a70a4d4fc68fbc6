package donini2017

import (
	"strings"
	"testing"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/donini2017/protocol"
)

// TestUncertifiedSolvesUndecided: a verdict part whose numbers come from a
// QP solve not certified is undecided, and the row counts the solves
// (Figure 9's fits, the outer-fold fits of Figures 3–5, Figure 6, Figure
// 8 and Table 4's K_MKL); with every solve certified nothing changes.
func TestUncertifiedSolvesUndecided(t *testing.T) {
	base := Verdict(quickResults(t))
	res := quickResults(t)
	capped := protocol.FitStatus{Status: "IterationLimit", Iterations: protocol.Fig9MaxIter, Gap: 2e-6}
	ok := protocol.FitStatus{Status: "Success", Iterations: 10, Gap: 1e-7}
	res.Fig9[0].Fits = [][]protocol.FitStatus{{ok}, {ok, capped}, {ok}, {ok}, {ok}}
	for i := range res.CV {
		c := &res.CV[i]
		c.Uncert = make([][][]int, len(protocol.Methods))
		for m := range c.Uncert {
			for range c.Ds {
				c.Uncert[m] = append(c.Uncert[m], make([]int, len(c.AUC[0][0])))
			}
		}
		c.Uncert[0][len(c.Ds)-1][1] = 1 // K_MKL at the largest D, fold 1
		c.Solves = protocol.Solves{N: 100, Uncertified: 1, Capped: 1, MaxGap: 1e-5}
	}
	f := &res.Fig6[0]
	for i := range f.Ds {
		f.QU, f.RU = append(f.QU, make([]int, len(f.Q[i]))), append(f.RU, make([]int, len(f.R[i])))
	}
	f.RU[0][0] = 2
	for i := range res.Fig8 {
		res.Fig8[i].Uncertified = 1
	}
	for i := range res.Table4 {
		res.Table4[i].MKLUncert = []int{0, 1, 0}
	}
	v := Verdict(res)
	for _, id := range []string{"Figure 9", "Figures 3–5 K_MKL vs K_D", "Figures 3–5 K_MKL vs K_sum", "Figures 3–5 optimistic baselines",
		"Figures 3–5 substitutes", "Figure 6", "Figure 8 Heart", "Figure 8 Splice", "Table 4 K_MKL vs gHKL"} {
		c0, c := claimByID(base, id), claimByID(v, id)
		if c0.Outcome == repro.NotRun {
			continue
		}
		if undecidedUncertified(c) == 0 {
			t.Errorf("%s: no part undecided for its uncertified solves: %v %q", id, c.Outcome, c.Ours)
		}
		for _, p := range c0.Parts {
			if strings.Contains(p.Detail, "not certified") {
				t.Errorf("%s: every solve certified, yet %q", id, p.Detail)
			}
		}
	}
	// Figure 9's one noise range has an uncertified fit: the row is
	// undecided, whatever its trend.
	if c := claimByID(v, "Figure 9"); c.Outcome != repro.Undecided || !strings.Contains(c.Parts[0].Detail, "1 of 6 fits") {
		t.Errorf("Figure 9 with an uncertified fit: %v %q", c.Outcome, c.Parts[0].Detail)
	}
	if c := claimByID(v, "Figures 3–5 K_MKL vs K_D"); !strings.Contains(c.Ours, "2 of 200 QP solves not certified") {
		t.Errorf("Figures 3–5 row does not count the solves: %q", c.Ours)
	}
}

// TestUncertifiedRestOfP2: the rows of Figure 7, §5.2's R_D weights,
// Table 3, Figure 10 and Table 5's deskewing read fits whose status is now
// recorded; a part fed by one not certified (an EasyMKL QP solve short of
// opt.Success, an SVM at its iteration cap, a Table 5 pair with either) is
// undecided and the row counts them; with every fit certified nothing
// changes.
func TestUncertifiedRestOfP2(t *testing.T) {
	base := Verdict(quickResults(t))
	res := quickResults(t)
	for i := range res.Fig7 {
		c := &res.Fig7[i]
		c.Uncert = make([]int, len(c.Ds))
		c.Uncert[0] = 1
		c.Solves = protocol.Solves{N: 2 * len(c.Ds), Uncertified: 1, Capped: 1, MaxGap: 1e-5}
	}
	res.Fig6SpreadSolves = protocol.Solves{N: 4, Uncertified: 1, Capped: 1, MaxGap: 1e-5}
	for i := range res.Table3 {
		r := &res.Table3[i]
		r.RBFU = make([]int, len(r.RBF))
		r.OursU[0] = make([]int, len(r.Ours[0]))
		switch i {
		case 1:
			r.RBFU[0] = 1
			r.Solves = protocol.Solves{N: 6 * len(r.RBF), SVMs: len(r.RBF), SVMCapped: 1}
		case 2:
			r.OursU[0][1] = 2
			r.Solves = protocol.Solves{N: 6 * len(r.RBF), Uncertified: 2, Capped: 2, MaxGap: 1e-5, SVMs: len(r.RBF)}
		}
	}
	f := res.Fig10
	f.EtaUncert = make([]int, len(f.Ds))
	f.EtaUncert[len(f.Ds)-1] = 1
	f.Solves = protocol.Solves{N: len(f.Ds), Uncertified: 1, Capped: 1, SVMs: 60, SVMCapped: 2, ExcludedC: 2}
	res.Table5.Pairs, res.Table5.Uncertified = 45, 1
	res.Table5.Solves = protocol.Solves{N: 45, SVMs: 45, SVMCapped: 1}
	res.Table5Deskewed.Pairs = 45
	v := Verdict(res)
	for _, id := range []string{"Figure 7", "§5.2 R_D weights", "Table 3", "Figure 10 large D", "Table 5 deskewing"} {
		c0, c := claimByID(base, id), claimByID(v, id)
		if c0.Outcome == repro.NotRun {
			t.Fatalf("%s not run in the quick results", id)
		}
		if undecidedUncertified(c) == 0 {
			t.Errorf("%s: no part undecided for its uncertified fits: %v %q", id, c.Outcome, c.Ours)
		}
		if !strings.Contains(c.Ours, "not certified") {
			t.Errorf("%s: the row does not count its fits: %q", id, c.Ours)
		}
		for _, p := range c0.Parts {
			if strings.Contains(p.Detail, "not certified") || strings.Contains(c0.Ours, "not certified") {
				t.Errorf("%s: every fit certified, yet %q / %q", id, p.Detail, c0.Ours)
			}
		}
	}
	// Table 3: Ionosphere's part is undecided for its RBF SVM, Splice's for
	// EasyMKL's QP solves, Heart's (all certified) is not; the table's
	// cells say so.
	svmPart, qpPart := false, false
	for _, p := range claimByID(v, "Table 3").Parts {
		svmPart = svmPart || (p.Name == "Ionosphere" && strings.Contains(p.Detail, "1 SVM fits behind it not certified"))
		qpPart = qpPart || (p.Name == "Splice" && strings.Contains(p.Detail, "2 QP solves behind it not certified"))
	}
	if !svmPart || !qpPart {
		t.Errorf("Table 3 parts: %+v", claimByID(v, "Table 3").Parts)
	}
	rows, err := Table3Rows(res)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(rows[1][1], "1 SVM fits not certified") || !strings.Contains(rows[2][2], "2 QP solves not certified") || strings.Contains(strings.Join(rows[0], " "), "not certified") {
		t.Errorf("Table 3 cells: %q", rows)
	}
	// Table 5: the row counts the pairs; the raw run's cell, fed by the
	// SVM at its cap, is undecided (TestUncertifiedCells), the deskewed
	// run's keeps its rule.
	if c := claimByID(v, "Table 5"); !strings.Contains(c.Ours, "raw: 1 of 45 pairs") || len(c.Cells) != 2 ||
		c.Cells[0].Verdict().Outcome != repro.Undecided || c.Cells[1].Verdict() != claimByID(base, "Table 5").Cells[1].Verdict() {
		t.Errorf("Table 5 row: %v %q", c.Outcome, c.Ours)
	}
	if c := claimByID(v, "Figure 10 best"); !strings.Contains(c.Ours, "2 of 60 SVM fits not certified (at the iteration cap), 2 values of C left out") {
		t.Errorf("Figure 10 row does not count the SVM fits: %q", c.Ours)
	}
}

// TestFigure10BestDCertified: K_MKL's best D is chosen among the degrees
// whose EasyMKL solve was certified (the others left out and counted); with
// none certified, the parts that read it are undecided.
func TestFigure10BestDCertified(t *testing.T) {
	blocks := func(level float64) []float64 {
		b := make([]float64, protocol.Fig10Blocks)
		for i := range b {
			b[i] = level + 0.3*float64(i%3)
		}
		return b
	}
	res := func(u []int) *Results {
		c := &protocol.MNISTCurve{Ds: []int{5, 40}, EtaUncert: u}
		// K_MKL 2 % at D = 5, 4 % at D = 40; the others 5 %.
		c.Err[0], c.BlockErr[0] = []float64{2, 4}, [][]float64{blocks(2), blocks(4)}
		for m := 1; m < 3; m++ {
			c.Err[m], c.BlockErr[m] = []float64{5, 5}, [][]float64{blocks(5), blocks(5)}
		}
		c.RBFBlocks = blocks(5)
		return &Results{Fig10: c}
	}
	if c := claimByID(Verdict(res(nil)), "Figure 10 best"); !strings.Contains(c.Parts[0].Detail, "(D=5)") || strings.Contains(c.Parts[0].Detail, "left out") {
		t.Errorf("all certified: %q", c.Parts[0].Detail)
	}
	v := Verdict(res([]int{1, 0}))
	if c := claimByID(v, "Figure 10 best"); !strings.Contains(c.Parts[0].Detail, "K_MKL 4.00 % (D=40)") || !strings.Contains(c.Parts[0].Detail, "1 left out") || c.Parts[0].Outcome == repro.Undecided {
		t.Errorf("D = 5 not certified: %v %q", c.Parts[0].Outcome, c.Parts[0].Detail)
	}
	if c := claimByID(v, "Figure 10 large D"); c.Parts[0].Outcome == repro.Undecided {
		t.Errorf("largest D certified, yet undecided: %q", c.Parts[0].Detail)
	}
	v = Verdict(res([]int{1, 1}))
	for _, id := range []string{"Figure 10 best", "Figure 10 large D", "Figure 10 RBF baseline"} {
		if c := claimByID(v, id); c.Outcome != repro.Undecided {
			t.Errorf("%s with no D certified: %v %q", id, c.Outcome, c.Parts)
		}
	}
	if c := claimByID(v, "Figure 10 K_sum"); c.Outcome == repro.Undecided {
		t.Errorf("K_sum reads no EasyMKL fit, yet undecided: %q", c.Parts)
	}
}

// undecidedUncertified counts the parts of c left undecided for solves or
// fits not certified.
func undecidedUncertified(c repro.Claim) int {
	n := 0
	for _, p := range c.Parts {
		if p.Outcome == repro.Undecided && strings.Contains(p.Detail, "not certified") {
			n++
		}
	}
	return n
}

// TestUncertifiedCells: a cell of Table 4 or Table 5 whose number is fed
// by a fit not certified is undecided (repro.Cell.Uncertified, the count
// of such solves behind it), whatever its distance to the paper's; the
// other cells keep their rule. Table 4's K_MKL cell reads its outer folds'
// counts (protocol.GHKLRow.MKLUncert), Table 5's a run's QP solves and
// SVM fits (protocol.Solves.NotCertified).
func TestUncertifiedCells(t *testing.T) {
	folds := func(level float64) []float64 {
		v := make([]float64, 10)
		for i := range v {
			v[i] = level + 0.01*float64(i%3-1)
		}
		return v
	}
	results := func(mklUncert []int, raw, deskewed protocol.Solves) *Results {
		row := protocol.GHKLRow{Data: "haberman", Nodes: "linear", MKLUncert: mklUncert}
		for _, p := range Table4Paper["haberman"] {
			row.AUC = append(row.AUC, folds(p.Mean))
		}
		// Both runs 3 points above the paper's error: out, when certified.
		return &Results{Mode: "test", Table4: []protocol.GHKLRow{row},
			Table5:         &AllPairs{Train: 60000, Test: 10000, Err: 3.9, Pairs: 45, Solves: raw},
			Table5Deskewed: &AllPairs{Train: 60000, Test: 10000, Deskewed: true, Err: 3.8, Pairs: 45, Solves: deskewed}}
	}
	cells := func(v *repro.Report, id string) []repro.Cell {
		cs := claimByID(v, id).Cells
		if len(cs) == 0 {
			t.Fatalf("%s has no cells", id)
		}
		return cs
	}
	certified := protocol.Solves{N: 90, SVMs: 45}
	base := Verdict(results(nil, certified, certified))
	v := Verdict(results([]int{0, 1, 0, 0, 2, 0, 0, 0, 0, 0}, protocol.Solves{N: 90, Uncertified: 1, Capped: 1, SVMs: 45, SVMCapped: 1}, certified))
	for _, id := range []string{"Table 4", "Table 5"} {
		for i, c := range cells(v, id) {
			// Table 4's K_MKL (3 QP solves) and Table 5's raw run (2 fits).
			want := map[string]int{"K_MKL (K_10)": 3, "Our, error %": 2}[c.Col]
			c0 := cells(base, id)[i]
			if c0.Uncertified != 0 || (want > 0 && c0.Verdict().Outcome == repro.Undecided) {
				t.Fatalf("%s %s, all certified: %d uncertified, %s", id, c0.Col, c0.Uncertified, c0.Verdict().Detail)
			}
			got := c.Verdict()
			switch {
			case c.Uncertified != want:
				t.Errorf("%s %s: Uncertified %d, want %d", id, c.Col, c.Uncertified, want)
			case want > 0 && (got.Outcome != repro.Undecided || !strings.Contains(got.Detail, "uncertified solve")):
				t.Errorf("%s %s with %d uncertified solves: %s %q", id, c.Col, want, got.Outcome, got.Detail)
			case want == 0 && got.Outcome != c0.Verdict().Outcome:
				t.Errorf("%s %s, certified: %s, was %s", id, c.Col, got.Outcome, c0.Verdict().Outcome)
			}
		}
	}
}

// TestGHKLCellsUncertified: a gHKL_ρ cell of Table 4 whose outer-fold
// AUCs are fed by gHKL fits not certified (protocol.GHKLRow.GHKLUncert) is
// undecided (repro.Cell.Uncertified), so is the part of "Table 4 K_MKL vs
// gHKL" that reads that column, and Table 4's row counts the fits; the
// other cells and parts keep their outcome. Fits not certified that only
// left values of C out of inner choices (GHKLExcluded) are counted and
// leave every outcome as it was.
func TestGHKLCellsUncertified(t *testing.T) {
	results := func(uncert [][]int) *Results {
		row := protocol.GHKLRow{Data: "haberman", Nodes: "linear", GHKLUncert: uncert, GHKLFits: 150, GHKLUncertified: 7, GHKLExcluded: 3}
		for j, p := range Table4Paper["haberman"] {
			v := make([]float64, 10)
			for i := range v {
				v[i] = p.Mean + 0.01*float64(i%3-1)
				if j == 2 {
					v[i] -= 0.2 // out of the paper's, and below K_MKL's
				}
			}
			row.AUC = append(row.AUC, v)
		}
		return &Results{Mode: "test", Table4: []protocol.GHKLRow{row}}
	}
	base := Verdict(results(nil))
	v := Verdict(results([][]int{nil, nil, {0, 2, 0, 0, 0, 0, 0, 0, 0, 0}, nil}))
	hit := Table4Cols[2]
	for i, c := range claimByID(v, "Table 4").Cells {
		c0 := claimByID(base, "Table 4").Cells[i]
		got, was := c.Verdict().Outcome, c0.Verdict().Outcome
		switch {
		case c.Col == hit && (c.Uncertified != 2 || got != repro.Undecided):
			t.Errorf("%s: Uncertified %d, %s; want 2, undecided", c.Col, c.Uncertified, got)
		case c.Col != hit && (c.Uncertified != 0 || got != was):
			t.Errorf("%s: Uncertified %d, %s; was %s", c.Col, c.Uncertified, got, was)
		}
	}
	if c0 := claimByID(base, "Table 4").Cells; c0[2].Verdict().Outcome != repro.NotReproduced {
		t.Fatalf("%s %s when certified: the case does not test the rule", c0[2].Col, c0[2].Verdict().Outcome)
	}
	const count = "gHKL: 7 of 150 fits not certified (stopped by its caps on active nodes or weight updates): 3 values of C left out of inner choices, 2 fits behind outer-fold AUCs"
	for _, id := range []string{"Table 4", "Table 4 K_MKL vs gHKL"} {
		if ours := claimByID(v, id).Ours; !strings.Contains(ours, count) {
			t.Errorf("%s Ours %q does not count the fits", id, ours)
		}
		// base: 7 fits not certified, none behind an AUC.
		if ours := claimByID(base, id).Ours; !strings.Contains(ours, "3 values of C left out of inner choices, 0 fits behind") {
			t.Errorf("%s Ours %q: fits left out of inner choices only are not counted", id, ours)
		}
	}
	allCert := results(nil)
	allCert.Table4[0].GHKLUncertified, allCert.Table4[0].GHKLExcluded = 0, 0
	if ours := claimByID(Verdict(allCert), "Table 4 K_MKL vs gHKL").Ours; strings.Contains(ours, "not certified") {
		t.Errorf("Table 4 K_MKL vs gHKL Ours %q counts fits when all are certified", ours)
	}
	for i, p := range claimByID(v, "Table 4 K_MKL vs gHKL").Parts {
		p0 := claimByID(base, "Table 4 K_MKL vs gHKL").Parts[i]
		if strings.Contains(p.Name, hit) {
			if p.Outcome != repro.Undecided || !strings.Contains(p.Detail, "2 gHKL fits") {
				t.Errorf("part %s: %s %q; want undecided, naming the fits", p.Name, p.Outcome, p.Detail)
			}
		} else if p.Outcome != p0.Outcome {
			t.Errorf("part %s: %s, was %s", p.Name, p.Outcome, p0.Outcome)
		}
	}
}
