package protocol

import (
	"errors"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/opt"
)

// selectionCase is a small noisy two-class problem in [0, 1]² (the
// second coordinate decides the class, 20 % of labels flipped) and three
// RBF Grams of it.
func selectionCase(t *testing.T) (*mat.Dense, []float64, []*mat.SymDense) {
	t.Helper()
	r := klearn.NewRand(3)
	const m = 36
	X := mat.NewDense(m, 2, nil)
	y := make([]float64, m)
	for i := range m {
		X.Set(i, 0, r.Float64())
		X.Set(i, 1, r.Float64())
		y[i] = 1
		if X.At(i, 1) < 0.5 {
			y[i] = -1
		}
		if r.Float64() < 0.2 {
			y[i] = -y[i]
		}
	}
	var Ks []*mat.SymDense
	for _, g := range []float64{0.5, 4, 30} {
		K, err := kernel.Gram(kernel.RBF{Gamma: g}, X)
		if err != nil {
			t.Fatal(err)
		}
		Ks = append(Ks, K)
	}
	return X, y, Ks
}

// The C of SimpleMKL and the (C, ε) of [TK] chosen by k-fold CV on a
// small case, for two C grids (one not sorted: [TK]'s path runs in
// ascending C, ties go to grid order) and six fold seeds, are those the
// hand-written searches chose at 23a94c8, before they became
// modelsel.PathSearch.
func TestSelectionUnchanged(t *testing.T) {
	X, y, Ks := selectionCase(t)
	sorted, unsorted := []float64{0.01, 0.1, 1, 10, 100}, []float64{100, 0.1, 3, 0.01, 1}
	for _, w := range []struct {
		grid         []float64
		seed         uint64
		C, tkC, tkEp float64
	}{
		{sorted, 1, 1, 1, 0.3}, {sorted, 2, 1, 1, 0.3}, {sorted, 3, 1, 1, 0},
		{sorted, 4, 1, 1, 0.3}, {sorted, 5, 1, 1, 0}, {sorted, 6, 1, 1, 0.3},
		{unsorted, 1, 3, 3, 0.3}, {unsorted, 2, 1, 1, 0.3}, {unsorted, 3, 1, 1, 0},
		{unsorted, 4, 1, 1, 0.3}, {unsorted, 5, 1, 1, 0}, {unsorted, 6, 1, 1, 0.3},
	} {
		cfg := Config{Folds: 3, CGrid: w.grid, SimpleMKLIter: 30, TKTol: 1e-4, TKMaxIter: 40}
		C, _, err := simpleMKLSelect(Ks, y, cfg, w.seed)
		if err != nil {
			t.Fatal(err)
		}
		cv, err := tkSelect(X, y, 1, []float64{0.3, 0, 0.1}, cfg, w.seed)
		if err != nil {
			t.Fatal(err)
		}
		tc, te := cv.C, cv.Eps
		t.Logf("grid %v seed %d: %d of %d certified", w.grid, w.seed, cv.Certified, cv.Candidates)
		if C != w.C || tc != w.tkC || te != w.tkEp {
			t.Errorf("grid %v, seed %d: SimpleMKL C %g, [TK] (C, ε) (%g, %g); want %g, (%g, %g)", w.grid, w.seed, C, tc, te, w.C, w.tkC, w.tkEp)
		}
	}
}

// TestTKSelectCertifiedOnly: with a step cap that leaves fits uncertified,
// tkSelect chooses what a brute-force search over every (ε, C) and fold
// chooses when a pair competes only if its fit, and every fit before it on
// the ascending C path, certified the gap on every fold (here the best
// mean accuracy of all pairs is an uncertified one's); it counts the
// certified pairs; and with a cap no fit meets it returns ErrNotConverged.
func TestTKSelectCertifiedOnly(t *testing.T) {
	X, y, _ := selectionCase(t)
	grid, eg := []float64{0.01, 0.1, 1, 10, 100}, []float64{0.3, 0, 0.1}
	cfg := Config{Folds: 3, CGrid: grid, TKTol: 1e-4, TKMaxIter: 5}
	const seed = 5
	cv, err := tkSelect(X, y, 1, eg, cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	folds, err := modelsel.KFold(len(y), cfg.Folds, seed)
	if err != nil {
		t.Fatal(err)
	}
	nc := len(grid)
	sum := make([]float64, len(eg)*nc)
	ok := make([]bool, len(eg)*nc)
	for i := range ok {
		ok[i] = true
	}
	for _, f := range folds {
		Xf, _ := klearn.Rows(X, f.Train)
		yf, _ := klearn.Take(y, f.Train)
		Xt, _ := klearn.Rows(X, f.Test)
		yt, _ := klearn.Take(y, f.Test)
		for ei, e := range eg {
			ms, err := tkLearner(1, 0, e, cfg).FitPath(Xf, yf, grid)
			if err != nil {
				t.Fatal(err)
			}
			reached := true
			for k, m := range ms {
				reached = reached && m.Status() == opt.Success
				if !reached {
					ok[ei*nc+k] = false
				}
				pred, err := m.Predict(Xt)
				if err != nil {
					t.Fatal(err)
				}
				sum[ei*nc+k] += Accuracy(yt, pred)
			}
		}
	}
	best, bestAll, n := bestCertified(sum, ok)
	if n == 0 || best == bestAll {
		t.Fatalf("%d of %d pairs certified at %d steps, the best certified one the best of all: the case does not test the rule", n, len(sum), cfg.TKMaxIter)
	}
	if cv.Candidates != len(sum) || cv.Certified != n {
		t.Errorf("tkSelect counts %d of %d pairs certified, brute force %d of %d", cv.Certified, cv.Candidates, n, len(sum))
	}
	if C, e := grid[best%nc], eg[best/nc]; cv.C != C || cv.Eps != e {
		t.Errorf("tkSelect chose (C, ε) = (%g, %g), brute force (%g, %g)", cv.C, cv.Eps, C, e)
	}
	cfg.TKMaxIter = 1
	if _, err := tkSelect(X, y, 1, eg, cfg, seed); !errors.Is(err, klearn.ErrNotConverged) {
		t.Errorf("no fit certified: %v, want ErrNotConverged", err)
	}
}

// TestSimpleMKLSelectCertifiedOnly: at a step cap that leaves some SimpleMKL
// fits short of opt.Success (one step: on this case C = 1 is then
// uncertified and has the best mean accuracy of all), simpleMKLSelect
// chooses what a brute-force search over every C and fold chooses when a C
// competes only if its fit (warm-started along the grid, as the search
// does) stopped at opt.Success on every fold; it counts the certified C;
// and on a grid of the uncertified C alone it returns ErrNotConverged.
func TestSimpleMKLSelectCertifiedOnly(t *testing.T) {
	_, y, Ks := selectionCase(t)
	grid := []float64{0.01, 0.1, 1, 10, 100, 1000}
	const seed = 1
	cfg := Config{Folds: 3, CGrid: grid, SimpleMKLIter: 1}
	folds, err := modelsel.KFold(len(y), cfg.Folds, seed)
	if err != nil {
		t.Fatal(err)
	}
	sum := make([]float64, len(grid))
	ok := make([]bool, len(grid))
	for i := range ok {
		ok[i] = true
	}
	for _, f := range folds {
		Kf, _ := kernel.SubGrams(Ks, f.Train)
		yf, _ := klearn.Take(y, f.Train)
		Kt, _ := kernel.CrossGrams(Ks, f.Test, f.Train)
		yt, _ := klearn.Take(y, f.Test)
		var init []float64
		for ci, C := range grid {
			m, err := simpleMKLLearner(C, init, cfg).FitGrams(Kf, yf)
			if err != nil {
				t.Fatal(err)
			}
			init = m.Weights()
			ok[ci] = ok[ci] && m.Status == opt.Success
			pred, err := m.PredictGrams(Kt)
			if err != nil {
				t.Fatal(err)
			}
			sum[ci] += Accuracy(yt, pred)
		}
	}
	best, bestAll, n := bestCertified(sum, ok)
	var bad []float64
	for i := range sum {
		if !ok[i] {
			bad = append(bad, grid[i])
		}
	}
	if n == 0 || best == bestAll {
		t.Fatalf("%d of %d C certified at %d step, the best certified one the best of all: the case does not test the rule", n, len(grid), cfg.SimpleMKLIter)
	}
	C, cert, err := simpleMKLSelect(Ks, y, cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	if cert.Candidates != len(grid) || cert.Certified != n {
		t.Errorf("simpleMKLSelect counts %d of %d C certified, brute force %d of %d", cert.Certified, cert.Candidates, n, len(grid))
	}
	if C != grid[best] {
		t.Errorf("simpleMKLSelect chose C = %g, brute force %g (the best of all, uncertified: %g)", C, grid[best], grid[bestAll])
	}
	cfg.CGrid = bad
	if _, _, err := simpleMKLSelect(Ks, y, cfg, seed); !errors.Is(err, klearn.ErrNotConverged) {
		t.Errorf("only uncertified C %v: %v, want ErrNotConverged", bad, err)
	}
}

// bestCertified is the brute-force choice the selection tests compare
// with: the index of the best total accuracy among the certified
// candidates (ok; the first on a tie, -1 when none), that of the best of
// all, and the number certified.
func bestCertified(sum []float64, ok []bool) (best, bestAll, n int) {
	best = -1
	for i := range sum {
		if sum[i] > sum[bestAll] {
			bestAll = i
		}
		if !ok[i] {
			continue
		}
		n++
		if best < 0 || sum[i] > sum[best] {
			best = i
		}
	}
	return best, bestAll, n
}
