package colbert2020

import (
	"context"
	"fmt"
	"time"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/jobs"
)

// JobsPaper is the name under which the experiments are registered with
// repro/jobs, so `kernelab run colbert2020 --shard i/N` computes them on a
// cluster into the store the notebook reads.
const JobsPaper = "colbert2020"

func init() { jobs.RegisterPaper(&jobsPaper) }

// jobsPaper is the typed job contract of the paper: one kind of job per
// table of Jobs.
var jobsPaper = jobs.Paper[Config]{Name: JobsPaper, Quick: Quick, Full: Full, Printed: PaperProtocol, Jobs: Jobs,
	Kinds: []jobs.Runner[Config]{kindChecks, kindTable1, kindScaling, kindFigure6, kindFigure1, kindIono,
		kindFigure2, kindCurve, kindChance}}

// Study is the paper as its notebook opens it (nb.Open).
var Study = repro.Study[Config, *Results]{Jobs: &jobsPaper, Verdict: Verdict,
	Run: func(cfg Config, progress func(done, total int)) (*Results, error) {
		done, total := 0, len(Jobs(cfg))
		return Run(cfg, func(string) {
			if done++; progress != nil {
				progress(done, total)
			}
		})
	}}

// ConfigFor returns the configuration of a mode: Quick, Full or
// PaperProtocol ("paper").
func ConfigFor(mode string) (Config, error) { return jobsPaper.Config(mode) }

// Table ids of the jobs.
const (
	jobChecks  = "Checks"
	jobTable1  = "Table 1"
	jobScaling = "Figures 3-4"
	jobFigure6 = "Figure 6"
	jobFigure1 = "Figure 1"
	jobCurve   = "Figures 5 and 7"
	jobChance  = "Figure 7(a) chance level"
	jobFigure2 = "Figure 2"
	jobIono    = "Ionosphere study"
)

// Jobs lists the units of work of Run(cfg), each a record in the results
// store: the numerical checks of the theorems; one job per data set,
// split and method of Table 1 (the method's cross-validation, fit and test
// on that split); the time-scaling experiment of Figures 3–4 as one job,
// since its exponents compare times that must be taken on one machine;
// one job per problem (circle, spiral) of Figure 6. Every job carries cfg,
// so a changed configuration is a new job; the Table 1 jobs also name
// their data file, so changed data is a new job too.
func Jobs(cfg Config) []jobs.Job {
	job := func(table, method, data string, split int, extra map[string]any) jobs.Job {
		params := map[string]any{"config": cfg}
		for k, v := range extra {
			params[k] = v
		}
		return jobs.Job{Paper: JobsPaper, Table: table, Method: method, Data: data, Split: split, Params: params}
	}
	js := []jobs.Job{job(jobChecks, "checks", "synthetic", 0, nil)}
	for _, i := range cfg.rows() {
		if i < 0 || i >= len(DataSets) {
			continue // RunJob reports it; Run checks the rows first.
		}
		for s := 0; s < cfg.allSplits(); s++ {
			for _, j := range cfg.columns() {
				if s >= cfg.splits(j) {
					continue
				}
				jb := job(jobTable1, methodName(j), DataSets[i].Name, s, map[string]any{"method": j})
				jb.Inputs = []string{"data/" + DataSets[i].Name + ".csv.gz"}
				js = append(js, jb)
			}
		}
	}
	if len(cfg.ScalingSizes) > 1 {
		js = append(js, job(jobScaling, "TK and SimpleMKL TK", "circle and spiral", 0, nil))
	}
	if cfg.Figure1Grid > 2 {
		js = append(js, job(jobFigure1, "TK and Gaussians", "1-D labels", 0, nil))
	}
	if cfg.IonoSplits > 0 {
		jb := job(jobIono, "TK readings", DataSets[4].Name, 0, nil)
		jb.Inputs = []string{"data/" + DataSets[4].Name + ".csv.gz"}
		js = append(js, jb)
	}
	if cfg.Figure2M > 0 {
		js = append(js, job(jobFigure2, "TK, GPK and Gaussians", "spiral", 0, nil))
	}
	for i, p := range CurveProblems {
		if len(cfg.CurveSizes[i]) > 0 {
			js = append(js, job(jobCurve, "TK and SimpleMKL", p, 0, nil))
		}
	}
	if len(cfg.CurveSizes[0]) > 0 && cfg.ChanceReps > 1 {
		js = append(js, job(jobChance, "TK and SimpleMKL", CurveLiver, 0, nil))
	}
	if cfg.Figure6Grid > 1 {
		for _, p := range Figure6Problems {
			js = append(js, job(jobFigure6, "TK and SimpleMKL", p, 0, nil))
		}
	}
	return js
}

// methodName is Methods[j], or a placeholder for an invalid index (which
// RunJob reports).
func methodName(j int) string {
	if j < 0 || j >= len(Methods) {
		return fmt.Sprintf("method %d", j)
	}
	return Methods[j]
}

// The kinds of job, one per table of Jobs: the checks, a method on a
// split of Table 1, the scaling experiment, the two panels of one problem
// of Figure 6, Figures 1 and 2, the Ionosphere study, a learning curve and
// the chance-level repetitions of Figure 7(a).
var (
	kindChecks = jobs.Kind[Config, []repro.Claim]{Table: jobChecks,
		Run: func(_ context.Context, cfg Config, _ jobs.Job) ([]repro.Claim, error) {
			return RunChecks(cfg.Mode == "quick")
		}}
	kindTable1  = jobs.Kind[Config, MethodResult]{Table: jobTable1, Run: table1Job}
	kindScaling = jobs.Kind[Config, *Scaling]{Table: jobScaling,
		Run: func(_ context.Context, cfg Config, _ jobs.Job) (*Scaling, error) {
			return RunScaling(cfg.ScalingSizes, cfg.Seed)
		}}
	kindFigure6 = jobs.Kind[Config, []Surface]{Table: jobFigure6,
		Run: func(_ context.Context, cfg Config, j jobs.Job) ([]Surface, error) { return Figure6Panels(j.Data, cfg) }}
	kindFigure1 = jobs.Kind[Config, *Figure1]{Table: jobFigure1,
		Run: func(_ context.Context, cfg Config, _ jobs.Job) (*Figure1, error) {
			return RunFigure1(cfg.Seed, cfg.Figure1Grid, cfg.Figure1Iter)
		}}
	kindIono = jobs.Kind[Config, []IonoHypothesis]{Table: jobIono,
		Run: func(_ context.Context, cfg Config, _ jobs.Job) ([]IonoHypothesis, error) {
			return RunIonosphere(cfg.IonoSplits, cfg.Seed)
		}}
	kindFigure2 = jobs.Kind[Config, *Figure2]{Table: jobFigure2,
		Run: func(_ context.Context, cfg Config, _ jobs.Job) (*Figure2, error) {
			return RunFigure2(cfg.Figure2M, cfg.Figure2TK, cfg.Figure2GPK, cfg.Seed)
		}}
	kindCurve = jobs.Kind[Config, *Curve]{Table: jobCurve,
		Run: func(_ context.Context, cfg Config, j jobs.Job) (*Curve, error) {
			for i, p := range CurveProblems {
				if p == j.Data {
					return RunCurve(p, cfg.CurveSizes[i], cfg.CurveReps, cfg)
				}
			}
			return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: no learning curve %q", j.Data)
		}}
	kindChance = jobs.Kind[Config, *Curve]{Table: jobChance,
		Run: func(_ context.Context, cfg Config, _ jobs.Job) (*Curve, error) {
			if len(cfg.CurveSizes[0]) == 0 {
				return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: no Liver curve sizes for the chance-level repetitions")
			}
			return RunCurve(CurveLiver, cfg.CurveSizes[0][:1], cfg.ChanceReps, cfg)
		}}
)

// table1Job runs the method of a Table 1 job on its data set and split.
func table1Job(_ context.Context, cfg Config, j jobs.Job) (MethodResult, error) {
	var m int
	if err := j.Param("method", &m); err != nil {
		return MethodResult{}, err
	}
	for _, ds := range DataSets {
		if ds.Name != j.Data {
			continue
		}
		data, sp, err := loadSplits(ds, cfg)
		if err != nil {
			return MethodResult{}, err
		}
		if j.Split < 0 || j.Split >= len(sp) {
			return MethodResult{}, klearn.Errorf(klearn.ErrParam, "colbert2020: %s split %d of %d", ds.Paper, j.Split, len(sp))
		}
		r, err := RunMethod(ds, data, j.Split, sp[j.Split], cfg, m)
		if err != nil {
			return MethodResult{}, fmt.Errorf("colbert2020: %s split %d %s: %w", ds.Paper, j.Split, methodName(m), err)
		}
		return r, nil
	}
	return MethodResult{}, klearn.Errorf(klearn.ErrParam, "colbert2020: no Table 1 data set %q", j.Data)
}

// RunJob computes one job of Jobs.
func RunJob(ctx context.Context, j jobs.Job) (any, error) { return jobsPaper.Run(ctx, j) }

// computeJob is the runner of Run's missing jobs (RunJob; tests count its
// calls through it).
var computeJob = RunJob

// Run runs the checks, Table 1, the scaling experiment of Figures 3–4 and
// Figure 6 as the jobs of Jobs(cfg). A job already in the results store
// under the current code (a cluster run, an earlier run) is read, not
// recomputed, and every computed job is stored as it finishes, so an
// interrupted run resumes. The jobs run one at a time (each uses all cores
// inside), so that the times of Table 1 and Figures 3–4 are those of a job
// alone on the machine. progress, if not nil, is called with a line per
// finished job.
func Run(cfg Config, progress func(string)) (*Results, error) {
	t0 := time.Now()
	for _, i := range cfg.rows() {
		if i < 0 || i >= len(DataSets) {
			return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: row %d of %d data sets", i, len(DataSets))
		}
	}
	for _, j := range cfg.columns() {
		if j < 0 || j >= len(Methods) {
			return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: column %d of %d methods", j, len(Methods))
		}
	}
	if cfg.Splits > 0 && (len(cfg.CGrid) == 0 || len(cfg.EpsGrid) == 0 || (cfg.TKCGrid != nil && len(cfg.TKCGrid) == 0) || (cfg.EpsGridRows != nil && len(cfg.EpsGridRows) == 0)) {
		return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: empty C or ε grid (C %v, ε %v, [TK] C %v, ε on rows %v: %v)", cfg.CGrid, cfg.EpsGrid, cfg.TKCGrid, cfg.EpsRows, cfg.EpsGridRows)
	}
	js := Jobs(cfg)
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
	rows := map[string]*Row{}
	for _, i := range cfg.rows() {
		res.Table1 = append(res.Table1, Row{Data: DataSets[i], Splits: make([]SplitResult, cfg.allSplits())})
	}
	for k := range res.Table1 {
		r := &res.Table1[k]
		rows[r.Data.Name] = r
		for s := range r.Splits {
			nm := len(Methods)
			r.Splits[s] = SplitResult{Ran: make([]bool, nm), Acc: make([]float64, nm), Time: make([]float64, nm), Fit: make([]float64, nm), C: make([]float64, nm)}
		}
	}
	var merr error
	for _, err := range []error{
		kindChecks.Each(js, raw, func(_ jobs.Job, c []repro.Claim) { res.Checks = c }),
		kindTable1.Each(js, raw, func(j jobs.Job, mr MethodResult) {
			var m int
			if err := j.Param("method", &m); err != nil {
				merr = err
				return
			}
			sr := &rows[j.Data].Splits[j.Split]
			sr.Ran[m], sr.Acc[m], sr.Time[m], sr.Fit[m], sr.C[m] = true, mr.Acc, mr.Time, mr.Fit, mr.C
			if m == MTK {
				sr.Eps = mr.Eps
			}
		}),
		kindScaling.Each(js, raw, func(_ jobs.Job, s *Scaling) { res.Scaling = s }),
		kindFigure6.Each(js, raw, func(_ jobs.Job, s []Surface) { res.Figure6 = append(res.Figure6, s...) }),
		kindFigure1.Each(js, raw, func(_ jobs.Job, f *Figure1) { res.Figure1 = f }),
		kindIono.Each(js, raw, func(_ jobs.Job, h []IonoHypothesis) { res.Ionosphere = h }),
		kindFigure2.Each(js, raw, func(_ jobs.Job, f *Figure2) { res.Figure2 = f }),
		kindCurve.Each(js, raw, func(_ jobs.Job, c *Curve) { res.Curves = append(res.Curves, c) }),
		kindChance.Each(js, raw, func(_ jobs.Job, c *Curve) { res.LiverSmall = c }),
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
