package cortes2009

import (
	"context"
	"fmt"
	"time"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/cortes2009/protocol"
	"github.com/kernelab/kernelab/repro/jobs"
)

// Results holds everything Verdict needs.
type Results struct {
	Mode string
	// MaxIter is the cap on the steps of Algorithm 1 of the run; Widen
	// the cap on the extensions of each side of a grid (Config.Widen);
	// Folds the CV folds inside each training half of Table 1.
	MaxIter, Widen, Folds int
	Table1                []Row
	Checks                []repro.Claim
	Figure1               []protocol.Concavity
	// Surfaces are the three panels of Figure 1.
	Surfaces []protocol.Surface
	// Hypotheses are the preprocessing variants of each row of Table 1.
	Hypotheses []protocol.RowHypotheses
	Figure2    *Figure2Result
	Figure3    []*Figure3Result
	Elapsed    time.Duration
}

// Run runs every experiment of cfg — the checks of Section 2 and
// Propositions 1–4, Figure 1, Table 1 (main and variant columns), the
// preprocessing hypotheses of each row, Figures 2 and 3 — as the jobs of
// protocol.Jobs(cfg), on all cores, and assembles their records. A job already in the results store under the current code (a
// cluster run, an earlier run) is read, not recomputed, and every computed
// job is stored as it finishes, so an interrupted run resumes.
// progress(done, total) is called as jobs complete.
func Run(cfg Config, progress func(done, total int)) (*Results, error) {
	start := time.Now()
	js := protocol.Jobs(cfg)
	st := jobs.Store{Dir: jobs.DefaultDir()}
	raw, err := jobs.MemoAll(context.Background(), st, js, 0, RunJob, func(done, total int, _ jobs.Job, _ bool) {
		if progress != nil {
			progress(done, total)
		}
	})
	if err != nil {
		return nil, err
	}
	res := &Results{Mode: cfg.Mode, MaxIter: cfg.MaxIter, Widen: cfg.Widen, Folds: cfg.Folds}
	var splits []*protocol.SplitResult
	var f2 []*protocol.Figure2Point
	f3 := map[string][]*protocol.Figure3Point{}
	for _, err := range []error{
		kindChecks.Each(js, raw, func(_ jobs.Job, c []repro.Claim) { res.Checks = c }),
		protocol.KindFigure1.Each(js, raw, func(_ jobs.Job, f protocol.Figure1Result) { res.Surfaces, res.Figure1 = f.Surfaces, f.Concavity }),
		protocol.KindTable1.Each(js, raw, func(_ jobs.Job, sr *protocol.SplitResult) { splits = append(splits, sr) }),
		protocol.KindHyp.Each(js, raw, func(_ jobs.Job, h protocol.RowHypotheses) { res.Hypotheses = append(res.Hypotheses, h) }),
		protocol.KindFigure2.Each(js, raw, func(_ jobs.Job, pt *protocol.Figure2Point) { f2 = append(f2, pt) }),
		protocol.KindFigure3.Each(js, raw, func(j jobs.Job, pt *protocol.Figure3Point) { f3[j.Data] = append(f3[j.Data], pt) }),
	} {
		if err != nil {
			return nil, fmt.Errorf("cortes2009: %w", err)
		}
	}
	for k, i := range protocol.RowsOf(cfg) {
		data, err := protocol.Load(protocol.DataSets[i])
		if err != nil {
			return nil, err
		}
		res.Table1 = append(res.Table1, row(protocol.DataSets[i], data, cfg, splits[k*cfg.Splits:(k+1)*cfg.Splits]))
	}
	if len(f2) > 0 {
		res.Figure2 = figure2(cfg, f2)
	}
	for i, fs := range cfg.Fig3Factors {
		if i < len(protocol.Figure3Data) && len(fs) > 0 {
			res.Figure3 = append(res.Figure3, figure3(protocol.Figure3Data[i], fs, cfg.Folds, f3[protocol.Figure3Data[i]]))
		}
	}
	res.Elapsed = time.Since(start)
	return res, nil
}
