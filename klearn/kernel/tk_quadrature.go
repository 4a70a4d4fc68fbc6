package kernel

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/integrate/quad"

	"github.com/kernelab/kernelab/klearn"
)

// Quadrature returns k(x, y) as the integral that defines it, eq. (7) of
// Colbert & Peet (2020),
//
//	∫_{[a,b]} N(z, x)ᵀ P N(z, y) dz,
//
// by tensor Gauss–Legendre quadrature on the cells of the box cut at the
// coordinates of x and y. On each cell the integrand is a polynomial of
// degree ≤ 2d in every z_k, so the (d + 2)-point rule is exact up to
// round-off. It is an independent reference for the closed form that Eval
// computes (Corollary 13), not a way to evaluate the kernel: it costs
// (3(d + 2))ⁿ evaluations of N.
//
// With literal false, N is N̂ of TK's doc comment, whose integral Eval
// returns. With literal true, N is eq. (10) as printed, whose second block
// is Z_d(z, x)·I_+(x − z). The two agree almost everywhere only for n = 1;
// for n ≥ 2 the printed N vanishes where z − x has coordinates of both
// signs, and its integral is not the paper's closed form (eq. 13).
//
// Inputs outside the box are clipped onto it, as Eval does. Mismatched
// lengths, NaN or infinite inputs and an invalid TK are errors wrapping
// klearn.ErrShape or klearn.ErrParam.
func (t TK) Quadrature(x, y []float64, literal bool) (float64, error) {
	n := len(x)
	if n == 0 || len(y) != n {
		return math.NaN(), klearn.Errorf(klearn.ErrShape, "kernel: TK quadrature of points of lengths %d and %d", len(x), len(y))
	}
	for k := 0; k < n; k++ {
		if math.IsNaN(x[k]) || math.IsInf(x[k], 0) || math.IsNaN(y[k]) || math.IsInf(y[k], 0) {
			return math.NaN(), klearn.Errorf(klearn.ErrParam, "kernel: TK quadrature at a non-finite coordinate %d (%v, %v)", k, x[k], y[k])
		}
	}
	if err := t.Validate(n); err != nil {
		return math.NaN(), err
	}
	exps, err := Monomials(2*n, t.Degree)
	if err != nil {
		return math.NaN(), err
	}
	q := len(exps)
	a, b := t.Lower, t.Upper
	if a == nil {
		a, b = make([]float64, n), make([]float64, n)
		for k := range b {
			b[k] = 1
		}
	}
	xc, yc := make([]float64, n), make([]float64, n)
	for k := 0; k < n; k++ {
		xc[k] = min(max(x[k], a[k]), b[k])
		yc[k] = min(max(y[k], a[k]), b[k])
	}
	// The nodes and weights along each coordinate: r-point rules on the
	// cells between consecutive cuts.
	r := t.Degree + 2
	gx, gw := make([]float64, r), make([]float64, r)
	nodes, weights := make([][]float64, n), make([][]float64, n)
	for k := 0; k < n; k++ {
		cuts := []float64{a[k], b[k], xc[k], yc[k]}
		sort.Float64s(cuts)
		for c := 0; c+1 < len(cuts); c++ {
			if !(cuts[c+1] > cuts[c]) {
				continue
			}
			quad.Legendre{}.FixedLocations(gx, gw, cuts[c], cuts[c+1])
			nodes[k] = append(nodes[k], gx...)
			weights[k] = append(weights[k], gw...)
		}
	}
	// N(z, u) into v (length 2q).
	xz := make([]float64, 2*n)
	fill := func(v, z, u []float64) {
		upper, lower := true, true // z ≥ u, and z ≤ u, componentwise
		for k := 0; k < n; k++ {
			upper = upper && z[k] >= u[k]
			lower = lower && z[k] <= u[k]
		}
		copy(xz, u)
		copy(xz[n:], z)
		for i := range v {
			v[i] = 0
		}
		first, second := upper, !upper
		if literal {
			second = lower
		}
		for i, e := range exps {
			m := monomial(xz, e)
			if first {
				v[i] = m
			}
			if second {
				v[q+i] = m
			}
		}
	}
	w := 2 * q
	nx, ny := make([]float64, w), make([]float64, w)
	z := make([]float64, n)
	idx := make([]int, n)
	var sum float64
	for {
		wt := 1.0
		for k := 0; k < n; k++ {
			z[k], wt = nodes[k][idx[k]], wt*weights[k][idx[k]]
		}
		fill(nx, z, xc)
		fill(ny, z, yc)
		var f float64
		for i := 0; i < w; i++ {
			if nx[i] == 0 {
				continue
			}
			for j := 0; j < w; j++ {
				pij := 0.0
				switch {
				case t.P == nil && i == j:
					pij = 1
				case t.P != nil:
					pij = t.P.At(i, j)
				}
				f += nx[i] * pij * ny[j]
			}
		}
		sum += wt * f
		// Next node of the tensor grid (odometer order).
		k := 0
		for ; k < n; k++ {
			idx[k]++
			if idx[k] < len(nodes[k]) {
				break
			}
			idx[k] = 0
		}
		if k == n {
			return sum, nil
		}
	}
}
