package cortes2009

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/repro"
)

// TestTheoremRowsFailOnMutatedInput: each theorem row is decided by a
// function of what its check measured. It holds on the numbers of the
// quick run's checks (seed 2009, at 8484636, rounded) and fails on each
// mutation of one measured number that breaks the statement; the name of
// each case says what it mutates.
func TestTheoremRowsFailOnMutatedInput(t *testing.T) {
	run := boundary{Best: 201.857, BestDist: 0.985, Step: 0.1, Radius: 1, Points: 317, WorstF: -4e-5, WorstR: 2.2e-16, Spread: 8.6e-16}
	bnd := func(m bool, edit func(*boundary)) repro.Claim {
		b := run
		if m {
			edit(&b)
		}
		return boundaryClaim(b)
	}
	e23 := eq23{Above: 0.0012, Below: -4.9, Threshold: 1, Lambda: 3, Trials: 20, M: 12, P: 4}
	for _, c := range []struct {
		name string
		row  func(mutated bool) repro.Claim
	}{
		{"Sec. 2: a negative eigenvalue beyond round-off", func(m bool) repro.Claim { return pdsClaim(pick(m, -3.7e-16, -1e-6), 80) }},
		{"Prop. 1: gradient off finite differences", func(m bool) repro.Claim { return prop1Claim(pick(m, 2.2e-8, 1e-3), -1.22e-2, 20) }},
		{"Prop. 1: a positive partial derivative", func(m bool) repro.Claim { return prop1Claim(2.2e-8, pick(m, -1.22e-2, 1e-3), 20) }},
		{"Prop. 1: NaN error", func(m bool) repro.Claim { return prop1Claim(pick(m, 2.2e-8, nan), -1.22e-2, 20) }},
		{"Prop. 3: an interior stationary point", func(m bool) repro.Claim { return prop3Claim(pick(m, 0.252, 0), 200) }},
		{"Prop. 3 (boundary): grid minimum inside the disc", func(m bool) repro.Claim { return bnd(m, func(b *boundary) { b.BestDist = 0.5 }) }},
		{"Prop. 3 (boundary): Algorithm 1 above the grid minimum", func(m bool) repro.Claim { return bnd(m, func(b *boundary) { b.WorstF = 1e-3 }) }},
		{"Prop. 3 (boundary): Algorithm 1 off the circle", func(m bool) repro.Claim { return bnd(m, func(b *boundary) { b.WorstR = 1e-3 }) }},
		{"Prop. 3 (boundary): degenerate F not constant", func(m bool) repro.Claim { return bnd(m, func(b *boundary) { b.Spread = 1e-4 }) }},
		{"Eq. (23): Hessian indefinite above the threshold", func(m bool) repro.Claim {
			e := e23
			e.Above = pick(m, e.Above, -1e-3)
			return eq23Claim(e)
		}},
		{"Eq. (23): Hessian PSD below the threshold (vacuous condition)", func(m bool) repro.Claim {
			e := e23
			e.Below = pick(m, e.Below, 0.5)
			return eq23Claim(e)
		}},
	} {
		if o := c.row(false).Outcome; o != repro.Reproduced {
			t.Errorf("%s, on the run's numbers: %s, want reproduced", c.name, o)
		}
		if o := c.row(true).Outcome; o == repro.Reproduced || o == repro.Corrected || o == repro.NotRun {
			t.Errorf("%s: the row holds (%s)", c.name, o)
		}
	}
}

var nan = math.NaN()

// pick returns good, or bad when mutated.
func pick(mutated bool, good, bad float64) float64 {
	if mutated {
		return bad
	}
	return good
}
