package donini2017

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/donini2017/protocol"
	"github.com/kernelab/kernelab/repro/reprotest"
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
	reprotest.Check(t, []reprotest.Mutation{
		{Name: "Table 1, RQ's corrected rule off by 1e-3", Want: repro.Corrected, Bad: repro.Partly, Decide: func(m bool) repro.Claim { return table1Claim(rules(reprotest.Pick(m, 8.9e-16, 1e-3))) }},
		{Name: "Theorem 1, an indefinite non-negative DPP", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim { return theorem1Claim(reprotest.Pick(m, 0.37, -1e-3), -1) }},
		{Name: "Theorem 1, 1 − t positive semi-definite", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim { return theorem1Claim(0.37, reprotest.Pick(m, -1, 0.5)) }},
		{Name: "Theorem 2, rank deficient", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim { return theorem2Claim(6, reprotest.Pick(m, 1.68e-5, 1e-9), 0.2025, 16118) }},
		{Name: "Theorem 2, margin below the proof's bound", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim { return theorem2Claim(6, 1.68e-5, 0.2025, reprotest.Pick(m, 16118, 0.5)) }},
		{Name: "§3.1.1, C(K) ≠ Σλ/√Σλ²", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			return spectralRatioClaim(ratios(1.6708, reprotest.Pick(m, 1.6708, 1.6709), 1.6708), 1, 0)
		}},
		{Name: "§3.1.1, C(K) > √rank", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			c := reprotest.Pick(m, 1.6708, 1.8)
			return spectralRatioClaim(ratios(c, c, c), 1, 0)
		}},
		{Name: "§3.1.1, C(3K) ≠ C(K)", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			return spectralRatioClaim(ratios(1.6708, 1.6708, reprotest.Pick(m, 1.6708, 1.6708+1e-9)), 1, 0)
		}},
		{Name: "§3.1.1, C̄(I) ≠ 1", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			return spectralRatioClaim(ratios(1.6708, 1.6708, 1.6708), reprotest.Pick(m, 1, 0.99), 0)
		}},
		{Name: "Proposition 1, αᵀKα > λ₁", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim { return proposition1Claim(300, reprotest.Pick(m, 0.506, 1.01), 1) }},
		{Name: "Proposition 1, λ₁ > ‖K‖_F", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim { return proposition1Claim(300, 0.506, reprotest.Pick(m, 1, 1.001)) }},
		{Name: "Theorem 3, an estimate 4 s.e. above its bound", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			return rademacherClaims(10, 300, t3(reprotest.Pick(m, 18.7405, 18.735+4*0.1706)), t4(0.00082))[0]
		}},
		{Name: "Theorem 4, an estimate above its bound", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			return rademacherClaims(10, 300, t3(18.7405), t4(reprotest.Pick(m, 0.00082, 0.0156)))[1]
		}},
		{Name: "§3.1.3, r*(I) ≠ 1 − 1/L", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			return mebClaim(8, 50, [2]float64{reprotest.Pick(m, 0.98, 0.97), 0.98}, [2]float64{0, 0}, -1e-15)
		}},
		{Name: "§3.1.3, r̃(11ᵀ) ≠ 0", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			return mebClaim(8, 50, [2]float64{0.98, 0.98}, [2]float64{0, reprotest.Pick(m, 0, 1e-9)}, -1e-15)
		}},
		{Name: "§3.1.3, r̃ > r*", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			return mebClaim(8, 50, [2]float64{0.98, 0.98}, [2]float64{0, 0}, reprotest.Pick(m, -1e-15, 1e-6))
		}},
		{Name: "§3.2, a combination's radius above the bound", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim { return combinationClaim(10, reprotest.Pick(m, -5.7e-4, 1e-3)) }},
		{Name: "§3.2 decomposition off by 1e-6", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			return decompositionClaim(8, fm, sum*reprotest.Pick(m, 1, 1+1e-6))
		}},
		{Name: "§3.2 sandwich, counterexample removed", Want: repro.NotReproduced, Bad: repro.Reproduced, Decide: func(m bool) repro.Claim {
			return sandwichClaim([3]float64{18.75, 23.56, 270}, [3]float64{reprotest.Pick(m, 2.0, 1), 1.4142, 2})
		}},
		{Name: "§3.2 sandwich, ‖K_MKL‖_F > ‖K_0‖_F on the data", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			return sandwichClaim([3]float64{18.75, reprotest.Pick(m, 23.56, 271), 270}, [3]float64{1, 1.4142, 2})
		}},
		{Name: "Proposition 2, a falling spectral ratio", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			return proposition2Claim(p2([]float64{1, 2.9716, 5.4289, reprotest.Pick(m, 7.9546, 5.4), 10.1365, 11.8014}))
		}},
		{Name: "Eq. (12) off by 1e-10", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim { return eq12Claim(10, 270, reprotest.Pick(m, 3.3e-16, 1e-10)) }},
		{Name: "§2.1, exact max–min above EasyMKL's bound", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			if !m {
				return maxMinClaim(mm(nil))
			}
			return maxMinClaim(mm(func(r *MaxMin) { r.Exact, r.Bound = r.Bound, r.Exact }))
		}},
		{Name: "§2.1, EasyMKL's η* above the exact max–min", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			if !m {
				return maxMinClaim(mm(nil))
			}
			return maxMinClaim(mm(func(r *MaxMin) { r.AtEasy = r.Exact * 1.01 }))
		}},
		{Name: "§2.1, η* not along d(γ*)", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim {
			if !m {
				return maxMinClaim(mm(nil))
			}
			return maxMinClaim(mm(func(r *MaxMin) { r.DirErr = 1e-6 }))
		}},
		{Name: "Algorithm 1, an error that does not fall", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim { return CheckAlgorithm1(alg1(reprotest.Pick(m, -0.5, 0)), 4) }},
		{Name: "Algorithm 1, an error falling like 1/steps", Want: repro.Reproduced, Bad: repro.NotReproduced, Decide: func(m bool) repro.Claim { return CheckAlgorithm1(alg1(reprotest.Pick(m, -0.5, -1)), 4) }},
	})
}
