package modelsel_test

import (
	"errors"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/krr"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/modelsel"
)

// TestPathSearch: kernel ridge regression along a grid of λ, each split's
// path in one call, gives the same SearchResult as GridSearch scoring each
// (λ, split) apart, for 1 and 3 workers; the path sees the candidates in
// the order given; a failing or short path, a NaN score and bad arguments
// are errors.
func TestPathSearch(t *testing.T) {
	const n = 30
	X := mat.NewDense(n, 1, nil)
	y := make([]float64, n)
	for i := range y {
		x := 6 * float64(i) / n
		X.Set(i, 0, x)
		y[i] = math.Sin(x) + 0.1*math.Cos(7*x)
	}
	K, err := kernel.Gram(kernel.RBF{Gamma: 1}, X)
	if err != nil {
		t.Fatal(err)
	}
	splits, err := modelsel.KFold(n, 5, 3)
	if err != nil {
		t.Fatal(err)
	}
	lambdas := []float64{10, 1e-3, 0.1, 1, 1e-2}
	score := func(l float64, s modelsel.Split) (float64, error) {
		Ktr, _ := kernel.SubGram(K, s.Train)
		Kte, _ := kernel.CrossGram(K, s.Test, s.Train)
		ytr, _ := klearn.Take(y, s.Train)
		yte, _ := klearn.Take(y, s.Test)
		m, err := krr.Regressor{Lambda: l}.FitGram(Ktr, ytr)
		if err != nil {
			return 0, err
		}
		p, err := m.PredictGram(Kte)
		if err != nil {
			return 0, err
		}
		return metrics.RMSE(yte, p)
	}
	path := func(ls []float64, s modelsel.Split) ([]float64, error) {
		if !slices.Equal(ls, lambdas) {
			t.Errorf("path saw %v, want the candidates in their order", ls)
		}
		out := make([]float64, len(ls))
		for i, l := range ls {
			var err error
			if out[i], err = score(l, s); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	opts := modelsel.SearchOptions{Minimize: true}
	want, err := modelsel.GridSearch(lambdas, splits, score, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{1, 3} {
		opts.Workers = w
		got, err := modelsel.PathSearch(lambdas, splits, path, opts)
		if err != nil {
			t.Fatal(err)
		}
		if got.Best != want.Best {
			t.Errorf("workers %d: best %d, GridSearch %d", w, got.Best, want.Best)
		}
		for c := range lambdas {
			if !slices.Equal(got.Candidates[c].Scores, want.Candidates[c].Scores) || got.Candidates[c].Mean != want.Candidates[c].Mean {
				t.Errorf("workers %d, λ = %g: %v, GridSearch %v", w, lambdas[c], got.Candidates[c].Scores, want.Candidates[c].Scores)
			}
		}
	}
	fail := func(ls []float64, s modelsel.Split) ([]float64, error) { return nil, klearn.ErrSingular }
	if _, err := modelsel.PathSearch(lambdas, splits, fail, opts); !errors.Is(err, klearn.ErrSingular) {
		t.Errorf("failing path: %v", err)
	}
	short := func(ls []float64, s modelsel.Split) ([]float64, error) { return []float64{1}, nil }
	if _, err := modelsel.PathSearch(lambdas, splits, short, opts); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("short path: %v", err)
	}
	nanAt2 := func(ls []float64, s modelsel.Split) ([]float64, error) {
		v := []float64{5, 4, 3, 2, 1}
		v[2] = math.NaN()
		return v, nil
	}
	if r, err := modelsel.PathSearch(lambdas, splits, nanAt2, opts); err != nil || r.Best != 4 || !errors.Is(r.Candidates[2].Err, klearn.ErrNotFinite) {
		t.Errorf("a NaN score: best %v, %v", r, err)
	}
	if _, err := modelsel.PathSearch(nil, splits, path, opts); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("no candidates: %v", err)
	}
	if _, err := modelsel.PathSearch(lambdas, splits, nil, opts); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("nil path: %v", err)
	}
}
