package colbert2020

import (
	"context"
	"fmt"
	"time"

	"github.com/kernelab/kernelab/repro/colbert2020/protocol"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/jobs"
)

// init registers the paper; its scaling jobs (Figures 3–4, whose times
// decide exponent claims) run alone, with no other job beside them.
func init() {
	jobs.RegisterPaper(&jobsPaper)
	jobs.RunAlone(JobsPaper, func(j jobs.Job) bool { return j.Table == protocol.KindScaling.Table })
}

// jobsPaper is the typed job contract of the paper: one kind of job per
// table of protocol.Jobs.
var jobsPaper = jobs.Paper[Config]{Name: JobsPaper, Quick: protocol.Quick, Full: protocol.Full, Printed: protocol.PaperProtocol, Jobs: protocol.Jobs,
	Kinds: []jobs.Runner[Config]{kindChecks, protocol.KindTable1, protocol.KindScaling, protocol.KindFigure6, protocol.KindFigure1, protocol.KindIono,
		protocol.KindFigure2, protocol.KindCurve, protocol.KindChance}}

// Study is the paper as its notebook opens it (nb.Open).
var Study = repro.Study[Config, *Results]{Jobs: &jobsPaper, Verdict: Verdict,
	Run: func(cfg Config, progress func(done, total int)) (*Results, error) {
		done, total := 0, len(protocol.Jobs(cfg))
		return Run(cfg, func(string) {
			if done++; progress != nil {
				progress(done, total)
			}
		})
	}}

// ConfigFor returns the configuration of a mode: protocol.Quick,
// protocol.Full or protocol.PaperProtocol ("paper").
func ConfigFor(mode string) (Config, error) { return jobsPaper.Config(mode) }

// kindChecks runs the numerical checks of the theorems: a cheap kind (a
// minute in full mode) whose claims are built here, so it is recomputed
// whenever the report changes. The expensive kinds are protocol's.
var kindChecks = jobs.Kind[Config, []repro.Claim]{Table: protocol.JobChecks,
	Run: func(_ context.Context, cfg Config, _ jobs.Job) ([]repro.Claim, error) {
		return RunChecks(cfg.Mode == "quick")
	}}

// RunJob computes one job of protocol.Jobs.
func RunJob(ctx context.Context, j jobs.Job) (any, error) { return jobsPaper.Run(ctx, j) }

// computeJob is the runner of Run's missing jobs (RunJob; tests count its
// calls through it).
var computeJob = RunJob

// Run runs the checks, Table 1, the scaling experiment of Figures 3–4 and
// Figure 6 as the jobs of protocol.Jobs(cfg). A job already in the results
// store under the current code (a cluster run, an earlier run) is read, not
// recomputed, and every computed job is stored as it finishes, so an
// interrupted run resumes. The jobs run one at a time (each uses all cores
// inside), so that the times of Table 1 and Figures 3–4 are those of a job
// alone on the machine. progress, if not nil, is called with a line per
// finished job.
func Run(cfg Config, progress func(string)) (*Results, error) {
	t0 := time.Now()
	for _, i := range cfg.RowIndices() {
		if i < 0 || i >= len(protocol.DataSets) {
			return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: row %d of %d data sets", i, len(protocol.DataSets))
		}
	}
	for _, j := range cfg.ColumnIndices() {
		if j < 0 || j >= len(protocol.Methods) {
			return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: column %d of %d methods", j, len(protocol.Methods))
		}
	}
	if cfg.Splits > 0 && (len(cfg.CGrid) == 0 || len(cfg.EpsGrid) == 0 || (cfg.TKCGrid != nil && len(cfg.TKCGrid) == 0) || (cfg.EpsGridRows != nil && len(cfg.EpsGridRows) == 0)) {
		return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: empty C or ε grid (C %v, ε %v, [TK] C %v, ε on rows %v: %v)", cfg.CGrid, cfg.EpsGrid, cfg.TKCGrid, cfg.EpsRows, cfg.EpsGridRows)
	}
	js := protocol.Jobs(cfg)
	raw, err := jobs.MemoAll(context.Background(), jobs.Store{Dir: jobs.DefaultDir()}, js, 1, computeJob,
		func(done, total int, j jobs.Job, cached bool) {
			if progress == nil {
				return
			}
			line := fmt.Sprintf("[%d/%d] %s", done, total, j.Name())
			if cached {
				line += " (stored)"
			}
			progress(line)
		})
	if err != nil {
		return nil, err
	}
	res := &Results{Mode: cfg.Mode}
	rows := map[string]*protocol.Row{}
	for _, i := range cfg.RowIndices() {
		res.Table1 = append(res.Table1, protocol.Row{Data: protocol.DataSets[i], Splits: make([]protocol.SplitResult, cfg.AllSplits())})
	}
	for k := range res.Table1 {
		r := &res.Table1[k]
		rows[r.Data.Name] = r
		for s := range r.Splits {
			nm := len(protocol.Methods)
			r.Splits[s] = protocol.SplitResult{Ran: make([]bool, nm), Acc: make([]float64, nm), Time: make([]float64, nm), Fit: make([]float64, nm), C: make([]float64, nm)}
		}
	}
	var merr error
	for _, err := range []error{
		kindChecks.Each(js, raw, func(_ jobs.Job, c []repro.Claim) { res.Checks = c }),
		protocol.KindTable1.Each(js, raw, func(j jobs.Job, mr protocol.MethodResult) {
			var m int
			if err := j.Param("method", &m); err != nil {
				merr = err
				return
			}
			sr := &rows[j.Data].Splits[j.Split]
			sr.Ran[m], sr.Acc[m], sr.Time[m], sr.Fit[m], sr.C[m] = true, mr.Acc, mr.Time, mr.Fit, mr.C
			if m == protocol.MTK {
				sr.Eps, sr.TK = mr.Eps, mr.TK
			}
			if mr.MKL != nil {
				if sr.MKL == nil {
					sr.MKL = make([]*protocol.Cert, len(protocol.Methods))
				}
				sr.MKL[m] = mr.MKL
			}
		}),
		protocol.KindScaling.Each(js, raw, func(_ jobs.Job, s *protocol.Scaling) { res.Scaling = s }),
		protocol.KindFigure6.Each(js, raw, func(_ jobs.Job, s []protocol.Surface) { res.Figure6 = append(res.Figure6, s...) }),
		protocol.KindFigure1.Each(js, raw, func(_ jobs.Job, f *protocol.Figure1) { res.Figure1 = f }),
		protocol.KindIono.Each(js, raw, func(_ jobs.Job, h []protocol.IonoHypothesis) { res.Ionosphere = h }),
		protocol.KindFigure2.Each(js, raw, func(_ jobs.Job, f *protocol.Figure2) { res.Figure2 = f }),
		protocol.KindCurve.Each(js, raw, func(_ jobs.Job, c *protocol.Curve) { res.Curves = append(res.Curves, c) }),
		protocol.KindChance.Each(js, raw, func(_ jobs.Job, c *protocol.Curve) { res.LiverSmall = c }),
	} {
		if err != nil {
			return nil, fmt.Errorf("colbert2020: %w", err)
		}
	}
	if merr != nil {
		return nil, fmt.Errorf("colbert2020: %w", merr)
	}
	res.Elapsed = time.Since(t0)
	return res, nil
}
