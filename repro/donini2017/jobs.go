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

func init() { jobs.RegisterPaper(&jobsPaper) }

// jobsPaper is the typed job contract of the paper: one kind of job per
// table of Jobs (per method, where a table's methods differ in result).
// A job's configuration is validated and normalised before it runs.
var jobsPaper = jobs.Paper[Config]{Name: JobsPaper, Quick: Quick, Full: Full, Printed: PaperProtocol, Jobs: Jobs,
	Prepare: func(cfg Config) (Config, error) { return normalised(cfg), cfg.validate() },
	Kinds: []jobs.Runner[Config]{kindChecks, kindFig1, kindCV, kindFig6, kindSpread, kindFig7, kindFig8, kindFig9,
		kindTable3, kindFig10, kindTable5, kindTable4, kindAlg1}}

// Study is the paper as its notebook opens it (nb.Open).
var Study = repro.Study[Config, *Results]{Jobs: &jobsPaper, Run: Run, Verdict: Verdict}

// ConfigFor returns the configuration of a mode: Quick, Full or
// PaperProtocol ("paper").
func ConfigFor(mode string) (Config, error) { return jobsPaper.Config(mode) }

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
	// methodFamily is the Figure 6 job of one data set.
	methodFamily = "EasyMKL on Q_D and R_D"
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
		js = append(js, job(jobFig6, methodFamily, n, 0, nil))
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

// kind is the kind of job of a table (and method, if not "") run by run,
// whose error names the job.
func kind[R any](table, method string, run func(cfg Config, j jobs.Job) (R, error)) jobs.Kind[Config, R] {
	return jobs.Kind[Config, R]{Table: table, Method: method, Run: func(_ context.Context, cfg Config, j jobs.Job) (R, error) {
		r, err := run(cfg, j)
		if err != nil {
			err = fmt.Errorf("donini2017: %s %s %s: %w", j.Table, j.Method, j.Data, err)
		}
		return r, err
	}}
}

// into runs f, which fills part of a Results, and returns that part.
func into[R any](cfg Config, f func(Config, *Results) error, part func(*Results) R) (R, error) {
	res := &Results{}
	err := f(cfg, res)
	return part(res), err
}

// The kinds of job: the checks, a curve of Figure 1, an outer fold of
// Figures 3–5, a data set of Figure 6 or its weight spread, Figures 7, 8
// and 9, a row of Table 3, Figure 10, Table 5 (raw, deskewed or a point of
// its learning curve), a column of Table 4 on one data set, and the
// Algorithm 1 check.
var (
	kindChecks = kind(jobChecks, "", func(cfg Config, _ jobs.Job) (ChecksResult, error) {
		return into(cfg, runChecks, func(r *Results) ChecksResult { return ChecksResult{Checks: r.Checks, MaxMin: r.MaxMin} })
	})
	kindFig1 = kind(jobFig1, "", func(cfg Config, j jobs.Job) (MEBCurve, error) {
		var prep string
		if err := j.Param("prep", &prep); err != nil {
			return MEBCurve{}, err
		}
		return mebCurve(j.Data, cfg, prep)
	})
	kindCV = kind(jobCV, "", func(cfg Config, j jobs.Job) (CVFold, error) {
		if j.Method == methodPaperCV {
			cfg.VGrid, cfg.Inner = PaperVGrid, 10
		}
		X, y, outer, err := cvOuter(j.Data, cfg)
		if err != nil {
			return CVFold{}, err
		}
		if j.Split < 0 || j.Split >= len(outer) {
			return CVFold{}, klearn.Errorf(klearn.ErrParam, "fold %d of %d", j.Split, len(outer))
		}
		return cvFold(X, y, cfg, outer[j.Split], j.Split)
	})
	kindFig6   = kind(jobFig6, methodFamily, func(cfg Config, j jobs.Job) (RandomFamily, error) { return fig6Family(j.Data, cfg) })
	kindSpread = kind(jobFig6, methodSprd, func(cfg Config, _ jobs.Job) ([2]float64, error) { return fig6Spread(cfg) })
	kindFig7   = kind(jobFig7, "", func(cfg Config, _ jobs.Job) ([]SRCurve, error) {
		return into(cfg, runFig7, func(r *Results) []SRCurve { return r.Fig7 })
	})
	kindFig8 = kind(jobFig8, "", func(cfg Config, _ jobs.Job) ([]Weights, error) {
		return into(cfg, runFig8, func(r *Results) []Weights { return r.Fig8 })
	})
	kindFig9 = kind(jobFig9, "", func(cfg Config, _ jobs.Job) ([]NoiseCurve, error) {
		return into(cfg, runFig9, func(r *Results) []NoiseCurve { return r.Fig9 })
	})
	kindTable3 = kind(jobTable3, "", func(cfg Config, j jobs.Job) (TimeRow, error) { return table3Row(j.Data, cfg) })
	kindFig10  = kind(jobFig10, "", func(cfg Config, _ jobs.Job) (*MNISTCurve, error) {
		return into(cfg, runFig10, func(r *Results) *MNISTCurve { return r.Fig10 })
	})
	kindTable5 = kind(jobTable5, "", func(cfg Config, j jobs.Job) (*AllPairs, error) {
		n := cfg.T5Train
		if j.Method == methodCurve {
			n = j.Split
		}
		return runTable5(cfg, n, j.Method == methodDeskew)
	})
	kindTable4 = kind(jobTable4, "", func(cfg Config, j jobs.Job) (Table4Cell, error) {
		if j.Method == methodMKL {
			a, err := table4MKL(j.Data, cfg.T4Outer, cfg)
			return Table4Cell{Scores: a}, err
		}
		var nodes string
		var rho float64
		if err := j.Param("nodes", &nodes); err != nil {
			return Table4Cell{}, err
		}
		if err := j.Param("rho", &rho); err != nil {
			return Table4Cell{}, err
		}
		r, err := table4GHKL(j.Data, nodes, rho, cfg)
		if err != nil {
			return Table4Cell{}, err
		}
		return Table4Cell{Scores: r.Scores, BestC: r.BestC, AtEdge: r.AtEdge}, nil
	})
	kindAlg1 = kind(jobAlg1, "", func(cfg Config, _ jobs.Job) (Alg1Result, error) {
		return into(cfg, runAlg1, func(r *Results) Alg1Result { return Alg1Result{D: r.Alg1D, Points: r.Alg1} })
	})
)

// RunJob computes one job of Jobs.
func RunJob(ctx context.Context, j jobs.Job) (any, error) { return jobsPaper.Run(ctx, j) }

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

// assemble builds the Results of cfg from its jobs' records (raw[i] is
// the record of js[i]), in the order of the parts of the paper.
func assemble(cfg Config, js []jobs.Job, raw []json.RawMessage) (*Results, error) {
	res := &Results{Mode: cfg.Mode, Prep: cfg.Prep, Inner: cfg.Inner, VGrid: cfg.VGrid}
	// CV folds and Table 4 columns are gathered per data set.
	cvFolds := map[string][]CVFold{}
	var paperFolds []CVFold
	t4 := map[string]Table4Cell{}
	for _, err := range []error{
		kindChecks.Each(js, raw, func(_ jobs.Job, c ChecksResult) { res.Checks, res.MaxMin = c.Checks, c.MaxMin }),
		kindFig1.Each(js, raw, func(_ jobs.Job, c MEBCurve) { res.Fig1 = append(res.Fig1, c) }),
		kindCV.Each(js, raw, func(j jobs.Job, f CVFold) {
			if j.Method == methodPaperCV {
				paperFolds = append(paperFolds, f)
			} else {
				cvFolds[j.Data] = append(cvFolds[j.Data], f)
			}
		}),
		kindFig6.Each(js, raw, func(_ jobs.Job, rf RandomFamily) { res.Fig6 = append(res.Fig6, rf) }),
		kindSpread.Each(js, raw, func(_ jobs.Job, s [2]float64) { res.Fig6Spread = s }),
		kindFig7.Each(js, raw, func(_ jobs.Job, c []SRCurve) { res.Fig7 = c }),
		kindFig8.Each(js, raw, func(_ jobs.Job, w []Weights) { res.Fig8 = w }),
		kindFig9.Each(js, raw, func(_ jobs.Job, c []NoiseCurve) { res.Fig9 = c }),
		kindTable3.Each(js, raw, func(_ jobs.Job, r TimeRow) { res.Table3 = append(res.Table3, r) }),
		kindFig10.Each(js, raw, func(_ jobs.Job, c *MNISTCurve) { res.Fig10 = c }),
		kindTable5.Each(js, raw, func(j jobs.Job, a *AllPairs) {
			switch j.Method {
			case methodDeskew:
				res.Table5Deskewed = a
			case methodCurve:
				if a == nil {
					a = &AllPairs{}
				}
				res.Table5Curve = append(res.Table5Curve, *a)
			default:
				res.Table5 = a
			}
		}),
		kindTable4.Each(js, raw, func(j jobs.Job, c Table4Cell) { t4[j.Data+"/"+j.Method] = c }),
		kindAlg1.Each(js, raw, func(_ jobs.Job, a Alg1Result) { res.Alg1D, res.Alg1 = a.D, a.Points }),
	} {
		if err != nil {
			return nil, fmt.Errorf("donini2017: %w", err)
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
