package donini2017

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/repro/donini2017/protocol"
	"github.com/kernelab/kernelab/repro/jobs"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/repro"
)

func TestChecksReproduce(t *testing.T) {
	for name, f := range map[string]func(uint64) (repro.Claim, error){"Theorem 1": CheckTheorem1, "Theorem 2": CheckTheorem2} {
		c, err := f(1)
		if err != nil || c.Outcome != repro.Reproduced {
			t.Errorf("%s: %v %v (%s)", name, err, c.Outcome, c.Ours)
		}
	}
	// Table 1: the printed RBF, RQ and Cauchy rules fail and the corrected
	// ones hold, so the row is "corrected", not "reproduced"; the
	// polynomial rule holds as printed.
	c, err := CheckTable1(1)
	if err != nil || c.Outcome != repro.Corrected || len(c.Parts) != 4 || c.Parts[3].Outcome != repro.Reproduced {
		t.Errorf("Table 1: %v %v (%s)", err, c.Outcome, c.Ours)
	}
	cs, err := CheckSpectralRatio(2, 200)
	if err != nil {
		t.Fatal(err)
	}
	X := randUnit(40, 6, klearn.NewRand(3))
	y := make([]float64, 40)
	for i := range y {
		y[i] = 1
		if X.At(i, 0)+0.3*X.At(i, 1) < 0 {
			y[i] = -1
		}
	}
	more, err := CheckRademacher(X, 6, 200, 4)
	if err != nil {
		t.Fatal(err)
	}
	cs = append(cs, more...)
	if more, err = CheckMEB(X, 5, 5, 5); err != nil {
		t.Fatal(err)
	}
	cs = append(cs, more...)
	c, err = CheckEq12(X, 6)
	if err != nil {
		t.Fatal(err)
	}
	cs = append(cs, c)
	K1, _ := hpk.CosineGram(X)
	if c, err = CheckProposition2(map[string]*mat.SymDense{"random": K1}, 12); err != nil {
		t.Fatal(err)
	}
	cs = append(cs, c)
	for _, c := range cs {
		if c.Outcome != repro.Reproduced {
			t.Errorf("%s: %v (%s)", c.ID, c.Outcome, c.Ours)
		}
	}
	fr, err := CheckFrobenius(X, y, 4)
	if err != nil {
		t.Fatal(err)
	}
	if fr[0].Outcome != repro.Reproduced || fr[1].Outcome != repro.NotReproduced {
		t.Errorf("Frobenius: decomposition %v, sandwich %v (the lower bound is false)", fr[0].Outcome, fr[1].Outcome)
	}
	if _, err := CheckSpectralRatio(1, 0); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("draws = 0: err = %v", err)
	}
}

// With two identical kernels K, K_η = (η₁ + η₂)K is maximised on the unit
// sphere at η = (1, 1)/√2, so the exact max–min is the KOMD value on √2·K,
// EasyMKL's η* is (1, 1)/√2 and its bound is the KOMD value on 2K.
func TestEasyMKLMaxMinClosedForm(t *testing.T) {
	X := randUnit(20, 4, klearn.NewRand(7))
	y := make([]float64, 20)
	for i := range y {
		y[i] = float64(2*(i%2) - 1)
	}
	K, _ := hpk.CosineGram(X)
	const lam = 0.2
	r, err := EasyMKLMaxMin([]*mat.SymDense{K, K}, y, lam, 41)
	if err != nil {
		t.Fatal(err)
	}
	scaled := func(a float64) float64 {
		var S mat.SymDense
		S.ScaleSym(a, K)
		res, err := opt.KOMDQP(&S, y, lam, &opt.Settings{Tol: 1e-10})
		if err != nil {
			t.Fatal(err)
		}
		return res.F
	}
	if e, w := r.Exact, scaled(math.Sqrt2); math.Abs(e-w) > 1e-6*w {
		t.Errorf("exact max–min %.8g, want %.8g (KOMD on √2·K)", e, w)
	}
	if b, w := r.Bound, scaled(2); math.Abs(b-w) > 1e-6*w {
		t.Errorf("bound %.8g, want %.8g (KOMD on 2K)", b, w)
	}
	for _, v := range r.EtaEasy {
		if math.Abs(v-1/math.Sqrt2) > 1e-9 {
			t.Errorf("η* = %v, want (1, 1)/√2", r.EtaEasy)
		}
	}
	if !(r.Exact < r.Bound) {
		t.Errorf("exact %.6g should be strictly below the bound %.6g", r.Exact, r.Bound)
	}
	if _, err := EasyMKLMaxMin([]*mat.SymDense{K}, y, lam, 5); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("one kernel: err = %v", err)
	}
	c, _, err := CheckEasyMKLMaxMin(X, y, 11)
	if err != nil || c.Outcome != repro.Reproduced {
		t.Errorf("CheckEasyMKLMaxMin: %v %v (%s)", err, c.Outcome, c.Ours)
	}
}

func TestAlgorithm1Converges(t *testing.T) {
	X := randUnit(30, 3, klearn.NewRand(8))
	pts, err := protocol.Algorithm1Convergence(X, 2, []int{200, 800, 3200, 12800}, 9)
	if err != nil {
		t.Fatal(err)
	}
	if c := CheckAlgorithm1(pts, 2); c.Outcome != repro.Reproduced {
		t.Errorf("Algorithm 1: %v (%s)", c.Outcome, c.Ours)
	}
	if s := LogLogSlope([]float64{1, 10, 100}, []float64{3, 3 / math.Sqrt(10), 0.3}); math.Abs(s+0.5) > 1e-12 {
		t.Errorf("LogLogSlope of x^{-1/2} = %g", s)
	}
}

// claimByID returns the claim with the id.
func claimByID(r *repro.Report, id string) repro.Claim {
	for _, c := range r.Claims {
		if c.ID == id {
			return c
		}
	}
	return repro.Claim{}
}

func TestVerdictTieIsNotAWin(t *testing.T) {
	curve := func(mkl, kd []float64) protocol.CVCurves {
		c := protocol.CVCurves{Data: "toy", Ds: []int{10}, Methods: protocol.Methods, AUC: make([][][]float64, len(protocol.Methods)), Best: make([][]float64, len(protocol.Methods))}
		for m := range protocol.Methods {
			c.AUC[m] = [][]float64{kd}
		}
		c.AUC[0] = [][]float64{mkl}
		return c
	}
	// K_MKL ahead by 0.01 on average but inside the fold-to-fold noise: a tie.
	noisy := &Results{Mode: "test", Prep: protocol.MinMax, CV: []protocol.CVCurves{curve(
		[]float64{0.80, 0.90, 0.70, 0.85, 0.75}, []float64{0.85, 0.83, 0.72, 0.80, 0.75})}}
	c := claimByID(Verdict(noisy), "Figures 3–5 K_MKL vs K_D")
	if c.Outcome == repro.Reproduced {
		t.Errorf("a difference inside the noise counted as a win: %v (%s)", c.Outcome, c.Ours)
	}
	// A consistent gain of 0.05 on every fold is a win.
	clear := &Results{Mode: "test", Prep: protocol.MinMax, CV: []protocol.CVCurves{curve(
		[]float64{0.85, 0.86, 0.90, 0.81, 0.88}, []float64{0.80, 0.80, 0.86, 0.75, 0.84})}}
	if c := claimByID(Verdict(clear), "Figures 3–5 K_MKL vs K_D"); c.Outcome != repro.Reproduced {
		t.Errorf("a consistent win not counted: %v (%s)", c.Outcome, c.Ours)
	}
	// The optimistic baselines equal K_D here: a noisy tie does not show
	// K_MKL no worse (undecided); a consistent lead does; swapped, the
	// baselines win and the claim fails.
	if c := claimByID(Verdict(noisy), "Figures 3–5 optimistic baselines"); c.Outcome != repro.Undecided {
		t.Errorf("a noisy tie with the optimistic baselines certified comparability: %v", c.Outcome)
	}
	if c := claimByID(Verdict(clear), "Figures 3–5 optimistic baselines"); c.Outcome != repro.Reproduced {
		t.Errorf("K_MKL ahead of the baselines: %v (%s)", c.Outcome, c.Ours)
	}
	swapped := &Results{CV: []protocol.CVCurves{curve([]float64{0.70, 0.71, 0.75, 0.66, 0.73}, []float64{0.85, 0.86, 0.90, 0.81, 0.88})}}
	for _, id := range []string{"Figures 3–5 optimistic baselines", "Figures 3–5 K_MKL vs K_D"} {
		if c := claimByID(Verdict(swapped), id); c.Outcome != repro.NotReproduced {
			t.Errorf("%s with K_MKL far behind: %v (%s)", id, c.Outcome, c.Ours)
		}
	}
	// Figure 6 counts the cells where the paired test finds Q_D better: a
	// higher mean inside the noise is a tie, an equal mean too; swapping
	// the families turns the win into a loss.
	q := []float64{0.85, 0.86, 0.90, 0.81, 0.88}
	r := []float64{0.80, 0.80, 0.86, 0.75, 0.84}
	f6 := &Results{Fig6: []protocol.RandomFamily{{Data: "x", Ds: []int{2, 4, 6}, Q: [][]float64{q, {0.9, 0.8, 0.7, 0.9, 0.8}, r}, R: [][]float64{r, {0.8, 0.8, 0.75, 0.85, 0.82}, r}}}}
	if c := claimByID(Verdict(f6), "Figure 6"); c.Outcome != repro.Partly || c.Ours[:6] != "1 of 3" {
		t.Errorf("Figure 6: %v %q (a noisy or equal mean is not a win)", c.Outcome, c.Ours)
	}
	f6.Fig6[0].Q[0], f6.Fig6[0].R[0] = r, q
	if c := claimByID(Verdict(f6), "Figure 6"); c.Outcome != repro.NotReproduced {
		t.Errorf("Figure 6 with the families swapped: %v %q", c.Outcome, c.Ours)
	}
	// Missing parts are reported as not run.
	if c := claimByID(Verdict(&Results{}), "Table 4"); c.Outcome != repro.NotRun {
		t.Errorf("Table 4 without results: %v", c.Outcome)
	}
}

func TestConfigErrors(t *testing.T) {
	if _, err := ConfigFor("bogus"); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("ConfigFor(bogus): %v", err)
	}
	for _, mode := range []string{"quick", "full", "paper"} {
		c, err := ConfigFor(mode)
		if err != nil || c.Mode != mode || c.Validate() != nil {
			t.Errorf("ConfigFor(%s): %v, %v", mode, err, c.Validate())
		}
	}
	bad := []func(*Config){
		func(c *Config) { c.Outer = 1 },
		func(c *Config) { c.VGrid = []float64{0} },
		func(c *Config) { c.VGrid = []float64{0.5, 0.1} },
		func(c *Config) { c.Inner, c.VGrid, c.PaperCheck = 10, protocol.PaperVGrid, "Sonar" },
		func(c *Config) { c.CVData = []string{"Nowhere"} },
		func(c *Config) { c.Prep = "log" },
		func(c *Config) { c.Ds = []int{0} },
		func(c *Config) { c.T4Data = []string{"iris"} },
		func(c *Config) { c.MNISTTest = -1 },
		func(c *Config) { c.T4Gaussian = []string{"iris"} },
		func(c *Config) { c.Gammas = nil },
		func(c *Config) { c.Fig10Cs = nil },
	}
	for i, f := range bad {
		c := protocol.Quick()
		f(&c)
		if _, err := Run(c, nil); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("bad config %d: err = %v", i, err)
		}
	}
}

// tiny is a configuration that runs every part in seconds.
func tiny() Config {
	c := protocol.Quick()
	c.Mode = "tiny"
	c.Draws, c.Prop2D, c.Prop2Data, c.MaxMinGrid, c.Alg1Steps = 20, 4, []string{"Heart"}, 5, []int{200, 800}
	c.Fig1D, c.Fig1Data, c.Fig1MaxN = 3, []string{"Heart"}, 100
	c.CVData, c.Ds, c.Outer, c.Inner, c.VGrid, c.Gammas, c.MaxN = []string{"Haberman"}, []int{1, 3}, 3, 2, []float64{0.5}, []float64{0.5}, 90
	c.Fig6Data, c.Fig6Steps, c.Fig6Ds, c.Fig6MaxN = []string{"Abalone"}, 300, []int{2}, 90
	c.Fig7Data, c.Fig7Ds, c.Fig8Ds = []string{"Heart"}, []int{2}, []int{10}
	c.Fig9Reps, c.Fig9N = 1, 60
	c.T3Folds = 2
	c.MNISTTrain, c.T5Train, c.T4Outer = 0, 0, 0
	return c
}

func TestTinyRun(t *testing.T) {
	if testing.Short() {
		t.Skip("loads data sets")
	}
	t.Setenv("KERNELAB_RESULTS", t.TempDir())
	n := 0
	res, err := Run(tiny(), func(done, total int) {
		n++
		if done != n || total != protocol.Total(tiny()) {
			t.Errorf("progress %d/%d", done, total)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != protocol.Total(tiny()) || len(res.CV) != 1 || len(res.CV[0].AUC[0][0]) != 3 || len(res.Fig1) != 2 {
		t.Fatalf("progress %d, CV %d, Fig1 %d", n, len(res.CV), len(res.Fig1))
	}
	for _, c := range res.Checks {
		want := repro.Reproduced
		if c.ID == "Table 1" {
			want = repro.Corrected // the printed RBF, RQ and Cauchy rules are wrong
		}
		if c.Outcome != want && c.ID != "§3.2 Frobenius sandwich" {
			t.Errorf("%s: %v (%s)", c.ID, c.Outcome, c.Ours)
		}
	}
	b, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var back Results
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	v1, v2 := Verdict(res), Verdict(&back)
	if v1.Counts() != v2.Counts() || len(v1.Claims) != len(v2.Claims) {
		t.Errorf("the verdict changes after a JSON round trip: %v vs %v", v1.Counts(), v2.Counts())
	}
	// The Figure 6 row states the Abalone rows of the run's Config
	// (assemble's Results.Fig6MaxN), also after the round trip.
	for _, v := range []*repro.Report{v1, v2} {
		if c, want := claimByID(v, "Figure 6"), "Abalone on a seeded 90 of its 4177 rows"; tiny().Fig6MaxN != 90 || !strings.Contains(c.Ours, want) {
			t.Errorf("Figure 6: %q, want %q", c.Ours, want)
		}
	}
	if c := claimByID(v1, "Table 4"); c.Outcome != repro.NotRun {
		t.Errorf("Table 4 skipped, verdict %v", c.Outcome)
	}
	// Every row run is decided by a pre-registered criterion.
	for _, c := range v1.Claims {
		if _, ok := Criteria().For(c.ID); !ok && c.Outcome != repro.NotRun {
			t.Errorf("%s is decided by no criterion", c.ID)
		}
	}
	for _, f := range []func(*Results) error{
		func(r *Results) error { _, err := Figure1Chart(r); return err },
		func(r *Results) error { _, err := CurvesChart(r); return err },
		func(r *Results) error { _, err := Figure6Chart(r); return err },
		func(r *Results) error { _, err := Figure7Chart(r); return err },
		func(r *Results) error { _, err := Figure8Chart(r); return err },
		func(r *Results) error { _, err := Figure9Chart(r); return err },
		func(r *Results) error { _, err := Algorithm1Chart(r); return err },
	} {
		if err := f(res); err != nil {
			t.Error(err)
		}
		if err := f(&Results{}); !errors.Is(err, klearn.ErrEmpty) {
			t.Errorf("chart of empty results: %v", err)
		}
	}
	if _, err := Figure10Chart(res); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("Figure 10 was skipped: %v", err)
	}
}

func TestTinyFigure10(t *testing.T) {
	if testing.Short() {
		t.Skip("loads MNIST")
	}
	if _, err := datasets.LoadMNIST("test"); err != nil {
		t.Skipf("MNIST not available (make data): %v", err)
	}
	c := tiny()
	c.MNISTTrain, c.MNISTVal, c.MNISTTest, c.Fig10Ds, c.Fig10Cs = 120, 60, 100, []int{1, 3}, []float64{1, 4}
	f, err := protocol.KindFig10.Run(context.Background(), c, jobs.Job{})
	if err != nil {
		t.Fatal(err)
	}
	res := &Results{Fig10: f}
	for i := range f.Err {
		for di := range f.Ds {
			var mean float64
			for _, b := range f.BlockErr[i][di] {
				mean += b / protocol.Fig10Blocks
			}
			// Equal blocks of 10 images: the block mean is the error.
			if math.Abs(mean-f.Err[i][di]) > 1e-9 || f.Err[i][di] > 50 {
				t.Errorf("method %d, D = %d: error %.2f, block mean %.2f", i, f.Ds[di], f.Err[i][di], mean)
			}
		}
	}
	if len(f.RBFBlocks) != protocol.Fig10Blocks || f.RBFGamma == 0 || f.RBFErr > 50 {
		t.Errorf("RBF baseline: γ = %g, error %.1f", f.RBFGamma, f.RBFErr)
	}
	// Every fit's status recorded: EasyMKL's one QP solve per D, an SVM
	// per C on each kernel (3 per D, then the RBF baseline's γ grid).
	if nD, nC := len(f.Ds), len(c.Fig10Cs); len(f.EtaUncert) != nD || f.Solves.N != nD || f.Solves.SVMs != (3*nD+len(protocol.RBFGammas))*nC || f.Solves.ExcludedC != f.Solves.SVMCapped {
		t.Errorf("Figure 10 statuses: EtaUncert %v, %+v", f.EtaUncert, f.Solves)
	}
	if _, err := Figure10Chart(res); err != nil {
		t.Error(err)
	}
	if c := claimByID(Verdict(res), "Figure 10 RBF baseline"); c.ID == "" || c.Outcome == repro.NotRun {
		t.Errorf("no RBF claim: %v", c)
	}
}

// TestNewClaims: the protocol check counts ties as harmless and flags a
// consistent change; the Table 4 edge claim names the folds left at an
// edge; the deskewing claim needs a significant gain on paired test
// images (McNemar's exact test), not just a lower error.
func TestNewClaims(t *testing.T) {
	curve := func(kmkl []float64) protocol.CVCurves {
		c := protocol.CVCurves{Data: "Sonar", Ds: []int{5}, Methods: protocol.Methods, AUC: make([][][]float64, len(protocol.Methods))}
		for m := range protocol.Methods {
			c.AUC[m] = [][]float64{{0.8, 0.82, 0.79, 0.85, 0.81}}
		}
		c.AUC[0] = [][]float64{kmkl}
		return c
	}
	same := curve([]float64{0.8, 0.82, 0.79, 0.85, 0.81})
	res := &Results{CV: []protocol.CVCurves{same}, CVPaperCheck: &same}
	if c := claimByID(Verdict(res), "Figures 3–5 protocol cuts"); c.Outcome != repro.Reproduced {
		t.Errorf("identical grids: %v %s", c.Outcome, c.Ours)
	}
	shifted := curve([]float64{0.9, 0.93, 0.88, 0.95, 0.90})
	res.CVPaperCheck = &shifted
	if c := claimByID(Verdict(res), "Figures 3–5 protocol cuts"); c.Outcome != repro.Partly {
		t.Errorf("a consistent shift of K_MKL: %v %s", c.Outcome, c.Ours)
	}
	if c := claimByID(Verdict(&Results{}), "Figures 3–5 protocol cuts"); c.Outcome != repro.NotRun {
		t.Errorf("no check run: %v", c.Outcome)
	}
	// No cut (the full mode): nothing to compare, and said so.
	if c := claimByID(Verdict(&Results{Inner: 10, VGrid: protocol.PaperVGrid}), "Figures 3–5 protocol cuts"); c.Outcome != repro.NotRun || !strings.Contains(c.Reason, "no cut") {
		t.Errorf("the paper's protocol: %v %q", c.Outcome, c.Reason)
	}

	row := protocol.GHKLRow{Data: "haberman", Nodes: "linear", AUC: [][]float64{{0.7, 0.7}, {0.6, 0.6}, {0.6, 0.6}, {0.6, 0.6}},
		BestC: [][]float64{nil, {1, 1e6}, {1, 1}, {10, 1}}, AtEdge: [][]bool{nil, {false, true}, {false, false}, {false, false}}}
	c := claimByID(Verdict(&Results{Table4: []protocol.GHKLRow{row}}), "Table 4 C grid")
	if c.Outcome != repro.NotReproduced || !strings.Contains(c.Ours, "1 of 6") || !strings.Contains(c.Ours, "fold 1: C = 1e+06") {
		t.Errorf("one fold at an edge: %v %q", c.Outcome, c.Ours)
	}
	row.AtEdge[1][1] = false
	if c := claimByID(Verdict(&Results{Table4: []protocol.GHKLRow{row}}), "Table 4 C grid"); c.Outcome != repro.Reproduced {
		t.Errorf("no fold at an edge: %v %q", c.Outcome, c.Ours)
	}
	rows, err := Table4CRows(&Results{Table4: []protocol.GHKLRow{row}})
	if err != nil || len(rows) != 3 || rows[0][3] != "1 1e+06" || rows[0][4] != "0 of 2" {
		t.Errorf("Table4CRows: %v, %v", rows, err)
	}

	wrong := func(idx ...int) []float64 {
		w := make([]float64, 200)
		for _, i := range idx {
			w[i] = 1
		}
		return w
	}
	many := make([]int, 20)
	for i := range many {
		many[i] = i
	}
	raw := &AllPairs{Train: 100, Test: 200, Err: 10, Wrong: wrong(many...)}
	// Deskewed: 1 error instead of 20 (19 images fixed, none broken): a win.
	d := &AllPairs{Train: 100, Test: 200, Deskewed: true, Err: 0.5, Wrong: wrong(0)}
	if c := claimByID(Verdict(&Results{Table5: raw, Table5Deskewed: d}), "Table 5 deskewing"); c.Outcome != repro.Reproduced {
		t.Errorf("19 images fixed: %v %s", c.Outcome, c.Ours)
	}
	// 19 errors instead of 20: lower, but inside the noise.
	d = &AllPairs{Train: 100, Test: 200, Deskewed: true, Err: 9.5, Wrong: wrong(many[1:]...)}
	if c := claimByID(Verdict(&Results{Table5: raw, Table5Deskewed: d}), "Table 5 deskewing"); c.Outcome == repro.Reproduced {
		t.Errorf("one image fixed: %v %s", c.Outcome, c.Ours)
	}
	// Swapped: deskewing breaks 19 images.
	if c := claimByID(Verdict(&Results{Table5: &AllPairs{Train: 100, Test: 200, Err: 0.5, Wrong: wrong(0)}, Table5Deskewed: &AllPairs{Train: 100, Test: 200, Deskewed: true, Err: 10, Wrong: wrong(many...)}}), "Table 5 deskewing"); c.Outcome != repro.NotReproduced {
		t.Errorf("deskewing breaks 19 images: %v %s", c.Outcome, c.Ours)
	}
	tc := claimByID(Verdict(&Results{Table5: raw, Table5Deskewed: d}), "Table 5")
	if !strings.Contains(tc.Ours, "2 of 2") && !strings.Contains(tc.Ours, "0 of 2") && !strings.Contains(tc.Ours, "1 of 2") {
		t.Errorf("Table 5 has two cells: %q", tc.Ours)
	}
	if c := claimByID(Verdict(&Results{Table5: raw}), "Table 5 deskewing"); c.Outcome != repro.NotRun {
		t.Errorf("no deskewed run: %v", c.Outcome)
	}
}

// TestSubstitutesCountedApart: the substitute data sets (Bench.Apart, or
// a Bench.Differs that says "substitute") leave the paper's Figures 3–5
// rows and get their own row, counted apart; the other rows decide on the
// paper's data sets and list the substitutes' parts apart.
func TestSubstitutesCountedApart(t *testing.T) {
	curve := func(name string, mkl, kd []float64) protocol.CVCurves {
		c := protocol.CVCurves{Data: name, Ds: []int{10}, Methods: protocol.Methods, AUC: make([][][]float64, len(protocol.Methods)), Best: make([][]float64, len(protocol.Methods))}
		for m := range protocol.Methods {
			c.AUC[m] = [][]float64{kd}
		}
		c.AUC[0] = [][]float64{mkl}
		return c
	}
	win, lose := []float64{0.85, 0.86, 0.90, 0.81, 0.88}, []float64{0.80, 0.80, 0.86, 0.75, 0.84}
	res := &Results{CV: []protocol.CVCurves{curve("Sonar", win, lose), curve("Colon", lose, win), curve("Heart", lose, win)}}
	rep := Verdict(res)
	if c := claimByID(rep, "Figures 3–5 K_MKL vs K_D"); c.Outcome != repro.Reproduced || len(c.Parts) != 1 {
		t.Errorf("a substitute entered the paper's row: %v %q", c.Outcome, c.Ours)
	}
	c := claimByID(rep, "Figures 3–5 substitutes")
	if !c.Substitute || c.Outcome != repro.NotReproduced || len(c.Parts) != 4 || rep.Counts().SubClaims != 1 {
		t.Errorf("substitute row: substitute %v, %v %q, counts %+v", c.Substitute, c.Outcome, c.Ours, rep.Counts())
	}
	// Figure 7: Heart's cell fails but is counted apart; Sonar's holds.
	f7 := &Results{Fig7: []protocol.SRCurve{{Data: "Sonar", Ds: []int{5}, MKL: []float64{2}, KD: []float64{3}, Sum: []float64{1}},
		{Data: "Heart", Ds: []int{5}, MKL: []float64{4}, KD: []float64{3}, Sum: []float64{1}}}}
	if c := claimByID(Verdict(f7), "Figure 7"); c.Outcome != repro.Reproduced || c.Substitute || !strings.Contains(c.Ours, "counted apart: Heart D=5 not reproduced") {
		t.Errorf("Figure 7 with a failing substitute cell: %v %q", c.Outcome, c.Ours)
	}
	f7.Fig7 = f7.Fig7[1:]
	if c := claimByID(Verdict(f7), "Figure 7"); c.Outcome != repro.NotReproduced || !c.Substitute {
		t.Errorf("Figure 7 on a substitute only: %v, substitute %v", c.Outcome, c.Substitute)
	}
	// Table 4: gHKL far ahead on the Australian substitute only.
	hi := []float64{0.80, 0.82, 0.78, 0.84, 0.81, 0.79, 0.83, 0.80, 0.82, 0.81}
	lo := []float64{0.60, 0.63, 0.57, 0.66, 0.61, 0.58, 0.64, 0.60, 0.62, 0.61}
	t4 := &Results{Table4: []protocol.GHKLRow{{Data: "haberman", Nodes: "linear", AUC: [][]float64{hi, lo, lo, lo}}, {Data: "australian-sub", Nodes: "linear", AUC: [][]float64{lo, hi, hi, hi}}}}
	if c := claimByID(Verdict(t4), "Table 4 K_MKL vs gHKL"); c.Outcome != repro.Reproduced || len(c.Parts) != 3 {
		t.Errorf("Table 4 with the substitute behind: %v %q", c.Outcome, c.Ours)
	}
	if cells := claimByID(Verdict(t4), "Table 4").Cells; len(cells) != 8 || cells[0].Substitute || !cells[4].Substitute {
		t.Errorf("Table 4 cells: %d, substitute flags wrong", len(cells))
	}
	want := map[string]bool{"Heart": true, "Australian": true, "Pendigits": true, "Colon": true, "Gisette": true, "australian-sub": true}
	for _, b := range protocol.Table2 {
		if substitute(b.Name) != want[b.Name] {
			t.Errorf("%s: substitute = %v (%s)", b.Name, substitute(b.Name), b.Differs)
		}
	}
	for name := range protocol.Table4Names {
		if substitute(name) != want[name] {
			t.Errorf("Table 4 %s: substitute = %v", name, substitute(name))
		}
	}
}

// TestCriteriaTable: the criteria table is well formed (one criterion per
// claim, a reason each) and every criterion the verdict reads exists.
func TestCriteriaTable(t *testing.T) {
	if err := Criteria().Check(nil); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"table1", "curves-better", "curves-comparable", "protocol-cuts", "figure6-better", "figure7-between", "eta0",
		"table3-time", "figure10-better", "figure10-ksum", "rbf-better", "table5-cells", "table5-deskew", "table4-better"} {
		if _, ok := Criteria().Get(id); !ok {
			t.Errorf("criterion %q is read by the verdict but not declared", id)
		}
	}
}

// TestTrendAndBetterRowsFail: the rows decided by a trend or a one-sided
// test fail on mutated input: an odd/even zigzag of the MEB radius, a
// falling W(η), a gHKL column that ties or beats K_MKL, an RBF SVM that
// ties K_MKL.
func TestTrendAndBetterRowsFail(t *testing.T) {
	sr := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	up := []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95}
	zig := []float64{0.1, 0.9, 0.2, 0.9, 0.2, 0.9, 0.2, 0.9, 0.2, 0.9}
	fig1 := func(r []float64) *Results {
		return &Results{Prep: protocol.ZScore, Fig1: []protocol.MEBCurve{{Data: "Heart", Prep: protocol.ZScore, SR: sr, RStar: r}}}
	}
	if c := claimByID(Verdict(fig1(up)), "Figure 1"); c.Outcome != repro.Reproduced {
		t.Errorf("a rising radius: %v %s", c.Outcome, c.Ours)
	}
	if c := claimByID(Verdict(fig1(zig)), "Figure 1"); c.Outcome == repro.Reproduced {
		t.Errorf("an odd/even zigzag passed the trend test: %s", c.Ours)
	}
	noise := []float64{0, 10, 20, 30, 40, 50}
	fig9 := func(w []float64) *Results { return &Results{Fig9: []protocol.NoiseCurve{{Noise: noise, Mean: w}}} }
	if c := claimByID(Verdict(fig9([]float64{0.3, 0.35, 0.4, 0.5, 0.55, 0.6})), "Figure 9"); c.Outcome != repro.Reproduced {
		t.Errorf("a rising W: %v %s", c.Outcome, c.Ours)
	}
	if c := claimByID(Verdict(fig9([]float64{0.6, 0.55, 0.5, 0.4, 0.35, 0.3})), "Figure 9"); c.Outcome != repro.NotReproduced {
		t.Errorf("a falling W: %v %s", c.Outcome, c.Ours)
	}
	hi := []float64{0.80, 0.82, 0.78, 0.84, 0.81, 0.79, 0.83, 0.80, 0.82, 0.81}
	lo := []float64{0.60, 0.63, 0.57, 0.66, 0.61, 0.58, 0.64, 0.60, 0.62, 0.61}
	t4 := func(mkl, ghkl []float64) *Results {
		return &Results{Table4: []protocol.GHKLRow{{Data: "haberman", Nodes: "linear", AUC: [][]float64{mkl, ghkl, ghkl, ghkl}}}}
	}
	if c := claimByID(Verdict(t4(hi, lo)), "Table 4 K_MKL vs gHKL"); c.Outcome != repro.Reproduced {
		t.Errorf("K_MKL far ahead: %v %s", c.Outcome, c.Ours)
	}
	if c := claimByID(Verdict(t4(hi, hi)), "Table 4 K_MKL vs gHKL"); c.Outcome == repro.Reproduced {
		t.Errorf("a tie counted as outperforming: %v %s", c.Outcome, c.Ours)
	}
	if c := claimByID(Verdict(t4(lo, hi)), "Table 4 K_MKL vs gHKL"); c.Outcome != repro.NotReproduced {
		t.Errorf("gHKL far ahead: %v %s", c.Outcome, c.Ours)
	}
	// The Table 4 cells: the paper's own numbers with its spread put the
	// K_MKL cell (std 0.014, δ = 0.099) within; the gHKL cells (std up to
	// 0.166, δ = 0.038) are undecided, underpowered; numbers 0.2 away are
	// out.
	paper := make([][]float64, 4)
	shifted := make([][]float64, 4)
	for j, p := range Table4Paper["haberman"] {
		for f := 0; f < 10; f++ {
			d := p.Std * float64(2*(f%2)-1)
			paper[j] = append(paper[j], p.Mean+d)
			shifted[j] = append(shifted[j], p.Mean+0.2+d)
		}
	}
	for _, c := range []struct {
		auc  [][]float64
		want repro.Outcome
	}{{paper, repro.Undecided}, {shifted, repro.NotReproduced}} {
		res := &Results{Table4: []protocol.GHKLRow{{Data: "haberman", Nodes: "linear", AUC: c.auc}}}
		got := claimByID(Verdict(res), "Table 4")
		if got.Outcome != c.want {
			t.Errorf("Table 4 cells: %v, want %v (%s)", got.Outcome, c.want, got.Ours)
		}
		if v := got.Cells[0].Verdict().Outcome; (v == repro.Reproduced) != (c.want == repro.Undecided) {
			t.Errorf("Table 4 K_MKL cell: %v", got.Cells[0].Verdict().Detail)
		}
	}
}

// TestMoreRowsFail: the rows of Figures 3–5 (K_sum), 7, 8 and 10, §5.2 and
// Tables 3 and 5 hold on crafted results that show the paper's claim and
// fail when the methods are swapped or the numbers mutated.
func TestMoreRowsFail(t *testing.T) {
	outcome := func(res *Results, id string) repro.Outcome { return claimByID(Verdict(res), id).Outcome }
	// Figure 7: C(K_MKL) between C(K_sum) and C(K_D).
	f7 := &Results{Fig7: []protocol.SRCurve{{Data: "x", Ds: []int{5}, MKL: []float64{2}, KD: []float64{3}, Sum: []float64{1}}}}
	if o := outcome(f7, "Figure 7"); o != repro.Reproduced {
		t.Errorf("Figure 7 between: %v", o)
	}
	f7.Fig7[0].KD, f7.Fig7[0].Sum = f7.Fig7[0].Sum, f7.Fig7[0].KD
	if o := outcome(f7, "Figure 7"); o != repro.NotReproduced {
		t.Errorf("Figure 7 with K_D and K_sum swapped: %v", o)
	}
	// Figure 8: Heart falling, Splice on degrees 1–5; reversed, both fail.
	eta := func(rising bool) []float64 {
		e := make([]float64, 11)
		for s := 1; s <= 10; s++ {
			e[s] = float64(11 - s)
			if rising {
				e[s] = float64(s)
			}
		}
		var sum float64
		for _, v := range e {
			sum += v
		}
		for s := range e {
			e[s] /= sum
		}
		return e
	}
	f8 := func(rising bool) *Results {
		return &Results{Fig8: []protocol.Weights{{Data: "Heart", D: 10, Eta: eta(rising)}, {Data: "Splice", D: 10, Eta: eta(rising)}}}
	}
	for _, id := range []string{"Figure 8 Heart", "Figure 8 Splice", "§4 η_0 = 0"} {
		if o := outcome(f8(false), id); o != repro.Reproduced {
			t.Errorf("%s on falling weights: %v", id, o)
		}
	}
	for _, id := range []string{"Figure 8 Heart", "Figure 8 Splice"} {
		if o := outcome(f8(true), id); o != repro.NotReproduced {
			t.Errorf("%s on rising weights: %v", id, o)
		}
	}
	bad := f8(false)
	bad.Fig8[0].Eta[0] = 0.01
	if o := outcome(bad, "§4 η_0 = 0"); o != repro.NotReproduced {
		t.Errorf("η_0 = 0.01 passed: %v", o)
	}
	// §5.2: R_D's weights flatter than Q_D's.
	fig6 := []protocol.RandomFamily{{Data: "x", Ds: []int{2}, Q: [][]float64{{0.8, 0.9}}, R: [][]float64{{0.8, 0.9}}}}
	if o := outcome(&Results{Fig6: fig6, Fig6Spread: [2]float64{1.1, 3}}, "§5.2 R_D weights"); o != repro.Reproduced {
		t.Errorf("R_D flatter: %v", o)
	}
	if o := outcome(&Results{Fig6: fig6, Fig6Spread: [2]float64{3, 1.1}}, "§5.2 R_D weights"); o != repro.NotReproduced {
		t.Errorf("R_D steeper: %v", o)
	}
	// Table 3: our fit 5 times one RBF fit is faster than 10 RBF fits;
	// 20 times is slower.
	t3 := func(ratio float64) *Results {
		row := protocol.TimeRow{Data: "Heart"}
		for f := 0; f < 10; f++ {
			r := 0.01 * (1 + 0.05*float64(f%3))
			row.RBF = append(row.RBF, r)
			row.Ours[0] = append(row.Ours[0], ratio*r*(1+0.02*float64(f%2)))
		}
		return &Results{Table3: []protocol.TimeRow{row}}
	}
	if o := outcome(t3(5), "Table 3"); o != repro.Reproduced {
		t.Errorf("Table 3 at 5 RBF fits: %v", o)
	}
	if o := outcome(t3(20), "Table 3"); o != repro.NotReproduced {
		t.Errorf("Table 3 at 20 RBF fits: %v", o)
	}
	// Figure 10: K_MKL 2 % against K_D and K_sum at 5 %, RBF at 5 %; swapped, K_MKL at 5 %, the others at 2 %.
	blocks := func(level float64) []float64 {
		b := make([]float64, protocol.Fig10Blocks)
		for i := range b {
			b[i] = level + 0.3*float64(i%3)
		}
		return b
	}
	f10 := func(mkl, other float64) *Results {
		c := &protocol.MNISTCurve{Ds: []int{5, 40}}
		for m := 0; m < 3; m++ {
			lvl := other
			if m == 0 {
				lvl = mkl
			}
			c.Err[m] = []float64{lvl, lvl}
			c.BlockErr[m] = [][]float64{blocks(lvl), blocks(lvl)}
		}
		c.RBFBlocks = blocks(other)
		return &Results{Fig10: c}
	}
	for _, id := range []string{"Figure 10 best", "Figure 10 large D", "Figure 10 RBF baseline", "Figure 10 K_sum"} {
		if o := outcome(f10(2, 5), id); o != repro.Reproduced {
			t.Errorf("%s with K_MKL ahead: %v", id, o)
		}
	}
	for _, id := range []string{"Figure 10 best", "Figure 10 large D", "Figure 10 RBF baseline"} {
		if o := outcome(f10(5, 2), id); o != repro.NotReproduced {
			t.Errorf("%s with K_MKL behind: %v", id, o)
		}
	}
	worse := f10(2, 5)
	worse.Fig10.BlockErr[2][1] = blocks(8)
	if o := outcome(worse, "Figure 10 K_sum"); o != repro.NotReproduced {
		t.Errorf("K_sum 3 points worse at the largest D: %v", o)
	}
	// Figures 3–5 K_MKL vs K_sum: a consistent lead holds; K_MKL and K_sum
	// swapped, it fails.
	lead, behind := []float64{0.85, 0.86, 0.90, 0.81, 0.88}, []float64{0.80, 0.80, 0.86, 0.75, 0.84}
	cv := func(mkl, sum []float64) *Results {
		c := protocol.CVCurves{Data: "Sonar", Ds: []int{10}, Methods: protocol.Methods, AUC: make([][][]float64, len(protocol.Methods))}
		for m := range protocol.Methods {
			c.AUC[m] = [][]float64{behind}
		}
		c.AUC[0], c.AUC[2] = [][]float64{mkl}, [][]float64{sum}
		return &Results{CV: []protocol.CVCurves{c}}
	}
	if o := outcome(cv(lead, behind), "Figures 3–5 K_MKL vs K_sum"); o != repro.Reproduced {
		t.Errorf("K_MKL ahead of K_sum: %v", o)
	}
	if o := outcome(cv(behind, lead), "Figures 3–5 K_MKL vs K_sum"); o != repro.NotReproduced {
		t.Errorf("K_sum ahead of K_MKL: %v", o)
	}
	// Table 5: each cell is the two-sample test of proportions against the
	// paper's 10 000 test images. At the paper's 0.9 % and 0.8 % on 200
	// test images the test cannot see δ = 0.1 point: undecided
	// (underpowered), never within; at 10 % and 9 % out. On 10 000 test
	// images 1.5 % and 1.3 % are out (z ≈ 3.9 and 3.5), which the former
	// 1-point band held; even then the paper's own 0.9 % is undecided: two
	// test sets of 10 000 cannot tell 0.9 % from 0.8 %.
	t5 := func(raw, desk float64, n int) *Results {
		return &Results{Table5: &AllPairs{Train: 100, Test: n, Err: raw}, Table5Deskewed: &AllPairs{Train: 100, Test: n, Deskewed: true, Err: desk}}
	}
	if c := claimByID(Verdict(t5(0.9, 0.8, 200)), "Table 5"); c.Outcome != repro.Undecided || len(c.Cells) != 2 ||
		!strings.Contains(c.Cells[0].Verdict().Detail, "underpowered") {
		t.Errorf("Table 5 at the paper's errors: %v %+v", c.Outcome, c.Cells)
	}
	if o := outcome(t5(10, 9, 200), "Table 5"); o != repro.NotReproduced {
		t.Errorf("Table 5 at 10 %% and 9 %%: %v", o)
	}
	c := claimByID(Verdict(t5(1.5, 1.3, 10000)), "Table 5")
	for i, cell := range c.Cells {
		if v := cell.Verdict(); v.Outcome != repro.NotReproduced || !strings.HasPrefix(v.Detail, "out") {
			t.Errorf("Table 5 cell %d at 1.5 %% / 1.3 %% on 10 000 images: %v", i, v)
		}
	}
	if c := claimByID(Verdict(t5(0.9, 0.8, 10000)), "Table 5"); c.Outcome != repro.Undecided {
		t.Errorf("Table 5 at the paper's errors on 10 000 images: %v", c.Outcome)
	}
}

// TestTable4Names: the paper's Table 4 (Table4Paper) and the data sets the
// protocol accepts for it (protocol.Table4Names, Config.Validate) are the
// same four.
func TestTable4Names(t *testing.T) {
	if len(Table4Paper) != len(protocol.Table4Names) {
		t.Fatalf("%d data sets in Table4Paper, %d in protocol.Table4Names", len(Table4Paper), len(protocol.Table4Names))
	}
	for n := range Table4Paper {
		if _, ok := protocol.Table4Names[n]; !ok {
			t.Errorf("%s: in Table4Paper, not in protocol.Table4Names", n)
		}
	}
}

// TestInnerNoteNamesCappedFolds: a fold that ran fewer inner folds than
// the mode's (protocol.CVFold.Inner) is named in the row's Ours, with its
// count; folds that ran them all, and curves without the record, add
// nothing.
func TestInnerNoteNamesCappedFolds(t *testing.T) {
	cs := []protocol.CVCurves{{Data: "Colon", Inner: []int{10, 10, 9}}, {Data: "Gisette", Inner: []int{10, 10}}, {Data: "Unrecorded"}}
	got := innerNote(cs, 10)
	if !strings.Contains(got, "Colon split 2 ran 9 inner folds") || strings.Contains(got, "Gisette") || strings.Contains(got, "Unrecorded") {
		t.Errorf("innerNote = %q, want Colon split 2 only", got)
	}
	if got := innerNote(cs[1:], 10); got != "" {
		t.Errorf("no capped fold: innerNote = %q, want empty", got)
	}
}
