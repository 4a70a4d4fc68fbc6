package modelsel

import (
	"math"
	"slices"

	"github.com/kernelab/kernelab/klearn"
)

// Axis is one hyper-parameter of a grid that WidenGrid grows at its edges.
type Axis struct {
	// Name names the axis in an Edge ("λ", "C").
	Name string
	// Values is the initial grid: finite values > 0, in any order
	// (duplicates are dropped).
	Values []float64
	// Factor (> 1) spaces the points added past an edge v: v/Factor below
	// the grid, v·Factor above it.
	Factor float64
	// Widen caps the points added on each side of the axis (≥ 0).
	Widen int
}

// WidenOptions sets WidenGrid's rule.
type WidenOptions struct {
	// Flat is the flatness tolerance (≥ 0): an edge is not extended when
	// its mean score lies within Flat·|mean| of the mean one grid step
	// inwards, the other axes held. Zero extends every edge but a plateau
	// (equal means, to 1e-12).
	Flat float64
	// Minimize selects the lowest mean score (errors, RMSE); by default the
	// highest wins (accuracy, AUC).
	Minimize bool
}

// Edge is a side of an axis that WidenGrid's choice still lies on.
type Edge struct {
	Axis int    // index into the axes
	Name string // the axis' Name
	High bool   // the largest value of the grid (otherwise the smallest)
	// Capped reports a side kept because it already gained Axis.Widen
	// points; an edge without it is flat (WidenOptions.Flat).
	Capped bool
}

// String reads "λ low" or "C high".
func (e Edge) String() string {
	if e.High {
		return e.Name + " high"
	}
	return e.Name + " low"
}

// WidenedGrid is the outcome of WidenGrid.
type WidenedGrid struct {
	// Best holds the chosen value of each axis.
	Best []float64
	// Grids holds each axis' final grid, ascending, with the points added.
	Grids [][]float64
	// Means holds the mean score of every point of the product of Grids,
	// the first axis varying slowest.
	Means []float64
	// Edges lists the edges the choice lies on, in axis order.
	Edges []Edge
	// Widened counts the points added over all axes.
	Widened int
}

// tie is the absolute difference under which two mean scores are equal.
const tie = 1e-12

// WidenGrid selects a point of the product of the axes' grids and grows a
// grid wherever the choice sits at its edge. search scores the product of
// the grids it is given (each ascending, the first axis varying slowest)
// and returns the mean score of every point in that order; it is called
// again after each growth with the larger grids, so a search whose fits
// are costly keeps the scores it has (WidenedSearch, or a learner's path
// cache). The best mean wins, ties (to 1e-12) to the earliest point, that
// is the smallest values. Then, on each axis where the choice is the
// smallest (largest) value v, v/Factor (v·Factor) is added unless
//   - the mean at v is within opts.Flat·|mean| of the mean one step
//     inwards, the other axes held (a flat edge); or
//   - that side already gained Widen points (a capped edge);
//
// and the product is searched again, until no axis grows. An axis of one
// value is never widened. The result does not depend on how search
// parallelises. Errors: no axis, an axis without values (ErrEmpty), a
// value, Factor, Widen or Flat out of range or a nil search (ErrParam), means of the wrong
// length (ErrShape) or not finite (ErrNotFinite), and those of search.
func WidenGrid(axes []Axis, search func(grids [][]float64) ([]float64, error), opts WidenOptions) (*WidenedGrid, error) {
	if len(axes) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "modelsel: WidenGrid without an axis")
	}
	if search == nil {
		return nil, klearn.Errorf(klearn.ErrParam, "modelsel: WidenGrid without a search")
	}
	if !(opts.Flat >= 0) || math.IsInf(opts.Flat, 0) {
		return nil, klearn.Errorf(klearn.ErrParam, "modelsel: WidenGrid flatness %v, want finite and ≥ 0", opts.Flat)
	}
	grids := make([][]float64, len(axes))
	for a, ax := range axes {
		if len(ax.Values) == 0 {
			return nil, klearn.Errorf(klearn.ErrEmpty, "modelsel: WidenGrid axis %q has no values", ax.Name)
		}
		if !(ax.Factor > 1) || math.IsInf(ax.Factor, 0) || ax.Widen < 0 {
			return nil, klearn.Errorf(klearn.ErrParam, "modelsel: WidenGrid axis %q: factor %v, widen %d: want a finite factor > 1 and widen ≥ 0", ax.Name, ax.Factor, ax.Widen)
		}
		for _, v := range ax.Values {
			if !(v > 0) || math.IsInf(v, 0) {
				return nil, klearn.Errorf(klearn.ErrParam, "modelsel: WidenGrid axis %q value %v, want finite and > 0", ax.Name, v)
			}
		}
		grids[a] = slices.Compact(slices.Sorted(slices.Values(ax.Values)))
	}
	sign := 1.0
	if opts.Minimize {
		sign = -1
	}
	gained := make([][2]int, len(axes)) // points added below and above, per axis
	added := 0
	for {
		given := make([][]float64, len(grids))
		size := 1
		for a, g := range grids {
			given[a], size = slices.Clone(g), size*len(g)
		}
		means, err := search(given)
		if err != nil {
			return nil, err
		}
		if len(means) != size {
			return nil, klearn.Errorf(klearn.ErrShape, "modelsel: WidenGrid search returned %d means for %d points", len(means), size)
		}
		best := math.Inf(-1)
		for i, m := range means {
			if math.IsNaN(m) || math.IsInf(m, 0) {
				return nil, klearn.Errorf(klearn.ErrNotFinite, "modelsel: WidenGrid mean %v at point %d", m, i)
			}
			best = math.Max(best, sign*m)
		}
		at := slices.IndexFunc(means, func(m float64) bool { return sign*m >= best-tie })
		pos := unravel(at, grids)
		mean := func(a, j int) float64 { // the mean at pos with axis a moved to j
			p := slices.Clone(pos)
			p[a] = j
			return means[ravel(p, grids)]
		}
		out := &WidenedGrid{Grids: given, Means: means, Widened: added}
		grew := false
		next := slices.Clone(grids)
		for a, g := range grids {
			out.Best = append(out.Best, g[pos[a]])
			n, p := len(g), pos[a]
			if n < 2 || (p != 0 && p != n-1) {
				continue
			}
			e := Edge{Axis: a, Name: axes[a].Name, High: p == n-1}
			side, in := 0, 1
			if e.High {
				side, in = 1, n-2
			}
			v, w := mean(a, p), mean(a, in)
			switch {
			case math.Abs(v-w) <= opts.Flat*math.Abs(v)+tie:
			case gained[a][side] >= axes[a].Widen:
				e.Capped = true
			case e.High:
				next[a] = append(slices.Clone(g), g[n-1]*axes[a].Factor)
			default:
				next[a] = append([]float64{g[0] / axes[a].Factor}, g...)
			}
			if len(next[a]) > n {
				gained[a][side]++
				added++
				grew = true
				continue
			}
			out.Edges = append(out.Edges, e)
		}
		if !grew {
			return out, nil
		}
		grids = next
	}
}

// unravel returns the per-axis positions of point i of the product of
// grids (the first axis varying slowest); ravel is its inverse.
func unravel(i int, grids [][]float64) []int {
	pos := make([]int, len(grids))
	for a := len(grids) - 1; a >= 0; a-- {
		pos[a], i = i%len(grids[a]), i/len(grids[a])
	}
	return pos
}

func ravel(pos []int, grids [][]float64) int {
	i := 0
	for a, g := range grids {
		i = i*len(g) + pos[a]
	}
	return i
}

// Widened is the outcome of WidenedSearch.
type Widened struct {
	// Best is the selected value.
	Best float64
	// Grid is the final grid, sorted, with the values added at its edges.
	Grid []float64
	// Means holds the mean score of every value of Grid, in its order.
	Means []float64
	// AtEdge reports a best mean still attained only at an end of Grid:
	// the widening budget was spent.
	AtEdge bool
}

// WidenedSearch selects one positive hyper-parameter (an SVM's C, a ridge
// λ) on splits by GridSearch, growing the grid by factor where the choice
// sits at an edge, at most widen times per side: WidenGrid's rule on one
// axis with Flat = 0, so a best mean shared with the inward neighbour is a
// plateau, which a wider grid would only extend, and is not widened. Each
// value is scored once on each split. The result does not depend on
// opts.Workers. Errors: an empty grid, a value or factor that is not
// finite and > 0 (factor > 1), widen < 0 (ErrParam), and those of eval
// and GridSearch.
func WidenedSearch(grid []float64, factor float64, widen int, splits []Split, eval func(float64, Split) (float64, error), opts SearchOptions) (*Widened, error) {
	mean := map[float64]float64{}
	r, err := WidenGrid([]Axis{{Name: "C", Values: grid, Factor: factor, Widen: widen}}, func(gs [][]float64) ([]float64, error) {
		var todo []float64
		for _, v := range gs[0] {
			if _, ok := mean[v]; !ok {
				todo = append(todo, v)
			}
		}
		if len(todo) > 0 {
			sr, err := GridSearch(todo, splits, eval, opts)
			if err != nil {
				return nil, err
			}
			for _, c := range sr.Candidates {
				if c.Err != nil {
					return nil, c.Err
				}
				mean[c.Params] = c.Mean
			}
		}
		out := make([]float64, len(gs[0]))
		for i, v := range gs[0] {
			out[i] = mean[v]
		}
		return out, nil
	}, WidenOptions{Minimize: opts.Minimize})
	if err != nil {
		return nil, err
	}
	out := &Widened{Best: r.Best[0], Grid: r.Grids[0], Means: r.Means}
	for _, e := range r.Edges {
		out.AtEdge = out.AtEdge || e.Capped
	}
	return out, nil
}
