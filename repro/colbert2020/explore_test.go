package colbert2020

import (
	"errors"
	"sort"
	"testing"
	"time"

	"github.com/kernelab/kernelab/klearn"
)

// The exploration fits [TK] on the circle: its tile edges are the points'
// sorted coordinates, its fit separates the circle well above chance, and
// the degree and margin reach the learner (a bad degree is refused).
func TestExplorer(t *testing.T) {
	e, err := NewExplorer(40, 30, 5)
	if err != nil {
		t.Fatal(err)
	}
	for k := range 2 {
		if len(e.edges[k]) != 40 || !sort.Float64sAreSorted(e.edges[k]) {
			t.Fatalf("edges %d: %v", k, e.edges[k])
		}
	}
	start := time.Now()
	m1, acc, err := e.Fit(1, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("d = 1, ε = 0.1: %.1f %% in %v", acc, time.Since(start))
	if acc < 70 {
		t.Errorf("test accuracy %.1f %% on the circle, want ≥ 70 %%", acc)
	}
	m0, _, err := e.Fit(0, 0.1)
	if err != nil {
		t.Fatal(err)
	}
	f0, _ := m0.Decision(e.Xt)
	f1, _ := m1.Decision(e.Xt)
	same := true
	for i := range f0 {
		same = same && f0[i] == f1[i]
	}
	if same {
		t.Error("degrees 0 and 1 give the same classifier")
	}
	if _, _, err := e.Fit(-1, 0.1); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("degree −1: %v", err)
	}
	if _, err := NewExplorer(2, 30, 5); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("2 points: %v", err)
	}
	for _, c := range []struct {
		d   int
		eps float64
	}{{0, 0}, {1, 0.5}, {2, 1}} {
		start := time.Now()
		if _, err := e.Draw(c.d, c.eps); err != nil {
			t.Fatal(err)
		}
		t.Logf("draw d = %d, ε = %g: %v", c.d, c.eps, time.Since(start))
	}
}
