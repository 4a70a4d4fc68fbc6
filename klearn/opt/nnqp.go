package opt

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// DefaultNNQPTol is the default Settings.Tol of NNQP: a variable enters the
// passive set only if its multiplier is below −Tol·D, D = max(max|M_ij|, max|a_i|).
const DefaultNNQPTol = 1e-10

// NNQP solves the non-negative quadratic program
//
//	min_{v ≥ 0} vᵀMv − 2vᵀa
//
// for a positive semi-definite M (the alignf problem, Prop. 9 of Cortes,
// Mohri & Rostamizadeh (2012)) by the active-set method of
// Lawson & Hanson (1974, Ch. 23, algorithm NNLS) applied to the normal
// equations: with M = RᵀR and a = Rᵀb the problem is min_{v≥0} ‖Rv − b‖²,
// and every NNLS step only needs M and a. Each inner step solves
// M_PP z_P = a_P on the passive set P by Cholesky (a pseudo-inverse if M_PP
// is singular).
//
// The answer satisfies the KKT conditions exactly up to round-off:
// v ≥ 0, μ = 2(Mv − a) ≥ 0, v_i μ_i = 0, returned as Result.Multipliers = μ;
// Result.Gap = max_i |min(v_i, μ_i)|. MaxIter (default 3p + 10) bounds the
// number of variables added to the passive set.
//
// Errors: ErrEmpty, ErrShape, ErrNotFinite, ErrParam (bad Settings),
// ErrNotPSD (λ_min(M) < −1e−10·‖M‖), ErrSingular when the problem is
// unbounded below (a has a component along a non-negative direction d with
// Md = 0 and aᵀd > 0).
func NNQP(M mat.Symmetric, a []float64, s *Settings) (*Result, error) {
	maxIter, tol, rec, err := settings("NNQP", s, 0, DefaultNNQPTol)
	if err != nil {
		return nil, err
	}
	if isNilSym(M) {
		return nil, klearn.Errorf(klearn.ErrEmpty, "opt: NNQP: M is nil")
	}
	p, err := klearn.CheckGram(M, len(a))
	if err != nil {
		return nil, klearn.Errorf(err, "opt: NNQP: M")
	}
	if err := klearn.CheckVector("opt: NNQP: a", a); err != nil {
		return nil, err
	}
	if maxIter == 0 {
		maxIter = 3*p + 10
	}
	Md := mat.NewSymDense(p, nil)
	Md.CopySym(M)
	var scale, mmax float64
	for i := 0; i < p; i++ {
		for j := i; j < p; j++ {
			mmax = math.Max(mmax, math.Abs(Md.At(i, j)))
		}
		scale = math.Max(scale, math.Abs(a[i]))
	}
	scale = math.Max(scale, mmax)
	ev, _, ok := klearn.EigenSym(Md, false)
	if !ok {
		return nil, klearn.Errorf(klearn.ErrSingular, "opt: NNQP: eigendecomposition of M failed")
	}
	if len(ev) > 0 && ev[0] < -1e-10*math.Max(mmax, math.Abs(ev[len(ev)-1])) {
		return nil, klearn.Errorf(klearn.ErrNotPSD, "opt: NNQP: λ_min(M) = %g", ev[0])
	}
	res := &Result{X: make([]float64, p)}
	if scale == 0 {
		res.Status, res.Multipliers = Success, make([]float64, p)
		return res, nil
	}
	v := res.X
	passive := make([]bool, p)
	w := make([]float64, p)
	z := make([]float64, p)
	resid := func() { // w = a − Mv
		for i := 0; i < p; i++ {
			s := a[i]
			for j := 0; j < p; j++ {
				s -= Md.At(i, j) * v[j]
			}
			w[i] = s
		}
	}
	thresh := tol * scale
	resid()
	it := 0
	var recErr error
	for {
		// Entering variable: the most negative multiplier μ_j = −2w_j.
		jmax, wmax := -1, thresh
		for j := 0; j < p; j++ {
			if !passive[j] && w[j] > wmax {
				jmax, wmax = j, w[j]
			}
		}
		if jmax < 0 {
			res.Status = Success
			break
		}
		if it >= maxIter {
			res.Status = IterationLimit
			break
		}
		it++
		passive[jmax] = true
		for inner := 0; ; inner++ {
			if err := solvePassive(Md, a, passive, z, scale); err != nil {
				return nil, err
			}
			if inner == 0 && z[jmax] <= 0 {
				// Round-off made the entering variable useless: undo and stop.
				passive[jmax] = false
				res.Status = Success
				break
			}
			alpha, block := 1.0, -1
			for i := 0; i < p; i++ {
				if passive[i] && z[i] <= 0 {
					if t := v[i] / (v[i] - z[i]); block < 0 || t < alpha {
						alpha, block = t, i
					}
				}
			}
			if block < 0 {
				copy(v, z)
				break
			}
			for i := 0; i < p; i++ {
				if passive[i] {
					v[i] += alpha * (z[i] - v[i])
					if i == block || v[i] <= 0 {
						v[i], passive[i] = 0, false
					}
				}
			}
			if inner > 3*p+10 {
				return nil, klearn.Errorf(klearn.ErrNotConverged, "opt: NNQP: inner loop cycling")
			}
		}
		resid()
		if rec != nil {
			if recErr = rec.Record(Iteration{Iter: it, F: nnqpObj(w, v, a), Gap: math.NaN(), X: v}); recErr != nil {
				res.Status = RecorderStop
				break
			}
		}
		if res.Status == Success {
			break
		}
	}
	res.Iterations = it
	res.F = nnqpObj(w, v, a)
	res.Multipliers = make([]float64, p)
	for i := range w {
		res.Multipliers[i] = -2 * w[i]
		res.Gap = math.Max(res.Gap, math.Abs(math.Min(v[i], res.Multipliers[i])))
	}
	return res, recErr
}

// nnqpObj returns vᵀMv − 2vᵀa = vᵀ(Mv − a) − vᵀa = −vᵀw − vᵀa with w = a − Mv.
func nnqpObj(w, v, a []float64) float64 {
	var f float64
	for i := range v {
		f -= v[i] * (w[i] + a[i])
	}
	return f
}

// solvePassive sets z_P = M_PP⁻¹ a_P and z_i = 0 off P. A singular M_PP is
// handled by a pseudo-inverse; an inconsistent system means the QP is
// unbounded below.
func solvePassive(M *mat.SymDense, a []float64, passive []bool, z []float64, scale float64) error {
	var idx []int
	for i, in := range passive {
		z[i] = 0
		if in {
			idx = append(idx, i)
		}
	}
	k := len(idx)
	A := mat.NewSymDense(k, nil)
	b := mat.NewVecDense(k, nil)
	for r, i := range idx {
		b.SetVec(r, a[i])
		for c := r; c < k; c++ {
			A.SetSym(r, c, M.At(i, idx[c]))
		}
	}
	var sol mat.VecDense
	var chol mat.Cholesky
	ok := chol.Factorize(A)
	if ok {
		if err := chol.SolveVecTo(&sol, b); err != nil || chol.Cond() > 1e12 {
			ok = false
		}
	}
	if !ok {
		vals, Q, ok := klearn.EigenSym(A, true)
		if !ok {
			return klearn.Errorf(klearn.ErrSingular, "opt: NNQP: eigendecomposition failed")
		}
		cut := 1e-12 * math.Max(vals[k-1], 0)
		var qb mat.VecDense
		qb.MulVec(Q.T(), b)
		for r := 0; r < k; r++ {
			if vals[r] > cut {
				qb.SetVec(r, qb.AtVec(r)/vals[r])
			} else {
				qb.SetVec(r, 0)
			}
		}
		sol.MulVec(Q, &qb)
		var chk mat.VecDense
		chk.MulVec(A, &sol)
		chk.SubVec(&chk, b)
		if mat.Norm(&chk, math.Inf(1)) > 1e-8*scale {
			return klearn.Errorf(klearn.ErrSingular, "opt: NNQP: problem is unbounded below (a ∉ range of M on the passive set)")
		}
	}
	for r, i := range idx {
		z[i] = sol.AtVec(r)
	}
	return nil
}
