package protocol

import (
	"errors"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/alignf"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/lpmkl"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
	"github.com/kernelab/kernelab/repro/jobs/spec"
)

// fakeSweep is a validation sweep over the grid {1, 2, 3, 4} whose fit at
// C has validation error wrong[C] of 4 points (the test predictions all
// right) and stopped at its cap when capped[C].
func fakeSweep(wrong map[float64]int, capped map[float64]bool) func(float64) (fitted, error) {
	return func(C float64) (fitted, error) {
		val := []float64{1, 1, -1, -1}
		for i := 0; i < wrong[C]; i++ {
			val[i] = -val[i]
		}
		return fitted{val: val, test: []float64{1, -1}, capped: capped[C]}, nil
	}
}

// TestSelectCExcludesCapped: the fit of least validation error stopped at
// its cap (C = 2) does not compete in an SVM sweep: the best converged
// one (C = 4, the first of the two tied at one error) is chosen and the
// capped one counted. CR's sweep chooses among the converged fits too
// (C = 4), and among the capped ones only when every fit is capped (C = 2,
// said capped). Without capped fits both choose as the rule before
// 2026-12-01 (least validation error, first on ties); with every fit
// capped the SVM sweep fails with ErrNotConverged. Both count the capped
// fits left out (CR's since 2026-12-02), none when every fit is capped. An
// empty grid is ErrParam.
func TestSelectCExcludesCapped(t *testing.T) {
	grid := []float64{1, 2, 3, 4}
	yval, yte := []float64{1, 1, -1, -1}, []float64{1, -1}
	wrong := map[float64]int{1: 2, 2: 0, 3: 1, 4: 1}
	capped := map[float64]bool{2: true, 3: true}
	ch, err := selectC(grid, true, fakeSweep(wrong, capped), yval, yte)
	if err != nil {
		t.Fatal(err)
	}
	if ch.value != 4 || ch.capped || ch.sweep != (Sweep{Fits: 4, Excluded: 2}) || ch.test != 0 {
		t.Errorf("SVM sweep: %+v, want C = 4 of 4 fits, 2 excluded", ch)
	}
	ch, err = selectC(grid, false, fakeSweep(wrong, capped), yval, yte)
	if err != nil || ch.value != 4 || ch.capped || ch.sweep != (Sweep{Fits: 4, Excluded: 2}) || ch.test != 0 {
		t.Errorf("CR's sweep: %+v, %v; want C = 4, not capped, 2 of 4 fits excluded", ch, err)
	}
	for _, only := range []bool{true, false} {
		ch, err = selectC(grid, only, fakeSweep(wrong, nil), yval, yte)
		if err != nil || ch.value != 2 || ch.capped || ch.sweep != (Sweep{Fits: 4}) {
			t.Errorf("no fit capped (onlyConverged %v): %+v, %v; want C = 2", only, ch, err)
		}
	}
	all := map[float64]bool{1: true, 2: true, 3: true, 4: true}
	if _, err := selectC(grid, true, fakeSweep(wrong, all), yval, yte); !errors.Is(err, klearn.ErrNotConverged) {
		t.Errorf("every fit capped: %v, want ErrNotConverged", err)
	}
	if ch, err := selectC(grid, false, fakeSweep(wrong, all), yval, yte); err != nil || ch.value != 2 || !ch.capped || ch.sweep != (Sweep{Fits: 4}) {
		t.Errorf("every CR fit capped: %+v, %v; want C = 2, capped, none excluded", ch, err)
	}
	for _, only := range []bool{true, false} {
		if _, err := selectC(nil, only, fakeSweep(wrong, nil), yval, yte); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("an empty grid (onlyConverged %v): %v, want ErrParam", only, err)
		}
	}
}

// TestSVMSweepCountsCapped: with SMO capped at a few hundred iterations on
// the quick sine problem's three-frequency kernel, the large C stop at
// the cap: svmSweep counts exactly the fits whose SVM, refitted, stopped
// there, and chooses a C whose fit converged; at one iteration every fit
// of {10³, 10⁴} is capped and the sweep fails with ErrNotConverged.
func TestSVMSweepCountsCapped(t *testing.T) {
	cfg := Quick()
	tr, val, te, err := samples(cfg, SineSeed(cfg.Seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	g, err := gramsOf(uniform(Frequencies), tr, val, te)
	if err != nil {
		t.Fatal(err)
	}
	proto := svm.Classifier{MaxIter: 300}
	ch, err := svmSweep(proto, g, cfg.Cs, tr, val, te)
	if err != nil {
		t.Fatal(err)
	}
	n, chosenCapped := 0, true
	for _, C := range cfg.Cs {
		c := proto
		c.C = C
		m, err := c.FitGram(g.K, tr.y)
		if err != nil {
			t.Fatal(err)
		}
		if svmCapped(m) {
			n++
		}
		if C == ch.value {
			chosenCapped = svmCapped(m)
		}
	}
	if ch.sweep != (Sweep{Fits: len(cfg.Cs), Excluded: n}) || n == 0 || n == len(cfg.Cs) || chosenCapped {
		t.Errorf("%+v: %d of %d fits capped, the chosen C = %g capped: %v", ch, n, len(cfg.Cs), ch.value, chosenCapped)
	}
	if _, err := svmSweep(svm.Classifier{MaxIter: 1}, g, []float64{1e3, 1e4}, tr, val, te); !errors.Is(err, klearn.ErrNotConverged) {
		t.Errorf("every fit capped: %v, want ErrNotConverged", err)
	}
}

// TestH1CappedFitExcluded is the case an audit found (2026-12-01): on
// draw 0 of the full sine problem the H1 row {√12, √60} has its least
// validation error at a C where SMO stops at its iteration cap (10⁵ in a
// GOAMD64=v1 build, 24.0 % against 25.6 % for the best converged fit;
// 3.16·10⁴ in a v3 build: which capped fit wins moves with the last bits
// of the arithmetic). The capped fits are excluded and counted, and the C
// chosen is one whose fit converged, with a higher validation error than
// the best capped fit: without the exclusion a capped fit was chosen.
func TestH1CappedFitExcluded(t *testing.T) {
	if testing.Short() {
		t.Skip("23 SVM fits on 500 points, three at 10⁷ SMO iterations")
	}
	cfg := Full()
	row := 5
	if H1Sets[row][0] != 1 || H1Sets[row][1] != 2 || len(H1Sets[row]) != 2 {
		t.Fatalf("row %d is %v, not {√12, √60}", row, H1Sets[row])
	}
	h, err := h1Row(cfg, row, SineSeed(cfg.Seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	if h.Fits != len(cfg.Cs) || h.Excluded < 1 || h.Chosen >= 1e4 {
		t.Errorf("%+v: want %d fits, some excluded, C below the capped 10⁴…10⁵", h, len(cfg.Cs))
	}
	tr, val, te, err := samples(cfg, SineSeed(cfg.Seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	g, err := gramsOf(uniform([]float64{Frequencies[1], Frequencies[2]}), tr, val, te)
	if err != nil {
		t.Fatal(err)
	}
	fit := func(C float64) (float64, bool) {
		m, err := svm.Classifier{C: C}.FitGram(g.K, tr.y)
		if err != nil {
			t.Fatal(err)
		}
		pv, _ := m.PredictGram(g.Kval)
		e, _ := errorPct(val.y, pv)
		return e, svmCapped(m)
	}
	chosen, capped := fit(h.Chosen)
	if capped {
		t.Errorf("the chosen C = %g stopped at the cap", h.Chosen)
	}
	best := math.Inf(1)
	for _, C := range []float64{math.Pow(10, 4.5), 1e5} {
		if e, c := fit(C); c {
			best = math.Min(best, e)
		}
	}
	if !(best < chosen) {
		t.Errorf("validation error %g %% at the chosen C = %g, best capped fit %g %%: a capped fit would not have been chosen", chosen, h.Chosen, best)
	}
}

// TestTaskCRCapped: CR and CR (DC) in the task experiments record whether
// the model chosen on validation stopped short of its end (greedyCapped
// on a refit at the chosen μ says), as Figure 1(b) does, and count the
// fits of their μ grid (one here); the SVM methods count their C sweep. On Letter O–Q at 120/60/100 points and
// μ = 10⁻² both stop at the 50-step cap (as on Letter A–B at the printed
// sizes, repetition 0), which the results said nowhere before 2026-12-01.
func TestTaskCRCapped(t *testing.T) {
	if testing.Short() {
		t.Skip("CR on a small task")
	}
	cfg := tinyTasks(false)
	cfg.Letter, cfg.TaskMus = [3]int{120, 60, 100}, []float64{1e-2}
	var j *spec.Job
	for _, x := range Jobs(cfg) {
		if x.Table == JobLetter && x.Split == 0 && x.Method == "CR" {
			j = &x
			break
		}
	}
	if j == nil {
		t.Fatal("no Letter CR job")
	}
	p, err := taskProblem(cfg, *j)
	if err != nil {
		t.Skipf("Letter: %v", err)
	}
	for _, m := range []string{"CR", MethodCRDC} {
		r, _, err := fitTask(m, p, cfg.TaskCs, cfg.TaskMus)
		if err != nil {
			t.Fatal(err)
		}
		step2 := continuous.QuasiNewton
		if m == MethodCRDC {
			step2 = continuous.DC
		}
		gm, err := continuous.Greedy{Family: continuous.GaussianBandwidth{Starts: p.starts}, Mu: r.Chosen, Step2: step2}.Fit(p.tr.X, p.tr.y)
		if err != nil {
			t.Fatal(err)
		}
		if want := greedyCapped(gm, step2 == continuous.DC); r.Capped != want || !r.Capped || r.Sweep != (Sweep{Fits: 1}) {
			t.Errorf("%s at μ = %g: Capped %v, the refit stopped short of its end: %v; sweep %+v, want 1 fit", m, r.Chosen, r.Capped, want, r.Sweep)
		}
	}
	for _, m := range []string{"CA-1D", "DA", "D1", "D2", "DU"} {
		r, _, err := fitTask(m, p, cfg.TaskCs, cfg.TaskMus)
		if err != nil {
			t.Fatal(err)
		}
		if r.Fits != len(cfg.TaskCs) || r.Capped {
			t.Errorf("%s: %+v, want %d fits", m, r, len(cfg.TaskCs))
		}
	}
}

// TestFiniteFitStatus: the fits of DA, D1 and D2 (finiteFit) report a
// fit as stopped short exactly when its model's status is not
// opt.Success, and that status is the learner's own, not only its SVM's:
// an ℓp-norm MKL fit stopped at its cap of θ updates, its SVM converged
// (all the sweep read before 2026-12-01), has IterationLimit (alignf's
// stage 1 likewise: TestSVMStatus in klearn/mkl/alignf).
func TestFiniteFitStatus(t *testing.T) {
	cfg := Quick()
	tr, val, te, err := samples(cfg, SineSeed(cfg.Seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	var Ks []*mat.SymDense
	for s := 0; s < 10; s++ {
		g, err := gramsOf(kernel.Dirichlet{Sigma: float64(s)}, tr, val, te)
		if err != nil {
			t.Fatal(err)
		}
		Ks = append(Ks, g.K)
	}
	for _, method := range []string{"DA", "D1", "D2"} {
		fit, ok := finiteFit(method, tr.y)
		if !ok {
			t.Fatalf("%s: no fit", method)
		}
		m, capped, err := fit(Ks, 1)
		if err != nil {
			t.Fatal(err)
		}
		var st opt.Status
		switch m := m.(type) {
		case *alignf.SVMModel:
			st = m.Status
		case *lpmkl.Model:
			st = m.Status
		default:
			t.Fatalf("%s: a %T", method, m)
		}
		if st != opt.Success || capped {
			t.Errorf("%s at C = 1: status %v, reported capped %v; want Success, not capped", method, st, capped)
		}
	}
	if _, ok := finiteFit("CA", tr.y); ok {
		t.Error("finiteFit(CA): a fit")
	}
	for _, p := range []float64{1, 2} {
		m, err := lpmkl.Learner{P: p, C: 1, Settings: opt.Settings{Tol: 1e-12, MaxIter: 1}, StepTol: 1e-12}.FitGrams(Ks, tr.y)
		if err != nil {
			t.Fatal(err)
		}
		if m.Status != opt.IterationLimit || svmCapped(m.SVM) {
			t.Errorf("p = %g, one update: status %v, SVM capped %v; want IterationLimit with its SVM converged", p, m.Status, svmCapped(m.SVM))
		}
	}
}

// TestKeeper: the rule of selectC and CA-nD's λ on scores alone: the
// least score among the converged fits, the first on ties, the capped ones
// left out and counted; only when every fit is capped the least of those,
// said capped; a NaN score is never kept; an empty grid keeps nothing.
func TestKeeper(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		name     string
		scores   []float64
		capped   []bool
		i, excl  int
		isCapped bool
		keeps    []int // the fits that may still be chosen (keeps), the rest freed
	}{
		{"capped best left out", []float64{3, 1, 2, 2}, []bool{false, true, false, false}, 2, 1, false, []int{1, 2}},
		{"first on ties", []float64{2, 2, 5}, []bool{false, false, true}, 0, 1, false, []int{0}},
		{"every fit capped", []float64{3, 1, 2}, []bool{true, true, true}, 1, 0, true, []int{1}},
		{"none capped", []float64{4, 3, 3.5}, []bool{false, false, false}, 1, 0, false, []int{1}},
		{"NaN never kept", []float64{nan, 2, nan}, []bool{false, true, false}, 1, 0, true, []int{1}},
		{"empty", nil, nil, -1, 0, false, nil},
	} {
		k := newKeeper()
		for i, s := range c.scores {
			k.add(i, s, c.capped[i])
		}
		i, capped, excl := k.kept()
		if i != c.i || capped != c.isCapped || excl != c.excl {
			t.Errorf("%s: kept %d (capped %v, %d excluded), want %d (%v, %d)", c.name, i, capped, excl, c.i, c.isCapped, c.excl)
		}
		for j := range c.scores {
			if k.keeps(j) != slices.Contains(c.keeps, j) {
				t.Errorf("%s: keeps(%d) = %v, want the fits %v only", c.name, j, k.keeps(j), c.keeps)
			}
		}
	}
}

// TestGreedyCappedDC: a run of the greedy algorithm with the DC step 2 cut
// to one cutting plane stops by its own test with steps 2 not certified:
// greedyCapped counts it as stopped short of its end for CR (DC) and not
// for a reading of the step cap alone; the same run with the cutting
// planes run to their certificate is not capped either way.
func TestGreedyCappedDC(t *testing.T) {
	d, err := datasets.GaussianRelevance(40, 3, 1, 7)
	if err != nil {
		t.Fatal(err)
	}
	y, _ := datasets.Binary(d)
	fit := func(dc opt.DCSettings) *continuous.GreedyModel {
		m, err := continuous.Greedy{Family: continuous.GaussianBandwidth{Lower: 0.05, Upper: 20}, Mu: 1e-2, Step2: continuous.DC, Tol: 0.05, DCSettings: dc}.Fit(d.X, y)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	short := fit(opt.DCSettings{MaxIter: 1})
	uncert := 0
	for _, st := range short.Steps() {
		if st.DCStatus != opt.Success {
			uncert++
		}
	}
	if short.Status() == opt.IterationLimit || uncert == 0 {
		t.Fatalf("cut run: status %v, %d of %d steps 2 not certified; want stopped by its test, some not certified", short.Status(), uncert, len(short.Steps()))
	}
	if !greedyCapped(short, true) || greedyCapped(short, false) {
		t.Errorf("cut run: greedyCapped %v (DC), %v (step cap only); want true, false", greedyCapped(short, true), greedyCapped(short, false))
	}
	full := fit(opt.DCSettings{})
	for i, st := range full.Steps() {
		if st.DCStatus != opt.Success {
			t.Fatalf("full run: step %d not certified (%v)", i, st.DCStatus)
		}
	}
	if full.Status() == opt.IterationLimit || greedyCapped(full, true) || greedyCapped(full, false) {
		t.Errorf("full run: status %v, greedyCapped %v, %v; want neither", full.Status(), greedyCapped(full, true), greedyCapped(full, false))
	}
}
