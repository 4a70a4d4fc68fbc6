package kernel_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	. "github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"gonum.org/v1/gonum/mat"
)

// TestMonomialCountClosedForm checks the closed form against enumeration
// and against exact binomials where enumeration is out of reach.
func TestMonomialCountClosedForm(t *testing.T) {
	t.Parallel()
	for nv := 1; nv <= 6; nv++ {
		for d := 0; d <= 6; d++ {
			if got, want := must(MonomialCount(nv, d)), len(must(Monomials(nv, d))); got != want {
				t.Errorf("MonomialCount(%d, %d) = %d, enumeration %d", nv, d, got, want)
			}
		}
	}
	// C(120 + 30, 30) ≈ 3.2e32 overflows int; C(60 + 10, 10) = 396704524216 does not.
	if got := must(MonomialCount(60, 10)); got != 396704524216 {
		t.Errorf("C(70, 10) = %d", got)
	}
	if _, err := MonomialCount(120, 30); err == nil {
		t.Error("C(150, 30) should overflow int")
	}
}

// TestSizeBattery: constructors and kernels whose size is unbounded refuse
// what cannot fit, quickly, with a wrapped error (never an out-of-memory
// crash or a hang).
func TestSizeBattery(t *testing.T) {
	t.Parallel()
	X := mat.NewDense(3, 4, []float64{.1, .2, .3, .4, .5, .6, .7, .8, .9, .1, .2, .3})
	gram := func(k Kernel) func() error { return func() error { _, err := Gram(k, X); return err } }
	klearntest.Battery(t, []klearntest.Case{
		klearntest.Bad("TK degree 30", gram(TK{Degree: 30}), klearn.ErrParam),
		klearntest.Bad("TK degree 12 (tables too large)", gram(TK{Degree: 12}), klearn.ErrParam),
		klearntest.Bad("GPK degree 1000", gram(GPK{Degree: 1000}), klearn.ErrParam),
		klearntest.Bad("TKSize(60, 60)", func() error { _, err := TKSize(60, 60); return err }, klearn.ErrParam),
		klearntest.Bad("TKSize(0, 1)", func() error { _, err := TKSize(0, 1); return err }, klearn.ErrParam),
		klearntest.Bad("Monomials(3, 400)", func() error { _, err := Monomials(3, 400); return err }, klearn.ErrParam),
		klearntest.Bad("GPKPolynomial(3, 400)", func() error { _, err := GPKPolynomial(3, 400); return err }, klearn.ErrParam),
		klearntest.Bad("DPPPolynomial(1<<40, 1)", func() error { _, err := DPPPolynomial(1<<40, 1); return err }, klearn.ErrParam),
		klearntest.Bad("DPPPolynomial(2000, 1) overflows", func() error { _, err := DPPPolynomial(2000, 1); return err }, klearn.ErrParam),
		klearntest.Bad("DPPRBF(1, 1<<40)", func() error { _, err := DPPRBF(1, 1<<40); return err }, klearn.ErrParam),
		klearntest.Bad("DPPCauchy(1, -1)", func() error { _, err := DPPCauchy(1, -1); return err }, klearn.ErrParam),
	})
	if v := (TK{Degree: 30}).Eval([]float64{.5, .5, .5}, []float64{.5, .5, .5}); !math.IsNaN(v) {
		t.Errorf("Eval of an oversized TK = %v, want NaN", v)
	}
	if B := (TK{Degree: 30}).Basis([]float64{.5, .5, .5}, []float64{.5, .5, .5}); B != nil {
		t.Error("Basis of an oversized TK should be nil")
	}
	// Sizes that fit are unchanged.
	if _, err := DPPPolynomial(10, 1); err != nil {
		t.Error(err)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
