package cortes2009

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/reprotest"
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
	// Eq. (1) and Algorithm 1's projection as Eq1 and Projection measured
	// them with seed 2009 on branch hY (rounded).
	e1 := eq1{N: []int{4, 10, 20}, Bound: []int{4, 16, 64}, MonoErr: 7.3e-17, GramErr: 8.9e-17, Worst: -2.7e-16, WorstMono: -5.8e-16, Gap: 7.6e-3, Trials: 12, P: 3, D: 3}
	pj := projection{KKT: 1.9e-15, Trials: 200, Active: 131, GapF: 2.8e-16, GapMu: 1.2e-7, Radius: 2.2e-16, Starts: 5, Steps: 36}
	reprotest.Check(t, []reprotest.Mutation{
		{Name: "Sec. 2: a negative eigenvalue beyond round-off", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return pdsClaim(reprotest.Pick(m, -3.7e-16, -1e-6), 80)
		}},
		{Name: "Prop. 1: gradient off finite differences", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return prop1Claim(reprotest.Pick(m, 2.2e-8, 1e-3), -1.22e-2, 20)
		}},
		{Name: "Prop. 1: a positive partial derivative", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return prop1Claim(2.2e-8, reprotest.Pick(m, -1.22e-2, 1e-3), 20)
		}},
		{Name: "Prop. 1: NaN error", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return prop1Claim(reprotest.Pick(m, 2.2e-8, math.NaN()), -1.22e-2, 20)
		}},
		{Name: "Prop. 3: an interior stationary point", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return prop3Claim(reprotest.Pick(m, 0.252, 0), 200)
		}},
		{Name: "Prop. 3 (boundary): grid minimum inside the disc", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return boundaryClaim(reprotest.Edited(m, bd, func(b *boundary) { b.BestDist = 0.5 }))
		}},
		{Name: "Prop. 3 (boundary): Algorithm 1 above the grid minimum", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return boundaryClaim(reprotest.Edited(m, bd, func(b *boundary) { b.WorstF = 1e-3 }))
		}},
		{Name: "Prop. 3 (boundary): Algorithm 1 off the circle", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return boundaryClaim(reprotest.Edited(m, bd, func(b *boundary) { b.WorstR = 1e-3 }))
		}},
		{Name: "Prop. 3 (boundary): degenerate F not constant", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return boundaryClaim(reprotest.Edited(m, bd, func(b *boundary) { b.Spread = 1e-4 }))
		}},
		{Name: "Eq. (23): Hessian indefinite above the threshold", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return eq23Claim(reprotest.Edited(m, e23, func(e *eq23) { e.Above = -1e-3 }))
		}},
		{Name: "Eq. (23): Hessian PSD below the threshold (a vacuous condition)", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return eq23Claim(reprotest.Edited(m, e23, func(e *eq23) { e.Below = 0.5 }))
		}},
		{Name: "Eq. (2): a negative eigenvalue beyond round-off", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return eq2Claim(reprotest.Edited(m, e2, func(e *eq2) { e.Worst = -1e-6 }))
		}},
		{Name: "Eq. (2): NaN eigenvalue ratio", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return eq2Claim(reprotest.Edited(m, e2, func(e *eq2) { e.Worst = math.NaN() }))
		}},
		{Name: "Eq. (2): a Jacobian short of p + |J|", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return eq2Claim(reprotest.Edited(m, e2, func(e *eq2) { e.Deficit = 1 }))
		}},
		{Name: "Eq. (2): a Jacobian singular below RankTol", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return eq2Claim(reprotest.Edited(m, e2, func(e *eq2) { e.Gap = 1e-9 }))
		}},
		{Name: "Eq. (1): a tuple the library misses, adds or repeats", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return eq1Claim(reprotest.Edited(m, e1, func(e *eq1) { e.Mismatch = 1 }))
		}},
		{Name: "Eq. (1): more coefficients than (p+1)^d", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return eq1Claim(reprotest.Edited(m, e1, func(e *eq1) { e.N = []int{4, 10, 65} }))
		}},
		{Name: "Eq. (1): no degree run", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return eq1Claim(reprotest.Edited(m, e1, func(e *eq1) { e.N, e.Bound = nil, nil }))
		}},
		{Name: "Eq. (1): a monomial off the entrywise product", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return eq1Claim(reprotest.Edited(m, e1, func(e *eq1) { e.MonoErr = 1e-9 }))
		}},
		{Name: "Eq. (1): NaN Gram gap", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return eq1Claim(reprotest.Edited(m, e1, func(e *eq1) { e.GramErr = math.NaN() }))
		}},
		{Name: "Eq. (1): an indefinite Gram", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return eq1Claim(reprotest.Edited(m, e1, func(e *eq1) { e.Worst = -1e-6 }))
		}},
		{Name: "Eq. (1): an indefinite monomial", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return eq1Claim(reprotest.Edited(m, e1, func(e *eq1) { e.WorstMono = -1e-6 }))
		}},
		{Name: "Eq. (1): monomial columns short of rank N", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return eq1Claim(reprotest.Edited(m, e1, func(e *eq1) { e.Deficit = 1 }))
		}},
		{Name: "Eq. (1): monomial columns singular below RankTol", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return eq1Claim(reprotest.Edited(m, e1, func(e *eq1) { e.Gap = 1e-9 }))
		}},
		{Name: "Alg. 1 (projection): KKT violated", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return projectionClaim(reprotest.Edited(m, pj, func(e *projection) { e.KKT = 1e-6 }))
		}},
		{Name: "Alg. 1 (projection): NaN KKT residual", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return projectionClaim(reprotest.Edited(m, pj, func(e *projection) { e.KKT = math.NaN() }))
		}},
		{Name: "Alg. 1 (projection): F apart", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return projectionClaim(reprotest.Edited(m, pj, func(e *projection) { e.GapF = 2e-2 }))
		}},
		{Name: "Alg. 1 (projection): μ apart at equal F", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return projectionClaim(reprotest.Edited(m, pj, func(e *projection) { e.GapMu = 1e-5 }))
		}},
		{Name: "Alg. 1 (projection): a run at the step cap", Want: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return projectionClaim(reprotest.Edited(m, pj, func(e *projection) { e.Capped = 1 }))
		}},
	})
}
