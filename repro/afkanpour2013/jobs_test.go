package afkanpour2013

import (
	"context"
	"testing"

	"github.com/kernelab/kernelab/repro/afkanpour2013/protocol"
	"github.com/kernelab/kernelab/repro/jobs/jobstest"
)

// TestJobsList: the registered builder gives protocol.Jobs(ConfigFor(mode));
// an unknown mode or table is an error.
func TestJobsList(t *testing.T) {
	jobstest.CheckRegistered(t, JobsPaper, ConfigFor, protocol.Jobs, "quick")
	bad := protocol.Jobs(protocol.Quick())[1]
	bad.Table = "Table 9"
	if _, err := RunJob(context.Background(), bad); err == nil {
		t.Error("unknown table accepted")
	}
}

// TestShardedJobsEqualRun: a small configuration's Run and its jobs run in
// two shards agree (jobstest.CheckSharded), byte for byte.
func TestShardedJobsEqualRun(t *testing.T) {
	cfg := Config{Mode: "quick", Train: 60, Val: 60, Test: 120, Cs: []float64{0.1, 10}, Mus: []float64{1e-2}, Seed: 5, Draws: 2}
	res := jobstest.CheckSharded(t, jobstest.Sharded[*Results]{Paper: JobsPaper, Jobs: protocol.Jobs(cfg), Compute: &computeJob,
		Run: func(p func(done, total int)) (*Results, error) { return Run(cfg, p) },
		Untimed: func(r *Results) *Results {
			c := *r
			c.Elapsed = 0
			return &c
		}, SameBytes: true})
	if len(res.H1) != len(H1Sets) || len(res.Errors) != len(Methods) || len(res.Oracle) != 2 || len(res.Checks) == 0 || len(res.CA) == 0 {
		t.Errorf("incomplete results %+v", res)
	}
}
