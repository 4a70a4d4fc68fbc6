package reprotest

import (
	"fmt"
	"testing"

	"github.com/kernelab/kernelab/repro"
)

// recorder is a testing.TB that keeps the errors reported to it.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// TestCheck: a row is an error when it misses Want on the run, or holds
// (or misses an explicit Bad) on the mutation; Pick and Edited change the
// numbers only when mutated.
func TestCheck(t *testing.T) {
	row := func(run, mutated repro.Outcome) func(bool) repro.Claim {
		return func(m bool) repro.Claim { return repro.Claim{Outcome: Pick(m, run, mutated)} }
	}
	for _, tc := range []struct {
		m    Mutation
		errs int
	}{
		{Mutation{Name: "fails", Want: repro.Reproduced, Decide: row(repro.Reproduced, repro.NotReproduced)}, 0},
		{Mutation{Name: "undecided", Want: repro.Corrected, Decide: row(repro.Corrected, repro.Undecided)}, 0},
		{Mutation{Name: "holds", Want: repro.Reproduced, Decide: row(repro.Reproduced, repro.Corrected)}, 1},
		{Mutation{Name: "not run", Want: repro.Reproduced, Decide: row(repro.Reproduced, repro.NotRun)}, 1},
		{Mutation{Name: "run misses", Want: repro.Reproduced, Decide: row(repro.Partly, repro.NotReproduced)}, 1},
		{Mutation{Name: "both", Want: repro.Reproduced, Decide: row(repro.Partly, repro.Reproduced)}, 2},
		{Mutation{Name: "bad", Want: repro.NotReproduced, Bad: repro.Reproduced, Decide: row(repro.NotReproduced, repro.Reproduced)}, 0},
		{Mutation{Name: "other bad", Want: repro.Corrected, Bad: repro.Partly, Decide: row(repro.Corrected, repro.NotReproduced)}, 1},
	} {
		r := &recorder{TB: t}
		Check(r, []Mutation{tc.m})
		if len(r.errs) != tc.errs {
			t.Errorf("%s: %d errors %q, want %d", tc.m.Name, len(r.errs), r.errs, tc.errs)
		}
	}
	type pair struct{ a, b int }
	p := pair{1, 2}
	if got := Edited(false, p, func(q *pair) { q.a = 9 }); got != p {
		t.Errorf("Edited unmutated: %+v", got)
	}
	if got := Edited(true, p, func(q *pair) { q.a = 9 }); got != (pair{9, 2}) || p.a != 1 {
		t.Errorf("Edited mutated: %+v, run now %+v", got, p)
	}
	if Pick(false, 1, 2) != 1 || Pick(true, 1, 2) != 2 {
		t.Error("Pick")
	}
}
