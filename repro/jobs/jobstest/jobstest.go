// Package jobstest holds the checks every paper package registered with
// repro/jobs runs in its tests: its job list is non-empty, deterministic
// and free of duplicates, and its jobs run in shards (as `kernelab run
// --shard i/N` does on a cluster) merge into one store that the package's
// Run reads back.
package jobstest

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/repro/jobs"
)

// CheckList fails t unless js is non-empty, has distinct job ids and lists
// the same jobs in the same order as again (the list built a second time).
func CheckList(t testing.TB, js, again []jobs.Job) {
	t.Helper()
	if len(js) == 0 {
		t.Fatal("jobstest: no jobs")
	}
	if len(again) != len(js) {
		t.Fatalf("jobstest: %d jobs, then %d", len(js), len(again))
	}
	seen := map[string]string{}
	for i, j := range js {
		id, err := j.ID()
		if err != nil {
			t.Fatal(err)
		}
		id2, err := again[i].ID()
		if err != nil {
			t.Fatal(err)
		}
		if id != id2 {
			t.Fatalf("jobstest: job %d is %s, then %s", i, j.Name(), again[i].Name())
		}
		if prev, dup := seen[id]; dup {
			t.Fatalf("jobstest: jobs %s and %s have one spec", prev, j.Name())
		}
		seen[id] = j.Name()
	}
}

// CheckTables is CheckList, then returns the number of jobs of js per
// table.
func CheckTables(t testing.TB, js, again []jobs.Job) map[string]int {
	t.Helper()
	CheckList(t, js, again)
	count := map[string]int{}
	for _, j := range js {
		count[j.Table]++
	}
	return count
}

// CheckRegistered fails t unless paper is registered with repro/jobs, its
// builder gives list(config(mode)) in each of modes (CheckList), and an
// unknown mode is an error. It returns the registered experiment.
func CheckRegistered[C any](t testing.TB, paper string, config func(mode string) (C, error), list func(C) []jobs.Job, modes ...string) jobs.Experiment {
	t.Helper()
	exp, ok := jobs.Lookup(paper)
	if !ok {
		t.Fatalf("jobstest: %s is not registered with repro/jobs", paper)
	}
	for _, mode := range modes {
		js, err := exp.Build(mode)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := config(mode)
		if err != nil {
			t.Fatal(err)
		}
		CheckList(t, js, list(cfg))
	}
	if _, err := exp.Build("huge"); err == nil {
		t.Errorf("jobstest: %s: unknown mode accepted", paper)
	}
	return exp
}

// CheckAlone fails t unless paper is registered with an Alone mark that
// is true exactly for the jobs of js for which want is, and js holds jobs
// of both kinds. It returns the number marked to run alone.
func CheckAlone(t testing.TB, paper string, js []jobs.Job, want func(jobs.Job) bool) int {
	t.Helper()
	exp, ok := jobs.Lookup(paper)
	if !ok || exp.Alone == nil {
		t.Fatalf("jobstest: %s has no Alone mark registered", paper)
	}
	alone := 0
	for _, j := range js {
		a := exp.Alone(j)
		if a != want(j) {
			t.Errorf("jobstest: %s: alone %v", j.Name(), a)
		}
		if a {
			alone++
		}
	}
	if alone == 0 || alone == len(js) {
		t.Errorf("jobstest: %s: %d of %d jobs alone, want some of each kind", paper, alone, len(js))
	}
	return alone
}

// RunShards runs js with the runner registered for paper in n shards
// (jobs.Shard), each into its own temporary store as a separate `kernelab
// run --shard i/n` would, merges the shards into a new temporary store and
// returns it. It fails t unless each shard computed all its jobs and the
// merge holds one record per job.
func RunShards(t testing.TB, paper string, js []jobs.Job, n int) jobs.Store {
	t.Helper()
	exp, ok := jobs.Lookup(paper)
	if !ok {
		t.Fatalf("jobstest: %s is not registered with repro/jobs", paper)
	}
	var shards []jobs.Store
	for i := range n {
		sh, err := jobs.Shard(js, i, n)
		if err != nil {
			t.Fatal(err)
		}
		st := jobs.Store{Dir: t.TempDir()}
		sum, err := jobs.Run(context.Background(), exp, sh, jobs.Options{Store: st})
		if err != nil || sum.Computed != len(sh) {
			t.Fatalf("jobstest: shard %d/%d: %+v, %v", i, n, sum, err)
		}
		shards = append(shards, st)
	}
	merged := jobs.Store{Dir: t.TempDir()}
	if k, err := merged.Merge(shards...); err != nil || k != len(js) {
		t.Fatalf("jobstest: merge: %d records of %d, %v", k, len(js), err)
	}
	return merged
}

// Snapshot returns the contents of every record file of st by its path
// relative to the store.
func Snapshot(t testing.TB, st jobs.Store) map[string]string {
	t.Helper()
	files, err := st.Files()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, rel := range files {
		b, err := os.ReadFile(filepath.Join(st.Dir, filepath.FromSlash(rel)))
		if err != nil {
			t.Fatal(err)
		}
		out[rel] = string(b)
	}
	return out
}

// SameRecords fails t unless the stores a and b hold the same record files
// (same keys); with bytes set, also the same contents (jobs.SameRecord: the
// same key, job and result bytes, whatever the compute times).
func SameRecords(t testing.TB, a, b jobs.Store, bytes bool) {
	t.Helper()
	sa, sb := Snapshot(t, a), Snapshot(t, b)
	if len(sa) != len(sb) {
		t.Fatalf("jobstest: %d records in %s, %d in %s", len(sa), a.Dir, len(sb), b.Dir)
	}
	for k, v := range sa {
		w, ok := sb[k]
		if !ok {
			t.Fatalf("jobstest: record %s of %s missing from %s", k, a.Dir, b.Dir)
		}
		if bytes && !jobs.SameRecord([]byte(v), []byte(w)) {
			t.Fatalf("jobstest: record %s differs:\n%s\n%s", k, v, w)
		}
	}
}

// CountCalls replaces *compute, a paper package's job function, by a wrapper
// that counts its calls, and restores it when the test ends.
func CountCalls(t testing.TB, compute *func(context.Context, jobs.Job) (any, error)) *atomic.Int64 {
	var calls atomic.Int64
	orig := *compute
	t.Cleanup(func() { *compute = orig })
	*compute = func(ctx context.Context, j jobs.Job) (any, error) {
		calls.Add(1)
		return orig(ctx, j)
	}
	return &calls
}

// LocalStore returns an empty store in a temporary directory and points
// KERNELAB_RESULTS at it for the rest of the test.
func LocalStore(t *testing.T) jobs.Store {
	st := jobs.Store{Dir: t.TempDir()}
	t.Setenv("KERNELAB_RESULTS", st.Dir)
	return st
}

// Sharded is the test every paper package runs on a small configuration:
// its Run and a cluster run of the same jobs agree (CheckSharded).
type Sharded[R any] struct {
	// Paper is the registered name; Jobs the configuration's jobs.
	Paper string
	Jobs  []jobs.Job
	// Compute is the package's runner of missing jobs, whose calls are
	// counted.
	Compute *func(context.Context, jobs.Job) (any, error)
	// Run is the package's Run of the configuration on the store that
	// KERNELAB_RESULTS names, calling progress as each job ends.
	Run func(progress func(done, total int)) (R, error)
	// Untimed returns a copy of a result with every measured time zeroed:
	// what a Run on the merged shards must reproduce.
	Untimed func(R) R
	// SameBytes asks for merged records equal to Run's byte for byte
	// (results that hold no measured time).
	SameBytes bool
}

// CheckSharded runs s.Jobs through s.Run on an empty local store, then in
// two shards merged into another store (RunShards), and fails t unless
// the first Run computed every job once, the merged store holds the same
// records, Run on the merged store computes nothing and returns the same
// results (times aside), and a second Run on its own store computes
// nothing, reports every job to progress in order and returns the stored
// results, times included (Elapsed aside). Without the MNIST cache the
// test is skipped. It returns the first Run's results for the package's
// own checks; KERNELAB_RESULTS names the local store when it returns.
func CheckSharded[R any](t *testing.T, s Sharded[R]) R {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end run skipped in -short mode")
	}
	calls := CountCalls(t, s.Compute)
	local := LocalStore(t)
	first, err := s.Run(nil)
	if errors.Is(err, klearn.ErrMissingData) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if calls.Load() != int64(len(s.Jobs)) {
		t.Fatalf("jobstest: first Run computed %d of %d jobs", calls.Load(), len(s.Jobs))
	}
	merged := RunShards(t, s.Paper, s.Jobs, 2)
	SameRecords(t, local, merged, s.SameBytes)

	calls.Store(0)
	t.Setenv("KERNELAB_RESULTS", merged.Dir)
	fromShards, err := s.Run(nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("KERNELAB_RESULTS", local.Dir)
	n := 0
	again, err := s.Run(func(done, total int) {
		if n++; done != n || total != len(s.Jobs) {
			t.Errorf("jobstest: progress %d/%d at call %d of %d jobs", done, total, n, len(s.Jobs))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 0 {
		t.Errorf("jobstest: Runs on filled stores computed %d jobs", calls.Load())
	}
	if n != len(s.Jobs) {
		t.Errorf("jobstest: the second Run reported %d of %d jobs", n, len(s.Jobs))
	}
	if a, b := s.Untimed(first), s.Untimed(fromShards); !reflect.DeepEqual(a, b) {
		t.Errorf("jobstest: Run on the merged shards differs:\n%+v\n%+v", a, b)
	}
	if a, b := withoutElapsed(first), withoutElapsed(again); !reflect.DeepEqual(a, b) {
		t.Errorf("jobstest: the second Run differs from the first:\n%+v\n%+v", a, b)
	}
	return first
}

// withoutElapsed returns r, or for a pointer to a struct with a field
// Elapsed (the wall time of a Run) a copy with that field zeroed.
func withoutElapsed[R any](r R) R {
	v := reflect.ValueOf(&r).Elem()
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return r
	}
	c := reflect.New(v.Elem().Type())
	c.Elem().Set(v.Elem())
	if f := c.Elem().FieldByName("Elapsed"); f.IsValid() && f.CanSet() {
		f.SetZero()
	}
	v.Set(c)
	return r
}
