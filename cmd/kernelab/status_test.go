package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/repro/jobs"
)

// statusPaper is a synthetic job set: table t1 with methods a (3 jobs) and
// b (2), table t2 with method c (2, the second always fails). A job's
// Split is its made-up compute time in seconds.
const statusPaper = "statustest"

func init() {
	jobs.Register(statusPaper, func(string) ([]jobs.Job, error) {
		return []jobs.Job{
			{Paper: statusPaper, Table: "t1", Method: "a", Split: 1},
			{Paper: statusPaper, Table: "t1", Method: "a", Split: 2},
			{Paper: statusPaper, Table: "t1", Method: "a", Split: 3},
			{Paper: statusPaper, Table: "t1", Method: "b", Split: 4},
			{Paper: statusPaper, Table: "t1", Method: "b", Split: 5},
			{Paper: statusPaper, Table: "t2", Method: "c", Split: 6, Params: map[string]any{"cfg": struct{ B, A int }{1, 2}}},
			{Paper: statusPaper, Table: "t2", Method: "c", Split: 7},
		}, nil
	}, func(_ context.Context, j jobs.Job) (any, error) {
		if j.Split == 7 {
			return nil, errors.New("made to fail")
		}
		return j.Split, nil
	})
}

// TestStatus runs jobs 1–4 and 7 (which fails) of the synthetic paper, sets
// each record's compute time to its Split, and checks the counts, the
// times spent and left, and the wall time on 2 cores, worked out by hand.
func TestStatus(t *testing.T) {
	st := jobs.Store{Dir: t.TempDir()}
	exp, _ := jobs.Lookup(statusPaper)
	js, err := exp.Build("full")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := jobs.Run(context.Background(), exp, append(js[:4:4], js[6]), jobs.Options{Store: st}); err == nil {
		t.Fatal("job 7 did not fail")
	}
	files, err := st.Files()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, rel := range files {
		b, err := os.ReadFile(filepath.Join(st.Dir, rel))
		if err != nil {
			t.Fatal(err)
		}
		var rec jobs.Record
		if json.Unmarshal(b, &rec) != nil {
			continue // a .failed mark
		}
		// CPU time is the job's cost; the wall time, inflated by load, is not read.
		rec.CPUSeconds, rec.Seconds = float64(rec.Job.Split), 100*float64(rec.Job.Split)
		if err := st.Put(rec); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 4 {
		t.Fatalf("%d records, want 4", n)
	}
	// Job 6 was timed by an earlier code (a key no current code makes), at
	// 9 s of wall time in a record without CPU time: the missing jobs of
	// its method are estimated at 9 s each. Its struct parameter reads back
	// as a map with sorted keys.
	if err := st.Put(jobs.Record{Key: strings.Repeat("0", 64), Job: js[5], Result: []byte("6"), Seconds: 9}); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"status", statusPaper, "--results", st.Dir, "--workers", "2", "--json"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	var rows []statusRow
	if err := json.Unmarshal(out.Bytes(), &rows); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	// t1 on 2 workers, in order: a1 (1 s) and a2 (2 s) start at 0; a3 (3 s)
	// at 1 ends at 4; b4 (4 s) at 2 ends at 6; b5, missing, gets b's mean
	// 4 s and starts at 4: wall 8 s. t2's two jobs get c's past mean, 9 s
	// each, one per worker: wall 9 s. kernelab run of the missing jobs
	// starts 6 and 7 (9 s each) on the two workers, then 5 (4 s): 13 s.
	want := []statusRow{
		{Paper: statusPaper, Table: "t1", Jobs: 5, Done: 4, Missing: 1, Seconds: 10, Timed: 4, CPUTimed: 4, LeftSeconds: 4, WallSeconds: 8},
		{Paper: statusPaper, Table: "t1", Method: "a", Jobs: 3, Done: 3, Seconds: 6, Timed: 3, CPUTimed: 3, WallSeconds: 4},
		{Paper: statusPaper, Table: "t1", Method: "b", Jobs: 2, Done: 1, Missing: 1, Seconds: 4, Timed: 1, CPUTimed: 1, LeftSeconds: 4, WallSeconds: 4},
		{Paper: statusPaper, Table: "t2", Jobs: 2, Missing: 2, Failed: 1, LeftSeconds: 18, WallSeconds: 9},
		{Paper: statusPaper, Table: "t2", Method: "c", Jobs: 2, Missing: 2, Failed: 1, LeftSeconds: 18, WallSeconds: 9},
		{Paper: statusPaper, Jobs: 7, Done: 4, Missing: 3, Failed: 1, Seconds: 10, Timed: 4, CPUTimed: 4, LeftSeconds: 22, WallSeconds: 17, RunSeconds: 13},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d:\n%s", len(rows), len(want), out.String())
	}
	for i, r := range rows {
		w := want[i]
		w.Cores = 2
		if math.Abs(r.Seconds-w.Seconds) > 1e-9 || math.Abs(r.LeftSeconds-w.LeftSeconds) > 1e-9 || math.Abs(r.WallSeconds-w.WallSeconds) > 1e-9 {
			t.Errorf("row %d: %+v, want %+v", i, r, w)
		}
		r.Seconds, r.LeftSeconds, r.WallSeconds = w.Seconds, w.LeftSeconds, w.WallSeconds
		if r != w {
			t.Errorf("row %d: %+v, want %+v", i, r, w)
		}
	}
	// With t2's jobs to run alone, they follow job 5: 4 + 9 + 9 s.
	jobs.RunAlone(statusPaper, func(j jobs.Job) bool { return j.Table == "t2" })
	defer jobs.RunAlone(statusPaper, func(jobs.Job) bool { return false })
	out.Reset()
	if err := run(context.Background(), []string{"status", statusPaper, "--results", st.Dir, "--workers", "2", "--json"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(out.Bytes(), &rows); err != nil || rows[len(rows)-1].RunSeconds != 22 {
		t.Errorf("with t2 alone: %v, %+v; want a run of 22 s", err, rows[len(rows)-1])
	}
	// The table form prints the same numbers.
	out.Reset()
	if err := run(context.Background(), []string{"status", statusPaper + "/t1", "--results", st.Dir, "--workers", "2"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "WALL ON 2 CORES") || !strings.Contains(out.String(), "10s") || !strings.Contains(out.String(), "8s") ||
		!strings.Contains(out.String(), "kernelab run of the 1 missing jobs on 2 cores: about 4s") {
		t.Errorf("table:\n%s", out.String())
	}
	// list estimates t2 from the same past record: job 6 (struct parameter)
	// at 9 s, so 2 jobs ≈ 18 s.
	out.Reset()
	if err := run(context.Background(), []string{"list", "--results", st.Dir, "--json"}, &out, &out); err != nil {
		t.Fatal(err)
	}
	var entries []entry
	if err := json.Unmarshal(out.Bytes(), &entries); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	found := false
	for _, e := range entries {
		if e.Paper == statusPaper && e.Experiment == "t2" {
			found = true
			if e.Timed != 1 || e.EstimatedSeconds == nil || math.Abs(*e.EstimatedSeconds-18) > 1e-9 {
				t.Errorf("list t2: timed %d, estimate %v, want 1 and 18 s", e.Timed, e.EstimatedSeconds)
			}
		}
	}
	if !found {
		t.Errorf("list has no %s/t2 row:\n%s", statusPaper, out.String())
	}
	// run starts the jobs of unknown time first (6, 7: t2 has no record
	// under this code), then the longest expected: 4 (4 s), 5 (b's mean,
	// 4 s, after 4 as the tie keeps the list order), 3, 2, 1.
	order, err := runOrder(st, js)
	if err != nil {
		t.Fatal(err)
	}
	var splits []int
	for _, j := range order {
		splits = append(splits, j.Split)
	}
	if want := []int{6, 7, 4, 5, 3, 2, 1}; !slices.Equal(splits, want) {
		t.Errorf("run order %v, want %v", splits, want)
	}
}
