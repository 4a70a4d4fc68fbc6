package protocol

import (
	"maps"
	"slices"
	"sync"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/modelsel"
)

// selectPath scores (λ, Λ) grids of one estimator on fixed CV folds by
// modelsel.PathSearch, keeping every fit: a grid point scored once is
// never fitted again, and a new point starts from the weights μ of its
// nearest fitted neighbour on the Λ grid at the same λ and fold (a warm
// start along the Λ path; nkrr.Regressor.Init, mapped into M_q by
// Algorithm 1's normalisation). Warm and cold starts reach the same CV
// RMSE to 0.1 %, or the warm start the lower objective F
// (TestSelectPathWarmCold).
type selectPath struct {
	est   nkrr.Regressor
	F     mat.Matrix
	y     []float64
	folds []modelsel.Split
	// fits[f] holds fold f's fits by λ, then by Λ; mu[f] guards it.
	fits []map[float64]map[float64]pathFit
	mu   []sync.Mutex
}

// pathFit is one fitted grid point: its CV score, learned weights,
// objective F(μ), accepted steps and whether Algorithm 1 stopped at its
// step cap before its test ‖μ'−μ‖ < ε (Status other than opt.Success).
type pathFit struct {
	score, f float64
	w        []float64
	steps    int
	capped   bool
	// cold: started from μ_init (the first fit of its path), not from a
	// neighbour's weights.
	cold bool
}

func newSelectPath(est nkrr.Regressor, F mat.Matrix, y []float64, folds []modelsel.Split) (*selectPath, error) {
	if len(folds) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "cortes2009: model selection without folds")
	}
	p := &selectPath{est: est, F: F, y: y, folds: folds,
		fits: make([]map[float64]map[float64]pathFit, len(folds)), mu: make([]sync.Mutex, len(folds))}
	for f := range p.fits {
		p.fits[f] = map[float64]map[float64]pathFit{}
	}
	return p, nil
}

// search scores the grid lams × rads (λ varying slowest, both sorted
// ascending) on every fold, as modelsel.GridSearch would over
// est.Grid(lams, rads): the same candidates, order and tie rule.
func (p *selectPath) search(lams, rads []float64) (*modelsel.SearchResult[nkrr.Regressor], error) {
	return modelsel.PathSearch(p.est.Grid(lams, rads), p.folds, func(cands []nkrr.Regressor, s modelsel.Split) ([]float64, error) {
		// PathSearch passes the fold, not its index: find it by content
		// (equal folds share one entry, serialised by its lock).
		f := slices.IndexFunc(p.folds, func(g modelsel.Split) bool {
			return slices.Equal(g.Test, s.Test) && slices.Equal(g.Train, s.Train)
		})
		p.mu[f].Lock()
		defer p.mu[f].Unlock()
		for _, l := range lams {
			if err := p.fitPath(f, l, rads); err != nil {
				return nil, err
			}
		}
		out := make([]float64, len(cands))
		for i, c := range cands {
			out[i] = p.fits[f][c.Lambda][c.Radius].score
		}
		return out, nil
	}, modelsel.SearchOptions{Minimize: true})
}

// fitPath fits the radii of rads not yet fitted on fold f at λ = l: those
// below the smallest fitted radius in descending order, then the others in
// ascending order, each from the weights of the nearest fitted radius on
// the side it comes from (the first of an empty path from μ_init).
func (p *selectPath) fitPath(f int, l float64, rads []float64) error {
	done := p.fits[f][l]
	if done == nil {
		done = map[float64]pathFit{}
		p.fits[f][l] = done
	}
	var below, rest []float64
	lo := -1.0
	for r := range done {
		if lo < 0 || r < lo {
			lo = r
		}
	}
	for _, r := range rads {
		if _, ok := done[r]; ok {
			continue
		}
		if lo >= 0 && r < lo {
			below = append(below, r)
		} else {
			rest = append(rest, r)
		}
	}
	slices.Reverse(below)
	for _, r := range slices.Concat(below, rest) {
		c := p.est
		c.Lambda, c.Radius, c.Init = l, r, nil
		if from, ok := nearest(done, r); ok {
			c.Init = done[from].w
		}
		score, m, err := c.FitScoreFeatures(p.F, p.y, p.folds[f])
		if err != nil {
			return err
		}
		st := StatusOf(m)
		done[r] = pathFit{score: score, f: m.F, w: m.Weights(), steps: st.Steps, capped: !st.Converged, cold: c.Init == nil}
	}
	return nil
}

// nearest returns the fitted radius closest to r in ratio (the grids are
// geometric), the smaller one on a tie.
func nearest(done map[float64]pathFit, r float64) (float64, bool) {
	best, ok := 0.0, false
	dist := func(a float64) float64 { return max(a/r, r/a) }
	for a := range done {
		if a <= 0 {
			continue
		}
		if !ok || dist(a) < dist(best) || (dist(a) == dist(best) && a < best) {
			best, ok = a, true
		}
	}
	return best, ok
}

// capped reports whether the fit of grid point (l, r) stopped at
// Algorithm 1's step cap on any fold: its mean CV RMSE is not that of
// minimisers of F (Eq. (10)), and Select leaves the point out of the
// choice. A point not fitted is not capped.
func (p *selectPath) capped(l, r float64) bool {
	for f := range p.fits {
		if p.fits[f][l][r].capped {
			return true
		}
	}
	return false
}

// count counts every fit made so far, on every fold and grid point (the
// points added by widening included), and those stopped at the cap; steps
// lists the accepted steps of each of those fits by λ (Choice.Steps), the
// cold-started ones apart too, in an order that does not depend on map
// iteration: λ ascending, each list ascending.
func (p *selectPath) count() (c Fits, steps []StepsAt) {
	byL, cold := map[float64][]int{}, map[float64][]int{}
	for f := range p.fits {
		for l, byR := range p.fits[f] {
			for _, pf := range byR {
				c.N++
				if pf.capped {
					c.Capped++
				}
				byL[l] = append(byL[l], pf.steps)
				if pf.cold {
					cold[l] = append(cold[l], pf.steps)
				}
			}
		}
	}
	for _, l := range slices.Sorted(maps.Keys(byL)) {
		slices.Sort(byL[l])
		slices.Sort(cold[l])
		steps = append(steps, StepsAt{Lambda: l, Steps: byL[l], Cold: cold[l]})
	}
	return c, steps
}
