package argyriou2006

import (
	"context"
	"fmt"
	"time"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/argyriou2006/protocol"
	"github.com/kernelab/kernelab/repro/jobs"
)

// Results are the numbers behind the verdict.
type Results struct {
	Mode        string
	Train, Test int
	// GreedyTol is the greedy test's relative tolerance of the run (Eq.
	// (10)); GreedySteps its cap; GreedyFunTol the authors' code's second
	// test (relative decrease of E between steps; 0: off).
	GreedyTol    float64
	GreedySteps  int
	GreedyFunTol float64
	Table1       []protocol.Cell1
	Table2       []protocol.Cell2
	Quadrants    []protocol.Quad
	Sizes        []protocol.SizePoint
	// Figure2Kinds is the diagnostic of Figure 2 (nil when not run).
	Figure2Kinds *protocol.Kinds
	Checks       []repro.Claim
	Elapsed      time.Duration
}

// init registers the paper; the jobs whose times the claims compare
// (protocol.Alone) run alone, with no other job beside them.
func init() {
	jobs.RegisterPaper(&jobsPaper)
	jobs.RunAlone(JobsPaper, protocol.Alone)
}

// jobsPaper is the typed job contract of the paper: one kind of job per
// table and method of protocol.Jobs.
var jobsPaper = jobs.Paper[Config]{Name: JobsPaper, Quick: protocol.Quick, Full: protocol.Full, Printed: protocol.PaperProtocol, Jobs: protocol.Jobs,
	Prepare: protocol.Prepare,
	Kinds: []jobs.Runner[Config]{protocol.KindChecks, protocol.KindDC1, protocol.KindStandard, protocol.KindFinite, protocol.KindSVM, protocol.KindDC2, protocol.KindGrids,
		protocol.KindKinds, protocol.KindLocalDC, protocol.KindMultistart, protocol.KindSize, protocol.KindCorrective1, protocol.KindCorrective2}}

// Study is the paper as its notebook opens it (nb.Open).
var Study = repro.Study[Config, *Results]{Jobs: &jobsPaper, Run: Run, Verdict: Verdict}

// ConfigFor returns the configuration of a mode: Quick, Full or
// PaperProtocol ("paper").
func ConfigFor(mode string) (Config, error) { return jobsPaper.Config(mode) }

// RunJob computes one job of protocol.Jobs.
func RunJob(ctx context.Context, j jobs.Job) (any, error) { return jobsPaper.Run(ctx, j) }

// computeJob is the runner of Run's missing jobs (RunJob; tests count its
// calls through it).
var computeJob = RunJob

// Run runs the checks, Table 1, Table 2 and the four-variance run on the
// configured cells as the jobs of Jobs(cfg). A job already in the results
// store under the current code (a cluster run, an earlier run) is read, not
// recomputed, and every computed job is stored as it finishes, so an
// interrupted run resumes. The jobs run one at a time (each uses all cores
// inside), so that the times set beside the paper's are those of a job
// alone. progress(done, total) is called as jobs end.
func Run(cfg Config, progress func(done, total int)) (*Results, error) {
	start := time.Now()
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	js := protocol.Jobs(cfg)
	raw, err := jobs.MemoAll(context.Background(), jobs.Store{Dir: jobs.DefaultDir()}, js, 1, computeJob,
		func(done, total int, _ jobs.Job, _ bool) {
			if progress != nil {
				progress(done, total)
			}
		})
	if err != nil {
		return nil, err
	}
	res := &Results{Mode: cfg.Mode, Train: cfg.Train, Test: cfg.Test, GreedyTol: cfg.GreedyTol, GreedySteps: cfg.GreedySteps, GreedyFunTol: cfg.GreedyFunTol}
	c1 := map[[2]int]*protocol.Cell1{}
	c2 := map[[2]int]*protocol.Cell2{}
	sizes := map[int]protocol.SizePoint{}
	var perr error
	// at returns the task and range of j.
	at := func(j jobs.Job) (task, rng int) {
		if err := j.Param("task", &task); err != nil && perr == nil {
			perr = err
		}
		if err := j.Param("range", &rng); err != nil && perr == nil {
			perr = err
		}
		return task, rng
	}
	cell1 := func(j jobs.Job) *protocol.Cell1 {
		t, r := at(j)
		if c1[[2]int{t, r}] == nil {
			c1[[2]int{t, r}] = &protocol.Cell1{Task: t, Range: r}
		}
		return c1[[2]int{t, r}]
	}
	cell2 := func(j jobs.Job) *protocol.Cell2 {
		t, r := at(j)
		if c2[[2]int{t, r}] == nil {
			c2[[2]int{t, r}] = &protocol.Cell2{Task: t, Range: r}
		}
		return c2[[2]int{t, r}]
	}
	quads := map[string]protocol.Quad{} // by job name, put in job order below
	quad := func(j jobs.Job, g protocol.Greedy1) {
		t, r := at(j)
		quads[j.Name()] = protocol.Quad{Task: t, Range: r, Step2: j.Method, Greedy1: g}
	}
	for _, err := range []error{
		protocol.KindChecks.Each(js, raw, func(_ jobs.Job, c protocol.Checks) { res.Checks = checkClaims(c) }),
		protocol.KindDC1.Each(js, raw, func(j jobs.Job, g protocol.Greedy1) { cell1(j).DC = g }),
		protocol.KindStandard.Each(js, raw, func(j jobs.Job, g protocol.Greedy1) { cell1(j).Standard = g }),
		protocol.KindFinite.Each(js, raw, func(j jobs.Job, f protocol.FiniteRecord) {
			c := cell1(j)
			c.Finite, c.FiniteWeights, c.FiniteSigmas, c.FiniteSeconds, c.FiniteSolve = f.Error, f.Weights, f.Sigmas, f.Seconds, f.Solve
		}),
		protocol.KindSVM.Each(js, raw, func(j jobs.Job, f protocol.SVMRecord) {
			c := cell1(j)
			c.SVM, c.SVMSigma, c.SVMC, c.SVMSeconds, c.SVMFits = f.Error, f.Sigma, f.C, f.Seconds, f.Fits
		}),
		protocol.KindDC2.Each(js, raw, func(j jobs.Job, g protocol.Greedy1) { cell2(j).DC = g }),
		protocol.KindCorrective1.Each(js, raw, func(j jobs.Job, g protocol.Greedy1) { cell1(j).Corrective = g }),
		protocol.KindCorrective2.Each(js, raw, func(j jobs.Job, g protocol.Greedy1) { cell2(j).Corrective = g }),
		protocol.KindGrids.Each(js, raw, func(j jobs.Job, f protocol.GridsRecord) {
			c := cell2(j)
			c.Grid5, c.Grid10, c.Grid10Seconds, c.Grid10Weights, c.Grid10Sigmas, c.Grid10E = f.Grid5, f.Grid10, f.Grid10Seconds, f.Grid10Weights, f.Grid10Sigmas, f.Grid10E
			c.Grid5Solve, c.Grid10Solve = f.Grid5Solve, f.Grid10Solve
		}),
		protocol.KindKinds.Each(js, raw, func(_ jobs.Job, k protocol.Kinds) { res.Figure2Kinds = &k }),
		protocol.KindSize.Each(js, raw, func(j jobs.Job, g protocol.Greedy1) {
			t, r := at(j)
			sizes[j.Split] = protocol.SizePoint{Task: t, Range: r, Train: j.Split, Greedy1: g}
		}),
		protocol.KindLocalDC.Each(js, raw, quad),
		protocol.KindMultistart.Each(js, raw, quad),
	} {
		if err != nil {
			return nil, fmt.Errorf("argyriou2006: %w", err)
		}
	}
	if perr != nil {
		return nil, fmt.Errorf("argyriou2006: %w", perr)
	}
	for _, j := range js {
		if q, ok := quads[j.Name()]; ok {
			res.Quadrants = append(res.Quadrants, q)
		}
	}
	for _, t := range cfg.Tasks {
		for _, r := range cfg.Ranges {
			if c := c1[[2]int{t, r}]; c != nil {
				res.Table1 = append(res.Table1, *c)
			}
		}
		for _, r := range cfg.Ranges {
			if c := c2[[2]int{t, r}]; c != nil {
				res.Table2 = append(res.Table2, *c)
			}
		}
	}
	for _, n := range cfg.SizeTrain {
		if protocol.SizeFromTable1(cfg, n) {
			sizes[n] = protocol.SizePoint{Task: cfg.SizeTask, Range: cfg.SizeRange, Train: n, Greedy1: c1[[2]int{cfg.SizeTask, cfg.SizeRange}].DC}
		}
		res.Sizes = append(res.Sizes, sizes[n])
	}
	res.Elapsed = time.Since(start)
	return res, nil
}
