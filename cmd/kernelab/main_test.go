package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/repro/jobs"
)

func TestCommands(t *testing.T) {
	dir := t.TempDir()
	res := filepath.Join(dir, "local")
	tests := []struct {
		name    string
		args    []string
		wantOut string
		wantErr string
	}{
		{"no args", nil, "", "usage"},
		{"unknown command", []string{"frobnicate"}, "", "unknown command"},
		{"unknown paper", []string{"run", "nope"}, "", "unknown paper"},
		{"unknown table", []string{"run", "demo/T9", "--results", res}, "", "no jobs"},
		{"bad shard", []string{"run", "demo", "--shard", "4/4", "--results", res}, "", "shard"},
		{"bad mode", []string{"list", "demo", "--mode", "huge"}, "", "mode"},
		{"list", []string{"list", "demo"}, "demo/grid/krr-rbf/sinc/split0", ""},
		{"status before", []string{"status", "demo", "--results", res}, "demo/grid\tdone 0\tpending 24\tfailed 0", ""},
		{"run", []string{"run", "demo/grid", "--results", res, "--workers", "2"}, "computed 24, cached 0, failed 0", ""},
		{"run again", []string{"run", "demo", "--results", res}, "computed 0, cached 24, failed 0", ""},
		{"recompute", []string{"run", "demo", "--recompute", "--results", res}, "computed 24, cached 0", ""},
		{"status after", []string{"status", "--results", res}, "demo/grid\tdone 24\tpending 0\tfailed 0\tcomputed in ", ""},
		{"status timed", []string{"status", "--results", res}, "(24 of the done jobs timed)", ""},
		{"shard 0", []string{"run", "demo", "--shard", "0/3", "--results", filepath.Join(dir, "s0")}, "computed 8,", ""},
		{"shard 1", []string{"run", "demo", "--shard", "1/3", "--results", filepath.Join(dir, "s1"), "--workers", "1"}, "computed 8,", ""},
		{"shard 2", []string{"run", "demo", "--shard", "2/3", "--results", filepath.Join(dir, "s2")}, "computed 8,", ""},
		{"merge", []string{"merge", "--results", filepath.Join(dir, "merged"), filepath.Join(dir, "s0"), filepath.Join(dir, "s1"), filepath.Join(dir, "s2")}, "merged 24 records", ""},
		{"merge nothing", []string{"merge", "--results", filepath.Join(dir, "merged")}, "", "shard directories"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			err := run(context.Background(), tc.args, &out, &errb)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v\nstderr: %s", err, errb.String())
			}
			if !strings.Contains(out.String(), tc.wantOut) {
				t.Fatalf("stdout %q lacks %q", out.String(), tc.wantOut)
			}
		})
	}
	// Progress with ETA went to stderr; merged shards equal the local run.
	var out, errb bytes.Buffer
	if err := run(context.Background(), []string{"run", "demo", "--results", filepath.Join(dir, "p")}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(errb.String(), "ETA") {
		t.Fatalf("no progress on stderr: %q", errb.String())
	}
	sameDir(t, res, filepath.Join(dir, "merged"))
}

func sameDir(t *testing.T, a, b string) {
	t.Helper()
	n := 0
	err := filepath.Walk(a, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(a, p)
		x, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		y, err := os.ReadFile(filepath.Join(b, rel))
		if err != nil || !jobs.SameRecord(x, y) {
			t.Fatalf("%s differs: %v", rel, err)
		}
		n++
		return nil
	})
	if err != nil || n != 24 {
		t.Fatalf("%d files compared, %v", n, err)
	}
}
