package afkanpour2013

import (
	"context"
	"testing"

	"github.com/kernelab/kernelab/repro/jobs"
	"github.com/kernelab/kernelab/repro/jobs/jobstest"
)

// TestJobsList: the quick and full job lists are non-empty, free of
// duplicates and the same when built twice; a job's spec carries its
// configuration; the registered builder gives Jobs(ConfigFor(mode)).
func TestJobsList(t *testing.T) {
	jobstest.CheckList(t, Jobs(Quick()), Jobs(Quick()))
	jobstest.CheckList(t, Jobs(Full()), Jobs(Full()))
	q := Quick()
	// Figure 2 adds CA-nD λ=0 and Letter CR (DC) beside the ranked methods.
	want := 1 + len(H1Sets) + len(Methods) + len(q.Gammas)*q.GaussReps*(len(TaskMethods)+1) + len(q.MNISTTasks)*q.MNISTReps*(len(TaskMethods)-1) +
		len(q.LetterTasks)*q.LetterReps*(len(TaskMethods)+1) + len(q.UCI)*q.UCIReps*len(TaskMethods) + 2
	if n := len(Jobs(q)); n != want || Total(q) != n {
		t.Errorf("%d quick jobs, want %d, Total %d", n, want, Total(Quick()))
	}
	// Full mode caps CR at CRReps repetitions: 8 MNIST tasks, 12 Letter
	// tasks (CR and CR (DC)), 11 data sets, 7 values of γ.
	f := Full()
	cr := 0
	for _, j := range Jobs(f) {
		if j.Table != jobFigure1 && (j.Method == "CR" || j.Method == methodCRDC) {
			cr++
			if j.Split >= f.CRReps {
				t.Errorf("%s repetition %d above CRReps = %d", j.Name(), j.Split, f.CRReps)
			}
		}
	}
	if want := f.CRReps * (len(f.Gammas) + len(f.MNISTTasks) + 2*len(f.LetterTasks) + len(f.UCI)); cr != want {
		t.Errorf("full mode: %d CR jobs, want %d", cr, want)
	}
	qid, _ := Jobs(Quick())[1].ID()
	fid, _ := Jobs(Full())[1].ID()
	if qid == fid {
		t.Error("a changed configuration keeps the job's id")
	}
	exp, ok := jobs.Lookup(JobsPaper)
	if !ok {
		t.Fatal("not registered")
	}
	js, err := exp.Build("quick")
	if err != nil {
		t.Fatal(err)
	}
	jobstest.CheckList(t, js, Jobs(Quick()))
	if _, err := exp.Build("huge"); err == nil {
		t.Error("unknown mode accepted")
	}
	bad := Jobs(Quick())[1]
	bad.Table = "Table 9"
	if _, err := RunJob(context.Background(), bad); err == nil {
		t.Error("unknown table accepted")
	}
}

// TestShardedJobsEqualRun: a small configuration's Run and its jobs run in
// two shards agree (jobstest.CheckSharded), byte for byte.
func TestShardedJobsEqualRun(t *testing.T) {
	cfg := Config{Mode: "quick", Train: 60, Val: 60, Test: 120, Cs: []float64{0.1, 10}, Mus: []float64{1e-2}, Seed: 5}
	res := jobstest.CheckSharded(t, jobstest.Sharded[*Results]{Paper: JobsPaper, Jobs: Jobs(cfg), Compute: &computeJob,
		Run: func(p func(done, total int)) (*Results, error) { return Run(cfg, p) },
		Untimed: func(r *Results) *Results {
			c := *r
			c.Elapsed = 0
			return &c
		}, SameBytes: true})
	if len(res.H1) != len(H1Sets) || len(res.Errors) != len(Methods) || len(res.Checks) == 0 || len(res.CA) == 0 {
		t.Errorf("incomplete results %+v", res)
	}
}
