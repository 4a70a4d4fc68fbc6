package repro

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/kernelab/kernelab/klearn"
)

// Test names a paired two-sided test of "method A and method B perform the
// same" over matched folds or splits.
type Test int

const (
	// PairedT is Student's paired t-test on the differences a_i − b_i
	// (n − 1 degrees of freedom); it assumes roughly normal differences.
	PairedT Test = iota
	// Sign is the exact two-sided sign test on the signs of a_i − b_i
	// (exact ties dropped): a binomial(n, ½) test that assumes nothing about
	// the distribution of the differences.
	Sign
)

// String returns "paired t-test" or "sign test".
func (t Test) String() string {
	if t == Sign {
		return "sign test"
	}
	return "paired t-test"
}

// PairedTTest returns Student's t statistic of the paired differences
// d_i = a_i − b_i, t = mean(d)/(sd(d)/√n), and its two-sided p-value with
// n − 1 degrees of freedom. Identical samples give t = 0, p = 1; constant
// non-zero differences give t = ±Inf, p = 0 (the limit of t as the spread
// of the differences vanishes; the only non-finite result). t is invariant
// to scaling both samples, so samples near ±MaxFloat64, whose differences
// would overflow, are scaled by 1/8 first.
func PairedTTest(a, b []float64) (t, p float64, err error) {
	d, err := diffs(a, b)
	if err != nil {
		return 0, 0, err
	}
	n := float64(len(d))
	if len(d) < 2 {
		return 0, 0, klearn.Errorf(klearn.ErrEmpty, "repro: paired t-test needs at least 2 pairs, got %d", len(d))
	}
	v, err := Summarize(d)
	if err != nil {
		return 0, 0, klearn.Errorf(err, "repro: paired t-test")
	}
	if v.Std == 0 {
		if v.Mean == 0 {
			return 0, 1, nil
		}
		return math.Copysign(math.Inf(1), v.Mean), 0, nil
	}
	t = v.Mean / (v.Std / math.Sqrt(n))
	st := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: n - 1}
	p = 2 * st.CDF(-math.Abs(t))
	return t, math.Min(1, p), nil
}

// SignTest returns the number of pairs with a_i > b_i (wins), a_i < b_i
// (losses) and a_i = b_i (ties), and the exact two-sided p-value of the sign
// test, 2·P[Binomial(wins+losses, ½) ≤ min(wins, losses)] capped at 1.
func SignTest(a, b []float64) (wins, losses, ties int, p float64, err error) {
	d, err := diffs(a, b)
	if err != nil {
		return 0, 0, 0, 0, err
	}
	for _, x := range d {
		switch {
		case x > 0:
			wins++
		case x < 0:
			losses++
		default:
			ties++
		}
	}
	n := wins + losses
	if n == 0 {
		return wins, losses, ties, 1, nil
	}
	k := min(wins, losses)
	// P[X ≤ k] for X ~ Binomial(n, ½), summed in log space for large n.
	var cdf float64
	for i := 0; i <= k; i++ {
		lg := lgammaF(n+1) - lgammaF(i+1) - lgammaF(n-i+1) - float64(n)*math.Ln2
		cdf += math.Exp(lg)
	}
	return wins, losses, ties, math.Min(1, 2*cdf), nil
}

func lgammaF(n int) float64 {
	v, _ := math.Lgamma(float64(n))
	return v
}

func diffs(a, b []float64) ([]float64, error) {
	if len(a) != len(b) {
		return nil, klearn.Errorf(klearn.ErrShape, "repro: paired samples of lengths %d and %d", len(a), len(b))
	}
	if len(a) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "repro: paired test of no pairs")
	}
	d := make([]float64, len(a))
	var m float64
	for i := range a {
		if math.IsNaN(a[i]) || math.IsNaN(b[i]) || math.IsInf(a[i], 0) || math.IsInf(b[i], 0) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "repro: paired sample %d", i)
		}
		m = math.Max(m, math.Max(math.Abs(a[i]), math.Abs(b[i])))
	}
	// The signs of the differences and the t statistic do not change when
	// both samples are scaled by 1/8 (exact, a power of two), which keeps
	// every a_i − b_i and their std finite for samples near ±MaxFloat64.
	s := 1.0
	if m > math.MaxFloat64/8 {
		s = 0.125
	}
	for i := range a {
		d[i] = a[i]*s - b[i]*s
	}
	return d, nil
}

// Winner is the decision of a paired comparison.
type Winner int

const (
	// Tie: the test does not reject equality at the chosen level.
	Tie Winner = iota
	// AWins: A is significantly better.
	AWins
	// BWins: B is significantly better.
	BWins
)

// Comparison is the result of comparing method A with method B over matched
// folds or splits by a named paired test.
type Comparison struct {
	A, B string
	// MeanA and MeanB are the means over the pairs; Diff = MeanA − MeanB.
	MeanA, MeanB, Diff float64
	N                  int
	Test               Test
	// Stat is t for PairedT and the number of wins of A for Sign.
	Stat  float64
	P     float64
	Alpha float64
	// Winner is Tie unless P < Alpha, then the better of the two
	// (HigherIsBetter decides the direction).
	Winner         Winner
	HigherIsBetter bool
}

// Compare compares the paired scores a (method nameA) and b (nameB) with
// test at level alpha (two-sided). higherIsBetter says whether larger scores
// are better (accuracy, AUC) or smaller (error, RMSE). A difference whose
// p-value is not below alpha is a Tie whatever its sign.
func Compare(nameA string, a []float64, nameB string, b []float64, test Test, alpha float64, higherIsBetter bool) (Comparison, error) {
	if !(alpha > 0 && alpha < 1) {
		return Comparison{}, klearn.Errorf(klearn.ErrParam, "repro: alpha = %g must be in (0, 1)", alpha)
	}
	c := Comparison{A: nameA, B: nameB, N: len(a), Test: test, Alpha: alpha, HigherIsBetter: higherIsBetter}
	var err error
	switch test {
	case PairedT:
		c.Stat, c.P, err = PairedTTest(a, b)
	case Sign:
		var w int
		w, _, _, c.P, err = SignTest(a, b)
		c.Stat = float64(w)
	default:
		return Comparison{}, klearn.Errorf(klearn.ErrParam, "repro: unknown test %d", int(test))
	}
	if err != nil {
		return Comparison{}, err
	}
	va, err := Summarize(a)
	if err != nil {
		return Comparison{}, err
	}
	vb, err := Summarize(b)
	if err != nil {
		return Comparison{}, err
	}
	c.MeanA, c.MeanB, c.Diff = va.Mean, vb.Mean, va.Mean-vb.Mean
	if math.IsInf(c.Diff, 0) {
		return Comparison{}, klearn.Errorf(klearn.ErrNotFinite, "repro: Compare: the difference of the means %g and %g overflows", va.Mean, vb.Mean)
	}
	if c.P < alpha && c.Diff != 0 {
		if (c.Diff > 0) == higherIsBetter {
			c.Winner = AWins
		} else {
			c.Winner = BWins
		}
	}
	return c, nil
}

// String reads "A 0.912 vs B 0.905: tie (paired t-test, n = 10, p = 0.31)".
func (c Comparison) String() string {
	w := "tie"
	switch c.Winner {
	case AWins:
		w = c.A + " better"
	case BWins:
		w = c.B + " better"
	}
	return fmt.Sprintf("%s %.4g vs %s %.4g: %s (%s, n = %d, p = %.2g)", c.A, c.MeanA, c.B, c.MeanB, w, c.Test, c.N, c.P)
}
