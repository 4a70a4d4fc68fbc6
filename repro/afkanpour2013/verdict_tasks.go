package afkanpour2013

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/stattest"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/afkanpour2013/protocol"
)

// groupTable maps the Table 2 groups to their job tables.
var groupTable = map[string]string{"MNIST": protocol.JobMNIST, "Letter": protocol.JobLetter, "11 data sets": protocol.JobUCI}

// metric picks a number of a TaskResult.
type metric func(protocol.TaskResult) float64

func errorOf(r protocol.TaskResult) float64     { return r.Error }
func alignmentOf(r protocol.TaskResult) float64 { return r.Alignment }
func secondsOf(r protocol.TaskResult) float64   { return r.Seconds }

// pairsOf returns, for method, the metric on every (task, repetition) of
// table whose task passes keep, in a fixed order (task, then repetition),
// so that two methods' slices are paired.
func pairsOf(res *Results, table, method string, keep func(task string) bool, f metric) []float64 {
	type key struct {
		task string
		rep  int
	}
	var ks []key
	vals := map[key]float64{}
	for _, r := range res.Tasks {
		if r.Table == table && r.Method == method && (keep == nil || keep(r.Task)) {
			k := key{r.Task, r.Rep}
			ks = append(ks, k)
			vals[k] = f(r.TaskResult)
		}
	}
	sort.Slice(ks, func(i, j int) bool {
		if ks[i].task != ks[j].task {
			return ks[i].task < ks[j].task
		}
		return ks[i].rep < ks[j].rep
	})
	out := make([]float64, len(ks))
	for i, k := range ks {
		out[i] = vals[k]
	}
	return out
}

// tasksOf lists the tasks of table in the order they were run.
func tasksOf(res *Results, table string) []string {
	var out []string
	for _, r := range res.Tasks {
		if r.Table == table && !slices.Contains(out, r.Task) {
			out = append(out, r.Task)
		}
	}
	return out
}

// taskMean is the mean of the metric of method over the repetitions of
// one task (NaN when it was not run).
func taskMean(res *Results, table, task, method string, f metric) float64 {
	var s float64
	n := 0
	for _, r := range res.Tasks {
		if r.Table == table && r.Task == task && r.Method == method {
			s += f(r.TaskResult)
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return s / float64(n)
}

// MedianRanks is Table 2's rank row of table: per task, the methods run
// are ranked by mean test error over the repetitions (1 best, ties
// averaged); the median over the tasks is taken. Methods not run are NaN.
func MedianRanks(res *Results, table string) []float64 {
	methods := protocol.TableMethods(table)
	ranks := make([][]float64, len(TaskMethods))
	for _, task := range tasksOf(res, table) {
		errs := make([]float64, len(methods))
		for i, m := range methods {
			errs[i] = taskMean(res, table, task, m, errorOf)
		}
		for i, r := range metrics.Ranks(errs) {
			k := slices.Index(TaskMethods, methods[i])
			ranks[k] = append(ranks[k], r)
		}
	}
	out := make([]float64, len(TaskMethods))
	for k, rs := range ranks {
		out[k] = median(rs)
	}
	return out
}

// median is stattest.Median, NaN for no value (a method not run).
func median(xs []float64) float64 {
	m, err := stattest.Median(xs)
	if err != nil {
		return math.NaN()
	}
	return m
}

// MeanTimes is Table 2's time row of table: per method, the mean over the
// tasks of the per-task mean seconds, with its standard error over the
// tasks (NaN for methods not run).
func MeanTimes(res *Results, table string) [][2]float64 {
	out := make([][2]float64, len(TaskMethods))
	for k, m := range TaskMethods {
		var ts []float64
		for _, task := range tasksOf(res, table) {
			if v := taskMean(res, table, task, m, secondsOf); !math.IsNaN(v) {
				ts = append(ts, v)
			}
		}
		out[k] = [2]float64{math.NaN(), math.NaN()}
		if v, err := repro.Summarize(ts); err == nil {
			out[k] = [2]float64{v.Mean, 0}
			if len(ts) > 1 {
				out[k][1] = v.Std / math.Sqrt(float64(len(ts)))
			}
		}
	}
	return out
}

// pairedOf returns the metric of methods a and b on the (task,
// repetition) pairs of table that both ran (CR runs fewer repetitions,
// Config.CRReps) and keep passes, ordered by task, then repetition.
func pairedOf(res *Results, table, a, b string, keep func(string) bool, f metric) (x, y []float64) {
	type key struct {
		task string
		rep  int
	}
	va, vb := map[key]float64{}, map[key]float64{}
	for _, r := range res.Tasks {
		if r.Table != table || (keep != nil && !keep(r.Task)) {
			continue
		}
		switch r.Method {
		case a:
			va[key{r.Task, r.Rep}] = f(r.TaskResult)
		case b:
			vb[key{r.Task, r.Rep}] = f(r.TaskResult)
		}
	}
	var ks []key
	for k := range va {
		if _, ok := vb[k]; ok {
			ks = append(ks, k)
		}
	}
	sort.Slice(ks, func(i, j int) bool {
		if ks[i].task != ks[j].task {
			return ks[i].task < ks[j].task
		}
		return ks[i].rep < ks[j].rep
	})
	for _, k := range ks {
		x, y = append(x, va[k]), append(y, vb[k])
	}
	return x, y
}

// decideBetter decides "a is better than b" on the (task, repetition)
// pairs of table both ran, by the criterion crit (repro.Better); a test
// that cannot run leaves the part undecided, with the reason.
func decideBetter(res *Results, table, crit, a, b string, keep func(string) bool, f metric, higher bool) repro.Part {
	x, y := pairedOf(res, table, a, b, keep, f)
	c := criterion(crit)
	name := a + " vs " + b
	p, err := repro.Better(name, x, y, c.Test, c.Level(), higher, c.Delta)
	if err != nil {
		return repro.Part{Name: name, Outcome: repro.Undecided, Detail: "no test: " + err.Error()}
	}
	return p
}

// betterThanEach is decideBetter of a against each of others.
func betterThanEach(res *Results, table, crit, a string, others []string, keep func(string) bool, f metric, higher bool) []repro.Part {
	var out []repro.Part
	for _, b := range others {
		out = append(out, decideBetter(res, table, crit, a, b, keep, f, higher))
	}
	return out
}

// logSecondsOf is log10 of the seconds of a run (the time criteria
// compare ratios).
func logSecondsOf(r protocol.TaskResult) float64 { return math.Log10(r.Seconds) }

// gammaOf parses a Figure 2 task name "γ=10".
func gammaOf(task string) float64 {
	g, err := strconv.ParseFloat(strings.TrimPrefix(task, "γ="), 64)
	if err != nil {
		return math.NaN()
	}
	return g
}

// taskClaims are the verdicts of Figures 2, 3, 4 and Table 2.
func taskClaims(res *Results) []repro.Claim {
	var out []repro.Claim
	notRun := func(id, what string) {
		out = append(out, repro.NotRunClaim(id, repro.Experiment, what, "not in the configuration of this mode"))
	}
	oneD := []string{"CA-1D", "CR", "DA", "D1", "D2", "DU"}

	// Figures 2 and 4: the 50-D Gaussian problem.
	if gs := tasksOf(res, protocol.JobFigure2); len(gs) == 0 {
		notRun("Figure 2", "50-D Gaussian relevance problem: error and time against γ")
		notRun("Figure 4", "50-D Gaussian relevance problem: test alignment against γ")
	} else {
		large := func(t string) bool { return gammaOf(t) >= 10 }
		small := func(t string) bool { return gammaOf(t) <= SmallGamma }
		out = append(out, repro.Claim{ID: "Figure 2 CA-nD", Kind: repro.Experiment,
			Statement: "only CA-nD copes with large γ: at γ ≥ 10 it has a lower error than every 1-D method",
			Paper:     "CA-nD's error falls as γ grows while the 1-D methods' rises (plot, no numbers)", Tolerance: "over (γ ≥ 10, repetition)",
			Reason: "a 1-D method is as good (a tie) or better at large γ"}.Decide(betterThanEach(res, protocol.JobFigure2, "error-better", "CA-nD", oneD, large, errorOf, false)...))
		// The 1-D methods degrade as γ grows: a trend over (γ, repetition).
		var parts []repro.Part
		for _, m := range oneD {
			var x, y []float64
			for _, r := range res.Tasks {
				if r.Table == protocol.JobFigure2 && r.Method == m {
					x, y = append(x, gammaOf(r.Task)), append(y, r.Error)
				}
			}
			p, err := repro.Trend(m, x, y, true, criterion("error-trend").Level())
			if err != nil {
				p = repro.Part{Name: m, Outcome: repro.Undecided, Detail: "no test: " + err.Error()}
			}
			parts = append(parts, p)
		}
		out = append(out, repro.Claim{ID: "Figure 2 1-D", Kind: repro.Experiment, Statement: "the 1-D methods degrade as γ grows",
			Paper:  "rising error curves (plot, no numbers)",
			Reason: "every γ is a rotation of the γ = 0 problem, and a 1-D method is rotation-equivariant (see the notebook)"}.Decide(parts...))
		out = append(out, repro.Claim{ID: "Figure 2 λ = 0", Kind: repro.Statement, Statement: "without regularisation (λ = 0) CA-nD overfits at small γ",
			Paper: "\"drastically overfits (for small values of γ)\" (no numbers)", Tolerance: fmt.Sprintf("over (γ ≤ %g, repetition)", SmallGamma),
			Reason: "the unregularised CA-nD is not shown worse"}.Decide(decideBetter(res, protocol.JobFigure2, "error-better", "CA-nD", protocol.MethodUnreg, small, errorOf, false)))
		out = append(out, repro.Claim{ID: "Figure 2 time", Kind: repro.Experiment, Statement: "CA-nD is slower than CA-1D (the CV over λ and the 50-D search)",
			Paper: "slower (plot, no numbers)", Tolerance: "over (γ, repetition)", Reason: "CA-nD was not shown slower"}.Decide(
			decideBetter(res, protocol.JobFigure2, "time-better", "CA-1D", "CA-nD", nil, logSecondsOf, false)))
		out = append(out, repro.Claim{ID: "Figure 4 CA-nD", Kind: repro.Experiment, Statement: "CA-nD has the highest test alignment for large γ",
			Paper: "an edge for large γ (plot, no numbers)", Tolerance: "over (γ ≥ 10, repetition)",
			Reason: "a 1-D method reaches CA-nD's alignment at large γ"}.Decide(betterThanEach(res, protocol.JobFigure2, "alignment-better", "CA-nD", oneD, large, alignmentOf, true)...))
		x, y := pairedOf(res, protocol.JobFigure2, "DA", "CA-1D", nil, alignmentOf)
		eq, err := repro.Equal("DA vs CA-1D", x, y, criterion("alignment-equal").Margin, criterion("alignment-equal").Level())
		if err != nil {
			eq = repro.Part{Name: "DA vs CA-1D", Outcome: repro.Undecided, Detail: "no test: " + err.Error()}
		}
		out = append(out, repro.Claim{ID: "Figure 4 DA", Kind: repro.Experiment, Statement: "DA reaches the same test alignment as CA-1D (the 50 geometric bandwidths are fine enough)",
			Paper: "same alignment (plot, no numbers)", Tolerance: "over (γ, repetition)", Reason: "equivalence within the margin is not shown"}.Decide(eq))
		quickSubset(res, out, 10*len(protocol.GammasPaper), protocol.JobFigure2)
	}

	// Table 2.
	var ranIn []string
	for _, g := range Table2Groups {
		if len(tasksOf(res, groupTable[g])) > 0 {
			ranIn = append(ranIn, g)
		}
	}
	if len(ranIn) == 0 {
		notRun("Table 2", "median ranks and running times on MNIST, Letter and the 11 data sets of Table 3")
		return append(append(out, ascentClaim(res)), figure3Claims(res)...)
	}
	out = append(out, ranksClaim(res, ranIn))

	// The continuous CA-1D beats the finite methods.
	var parts []repro.Part
	for _, g := range ranIn {
		for _, p := range betterThanEach(res, groupTable[g], "error-better", "CA-1D", []string{"DA", "D1", "D2", "DU"}, nil, errorOf, false) {
			p.Name = g + ": " + p.Name
			parts = append(parts, p)
		}
	}
	out = append(out, repro.Claim{ID: "Table 2 continuous", Kind: repro.Statement, Statement: "the continuous CA-1D beats the methods on a finite kernel set (DA, D1, D2, DU)",
		Paper: "CA-1D has median rank 1 on MNIST and Letter", Tolerance: "over (task, repetition)",
		Reason: "a finite-set method is as good as CA-1D (a tie) or better"}.Decide(parts...))
	quickSubset(res, out[len(out)-1:], 10*(len(protocol.MNISTTasks)+len(protocol.LetterTasks)+len(UCISets)), protocol.JobMNIST, protocol.JobLetter, protocol.JobUCI)

	// Running times: the order of the methods.
	var timeParts []repro.Part
	for _, g := range ranIn {
		t := MeanTimes(res, groupTable[g])
		at := func(m string) float64 { return t[slices.Index(TaskMethods, m)][0] }
		var row []string
		for i, m := range TaskMethods {
			if !math.IsNaN(t[i][0]) {
				p := "N/A"
				if pt, ok := Table2Time[g]; ok && !math.IsNaN(pt[i][0]) {
					p = fmt.Sprintf("%g ± %g", pt[i][0], pt[i][1])
				} else if !ok {
					p = "not printed"
				}
				row = append(row, fmt.Sprintf("%s %.2f ± %.2f s (paper %s)", m, t[i][0], t[i][1], p))
			}
		}
		times := strings.Join(row, ", ")
		timeParts = append(timeParts,
			repro.Check(g+": DU fastest", !slices.ContainsFunc(TaskMethods, func(m string) bool { return at(m) < at("DU") }), times),
			repro.Check(g+": CA-1D fastest of the rest", !slices.ContainsFunc([]string{"CR", "DA", "D1", "D2"}, func(m string) bool { return at(m) < at("CA-1D") }), ""),
			repro.Check(g+": CR slowest of the 1-D methods", !slices.ContainsFunc(oneD, func(m string) bool { return at(m) > at("CR") }), ""),
			repro.Check(g+": one-stage D1, D2 slower than two-stage DA", at("D1") > at("DA") && at("D2") > at("DA"), ""))
	}
	out = append(out, repro.Claim{ID: "Table 2 time", Kind: repro.Experiment, Statement: "DU is fastest, CA-1D the fastest of the rest, CR the slowest 1-D method, the one-stage D1 and D2 slower than the two-stage DA",
		Paper:     "Table 2's mean times (MNIST, Letter)",
		Tolerance: "order of the mean times per task (4 checks per group)", Reason: "some of the order differs"}.Decide(timeParts...))

	// The DC version of CR is faster (Letter).
	if len(tasksOf(res, protocol.JobLetter)) > 0 {
		p := decideBetter(res, protocol.JobLetter, "time-better", protocol.MethodCRDC, "CR", nil, logSecondsOf, false)
		x, y := pairedOf(res, protocol.JobLetter, protocol.MethodCRDC, "CR", nil, secondsOf)
		c := repro.Claim{ID: "CR DC time", Kind: repro.Statement, Statement: "the DC-programming version of CR is faster than the gradient-based one (roughly three times)",
			Paper: "about 3 × faster (no numbers)", Tolerance: "over (Letter task, repetition)", Reason: "CR (DC) is not shown faster"}.Decide(p)
		vy, ey := repro.Summarize(y)
		vx, ex := repro.Summarize(x)
		if ey == nil && ex == nil {
			c.Ours = fmt.Sprintf("CR %.1f s, CR (DC) %.1f s per run (ratio %.2f): %s", vy.Mean, vx.Mean, vy.Mean/vx.Mean, c.Ours)
		}
		out = append(out, c)
	}

	// CA converges in fewer than 10 iterations.
	var iters []repro.Part
	for _, r := range res.Tasks {
		if r.Method == "CA-1D" && (r.Table == protocol.JobMNIST || r.Table == protocol.JobLetter) {
			iters = append(iters, repro.Check(fmt.Sprintf("%s %s rep %d", r.Table, r.Task, r.Rep), r.Stages < 10, fmt.Sprintf("%d stages", r.Stages)))
		}
	}
	if len(iters) > 0 {
		out = append(out, repro.Claim{ID: "CA iterations", Kind: repro.Statement, Statement: "CA-1D stops within 10 iterations (kernels) on MNIST and Letter",
			Paper: "< 10 iterations", Tolerance: "fewer than 10 stages in every run", Reason: "some runs took 10 or more stages"}.Decide(iters...))
	}

	// Letter: CA-nD has the highest alignment but not the lowest error.
	if ts := tasksOf(res, protocol.JobLetter); len(ts) > 0 {
		var best []repro.Part
		var errRanks []float64
		for _, task := range ts {
			ok := true
			a := taskMean(res, protocol.JobLetter, task, "CA-nD", alignmentOf)
			errs := make([]float64, len(TaskMethods))
			for i, m := range TaskMethods {
				if m != "CA-nD" && taskMean(res, protocol.JobLetter, task, m, alignmentOf) >= a {
					ok = false
				}
				errs[i] = taskMean(res, protocol.JobLetter, task, m, errorOf)
			}
			best = append(best, repro.Check(task, ok, fmt.Sprintf("CA-nD's mean test alignment %.3f", a)))
			errRanks = append(errRanks, metrics.Ranks(errs)[slices.Index(TaskMethods, "CA-nD")])
		}
		c := repro.Claim{ID: "Figure 7", Kind: repro.Experiment, Statement: "on Letter, CA-nD has the highest test alignment on every task (but not the lowest error)",
			Paper: "highest alignment on every task; error median rank 4.5", Tolerance: "CA-nD's mean test alignment above every other method's, per task",
			Reason: "another method reaches CA-nD's alignment on some task"}.Decide(best...)
		c.Ours += fmt.Sprintf("; CA-nD's median error rank over the tasks: %g", median(errRanks))
		out = append(out, c)
	}
	if ts := tasksOf(res, protocol.JobUCI); len(ts) > 0 {
		r := MedianRanks(res, protocol.JobUCI)
		nd := r[slices.Index(TaskMethods, "CA-nD")]
		best := !slices.ContainsFunc(r, func(v float64) bool { return v < nd })
		out = append(out, repro.Claim{ID: "Table 2 CA-nD", Kind: repro.Statement,
			Statement: "on the Table 3 data sets CA-nD has the best median rank (unlike on Letter)",
			Paper:     "CA-nD 2, the others 3 to 6", Tolerance: "lowest median rank (ties allowed)", Reason: fmt.Sprintf("%d of the 11 data sets run", len(ts))}.Decide(repro.Check("Table 2 CA-nD", best,
			fmt.Sprintf("CA-nD %g; all: %v", nd, r))))
	}
	for _, g := range Table2Groups {
		if !slices.Contains(ranIn, g) {
			notRun("Table 2 "+g, "Table 2 on "+g)
		}
	}
	return append(append(out, ascentClaim(res)), figure3Claims(res)...)
}

// runsOf counts the (task, repetition) runs of method m in the tables.
func runsOf(res *Results, m string, tables ...string) int {
	n := 0
	for _, r := range res.Tasks {
		if r.Method == m && slices.Contains(tables, r.Table) {
			n++
		}
	}
	return n
}

// quickSubset marks, in quick mode, the claims decided on the task runs of
// tables: N runs of CA-1D against the paper's m (ten repetitions of each
// task).
func quickSubset(res *Results, cs []repro.Claim, m int, tables ...string) {
	if res.Mode != "quick" {
		return
	}
	for i := range cs {
		cs[i].Quick = repro.Subset{N: runsOf(res, "CA-1D", tables...), M: m, Of: "(task, repetition) runs"}
	}
}

// ranksClaim is Table 2's ranks: for each group run and each method the
// paper ranks, the paper's median rank against the 95 % bootstrap
// interval of our median rank over the tasks, the statistic Table 2
// prints (stattest.BootstrapMedianRanks: tasks and repetitions resampled;
// on each task only the repetitions every method ran, since CR runs
// fewer), decided by repro.Rank. Where CR's missing repetitions change
// it, the detail adds MedianRanks' median over all repetitions (the chart's).
func ranksClaim(res *Results, groups []string) repro.Claim {
	crit := criterion("table2-ranks")
	var parts []repro.Part
	var sizes []string
	used := 0
	for gi, g := range groups {
		table := groupTable[g]
		methods := protocol.TableMethods(table)
		var scores [][][]float64
		for _, task := range tasksOf(res, table) {
			reps := map[int]int{}
			for _, r := range res.Tasks {
				if r.Table == table && r.Task == task && slices.Contains(methods, r.Method) {
					reps[r.Rep]++
				}
			}
			var common []int
			for rep, n := range reps {
				if n == len(methods) {
					common = append(common, rep)
				}
			}
			sort.Ints(common)
			if len(common) == 0 {
				continue
			}
			row := make([][]float64, len(methods))
			for m, name := range methods {
				for _, rep := range common {
					for _, r := range res.Tasks {
						if r.Table == table && r.Task == task && r.Method == name && r.Rep == rep {
							row[m] = append(row[m], r.Error)
						}
					}
				}
			}
			scores = append(scores, row)
			used += len(common)
		}
		sizes = append(sizes, fmt.Sprintf("%s: %s", g, countTasks(len(scores))))
		if len(scores) < MinRankTasks {
			parts = append(parts, repro.Part{Name: g, Outcome: repro.Undecided,
				Detail: fmt.Sprintf("%s: too few to resample tasks (want %d)", countTasks(len(scores)), MinRankTasks)})
			continue
		}
		iv, err := stattest.BootstrapMedianRanks(scores, false, 2000, 0.95, 2013+uint64(gi))
		if err != nil {
			parts = append(parts, repro.Part{Name: g, Outcome: repro.Undecided, Detail: "no bootstrap: " + err.Error()})
			continue
		}
		med := MedianRanks(res, table)
		for m, name := range methods {
			k := slices.Index(TaskMethods, name)
			if p := Table2Rank[g][k]; !math.IsNaN(p) {
				part := repro.Rank(g+" "+name, p, iv[m], crit.Delta)
				if med[k] != iv[m].Median {
					part.Detail += fmt.Sprintf("; %g over all repetitions (the chart's)", med[k])
				}
				parts = append(parts, part)
			}
		}
	}
	c := repro.Claim{ID: "Table 2 ranks", Kind: repro.Experiment, Statement: "median rank of each method over the tasks (rank by mean test error over the repetitions, ties averaged)",
		Paper: "Table 2's median ranks", Tolerance: strings.Join(sizes, ", "),
		Reason: "the ranks of methods whose errors differ by less than the noise are coin flips"}.Decide(parts...)
	if res.Mode == "quick" {
		c.Quick = repro.Subset{N: used, M: 10 * (len(protocol.MNISTTasks) + len(protocol.LetterTasks) + len(UCISets)), Of: "(task, repetition) runs"}
	}
	return c
}

// ascentClaim checks that every CA fit of the run ascends: the training
// alignment never falls from one stage to the next (η = 0 is among the
// candidates of Proposition 2, so a stage cannot lower f).
func ascentClaim(res *Results) repro.Claim {
	fall, n := res.CAFall, 0
	if len(res.CA) > 0 {
		n++
	}
	for _, r := range res.Tasks {
		if strings.HasPrefix(r.Method, "CA") {
			n++
			fall = math.Max(fall, r.Fall)
		}
	}
	const what = "Algorithm 1 ascends: the alignment f(k_t) never falls from one stage to the next"
	if n == 0 {
		return repro.NotRunClaim("Algorithm 1 ascent", repro.Theorem, what, "no CA fit in this mode")
	}
	return repro.Claim{ID: "Algorithm 1 ascent", Kind: repro.Theorem,
		Statement: what,
		Paper:     "by construction (η_t maximises f over {0, η*, η_max})", Tolerance: fmt.Sprintf("≤ %g", AscentTol), Reason: "a stage lowered the alignment"}.Decide(repro.Check("Algorithm 1 ascent", fall <= AscentTol,
		fmt.Sprintf("largest fall %.1e over the stages of %d CA runs", fall, n)))
}

// figure3Claims is Supplement B.1: h(σ) never has more than two local minima.
func figure3Claims(res *Results) []repro.Claim {
	if len(res.HCurves) == 0 {
		return []repro.Claim{repro.NotRunClaim("Figure 3", repro.Experiment, "h(σ) has at most 2 local minima (MNIST and Letter)", "not in the configuration of this mode")}
	}
	var parts []repro.Part
	for _, c := range res.HCurves {
		parts = append(parts, repro.Check(fmt.Sprintf("%s (%d)", c.Task, c.Stage), c.Minima <= MaxMinima, fmt.Sprintf("%d interior minima", c.Minima)))
	}
	return []repro.Claim{repro.Claim{ID: "Figure 3", Kind: repro.Experiment, Statement: "the search objective h(σ) of each stage has at most 2 local minima",
		Paper: "never more than 2 local minima on the plotted MNIST and Letter curves", Tolerance: fmt.Sprintf("≤ %d interior minima per curve", MaxMinima),
		Reason: "a curve has more than 2 local minima"}.Decide(parts...)}
}
