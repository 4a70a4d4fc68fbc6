package protocol

import (
	"errors"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/kernel"
)

// TestMedianSeconds: a fit shorter than scalingShort is timed
// scalingRepeats times; a timing stops at the first error, which it
// returns.
func TestMedianSeconds(t *testing.T) {
	calls := 0
	if sec, err := medianSeconds(func() error { calls++; return nil }); err != nil || sec < 0 || calls != scalingRepeats {
		t.Errorf("%g s, %v, %d calls; want %d calls", sec, err, calls, scalingRepeats)
	}
	calls = 0
	boom := errors.New("boom")
	if _, err := medianSeconds(func() error { calls++; return boom }); !errors.Is(err, boom) || calls != 1 {
		t.Errorf("error %v after %d calls", err, calls)
	}
}

// TestRunScaling times every series on two sizes and fits finite
// exponents; the degree-3 series skips 400 points, whose basis Grams
// exceed the memory bound; the claims read the series.
func TestRunScaling(t *testing.T) {
	s, err := RunScaling([]int{20, 40}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if want := 2 * (len(ScalingDegrees) + len(ScalingLs)); len(s.Series) != want {
		t.Fatalf("%d series, want %d", len(s.Series), want)
	}
	for _, ser := range s.Series {
		if len(ser.Seconds) != 2 || math.IsNaN(ser.Exponent) {
			t.Errorf("%+v", ser)
		}
	}
	q, _ := kernel.TKSize(2, 3)
	if vars := float64(2*q) * float64(2*q+1) / 2; 8*vars*400*400 <= scalingMaxBasisBytes || 8*vars*200*200 > scalingMaxBasisBytes {
		t.Errorf("the memory bound keeps d = 3 at 400 points or drops it at 200")
	}
}
