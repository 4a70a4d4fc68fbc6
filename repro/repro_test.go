package repro

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

func TestPairedTTestClosedForm(t *testing.T) {
	t.Parallel()
	// Three pairs give 2 degrees of freedom, whose CDF has the closed form
	// F(t) = ½ + t/(2√(2+t²)), so p = 1 − |t|/√(2+t²).
	a := []float64{2, 4, 7}
	b := []float64{1, 2, 3} // d = 1, 2, 4
	gotT, gotP, err := PairedTTest(a, b)
	if err != nil {
		t.Fatal(err)
	}
	mean, sd := 7.0/3, math.Sqrt(42.0/18)
	wantT := mean / (sd / math.Sqrt(3))
	wantP := 1 - wantT/math.Sqrt(2+wantT*wantT)
	if math.Abs(gotT-wantT) > 1e-12 || math.Abs(gotP-wantP) > 1e-9 {
		t.Fatalf("t, p = %v, %v; want %v, %v", gotT, gotP, wantT, wantP)
	}
	// Swapping the samples flips t and keeps p.
	t2, p2, _ := PairedTTest(b, a)
	if t2 != -gotT || math.Abs(p2-gotP) > 1e-15 {
		t.Fatalf("swapped: %v, %v", t2, p2)
	}
	if tt, p, _ := PairedTTest(a, a); tt != 0 || p != 1 {
		t.Fatalf("identical samples: t = %v, p = %v", tt, p)
	}
	if tt, p, _ := PairedTTest([]float64{2, 3}, []float64{1, 2}); !math.IsInf(tt, 1) || p != 0 {
		t.Fatalf("constant difference: t = %v, p = %v", tt, p)
	}
}

func TestSignTestExact(t *testing.T) {
	t.Parallel()
	a := make([]float64, 10)
	b := make([]float64, 10)
	for i := range a {
		a[i] = 1
	}
	w, l, ti, p, err := SignTest(a, b)
	if err != nil || w != 10 || l != 0 || ti != 0 || math.Abs(p-2.0/1024) > 1e-15 {
		t.Fatalf("10–0: %d %d %d p = %v, %v", w, l, ti, p, err)
	}
	// 8 wins, 2 losses, 1 tie: p = 2·(1 + 10 + 45)/1024.
	a = []float64{1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 5}
	b = []float64{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 5}
	w, l, ti, p, _ = SignTest(a, b)
	if w != 8 || l != 2 || ti != 1 || math.Abs(p-2*56.0/1024) > 1e-15 {
		t.Fatalf("8–2–1: %d %d %d p = %v", w, l, ti, p)
	}
	if _, _, _, p, _ := SignTest([]float64{1}, []float64{1}); p != 1 {
		t.Fatalf("all ties: p = %v", p)
	}
}

func TestCompareTieIsNotAWin(t *testing.T) {
	t.Parallel()
	// A is ahead on average but the differences are noise: a tie.
	a := []float64{0.91, 0.88, 0.93, 0.90, 0.87}
	b := []float64{0.90, 0.90, 0.91, 0.91, 0.86}
	c, err := Compare("A", a, "B", b, PairedT, 0.05, true)
	if err != nil {
		t.Fatal(err)
	}
	if c.Diff <= 0 || c.Winner != Tie {
		t.Fatalf("%v", c)
	}
	if !strings.Contains(c.String(), "tie (paired t-test") {
		t.Fatalf("String: %s", c)
	}
	// A consistently better on errors (lower is better) → B wins when a > b.
	c, _ = Compare("A", []float64{1, 2, 3, 4, 5, 6}, "B", []float64{0, 1, 2, 3, 4, 5.5}, Sign, 0.05, false)
	if c.Winner != BWins {
		t.Fatalf("%v", c)
	}
	c, _ = Compare("A", []float64{1, 2, 3, 4, 5, 6}, "B", []float64{0, 1, 2, 3, 4, 5.5}, Sign, 0.05, true)
	if c.Winner != AWins {
		t.Fatalf("%v", c)
	}
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"t lengths", second(PairedTTest([]float64{1}, []float64{1, 2})), klearn.ErrShape},
		{"t empty", second(PairedTTest(nil, nil)), klearn.ErrEmpty},
		{"t one pair", second(PairedTTest([]float64{1}, []float64{2})), klearn.ErrEmpty},
		{"t NaN", second(PairedTTest([]float64{1, nan}, []float64{2, 3})), klearn.ErrNotFinite},
		{"sign Inf", signErr([]float64{math.Inf(1)}, []float64{2}), klearn.ErrNotFinite},
		{"alpha", compareErr(0), klearn.ErrParam},
		{"alpha 1", compareErr(1), klearn.ErrParam},
		{"summarize NaN", sumErr([]float64{nan}), klearn.ErrNotFinite},
		{"summarize empty", sumErr(nil), klearn.ErrEmpty},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.err, c.want)
		}
	}
}

func second(_, _ float64, err error) error { return err }

func signErr(a, b []float64) error {
	_, _, _, _, err := SignTest(a, b)
	return err
}

func compareErr(alpha float64) error {
	_, err := Compare("a", []float64{1, 2}, "b", []float64{1, 3}, PairedT, alpha, true)
	return err
}

func sumErr(x []float64) error {
	_, err := Summarize(x)
	return err
}

func TestCellsAndClaims(t *testing.T) {
	t.Parallel()
	cells := []Cell{
		{Row: "a", Col: "x", Paper: V(0.62), Ours: V(0.60), Tol: Abs(0.05)},
		{Row: "b", Col: "x", Paper: V(0.62), Ours: V(0.70), Tol: Abs(0.05)},
		{Row: "c", Col: "x", Paper: V(math.NaN()), Ours: V(0.70), Tol: Abs(0.05)},
		{Row: "d", Col: "x", Paper: MS(1, 0.2), Ours: MS(1.3, 0.1), Tol: Tolerance{Abs: 0.05, Spread: 2}},
	}
	want := []bool{true, false, false, true}
	for i, c := range cells {
		if c.Within() != want[i] {
			t.Errorf("cell %s: Within = %v", c.Row, c.Within())
		}
	}
	var r Report
	r.Paper, r.Mode = "Test (2024)", "quick"
	r.Add(Claim{ID: "Table 1", Statement: "errors", Reason: "a reason"}.DecideCells(cells))
	r.Add(Claim{ID: "Table 2", Statement: "all good", Reason: "unused"}.DecideCells(cells[:1]))
	r.Add(Claim{ID: "Table 3", Statement: "none good", Reason: "why"}.DecideCells(cells[1:2]))
	r.Add(Claim{ID: "Prop. 1", Kind: Theorem,
		Statement: "gradient",
		Paper:     "Eq. (5)", Tolerance: "1e-6"}.Decide(Check("Prop. 1", true,
		"max rel. err 1e-9")))
	r.Add(NotRunClaim("Figure 9", Experiment, "big", "full mode only"))
	r.Add(Claim{ID: "Fig. 2", Kind: Statement, Statement: "learned beats base", Paper: "at all sizes", Tolerance: "1 std", Reason: "noise"}.Decide(Check("1", true, ""), Check("2", true, ""), Check("3", true, ""), Check("4", false, ""), Check("5", false, "")))
	if r.Claims[0].Outcome != Partly || r.Claims[1].Outcome != Reproduced || r.Claims[2].Outcome != NotReproduced {
		t.Fatalf("outcomes %v %v %v", r.Claims[0].Outcome, r.Claims[1].Outcome, r.Claims[2].Outcome)
	}
	if r.Claims[1].Reason != "" {
		t.Fatalf("a reproduced claim keeps no reason")
	}
	got := r.Counts()
	wantC := Counts{Quick: true, Claims: 6, Reproduced: 2, Partly: 2, Not: 1, NotRun: 1, Cells: 6, Within: 3}
	if got != wantC {
		t.Fatalf("counts %+v, want %+v", got, wantC)
	}
	if s := got.String(); s != QuickNote+": 2 of 5 claims reproduced, 2 partly, 1 not; 3 of 6 cells within; 1 not run in this mode" {
		t.Fatalf("counts string %q", s)
	}
	if r.Sorted()[0].ID != "Prop. 1" {
		t.Fatalf("theorems first: %v", r.Sorted()[0].ID)
	}
	// A diagnostic row, even reproduced and with cells, changes no count
	// but its own, and sorts last.
	d := r
	d.Claims = append([]Claim{Claim{ID: "Table 1 (variants)", Kind: Diagnostic, Statement: "variants", Paper: "rows", Tolerance: "tol"}.Decide(Check("row 1", true, ""), Check("row 2", true, ""))}, r.Claims...)
	d.Claims[0].Cells = cells
	if dc := d.Counts(); dc.Diagnostics != 1 || dc.Explains != 1 || dc.Reproduced != wantC.Reproduced || dc.Claims != wantC.Claims || dc.Cells != wantC.Cells {
		t.Fatalf("diagnostic counted: %+v", dc)
	}
	if s := d.Counts().String(); !strings.HasSuffix(s, "; 1 pre-registered diagnostic row, not counted, 1 explaining a miss") {
		t.Fatalf("diagnostic counts string %q", s)
	}
	// A diagnostic that does not explain counts as a row, not as an
	// explanation.
	d.Claims = append(d.Claims, NotRunClaim("Table 2 (variants)", Diagnostic, "variants", "no miss to explain"))
	if dc := d.Counts(); dc.Diagnostics != 2 || dc.Explains != 1 {
		t.Fatalf("diagnostics %d, explaining %d; want 2 and 1", dc.Diagnostics, dc.Explains)
	}
	if s := d.Counts().String(); !strings.HasSuffix(s, "; 2 pre-registered diagnostic rows, not counted, 1 explaining a miss") {
		t.Fatalf("diagnostic counts string %q", s)
	}
	d.Claims = d.Claims[:len(d.Claims)-1]
	// A target of ours is counted apart from the paper's claims, labelled
	// met or not, and sorted before the diagnostics.
	g := d
	g.Claims = append(append([]Claim(nil), d.Claims...), Claim{ID: "Table 1 (time)", Kind: Target,
		Statement: "one fit 10× faster",
		Paper:     "95 s", Tolerance: "≥ 10×"}.Decide(Check("Table 1 (time)", true,
		"9 s")),
		Claim{ID: "Table 2 (time)", Kind: Target,
			Statement: "one fit 10× faster",
			Paper:     "95 s", Tolerance: "≥ 10×", Reason: "slower"}.Decide(Check("Table 2 (time)", false,
			"20 s")))
	if gc := g.Counts(); gc.Targets != 2 || gc.Met != 1 || gc.Claims != wantC.Claims || gc.Reproduced != wantC.Reproduced {
		t.Fatalf("targets counted: %+v", gc)
	}
	if s := g.Counts().String(); !strings.Contains(s, "; 1 of 2 targets of ours met; 1 pre-registered diagnostic row") {
		t.Fatalf("targets counts string %q", s)
	}
	if so := g.Sorted(); so[len(so)-1].ID != "Table 1 (variants)" || so[len(so)-2].Kind != Target {
		t.Fatalf("targets before diagnostics: %v, %v", so[len(so)-2].ID, so[len(so)-1].ID)
	}
	if l := g.Claims[len(g.Claims)-2].Label(); l != "met" {
		t.Fatalf("target label %q", l)
	}
	if l := g.Claims[len(g.Claims)-1].Label(); l != "not met" {
		t.Fatalf("target label %q", l)
	}
	if so := d.Sorted(); so[len(so)-1].ID != "Table 1 (variants)" {
		t.Fatalf("diagnostics last: %v", so[len(so)-1].ID)
	}
	for _, out := range []string{d.Markdown(), d.Text()} {
		for _, line := range strings.Split(out, "\n") {
			if strings.Contains(line, "Table 1 (variants)") && (!strings.Contains(line, "explains") || strings.Contains(line, "reproduced")) {
				t.Fatalf("the diagnostic row is not labelled as one: %s", line)
			}
		}
	}
	if !strings.Contains(d.HTML(), "explains") {
		t.Fatal("HTML: no diagnostic label")
	}
	// Replacing by ID.
	r.Add(Claim{ID: "Prop. 1", Kind: Theorem,
		Statement: "gradient",
		Reason:    "broken"}.Decide(Check("Prop. 1", false,
		"")))
	if len(r.Claims) != 6 || r.Claims[3].Outcome != NotReproduced {
		t.Fatalf("Add did not replace")
	}
	b, err := r.JSON()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseReport(b)
	if err != nil || back.Counts() != r.Counts() || back.Claims[0].Outcome != Partly {
		t.Fatalf("round trip: %v %+v", err, back)
	}
	for _, s := range []string{r.Markdown(), r.HTML(), r.Text()} {
		if !strings.Contains(s, "Table 1") || !strings.Contains(s, "partly") {
			t.Fatalf("rendering misses content: %s", s)
		}
	}
	if strings.Contains(r.HTML(), "<script") {
		t.Fatal("HTML must not carry scripts")
	}
	if _, err := ParseReport([]byte("{")); !errors.Is(err, klearn.ErrParam) {
		t.Fatalf("ParseReport of bad JSON: %v", err)
	}
}

func TestTolerance(t *testing.T) {
	t.Parallel()
	if s := (Tolerance{Abs: 0.05, Rel: 0.1, Spread: 1}).String(); s != "±0.05 + ±10 % or 1 std" {
		t.Fatalf("%q", s)
	}
	if s := Abs(1.559166443969341).String(); s != "±1.56" {
		t.Fatalf("computed tolerance printed as %q", s)
	}
	if s := Rel(0.0125).String(); s != "±1.25 %" {
		t.Fatalf("%q", s)
	}
	if b := Rel(0.1).Bound(V(-2), V(0)); b != 0.2 {
		t.Fatalf("bound %v", b)
	}
	if Abs(0).String() != "exact" {
		t.Fatal("exact")
	}
}

func TestEmbeddedRoundTrip(t *testing.T) {
	r := &Report{Paper: "X (2020)", Mode: "full"}
	r.Add(Claim{ID: "Thm 1", Kind: Theorem,
		Statement: "a </script> b",
		Paper:     "holds", Tolerance: "exact"}.Decide(Check("Thm 1", true,
		"holds")))
	h := "<p>before</p>" + r.EmbeddedHTML() + "<p>after</p>"
	got, err := FindEmbedded(h)
	if err != nil {
		t.Fatal(err)
	}
	if got.Paper != r.Paper || got.Counts() != r.Counts() || got.Claims[0].Statement != "a </script> b" {
		t.Fatalf("round trip: %+v", got)
	}
	if _, err := FindEmbedded("<p>none</p>"); err == nil {
		t.Error("no error without a report")
	}
	if _, err := FindEmbedded(`<script type="application/json" class="` + EmbedClass + `">{`); err == nil {
		t.Error("no error for an unterminated report")
	}
	s, err := FindSummary(h)
	if err != nil || s.Paper != r.Paper || s.Mode != r.Mode || s.Counts != r.Counts() || s.Summary != r.Counts().String() {
		t.Errorf("summary %+v, %v", s, err)
	}
	for _, bad := range []string{"<p>none</p>", `<script type="application/json" class="` + CountsClass + `">{}`,
		`<script type="application/json" class="` + CountsClass + `">{</script>`} {
		if _, err := FindSummary(bad); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("FindSummary(%q): %v, want ErrParam", bad, err)
		}
	}
}
