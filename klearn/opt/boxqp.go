package opt

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/klearn"
)

// Defaults of BoxQP.
const (
	// DefaultBoxQPMaxIter is the default Settings.MaxIter of BoxQP
	// (predictor–corrector steps; 20–40 are typical).
	DefaultBoxQPMaxIter = 80
	// DefaultBoxQPTol is the default Settings.Tol of BoxQP: the bound on
	// the complementarity relative to max(1, |f|) and on the dual residual
	// relative to max(1, max_i ‖c‖∞ + z_i + s_i) (see BoxQP).
	DefaultBoxQPTol = 1e-10
)

// BoxQP solves the bound-constrained convex quadratic program
//
//	min_x f(x) = ½xᵀQx + cᵀx  subject to  lo ≤ x ≤ hi
//
// for a positive semi-definite Q and finite bounds lo ≤ hi, by a primal–dual
// interior-point method with Mehrotra's predictor–corrector (Nocedal &
// Wright 2006, Algorithm 16.4, written for bound constraints). With
// multipliers z ≥ 0 of x ≥ lo and s ≥ 0 of x ≤ hi the KKT conditions are
//
//	Qx + c − z + s = 0,  z∘(x − lo) = 0,  s∘(hi − x) = 0,
//
// and every step solves the reduced Newton system
//
//	(Q + Z/(X − Lo) + S/(Hi − X)) Δx = r
//
// by Cholesky (LAPACK's dpotrf), a matrix that is positive definite even
// when Q is singular. The number of factorisations (20–40) hardly depends on
// the conditioning of Q or the width of the box, where coordinate methods
// (SMO, the pairwise solvers of this package) converge linearly in the
// condition number and need millions of steps for a wide box on an
// ill-conditioned Q: the SVM dual without bias, Q_ij = y_i y_j K_ij,
// c = −e, lo = 0, hi = C, at large C is the case this solver is for.
//
// It stops with Status Success when the complementarity
// Σ z_i(x_i − lo_i) + s_i(hi_i − x_i) is at most Tol·max(1, |f|) and the
// dual residual ‖Qx + c − z + s‖∞ is at most Tol·max(1, max_i ‖c‖∞ + z_i + s_i)
// (Tol defaults to DefaultBoxQPTol), with IterationLimit after MaxIter steps
// (DefaultBoxQPMaxIter), and with Failure when the Newton matrix is not
// numerically positive definite or a step is not finite (Q not positive
// semi-definite, or round-off at an extreme scale). X is strictly inside the
// box (or equal to lo_i = hi_i for a fixed variable) in every case;
// Result.Gap is the complementarity, Result.Multipliers = (z, s) (length
// 2n), Result.Iterations the number of steps taken. The Recorder, if any,
// sees each step's F and Gap (X is nil).
//
// Variables with lo_i = hi_i are fixed and removed before the iteration
// (their contribution Q_{·i}·lo_i moves into c). Inputs are not modified.
//
// Errors: ErrEmpty (Q nil or 0×0, or empty vectors), ErrShape (sizes
// disagree), ErrNotFinite (NaN or ±Inf in Q, c, lo or hi), ErrParam (some
// lo_i > hi_i, or bad Settings).
func BoxQP(Q mat.Symmetric, c, lo, hi []float64, s *Settings) (*Result, error) {
	maxIter, tol, rec, err := settings("BoxQP", s, DefaultBoxQPMaxIter, DefaultBoxQPTol)
	if err != nil {
		return nil, err
	}
	if isNilSym(Q) {
		return nil, klearn.Errorf(klearn.ErrEmpty, "opt: BoxQP: Q is nil")
	}
	n, err := klearn.CheckGram(Q, len(c))
	if err != nil {
		return nil, klearn.Errorf(err, "opt: BoxQP: Q")
	}
	for _, v := range []struct {
		name string
		x    []float64
	}{{"c", c}, {"lo", lo}, {"hi", hi}} {
		if len(v.x) != n {
			return nil, klearn.Errorf(klearn.ErrShape, "opt: BoxQP: len(%s) = %d, want %d", v.name, len(v.x), n)
		}
		if err := klearn.CheckVector("opt: BoxQP: "+v.name, v.x); err != nil {
			return nil, err
		}
	}
	var free []int
	for i := 0; i < n; i++ {
		if lo[i] > hi[i] {
			return nil, klearn.Errorf(klearn.ErrParam, "opt: BoxQP: lo[%d] = %g > hi[%d] = %g", i, lo[i], i, hi[i])
		}
		if lo[i] < hi[i] {
			free = append(free, i)
		}
	}
	if len(free) == n {
		Qd := mat.NewSymDense(n, nil)
		Qd.CopySym(Q)
		return boxQPInterior(Qd, c, lo, hi, maxIter, tol, rec), nil
	}
	// Fixed variables: solve for the free ones with c_F + Q_{F,fixed}·x_fixed.
	x := make([]float64, n)
	copy(x, lo)
	nf := len(free)
	isFree := make([]bool, n)
	for _, i := range free {
		isFree[i] = true
	}
	res := &Result{X: x, Status: Success, Multipliers: make([]float64, 2*n)}
	if nf > 0 {
		Qf, cf, lf, hf := reduceFixed(Q, c, lo, hi, x, free, isFree)
		r := boxQPInterior(Qf, cf, lf, hf, maxIter, tol, rec)
		for a, i := range free {
			x[i] = r.X[a]
			res.Multipliers[i], res.Multipliers[n+i] = r.Multipliers[a], r.Multipliers[nf+a]
		}
		res.Status, res.Iterations, res.Gap = r.Status, r.Iterations, r.Gap
	}
	// Multipliers of the fixed variables: the gradient's positive part on
	// the lower bound, its negative part on the upper one.
	xv := mat.NewVecDense(n, x)
	g := mat.NewVecDense(n, nil)
	g.MulVec(Q, xv)
	for i := 0; i < n; i++ {
		if !isFree[i] {
			gi := g.AtVec(i) + c[i]
			res.Multipliers[i], res.Multipliers[n+i] = max(gi, 0), max(-gi, 0)
		}
		res.F += x[i] * (g.AtVec(i)/2 + c[i])
	}
	return res, nil
}

// reduceFixed returns the problem in the free variables: Q_FF, c_F plus
// Q_{F,fixed}·x_fixed, and the free variables' bounds.
func reduceFixed(Q mat.Symmetric, c, lo, hi, x []float64, free []int, isFree []bool) (*mat.SymDense, []float64, []float64, []float64) {
	n, nf := len(c), len(free)
	Qf := mat.NewSymDense(nf, nil)
	cf, lf, hf := make([]float64, nf), make([]float64, nf), make([]float64, nf)
	for a, i := range free {
		for b := a; b < nf; b++ {
			Qf.SetSym(a, b, Q.At(i, free[b]))
		}
		cf[a], lf[a], hf[a] = c[i], lo[i], hi[i]
		for j := 0; j < n; j++ {
			if !isFree[j] {
				cf[a] += Q.At(i, j) * x[j]
			}
		}
	}
	return Qf, cf, lf, hf
}

// boxQPInterior is BoxQP's iteration on validated input with lo < hi
// everywhere; Q is owned by the caller and not modified.
func boxQPInterior(Q *mat.SymDense, c, lo, hi []float64, maxIter int, tol float64, rec Recorder) *Result {
	m := len(c)
	a := make([]float64, m) // x
	z := make([]float64, m)
	s := make([]float64, m)
	dl := make([]float64, m) // x − lo
	du := make([]float64, m) // hi − x
	for i := range a {
		a[i] = lo[i] + (hi[i]-lo[i])/2
	}
	g := mat.NewVecDense(m, nil)
	av := mat.NewVecDense(m, a)
	g.MulVec(Q, av)
	var cmax float64
	for i := range z {
		gi := g.AtVec(i) + c[i]
		z[i] = max(gi, 0) + 1
		s[i] = max(-gi, 0) + 1
		cmax = max(cmax, math.Abs(c[i]))
	}
	rd := make([]float64, m)
	dA, dZ, dS := make([]float64, m), make([]float64, m), make([]float64, m)
	H := mat.NewSymDense(m, nil)
	var T linalg.Cholesky // factor of H
	defer T.Release()
	sol := make([]float64, m)
	// solveDir solves the Newton system for the complementarity targets
	// t1 = (x − lo)∘z + …, t2 = (hi − x)∘s + … (as residuals to cancel).
	solveDir := func(c1, c2 []float64) bool {
		for i := 0; i < m; i++ {
			sol[i] = -rd[i] + c1[i]/dl[i] - c2[i]/du[i]
		}
		T.SolveUTVec(sol)
		T.SolveUVec(sol)
		for i := 0; i < m; i++ {
			if math.IsNaN(sol[i]) || math.IsInf(sol[i], 0) {
				return false
			}
			dA[i] = sol[i]
			dZ[i] = (c1[i] - z[i]*dA[i]) / dl[i]
			dS[i] = (c2[i] + s[i]*dA[i]) / du[i]
		}
		return true
	}
	stepLen := func() (float64, float64) {
		ap, ad := 1.0, 1.0
		for i := 0; i < m; i++ {
			if dA[i] < 0 {
				ap = min(ap, -dl[i]/dA[i])
			} else if dA[i] > 0 {
				ap = min(ap, du[i]/dA[i])
			}
			if dZ[i] < 0 {
				ad = min(ad, -z[i]/dZ[i])
			}
			if dS[i] < 0 {
				ad = min(ad, -s[i]/dS[i])
			}
		}
		return ap, ad
	}
	res := &Result{X: a, Status: IterationLimit}
	finish := func(st Status, f, gap float64) *Result {
		res.Status, res.F, res.Gap = st, f, gap
		res.Multipliers = append(append(make([]float64, 0, 2*m), z...), s...)
		return res
	}
	c1, c2 := make([]float64, m), make([]float64, m)
	var f, gap float64
	for it := 0; ; it++ {
		g.MulVec(Q, av)
		var rmax, scale float64
		f, gap = 0, 0
		for i := 0; i < m; i++ {
			gi := g.AtVec(i) + c[i]
			f += a[i] * (g.AtVec(i)/2 + c[i])
			dl[i], du[i] = a[i]-lo[i], hi[i]-a[i]
			rd[i] = gi - z[i] + s[i]
			rmax = max(rmax, math.Abs(rd[i]))
			scale = max(scale, cmax+z[i]+s[i])
			gap += dl[i]*z[i] + du[i]*s[i]
		}
		res.Iterations = it
		if rec != nil {
			if err := rec.Record(Iteration{Iter: it, F: f, Gap: gap}); err != nil {
				return finish(RecorderStop, f, gap)
			}
		}
		if gap <= tol*max(1, math.Abs(f)) && rmax <= tol*max(1, scale) {
			return finish(Success, f, gap)
		}
		if it == maxIter {
			return finish(IterationLimit, f, gap)
		}
		mu := gap / float64(2*m)
		H.CopySym(Q)
		for i := 0; i < m; i++ {
			H.SetSym(i, i, H.At(i, i)+z[i]/dl[i]+s[i]/du[i])
		}
		if T.Factorize(H) != nil {
			return finish(Failure, f, gap)
		}
		// Predictor (affine scaling): targets 0.
		for i := 0; i < m; i++ {
			c1[i] = -dl[i] * z[i]
			c2[i] = -du[i] * s[i]
		}
		if !solveDir(c1, c2) {
			return finish(Failure, f, gap)
		}
		ap, ad := stepLen()
		var gapAff float64
		for i := 0; i < m; i++ {
			na := a[i] + ap*dA[i]
			gapAff += (na-lo[i])*(z[i]+ad*dZ[i]) + (hi[i]-na)*(s[i]+ad*dS[i])
		}
		sigma := math.Pow(gapAff/gap, 3)
		// Corrector with centring σμ and the second-order terms.
		for i := 0; i < m; i++ {
			c1[i] = sigma*mu - dl[i]*z[i] - dA[i]*dZ[i]
			c2[i] = sigma*mu - du[i]*s[i] + dA[i]*dS[i]
		}
		if !solveDir(c1, c2) {
			return finish(Failure, f, gap)
		}
		ap, ad = stepLen()
		ap, ad = min(1, 0.995*ap), min(1, 0.995*ad)
		for i := 0; i < m; i++ {
			a[i] += ap * dA[i]
			z[i] += ad * dZ[i]
			s[i] += ad * dS[i]
		}
	}
}
