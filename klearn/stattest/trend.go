package stattest

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/kernelab/kernelab/klearn"
)

// MaxExactKendall is the largest n for which Kendall computes the exact null
// distribution of S (when neither sample has ties).
const MaxExactKendall = 60

// TrendResult is Kendall's rank trend test: S = Σ_{i<j} sgn(x_j − x_i)·
// sgn(y_j − y_i), Kendall's τ_b, the p-value, and whether it is exact.
type TrendResult struct {
	S, Tau, P float64
	N         int
	Exact     bool
}

// Kendall is Kendall's rank test of a monotone trend of y in x (the
// Mann–Kendall trend test when x is time or a hyper-parameter's grid;
// repeated runs at one x are tied x values). Greater tests an increasing
// trend, Less a decreasing one. Without ties and for n ≤ MaxExactKendall
// the p-value is exact: under H₀ every ordering of y is equally likely, so
// the discordant pairs are distributed as the inversions of a random
// permutation (the Mahonian numbers), counted by dynamic programming.
// Otherwise S is taken as normal with Kendall's tie-corrected variance
//
//	Var S = [n(n−1)(2n+5) − Σt(t−1)(2t+5) − Σu(u−1)(2u+5)]/18
//	      + Σt(t−1)(t−2)·Σu(u−1)(u−2) / (9n(n−1)(n−2))
//	      + Σt(t−1)·Σu(u−1) / (2n(n−1))
//
// (t, u the sizes of the tie groups of x and y) and a continuity
// correction of 1. All x or all y tied gives S = 0 and p = 1. Errors:
// lengths (ErrShape), n < 2 (ErrEmpty), NaN or ±Inf (ErrNotFinite), an
// unknown alternative (ErrParam).
func Kendall(x, y []float64, alt Alternative) (TrendResult, error) {
	if err := alt.check("Kendall"); err != nil {
		return TrendResult{}, err
	}
	if len(x) != len(y) {
		return TrendResult{}, klearn.Errorf(klearn.ErrShape, "stattest: Kendall: lengths %d and %d", len(x), len(y))
	}
	n := len(x)
	if n < 2 {
		return TrendResult{}, klearn.Errorf(klearn.ErrEmpty, "stattest: Kendall needs at least 2 points, got %d", n)
	}
	for i := range x {
		if math.IsNaN(x[i]) || math.IsInf(x[i], 0) || math.IsNaN(y[i]) || math.IsInf(y[i], 0) {
			return TrendResult{}, klearn.Errorf(klearn.ErrNotFinite, "stattest: Kendall: point %d", i)
		}
	}
	s := 0
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			s += sgn(x[j]-x[i]) * sgn(y[j]-y[i])
		}
	}
	tx, ty := tieGroups(x), tieGroups(y)
	pairs := float64(n*(n-1)) / 2
	r := TrendResult{S: float64(s), N: n}
	var px, py float64
	for _, t := range tx {
		px += float64(t*(t-1)) / 2
	}
	for _, u := range ty {
		py += float64(u*(u-1)) / 2
	}
	if den := math.Sqrt((pairs - px) * (pairs - py)); den > 0 {
		r.Tau = r.S / den
	}
	if len(tx) == 0 && len(ty) == 0 && n <= MaxExactKendall {
		r.Exact = true
		// inv[k] = P[k discordant pairs]; S = pairs − 2k.
		inv := mahonian(n)
		var upper, lower float64
		for k, p := range inv {
			sk := n*(n-1)/2 - 2*k
			if sk >= s {
				upper += p
			}
			if sk <= s {
				lower += p
			}
		}
		r.P = tailP(alt, upper, lower)
		return r, nil
	}
	nf := float64(n)
	v := nf * (nf - 1) * (2*nf + 5)
	var t2, t3, u2, u3 float64
	for _, t := range tx {
		tf := float64(t)
		v -= tf * (tf - 1) * (2*tf + 5)
		t2 += tf * (tf - 1)
		t3 += tf * (tf - 1) * (tf - 2)
	}
	for _, u := range ty {
		uf := float64(u)
		v -= uf * (uf - 1) * (2*uf + 5)
		u2 += uf * (uf - 1)
		u3 += uf * (uf - 1) * (uf - 2)
	}
	v /= 18
	if n > 2 {
		v += t3 * u3 / (9 * nf * (nf - 1) * (nf - 2))
	}
	v += t2 * u2 / (2 * nf * (nf - 1))
	if !(v > 0) {
		r.P = 1
		return r, nil
	}
	sd := math.Sqrt(v)
	norm := distuv.UnitNormal
	upper := norm.Survival((r.S - 1) / sd)
	lower := norm.CDF((r.S + 1) / sd)
	r.P = tailP(alt, upper, lower)
	return r, nil
}

func sgn(v float64) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// tieGroups returns the sizes (≥ 2) of the groups of equal values of v.
func tieGroups(v []float64) []int {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	var g []int
	for i := 0; i < len(s); {
		j := i + 1
		for j < len(s) && s[j] == s[i] {
			j++
		}
		if j-i > 1 {
			g = append(g, j-i)
		}
		i = j
	}
	return g
}

// mahonian returns the distribution of the number of inversions of a
// uniformly random permutation of n items: inserting item i adds 0 … i−1
// inversions with equal probability.
func mahonian(n int) []float64 {
	p := []float64{1}
	for i := 2; i <= n; i++ {
		q := make([]float64, len(p)+i-1)
		for k, v := range p {
			for j := 0; j < i; j++ {
				q[k+j] += v / float64(i)
			}
		}
		p = q
	}
	return p
}
