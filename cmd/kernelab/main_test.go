package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/repro/jobs"
)

func TestCommands(t *testing.T) {
	dir := t.TempDir()
	res := filepath.Join(dir, "local")
	if err := os.WriteFile(filepath.Join(dir, "file"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name    string
		args    []string
		wantOut string
		wantErr string
	}{
		{"no args", nil, "", "no command"},
		{"unknown command", []string{"frobnicate"}, "", "unknown command"},
		{"unknown paper", []string{"run", "nope"}, "", "unknown paper"},
		{"run nothing", []string{"run", "--results", res}, "", "or all"},
		{"unknown paper among others", []string{"run", "demo", "nope", "--results", res}, "", "unknown paper"},
		{"unknown table", []string{"run", "demo/T9", "--results", res}, "", "no jobs"},
		{"bad shard", []string{"run", "demo", "--shard", "4/4", "--results", res}, "", "shard"},
		{"bad mode", []string{"list", "demo", "--mode", "huge"}, "", "mode"},
		{"bad workers", []string{"run", "demo", "--workers", "-1", "--results", res}, "", "workers"},
		{"flag of another command", []string{"merge", "--shard", "0/2", "--results", res, res}, "", "not defined"},
		{"two selections", []string{"status", "demo", "demo", "--results", res}, "", "at most one"},
		{"empty results", []string{"status", "--results", ""}, "", "results"},
		{"help of nothing", []string{"help", "frobnicate"}, "", "unknown command"},
		{"list", []string{"list", "demo", "--mode", "quick", "--results", res}, "demo   grid        24    0     unknown", ""},
		{"status before", []string{"status", "demo", "--mode", "quick", "--results", res}, "0s + 24 unknown", ""},
		{"run", []string{"run", "demo/grid", "--mode", "quick", "--results", res, "--workers", "2"}, "computed 24, cached 0, failed 0", ""},
		{"run again", []string{"run", "demo", "--mode", "quick", "--results", res}, "computed 0, cached 24, failed 0", ""},
		{"recompute", []string{"run", "demo", "--mode", "quick", "--recompute", "--results", res}, "computed 24, cached 0", ""},
		{"status after", []string{"status", "demo", "--mode", "quick", "--results", res, "--json"}, `"jobs": 24,
    "done": 24,
    "missing": 0,`, ""},
		{"status timed", []string{"status", "--mode", "quick", "--results", res}, "(24 of 24 timed, 24 of them by CPU time", ""},
		{"full is the default", []string{"status", "demo", "--results", res, "--json"}, `"jobs": 48,
    "done": 24,
    "missing": 24,`, ""},
		{"shard 0", []string{"run", "demo", "--mode", "quick", "--shard", "0/3", "--results", filepath.Join(dir, "s0")}, "computed 8,", ""},
		{"shard 1", []string{"run", "demo", "--mode", "quick", "--shard", "1/3", "--results", filepath.Join(dir, "s1"), "--workers", "1"}, "computed 8,", ""},
		{"shard 2", []string{"run", "demo", "--mode", "quick", "--shard", "2/3", "--results", filepath.Join(dir, "s2")}, "computed 8,", ""},
		{"list after", []string{"list", "demo", "--mode", "quick", "--results", filepath.Join(dir, "s0")}, "demo   grid        24    8     ", ""},
		{"merge", []string{"merge", "--results", filepath.Join(dir, "merged"), filepath.Join(dir, "s0"), filepath.Join(dir, "s1"), filepath.Join(dir, "s2")}, "merged 24 records", ""},
		{"merge nothing", []string{"merge", "--results", filepath.Join(dir, "merged")}, "", "shard directories"},
		{"merge a missing shard", []string{"merge", "--results", filepath.Join(dir, "merged"), filepath.Join(dir, "s9")}, "", "no such file"},
		{"merge a file", []string{"merge", "--results", filepath.Join(dir, "merged"), filepath.Join(dir, "file")}, "", "not a directory"},
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
	if err := run(context.Background(), []string{"run", "demo", "--mode", "quick", "--results", filepath.Join(dir, "p")}, &out, &errb); err != nil {
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

// TestHelpAndExitCodes: help, -h and --help print the usage on stdout and
// exit 0; an unknown command or a bad flag exits 2 with the usage on
// stderr; a failed command exits 1 with its message.
func TestHelpAndExitCodes(t *testing.T) {
	t.Parallel()
	res := t.TempDir()
	for _, tc := range []struct {
		args        []string
		code        int
		out, errs   string
		notInStdout string
	}{
		{[]string{"--help"}, 0, "kernelab run <paper>", "", ""},
		{[]string{"-h"}, 0, "kernelab merge", "", ""},
		{[]string{"help"}, 0, "kernelab list", "", ""},
		{[]string{"help", "merge"}, 0, "usage: kernelab merge", "", "-mode"},
		{[]string{"help", "run"}, 0, "-shard", "", ""},
		{[]string{"run", "-h"}, 0, "usage: kernelab run", "", ""},
		{[]string{"list", "--help"}, 0, "-json", "", ""},
		{nil, 2, "", "usage:", ""},
		{[]string{"frobnicate"}, 2, "", "unknown command \"frobnicate\"\n\nkernelab runs", ""},
		{[]string{"run", "--nope"}, 2, "", "usage: kernelab run", ""},
		{[]string{"run", "nope", "--results", res}, 1, "", "unknown paper", ""},
		{[]string{"merge", "--results", res, filepath.Join(res, "missing")}, 1, "", "kernelab: jobs: merge", ""},
	} {
		var out, errb bytes.Buffer
		code := exitCode(run(context.Background(), tc.args, &out, &errb), &errb)
		if code != tc.code || !strings.Contains(out.String(), tc.out) || !strings.Contains(errb.String(), tc.errs) ||
			(tc.notInStdout != "" && strings.Contains(out.String(), tc.notInStdout)) {
			t.Errorf("kernelab %v: exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr with %q",
				tc.args, code, out.String(), errb.String(), tc.code, tc.out, tc.errs)
		}
	}
}

// TestListJSON: list --json gives one entry per experiment with its job
// specs (hyper-parameters included), the package keying its records, and
// an estimated cost once records are timed.
func TestListJSON(t *testing.T) {
	t.Parallel()
	res := t.TempDir()
	list := func() []entry {
		var out, errb bytes.Buffer
		if err := run(context.Background(), []string{"list", "demo", "--mode", "quick", "--json", "--results", res}, &out, &errb); err != nil {
			t.Fatal(err)
		}
		var es []entry
		if err := json.Unmarshal(out.Bytes(), &es); err != nil {
			t.Fatalf("%v in %q", err, out.String())
		}
		if len(es) != 1 || es[0].Paper != "demo" || es[0].Experiment != "grid" || es[0].Jobs != 24 || len(es[0].Specs) != 24 || es[0].Specs[0].Params["gamma"] == nil {
			t.Fatalf("list --json: %+v", es)
		}
		if !slices.Equal(es[0].Code, []string{"repro/jobs/demo"}) {
			t.Fatalf("list --json: the demo's records keyed by %q, want the package of its Run", es[0].Code)
		}
		return es
	}
	if e := list()[0]; e.EstimatedSeconds != nil || e.Done != 0 {
		t.Fatalf("estimate before any run: %+v", e)
	}
	var out, errb bytes.Buffer
	if err := run(context.Background(), []string{"run", "demo", "--mode", "quick", "--shard", "0/2", "--results", res}, &out, &errb); err != nil {
		t.Fatal(err)
	}
	e := list()[0]
	if e.Done != 12 || e.EstimatedSeconds == nil || *e.EstimatedSeconds <= 0 {
		t.Fatalf("after half the jobs: %+v", e)
	}
	// The estimate is the mean of the timed records (their CPU times)
	// times every job.
	st := jobs.Store{Dir: res}
	files, err := st.Files()
	if err != nil || len(files) != 12 {
		t.Fatalf("%d files, %v", len(files), err)
	}
	sum := 0.0
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(res, f))
		if err != nil {
			t.Fatal(err)
		}
		var r jobs.Record
		if err := json.Unmarshal(b, &r); err != nil {
			t.Fatal(err)
		}
		if r.CPUSeconds <= 0 || r.Time() != r.CPUSeconds {
			t.Fatalf("record %s: CPU time %v, Time %v", f, r.CPUSeconds, r.Time())
		}
		sum += r.CPUSeconds
	}
	if want := sum / 12 * 24; e.Timed != 12 || math.Abs(*e.EstimatedSeconds-want) > 1e-9*want {
		t.Fatalf("estimate %g from %d timed, want %g from 12", *e.EstimatedSeconds, e.Timed, want)
	}
	// A record written by earlier code (another key, the same job) still
	// times its job: keep one record under another key only.
	b, err := os.ReadFile(filepath.Join(res, files[0]))
	if err != nil {
		t.Fatal(err)
	}
	var r jobs.Record
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(filepath.Join(res, "demo")); err != nil {
		t.Fatal(err)
	}
	r.Key = strings.Repeat("0", 64)
	if err := (jobs.Store{Dir: res}).Put(r); err != nil {
		t.Fatal(err)
	}
	e = list()[0]
	if e.Done != 0 || e.Timed != 1 || e.EstimatedSeconds == nil || math.Abs(*e.EstimatedSeconds-24*r.Time()) > 1e-9*r.Time() {
		t.Fatalf("from an earlier code's record: %+v, want done 0, 1 timed, %g s", e, 24*r.Time())
	}
}

// TestCodePackages: list names the package whose code keys each
// experiment's records: a paper's theorem checks its report package, its
// experiments its protocol package.
func TestCodePackages(t *testing.T) {
	t.Parallel()
	exp, ok := jobs.Lookup("cortes2009")
	if !ok {
		t.Fatal("cortes2009 not registered")
	}
	js, err := exp.Build("quick")
	if err != nil {
		t.Fatal(err)
	}
	for table, want := range map[string][]string{
		"Propositions": {"repro/cortes2009"},
		"Table 1":      {"repro/cortes2009/protocol"},
		"":             {"repro/cortes2009", "repro/cortes2009/protocol"},
	} {
		if got := codePackages(jobs.FilterTable(js, table)); !slices.Equal(got, want) {
			t.Errorf("%q: keyed by %q, want %q", table, got, want)
		}
	}
	if got := codePackages([]jobs.Job{{Paper: "notebooks"}}); !slices.Equal(got, []string{"module"}) {
		t.Errorf("an unregistered paper keyed by %q, want the module", got)
	}
}

// TestRunMany: run computes several selections in one pool, each job once
// (a table named beside its paper adds nothing), also in shards that
// partition them; all names every registered job set.
func TestRunMany(t *testing.T) {
	dir := t.TempDir()
	sels := []string{"demo", statusPaper + "/t1", "demo/grid"}
	var out, errb bytes.Buffer
	args := append([]string{"run", "--mode", "quick", "--results", filepath.Join(dir, "one")}, sels...)
	if err := run(context.Background(), args, &out, &errb); err != nil {
		t.Fatalf("%v\n%s", err, errb.String())
	}
	if !strings.Contains(out.String(), "computed 29, cached 0, failed 0") {
		t.Errorf("stdout %q, want the 24 demo jobs and 5 of t1 computed", out.String())
	}
	if !strings.Contains(errb.String(), "soft memory limit") || !strings.Contains(errb.String(), "ETA") {
		t.Errorf("stderr lacks the memory limit or the progress:\n%s", errb.String())
	}
	var shards []jobs.Store
	total := 0
	for i := range 3 {
		sh := jobs.Store{Dir: filepath.Join(dir, fmt.Sprint("s", i))}
		out.Reset()
		args := append([]string{"run", "--mode", "quick", "--shard", fmt.Sprintf("%d/3", i), "--results", sh.Dir}, sels...)
		if err := run(context.Background(), args, &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		var c, k, f int
		if _, err := fmt.Sscanf(out.String(), "computed %d, cached %d, failed %d", &c, &k, &f); err != nil || k != 0 || f != 0 {
			t.Fatalf("shard %d: %q", i, out.String())
		}
		total += c
		shards = append(shards, sh)
	}
	merged := jobs.Store{Dir: filepath.Join(dir, "merged")}
	if n, err := merged.Merge(shards...); err != nil || n != 29 || total != 29 {
		t.Fatalf("shards computed %d jobs, merged %d records (%v); want 29 each", total, n, err)
	}
	exps, js, err := selectAll([]string{"demo", "all"}, "quick")
	if err != nil {
		t.Fatal(err)
	}
	// The demo named beside all, and all the papers and the benchmark.
	want := []string{"demo", "cortes2009", "donini2017", "argyriou2006", "colbert2020", "afkanpour2013", "bench"}
	var got []string
	for _, e := range exps {
		got = append(got, e.Paper)
	}
	var inJobs []string
	for _, j := range js {
		if !slices.Contains(inJobs, j.Paper) {
			inJobs = append(inJobs, j.Paper)
		}
	}
	if !slices.Equal(got, want) || !slices.Equal(inJobs, want) {
		t.Errorf("demo and all: experiments %v, jobs of %v; want %v", got, inJobs, want)
	}
	for _, mode := range []string{"quick", "full", "paper"} {
		if _, _, err := selectAll([]string{"all"}, mode); err != nil {
			t.Errorf("all in %s mode: %v", mode, err)
		}
	}
}

func TestMemoryLimit(t *testing.T) {
	const meminfo = "MemTotal:       16384000 kB\nMemFree:         1000 kB\n"
	for name, tc := range map[string]struct {
		env, meminfo string
		want         int64
		note         string
	}{
		"3/4 of MemTotal":   {"", meminfo, 16384000 * 1024 / 4 * 3, "soft memory limit 11.7 GiB, 3/4 of the 15.6 GiB"},
		"GOMEMLIMIT wins":   {"8GiB", meminfo, 0, "GOMEMLIMIT=8GiB"},
		"no meminfo":        {"", "", 0, "no soft memory limit"},
		"no total":          {"", "MemFree: 1000 kB\n", 0, "no soft memory limit"},
		"bad total":         {"", "MemTotal: lots kB\n", 0, "no soft memory limit"},
		"unit not kB":       {"", "MemTotal: 16 GB\n", 0, "no soft memory limit"},
		"overflowing total": {"", "MemTotal: 99999999999999999 kB\n", 0, "no soft memory limit"},
	} {
		t.Run(name, func(t *testing.T) {
			got, note := memoryLimit(tc.env, []byte(tc.meminfo))
			if got != tc.want || !strings.Contains(note, tc.note) {
				t.Errorf("memoryLimit(%q, %q) = %d, %q; want %d, a note with %q", tc.env, tc.meminfo, got, note, tc.want, tc.note)
			}
		})
	}
}
