package kernel

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// TestTKQuadratureClosedForms checks the quadrature of eq. (7) on kernels
// with a closed form of their own: with d = 0 and only Q = 1 the integral
// is the volume Π_k (b_k − max(x_k, y_k)) of the box above both points; with
// only S = 1 it is the volume where z is not above x and not above y,
// vol − vol(z ≥ x) − vol(z ≥ y) + vol(z ≥ max(x, y)). The printed N of
// eq. (10) agrees with N̂ in one dimension and not in two, where its second
// block only covers the box below the point.
func TestTKQuadratureClosedForms(t *testing.T) {
	a, b := []float64{-1, 0}, []float64{2, 3}
	x, y := []float64{0.5, 2}, []float64{1.5, 1}
	above := func(u []float64) float64 { return (b[0] - u[0]) * (b[1] - u[1]) }
	vol := above(a)
	pmax := []float64{math.Max(x[0], y[0]), math.Max(x[1], y[1])}
	Q := mat.NewSymDense(2, []float64{1, 0, 0, 0})
	S := mat.NewSymDense(2, []float64{0, 0, 0, 1})
	tk := TK{Lower: a, Upper: b, P: Q}
	got, err := tk.Quadrature(x, y, false)
	if err != nil || math.Abs(got-above(pmax)) > 1e-12 {
		t.Fatalf("Q block: %v (%v), want %v", got, err, above(pmax))
	}
	tk.P = S
	want := vol - above(x) - above(y) + above(pmax)
	if got, _ := tk.Quadrature(x, y, false); math.Abs(got-want) > 1e-12 {
		t.Fatalf("S block: %v, want %v", got, want)
	}
	// Printed N: the S block integrates over {z ≤ x} ∩ {z ≤ y}.
	below := (math.Min(x[0], y[0]) - a[0]) * (math.Min(x[1], y[1]) - a[1])
	if got, _ := tk.Quadrature(x, y, true); math.Abs(got-below) > 1e-12 || math.Abs(got-want) < 0.1 {
		t.Fatalf("printed N, S block: %v, want %v (N̂: %v)", got, below, want)
	}
	// In one dimension both readings are the same kernel.
	one := TK{Degree: 2, Lower: []float64{0}, Upper: []float64{2}, P: randPSD(2*must(TKSize(1, 2)), 5)}
	for _, p := range [][2]float64{{0.3, 1.7}, {1.2, 0.4}, {0.9, 0.9}} {
		h, _ := one.Quadrature([]float64{p[0]}, []float64{p[1]}, false)
		l, _ := one.Quadrature([]float64{p[0]}, []float64{p[1]}, true)
		e := one.Eval([]float64{p[0]}, []float64{p[1]})
		if math.Abs(h-l) > 1e-12*math.Abs(e) || math.Abs(h-e) > 1e-12*math.Abs(e) {
			t.Fatalf("n = 1 at %v: N̂ %v, printed %v, closed form %v", p, h, l, e)
		}
	}
	// Bad input.
	if _, err := tk.Quadrature(x, y[:1], false); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("mismatched lengths: %v", err)
	}
	if _, err := tk.Quadrature([]float64{math.NaN(), 0}, y, false); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("NaN: %v", err)
	}
	if _, err := (TK{Degree: 1, P: Q}).Quadrature(x, y, false); err == nil {
		t.Error("P of the wrong size accepted")
	}
}
