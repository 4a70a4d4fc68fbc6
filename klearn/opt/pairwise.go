package opt

import (
	"math"
	"sync"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
)

// Defaults of the pairwise QP solvers (KOMDQP, SimplexQP, MEB).
const (
	// DefaultQPTol is the default Settings.Tol of the pairwise QP solvers:
	// they stop when the Frank–Wolfe gap is at most Tol·D, D = max_ij |H_ij| + max_i |c_i|.
	DefaultQPTol = 1e-9
	// defaultQPIterPerVar times n (at least 10⁵) is the default MaxIter.
	defaultQPIterPerVar = 100
)

// tau replaces a non-positive curvature along a pair direction (LIBSVM's TAU).
const tau = 1e-12

// pairBlockLen is the length of the blocks into which the pairwise solver
// cuts its O(n) sweeps. The blocks, and the order in which their partial
// sums are added, depend on n alone, so the solver's results are identical
// for any number of goroutines.
const pairBlockLen = 256

// pairParallelMin is the smallest n for which the pairwise solver runs its
// sweeps on more than one goroutine (below it a pair step takes too little
// time to hand half of it to another core). A variable for the tests.
var pairParallelMin = 1024

// pairQP minimises f(x) = xᵀHx + cᵀx over a product of simplices
// {x ≥ 0, Σ_{i∈G_k} x_i = 1 for every group k} by pairwise coordinate
// descent: each step moves mass from the most violating variable of one
// group to the variable of the same group with the largest second-order
// gain (working-set selection WSS2 of Fan, Chen & Lin 2005, as used by
// LIBSVM's ν-SVM solver for its two equality constraints).
//
// Each step has two O(n) sweeps, run over blocks of pairBlockLen variables
// on up to GOMAXPROCS goroutines (a team): the gradient update of the last
// step fused with the optimality check (per-block minima, maxima and sums),
// and the second-order choice of the partner variable (per-block best).
// The partials are reduced in block order, ties going to the lowest index.
type pairQP struct {
	n     int
	h     []float64 // full n×n row-major H
	c     []float64 // linear term, nil for none
	group []int     // group of each variable, 0 or 1
	ng    int       // number of groups, 1 or 2
	scale float64   // max_ij |H_ij| + max_i |c_i|

	// Solver state, shared with the team's phases.
	x, g, diag []float64
	nb         int          // number of blocks
	bk         []blockStats // per-block partials
	team       *team
	// The pending step (moving 2t = st2 along e_j − e_i), applied to g by
	// the next kktPhase when stepping is set.
	si, sj   int
	st2      float64
	stepping bool
	// The violating variable and largest gradient of each group, read by
	// wssPhase.
	imax [2]int
	gmax [2]float64
	// The phases, made once per solve.
	gradPhase, kktPhase, wssPhase func(w int)
}

// blockStats are one block's partials, padded to two cache lines so that
// goroutines writing neighbouring blocks do not share a line.
type blockStats struct {
	gmin, gmax, rho [2]float64
	imax            [2]int
	bestJ           int
	bestBB, bestA   float64
	_               [40]byte
}

// pairWork is the scratch storage of a pairwise solve, recycled across
// solves (a fit often solves several QPs of one size, and re-used memory
// is already mapped: touching fresh memory costs about 2 s per GiB).
type pairWork struct {
	h, g, diag []float64
	bk         []blockStats
}

var pairPool sync.Pool

// getPairWork returns scratch storage for order n; its contents are stale.
func getPairWork(n int) *pairWork {
	w, _ := pairPool.Get().(*pairWork)
	if w == nil {
		w = &pairWork{}
	}
	w.h = resize(w.h, n*n)
	w.g = resize(w.g, n)
	w.diag = resize(w.diag, n)
	nb := (n + pairBlockLen - 1) / pairBlockLen
	if cap(w.bk) < nb {
		w.bk = make([]blockStats, nb)
	}
	w.bk = w.bk[:nb]
	return w
}

func resize(v []float64, n int) []float64 {
	if cap(v) >= n {
		return v[:n]
	}
	return make([]float64, n)
}

// blocks runs f(b, lo, hi) on the blocks of worker w (of team size W): a
// contiguous run of blocks, fixed by n and W, so each worker keeps its part
// of x and g in its own cache.
func (p *pairQP) blocks(w int, f func(b, lo, hi int)) {
	W := p.team.size
	for b := w * p.nb / W; b < (w+1)*p.nb/W; b++ {
		f(b, b*pairBlockLen, min((b+1)*pairBlockLen, p.n))
	}
}

// setup allocates nothing but the team and the phase closures.
func (p *pairQP) setup(x []float64, wk *pairWork) {
	n := p.n
	p.x, p.g, p.diag, p.bk = x, wk.g, wk.diag, wk.bk
	p.nb = len(p.bk)
	for i := range p.diag {
		p.diag[i] = p.h[i*n+i]
	}
	workers := 1
	if n >= pairParallelMin {
		workers = min(parallel.Workers(), p.nb)
	}
	p.team = newTeam(workers)
	// g = 2Hx + c, row by row.
	p.gradPhase = func(w int) {
		p.blocks(w, func(_, lo, hi int) {
			for i := lo; i < hi; i++ {
				p.g[i] = 2 * linalg.Dot(p.h[i*n:i*n+n], p.x)
				if p.c != nil {
					p.g[i] += p.c[i]
				}
			}
		})
	}
	// g += 2t(H_j· − H_i·) for a pending step, then the block's minima of
	// g, maxima of g and sums of g_i x_i over the support, per group.
	p.kktPhase = func(w int) {
		p.blocks(w, func(b, lo, hi int) {
			g := p.g[lo:hi]
			if p.stepping {
				linalg.Axpy(p.st2, p.h[p.sj*n+lo:p.sj*n+hi], g)
				linalg.Axpy(-p.st2, p.h[p.si*n+lo:p.si*n+hi], g)
			}
			s := &p.bk[b]
			s.gmin = [2]float64{math.Inf(1), math.Inf(1)}
			s.gmax = [2]float64{math.Inf(-1), math.Inf(-1)}
			s.imax = [2]int{-1, -1}
			s.rho = [2]float64{}
			x, group := p.x[lo:hi], p.group[lo:hi]
			for t, gi := range g {
				k := group[t]
				if gi < s.gmin[k] {
					s.gmin[k] = gi
				}
				if xi := x[t]; xi > 0 {
					s.rho[k] += gi * xi
					if gi > s.gmax[k] {
						s.gmax[k], s.imax[k] = gi, lo+t
					}
				}
			}
		})
	}
	// The block's j of largest gain b²/a, b = g_i − g_j > 0,
	// a = H_ii + H_jj − 2H_ij, i the violating variable of j's group;
	// gains are compared as b²a' > b'²a (no divisions).
	p.wssPhase = func(w int) {
		var rows [2][]float64
		for k := 0; k < p.ng; k++ {
			if i := p.imax[k]; i >= 0 {
				rows[k] = p.h[i*n : i*n+n]
			}
		}
		p.blocks(w, func(b, lo, hi int) {
			bestJ, bestBB, bestA := -1, 0.0, 1.0
			for j := lo; j < hi; j++ {
				k := p.group[j]
				bj := p.gmax[k] - p.g[j]
				if !(bj > 0) {
					continue
				}
				a := p.diag[p.imax[k]] + p.diag[j] - 2*rows[k][j]
				if a <= 0 {
					a = tau
				}
				if bb := bj * bj; bb*bestA > bestBB*a {
					bestJ, bestBB, bestA = j, bb, a
				}
			}
			s := &p.bk[b]
			s.bestJ, s.bestBB, s.bestA = bestJ, bestBB, bestA
		})
	}
}

// reduceKKT combines the blocks' partials of the last kktPhase in block
// order: the Frank–Wolfe gap Σ_k (ρ_k − min_{i∈G_k} g_i)₊ with
// ρ_k = Σ_{i∈G_k} g_i x_i, and per group the index and value of the
// largest g_i with x_i > 0.
func (p *pairQP) reduceKKT() (gap float64, rho [2]float64, imax [2]int, gmax [2]float64) {
	gmin := [2]float64{math.Inf(1), math.Inf(1)}
	gmax = [2]float64{math.Inf(-1), math.Inf(-1)}
	imax = [2]int{-1, -1}
	for b := range p.bk {
		s := &p.bk[b]
		for k := 0; k < p.ng; k++ {
			gmin[k] = math.Min(gmin[k], s.gmin[k])
			rho[k] += s.rho[k]
			if s.gmax[k] > gmax[k] {
				gmax[k], imax[k] = s.gmax[k], s.imax[k]
			}
		}
	}
	for k := 0; k < p.ng; k++ {
		gap += math.Max(0, rho[k]-gmin[k])
	}
	return gap, rho, imax, gmax
}

// check recomputes the gradient exactly (stepping cleared) and the
// blocks' optimality partials.
func (p *pairQP) refresh() {
	p.team.run(p.gradPhase)
	p.stepping = false
	p.team.run(p.kktPhase)
}

// objective returns xᵀHx + cᵀx from g = 2Hx + c: f = ½(xᵀg + cᵀx).
func (p *pairQP) objective() float64 {
	var f float64
	for i, xi := range p.x {
		if xi == 0 {
			continue
		}
		f += xi * p.g[i]
		if p.c != nil {
			f += xi * p.c[i]
		}
	}
	return f / 2
}

// solve runs pairwise descent from the feasible x (modified in place),
// with the scratch storage wk (wk.h is p.h).
func (p *pairQP) solve(x []float64, wk *pairWork, maxIter int, tol float64, rec Recorder) (*Result, error) {
	res := &Result{X: x}
	if p.scale == 0 { // H = 0 and c = 0: every feasible point is optimal.
		res.Status = Success
		res.Multipliers = make([]float64, p.ng)
		return res, nil
	}
	p.setup(x, wk)
	defer func() { p.team.stop() }()
	n := p.n
	p.refresh()
	f := p.objective()
	thresh := tol * p.scale
	refreshes := 0
	var it int
	for it = 0; ; it++ {
		gap, rho, imax, gmax := p.reduceKKT()
		res.Gap = gap
		res.Multipliers = append(res.Multipliers[:0], rho[:p.ng]...)
		if rec != nil {
			if err := rec.Record(Iteration{Iter: it, F: f, Gap: gap}); err != nil {
				res.Status = RecorderStop
				res.Iterations, res.F = it, p.objective()
				return res, err
			}
		}
		if gap <= thresh {
			// Guard against drift of the incrementally updated gradient:
			// recompute it exactly and re-check (a few times at most).
			if refreshes < 3 {
				refreshes++
				p.refresh()
				f = p.objective()
				if gap2, _, _, _ := p.reduceKKT(); gap2 > thresh {
					it--
					continue
				}
			}
			res.Status = Success
			break
		}
		if it >= maxIter {
			res.Status = IterationLimit
			break
		}
		// Second-order choice of j for the chosen i of each group.
		p.imax, p.gmax = imax, gmax
		p.team.run(p.wssPhase)
		bestJ, bestBB, bestA := -1, 0.0, 1.0
		for b := range p.bk {
			if s := &p.bk[b]; s.bestJ >= 0 && s.bestBB*bestA > bestBB*s.bestA {
				bestJ, bestBB, bestA = s.bestJ, s.bestBB, s.bestA
			}
		}
		if bestJ < 0 { // cannot happen while gap > 0; be safe.
			res.Status = Failure
			break
		}
		i, j := imax[p.group[bestJ]], bestJ
		b := p.g[i] - p.g[j]
		a := p.diag[i] + p.diag[j] - 2*p.h[i*n+j]
		t := x[i]
		if a > 0 && b/(2*a) < t {
			t = b / (2 * a)
		}
		if t == x[i] {
			x[i] = 0
		} else {
			x[i] -= t
		}
		x[j] += t
		f += -t*b + t*t*a
		p.si, p.sj, p.st2, p.stepping = i, j, 2*t, true
		p.team.run(p.kktPhase)
		if p.team.slow() {
			// The other goroutines do not get cores of their own: finish on
			// this one (same blocks, so the same result).
			p.team.stop()
			p.team = newTeam(1)
		}
	}
	p.refresh()
	res.F = p.objective()
	gap, rho, _, _ := p.reduceKKT()
	res.Gap = gap
	res.Multipliers = append(res.Multipliers[:0], rho[:p.ng]...)
	res.Iterations = it
	if res.Status == Failure {
		return res, klearn.Errorf(klearn.ErrNotConverged, "opt: pairwise QP stalled with gap %g", gap)
	}
	return res, nil
}

// symOrder returns the order of K, or an ErrEmpty error for a nil or 0×0 K.
func symOrder(fn string, K mat.Symmetric) (int, error) {
	if isNilSym(K) {
		return 0, klearn.Errorf(klearn.ErrEmpty, "opt: %s: K is nil", fn)
	}
	n := K.SymmetricDim()
	if n == 0 {
		return 0, klearn.Errorf(klearn.ErrEmpty, "opt: %s: K is 0×0", fn)
	}
	return n, nil
}

// denseSym fills the full row-major n×n h with mul·s_i·s_j·K_ij, plus diag
// on the diagonal (s nil for s ≡ 1), checks that K is finite with a
// non-negative diagonal, and returns the largest |s_i s_j K_ij|. The upper
// triangle is copied in row blocks on up to GOMAXPROCS goroutines (when K
// exposes upper-triangular storage) and mirrored in tiles.
func denseSym(fn string, K mat.Symmetric, s []float64, mul, diag float64, h []float64) (float64, error) {
	n := K.SymmetricDim()
	var raw []float64
	stride := 0
	if sd, ok := K.(mat.RawSymmetricer); ok {
		r := sd.RawSymmetric()
		if r.Uplo == blas.Upper {
			raw, stride = r.Data, r.Stride
		}
	}
	// fill copies rows [lo, hi) of the upper triangle; it returns the
	// largest |entry| and the first non-finite entry's row (−1 if none).
	fill := func(lo, hi int) (amax float64, bi, bj int) {
		for i := lo; i < hi; i++ {
			row := h[i*n+i : i*n+n]
			if raw != nil {
				copy(row, raw[i*stride+i:i*stride+n])
			} else {
				for j := range row {
					row[j] = K.At(i, i+j)
				}
			}
			for j, v := range row {
				if !finite(v) {
					return 0, i, i + j
				}
				if s != nil {
					v *= s[i] * s[i+j]
				}
				amax = math.Max(amax, math.Abs(v))
				row[j] = v * mul
			}
			row[0] += diag
		}
		return amax, -1, -1
	}
	var amax float64
	bi, bj := -1, -1
	if raw == nil {
		// K.At of an arbitrary Symmetric need not be safe for concurrent use.
		amax, bi, bj = fill(0, n)
	} else {
		const rowsPer = 64
		nb := (n + rowsPer - 1) / rowsPer
		type part struct {
			amax   float64
			bi, bj int
		}
		parts := make([]part, nb)
		parallel.For(nb, func(b int) {
			p := &parts[b]
			p.amax, p.bi, p.bj = fill(b*rowsPer, min((b+1)*rowsPer, n))
		})
		for _, p := range parts {
			if p.bi >= 0 {
				bi, bj = p.bi, p.bj
				break
			}
			amax = math.Max(amax, p.amax)
		}
	}
	if bi >= 0 {
		return 0, klearn.Errorf(klearn.ErrNotFinite, "opt: %s: K[%d,%d] = %v", fn, bi, bj, K.At(bi, bj))
	}
	if err := klearn.CheckDiagPSD("opt: "+fn+": K", K); err != nil {
		return 0, err
	}
	mirrorUpper(h, n)
	return amax, nil
}

// mirrorUpper copies the upper triangle of the row-major n×n a to its
// lower triangle, in 64×64 tiles on up to GOMAXPROCS goroutines.
func mirrorUpper(a []float64, n int) {
	const bs = 64
	parallel.For((n+bs-1)/bs, func(bi int) {
		i0, i1 := bi*bs, min((bi+1)*bs, n)
		for j0 := 0; j0 <= i0; j0 += bs {
			for i := i0; i < i1; i++ {
				for j := j0; j < min(j0+bs, i); j++ {
					a[i*n+j] = a[j*n+i]
				}
			}
		}
	})
}

// KOMDQP solves the KOMD / EasyMKL quadratic program
//
//	min_γ (1−λ) γᵀ Y K Y γ + λ ‖γ‖²   s.t.  γ ≥ 0, Σ_{y_i=+1} γ_i = 1, Σ_{y_i=−1} γ_i = 1,
//
// with Y = diag(y), y_i ∈ {−1, +1} and λ ∈ [0, 1]: the EasyMKL problem of
// Aiolli & Donini (2015), Eq. (1) of Donini & Aiolli (2017), in the
// parametrisation of the reference implementation jmikko/EasyMKL
// (Λ = λ/(1−λ) in the papers' notation). γᵀYKYγ is the squared distance
// between points of the convex hulls of the two classes in feature space.
//
// λ = 1 has the closed-form solution γ_i = 1/n_c (uniform within each
// class), returned without iterating. Otherwise the problem is solved by
// pairwise coordinate descent within each class with second-order
// working-set selection (Fan, Chen & Lin 2005), O(n) per step after an
// O(n²) set-up (a dense copy of YKY), starting from the uniform point.
//
// K must be positive semi-definite (not checked, which would cost O(n³));
// for an indefinite K a KKT point is returned. The returned Result has
// X = γ, F the objective, Gap the Frank–Wolfe duality gap (an upper bound
// on F − F*) and Multipliers {ρ₊, ρ₋}, the multipliers of the two equality
// constraints: at the optimum g_i = 2(Hγ)_i ≥ ρ_c with equality where
// γ_i > 0, H = (1−λ)YKY + λI.
//
// Settings: Tol (default DefaultQPTol) stops when Gap ≤ Tol·D with
// D = max_ij |H_ij|; MaxIter (default max(10⁵, 100n)) bounds the pair steps.
// Errors: ErrEmpty, ErrShape (len(y) ≠ n), ErrNotFinite, ErrLabels (y not
// ±1), ErrOneClass, ErrParam (λ outside [0, 1], bad Settings).
func KOMDQP(K mat.Symmetric, y []float64, lambda float64, s *Settings) (*Result, error) {
	maxIter, tol, rec, err := settings("KOMDQP", s, 0, DefaultQPTol)
	if err != nil {
		return nil, err
	}
	if err := klearn.CheckParam("opt: KOMDQP: lambda", lambda, 0, 1); err != nil {
		return nil, err
	}
	if _, _, err := klearn.CheckBinary(y); err != nil {
		return nil, klearn.Errorf(err, "opt: KOMDQP")
	}
	if isNilSym(K) {
		return nil, klearn.Errorf(klearn.ErrEmpty, "opt: KOMDQP: K is nil")
	}
	if n := K.SymmetricDim(); n != len(y) {
		return nil, klearn.Errorf(klearn.ErrShape, "opt: KOMDQP: K is %d×%d but y has %d entries", n, n, len(y))
	}
	n := len(y)
	if maxIter == 0 {
		maxIter = max(100000, defaultQPIterPerVar*n)
	}
	group := make([]int, n)
	var npos, nneg float64
	for i, v := range y {
		if v > 0 {
			npos++
		} else {
			group[i] = 1
			nneg++
		}
	}
	x := make([]float64, n)
	for i := range x {
		if group[i] == 0 {
			x[i] = 1 / npos
		} else {
			x[i] = 1 / nneg
		}
	}
	if lambda == 1 {
		// Closed form: min ‖γ‖² over each simplex is the barycentre.
		if _, err := klearn.CheckGram(K, n); err != nil {
			return nil, klearn.Errorf(err, "opt: KOMDQP")
		}
		if err := klearn.CheckDiagPSD("opt: KOMDQP: K", K); err != nil {
			return nil, err
		}
		rho := []float64{2 / npos, 2 / nneg}
		return &Result{X: x, F: 1/npos + 1/nneg, Status: Success, Multipliers: rho}, nil
	}
	wk := getPairWork(n)
	defer pairPool.Put(wk)
	amax, err := denseSym("KOMDQP", K, y, 1-lambda, lambda, wk.h)
	if err != nil {
		return nil, err
	}
	p := &pairQP{n: n, h: wk.h, group: group, ng: 2, scale: (1-lambda)*amax + lambda}
	return p.solve(x, wk, maxIter, tol, rec)
}

// SimplexQP solves min_{α∈Δ} αᵀKα over the unit simplex
// Δ = {α ≥ 0, Σ_i α_i = 1} by the same pairwise solver as KOMDQP. For a
// normalised kernel (K_ii = 1) the squared radius of the minimum enclosing
// ball is r*² = 1 − min_{α∈Δ} αᵀKα (Section 3.1.3 of Donini & Aiolli
// (2017)). Multipliers is {ρ}: 2(Kα)_i ≥ ρ with
// equality where α_i > 0. Settings and errors as for KOMDQP.
func SimplexQP(K mat.Symmetric, s *Settings) (*Result, error) {
	return simplex("SimplexQP", K, false, s)
}

// MEB returns the squared radius of the minimum enclosing ball of the
// points φ(x_i) in the feature space of the PSD Gram matrix K, and the
// weights α of its centre c = Σ_i α_i φ(x_i):
//
//	r² = max_{α∈Δ} Σ_i α_i K_ii − αᵀKα
//
// (the dual of min_{c,r} r² s.t. ‖φ(x_i) − c‖² ≤ r²; Tsang, Kwok & Cheung
// 2005). It equals 1 − min_{α∈Δ} αᵀKα when K_ii = 1. The optimum has
// ‖φ(x_i) − c‖² ≤ r² for every i, with equality where α_i > 0.
//
// The Result has F = r² (the maximised dual value), X = α, Gap the
// Frank–Wolfe duality gap (an upper bound on r*² − F) and Multipliers {ρ}:
// 2(Kα)_i − K_ii ≥ ρ with equality where α_i > 0. Settings and errors as
// for KOMDQP.
func MEB(K mat.Symmetric, s *Settings) (*Result, error) {
	res, err := simplex("MEB", K, true, s)
	if err != nil {
		return nil, err
	}
	res.F = -res.F
	return res, nil
}

func simplex(fn string, K mat.Symmetric, meb bool, s *Settings) (*Result, error) {
	maxIter, tol, rec, err := settings(fn, s, 0, DefaultQPTol)
	if err != nil {
		return nil, err
	}
	n, err := symOrder(fn, K)
	if err != nil {
		return nil, err
	}
	wk := getPairWork(n)
	defer pairPool.Put(wk)
	amax, err := denseSym(fn, K, nil, 1, 0, wk.h)
	if err != nil {
		return nil, err
	}
	h := wk.h
	if maxIter == 0 {
		maxIter = max(100000, defaultQPIterPerVar*n)
	}
	p := &pairQP{n: n, h: h, group: make([]int, n), ng: 1, scale: amax}
	if meb {
		p.c = make([]float64, n)
		var cmax float64
		for i := range p.c {
			p.c[i] = -h[i*n+i]
			cmax = math.Max(cmax, math.Abs(p.c[i]))
		}
		p.scale += cmax
	}
	x := make([]float64, n)
	for i := range x {
		x[i] = 1 / float64(n)
	}
	return p.solve(x, wk, maxIter, tol, rec)
}

// isNilSym reports a nil interface or a typed nil *mat.SymDense.
func isNilSym(K mat.Symmetric) bool {
	if K == nil {
		return true
	}
	sd, ok := K.(*mat.SymDense)
	return ok && sd == nil
}
