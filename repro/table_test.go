package repro

import (
	"math"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/viz"
)

// TestCompareTableSharesTheRule: the viz table built from cells marks each
// cell as Cell.Verdict decides (within, outside, undecided, not
// compared), counts as the report counts, and states the rule.
func TestCompareTableSharesTheRule(t *testing.T) {
	paper := Value{Mean: 0.80, Std: 0.01, N: 30}
	cells := []Cell{
		{Row: "Sonar", Col: "A", Paper: paper, Ours: Value{Mean: 0.801, Std: 0.01, N: 30}, Delta: 0.02},
		{Row: "Sonar", Col: "B", Paper: paper, Ours: Value{Mean: 0.85, Std: 0.01, N: 30}, Delta: 0.02},
		{Row: "Iono", Col: "A", Paper: paper, Ours: Value{Mean: 0.80, Std: 0.05, N: 3}, Delta: 0.02},
		{Row: "Iono", Col: "B", Paper: V(math.NaN()), Ours: V(0.8)},
	}
	want := []viz.Verdict{viz.Within, viz.Outside, viz.Undecided, viz.NotCompared}
	tb := CompareTable("T", "data set", "Paper (2020), Table 1", cells)
	for k, c := range cells {
		i, j := k/2, k%2
		if got := tb.Verdict(i, j); got != want[k] || vizVerdict[c.Verdict().Outcome] != got {
			t.Errorf("cell %s/%s: viz %v, repro %v, want %v", c.Row, c.Col, got, c.Verdict().Outcome, want[k])
		}
	}
	r := &Report{}
	r.Add(Claim{ID: "Table 1"}.DecideCells(cells))
	in, out, und := tb.CountsAll()
	if c := r.Counts(); c.Within != in || c.CellsUndecided != und || in+out+und != 3 {
		t.Errorf("viz %d/%d/%d, report %+v", in, out, und, c)
	}
	h, err := tb.HTML()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"? undecided", "power 0.8", `title="within: ours − paper`, "1 within, 1 outside, 1 undecided"} {
		if !strings.Contains(string(h), s) {
			t.Errorf("HTML lacks %q", s)
		}
	}
}
