package afkanpour2013

import (
	"errors"
	"testing"
	"time"

	"github.com/kernelab/kernelab/klearn"
)

// The stages are those of a forward algorithm: a run of T stages begins
// with the stages of a shorter run, its alignment never falls, and every
// σ lies in the family's box.
func TestExplorer(t *testing.T) {
	e, err := NewExplorer(3)
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := e.X.Dims(); r != 54 {
		t.Fatalf("%d training rows, want 54", r)
	}
	start := time.Now()
	a5, s5, err := e.Learn(5)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("5 stages: %v", time.Since(start))
	start = time.Now()
	a10, s10, err := e.Learn(10)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("10 stages: %v; alignment %v; σ %v", time.Since(start), a10, s10)
	if len(s5) != 5 || len(s10) != 10 || len(a5) != 6 || len(a10) != 11 {
		t.Fatalf("bandwidths %v, %v and alignments %v, %v: want 5, 10, 6 and 11", s5, s10, a5, a10)
	}
	for i := range a5 {
		if a5[i] != a10[i] || (i < 5 && s5[i] != s10[i]) {
			t.Fatalf("stage %d differs between T = 5 and T = 10", i)
		}
	}
	for i := range a10 {
		if i > 0 && a10[i] < a10[i-1]-1e-12 {
			t.Errorf("alignment falls at stage %d: %v", i, a10)
		}
	}
	for i := range s10 {
		if s10[i] < 1e-3 || s10[i] > 1e5 {
			t.Errorf("σ_%d = %v outside the family's box", i+1, s10[i])
		}
	}
	if _, _, err := e.Learn(0); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("T = 0: %v", err)
	}
	if c, err := e.Draw(ExploreMaxSteps); err != nil || c == nil {
		t.Errorf("Draw: %v", err)
	}
}
