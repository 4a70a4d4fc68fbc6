package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kernelab/kernelab/repro/jobs"
)

// TestIndexComputeTime: the index gives a notebook's experiments the
// compute time the results store records for its jobs in the run's mode
// (one job stored here, the others missing), and a dash for a notebook
// with no experiments.
func TestIndexComputeTime(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("KERNELAB_RESULTS", filepath.Join(dir, "results"))
	exp, ok := jobs.Lookup("cortes2009")
	if !ok {
		t.Fatal("cortes2009 not registered")
	}
	js, err := exp.Build("quick")
	if err != nil || len(js) < 2 {
		t.Fatal(js, err)
	}
	var v int
	st := jobs.Store{Dir: jobs.DefaultDir()}
	if _, err := jobs.Memo(st, js[0], &v, func() (any, error) { time.Sleep(1100 * time.Millisecond); return 1, nil }); err != nil {
		t.Fatal(err)
	}
	build := filepath.Join(dir, "build")
	if err := os.MkdirAll(build, 0o755); err != nil {
		t.Fatal(err)
	}
	status := filepath.Join(build, "status.tsv")
	if err := os.WriteFile(status, []byte("01-cortes2009\tok\t12\tquick\t\t\n00-tour\tok\t3\tquick\t\t\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "reports", "index.html")
	if err := indexCmd([]string{"-status", status, "-notebooks", filepath.Join(dir, "none"), "-out", out}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	want := fmt.Sprintf("1 of %d jobs timed", len(js))
	if !strings.Contains(page, want) || !strings.Contains(page, "<td class=\"num\">1 s") || !strings.Contains(page, "<td class=\"num\">–</td>") {
		t.Errorf("index lacks the compute times (%q, 1 s, a dash):\n%s", want, page)
	}
}

// TestIndexKeepsOtherRows: an index written for a subset of the notebooks
// keeps the rows of the others (marked as from an earlier run) while their
// reports are there, and replaces the row of a notebook run again.
func TestIndexKeepsOtherRows(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("KERNELAB_RESULTS", filepath.Join(dir, "results"))
	out := filepath.Join(dir, "reports", "index.html")
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"98-aaa", "99-bbb"} {
		if err := os.WriteFile(filepath.Join(dir, "reports", n+".html"), []byte("<html></html>"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	status := filepath.Join(dir, "status.tsv")
	index := func(lines string) string {
		t.Helper()
		if err := os.WriteFile(status, []byte(lines), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := indexCmd([]string{"-status", status, "-notebooks", filepath.Join(dir, "none"), "-out", out}); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	index("98-aaa\tok\t5\tfull\t\t\n99-bbb\tok\t7\tfull\t\t\n")
	page := index("99-bbb\tfailed\t9\tfull\tboom\t/tmp/log\n")
	if !strings.Contains(page, ">98-aaa</a>") || !strings.Contains(page, "from an earlier run") || !strings.Contains(page, "2 notebooks, ") {
		t.Errorf("the other notebook's row is gone:\n%s", page)
	}
	if strings.Count(page, ">99-bbb</a>") != 1 || !strings.Contains(page, "boom") {
		t.Errorf("the re-run notebook's row is not replaced:\n%s", page)
	}
	if err := os.Remove(filepath.Join(dir, "reports", "98-aaa.html")); err != nil {
		t.Fatal(err)
	}
	if page := index("99-bbb\tok\t9\tfull\t\t\n"); strings.Contains(page, "98-aaa") {
		t.Errorf("a row without its report is kept:\n%s", page)
	}
}
