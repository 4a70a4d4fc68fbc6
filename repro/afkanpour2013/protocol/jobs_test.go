package protocol

import (
	"testing"

	"github.com/kernelab/kernelab/repro/jobs/jobstest"
)

// TestJobsList: the quick and full job lists are non-empty, free of
// duplicates and the same when built twice; a job's spec carries its
// configuration.
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
		if j.Table != JobFigure1 && (j.Method == "CR" || j.Method == MethodCRDC) {
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
}
