package protocol

import (
	"fmt"
	"strings"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"gonum.org/v1/gonum/mat"
)

// Curve problems: Figure 7(a) (Liver), Figure 7(b) (the spiral) and
// Figure 5 (the spiral with additive noise).
const (
	CurveLiver       = "liver"
	CurveSpiral      = "spiral"
	CurveNoisySpiral = "noisy spiral"
)

// CurveProblems are the three learning-curve problems, in the order
// Figure 7(a), Figure 7(b), Figure 5.
var CurveProblems = []string{CurveLiver, CurveSpiral, CurveNoisySpiral}

// NoiseSigma is the standard deviation of Figure 5's additive noise, σ = .1
// as printed, on the scale of Lang & Witbrock's spiral, whose arms are 1
// apart.
const NoiseSigma = 0.1

// Curve is one learning curve: per training size and repetition, the
// test accuracy (%) of [TK] and of [SimpleMKL].
type Curve struct {
	Problem       string
	Sizes         []int
	TK, SimpleMKL [][]float64
	// Majority is, per size and repetition, the test accuracy (%) of
	// predicting the training set's majority class: the level a method
	// that learns nothing reaches.
	Majority [][]float64
	// Test is the number of test points of each repetition.
	Test int
	// TKCert and SimpleMKLCert are, per size and repetition, the
	// certification of the [TK] point (tkColumn) and of the [SimpleMKL]
	// point (simpleMKL).
	TKCert        [][]Cert `json:",omitempty"`
	SimpleMKLCert [][]Cert `json:",omitempty"`
}

// curveData returns the training pool and test set of repetition rep:
// for Liver a random 80/20 split (the pool is the 80 %); for the spirals
// a pool of max(sizes) points and 1000 fresh test points of the same
// generator (scaled to [0, 1]², with noise for the noisy spiral).
func curveData(problem string, pool int, rep int, seed uint64) (Xp, Xt *mat.Dense, yp, yt []float64, err error) {
	s := seed + 7919*uint64(rep+1)
	switch problem {
	case CurveLiver:
		data, err := Load(DataSets[0])
		if err != nil {
			return nil, nil, nil, nil, err
		}
		n, _ := data.X.Dims()
		sp, err := modelsel.RepeatedSplits(n, 1, 0.2, s)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		return cut(data, sp[0])
	case CurveSpiral, CurveNoisySpiral:
		sigma := 0.0
		if problem == CurveNoisySpiral {
			sigma = NoiseSigma
		}
		Xp, yp, err := scaledSpiral(pool, sigma, s)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		Xt, yt, err := scaledSpiral(1000, sigma, s+1)
		if err != nil {
			return nil, nil, nil, nil, err
		}
		return Xp, Xt, yp, yt, nil
	}
	return nil, nil, nil, nil, klearn.Errorf(klearn.ErrParam, "colbert2020: learning-curve problem %q, want %s", problem, strings.Join(CurveProblems, ", "))
}

// scaledSpiral is spiral's n points with noise σ (on Lang & Witbrock's
// scale) mapped from the noise-free square [−6.5, 6.5]² onto [0, 1]² by
// one fixed map, so that training and test sets share it.
func scaledSpiral(n int, sigma float64, seed uint64) (*mat.Dense, []float64, error) {
	X, y, err := spiral(n, sigma, seed)
	if err != nil {
		return nil, nil, err
	}
	for i := 0; i < n; i++ {
		for j := 0; j < 2; j++ {
			X.Set(i, j, (X.At(i, j)+6.5)/13)
		}
	}
	return X, y, nil
}

// RunCurve computes one learning curve: for each repetition a training
// pool and a test set (curveData), and for each size n the first n rows
// of a random permutation of the pool as the training set of [TK] and
// [SimpleMKL]. Each point selects its hyper-parameters by cfg.Folds-fold
// CV on its training set, as Table 1 does ("for all numerical tests",
// Section 8): [TK] of degree 1 over cfg's C grid and EpsGrid (tkColumn),
// [SimpleMKL] on the standard library over cfg.CGrid (simpleMKL); cfg.Seed
// fixes the data, permutations and folds.
func RunCurve(problem string, sizes []int, reps int, cfg Config) (*Curve, error) {
	seed := cfg.Seed
	if len(sizes) == 0 || reps < 1 {
		return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: learning curve with %d sizes and %d repetitions", len(sizes), reps)
	}
	pool := 0
	for _, n := range sizes {
		if n < 10 {
			return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: learning-curve size %d, want ≥ 10", n)
		}
		pool = max(pool, n)
	}
	c := &Curve{Problem: problem, Sizes: sizes, TK: make([][]float64, len(sizes)), SimpleMKL: make([][]float64, len(sizes)), Majority: make([][]float64, len(sizes)), TKCert: make([][]Cert, len(sizes)), SimpleMKLCert: make([][]Cert, len(sizes))}
	for rep := 0; rep < reps; rep++ {
		Xp, Xt, yp, yt, err := curveData(problem, pool, rep, seed)
		if err != nil {
			return nil, err
		}
		np, _ := Xp.Dims()
		c.Test = len(yt)
		perm := klearn.NewRand(seed + uint64(rep) + 17).Perm(np)
		for k, n := range sizes {
			if n > np {
				return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: %s: training size %d > %d available", problem, n, np)
			}
			idx := perm[:n]
			X, err := klearn.Rows(Xp, idx)
			if err != nil {
				return nil, err
			}
			y, err := klearn.Take(yp, idx)
			if err != nil {
				return nil, err
			}
			at, as, err := curvePoint(X, Xt, y, yt, cfg, seed+uint64(1000*rep+k))
			if err != nil {
				return nil, fmt.Errorf("colbert2020: %s, m = %d, repetition %d: %w", problem, n, rep, err)
			}
			c.TK[k], c.SimpleMKL[k] = append(c.TK[k], at.Acc), append(c.SimpleMKL[k], as.Acc)
			c.TKCert[k], c.SimpleMKLCert[k] = append(c.TKCert[k], *at.TK), append(c.SimpleMKLCert[k], *as.MKL)
			c.Majority[k] = append(c.Majority[k], majorityAccuracy(y, yt))
		}
	}
	return c, nil
}

// majorityAccuracy is the accuracy (%) on the ±1 labels yt of predicting
// the majority class of the ±1 labels y (+1 on a tie).
func majorityAccuracy(y, yt []float64) float64 {
	sum := 0.0
	for _, v := range y {
		sum += v
	}
	guess := 1.0
	if sum < 0 {
		guess = -1
	}
	hit := 0
	for _, v := range yt {
		if v == guess {
			hit++
		}
	}
	return 100 * float64(hit) / float64(len(yt))
}

// curvePoint fits [TK] and [SimpleMKL] on (X, y), each with its
// hyper-parameters chosen by CV on (X, y) under fold seed seed, and returns
// the column results of [TK] and [SimpleMKL] (test accuracy on (Xt, yt)
// and certification).
func curvePoint(X, Xt *mat.Dense, y, yt []float64, cfg Config, seed uint64) (tkr, mkl MethodResult, err error) {
	tkr, err = tkColumn(X, Xt, y, yt, 1, cfg.EpsGrid, cfg, seed)
	if err != nil {
		return tkr, mkl, err
	}
	var lib gramLibrary
	if err := standardLibrary(X, Xt, UnitTrace, &lib); err != nil {
		return tkr, mkl, err
	}
	mkl, err = simpleMKL(&lib, y, yt, cfg, seed)
	return tkr, mkl, err
}
