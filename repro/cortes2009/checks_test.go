package cortes2009

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/repro"
)

// TestTheoremRowsFailOnMutatedInput: each theorem row is decided by a
// function of what its check measured. It holds on the numbers of the
// quick run's checks (seed 2009, at 8484636, rounded; Eq. (2)'s
// measured by Eq2 with seed 2009 on branch hF) and fails on each
// mutation of one measured number that breaks the statement; the name of
// each case says what it mutates.
func TestTheoremRowsFailOnMutatedInput(t *testing.T) {
	bd := boundary{Best: 201.857, BestDist: 0.985, Step: 0.1, Radius: 1, Points: 317, WorstF: -4e-5, WorstR: 2.2e-16, Spread: 8.6e-16}
	e2 := eq2{Worst: -3.1e-16, Gap: 7.7e-5, Trials: 12, P: 3, D: 3, MinParams: 3, MaxParams: 14}
	e23 := eq23{Above: 0.0012, Below: -4.9, Threshold: 1, Lambda: 3, Trials: 20, M: 12, P: 4}
	for _, c := range []struct {
		name         string
		run, mutated repro.Claim
	}{
		{"Sec. 2: a negative eigenvalue beyond round-off", pdsClaim(-3.7e-16, 80), pdsClaim(-1e-6, 80)},
		{"Prop. 1: gradient off finite differences", prop1Claim(2.2e-8, -1.22e-2, 20), prop1Claim(1e-3, -1.22e-2, 20)},
		{"Prop. 1: a positive partial derivative", prop1Claim(2.2e-8, -1.22e-2, 20), prop1Claim(2.2e-8, 1e-3, 20)},
		{"Prop. 1: NaN error", prop1Claim(2.2e-8, -1.22e-2, 20), prop1Claim(math.NaN(), -1.22e-2, 20)},
		{"Prop. 3: an interior stationary point", prop3Claim(0.252, 200), prop3Claim(0, 200)},
		{"Prop. 3 (boundary): grid minimum inside the disc", boundaryClaim(bd), boundaryClaim(edited(bd, func(b *boundary) { b.BestDist = 0.5 }))},
		{"Prop. 3 (boundary): Algorithm 1 above the grid minimum", boundaryClaim(bd), boundaryClaim(edited(bd, func(b *boundary) { b.WorstF = 1e-3 }))},
		{"Prop. 3 (boundary): Algorithm 1 off the circle", boundaryClaim(bd), boundaryClaim(edited(bd, func(b *boundary) { b.WorstR = 1e-3 }))},
		{"Prop. 3 (boundary): degenerate F not constant", boundaryClaim(bd), boundaryClaim(edited(bd, func(b *boundary) { b.Spread = 1e-4 }))},
		{"Eq. (23): Hessian indefinite above the threshold", eq23Claim(e23), eq23Claim(edited(e23, func(e *eq23) { e.Above = -1e-3 }))},
		{"Eq. (2): a negative eigenvalue beyond round-off", eq2Claim(e2), eq2Claim(edited(e2, func(e *eq2) { e.Worst = -1e-6 }))},
		{"Eq. (2): NaN eigenvalue ratio", eq2Claim(e2), eq2Claim(edited(e2, func(e *eq2) { e.Worst = math.NaN() }))},
		{"Eq. (2): a Jacobian short of p + |J|", eq2Claim(e2), eq2Claim(edited(e2, func(e *eq2) { e.Deficit = 1 }))},
		{"Eq. (2): a Jacobian singular below RankTol", eq2Claim(e2), eq2Claim(edited(e2, func(e *eq2) { e.Gap = 1e-9 }))},
		{"Eq. (23): Hessian PSD below the threshold (a vacuous condition)", eq23Claim(e23), eq23Claim(edited(e23, func(e *eq23) { e.Below = 0.5 }))},
	} {
		if c.run.Outcome != repro.Reproduced {
			t.Errorf("%s, on the run's numbers: %s, want reproduced", c.name, c.run.Outcome)
		}
		switch c.mutated.Outcome {
		case repro.Reproduced, repro.Corrected, repro.NotRun:
			t.Errorf("%s: the row holds (%s)", c.name, c.mutated.Outcome)
		}
	}
}

// edited returns a copy of run changed by edit.
func edited[T any](run T, edit func(*T)) T {
	edit(&run)
	return run
}
