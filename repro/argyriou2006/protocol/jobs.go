package protocol

import (
	"context"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
	"github.com/kernelab/kernelab/repro/jobs/spec"
)

// JobsPaper is the name under which the experiments are registered with
// repro/jobs, so `kernelab run argyriou2006 --shard i/N` computes them on a
// cluster into the store the notebook reads.
const JobsPaper = "argyriou2006"

// Table ids of the jobs.
const (
	JobChecks = "Checks"
	JobTable1 = "Table 1"
	JobTable2 = "Table 2"
	JobQuad   = "Four variances"
	JobSize   = "Training size"
	JobFig2   = "Figure 2"
	// JobCorrective reruns the DC columns with the fully corrective step
	// 3 (Config.Corrective): a variant, counted apart.
	JobCorrective = "Fully corrective"
)

// Method names of the jobs besides Methods1: the two finite grids of
// Table 2 share one job (they share the per-half distances), and the
// four-variance run names its step 2.
const (
	MethodGrids      = "5×5 and 10×10"
	MethodMultistart = "multistart quasi-Newton"
	MethodLocalDC    = "DC, local variant"
	MethodKinds      = "the figure's two kinds only"
	// The fully corrective reruns of Table 1's and Table 2's DC columns.
	MethodCorrective1 = "DC, one σ"
	MethodCorrective2 = "DC, two variances"
)

// Figure 2's task and range (odd vs. even, [100, 10000]).
const Fig2Task, Fig2Range = 0, 1

// Jobs lists the units of work of the report's Run(cfg), each a record in the results
// store: the numerical checks of Sections 2–4; one job per task, σ range
// and column of Table 1 (DC, standard, finite, SVM); one per task and
// range for the DC column of Table 2 and one for its two finite grids; one
// for the diagnostic of Figure 2 (Kinds); one per task of the
// four-variance run; one per training size of the size
// effect (the DC column of Table 1 for one task and range); with
// cfg.Corrective, one per cell of Table 1 and of Table 2 for the fully
// corrective variant of its DC column. Every job carries cfg, so a changed
// configuration is a new job. The MNIST files are not listed as inputs:
// they are fixed (the digests of `make data`), and hashing 55 MB per job
// would dominate a cached run.
func Jobs(cfg Config) []spec.Job {
	mk := spec.Maker{Paper: JobsPaper, Config: cfg}
	job := func(table, method string, task, rng int) spec.Job {
		data := "mnist"
		if task >= 0 && task < len(Tasks) {
			data = "mnist " + Tasks[task]
		}
		return mk.Job(table, method, data, 0, map[string]any{"task": task, "range": rng})
	}
	first := -1
	if len(cfg.Tasks) > 0 {
		first = cfg.Tasks[0]
	}
	js := []spec.Job{job(JobChecks, "checks", first, -1)}
	for _, t := range cfg.Tasks {
		for _, r := range cfg.Ranges {
			for _, m := range Methods1 {
				js = append(js, job(JobTable1, m, t, r))
			}
			if cfg.Corrective {
				js = append(js, job(JobCorrective, MethodCorrective1, t, r))
			}
		}
		if cfg.Table2 {
			for _, r := range cfg.Ranges {
				js = append(js, job(JobTable2, "DC", t, r), job(JobTable2, MethodGrids, t, r))
				if cfg.Corrective {
					js = append(js, job(JobCorrective, MethodCorrective2, t, r))
				}
			}
		}
	}
	if Fig2Run(cfg) {
		js = append(js, job(JobFig2, MethodKinds, Fig2Task, Fig2Range))
	}
	for _, t := range cfg.Quadrants {
		if cfg.QuadDC {
			js = append(js, job(JobQuad, MethodLocalDC, t, cfg.QuadrantRange))
		}
		js = append(js, job(JobQuad, MethodMultistart, t, cfg.QuadrantRange))
	}
	for _, n := range cfg.SizeTrain {
		if SizeFromTable1(cfg, n) {
			continue // the Table 1 DC cell is this run
		}
		j := job(JobSize, "DC", cfg.SizeTask, cfg.SizeRange)
		j.Split, j.Params["train"] = n, n
		js = append(js, j)
	}
	return js
}

// Alone reports whether a job runs with no other job beside it: the jobs
// whose times the claims of Section 5 compare (the DC runs of Table 1, both
// jobs of Table 2, the local DC of the four-variance run). Their times are
// wall times, and DC runs on both cores (53.3 s of CPU in 34.7 s alone,
// for a Table 2 run): beside another job it measured 75.6 s, while the
// single-threaded finite grids hardly change, which halved the grid ÷ DC
// ratio of the time claim.
func Alone(j spec.Job) bool {
	switch j.Table {
	case JobTable2:
		return true
	case JobTable1:
		return j.Method == "DC"
	case JobQuad:
		return j.Method == MethodLocalDC
	}
	return false
}

// Fig2Run reports whether cfg runs Figure 2's cell of Table 2, and with it
// the diagnostic of Figure 2.
func Fig2Run(cfg Config) bool {
	return cfg.Table2 && slices.Contains(cfg.Tasks, Fig2Task) && slices.Contains(cfg.Ranges, Fig2Range)
}

// KindsSigmas are the (σ₁, σ₂) of Figure 2's two kinds on the k-point grid
// of the range r: (s, hi), (hi, s) and (s, s) for every grid point s, each
// pair once.
func KindsSigmas(r [2]float64, k int) [][]float64 {
	var out [][]float64
	seen := map[[2]float64]bool{}
	for _, s := range Spaced(r[0], r[1], k) {
		for _, p := range [][2]float64{{s, r[1]}, {r[1], s}, {s, s}} {
			if !seen[p] {
				seen[p] = true
				out = append(out, []float64{p[0], p[1]})
			}
		}
	}
	return out
}

// SizeFromTable1 reports whether the training-size run at n points is the
// DC cell of Table 1 itself (the same task, range and size), whose result
// it then takes instead of computing it again.
func SizeFromTable1(cfg Config, n int) bool {
	return n == cfg.Train && slices.Contains(cfg.Tasks, cfg.SizeTask) && slices.Contains(cfg.Ranges, cfg.SizeRange)
}

// Total is the number of progress steps of the report's Run: its jobs.
func Total(cfg Config) int { return len(Jobs(cfg)) }

// Prepare is the configuration of the jobs of cfg: cfg itself, once
// validated.
func Prepare(cfg Config) (Config, error) { return cfg, cfg.Validate() }

// Validate checks cfg before any job runs.
func (cfg Config) Validate() error {
	if cfg.Train < 10 || cfg.Test < 1 || !(cfg.Mu > 0) || !(cfg.GreedyFunTol >= 0) || cfg.SVMFolds < 2 || cfg.Finite1 < 1 || cfg.FiniteIter < 1 || cfg.SVMSigmas < 1 || cfg.StdStarts < 2 || len(cfg.Tasks) == 0 {
		return klearn.Errorf(klearn.ErrParam, "argyriou2006: config %+v", cfg)
	}
	for _, t := range append(append([]int(nil), cfg.Tasks...), cfg.Quadrants...) {
		if t < 0 || t >= len(Tasks) {
			return klearn.Errorf(klearn.ErrParam, "argyriou2006: task %d", t)
		}
	}
	for _, n := range cfg.SizeTrain {
		if n < 10 {
			return klearn.Errorf(klearn.ErrParam, "argyriou2006: training size %d", n)
		}
	}
	if cfg.SizeTask < 0 || cfg.SizeTask >= len(Tasks) {
		return klearn.Errorf(klearn.ErrParam, "argyriou2006: task %d", cfg.SizeTask)
	}
	for _, r := range append(append([]int(nil), cfg.Ranges...), cfg.QuadrantRange, cfg.SizeRange) {
		if r < 0 || r >= len(Ranges) {
			return klearn.Errorf(klearn.ErrParam, "argyriou2006: range %d", r)
		}
	}
	return nil
}

var (
	mnistMu          sync.Mutex
	mnistTr, mnistTe *datasets.Images
)

// mnist returns the MNIST training and test files, read once per process.
func mnist() (*datasets.Images, *datasets.Images, error) {
	mnistMu.Lock()
	defer mnistMu.Unlock()
	if mnistTr == nil {
		tr, err := datasets.LoadMNIST("train")
		if err != nil {
			return nil, nil, err
		}
		te, err := datasets.LoadMNIST("test")
		if err != nil {
			return nil, nil, err
		}
		mnistTr, mnistTe = tr, te
	}
	return mnistTr, mnistTe, nil
}

// Records of the jobs whose result is not a Greedy1.
type (
	FiniteRecord struct {
		Error   float64
		Weights []float64
		Sigmas  []float64
		Seconds float64
		Solve   FiniteSolve
	}
	SVMRecord struct {
		Error, Sigma, C, Seconds float64
		Fits                     SVMFits
	}
	GridsRecord struct {
		Grid5, Grid10           float64
		Grid10Seconds           float64
		Grid10Weights           []float64
		Grid10Sigmas            [][]float64
		Grid10E                 float64
		Grid5Solve, Grid10Solve FiniteSolve
	}
)

// cell is what a job works on: its task and σ range, the range's bounds,
// the task's data and the MNIST training file (for the image blocks).
type cell struct {
	task, rng int
	r         [2]float64
	d         taskData
	tr        *datasets.Images
	dc        opt.DCSettings
}

// cellOf reads the task, range and (for the training-size jobs) the
// training size of j and loads its data.
func cellOf(cfg Config, j spec.Job) (cell, error) {
	var c cell
	for k, v := range map[string]any{"task": &c.task, "range": &c.rng} {
		if err := j.Param(k, v); err != nil {
			return c, err
		}
	}
	if c.task < 0 || c.task >= len(Tasks) || (j.Table != JobChecks && (c.rng < 0 || c.rng >= len(Ranges))) {
		return c, klearn.Errorf(klearn.ErrParam, "argyriou2006: job %s: task %d, range %d", j.Name(), c.task, c.rng)
	}
	tr, te, err := mnist()
	if err != nil {
		return c, err
	}
	ntr := cfg.Train
	if j.Table == JobSize {
		if err := j.Param("train", &ntr); err != nil {
			return c, err
		}
		if ntr < 10 {
			return c, klearn.Errorf(klearn.ErrParam, "argyriou2006: job %s: training size %d", j.Name(), ntr)
		}
	}
	if c.d, err = loadTask(tr, te, c.task, ntr, cfg.Test); err != nil {
		return c, err
	}
	c.tr = tr
	c.dc = opt.DCSettings{MaxIter: cfg.DCIter, Tol: cfg.DCTol}
	if c.rng >= 0 && c.rng < len(Ranges) {
		c.r = Ranges[c.rng]
	}
	return c, nil
}

// kind is the kind of job of a table and method whose run needs the cell.
func kind[R any](table, method string, run func(cfg Config, c cell) (R, error)) spec.Kind[Config, R] {
	return spec.Kind[Config, R]{Table: table, Method: method, Run: func(_ context.Context, cfg Config, j spec.Job) (R, error) {
		c, err := cellOf(cfg, j)
		if err != nil {
			var zero R
			return zero, err
		}
		return run(cfg, c)
	}}
}

// dcCell is the greedy algorithm with DC step 2 on one σ for all pixels,
// step 3 by step3: the DC column of Table 1 and the training-size runs
// (the paper's line search), and its fully corrective variant.
func dcCell(step3 continuous.Step3) func(Config, cell) (Greedy1, error) {
	return func(cfg Config, c cell) (Greedy1, error) {
		return runGreedy(greedyOf(cfg, c, continuous.GaussianBandwidth{Lower: c.r[0], Upper: c.r[1]}, continuous.DC, step3, 1), c.d)
	}
}

// greedyOf is Algorithm 1 on fam with cfg's μ and stopping tests, step 2
// by step2 (DC with c's settings), step 3 by step3, started at
// Initial(c.r, blocks): the one set-up of every greedy job.
func greedyOf(cfg Config, c cell, fam continuous.Family, step2 continuous.Step2, step3 continuous.Step3, blocks int) continuous.Greedy {
	return continuous.Greedy{Family: fam, Mu: cfg.Mu, Tol: cfg.GreedyTol, FunTol: cfg.GreedyFunTol, MaxSteps: cfg.GreedySteps,
		Step2: step2, DCSettings: c.dc, Step3: step3, Init: Initial(c.r, blocks)}
}

// The kinds of job, one per table and method of Jobs.
var (
	KindChecks = kind(JobChecks, "checks", func(cfg Config, c cell) (Checks, error) { return RunChecks(c.d.X, c.d.y, cfg) })
	KindDC1    = kind(JobTable1, "DC", dcCell(continuous.LineSearch))
	KindSize   = kind(JobSize, "DC", dcCell(continuous.LineSearch))
	// "standard": a log-spaced grid of starts refined by quasi-Newton.
	KindStandard = kind(JobTable1, "standard", func(cfg Config, c cell) (Greedy1, error) {
		fam := continuous.GaussianBandwidth{Lower: c.r[0], Upper: c.r[1], Starts: logStarts(c.r, cfg.StdStarts)}
		return runGreedy(greedyOf(cfg, c, fam, continuous.QuasiNewton, continuous.LineSearch, 1), c.d)
	})
	KindFinite = kind(JobTable1, "finite", func(cfg Config, c cell) (FiniteRecord, error) {
		var rec FiniteRecord
		bd, err := distsOf(c.d, [][]int{allPixels(c.tr)})
		if err != nil {
			return rec, err
		}
		t0 := time.Now()
		var sig [][]float64
		for _, s := range Spaced(c.r[0], c.r[1], cfg.Finite1) {
			sig = append(sig, []float64{s})
			rec.Sigmas = append(rec.Sigmas, s)
		}
		f, err := finite(bd, sig, c.d, cfg.Mu, cfg.FiniteIter)
		if err != nil {
			return rec, err
		}
		rec.Error, rec.Weights, rec.Solve = f.Error, f.Weights, f.Solve
		rec.Seconds = time.Since(t0).Seconds()
		return rec, nil
	})
	KindSVM = kind(JobTable1, "SVM", func(cfg Config, c cell) (SVMRecord, error) {
		var rec SVMRecord
		bd, err := distsOf(c.d, [][]int{allPixels(c.tr)})
		if err != nil {
			return rec, err
		}
		t0 := time.Now()
		f, err := svmCV(bd, c.d, c.r, cfg, svm.Classifier{})
		if err != nil {
			return rec, err
		}
		rec.Error, rec.Sigma, rec.C, rec.Fits = f.Error, f.Sigma, f.C, f.Fits
		rec.Seconds = time.Since(t0).Seconds()
		return rec, nil
	})
	KindDC2 = kind(JobTable2, "DC", func(cfg Config, c cell) (Greedy1, error) {
		return blocksDC(cfg, c, 1, 2, continuous.LineSearch) // the image halves
	})
	KindCorrective1 = kind(JobCorrective, MethodCorrective1, dcCell(continuous.FullyCorrective))
	KindCorrective2 = kind(JobCorrective, MethodCorrective2, func(cfg Config, c cell) (Greedy1, error) {
		return blocksDC(cfg, c, 1, 2, continuous.FullyCorrective)
	})
	KindGrids = kind(JobTable2, MethodGrids, func(cfg Config, c cell) (GridsRecord, error) {
		var rec GridsRecord
		bd, err := halfDists(c.tr, c.d)
		if err != nil {
			return rec, err
		}
		for _, k := range []int{5, 10} {
			t0 := time.Now()
			var sig [][]float64
			for _, s1 := range Spaced(c.r[0], c.r[1], k) {
				for _, s2 := range Spaced(c.r[0], c.r[1], k) {
					sig = append(sig, []float64{s1, s2})
				}
			}
			f, err := finite(bd, sig, c.d, cfg.Mu, cfg.FiniteIter)
			if err != nil {
				return rec, err
			}
			if k == 5 {
				rec.Grid5, rec.Grid5Solve = f.Error, f.Solve
			} else {
				rec.Grid10, rec.Grid10Weights, rec.Grid10Sigmas, rec.Grid10E, rec.Grid10Solve = f.Error, f.Weights, sig, f.E, f.Solve
				rec.Grid10Seconds = time.Since(t0).Seconds()
			}
		}
		return rec, nil
	})
	KindKinds = kind(JobFig2, MethodKinds, func(cfg Config, c cell) (Kinds, error) {
		bd, err := halfDists(c.tr, c.d)
		if err != nil {
			return Kinds{}, err
		}
		t0 := time.Now()
		rec := Kinds{Task: c.task, Range: c.rng, Sigmas: KindsSigmas(c.r, 10)}
		f, err := finite(bd, rec.Sigmas, c.d, cfg.Mu, cfg.FiniteIter)
		if err != nil {
			return Kinds{}, err
		}
		rec.Error, rec.Weights, rec.E, rec.Solve = f.Error, f.Weights, f.E, f.Solve
		rec.Seconds = time.Since(t0).Seconds()
		return rec, nil
	})
	KindLocalDC = kind(JobQuad, MethodLocalDC, func(cfg Config, c cell) (Greedy1, error) {
		return blocksDC(cfg, c, 2, 2, continuous.LineSearch) // the image quadrants
	})
	KindMultistart = kind(JobQuad, MethodMultistart, func(cfg Config, c cell) (Greedy1, error) {
		quads, err := kernel.ImageBlocks(c.tr.Rows, c.tr.Cols, 2, 2)
		if err != nil {
			return Greedy1{}, err
		}
		fam := continuous.GaussianBlocks{Blocks: quads, Lower: c.r[0], Upper: c.r[1], Starts: logStarts(c.r, cfg.StdStarts)}
		return runGreedy(greedyOf(cfg, c, fam, continuous.QuasiNewton, continuous.LineSearch, 4), c.d)
	})
)

// blocksDC runs the greedy method with a DC step 2 and step 3 by step3 on
// one Gaussian variance per block of the rows × cols split of c's images,
// each variance in c's range, started at Initial.
func blocksDC(cfg Config, c cell, rows, cols int, step3 continuous.Step3) (Greedy1, error) {
	blocks, err := kernel.ImageBlocks(c.tr.Rows, c.tr.Cols, rows, cols)
	if err != nil {
		return Greedy1{}, err
	}
	return runGreedy(greedyOf(cfg, c, continuous.GaussianBlocks{Blocks: blocks, Lower: c.r[0], Upper: c.r[1]}, continuous.DC, step3, rows*cols), c.d)
}

// allPixels lists the pixel indices of tr's images.
func allPixels(tr *datasets.Images) []int {
	all := make([]int, tr.Rows*tr.Cols)
	for i := range all {
		all[i] = i
	}
	return all
}

// halfDists are the squared distances of d's points on each half of the
// image (left, right): the two variances of Table 2.
func halfDists(tr *datasets.Images, d taskData) (blockDists, error) {
	halves, err := kernel.ImageBlocks(tr.Rows, tr.Cols, 1, 2)
	if err != nil {
		return blockDists{}, err
	}
	return distsOf(d, halves)
}

// logStarts returns n σ log-spaced over the range r (n ≥ 2).
func logStarts(r [2]float64, n int) []float64 {
	var out []float64
	for i := 0; i < n; i++ {
		out = append(out, r[0]*math.Pow(r[1]/r[0], float64(i)/float64(n-1)))
	}
	return out
}
