package jobs_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/repro/jobs"
	"github.com/kernelab/kernelab/repro/jobs/demo"
)

// counting wraps the demo experiment and counts calls of Run.
func counting(calls *atomic.Int64) jobs.Experiment {
	return jobs.Experiment{Paper: demo.Paper, Build: demo.Build, Run: func(ctx context.Context, j jobs.Job) (any, error) {
		calls.Add(1)
		return demo.Run(ctx, j)
	}}
}

func demoJobs(t *testing.T) []jobs.Job {
	t.Helper()
	js, err := demo.Build("quick")
	if err != nil {
		t.Fatal(err)
	}
	return js
}

// readAll returns path → bytes of every file under dir.
func readAll(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[rel] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func sameTree(t *testing.T, a, b string) {
	t.Helper()
	A, B := readAll(t, a), readAll(t, b)
	if len(A) != len(B) {
		t.Fatalf("%s has %d files, %s has %d", a, len(A), b, len(B))
	}
	for k, v := range A {
		if !jobs.SameRecord(v, B[k]) {
			t.Fatalf("%s differs between %s and %s", k, a, b)
		}
	}
}

func TestCacheAndInvalidation(t *testing.T) {
	js := demoJobs(t)
	st := jobs.Store{Dir: t.TempDir()}
	var calls atomic.Int64
	exp := counting(&calls)
	ctx := context.Background()
	run := func(code string, recompute bool) jobs.Summary {
		t.Helper()
		s, err := jobs.Run(ctx, exp, js, jobs.Options{Store: st, Code: code, Recompute: recompute})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if s := run("code-A", false); s.Computed != len(js) || calls.Load() != int64(len(js)) {
		t.Fatalf("first run: %+v, %d calls", s, calls.Load())
	}
	if s := run("code-A", false); s.Cached != len(js) || s.Computed != 0 {
		t.Fatalf("second run recomputed: %+v", s)
	}
	// A code change invalidates every record.
	if s := run("code-B", false); s.Computed != len(js) {
		t.Fatalf("code change not invalidating: %+v", s)
	}
	// Recompute and KERNELAB_CACHE=off force recomputation.
	if s := run("code-B", true); s.Computed != len(js) {
		t.Fatalf("Recompute: %+v", s)
	}
	t.Setenv("KERNELAB_CACHE", "off")
	if s := run("code-B", false); s.Computed != len(js) {
		t.Fatalf("KERNELAB_CACHE=off: %+v", s)
	}
}

func TestKeyCoversSpecAndInputs(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "data.csv")
	if err := os.WriteFile(in, []byte("1,2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	j := jobs.Job{Paper: "p", Table: "T1", Method: "m", Data: "d", Params: map[string]any{"C": 1.0, "a": 2}, Inputs: []string{in}}
	k1, err := jobs.Key(j, "c")
	if err != nil {
		t.Fatal(err)
	}
	// The same spec built with another map order gives the same key.
	j2 := j
	j2.Params = map[string]any{"a": 2, "C": 1.0}
	if k, _ := jobs.Key(j2, "c"); k != k1 {
		t.Fatal("key depends on map order")
	}
	j2.Params = map[string]any{"a": 3, "C": 1.0}
	if k, _ := jobs.Key(j2, "c"); k == k1 {
		t.Fatal("key ignores a hyper-parameter")
	}
	if err := os.WriteFile(in, []byte("1,3\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if k, _ := jobs.Key(j, "c"); k == k1 {
		t.Fatal("key ignores the input data")
	}
	j.Inputs = []string{filepath.Join(dir, "missing")}
	if _, err := jobs.Key(j, "c"); err == nil {
		t.Fatal("missing input accepted")
	}
}

// codeDigest is jobs.CodeDigest(root, pkg), failing t on an error.
func codeDigest(t *testing.T, root, pkg string) string {
	t.Helper()
	d, err := jobs.CodeDigest(root, pkg)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestCodeDigest(t *testing.T) {
	root := t.TempDir()
	write := jobs.WriteTree(t, root)
	write("go.mod", "module x\n")
	write("a/a.go", "package a\n")
	digest := func() string { return codeDigest(t, root, "") }
	d := digest()
	// Each write, in order, changes the digest or leaves it as it was.
	// The pinned data digests are inputs of every result; data files
	// themselves are not read.
	for _, c := range []struct {
		what, path, content string
		changes             bool
	}{
		{"a test", "a/a_test.go", "package a\n", false},
		{"a notebook", "notebooks/01.ipynb", "{}", false},
		{"testdata", "a/testdata/x.go", "package x\n", false},
		{"a source edit", "a/a.go", "package a\n\nvar X = 1\n", true},
		{"an assembly file", "a/mul_amd64.s", "TEXT ·mul(SB),4,$0\n", true},
		{"a data file outside the checksum list", "data/x.csv.gz", "new data", false},
		{"a changed data/checksums.sha256", "data/checksums.sha256", "abc  x.csv.gz\n", true},
		{"a changed MNIST pin", "scripts/data/mnist.sh", "sums=...\n", true},
	} {
		write(c.path, c.content)
		next := digest()
		if changed := next != d; changed != c.changes {
			t.Errorf("%s: digest changed %v, want %v", c.what, changed, c.changes)
		}
		d = next
	}
	if _, err := jobs.CodeDigest(t.TempDir(), ""); err == nil {
		t.Fatal("empty tree accepted")
	}
}

// SourceFiles lists exactly the files the module-wide digest reads: an
// edit of each changes CodeDigest(root, ""), an edit of any other file
// (tests, skipped and hidden directories, data) does not. cmd/kernelab
// compares a binary's source with the disk by this list.
func TestSourceFiles(t *testing.T) {
	root := t.TempDir()
	write := jobs.WriteTree(t, root)
	listed := []string{"a.go", "data/checksums.sha256", "go.mod", "go.sum", "scripts/data/mnist.sh", "sub/b.go", "sub/c_amd64.s", "sub/deep/.d.go"}
	others := []string{"sub/b_test.go", "sub/testdata/t.go", "build/g.go", "bin/b.go", "results/r.go", "tests/node_modules/n.go",
		".hidden/h.go", "sub/.git/g.go", "data/x.csv", "README.md"}
	for _, rel := range append(append([]string(nil), listed...), others...) {
		write(rel, "package x\n")
	}
	got, err := jobs.SourceFiles(os.DirFS(root))
	if err != nil || !reflect.DeepEqual(got, listed) {
		t.Fatalf("SourceFiles = %q, %v; want %q", got, err, listed)
	}
	for _, rel := range jobs.PinnedInputs() {
		if !slices.Contains(got, rel) {
			t.Errorf("pinned input %s not listed", rel)
		}
	}
	for _, rel := range append(append([]string(nil), listed...), others...) {
		before := codeDigest(t, root, "")
		write(rel, "package x\n\nvar Edited = 1\n")
		if changed, in := codeDigest(t, root, "") != before, slices.Contains(listed, rel); changed != in {
			t.Errorf("an edit of %s: digest changed %v, listed by SourceFiles %v", rel, changed, in)
		}
	}
	if got, err := jobs.SourceFiles(os.DirFS(filepath.Join(root, "missing"))); err != nil || len(got) != 0 {
		t.Errorf("a missing root: %q, %v; want nothing", got, err)
	}
}

// A paper package's digest covers the packages it imports, directly or
// not, in every build variant, and nothing else of the module: the
// packages Closure lists.
func TestCodeDigestClosure(t *testing.T) {
	root := t.TempDir()
	write := jobs.WriteTree(t, root)
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	write("repro/p/p.go", "package p\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/m/a\"\n)\n\nvar _ = fmt.Sprint(a.A)\n")
	write("a/a.go", "package a\n\nimport \"example.com/m/b\"\n\nvar A = b.B\n")
	write("b/b.go", "package b\n\nvar B = 1\n")
	write("b/b_arm64.go", "//go:build arm64\n\npackage b\n\nimport \"example.com/m/c\"\n\nvar _ = c.C\n")
	write("c/c.go", "package c\n\nvar C = 2\n")
	write("other/o.go", "package other\n\nvar O = 3\n")
	digest := func() string { return codeDigest(t, root, "example.com/m/repro/p") }
	d0 := digest()
	pkgs, err := jobs.Closure(root, "example.com/m/repro/p")
	if want := []string{"example.com/m/repro/p", "example.com/m/a", "example.com/m/b", "example.com/m/c"}; err != nil || !reflect.DeepEqual(pkgs, want) {
		t.Fatalf("Closure = %q, %v; want %q", pkgs, err, want)
	}
	if whole, _ := jobs.CodeDigest(root, ""); whole == d0 {
		t.Fatal("the closure's digest equals the module's")
	}
	write("other/o.go", "package other\n\nvar O = 4\n")
	write("b/b_test.go", "package b\n")
	if digest() != d0 {
		t.Fatal("a package outside the closure, or a test file, changed the digest")
	}
	for _, edit := range [][2]string{
		{"b/b.go", "package b\n\nvar B = 5\n"},       // imported indirectly
		{"c/c.go", "package c\n\nvar C = 6\n"},       // imported by an arm64-only file
		{"b/add_amd64.s", "TEXT ·add(SB),4,$0\n"},    // assembly of an imported package
		{"go.sum", "example.com/z v1.0.0 h1:abc=\n"}, // a requirement
		{"repro/p/q.go", "package p\n\nvar Q = 7\n"}, // the package itself
	} {
		before := digest()
		write(edit[0], edit[1])
		if digest() == before {
			t.Fatalf("an edit of %s left the digest unchanged", edit[0])
		}
	}
	if _, err := jobs.CodeDigest(root, "example.org/elsewhere"); err == nil {
		t.Fatal("a package outside the module accepted")
	}
	if _, err := jobs.CodeDigest(root, "example.com/m/missing"); err == nil {
		t.Fatal("a package without a directory accepted")
	}
	write("repro/bad/bad.go", "package bad\n\nimport \"example.com/m/empty\"\n")
	write("empty/README", "no Go here\n")
	if _, err := jobs.CodeDigest(root, "example.com/m/repro/bad"); err == nil {
		t.Fatal("an imported directory without source accepted")
	}
}

// A crash mid-write leaves a temporary file: it is not a record, the job
// counts as pending, and a re-run completes the store.
func TestStoreCrashResume(t *testing.T) {
	js := demoJobs(t)
	st := jobs.Store{Dir: t.TempDir()}
	var calls atomic.Int64
	exp := counting(&calls)
	ctx := context.Background()
	half := js[:len(js)/2]
	if _, err := jobs.Run(ctx, exp, half, jobs.Options{Store: st, Code: "c"}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(st.Dir, demo.Paper, ".tmp-123"), []byte(`{"key": "trunc`), 0o644); err != nil {
		t.Fatal(err)
	}
	files, err := st.Files()
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(half) {
		t.Fatalf("%d record files, want %d", len(files), len(half))
	}
	sts, err := jobs.TableStatus(st, js, "c")
	if err != nil {
		t.Fatal(err)
	}
	if len(sts) != 1 || sts[0].Done != len(half) || sts[0].Pending != len(js)-len(half) {
		t.Fatalf("status %+v", sts)
	}
	calls.Store(0)
	s, err := jobs.Run(ctx, exp, js, jobs.Options{Store: st, Code: "c"})
	if err != nil {
		t.Fatal(err)
	}
	if s.Cached != len(half) || s.Computed != len(js)-len(half) || calls.Load() != int64(len(js)-len(half)) {
		t.Fatalf("resume: %+v, %d calls", s, calls.Load())
	}
	// The resumed store equals a run from scratch.
	fresh := jobs.Store{Dir: t.TempDir()}
	if _, err := jobs.Run(ctx, exp, js, jobs.Options{Store: fresh, Code: "c"}); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(st.Dir, demo.Paper, ".tmp-123"))
	sameTree(t, st.Dir, fresh.Dir)
}

func TestFailedJobs(t *testing.T) {
	js := demoJobs(t)[:3]
	st := jobs.Store{Dir: t.TempDir()}
	boom := errors.New("boom")
	exp := jobs.Experiment{Paper: demo.Paper, Build: demo.Build, Run: func(ctx context.Context, j jobs.Job) (any, error) {
		if j.Split == 1 {
			return nil, boom
		}
		return demo.Run(ctx, j)
	}}
	s, err := jobs.Run(context.Background(), exp, js, jobs.Options{Store: st, Code: "c"})
	if !errors.Is(err, boom) || s.Failed != 1 || s.Computed != 2 {
		t.Fatalf("summary %+v, err %v", s, err)
	}
	sts, _ := jobs.TableStatus(st, js, "c")
	if sts[0].Failed != 1 || sts[0].Done != 2 {
		t.Fatalf("status %+v", sts)
	}
}

func TestShardPartition(t *testing.T) {
	js := demoJobs(t)
	for n := 1; n <= len(js)+2; n++ {
		seen := map[string]int{}
		for i := range n {
			sh, err := jobs.Shard(js, i, n)
			if err != nil {
				t.Fatal(err)
			}
			for _, j := range sh {
				id, _ := j.ID()
				seen[id]++
			}
		}
		if len(seen) != len(js) {
			t.Fatalf("n=%d: %d distinct jobs in shards, want %d", n, len(seen), len(js))
		}
		for id, c := range seen {
			if c != 1 {
				t.Fatalf("n=%d: job %s in %d shards", n, id, c)
			}
		}
	}
	// Independent of the order of the job list.
	rev := append([]jobs.Job(nil), js...)
	sort.Slice(rev, func(a, b int) bool { return a > b })
	a, _ := jobs.Shard(js, 1, 3)
	b, _ := jobs.Shard(rev, 1, 3)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Fatal("shard depends on the order of the job list")
	}
	for _, bad := range [][2]int{{0, 0}, {-1, 2}, {2, 2}} {
		if _, err := jobs.Shard(js, bad[0], bad[1]); err == nil {
			t.Fatalf("shard %v accepted", bad)
		}
	}
	for _, s := range []string{"1/0", "2/2", "a/b", "1/2x", "-1/3", ""} {
		if _, _, err := jobs.ParseShard(s); err == nil {
			t.Fatalf("ParseShard(%q) accepted", s)
		}
	}
}

// Shards run with different worker counts and merged equal one local run
// with 1 or 2 workers, bit for bit.
func TestMergedShardsEqualLocalRun(t *testing.T) {
	js := demoJobs(t)
	ctx := context.Background()
	var calls atomic.Int64
	exp := counting(&calls)
	local1 := jobs.Store{Dir: t.TempDir()}
	local2 := jobs.Store{Dir: t.TempDir()}
	if _, err := jobs.Run(ctx, exp, js, jobs.Options{Store: local1, Code: "c", Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := jobs.Run(ctx, exp, js, jobs.Options{Store: local2, Code: "c", Workers: 2}); err != nil {
		t.Fatal(err)
	}
	sameTree(t, local1.Dir, local2.Dir)
	const n = 4
	var shards []jobs.Store
	for i := range n {
		sh, err := jobs.Shard(js, i, n)
		if err != nil {
			t.Fatal(err)
		}
		s := jobs.Store{Dir: t.TempDir()}
		if _, err := jobs.Run(ctx, exp, sh, jobs.Options{Store: s, Code: "c", Workers: 1 + i%2}); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, s)
	}
	merged := jobs.Store{Dir: t.TempDir()}
	if k, err := merged.Merge(shards...); err != nil || k != len(js) {
		t.Fatalf("merge: %d records, %v", k, err)
	}
	sameTree(t, local1.Dir, merged.Dir)
	// Merging again is a no-op; a conflicting record is refused.
	if k, err := merged.Merge(shards...); err != nil || k != 0 {
		t.Fatalf("re-merge: %d, %v", k, err)
	}
	files, _ := shards[0].Files()
	if err := os.WriteFile(filepath.Join(shards[0].Dir, files[0]), []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := merged.Merge(shards[0]); err == nil {
		t.Fatal("conflicting record merged")
	}
}

func TestLoadAndRegistry(t *testing.T) {
	if _, ok := jobs.Lookup(demo.Paper); !ok {
		t.Fatal("demo not registered")
	}
	found := false
	for _, p := range jobs.Papers() {
		found = found || p == demo.Paper
	}
	if !found {
		t.Fatal("Papers lacks demo")
	}
	exp, _ := jobs.Lookup(demo.Paper)
	js := demoJobs(t)[:1]
	st := jobs.Store{Dir: t.TempDir()}
	var r demo.Result
	if ok, err := jobs.Load(st, js[0], &r); ok || err != nil {
		t.Fatalf("Load before run: %v %v", ok, err)
	}
	if _, err := jobs.Run(context.Background(), exp, js, jobs.Options{Store: st}); err != nil {
		t.Fatal(err)
	}
	if ok, err := jobs.Load(st, js[0], &r); !ok || err != nil || r.NTest != 200 || !(r.MSE > 0 && r.MSE < 1) {
		t.Fatalf("Load: %v %v %+v", ok, err, r)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("duplicate Register did not panic")
		}
	}()
	jobs.Register(demo.Paper, demo.Build, demo.Run)
}

// A cancelled run marks nothing failed: the jobs stay pending.
func TestCancelLeavesPending(t *testing.T) {
	js := demoJobs(t)
	st := jobs.Store{Dir: t.TempDir()}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var calls atomic.Int64
	if _, err := jobs.Run(ctx, counting(&calls), js, jobs.Options{Store: st, Code: "c"}); !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v", err)
	}
	sts, _ := jobs.TableStatus(st, js, "c")
	if calls.Load() != 0 || sts[0].Pending != len(js) || sts[0].Failed != 0 {
		t.Fatalf("%d calls, status %+v", calls.Load(), sts)
	}
}

func TestMemo(t *testing.T) {
	st := jobs.Store{Dir: t.TempDir()}
	j := jobs.Job{Paper: "memo", Table: "T", Method: "m", Data: "quick"}
	calls := 0
	compute := func() (any, error) { calls++; return map[string]float64{"x": 0.25}, nil }
	var a, b map[string]float64
	hit, err := jobs.Memo(st, j, &a, compute)
	if err != nil || hit || a["x"] != 0.25 {
		t.Fatalf("first Memo: hit %v, err %v, value %v", hit, err, a)
	}
	hit, err = jobs.Memo(st, j, &b, compute)
	if err != nil || !hit || b["x"] != 0.25 || calls != 1 {
		t.Fatalf("second Memo: hit %v, err %v, value %v, calls %d", hit, err, b, calls)
	}
	bad := jobs.Job{Paper: "memo", Table: "T", Method: "fails"}
	var c int
	if _, err := jobs.Memo(st, bad, &c, func() (any, error) { return nil, errors.New("boom") }); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("compute error not returned: %v", err)
	}
	if _, err := jobs.Memo(st, bad, &c, func() (any, error) { return 7, nil }); err != nil || c != 7 {
		t.Fatalf("after a failure Memo must compute again: %v, %d", err, c)
	}
}

// MemoAll computes each job once, in list order whatever the workers, and
// a second call reads every record back.
func TestMemoAll(t *testing.T) {
	js := demoJobs(t)
	st := jobs.Store{Dir: t.TempDir()}
	ctx := context.Background()
	var calls atomic.Int64
	run := counting(&calls).Run
	var computed, cached, last int
	prog := func(done, total int, _ jobs.Job, hit bool) {
		last = done
		if total != len(js) {
			t.Errorf("total %d, want %d", total, len(js))
		}
		if hit {
			cached++
		} else {
			computed++
		}
	}
	first, err := jobs.MemoAll(ctx, st, js, 2, run, prog)
	if err != nil || computed != len(js) || cached != 0 || last != len(js) || calls.Load() != int64(len(js)) {
		t.Fatalf("first MemoAll: %v, %d computed, %d cached, %d calls", err, computed, cached, calls.Load())
	}
	for i, j := range js {
		want, err := demo.Run(ctx, j)
		if err != nil {
			t.Fatal(err)
		}
		var got demo.Result
		if err := json.Unmarshal(first[i], &got); err != nil || got != want.(demo.Result) {
			t.Fatalf("job %d: %+v, want %+v (%v)", i, got, want, err)
		}
	}
	computed, cached = 0, 0
	again, err := jobs.MemoAll(ctx, st, js, 1, run, prog)
	if err != nil || computed != 0 || cached != len(js) || calls.Load() != int64(len(js)) {
		t.Fatalf("second MemoAll: %v, %d computed, %d cached, %d calls", err, computed, cached, calls.Load())
	}
	for i := range js {
		if !bytes.Equal(first[i], again[i]) {
			t.Fatalf("job %d: %s then %s", i, first[i], again[i])
		}
	}
	bad := []jobs.Job{{Paper: "memoall", Table: "T", Method: "ok"}, {Paper: "memoall", Table: "T", Method: "fails"}}
	_, err = jobs.MemoAll(ctx, jobs.Store{Dir: t.TempDir()}, bad, 2, func(_ context.Context, j jobs.Job) (any, error) {
		if j.Method == "fails" {
			return nil, errors.New("boom")
		}
		return 1, nil
	}, nil)
	if err == nil || !strings.Contains(err.Error(), "boom") {
		t.Fatalf("failure not returned: %v", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := jobs.MemoAll(cctx, jobs.Store{Dir: t.TempDir()}, js, 1, run, nil); !errors.Is(err, context.Canceled) || calls.Load() != int64(len(js)) {
		t.Fatalf("cancelled MemoAll: %v, %d calls", err, calls.Load())
	}
}

// Param reads a parameter back through its JSON form (a struct stored as a
// map, an int stored as a float64) and names the job and key on a type error.
func TestJobParam(t *testing.T) {
	type cfg struct{ A, B int }
	j := jobs.Job{Paper: "p", Table: "T", Method: "m", Params: map[string]any{
		"cfg": map[string]any{"A": 2.0, "B": 3.0}, "n": 7.0, "s": "x"}}
	var c cfg
	var n int
	if err := j.Param("cfg", &c); err != nil || c != (cfg{2, 3}) {
		t.Fatalf("Param(cfg) = %+v, %v; want {2 3}", c, err)
	}
	if err := j.Param("n", &n); err != nil || n != 7 {
		t.Fatalf("Param(n) = %d, %v; want 7", n, err)
	}
	err := j.Param("s", &n)
	if err == nil || !strings.Contains(err.Error(), "parameter s") || !strings.Contains(err.Error(), j.Name()) {
		t.Fatalf("Param(s) into an int: error %v, want one naming the job and the key", err)
	}
}

// kindCfg is the configuration of the paper of TestRegisterPaper.
type kindCfg struct{ N, Scale int }

// RegisterPaper builds a mode's jobs from its configuration and names the
// package of each kind's code; Run decodes
// the configuration from the job, prepares it and dispatches on the kind;
// Each decodes the records of one kind in list order; an unknown job, a
// job of two kinds and a bad mode are ErrParam.
func TestRegisterPaper(t *testing.T) {
	const name = "registerpaper-test"
	mk := func(n int) func() kindCfg { return func() kindCfg { return kindCfg{N: n} } }
	build := func(c kindCfg) []jobs.Job {
		var js []jobs.Job
		for i := range c.N {
			table := "double"
			if i%2 == 1 {
				table = "name"
			}
			js = append(js, jobs.Job{Paper: name, Table: table, Split: i, Params: map[string]any{"config": c}})
		}
		return js
	}
	double := jobs.Kind[kindCfg, int]{Table: "double", Run: func(_ context.Context, c kindCfg, j jobs.Job) (int, error) {
		return c.Scale * j.Split, nil
	}}
	named := jobs.Kind[kindCfg, string]{Table: "name", Run: func(_ context.Context, c kindCfg, j jobs.Job) (string, error) {
		return fmt.Sprintf("%d of %d", j.Split, c.N), nil
	}}
	p := &jobs.Paper[kindCfg]{Name: name, Quick: mk(3), Full: mk(5), Printed: mk(6), Jobs: build,
		Prepare: func(c kindCfg) (kindCfg, error) {
			if c.N < 1 {
				return c, klearn.Errorf(klearn.ErrParam, "N = %d", c.N)
			}
			c.Scale = 2
			return c, nil
		},
		Kinds: []jobs.Runner[kindCfg]{double, named}}
	jobs.RegisterPaper(p)
	e, ok := jobs.Lookup(name)
	if !ok {
		t.Fatal("not registered")
	}
	js, err := e.Build("full")
	if err != nil || len(js) != 5 {
		t.Fatalf("Build(full) = %v, %v; want 5 jobs", js, err)
	}
	// Each kind's records are keyed by the package of its Run (here this
	// test's); Kinds names it with that of Prepare.
	const here = "github.com/kernelab/kernelab/repro/jobs_test"
	want := []jobs.KindCode{{Table: "double", Run: here, Prepare: here}, {Table: "name", Run: here, Prepare: here}}
	if got := e.Kinds(); !reflect.DeepEqual(got, want) {
		t.Errorf("Kinds() = %+v, want %+v", got, want)
	}
	if got := e.CodePackage(js[1]); got != here {
		t.Errorf("CodePackage(%s) = %q, want %q", js[1].Name(), got, here)
	}
	if _, err := e.Build("fast"); !errors.Is(err, klearn.ErrParam) {
		t.Fatalf("Build(fast): %v, want ErrParam", err)
	}
	raw := make([]json.RawMessage, len(js))
	for i, j := range js {
		v, err := e.Run(context.Background(), j)
		if err != nil {
			t.Fatal(err)
		}
		if raw[i], err = json.Marshal(v); err != nil {
			t.Fatal(err)
		}
	}
	var ds []int
	var ns []string
	if err := double.Each(js, raw, func(_ jobs.Job, v int) { ds = append(ds, v) }); err != nil {
		t.Fatal(err)
	}
	if err := named.Each(js, raw, func(_ jobs.Job, v string) { ns = append(ns, v) }); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ds, []int{0, 4, 8}) || !reflect.DeepEqual(ns, []string{"1 of 5", "3 of 5"}) {
		t.Fatalf("records %v and %v; want [0 4 8] (Prepare's scale 2) and [1 of 5 3 of 5]", ds, ns)
	}
	if err := named.Each(js, raw[:2], func(jobs.Job, string) {}); err == nil {
		t.Error("Each accepted fewer records than jobs")
	}
	if err := double.Each(js, raw, func(jobs.Job, int) {}); err != nil {
		t.Fatal(err)
	}
	bad := js[0]
	bad.Params = map[string]any{"config": kindCfg{}}
	if _, err := e.Run(context.Background(), bad); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("a configuration Prepare rejects: %v, want ErrParam", err)
	}
	bad.Table = "triple"
	if _, err := e.Run(context.Background(), bad); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("a job of no kind: %v, want ErrParam", err)
	}
	p.Kinds = append(p.Kinds, jobs.Kind[kindCfg, int]{Table: "double", Method: "", Run: double.Run})
	if _, err := p.Run(context.Background(), js[0]); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("a job of two kinds: %v, want ErrParam", err)
	}
}

// TestBuildTag: the code digest names the Go release, the architecture
// and its level as this test binary records them (GOAMD64=v3 under make).
func TestBuildTag(t *testing.T) {
	tag := jobs.BuildTag()
	if !strings.HasPrefix(tag, runtime.Version()+" "+runtime.GOARCH+" ") {
		t.Fatalf("BuildTag %q does not start with the Go release and GOARCH", tag)
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		t.Skip("no build information in this binary")
	}
	for _, s := range bi.Settings {
		if s.Key == "GO"+strings.ToUpper(runtime.GOARCH) && !strings.HasSuffix(tag, " "+s.Value) {
			t.Fatalf("BuildTag %q does not end with %s=%s", tag, s.Key, s.Value)
		}
	}
}

// Comments and layout do not count in the code digest; tokens and
// directives do.
func TestCodeDigestIgnoresComments(t *testing.T) {
	root := t.TempDir()
	write := jobs.WriteTree(t, root)
	write("go.mod", "module x\n")
	write("a/a.go", "// Package a doubles.\npackage a\n\n// F doubles x (Eq. (1)).\nfunc F(x float64) float64 { return 2 * x }\n")
	d0 := codeDigest(t, root, "x/a")
	for _, c := range []struct {
		src  string
		same bool
	}{
		{"// Package a doubles its input.\npackage a\n\n// F doubles x (Eq. (2), measured 3 s).\nfunc F(x float64) float64 { return 2 * x }\n", true},
		{"package a\n\nfunc F(x float64) float64 {\n\treturn 2 * x /* twice */\n}\n", true},
		{"package a\n\nfunc F(x float64) float64 { return 3 * x }\n", false},
		{"package a\n\nfunc F(x float64) float64 { return 2 * x }\n\nvar s = \"// not a comment\"\n", false},
		{"//go:build amd64\n\npackage a\n\nfunc F(x float64) float64 { return 2 * x }\n", false},
	} {
		write("a/a.go", c.src)
		if d := codeDigest(t, root, "x/a"); (d == d0) != c.same {
			t.Errorf("digest same = %v, want %v, for\n%s", d == d0, c.same, c.src)
		}
	}
}

// TestComputeSeconds: Run and Memo record each job's compute time (at
// least the time the job sleeps), TableStatus sums it over the records
// present, and Merge accepts the same record with another time (keeping
// the one present) but not another result.
func TestComputeSeconds(t *testing.T) {
	js := demoJobs(t)[:3]
	const nap = 20 * time.Millisecond
	slow := jobs.Experiment{Paper: demo.Paper, Build: demo.Build, Run: func(ctx context.Context, j jobs.Job) (any, error) {
		time.Sleep(nap)
		return demo.Run(ctx, j)
	}}
	a, b := jobs.Store{Dir: t.TempDir()}, jobs.Store{Dir: t.TempDir()}
	for _, st := range []jobs.Store{a, b} {
		if _, err := jobs.Run(context.Background(), slow, js, jobs.Options{Store: st, Code: "c"}); err != nil {
			t.Fatal(err)
		}
	}
	sts, err := jobs.TableStatus(a, js, "c")
	if err != nil {
		t.Fatal(err)
	}
	if len(sts) != 1 || sts[0].Timed != len(js) || sts[0].Seconds < float64(len(js))*nap.Seconds() {
		t.Fatalf("status %+v, want %d timed jobs of at least %v each", sts, len(js), nap)
	}
	if _, err := a.Merge(b); err != nil {
		t.Fatalf("records differing only in their times: %v", err)
	}
	after, _ := jobs.TableStatus(a, js, "c")
	if after[0].Seconds != sts[0].Seconds {
		t.Errorf("Merge replaced the times present: %v, was %v", after[0].Seconds, sts[0].Seconds)
	}
	files, err := b.Files()
	if err != nil || len(files) == 0 {
		t.Fatal(files, err)
	}
	var r jobs.Record
	raw, err := os.ReadFile(filepath.Join(b.Dir, files[0]))
	if err != nil || json.Unmarshal(raw, &r) != nil {
		t.Fatal(err)
	}
	r.Result = json.RawMessage(`{"other": true}`)
	if err := b.Put(r); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Merge(b); err == nil {
		t.Error("a record with another result merged")
	}
	var v map[string]bool
	j := jobs.Job{Paper: "memo", Table: "T", Method: "timed", Data: "quick"}
	st := jobs.Store{Dir: t.TempDir()}
	if _, err := jobs.Memo(st, j, &v, func() (any, error) { time.Sleep(nap); return map[string]bool{"ok": true}, nil }); err != nil {
		t.Fatal(err)
	}
	ms, err := jobs.TableStatus(st, []jobs.Job{j}, "")
	if err != nil || ms[0].Timed != 1 || ms[0].Seconds < nap.Seconds() {
		t.Fatalf("Memo's record: status %+v, %v", ms, err)
	}
}

// TestMemoAllProgressFile: with KERNELAB_PROGRESS set, MemoAll appends a
// header, a line as each computed job starts and ends (done / total, its
// time, the time left, or its failure), nothing per job read from the
// store, and a summary; without it, no file is written.
func TestMemoAllProgressFile(t *testing.T) {
	dir := t.TempDir()
	st := jobs.Store{Dir: filepath.Join(dir, "store")}
	ctx := context.Background()
	js := []jobs.Job{{Paper: "progress", Table: "T", Method: "a"}, {Paper: "progress", Table: "T", Method: "b"}, {Paper: "progress", Table: "T", Method: "fails"}}
	run := func(_ context.Context, j jobs.Job) (any, error) {
		if j.Method == "fails" {
			return nil, errors.New("boom")
		}
		return j.Method, nil
	}
	if _, err := jobs.MemoAll(ctx, st, js[:1], 1, run, nil); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("without %s MemoAll wrote %d entries", jobs.ProgressEnv, len(entries))
	}
	file := filepath.Join(dir, "nb.progress")
	t.Setenv(jobs.ProgressEnv, file)
	if _, err := jobs.MemoAll(ctx, st, js, 1, run, nil); err == nil {
		t.Fatal("the failing job did not fail MemoAll")
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	want := []string{
		"progress: 3 jobs, each read from the results store or computed",
		"progress [1/3] computing progress/T/b//split0",
		"progress [2/3] progress/T/b//split0 done in ",
		"progress [2/3] computing progress/T/fails//split0",
		"progress [3/3] progress/T/fails//split0 FAILED: boom · elapsed ",
		"progress: 3 of 3 jobs ended in ",
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), b)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d: %q, want it to start with %q", i, lines[i], w)
		}
	}
	if !strings.Contains(lines[2], " left") || !strings.HasSuffix(lines[5], ": 2 computed (1 failed), 1 read from the store") {
		t.Errorf("estimate or summary missing:\n%s", b)
	}
}

// TestKeyPinned: the key of a fixed job under a fixed code digest, computed
// at da3b836. The results store is keyed by it: a change of Key, of the
// canonical spec or of the key's layout leaves every stored record unread,
// and this test fails first.
func TestKeyPinned(t *testing.T) {
	j := jobs.Job{Paper: "cortes2009", Table: "Table 1", Method: "L2", Data: "kin32fm", Split: 3,
		Params: map[string]any{"config": map[string]any{"C": 1.5, "grid": []int{1, 2}}, "mu": 0.25}}
	k, err := jobs.Key(j, "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")
	if err != nil {
		t.Fatal(err)
	}
	if want := "db04b1f33b35a6620d5aaeacb304dc290b7a574b1835870fb59cf15f89f92d7d"; k != want {
		t.Errorf("Key = %s, want %s (the key of da3b836)", k, want)
	}
}
