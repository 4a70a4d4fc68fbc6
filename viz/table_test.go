package viz

import (
	"math"
	"strings"
	"testing"
)

func exampleTable() *CompareTable {
	return &CompareTable{
		Title: "Accuracy (%)", Corner: "data set",
		Rows: []string{"Sonar", "Ionosphere"}, Cols: []string{"EasyMKL", "SVM"},
		Ours:   [][]MeanStd{{{86.1, 2.3}, {84.0, 3.1}}, {{93.9, 1.2}, NA}},
		Paper:  [][]MeanStd{{{86.5, 2.0}, {80.0, 2.9}}, {{94.0, math.NaN()}, {92.1, 1.0}}},
		Source: "Donini & Aiolli (2017), Table 2", Digits: 1,
		Verdicts: [][]Verdict{{Within, Outside}, {Within, NotCompared}}, Rule: "the caller's test",
	}
}

func TestCompareTable(t *testing.T) {
	t.Parallel()
	tb := exampleTable()
	// The caller's verdicts, drawn as given.
	want := [][]Verdict{{Within, Outside}, {Within, NotCompared}}
	for i := range want {
		for j := range want[i] {
			if got := tb.Verdict(i, j); got != want[i][j] {
				t.Errorf("Verdict(%d,%d) = %v, want %v", i, j, got, want[i][j])
			}
		}
	}
	if in, out := tb.Counts(); in != 2 || out != 1 {
		t.Errorf("Counts = %d, %d; want 2, 1", in, out)
	}
	// Without the caller's verdicts viz decides nothing: no mark, no count.
	tb2 := *tb
	tb2.Verdicts = nil
	if tb2.Verdict(0, 0) != NotCompared {
		t.Error("a table without Verdicts decided a cell")
	}
	for _, render := range []func() (string, error){tb2.Text, func() (string, error) { h, err := tb2.HTML(); return string(h), err }} {
		if s, err := render(); err != nil || strings.ContainsAny(s, "✓✗") || strings.Contains(s, " ?") || strings.Contains(s, "within,") {
			t.Errorf("a table without Verdicts marks or counts cells (%v):\n%s", err, s)
		}
	}
	h, err := tb.HTML()
	if err != nil {
		t.Fatal(err)
	}
	hs := string(h)
	for _, s := range []string{"86.1 ± 2.3 ✓", "84.0 ± 3.1 ✗", `class="kl-paper">86.5 ± 2.0`, "94.0</td>", "—", "Donini &amp; Aiolli (2017), Table 2", "the caller&#39;s test", "2 within, 1 outside", ">paper</th>"} {
		if !strings.Contains(hs, s) {
			t.Errorf("HTML lacks %q", s)
		}
	}
	txt, err := tb.Text()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"EasyMKL (ours)", "EasyMKL (paper)", "86.1 ± 2.3 ✓", "84.0 ± 3.1 ✗", "2 within, 1 outside"} {
		if !strings.Contains(txt, s) {
			t.Errorf("Text lacks %q:\n%s", s, txt)
		}
	}
	// Without paper numbers: no marks, no paper columns.
	tb3 := *tb
	tb3.Paper, tb3.Verdicts = nil, nil
	txt, _ = tb3.Text()
	if strings.Contains(txt, "paper") || strings.Contains(txt, "✓") {
		t.Errorf("table without Paper mentions the paper:\n%s", txt)
	}
}

// TestCompareTableShowsTheCallersVerdict: with Verdicts set the table
// decides nothing itself, draws the undecided mark and names the caller's rule; a
// Verdicts grid of the wrong shape is an error.
func TestCompareTableShowsTheCallersVerdict(t *testing.T) {
	t.Parallel()
	tb := exampleTable()
	tb.Verdicts = [][]Verdict{{Undecided, Within}, {Outside, NotCompared}}
	tb.Rule = "the caller's test"
	tb.Details = [][]string{{"underpowered", "x"}, {"y", ""}}
	if tb.Verdict(0, 1) != Within || tb.Verdict(1, 0) != Outside || tb.Verdict(0, 0) != Undecided || tb.Verdict(3, 0) != NotCompared {
		t.Fatal("Verdict does not return the caller's verdicts")
	}
	h, err := tb.HTML()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`class="kl-undecided" title="underpowered">86.1 ± 2.3 ?`, "84.0 ± 3.1 ✓", "the caller&#39;s test", "1 within, 1 outside, 1 undecided", "? undecided"} {
		if !strings.Contains(string(h), s) {
			t.Errorf("HTML lacks %q:\n%s", s, h)
		}
	}
	txt, _ := tb.Text()
	if !strings.Contains(txt, "86.1 ± 2.3 ?") || !strings.Contains(txt, "the caller's test") {
		t.Errorf("Text:\n%s", txt)
	}
	tb.Verdicts = tb.Verdicts[:1]
	if _, err := tb.HTML(); err == nil {
		t.Error("a Verdicts grid of the wrong shape was accepted")
	}
}
