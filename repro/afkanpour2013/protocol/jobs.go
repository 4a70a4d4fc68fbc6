package protocol

import (
	"context"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/repro/jobs/spec"
)

// JobsPaper is the name under which the experiments are registered with
// repro/jobs, so `kernelab run afkanpour2013 --shard i/N` computes them on
// a cluster into the store the notebook reads.
const JobsPaper = "afkanpour2013"

// Table ids of the jobs.
const (
	JobChecks  = "Checks"
	JobH1      = "H1 table"
	JobFigure1 = "Figure 1(b)"
)

// dataName names the synthetic problem of Section 3.1 in the job specs.
const dataName = "sine-frequency"

// frequencyNames label Frequencies in the H1 job names.
var frequencyNames = []string{"√2", "√12", "√60"}

// Jobs lists the units of work of the report's Run(cfg), each a record in the results
// store: the numerical checks, one job per row of the H1 table (an SVM on
// the uniform combination of the row's Dirichlet kernels) on draw 0 of the
// sine problem, and on each draw d (Split d, parameter "seed" =
// SineSeed(cfg.Seed, d)) one job per method of Figure 1(b) (CA, CR, DA, D1,
// D2, DU, each with its hyper-parameter chosen on the validation sample)
// and, from draw 1 on, the H1 table's last row (the three-frequency SVM
// that Figure 1(b) compares CA and CR with). Every job carries cfg, so a
// changed configuration is a new job.
func Jobs(cfg Config) []spec.Job {
	mk := spec.Maker{Paper: JobsPaper, Config: cfg}
	job := func(table, method string, extra map[string]any) spec.Job {
		return mk.Job(table, method, dataName, 0, extra)
	}
	js := []spec.Job{job(JobChecks, "checks", nil)}
	h1 := func(r, d int) spec.Job {
		var names []string
		for _, i := range H1Sets[r] {
			names = append(names, frequencyNames[i])
		}
		j := job(JobH1, "SVM σ∈{"+strings.Join(names, ",")+"}", map[string]any{"row": r, "seed": SineSeed(cfg.Seed, d)})
		j.Split = d
		return j
	}
	for r := range H1Sets {
		js = append(js, h1(r, 0))
	}
	for d := range cfg.NumDraws() {
		if d > 0 {
			js = append(js, h1(len(H1Sets)-1, d))
		}
		for _, m := range Methods {
			j := job(JobFigure1, m, map[string]any{"seed": SineSeed(cfg.Seed, d)})
			j.Split = d
			js = append(js, j)
		}
	}
	specs := taskSpecs(cfg)
	for k, s := range specs {
		for rep := 0; rep < s.reps; rep++ {
			for _, m := range append(TableMethods(s.table), ExtraMethods(s.table)...) {
				if cfg.CRReps > 0 && rep >= cfg.CRReps && (m == "CR" || m == MethodCRDC) {
					continue
				}
				extra := map[string]any{"seed": taskSeed(cfg, k, rep)}
				for key, v := range s.params {
					extra[key] = v
				}
				j := job(s.table, m, extra)
				j.Data, j.Split = s.task, rep
				js = append(js, j)
			}
		}
	}
	for _, s := range figure3Tasks(cfg) {
		k := slices.IndexFunc(specs, func(o taskSpec) bool { return o.table == s.table && o.task == s.task })
		extra := map[string]any{"seed": taskSeed(cfg, k, 0), "task": s.task, "from": s.table}
		j := job(JobFigure3, "CA-1D", extra)
		j.Data = s.task
		js = append(js, j)
	}
	return js
}

// Total is the number of progress steps of the report's Run: its number of jobs.
func Total(cfg Config) int { return len(Jobs(cfg)) }

// MethodResult is the record of one method of Figure 1(b): its test error
// in percent, the C (μ for CR) chosen on validation and, for CA and CR, the
// learned frequencies.
type MethodResult struct {
	Error, Chosen float64
	Atoms         []Atom `json:",omitempty"`
	// Sweep counts, for the methods that choose an SVM's C on validation,
	// the fits of the C grid and those excluded from the choice for
	// stopping at SMO's iteration cap (selectC); for CR, the fits of the μ
	// grid and those excluded for stopping at the step cap (since
	// 2026-12-02).
	Sweep
	// Fall is, for CA, the largest fall of its training alignment between
	// stages (TaskResult.Fall).
	Fall float64 `json:",omitempty"`
	// Capped is, for CR, whether the model chosen on validation stopped at
	// Greedy's step cap (continuous.DefaultMaxSteps) rather than by the
	// test of Eq. (10) (Argyriou et al. 2006); for CA, whether CA stopped at
	// its stage cap T rather than by its gain test θ (since 2026-12-01).
	Capped bool `json:",omitempty"`
}

// H1Result is the record of one row of the H1 table on one draw: the test
// error in percent, the C chosen on validation and the counts of its C
// sweep (capped fits excluded: selectC).
type H1Result struct {
	Error, Chosen float64
	Sweep
}

// ChoiceGrid is the grid from which method m of Figure 1(b) chooses its
// hyper-parameter on the validation sample: μ (Mus) for CR, the SVM's C
// (Cs) for the others.
func (cfg Config) ChoiceGrid(m string) []float64 {
	if m == "CR" {
		return cfg.Mus
	}
	return cfg.Cs
}

// FullDraws is the number of independent draws of the sine problem in
// full and paper mode: enough for Figure 1(b)'s paired tests over draws.
const FullDraws = 10

// NumDraws is cfg.Draws, at least one.
func (cfg Config) NumDraws() int { return max(cfg.Draws, 1) }

// SineSeed is the seed of draw d of the sine problem under the
// configuration seed seed: seed + 10d. Its training, validation and test
// samples take SineSeed, SineSeed+1 and SineSeed+2, so the draws share no
// sample; draw 0 is the single draw of earlier versions (seed, seed+1,
// seed+2).
func SineSeed(seed uint64, d int) uint64 { return seed + 10*uint64(d) }

// samples draws the training, validation and test samples of a draw of
// the sine problem (three independent draws, seeds seed, seed+1, seed+2).
func samples(cfg Config, seed uint64) (tr, val, te sample, err error) {
	if tr, err = draw(cfg.Train, seed); err != nil {
		return
	}
	if val, err = draw(cfg.Val, seed+1); err != nil {
		return
	}
	te, err = draw(cfg.Test, seed+2)
	return
}

// sineSeed reads the seed of a sine-problem job; it has one.
func sineSeed(j spec.Job) (uint64, error) {
	if _, ok := j.Params["seed"]; !ok {
		return 0, klearn.Errorf(klearn.ErrParam, "afkanpour2013: job %s has no seed", j.Name())
	}
	var seed uint64
	return seed, j.Param("seed", &seed)
}

// The kinds of job: the checks, an H1 row (H1Result), a Figure 1(b)
// method and the H curves of a Figure 3 task.
var (
	KindH1 = spec.Kind[Config, H1Result]{Table: JobH1,
		Run: func(_ context.Context, cfg Config, j spec.Job) (H1Result, error) {
			var r int
			if err := j.Param("row", &r); err != nil {
				return H1Result{}, err
			}
			if r < 0 || r >= len(H1Sets) {
				return H1Result{}, klearn.Errorf(klearn.ErrParam, "afkanpour2013: H1 row %d of %d", r, len(H1Sets))
			}
			seed, err := sineSeed(j)
			if err != nil {
				return H1Result{}, err
			}
			return h1Row(cfg, r, seed)
		}}
	KindFigure1 = spec.Kind[Config, MethodResult]{Table: JobFigure1,
		Run: func(_ context.Context, cfg Config, j spec.Job) (MethodResult, error) {
			seed, err := sineSeed(j)
			if err != nil {
				return MethodResult{}, err
			}
			for m, name := range Methods {
				if name == j.Method {
					return method(cfg, m, seed)
				}
			}
			return MethodResult{}, klearn.Errorf(klearn.ErrParam, "afkanpour2013: no Figure 1(b) method %q", j.Method)
		}}
	KindFigure3 = spec.Kind[Config, []HCurve]{Table: JobFigure3,
		Run: func(_ context.Context, cfg Config, j spec.Job) ([]HCurve, error) {
			var from string
			if err := j.Param("from", &from); err != nil {
				return nil, err
			}
			j.Table = from
			p, err := taskProblem(cfg, j)
			if err != nil {
				return nil, err
			}
			s, err := medianDistance(p.tr.X)
			if err != nil {
				return nil, err
			}
			return hCurves(from+" "+j.Data, p.tr, p.starts, cfg.HStages, cfg.HPoints, s/100, 100*s)
		}}
)

// The kinds of job of the task tables (TaskTables): one method on one
// repetition of a task. They are built here, not by the report, so that
// their Run is of this package (which keys their records).
var (
	KindFigure2 = kindTask(JobFigure2)
	KindMNIST   = kindTask(JobMNIST)
	KindLetter  = kindTask(JobLetter)
	KindUCI     = kindTask(JobUCI)
)

// TaskKinds are the kinds of TaskTables, in their order.
var TaskKinds = []spec.Kind[Config, TaskResult]{KindFigure2, KindMNIST, KindLetter, KindUCI}

// kindTask is the kind of job of a task table.
func kindTask(table string) spec.Kind[Config, TaskResult] {
	return spec.Kind[Config, TaskResult]{Table: table, Run: func(_ context.Context, cfg Config, j spec.Job) (TaskResult, error) {
		p, err := taskProblem(cfg, j)
		if err != nil {
			return TaskResult{}, err
		}
		if !slices.Contains(TableMethods(j.Table), j.Method) && !slices.Contains(ExtraMethods(j.Table), j.Method) {
			return TaskResult{}, klearn.Errorf(klearn.ErrParam, "afkanpour2013: no %s method %q", j.Table, j.Method)
		}
		return runTask(j.Method, p, cfg.TaskCs, cfg.TaskMus)
	}}
}

// h1Row is row r of the H1 table on the draw of the sine problem with the
// given seed: the SVM on the uniform combination of the row's Dirichlet
// kernels, C chosen on validation among the converged fits (svmOn).
func h1Row(cfg Config, r int, seed uint64) (H1Result, error) {
	tr, val, te, err := samples(cfg, seed)
	if err != nil {
		return H1Result{}, err
	}
	var sig []float64
	for _, i := range H1Sets[r] {
		sig = append(sig, Frequencies[i])
	}
	g, err := gramsOf(uniform(sig), tr, val, te)
	if err != nil {
		return H1Result{}, err
	}
	ch, err := svmOn(g, cfg.Cs, tr, val, te)
	return H1Result{ch.test, ch.value, ch.sweep}, err
}

// method runs method m (an index into Methods) of Figure 1(b) on the draw
// of the sine problem with the given seed.
//
// Stated by the paper (Section 3.1, Section 3, footnotes 3 and 6,
// Supplement B.2): x ∼ U[−10, 10], y = sign f, three samples of 500, 500
// and 1000 points, κ_σ = 1 + 2cos(σ|x − x'|); CA's Algorithm 1 with
// T = 50, ε = 10⁻¹⁰, θ = 10⁻³ and η_max = 1, stopping at the first stage
// that gains no more than θ (stagewise's defaults); an SVM on CA's kernel
// and on the finite sets, its C chosen on the validation sample from
// 10^{−5:0.5:5}; CR's μ chosen on the validation sample; the finite set
// σ ∈ {0, …, 9}; the three-frequency SVM (h1Row) with uniform weights.
//
// Our choices, the paper silent: σ searched over [0, 10] (it holds √2,
// √12, √60 and the finite set's range) by a bounded quasi-Newton method
// from the restarts 0.5, 1.5, …, 9.5 (continuous.Dirichlet's defaults; the
// paper runs fmincon's interior-point method and gives restarts only for
// the Gaussian bandwidths, 10^{−3…5}: a substitute optimiser, not its
// solver); CR's μ grid (Config.Mus, flagged when chosen at an edge:
// AtGridEdge), its cap of 50 steps (μ is chosen among the fits stopped by
// the test of Eq. (10), the capped ones competing only when none did, and
// a chosen model stopped by the cap is recorded: MethodResult.Capped) and relative tolerance 10⁻⁶ on the
// test of Eq. (10) (continuous.Greedy's defaults) and no initial kernel;
// the weights of CA's kernel rescaled to sum to one (the alignment is
// scale-free; the rescaling gives C its usual meaning); the SVM with a
// bias; the first of equal validation errors kept (selectC); only the fits
// whose SVM (for D1 and D2 the last one of the MKL wrapper, the one that
// predicts) SMO solved within its iteration cap, and whose own solver
// (alignf's QP, ℓp-norm MKL's θ updates) stopped at opt.Success
// (finiteFit), compete for C, the
// others counted (MethodResult.Sweep; since 2026-12-01, after an audit
// found capped fits chosen at C = 10⁵: selectC); and the number of draws
// (FullDraws).
func method(cfg Config, m int, seed uint64) (MethodResult, error) {
	tr, val, te, err := samples(cfg, seed)
	if err != nil {
		return MethodResult{}, err
	}
	var res MethodResult
	switch Methods[m] {
	case "CA":
		// The kernel does not depend on C: it is learned once, its Gram
		// matrices computed once, and the SVM chosen on validation.
		ca, err := caKernel(continuous.Dirichlet{}, tr, &res.Fall)
		if err != nil {
			return res, err
		}
		res.Capped = ca.Status() != opt.Success
		for _, a := range ca.Atoms() {
			res.Atoms = append(res.Atoms, Atom{a.Eta, a.Sigma[0]})
		}
		g := grams{K: ca.TrainGram()}
		if g.Kval, err = kernel.Cross(ca.Kernel(), val.X, tr.X); err != nil {
			return res, err
		}
		if g.Kte, err = kernel.Cross(ca.Kernel(), te.X, tr.X); err != nil {
			return res, err
		}
		ch, err := svmOn(g, cfg.Cs, tr, val, te)
		res.Error, res.Chosen, res.Sweep = ch.test, ch.value, ch.sweep
		return res, err
	case "CR":
		// The greedy algorithm with its own square-loss predictor, μ on validation.
		// The μ whose fits stopped by the test of Eq. (10) compete (only
		// when none did, the capped ones: selectC), and a chosen model
		// stopped at Greedy's step cap is recorded (Capped).
		models := map[float64]*continuous.GreedyModel{}
		ch, err := selectC(cfg.Mus, false, func(mu float64) (fitted, error) {
			gm, err := continuous.Greedy{Family: continuous.Dirichlet{}, Mu: mu}.Fit(tr.X, tr.y)
			if err != nil {
				return fitted{}, err
			}
			models[mu] = gm
			pv, err := gm.Predict(val.X)
			if err != nil {
				return fitted{}, err
			}
			pt, err := gm.Predict(te.X)
			return fitted{pv, pt, greedyCapped(gm, false)}, err
		}, val.y, te.y)
		if err != nil {
			return res, err
		}
		res.Error, res.Chosen, res.Capped, res.Sweep = ch.test, ch.value, ch.capped, ch.sweep
		for _, a := range models[res.Chosen].Atoms() {
			res.Atoms = append(res.Atoms, Atom{a.Weight, a.Params[0]})
		}
		return res, nil
	case "DU":
		var sig []float64
		for s := 0; s < 10; s++ {
			sig = append(sig, float64(s))
		}
		g, err := gramsOf(uniform(sig), tr, val, te)
		if err != nil {
			return res, err
		}
		ch, err := svmOn(g, cfg.Cs, tr, val, te)
		res.Error, res.Chosen, res.Sweep = ch.test, ch.value, ch.sweep
		return res, err
	}
	// The finite-set methods on the ten Dirichlet kernels σ ∈ {0, …, 9}
	// (finiteFit).
	fit, ok := finiteFit(Methods[m], tr.y)
	if !ok {
		return res, klearn.Errorf(klearn.ErrParam, "afkanpour2013: no method %q", Methods[m])
	}
	Ks := make([]*mat.SymDense, 10)
	Kv, Kt := make([]*mat.Dense, 10), make([]*mat.Dense, 10)
	for s := range Ks {
		g, err := gramsOf(kernel.Dirichlet{Sigma: float64(s)}, tr, val, te)
		if err != nil {
			return res, err
		}
		Ks[s], Kv[s], Kt[s] = g.K, g.Kval, g.Kte
	}
	ch, err := selectC(cfg.Cs, true, func(C float64) (fitted, error) {
		fm, capped, err := fit(Ks, C)
		if err != nil {
			return fitted{}, err
		}
		pv, err := fm.PredictGrams(Kv)
		if err != nil {
			return fitted{}, err
		}
		pt, err := fm.PredictGrams(Kt)
		return fitted{pv, pt, capped}, err
	}, val.y, te.y)
	res.Error, res.Chosen, res.Sweep = ch.test, ch.value, ch.sweep
	return res, err
}
