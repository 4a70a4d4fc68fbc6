package stattest

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/metrics"
)

// Summary is a sample known only by its mean, its sample standard
// deviation (n − 1 in the denominator) and its size: a published
// "mean ± std over n runs".
type Summary struct {
	Mean, Std float64
	N         int
}

// Summarize returns the Summary of xs. Errors: xs empty (ErrEmpty), NaN or
// ±Inf (ErrNotFinite).
func Summarize(xs []float64) (Summary, error) {
	m, sd, err := metrics.MeanStd(xs)
	if err != nil {
		return Summary{}, klearn.Errorf(err, "stattest: Summarize")
	}
	return Summary{Mean: m, Std: sd, N: len(xs)}, nil
}

func (s Summary) check(name string) error {
	if math.IsNaN(s.Mean) || math.IsInf(s.Mean, 0) || math.IsNaN(s.Std) || math.IsInf(s.Std, 0) {
		return klearn.Errorf(klearn.ErrNotFinite, "stattest: Welch: %s = %g ± %g", name, s.Mean, s.Std)
	}
	if s.Std < 0 || s.N < 2 {
		return klearn.Errorf(klearn.ErrParam, "stattest: Welch: %s has std %g over n = %d (need std ≥ 0, n ≥ 2)", name, s.Std, s.N)
	}
	return nil
}

// WelchResult is Welch's test of two means: Diff = x̄ − ȳ, its standard
// error SE = √(s_x²/n_x + s_y²/n_y), the Welch–Satterthwaite degrees of
// freedom DF, T = Diff/SE and the two-sided P.
type WelchResult struct {
	Diff, SE, DF, T, P float64
}

// Welch is Welch's unequal-variance t-test of x̄ = ȳ from two summaries:
//
//	SE² = s_x²/n_x + s_y²/n_y,
//	DF  = SE⁴ / ((s_x²/n_x)²/(n_x − 1) + (s_y²/n_y)²/(n_y − 1)),
//
// two-sided (Welch 1947; Satterthwaite 1946). When both standard deviations
// are 0, DF = n_x + n_y − 2 and P is 1 for equal means, 0 otherwise.
// Errors: a NaN or infinite mean or std (ErrNotFinite), a negative std or
// n < 2 (ErrParam).
func Welch(x, y Summary) (WelchResult, error) {
	if err := x.check("x"); err != nil {
		return WelchResult{}, err
	}
	if err := y.check("y"); err != nil {
		return WelchResult{}, err
	}
	vx, vy := x.Std*x.Std/float64(x.N), y.Std*y.Std/float64(y.N)
	r := WelchResult{Diff: x.Mean - y.Mean, SE: math.Sqrt(vx + vy)}
	if math.IsInf(r.Diff, 0) || math.IsInf(r.SE, 0) {
		return WelchResult{}, klearn.Errorf(klearn.ErrNotFinite, "stattest: Welch: the difference or its standard error overflows")
	}
	if r.SE == 0 {
		r.DF = float64(x.N + y.N - 2)
	} else {
		r.DF = (vx + vy) * (vx + vy) / (vx*vx/float64(x.N-1) + vy*vy/float64(y.N-1))
	}
	t := tTest(r.Diff, r.SE, r.DF, TwoSided)
	r.T, r.P = t.Stat, t.P
	return r, nil
}

// MinDetectable returns the smallest true difference that a two-sided
// t-test at level alpha detects with probability power, given the
// standard error se and degrees of freedom df of the difference:
//
//	δ_min = (t_{1−α/2, df} + t_{power, df}) · se,
//
// the usual approximation of the noncentral t by a shifted central t. At
// α = 0.05, power = 0.8 and large df it is 2.80·se. Errors: alpha or power
// outside (0, 1), se < 0 or not finite, df ≤ 0 (ErrParam).
func MinDetectable(se, df, alpha, power float64) (float64, error) {
	if !(alpha > 0 && alpha < 1) || !(power > 0 && power < 1) || !(se >= 0) || math.IsInf(se, 0) || !(df > 0) {
		return 0, klearn.Errorf(klearn.ErrParam, "stattest: MinDetectable(se %g, df %g, alpha %g, power %g)", se, df, alpha, power)
	}
	st := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: df}
	return (st.Quantile(1-alpha/2) + st.Quantile(power)) * se, nil
}

// TOSTResult is the equivalence test of a paired difference against the
// margin ±Margin: Diff is the mean of a − b with standard error SE and DF
// degrees of freedom; PLower is the p-value of H₀: μ ≤ −Margin against
// μ > −Margin, PUpper that of H₀: μ ≥ Margin against μ < Margin, and P
// their maximum, the p-value of H₀: |μ| ≥ Margin.
type TOSTResult struct {
	Diff, SE, DF, Margin float64
	PLower, PUpper, P    float64
}

// Equivalent reports whether equivalence within ±Margin is shown at level
// alpha (P < alpha): both one-sided tests reject.
func (r TOSTResult) Equivalent(alpha float64) bool { return r.P < alpha }

// TOST is Schuirmann's two one-sided tests of equivalence for the paired
// differences d_i = a_i − b_i with margin m > 0: two one-sided paired
// t-tests, of mean(d) + m > 0 and of mean(d) − m < 0, each with n − 1
// degrees of freedom. Equivalence at level α holds when both reject at α,
// which is the same as the (1 − 2α) confidence interval of the mean
// difference lying inside (−m, m). A test that fails to reject a
// difference never shows equality; TOST does, with power that grows with n.
// Errors: as PairedT, samples whose differences overflow (ErrNotFinite),
// and m ≤ 0 or not finite (ErrParam).
func TOST(a, b []float64, margin float64) (TOSTResult, error) {
	if !(margin > 0) || math.IsInf(margin, 0) {
		return TOSTResult{}, klearn.Errorf(klearn.ErrParam, "stattest: TOST: margin %g must be positive and finite", margin)
	}
	d, scale, err := diffs(a, b)
	if err != nil {
		return TOSTResult{}, err
	}
	if scale != 1 {
		return TOSTResult{}, klearn.Errorf(klearn.ErrNotFinite, "stattest: TOST: samples near ±MaxFloat64, whose differences overflow")
	}
	if len(d) < 2 {
		return TOSTResult{}, klearn.Errorf(klearn.ErrEmpty, "stattest: TOST needs at least 2 pairs, got %d", len(d))
	}
	m, sd, err := metrics.MeanStd(d)
	if err != nil {
		return TOSTResult{}, klearn.Errorf(err, "stattest: TOST")
	}
	se := sd / math.Sqrt(float64(len(d)))
	df := float64(len(d) - 1)
	r := TOSTResult{Diff: m, SE: se, DF: df, Margin: margin}
	r.PLower = tTest(m+margin, se, df, Greater).P
	r.PUpper = tTest(m-margin, se, df, Less).P
	r.P = math.Max(r.PLower, r.PUpper)
	return r, nil
}
