package repro

import (
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/stattest"
)

// TestCombine: partly needs a part held and a part failed; undecided and
// corrected parts are never counted as reproduced.
func TestCombine(t *testing.T) {
	R, P, N, U, C, X := Reproduced, Partly, NotReproduced, Undecided, Corrected, NotRun
	cases := []struct {
		in   []Outcome
		want Outcome
	}{
		{nil, X}, {[]Outcome{X, X}, X},
		{[]Outcome{R, R, X}, R},
		{[]Outcome{R, N}, P}, {[]Outcome{C, N}, P}, {[]Outcome{P}, P},
		{[]Outcome{N, N}, N}, {[]Outcome{N, U}, N},
		{[]Outcome{R, U}, U}, {[]Outcome{U}, U},
		{[]Outcome{R, C}, C}, {[]Outcome{C, U}, U},
	}
	for _, c := range cases {
		if got := Combine(c.in...); got != c.want {
			t.Errorf("Combine(%v) = %v, want %v", c.in, got, c.want)
		}
	}
	cl := Claim{ID: "Prop. 2", Kind: Theorem, Reason: "r"}.Decide(Check("a", true, "ok"), Check("b", false, "off"), Part{Name: "c", Outcome: Undecided})
	if cl.Outcome != Partly || cl.Ours != "1 of 3 parts held, 1 failed, 1 undecided" || cl.Reason != "r" {
		t.Errorf("Decide: %+v", cl)
	}
}

// tQuantile2 is Student's t quantile with 2 df in closed form.
func tQuantile2(p float64) float64 { return (2*p - 1) / math.Sqrt(2*p*(1-p)) }

// TestCellWelchRule: with two runs each and one spread, SE = s and df = 2,
// so the bound t_{0.975,2}·s and the detectable difference
// (t_{0.975,2} + t_{0.8,2})·s are closed forms; the three outcomes follow.
func TestCellWelchRule(t *testing.T) {
	paper := Value{Mean: 0.80, Std: 0.01, N: 2}
	det := (tQuantile2(0.975) + tQuantile2(0.8)) * 0.01
	within := Cell{Paper: paper, Ours: Value{Mean: 0.81, Std: 0.01, N: 2}, Delta: det + 1e-9}
	v := within.Verdict()
	if v.Outcome != Reproduced || v.Rule != "Welch" {
		t.Fatalf("within: %+v", v)
	}
	if math.Abs(v.SE-0.01) > 1e-12 || math.Abs(v.DF-2) > 1e-9 || math.Abs(v.Bound-tQuantile2(0.975)*0.01) > 1e-9 || math.Abs(v.Detectable-det) > 1e-9 {
		t.Errorf("numbers: %+v (bound %g, detectable %g)", v, tQuantile2(0.975)*0.01, det)
	}
	under := within
	under.Delta = det - 1e-6
	if v := under.Verdict(); v.Outcome != Undecided || !strings.Contains(v.Detail, "underpowered") {
		t.Errorf("δ below the detectable difference: %+v", v)
	}
	out := within
	out.Ours.Mean = 0.80 + 1.01*tQuantile2(0.975)*0.01
	if v := out.Verdict(); v.Outcome != NotReproduced {
		t.Errorf("beyond the bound: %+v", v)
	}
	// The tolerance rule when the paper prints no spread: ±0.05 around
	// 0.8, ours 0.03 off. Within only when the band is below δ; a band as
	// wide as δ or wider is undecided, saying both; beyond the band is
	// out whatever δ; without δ the band alone decides.
	for _, tc := range []struct {
		ours, delta float64
		want        Outcome
		detail      string
	}{
		{0.83, 0.06, Reproduced, "tolerance 0.05 < δ 0.06"},
		{0.83, 0.05, Undecided, "tolerance 0.05 ≥ δ 0.05 (the gap that matters)"},
		{0.83, 0.02, Undecided, "tolerance 0.05 ≥ δ 0.02 (the gap that matters)"},
		{0.87, 0.02, NotReproduced, "out: |ours − paper| = 0.07 > ±0.05"},
		{0.87, 0.06, NotReproduced, "out: |ours − paper| = 0.07 > ±0.05"},
		{0.83, 0, Reproduced, "within: |ours − paper| = 0.03 ≤ ±0.05 (declared tolerance)"},
	} {
		c := Cell{Paper: V(0.8), Ours: Value{Mean: tc.ours, Std: 0.01, N: 30}, Delta: tc.delta, Tol: Abs(0.05)}
		v := c.Verdict()
		if v.Outcome != tc.want || v.Rule != "tolerance" || !strings.Contains(v.Detail, tc.detail) {
			t.Errorf("tolerance rule, ours %g, δ %g: %+v; want %s with %q", tc.ours, tc.delta, v, tc.want, tc.detail)
		}
		if v.Separates() != (tc.delta > 0.05) {
			t.Errorf("δ %g: Separates %v", tc.delta, v.Separates())
		}
	}
	tol := Cell{Paper: V(0.8), Ours: Value{Mean: 0.83, Std: 0.01, N: 30}, Delta: 0.02}
	if v := tol.Verdict(); v.Outcome != Undecided {
		t.Errorf("no spread and no tolerance: %+v", v)
	}
	if v := (Cell{Paper: V(math.NaN()), Ours: V(1)}).Verdict(); v.Outcome != NotRun {
		t.Errorf("missing: %+v", v)
	}
}

// TestCellRuleSwappedMethods: a paper row of five methods over 30 splits,
// ours with the paper's means and a drawn spread: every cell of the right
// method is within, and no cell compared against another method's printed
// number is within when δ is the gap between adjacent methods.
func TestCellRuleSwappedMethods(t *testing.T) {
	means := []float64{80.1, 82.4, 84.0, 86.3, 88.2}
	row := make([]float64, len(means))
	copy(row, means)
	gaps := AdjacentGap(row)
	if math.Abs(gaps[0]-2.3) > 1e-12 || math.Abs(gaps[2]-1.6) > 1e-12 {
		t.Fatalf("gaps %v", gaps)
	}
	rng := klearn.NewRand(3)
	ours := make([]Value, len(means))
	for j, m := range means {
		xs := make([]float64, 30)
		for i := range xs {
			xs[i] = m + 1.5*rng.NormFloat64()
		}
		v, err := Summarize(xs)
		if err != nil {
			t.Fatal(err)
		}
		v.Mean = m
		ours[j] = v
	}
	for j := range means {
		for k := range means {
			c := Cell{Paper: Value{Mean: means[k], Std: 1.5, N: 30}, Ours: ours[j], Delta: gaps[k]}
			o := c.Verdict().Outcome
			if j == k && o != Reproduced {
				t.Errorf("method %d against its own number: %+v", j, c.Verdict())
			}
			if j != k && o == Reproduced {
				t.Errorf("method %d within method %d's number: %+v", j, k, c.Verdict())
			}
		}
	}
}

// TestBetterTieIsNoSupport: a clear win reproduces; the swapped methods do
// not; a tie is never support (not reproduced with power, undecided
// without).
func TestBetterTieIsNoSupport(t *testing.T) {
	a := []float64{0.90, 0.92, 0.91, 0.93, 0.90, 0.92, 0.94, 0.91}
	b := []float64{0.85, 0.86, 0.87, 0.86, 0.84, 0.88, 0.86, 0.85}
	for _, test := range []Test{PairedT, Sign, Wilcoxon} {
		p, err := Better("A > B", a, b, test, Alpha, true, 0.02)
		if err != nil || p.Outcome != Reproduced {
			t.Errorf("%v: clear win: %+v %v", test, p, err)
		}
		if p, _ := Better("B > A", b, a, test, Alpha, true, 0.02); p.Outcome != NotReproduced {
			t.Errorf("%v: swapped: %+v", test, p)
		}
		// Errors, lower is better: A has the higher error.
		if p, _ := Better("A > B on error", a, b, test, Alpha, false, 0.02); p.Outcome != NotReproduced {
			t.Errorf("%v: direction: %+v", test, p)
		}
	}
	// Tie: identical means, small noise, many pairs: the test would have
	// seen δ, so the claim is not reproduced.
	n := 40
	x, y := make([]float64, n), make([]float64, n)
	rng := klearn.NewRand(5)
	for i := range x {
		x[i] = 0.9 + 0.001*rng.NormFloat64()
		y[i] = 0.9 + 0.001*rng.NormFloat64()
	}
	if p, _ := Better("tie", x, y, PairedT, Alpha, true, 0.01); p.Outcome != NotReproduced || !strings.HasPrefix(p.Detail, "tie") {
		t.Errorf("powered tie: %+v", p)
	}
	if p, _ := Better("tie", x[:3], y[:3], PairedT, Alpha, true, 1e-5); p.Outcome != Undecided {
		t.Errorf("underpowered tie: %+v", p)
	}
	if _, err := Better("no δ", x, y, PairedT, Alpha, true, 0); err == nil {
		t.Error("δ = 0 accepted")
	}
}

// TestEqualNeedsEquivalence: TOST shows equality with enough pairs; a
// low-powered non-rejection stays undecided; a shifted sample is not
// equal; NoWorse is the lower half.
func TestEqualNeedsEquivalence(t *testing.T) {
	rng := klearn.NewRand(9)
	n := 30
	a, b := make([]float64, n), make([]float64, n)
	for i := range a {
		b[i] = 0.8 + 0.02*rng.NormFloat64()
		a[i] = b[i] + 0.002*rng.NormFloat64()
	}
	if p, err := Equal("eq", a, b, 0.005, Alpha); err != nil || p.Outcome != Reproduced {
		t.Errorf("equivalent: %+v %v", p, err)
	}
	if p, _ := Equal("few", a[:3], b[:3], 0.002, Alpha); p.Outcome != Undecided {
		t.Errorf("three pairs: %+v", p)
	}
	shifted := make([]float64, n)
	for i := range a {
		shifted[i] = a[i] - 0.02
	}
	if p, _ := Equal("shifted", shifted, b, 0.005, Alpha); p.Outcome != NotReproduced {
		t.Errorf("shifted: %+v", p)
	}
	if p, _ := NoWorse("no worse", a, b, 0.005, Alpha, true); p.Outcome != Reproduced {
		t.Errorf("no worse: %+v", p)
	}
	if p, _ := NoWorse("worse", shifted, b, 0.005, Alpha, true); p.Outcome != NotReproduced {
		t.Errorf("worse: %+v", p)
	}
	// Lower is better: the shifted (lower) sample is better, never worse.
	if p, _ := NoWorse("error", shifted, b, 0.005, Alpha, false); p.Outcome != Reproduced {
		t.Errorf("lower error: %+v", p)
	}
}

// TestTrendRule: a monotone series reproduces "grows"; reversed it fails;
// a zigzag (correlation-like swings, no trend) fails; three points cannot
// decide.
func TestTrendRule(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	up := []float64{0.1, 0.15, 0.14, 0.3, 0.35, 0.5, 0.48, 0.7}
	if p, err := Trend("grows", x, up, true, Alpha); err != nil || p.Outcome != Reproduced {
		t.Errorf("increasing: %+v %v", p, err)
	}
	if p, _ := Trend("falls", x, up, false, Alpha); p.Outcome != NotReproduced {
		t.Errorf("reversed: %+v", p)
	}
	zz := []float64{0, 1, 0, 1, 0, 1, 0, 1}
	if p, _ := Trend("zigzag", x, zz, true, Alpha); p.Outcome != NotReproduced {
		t.Errorf("zigzag: %+v", p)
	}
	if p, _ := Trend("three", x[:3], up[:3], true, Alpha); p.Outcome != Undecided {
		t.Errorf("three points: %+v", p)
	}
}

// TestRankRule: ranks of pure noise have wide intervals, so no paper rank
// is reproduced from them; a rank is reproduced only when our interval
// lies within the paper's rank ± δ, out when the interval misses it.
func TestRankRule(t *testing.T) {
	rng := klearn.NewRand(11)
	noise := make([][][]float64, 10)
	for i := range noise {
		noise[i] = make([][]float64, 4)
		for j := range noise[i] {
			for k := 0; k < 5; k++ {
				noise[i][j] = append(noise[i][j], rng.Float64())
			}
		}
	}
	iv, err := stattest.BootstrapRanks(noise, true, 400, 0.95, 1)
	if err != nil {
		t.Fatal(err)
	}
	for j, v := range iv {
		for _, paper := range []float64{1, 2, 3, 4} {
			if p := Rank("m", paper, v, 0.5); p.Outcome == Reproduced {
				t.Errorf("noise method %d reproduces rank %g: %+v", j, paper, p)
			}
		}
	}
	// Closed-form cases with δ = 0.5: an interval inside 1 ± δ (edges
	// included) is reproduced; one holding 1 but reaching past 1 + δ is
	// undecided even when no wider than ±δ; one missing the rank is out.
	for _, tc := range []struct {
		paper, lo, hi float64
		want          Outcome
	}{
		{1, 1, 1.4, Reproduced}, {1, 0.5, 1.5, Reproduced},
		{1, 1, 1.6, Undecided}, {1, 0.4, 1.2, Undecided}, {1, 0, 3, Undecided},
		{3, 1, 1.4, NotReproduced}, {0.9, 1, 1.4, NotReproduced},
	} {
		p := Rank("m", tc.paper, stattest.RankInterval{Mean: (tc.lo + tc.hi) / 2, Lo: tc.lo, Hi: tc.hi}, 0.5)
		if p.Outcome != tc.want {
			t.Errorf("paper %g, interval [%g, %g]: %s (%s), want %s", tc.paper, tc.lo, tc.hi, p.Outcome, p.Detail, tc.want)
		}
		if tc.want == Undecided && !strings.Contains(p.Detail, "reaches beyond 1 ± 0.5") {
			t.Errorf("undecided detail: %s", p.Detail)
		}
	}
}

// TestBetterRank: "a's median rank is better than b's" by bootstrap
// intervals: disjoint below is better, disjoint above worse, an overlap a
// tie (never support), undecided when an interval is wider than ±δ.
func TestBetterRank(t *testing.T) {
	iv := func(lo, hi float64) stattest.RankInterval {
		return stattest.RankInterval{Lo: lo, Hi: hi, Median: (lo + hi) / 2, Stat: stattest.MedianRank}
	}
	for _, tc := range []struct {
		a, b stattest.RankInterval
		want Outcome
	}{
		{iv(1, 2), iv(3, 4), Reproduced},
		{iv(3, 4), iv(1, 2), NotReproduced},
		{iv(1, 2), iv(2, 3), NotReproduced}, // touching: a tie, both narrow
		{iv(1, 1), iv(1, 5), Undecided},     // a tie, b too wide to tell
	} {
		if p := BetterRank("a vs b", tc.a, tc.b, 1); p.Outcome != tc.want {
			t.Errorf("%+v against %+v: %v, want %v (%s)", tc.a, tc.b, p.Outcome, tc.want, p.Detail)
		}
	}
}

// TestPostHocLabel: a post-hoc diagnostic written for a claim that missed
// says whether it fits the miss and that it explains nothing; one that
// concerns no miss (no Concerns, or a claim reproduced or absent) says it
// was added after the results; a pre-registered one explains or not.
func TestPostHocLabel(t *testing.T) {
	r := &Report{Criteria: Criteria{{ID: "D", Claims: []string{"by criterion"}, Rule: CheckRule, PostHoc: true, Reason: "after the run"}}}
	r.Add(Claim{ID: "Table 1"}.Decide(Check("a", true, ""), Check("b", false, "")))
	r.Add(Claim{ID: "Table 2"}.Decide(Check("a", true, "")))
	held, failed := Check("d", true, ""), Check("d", false, "")
	for _, tc := range []struct {
		c    Claim
		want string
	}{
		{Claim{ID: "fit", PostHoc: true, Concerns: "Table 1"}.Decide(held), "post hoc: fits the miss, explains nothing"},
		{Claim{ID: "no fit", PostHoc: true, Concerns: "Table 1"}.Decide(failed), "post hoc: does not fit the miss"},
		{Claim{ID: "by criterion", Concerns: "Table 1"}.Decide(held), "post hoc: fits the miss, explains nothing"},
		{Claim{ID: "no miss", PostHoc: true}.Decide(held), "post hoc, added after the results: holds"},
		{Claim{ID: "no miss, fails", PostHoc: true}.Decide(failed), "post hoc, added after the results: fails"},
		{Claim{ID: "reproduced", PostHoc: true, Concerns: "Table 2"}.Decide(held), "post hoc, added after the results: holds"},
		{Claim{ID: "absent", PostHoc: true, Concerns: "Table 9"}.Decide(held), "post hoc, added after the results: holds"},
		{Claim{ID: "pre-registered", Concerns: "Table 1"}.Decide(held), "explains"},
	} {
		tc.c.Kind = Diagnostic
		if got := r.label(tc.c); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.c.ID, got, tc.want)
		}
	}
	rep := &Report{Claims: []Claim{{ID: "Table 1", Outcome: NotReproduced}, {ID: "diag", Kind: Diagnostic, PostHoc: true, Concerns: "Table 1", Outcome: Reproduced}}}
	if text := rep.Text(); !strings.Contains(text, "post hoc: fits the miss, explains nothing") {
		t.Errorf("text: %s", text)
	}
	rep.Claims[0].Outcome = Reproduced
	if text := rep.Text(); !strings.Contains(text, "post hoc, added after the results: holds") || strings.Contains(text, "fits the miss") {
		t.Errorf("text without a miss: %s", text)
	}
	rep.Claims[1].Concerns = "Table 9"
	if err := (Criteria{}).Check(rep); err == nil || !strings.Contains(err.Error(), `claim "diag" concerns claim "Table 9", which the report lacks`) {
		t.Errorf("Check of a diagnostic concerning no claim of the report: %v", err)
	}
}

// TestCountsApart: corrected and undecided claims, substitutes,
// claims decided on a subset and post-hoc diagnostics are each counted
// apart, and a quick report never reads as a result.
func TestCountsApart(t *testing.T) {
	r := &Report{Paper: "X (2020)", Mode: "full", Criteria: Criteria{
		{ID: "C1", Claims: []string{"Eq. (8)", "Table 1"}, Rule: CheckRule, Reason: "exact identity"},
		{ID: "D1", Claims: []string{"Table 1 (variant)"}, Rule: CheckRule, PostHoc: true, Reason: "written after the miss"},
	}}
	r.Add(Claim{ID: "Eq. (8)", Kind: Theorem}.Decide(CorrectedCheck("identity", false, true, "printed sign wrong")))
	cells := []Cell{
		{Row: "a", Col: "x", Paper: V(1), Ours: V(1.01), Tol: Abs(0.05)},
		{Row: "b", Col: "x", Paper: V(1), Ours: V(2), Tol: Abs(0.05)},
		{Row: "s", Col: "x", Paper: V(1), Ours: V(1), Tol: Abs(0.05), Substitute: true},
	}
	tbl := Claim{ID: "Table 1"}.DecideCells(cells)
	tbl.Quick = Subset{N: 2, M: 9, Of: "cells"}
	r.Add(tbl)
	sub := Claim{ID: "Table 2"}.DecideCells(cells[2:])
	r.Add(sub)
	r.Add(Claim{ID: "Table 1 (variant)", Kind: Diagnostic, Concerns: "Table 1"}.Decide(Check("variant", true, "matches")))
	r.Add(Claim{ID: "Fig. 1", Kind: Statement}.Decide(Part{Name: "p", Outcome: Undecided}))
	if tbl.Outcome != Partly || !sub.Substitute || sub.Outcome != Reproduced {
		t.Fatalf("cells: %+v / %+v", tbl, sub)
	}
	c := r.Counts()
	want := Counts{Claims: 3, Partly: 1, Undecided: 1, Corrected: 1, OnSubset: 1, Cells: 2, Within: 1,
		SubClaims: 1, SubReproduced: 1, SubCells: 2, SubWithin: 2, Diagnostics: 1, PostHoc: 1}
	if c != want {
		t.Fatalf("counts %+v\nwant   %+v", c, want)
	}
	s := c.String()
	for _, w := range []string{"0 of 3 claims reproduced, 1 partly, 1 undecided, 1 corrected", "1 of 2 cells within",
		"substitutes apart: 1 of 1 claims", "1 decided on a subset", "1 post-hoc diagnostic row, explaining nothing"} {
		if !strings.Contains(s, w) {
			t.Errorf("summary %q lacks %q", s, w)
		}
	}
	if strings.Contains(s, QuickNote) {
		t.Error("a full report reads as quick")
	}
	if s := (Counts{Claims: 1, SubClaims: 1}).String(); strings.Contains(s, "0 of 0") {
		t.Errorf("substitutes without cells: summary %q counts 0 of 0 cells", s)
	}
	text := r.Text()
	for _, w := range []string{"corrected (printed formula wrong)", "post hoc: fits the miss, explains nothing", "quick: decided on 2 of 9 cells", "C1: ", "Criteria, declared before the results shown"} {
		if !strings.Contains(text, w) {
			t.Errorf("text lacks %q:\n%s", w, text)
		}
	}
	if err := r.Criteria.Check(r); err == nil || !strings.Contains(err.Error(), `"Fig. 1" is decided by no criterion`) {
		t.Errorf("Check: %v", err)
	}
	b, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseReport(b)
	if err != nil || back.Counts() != c || back.Claims[1].Quick != tbl.Quick || back.Claims[0].Parts[0].Outcome != Corrected || !back.Criteria[1].PostHoc {
		t.Errorf("JSON round trip: %v\n%s", err, b)
	}
	r.Mode = "quick"
	if s := r.Counts().String(); !strings.HasPrefix(s, QuickNote+": ") {
		t.Errorf("quick summary %q", s)
	}
	// The index reads the counts alone.
	got, err := FindSummary(r.EmbeddedHTML())
	if err != nil || got.Counts != r.Counts() || !strings.HasPrefix(got.Summary, QuickNote) || got.Paper != r.Paper || got.Mode != r.Mode {
		t.Errorf("embedded summary %+v: %v", got, err)
	}
}

// TestCriteriaCheck: duplicate IDs, a claim decided twice and a missing
// reason are reported.
func TestCriteriaCheck(t *testing.T) {
	cs := Criteria{
		{ID: "A", Claims: []string{"x"}, Rule: CellRule, Reason: "r"},
		{ID: "A", Claims: []string{"x"}, Rule: CellRule},
	}
	err := cs.Check(nil)
	if err == nil {
		t.Fatal("accepted")
	}
	for _, w := range []string{"declared twice", `"x" decided by`, "lacks"} {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%v lacks %q", err, w)
		}
	}
	if err := cs[:1].Check(nil); err != nil {
		t.Error(err)
	}
}

// TestStampCriteria: in a fresh git repository, a criterion changed in a
// second commit carries that commit, the other the first; a change of a
// constant a criterion references through a constant in another file of
// the package (not of a test file, nor of a field named like it) moves
// that criterion's commit alone; an edit not committed reads
// "uncommitted"; the note gives the commit and day the criteria file was
// first committed; outside a checkout the note says so.
func TestStampCriteria(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	run("init", "-q")
	src := func(tolA, tolB string) string {
		return "package p\n\nvar Criteria = repro.Criteria{\n\t{\n\t\tID:     \"A\",\n\t\tReason: \"" + tolA + "\",\n\t},\n\t{ID: \"B\", Tol: repro.Abs(TolB), Reason: \"" + tolB + "\"},\n\t{ID: \"D\", Margin: Base},\n}\n"
	}
	pkg := filepath.Join(dir, "repro", "p")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, s string) {
		if err := os.WriteFile(filepath.Join(pkg, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// TolB (paper.go) reads half (other.go); Margin, a field name, is
	// also a constant of the test file, which does not count.
	write("paper.go", "package p\n\n// TolB is B's tolerance.\nconst TolB = 2 * half\n\nconst Base = 1\n")
	other := func(v string) string { return "package p\n\nconst (\n\tunused = 0\n\thalf   = " + v + "\n)\n" }
	write("other.go", other("0.5"))
	write("p_test.go", "package p\n\nconst Margin = 1\n")
	write("criteria.go", src("a1", "b1"))
	run("add", ".")
	run("commit", "-q", "-m", "one")
	first := run("rev-parse", "--short=9", "HEAD")
	write("criteria.go", src("a1", "b2"))
	run("commit", "-q", "-am", "two")
	second := run("rev-parse", "--short=9", "HEAD")
	t.Chdir(filepath.Join(dir, "repro"))
	r := &Report{CriteriaFile: "repro/p/criteria.go", Criteria: Criteria{{ID: "A"}, {ID: "B"}, {ID: "C"}, {ID: "D"}}}
	commits := func() []string {
		r.StampCriteria()
		var out []string
		for _, c := range r.Criteria {
			out = append(out, c.Commit)
		}
		return out
	}
	if got, want := commits(), []string{first, second, "", first}; !slices.Equal(got, want) {
		t.Fatalf("commits %q, want %q (%s)", got, want, r.CriteriaNote)
	}
	day := run("log", "-1", "--format=%cs", first)
	for _, w := range []string{"git blame at " + second, "first committed at " + first + " on " + day, "older, looser rules"} {
		if !strings.Contains(r.CriteriaNote, w) {
			t.Errorf("note %q lacks %q", r.CriteriaNote, w)
		}
	}
	write("other.go", other("0.25"))
	write("p_test.go", "package p\n\nconst Margin = 2\n")
	run("commit", "-q", "-am", "three")
	third := run("rev-parse", "--short=9", "HEAD")
	if got, want := commits(), []string{first, third, "", first}; !slices.Equal(got, want) {
		t.Errorf("after a referenced constant changed in another file: %q, want %q", got, want)
	}
	write("criteria.go", src("a3", "b2"))
	if got, want := commits(), []string{"uncommitted", third, "", first}; !slices.Equal(got, want) {
		t.Errorf("after an edit: %q, want %q", got, want)
	}
	t.Chdir(t.TempDir())
	r.StampCriteria()
	if r.Criteria[0].Commit != "" || !strings.Contains(r.CriteriaNote, "not run in a git checkout") {
		t.Errorf("outside a checkout: %q, %q", r.Criteria[0].Commit, r.CriteriaNote)
	}
	if !strings.Contains(r.Text(), "last changed unknown") {
		t.Errorf("text:\n%s", r.Text())
	}
}

// TestPartsBadInput: the deciding functions report bad input as errors
// wrapping klearn sentinels.
func TestPartsBadInput(t *testing.T) {
	a, b := []float64{1, 2, 3}, []float64{1, 2}
	nan := []float64{1, math.NaN(), 3}
	errOf := func(_ Part, err error) error { return err }
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"better lengths", errOf(Better("x", a, b, PairedT, Alpha, true, 0.1)), klearn.ErrShape},
		{"better NaN", errOf(Better("x", a, nan, Wilcoxon, Alpha, true, 0.1)), klearn.ErrNotFinite},
		{"better alpha", errOf(Better("x", a, a, Sign, 0.7, true, 0.1)), klearn.ErrParam},
		{"better test", errOf(Better("x", a, a, Test(9), Alpha, true, 0.1)), klearn.ErrParam},
		{"equal margin", errOf(Equal("x", a, a, -1, Alpha)), klearn.ErrParam},
		{"equal NaN", errOf(Equal("x", nan, a, 1, Alpha)), klearn.ErrNotFinite},
		{"no worse alpha", errOf(NoWorse("x", a, a, 1, 0, true)), klearn.ErrParam},
		{"trend lengths", errOf(Trend("x", a, b, true, Alpha)), klearn.ErrShape},
		{"trend NaN", errOf(Trend("x", a, nan, true, Alpha)), klearn.ErrNotFinite},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.err, c.want)
		}
	}
}

// TestCriterionDepsPapers: in every paper's criteria file of this
// repository, each criterion ID (found by a regular expression, not the
// parser) is located as a literal of that file, so StampCriteria can date
// every paper's criteria.
func TestCriterionDepsPapers(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(root, "repro", "*", "criteria.go"))
	if err != nil || len(files) < 5 {
		t.Fatalf("criteria files %v: %v", files, err)
	}
	idRE := regexp.MustCompile(`\{\s*ID:\s*"([^"]+)"`)
	for _, f := range files {
		rel, _ := filepath.Rel(root, f)
		rel = filepath.ToSlash(rel)
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var cs Criteria
		for _, m := range idRE.FindAllStringSubmatch(string(src), -1) {
			cs = append(cs, Criterion{ID: m[1]})
		}
		deps, err := criterionDeps(root, rel, cs)
		if err != nil || len(cs) == 0 {
			t.Errorf("%s: %d criteria: %v", rel, len(cs), err)
			continue
		}
		for _, c := range cs {
			if sp := deps[c.ID]; len(sp) == 0 || sp[0].file != rel {
				t.Errorf("%s: criterion %q not located: %v", rel, c.ID, sp)
			}
		}
	}
}

// TestChangedCriteria: a criterion changed after its results were seen is
// shown so in the criteria table, and its claims are counted apart in the
// summary; a pre-registered or post-hoc one is not.
func TestChangedCriteria(t *testing.T) {
	r := &Report{Criteria: Criteria{
		{ID: "kept", Claims: []string{"A"}, Rule: CheckRule, Reason: "r"},
		{ID: "moved", Claims: []string{"B"}, Rule: CheckRule, Changed: "2026-11-29, after the full run: from x to y", Reason: "r"},
	}}
	r.Add(Claim{ID: "A"}.Decide(Check("a", true, "ok")))
	r.Add(Claim{ID: "B"}.Decide(Check("b", true, "ok")))
	c := r.Counts()
	if c.Changed != 1 || c.Reproduced != 2 {
		t.Fatalf("counts %+v: want 1 changed of 2 reproduced", c)
	}
	if s := c.String(); !strings.Contains(s, "1 decided by criteria changed after their results were seen") {
		t.Errorf("summary %q does not count the changed criterion", s)
	}
	md := r.Criteria.Markdown("")
	if !strings.Contains(md, "changed after results: 2026-11-29, after the full run: from x to y") || strings.Count(md, "pre-registered") != 1 {
		t.Errorf("criteria table does not mark the changed criterion:\n%s", md)
	}
	r.Criteria[1].Changed = ""
	if c := r.Counts(); c.Changed != 0 {
		t.Errorf("unchanged criteria counted as changed: %+v", c)
	}
}

// TestCellUncertified: a cell whose number rests on an uncertified solve
// is undecided whether the rule alone would call it within or out, and
// the claim it decides is undecided with it; a cell not compared stays
// not compared.
func TestCellUncertified(t *testing.T) {
	within := Cell{Row: "a", Col: "x", Paper: V(1), Ours: V(1.01), Tol: Abs(0.05)}
	out := Cell{Row: "b", Col: "x", Paper: V(1), Ours: V(2), Tol: Abs(0.05)}
	if within.Verdict().Outcome != Reproduced || out.Verdict().Outcome != NotReproduced {
		t.Fatalf("set-up: %v, %v", within.Verdict(), out.Verdict())
	}
	for _, c := range []Cell{within, out} {
		c.Uncertified = 2
		v := c.Verdict()
		if v.Outcome != Undecided || !strings.Contains(v.Detail, "2 uncertified solve(s)") {
			t.Errorf("%s with uncertified solves: %+v", c.Row, v)
		}
		if v.Rule != toleranceRule {
			t.Errorf("%s: the rule is still reported, got %q", c.Row, v.Rule)
		}
	}
	within.Uncertified = 1
	if cl := (Claim{ID: "T"}).DecideCells([]Cell{within}); cl.Outcome != Undecided {
		t.Errorf("claim on an uncertified cell: %v", cl.Outcome)
	}
	missing := Cell{Row: "m", Col: "x", Paper: V(1), Ours: V(math.NaN()), Uncertified: 1}
	if v := missing.Verdict(); v.Outcome != NotRun {
		t.Errorf("a cell not compared: %+v", v)
	}
}
