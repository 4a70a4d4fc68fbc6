package protocol

import (
	"context"
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
	want := 1 + len(H1Sets) + q.Draws*(len(Methods)+1) - 1 + len(q.Gammas)*q.GaussReps*(len(TaskMethods)+1) + len(q.MNISTTasks)*q.MNISTReps*(len(TaskMethods)-1) +
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
	for _, c := range []Config{q, f, PaperProtocol()} {
		if n := len(figure1Seeds(t, c)); n != c.Draws {
			t.Errorf("%s mode: Figure 1(b) on %d draws, want %d", c.Mode, n, c.Draws)
		}
	}
	if q.Draws != 3 || f.Draws != 10 || PaperProtocol().Draws != 10 {
		t.Errorf("draws: quick %d, full %d, paper %d; want 3, 10, 10", q.Draws, f.Draws, PaperProtocol().Draws)
	}
	qid, _ := Jobs(Quick())[1].ID()
	fid, _ := Jobs(Full())[1].ID()
	if qid == fid {
		t.Error("a changed configuration keeps the job's id")
	}
}

// figure1Seeds returns the seed of each draw of cfg's Figure 1(b) jobs,
// checking that every method of a draw, and the three-frequency SVM of
// the H1 table, carries the draw's seed, and that each draw has one job
// per method and one three-frequency SVM.
func figure1Seeds(t *testing.T, cfg Config) map[int]uint64 {
	t.Helper()
	seeds := map[int]uint64{}
	methods, oracles := map[int]int{}, map[int]int{}
	for _, j := range Jobs(cfg) {
		if j.Table != JobFigure1 && (j.Table != JobH1 || j.Params["row"] != len(H1Sets)-1) {
			continue
		}
		s, err := sineSeed(j)
		if err != nil {
			t.Fatal(err)
		}
		if old, ok := seeds[j.Split]; ok && old != s {
			t.Errorf("%s: seed %d, another job of draw %d has %d", j.Name(), s, j.Split, old)
		}
		seeds[j.Split] = s
		if j.Table == JobFigure1 {
			methods[j.Split]++
		} else {
			oracles[j.Split]++
		}
	}
	for d := range seeds {
		if methods[d] != len(Methods) || oracles[d] != 1 {
			t.Errorf("draw %d: %d methods, %d three-frequency SVMs", d, methods[d], oracles[d])
		}
	}
	return seeds
}

// TestSineDrawSeeds: the draws of the sine problem have distinct seeds,
// three apart at least (each draw takes seed, seed+1, seed+2), derived
// from the configuration seed and the draw index alone: the same when the
// jobs are built twice, draw 0 on the configuration seed, and all shifted
// with it. A job without a seed is refused, not run on seed 0.
func TestSineDrawSeeds(t *testing.T) {
	cfg := Full()
	seeds := figure1Seeds(t, cfg)
	if seeds[0] != cfg.Seed {
		t.Errorf("draw 0 on seed %d, want the configuration's %d", seeds[0], cfg.Seed)
	}
	used := map[uint64]int{}
	for d, s := range seeds {
		for k := uint64(0); k < 3; k++ {
			if o, ok := used[s+k]; ok {
				t.Errorf("draws %d and %d share the sample seed %d", d, o, s+k)
			}
			used[s+k] = d
		}
	}
	again := figure1Seeds(t, Full())
	cfg.Seed += 7
	shifted := figure1Seeds(t, cfg)
	for d, s := range seeds {
		if again[d] != s || shifted[d] != s+7 || s != SineSeed(Full().Seed, d) {
			t.Errorf("draw %d: seed %d, rebuilt %d, with seed + 7 %d", d, s, again[d], shifted[d])
		}
	}
	for _, j := range Jobs(Quick()) {
		if j.Table == JobFigure1 && j.Method == "DU" {
			delete(j.Params, "seed")
			if _, err := KindFigure1.Run(context.Background(), Quick(), j); err == nil {
				t.Error("a Figure 1(b) job without a seed ran")
			}
			break
		}
	}
}
