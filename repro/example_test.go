package repro_test

import (
	"fmt"

	"github.com/kernelab/kernelab/repro"
)

// A paper's criteria are declared in one table (its criteria.go) before
// any result is read; the verdict code reads their numbers and decides
// each claim from its parts or cells.
func Example() {
	criteria := repro.Criteria{
		{ID: "T1", Claims: []string{"Table 1"}, Rule: repro.CellRule,
			Reason: "δ per cell: the gap to the nearest method in the paper's row"},
		{ID: "S1", Claims: []string{"Section 5"}, Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.01,
			Reason: "one point of accuracy is the smallest gain the paper reports"},
	}
	r := &repro.Report{Paper: "Example (2020)", Mode: "full", Criteria: criteria}

	row := []float64{0.80, 0.84} // the paper's means of methods A and B
	gap := repro.AdjacentGap(row)
	cells := []repro.Cell{
		{Row: "Sonar", Col: "A", Paper: repro.Value{Mean: 0.80, Std: 0.02, N: 30}, Ours: repro.Value{Mean: 0.805, Std: 0.02, N: 30}, Delta: gap[0]},
		{Row: "Sonar", Col: "B", Paper: repro.Value{Mean: 0.84, Std: 0.02, N: 30}, Ours: repro.Value{Mean: 0.80, Std: 0.02, N: 30}, Delta: gap[1]},
	}
	r.Add(repro.Claim{ID: "Table 1", Statement: "accuracy"}.DecideCells(cells))

	s1, _ := criteria.Get("S1")
	a := []float64{0.91, 0.92, 0.90, 0.93, 0.92, 0.91}       // method A on six splits
	b := []float64{0.915, 0.918, 0.905, 0.925, 0.921, 0.912} // method B on the same splits
	better, err := repro.Better("B over A", b, a, s1.Test, s1.Level(), true, s1.Delta)
	if err != nil {
		fmt.Println(err)
		return
	}
	r.Add(repro.Claim{ID: "Section 5", Kind: repro.Statement, Statement: "B beats A"}.Decide(better))

	fmt.Println(r.Counts())
	for _, c := range r.Claims {
		fmt.Printf("%s: %s (%s)\n", c.ID, c.Label(), c.Ours)
	}
	fmt.Println(criteria.Check(r))
	// Output:
	// 0 of 2 claims reproduced, 1 partly, 1 not; 1 of 2 cells within
	// Table 1: partly (1 of 2 cells held, 1 failed)
	// Section 5: not reproduced (tie: mean difference +0.001, p = 0.28; detectable 0.00473 ≤ δ 0.01 (one-sided paired t-test, n = 6, α = 0.05))
	// <nil>
}
