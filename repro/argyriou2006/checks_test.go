package argyriou2006

import (
	"testing"

	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/argyriou2006/protocol"
)

// TestCheckRowsFailOnMutatedInput: each row of the numerical checks is
// decided by a function of its measured numbers; it holds (reproduced, or
// corrected where the printed formula is wrong) on the numbers of a run on
// MNIST (quick mode at 4187c26, rounded) and fails on each mutation that
// breaks the statement.
func TestCheckRowsFailOnMutatedInput(t *testing.T) {
	counts := func(c int) []protocol.MaximaCount {
		var rows []protocol.MaximaCount
		for _, name := range []string{"initial kernel of [75, 25000]", "K after 1 greedy steps"} {
			rows = append(rows, protocol.MaximaCount{Name: name, Counts: [3]int{c, c, c}, Signs: 3500})
		}
		return rows
	}
	for _, c := range []struct {
		name string
		good repro.Outcome
		row  func(mutated bool) repro.Claim
	}{
		{"Eq. (6), dual", repro.Reproduced, func(m bool) repro.Claim { return eq6Claim(120, pick(m, 6.3e-16, 1e-6), 0) }},
		{"Eq. (6), primal", repro.Reproduced, func(m bool) repro.Claim { return eq6Claim(120, 6.3e-16, pick(m, 0, 1e-6)) }},
		{"convexity, chord", repro.Reproduced, func(m bool) repro.Claim {
			return convexityClaim(pick(m, 0, 1e-6), []float64{1.34, 0.2463}, []float64{1.34, 0.2463})
		}},
		{"convexity, E″ sign", repro.Reproduced, func(m bool) repro.Claim {
			return convexityClaim(0, []float64{pick(m, 1.34, -1.34), 0.2463}, []float64{pick(m, 1.34, -1.34), 0.2463})
		}},
		{"convexity, E″ against differences", repro.Reproduced, func(m bool) repro.Claim {
			return convexityClaim(0, []float64{1.34, 0.2463}, []float64{1.34, pick(m, 0.2463, 0.25)})
		}},
		{"Eq. (8), corrected value", repro.Corrected, func(m bool) repro.Claim {
			return eq8Claim(0.0765, 0.0261, pick(m, 0.0765, 0.08), 0.47, 5e-6)
		}},
		{"Eq. (8), corrected weights", repro.Corrected, func(m bool) repro.Claim {
			return eq8Claim(0.0765, 0.0261, 0.0765, 0.47, pick(m, 5e-6, 1e-2))
		}},
		{"scaling, decrease", repro.Reproduced, func(m bool) repro.Claim {
			return scalingClaim([]float64{0.0888, pick(m, 0.00889, 0.09), 0.000889, 8.89e-6, 8.89e-8}, 0.0749, 0.001)
		}},
		{"scaling, limit", repro.Reproduced, func(m bool) repro.Claim {
			return scalingClaim([]float64{0.0888, 0.088, 0.087, 0.086, pick(m, 8.89e-8, 0.085)}, 0.0749, 0.001)
		}},
		{"scaling, bound", repro.Reproduced, func(m bool) repro.Claim {
			return scalingClaim([]float64{0.0888, 0.00889, 0.000889, 8.89e-6, 8.89e-8}, pick(m, 0.0749, 0.0009), 0.001)
		}},
		{"DC, convexity", repro.Corrected, func(m bool) repro.Claim { return dcClaim(pick(m, 2.7e-26, -1e-9), 36, 1.9, 6.2e-14) }},
		{"DC, corrected identity", repro.Corrected, func(m bool) repro.Claim { return dcClaim(2.7e-26, 36, 1.9, pick(m, 6.2e-14, 1e-6)) }},
		{"Algorithm 2 (1-D), status", repro.Reproduced, func(m bool) repro.Claim {
			return oneDClaim(pickStatus(m, opt.Success, opt.IterationLimit), 75, 1204.8, 1.12467, 1.12467, 1203.8, true, 1, nil)
		}},
		{"Algorithm 2 (1-D), value", repro.Reproduced, func(m bool) repro.Claim {
			return oneDClaim(opt.Success, 75, 1204.8, pick(m, 1.124670836, 1.12), 1.124670163, 1203.8, true, 1, nil)
		}},
		{"Algorithm 2 (1-D), monotone φ", repro.Reproduced, func(m bool) repro.Claim {
			return oneDClaim(opt.Success, 75, 1204.8, 1.12467, 1.12467, 1203.8, !m, 1, nil)
		}},
		{"local maxima", repro.Reproduced, func(m bool) repro.Claim {
			return localMaximaClaim(120, "odd vs. even", counts(int(pick(m, 3, 1))))
		}},
		{"Algorithm 2 (2-D), status", repro.Reproduced, func(m bool) repro.Claim {
			return twoDClaim(pickStatus(m, opt.Success, opt.IterationLimit), 157, [2]float64{850, 10000}, 1.1727, 1.1726, [2]float64{841, 10000})
		}},
		{"Algorithm 2 (2-D), value", repro.Reproduced, func(m bool) repro.Claim {
			return twoDClaim(opt.Success, 157, [2]float64{850, 10000}, pick(m, 1.1727, 1.17), 1.1726, [2]float64{841, 10000})
		}},
		{"Schoenberg, CND", repro.Reproduced, func(m bool) repro.Claim { return schoenbergClaim(120, pick(m, 6.7e-18, 1e-3), 1.1e-6, 0.32, -8.3e-4) }},
		{"Schoenberg, kernel", repro.Reproduced, func(m bool) repro.Claim { return schoenbergClaim(120, 6.7e-18, pick(m, 1.1e-6, -1e-6), 0.32, -8.3e-4) }},
		{"Schoenberg, counterexample", repro.Reproduced, func(m bool) repro.Claim {
			return schoenbergClaim(120, 6.7e-18, 1.1e-6, pick(m, 0.32, 0), pick(m, -8.3e-4, 1e-6))
		}},
		{"blocks", repro.Reproduced, func(m bool) repro.Claim { return blocksClaim(pick(m, 6.7e-16, 1e-9), 6.7e-16, 40) }},
		{"b_ij", repro.Reproduced, func(m bool) repro.Claim { return blocksClaim(6.7e-16, pick(m, 6.7e-16, 1e-9), 40) }},
		{"rotation, corrected H₁H₂", repro.Corrected, func(m bool) repro.Claim { return rotationClaim(1, pick(m, 6.1e-5, 1e-2), 1.1e-3) }},
		{"rotation, PSD", repro.Corrected, func(m bool) repro.Claim { return rotationClaim(1, 6.1e-5, pick(m, 1.1e-3, -1e-3)) }},
		{"saddle, terminated", repro.Reproduced, func(m bool) repro.Claim {
			return saddleClaim(pickStatus(m, opt.Success, opt.IterationLimit), 9, 13, 120, "odd vs. even", 1.00087, 1, 1468)
		}},
		{"saddle, certificate", repro.Reproduced, func(m bool) repro.Claim {
			return saddleClaim(opt.Success, 9, 13, 120, "odd vs. even", pick(m, 1.00087, 1.01), 1, 1468)
		}},
	} {
		if o := c.row(false).Outcome; o != c.good {
			t.Errorf("%s on a run's numbers: %s, want %s", c.name, o, c.good)
		}
		if o := c.row(true).Outcome; o == repro.Reproduced || o == repro.Corrected || o == repro.NotRun {
			t.Errorf("%s holds on mutated numbers: %s", c.name, o)
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

// pickStatus returns good, or bad when mutated.
func pickStatus(mutated bool, good, bad opt.Status) opt.Status {
	if mutated {
		return bad
	}
	return good
}
