// Package jobstest holds the checks every paper package registered with
// repro/jobs runs in its tests: its job list is non-empty, deterministic
// and free of duplicates, and its jobs run in shards (as `kernelab run
// --shard i/N` does on a cluster) merge into one store that the package's
// Run reads back.
package jobstest

import (
	"context"
	"os"
	"path/filepath"
	"sync/atomic"
	"testing"

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
