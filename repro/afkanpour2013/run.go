package afkanpour2013

import (
	"context"
	"fmt"
	"time"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/afkanpour2013/protocol"
	"github.com/kernelab/kernelab/repro/jobs"
)

// Results are the numbers behind the verdict. Errors are test
// misclassification in percent.
type Results struct {
	Mode             string
	Train, Val, Test int
	// H1 is our error for each row of H1Sets.
	H1 []float64
	// Errors of Methods, in their order, and the C (or μ for CR) chosen.
	Errors, Chosen []float64
	// CA and CR are the learned frequencies; CAFall is the largest fall
	// of CA's training alignment between stages (MethodResult.Fall).
	CA, CR []protocol.Atom
	CAFall float64 `json:",omitempty"`
	// Tasks are the task experiments (Figures 2 and 4, Table 2), one
	// record per task, repetition and method.
	Tasks []protocol.TaskRecord `json:",omitempty"`
	// HCurves are the h(σ) curves of Figure 3.
	HCurves []protocol.HCurve `json:",omitempty"`
	// Checks are the numerical checks of the analytic statements.
	Checks  []repro.Claim
	Elapsed time.Duration
}

func init() { jobs.RegisterPaper(&jobsPaper) }

// jobsPaper is the typed job contract of the paper: one kind of job per
// table of protocol.Jobs, the checks' kind this package's.
var jobsPaper = jobs.Paper[Config]{Name: JobsPaper, Quick: protocol.Quick, Full: protocol.Full, Printed: protocol.PaperProtocol, Jobs: protocol.Jobs,
	Kinds: append([]jobs.Runner[Config]{kindChecks, protocol.KindH1, protocol.KindFigure1, protocol.KindFigure3},
		protocol.KindFigure2, protocol.KindMNIST, protocol.KindLetter, protocol.KindUCI)}

// Study is the paper as its notebook opens it (nb.Open).
var Study = repro.Study[Config, *Results]{Jobs: &jobsPaper, Run: Run, Verdict: Verdict}

// ConfigFor returns the configuration of a mode: Quick, Full or
// PaperProtocol ("paper").
func ConfigFor(mode string) (Config, error) { return jobsPaper.Config(mode) }

// kindChecks is the kind of the checks' job: the numerical checks of the
// analytic statements on random data.
var kindChecks = jobs.Kind[Config, []repro.Claim]{Table: protocol.JobChecks,
	Run: func(_ context.Context, cfg Config, _ jobs.Job) ([]repro.Claim, error) { return Checks(cfg.Seed) }}

// RunJob computes one job of protocol.Jobs.
func RunJob(ctx context.Context, j jobs.Job) (any, error) { return jobsPaper.Run(ctx, j) }

// computeJob is the runner of Run's missing jobs (RunJob; tests count its
// calls through it).
var computeJob = RunJob

// Run runs the numerical checks, the H1 table and Figure 1(b) on three
// independent samples of the sine-frequency problem (Section 3.1) as the
// jobs of Jobs(cfg), on all cores. A job already in the results store under
// the current code (a cluster run, an earlier run) is read, not
// recomputed, and every computed job is stored as it finishes, so an
// interrupted run resumes. progress(done, total) is called as jobs end.
func Run(cfg Config, progress func(done, total int)) (*Results, error) {
	start := time.Now()
	js := protocol.Jobs(cfg)
	raw, err := jobs.MemoAll(context.Background(), jobs.Store{Dir: jobs.DefaultDir()}, js, 0, computeJob,
		func(done, total int, _ jobs.Job, _ bool) {
			if progress != nil {
				progress(done, total)
			}
		})
	if err != nil {
		return nil, err
	}
	res := &Results{Mode: cfg.Mode, Train: cfg.Train, Val: cfg.Val, Test: cfg.Test}
	tasks := map[string]protocol.TaskRecord{} // by job name, put in job order below
	errs := []error{
		kindChecks.Each(js, raw, func(_ jobs.Job, c []repro.Claim) { res.Checks = c }),
		protocol.KindH1.Each(js, raw, func(_ jobs.Job, e float64) { res.H1 = append(res.H1, e) }),
		protocol.KindFigure1.Each(js, raw, func(j jobs.Job, m protocol.MethodResult) {
			res.Errors, res.Chosen = append(res.Errors, m.Error), append(res.Chosen, m.Chosen)
			switch j.Method {
			case "CA":
				res.CA, res.CAFall = m.Atoms, m.Fall
			case "CR":
				res.CR = m.Atoms
			}
		}),
		protocol.KindFigure3.Each(js, raw, func(_ jobs.Job, hs []protocol.HCurve) { res.HCurves = append(res.HCurves, hs...) }),
	}
	for _, k := range protocol.TaskKinds {
		errs = append(errs, k.Each(js, raw, func(j jobs.Job, r protocol.TaskResult) {
			tasks[j.Name()] = protocol.TaskRecord{Table: j.Table, Task: j.Data, Method: j.Method, Rep: j.Split, TaskResult: r}
		}))
	}
	for _, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("afkanpour2013: %w", err)
		}
	}
	for _, j := range js {
		if t, ok := tasks[j.Name()]; ok {
			res.Tasks = append(res.Tasks, t)
		}
	}
	res.Elapsed = time.Since(start)
	return res, nil
}
