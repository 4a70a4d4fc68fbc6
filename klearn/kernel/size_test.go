package kernel_test

import (
	"errors"
	"math"
	"slices"
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
	// Z_2(2, 3) in graded, descending-lex order: 1; x₁, x₂; x₁², x₁x₂, x₂².
	if z := must(MonomialVector([]float64{2, 3}, must(Monomials(2, 2)))); !slices.Equal(z, []float64{1, 2, 3, 4, 6, 9}) {
		t.Errorf("Z_2(2, 3) = %v", z)
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
	// Composites look inside their members: GPK of degree 6 on 20 columns
	// has q = C(26, 6) = 230230 monomials, so its feature matrices on 2,000
	// rows take 3·2000·q·8 bytes ≈ 11 GB, wherever it sits in the kernel;
	// a Sum of two RBFs on 30,000 rows holds two 7.2 GB matrices.
	wide := klearntest.RandMatrix(2000, 20, 0, 1, 1)
	tall := mat.NewDense(30000, 1, nil)
	gpk := GPK{Degree: 6}
	gramOf := func(k Kernel, X mat.Matrix) func() error { return func() error { _, err := Gram(k, X); return err } }
	crossOf := func(k Kernel, X mat.Matrix) func() error {
		return func() error { _, err := Cross(k, X, X); return err }
	}
	klearntest.Battery(t, []klearntest.Case{
		klearntest.Bad("GPK features", gramOf(gpk, wide), klearn.ErrParam),
		klearntest.Bad("Sum with a GPK", gramOf(Sum{Kernels: []Kernel{Linear{}, gpk}}, wide), klearn.ErrParam),
		klearntest.Bad("Product with a GPK", gramOf(Product{Kernels: []Kernel{gpk, Linear{}}}, wide), klearn.ErrParam),
		klearntest.Bad("Scaled GPK", gramOf(Scaled{K: gpk, C: 2}, wide), klearn.ErrParam),
		klearntest.Bad("Power of a GPK", gramOf(Power{K: gpk, D: 2}, wide), klearn.ErrParam),
		klearntest.Bad("Normalized GPK", gramOf(Normalized{K: gpk}, wide), klearn.ErrParam),
		klearntest.Bad("Sum of a Normalized Product with a GPK", gramOf(Sum{Kernels: []Kernel{Normalized{K: Product{Kernels: []Kernel{gpk}}}}}, wide), klearn.ErrParam),
		klearntest.Bad("Cross of a Scaled GPK", crossOf(Scaled{K: gpk, C: 1}, wide), klearn.ErrParam),
		klearntest.Bad("Sum of two RBFs on 30000 rows", gramOf(Sum{Kernels: []Kernel{RBF{Gamma: 1}, RBF{Gamma: 2}}}, tall), klearn.ErrParam),
		klearntest.Bad("Normalized RBF on 30000 rows", gramOf(Normalized{K: RBF{Gamma: 1}}, tall), klearn.ErrParam),
		klearntest.Bad("TK CrossBlocks too large", func() error {
			_, _, err := TK{Degree: 2}.CrossBlocks(klearntest.RandMatrix(3000, 3, 0, 1, 2), klearntest.RandMatrix(3000, 3, 0, 1, 3))
			return err
		}, klearn.ErrParam),
	})
	// The same composites fit on a few rows.
	small := wide.Slice(0, 5, 0, 20)
	for _, k := range []Kernel{Sum{Kernels: []Kernel{Linear{}, gpk}}, Normalized{K: Scaled{K: gpk, C: 2}}} {
		if _, err := Gram(k, small); err != nil {
			t.Errorf("%T on 5 rows: %v", k, err)
		}
	}
	if _, err := Gram(Sum{Kernels: []Kernel{RBF{Gamma: 1}, RBF{Gamma: 2}}}, mat.NewDense(300, 1, nil)); err != nil {
		t.Errorf("Sum of RBFs on 300 rows: %v", err)
	}
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

// TestDistanceKernelsAtExtremeScales: the distance trick ‖a‖² + ‖b‖² − 2⟨a, b⟩
// overflows for inputs near 1e200 and underflows near 1e-200; the Gaussian
// kernels must still return their true values (scaling X by s and γ by 1/s²
// leaves them unchanged), and SquaredDistances must refuse values beyond range.
func TestDistanceKernelsAtExtremeScales(t *testing.T) {
	t.Parallel()
	X := mat.NewDense(4, 3, []float64{.1, .2, .3, .4, -.5, .6, .7, .8, -.9, 1, .1, -.2})
	A := mat.NewDense(2, 3, []float64{.3, .1, .2, -.4, .5, .6})
	scaled := func(M *mat.Dense, s float64) *mat.Dense {
		var out mat.Dense
		out.Scale(s, M)
		return &out
	}
	want := must(Gram(RBF{Gamma: 0.7}, X))
	wantC := must(Cross(RBF{Gamma: 0.7}, A, X))
	// At 2^520 the squared norms (2^1040) overflow; γ = 0.7·2^−1040 is
	// subnormal and carries about 34 bits, hence the tolerance.
	for _, s := range []float64{0x1p520, 0x1p-300} {
		g := 0.7 / s / s
		got := must(Gram(RBF{Gamma: g}, scaled(X, s)))
		gotC := must(Cross(RBF{Gamma: g}, scaled(A, s), scaled(X, s)))
		if !mat.EqualApprox(got, want, 1e-9) || !mat.EqualApprox(gotC, wantC, 1e-9) {
			t.Errorf("RBF at scale %g differs from the unscaled kernel", s)
		}
		ga := must(Gram(Gaussian{Sigma: s}, scaled(X, s)))
		if !mat.EqualApprox(ga, must(Gram(Gaussian{Sigma: 1}, X)), 1e-9) {
			t.Errorf("Gaussian at scale %g differs", s)
		}
	}
	// Equal and far-apart points at 1e200: the true values 1 and 0 are
	// representable (unscaled, ∞ − ∞ gives NaN and an ErrNotFinite).
	F := mat.NewDense(3, 1, []float64{1e200, 1e200, -1e200})
	K := must(Gram(RBF{Gamma: 1}, F))
	if K.At(0, 1) != 1 || K.At(0, 2) != 0 || K.At(0, 0) != 1 {
		t.Errorf("RBF of points 2e200 apart = %v", mat.Formatted(K))
	}
	if _, err := SquaredDistances(F); err == nil {
		t.Error("SquaredDistances beyond float64 should be an error")
	}
}

func TestEmptyAndNilArguments(t *testing.T) {
	t.Parallel()
	klearntest.Battery(t, []klearntest.Case{
		klearntest.Bad("NormalizeCross 0×0", func() error { _, err := NormalizeCross(&mat.Dense{}, nil, nil); return err }, klearn.ErrEmpty),
		klearntest.Bad("ARDFromSigma nil", func() error { _, err := ARDFromSigma(nil); return err }, klearn.ErrEmpty),
		klearntest.Bad("Center nil", func() error { _, err := Center(nil); return err }, klearn.ErrEmpty),
		klearntest.Bad("Center 0×0", func() error { _, err := Center(&mat.SymDense{}); return err }, klearn.ErrEmpty),
	})
}

// TestCrossSquaredDistances checks D_ij = ‖a_i − b_j‖² against the sums of
// squares of the differences, at unit scale and at 2⁴⁵⁰ (where the rows are
// rescaled before the distance trick), that the inputs are left alone,
// and that mismatched columns, NaN and overflow are errors.
func TestCrossSquaredDistances(t *testing.T) {
	t.Parallel()
	A := mat.NewDense(3, 2, []float64{.1, -.4, 2, .5, -1.5, .25})
	B := mat.NewDense(4, 2, []float64{0, 0, .1, -.4, 3, -2, -1, 1})
	for _, s := range []float64{1, 0x1p450} {
		As, Bs := mat.DenseCopyOf(A), mat.DenseCopyOf(B)
		As.Scale(s, As)
		Bs.Scale(s, Bs)
		keepA, keepB := mat.DenseCopyOf(As), mat.DenseCopyOf(Bs)
		D, err := CrossSquaredDistances(As, Bs)
		if err != nil {
			t.Fatalf("scale %g: %v", s, err)
		}
		if !mat.Equal(As, keepA) || !mat.Equal(Bs, keepB) {
			t.Fatal("CrossSquaredDistances changed its inputs")
		}
		for i := 0; i < 3; i++ {
			for j := 0; j < 4; j++ {
				var want float64
				for c := 0; c < 2; c++ {
					d := A.At(i, c) - B.At(j, c)
					want += d * d
				}
				if got := D.At(i, j) / s / s; math.Abs(got-want) > 1e-12*(1+want) {
					t.Errorf("scale %g: D[%d][%d] = %g, want %g", s, i, j, got, want)
				}
			}
		}
	}
	if _, err := CrossSquaredDistances(A, mat.NewDense(2, 3, nil)); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("mismatched columns: %v", err)
	}
	if _, err := CrossSquaredDistances(A, mat.NewDense(1, 2, []float64{math.NaN(), 0})); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
	F := mat.NewDense(1, 1, []float64{1e200})
	if _, err := CrossSquaredDistances(F, mat.NewDense(1, 1, []float64{-1e200})); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("overflow: %v", err)
	}
}
