package afkanpour2013

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"gonum.org/v1/gonum/stat"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/afkanpour2013/protocol"
	"github.com/kernelab/kernelab/repro/jobs"
)

// Results are the numbers behind the verdict. Errors are test
// misclassification in percent.
type Results struct {
	Mode             string
	Train, Val, Test int
	// H1 is our error for each row of H1Sets, on draw 0 of the sine
	// problem, and H1Sweeps the counts of its C sweep (the fits capped at
	// SMO's iteration cap are excluded from the choice: protocol.Sweep).
	H1       []float64
	H1Sweeps []protocol.Sweep `json:",omitempty"`
	// DrawErrors[m][d] is the test error of Methods[m] on draw d of the
	// sine problem (Figure 1(b)), and Oracle[d] the three-frequency SVM's
	// (the H1 table's last row; Oracle[0] is H1's); Sweeps[m][d] and
	// OracleSweeps[d] are the counts of their C sweeps (for CR, of its μ
	// grid, the fits stopped at the step cap excluded: protocol.Sweep).
	DrawErrors   [][]float64
	Oracle       []float64
	Sweeps       [][]protocol.Sweep `json:",omitempty"`
	OracleSweeps []protocol.Sweep   `json:",omitempty"`
	// Errors are the mean of DrawErrors over the draws, in Methods order;
	// Chosen the C (or μ for CR) chosen on draw 0; Edges[m] the number of
	// draws on which Methods[m] chose the smallest or largest value of its
	// grid (protocol.AtGridEdge: the grid may cut off the value validation
	// prefers; the verdict flags it).
	Errors, Chosen []float64
	Edges          []int `json:",omitempty"`
	// Capped[m] is the number of draws on which Methods[m]'s model stopped
	// at its cap, CR's chosen model at Greedy's step cap, CA at its stage
	// cap T (MethodResult.Capped; the parts that read them are undecided).
	Capped []int `json:",omitempty"`
	// CA and CR are the frequencies learned on draw 0; CAFall is the
	// largest fall of CA's training alignment between stages
	// (MethodResult.Fall) over the draws; CACapped whether CA's model of
	// draw 0 stopped at its stage cap T (Figure 1(c) reads it).
	CA, CR   []protocol.Atom
	CACapped bool    `json:",omitempty"`
	CAFall   float64 `json:",omitempty"`
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

// Run runs the numerical checks, the H1 table (on draw 0) and Figure 1(b)
// (on cfg.Draws draws) of the sine-frequency problem (Section 3.1; each
// draw three independent samples) and the task experiments as the jobs of
// Jobs(cfg), on all cores. A job already in the results store under
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
		protocol.KindH1.Each(js, raw, func(j jobs.Job, h protocol.H1Result) {
			if j.Split == 0 {
				res.H1, res.H1Sweeps = append(res.H1, h.Error), append(res.H1Sweeps, h.Sweep)
			}
			if r := -1; j.Param("row", &r) == nil && r == len(H1Sets)-1 {
				res.Oracle, res.OracleSweeps = append(res.Oracle, h.Error), append(res.OracleSweeps, h.Sweep)
			}
		}),
		protocol.KindFigure1.Each(js, raw, func(j jobs.Job, m protocol.MethodResult) {
			i := slices.Index(Methods, j.Method)
			if res.DrawErrors == nil {
				res.DrawErrors, res.Edges, res.Capped = make([][]float64, len(Methods)), make([]int, len(Methods)), make([]int, len(Methods))
				res.Sweeps = make([][]protocol.Sweep, len(Methods))
			}
			res.DrawErrors[i] = append(res.DrawErrors[i], m.Error)
			res.Sweeps[i] = append(res.Sweeps[i], m.Sweep)
			if protocol.AtGridEdge(cfg.ChoiceGrid(j.Method), m.Chosen) {
				res.Edges[i]++
			}
			if m.Capped {
				res.Capped[i]++
			}
			res.CAFall = math.Max(res.CAFall, m.Fall)
			if j.Split > 0 {
				return
			}
			res.Chosen = append(res.Chosen, m.Chosen)
			switch j.Method {
			case "CA":
				res.CA, res.CACapped = m.Atoms, m.Capped
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
	for _, e := range res.DrawErrors {
		res.Errors = append(res.Errors, stat.Mean(e, nil))
	}
	for _, j := range js {
		if t, ok := tasks[j.Name()]; ok {
			res.Tasks = append(res.Tasks, t)
		}
	}
	res.Elapsed = time.Since(start)
	return res, nil
}
