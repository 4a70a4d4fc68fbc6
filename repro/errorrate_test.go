package repro_test

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/repro"
)

// TestErrorRateTwoProportions: a cell of two ErrorRates is the two-sample
// test of proportions: its standard error is the closed form
// √(p₁(100−p₁)/n₁ + p₂(100−p₂)/n₂) (in points), and the floor gives a zero
// error rate the spread of the floor's.
func TestErrorRateTwoProportions(t *testing.T) {
	ours, paper := repro.ErrorRate(1.5, 10000, 0.1), repro.ErrorRate(0.9, 10000, 0.1)
	v := repro.Cell{Paper: paper, Ours: ours, Delta: 0.1}.Verdict()
	want := math.Sqrt(1.5*98.5/10000 + 0.9*99.1/10000)
	if math.Abs(v.SE-want) > 1e-12*want {
		t.Fatalf("SE %v, want %v", v.SE, want)
	}
	if v.Outcome != repro.NotReproduced { // z ≈ 3.9
		t.Errorf("1.5 %% against 0.9 %% on 10 000 points each: %v", v)
	}
	if z := repro.ErrorRate(0, 100, 1); z.Mean != 0 || z.N != 100 || math.Abs(z.Std-math.Sqrt(99)) > 1e-12 {
		t.Errorf("floored zero error: %+v", z)
	}
	if e := repro.ErrorRate(30, 50, 1); math.Abs(e.Std-math.Sqrt(30*70)) > 1e-12 {
		t.Errorf("unfloored: %+v", e)
	}
}
