package donini2017

import (
	"slices"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/donini2017/protocol"
	"github.com/kernelab/kernelab/viz"
)

func TestIntSet(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want string
	}{
		{nil, "{}"}, {[]int{4}, "{4}"}, {[]int{1, 2}, "{1, 2}"}, {[]int{1, 2, 3, 5}, "{1–3, 5}"},
		{[]int{1, 2, 3, 4, 5, 10, 15, 20}, "{1–5, 10, 15, 20}"}, {[]int{4, 6, 7, 8, 9}, "{4, 6–9}"},
	} {
		if got := intSet(c.in); got != c.want {
			t.Errorf("intSet(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// claimWith returns the claim id of Verdict(res) and checks that it has
// the outcome want.
func claimWith(t *testing.T, res *Results, id string, want repro.Outcome) repro.Claim {
	t.Helper()
	c := claimByID(Verdict(res), id)
	if c.ID == "" || c.Outcome != want {
		t.Fatalf("%s: outcome %q, want %q (%s)", id, c.Outcome, want, c.Ours)
	}
	return c
}

// TestFigure6StatesAbaloneCut: the Figure 6 row says how many of
// Abalone's rows ran (Results.Fig6MaxN, Config.Fig6MaxN in a run) out of
// its 4177, and why: (4177/1000)^1.8 = 13.1 and ^2.2 = 23.2, protocol.Full's
// "13–23 times"; it says so whatever the outcome, and says nothing when
// Abalone ran all its rows or did not run.
func TestFigure6StatesAbaloneCut(t *testing.T) {
	full := protocol.Full()
	fig6 := func(n int, q, r float64, data ...string) *Results {
		res := &Results{Mode: "full", Fig6MaxN: n, Fig6Spread: [2]float64{1, 2}}
		for _, d := range data {
			f := protocol.RandomFamily{Data: d, Ds: []int{1, 2}}
			for range f.Ds {
				f.Q = append(f.Q, []float64{q, q + 0.01, q + 0.02, q, q + 0.01, q + 0.02})
				f.R = append(f.R, []float64{r, r + 0.01, r, r + 0.02, r + 0.01, r})
			}
			res.Fig6 = append(res.Fig6, f)
		}
		return res
	}
	want := "Abalone on a seeded 1000 of its 4177 rows (paper mode: all): the nested CV grows as n^1.8 to n^2.2, so all rows cost 13–23 times the subset: hours"
	if full.Fig6MaxN != 1000 || protocol.PaperProtocol().Fig6MaxN != 0 {
		t.Fatalf("full mode keeps %d Abalone rows, paper mode %d: update the statement", full.Fig6MaxN, protocol.PaperProtocol().Fig6MaxN)
	}
	for _, o := range []struct {
		q, r float64
		want repro.Outcome
	}{{0.9, 0.7, repro.Reproduced}, {0.7, 0.9, repro.NotReproduced}} {
		c := claimWith(t, fig6(full.Fig6MaxN, o.q, o.r, "Ionosphere", "Abalone"), "Figure 6", o.want)
		if !strings.Contains(c.Ours, "; reduced: "+want) {
			t.Errorf("%s Figure 6: %q, want it to state %q", o.want, c.Ours, want)
		}
	}
	// Another cap: (4177/500)^1.8 = 45.6, ^2.2 = 106.8.
	if c := claimWith(t, fig6(500, 0.9, 0.7, "Abalone"), "Figure 6", repro.Reproduced); !strings.Contains(c.Ours, "a seeded 500 of its 4177 rows (paper mode: all): the nested CV grows as n^1.8 to n^2.2, so all rows cost 46–107 times") {
		t.Errorf("500 rows: %q", c.Ours)
	}
	for name, res := range map[string]*Results{"all rows": fig6(0, 0.9, 0.7, "Ionosphere", "Abalone"), "more than all": fig6(5000, 0.9, 0.7, "Abalone"),
		"no Abalone": fig6(full.Fig6MaxN, 0.9, 0.7, "Ionosphere")} {
		if c := claimWith(t, res, "Figure 6", repro.Reproduced); strings.Contains(c.Ours, "reduced") {
			t.Errorf("%s: %q states a cut", name, c.Ours)
		}
	}
}

// cvResults are Figures 3–5 results on Haberman (the paper's data) and
// Colon (a substitute) over the degrees ds, K_MKL ahead of the others.
func cvResults(mode string, ds []int) *Results {
	res := &Results{Mode: mode, Inner: 10, VGrid: protocol.PaperVGrid}
	for _, name := range []string{"Haberman", "Colon"} {
		c := protocol.CVCurves{Data: name, Ds: ds, Methods: protocol.Methods}
		for m := range protocol.Methods {
			var byD [][]float64
			for range ds {
				v := 0.9 - 0.1*float64(min(m, 1))
				byD = append(byD, []float64{v, v + 0.01, v - 0.01, v, v + 0.02, v - 0.02})
			}
			c.AUC = append(c.AUC, byD)
		}
		res.CV = append(res.CV, c)
	}
	return res
}

// TestCurvesStateDegreeCut: the rows of Figures 3–5 say which degrees ran
// and which of paper mode's grid did not, with the cost of a degree: full
// mode's 10 of paper mode's 14 (6–9 left out) cost 10/14 as much, so
// paper mode's cost 1.4 times; with 4 dropped too, 14/9 = 1.6. Paper
// mode's grid states no cut, and quick mode's gives quick mode as the
// reason.
func TestCurvesStateDegreeCut(t *testing.T) {
	ids := []string{"Figures 3–5 K_MKL vs K_D", "Figures 3–5 K_MKL vs K_sum", "Figures 3–5 optimistic baselines", "Figures 3–5 substitutes"}
	check := func(res *Results, want string) {
		t.Helper()
		rep := Verdict(res)
		for _, id := range ids {
			c := claimByID(rep, id)
			if c.ID == "" || c.Outcome == repro.NotRun {
				t.Fatalf("%s not run", id)
			}
			if got := strings.Contains(c.Ours, "reduced"); want == "" && got || want != "" && !strings.Contains(c.Ours, want) {
				t.Errorf("%s mode, D = %v, %s: %q, want %q", res.Mode, res.CV[0].Ds, id, c.Ours, want)
			}
		}
	}
	full := protocol.Full().Ds
	check(cvResults("full", full), "; reduced: D ∈ {1–5, 10, 15, 20, 25, 30}, without {6–9} of paper mode's grid {1–10, 15, 20, 25, 30} (our reading: the paper prints no D grid): "+
		"the nested CV costs about the same per D (protocol.Full: ten degrees cost 1.7 times six), so paper mode's 14 degrees cost about 1.4 times these 10")
	check(cvResults("full", []int{1, 2, 3, 5, 10, 15, 20, 25, 30}), "without {4, 6–9} of paper mode's grid")
	check(cvResults("full", []int{1, 2, 3, 5, 10, 15, 20, 25, 30}), "so paper mode's 14 degrees cost about 1.6 times these 9")
	check(cvResults("paper", protocol.PaperProtocol().Ds), "")
	check(cvResults("quick", protocol.Quick().Ds), "; reduced: D ∈ {1, 4, 10}, without {2, 3, 5–9} of paper mode's grid {1–10, 15, 20, 25, 30} (our reading: the paper prints no D grid): quick mode")
	if len(full) != 10 || len(protocol.PaperProtocol().Ds) != 14 {
		t.Fatalf("full mode's grid %v, paper mode's %v: update the statement", full, protocol.PaperProtocol().Ds)
	}
}

// TestFigure7StatesDegreeCut: full and paper mode run paper mode's grid
// (Config.Fig7Ds), and their rows state no cut; a reduced grid outside
// quick mode is stated with the degrees that ran and that no cost sets
// it, whatever the outcome.
func TestFigure7StatesDegreeCut(t *testing.T) {
	f7 := func(ds []int, mkl float64) *Results {
		n := len(ds)
		fill := func(v float64) []float64 {
			out := make([]float64, n)
			for i := range out {
				out[i] = v
			}
			return out
		}
		return &Results{Mode: "full", Fig7: []protocol.SRCurve{{Data: "Sonar", Ds: ds, MKL: fill(mkl), KD: fill(3), Sum: fill(1)}}}
	}
	if !slices.Equal(protocol.Full().Fig7Ds, protocol.PaperProtocol().Fig7Ds) {
		t.Fatalf("paper mode's Figure 7 grid %v differs from full mode's: update the statement", protocol.PaperProtocol().Fig7Ds)
	}
	if c := claimWith(t, f7(protocol.Full().Fig7Ds, 2), "Figure 7", repro.Reproduced); strings.Contains(c.Ours, "reduced") {
		t.Errorf("full mode runs paper mode's grid, yet %q states a cut", c.Ours)
	}
	want := "; reduced: D ∈ {1–3, 5, 10, 15, 20, 25, 30}, without {4, 6–9} of paper mode's grid {1–10, 15, 20, 25, 30} (our reading: the paper prints no D grid): not for cost (the job takes about 5 s in full mode)"
	for _, o := range []struct {
		mkl  float64
		want repro.Outcome
	}{{2, repro.Reproduced}, {5, repro.NotReproduced}} {
		if c := claimWith(t, f7([]int{1, 2, 3, 5, 10, 15, 20, 25, 30}, o.mkl), "Figure 7", o.want); !strings.Contains(c.Ours, want) {
			t.Errorf("%s: %q, want %q", o.want, c.Ours, want)
		}
	}
	if c := claimWith(t, f7(protocol.PaperProtocol().Ds, 2), "Figure 7", repro.Reproduced); strings.Contains(c.Ours, "reduced") {
		t.Errorf("paper mode's grid: %q states a cut", c.Ours)
	}
	if c := claimWith(t, f7([]int{1, 2, 3, 4, 5, 7, 8, 9, 10}, 2), "Figure 7", repro.Reproduced); !strings.Contains(c.Ours, "without {6} of") {
		t.Errorf("6 missing: %q", c.Ours)
	}
}

// TestFigure10StatesImages: every Figure 10 row says how many images
// trained and tested (the record's), MNIST's 60 000 and 10 000, what full
// and paper mode train on, and the memory reason, whatever the outcome:
// 8·24000² B = 4.6 GB and 8·60000² B = 28.8 GB per matrix; three of them
// and the 11 000 × n cosines of the validation and test images hold
// 24·n² + 88000·n B, 15.9 GB at 24000 and 92 GB at 60000; the runner's
// limit is 3/4 of MemTotal's 24684084 kB, 0.75 · 25.28 = 19.0 GB, reached
// at n = 26331 (the positive root of 24n² + 88000n = 18.957e9). A run on
// fewer than the 10 000 test images says that no cost sets them (and
// counts its own validation and test images: 3 000 → 27609).
func TestFigure10StatesImages(t *testing.T) {
	ids := []string{"Figure 10 best", "Figure 10 large D", "Figure 10 K_sum", "Figure 10 RBF baseline"}
	full, paper := protocol.Full(), protocol.PaperProtocol()
	if full.MNISTTrain != 24000 || paper.MNISTTrain != 24000 || full.MNISTTest != 10000 || full.T5Train != 24000 {
		t.Fatalf("Figure 10 trains on %d (full) and %d (paper), Table 5 on %d: update the statement", full.MNISTTrain, paper.MNISTTrain, full.T5Train)
	}
	curve := func(train, val, test int, mkl float64) *Results {
		f := &protocol.MNISTCurve{Train: train, Val: val, Test: test, Ds: []int{1, 10}}
		blocks := func(v float64) []float64 {
			return []float64{v, v + 0.2, v - 0.2, v, v + 0.4, v - 0.4, v, v + 0.1, v - 0.1, v}
		}
		for m := range f.Err {
			v := 4.0
			if m == 0 {
				v = mkl
			}
			f.Err[m] = []float64{v, v}
			f.BlockErr[m] = [][]float64{blocks(v), blocks(v)}
		}
		f.RBFBlocks = blocks(4)
		return &Results{Mode: "full", Fig10: f}
	}
	want := "trained on 24000 images (1000 more held out to choose C) of MNIST's 60000, tested on 10000 of its 10000 (the paper gives no split for Figure 10; full mode trains on 24000, paper mode on 24000): " +
		"it holds 3 n × n matrices (counted from the code) and the 11000 validation and test cosines, 15.9 GB at n = 24000 and 92 GB at 60000; at most n = 26331 fits the runner's 19.0 GB limit (3/4 of 25.3 GB)"
	for _, mkl := range []float64{1, 7} {
		rep := Verdict(curve(full.MNISTTrain, full.MNISTVal, full.MNISTTest, mkl))
		for _, id := range ids {
			if c := claimByID(rep, id); !strings.Contains(c.Ours, "; reduced: "+want) {
				t.Errorf("K_MKL at %g %%, %s (%s): %q, want %q", mkl, id, c.Outcome, c.Ours, want)
			}
		}
	}
	if c := claimByID(Verdict(curve(24000, 1000, 2000, 1)), "Figure 10 best"); !strings.HasSuffix(c.Ours, "14.4 GB at n = 24000 and 88 GB at 60000; at most n = 27609 fits the runner's 19.0 GB limit (3/4 of 25.3 GB); no measured cost sets the 2000 test images") {
		t.Errorf("2000 test images: %q", c.Ours)
	}
	if c := claimByID(Verdict(curve(50000, 10000, 10000, 1)), "Figure 10 best"); !strings.Contains(c.Ours, "trained on 50000 images (10000 more held out to choose C) of MNIST's 60000, tested on 10000 of its 10000") ||
		strings.Contains(c.Ours, "GB") || strings.Contains(c.Ours, "test images") {
		t.Errorf("all images: %q", c.Ours)
	}
}

// TestVariantPreprocessingLabelled: the Figure 1 row names the main run's
// inputs and the variant's (min–max scaling, which the paper does not
// state), whichever is the main one, and the exploration's chart names
// its min–max inputs as a variant.
func TestVariantPreprocessingLabelled(t *testing.T) {
	up := []float64{0, 1, 2, 3, 4, 5}
	fig1 := func(main, other string) *Results {
		return &Results{Mode: "full", Prep: main, Fig1: []protocol.MEBCurve{
			{Data: "Splice", Prep: main, SR: up, RStar: up}, {Data: "Splice", Prep: other, SR: up, RStar: up}}}
	}
	for _, c := range []struct{ main, other, want string }{
		{protocol.ZScore, protocol.MinMax, "(main run on z-scored inputs; a variant, not counted: Splice on min–max inputs reproduced)"},
		{protocol.MinMax, protocol.ZScore, "(main run on min–max inputs; a variant, not counted: Splice on z-scored inputs reproduced)"},
	} {
		if got := claimWith(t, fig1(c.main, c.other), "Figure 1", repro.Reproduced); !strings.HasSuffix(got.Ours, c.want) || len(got.Parts) != 1 {
			t.Errorf("main %s: %q (%d parts), want it to end %q", c.main, got.Ours, len(got.Parts), c.want)
		}
	}
	if testing.Short() {
		return
	}
	e, err := NewExplorer(7)
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range []string{"Heart (z-scored, the main run): ", "Heart (min–max, a variant): "} {
		ch, err := e.Draw(in, 3, 0.5)
		if err != nil {
			t.Fatal(err)
		}
		if b, ok := ch.(*viz.Bar); !ok || !strings.HasPrefix(b.Title, want) {
			t.Errorf("exploration chart %#v: want its title to begin %q", ch, want)
		}
	}
}
