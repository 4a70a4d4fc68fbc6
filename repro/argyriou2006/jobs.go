package argyriou2006

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/repro/jobs"
)

// JobsPaper is the name under which the experiments are registered with
// repro/jobs, so `kernelab run argyriou2006 --shard i/N` computes them on a
// cluster into the store the notebook reads.
const JobsPaper = "argyriou2006"

func init() { jobs.RegisterModes(JobsPaper, ConfigFor, Jobs, RunJob) }

// ConfigFor returns the configuration of a mode: Quick, Full or
// PaperProtocol ("paper").
func ConfigFor(mode string) (Config, error) {
	return jobs.ModeConfig(JobsPaper, mode, Quick, Full, PaperProtocol)
}

// Table ids of the jobs.
const (
	jobChecks = "Checks"
	jobTable1 = "Table 1"
	jobTable2 = "Table 2"
	jobQuad   = "Four variances"
	jobSize   = "Training size"
	jobFig2   = "Figure 2"
)

// Method names of the jobs besides Methods1: the two finite grids of
// Table 2 share one job (they share the per-half distances), and the
// four-variance run names its step 2.
const (
	methodGrids      = "5×5 and 10×10"
	methodMultistart = "multistart quasi-Newton"
	methodLocalDC    = "DC, local variant"
	methodKinds      = "the figure's two kinds only"
)

// Figure 2's task and range (odd vs. even, [100, 10000]).
const fig2Task, fig2Range = 0, 1

// Jobs lists the units of work of Run(cfg), each a record in the results
// store: the numerical checks of Sections 2–4; one job per task, σ range
// and column of Table 1 (DC, standard, finite, SVM); one per task and
// range for the DC column of Table 2 and one for its two finite grids; one
// for the diagnostic of Figure 2 (Kinds); one per task of the
// four-variance run; one per training size of the size
// effect (the DC column of Table 1 for one task and range). Every job carries cfg, so a changed
// configuration is a new job. The MNIST files are not listed as inputs:
// they are fixed (the digests of `make data`), and hashing 55 MB per job
// would dominate a cached run.
func Jobs(cfg Config) []jobs.Job {
	job := func(table, method string, task, rng int) jobs.Job {
		data := "mnist"
		if task >= 0 && task < len(Tasks) {
			data = "mnist " + Tasks[task]
		}
		return jobs.Job{Paper: JobsPaper, Table: table, Method: method, Data: data,
			Params: map[string]any{"config": cfg, "task": task, "range": rng}}
	}
	first := -1
	if len(cfg.Tasks) > 0 {
		first = cfg.Tasks[0]
	}
	js := []jobs.Job{job(jobChecks, "checks", first, -1)}
	for _, t := range cfg.Tasks {
		for _, r := range cfg.Ranges {
			for _, m := range Methods1 {
				js = append(js, job(jobTable1, m, t, r))
			}
		}
		if cfg.Table2 {
			for _, r := range cfg.Ranges {
				js = append(js, job(jobTable2, "DC", t, r), job(jobTable2, methodGrids, t, r))
			}
		}
	}
	if fig2Run(cfg) {
		js = append(js, job(jobFig2, methodKinds, fig2Task, fig2Range))
	}
	for _, t := range cfg.Quadrants {
		if cfg.QuadDC {
			js = append(js, job(jobQuad, methodLocalDC, t, cfg.QuadrantRange))
		}
		js = append(js, job(jobQuad, methodMultistart, t, cfg.QuadrantRange))
	}
	for _, n := range cfg.SizeTrain {
		if sizeFromTable1(cfg, n) {
			continue // the Table 1 DC cell is this run
		}
		j := job(jobSize, "DC", cfg.SizeTask, cfg.SizeRange)
		j.Split, j.Params["train"] = n, n
		js = append(js, j)
	}
	return js
}

// fig2Run reports whether cfg runs Figure 2's cell of Table 2, and with it
// the diagnostic of Figure 2.
func fig2Run(cfg Config) bool {
	return cfg.Table2 && slices.Contains(cfg.Tasks, fig2Task) && slices.Contains(cfg.Ranges, fig2Range)
}

// kindsSigmas are the (σ₁, σ₂) of Figure 2's two kinds on the k-point grid
// of the range r: (s, hi), (hi, s) and (s, s) for every grid point s, each
// pair once.
func kindsSigmas(r [2]float64, k int) [][]float64 {
	var out [][]float64
	seen := map[[2]float64]bool{}
	for _, s := range spaced(r[0], r[1], k) {
		for _, p := range [][2]float64{{s, r[1]}, {r[1], s}, {s, s}} {
			if !seen[p] {
				seen[p] = true
				out = append(out, []float64{p[0], p[1]})
			}
		}
	}
	return out
}

// sizeFromTable1 reports whether the training-size run at n points is the
// DC cell of Table 1 itself (the same task, range and size), whose result
// it then takes instead of computing it again.
func sizeFromTable1(cfg Config, n int) bool {
	return n == cfg.Train && slices.Contains(cfg.Tasks, cfg.SizeTask) && slices.Contains(cfg.Ranges, cfg.SizeRange)
}

// Total is the number of progress steps of Run: its jobs.
func Total(cfg Config) int { return len(Jobs(cfg)) }

// validate checks cfg before any job runs.
func (cfg Config) validate() error {
	if cfg.Train < 10 || cfg.Test < 1 || !(cfg.Mu > 0) || cfg.SVMFolds < 2 || cfg.Finite1 < 1 || cfg.SVMSigmas < 1 || cfg.StdStarts < 2 || len(cfg.Tasks) == 0 {
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
	finiteRecord struct {
		Error   float64
		Weights []float64
		Sigmas  []float64
		Seconds float64
	}
	svmRecord struct {
		Error, Sigma, C, Seconds float64
	}
	gridsRecord struct {
		Grid5, Grid10 float64
		Grid10Seconds float64
		Grid10Weights []float64
		Grid10Sigmas  [][]float64
		Grid10E       float64
	}
)

// RunJob computes one job of Jobs.
func RunJob(_ context.Context, j jobs.Job) (any, error) {
	var cfg Config
	var task, rng int
	for k, v := range map[string]any{"config": &cfg, "task": &task, "range": &rng} {
		if err := j.Param(k, v); err != nil {
			return nil, err
		}
	}
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	if task < 0 || task >= len(Tasks) || (j.Table != jobChecks && (rng < 0 || rng >= len(Ranges))) {
		return nil, klearn.Errorf(klearn.ErrParam, "argyriou2006: job %s: task %d, range %d", j.Name(), task, rng)
	}
	tr, te, err := mnist()
	if err != nil {
		return nil, err
	}
	ntr := cfg.Train
	if j.Table == jobSize {
		if err := j.Param("train", &ntr); err != nil {
			return nil, err
		}
		if ntr < 10 {
			return nil, klearn.Errorf(klearn.ErrParam, "argyriou2006: job %s: training size %d", j.Name(), ntr)
		}
	}
	d, err := loadTask(tr, te, task, ntr, cfg.Test)
	if err != nil {
		return nil, err
	}
	all := make([]int, tr.Rows*tr.Cols)
	for i := range all {
		all[i] = i
	}
	dcSet := opt.DCSettings{MaxIter: cfg.DCIter, Tol: cfg.DCTol}
	var r [2]float64
	if rng >= 0 && rng < len(Ranges) {
		r = Ranges[rng]
	}
	switch j.Table + "/" + j.Method {
	case jobChecks + "/checks":
		return Checks(d, cfg)
	case jobTable1 + "/DC", jobSize + "/DC":
		return runGreedy(continuous.Greedy{Family: continuous.GaussianBandwidth{Lower: r[0], Upper: r[1]}, Mu: cfg.Mu,
			Tol: cfg.GreedyTol, MaxSteps: cfg.GreedySteps, Step2: continuous.DC, DCSettings: dcSet, Init: initial(r, 1)}, d)
	case jobTable1 + "/standard":
		// "standard": a log-spaced grid of starts refined by quasi-Newton.
		fam := continuous.GaussianBandwidth{Lower: r[0], Upper: r[1], Starts: logStarts(r, cfg.StdStarts)}
		return runGreedy(continuous.Greedy{Family: fam, Mu: cfg.Mu, Tol: cfg.GreedyTol, MaxSteps: cfg.GreedySteps,
			Step2: continuous.QuasiNewton, Init: initial(r, 1)}, d)
	case jobTable1 + "/finite":
		bd, err := distsOf(d, [][]int{all})
		if err != nil {
			return nil, err
		}
		t0 := time.Now()
		var rec finiteRecord
		var sig [][]float64
		for _, s := range spaced(r[0], r[1], cfg.Finite1) {
			sig = append(sig, []float64{s})
			rec.Sigmas = append(rec.Sigmas, s)
		}
		if rec.Error, rec.Weights, _, err = finite(bd, sig, d, cfg.Mu); err != nil {
			return nil, err
		}
		rec.Seconds = time.Since(t0).Seconds()
		return rec, nil
	case jobTable1 + "/SVM":
		bd, err := distsOf(d, [][]int{all})
		if err != nil {
			return nil, err
		}
		t0 := time.Now()
		var rec svmRecord
		if rec.Error, rec.Sigma, rec.C, err = svmCV(bd, d, r, cfg); err != nil {
			return nil, err
		}
		rec.Seconds = time.Since(t0).Seconds()
		return rec, nil
	case jobTable2 + "/DC":
		halves, err := kernel.ImageBlocks(tr.Rows, tr.Cols, 1, 2)
		if err != nil {
			return nil, err
		}
		return runGreedy(continuous.Greedy{Family: continuous.GaussianBlocks{Blocks: halves, Lower: r[0], Upper: r[1]}, Mu: cfg.Mu,
			Tol: cfg.GreedyTol, MaxSteps: cfg.GreedySteps, Step2: continuous.DC, DCSettings: dcSet, Init: initial(r, 2)}, d)
	case jobTable2 + "/" + methodGrids:
		bd, err := halfDists(tr, d)
		if err != nil {
			return nil, err
		}
		var rec gridsRecord
		for _, k := range []int{5, 10} {
			t0 := time.Now()
			var sig [][]float64
			for _, s1 := range spaced(r[0], r[1], k) {
				for _, s2 := range spaced(r[0], r[1], k) {
					sig = append(sig, []float64{s1, s2})
				}
			}
			e, w, E, err := finite(bd, sig, d, cfg.Mu)
			if err != nil {
				return nil, err
			}
			if k == 5 {
				rec.Grid5 = e
			} else {
				rec.Grid10, rec.Grid10Weights, rec.Grid10Sigmas, rec.Grid10E = e, w, sig, E
				rec.Grid10Seconds = time.Since(t0).Seconds()
			}
		}
		return rec, nil
	case jobFig2 + "/" + methodKinds:
		bd, err := halfDists(tr, d)
		if err != nil {
			return nil, err
		}
		t0 := time.Now()
		rec := Kinds{Task: task, Range: rng, Sigmas: kindsSigmas(r, 10)}
		if rec.Error, rec.Weights, rec.E, err = finite(bd, rec.Sigmas, d, cfg.Mu); err != nil {
			return nil, err
		}
		rec.Seconds = time.Since(t0).Seconds()
		return rec, nil
	case jobQuad + "/" + methodLocalDC:
		quads, err := kernel.ImageBlocks(tr.Rows, tr.Cols, 2, 2)
		if err != nil {
			return nil, err
		}
		return runGreedy(continuous.Greedy{Family: continuous.GaussianBlocks{Blocks: quads, Lower: r[0], Upper: r[1]}, Mu: cfg.Mu,
			Tol: cfg.GreedyTol, MaxSteps: cfg.GreedySteps, Step2: continuous.DC, DCSettings: dcSet, Init: initial(r, 4)}, d)
	case jobQuad + "/" + methodMultistart:
		quads, err := kernel.ImageBlocks(tr.Rows, tr.Cols, 2, 2)
		if err != nil {
			return nil, err
		}
		fam := continuous.GaussianBlocks{Blocks: quads, Lower: r[0], Upper: r[1], Starts: logStarts(r, cfg.StdStarts)}
		return runGreedy(continuous.Greedy{Family: fam, Mu: cfg.Mu, Tol: cfg.GreedyTol, MaxSteps: cfg.GreedySteps,
			Step2: continuous.QuasiNewton, Init: initial(r, 4)}, d)
	}
	return nil, klearn.Errorf(klearn.ErrParam, "argyriou2006: unknown job %s", j.Name())
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
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	js := Jobs(cfg)
	raw, err := jobs.MemoAll(context.Background(), jobs.Store{Dir: jobs.DefaultDir()}, js, 1, computeJob,
		func(done, total int, _ jobs.Job, _ bool) {
			if progress != nil {
				progress(done, total)
			}
		})
	if err != nil {
		return nil, err
	}
	res := &Results{Mode: cfg.Mode, Train: cfg.Train, Test: cfg.Test, GreedyTol: cfg.GreedyTol}
	c1 := map[[2]int]*Cell1{}
	c2 := map[[2]int]*Cell2{}
	sizes := map[int]SizePoint{}
	for i, j := range js {
		var task, rng int
		if err := j.Param("task", &task); err != nil {
			return nil, err
		}
		if err := j.Param("range", &rng); err != nil {
			return nil, err
		}
		key := [2]int{task, rng}
		if j.Table == jobTable1 && c1[key] == nil {
			c1[key] = &Cell1{Task: task, Range: rng}
		}
		if j.Table == jobTable2 && c2[key] == nil {
			c2[key] = &Cell2{Task: task, Range: rng}
		}
		var err error
		switch j.Table + "/" + j.Method {
		case jobChecks + "/checks":
			err = json.Unmarshal(raw[i], &res.Checks)
		case jobTable1 + "/DC":
			err = json.Unmarshal(raw[i], &c1[key].DC)
		case jobTable1 + "/standard":
			err = json.Unmarshal(raw[i], &c1[key].Standard)
		case jobTable1 + "/finite":
			var f finiteRecord
			err = json.Unmarshal(raw[i], &f)
			c := c1[key]
			c.Finite, c.FiniteWeights, c.FiniteSigmas, c.FiniteSeconds = f.Error, f.Weights, f.Sigmas, f.Seconds
		case jobTable1 + "/SVM":
			var f svmRecord
			err = json.Unmarshal(raw[i], &f)
			c := c1[key]
			c.SVM, c.SVMSigma, c.SVMC, c.SVMSeconds = f.Error, f.Sigma, f.C, f.Seconds
		case jobTable2 + "/DC":
			err = json.Unmarshal(raw[i], &c2[key].DC)
		case jobTable2 + "/" + methodGrids:
			var f gridsRecord
			err = json.Unmarshal(raw[i], &f)
			c := c2[key]
			c.Grid5, c.Grid10, c.Grid10Seconds, c.Grid10Weights, c.Grid10Sigmas, c.Grid10E = f.Grid5, f.Grid10, f.Grid10Seconds, f.Grid10Weights, f.Grid10Sigmas, f.Grid10E
		case jobFig2 + "/" + methodKinds:
			res.Figure2Kinds = new(Kinds)
			err = json.Unmarshal(raw[i], res.Figure2Kinds)
		case jobSize + "/DC":
			p := SizePoint{Task: task, Range: rng, Train: j.Split}
			err = json.Unmarshal(raw[i], &p.Greedy1)
			sizes[j.Split] = p
		case jobQuad + "/" + methodMultistart, jobQuad + "/" + methodLocalDC:
			q := Quad{Task: task, Range: rng, Step2: j.Method}
			err = json.Unmarshal(raw[i], &q.Greedy1)
			res.Quadrants = append(res.Quadrants, q)
		}
		if err != nil {
			return nil, fmt.Errorf("argyriou2006: job %s: %w", j.Name(), err)
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
		if sizeFromTable1(cfg, n) {
			sizes[n] = SizePoint{Task: cfg.SizeTask, Range: cfg.SizeRange, Train: n, Greedy1: c1[[2]int{cfg.SizeTask, cfg.SizeRange}].DC}
		}
		res.Sizes = append(res.Sizes, sizes[n])
	}
	res.Elapsed = time.Since(start)
	return res, nil
}
