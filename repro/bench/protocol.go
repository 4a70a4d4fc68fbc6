package bench

import (
	"fmt"
	"math"
	"sync"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/preprocess"
)

// Cell is one method on one split of one data set: test accuracy and AUC,
// the seconds of the final fit (on the whole training part, the chosen
// candidate), of the prediction on the test part and of the inner
// cross-validation that chose the candidate, and the candidate chosen.
// Skip says why the method did not run ("" when it ran): a declared limit
// (Method.Limit) or the error a learner returned.
type Cell struct {
	Set, Method string
	Split       int
	Acc, AUC    float64
	FitSec      float64
	PredictSec  float64
	SelectSec   float64
	Chosen      string
	Skip        string
	// Fits counts the fits behind the cell (every candidate on every inner
	// fold, and the final fit); Capped those that stopped at a solver cap
	// (Method.Caps) instead of on their convergence test. A cell with
	// Capped > 0 rests on unfinished solves: its accuracy is not the
	// method's converged result, and the tables say so. FinalCapped
	// reports the final fit among them.
	Fits, Capped int
	FinalCapped  bool
}

// prepare drops the columns that are constant on the training rows and
// standardises the rest with the training mean and standard deviation
// (preprocess.Standardizer), the same map applied to the test rows: the one
// preprocessing of every method, fitted on each training part.
func prepare(Xtr, Xte *mat.Dense) (*mat.Dense, *mat.Dense, error) {
	n, d := Xtr.Dims()
	var keep []int
	for j := 0; j < d; j++ {
		for i := 1; i < n; i++ {
			if Xtr.At(i, j) != Xtr.At(0, j) {
				keep = append(keep, j)
				break
			}
		}
	}
	if len(keep) == 0 {
		return nil, nil, klearn.Errorf(klearn.ErrParam, "bench: every feature is constant on the %d training rows", n)
	}
	cols := func(X *mat.Dense) *mat.Dense {
		r, _ := X.Dims()
		out := mat.NewDense(r, len(keep), nil)
		for i := 0; i < r; i++ {
			for k, j := range keep {
				out.Set(i, k, X.At(i, j))
			}
		}
		return out
	}
	tr, te := cols(Xtr), cols(Xte)
	t, err := preprocess.Standardizer{}.Fit(tr)
	if err != nil {
		return nil, nil, err
	}
	if tr, err = t.Transform(tr); err != nil {
		return nil, nil, err
	}
	if te, err = t.Transform(te); err != nil {
		return nil, nil, err
	}
	return tr, te, nil
}

// part returns the rows idx of X and y.
func part(X *mat.Dense, y []float64, idx []int) (*mat.Dense, []float64, error) {
	Xp, err := klearn.Rows(X, idx)
	if err != nil {
		return nil, nil, err
	}
	yp, err := klearn.Take(y, idx)
	return Xp, yp, err
}

// innerAccuracy fits candidate p on the inner training rows of the outer
// training part (X, y), each fold preprocessed on its own training rows,
// and returns the accuracy on the held-out fold and whether the fit
// stopped at a solver cap.
func innerAccuracy(m Method, p modelsel.Params, X *mat.Dense, y []float64, s modelsel.Split, seed uint64) (float64, bool, error) {
	Xa, ya, err := part(X, y, s.Train)
	if err != nil {
		return 0, false, err
	}
	Xb, yb, err := part(X, y, s.Test)
	if err != nil {
		return 0, false, err
	}
	if Xa, Xb, err = prepare(Xa, Xb); err != nil {
		return 0, false, err
	}
	f, capped, err := m.fit(p, Xa, ya, seed)
	if err != nil {
		return 0, false, err
	}
	sc, err := f(Xb)
	if err != nil {
		return 0, false, err
	}
	acc, err := metrics.Accuracy(yb, signs(sc))
	return acc, capped, err
}

// chooseCertified returns the index of the candidate with the best mean
// inner accuracy among those without an error whose every inner fit
// converged (capped[k] = 0; ties: the first), the project's rule that a
// choice is made among certified fits only. When no candidate qualifies it
// returns the search's own choice over all candidates: the cell then
// counts the capped fits behind it.
func chooseCertified(res *modelsel.SearchResult[modelsel.Params], capped []int) int {
	best := -1
	for k, c := range res.Candidates {
		if c.Err == nil && capped[k] == 0 && (best < 0 || c.Mean > res.Candidates[best].Mean) {
			best = k
		}
	}
	if best < 0 {
		return res.Best
	}
	return best
}

// signs maps decision values to ±1 labels (0 goes to +1).
func signs(f []float64) []float64 {
	out := make([]float64, len(f))
	for i, v := range f {
		out[i] = 1
		if v < 0 {
			out[i] = -1
		}
	}
	return out
}

// runCell runs method m on split s of data (already subsampled): the
// candidate with the best mean accuracy over cfg.Folds stratified inner
// folds of the training part (ties: the first) among the candidates whose
// inner fits all converged (chooseCertified), refitted on the whole
// training part, scored on the test part. The fits that stopped at a
// solver cap are counted in the cell (Fits, Capped). A learner's error is
// recorded as the cell's Skip, never dropped.
func runCell(m Method, data loaded, s modelsel.Split, cfg Config, seed uint64) (Cell, error) {
	Xtr, ytr, err := part(data.X, data.Y, s.Train)
	if err != nil {
		return Cell{}, err
	}
	Xte, yte, err := part(data.X, data.Y, s.Test)
	if err != nil {
		return Cell{}, err
	}
	PXtr, PXte, err := prepare(Xtr, Xte)
	if err != nil {
		return Cell{}, err
	}
	var c Cell
	_, d := PXtr.Dims()
	if why := m.Limit(len(ytr), d); why != "" {
		c.Skip = why
		return c, nil
	}
	inner, err := modelsel.StratifiedKFold(ytr, cfg.Folds, seed)
	if err != nil {
		return Cell{}, err
	}
	cands := m.Candidates(d)
	index := make(map[string]int, len(cands))
	for k, p := range cands {
		index[paramString(p)] = k
	}
	capped := make([]int, len(cands))
	var mu sync.Mutex
	t0 := time.Now()
	res, err := modelsel.GridSearch(cands, inner, func(p modelsel.Params, sp modelsel.Split) (float64, error) {
		acc, cp, err := innerAccuracy(m, p, Xtr, ytr, sp, seed)
		mu.Lock()
		defer mu.Unlock()
		if err == nil {
			c.Fits++
			if cp {
				c.Capped++
				capped[index[paramString(p)]]++
			}
		}
		return acc, err
	}, modelsel.SearchOptions{Workers: 1})
	c.SelectSec = time.Since(t0).Seconds()
	if err != nil {
		c.Skip = fmt.Sprintf("failed: every candidate: %v", err)
		return c, nil
	}
	best := res.Candidates[chooseCertified(res, capped)].Params
	c.Chosen = paramString(best)
	t0 = time.Now()
	f, fcapped, err := m.fit(best, PXtr, ytr, seed)
	c.FitSec = time.Since(t0).Seconds()
	if err != nil {
		c.Skip = fmt.Sprintf("failed: final fit: %v", err)
		return c, nil
	}
	c.Fits++
	if fcapped {
		c.Capped++
		c.FinalCapped = true
	}
	t0 = time.Now()
	sc, err := f(PXte)
	c.PredictSec = time.Since(t0).Seconds()
	if err != nil {
		c.Skip = fmt.Sprintf("failed: prediction: %v", err)
		return c, nil
	}
	for _, v := range sc {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			c.Skip = "failed: non-finite decision values"
			return c, nil
		}
	}
	if c.Acc, err = metrics.Accuracy(yte, signs(sc)); err != nil {
		return Cell{}, err
	}
	if c.AUC, err = metrics.AUC(yte, sc); err != nil {
		return Cell{}, err
	}
	return c, nil
}

// splits returns the cfg.Reps stratified 70/30 splits of data shared by all
// methods.
func splits(data loaded, cfg Config) ([]modelsel.Split, error) {
	return modelsel.StratifiedRepeatedSplits(data.Y, cfg.Reps, cfg.TestFrac, cfg.Seed)
}
