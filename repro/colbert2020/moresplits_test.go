package colbert2020

import (
	"slices"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/repro"
)

// moreRow is an Ionosphere row of Table 1 whose [SimpleMKL] and [SimpleMKL
// TK+] columns hold acc on every split and whose [TK] column differs.
func moreRow(acc []float64) []Row {
	row := Row{Data: DataSets[4]}
	for s, a := range acc {
		sr := SplitResult{Ran: make([]bool, len(Methods)), Acc: make([]float64, len(Methods))}
		for _, j := range []int{MTK, MSimpleMKL, MSimpleMKLTKPlus} {
			sr.Ran[j], sr.Acc[j] = true, a
		}
		sr.Acc[MTK] = a - float64(s)
		row.Splits = append(row.Splits, sr)
	}
	return []Row{row}
}

// TestMoreSplitsClaim covers the outcomes of the diagnosis: a cell that
// misses on the table's splits and is within tolerance over twice the
// splits (explains, naming the column that repeats it), a cell that still
// misses (does not explain), a cell that does not miss, no further splits
// and no such cell (not run).
func TestMoreSplitsClaim(t *testing.T) {
	p := Table1Accuracy[4][MSimpleMKL].Mean // 92.16 ± 2.78
	high := []float64{p + 4, p + 3, p + 4, p + 3, p + 5, p + 3}
	rows := moreRow(high)
	c := MoreSplitsClaim(rows, MoreSplits{Row: 4, Method: MSimpleMKL, Acc: []float64{p - 2, p - 3, p - 1, p - 3, p - 2, p - 3}})
	if c.Kind != repro.Diagnostic || c.Label() != "explains" {
		t.Errorf("high first splits, low further ones: %v (%s; %s)", c.Label(), c.Ours, c.Reason)
	}
	if !strings.Contains(c.Ours, "[SimpleMKL TK+] equals it") || strings.Contains(c.Ours, "[TK]") {
		t.Errorf("the columns that repeat the cell: %s", c.Ours)
	}
	if c := MoreSplitsClaim(rows, MoreSplits{Row: 4, Method: MSimpleMKL, Acc: slices.Clone(high)}); c.Label() != "does not explain" {
		t.Errorf("the further splits as high: %v (%s)", c.Label(), c.Ours)
	}
	// The further splits alone within tolerance do not suffice: the mean
	// over all of them decides.
	far := moreRow([]float64{p + 6, p + 7, p + 6, p + 7, p + 6, p + 7})
	if c := MoreSplitsClaim(far, MoreSplits{Row: 4, Method: MSimpleMKL, Acc: []float64{p, p + 1, p, p + 1, p, p + 1}}); c.Label() != "does not explain" {
		t.Errorf("the further splits within, all twelve 3.5 points above: %v (%s)", c.Label(), c.Ours)
	}
	if c := MoreSplitsClaim(moreRow([]float64{p, p + 1, p - 1}), MoreSplits{Row: 4, Method: MSimpleMKL, Acc: []float64{p}}); c.Outcome != repro.NotRun {
		t.Errorf("no miss: %v", c.Outcome)
	}
	if c := MoreSplitsClaim(rows, MoreSplits{Row: 4, Method: MSimpleMKL}); c.Outcome != repro.NotRun {
		t.Errorf("no further splits: %v", c.Outcome)
	}
	if c := MoreSplitsClaim(rows, MoreSplits{Row: 0, Method: MSimpleMKL, Acc: high}); c.Outcome != repro.NotRun {
		t.Errorf("a row not in the table: %v", c.Outcome)
	}
	if c := MoreSplitsClaim(rows, MoreSplits{Row: 9, Method: MSimpleMKL, Acc: high}); c.Outcome != repro.NotRun {
		t.Errorf("no such row: %v", c.Outcome)
	}
}

// TestMoreSplitsJobs: the diagnosis adds one job per further split of each
// cell, at the splits after the table's, which run the table's protocol
// (RunJob on the split with the same method).
func TestMoreSplitsJobs(t *testing.T) {
	cfg := Quick()
	var got []int
	for _, j := range Jobs(cfg) {
		if j.Table == jobMore {
			var m int
			if err := j.Param("method", &m); err != nil || m != MSimpleMKL || j.Data != DataSets[4].Name {
				t.Errorf("job %s: method %d (%v)", j.Name(), m, err)
			}
			got = append(got, j.Split)
		}
	}
	if want := []int{cfg.Splits, cfg.Splits + 1}; !slices.Equal(got, want) {
		t.Errorf("further splits %v, want %v", got, want)
	}
}
