package repro

import (
	"fmt"
	"math"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/stattest"
)

// Test names a paired test of "method A and method B perform the same"
// over matched folds or splits. The tests themselves live in package
// klearn/stattest.
type Test int

const (
	// PairedT is Student's paired t-test on the differences a_i − b_i
	// (n − 1 degrees of freedom); it assumes roughly normal differences.
	PairedT Test = iota
	// Sign is the exact sign test on the signs of a_i − b_i (exact ties
	// dropped): a binomial(n, ½) test that assumes nothing about the
	// distribution of the differences.
	Sign
	// Wilcoxon is Wilcoxon's exact signed-rank test of the differences
	// (zeros dropped, tied magnitudes sharing their rank).
	Wilcoxon
)

// String returns "paired t-test", "sign test" or "Wilcoxon signed-rank test".
func (t Test) String() string {
	switch t {
	case Sign:
		return "sign test"
	case Wilcoxon:
		return "Wilcoxon signed-rank test"
	}
	return "paired t-test"
}

// MarshalText encodes the test as its String.
func (t Test) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText decodes the test from its String.
func (t *Test) UnmarshalText(b []byte) error {
	for _, c := range []Test{PairedT, Sign, Wilcoxon} {
		if c.String() == string(b) {
			*t = c
			return nil
		}
	}
	return klearn.Errorf(klearn.ErrParam, "repro: unknown test %q", b)
}

// pValue runs the paired test on a and b against alt.
func (t Test) pValue(a, b []float64, alt stattest.Alternative) (stat, p float64, err error) {
	switch t {
	case PairedT:
		r, err := stattest.PairedT(a, b, alt)
		return r.Stat, r.P, err
	case Sign:
		r, err := stattest.Sign(a, b, alt)
		return float64(r.Wins), r.P, err
	case Wilcoxon:
		r, err := stattest.Wilcoxon(a, b, alt)
		return r.Stat, r.P, err
	}
	return 0, 0, klearn.Errorf(klearn.ErrParam, "repro: unknown test %d", int(t))
}

// PairedTTest returns Student's t statistic of the paired differences and
// its two-sided p-value (stattest.PairedT).
//
// Deprecated: use stattest.PairedT, or Better for a verdict.
func PairedTTest(a, b []float64) (t, p float64, err error) {
	r, err := stattest.PairedT(a, b, stattest.TwoSided)
	if err != nil {
		return 0, 0, klearn.Errorf(err, "repro: paired t-test")
	}
	return r.Stat, r.P, nil
}

// SignTest returns the wins, losses and ties of a over b and the exact
// two-sided p-value of the sign test (stattest.Sign).
//
// Deprecated: use stattest.Sign, or Better for a verdict.
func SignTest(a, b []float64) (wins, losses, ties int, p float64, err error) {
	r, err := stattest.Sign(a, b, stattest.TwoSided)
	if err != nil {
		return 0, 0, 0, 0, klearn.Errorf(err, "repro: sign test")
	}
	return r.Wins, r.Losses, r.Ties, r.P, nil
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
	// Stat is t for PairedT, the number of wins of A for Sign and W+ for
	// Wilcoxon.
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
// p-value is not below alpha is a Tie whatever its sign. To decide a claim
// "A is better than B", use Better (one-sided, with the power to see δ).
func Compare(nameA string, a []float64, nameB string, b []float64, test Test, alpha float64, higherIsBetter bool) (Comparison, error) {
	if !(alpha > 0 && alpha < 1) {
		return Comparison{}, klearn.Errorf(klearn.ErrParam, "repro: alpha = %g must be in (0, 1)", alpha)
	}
	c := Comparison{A: nameA, B: nameB, N: len(a), Test: test, Alpha: alpha, HigherIsBetter: higherIsBetter}
	var err error
	if c.Stat, c.P, err = test.pValue(a, b, stattest.TwoSided); err != nil {
		return Comparison{}, klearn.Errorf(err, "repro: Compare")
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
