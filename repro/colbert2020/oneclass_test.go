package colbert2020

import (
	"strings"
	"testing"

	"github.com/kernelab/kernelab/repro"
)

// TestOneClassClaim checks the one-class diagnosis on made-up rows: it
// names a cell that misses with the majority class's accuracy on every
// split, not one that matches it on some splits only or one within
// tolerance, and is not run when nothing of the kind misses.
func TestOneClassClaim(t *testing.T) {
	paper := Table1Accuracy[4][MSimpleMKLTK].Mean // 87.65
	row := func(acc, majority []float64) []Row {
		r := Row{Data: DataSets[4]}
		for s := range acc {
			sr := SplitResult{Ran: make([]bool, len(Methods)), Acc: make([]float64, len(Methods)), Majority: majority[s]}
			sr.Ran[MSimpleMKLTK], sr.Acc[MSimpleMKLTK] = true, acc[s]
			r.Splits = append(r.Splits, sr)
		}
		return []Row{r}
	}
	c := OneClassClaim(row([]float64{61.97, 57.75, 56.34}, []float64{61.97, 57.75, 56.34}))
	if c.Outcome != repro.Reproduced || !strings.Contains(c.Ours, "Ionosphere [SimpleMKL TK]") || !strings.Contains(c.Ours, "3 of 3 splits") || !strings.Contains(c.Paper, "87.65") {
		t.Errorf("one-class miss: %v, %q (paper %q)", c.Outcome, c.Ours, c.Paper)
	}
	if c := OneClassClaim(row([]float64{61.97, 59.15, 56.34}, []float64{61.97, 57.75, 56.34})); c.Outcome != repro.NotRun || !strings.Contains(c.Reason, "none of the 1 cells") {
		t.Errorf("a miss that learned on one split: %v (%s)", c.Outcome, c.Reason)
	}
	if c := OneClassClaim(row([]float64{paper, paper}, []float64{paper, paper})); c.Outcome != repro.NotRun || !strings.Contains(c.Reason, "no Table 1 cell misses") {
		t.Errorf("no miss: %v (%s)", c.Outcome, c.Reason)
	}
	if c := OneClassClaim(nil); c.Outcome != repro.NotRun {
		t.Errorf("no rows: %v", c.Outcome)
	}
}
