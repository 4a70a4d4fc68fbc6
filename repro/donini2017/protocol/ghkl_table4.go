package protocol

import (
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl/ghkl"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/preprocess"
)

// GHKLOptions configures GHKLNestedAUC. Zero fields take the protocol of
// Donini & Aiolli (2017, §5.7).
type GHKLOptions struct {
	// Cs is the grid of C; default {10^i : i = −3, …, 3}.
	Cs []float64
	// OuterFolds (default 10) and InnerFolds (default 3) are the numbers of
	// stratified folds of the outer AUC estimate and of the inner selection of C.
	OuterFolds, InnerFolds int
	// MaxOuter, if > 0, evaluates only the first MaxOuter outer folds (a
	// quick mode for notebooks; the mean is then over those folds).
	MaxOuter int
	// Seed seeds the outer folds; inner folds of outer fold f use Seed+1+f.
	Seed uint64
	// Workers is the number of goroutines of the inner grid search
	// (modelsel.SearchOptions.Workers; the result does not depend on it).
	Workers int
	// Model is the template estimator; its Rho and C are overwritten.
	Model ghkl.Classifier
	// Widen, if > 0, lets the grid of an outer fold grow by up to Widen
	// decades on each side: while the best inner AUC is attained only at
	// the smallest (largest) C of the fold's grid, C/10 (10·C) is added and
	// scored on the same inner folds (the scores already computed are
	// kept), so that no selection rests at a grid edge unless the budget is
	// spent (GHKLResult.AtEdge). A best AUC shared with an interior C (a
	// plateau) is not widened. The widening follows the best of all values;
	// the choice among the certified ones (certifiedBest) may then lie
	// at an edge, which AtEdge reports.
	Widen int
}

// GHKLResult is the outcome of GHKLNestedAUC.
type GHKLResult struct {
	Dataset string
	Rho     float64
	Scores  []float64 // outer-fold test AUCs
	// Mean and Std summarise Scores (metrics.MeanStd).
	Mean, Std float64
	BestC     []float64 // C selected in each outer fold
	// Grid is the C grid of each outer fold after widening (sorted), and
	// AtEdge reports a fold whose best inner AUC is still attained only at
	// the smallest or the largest C of its grid.
	Grid   [][]float64
	AtEdge []bool
	// Uncert[f] is the number of gHKL fits not certified (not at
	// opt.Success, ghkl.Model.Status: MaxActive or MaxIter stopped the
	// active-set loop first) that outer fold f's AUC rests on: the final fit
	// at the selected C and, when no C of the fold's grid had all its inner
	// fits certified (the choice then falls back to all values), every inner
	// fit not certified. Excluded[f] is the number of values of C left out
	// of fold f's choice because an inner fit at it was not certified
	// (certifiedBest). Fits counts every gHKL fit of the protocol, inner
	// ones included, and Uncertified those not certified.
	Uncert      []int
	Excluded    []int
	Fits        int
	Uncertified int
	Elapsed     time.Duration
}

// GHKLNestedAUC runs the gHKL_ρ protocol of Table 4 of Donini & Aiolli
// (2017, §5.7) on a klearn/datasets data set: stratified 10-fold CV of the
// ROC AUC (metrics.AUC), with C chosen in {10^i : i = −3..3} by stratified
// 3-fold CV on each outer training set (highest mean AUC among the values
// of C whose inner fits were all certified, certifiedBest; ties to the
// smallest C; the grid widened at an edge by modelsel.WidenedSearch if
// GHKLOptions.Widen > 0), the rule by which K_MKL's inner CVs choose v. The
// outer folds run in order and each inner search in parallel, so the
// result is identical for any number of workers. Features are standardised with the statistics of each
// training set (preprocess.Standardizer) before the per-feature Gaussian
// base kernels of ghkl.Classifier are applied; labels come from datasets.Binary (the
// second class is positive).
func GHKLNestedAUC(name string, rho float64, o GHKLOptions) (*GHKLResult, error) {
	start := time.Now()
	X, y, err := datasets.LoadBinary(name)
	if err != nil {
		return nil, err
	}
	if o.Cs == nil {
		o.Cs = []float64{1e-3, 1e-2, 1e-1, 1, 10, 100, 1000}
	}
	if o.OuterFolds == 0 {
		o.OuterFolds = 10
	}
	if o.InnerFolds == 0 {
		o.InnerFolds = 3
	}
	if o.MaxOuter < 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "donini2017: GHKLNestedAUC: MaxOuter = %d", o.MaxOuter)
	}
	outer, err := modelsel.StratifiedKFold(y, o.OuterFolds, o.Seed)
	if err != nil {
		return nil, err
	}
	if o.MaxOuter > 0 && o.MaxOuter < len(outer) {
		outer = outer[:o.MaxOuter]
	}
	if o.Widen < 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "donini2017: GHKLNestedAUC: Widen = %d", o.Widen)
	}
	for _, c := range o.Cs {
		if !(c > 0) || math.IsInf(c, 0) {
			return nil, klearn.Errorf(klearn.ErrParam, "donini2017: GHKLNestedAUC: C = %v", c)
		}
	}
	tmpl := o.Model
	tmpl.Rho = rho
	var fits, uncert atomic.Int64 // of the current outer fold's search
	var mu sync.Mutex
	var bad map[float64]bool // the values of C with an inner fit not certified
	fit := func(c float64, s modelsel.Split) (float64, opt.Status, error) {
		g := tmpl
		g.C = c
		v, st, err := ghklSplitAUC(g, X, y, s)
		if err == nil {
			fits.Add(1)
			if st != opt.Success {
				uncert.Add(1)
			}
		}
		return v, st, err
	}
	innerFit := func(c float64, s modelsel.Split) (float64, error) {
		v, st, err := fit(c, s)
		if err == nil && st != opt.Success {
			mu.Lock()
			bad[c] = true
			mu.Unlock()
		}
		return v, err
	}
	out := &GHKLResult{Dataset: name, Rho: rho}
	for f, sp := range outer {
		ytr, err := klearn.Take(y, sp.Train)
		if err != nil {
			return nil, fmt.Errorf("donini2017: GHKLNestedAUC: outer fold %d: %w", f, err)
		}
		in, err := modelsel.StratifiedKFold(ytr, o.InnerFolds, o.Seed+1+uint64(f))
		if err != nil {
			return nil, fmt.Errorf("donini2017: GHKLNestedAUC: inner splits of outer fold %d: %w", f, err)
		}
		inner, err := modelsel.Within(sp.Train, in)
		if err != nil {
			return nil, fmt.Errorf("donini2017: GHKLNestedAUC: outer fold %d: %w", f, err)
		}
		fits.Store(0)
		uncert.Store(0)
		bad = map[float64]bool{}
		w, err := modelsel.WidenedSearch(o.Cs, 10, o.Widen, inner, innerFit, modelsel.SearchOptions{Workers: o.Workers})
		if err != nil {
			return nil, fmt.Errorf("donini2017: GHKLNestedAUC: outer fold %d: %w", f, err)
		}
		ch := certifiedBest(w.Grid, w.Means, bad)
		u := 0 // the inner fits not certified the choice rests on
		if ch.fallback {
			u = int(uncert.Load())
		}
		v, st, err := fit(ch.c, sp)
		if err != nil {
			return nil, fmt.Errorf("donini2017: GHKLNestedAUC: outer fold %d: %w", f, err)
		}
		if st != opt.Success {
			u++
		}
		out.Uncert = append(out.Uncert, u)
		out.Excluded = append(out.Excluded, ch.excluded)
		out.Fits += int(fits.Load())
		out.Uncertified += int(uncert.Load())
		out.Scores = append(out.Scores, v)
		out.BestC = append(out.BestC, ch.c)
		out.Grid = append(out.Grid, w.Grid)
		out.AtEdge = append(out.AtEdge, ch.atEdge)
	}
	if out.Mean, out.Std, err = metrics.MeanStd(out.Scores); err != nil {
		return nil, fmt.Errorf("donini2017: GHKLNestedAUC: %w", err)
	}
	out.Elapsed = time.Since(start)
	return out, nil
}

// choice is certifiedBest's outcome for one outer fold.
type choice struct {
	c        float64 // the selected C
	excluded int     // values of C left out (an inner fit not certified)
	fallback bool    // no value was certified: all competed
	atEdge   bool    // c is an end of the grid, its mean above its neighbour's
}

// certifiedBest chooses C on an outer fold's final grid (ascending) from
// the mean inner AUCs: the highest mean among the values not in bad (those
// with an inner fit not certified), ties (to 1e-12, modelsel's) to the
// smallest C; if every value is in bad, among all of them. The choice is at
// an edge when it is the smallest or largest C of the grid and its mean
// exceeds that of the next value inwards (a shared best is a plateau, as
// in modelsel.WidenedSearch).
func certifiedBest(grid, means []float64, bad map[float64]bool) choice {
	ch := choice{excluded: len(bad), fallback: len(bad) == len(grid)}
	if ch.fallback {
		ch.excluded = 0
	}
	best := -1
	for i, m := range means {
		if (bad[grid[i]] && !ch.fallback) || (best >= 0 && m <= means[best]+1e-12) {
			continue
		}
		best = i
	}
	ch.c = grid[best]
	last := len(grid) - 1
	switch {
	case last == 0:
	case best == 0:
		ch.atEdge = means[0] > means[1]+1e-12
	case best == last:
		ch.atEdge = means[last] > means[last-1]+1e-12
	}
	return ch
}

// ghklSplitAUC standardises on s.Train, fits g and returns the test AUC
// and the fit's status (ghkl.Model.Status).
func ghklSplitAUC(g ghkl.Classifier, X mat.Matrix, y []float64, s modelsel.Split) (float64, opt.Status, error) {
	Xtr, err := klearn.Rows(X, s.Train)
	if err != nil {
		return 0, 0, err
	}
	Xte, err := klearn.Rows(X, s.Test)
	if err != nil {
		return 0, 0, err
	}
	ytr, err := klearn.Take(y, s.Train)
	if err != nil {
		return 0, 0, err
	}
	yte, err := klearn.Take(y, s.Test)
	if err != nil {
		return 0, 0, err
	}
	tr, err := preprocess.Standardizer{}.Fit(Xtr)
	if err != nil {
		return 0, 0, err
	}
	if Xtr, err = tr.Transform(Xtr); err != nil {
		return 0, 0, err
	}
	if Xte, err = tr.Transform(Xte); err != nil {
		return 0, 0, err
	}
	m, err := g.Fit(Xtr, ytr)
	if err != nil {
		return 0, 0, err
	}
	f, err := m.Decision(Xte)
	if err != nil {
		return 0, 0, err
	}
	auc, err := metrics.AUC(yte, f)
	return auc, m.Status(), err
}
