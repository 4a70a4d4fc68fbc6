package protocol

import (
	"context"
	"fmt"
	"strings"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/repro/jobs/spec"
)

// JobsPaper is the name under which the experiments are registered with
// repro/jobs, so `kernelab run donini2017 --shard i/N` computes them on a
// cluster into the store the notebook reads.
const JobsPaper = "donini2017"

// Table ids of the jobs.
const (
	JobChecks  = "Checks"
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
	MethodMKL  = "K_MKL"
	methodSprd = "weight spread"
	// methodFamily is the Figure 6 job of one data set.
	methodFamily = "EasyMKL on Q_D and R_D"
	// MethodPaperCV is the Figures 3–5 job with the paper's inner folds
	// and v grid.
	MethodPaperCV = "nested CV, paper's inner folds and v grid"
	// MethodDeskew is the Table 5 job on deskewed images.
	MethodDeskew = "EasyMKL all pairs, deskewed"
	// MethodCurve is a point of Table 5's learning curve (raw images; the
	// job's Split is the number of training images).
	MethodCurve = "EasyMKL all pairs, learning curve"
)

// Alone reports whether a job runs with no other job beside it: the jobs
// whose results hold wall-clock times (Tables 3 and 5), so that the times
// are those of a job alone on the machine, and Figure 10, whose matrices
// of the training images take most of the memory (runFig10).
func Alone(j spec.Job) bool {
	return j.Table == jobTable3 || j.Table == jobTable5 || j.Table == jobFig10
}

// Normalised is cfg with the default preprocessing filled in, so that a
// configuration and its explicit form are the same jobs.
func Normalised(cfg Config) Config {
	if cfg.Prep == "" {
		cfg.Prep = ZScore
	}
	return cfg
}

// Prepare validates a job's decoded configuration and normalises it
// (spec.Paper.Prepare): it runs before every job, so it sits here, in the
// code that keys the records.
func Prepare(cfg Config) (Config, error) { return Normalised(cfg), cfg.Validate() }

// Jobs lists the units of work of the report's Run(cfg), each a record in
// the results store: the numerical checks; one job per preprocessing and
// data set of Figure 1; one per data set and outer fold of the nested CV of
// Figures 3–5 (and per outer fold of the protocol check on
// Config.PaperCheck); one per data set of Figure 6 and one for its weight
// spread (§5.2); Figures 7, 8 and 9 one job each; one per data set of Table
// 3; Figure 10 (MNIST, every D and the RBF baseline, which share their Gram
// matrices) as one job; Table 5 on raw and on deskewed images and one per
// point of its learning curve (Config.T5Curve); one per data set and column
// of Table 4 (K_MKL, then gHKL_ρ for each node kernel and ρ); the Algorithm
// 1 convergence check. Every job carries cfg, so a changed configuration is
// new jobs. Parts the configuration switches off (MNISTTrain = 0, T5Train =
// 0, T4Outer = 0) have no jobs.
func Jobs(cfg Config) []spec.Job {
	cfg = Normalised(cfg)
	job := spec.Maker{Paper: JobsPaper, Config: cfg}.Job
	js := []spec.Job{job(JobChecks, "checks", "synthetic and UCI", 0, nil)}
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
			js = append(js, job(jobCV, MethodPaperCV, cfg.PaperCheck, f, nil))
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
			job(jobTable5, MethodDeskew, "MNIST deskewed", 0, nil))
		for _, n := range cfg.T5Curve {
			js = append(js, job(jobTable5, MethodCurve, "MNIST", n, nil))
		}
	}
	if cfg.T4Outer > 0 {
		for _, n := range cfg.T4Data {
			js = append(js, job(jobTable4, MethodMKL, n, 0, nil))
			for _, nodes := range Table4Nodes(n, cfg) {
				for _, rho := range Table4Rhos {
					js = append(js, job(jobTable4, GHKLMethod(nodes, rho), n, 0,
						map[string]any{"nodes": nodes, "rho": rho}))
				}
			}
		}
	}
	return append(js, job(jobAlg1, "convergence", "Ionosphere", 0, nil))
}

// Total is the number of progress steps of Run: its number of jobs.
func Total(cfg Config) int { return len(Jobs(cfg)) }

// Table4Cell is the result of a Table 4 job: the outer-fold AUCs of one
// column on one data set and, for gHKL, the C chosen in each fold.
type Table4Cell struct {
	Scores, BestC []float64
	AtEdge        []bool
	// Uncert is, per outer fold, the number of solves not certified behind
	// its score: K_MKL's QP solves (table4MKL), gHKL's fits
	// (GHKLResult.Uncert). Solves counts every QP solve of K_MKL's column,
	// inner CVs included; GHKLFits every gHKL fit of a gHKL column,
	// GHKLUncertified those not certified and GHKLExcluded the values of C
	// they left out of inner choices (GHKLResult.Uncertified, Excluded).
	Uncert          []int  `json:",omitempty"`
	Solves          Solves `json:",omitzero"`
	GHKLFits        int    `json:",omitempty"`
	GHKLUncertified int    `json:",omitempty"`
	GHKLExcluded    int    `json:",omitempty"`
}

// GHKLMethod is the method name of the Table 4 job of gHKL_ρ with the
// given node kernels.
func GHKLMethod(nodes string, rho float64) string { return fmt.Sprintf("gHKL %s ρ=%g", nodes, rho) }

// Alg1Result is the result of the Algorithm 1 job.
type Alg1Result struct {
	D      int
	Points []Alg1Point
}

// kind is the kind of job of a table (and method, if not "") run by run,
// whose error names the job.
func kind[R any](table, method string, run func(cfg Config, j spec.Job) (R, error)) spec.Kind[Config, R] {
	return spec.Kind[Config, R]{Table: table, Method: method, Run: func(_ context.Context, cfg Config, j spec.Job) (R, error) {
		r, err := run(cfg, j)
		if err != nil {
			err = fmt.Errorf("donini2017: %s %s %s: %w", j.Table, j.Method, j.Data, err)
		}
		return r, err
	}}
}

// The expensive kinds of job, all but the checks: a curve of Figure 1, an
// outer fold of Figures 3–5, a data set of Figure 6 or its weight spread,
// Figures 7, 8 and 9, a row of Table 3, Figure 10, Table 5 (raw, deskewed
// or a point of its learning curve), a column of Table 4 on one data set,
// and the Algorithm 1 check. Their records are keyed by this package's
// code (spec.Kind.Run is defined here), so a change of the report does
// not recompute them.
var (
	KindFig1 = kind(jobFig1, "", func(cfg Config, j spec.Job) (MEBCurve, error) {
		var prep string
		if err := j.Param("prep", &prep); err != nil {
			return MEBCurve{}, err
		}
		return mebCurve(j.Data, cfg, prep)
	})
	KindCV = kind(jobCV, "", func(cfg Config, j spec.Job) (CVFold, error) {
		if j.Method == MethodPaperCV {
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
	KindFig6   = kind(jobFig6, methodFamily, func(cfg Config, j spec.Job) (RandomFamily, error) { return fig6Family(j.Data, cfg) })
	KindSpread = kind(jobFig6, methodSprd, func(cfg Config, _ spec.Job) (WeightSpread, error) { return fig6Spread(cfg) })
	KindFig7   = kind(jobFig7, "", func(cfg Config, _ spec.Job) ([]SRCurve, error) {
		return runFig7(cfg)
	})
	KindFig8 = kind(jobFig8, "", func(cfg Config, _ spec.Job) ([]Weights, error) {
		return runFig8(cfg)
	})
	KindFig9 = kind(jobFig9, "", func(cfg Config, _ spec.Job) ([]NoiseCurve, error) {
		return runFig9(cfg)
	})
	KindTable3 = kind(jobTable3, "", func(cfg Config, j spec.Job) (TimeRow, error) { return table3Row(j.Data, cfg) })
	KindFig10  = kind(jobFig10, "", func(cfg Config, _ spec.Job) (*MNISTCurve, error) {
		return runFig10(cfg)
	})
	KindTable5 = kind(jobTable5, "", func(cfg Config, j spec.Job) (*AllPairs, error) {
		n := cfg.T5Train
		if j.Method == MethodCurve {
			n = j.Split
		}
		return runTable5(cfg, n, j.Method == MethodDeskew)
	})
	KindTable4 = kind(jobTable4, "", func(cfg Config, j spec.Job) (Table4Cell, error) {
		if j.Method == MethodMKL {
			return table4MKL(j.Data, cfg.T4Outer, cfg)
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
		excluded := 0
		for _, e := range r.Excluded {
			excluded += e
		}
		return Table4Cell{Scores: r.Scores, BestC: r.BestC, AtEdge: r.AtEdge, Uncert: r.Uncert, GHKLFits: r.Fits, GHKLUncertified: r.Uncertified, GHKLExcluded: excluded}, nil
	})
	KindAlg1 = kind(jobAlg1, "", func(cfg Config, _ spec.Job) (Alg1Result, error) {
		return runAlg1(cfg)
	})
)
