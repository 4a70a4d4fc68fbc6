package cortes2009

import (
	"context"
	"fmt"
	"time"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/jobs"
)

// JobsPaper is the name under which the experiments are registered with
// repro/jobs, so `kernelab run cortes2009 --shard i/N` computes them on a
// cluster into the store the notebook reads.
const JobsPaper = "cortes2009"

func init() { jobs.RegisterPaper(&jobsPaper) }

// jobsPaper is the typed job contract of the paper: one kind of job per
// table of Jobs.
var jobsPaper = jobs.Paper[Config]{Name: JobsPaper, Quick: Quick, Full: Full, Printed: PaperProtocol, Jobs: Jobs,
	Kinds: []jobs.Runner[Config]{kindChecks, kindFigure1, kindTable1, kindHyp, kindFigure2, kindFigure3}}

// Study is the paper as its notebook opens it (nb.Open).
var Study = repro.Study[Config, *Results]{Jobs: &jobsPaper, Run: Run, Verdict: Verdict}

// ConfigFor returns the configuration of a mode: Quick, Full or
// PaperProtocol ("paper").
func ConfigFor(mode string) (Config, error) { return jobsPaper.Config(mode) }

// Table ids of the jobs.
const (
	jobChecks  = "Propositions"
	jobFigure1 = "Figure 1"
	jobTable1  = "Table 1"
	jobHyp     = "Table 1 hypotheses"
	jobFigure2 = "Figure 2"
	jobFigure3 = "Figure 3"
)

// Jobs lists the units of work of Run(cfg), each a record in the results
// store: the theorem checks, Figure 1, one job per Table 1 row and split,
// the preprocessing hypotheses of each row, one per number of bigrams of Figure 2, one per
// data set and factor of Figure 3. Every job carries cfg, so a changed
// configuration is a new job.
func Jobs(cfg Config) []jobs.Job {
	job := func(table, data string, split int, extra map[string]any) jobs.Job {
		method := "protocol"
		for k, v := range extra {
			method = fmt.Sprintf("%s=%v", k, v)
		}
		params := map[string]any{"config": cfg}
		for k, v := range extra {
			params[k] = v
		}
		return jobs.Job{Paper: JobsPaper, Table: table, Method: method, Data: data, Split: split, Params: params}
	}
	js := []jobs.Job{job(jobChecks, "sonar", 0, nil), job(jobFigure1, "sonar", 0, nil)}
	for _, i := range rowsOf(cfg) {
		for s := 0; s < cfg.Splits; s++ {
			js = append(js, job(jobTable1, DataSets[i].Name, s, nil))
		}
	}
	for _, i := range rowsOf(cfg) {
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

func rowsOf(cfg Config) []int {
	if cfg.Rows == nil {
		return []int{0, 1, 2, 3}
	}
	return cfg.Rows
}

// figure1Result is the record of the Figure 1 job.
type figure1Result struct {
	Surfaces  []Surface
	Concavity []Concavity
}

// The kinds of job, one per table of Jobs.
var (
	kindChecks = jobs.Kind[Config, []repro.Claim]{Table: jobChecks,
		Run: func(_ context.Context, cfg Config, _ jobs.Job) ([]repro.Claim, error) { return checks(cfg) }}
	kindFigure1 = jobs.Kind[Config, figure1Result]{Table: jobFigure1,
		Run: func(context.Context, Config, jobs.Job) (figure1Result, error) {
			ss, cs, err := Figure1(21)
			return figure1Result{ss, cs}, err
		}}
	kindTable1 = jobs.Kind[Config, *SplitResult]{Table: jobTable1,
		Run: func(_ context.Context, cfg Config, j jobs.Job) (*SplitResult, error) {
			i, err := dataIndex(j.Data)
			if err != nil {
				return nil, err
			}
			data, err := load(DataSets[i])
			if err != nil {
				return nil, err
			}
			return RunSplit(DataSets[i], data, cfg, j.Split)
		}}
	kindHyp = jobs.Kind[Config, RowHypotheses]{Table: jobHyp,
		Run: func(_ context.Context, cfg Config, j jobs.Job) (RowHypotheses, error) {
			i, err := dataIndex(j.Data)
			if err != nil {
				return RowHypotheses{}, err
			}
			return Hypotheses(cfg, i)
		}}
	kindFigure2 = jobs.Kind[Config, *Figure2Point]{Table: jobFigure2,
		Run: func(_ context.Context, cfg Config, j jobs.Job) (*Figure2Point, error) {
			var nb int
			if err := j.Param("bigrams", &nb); err != nil {
				return nil, err
			}
			return Figure2At(cfg, nb)
		}}
	kindFigure3 = jobs.Kind[Config, *Figure3Point]{Table: jobFigure3,
		Run: func(_ context.Context, cfg Config, j jobs.Job) (*Figure3Point, error) {
			var f int
			if err := j.Param("factor", &f); err != nil {
				return nil, err
			}
			return Figure3At(j.Data, f, cfg)
		}}
)

// RunJob computes one job of Jobs.
func RunJob(ctx context.Context, j jobs.Job) (any, error) { return jobsPaper.Run(ctx, j) }

// dataIndex is the index in DataSets of the Table 1 data set named name.
func dataIndex(name string) (int, error) {
	for i, d := range DataSets {
		if d.Name == name {
			return i, nil
		}
	}
	return 0, klearn.Errorf(klearn.ErrParam, "cortes2009: no Table 1 data set %q", name)
}

// checks runs the numerical checks of Section 2 (positivity, and its
// failure with a negative coefficient), Propositions 1–4, Proposition 3's
// boundary and degenerate cases, Eq. (23), and Eq. (3) against Eq. (4).
func checks(cfg Config) ([]repro.Claim, error) {
	pr, err := SmallProblem(5)
	if err != nil {
		return nil, err
	}
	// Proposition 4's four-index sum is O(m⁴): six of the rows.
	six := []int{0, 4, 8, 12, 16, 20}
	small := pr
	if small.Ks, err = kernel.SubGrams(pr.Ks, six); err != nil {
		return nil, err
	}
	if small.Y, err = modelsel.Take(pr.Y, six); err != nil {
		return nil, err
	}
	var out []repro.Claim
	for _, f := range []func() (repro.Claim, error){
		func() (repro.Claim, error) { return PDS(pr, 20, cfg.Seed) },
		func() (repro.Claim, error) { return Prop1(pr, 20, cfg.Seed) },
		func() (repro.Claim, error) { return Prop2(pr, 200, cfg.Seed) },
		func() (repro.Claim, error) { return Prop3(pr, 200, cfg.Seed) },
		func() (repro.Claim, error) { return Prop4(small, 20, cfg.Seed) },
		func() (repro.Claim, error) { return NegativeCoefficient(pr) },
		func() (repro.Claim, error) { return Prop3Boundary(20) },
		func() (repro.Claim, error) { return Eq23(20, cfg.Seed) },
		func() (repro.Claim, error) { return Eq3(small, 5, cfg.Seed) },
	} {
		c, err := f()
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// Run runs every experiment of cfg — the checks of Section 2 and
// Propositions 1–4, Figure 1, Table 1 (main and variant columns), the
// preprocessing hypotheses of each row, Figures 2 and 3 — as the jobs of Jobs(cfg), on all
// cores. A job already in the results store under the current code (a
// cluster run, an earlier run) is read, not recomputed, and every computed
// job is stored as it finishes, so an interrupted run resumes.
// progress(done, total) is called as jobs complete.
func Run(cfg Config, progress func(done, total int)) (*Results, error) {
	start := time.Now()
	js := Jobs(cfg)
	st := jobs.Store{Dir: jobs.DefaultDir()}
	raw, err := jobs.MemoAll(context.Background(), st, js, 0, RunJob, func(done, total int, _ jobs.Job, _ bool) {
		if progress != nil {
			progress(done, total)
		}
	})
	if err != nil {
		return nil, err
	}
	res := &Results{Mode: cfg.Mode, MaxIter: cfg.MaxIter}
	var splits []*SplitResult
	var f2 []*Figure2Point
	f3 := map[string][]*Figure3Point{}
	for _, err := range []error{
		kindChecks.Each(js, raw, func(_ jobs.Job, c []repro.Claim) { res.Checks = c }),
		kindFigure1.Each(js, raw, func(_ jobs.Job, f figure1Result) { res.Surfaces, res.Figure1 = f.Surfaces, f.Concavity }),
		kindTable1.Each(js, raw, func(_ jobs.Job, sr *SplitResult) { splits = append(splits, sr) }),
		kindHyp.Each(js, raw, func(_ jobs.Job, h RowHypotheses) { res.Hypotheses = append(res.Hypotheses, h) }),
		kindFigure2.Each(js, raw, func(_ jobs.Job, pt *Figure2Point) { f2 = append(f2, pt) }),
		kindFigure3.Each(js, raw, func(j jobs.Job, pt *Figure3Point) { f3[j.Data] = append(f3[j.Data], pt) }),
	} {
		if err != nil {
			return nil, fmt.Errorf("cortes2009: %w", err)
		}
	}
	for k, i := range rowsOf(cfg) {
		data, err := load(DataSets[i])
		if err != nil {
			return nil, err
		}
		res.Table1 = append(res.Table1, row(DataSets[i], data, cfg, splits[k*cfg.Splits:(k+1)*cfg.Splits]))
	}
	if len(f2) > 0 {
		res.Figure2 = figure2(cfg, f2)
	}
	for i, fs := range cfg.Fig3Factors {
		if i < len(Figure3Data) && len(fs) > 0 {
			res.Figure3 = append(res.Figure3, figure3(Figure3Data[i], fs, f3[Figure3Data[i]]))
		}
	}
	res.Elapsed = time.Since(start)
	return res, nil
}
