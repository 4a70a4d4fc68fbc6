package repro

import (
	"fmt"

	"github.com/kernelab/kernelab/viz"
)

// vizVerdict maps a cell's outcome to the mark viz draws.
var vizVerdict = map[Outcome]viz.Verdict{Reproduced: viz.Within, NotReproduced: viz.Outside, Undecided: viz.Undecided, NotRun: viz.NotCompared}

// cellRuleText states the one cell rule (Cell.Verdict) in one line.
var cellRuleText = fmt.Sprintf("Welch's test of ours against the paper's mean ± std at α = %g, within only if it detects δ with power %g; a declared tolerance where the paper prints no spread, within only if below δ", Alpha, Power)

// CompareTable lays cells out as a viz.CompareTable (rows and columns in
// the order they first appear; a later cell at the same place replaces an
// earlier one) with each cell's Verdict, its detail as the tooltip, and
// the rule in the note: the table shows the decision the verdict table
// counts, by the same rule. Set Digits and Note on the result as needed.
func CompareTable(title, corner, source string, cells []Cell) *viz.CompareTable {
	t := &viz.CompareTable{Title: title, Corner: corner, Source: source, Rule: cellRuleText}
	ri, ci := map[string]int{}, map[string]int{}
	for _, c := range cells {
		if _, ok := ri[c.Row]; !ok {
			ri[c.Row] = len(t.Rows)
			t.Rows = append(t.Rows, c.Row)
		}
		if _, ok := ci[c.Col]; !ok {
			ci[c.Col] = len(t.Cols)
			t.Cols = append(t.Cols, c.Col)
		}
	}
	grid := func() [][]viz.MeanStd {
		g := make([][]viz.MeanStd, len(t.Rows))
		for i := range g {
			g[i] = make([]viz.MeanStd, len(t.Cols))
			for j := range g[i] {
				g[i][j] = viz.NA
			}
		}
		return g
	}
	t.Ours, t.Paper = grid(), grid()
	t.Verdicts, t.Details = make([][]viz.Verdict, len(t.Rows)), make([][]string, len(t.Rows))
	for i := range t.Rows {
		t.Verdicts[i], t.Details[i] = make([]viz.Verdict, len(t.Cols)), make([]string, len(t.Cols))
	}
	for _, c := range cells {
		i, j := ri[c.Row], ci[c.Col]
		t.Ours[i][j] = viz.MeanStd{Mean: c.Ours.Mean, Std: c.Ours.Std}
		t.Paper[i][j] = viz.MeanStd{Mean: c.Paper.Mean, Std: c.Paper.Std}
		v := c.Verdict()
		t.Verdicts[i][j], t.Details[i][j] = vizVerdict[v.Outcome], v.Detail
	}
	return t
}
