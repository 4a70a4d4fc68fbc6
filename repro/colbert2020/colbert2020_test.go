package colbert2020

import (
	"testing"

	"github.com/kernelab/kernelab/repro"
)

// TestChecksHold runs the numerical checks of the theorems in quick size:
// each must hold.
func TestChecksHold(t *testing.T) {
	cs, err := RunChecks(true)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		if c.Outcome != repro.Reproduced {
			t.Errorf("%s: %s (%s)", c.ID, c.Ours, c.Reason)
		}
	}
}

// TestQuickRun runs one split of Liver with all five methods on 60 rows and
// checks the verdict is computed from it.
func TestQuickRun(t *testing.T) {
	cfg := Quick()
	cfg.Splits, cfg.MaxTrain, cfg.Rows, cfg.L, cfg.ScalingSizes, cfg.TKMaxIter = 2, 60, []int{0}, 10, nil, 10
	res, err := Run(cfg, func(s string) { t.Log(s) })
	if err != nil {
		t.Fatal(err)
	}
	rep := Verdict(res)
	var tab *repro.Claim
	for i := range rep.Claims {
		if rep.Claims[i].ID == "Table 1" {
			tab = &rep.Claims[i]
		}
	}
	if tab == nil || len(tab.Cells) != len(Methods) {
		t.Fatalf("Table 1 claim: %+v", tab)
	}
	for _, c := range tab.Cells {
		if !(c.Ours.Mean > 40 && c.Ours.Mean <= 100) || c.Ours.N != 2 {
			t.Errorf("%s %s: %v", c.Row, c.Col, c.Ours)
		}
	}
	t.Log(rep.Counts())
}
