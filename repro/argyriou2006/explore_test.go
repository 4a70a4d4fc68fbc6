package argyriou2006

import (
	"errors"
	"math"
	"testing"
	"time"

	"github.com/kernelab/kernelab/klearn"
)

// The curve the exploration draws is step 2's objective: after one step
// (K = G(σ_1)), the second step's σ_2 maximises it over the range (the DC
// program certifies a global maximum) and its ratio to the value at σ_1 is
// the ratio of the values Greedy recorded for step 2, ⟨c, G(σ_2)c⟩ /
// ⟨c, K c⟩. Every picked σ lies in the range.
func TestExplorer(t *testing.T) {
	e, err := NewExplorer(100, 4)
	if err != nil {
		t.Fatal(err)
	}
	m2, err := e.greedy(0.1, 10, 2)
	if err != nil {
		t.Fatal(err)
	}
	st := m2.Steps()
	if len(st) < 2 {
		t.Fatalf("%d steps, want 2", len(st))
	}
	s1, s2 := st[0].Params[0], st[1].Params[0]
	m1, err := e.greedy(0.1, 10, 1)
	if err != nil {
		t.Fatal(err)
	}
	grid := []float64{0.1, 0.2, 0.5, 1, 2, 5, 10, s1, s2}
	obj, err := e.Objective(m1, grid)
	if err != nil {
		t.Fatal(err)
	}
	at1, at2 := obj[len(obj)-2], obj[len(obj)-1]
	if want := st[1].Value / st[1].Kc; math.Abs(at2/at1-want) > 1e-6*want {
		t.Errorf("objective ratio at σ_2 = %v and σ_1 = %v: %v, Greedy's step 2 gives %v", s2, s1, at2/at1, want)
	}
	for i, v := range obj {
		if v > at2*(1+1e-6) {
			t.Errorf("σ = %v beats step 2's σ_2 = %v (%v > %v)", grid[i], s2, v, at2)
		}
	}
	start := time.Now()
	m, err := e.Greedy(0.3, 3)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("greedy over [0.3, 3]: %v, %d kernels", time.Since(start), len(m.Atoms()))
	for _, a := range m.Atoms() {
		if s := a.Params[0]; s < 0.3*(1-1e-9) || s > 3*(1+1e-9) {
			t.Errorf("picked σ = %v outside [0.3, 3]", s)
		}
	}
	if _, err := e.Greedy(1, 1); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("empty range: %v", err)
	}
	if _, err := e.Draw(0.3, 3); err != nil {
		t.Fatal(err)
	}
}
