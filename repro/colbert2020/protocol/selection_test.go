package protocol

import (
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
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
		C, err := simpleMKLSelect(Ks, y, cfg, w.seed)
		if err != nil {
			t.Fatal(err)
		}
		tc, te, err := tkSelect(X, y, 1, []float64{0.3, 0, 0.1}, cfg, w.seed)
		if err != nil {
			t.Fatal(err)
		}
		if C != w.C || tc != w.tkC || te != w.tkEp {
			t.Errorf("grid %v, seed %d: SimpleMKL C %g, [TK] (C, ε) (%g, %g); want %g, (%g, %g)", w.grid, w.seed, C, tc, te, w.C, w.tkC, w.tkEp)
		}
	}
}
