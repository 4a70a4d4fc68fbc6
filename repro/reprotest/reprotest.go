// Package reprotest holds what the paper packages' tests share to make each
// verdict row fail: a row decided on the numbers of a run, and again on
// those numbers with one mutation that breaks the row's statement.
package reprotest

import (
	"testing"

	"github.com/kernelab/kernelab/repro"
)

// Mutation is one verdict row, decided by Decide on a run's numbers
// (mutated false) and on those numbers with the mutation that Name
// describes (mutated true).
type Mutation struct {
	Name string
	// Want is the row's outcome on the run's numbers.
	Want repro.Outcome
	// Bad is the row's outcome on the mutated numbers. When it is NotRun
	// (the zero value), any outcome under which the row fails will do:
	// neither reproduced, corrected nor not run.
	Bad    repro.Outcome
	Decide func(mutated bool) repro.Claim
}

// Check reports an error on t for each mutation whose row does not give
// Want on the run's numbers, or does not fail (give Bad) on the mutated
// ones.
func Check(t testing.TB, ms []Mutation) {
	t.Helper()
	for _, m := range ms {
		if got := m.Decide(false); got.Outcome != m.Want {
			t.Errorf("%s: on the run's numbers %s, want %s (%s)", m.Name, got.Outcome, m.Want, got.Ours)
		}
		got := m.Decide(true)
		switch {
		case m.Bad != repro.NotRun && got.Outcome != m.Bad:
			t.Errorf("%s: on mutated numbers %s, want %s (%s)", m.Name, got.Outcome, m.Bad, got.Ours)
		case m.Bad == repro.NotRun && holds(got.Outcome):
			t.Errorf("%s: the row holds on mutated numbers (%s: %s)", m.Name, got.Outcome, got.Ours)
		}
	}
}

// holds reports whether a row with outcome o is not a failure.
func holds(o repro.Outcome) bool {
	return o == repro.Reproduced || o == repro.Corrected || o == repro.NotRun
}

// Pick returns run, or bad when mutated.
func Pick[T any](mutated bool, run, bad T) T {
	if mutated {
		return bad
	}
	return run
}

// Edited returns run, or when mutated a copy of run changed by edit.
func Edited[T any](mutated bool, run T, edit func(*T)) T {
	if mutated {
		edit(&run)
	}
	return run
}
