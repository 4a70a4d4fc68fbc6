package donini2017

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/donini2017/protocol"
)

// TestCheckRowsFailOnMutatedInput: each row of the numerical checks is
// decided by a function of its measured numbers. On the numbers of a run
// (runChecks in quick mode at c8d9f62, rounded; Proposition 1 with the ℓ1
// ball's vertices, added after) it gives the row's outcome; on each
// mutation that breaks the statement (named in the case) it fails.
// The Frobenius sandwich fails on the run (its lower bound is false), and
// holds once the counterexample is mutated away: its check can go both ways.
func TestCheckRowsFailOnMutatedInput(t *testing.T) {
	rules := func(rqCorrected float64) []ruleError {
		return []ruleError{{"RBF", 6.39, 6.7e-16}, {"RQ", 0.25, rqCorrected}, {"Cauchy", 0.51, 8.9e-16}, {"poly", 7.1e-15, 7.1e-15}}
	}
	ratios := func(c3, direct3, scaled3 float64) []ratioRow {
		return []ratioRow{{1, 1, 1, 1}, {3, c3, direct3, scaled3}, {10, 2.8903, 2.8903, 2.8903}, {40, 4.5076, 4.5076, 4.5076}}
	}
	// Theorem 3's second estimate is above its bound by 0.03 standard
	// errors on the run: inside the Monte Carlo slack.
	t3 := func(est float64) []mcBound {
		return []mcBound{{15.28, 0.6385, 18.735}, {est, 0.1706, 18.735}, {18.658, 0.0894, 18.735}}
	}
	t4 := func(est float64) []mcBound { return []mcBound{{0.000248, 0, 0.005698}, {est, 0, 0.01558}} }
	fm, sum := 23.557847875053618, 554.9721965041647
	p2 := func(heart []float64) map[string][]float64 {
		return map[string][]float64{"Heart": heart, "Sonar": {1, 3.297, 6.282, 9.025, 10.918, 12.061}}
	}
	mm := func(f func(*MaxMin)) []MaxMin {
		out := []MaxMin{{Kernels: 2, Exact: 0.14971, Bound: 0.19073, AtEasy: 0.14875, DirErr: 0}, {Kernels: 3, Exact: 0.20271, Bound: 0.32257, AtEasy: 0.20236, DirErr: 5.6e-17}}
		if f != nil {
			f(&out[1])
		}
		return out
	}
	alg1 := func(rate float64) []protocol.Alg1Point {
		var pts []protocol.Alg1Point
		for _, s := range []int{250, 1000, 4000, 16000} {
			pts = append(pts, protocol.Alg1Point{Steps: s, RelErr: 3 * math.Pow(float64(s), rate)})
		}
		return pts
	}
	for _, c := range []struct {
		name      string
		good, bad repro.Outcome
		row       func(mutated bool) repro.Claim
	}{
		{"Table 1, RQ's corrected rule off by 1e-3", repro.Corrected, repro.Partly, func(m bool) repro.Claim { return table1Claim(rules(pick(m, 8.9e-16, 1e-3))) }},
		{"Theorem 1, an indefinite non-negative DPP", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim { return theorem1Claim(pick(m, 0.37, -1e-3), -1) }},
		{"Theorem 1, 1 − t positive semi-definite", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim { return theorem1Claim(0.37, pick(m, -1, 0.5)) }},
		{"Theorem 2, rank deficient", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim { return theorem2Claim(6, pick(m, 1.68e-5, 1e-9), 0.2025, 16118) }},
		{"Theorem 2, margin below the proof's bound", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim { return theorem2Claim(6, 1.68e-5, 0.2025, pick(m, 16118, 0.5)) }},
		{"§3.1.1, C(K) ≠ Σλ/√Σλ²", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim {
			return spectralRatioClaim(ratios(1.6708, pick(m, 1.6708, 1.6709), 1.6708), 1, 0)
		}},
		{"§3.1.1, C(K) > √rank", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim {
			c := pick(m, 1.6708, 1.8)
			return spectralRatioClaim(ratios(c, c, c), 1, 0)
		}},
		{"§3.1.1, C(3K) ≠ C(K)", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim {
			return spectralRatioClaim(ratios(1.6708, 1.6708, pick(m, 1.6708, 1.6708+1e-9)), 1, 0)
		}},
		{"§3.1.1, C̄(I) ≠ 1", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim {
			return spectralRatioClaim(ratios(1.6708, 1.6708, 1.6708), pick(m, 1, 0.99), 0)
		}},
		{"Proposition 1, αᵀKα > λ₁", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim { return proposition1Claim(300, pick(m, 0.506, 1.01), 1) }},
		{"Proposition 1, λ₁ > ‖K‖_F", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim { return proposition1Claim(300, 0.506, pick(m, 1, 1.001)) }},
		{"Theorem 3, an estimate 4 s.e. above its bound", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim {
			return rademacherClaims(10, 300, t3(pick(m, 18.7405, 18.735+4*0.1706)), t4(0.00082))[0]
		}},
		{"Theorem 4, an estimate above its bound", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim {
			return rademacherClaims(10, 300, t3(18.7405), t4(pick(m, 0.00082, 0.0156)))[1]
		}},
		{"§3.1.3, r*(I) ≠ 1 − 1/L", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim {
			return mebClaim(8, 50, [2]float64{pick(m, 0.98, 0.97), 0.98}, [2]float64{0, 0}, -1e-15)
		}},
		{"§3.1.3, r̃(11ᵀ) ≠ 0", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim {
			return mebClaim(8, 50, [2]float64{0.98, 0.98}, [2]float64{0, pick(m, 0, 1e-9)}, -1e-15)
		}},
		{"§3.1.3, r̃ > r*", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim {
			return mebClaim(8, 50, [2]float64{0.98, 0.98}, [2]float64{0, 0}, pick(m, -1e-15, 1e-6))
		}},
		{"§3.2, a combination's radius above the bound", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim { return combinationClaim(10, pick(m, -5.7e-4, 1e-3)) }},
		{"§3.2 decomposition off by 1e-6", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim {
			return decompositionClaim(8, fm, sum*pick(m, 1, 1+1e-6))
		}},
		{"§3.2 sandwich, counterexample removed", repro.NotReproduced, repro.Reproduced, func(m bool) repro.Claim {
			return sandwichClaim([3]float64{18.75, 23.56, 270}, [3]float64{pick(m, 2, 1), 1.4142, 2})
		}},
		{"§3.2 sandwich, ‖K_MKL‖_F > ‖K_0‖_F on the data", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim {
			return sandwichClaim([3]float64{18.75, pick(m, 23.56, 271), 270}, [3]float64{1, 1.4142, 2})
		}},
		{"Proposition 2, a falling spectral ratio", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim {
			return proposition2Claim(p2([]float64{1, 2.9716, 5.4289, pick(m, 7.9546, 5.4), 10.1365, 11.8014}))
		}},
		{"Eq. (12) off by 1e-10", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim { return eq12Claim(10, 270, pick(m, 3.3e-16, 1e-10)) }},
		{"§2.1, exact max–min above EasyMKL's bound", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim {
			if !m {
				return maxMinClaim(mm(nil))
			}
			return maxMinClaim(mm(func(r *MaxMin) { r.Exact, r.Bound = r.Bound, r.Exact }))
		}},
		{"§2.1, EasyMKL's η* above the exact max–min", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim {
			if !m {
				return maxMinClaim(mm(nil))
			}
			return maxMinClaim(mm(func(r *MaxMin) { r.AtEasy = r.Exact * 1.01 }))
		}},
		{"§2.1, η* not along d(γ*)", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim {
			if !m {
				return maxMinClaim(mm(nil))
			}
			return maxMinClaim(mm(func(r *MaxMin) { r.DirErr = 1e-6 }))
		}},
		{"Algorithm 1, an error that does not fall", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim { return CheckAlgorithm1(alg1(pick(m, -0.5, 0)), 4) }},
		{"Algorithm 1, an error falling like 1/steps", repro.Reproduced, repro.NotReproduced, func(m bool) repro.Claim { return CheckAlgorithm1(alg1(pick(m, -0.5, -1)), 4) }},
	} {
		if got := c.row(false); got.Outcome != c.good {
			t.Errorf("%s: on the run's numbers %s, want %s (%s)", c.name, got.Outcome, c.good, got.Ours)
		}
		if got := c.row(true); got.Outcome != c.bad {
			t.Errorf("%s: on mutated numbers %s, want %s (%s)", c.name, got.Outcome, c.bad, got.Ours)
		}
	}
}

// pick returns good, or bad when mutated.
func pick(mutated bool, good, bad float64) float64 {
	if mutated {
		return bad
	}
	return good
}
