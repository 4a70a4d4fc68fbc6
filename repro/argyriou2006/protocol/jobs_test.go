package protocol

import (
	"context"
	"errors"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/repro/jobs/jobstest"
)

// TestJobsList: the quick and full job lists are non-empty, free of
// duplicates and the same when built twice, with one Table 1 job per task,
// range and column, two Table 2 jobs per task and range and one
// four-variance job per task; a changed configuration changes the jobs;
// bad jobs and configurations are errors.
func TestJobsList(t *testing.T) {
	for _, cfg := range []Config{Quick(), Full(), PaperProtocol()} {
		js := Jobs(cfg)
		count := jobstest.CheckTables(t, js, Jobs(cfg))
		cells := len(cfg.Tasks) * len(cfg.Ranges)
		quads := len(cfg.Quadrants)
		if cfg.QuadDC {
			quads *= 2
		}
		if count[JobChecks] != 1 || count[JobTable1] != cells*len(Methods1) || count[JobTable2] != 2*cells || count[JobQuad] != quads || count[JobSize] != len(cfg.SizeTrain)-sizesInTable1(cfg) || count[JobCorrective] != correctives(cfg) {
			t.Errorf("%s: jobs per table %v", cfg.Mode, count)
		}
		if Fig2Run(cfg) != (count[JobFig2] == 1) || count[JobFig2] > 1 {
			t.Errorf("%s: %d Figure 2 diagnostic jobs", cfg.Mode, count[JobFig2])
		}
		if Total(cfg) != len(js) {
			t.Errorf("%s: Total %d of %d jobs", cfg.Mode, Total(cfg), len(js))
		}
	}
	q, _ := Jobs(Quick())[0].ID()
	f, _ := Jobs(Full())[0].ID()
	if q == f {
		t.Error("a changed configuration keeps the job's id")
	}
	bad := Jobs(Quick())[1]
	bad.Params = map[string]any{"config": Quick(), "task": 7, "range": 1}
	if _, err := KindStandard.Run(context.Background(), Quick(), bad); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("task 7: %v", err)
	}
	if _, err := KindChecks.Run(context.Background(), Quick(), bad); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("checks of task 7: %v", err)
	}
	for _, mod := range []func(*Config){
		func(c *Config) { c.Tasks = []int{3} },
		func(c *Config) { c.Ranges = []int{-1} },
		func(c *Config) { c.Quadrants = []int{5} },
		func(c *Config) { c.QuadrantRange = 3 },
		func(c *Config) { c.StdStarts = 1 },
		func(c *Config) { c.SizeTrain = []int{5} },
		func(c *Config) { c.SizeRange = 4 },
	} {
		cfg := Quick()
		mod(&cfg)
		if err := cfg.Validate(); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("config %+v: %v", cfg, err)
		}
	}
	if err := (Config{}).Validate(); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("empty config: %v", err)
	}
}

// sizesInTable1 counts the training sizes that Table 1's DC cell serves.
func sizesInTable1(cfg Config) int {
	n := 0
	for _, m := range cfg.SizeTrain {
		if SizeFromTable1(cfg, m) {
			n++
		}
	}
	return n
}

// TestFigure2Kinds: the diagnostic's kernels are those of the two kinds on
// the 10-point grid, each pair once; restricting the grid can only raise
// the optimal E (checked on MNIST, both problems solved exactly).
func TestFigure2Kinds(t *testing.T) {
	r := Ranges[Fig2Range]
	sig := KindsSigmas(r, 10)
	if len(sig) != 28 {
		t.Fatalf("%d kernels, want 3·10 − 2", len(sig))
	}
	seen := map[[2]float64]bool{}
	for _, s := range sig {
		if !(s[0] == r[1] || s[1] == r[1] || s[0] == s[1]) || seen[[2]float64{s[0], s[1]}] {
			t.Errorf("σ %v is not of the two kinds, or repeated", s)
		}
		seen[[2]float64{s[0], s[1]}] = true
	}
	if testing.Short() {
		return
	}
	cfg := Quick()
	cfg.Train, cfg.Test, cfg.Tasks, cfg.Ranges = 60, 100, []int{Fig2Task}, []int{Fig2Range}
	var kinds Kinds
	var grids GridsRecord
	for _, j := range Jobs(cfg) {
		var err error
		switch {
		case j.Table == JobFig2:
			kinds, err = KindKinds.Run(context.Background(), cfg, j)
		case j.Table == JobTable2 && j.Method == MethodGrids:
			grids, err = KindGrids.Run(context.Background(), cfg, j)
		}
		if errors.Is(err, klearn.ErrMissingData) {
			t.Skip(err)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if !(grids.Grid10E > 0) || kinds.E < grids.Grid10E*(1-1e-5) {
		t.Errorf("E two kinds %v below E all pairs %v", kinds.E, grids.Grid10E)
	}
}

// correctives is the number of fully corrective jobs of cfg: one per cell
// of Table 1 and, with Table 2, one per cell of Table 2.
func correctives(cfg Config) int {
	if !cfg.Corrective {
		return 0
	}
	n := len(cfg.Tasks) * len(cfg.Ranges)
	if cfg.Table2 {
		n *= 2
	}
	return n
}
