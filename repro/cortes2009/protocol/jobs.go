package protocol

import (
	"context"
	"fmt"

	"github.com/kernelab/kernelab/repro/jobs/spec"
)

// JobsPaper is the name under which the experiments are registered with
// repro/jobs, so `kernelab run cortes2009 --shard i/N` computes them on a
// cluster into the store the notebook reads.
const JobsPaper = "cortes2009"

// Table ids of the jobs.
const (
	TableChecks = "Propositions"
	jobFigure1  = "Figure 1"
	jobTable1   = "Table 1"
	jobHyp      = "Table 1 hypotheses"
	jobFigure2  = "Figure 2"
	jobFigure3  = "Figure 3"
)

// Jobs lists the units of work of a run of cfg (the report's Run), each a
// record in the results store: the theorem checks, Figure 1, one job per Table 1 row and split,
// the preprocessing hypotheses of each row, one per number of bigrams of Figure 2, one per
// data set and factor of Figure 3. Every job carries cfg, so a changed
// configuration is a new job.
func Jobs(cfg Config) []spec.Job {
	mk := spec.Maker{Paper: JobsPaper, Config: cfg}
	// A job's method names its one extra parameter, if any.
	job := func(table, data string, split int, extra map[string]any) spec.Job {
		method := "protocol"
		for k, v := range extra {
			method = fmt.Sprintf("%s=%v", k, v)
		}
		return mk.Job(table, method, data, split, extra)
	}
	js := []spec.Job{job(TableChecks, "sonar", 0, nil), job(jobFigure1, "sonar", 0, nil)}
	for _, i := range RowsOf(cfg) {
		for s := 0; s < cfg.Splits; s++ {
			js = append(js, job(jobTable1, DataSets[i].Name, s, nil))
		}
	}
	for _, i := range RowsOf(cfg) {
		js = append(js, job(jobHyp, DataSets[i].Name, 0, nil))
	}
	for _, nb := range cfg.Fig2Bigrams {
		js = append(js, job(jobFigure2, "amazon-reviews", 0, map[string]any{"bigrams": nb}))
	}
	for i, fs := range cfg.Fig3Factors {
		if i >= len(Figure3Data) {
			break
		}
		for _, f := range fs {
			js = append(js, job(jobFigure3, Figure3Data[i], 0, map[string]any{"factor": f}))
		}
	}
	return js
}

// RowsOf returns the indices in DataSets of the rows of Table 1 that cfg
// runs.
func RowsOf(cfg Config) []int {
	if cfg.Rows == nil {
		return []int{0, 1, 2, 3}
	}
	return cfg.Rows
}

// Figure1Result is the record of the Figure 1 job.
type Figure1Result struct {
	Surfaces  []Surface
	Concavity []Concavity
}

// The kinds of job of this package, one per table of Jobs but the
// theorem checks (TableChecks), which the report runs. Their records are
// keyed by this package's code.
var (
	KindFigure1 = spec.Kind[Config, Figure1Result]{Table: jobFigure1,
		Run: func(context.Context, Config, spec.Job) (Figure1Result, error) {
			ss, cs, err := Figure1(21)
			return Figure1Result{ss, cs}, err
		}}
	KindTable1 = spec.Kind[Config, *SplitResult]{Table: jobTable1,
		Run: func(_ context.Context, cfg Config, j spec.Job) (*SplitResult, error) {
			i, err := dataIndex(j.Data)
			if err != nil {
				return nil, err
			}
			data, err := Load(DataSets[i])
			if err != nil {
				return nil, err
			}
			return RunSplit(DataSets[i], data, cfg, j.Split)
		}}
	KindHyp = spec.Kind[Config, RowHypotheses]{Table: jobHyp,
		Run: func(_ context.Context, cfg Config, j spec.Job) (RowHypotheses, error) {
			i, err := dataIndex(j.Data)
			if err != nil {
				return RowHypotheses{}, err
			}
			return Hypotheses(cfg, i)
		}}
	KindFigure2 = spec.Kind[Config, *Figure2Point]{Table: jobFigure2,
		Run: func(_ context.Context, cfg Config, j spec.Job) (*Figure2Point, error) {
			var nb int
			if err := j.Param("bigrams", &nb); err != nil {
				return nil, err
			}
			return Figure2At(cfg, nb)
		}}
	KindFigure3 = spec.Kind[Config, *Figure3Point]{Table: jobFigure3,
		Run: func(_ context.Context, cfg Config, j spec.Job) (*Figure3Point, error) {
			var f int
			if err := j.Param("factor", &f); err != nil {
				return nil, err
			}
			return Figure3At(j.Data, f, cfg)
		}}
)
