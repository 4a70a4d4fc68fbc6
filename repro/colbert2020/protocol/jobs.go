package protocol

import (
	"context"
	"fmt"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/repro/jobs/spec"
)

// JobsPaper is the name under which the experiments are registered with
// repro/jobs, so `kernelab run colbert2020 --shard i/N` computes them on a
// cluster into the store the notebook reads.
const JobsPaper = "colbert2020"

// Table ids of the jobs.
const (
	JobChecks  = "Checks"
	jobTable1  = "Table 1"
	jobScaling = "Figures 3-4"
	jobFigure6 = "Figure 6"
	jobFigure1 = "Figure 1"
	jobCurve   = "Figures 5 and 7"
	jobChance  = "Figure 7(a) chance level"
	jobFigure2 = "Figure 2"
	jobIono    = "Ionosphere study"
)

// Jobs lists the units of work of the report's Run(cfg), each a record in
// the results store: the numerical checks of the theorems; one job per data
// set, split and method of Table 1 (the method's cross-validation, fit and
// test on that split); the time-scaling experiment of Figures 3–4 as one
// job, since its exponents compare times that must be taken on one machine;
// one job per problem (circle, spiral) of Figure 6. Every job carries cfg,
// so a changed configuration is a new job; the Table 1 jobs also name their
// data file, so changed data is a new job too.
func Jobs(cfg Config) []spec.Job {
	job := spec.Maker{Paper: JobsPaper, Config: cfg}.Job
	js := []spec.Job{job(JobChecks, "checks", "synthetic", 0, nil)}
	for _, i := range cfg.RowIndices() {
		if i < 0 || i >= len(DataSets) {
			continue // RunJob reports it; Run checks the rows first.
		}
		for s := 0; s < cfg.AllSplits(); s++ {
			for _, j := range cfg.ColumnIndices() {
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

// The expensive kinds of job, one per table of Jobs but the checks: a
// method on a split of Table 1, the scaling experiment, the two panels of
// one problem of Figure 6, Figures 1 and 2, the Ionosphere study, a
// learning curve and the chance-level repetitions of Figure 7(a). Their
// records are keyed by this package's code (spec.Kind.Run is defined
// here), so a change of the report does not recompute them.
var (
	KindTable1  = spec.Kind[Config, MethodResult]{Table: jobTable1, Run: table1Job}
	KindScaling = spec.Kind[Config, *Scaling]{Table: jobScaling,
		Run: func(_ context.Context, cfg Config, _ spec.Job) (*Scaling, error) {
			return RunScaling(cfg.ScalingSizes, cfg.Seed)
		}}
	KindFigure6 = spec.Kind[Config, []Surface]{Table: jobFigure6,
		Run: func(_ context.Context, cfg Config, j spec.Job) ([]Surface, error) { return Figure6Panels(j.Data, cfg) }}
	KindFigure1 = spec.Kind[Config, *Figure1]{Table: jobFigure1,
		Run: func(_ context.Context, cfg Config, _ spec.Job) (*Figure1, error) {
			return RunFigure1(cfg.Seed, cfg.Figure1Grid, cfg.Figure1Iter)
		}}
	KindIono = spec.Kind[Config, []IonoHypothesis]{Table: jobIono,
		Run: func(_ context.Context, cfg Config, _ spec.Job) ([]IonoHypothesis, error) {
			return RunIonosphere(cfg.IonoSplits, cfg.Seed)
		}}
	KindFigure2 = spec.Kind[Config, *Figure2]{Table: jobFigure2,
		Run: func(_ context.Context, cfg Config, _ spec.Job) (*Figure2, error) {
			return RunFigure2(cfg.Figure2M, cfg.Figure2TK, cfg.Figure2GPK, cfg.Seed)
		}}
	KindCurve = spec.Kind[Config, *Curve]{Table: jobCurve,
		Run: func(_ context.Context, cfg Config, j spec.Job) (*Curve, error) {
			for i, p := range CurveProblems {
				if p == j.Data {
					return RunCurve(p, cfg.CurveSizes[i], cfg.CurveReps, cfg)
				}
			}
			return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: no learning curve %q", j.Data)
		}}
	KindChance = spec.Kind[Config, *Curve]{Table: jobChance,
		Run: func(_ context.Context, cfg Config, _ spec.Job) (*Curve, error) {
			if len(cfg.CurveSizes[0]) == 0 {
				return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: no Liver curve sizes for the chance-level repetitions")
			}
			return RunCurve(CurveLiver, cfg.CurveSizes[0][:1], cfg.ChanceReps, cfg)
		}}
)

// table1Job runs the method of a Table 1 job on its data set and split.
func table1Job(_ context.Context, cfg Config, j spec.Job) (MethodResult, error) {
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
