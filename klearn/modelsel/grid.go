package modelsel

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/metrics"
)

// Params is one point of a named hyper-parameter grid, e.g. {"C": 10, "gamma": 0.1}.
type Params map[string]float64

// String prints the parameters in sorted key order, e.g. "C=10 gamma=0.1".
func (p Params) String() string {
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%s=%g", k, p[k])
	}
	return b.String()
}

// Grid returns the Cartesian product of the axes as a list of Params, in a
// fixed order: keys sorted, the last key varying fastest. An axis with no
// values gives an empty grid. Errors: a NaN value (ErrNotFinite), and a
// product too large to hold (ErrParam, with the memory it would take).
func Grid(axes map[string][]float64) ([]Params, error) {
	keys := make([]string, 0, len(axes))
	sizes := make([]int, 0, len(axes))
	for k, vs := range axes {
		keys = append(keys, k)
		sizes = append(sizes, len(vs))
		for _, v := range vs {
			if math.IsNaN(v) {
				return nil, klearn.Errorf(klearn.ErrNotFinite, "modelsel: Grid: axis %q has a NaN", k)
			}
		}
	}
	sort.Strings(keys)
	// Each candidate is a map of len(keys) entries: about 64 bytes a key.
	if err := klearn.CheckAlloc("modelsel: Grid: the Cartesian product", 64*(len(keys)+1), sizes...); err != nil {
		return nil, err
	}
	out := []Params{{}}
	for _, k := range keys {
		var next []Params
		for _, p := range out {
			for _, v := range axes[k] {
				q := make(Params, len(p)+1)
				for kk, vv := range p {
					q[kk] = vv
				}
				q[k] = v
				next = append(next, q)
			}
		}
		out = next
	}
	return out, nil
}

// SearchOptions configures GridSearch and NestedCV.
type SearchOptions struct {
	// Minimize selects the candidate with the lowest mean score (errors,
	// RMSE); by default the highest mean wins (accuracy, AUC).
	Minimize bool
	// Workers is the number of goroutines (default GOMAXPROCS). It never
	// changes the result.
	Workers int
}

// CandidateResult holds the scores of one candidate over the splits.
type CandidateResult[P any] struct {
	Index  int       // position in the candidate list
	Params P         // the candidate
	Scores []float64 // one score per split, in split order
	Mean   float64   // mean of Scores
	Std    float64   // sample standard deviation of Scores (metrics.MeanStd)
	Err    error     // the first error in split order, if any (Scores then incomplete)
}

// SearchResult is the outcome of GridSearch.
type SearchResult[P any] struct {
	Candidates []CandidateResult[P]
	// Best indexes the winning candidate: best mean among those without an
	// error; ties go to the earliest candidate.
	Best int
}

// BestParams returns the winning candidate.
func (r *SearchResult[P]) BestParams() P { return r.Candidates[r.Best].Params }

// GridSearch scores every candidate on every split with eval and returns the
// scores with their mean ± std per candidate.
//
// The len(candidates)·len(splits) calls run on opts.Workers goroutines. Each
// score lands at its own (candidate, split) slot and the reduction runs
// afterwards in index order, so the result is identical for any GOMAXPROCS
// and worker count provided eval is deterministic and safe for concurrent
// use (it must not mutate shared inputs; cut Gram matrices with SubGram and
// CrossGram, which copy). A candidate whose eval fails on some split keeps
// that error in its CandidateResult and cannot win; if every candidate
// fails, GridSearch returns the error of the first one. A panic inside eval
// is re-raised in the caller's goroutine.
//
// Errors: no candidates or no splits (ErrEmpty), a nil eval (ErrParam), a
// non-finite score (ErrNotFinite, recorded on the candidate).
func GridSearch[P any](candidates []P, splits []Split, eval func(c P, s Split) (float64, error), opts SearchOptions) (*SearchResult[P], error) {
	if len(candidates) == 0 || len(splits) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "modelsel: GridSearch with %d candidates and %d splits", len(candidates), len(splits))
	}
	if eval == nil {
		return nil, klearn.Errorf(klearn.ErrParam, "modelsel: GridSearch with a nil eval")
	}
	nc, ns := len(candidates), len(splits)
	scores := make([]float64, nc*ns)
	errs := make([]error, nc*ns)
	panics := make([]any, nc*ns)
	parallel.ForWorkers(opts.Workers, nc*ns, func(_, t int) {
		c, s := t/ns, t%ns
		defer func() {
			if p := recover(); p != nil {
				panics[t] = p
			}
		}()
		v, err := eval(candidates[c], splits[s])
		if err == nil && (math.IsNaN(v) || math.IsInf(v, 0)) {
			err = klearn.Errorf(klearn.ErrNotFinite, "modelsel: candidate %d split %d scored %v", c, s, v)
		}
		scores[t], errs[t] = v, err
	})
	for t, p := range panics {
		if p != nil {
			panic(fmt.Sprintf("modelsel: eval panicked on candidate %d, split %d: %v", t/ns, t%ns, p))
		}
	}
	return reduce(candidates, ns, scores, errs, opts)
}

// reduce turns the scores and errors of every (candidate, split) pair,
// candidate-major, into a SearchResult: per candidate its mean ± std or its
// first error in split order, and the best mean (ties to the earliest).
func reduce[P any](candidates []P, ns int, scores []float64, errs []error, opts SearchOptions) (*SearchResult[P], error) {
	nc := len(candidates)
	res := &SearchResult[P]{Candidates: make([]CandidateResult[P], nc), Best: -1}
	for c := 0; c < nc; c++ {
		cr := CandidateResult[P]{Index: c, Params: candidates[c], Scores: slices.Clone(scores[c*ns : (c+1)*ns])}
		for s := 0; s < ns; s++ {
			if errs[c*ns+s] != nil {
				cr.Err = fmt.Errorf("modelsel: candidate %d, split %d: %w", c, s, errs[c*ns+s])
				break
			}
		}
		if cr.Err == nil {
			if cr.Mean, cr.Std, cr.Err = metrics.MeanStd(cr.Scores); cr.Err != nil {
				cr.Err = fmt.Errorf("modelsel: candidate %d: %w", c, cr.Err)
			}
		}
		if cr.Err == nil {
			if res.Best < 0 || better(cr.Mean, res.Candidates[res.Best].Mean, opts.Minimize) {
				res.Best = c
			}
		} else {
			cr.Mean, cr.Std = math.NaN(), math.NaN()
		}
		res.Candidates[c] = cr
	}
	if res.Best < 0 {
		return res, res.Candidates[0].Err
	}
	return res, nil
}

func better(a, b float64, minimize bool) bool {
	if minimize {
		return a < b
	}
	return a > b
}

// OuterFold is one outer fold of nested cross-validation.
type OuterFold[P any] struct {
	Split  Split            // the outer split (global indices)
	Search *SearchResult[P] // the inner grid search on Split.Train
	Best   int              // index of the selected candidate
	Params P                // the selected candidate
	Score  float64          // eval(Params, Split): the outer test score
}

// NestedResult is the outcome of NestedCV: the outer scores and their mean ± std.
type NestedResult[P any] struct {
	Folds     []OuterFold[P]
	Scores    []float64 // outer test scores in fold order
	Mean, Std float64   // metrics.MeanStd(Scores)
}

// NestedCV runs nested cross-validation: for each outer split f, inner(
// outer[f].Train, f) returns inner splits in global indices (build them on
// Take(y, train) and map them back with Within), GridSearch selects a
// candidate on them, and eval(best, outer[f]) scores it on the outer test
// set. Donini & Aiolli's protocol is outer = StratifiedKFold(y, 10, seed) and inner =
// StratifiedKFold on each outer training set (Donini & Aiolli 2017, §5.1).
// The outer folds run in order and each inner search is parallel, so the
// result is identical for any GOMAXPROCS. An inner search that fails for
// every candidate, or an outer evaluation error, stops NestedCV with that
// error.
func NestedCV[P any](outer []Split, inner func(train []int, fold int) ([]Split, error), candidates []P, eval func(c P, s Split) (float64, error), opts SearchOptions) (*NestedResult[P], error) {
	if len(outer) == 0 || len(candidates) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "modelsel: NestedCV with %d outer splits and %d candidates", len(outer), len(candidates))
	}
	if inner == nil || eval == nil {
		return nil, klearn.Errorf(klearn.ErrParam, "modelsel: NestedCV with a nil inner or eval function")
	}
	res := &NestedResult[P]{}
	for f, os := range outer {
		in, err := inner(os.Train, f)
		if err != nil {
			return nil, fmt.Errorf("modelsel: inner splits of outer fold %d: %w", f, err)
		}
		sr, err := GridSearch(candidates, in, eval, opts)
		if err != nil {
			return nil, fmt.Errorf("modelsel: inner search of outer fold %d: %w", f, err)
		}
		best := sr.BestParams()
		v, err := eval(best, os)
		if err != nil {
			return nil, fmt.Errorf("modelsel: outer fold %d: %w", f, err)
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "modelsel: outer fold %d scored %v", f, v)
		}
		res.Folds = append(res.Folds, OuterFold[P]{Split: os, Search: sr, Best: sr.Best, Params: best, Score: v})
		res.Scores = append(res.Scores, v)
	}
	var err error
	if res.Mean, res.Std, err = metrics.MeanStd(res.Scores); err != nil {
		return nil, fmt.Errorf("modelsel: nested CV: %w", err)
	}
	return res, nil
}
