package opt

import (
	"math"
	"slices"
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

// pairQP minimises f(x) = xᵀHx + cᵀx, H = mul·Q + shift·I, over a product
// of simplices {x ≥ 0, Σ_{i∈G_k} x_i = 1 for every group k} by pairwise
// coordinate descent: each step moves mass from the most violating
// variable of one group to the variable of the same group with the largest
// second-order gain (working-set selection WSS2 of Fan, Chen & Lin 2005,
// as used by LIBSVM's ν-SVM solver for its two equality constraints).
// Q is kept unscaled (the KOMD QP's signed copy of K, for every λ), so a
// path of λ reads one n×n matrix and never rescales it.
//
// The variables are ordered group by group (group 0 is [0, n0), group 1 is
// [n0, n); the callers permute Q accordingly) and cut into blocks of at
// most pairBlockLen variables of one group. Each step has two O(n) sweeps,
// run block by block on up to GOMAXPROCS goroutines (a team): the gradient
// update of the last step fused with the optimality check (per-block
// minima, maxima and sums; kktSweep), and the second-order choice of the
// partner variable (per-block best; wssSweep). The partials are reduced in
// block order, ties going to the lowest index.
type pairQP struct {
	n          int
	h          []float64 // full n×n row-major Q
	mul, shift float64   // H = mul·Q + shift·I
	c          []float64 // linear term, nil for none
	n0         int       // group 0 is [0, n0), group 1 [n0, n)
	ng         int       // number of groups, 1 or 2
	scale      float64   // max_ij |H_ij| + max_i |c_i|

	// Solver state, shared with the team's phases. u = Qx as of the last
	// exact gradient (gradPhase); pen_i is 0 where x_i > 0 and −∞ where
	// x_i = 0, so that the largest g_i over the support is a branch-free
	// maximum.
	x, g, u, diag, pen []float64
	cuts               []int        // block b is [cuts[b], cuts[b+1])
	bk                 []blockStats // per-block partials
	team               *team
	// The pending step (moving t along e_j − e_i), applied to g by the next
	// kktPhase when stepping is set: g += st2·mul·(Q_j· − Q_i·) and
	// ± st2·shift at j and i (st2 = 2t).
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
	gmin, gmax, rho float64
	imax, bestJ     int
	bestBB, bestA   float64
	_               [72]byte
}

// pairWork is the scratch storage of a pairwise solve, recycled across
// solves (a fit often solves several QPs of one size, and re-used memory
// is already mapped: touching fresh memory costs about 2 s per GiB).
type pairWork struct {
	h, g, u, diag, pen []float64
	bk                 []blockStats
	cuts, perm         []int
}

var pairPool sync.Pool

// getPairWork returns scratch storage for order n, without the n×n h
// (hbuf); its contents are stale.
func getPairWork(n int) *pairWork {
	w, _ := pairPool.Get().(*pairWork)
	if w == nil {
		w = &pairWork{}
	}
	w.g = resize(w.g, n)
	w.u = resize(w.u, n)
	w.diag = resize(w.diag, n)
	w.pen = resize(w.pen, n)
	w.perm = resize(w.perm, n)
	return w
}

// hbuf returns w's n×n scratch matrix (stale contents).
func (w *pairWork) hbuf(n int) []float64 {
	w.h = resize(w.h, n*n)
	return w.h
}

func resize[T any](v []T, n int) []T {
	if cap(v) >= n {
		return v[:n]
	}
	return make([]T, n)
}

// group returns the group of variable i.
func (p *pairQP) group(i int) int {
	if i < p.n0 {
		return 0
	}
	return 1
}

// blocks runs f(b, k, lo, hi) on the blocks of worker w (of team size W),
// k the block's group: a contiguous run of blocks, fixed by n and W, so each
// worker keeps its part of x and g in its own cache.
func (p *pairQP) blocks(w int, f func(b, k, lo, hi int)) {
	W, nb := p.team.size, len(p.bk)
	for b := w * nb / W; b < (w+1)*nb/W; b++ {
		lo := p.cuts[b]
		f(b, p.group(lo), lo, p.cuts[b+1])
	}
}

// gradEntry is g_i = 2(mul·(Qx)_i + shift·x_i) + c_i from d = (Qx)_i: the
// one formula of the exact gradient, whether (Qx)_i was just computed or
// kept from an earlier solve on the same Q and x.
func (p *pairQP) gradEntry(i int, d float64) float64 {
	gi := 2 * (p.mul*d + p.shift*p.x[i])
	if p.c != nil {
		gi += p.c[i]
	}
	return gi
}

// setup sets up the blocks, the team and the phase closures (x is set by
// the caller before a phase runs).
func (p *pairQP) setup(wk *pairWork) {
	n := p.n
	p.g, p.diag, p.pen, p.u = wk.g, wk.diag, wk.pen, wk.u
	p.cuts = wk.cuts[:0]
	for _, r := range [][2]int{{0, p.n0}, {p.n0, n}} {
		for lo := r[0]; lo < r[1]; lo += pairBlockLen {
			p.cuts = append(p.cuts, lo)
		}
	}
	p.cuts = append(p.cuts, n)
	wk.cuts = p.cuts
	wk.bk = resize(wk.bk, len(p.cuts)-1)
	p.bk = wk.bk
	for i := range p.diag {
		p.diag[i] = p.h[i*n+i]*p.mul + p.shift
	}
	workers := 1
	if n >= pairParallelMin {
		workers = min(parallel.Workers(), len(p.bk))
	}
	p.team = newTeam(workers)
	// u = Qx and g = 2Hx + c, row by row.
	p.gradPhase = func(w int) {
		p.blocks(w, func(_, _, lo, hi int) {
			for i := lo; i < hi; i++ {
				d := linalg.Dot(p.h[i*n:i*n+n], p.x)
				p.u[i] = d
				p.g[i] = p.gradEntry(i, d)
			}
		})
	}
	// The pending step applied to g, then the block's minimum of g, and the
	// maximum of g and the sum of g_i x_i over the support, in one sweep.
	p.kktPhase = func(w int) {
		p.blocks(w, func(b, _, lo, hi int) {
			g, x, pen := p.g[lo:hi], p.x[lo:hi], p.pen[lo:hi]
			var s kktStats
			if p.stepping {
				// The shift's two diagonal entries, then the rows of Q.
				if lo <= p.si && p.si < hi {
					g[p.si-lo] -= p.st2 * p.shift
				}
				if lo <= p.sj && p.sj < hi {
					g[p.sj-lo] += p.st2 * p.shift
				}
				s = kktSweep(g, x, pen, p.h[p.sj*n+lo:p.sj*n+hi], p.h[p.si*n+lo:p.si*n+hi], p.st2*p.mul)
			} else {
				s = kktScan(g, x, pen)
			}
			st := &p.bk[b]
			st.gmin, st.gmax, st.rho, st.imax = s.gmin, s.gmax, s.rho, -1
			if s.imax >= 0 {
				st.imax = lo + s.imax
			}
		})
	}
	// The block's j of largest gain b²/a, b = g_i − g_j > 0,
	// a = H_ii + H_jj − 2H_ij, i the violating variable of the block's
	// group (wssSweep).
	p.wssPhase = func(w int) {
		p.blocks(w, func(b, k, lo, hi int) {
			bestJ, bestBB, bestA := -1, 0.0, 1.0
			if i := p.imax[k]; i >= 0 {
				bestJ, bestBB, bestA = wssSweep(p.g[lo:hi], p.diag[lo:hi], p.h[i*n+lo:i*n+hi], p.gmax[k], p.diag[i], 2*p.mul)
				if bestJ >= 0 {
					bestJ += lo
				}
			}
			s := &p.bk[b]
			s.bestJ, s.bestBB, s.bestA = bestJ, bestBB, bestA
		})
	}
}

// setX makes x the solver's iterate and sets its support marks pen.
func (p *pairQP) setX(x []float64) {
	p.x = x
	for i, v := range x {
		p.pen[i] = supportPen(v)
	}
}

// supportPen is 0 for x_i > 0 and −∞ for x_i = 0 (the pen of pairQP).
func supportPen(v float64) float64 {
	if v > 0 {
		return 0
	}
	return math.Inf(-1)
}

// reduceKKT combines the blocks' partials of the last kktPhase in block
// order: the Frank–Wolfe gap Σ_k (ρ_k − min_{i∈G_k} g_i)₊ with
// ρ_k = Σ_{i∈G_k} g_i x_i, and per group the index and value of the
// largest g_i with x_i > 0 (the lowest index on ties).
func (p *pairQP) reduceKKT() (gap float64, rho [2]float64, imax [2]int, gmax [2]float64) {
	gmin := [2]float64{math.Inf(1), math.Inf(1)}
	gmax = [2]float64{math.Inf(-1), math.Inf(-1)}
	imax = [2]int{-1, -1}
	for b := range p.bk {
		s := &p.bk[b]
		k := 0
		if p.cuts[b] >= p.n0 {
			k = 1
		}
		gmin[k] = math.Min(gmin[k], s.gmin)
		rho[k] += s.rho
		if s.gmax > gmax[k] {
			gmax[k], imax[k] = s.gmax, s.imax
		}
	}
	for k := 0; k < p.ng; k++ {
		gap += math.Max(0, rho[k]-gmin[k])
	}
	return gap, rho, imax, gmax
}

// refresh recomputes u = Qx and the gradient exactly (stepping cleared)
// and the blocks' optimality partials.
func (p *pairQP) refresh() {
	p.team.run(p.gradPhase)
	p.stepping = false
	p.team.run(p.kktPhase)
}

// fromU sets the gradient from u = Qx, kept exact from an earlier refresh
// on the same Q and x (the bits refresh would give, in O(n)), and the
// blocks' optimality partials.
func (p *pairQP) fromU() {
	for i, d := range p.u {
		p.g[i] = p.gradEntry(i, d)
	}
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

// solve runs pairwise descent from the feasible x (modified in place; the
// team set up by setup). exact says that p.u is Qx (kept from an earlier
// refresh): the first gradient is then formed in O(n) instead of by an
// O(n²) product. On return p.u is Qx for the final x (the state is always
// left exact).
func (p *pairQP) solve(x []float64, exact bool, maxIter int, tol float64, rec Recorder) (*Result, error) {
	res := &Result{X: x}
	if p.scale == 0 { // H = 0 and c = 0: every feasible point is optimal.
		res.Status = Success
		res.Multipliers = make([]float64, p.ng)
		return res, nil
	}
	n := p.n
	p.setX(x)
	if exact {
		p.fromU()
	} else {
		p.refresh()
	}
	// fresh: g and u are exact for x (no step since the last refresh).
	fresh := true
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
				if !fresh {
					p.refresh()
				}
				res.Iterations, res.F = it, p.objective()
				return res, err
			}
		}
		if gap <= thresh {
			// Guard against drift of the incrementally updated gradient:
			// recompute it exactly and re-check (a few times at most); a
			// gradient that is exact already needs no check.
			if !fresh && refreshes < 3 {
				refreshes++
				p.refresh()
				fresh = true
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
		i, j := imax[p.group(bestJ)], bestJ
		b := p.g[i] - p.g[j]
		a := p.diag[i] + p.diag[j] - 2*p.mul*p.h[i*n+j]
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
		p.pen[i], p.pen[j] = supportPen(x[i]), supportPen(x[j])
		f += -t*b + t*t*a
		p.si, p.sj, p.st2, p.stepping = i, j, 2*t, true
		fresh = false
		p.team.run(p.kktPhase)
		if p.team.slow() {
			// The other goroutines do not get cores of their own: finish on
			// this one (same blocks, so the same result).
			p.team.stop()
			p.team = newTeam(1)
		}
	}
	if !fresh {
		p.refresh()
	}
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

// denseSym fills the full row-major n×n h with
// h[pos_a, pos_b] = mul·s_a·s_b·K_ab, plus diag on the diagonal (s nil for
// s ≡ 1; pos the new position of each variable), checks that K is finite
// with a non-negative diagonal, and returns the largest |s_a s_b K_ab|. It
// reads the upper triangle of K in 64×64 tiles and writes each entry to its
// two places in h, on up to GOMAXPROCS goroutines when K exposes
// upper-triangular storage.
func denseSym(fn string, K mat.Symmetric, s []float64, pos []int, mul, diag float64, h []float64) (float64, error) {
	if g, ok := K.(SymRows); ok {
		return denseSymRows(fn, g, s, pos, mul, diag, h, nil, nil)
	}
	n := K.SymmetricDim()
	var raw []float64
	stride := 0
	if sd, ok := K.(mat.RawSymmetricer); ok {
		r := sd.RawSymmetric()
		if r.Uplo == blas.Upper {
			raw, stride = r.Data, r.Stride
		}
	}
	const bs = 64
	parts := make([]symPart, (n+bs-1)/bs)
	// fill does rows [a0, a0+bs) of the upper triangle. Row a of a tile is
	// read into buf (from raw, or by K.At), so the loop over its entries
	// has no branch on the storage; v − v ≠ 0 exactly for NaN and ±Inf,
	// and a comparison stands for math.Max (the values are finite).
	fill := func(ab int, buf []float64) {
		a0, a1 := ab*bs, min(ab*bs+bs, n)
		pt := symPart{bi: -1, bj: -1}
		amax := 0.0
		for b0 := a0; b0 < n; b0 += bs {
			b1 := min(b0+bs, n)
			for a := a0; a < a1; a++ {
				pa := pos[a]
				lo := max(a, b0)
				var row []float64
				if raw != nil {
					row = raw[a*stride+lo : a*stride+b1]
				} else {
					row = buf[:b1-lo]
					for t := range row {
						row[t] = K.At(a, lo+t)
					}
				}
				sa := 1.0
				if s != nil {
					sa = s[a]
				}
				for t, v := range row {
					b := lo + t
					if v-v != 0 {
						if pt.bi < 0 || a < pt.bi || (a == pt.bi && b < pt.bj) {
							pt.bi, pt.bj = a, b
						}
						continue
					}
					av, hv := copyEntry(v, s, sa, b, mul, diag, a == b)
					if av > amax {
						amax = av
					}
					pb := pos[b]
					h[pa*n+pb], h[pb*n+pa] = hv, hv
				}
			}
		}
		pt.amax = amax
		parts[ab] = pt
	}
	if raw == nil {
		// K.At of an arbitrary Symmetric need not be safe for concurrent use.
		buf := make([]float64, bs)
		for ab := range parts {
			fill(ab, buf)
		}
	} else {
		parallel.For(len(parts), func(ab int) { fill(ab, nil) })
	}
	return symResult(fn, K, parts)
}

// symPart is what a block of rows of denseSym's copy found: the largest
// |entry| and the first non-finite entry (row-major), bi = −1 if none.
type symPart struct {
	amax   float64
	bi, bj int
}

// symResult returns the largest |entry| of denseSym's blocks, or the
// error of the first non-finite entry or of a negative diagonal.
func symResult(fn string, K mat.Symmetric, parts []symPart) (float64, error) {
	var amax float64
	for _, p := range parts {
		if p.bi >= 0 {
			return 0, klearn.Errorf(klearn.ErrNotFinite, "opt: %s: K[%d,%d] = %v", fn, p.bi, p.bj, K.At(p.bi, p.bj))
		}
		amax = math.Max(amax, p.amax)
	}
	if err := klearn.CheckDiagPSD("opt: "+fn+": K", K); err != nil {
		return 0, err
	}
	return amax, nil
}

// copyEntry returns |v·s_a·s_b| (for the largest |entry|) and denseSym's
// copy of the finite entry v = K_ab: v·s_a·s_b·mul, plus diag if on the
// diagonal (s nil for s ≡ 1; sa = s_a).
func copyEntry(v float64, s []float64, sa float64, b int, mul, diag float64, onDiag bool) (float64, float64) {
	if s != nil {
		v *= sa * s[b]
	}
	av := math.Abs(v)
	v *= mul
	if onDiag {
		v += diag
	}
	return av, v
}

// SymRows is a symmetric matrix that copies out rows: Gather(i, cols, dst)
// sets dst[k] = K[i, cols[k]] for every k (len(dst) = len(cols)), with the
// bits of At(i, cols[k]), which must equal those of At(cols[k], i). The
// solvers that copy K (KOMDQP and its variants, KOMDPath, SimplexQP, MEB)
// fill their signed, reordered copy from it row by row, each row of the
// copy written in order (no column writes), on up to GOMAXPROCS goroutines
// — so Gather must be safe for concurrent use — with the same bits as from
// a SymDense holding the same entries. A matrix defined entrywise from
// another one (a polynomial of a cosine matrix, a submatrix) can so be
// passed without being formed.
type SymRows interface {
	mat.Symmetric
	Gather(i int, cols []int, dst []float64)
}

// denseSymRows is denseSym for a SymRows: row a of K, gathered in the
// solver's order (cols[pos[b]] = b), is written to row pos[a] of h with
// denseSym's arithmetic; the first non-finite entry of the upper triangle
// in row-major order is reported, as denseSym reports it.
//
// With vectors xs (in the solver's order; us as many outputs of n
// entries), each row i of h is also multiplied with every xs[c] as soon as
// it is written, while it is in the cache: us[c][i] = h_i·xs[c] by
// linalg.Dot, the bits of pairQP's gradPhase (u = hx). A KOMD QP judging
// its start points (komd.solve) so needs no further pass over h. The
// products are complete only if the error is nil.
func denseSymRows(fn string, K SymRows, s []float64, pos []int, mul, diag float64, h []float64, xs, us [][]float64) (float64, error) {
	n := K.SymmetricDim()
	cols := make([]int, n)
	for b, pb := range pos {
		cols[pb] = b
	}
	const bs = 32
	parts := make([]symPart, (n+bs-1)/bs)
	workers := parallel.Workers()
	bufs := make([][]float64, workers)
	parallel.ForWorkers(workers, len(parts), func(w, ab int) {
		if bufs[w] == nil {
			bufs[w] = make([]float64, n)
		}
		buf := bufs[w]
		pt := symPart{bi: -1, bj: -1}
		amax := 0.0
		for a := ab * bs; a < min(ab*bs+bs, n); a++ {
			K.Gather(a, cols, buf)
			sa := 1.0
			if s != nil {
				sa = s[a]
			}
			row := h[pos[a]*n : pos[a]*n+n]
			for k, v := range buf {
				b := cols[k]
				if v-v != 0 {
					if b >= a && (pt.bi < 0 || b < pt.bj) {
						pt.bi, pt.bj = a, b
					}
					continue
				}
				av, hv := copyEntry(v, s, sa, b, mul, diag, a == b)
				if av > amax {
					amax = av
				}
				row[k] = hv
			}
			if pt.bi >= 0 {
				break // the first row of the block with a non-finite entry
			}
			for c, x := range xs {
				us[c][pos[a]] = linalg.Dot(row, x)
			}
		}
		pt.amax = amax
		parts[ab] = pt
	})
	return symResult(fn, K, parts)
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
// O(n²) set-up (a dense copy of YKY, classes ordered one after the other),
// starting from the uniform point (KOMDQPFrom starts from a given point).
// The steps' sweeps run on up to
// GOMAXPROCS goroutines for n ≥ 1024, with results bit-identical for any
// GOMAXPROCS; the n×n scratch storage is recycled across calls.
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
	return KOMDQPFrom(K, y, lambda, nil, s)
}

// KOMDStartTol is how far from 1 each class sum of a start point of
// KOMDQPFrom may be (|Σ_{y_i=c} γ_i − 1| ≤ KOMDStartTol): a previous
// solution's sums are 1 up to the rounding of its pair steps.
const KOMDStartTol = 1e-8

// KOMDQPFrom solves the KOMD QP of KOMDQP from the start point start
// instead of the class-uniform point: a warm start, e.g. from the solution
// (Result.X) of the same K and y at a neighbouring λ, as along a grid of
// λ (or of the paper's Λ = λ/(1−λ)) in model selection. start has one
// entry per example, in the order of y, and must lie in the feasible set
// Γ = {γ ≥ 0, Σ_{y_i=+1} γ_i = 1, Σ_{y_i=−1} γ_i = 1}: every entry finite
// and ≥ 0, each class sum within KOMDStartTol of 1 (each class is then
// divided by its sum unless that is within 1e-10 of 1, as a solution's
// is, so the solver starts on Γ to within 1e-10); start is not modified. A nil start is the class-uniform point (KOMDQP).
//
// The problem is convex, so the optimum is the cold solve's: both stop
// with Gap ≤ Tol·D, and Gap bounds F − F*, so the two objectives differ
// by at most the larger gap; the number of pair steps is what changes. The pairwise steps move mass out of variables with γ_i > 0
// only, but into any variable, so a sparse start (the solution at a
// smaller λ) is no restriction. The result is bit-identical for any
// GOMAXPROCS, as KOMDQP's. λ = 1 returns the closed form whatever the
// (valid) start.
//
// Errors: those of KOMDQP, and ErrShape (len(start) ≠ len(y)),
// ErrNotFinite (a NaN or ±Inf entry), ErrParam (a negative entry, or a
// class sum farther than KOMDStartTol from 1).
func KOMDQPFrom(K mat.Symmetric, y []float64, lambda float64, start []float64, s *Settings) (*Result, error) {
	fn := "KOMDQP"
	var starts [][]float64
	if start != nil {
		fn, starts = "KOMDQPFrom", [][]float64{start}
	}
	return komdQP(fn, K, y, lambda, starts, s)
}

// KOMDQPFromBest solves the KOMD QP of KOMDQP from whichever of the start
// points starts has the lowest objective at λ (the first on ties; a nil
// entry is the class-uniform point, no entries the class-uniform point
// too): the result is bit-identical to KOMDQPFrom(K, y, lambda,
// starts[k], s) for that k. Each start is checked as KOMDQPFrom checks its
// start; judging one costs an O(n²) product, which the solve from it then
// uses as its first gradient (on a K that is a SymRows, such as EasyMKL's
// K_η, the products of all starts are formed with the dense copy, each row
// while it is in the cache, instead of one more pass over the copy per
// start; same bits). Along a grid of λ the candidates are the
// previous λ's solution and its extrapolation KOMDSecant: a better start
// takes fewer pair steps, and the optimum is the same within the stopping
// tolerance (KOMDQPFrom). Errors: those of KOMDQPFrom.
func KOMDQPFromBest(K mat.Symmetric, y []float64, lambda float64, starts [][]float64, s *Settings) (*Result, error) {
	return komdQP("KOMDQPFromBest", K, y, lambda, starts, s)
}

// komdQP is KOMDQPFrom and KOMDQPFromBest.
func komdQP(fn string, K mat.Symmetric, y []float64, lambda float64, starts [][]float64, s *Settings) (*Result, error) {
	for _, st := range starts {
		if st != nil {
			if err := checkStart(fn, st, y); err != nil {
				return nil, err
			}
		}
	}
	maxIter, tol, rec, err := settings(fn, s, 0, DefaultQPTol)
	if err != nil {
		return nil, err
	}
	if err := klearn.CheckParam("opt: "+fn+": lambda", lambda, 0, 1); err != nil {
		return nil, err
	}
	if err := checkKOMD(fn, K, y); err != nil {
		return nil, err
	}
	wk := getPairWork(len(y))
	defer pairPool.Put(wk)
	return newKOMD(fn, K, y, wk.perm).solve(wk, lambda, starts, maxIter, tol, rec)
}

// checkStart checks the entries of a start point of KOMDQPFrom (its class
// sums are checked by komd.solve, after the labels).
func checkStart(fn string, start, y []float64) error {
	if len(start) != len(y) {
		return klearn.Errorf(klearn.ErrShape, "opt: %s: start has %d entries, y has %d", fn, len(start), len(y))
	}
	for i, v := range start {
		if !finite(v) {
			return klearn.Errorf(klearn.ErrNotFinite, "opt: %s: start[%d] = %v", fn, i, v)
		}
		if v < 0 {
			return klearn.Errorf(klearn.ErrParam, "opt: %s: start[%d] = %v, want ≥ 0", fn, i, v)
		}
	}
	return nil
}

// komd is a KOMD QP of one K and y, ready to be solved at a λ: the
// variables ordered by class (positives first, each class in its original
// order; pos[i] is the solver's index of variable i) and, for a KOMDPath,
// the signed, class-ordered copy yy' ∘ K (q, with its largest |entry|
// amax), computed once for every λ, and the last solution (lastX, in the
// solver's order) with lastU = q·lastX, exact, so that a solve started
// from it needs no O(n²) product (hasLast).
type komd struct {
	fn           string
	K            mat.Symmetric
	y            []float64
	pos          []int
	n0           int
	q            []float64
	amax         float64
	lastX, lastU []float64
	hasLast      bool
	reused       int // starts judged from lastU (for the tests)
	fused        int // starts judged from products formed with the copy (for the tests)
}

// checkKOMD checks the labels and the order of K.
func checkKOMD(fn string, K mat.Symmetric, y []float64) error {
	if _, _, err := klearn.CheckBinary(y); err != nil {
		return klearn.Errorf(err, "opt: %s", fn)
	}
	if isNilSym(K) {
		return klearn.Errorf(klearn.ErrEmpty, "opt: %s: K is nil", fn)
	}
	if n := K.SymmetricDim(); n != len(y) {
		return klearn.Errorf(klearn.ErrShape, "opt: %s: K is %d×%d but y has %d entries", fn, n, n, len(y))
	}
	return nil
}

// newKOMD orders the variables of the QP of K and y (checked by
// checkKOMD) by class, in pos (len(y) entries).
func newKOMD(fn string, K mat.Symmetric, y []float64, pos []int) *komd {
	var n0 int
	for _, v := range y {
		if v > 0 {
			n0++
		}
	}
	next := [2]int{0, n0}
	for i, v := range y {
		k := 0
		if v < 0 {
			k = 1
		}
		pos[i] = next[k]
		next[k]++
	}
	return &komd{fn: fn, K: K, y: y, pos: pos, n0: n0}
}

// startPoint returns start (entries checked by checkStart; nil: the
// class-uniform point) in the solver's order, each class divided by its
// sum unless that is within komdRescaleTol of 1, or an ErrParam error for a class sum farther than KOMDStartTol
// from 1.
func (q *komd) startPoint(start []float64) ([]float64, error) {
	y, pos, n0 := q.y, q.pos, q.n0
	n := len(y)
	x := make([]float64, n)
	if start == nil {
		npos, nneg := float64(n0), float64(n-n0)
		for i := range x {
			if i < n0 {
				x[i] = 1 / npos
			} else {
				x[i] = 1 / nneg
			}
		}
		return x, nil
	}
	// The class sums, summed in the order of the examples.
	var sum [2]float64
	for i, v := range start {
		if y[i] > 0 {
			sum[0] += v
		} else {
			sum[1] += v
		}
	}
	for k, c := range []string{"+1", "−1"} {
		if !(math.Abs(sum[k]-1) <= KOMDStartTol) {
			return nil, klearn.Errorf(klearn.ErrParam, "opt: %s: start sums to %v over class %s, want 1 (±%g)", q.fn, sum[k], c, KOMDStartTol)
		}
	}
	// A class sum within rounding of 1 (as a solution's is) is left as it
	// is, so a path's last solution is recognised bit for bit (komd.solve).
	for k := range sum {
		if math.Abs(sum[k]-1) <= komdRescaleTol {
			sum[k] = 1
		}
	}
	for i, v := range start {
		if y[i] > 0 {
			x[pos[i]] = v / sum[0]
		} else {
			x[pos[i]] = v / sum[1]
		}
	}
	return x, nil
}

// komdRescaleTol is how far from 1 a class sum of a start point may be
// and still be taken as 1 (the class not divided by its sum): far above
// the rounding of a solution's sums (about 1e-15 after tens of thousands
// of pair steps on Abalone's 3 383 examples, 4e-14 for the closed form).
const komdRescaleTol = 1e-10

// solve solves the QP at λ from the best of starts (entries checked by
// checkStart; see KOMDQPFromBest) in the scratch storage wk, for
// KOMDQPFrom, KOMDQPFromBest and the KOMDPath methods.
func (q *komd) solve(wk *pairWork, lambda float64, starts [][]float64, maxIter int, tol float64, rec Recorder) (*Result, error) {
	fn, K, y, pos, n0 := q.fn, q.K, q.y, q.pos, q.n0
	n := len(y)
	if maxIter == 0 {
		maxIter = max(100000, defaultQPIterPerVar*n)
	}
	if len(starts) == 0 {
		starts = [][]float64{nil}
	}
	xs := make([][]float64, len(starts))
	for c, st := range starts {
		var err error
		if xs[c], err = q.startPoint(st); err != nil {
			return nil, err
		}
	}
	npos, nneg := float64(n0), float64(n-n0)
	if lambda == 1 {
		// Closed form: min ‖γ‖² over each simplex is the barycentre.
		if _, err := klearn.CheckGram(K, n); err != nil {
			return nil, klearn.Errorf(err, "opt: %s", fn)
		}
		if err := klearn.CheckDiagPSD("opt: "+fn+": K", K); err != nil {
			return nil, err
		}
		x, _ := q.startPoint(nil)
		rho := []float64{2 / npos, 2 / nneg}
		return &Result{X: unpermute(x, pos), F: 1/npos + 1/nneg, Status: Success, Multipliers: rho}, nil
	}
	h, amax := q.q, q.amax
	// us[c] = Qxs[c], formed with the copy of a SymRows K (denseSymRows);
	// nil: each start's product is formed below.
	var us [][]float64
	if h == nil {
		h = wk.hbuf(n)
		var err error
		if g, ok := K.(SymRows); ok {
			us = make([][]float64, len(xs))
			us[0] = wk.u
			for c := 1; c < len(xs); c++ {
				us[c] = make([]float64, n)
			}
			amax, err = denseSymRows(fn, g, y, pos, 1, 0, h, xs, us)
		} else {
			amax, err = denseSym(fn, K, y, pos, 1, 0, h)
		}
		if err != nil {
			return nil, err
		}
	}
	p := &pairQP{n: n, h: h, mul: 1 - lambda, shift: lambda, n0: n0, ng: 2, scale: (1-lambda)*amax + lambda}
	p.setup(wk)
	defer func() { p.team.stop() }()
	// Each start's u = Qx (kept from the last solve if it is that
	// solution, bit for bit, or formed with the copy), gradient and
	// objective; the solve starts from the lowest objective, its gradient
	// formed from its u.
	best, bestF := -1, math.Inf(1)
	var bestU []float64
	for c, x := range xs {
		p.x = x
		var u []float64
		if us != nil {
			u = us[c]
			q.fused++
		} else if q.hasLast && slices.EqualFunc(x, q.lastX, sameFloat) {
			u = q.lastU
			q.reused++
		} else {
			if len(xs) > 1 {
				p.u = make([]float64, n)
			}
			p.team.run(p.gradPhase)
			u = p.u
		}
		for i, d := range u {
			p.g[i] = p.gradEntry(i, d)
		}
		if f := p.objective(); best < 0 || f < bestF {
			best, bestF, bestU = c, f, u
		}
	}
	p.u = wk.u
	copy(p.u, bestU)
	x := xs[best]
	q.hasLast = false
	res, err := p.solve(x, true, maxIter, tol, rec)
	if q.q != nil && p.scale != 0 {
		// Keep the solution and its exact u for the next solve of the path.
		q.lastX = append(q.lastX[:0], x...)
		q.lastU = append(q.lastU[:0], p.u...)
		q.hasLast = true
	}
	res.X = unpermute(x, pos)
	return res, err
}

// KOMDPath is the KOMD QP of KOMDQP on one K and y, set up once to be
// solved at many λ, as along a grid of λ in model selection. NewKOMDPath
// checks K and y and keeps the signed, class-ordered copy of K (n² values),
// which every Solve reads as it is (the solver applies 1−λ and λ itself),
// and the last solution with its product with that copy, so a solve
// started from the last solution forms its first gradient in O(n) instead
// of O(n²). Solve's results are bit-identical to KOMDQPFrom's with the same
// arguments, SolveBest's to KOMDQPFromBest's. A KOMDPath is not safe for
// concurrent use.
type KOMDPath struct {
	q *komd
}

// NewKOMDPath sets up the KOMD QP of K and y (see KOMDPath). It copies y
// and keeps K, which Solve reads again only at λ = 1 (the closed form
// checks it, as KOMDQP does); K must not change while the path is used.
// Errors: those of KOMDQP about K and y.
func NewKOMDPath(K mat.Symmetric, y []float64) (*KOMDPath, error) {
	const fn = "KOMDPath"
	if err := checkKOMD(fn, K, y); err != nil {
		return nil, err
	}
	n := len(y)
	if err := klearn.CheckAlloc("opt: "+fn+": the signed copy of K", 8, n, n); err != nil {
		return nil, err
	}
	q := newKOMD(fn, K, append([]float64(nil), y...), make([]int, n))
	q.q = make([]float64, n*n)
	var err error
	if q.amax, err = denseSym(fn, K, q.y, q.pos, 1, 0, q.q); err != nil {
		return nil, err
	}
	return &KOMDPath{q: q}, nil
}

// Solve solves the QP at λ from start (nil: the class-uniform point), as
// KOMDQPFrom(K, y, lambda, start, s) does, with the same result. Errors:
// those of KOMDQPFrom about λ, start and s.
func (p *KOMDPath) Solve(lambda float64, start []float64, s *Settings) (*Result, error) {
	var starts [][]float64
	if start != nil {
		starts = [][]float64{start}
	}
	return p.SolveBest(lambda, starts, s)
}

// SolveBest solves the QP at λ from the best of starts, as
// KOMDQPFromBest(K, y, lambda, starts, s) does, with the same result; a
// start equal to the path's last solution is judged in O(n). Errors:
// those of KOMDQPFromBest about λ, starts and s.
func (p *KOMDPath) SolveBest(lambda float64, starts [][]float64, s *Settings) (*Result, error) {
	if p == nil || p.q == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "opt: KOMDPath: use NewKOMDPath")
	}
	for _, st := range starts {
		if st != nil {
			if err := checkStart(p.q.fn, st, p.q.y); err != nil {
				return nil, err
			}
		}
	}
	maxIter, tol, rec, err := settings(p.q.fn, s, 0, DefaultQPTol)
	if err != nil {
		return nil, err
	}
	if err := klearn.CheckParam("opt: "+p.q.fn+": lambda", lambda, 0, 1); err != nil {
		return nil, err
	}
	wk := getPairWork(len(p.q.y))
	defer pairPool.Put(wk)
	return p.q.solve(wk, lambda, starts, maxIter, tol, rec)
}

// sameFloat reports whether a and b have the same bits.
func sameFloat(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

// unpermute returns the vector whose entry i is x[pos[i]].
func unpermute(x []float64, pos []int) []float64 {
	out := make([]float64, len(x))
	for i, p := range pos {
		out[i] = x[p]
	}
	return out
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
	for i := range wk.perm {
		wk.perm[i] = i
	}
	h := wk.hbuf(n)
	amax, err := denseSym(fn, K, nil, wk.perm, 1, 0, h)
	if err != nil {
		return nil, err
	}
	if maxIter == 0 {
		maxIter = max(100000, defaultQPIterPerVar*n)
	}
	p := &pairQP{n: n, h: h, mul: 1, n0: n, ng: 1, scale: amax}
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
	p.setup(wk)
	defer func() { p.team.stop() }()
	return p.solve(x, false, maxIter, tol, rec)
}

// isNilSym reports a nil interface or a typed nil *mat.SymDense.
func isNilSym(K mat.Symmetric) bool {
	if K == nil {
		return true
	}
	sd, ok := K.(*mat.SymDense)
	return ok && sd == nil
}
