package donini2017

import (
	"context"
	"reflect"
	"testing"

	"github.com/kernelab/kernelab/repro/jobs"
	"github.com/kernelab/kernelab/repro/jobs/jobstest"
)

// TestJobsList: the quick, full and paper job lists are non-empty, free of
// duplicates and the same when built twice, with one Figures 3–5 job per
// data set and outer fold and one Table 4 job per data set and column; a
// changed configuration changes the jobs; the registered builder gives
// Jobs(ConfigFor(mode)).
func TestJobsList(t *testing.T) {
	for _, cfg := range []Config{Quick(), Full(), PaperProtocol()} {
		js := Jobs(cfg)
		jobstest.CheckList(t, js, Jobs(cfg))
		count := map[string]int{}
		for _, j := range js {
			count[j.Table]++
		}
		want := len(cfg.CVData) * cfg.Outer
		if cfg.PaperCheck != "" {
			want += cfg.Outer
		}
		if count[jobCV] != want {
			t.Errorf("%s: %d Figures 3–5 jobs, want %d", cfg.Mode, count[jobCV], want)
		}
		t4 := 0
		for _, n := range cfg.T4Data {
			t4 += 1 + len(table4Nodes(n, cfg))*len(Table4Rhos)
		}
		if count[jobTable4] != t4 || count[jobTable3] != len(Table3Data) || count[jobFig10] != 1 || count[jobTable5] != 2+len(cfg.T5Curve) {
			t.Errorf("%s: jobs per table %v", cfg.Mode, count)
		}
		if Total(cfg) != len(js) {
			t.Errorf("%s: Total %d, %d jobs", cfg.Mode, Total(cfg), len(js))
		}
	}
	q, _ := Jobs(Quick())[0].ID()
	f, _ := Jobs(Full())[0].ID()
	if q == f {
		t.Error("a changed configuration keeps the job's id")
	}
	// The default preprocessing and its explicit form are the same jobs.
	c := Quick()
	c.Prep = ""
	jobstest.CheckList(t, Jobs(c), Jobs(Quick()))
	exp, ok := jobs.Lookup(JobsPaper)
	if !ok {
		t.Fatal("not registered")
	}
	for _, mode := range []string{"quick", "full", "paper"} {
		js, err := exp.Build(mode)
		if err != nil {
			t.Fatal(err)
		}
		cfg, _ := ConfigFor(mode)
		jobstest.CheckList(t, js, Jobs(cfg))
	}
	if _, err := exp.Build("huge"); err == nil {
		t.Error("unknown mode accepted")
	}
	bad := Jobs(Quick())
	for _, j := range bad {
		if j.Table == jobCV {
			j.Split = 99
			if _, err := RunJob(context.Background(), j); err == nil {
				t.Error("outer fold 99 accepted")
			}
			break
		}
	}
	j := bad[0]
	j.Table = "Table 99"
	if _, err := RunJob(context.Background(), j); err == nil {
		t.Error("unknown table accepted")
	}
	j = bad[0]
	j.Params = map[string]any{"config": "not a config"}
	if _, err := RunJob(context.Background(), j); err == nil {
		t.Error("bad config parameter accepted")
	}
}

// TestShardedJobsEqualRun: a tiny configuration's Run and its jobs run in
// two shards agree (jobstest.CheckSharded).
func TestShardedJobsEqualRun(t *testing.T) {
	cfg := tiny()
	cfg.Outer, cfg.Ds, cfg.T3Folds, cfg.Fig1Data = 2, []int{2}, 1, []string{"Sonar"}
	jobstest.CheckSharded(t, jobstest.Sharded[*Results]{Paper: JobsPaper, Jobs: Jobs(cfg), Compute: &computeJob,
		Run:     func(p func(done, total int)) (*Results, error) { return Run(cfg, p) },
		Untimed: func(r *Results) *Results { c := withoutTimes(r); return &c }})
}

// withoutTimes returns a copy of res with every measured time zeroed: the
// numbers a rerun must reproduce.
func withoutTimes(res *Results) Results {
	c := *res
	c.Elapsed = 0
	c.Table3 = nil
	for _, r := range res.Table3 {
		c.Table3 = append(c.Table3, TimeRow{Data: r.Data})
	}
	if res.Table5 != nil {
		t5 := *res.Table5
		t5.Seconds = 0
		c.Table5 = &t5
	}
	if res.Table5Deskewed != nil {
		t5 := *res.Table5Deskewed
		t5.Seconds = 0
		c.Table5Deskewed = &t5
	}
	return c
}

// TestCombineCV: the folds are gathered per method, the optimistic K_{D,c}
// and K_RBF keep the c or γ of best mean AUC (a posteriori) with its folds,
// the weights are averaged over folds; folds of another D grid are refused.
func TestCombineCV(t *testing.T) {
	cfg := Config{Ds: []int{1}, Cs: []float64{0.5, 2}, Gammas: []float64{0.1, 1}}
	folds := []CVFold{
		{N: 10, Base: [][]float64{{0.9, 0.8, 0.7}}, Poly: [][]float64{{0.6, 0.9}}, RBF: [][]float64{{0.8, 0.5}}, Typo: [][]float64{{0.5, 0.5}}, Weights: [][]float64{{0, 1}}},
		{N: 10, Base: [][]float64{{0.7, 0.6, 0.5}}, Poly: [][]float64{{0.7, 0.8}}, RBF: [][]float64{{0.6, 0.7}}, Typo: [][]float64{{0.4, 0.6}}, Weights: [][]float64{{0.5, 0.5}}},
	}
	c, err := combineCV(folds, cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float64{{0.9, 0.7}, {0.8, 0.6}, {0.7, 0.5}, {0.9, 0.8}, {0.8, 0.6}, {0.5, 0.6}}
	for m, w := range want {
		if !reflect.DeepEqual(c.AUC[m][0], w) {
			t.Errorf("method %d: folds %v, want %v", m, c.AUC[m][0], w)
		}
	}
	// Means: c 0.65 vs 0.85 → c = 2; γ 0.7 vs 0.6 → γ = 0.1; printed rule
	// 0.45 vs 0.55 → γ = 1.
	if b := []float64{c.Best[3][0], c.Best[4][0], c.Best[5][0]}; !reflect.DeepEqual(b, []float64{2, 0.1, 1}) {
		t.Errorf("chosen c, γ, γ = %v", b)
	}
	if c.N != 10 || !reflect.DeepEqual(c.Weights[0], []float64{0.25, 0.75}) {
		t.Errorf("N %d, weights %v", c.N, c.Weights)
	}
	folds[1].RBF = nil
	if _, err := combineCV(folds, cfg); err == nil {
		t.Error("a fold without K_RBF accepted")
	}
	if _, err := combineCV(nil, cfg); err == nil {
		t.Error("no folds accepted")
	}
}
