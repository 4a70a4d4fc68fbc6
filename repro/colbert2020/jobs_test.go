package colbert2020

import (
	"context"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/repro/colbert2020/protocol"
	"github.com/kernelab/kernelab/repro/jobs"
	"github.com/kernelab/kernelab/repro/jobs/jobstest"
)

// TestJobsRegistered: the registered builder gives
// protocol.Jobs(ConfigFor(mode)); an unknown mode, data set or row is an
// error. (protocol.TestJobsList checks the lists.)
func TestJobsRegistered(t *testing.T) {
	jobstest.CheckRegistered(t, JobsPaper, ConfigFor, protocol.Jobs, "quick", "full", "paper")
	bad := protocol.Jobs(protocol.Quick())[1]
	bad.Data = "no-such-set"
	if _, err := RunJob(context.Background(), bad); err == nil {
		t.Error("unknown data set accepted")
	}
	cfg := protocol.Quick()
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
		L: 5, MaxTrain: 40, Rows: []int{0}, TKTol: 1e-2, TKMaxIter: 100, SimpleMKLIter: 20,
		ScalingSizes: []int{20, 40}, Figure6Grid: 5, Figure1Iter: 5, Seed: 11}
}

// withoutTimes returns a copy of res with every measured time zeroed: the
// numbers a rerun must reproduce.
func withoutTimes(res *Results) Results {
	c := *res
	c.Elapsed = 0
	c.Table1 = nil
	for _, r := range res.Table1 {
		r2 := protocol.Row{Data: r.Data}
		for _, s := range r.Splits {
			s.Time, s.Fit = make([]float64, len(s.Time)), make([]float64, len(s.Fit))
			r2.Splits = append(r2.Splits, s)
		}
		c.Table1 = append(c.Table1, r2)
	}
	if res.Scaling != nil {
		sc := protocol.Scaling{}
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
	js := protocol.Jobs(cfg)
	res := jobstest.CheckSharded(t, jobstest.Sharded[*Results]{Paper: protocol.JobsPaper, Jobs: js, Compute: &computeJob,
		Run:     func(p func(done, total int)) (*Results, error) { return Study.Run(cfg, p) },
		Untimed: func(r *Results) *Results { c := withoutTimes(r); return &c }})
	if len(res.Table1) != 1 || len(res.Table1[0].Splits) != 3 || res.Scaling == nil || len(res.Figure6) != 4 || len(res.Checks) == 0 {
		t.Fatalf("incomplete results %+v", res)
	}
	for k, s := range res.Table1[0].Splits {
		for j := range protocol.Methods {
			if k >= cfg.Splits && j != protocol.MNeuralNet {
				if s.Ran[j] {
					t.Errorf("split %d of %d ran %s", k, cfg.Splits, protocol.Methods[j])
				}
				continue
			}
			if !s.Ran[j] || !(s.Acc[j] > 0 && s.Acc[j] <= 100) || !(s.Fit[j] > 0 && s.Fit[j] <= s.Time[j]) {
				t.Errorf("%s: ran %v, accuracy %v, one fit %v s of the column's %v s", protocol.Methods[j], s.Ran[j], s.Acc[j], s.Fit[j], s.Time[j])
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

// TestJobsAlone: of the full-mode jobs, exactly the scaling ones (Figures
// 3–4) are marked to run alone.
func TestJobsAlone(t *testing.T) {
	jobstest.CheckAlone(t, JobsPaper, protocol.Jobs(protocol.Full()), func(j jobs.Job) bool { return j.Table == protocol.KindScaling.Table })
}
