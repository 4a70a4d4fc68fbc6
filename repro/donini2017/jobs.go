package donini2017

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/jobs"
)

// JobsPaper is the name under which the experiments are registered with
// repro/jobs, so `kernelab run donini2017 --shard i/N` computes them on a
// cluster into the store the notebook reads.
const JobsPaper = "donini2017"

func init() { jobs.RegisterModes(JobsPaper, ConfigFor, Jobs, RunJob) }

// ConfigFor returns the configuration of a mode: Quick, Full or
// PaperProtocol ("paper").
func ConfigFor(mode string) (Config, error) {
	return jobs.ModeConfig(JobsPaper, mode, Quick, Full, PaperProtocol)
}

// Table ids of the jobs.
const (
	jobChecks  = "Checks"
	jobFig1    = "Figure 1"
	jobCV      = "Figures 3-5"
	jobFig6    = "Figure 6"
	jobFig7    = "Figure 7"
	jobFig8    = "Figure 8"
	jobFig9    = "Figure 9"
	jobTable3  = "Table 3"
	jobFig10   = "Figure 10"
	jobTable5  = "Table 5"
	jobTable4  = "Table 4"
	jobAlg1    = "Algorithm 1"
	methodMKL  = "K_MKL"
	methodSprd = "weight spread"
	// methodPaperCV is the Figures 3–5 job with the paper's inner folds
	// and v grid.
	methodPaperCV = "nested CV, paper's inner folds and v grid"
	// methodDeskew is the Table 5 job on deskewed images.
	methodDeskew = "EasyMKL all pairs, deskewed"
	// methodCurve is a point of Table 5's learning curve (raw images; the
	// job's Split is the number of training images).
	methodCurve = "EasyMKL all pairs, learning curve"
)

// timed reports whether a job's result holds wall-clock times (Tables 3
// and 5): Run computes those one at a time, after the others.
func timed(j jobs.Job) bool { return j.Table == jobTable3 || j.Table == jobTable5 }

// normalised is cfg with the default preprocessing filled in, so that a
// configuration and its explicit form are the same jobs.
func normalised(cfg Config) Config {
	if cfg.Prep == "" {
		cfg.Prep = ZScore
	}
	return cfg
}

// Jobs lists the units of work of Run(cfg), each a record in the results
// store: the numerical checks; one job per preprocessing and data set of
// Figure 1; one per data set and outer fold of the nested CV of Figures
// 3–5 (and per outer fold of the protocol check on Config.PaperCheck); one
// per data set of Figure 6 and one for its weight spread (§5.2);
// Figures 7, 8 and 9 one job each; one per data set of Table 3; Figure 10
// (MNIST, every D and the RBF baseline, which share their Gram matrices)
// as one job; Table 5 on raw and on deskewed images and one per point of
// its learning curve (Config.T5Curve); one per data set and column of Table 4 (K_MKL, then
// gHKL_ρ for each node kernel and ρ); the Algorithm 1 convergence check.
// Every job carries cfg, so a changed configuration is new jobs. Parts the
// configuration switches off (MNISTTrain = 0, T5Train = 0, T4Outer = 0)
// have no jobs.
func Jobs(cfg Config) []jobs.Job {
	cfg = normalised(cfg)
	job := func(table, method, data string, split int, extra map[string]any) jobs.Job {
		params := map[string]any{"config": cfg}
		for k, v := range extra {
			params[k] = v
		}
		return jobs.Job{Paper: JobsPaper, Table: table, Method: method, Data: data, Split: split, Params: params}
	}
	js := []jobs.Job{job(jobChecks, "checks", "synthetic and UCI", 0, nil)}
	for _, prep := range fig1Preps(cfg) {
		for _, n := range cfg.Fig1Data {
			js = append(js, job(jobFig1, "MEB radius and spectral ratio", n, 0, map[string]any{"prep": prep}))
		}
	}
	for _, n := range cfg.CVData {
		for f := 0; f < cfg.Outer; f++ {
			js = append(js, job(jobCV, "nested CV", n, f, nil))
		}
	}
	if cfg.PaperCheck != "" {
		for f := 0; f < cfg.Outer; f++ {
			js = append(js, job(jobCV, methodPaperCV, cfg.PaperCheck, f, nil))
		}
	}
	for _, n := range cfg.Fig6Data {
		js = append(js, job(jobFig6, "EasyMKL on Q_D and R_D", n, 0, nil))
	}
	js = append(js, job(jobFig6, methodSprd, "Ionosphere", 0, nil),
		job(jobFig7, "spectral ratio", strings.Join(cfg.Fig7Data, "+"), 0, nil),
		job(jobFig8, "EasyMKL weights", "Heart+Splice", 0, nil),
		job(jobFig9, "centre of mass under label noise", "make_classification", 0, nil))
	for _, n := range Table3Data {
		js = append(js, job(jobTable3, "training times", n, 0, nil))
	}
	if cfg.MNISTTrain > 0 && len(cfg.Fig10Ds) > 0 {
		js = append(js, job(jobFig10, "SVM on K_MKL, K_D, K_sum, RBF", "MNIST", 0, nil))
	}
	if cfg.T5Train > 0 && cfg.T5Test > 0 {
		js = append(js, job(jobTable5, "EasyMKL all pairs", "MNIST", 0, nil),
			job(jobTable5, methodDeskew, "MNIST deskewed", 0, nil))
		for _, n := range cfg.T5Curve {
			js = append(js, job(jobTable5, methodCurve, "MNIST", n, nil))
		}
	}
	if cfg.T4Outer > 0 {
		for _, n := range cfg.T4Data {
			js = append(js, job(jobTable4, methodMKL, n, 0, nil))
			for _, nodes := range table4Nodes(n, cfg) {
				for _, rho := range Table4Rhos {
					js = append(js, job(jobTable4, ghklMethod(nodes, rho), n, 0,
						map[string]any{"nodes": nodes, "rho": rho}))
				}
			}
		}
	}
	return append(js, job(jobAlg1, "convergence", "Ionosphere", 0, nil))
}

// Total is the number of progress steps of Run: its number of jobs.
func Total(cfg Config) int { return len(Jobs(cfg)) }

// ChecksResult is the result of the checks job: the claims and the
// EasyMKL max–min check's points.
type ChecksResult struct {
	Checks []repro.Claim
	MaxMin []MaxMin
}

// Table4Cell is the result of a Table 4 job: the outer-fold AUCs of one
// column on one data set and, for gHKL, the C chosen in each fold.
type Table4Cell struct {
	Scores, BestC []float64
	AtEdge        []bool
}

// ghklMethod is the method name of the Table 4 job of gHKL_ρ with the
// given node kernels.
func ghklMethod(nodes string, rho float64) string { return fmt.Sprintf("gHKL %s ρ=%g", nodes, rho) }

// Alg1Result is the result of the Algorithm 1 job.
type Alg1Result struct {
	D      int
	Points []Alg1Point
}

// RunJob computes one job of Jobs: the checks (ChecksResult), a curve of
// Figure 1 (MEBCurve), an outer fold of Figures 3–5 (CVFold), a data set
// of Figure 6 (RandomFamily) or its weight spread ([2]float64), Figure 7
// ([]SRCurve), 8 ([]Weights) or 9 ([]NoiseCurve), a row of Table 3
// (TimeRow), Figure 10 (*MNISTCurve), Table 5 on raw or deskewed images (*AllPairs), a column of
// Table 4 on one data set (Table4Cell)
// or the Algorithm 1 check (Alg1Result).
func RunJob(_ context.Context, j jobs.Job) (any, error) {
	var cfg Config
	if err := j.Param("config", &cfg); err != nil {
		return nil, err
	}
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	cfg = normalised(cfg)
	res := &Results{}
	var out any
	var err error
	switch j.Table {
	case jobChecks:
		err = runChecks(cfg, res)
		out = ChecksResult{Checks: res.Checks, MaxMin: res.MaxMin}
	case jobFig1:
		var prep string
		if err := j.Param("prep", &prep); err != nil {
			return nil, err
		}
		out, err = mebCurve(j.Data, cfg, prep)
	case jobCV:
		if j.Method == methodPaperCV {
			cfg.VGrid, cfg.Inner = PaperVGrid, 10
		}
		X, y, outer, e := cvOuter(j.Data, cfg)
		if e != nil {
			return nil, fmt.Errorf("donini2017: %s %s: %w", j.Table, j.Data, e)
		}
		if j.Split < 0 || j.Split >= len(outer) {
			return nil, klearn.Errorf(klearn.ErrParam, "donini2017: %s %s: fold %d of %d", j.Table, j.Data, j.Split, len(outer))
		}
		out, err = cvFold(X, y, cfg, outer[j.Split], j.Split)
	case jobFig6:
		if j.Method == methodSprd {
			out, err = fig6Spread(cfg)
		} else {
			out, err = fig6Family(j.Data, cfg)
		}
	case jobFig7:
		err = runFig7(cfg, res)
		out = res.Fig7
	case jobFig8:
		err = runFig8(cfg, res)
		out = res.Fig8
	case jobFig9:
		err = runFig9(cfg, res)
		out = res.Fig9
	case jobTable3:
		out, err = table3Row(j.Data, cfg)
	case jobFig10:
		err = runFig10(cfg, res)
		out = res.Fig10
	case jobTable5:
		n := cfg.T5Train
		if j.Method == methodCurve {
			n = j.Split
		}
		out, err = runTable5(cfg, n, j.Method == methodDeskew)
	case jobTable4:
		if j.Method == methodMKL {
			var a []float64
			a, err = table4MKL(j.Data, cfg.T4Outer, cfg)
			out = Table4Cell{Scores: a}
			break
		}
		var nodes string
		var rho float64
		if err := j.Param("nodes", &nodes); err != nil {
			return nil, err
		}
		if err := j.Param("rho", &rho); err != nil {
			return nil, err
		}
		var r *GHKLResult
		if r, err = table4GHKL(j.Data, nodes, rho, cfg); err == nil {
			out = Table4Cell{Scores: r.Scores, BestC: r.BestC, AtEdge: r.AtEdge}
		}
	case jobAlg1:
		err = runAlg1(cfg, res)
		out = Alg1Result{D: res.Alg1D, Points: res.Alg1}
	default:
		return nil, klearn.Errorf(klearn.ErrParam, "donini2017: unknown job table %q", j.Table)
	}
	if err != nil {
		return nil, fmt.Errorf("donini2017: %s %s %s: %w", j.Table, j.Method, j.Data, err)
	}
	return out, nil
}

// computeJob is the runner of Run's missing jobs (RunJob; tests count its
// calls through it).
var computeJob = RunJob

// Run runs every experiment of cfg as the jobs of Jobs(cfg). A job already
// in the results store under the current code (a cluster run, an earlier
// run) is read, not recomputed, and every computed job is stored as it
// finishes, so an interrupted run resumes. The untimed jobs run two at a
// time; then the timed ones (Tables 3 and 5) one at a time, so that their
// times are those of a job alone on the machine. progress(done, total), if
// not nil, is called as each job ends (total = Total(cfg)).
func Run(cfg Config, progress func(done, total int)) (*Results, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	cfg = normalised(cfg)
	start := time.Now()
	js := Jobs(cfg)
	var untimed, timedJobs []jobs.Job
	for _, j := range js {
		if timed(j) {
			timedJobs = append(timedJobs, j)
		} else {
			untimed = append(untimed, j)
		}
	}
	st := jobs.Store{Dir: jobs.DefaultDir()}
	offset := 0
	tick := func(done, _ int, _ jobs.Job, _ bool) {
		if progress != nil {
			progress(offset+done, len(js))
		}
	}
	rawU, err := jobs.MemoAll(context.Background(), st, untimed, 2, computeJob, tick)
	if err != nil {
		return nil, err
	}
	offset = len(untimed)
	rawT, err := jobs.MemoAll(context.Background(), st, timedJobs, 1, computeJob, tick)
	if err != nil {
		return nil, err
	}
	res, err := assemble(cfg, append(untimed, timedJobs...), append(rawU, rawT...))
	if err != nil {
		return nil, err
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// assemble builds the Results of cfg from its jobs' records, in the order
// of the parts of the paper.
func assemble(cfg Config, js []jobs.Job, raw []json.RawMessage) (*Results, error) {
	res := &Results{Mode: cfg.Mode, Prep: cfg.Prep, Inner: cfg.Inner, VGrid: cfg.VGrid}
	rec := map[string]json.RawMessage{}
	for i, j := range js {
		id, err := j.ID()
		if err != nil {
			return nil, err
		}
		rec[id] = raw[i]
	}
	get := func(j jobs.Job, v any) error {
		id, err := j.ID()
		if err != nil {
			return err
		}
		r, ok := rec[id]
		if !ok {
			return fmt.Errorf("donini2017: no record of job %s", j.Name())
		}
		if err := json.Unmarshal(r, v); err != nil {
			return fmt.Errorf("donini2017: job %s: %w", j.Name(), err)
		}
		return nil
	}
	// CV folds and Table 4 columns are gathered per data set.
	cvFolds := map[string][]CVFold{}
	var paperFolds []CVFold
	t4 := map[string]Table4Cell{}
	for _, j := range Jobs(cfg) {
		var err error
		switch j.Table {
		case jobChecks:
			var c ChecksResult
			err = get(j, &c)
			res.Checks, res.MaxMin = c.Checks, c.MaxMin
		case jobFig1:
			var c MEBCurve
			err = get(j, &c)
			res.Fig1 = append(res.Fig1, c)
		case jobCV:
			var f CVFold
			err = get(j, &f)
			if j.Method == methodPaperCV {
				paperFolds = append(paperFolds, f)
			} else {
				cvFolds[j.Data] = append(cvFolds[j.Data], f)
			}
		case jobFig6:
			if j.Method == methodSprd {
				err = get(j, &res.Fig6Spread)
				break
			}
			var rf RandomFamily
			err = get(j, &rf)
			res.Fig6 = append(res.Fig6, rf)
		case jobFig7:
			err = get(j, &res.Fig7)
		case jobFig8:
			err = get(j, &res.Fig8)
		case jobFig9:
			err = get(j, &res.Fig9)
		case jobTable3:
			var r TimeRow
			err = get(j, &r)
			res.Table3 = append(res.Table3, r)
		case jobFig10:
			err = get(j, &res.Fig10)
		case jobTable5:
			switch j.Method {
			case methodDeskew:
				err = get(j, &res.Table5Deskewed)
			case methodCurve:
				var a AllPairs
				err = get(j, &a)
				res.Table5Curve = append(res.Table5Curve, a)
			default:
				err = get(j, &res.Table5)
			}
		case jobTable4:
			var c Table4Cell
			err = get(j, &c)
			t4[j.Data+"/"+j.Method] = c
		case jobAlg1:
			var a Alg1Result
			err = get(j, &a)
			res.Alg1D, res.Alg1 = a.D, a.Points
		}
		if err != nil {
			return nil, err
		}
	}
	for _, n := range cfg.CVData {
		c, err := combineCV(cvFolds[n], cfg)
		if err != nil {
			return nil, fmt.Errorf("donini2017: Figures 3–5: %s: %w", n, err)
		}
		c.Data = n
		res.CV = append(res.CV, c)
	}
	if cfg.PaperCheck != "" {
		c, err := combineCV(paperFolds, cfg)
		if err != nil {
			return nil, fmt.Errorf("donini2017: Figures 3–5 with the paper's inner folds and v grid: %w", err)
		}
		c.Data = cfg.PaperCheck
		res.CVPaperCheck = &c
	}
	if cfg.T4Outer > 0 {
		for _, n := range cfg.T4Data {
			for _, nodes := range table4Nodes(n, cfg) {
				mk := t4[n+"/"+methodMKL]
				row := GHKLRow{Data: n, Nodes: nodes, AUC: [][]float64{mk.Scores}, BestC: [][]float64{nil}, AtEdge: [][]bool{nil}}
				for _, rho := range Table4Rhos {
					c := t4[n+"/"+ghklMethod(nodes, rho)]
					row.AUC = append(row.AUC, c.Scores)
					row.BestC = append(row.BestC, c.BestC)
					row.AtEdge = append(row.AtEdge, c.AtEdge)
				}
				res.Table4 = append(res.Table4, row)
			}
		}
	}
	return res, nil
}
