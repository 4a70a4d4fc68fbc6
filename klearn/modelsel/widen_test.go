package modelsel_test

import (
	"errors"
	"math"
	"sync"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/modelsel"
)

// TestWidenedSearch: the grid grows by the factor at the edge where the
// selection sits, keeps the scores already computed, stops one step past an
// interior peak, reports a selection left at an edge when the budget is
// spent, does not widen a plateau, breaks ties towards the smallest value,
// and minimises when asked.
func TestWidenedSearch(t *testing.T) {
	splits := []modelsel.Split{{Train: []int{0}, Test: []int{1}}, {Train: []int{1}, Test: []int{0}}}
	cs := []float64{1e3, 1e-3, 1e-2, 1e-1, 1, 10, 100} // unsorted on purpose
	calls := map[float64]int{}
	var mu sync.Mutex
	peak := func(at float64) func(float64, modelsel.Split) (float64, error) {
		return func(c float64, _ modelsel.Split) (float64, error) {
			mu.Lock()
			calls[c]++
			mu.Unlock()
			return -math.Abs(math.Log10(c) - at), nil
		}
	}
	search := func(widen int, eval func(float64, modelsel.Split) (float64, error), o modelsel.SearchOptions) *modelsel.Widened {
		t.Helper()
		r, err := modelsel.WidenedSearch(cs, 10, widen, splits, eval, o)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	r := search(3, peak(4), modelsel.SearchOptions{Workers: 2})
	if math.Abs(r.Best-1e4) > 1e-6 || r.AtEdge || len(r.Grid) != 9 || math.Abs(r.Grid[8]-1e5) > 1e-5 || r.Grid[0] != 1e-3 {
		t.Errorf("peak at 1e4: %+v; want 1e4 inside [1e-3, 1e5]", r)
	}
	if len(r.Means) != 9 || math.Abs(r.Means[7]) > 1e-9 || math.Abs(r.Means[0]+7) > 1e-9 {
		t.Errorf("means %v", r.Means)
	}
	for c, n := range calls {
		if n != len(splits) {
			t.Errorf("C = %g scored %d times, want once per split", c, n)
		}
	}
	if r := search(1, peak(6), modelsel.SearchOptions{Workers: 2}); math.Abs(r.Best-1e4) > 1e-6 || !r.AtEdge || len(r.Grid) != 8 {
		t.Errorf("budget of one step: %+v; want 1e4 reported at the edge", r)
	}
	plateau := func(c float64, _ modelsel.Split) (float64, error) { return 0.7 - 0.01*math.Max(0, math.Log10(c)), nil }
	if r := search(2, plateau, modelsel.SearchOptions{Workers: 1}); r.Best != 1e-3 || r.AtEdge || len(r.Grid) != 7 {
		t.Errorf("plateau at small C: %+v; want 1e-3, no widening", r)
	}
	if r := search(3, peak(-4), modelsel.SearchOptions{Workers: 1}); math.Abs(r.Best-1e-4) > 1e-12 || r.AtEdge || len(r.Grid) != 9 || math.Abs(r.Grid[0]-1e-5) > 1e-12 {
		t.Errorf("peak at 1e-4: %+v", r)
	}
	if r := search(0, peak(0), modelsel.SearchOptions{Workers: 1}); r.Best != 1 || r.AtEdge {
		t.Errorf("interior peak: %+v", r)
	}
	valley := func(c float64, _ modelsel.Split) (float64, error) { return math.Abs(math.Log10(c) - 5), nil }
	if r := search(3, valley, modelsel.SearchOptions{Minimize: true}); math.Abs(r.Best-1e5) > 1e-5 || r.AtEdge {
		t.Errorf("minimum at 1e5: %+v", r)
	}
	bad := func(float64, modelsel.Split) (float64, error) { return 0, klearn.ErrNotFinite }
	if _, err := modelsel.WidenedSearch(cs, 10, 1, splits, bad, modelsel.SearchOptions{}); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("an evaluation error must be returned, got %v", err)
	}
	for name, tc := range map[string]struct {
		grid   []float64
		factor float64
		widen  int
		want   error
	}{
		"empty grid": {nil, 10, 1, klearn.ErrEmpty},
		"negative C": {[]float64{1, -1}, 10, 1, klearn.ErrParam},
		"NaN C":      {[]float64{math.NaN()}, 10, 1, klearn.ErrParam},
		"factor 1":   {cs, 1, 1, klearn.ErrParam},
		"factor Inf": {cs, math.Inf(1), 1, klearn.ErrParam},
		"widen -1":   {cs, 10, -1, klearn.ErrParam},
	} {
		if _, err := modelsel.WidenedSearch(tc.grid, tc.factor, tc.widen, splits, peak(0), modelsel.SearchOptions{}); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", name, err, tc.want)
		}
	}
}
