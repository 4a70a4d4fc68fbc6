package colbert2020

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/repro/jobs"
	"github.com/kernelab/kernelab/repro/jobs/jobstest"
)

// TestJobsList: the quick and full job lists are non-empty, free of
// duplicates and the same when built twice, with one Table 1 job per data
// set, split and method; a changed configuration changes the jobs; the
// registered builder gives Jobs(ConfigFor(mode)).
func TestJobsList(t *testing.T) {
	for _, cfg := range []Config{Quick(), Full(), PaperProtocol()} {
		js := Jobs(cfg)
		jobstest.CheckList(t, js, Jobs(cfg))
		n := 0
		for _, j := range js {
			if j.Table == jobTable1 {
				n++
			}
		}
		want := 0
		for _, j := range cfg.columns() {
			want += len(cfg.rows()) * cfg.splits(j)
		}
		if n != want {
			t.Errorf("%s: %d Table 1 jobs, want %d", cfg.Mode, n, want)
		}
	}
	q, _ := Jobs(Quick())[0].ID()
	f, _ := Jobs(Full())[0].ID()
	p, _ := Jobs(PaperProtocol())[0].ID()
	if q == f || f == p {
		t.Error("a changed configuration keeps the job's id")
	}
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
	bad := Jobs(Quick())[1]
	bad.Data = "no-such-set"
	if _, err := RunJob(context.Background(), bad); err == nil {
		t.Error("unknown data set accepted")
	}
	cfg := Quick()
	cfg.Rows = []int{7}
	if _, err := Run(cfg, nil); err == nil {
		t.Error("row 7 accepted")
	}
}

// tiny is a configuration small enough to run Table 1's five methods on
// two splits (the network on three), the scaling experiment and Figure 6
// in a second or two.
func tiny() Config {
	return Config{Mode: "quick", Splits: 2, NetSplits: 3, Folds: 2, CGrid: []float64{1, 100}, EpsGrid: []float64{0.1},
		L: 5, MaxTrain: 40, Rows: []int{0}, TKTol: 1e-3, TKMaxIter: 5, SimpleMKLIter: 20,
		ScalingSizes: []int{20, 40}, Figure6Grid: 5, Figure1Iter: 5, Seed: 11}
}

// withoutTimes returns a copy of res with every measured time zeroed: the
// numbers a rerun must reproduce.
func withoutTimes(res *Results) Results {
	c := *res
	c.Elapsed = 0
	c.Table1 = nil
	for _, r := range res.Table1 {
		r2 := Row{Data: r.Data}
		for _, s := range r.Splits {
			s.Time, s.Fit = make([]float64, len(s.Time)), make([]float64, len(s.Fit))
			r2.Splits = append(r2.Splits, s)
		}
		c.Table1 = append(c.Table1, r2)
	}
	if res.Scaling != nil {
		sc := Scaling{}
		for _, ser := range res.Scaling.Series {
			ser.Seconds, ser.Exponent = nil, 0
			sc.Series = append(sc.Series, ser)
		}
		c.Scaling = &sc
	}
	return c
}

// TestShardedJobsEqualRun: a tiny configuration's Run and its jobs run in
// two shards agree (jobstest.CheckSharded); Run's progress lines mark the
// jobs read from the store.
func TestShardedJobsEqualRun(t *testing.T) {
	cfg := tiny()
	js := Jobs(cfg)
	res := jobstest.CheckSharded(t, jobstest.Sharded[*Results]{Paper: JobsPaper, Jobs: js, Compute: &computeJob,
		Run:     func(p func(done, total int)) (*Results, error) { return Study.Run(cfg, p) },
		Untimed: func(r *Results) *Results { c := withoutTimes(r); return &c }})
	if len(res.Table1) != 1 || len(res.Table1[0].Splits) != 3 || res.Scaling == nil || len(res.Figure6) != 4 || len(res.Checks) == 0 {
		t.Fatalf("incomplete results %+v", res)
	}
	for k, s := range res.Table1[0].Splits {
		for j := range Methods {
			if k >= cfg.Splits && j != MNeuralNet {
				if s.Ran[j] {
					t.Errorf("split %d of %d ran %s", k, cfg.Splits, Methods[j])
				}
				continue
			}
			if !s.Ran[j] || !(s.Acc[j] > 0 && s.Acc[j] <= 100) || !(s.Fit[j] > 0 && s.Fit[j] <= s.Time[j]) {
				t.Errorf("%s: ran %v, accuracy %v, one fit %v s of the column's %v s", Methods[j], s.Ran[j], s.Acc[j], s.Fit[j], s.Time[j])
			}
		}
	}
	var lines []string
	if _, err := Run(cfg, func(s string) { lines = append(lines, s) }); err != nil {
		t.Fatal(err)
	}
	if len(lines) != len(js) || !strings.HasSuffix(lines[0], "(stored)") {
		t.Errorf("progress of a run on a filled store: %q", lines)
	}
}

// TestSplitsPrefix checks that the network's extra splits leave the other
// columns' splits as they were: with NetSplits the first Splits splits are
// those drawn without them, subsampled training parts included.
func TestSplitsPrefix(t *testing.T) {
	cfg := Quick()
	short, err := Splits(345, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.NetSplits = 7
	long, err := Splits(345, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(short) != cfg.Splits || len(long) != 7 || !reflect.DeepEqual(long[:cfg.Splits], short) {
		t.Errorf("%d and %d splits; the first %d differ", len(short), len(long), cfg.Splits)
	}
	if cfg.splits(MNeuralNet) != 7 || cfg.splits(MTK) != cfg.Splits {
		t.Errorf("network %d splits, [TK] %d", cfg.splits(MNeuralNet), cfg.splits(MTK))
	}
}
