package opt

import (
	"math"
	"slices"

	"github.com/kernelab/kernelab/klearn"
)

// KOMDSecant returns a start point for the KOMD QP (KOMDQPFromBest) at λ
// from its solutions x1 at λ1 and x2 at λ2 (λ1 ≠ λ2, the two previous
// points of a grid of λ): the secant extrapolation
//
//	z = x2 + s·(x2 − x1),  s = (λ − λ2)/(λ2 − λ1),
//
// projected onto the feasible set Γ, each class's part z_c onto its unit
// simplex in the Euclidean norm (Held, Wolfe & Crowder 1974; Duchi et al.
// 2008, Fig. 1: w = (z_c − θ)₊ with θ chosen so that Σ w = 1). On a stretch
// of the grid where the support of the solution does not change, the
// optimum is a smooth function of λ and z is second-order accurate in the
// step, where x2 alone is first-order: the solve from it takes fewer pair
// steps. Whether it is the better start is decided by its objective
// (KOMDQPFromBest), so a poor extrapolation costs one O(n²) product.
// y, x1 and x2 are in the order of the examples and are not modified.
//
// Errors: ErrShape (lengths differ), ErrNotFinite (a NaN or ±Inf entry or
// λ), ErrParam (λ1 = λ2), and those of klearn.CheckBinary about y.
func KOMDSecant(y, x1, x2 []float64, lam1, lam2, lam float64) ([]float64, error) {
	const fn = "opt: KOMDSecant"
	if _, _, err := klearn.CheckBinary(y); err != nil {
		return nil, klearn.Errorf(err, "%s", fn)
	}
	if len(x1) != len(y) || len(x2) != len(y) {
		return nil, klearn.Errorf(klearn.ErrShape, "%s: x1, x2 have %d, %d entries, y has %d", fn, len(x1), len(x2), len(y))
	}
	for _, v := range []float64{lam1, lam2, lam} {
		if !finite(v) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "%s: λ = %v", fn, v)
		}
	}
	if lam1 == lam2 {
		return nil, klearn.Errorf(klearn.ErrParam, "%s: λ1 = λ2 = %v", fn, lam1)
	}
	s := (lam - lam2) / (lam2 - lam1)
	z := make([]float64, len(y))
	for i := range z {
		if !finite(x1[i]) || !finite(x2[i]) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "%s: x1[%d], x2[%d] = %v, %v", fn, i, i, x1[i], x2[i])
		}
		z[i] = x2[i] + s*(x2[i]-x1[i])
		if !finite(z[i]) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "%s: extrapolated entry %d = %v", fn, i, z[i])
		}
	}
	for _, c := range []float64{1, -1} {
		var idx []int
		for i, v := range y {
			if v == c {
				idx = append(idx, i)
			}
		}
		projectSimplex(z, idx)
	}
	return z, nil
}

// projectSimplex replaces the entries idx of z by their Euclidean
// projection onto the unit simplex {w ≥ 0, Σ w = 1}: w = (z − θ)₊ with
// θ = (Σ_{r≤ρ} u_r − 1)/ρ, u the entries sorted in decreasing order and
// ρ the largest r with u_r > (Σ_{s≤r} u_s − 1)/r.
func projectSimplex(z []float64, idx []int) {
	u := make([]float64, len(idx))
	for k, i := range idx {
		u[k] = z[i]
	}
	slices.Sort(u)
	slices.Reverse(u)
	var sum, theta float64
	for r, v := range u {
		sum += v
		if t := (sum - 1) / float64(r+1); v > t {
			theta = t
		}
	}
	for _, i := range idx {
		z[i] = math.Max(0, z[i]-theta)
	}
}
