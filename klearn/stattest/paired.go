package stattest

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/metrics"
)

// Alternative is the hypothesis a p-value is computed against.
type Alternative int

const (
	// TwoSided: the difference is not zero.
	TwoSided Alternative = iota
	// Greater: the difference a − b (or the trend) is positive.
	Greater
	// Less: the difference a − b (or the trend) is negative.
	Less
)

// String returns "two-sided", "greater" or "less".
func (a Alternative) String() string {
	switch a {
	case Greater:
		return "greater"
	case Less:
		return "less"
	}
	return "two-sided"
}

func (a Alternative) check(where string) error {
	if a < TwoSided || a > Less {
		return klearn.Errorf(klearn.ErrParam, "stattest: %s: unknown alternative %d", where, int(a))
	}
	return nil
}

// tailP returns the p-value of a statistic whose upper tail is upper =
// P[X ≥ x] and lower tail lower = P[X ≤ x] under the null hypothesis:
// twice the smaller tail for TwoSided (capped at 1).
func tailP(alt Alternative, upper, lower float64) float64 {
	switch alt {
	case Greater:
		return math.Min(1, upper)
	case Less:
		return math.Min(1, lower)
	}
	return math.Min(1, 2*math.Min(upper, lower))
}

// Result is a test's statistic, its degrees of freedom (0 when the test has
// none) and its p-value.
type Result struct {
	Stat, DF, P float64
}

// diffs returns s·a_i − s·b_i after checking that a and b are non-empty, of
// one length and finite, and the scale s: 1, or 1/8 for samples near
// ±MaxFloat64 (an exact power of two), which keeps every difference finite
// and changes neither their signs nor a t statistic.
func diffs(a, b []float64) ([]float64, float64, error) {
	if len(a) != len(b) {
		return nil, 0, klearn.Errorf(klearn.ErrShape, "stattest: paired samples of lengths %d and %d", len(a), len(b))
	}
	if len(a) == 0 {
		return nil, 0, klearn.Errorf(klearn.ErrEmpty, "stattest: paired test of no pairs")
	}
	var m float64
	for i := range a {
		if math.IsNaN(a[i]) || math.IsNaN(b[i]) || math.IsInf(a[i], 0) || math.IsInf(b[i], 0) {
			return nil, 0, klearn.Errorf(klearn.ErrNotFinite, "stattest: paired sample %d", i)
		}
		m = math.Max(m, math.Max(math.Abs(a[i]), math.Abs(b[i])))
	}
	s := 1.0
	if m > math.MaxFloat64/8 {
		s = 0.125
	}
	d := make([]float64, len(a))
	for i := range a {
		d[i] = a[i]*s - b[i]*s
	}
	return d, s, nil
}

// PairedT is Student's paired t-test of the differences d_i = a_i − b_i:
// t = mean(d)/(sd(d)/√n) with n − 1 degrees of freedom. Identical samples
// give t = 0 and p = 1; constant non-zero differences give t = ±Inf and
// p = 0 in their direction (1 against it), the limit as their spread
// vanishes. Errors: fewer than 2 pairs (ErrEmpty), lengths (ErrShape),
// NaN or ±Inf (ErrNotFinite), an unknown alternative (ErrParam).
func PairedT(a, b []float64, alt Alternative) (Result, error) {
	if err := alt.check("PairedT"); err != nil {
		return Result{}, err
	}
	d, _, err := diffs(a, b)
	if err != nil {
		return Result{}, err
	}
	if len(d) < 2 {
		return Result{}, klearn.Errorf(klearn.ErrEmpty, "stattest: paired t-test needs at least 2 pairs, got %d", len(d))
	}
	m, sd, err := metrics.MeanStd(d)
	if err != nil {
		return Result{}, klearn.Errorf(err, "stattest: paired t-test")
	}
	df := float64(len(d) - 1)
	return tTest(m, sd/math.Sqrt(float64(len(d))), df, alt), nil
}

// tTest returns the t-test of mean m with standard error se against 0.
func tTest(m, se, df float64, alt Alternative) Result {
	if se == 0 {
		switch {
		case m == 0:
			return Result{Stat: 0, DF: df, P: 1}
		case (m > 0) == (alt != Less) || alt == TwoSided:
			return Result{Stat: math.Copysign(math.Inf(1), m), DF: df, P: 0}
		default:
			return Result{Stat: math.Copysign(math.Inf(1), m), DF: df, P: 1}
		}
	}
	t := m / se
	st := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}
	return Result{Stat: t, DF: df, P: tailP(alt, st.Survival(t), st.CDF(t))}
}

// SignResult is the outcome of the sign test: the pairs with a_i > b_i
// (Wins), a_i < b_i (Losses) and a_i = b_i (Ties), and the p-value.
type SignResult struct {
	Wins, Losses, Ties int
	P                  float64
}

// Sign is the exact sign test on the signs of a_i − b_i, ties dropped: under
// the null hypothesis the wins are Binomial(wins + losses, ½). Greater
// gives P[X ≥ wins], Less P[X ≤ wins], TwoSided twice the smaller (capped
// at 1). No untied pair gives p = 1.
func Sign(a, b []float64, alt Alternative) (SignResult, error) {
	if err := alt.check("Sign"); err != nil {
		return SignResult{}, err
	}
	d, _, err := diffs(a, b)
	if err != nil {
		return SignResult{}, err
	}
	var r SignResult
	for _, x := range d {
		switch {
		case x > 0:
			r.Wins++
		case x < 0:
			r.Losses++
		default:
			r.Ties++
		}
	}
	n := r.Wins + r.Losses
	if n == 0 {
		r.P = 1
		return r, nil
	}
	r.P = tailP(alt, binomHalfCDF(n, n-r.Wins), binomHalfCDF(n, r.Wins))
	return r, nil
}

// binomHalfCDF returns P[X ≤ k] for X ~ Binomial(n, ½), summed in log space
// (P[X ≥ k] = P[X ≤ n − k] by symmetry).
func binomHalfCDF(n, k int) float64 {
	var s float64
	for i := 0; i <= k; i++ {
		s += math.Exp(lchoose(n, i) - float64(n)*math.Ln2)
	}
	return math.Min(1, s)
}

func lchoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// MaxWilcoxonPairs is the largest number of non-zero differences for which
// Wilcoxon computes its exact distribution.
const MaxWilcoxonPairs = 1000

// Wilcoxon is Wilcoxon's signed-rank test of the differences a_i − b_i:
// zero differences are dropped, the others ranked by |d_i| (tied
// magnitudes share their mean rank), and the statistic is W+, the sum of the
// ranks of the positive differences. The p-value is exact: the null
// distribution of W+ over the 2^n sign assignments of these ranks (ties
// included) is counted by dynamic programming. No non-zero difference
// gives p = 1. Errors as PairedT, and more than MaxWilcoxonPairs non-zero
// differences (ErrParam).
func Wilcoxon(a, b []float64, alt Alternative) (Result, error) {
	if err := alt.check("Wilcoxon"); err != nil {
		return Result{}, err
	}
	d, _, err := diffs(a, b)
	if err != nil {
		return Result{}, err
	}
	var nz []float64
	for _, x := range d {
		if x != 0 {
			nz = append(nz, x)
		}
	}
	if len(nz) == 0 {
		return Result{P: 1}, nil
	}
	if len(nz) > MaxWilcoxonPairs {
		return Result{}, klearn.Errorf(klearn.ErrParam, "stattest: Wilcoxon: %d non-zero differences, at most %d", len(nz), MaxWilcoxonPairs)
	}
	abs := make([]float64, len(nz))
	for i, x := range nz {
		abs[i] = math.Abs(x)
	}
	ranks := metrics.Ranks(abs)
	// Ranks are multiples of ½: count in doubled ranks, which are integers.
	twice := make([]int, len(ranks))
	total, w := 0, 0
	for i, r := range ranks {
		twice[i] = int(math.Round(2 * r))
		total += twice[i]
		if nz[i] > 0 {
			w += twice[i]
		}
	}
	// dist[s] = P[2·W+ = s] under random signs.
	dist := make([]float64, total+1)
	dist[0] = 1
	for _, r := range twice {
		for s := total; s >= 0; s-- {
			v := dist[s] / 2
			if s >= r {
				v += dist[s-r] / 2
			}
			dist[s] = v
		}
	}
	var upper, lower float64
	for s, p := range dist {
		if s >= w {
			upper += p
		}
		if s <= w {
			lower += p
		}
	}
	return Result{Stat: float64(w) / 2, P: tailP(alt, upper, lower)}, nil
}
