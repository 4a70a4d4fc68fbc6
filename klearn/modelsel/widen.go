package modelsel

import (
	"math"
	"slices"

	"github.com/kernelab/kernelab/klearn"
)

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
// λ) on splits by GridSearch, growing the grid where the choice sits at an
// edge. The best mean wins (the lowest with opts.Minimize), ties to the
// smallest value. While the best mean is attained only at the smallest
// (largest) value v, v/factor (v·factor) is added and scored on the same
// splits, at most widen times per side. A best mean shared with an interior
// value is a plateau, which a wider grid would only extend, so it is not
// widened. Scores already computed are kept. The result does not depend
// on opts.Workers. Errors: an empty grid, a value or factor that is not
// finite and > 0 (factor > 1), widen < 0 (ErrParam), and those of eval
// and GridSearch.
func WidenedSearch(grid []float64, factor float64, widen int, splits []Split, eval func(float64, Split) (float64, error), opts SearchOptions) (*Widened, error) {
	if len(grid) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "modelsel: WidenedSearch with an empty grid")
	}
	if !(factor > 1) || math.IsInf(factor, 0) || widen < 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "modelsel: WidenedSearch factor %v, widen %d: want a finite factor > 1 and widen ≥ 0", factor, widen)
	}
	for _, v := range grid {
		if !(v > 0) || math.IsInf(v, 0) {
			return nil, klearn.Errorf(klearn.ErrParam, "modelsel: WidenedSearch grid value %v, want finite and > 0", v)
		}
	}
	const tie = 1e-12
	g := slices.Clone(grid)
	slices.Sort(g)
	g = slices.Compact(g)
	mean := map[float64]float64{}
	todo := g
	low, high := 0, 0
	for {
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
		sign := 1.0
		if opts.Minimize {
			sign = -1
		}
		best := math.Inf(-1)
		for _, v := range g {
			best = math.Max(best, sign*mean[v])
		}
		var top []int // the positions attaining the best mean, ascending
		for i, v := range g {
			if sign*mean[v] >= best-tie {
				top = append(top, i)
			}
		}
		last := len(g) - 1
		atLow := len(top) == 1 && top[0] == 0
		atHigh := len(top) == 1 && top[0] == last && last > 0
		switch {
		case atLow && low < widen:
			low++
			g = append([]float64{g[0] / factor}, g...)
			todo = g[:1]
		case atHigh && high < widen:
			high++
			g = append(g, g[last]*factor)
			todo = g[last+1:]
		default:
			out := &Widened{Best: g[top[0]], Grid: g, AtEdge: atLow || atHigh, Means: make([]float64, len(g))}
			for i, v := range g {
				out.Means[i] = mean[v]
			}
			return out, nil
		}
	}
}
