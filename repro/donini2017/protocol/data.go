package protocol

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/preprocess"
)

// Preprocessing names how the features are mapped to the unit ball.
const (
	// ZScore standardises every feature with the training statistics, then
	// scales every row to unit norm: the main run. The paper states only
	// "x_i ∈ R^m, ‖x_i‖_2 = 1" (Section 2); signed features are allowed,
	// so cosines can be negative and odd degrees map x and −x apart.
	ZScore = "zscore"
	// MinMax scales every feature to [0, 1] with the minimum and maximum of
	// the training rows (test values are clipped to [0, 1]), then every row
	// to unit norm: non-negative inputs, a labelled variant that the paper
	// does not state.
	MinMax = "minmax"
)

// loadBench returns the raw features and ±1 labels of a Table 2 task.
func loadBench(b Bench) (*mat.Dense, []float64, error) {
	d, err := datasets.Load(b.Load)
	if err != nil {
		return nil, nil, klearn.Errorf(err, "donini2017: %s", b.Name)
	}
	var y []float64
	if len(b.Pos) == 0 {
		y = datasets.Threshold(d.Y, b.Thresh)
	} else if y, err = datasets.Binary(d, b.Pos...); err != nil {
		return nil, nil, klearn.Errorf(err, "donini2017: %s", b.Name)
	}
	X := d.X
	if b.MaxN > 0 && b.MaxN < len(y) {
		idx := seq(b.MaxN)
		if X, err = klearn.Rows(X, idx); err != nil {
			return nil, nil, klearn.Errorf(err, "donini2017: %s", b.Name)
		}
		if y, err = klearn.Take(y, idx); err != nil {
			return nil, nil, klearn.Errorf(err, "donini2017: %s", b.Name)
		}
	}
	return X, y, nil
}

// loadNamed loads a Table 2 task by its paper name, keeping at most maxN
// rows (a seeded random subset, in the original order; 0 keeps all).
func loadNamed(name string, maxN int, seed uint64) (*mat.Dense, []float64, error) {
	b, ok := BenchByName(name)
	if !ok {
		return nil, nil, klearn.Errorf(klearn.ErrParam, "donini2017: unknown data set %q (want a Table 2 name)", name)
	}
	X, y, err := loadBench(b)
	if err != nil {
		return nil, nil, err
	}
	if n := len(y); maxN > 0 && n > maxN {
		idx := klearn.NewRand(seed).Perm(n)[:maxN]
		sort.Ints(idx)
		if X, err = klearn.Rows(X, idx); err != nil {
			return nil, nil, klearn.Errorf(err, "donini2017: %s", name)
		}
		if y, err = klearn.Take(y, idx); err != nil {
			return nil, nil, klearn.Errorf(err, "donini2017: %s", name)
		}
	}
	return X, y, nil
}

// Unit maps the rows of X to the unit sphere with the statistics of the
// rows train (nil: all rows): ZScore ("" too) or MinMax (see the constants), then
// each row divided by its Euclidean norm (a zero row stays zero). X is not
// modified.
func Unit(X mat.Matrix, train []int, prep string) (*mat.Dense, error) {
	n, _, err := klearn.CheckMatrix("donini2017: X", X)
	if err != nil {
		return nil, err
	}
	if train == nil {
		train = seq(n)
	}
	for _, i := range train {
		if i < 0 || i >= n {
			return nil, klearn.Errorf(klearn.ErrParam, "donini2017: training row %d out of range [0, %d)", i, n)
		}
	}
	Xtr, err := klearn.Rows(X, train)
	if err != nil {
		return nil, klearn.Errorf(err, "donini2017")
	}
	var t *preprocess.Transform
	switch prep {
	case ZScore, "":
		t, err = preprocess.Standardizer{}.Fit(Xtr)
	case MinMax:
		t, err = preprocess.MinMax{}.Fit(Xtr)
	default:
		return nil, klearn.Errorf(klearn.ErrParam, "donini2017: preprocessing %q, want %q or %q", prep, MinMax, ZScore)
	}
	if err != nil {
		return nil, klearn.Errorf(err, "donini2017")
	}
	Z, err := t.Transform(X)
	if err != nil {
		return nil, klearn.Errorf(err, "donini2017")
	}
	if prep == MinMax {
		raw := Z.RawMatrix()
		for i, v := range raw.Data {
			raw.Data[i] = math.Max(0, math.Min(1, v))
		}
	}
	return preprocess.UnitNorm(Z)
}

func seq(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
