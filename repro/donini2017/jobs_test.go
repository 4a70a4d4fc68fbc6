package donini2017

import (
	"context"
	"testing"

	"github.com/kernelab/kernelab/repro/donini2017/protocol"

	"github.com/kernelab/kernelab/repro/jobs"
	"github.com/kernelab/kernelab/repro/jobs/jobstest"
)

// TestJobsRegistered: the registered builder gives
// protocol.Jobs(ConfigFor(mode)); an unknown mode, an outer fold out of
// range, an unknown table and a bad configuration parameter are errors.
// (protocol.TestJobsList checks the lists.)
func TestJobsRegistered(t *testing.T) {
	jobstest.CheckRegistered(t, JobsPaper, ConfigFor, protocol.Jobs, "quick", "full", "paper")
	bad := protocol.Jobs(protocol.Quick())
	for _, j := range bad {
		if j.Table == protocol.KindCV.Table {
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
	jobstest.CheckSharded(t, jobstest.Sharded[*Results]{Paper: JobsPaper, Jobs: protocol.Jobs(cfg), Compute: &computeJob,
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
		c.Table3 = append(c.Table3, protocol.TimeRow{Data: r.Data})
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

// TestJobsAlone: of the full-mode jobs, exactly the timed ones (Tables 3
// and 5) and Figure 10 (for its memory) are marked to run alone.
func TestJobsAlone(t *testing.T) {
	jobstest.CheckAlone(t, JobsPaper, protocol.Jobs(protocol.Full()), func(j jobs.Job) bool {
		return j.Table == "Table 3" || j.Table == "Table 5" || j.Table == "Figure 10"
	})
}
