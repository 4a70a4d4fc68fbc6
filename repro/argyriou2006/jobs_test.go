package argyriou2006

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/argyriou2006/protocol"
	"github.com/kernelab/kernelab/repro/jobs"
	"github.com/kernelab/kernelab/repro/jobs/jobstest"
)

// TestJobsList: the registered builder gives protocol.Jobs(ConfigFor(mode));
// an unknown mode, an unknown method and a bad configuration are errors.
func TestJobsList(t *testing.T) {
	jobstest.CheckRegistered(t, JobsPaper, ConfigFor, protocol.Jobs, "quick", "full", "paper")
	bad := protocol.Jobs(protocol.Quick())[1]
	bad.Method = "no-such-method"
	// RunJob reads MNIST before it dispatches on the method.
	if _, err := RunJob(context.Background(), bad); !errors.Is(err, klearn.ErrParam) && !errors.Is(err, klearn.ErrMissingData) {
		t.Errorf("unknown method: %v", err)
	}
	cfg := protocol.Quick()
	cfg.Tasks = []int{3}
	if _, err := Run(cfg, nil); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("config %+v: %v", cfg, err)
	}
}

// tiny is a configuration that runs every kind of job on a few MNIST points.
func tiny() Config {
	cfg := protocol.Quick()
	cfg.Train, cfg.Test, cfg.Tasks, cfg.Quadrants, cfg.QuadrantRange = 60, 100, []int{2}, []int{2}, 1
	cfg.SVMSigmas, cfg.SVMCs, cfg.GreedySteps = 3, []float64{1, 100}, 10
	cfg.SizeTrain, cfg.SizeTask = []int{40, 60}, 2
	cfg.QuadDC = true
	return cfg
}

// withoutTimes returns a copy of res with every measured time zeroed: the
// numbers a rerun must reproduce.
func withoutTimes(res *Results) Results {
	c := *res
	c.Elapsed = 0
	c.Table1, c.Table2, c.Quadrants = nil, nil, nil
	for _, x := range res.Table1 {
		x.DC.Seconds, x.Standard.Seconds, x.Corrective.Seconds, x.FiniteSeconds, x.SVMSeconds = 0, 0, 0, 0, 0
		c.Table1 = append(c.Table1, x)
	}
	for _, x := range res.Table2 {
		x.DC.Seconds, x.Corrective.Seconds, x.Grid10Seconds = 0, 0, 0
		c.Table2 = append(c.Table2, x)
	}
	for _, x := range res.Quadrants {
		x.Seconds = 0
		c.Quadrants = append(c.Quadrants, x)
	}
	c.Sizes = nil
	for _, x := range res.Sizes {
		x.Seconds = 0
		c.Sizes = append(c.Sizes, x)
	}
	return c
}

// TestShardedJobsEqualRun: a tiny configuration's Run and its jobs run in
// two shards agree (jobstest.CheckSharded). Skipped without the MNIST
// cache.
func TestShardedJobsEqualRun(t *testing.T) {
	cfg := tiny()
	res := jobstest.CheckSharded(t, jobstest.Sharded[*Results]{Paper: JobsPaper, Jobs: protocol.Jobs(cfg), Compute: &computeJob,
		Run:     func(p func(done, total int)) (*Results, error) { return Run(cfg, p) },
		Untimed: func(r *Results) *Results { c := withoutTimes(r); return &c }})
	if len(res.Table1) != 1 || len(res.Table2) != 1 || len(res.Quadrants) != 2 || len(res.Sizes) != 2 || len(res.Checks) == 0 {
		t.Fatalf("incomplete results %+v", res)
	}
	// The size job at the configuration's training size is the Table 1 DC cell.
	if s, c := res.Sizes[1], res.Table1[0]; s.Train != 60 || s.Error != c.DC.Error || !reflect.DeepEqual(s.E, c.DC.E) {
		t.Errorf("size point %+v against the Table 1 DC cell %+v", s.Greedy1, c.DC)
	}
	if q := res.Quadrants[0]; len(q.E) < 2 || !(q.Error >= 0 && q.Error <= 100) || len(q.Atoms) == 0 || len(q.Atoms[0].Sigma) != 4 {
		t.Errorf("four-variance run %+v", q)
	}
	// The row's parts carry the four-variance errors (its Ours line is short).
	c := quadClaim(res)
	four := 0
	for _, p := range c.Parts {
		if strings.Contains(p.Detail, "four variances") {
			four++
		}
	}
	if c.ID != "Section 5 (four variances)" || four == 0 {
		t.Errorf("four-variance claim %+v", c)
	}
}

// TestSizeClaim: the post-hoc size diagnostic holds when the error at the
// paper's 500 points is within TolCell of the paper's and not above the
// smallest size's, and fails otherwise.
func TestSizeClaim(t *testing.T) {
	pt := func(n int, e float64) protocol.SizePoint {
		return protocol.SizePoint{Task: 0, Range: 1, Train: n, Greedy1: protocol.Greedy1{Error: e, Status: stopped}}
	}
	res := &Results{Test: 1000, Sizes: []protocol.SizePoint{pt(300, 9.6), pt(500, 6.6)}}
	if c := sizeClaim(res); c.Outcome != repro.Reproduced {
		t.Errorf("9.6 → 6.6 (paper 6.5): %s", c.Outcome)
	}
	if c := sizeClaim(res); c.Kind != repro.Diagnostic || !c.PostHoc || c.Concerns != "Table 1" {
		t.Errorf("size row: kind %s, post hoc %v, concerns %q (want Table 1's miss)", c.Kind, c.PostHoc, c.Concerns)
	}
	res.Sizes[1].Error = 6.8 // TolCell is 0.25
	if c := sizeClaim(res); c.Outcome == repro.Reproduced {
		t.Errorf("9.6 → 6.8: %s", c.Outcome)
	}
	res.Sizes = res.Sizes[:1]
	if c := sizeClaim(res); c.Outcome == repro.Reproduced {
		t.Errorf("one size: %s", c.Outcome)
	}
}

// TestJobsAlone: of the full-mode jobs, exactly those whose times the
// claims of Section 5 compare (Table 1's DC, Table 2, the four-variance
// local DC) are marked to run alone.
func TestJobsAlone(t *testing.T) {
	n := jobstest.CheckAlone(t, JobsPaper, protocol.Jobs(protocol.Full()), func(j jobs.Job) bool {
		return j.Table == protocol.JobTable2 || (j.Table == protocol.JobTable1 && j.Method == "DC") ||
			(j.Table == protocol.JobQuad && j.Method == protocol.MethodLocalDC)
	})
	if n != 9+18+1 {
		t.Errorf("%d jobs alone, want 28", n)
	}
}
