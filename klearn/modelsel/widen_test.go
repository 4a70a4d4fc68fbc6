package modelsel_test

import (
	"errors"
	"math"
	"slices"
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

// TestWidenGrid checks the edge rule on two axes against closed-form mean
// scores: each axis grows one point at a time past the edge its choice
// sits on until the choice is interior, a side stops at its cap (Capped),
// an edge within Flat of its inward neighbour is kept (flat), the means
// come back in product order, and the input grids are not changed.
func TestWidenGrid(t *testing.T) {
	type run struct {
		w     *modelsel.WidenedGrid
		calls int
	}
	widen := func(lam0, rad0 float64, radStep float64, capL int, flat float64) run {
		t.Helper()
		// score: a valley at λ = lam0 in decades plus radStep per factor 4 of Λ below rad0.
		f := func(l, r float64) float64 {
			return 1 + math.Abs(math.Log10(l/lam0)) + radStep*math.Max(0, math.Log(rad0/r)/math.Log(4))
		}
		lam, rad := []float64{1, 1e-1, 1e-2}, []float64{0.5, 2, 8}
		var calls int
		w, err := modelsel.WidenGrid([]modelsel.Axis{
			{Name: "λ", Values: lam, Factor: 10, Widen: capL},
			{Name: "Λ", Values: rad, Factor: 4, Widen: 3},
		}, func(g [][]float64) ([]float64, error) {
			calls++
			var m []float64
			for _, l := range g[0] {
				for _, r := range g[1] {
					m = append(m, f(l, r))
				}
			}
			return m, nil
		}, modelsel.WidenOptions{Flat: flat, Minimize: true})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(lam, []float64{1, 1e-1, 1e-2}) || !slices.Equal(rad, []float64{0.5, 2, 8}) {
			t.Fatalf("WidenGrid changed its input grids: %v %v", lam, rad)
		}
		for i, l := range w.Grids[0] {
			for j, r := range w.Grids[1] {
				if got := w.Means[i*len(w.Grids[1])+j]; got != f(l, r) {
					t.Fatalf("mean at (%g, %g) = %v, want %v (product order, λ slowest)", l, r, got, f(l, r))
				}
			}
		}
		return run{w, calls}
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Abs(b) }

	// λ's valley at 1e-4 lies two steps below the grid: two points are added
	// there and a third past them shows 1e-4 interior; Λ's RMSE keeps falling
	// 5 % a step up to Λ = 32, two steps above the grid.
	r := widen(1e-4, 32, 0.05, 4, 1e-3)
	if w := r.w; !near(w.Best[0], 1e-4) || w.Best[1] != 32 || len(w.Edges) != 0 || w.Widened != 5 ||
		!near(w.Grids[0][0], 1e-5) || len(w.Grids[0]) != 6 || !slices.Equal(w.Grids[1], []float64{0.5, 2, 8, 32, 128}) {
		t.Errorf("valley at λ = 1e-4, Λ = 32: %+v", w)
	}
	if r.calls != 4 {
		t.Errorf("%d searches, want 4 (both axes grow in the same round)", r.calls)
	}
	// A cap of one point on λ: the choice stays at the low edge, capped.
	if w := widen(1e-4, 2, 0.05, 1, 1e-3).w; !near(w.Best[0], 1e-3) || len(w.Edges) != 1 ||
		w.Edges[0] != (modelsel.Edge{Axis: 0, Name: "λ", Capped: true}) || w.Edges[0].String() != "λ low" {
		t.Errorf("cap: %+v", w)
	}
	// Λ falling 0.05 % a step is flat under Flat = 0.1 %: Λ high kept, not
	// grown; 0.2 % a step is not.
	if w := widen(1e-1, 32, 5e-4, 4, 1e-3).w; w.Best[1] != 8 || len(w.Grids[1]) != 3 ||
		len(w.Edges) != 1 || w.Edges[0] != (modelsel.Edge{Axis: 1, Name: "Λ", High: true}) || w.Edges[0].String() != "Λ high" {
		t.Errorf("flat Λ edge: %+v", w)
	}
	if w := widen(1e-1, 32, 2e-3, 4, 1e-3).w; w.Best[1] != 32 || len(w.Edges) != 0 {
		t.Errorf("Λ falling 0.2 %% a step: %+v", w)
	}
	// Interior on both axes: one search, nothing added.
	if r := widen(1e-1, 2, 0.05, 4, 1e-3); r.calls != 1 || r.w.Widened != 0 || len(r.w.Edges) != 0 || r.w.Best[0] != 1e-1 || r.w.Best[1] != 2 {
		t.Errorf("interior: %+v after %d searches", r.w, r.calls)
	}
}

// TestWidenGridErrors: bad axes, options and search results are wrapped
// klearn sentinels, never a panic.
func TestWidenGridErrors(t *testing.T) {
	ok := func(g [][]float64) ([]float64, error) { return make([]float64, len(g[0])), nil }
	ax := func(v []float64, f float64, w int) []modelsel.Axis {
		return []modelsel.Axis{{Name: "C", Values: v, Factor: f, Widen: w}}
	}
	for name, tc := range map[string]struct {
		axes   []modelsel.Axis
		search func([][]float64) ([]float64, error)
		flat   float64
		want   error
	}{
		"no axis":       {nil, ok, 0, klearn.ErrEmpty},
		"no values":     {ax(nil, 10, 1), ok, 0, klearn.ErrEmpty},
		"zero value":    {ax([]float64{0, 1}, 10, 1), ok, 0, klearn.ErrParam},
		"factor 1":      {ax([]float64{1}, 1, 1), ok, 0, klearn.ErrParam},
		"widen -1":      {ax([]float64{1}, 10, -1), ok, 0, klearn.ErrParam},
		"flat NaN":      {ax([]float64{1}, 10, 1), ok, math.NaN(), klearn.ErrParam},
		"flat negative": {ax([]float64{1}, 10, 1), ok, -1, klearn.ErrParam},
		"short means":   {ax([]float64{1, 2}, 10, 1), func([][]float64) ([]float64, error) { return []float64{1}, nil }, 0, klearn.ErrShape},
		"NaN mean":      {ax([]float64{1, 2}, 10, 1), func([][]float64) ([]float64, error) { return []float64{1, math.NaN()}, nil }, 0, klearn.ErrNotFinite},
		"nil search":    {ax([]float64{1, 2}, 10, 1), nil, 0, klearn.ErrParam},
		"search error":  {ax([]float64{1, 2}, 10, 1), func([][]float64) ([]float64, error) { return nil, klearn.ErrNotConverged }, 0, klearn.ErrNotConverged},
	} {
		if _, err := modelsel.WidenGrid(tc.axes, tc.search, modelsel.WidenOptions{Flat: tc.flat}); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", name, err, tc.want)
		}
	}
}
