package nb

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/jobs"
)

type result struct {
	Name  string
	Score float64
	Cells []int
}

// useStore points Cached at a fresh store for one test.
func useStore(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	old := cacheStore
	cacheStore = func() jobs.Store { return jobs.Store{Dir: dir} }
	t.Cleanup(func() { cacheStore = old })
	return dir
}

func TestCachedRunsOncePerKeyParamsAndMode(t *testing.T) {
	fatal, _ := capture(t)
	dir := useStore(t)
	t.Setenv(ModeEnv, "quick")
	calls := 0
	run := func() (result, error) { calls++; return result{"a", 1.0 / 3, []int{1, 2}}, nil }
	type cfg struct{ Seed, Reps int }

	first := Cached("exp", cfg{1, 3}, run)
	again := Cached("exp", cfg{1, 3}, run)
	if calls != 1 {
		t.Fatalf("run called %d times for the same key, params and mode, want 1", calls)
	}
	if first.Score != 1.0/3 || again.Score != first.Score || len(again.Cells) != 2 || again.Name != "a" {
		t.Fatalf("cached value %+v differs from the first %+v", again, first)
	}
	Cached("exp", cfg{2, 3}, run) // other params
	Cached("other", cfg{1, 3}, run)
	t.Setenv(ModeEnv, "full")
	Cached("exp", cfg{1, 3}, run)
	if calls != 4 {
		t.Fatalf("run called %d times, want 4 (new params, new key, new mode each run once)", calls)
	}
	if len(*fatal) != 0 {
		t.Fatalf("unexpected failures: %v", *fatal)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "notebooks", "*.json"))
	if len(files) != 4 {
		t.Fatalf("store holds %d records, want 4", len(files))
	}
}

func TestCachedFirstRunSeesStoredForm(t *testing.T) {
	capture(t)
	useStore(t)
	type withMap struct{ M map[string]float64 }
	got := Cached("m", nil, func() (withMap, error) { return withMap{map[string]float64{"x": 0.1}}, nil })
	if got.M["x"] != 0.1 {
		t.Fatalf("got %+v", got)
	}
}

func TestCachedErrorsStopTheCell(t *testing.T) {
	fatal, _ := capture(t)
	dir := useStore(t)
	Cached("bad", 1, func() (int, error) { return 0, errors.New("diverged") })
	Cached("", 1, func() (int, error) { return 1, nil })
	Cached("nil", 1, (func() (int, error))(nil))
	Cached("nan", 1, func() (float64, error) { return math.NaN(), nil })
	Cached("params", func() {}, func() (int, error) { return 1, nil })
	if len(*fatal) != 5 {
		t.Fatalf("got %d failures, want 5: %v", len(*fatal), *fatal)
	}
	if !strings.Contains((*fatal)[0], "diverged") {
		t.Errorf("the run's error is not shown: %q", (*fatal)[0])
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "notebooks", "*.json")); len(files) != 0 {
		t.Errorf("failed runs were stored: %v", files)
	}
}

// notebook switches the display primitives to recorders for one test.
func notebook(t *testing.T) *[]string {
	t.Helper()
	var shown []string
	oldIn, oldH, oldM, oldS := inNotebook, displayHTML, displayMarkdown, syncDisplay
	inNotebook = func() bool { return true }
	displayHTML = func(s string) { shown = append(shown, "html:"+s) }
	displayMarkdown = func(s string) { shown = append(shown, "md:"+s) }
	syncDisplay = func() { shown = append(shown, "sync") }
	t.Cleanup(func() { inNotebook, displayHTML, displayMarkdown, syncDisplay = oldIn, oldH, oldM, oldS })
	return &shown
}

func TestShowReportEmbedsParsableJSON(t *testing.T) {
	capture(t)
	shown := notebook(t)
	r := &repro.Report{Paper: "A & B (2009)", Mode: "quick"}
	r.Add(repro.Claim{ID: "Prop. 1", Kind: repro.Theorem,
		Statement: "F is convex </script>",
		Paper:     "holds", Tolerance: "exact"}.Decide(repro.Check("Prop. 1", true,
		"holds")))
	ShowReport(r)
	if len(*shown) != 2 || (*shown)[1] != "sync" || !strings.HasPrefix((*shown)[0], "html:") {
		t.Fatalf("displayed %q, want one HTML output then a sync", *shown)
	}
	h := (*shown)[0]
	if !strings.Contains(h, "A &amp; B (2009)") {
		t.Errorf("verdict table missing: %s", h)
	}
	got, err := repro.FindEmbedded(h)
	if err != nil {
		t.Fatal(err)
	}
	if got.Paper != r.Paper || got.Counts() != r.Counts() || got.Claims[0].Statement != "F is convex </script>" {
		t.Errorf("embedded report %+v, want %+v", got, r)
	}
	if strings.Count(h, "</script>") != 2 {
		t.Errorf("the JSON closes its script elements early (the report, then its counts)")
	}
}

// TestShowReportStampsCriteria: the criteria table is shown with how its
// commits were found, and the caller's report is not changed.
func TestShowReportStampsCriteria(t *testing.T) {
	capture(t)
	shown := notebook(t)
	r := &repro.Report{Paper: "P", Mode: "full", Criteria: repro.Criteria{{ID: "C1", Claims: []string{"Prop. 1"}, Rule: repro.CheckRule, Reason: "exact"}}}
	r.Add(repro.Claim{ID: "Prop. 1", Kind: repro.Theorem}.Decide(repro.Check("identity", true, "1e-12")))
	ShowReport(r)
	h := (*shown)[0]
	if !strings.Contains(h, "Criteria, declared before the results") || !strings.Contains(h, "commits unknown: the report names no criteria file") {
		t.Errorf("criteria table or note missing: %s", h)
	}
	if r.CriteriaNote != "" || r.Criteria[0].Commit != "" {
		t.Errorf("ShowReport changed its argument: %+v", r)
	}
}

func TestShowReportOutsideNotebookPrintsText(t *testing.T) {
	fatal, _ := capture(t)
	var printed string
	old := stdout
	stdout = func(s string) { printed += s }
	t.Cleanup(func() { stdout = old })
	r := &repro.Report{Paper: "P", Mode: "full"}
	r.Add(repro.NotRunClaim("Fig. 2", repro.Experiment, "curves", "needs data"))
	ShowReport(r)
	ShowReport(nil)
	if !strings.Contains(printed, "Fig. 2") || !strings.Contains(printed, "1 not run") {
		t.Errorf("printed %q", printed)
	}
	if len(*fatal) != 1 {
		t.Errorf("a nil report must stop the cell: %v", *fatal)
	}
}

func TestMarkdownDetailsHTML(t *testing.T) {
	shown := notebook(t)
	Markdown("$K_\\mu$ and *x*")
	Details("12 cases, worst 1e-12", Pre("a < b\n"))
	want := []string{"md:$K_\\mu$ and *x*", "sync",
		`html:<details><summary>12 cases, worst 1e-12</summary><pre style="white-space:pre-wrap">a &lt; b</pre></details>`, "sync"}
	if strings.Join(*shown, "|") != strings.Join(want, "|") {
		t.Errorf("displayed\n%q\nwant\n%q", *shown, want)
	}
}

func TestMain(m *testing.M) {
	os.Unsetenv(ModeEnv)
	os.Exit(m.Run())
}

func TestCachedOffComputesAfreshOncePerRun(t *testing.T) {
	capture(t)
	useStore(t)
	calls := 0
	run := func() (int, error) { calls++; return calls, nil }
	Cached("k", 1, run)
	t.Setenv("KERNELAB_CACHE", "off")
	a := Cached("k", 1, run) // earlier run ignored
	b := Cached("k", 1, run) // same process (kernel): stored once
	if calls != 2 || a != 2 || b != 2 {
		t.Fatalf("calls %d, values %d %d: want one fresh computation shared by the run", calls, a, b)
	}
	if r := kernelRun(); r == "" || r != kernelRun() {
		t.Fatalf("kernelRun() = %q, not stable", r)
	}
}

func TestShowTable(t *testing.T) {
	shown := notebook(t)
	ShowTable([]string{"model", "AUC <1>"}, [][]string{{"KRR & SVM", "0.93"}, {"short"}})
	if len(*shown) != 2 || (*shown)[1] != "sync" {
		t.Fatalf("displayed %q, want one HTML output then a sync", *shown)
	}
	h := (*shown)[0]
	for _, want := range []string{"<th", "AUC &lt;1&gt;</th>", ">KRR &amp; SVM</td>", ">0.93</td>"} {
		if !strings.Contains(h, want) {
			t.Errorf("table lacks %q: %s", want, h)
		}
	}
	if n := strings.Count(h, "<td"); n != 4 {
		t.Errorf("%d cells, want 4 (the short row padded)", n)
	}
	if strings.Count(h, "<tr>") != 3 {
		t.Errorf("want a header row and two rows: %s", h)
	}
	// Outside a notebook: the text table.
	inNotebook = func() bool { return false }
	var printed string
	old := stdout
	stdout = func(s string) { printed += s }
	t.Cleanup(func() { stdout = old })
	ShowTable([]string{"a", "b"}, [][]string{{"1", "2"}})
	if printed != Table([]string{"a", "b"}, [][]string{{"1", "2"}}) {
		t.Errorf("printed %q", printed)
	}
}
