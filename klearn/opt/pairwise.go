package opt

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/mat"

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

// pairQP minimises f(x) = xᵀHx + cᵀx over a product of simplices
// {x ≥ 0, Σ_{i∈G_k} x_i = 1 for every group k} by pairwise coordinate
// descent: each step moves mass from the most violating variable of one
// group to the variable of the same group with the largest second-order
// gain (working-set selection WSS2 of Fan, Chen & Lin 2005, as used by
// LIBSVM's ν-SVM solver for its two equality constraints).
type pairQP struct {
	n     int
	h     []float64 // full n×n row-major H
	c     []float64 // linear term, nil for none
	group []int     // group of each variable, 0 or 1
	ng    int       // number of groups, 1 or 2
	scale float64   // max_ij |H_ij| + max_i |c_i|
}

// gradient sets g = 2Hx + c.
func (p *pairQP) gradient(g, x []float64) {
	n := p.n
	for i := 0; i < n; i++ {
		row := p.h[i*n : i*n+n]
		var s float64
		for j, v := range row {
			s += v * x[j]
		}
		g[i] = 2 * s
		if p.c != nil {
			g[i] += p.c[i]
		}
	}
}

// objective returns xᵀHx + cᵀx from g = 2Hx + c: f = ½(xᵀg + cᵀx).
func (p *pairQP) objective(g, x []float64) float64 {
	var f float64
	for i, xi := range x {
		if xi == 0 {
			continue
		}
		f += xi * g[i]
		if p.c != nil {
			f += xi * p.c[i]
		}
	}
	return f / 2
}

// kkt scans x and g once and returns, per group, the Frank–Wolfe gap
// contribution Σ_i g_i x_i − min_i g_i, the multiplier ρ = Σ_i g_i x_i, and
// the index of the largest g_i with x_i > 0.
func (p *pairQP) kkt(g, x []float64) (gap float64, rho [2]float64, imax [2]int, gmax [2]float64) {
	gmin := [2]float64{math.Inf(1), math.Inf(1)}
	gmax = [2]float64{math.Inf(-1), math.Inf(-1)}
	imax = [2]int{-1, -1}
	for i, gi := range g {
		k := p.group[i]
		if gi < gmin[k] {
			gmin[k] = gi
		}
		if x[i] > 0 {
			rho[k] += gi * x[i]
			if gi > gmax[k] {
				gmax[k], imax[k] = gi, i
			}
		}
	}
	for k := 0; k < p.ng; k++ {
		gap += math.Max(0, rho[k]-gmin[k])
	}
	return gap, rho, imax, gmax
}

// solve runs pairwise descent from the feasible x (modified in place).
func (p *pairQP) solve(x []float64, maxIter int, tol float64, rec Recorder) (*Result, error) {
	n := p.n
	g := make([]float64, n)
	diag := make([]float64, n)
	for i := range diag {
		diag[i] = p.h[i*n+i]
	}
	res := &Result{X: x}
	if p.scale == 0 { // H = 0 and c = 0: every feasible point is optimal.
		res.Status = Success
		res.Multipliers = make([]float64, p.ng)
		return res, nil
	}
	p.gradient(g, x)
	f := p.objective(g, x)
	thresh := tol * p.scale
	refreshes := 0
	var it int
	for it = 0; ; it++ {
		gap, rho, imax, gmax := p.kkt(g, x)
		res.Gap = gap
		res.Multipliers = append(res.Multipliers[:0], rho[:p.ng]...)
		if rec != nil {
			if err := rec.Record(Iteration{Iter: it, F: f, Gap: gap}); err != nil {
				res.Status = RecorderStop
				res.Iterations, res.F = it, p.objective(g, x)
				return res, err
			}
		}
		if gap <= thresh {
			// Guard against drift of the incrementally updated gradient:
			// recompute it exactly and re-check (a few times at most).
			if refreshes < 3 {
				refreshes++
				p.gradient(g, x)
				f = p.objective(g, x)
				if gap2, _, _, _ := p.kkt(g, x); gap2 > thresh {
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
		var rows [2][]float64
		for k := 0; k < p.ng; k++ {
			if imax[k] >= 0 {
				rows[k] = p.h[imax[k]*n : imax[k]*n+n]
			}
		}
		bestJ, bestK, bestGain := -1, -1, 0.0
		for j, gj := range g {
			k := p.group[j]
			b := gmax[k] - gj
			if b <= 0 {
				continue
			}
			i := imax[k]
			a := diag[i] + diag[j] - 2*rows[k][j]
			if a <= 0 {
				a = tau
			}
			if gain := b * b / a; gain > bestGain {
				bestJ, bestK, bestGain = j, k, gain
			}
		}
		if bestJ < 0 { // cannot happen while gap > 0; be safe.
			res.Status = Failure
			break
		}
		i, j := imax[bestK], bestJ
		b := g[i] - g[j]
		a := diag[i] + diag[j] - 2*rows[bestK][j]
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
		ri, rj := p.h[i*n:i*n+n], p.h[j*n:j*n+n]
		t2 := 2 * t
		for k := range g {
			g[k] += t2 * (rj[k] - ri[k])
		}
	}
	p.gradient(g, x)
	res.F = p.objective(g, x)
	gap, rho, _, _ := p.kkt(g, x)
	res.Gap = gap
	res.Multipliers = append(res.Multipliers[:0], rho[:p.ng]...)
	res.Iterations = it
	if res.Status == Failure {
		return res, klearn.Errorf(klearn.ErrNotConverged, "opt: pairwise QP stalled with gap %g", gap)
	}
	return res, nil
}

// denseSym copies K into a full row-major n×n slice, multiplying entry
// (i, j) by s_i s_j (s nil for none), and checks finiteness. It returns the
// largest |entry|.
func denseSym(fn string, K mat.Symmetric, s []float64) ([]float64, int, float64, error) {
	if isNilSym(K) {
		return nil, 0, 0, klearn.Errorf(klearn.ErrEmpty, "opt: %s: K is nil", fn)
	}
	n := K.SymmetricDim()
	if n == 0 {
		return nil, 0, 0, klearn.Errorf(klearn.ErrEmpty, "opt: %s: K is 0×0", fn)
	}
	h := make([]float64, n*n)
	var raw []float64
	stride := 0
	if sd, ok := K.(mat.RawSymmetricer); ok {
		r := sd.RawSymmetric()
		if r.Uplo == blas.Upper {
			raw, stride = r.Data, r.Stride
		}
	}
	var amax float64
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			var v float64
			if raw != nil {
				v = raw[i*stride+j]
			} else {
				v = K.At(i, j)
			}
			if !finite(v) {
				return nil, n, 0, klearn.Errorf(klearn.ErrNotFinite, "opt: %s: K[%d,%d] = %v", fn, i, j, v)
			}
			if s != nil {
				v *= s[i] * s[j]
			}
			h[i*n+j], h[j*n+i] = v, v
			if a := math.Abs(v); a > amax {
				amax = a
			}
		}
	}
	if err := klearn.CheckDiagPSD("opt: "+fn+": K", K); err != nil {
		return nil, n, 0, err
	}
	return h, n, amax, nil
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
	h, _, amax, err := denseSym("KOMDQP", K, y)
	if err != nil {
		return nil, err
	}
	for i := range h {
		h[i] *= 1 - lambda
	}
	for i := 0; i < n; i++ {
		h[i*n+i] += lambda
	}
	p := &pairQP{n: n, h: h, group: group, ng: 2, scale: (1-lambda)*amax + lambda}
	return p.solve(x, maxIter, tol, rec)
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
	h, n, amax, err := denseSym(fn, K, nil)
	if err != nil {
		return nil, err
	}
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
	return p.solve(x, maxIter, tol, rec)
}

// isNilSym reports a nil interface or a typed nil *mat.SymDense.
func isNilSym(K mat.Symmetric) bool {
	if K == nil {
		return true
	}
	sd, ok := K.(*mat.SymDense)
	return ok && sd == nil
}
