package repro_test

// The bad-input battery of klearn/klearntest over package repro: moved here
// from klearntest so that the tests of klearn build nothing outside klearn.

import (
	"fmt"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/repro"
)

// TestBatteryStatistics: the statistics of package repro (Summarize,
// PairedTTest, SignTest, Compare) refuse empty, ragged and non-finite
// samples, and give finite answers on values near ±MaxFloat64 whose true
// answer is representable.
func TestBatteryStatistics(t *testing.T) {
	t.Parallel()
	nan, inf, big := math.NaN(), math.Inf(1), math.MaxFloat64
	err1 := func(_ any, err error) error { return err }
	err2 := func(_, _ any, err error) error { return err }
	summarize := func(v []float64) func() ([]float64, error) {
		return func() ([]float64, error) {
			r, err := repro.Summarize(v)
			return []float64{r.Mean, r.Std}, err
		}
	}
	compare := func(a, b []float64, test repro.Test) func() ([]float64, error) {
		return func() ([]float64, error) {
			c, err := repro.Compare("a", a, "b", b, test, 0.05, true)
			return []float64{c.MeanA, c.MeanB, c.Diff, c.P}, err
		}
	}
	near := []float64{big, big / 2, big / 4}
	neg := []float64{-big, -big / 2, -big / 4}
	cases := []klearntest.Case{
		klearntest.Bad("Summarize nil", func() error { return err1(repro.Summarize(nil)) }, klearn.ErrEmpty),
		klearntest.Bad("Summarize NaN", func() error { return err1(repro.Summarize([]float64{nan})) }, klearn.ErrNotFinite),
		klearntest.Finite("Summarize near MaxFloat64", summarize(near)),
		klearntest.Finite("Summarize ±MaxFloat64", summarize([]float64{-big, big})),
		klearntest.Bad("PairedTTest nil", func() error { return err2(repro.PairedTTest(nil, nil)) }, klearn.ErrEmpty),
		klearntest.Bad("PairedTTest ragged", func() error { return err2(repro.PairedTTest([]float64{1, 2}, []float64{1})) }, klearn.ErrShape),
		klearntest.Bad("PairedTTest one pair", func() error { return err2(repro.PairedTTest([]float64{1}, []float64{2})) }, klearn.ErrEmpty),
		klearntest.Bad("PairedTTest NaN", func() error { return err2(repro.PairedTTest([]float64{1, nan}, []float64{1, 2})) }, klearn.ErrNotFinite),
		klearntest.Finite("PairedTTest near MaxFloat64", func() ([]float64, error) {
			tt, p, err := repro.PairedTTest(near, neg)
			return []float64{tt, p}, err
		}),
		klearntest.Finite("PairedTTest constant non-zero differences (p; t = +Inf documented)", func() ([]float64, error) {
			tt, p, err := repro.PairedTTest([]float64{2, 3, 4}, []float64{1, 2, 3})
			if err == nil && (tt != inf || p != 0) {
				return nil, fmt.Errorf("t = %v, p = %v; want +Inf, 0 (documented)", tt, p)
			}
			return []float64{p}, err
		}),
		klearntest.Bad("SignTest ragged", func() error {
			_, _, _, _, err := repro.SignTest([]float64{1}, nil)
			return err
		}, klearn.ErrShape),
		klearntest.Bad("SignTest Inf", func() error {
			_, _, _, _, err := repro.SignTest([]float64{inf}, []float64{1})
			return err
		}, klearn.ErrNotFinite),
		klearntest.Finite("SignTest 10⁶ pairs", func() ([]float64, error) {
			a, b := make([]float64, 1e6), make([]float64, 1e6)
			for i := range a {
				a[i] = float64(i % 3)
			}
			_, _, _, p, err := repro.SignTest(a, b)
			return []float64{p}, err
		}),
		klearntest.Bad("Compare alpha NaN", func() error {
			return err1(repro.Compare("a", []float64{1, 2}, "b", []float64{1, 2}, repro.PairedT, nan, true))
		}, klearn.ErrParam),
		klearntest.Bad("Compare unknown test", func() error {
			return err1(repro.Compare("a", []float64{1, 2}, "b", []float64{1, 2}, repro.Test(7), 0.05, true))
		}, klearn.ErrParam),
		klearntest.Bad("Compare nil", func() error { return err1(repro.Compare("a", nil, "b", nil, repro.Sign, 0.05, true)) }, klearn.ErrEmpty),
		klearntest.Finite("Compare PairedT near MaxFloat64", compare(near, neg, repro.PairedT)),
		klearntest.Finite("Compare Sign near MaxFloat64", compare(near, neg, repro.Sign)),
		klearntest.Finite("Compare PairedT same near MaxFloat64", compare(near, near, repro.PairedT)),
	}
	klearntest.Battery(t, cases)
}

// TestBatteryReportReceivers: every method of a nil or zero *Report returns
// an error or works, never panics (Add on a nil report has nowhere to add
// to, and Show writes to the notebook: both are left out).
func TestBatteryReportReceivers(t *testing.T) {
	t.Parallel()
	skip := func(m string, isNil bool) bool { return m == "Show" || (isNil && m == "Add") }
	klearntest.Battery(t, klearntest.ReceiverCases([]any{(*repro.Report)(nil), &repro.Report{}}, skip))
}
