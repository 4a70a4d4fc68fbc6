package modelsel

import (
	"fmt"
	"math"

	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
)

// PathSearch is GridSearch for a learner fitted along a path of candidates:
// path fits every candidate on the training side of one split, in the
// order given, and returns their scores on its test side. Each fit may thus
// start from the previous one's solution (a warm start: SimpleMKL's
// weights along a grid of C, tk.Learner.FitPath). The splits run on
// opts.Workers goroutines. The scores are reduced as GridSearch reduces
// them (mean ± std per candidate, ties to the earliest), so the result does
// not depend on the number of workers. A split whose path fails, or
// returns another number of scores than candidates (ErrShape), gives every
// candidate that error. Errors: those of GridSearch.
func PathSearch[P any](candidates []P, splits []Split, path func(cands []P, s Split) ([]float64, error), opts SearchOptions) (*SearchResult[P], error) {
	if len(candidates) == 0 || len(splits) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "modelsel: PathSearch with %d candidates and %d splits", len(candidates), len(splits))
	}
	if path == nil {
		return nil, klearn.Errorf(klearn.ErrParam, "modelsel: PathSearch with a nil path")
	}
	nc, ns := len(candidates), len(splits)
	scores := make([]float64, nc*ns)
	errs := make([]error, nc*ns)
	panics := make([]any, ns)
	parallel.ForWorkers(opts.Workers, ns, func(_, s int) {
		defer func() {
			if p := recover(); p != nil {
				panics[s] = p
			}
		}()
		v, err := path(candidates, splits[s])
		if err == nil && len(v) != nc {
			err = klearn.Errorf(klearn.ErrShape, "modelsel: path of split %d returned %d scores for %d candidates", s, len(v), nc)
		}
		for c := 0; c < nc; c++ {
			e := err
			if e == nil && (math.IsNaN(v[c]) || math.IsInf(v[c], 0)) {
				e = klearn.Errorf(klearn.ErrNotFinite, "modelsel: candidate %d split %d scored %v", c, s, v[c])
			}
			if e == nil {
				scores[c*ns+s] = v[c]
			}
			errs[c*ns+s] = e
		}
	})
	for s, p := range panics {
		if p != nil {
			panic(fmt.Sprintf("modelsel: path panicked on split %d: %v", s, p))
		}
	}
	return reduce(candidates, ns, scores, errs, opts)
}
