package opt

import (
	"errors"
	"math"

	"github.com/kernelab/kernelab/klearn"
)

// Defaults of LBFGSB.
const (
	// DefaultLBFGSBTol is the default Settings.Tol of LBFGSB: the solver
	// stops when ‖x − P(x − ∇f(x))‖_∞ ≤ Tol (the projected gradient, as
	// pgtol in L-BFGS-B).
	DefaultLBFGSBTol = 1e-6
	// DefaultLBFGSBMaxIter is the default Settings.MaxIter of LBFGSB.
	DefaultLBFGSBMaxIter = 1000
	// LBFGSBMemory is the number of correction pairs kept (m in Byrd et al. 1995).
	LBFGSBMemory = 10
)

// Problem is a smooth objective for LBFGSB and Multistart.
type Problem struct {
	// Func returns f(x). A NaN or ±Inf value at a trial point is treated
	// as +Inf (the line search backtracks); at the start it is an error.
	Func func(x []float64) float64
	// Grad stores ∇f(x) in grad. If nil, central finite differences with
	// step ε^{1/3}·max(1, |x_i|) (one-sided at a bound) are used.
	Grad func(grad, x []float64)
}

// LBFGSB minimises f(x) subject to lower ≤ x ≤ upper (the problem of Byrd,
// Lu, Nocedal & Zhu (1995), L-BFGS-B) by a projected limited-memory BFGS
// method of the two-metric kind (Bertsekas 1982; Kim, Sra & Dhillon 2010):
//
//  1. the ε-active set A = {i : x_i ≤ l_i + ε, g_i > 0} ∪ {i : x_i ≥ u_i − ε, g_i < 0},
//     with ε = min(10⁻², ‖x − P(x − g)‖₂), is held fixed;
//  2. on the free variables the direction is d_F = −H_F g_F, where H_F is
//     the L-BFGS inverse Hessian (two-loop recursion, Nocedal 1980) built
//     from the last LBFGSBMemory pairs (s, y) restricted to F (pairs with
//     s_Fᵀy_F ≤ 10⁻¹⁰‖y_F‖² skipped), d_A = 0;
//  3. a backtracking Armijo search along the projection arc
//     x(α) = P(x + αd) accepts the first α ∈ {1, ½, ¼, …} with
//     f(x(α)) ≤ f(x) + 10⁻⁴ gᵀ(x(α) − x); on failure the memory is
//     dropped and the step retried along −g.
//
// This is not the generalized-Cauchy-point + subspace-minimisation
// algorithm of Byrd et al., but it solves the same problem class and
// stops on the same test: ‖x − P(x − ∇f(x))‖_∞ ≤ Tol (default
// DefaultLBFGSBTol); Result.Gap holds that norm. Status FunctionConvergence
// is returned when f stops decreasing (relative change ≤ 10ε_mach) first.
//
// lower or upper may be nil (unbounded) and may hold ±Inf. An infeasible x0
// is projected onto the box (documented behaviour, not an error).
// Errors: ErrEmpty (no x0 or nil Func), ErrShape, ErrNotFinite (NaN in
// x0, NaN bound, f(x0) or ∇f(x0) not finite), ErrParam (lower > upper,
// bad Settings).
func LBFGSB(p Problem, x0, lower, upper []float64, s *Settings) (*Result, error) {
	maxIter, tol, rec, err := settings("LBFGSB", s, DefaultLBFGSBMaxIter, DefaultLBFGSBTol)
	if err != nil {
		return nil, err
	}
	lo, hi, err := checkBox("LBFGSB", p, x0, lower, upper)
	if err != nil {
		return nil, err
	}
	n := len(x0)
	res := &Result{}
	ev := &evaluator{p: p, lo: lo, hi: hi, res: res}
	x := make([]float64, n)
	for i := range x {
		x[i] = clamp(x0[i], lo[i], hi[i])
	}
	f := ev.f(x)
	g := make([]float64, n)
	ev.grad(g, x)
	if !finite(f) {
		return nil, klearn.Errorf(klearn.ErrNotFinite, "opt: LBFGSB: f(x0) = %v", f)
	}
	for i, v := range g {
		if !finite(v) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "opt: LBFGSB: ∇f(x0)[%d] = %v", i, v)
		}
	}
	var (
		mem    []pair
		free   = make([]bool, n)
		d      = make([]float64, n)
		xt     = make([]float64, n)
		gt     = make([]float64, n)
		alphas = make([]float64, LBFGSBMemory)
		rhos   = make([]float64, LBFGSBMemory)
	)
	it := 0
	var recErr error
	for {
		pg, pg2 := projGrad(x, g, lo, hi)
		res.Gap = pg
		if rec != nil {
			if recErr = rec.Record(Iteration{Iter: it, F: f, Gap: pg, X: x}); recErr != nil {
				res.Status = RecorderStop
				break
			}
		}
		if pg <= tol {
			res.Status = Success
			break
		}
		if it >= maxIter {
			res.Status = IterationLimit
			break
		}
		it++
		eps := math.Min(1e-2, pg2)
		for i := range x {
			free[i] = !((x[i] <= lo[i]+eps && g[i] > 0) || (x[i] >= hi[i]-eps && g[i] < 0))
		}
		accepted := false
		for attempt := 0; attempt < 2 && !accepted; attempt++ {
			if attempt == 1 {
				mem = mem[:0]
			}
			twoLoop(d, g, free, mem, alphas, rhos)
			dg, dn := 0.0, 0.0
			for i := range d {
				dg += d[i] * g[i]
				dn = math.Max(dn, math.Abs(d[i]))
			}
			if dn == 0 || !(dg < 0) { // no free descent: use −g on all variables
				for i := range d {
					d[i] = -g[i]
				}
				dn = 0
				for i := range d {
					dn = math.Max(dn, math.Abs(d[i]))
				}
			}
			alpha := 1.0
			if len(mem) == 0 && dn > 1 {
				alpha = 1 / dn // first step: move at most one unit per coordinate
			}
			for ls := 0; ls < 60; ls++ {
				var dec float64
				for i := range xt {
					xt[i] = clamp(x[i]+alpha*d[i], lo[i], hi[i])
					dec += g[i] * (xt[i] - x[i])
				}
				if dec >= 0 { // projection killed the descent; shrink
					alpha /= 2
					continue
				}
				ft := ev.f(xt)
				if finite(ft) && ft <= f+1e-4*dec {
					ev.grad(gt, xt)
					ok := true
					for _, v := range gt {
						if !finite(v) {
							ok = false
							break
						}
					}
					if ok {
						accepted = true
						// Store the correction pair.
						var sy, yy float64
						sNew, yNew := make([]float64, n), make([]float64, n)
						for i := range x {
							sNew[i], yNew[i] = xt[i]-x[i], gt[i]-g[i]
							sy += sNew[i] * yNew[i]
							yy += yNew[i] * yNew[i]
						}
						if sy > 1e-10*yy {
							if len(mem) == LBFGSBMemory {
								mem = append(mem[:0], mem[1:]...)
							}
							mem = append(mem, pair{sNew, yNew})
						}
						fOld := f
						f = ft
						copy(x, xt)
						copy(g, gt)
						if fOld-f <= 10*epsMach*math.Max(math.Max(math.Abs(fOld), math.Abs(f)), 1) {
							res.Status = FunctionConvergence
						}
						break
					}
				}
				alpha /= 2
			}
		}
		if !accepted {
			res.Status = Failure
			break
		}
		if res.Status == FunctionConvergence {
			res.Gap, _ = projGrad(x, g, lo, hi)
			if res.Gap <= tol {
				res.Status = Success
			}
			break
		}
	}
	res.X, res.F, res.Iterations = x, f, it
	if res.Status == RecorderStop {
		return res, recErr
	}
	if res.Status == Failure {
		return res, klearn.Errorf(klearn.ErrNotConverged, "opt: LBFGSB: line search failed (projected gradient %g)", res.Gap)
	}
	return res, nil
}

const epsMach = 2.220446049250313e-16

type pair struct{ s, y []float64 }

// twoLoop sets d = −H_F g_F on the free variables and d_A = 0.
func twoLoop(d, g []float64, free []bool, mem []pair, alphas, rhos []float64) {
	for i := range d {
		d[i] = 0
		if free[i] {
			d[i] = g[i]
		}
	}
	dotF := func(a, b []float64) float64 {
		var s float64
		for i := range a {
			if free[i] {
				s += a[i] * b[i]
			}
		}
		return s
	}
	gamma := 1.0
	gammaSet := false
	for k := len(mem) - 1; k >= 0; k-- {
		sy, yy := dotF(mem[k].s, mem[k].y), dotF(mem[k].y, mem[k].y)
		if !(sy > 1e-10*yy) || yy == 0 {
			rhos[k] = 0
			continue
		}
		rhos[k] = 1 / sy
		if !gammaSet {
			gamma, gammaSet = sy/yy, true
		}
		alphas[k] = rhos[k] * dotF(mem[k].s, d)
		for i := range d {
			if free[i] {
				d[i] -= alphas[k] * mem[k].y[i]
			}
		}
	}
	for i := range d {
		d[i] *= gamma
	}
	for k := 0; k < len(mem); k++ {
		if rhos[k] == 0 {
			continue
		}
		beta := rhos[k] * dotF(mem[k].y, d)
		for i := range d {
			if free[i] {
				d[i] += (alphas[k] - beta) * mem[k].s[i]
			}
		}
	}
	for i := range d {
		d[i] = -d[i]
	}
}

// projGrad returns the ∞- and 2-norms of x − P(x − g).
//
// Each entry is |x_i − P(x − g)_i| computed as L-BFGS-B's projgr does,
// min(g_i, x_i − lo_i) for g_i > 0 and min(−g_i, hi_i − x_i) for g_i < 0,
// not by subtracting: at |x_i| ≫ |g_i| the difference x_i − (x_i − g_i)
// rounds to 0, and an unbounded objective would pass the test far out
// (f(x) = x₁ stopped with Success at x₁ ≈ −6e21).
func projGrad(x, g, lo, hi []float64) (inf, two float64) {
	for i := range x {
		var v float64
		switch {
		case g[i] > 0:
			v = math.Min(g[i], x[i]-lo[i])
		case g[i] < 0:
			v = math.Min(-g[i], hi[i]-x[i])
		}
		inf = math.Max(inf, v)
		two += v * v
	}
	return inf, math.Sqrt(two)
}

func clamp(v, lo, hi float64) float64 {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// evaluator counts evaluations and supplies finite-difference gradients.
type evaluator struct {
	p      Problem
	lo, hi []float64
	res    *Result
	tmp    []float64
}

func (e *evaluator) f(x []float64) float64 {
	e.res.FuncEvals++
	return e.p.Func(x)
}

func (e *evaluator) grad(g, x []float64) {
	e.res.GradEvals++
	if e.p.Grad != nil {
		e.p.Grad(g, x)
		return
	}
	if e.tmp == nil {
		e.tmp = make([]float64, len(x))
	}
	copy(e.tmp, x)
	h0 := math.Cbrt(epsMach)
	for i := range x {
		h := h0 * math.Max(1, math.Abs(x[i]))
		a, b := math.Max(x[i]-h, e.lo[i]), math.Min(x[i]+h, e.hi[i])
		if b-a == 0 {
			g[i] = 0
			continue
		}
		e.tmp[i] = b
		fb := e.f(e.tmp)
		e.tmp[i] = a
		fa := e.f(e.tmp)
		e.tmp[i] = x[i]
		g[i] = (fb - fa) / (b - a)
	}
}

// checkBox validates a bounded problem and returns full bound vectors.
func checkBox(fn string, p Problem, x0, lower, upper []float64) (lo, hi []float64, err error) {
	if p.Func == nil {
		return nil, nil, klearn.Errorf(klearn.ErrEmpty, "opt: %s: Problem.Func is nil", fn)
	}
	n := len(x0)
	if n == 0 {
		return nil, nil, klearn.Errorf(klearn.ErrEmpty, "opt: %s: x0 is empty", fn)
	}
	for i, v := range x0 {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, nil, klearn.Errorf(klearn.ErrNotFinite, "opt: %s: x0[%d] = %v", fn, i, v)
		}
	}
	lo, hi = make([]float64, n), make([]float64, n)
	for i := range lo {
		lo[i], hi[i] = math.Inf(-1), math.Inf(1)
	}
	for _, b := range []struct {
		name string
		v    []float64
		dst  []float64
	}{{"lower", lower, lo}, {"upper", upper, hi}} {
		if b.v == nil {
			continue
		}
		if len(b.v) != n {
			return nil, nil, klearn.Errorf(klearn.ErrShape, "opt: %s: len(%s) = %d, want %d", fn, b.name, len(b.v), n)
		}
		for i, v := range b.v {
			if math.IsNaN(v) {
				return nil, nil, klearn.Errorf(klearn.ErrNotFinite, "opt: %s: %s[%d] is NaN", fn, b.name, i)
			}
			b.dst[i] = v
		}
	}
	for i := range lo {
		if lo[i] > hi[i] {
			return nil, nil, klearn.Errorf(klearn.ErrParam, "opt: %s: lower[%d] = %g > upper[%d] = %g", fn, i, lo[i], i, hi[i])
		}
		if math.IsInf(lo[i], 1) || math.IsInf(hi[i], -1) {
			return nil, nil, klearn.Errorf(klearn.ErrParam, "opt: %s: empty box at coordinate %d", fn, i)
		}
	}
	return lo, hi, nil
}

// MultistartResult holds the local solutions of Multistart.
type MultistartResult struct {
	// Best is the local result with the smallest F (ties: the first start).
	Best *Result
	// BestIndex is the index of Best in Local and of its start.
	BestIndex int
	// Local[i] is the result of LBFGSB from starts[i] (nil where Errs[i] ≠ nil).
	Local []*Result
	// Errs[i] is the error, if any, of the run from starts[i] (ErrNotConverged
	// for a failed line search; the result is then still in Local[i]).
	Errs []error
}

// Multistart runs LBFGSB from every start (each projected onto the box) and
// returns all local results and the best one: the global strategy of
// Argyriou et al. (2006) and Afkanpour et al. (2013) (restarts from a log-spaced set of bandwidths, e.g.
// σ ∈ {10⁻³, …, 10⁵}). Runs are sequential and
// deterministic; Settings (including the Recorder) apply to every run.
// Validation errors (shapes, NaN, lower > upper) stop everything; a run
// that fails its line search keeps its feasible result and records
// ErrNotConverged in Errs. It returns ErrNotConverged only if no run
// produced a result with a finite F.
func Multistart(p Problem, starts [][]float64, lower, upper []float64, s *Settings) (*MultistartResult, error) {
	if len(starts) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "opt: Multistart: no starts")
	}
	for k, x0 := range starts {
		if len(x0) != len(starts[0]) {
			return nil, klearn.Errorf(klearn.ErrShape, "opt: Multistart: start %d has %d coordinates, want %d", k, len(x0), len(starts[0]))
		}
	}
	out := &MultistartResult{BestIndex: -1, Local: make([]*Result, len(starts)), Errs: make([]error, len(starts))}
	for k, x0 := range starts {
		r, err := LBFGSB(p, x0, lower, upper, s)
		if err != nil && !errors.Is(err, klearn.ErrNotConverged) {
			return nil, err
		}
		out.Local[k], out.Errs[k] = r, err
		if r != nil && finite(r.F) && (out.Best == nil || r.F < out.Best.F) {
			out.Best, out.BestIndex = r, k
		}
	}
	if out.Best == nil {
		return out, klearn.Errorf(klearn.ErrNotConverged, "opt: Multistart: no run produced a finite objective")
	}
	return out, nil
}
