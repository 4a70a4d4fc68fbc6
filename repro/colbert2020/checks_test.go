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
	t8 := theorem8{M: 60, MinEig: 1.7e-4, Rank: 3, Monomials: 3, Sizes: []int{5, 10, 20, 40},
		ErrTK: []float64{0.62, 0.32, 0.16, 0.079}, ErrGPK: []float64{1.1, 0.98, 0.96, 0.96}}
	tl := Tiles{M: 9, Count: 100, Residual: 1e-14, Across: 0.12}
	s24 := sdp24{IP: 16.050746, IPGap: 6e-9, Iterations: 13, PG: 16.050746, PGGap: 5e-9, Rel: 3e-9}
	for _, c := range []struct {
		name         string
		run, mutated repro.Claim
	}{
		{"Section 2.1: training Gram not positive definite",
			lanckrietClaim(0.0514, 0.081, -0.0035, 10, 181),
			lanckrietClaim(0.0514, -0.01, -0.0035, 10, 181)},
		{"Section 2.1: the larger Gram positive (a kernel after all)",
			lanckrietClaim(0.0514, 0.081, -0.0035, 10, 181),
			lanckrietClaim(0.0514, 0.081, 1e-3, 10, 181)},
		{"Proposition 3: a negative eigenvalue beyond round-off",
			proposition3Claim(18, 1.1e-5, 1.2e-15),
			proposition3Claim(18, -1e-6, 1.2e-15)},
		{"Proposition 3: P ↦ K not linear",
			proposition3Claim(18, 1.1e-5, 1.2e-15),
			proposition3Claim(18, 1.1e-5, 1e-3)},
		{"Lemma 4: (1 + xᵀy)^d off its GPK form",
			lemma4Claim(l4),
			lemma4Claim(edited(l4, func(l *lemma4) { l.Form = 1e-3 }))},
		{"Lemma 4: a PSD P with a negative Gram",
			lemma4Claim(l4),
			lemma4Claim(edited(l4, func(l *lemma4) { l.PSD = -1e-4 }))},
		{"Lemma 4: the indefinite P gives a PSD Gram",
			lemma4Claim(l4),
			lemma4Claim(edited(l4, func(l *lemma4) { l.Indefinite = 0 }))},
		{"Theorem 6: a jump (jump/h growing like 1/h)",
			theorem6Claim(6, 2, []float64{0.415, 0.415, 0.415}, 0.192),
			theorem6Claim(6, 2, []float64{0.415, 41.5, 4150}, 0.192)},
		{"Theorem 6: no change of slope (C¹)",
			theorem6Claim(6, 2, []float64{0.415, 0.415, 0.415}, 0.192),
			theorem6Claim(6, 2, []float64{0.415, 0.415, 0.415}, 0)},
		{"tiles: a tile missing",
			TilesClaim(&tl),
			TilesClaim(ptr(edited(tl, func(t *Tiles) { t.Count = 99 })))},
		{"tiles: not a polynomial on a tile",
			TilesClaim(&tl),
			TilesClaim(ptr(edited(tl, func(t *Tiles) { t.Residual = 1e-3 })))},
		{"tiles: one polynomial across the edges",
			TilesClaim(&tl),
			TilesClaim(ptr(edited(tl, func(t *Tiles) { t.Across = 1e-9 })))},
		{"Theorem 8: TK Gram singular",
			theorem8Claim(t8),
			theorem8Claim(edited(t8, func(t *theorem8) { t.MinEig = 0 }))},
		{"Theorem 8: GPK rank above its monomials",
			theorem8Claim(t8),
			theorem8Claim(edited(t8, func(t *theorem8) { t.Rank = 4 }))},
		{"Theorem 8: TK fit stalls",
			theorem8Claim(t8),
			theorem8Claim(edited(t8, func(t *theorem8) { t.ErrTK = []float64{0.62, 0.32, 0.16, 0.15} }))},
		{"Theorem 8: TK and GPK swapped",
			theorem8Claim(t8),
			theorem8Claim(edited(t8, func(t *theorem8) { t.ErrTK, t.ErrGPK = t.ErrGPK, t.ErrTK }))},
		{"Lemma 11: TK embedding off the GPK",
			lemma11Claim(5e-16),
			lemma11Claim(1e-9)},
		{"Theorem 12: interpolant off K*",
			theorem12Claim(10, 3, 1e-10),
			theorem12Claim(10, 3, 1e-6)},
		{"SDP (24): solvers disagree",
			sdp24Claim(s24),
			sdp24Claim(edited(s24, func(s *sdp24) { s.PG, s.Rel = 16.2, 9e-3 }))},
		{"SDP (24): NaN difference",
			sdp24Claim(s24),
			sdp24Claim(edited(s24, func(s *sdp24) { s.Rel = math.NaN() }))},
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

// ptr returns a pointer to a copy of v.
func ptr[T any](v T) *T { return &v }
