package jobs

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

// TestStoreBadInput: a store without a directory, a paper or key that is
// empty or not one path element, a failure without an error and a Memo
// without a compute function are refused (ErrParam) instead of reading or
// writing the working directory, escaping the store, or panicking; bad
// shards and NaN parameters give errors, not panics.
func TestStoreBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	st := Store{Dir: filepath.Join(dir, "store")}
	job := Job{Paper: "p", Table: "T"}
	param := func(err error) error {
		if !errors.Is(err, klearn.ErrParam) {
			return err
		}
		return nil
	}
	for name, err := range map[string]error{
		"zero store Get":      func() error { _, _, err := (Store{}).Get("p", "k"); return param(err) }(),
		"zero store Put":      param(Store{}.Put(Record{Key: "k", Job: job})),
		"zero store Files":    func() error { _, err := (Store{}).Files(); return param(err) }(),
		"empty key Put":       param(st.Put(Record{Job: job})),
		"key with a slash":    param(st.Put(Record{Key: "../k", Job: job})),
		"paper ..":            func() error { _, _, err := st.Get("..", "k"); return param(err) }(),
		"PutFailed nil error": param(st.PutFailed("p", "k", nil)),
		"Memo nil compute":    func() error { _, err := Memo(st, job, new(int), nil); return param(err) }(),
	} {
		if err != nil {
			t.Errorf("%s: error %v, want ErrParam", name, err)
		}
	}
	if _, ok := st.Failed("", ""); ok {
		t.Error("Failed of an empty key reports a failure")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("refused writes left %d entries in the store's parent", len(entries))
	}
	for _, c := range [][2]int{{0, 0}, {-1, 2}, {2, 2}, {math.MaxInt, math.MaxInt}} {
		if _, err := Shard([]Job{job}, c[0], c[1]); err == nil {
			t.Errorf("Shard(%d, %d) accepted", c[0], c[1])
		}
	}
	for _, s := range []string{"", "/", "1/0", "-1/2", "3/2", "99999999999999999999/1", "a/b"} {
		if _, _, err := ParseShard(s); err == nil {
			t.Errorf("ParseShard(%q) accepted", s)
		}
	}
	nanJob := Job{Paper: "p", Table: "T", Params: map[string]any{"x": math.NaN()}}
	if _, err := Key(nanJob, "c"); err == nil {
		t.Error("Key of a NaN parameter accepted")
	}
	if _, err := MemoAll(context.Background(), st, []Job{job}, 1, nil, nil); err == nil {
		t.Error("MemoAll without a run function accepted")
	}
}

// TestMergeRefusesBadStores: a missing shard, a shard that is a file, and a
// shard holding a record that does not decode, has no result, or sits under
// another key or paper are refused with an error, and the destination is
// left exactly as it was (no record of the good shards copied, no staging
// directory left behind).
func TestMergeRefusesBadStores(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	key := func(c byte) string { return strings.Repeat(string(c), 64) }
	good := Store{Dir: filepath.Join(dir, "good")}
	if err := good.Put(Record{Key: key('a'), Job: Job{Paper: "p", Table: "T"}, Result: []byte(`{"x":1}`), Seconds: 2}); err != nil {
		t.Fatal(err)
	}
	dst := Store{Dir: filepath.Join(dir, "dst")}
	if err := dst.Put(Record{Key: key('b'), Job: Job{Paper: "p", Table: "T"}, Result: []byte(`1`)}); err != nil {
		t.Fatal(err)
	}
	before, err := dst.Files()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := func(name, rel, content string) Store {
		s := Store{Dir: filepath.Join(dir, name)}
		p := filepath.Join(s.Dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return s
	}
	rec := func(k, paper, result string) string {
		return `{"key":"` + k + `","job":{"paper":"` + paper + `","table":"T","method":"","data":"","split":0},"result":` + result + `}`
	}
	noResult := `{"key":"` + key('c') + `","job":{"paper":"p","table":"T","method":"","data":"","split":0}}`
	for name, tc := range map[string]struct {
		src  Store
		want string
	}{
		"missing shard":    {Store{Dir: filepath.Join(dir, "missing")}, "no such file"},
		"shard is a file":  {Store{Dir: file}, "not a directory"},
		"truncated record": {bad("trunc", "p/"+key('c')+".json", rec(key('c'), "p", "1")[:40]), "unexpected EOF"},
		"not JSON":         {bad("garbage", "p/"+key('c')+".json", "\x00\x01garbage"), "invalid character"},
		"key mismatch":     {bad("key", "p/"+key('c')+".json", rec(key('d'), "p", "1")), "holds key"},
		"paper mismatch":   {bad("paper", "p/"+key('c')+".json", rec(key('c'), "q", "1")), "job of paper"},
		"no result":        {bad("nores", "p/"+key('c')+".json", noResult), "no result"},
		"two records":      {bad("two", "p/"+key('c')+".json", rec(key('c'), "p", "1")+rec(key('c'), "p", "1")), "after the record"},
		"name not a key":   {bad("name", "p/k.json", rec("k", "p", "1")), "64 hex digits"},
		"unknown field":    {bad("field", "p/"+key('c')+".json", rec(key('c'), "p", `1,"extra":2`)), "unknown field"},
		"conflict":         {bad("conflict", "p/"+key('b')+".json", rec(key('b'), "p", "2")), "conflict"},
	} {
		n, err := dst.Merge(good, tc.src)
		if err == nil || n != 0 || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: merged %d records, error %v; want 0 and an error with %q", name, n, err, tc.want)
		}
		after, ferr := dst.Files()
		entries, _ := os.ReadDir(dst.Dir)
		if ferr != nil || strings.Join(after, ",") != strings.Join(before, ",") || len(entries) != 1 {
			t.Errorf("%s: the destination changed: %v, %d entries (%v)", name, after, len(entries), ferr)
		}
	}
	if _, err := dst.Merge(good, bad("corrupt", "p/"+key('e')+".json", "{")); !errors.Is(err, ErrCorrupt) {
		t.Errorf("a corrupt record: %v, want ErrCorrupt", err)
	}
	if n, err := dst.Merge(good, good); n != 1 || err != nil {
		t.Fatalf("good shard twice: merged %d, %v", n, err)
	}
	if n, err := dst.Merge(good); n != 0 || err != nil {
		t.Fatalf("merging again: merged %d, %v", n, err)
	}
}

// TestGetRefusesCorruptRecords: a record whose file does not decode, or
// holds another key or paper than its place, is ErrCorrupt on read, not a
// result.
func TestGetRefusesCorruptRecords(t *testing.T) {
	t.Parallel()
	st := Store{Dir: t.TempDir()}
	key, other := strings.Repeat("a", 64), strings.Repeat("b", 64)
	if err := st.Put(Record{Key: key, Job: Job{Paper: "p"}, Result: []byte("1")}); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := st.Get("p", key); !ok || err != nil {
		t.Fatalf("a good record: %v, %v", ok, err)
	}
	for name, content := range map[string]string{
		"truncated":     `{"key":"` + key,
		"another key":   `{"key":"` + other + `","job":{"paper":"p"},"result":1}`,
		"another paper": `{"key":"` + key + `","job":{"paper":"q"},"result":1}`,
	} {
		if err := os.WriteFile(filepath.Join(st.Dir, "p", key+".json"), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, ok, err := st.Get("p", key); ok || !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: ok %v, error %v; want ErrCorrupt", name, ok, err)
		}
	}
}

// TestFilesSkipsStaging: the staging directory a killed merge may leave
// behind (.merge-*) holds no records of the store.
func TestFilesSkipsStaging(t *testing.T) {
	t.Parallel()
	st := Store{Dir: t.TempDir()}
	key := strings.Repeat("c", 64)
	if err := st.Put(Record{Key: key, Job: Job{Paper: "p"}, Result: []byte("1")}); err != nil {
		t.Fatal(err)
	}
	left := Store{Dir: filepath.Join(st.Dir, ".merge-123")}
	if err := left.Put(Record{Key: strings.Repeat("d", 64), Job: Job{Paper: "p"}, Result: []byte("2")}); err != nil {
		t.Fatal(err)
	}
	files, err := st.Files()
	if err != nil || len(files) != 1 || files[0] != "p/"+key+".json" {
		t.Fatalf("Files = %v, %v; want the one record outside the staging directory", files, err)
	}
}
