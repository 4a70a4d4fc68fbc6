package metrics

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
)

// TestExtremeScales checks that every metric whose true value is
// representable returns it for inputs scaled far beyond the range where
// squaring overflows (×2⁷⁰⁰ ≈ 5e210) or underflows (×2⁻⁷⁰⁰): the
// scale-invariant metrics equal their value on the unscaled inputs, and the
// homogeneous ones scale exactly with the input (powers of two are exact).
func TestExtremeScales(t *testing.T) {
	t.Parallel()
	y := []float64{1.5, -2, 0.25, 3, -1}
	yhat := []float64{1, -1.5, 0.5, 2.5, -2}
	K := klearntest.RandPSD(6, 3, 11)
	B := klearntest.RandPSD(6, 6, 12)
	yl := []float64{1, -1, 1, 1, -1, -1}
	scaleV := func(v []float64, s float64) []float64 {
		out := make([]float64, len(v))
		for i := range v {
			out[i] = v[i] * s
		}
		return out
	}
	scaleM := func(A *mat.SymDense, s float64) *mat.SymDense {
		var C mat.SymDense
		C.ScaleSym(s, A)
		return &C
	}
	must := func(v float64, err error) float64 {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, s := range []float64{0x1p700, 0x1p-700} {
		if got, want := must(RMSE(scaleV(y, s), scaleV(yhat, s))), must(RMSE(y, yhat))*s; got != want {
			t.Errorf("RMSE ×%g: %g, want %g", s, got, want)
		}
		if got, want := must(R2(scaleV(y, s), scaleV(yhat, s))), must(R2(y, yhat)); math.Abs(got-want) > 1e-15 {
			t.Errorf("R2 ×%g: %g, want %g", s, got, want)
		}
		if got, want := must(FrobeniusNorm(scaleM(K, s))), must(FrobeniusNorm(K))*s; math.Abs(got-want) > 1e-15*want {
			t.Errorf("FrobeniusNorm ×%g: %g, want %g", s, got, want)
		}
		for name, f := range map[string]func(A, B mat.Symmetric) (float64, error){
			"Alignment": Alignment, "CenteredAlignment": CenteredAlignment,
		} {
			if got, want := must(f(scaleM(K, s), B)), must(f(K, B)); math.Abs(got-want) > 1e-14 {
				t.Errorf("%s ×%g: %g, want %g", name, s, got, want)
			}
		}
		for name, f := range map[string]func(K mat.Symmetric, y []float64) (float64, error){
			"TargetAlignment": TargetAlignment, "CenteredTargetAlignment": CenteredTargetAlignment,
		} {
			if got, want := must(f(scaleM(K, s), scaleV(yl, s))), must(f(K, yl)); math.Abs(got-want) > 1e-14 {
				t.Errorf("%s ×%g: %g, want %g", name, s, got, want)
			}
		}
		if got, want := must(SpectralRatio(scaleM(K, s))), must(SpectralRatio(K)); math.Abs(got-want) > 1e-14 {
			t.Errorf("SpectralRatio ×%g: %g, want %g", s, got, want)
		}
		if got, want := must(MEBRadiusApprox(scaleM(K, s))), must(MEBRadiusApprox(K))*s; math.Abs(got-want) > 1e-14*math.Abs(want) {
			t.Errorf("MEBRadiusApprox ×%g: %g, want %g", s, got, want)
		}
	}
	// Ordinary inputs are computed exactly as before (no scaling applied).
	if got := must(RMSE([]float64{3}, []float64{0})); got != 3 {
		t.Errorf("RMSE = %g", got)
	}
	// True values beyond float64 are errors, not Inf.
	big := []float64{1e200, -1e200}
	if _, err := MSE(big, []float64{0, 0}); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("MSE of 1e400: err = %v", err)
	}
	if r := must(RMSE(big, []float64{-1e200, 1e200})); r != 2e200 {
		t.Errorf("RMSE = %g, want 2e200", r)
	}
	neg := scaleM(K, -1)
	if _, err := SpectralRatio(neg); !errors.Is(err, klearn.ErrNotPSD) {
		t.Errorf("SpectralRatio(−K): err = %v", err)
	}
	if _, err := StandardizedSpectralRatio(neg); !errors.Is(err, klearn.ErrNotPSD) {
		t.Errorf("StandardizedSpectralRatio(−K): err = %v", err)
	}
}
