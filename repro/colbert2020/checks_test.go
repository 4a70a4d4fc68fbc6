package colbert2020

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/repro"
)

// TestTheoremRowsFailOnMutatedInput: each theorem row is decided by a
// function of what its check measured. It holds on the numbers of the
// quick run's checks (RunChecks(true) at 8484636, rounded) and fails on
// each mutation of one measured number that breaks the statement; the
// name of each case says what it mutates.
func TestTheoremRowsFailOnMutatedInput(t *testing.T) {
	l4 := lemma4{N: 3, D: 3, M: 40, Trials: 2, Form: 2e-16, PSD: -2.4e-16, Indefinite: -1}
	lem4 := func(m bool, edit func(*lemma4)) repro.Claim {
		l := l4
		if m {
			edit(&l)
		}
		return lemma4Claim(l)
	}
	t8 := func(m bool, edit func(*theorem8)) repro.Claim {
		t := theorem8{M: 60, MinEig: 1.7e-4, Rank: 3, Monomials: 3, Sizes: []int{5, 10, 20, 40},
			ErrTK: []float64{0.62, 0.32, 0.16, 0.079}, ErrGPK: []float64{1.1, 0.98, 0.96, 0.96}}
		if m {
			edit(&t)
		}
		return theorem8Claim(t)
	}
	tiles := func(m bool, edit func(*Tiles)) repro.Claim {
		t := Tiles{M: 9, Count: 100, Residual: 1e-14, Across: 0.12}
		if m {
			edit(&t)
		}
		return TilesClaim(&t)
	}
	sdp := func(m bool, edit func(*sdp24)) repro.Claim {
		s := sdp24{IP: 16.050746, IPGap: 6e-9, Iterations: 13, PG: 16.050746, PGGap: 5e-9, Rel: 3e-9}
		if m {
			edit(&s)
		}
		return sdp24Claim(s)
	}
	for _, c := range []struct {
		name string
		row  func(mutated bool) repro.Claim
	}{
		{"Section 2.1: training Gram not positive definite", func(m bool) repro.Claim { return lanckrietClaim(0.0514, pick(m, 0.081, -0.01), -0.0035, 10, 181) }},
		{"Section 2.1: the larger Gram positive (a kernel after all)", func(m bool) repro.Claim { return lanckrietClaim(0.0514, 0.081, pick(m, -0.0035, 1e-3), 10, 181) }},
		{"Proposition 3: a negative eigenvalue beyond round-off", func(m bool) repro.Claim { return proposition3Claim(18, pick(m, 1.1e-5, -1e-6), 1.2e-15) }},
		{"Proposition 3: P ↦ K not linear", func(m bool) repro.Claim { return proposition3Claim(18, 1.1e-5, pick(m, 1.2e-15, 1e-3)) }},
		{"Lemma 4: (1 + xᵀy)^d off its GPK form", func(m bool) repro.Claim { return lem4(m, func(l *lemma4) { l.Form = 1e-3 }) }},
		{"Lemma 4: a PSD P with a negative Gram", func(m bool) repro.Claim { return lem4(m, func(l *lemma4) { l.PSD = -1e-4 }) }},
		{"Lemma 4: the indefinite P gives a PSD Gram", func(m bool) repro.Claim { return lem4(m, func(l *lemma4) { l.Indefinite = 0 }) }},
		{"Theorem 6: a jump (jump/h growing like 1/h)", func(m bool) repro.Claim {
			return theorem6Claim(6, 2, []float64{0.415, pick(m, 0.415, 41.5), pick(m, 0.415, 4150)}, 0.192)
		}},
		{"Theorem 6: no change of slope (C¹)", func(m bool) repro.Claim {
			return theorem6Claim(6, 2, []float64{0.415, 0.415, 0.415}, pick(m, 0.192, 0))
		}},
		{"tiles: a tile missing", func(m bool) repro.Claim { return tiles(m, func(t *Tiles) { t.Count = 99 }) }},
		{"tiles: not a polynomial on a tile", func(m bool) repro.Claim { return tiles(m, func(t *Tiles) { t.Residual = 1e-3 }) }},
		{"tiles: one polynomial across the edges", func(m bool) repro.Claim { return tiles(m, func(t *Tiles) { t.Across = 1e-9 }) }},
		{"Theorem 8: TK Gram singular", func(m bool) repro.Claim { return t8(m, func(t *theorem8) { t.MinEig = 0 }) }},
		{"Theorem 8: GPK rank above its monomials", func(m bool) repro.Claim { return t8(m, func(t *theorem8) { t.Rank = 4 }) }},
		{"Theorem 8: TK fit stalls", func(m bool) repro.Claim { return t8(m, func(t *theorem8) { t.ErrTK[3] = 0.15 }) }},
		{"Theorem 8: TK and GPK swapped", func(m bool) repro.Claim { return t8(m, func(t *theorem8) { t.ErrTK, t.ErrGPK = t.ErrGPK, t.ErrTK }) }},
		{"Lemma 11: TK embedding off the GPK", func(m bool) repro.Claim { return lemma11Claim(pick(m, 5e-16, 1e-9)) }},
		{"Theorem 12: interpolant off K*", func(m bool) repro.Claim { return theorem12Claim(10, 3, pick(m, 1e-10, 1e-6)) }},
		{"SDP (24): solvers disagree", func(m bool) repro.Claim { return sdp(m, func(s *sdp24) { s.PG, s.Rel = 16.2, 9e-3 }) }},
		{"SDP (24): NaN difference", func(m bool) repro.Claim { return sdp(m, func(s *sdp24) { s.Rel = math.NaN() }) }},
	} {
		if o := c.row(false).Outcome; o != repro.Reproduced {
			t.Errorf("%s, on the run's numbers: %s, want reproduced", c.name, o)
		}
		if o := c.row(true).Outcome; o == repro.Reproduced || o == repro.Corrected || o == repro.NotRun {
			t.Errorf("%s: the row holds (%s)", c.name, o)
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
