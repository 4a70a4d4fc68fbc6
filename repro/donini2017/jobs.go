package donini2017

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/kernelab/kernelab/repro/donini2017/protocol"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/jobs"
)

// init registers the paper; its timed jobs (Tables 3 and 5) and Figure 10
// (protocol.Alone) run alone, with no other job beside them.
func init() {
	jobs.RegisterPaper(&jobsPaper)
	jobs.RunAlone(JobsPaper, protocol.Alone)
}

// jobsPaper is the typed job contract of the paper: one kind of job per
// table of protocol.Jobs (per method, where a table's methods differ in
// result). A job's configuration is validated and normalised before it
// runs.
var jobsPaper = jobs.Paper[Config]{Name: JobsPaper, Quick: protocol.Quick, Full: protocol.Full, Printed: protocol.PaperProtocol, Jobs: protocol.Jobs,
	Prepare: protocol.Prepare,
	Kinds: []jobs.Runner[Config]{kindChecks, protocol.KindFig1, protocol.KindCV, protocol.KindFig6, protocol.KindSpread, protocol.KindFig7, protocol.KindFig8, protocol.KindFig9,
		protocol.KindTable3, protocol.KindFig10, protocol.KindTable5, protocol.KindTable4, protocol.KindAlg1}}

// Study is the paper as its notebook opens it (nb.Open).
var Study = repro.Study[Config, *Results]{Jobs: &jobsPaper, Run: Run, Verdict: Verdict}

// ConfigFor returns the configuration of a mode: protocol.Quick,
// protocol.Full or protocol.PaperProtocol ("paper").
func ConfigFor(mode string) (Config, error) { return jobsPaper.Config(mode) }

// ChecksResult is the result of the checks job: the claims and the
// EasyMKL max–min check's points.
type ChecksResult struct {
	Checks []repro.Claim
	MaxMin []MaxMin
}

// kindChecks runs the numerical checks: a cheap kind (about 10 s in full
// mode) whose claims are built here, so it is recomputed whenever the
// report changes. The expensive kinds are protocol's.
var kindChecks = jobs.Kind[Config, ChecksResult]{Table: protocol.JobChecks,
	Run: func(_ context.Context, cfg Config, j jobs.Job) (ChecksResult, error) {
		r, err := runChecks(cfg)
		if err != nil {
			err = fmt.Errorf("donini2017: %s %s %s: %w", j.Table, j.Method, j.Data, err)
		}
		return r, err
	}}

// RunJob computes one job of protocol.Jobs.
func RunJob(ctx context.Context, j jobs.Job) (any, error) { return jobsPaper.Run(ctx, j) }

// computeJob is the runner of Run's missing jobs (RunJob; tests count its
// calls through it).
var computeJob = RunJob

// Run runs every experiment of cfg as the jobs of protocol.Jobs(cfg). A job
// already in the results store under the current code (a cluster run, an
// earlier run) is read, not recomputed, and every computed job is stored as
// it finishes, so an interrupted run resumes. The other jobs run two at a
// time; then those of protocol.Alone one at a time: the timed Tables 3 and
// 5, whose times are then those of a job alone on the machine, and Figure
// 10 for its memory. progress(done, total), if not nil, is called as each
// job ends (total = protocol.Total(cfg)).
func Run(cfg Config, progress func(done, total int)) (*Results, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	cfg = protocol.Normalised(cfg)
	start := time.Now()
	js := protocol.Jobs(cfg)
	var shared, alone []jobs.Job
	for _, j := range js {
		if protocol.Alone(j) {
			alone = append(alone, j)
		} else {
			shared = append(shared, j)
		}
	}
	st := jobs.Store{Dir: jobs.DefaultDir()}
	offset := 0
	tick := func(done, _ int, _ jobs.Job, _ bool) {
		if progress != nil {
			progress(offset+done, len(js))
		}
	}
	rawS, err := jobs.MemoAll(context.Background(), st, shared, 2, computeJob, tick)
	if err != nil {
		return nil, err
	}
	offset = len(shared)
	rawA, err := jobs.MemoAll(context.Background(), st, alone, 1, computeJob, tick)
	if err != nil {
		return nil, err
	}
	res, err := assemble(cfg, append(shared, alone...), append(rawS, rawA...))
	if err != nil {
		return nil, err
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// assemble builds the Results of cfg from its jobs' records (raw[i] is
// the record of js[i]), in the order of the parts of the paper.
func assemble(cfg Config, js []jobs.Job, raw []json.RawMessage) (*Results, error) {
	res := &Results{Mode: cfg.Mode, Prep: cfg.Prep, Inner: cfg.Inner, VGrid: cfg.VGrid, Fig6MaxN: cfg.Fig6MaxN}
	// CV folds and Table 4 columns are gathered per data set.
	cvFolds := map[string][]protocol.CVFold{}
	var paperFolds []protocol.CVFold
	t4 := map[string]protocol.Table4Cell{}
	for _, err := range []error{
		kindChecks.Each(js, raw, func(_ jobs.Job, c ChecksResult) { res.Checks, res.MaxMin = c.Checks, c.MaxMin }),
		protocol.KindFig1.Each(js, raw, func(_ jobs.Job, c protocol.MEBCurve) { res.Fig1 = append(res.Fig1, c) }),
		protocol.KindCV.Each(js, raw, func(j jobs.Job, f protocol.CVFold) {
			if j.Method == protocol.MethodPaperCV {
				paperFolds = append(paperFolds, f)
			} else {
				cvFolds[j.Data] = append(cvFolds[j.Data], f)
			}
		}),
		protocol.KindFig6.Each(js, raw, func(_ jobs.Job, rf protocol.RandomFamily) { res.Fig6 = append(res.Fig6, rf) }),
		protocol.KindSpread.Each(js, raw, func(_ jobs.Job, s protocol.WeightSpread) { res.Fig6Spread, res.Fig6SpreadSolves = s.Ratio, s.Solves }),
		protocol.KindFig7.Each(js, raw, func(_ jobs.Job, c []protocol.SRCurve) { res.Fig7 = c }),
		protocol.KindFig8.Each(js, raw, func(_ jobs.Job, w []protocol.Weights) { res.Fig8 = w }),
		protocol.KindFig9.Each(js, raw, func(_ jobs.Job, c []protocol.NoiseCurve) { res.Fig9 = c }),
		protocol.KindTable3.Each(js, raw, func(_ jobs.Job, r protocol.TimeRow) { res.Table3 = append(res.Table3, r) }),
		protocol.KindFig10.Each(js, raw, func(_ jobs.Job, c *protocol.MNISTCurve) { res.Fig10 = c }),
		protocol.KindTable5.Each(js, raw, func(j jobs.Job, a *AllPairs) {
			switch j.Method {
			case protocol.MethodDeskew:
				res.Table5Deskewed = a
			case protocol.MethodCurve:
				if a == nil {
					a = &AllPairs{}
				}
				res.Table5Curve = append(res.Table5Curve, *a)
			default:
				res.Table5 = a
			}
		}),
		protocol.KindTable4.Each(js, raw, func(j jobs.Job, c protocol.Table4Cell) { t4[j.Data+"/"+j.Method] = c }),
		protocol.KindAlg1.Each(js, raw, func(_ jobs.Job, a protocol.Alg1Result) { res.Alg1D, res.Alg1 = a.D, a.Points }),
	} {
		if err != nil {
			return nil, fmt.Errorf("donini2017: %w", err)
		}
	}
	for _, n := range cfg.CVData {
		c, err := protocol.CombineCV(cvFolds[n], cfg)
		if err != nil {
			return nil, fmt.Errorf("donini2017: Figures 3–5: %s: %w", n, err)
		}
		c.Data = n
		res.CV = append(res.CV, c)
	}
	if cfg.PaperCheck != "" {
		c, err := protocol.CombineCV(paperFolds, cfg)
		if err != nil {
			return nil, fmt.Errorf("donini2017: Figures 3–5 with the paper's inner folds and v grid: %w", err)
		}
		c.Data = cfg.PaperCheck
		res.CVPaperCheck = &c
	}
	if cfg.T4Outer > 0 {
		for _, n := range cfg.T4Data {
			for _, nodes := range protocol.Table4Nodes(n, cfg) {
				mk := t4[n+"/"+protocol.MethodMKL]
				row := protocol.GHKLRow{Data: n, Nodes: nodes, AUC: [][]float64{mk.Scores}, BestC: [][]float64{nil}, AtEdge: [][]bool{nil},
					MKLUncert: mk.Uncert, MKLSolves: mk.Solves, GHKLUncert: [][]int{nil}}
				for _, rho := range protocol.Table4Rhos {
					c := t4[n+"/"+protocol.GHKLMethod(nodes, rho)]
					row.AUC = append(row.AUC, c.Scores)
					row.BestC = append(row.BestC, c.BestC)
					row.AtEdge = append(row.AtEdge, c.AtEdge)
					row.GHKLUncert = append(row.GHKLUncert, c.Uncert)
					row.GHKLFits += c.GHKLFits
					row.GHKLUncertified += c.GHKLUncertified
					row.GHKLExcluded += c.GHKLExcluded
				}
				res.Table4 = append(res.Table4, row)
			}
		}
	}
	return res, nil
}

// Results are the numbers behind the verdict (JSON-serialisable).
type Results struct {
	Mode, Prep string
	Checks     []repro.Claim
	MaxMin     []MaxMin
	Alg1       []protocol.Alg1Point
	Alg1D      int
	Fig1       []protocol.MEBCurve
	CV         []protocol.CVCurves
	// Inner and VGrid are the inner folds and grid of v of Figures 3–5
	// (Config.Inner, Config.VGrid).
	Inner int
	VGrid []float64
	// CVPaperCheck is Figures 3–5 on Config.PaperCheck with the paper's
	// 10 inner folds and grid of v (protocol.PaperVGrid) instead of Config.Inner
	// and Config.VGrid, on the same outer folds.
	CVPaperCheck *protocol.CVCurves
	Fig6         []protocol.RandomFamily
	// Fig6MaxN is the number of Abalone's rows Figure 6 keeps (a seeded
	// subset; 0: all), Config.Fig6MaxN.
	Fig6MaxN int
	// Fig6Spread is max/min of EasyMKL's weights on R_6 and Q_6 (Ionosphere).
	Fig6Spread [2]float64
	// Fig6SpreadSolves counts the QP solves of the two fits behind
	// Fig6Spread (protocol.WeightSpread).
	Fig6SpreadSolves protocol.Solves
	Fig7             []protocol.SRCurve
	Fig8             []protocol.Weights
	Fig9             []protocol.NoiseCurve
	Table3           []protocol.TimeRow
	Fig10            *protocol.MNISTCurve
	Table5           *AllPairs
	// Table5Deskewed is Table 5's "Our deskewed" column (same images,
	// deskewed).
	Table5Deskewed *AllPairs
	// Table5Curve is the learning curve of Table 5's raw column: the same
	// protocol on the first Config.T5Curve training images.
	Table5Curve []AllPairs
	Table4      []protocol.GHKLRow
	Elapsed     time.Duration
}
