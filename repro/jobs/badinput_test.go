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

// TestModeConfig checks that each of the three modes returns its own
// configuration and that any other name is an ErrParam naming the paper.
func TestModeConfig(t *testing.T) {
	q, f, p := func() string { return "q" }, func() string { return "f" }, func() string { return "p" }
	for mode, want := range map[string]string{"quick": "q", "full": "f", "paper": "p"} {
		got, err := ModeConfig("demo", mode, q, f, p)
		if err != nil || got != want {
			t.Errorf("mode %q: %q, %v; want %q", mode, got, err, want)
		}
	}
	for _, mode := range []string{"", "Full", "printed"} {
		got, err := ModeConfig("demo", mode, q, f, p)
		if !errors.Is(err, klearn.ErrParam) || got != "" || !strings.Contains(err.Error(), "demo") {
			t.Errorf("mode %q: %q, %v; want an ErrParam naming demo", mode, got, err)
		}
	}
}
