package stattest

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/integrate/quad"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/metrics"
)

// FriedmanResult is Friedman's test of k methods over N data sets
// (Demšar 2006, Section 3.2.2): the average ranks R_j (1 = best), the
// statistic χ²_F on k − 1 degrees of freedom with its p-value, and Iman and
// Davenport's F_F on (k − 1, (k − 1)(N − 1)) degrees of freedom with its
// p-value, the less conservative of the two.
type FriedmanResult struct {
	Ranks       []float64
	N, K        int
	ChiSq, PChi float64
	F, PF       float64
	DF1, DF2    float64
}

// Friedman ranks the k methods on each of the N data sets (scores[i][j] is
// method j on data set i; rank 1 the best, the highest score when
// higherIsBetter; ties share their mean rank) and tests that all methods
// are equivalent. Errors: fewer than 2 data sets or methods, ragged rows
// (ErrEmpty, ErrShape), NaN or ±Inf (ErrNotFinite).
func Friedman(scores [][]float64, higherIsBetter bool) (FriedmanResult, error) {
	if len(scores) < 2 || len(scores[0]) < 2 {
		return FriedmanResult{}, klearn.Errorf(klearn.ErrEmpty, "stattest: Friedman needs ≥ 2 data sets and ≥ 2 methods")
	}
	k := len(scores[0])
	sum := make([]float64, k)
	for i, row := range scores {
		if len(row) != k {
			return FriedmanResult{}, klearn.Errorf(klearn.ErrShape, "stattest: Friedman: data set %d has %d scores, want %d", i, len(row), k)
		}
		if err := klearn.CheckVector("stattest: Friedman scores", row); err != nil {
			return FriedmanResult{}, err
		}
		v := make([]float64, k)
		for j, s := range row {
			v[j] = s
			if higherIsBetter {
				v[j] = -s
			}
		}
		for j, r := range metrics.Ranks(v) {
			sum[j] += r
		}
	}
	for j := range sum {
		sum[j] /= float64(len(scores))
	}
	return FriedmanFromRanks(sum, len(scores))
}

// FriedmanFromRanks is Friedman's test from the average ranks R_j of k
// methods over N data sets (Demšar 2006, Eqs. on p. 11):
//
//	χ²_F = 12N/(k(k+1)) · (Σ_j R_j² − k(k+1)²/4),
//	F_F = (N − 1)χ²_F / (N(k − 1) − χ²_F).
//
// F_F is +Inf (p-value 0) when the ranks are the same on every data set.
func FriedmanFromRanks(ranks []float64, n int) (FriedmanResult, error) {
	k := len(ranks)
	if k < 2 || n < 2 {
		return FriedmanResult{}, klearn.Errorf(klearn.ErrEmpty, "stattest: Friedman needs ≥ 2 data sets and ≥ 2 methods, have N = %d, k = %d", n, k)
	}
	if err := klearn.CheckVector("stattest: Friedman ranks", ranks); err != nil {
		return FriedmanResult{}, err
	}
	kf, nf := float64(k), float64(n)
	ss := 0.0
	for _, r := range ranks {
		ss += r * r
	}
	chi := 12 * nf / (kf * (kf + 1)) * (ss - kf*(kf+1)*(kf+1)/4)
	chi = math.Max(chi, 0)
	res := FriedmanResult{Ranks: append([]float64(nil), ranks...), N: n, K: k, ChiSq: chi,
		DF1: kf - 1, DF2: (kf - 1) * (nf - 1)}
	res.PChi = distuv.ChiSquared{K: kf - 1}.Survival(chi)
	den := nf*(kf-1) - chi
	if den <= 1e-12*nf*kf {
		res.F, res.PF = math.Inf(1), 0
		return res, nil
	}
	res.F = (nf - 1) * chi / den
	res.PF = distuv.F{D1: res.DF1, D2: res.DF2}.Survival(res.F)
	return res, nil
}

// RankSE is the standard error of the difference of two average ranks of
// k methods over N data sets under the null hypothesis, √(k(k+1)/(6N))
// (Demšar 2006, Section 3.2.2).
func RankSE(k, n int) float64 { return math.Sqrt(float64(k*(k+1)) / (6 * float64(n))) }

// NemenyiCD is the critical difference of the Nemenyi test, q_α √(k(k+1)/(6N)),
// where q_α is the studentized range quantile for k means and infinite
// degrees of freedom divided by √2 (StudentizedRangeQuantile). Two methods
// differ at level alpha when their average ranks differ by at least CD.
func NemenyiCD(k, n int, alpha float64) (float64, error) {
	if n < 2 {
		return 0, klearn.Errorf(klearn.ErrParam, "stattest: NemenyiCD needs N ≥ 2, have %d", n)
	}
	q, err := StudentizedRangeQuantile(k, 1-alpha)
	if err != nil {
		return 0, err
	}
	return q / math.Sqrt2 * RankSE(k, n), nil
}

// rangeCDF is P(max − min of k standard normals ≤ q) =
// k ∫ φ(z) (Φ(z + q) − Φ(z))^{k−1} dz, by Gauss–Legendre quadrature on
// [−8, 8].
func rangeCDF(k int, q float64) float64 {
	nrm := distuv.UnitNormal
	f := func(z float64) float64 {
		return nrm.Prob(z) * math.Pow(nrm.CDF(z+q)-nrm.CDF(z), float64(k-1))
	}
	return float64(k) * quad.Fixed(f, -8, 8, 400, nil, 0)
}

// StudentizedRangeQuantile returns the p-quantile of the range of k
// independent standard normal variables (the studentized range with
// infinite degrees of freedom), by bisection on its distribution function.
// For k = 4, p = 0.95 it is 3.633 (Demšar's q_0.05 = 3.633/√2 = 2.569).
// Errors: k < 2 or p outside (0, 1) (ErrParam).
func StudentizedRangeQuantile(k int, p float64) (float64, error) {
	if k < 2 || !(p > 0 && p < 1) {
		return 0, klearn.Errorf(klearn.ErrParam, "stattest: StudentizedRangeQuantile needs k ≥ 2 and p in (0, 1), have k = %d, p = %g", k, p)
	}
	lo, hi := 0.0, 20.0
	for range 80 {
		mid := (lo + hi) / 2
		if rangeCDF(k, mid) < p {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2, nil
}

// PairwiseResult compares methods I and J by their average ranks: Z =
// (R_I − R_J)/RankSE, the two-sided normal p-value P and the p-value
// adjusted by Holm's step-down procedure over all pairs, PHolm.
type PairwiseResult struct {
	I, J     int
	Z, P     float64
	PHolm    float64
	Rejected bool // PHolm < alpha
}

// HolmPairwise compares every pair of the k methods (average ranks over N
// data sets) by the z statistic of Demšar (2006, Section 3.2.2) and adjusts
// the p-values by Holm's step-down procedure at level alpha: sorted p_(1) ≤
// … ≤ p_(m), the adjusted p_(i) is max_{j ≤ i} min(1, (m − j + 1) p_(j)).
// Pairs are listed in the order (0,1), (0,2), …, (k−2,k−1).
func HolmPairwise(ranks []float64, n int, alpha float64) ([]PairwiseResult, error) {
	k := len(ranks)
	if k < 2 || n < 2 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "stattest: HolmPairwise needs ≥ 2 methods and N ≥ 2")
	}
	if !(alpha > 0 && alpha < 1) {
		return nil, klearn.Errorf(klearn.ErrParam, "stattest: HolmPairwise: alpha = %g", alpha)
	}
	if err := klearn.CheckVector("stattest: HolmPairwise ranks", ranks); err != nil {
		return nil, err
	}
	se := RankSE(k, n)
	var out []PairwiseResult
	for i := 0; i < k; i++ {
		for j := i + 1; j < k; j++ {
			z := (ranks[i] - ranks[j]) / se
			out = append(out, PairwiseResult{I: i, J: j, Z: z, P: 2 * distuv.UnitNormal.Survival(math.Abs(z))})
		}
	}
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return out[order[a]].P < out[order[b]].P })
	m := len(out)
	run := 0.0
	for r, idx := range order {
		run = math.Max(run, math.Min(1, float64(m-r)*out[idx].P))
		out[idx].PHolm = run
		out[idx].Rejected = run < alpha
	}
	return out, nil
}
