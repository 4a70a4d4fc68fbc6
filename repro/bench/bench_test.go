package bench

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/stattest"
	"github.com/kernelab/kernelab/repro/jobs/jobstest"
)

// TestJobsList: the job lists are non-empty, free of duplicates and
// repeatable, one per set, method and split (and regression set, regressor
// and split); the registered builder gives Jobs(ConfigFor(mode)); an
// unknown table or method is an error.
func TestJobsList(t *testing.T) {
	jobstest.CheckList(t, Jobs(Quick()), Jobs(Quick()))
	jobstest.CheckList(t, Jobs(Full()), Jobs(Full()))
	q, f := Quick(), Full()
	if n := len(Jobs(q)); n != q.Reps*(len(q.Sets)*len(q.Methods)+len(q.RegSets)*len(Regressors())) || Total(q) != n {
		t.Errorf("%d quick jobs", n)
	}
	if n := len(Jobs(f)); n != f.Reps*(len(ClassificationSets())*len(Methods())+len(RegressionSets())*len(Regressors())) {
		t.Errorf("%d full jobs", n)
	}
	jobstest.CheckRegistered(t, JobsPaper, ConfigFor, Jobs, "quick")
	bad := Jobs(q)[0]
	bad.Table = "Table 9"
	if _, err := RunJob(context.Background(), bad); err == nil {
		t.Error("unknown table accepted")
	}
	bad = Jobs(q)[0]
	bad.Method = "SVM-linear"
	if _, err := RunJob(context.Background(), bad); err == nil {
		t.Error("unknown method accepted")
	}
}

// TestEveryKernelLearner: every learner of the kernel-learner contract of
// klearn/mkl (its package doc's table) is a method of the benchmark, NKRR a
// regressor, and every method and regressor has exactly Budget candidates,
// whatever the number of features.
func TestEveryKernelLearner(t *testing.T) {
	var sources []string
	for _, m := range Methods() {
		sources = append(sources, m.Source)
		for _, d := range []int{3, 20, 60, 5000} {
			if n := len(m.Candidates(d)); n != Budget {
				t.Errorf("%s, d = %d: %d candidates, want %d", m.Name, d, n, Budget)
			}
		}
	}
	all := strings.Join(sources, "|")
	for _, l := range []string{"mkl.EasyMKL ", "mkl.EasyMKLSVM", "mkl.SimpleMKL", "mkl.LpMKL", "mkl.AlignfSVM", "mkl.KOMD",
		"continuous.Greedy, quasi-Newton", "continuous.FiniteCombination", "continuous.Greedy, DC", "stagewise.CA, Gaussian", "stagewise.CA, one bandwidth",
		"tk.Learner", "ghkl.Classifier", "nn.Classifier", "svm.Classifier", "krr.Regressor"} {
		if !strings.Contains(all, l) {
			t.Errorf("no method runs %s", l)
		}
	}
	var regs []string
	for _, r := range Regressors() {
		regs = append(regs, r.Source)
		if n := len(r.grid(8)); n != Budget {
			t.Errorf("%s: %d candidates, want %d", r.Name, n, Budget)
		}
	}
	if !strings.Contains(strings.Join(regs, "|"), "nkrr.Regressor") {
		t.Error("NKRR is not in the regression table")
	}
}

// TestDataSets: the two-class sets are those of the registry with two
// classes, substitutes marked from their registry entries.
func TestDataSets(t *testing.T) {
	sets := ClassificationSets()
	byName := map[string]DataSet{}
	for _, d := range sets {
		byName[d.Name] = d
	}
	for _, name := range []string{"sonar", "ionosphere", "pima", "german-numeric", "golub", "gisette-mnist"} {
		if _, ok := byName[name]; !ok {
			t.Errorf("%s missing", name)
		}
	}
	for _, name := range []string{"letter", "abalone", "amazon-reviews", "thyroid"} {
		if _, ok := byName[name]; ok {
			t.Errorf("%s is not a two-class set with features", name)
		}
	}
	if !byName["golub"].Substitute || !byName["pd-speech"].Substitute || byName["sonar"].Substitute {
		t.Error("substitute flags wrong")
	}
	if regs := RegressionSets(); len(regs) < 2 {
		t.Errorf("regression sets %v", regs)
	}
}

// TestPrepare: constant training columns are dropped, the rest standardised
// with training statistics (zero mean, unit variance on the training rows),
// the test rows mapped by the same affine map, and the inputs unchanged.
func TestPrepare(t *testing.T) {
	Xtr := mat.NewDense(4, 3, []float64{1, 5, 0, 2, 5, 1, 3, 5, 2, 4, 5, 3})
	Xte := mat.NewDense(1, 3, []float64{5, 7, 4})
	keep := mat.DenseCopyOf(Xtr)
	a, b, err := prepare(Xtr, Xte)
	if err != nil {
		t.Fatal(err)
	}
	if _, d := a.Dims(); d != 2 {
		t.Fatalf("%d columns, want 2 (the constant one dropped)", d)
	}
	// Column 0: mean 2.5, population sd √1.25.
	sd := math.Sqrt(1.25)
	if got, want := a.At(0, 0), (1-2.5)/sd; math.Abs(got-want) > 1e-12 {
		t.Errorf("train (0,0) = %g, want %g", got, want)
	}
	if got, want := b.At(0, 0), (5-2.5)/sd; math.Abs(got-want) > 1e-12 {
		t.Errorf("test (0,0) = %g, want %g", got, want)
	}
	if got, want := b.At(0, 1), (4-1.5)/sd; math.Abs(got-want) > 1e-12 {
		t.Errorf("test (0,1) = %g, want %g", got, want)
	}
	if !mat.Equal(Xtr, keep) {
		t.Error("prepare modified its input")
	}
}

// handResults are results built by hand: four sets, three methods, three
// splits; NN did not run on bupa.
func handResults() *Results {
	cfg := Config{Reps: 3, Sets: []string{"sonar", "heart", "pima", "bupa"}, Methods: []string{"SVM-RBF", "KRR", "NN"}}
	acc := map[string]map[string][]float64{
		"sonar": {"SVM-RBF": {0.90, 0.91, 0.92}, "KRR": {0.91, 0.88, 0.92}, "NN": {0.70, 0.71, 0.72}},
		"heart": {"SVM-RBF": {0.80, 0.82, 0.84}, "KRR": {0.79, 0.81, 0.83}, "NN": {0.60, 0.61, 0.60}},
		"pima":  {"SVM-RBF": {0.70, 0.72, 0.71}, "KRR": {0.75, 0.76, 0.77}, "NN": {0.50, 0.52, 0.51}},
		"bupa":  {"SVM-RBF": {0.60, 0.60, 0.60}, "KRR": {0.60, 0.60, 0.60}},
	}
	sec := map[string]float64{"SVM-RBF": 2, "KRR": 1, "NN": 0.5}
	res := &Results{Config: cfg}
	for _, set := range cfg.Sets {
		for _, m := range cfg.Methods {
			for s := 0; s < cfg.Reps; s++ {
				c := Cell{Set: set, Method: m, Split: s, FitSec: sec[m], Chosen: "C=1"}
				if a, ok := acc[set][m]; ok {
					c.Acc, c.AUC = a[s], a[s]
				} else {
					c.Skip = "not run: a reason"
				}
				res.Cells = append(res.Cells, c)
			}
		}
	}
	return res
}

// TestAnalysis checks the analysis on results built by hand: the best mean
// accuracy in bold, a method the paired t-test cannot tell from it marked,
// one it can not marked, a set where a method did not run dropped from
// Friedman's test with the reason, the ranks and statistic of stattest, the
// Pareto front and the filter attributes of the HTML.
func TestAnalysis(t *testing.T) {
	a, err := Analyze(handResults())
	if err != nil {
		t.Fatal(err)
	}
	e := func(set, m int) Entry { return a.Entries[set][m] }
	if !e(0, 0).Best || e(0, 1).Best || !e(0, 1).Tie || e(0, 2).Tie {
		t.Errorf("sonar: best/tie marks %+v %+v %+v", e(0, 0), e(0, 1), e(0, 2))
	}
	if !e(2, 1).Best || e(2, 0).Tie {
		t.Errorf("pima: KRR best, SVM-RBF (0.71 vs 0.76, constant gap 0.05) distinguishable: %+v %+v", e(2, 1), e(2, 0))
	}
	if len(a.Complete) != 3 || len(a.Dropped) != 1 || !strings.Contains(a.Dropped[0], "bupa: NN (not run: a reason)") {
		t.Errorf("complete %v, dropped %v", a.Complete, a.Dropped)
	}
	want, err := stattest.Friedman([][]float64{{0.91, 0.9033333333333333, 0.71}, {0.82, 0.81, 0.6033333333333334}, {0.71, 0.76, 0.51}}, true)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a.Friedman.Ranks, want.Ranks) || math.Abs(a.Friedman.ChiSq-want.ChiSq) > 1e-12 {
		t.Errorf("Friedman %+v, want %+v", a.Friedman, want)
	}
	if a.CD <= 0 || len(a.Holm) != 3 {
		t.Errorf("CD %g, %d Holm pairs", a.CD, len(a.Holm))
	}
	// NN is fastest (0.5 s), KRR the most accurate on average at 1 s;
	// SVM-RBF is slower (2 s) and less accurate than KRR.
	if !a.Pareto[2] || a.Pareto[0] || !a.Pareto[1] {
		t.Errorf("Pareto %v (mean acc %v, sec %v)", a.Pareto, a.MeanAcc, a.MeanSec)
	}
	h := a.SetTableHTML()
	for _, s := range []string{"<b>91.0 ± 0.6</b>", "≈ 90.3 ± 1.2", `data-size="small (&lt; 300 rows)"`, `data-family="neural network"`, "<i>not run: a reason</i>", "<script>"} {
		if !strings.Contains(h, s) {
			t.Errorf("per-set table lacks %q", s)
		}
	}
	if l := a.LeaderboardHTML(); !strings.Contains(l, `<select data-filter="family">`) || strings.Count(l, "<tr data-family=") != 3 {
		t.Errorf("leaderboard: %s", l)
	}
	if a.CDDiagram() == nil || a.ParetoChart() == nil {
		t.Error("no CD diagram or Pareto chart")
	}
	if _, err := a.CDDiagram().SVG(); err != nil {
		t.Error(err)
	}
	if _, err := a.ParetoChart().SVG(); err != nil {
		t.Error(err)
	}
	// The CD grows as α shrinks; at Alpha it is the analysis' own.
	d01, err := a.CDDiagramAt(0.01)
	if err != nil || d01.CD <= a.CD || a.CDDiagram().CD != a.CD {
		t.Errorf("CD at 0.01: %v, %v; at %g: %g", d01, err, Alpha, a.CD)
	}
	if _, err := (&Analysis{}).CDDiagramAt(0.05); err == nil {
		t.Error("a CD diagram without Friedman's test")
	}
}

// TestShardedJobsEqualRun: a small configuration's Run and its jobs run in
// two shards agree (jobstest.CheckSharded; measured seconds aside), and
// every cell ran.
func TestShardedJobsEqualRun(t *testing.T) {
	cfg := Config{Mode: "quick", Reps: 2, TestFrac: 0.3, Folds: 2, MaxRows: 60, Seed: 7,
		Sets: []string{"haberman"}, Methods: []string{"SVM-RBF", "HPK best"}, RegSets: []string{"abalone"}}
	res := jobstest.CheckSharded(t, jobstest.Sharded[*Results]{Paper: JobsPaper, Jobs: Jobs(cfg), Compute: &computeJob,
		Run: func(p func(done, total int)) (*Results, error) { return Run(cfg, p) },
		Untimed: func(r *Results) *Results {
			c := *r
			c.Elapsed = 0
			c.Cells, c.Regression = slices.Clone(r.Cells), slices.Clone(r.Regression)
			for i := range c.Cells {
				c.Cells[i].FitSec, c.Cells[i].PredictSec, c.Cells[i].SelectSec = 0, 0, 0
			}
			for i := range c.Regression {
				c.Regression[i].FitSec = 0
			}
			return &c
		}})
	for _, c := range res.Cells {
		if c.Skip != "" {
			t.Errorf("cell %+v did not run", c)
		}
	}
	for _, c := range res.Regression {
		if c.Skip != "" {
			t.Errorf("cell %+v did not run", c)
		}
	}
	if len(res.Cells) != 4 || len(res.Regression) != 4 {
		t.Errorf("incomplete results %+v", res)
	}
}

// TestEveryMethodRuns runs every method through the protocol on two
// well-separated Gaussian blobs: each must run (no Skip) and classify the
// test part well, which fails if a learner's decision values had the
// wrong sign or the wrong rows.
func TestEveryMethodRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("every learner fitted 19 times: skipped in -short mode")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	n, d := 60, 4
	X := mat.NewDense(n, d, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		y[i] = float64(2*(i%2) - 1)
		for j := 0; j < d; j++ {
			X.Set(i, j, 1.5*y[i]+rng.NormFloat64())
		}
	}
	data := loaded{X: X, Y: y}
	cfg := Config{Reps: 1, TestFrac: 0.3, Folds: 3, Seed: 1}
	sp, err := splits(data, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range Methods() {
		c, err := runCell(m, data, sp[0], cfg, 1)
		if err != nil || c.Skip != "" || c.Acc < 0.85 || c.AUC < 0.9 {
			t.Errorf("%s: acc %.3f, AUC %.3f, skip %q, err %v", m.Name, c.Acc, c.AUC, c.Skip, err)
		}
	}
}
