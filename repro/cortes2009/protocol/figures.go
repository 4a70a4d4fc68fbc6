package protocol

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/preprocess"
)

// Figure2Methods are the curves of Figure 2: the uniformly weighted
// quadratic combination and the ℓ1- and ℓ2-learned ones (μ0 = 1, the
// paper's step rule). The constant feature is part of the bigram features
// (Section 4.2 adds one), so no method appends another.
func Figure2Methods(maxIter int) []Method {
	var out []Method
	for _, m := range Methods(maxIter) {
		switch m.Name {
		case "quad. base", "quad. ℓ1", "quad. ℓ2":
			m.Offset = false
			out = append(out, m)
		}
	}
	return out
}

var tokenRE = regexp.MustCompile(`[a-z0-9']+`)

// BigramFeatures returns the raw counts of the n bigrams with the highest
// document frequency in docs (ties by the bigram's text; lower-cased word
// tokens) and a last constant column of ones: one base kernel per column,
// the product of counts (Section 4.2; no centring, the counts stay sparse).
func BigramFeatures(docs []string, n int) (*mat.Dense, error) {
	if len(docs) == 0 || n < 1 {
		return nil, klearn.Errorf(klearn.ErrParam, "cortes2009: bigram features of %d documents, %d bigrams", len(docs), n)
	}
	counts := make([]map[string]float64, len(docs))
	df := map[string]int{}
	for i, d := range docs {
		w := tokenRE.FindAllString(strings.ToLower(d), -1)
		counts[i] = map[string]float64{}
		for t := 0; t+1 < len(w); t++ {
			counts[i][w[t]+" "+w[t+1]]++
		}
		for b := range counts[i] {
			df[b]++
		}
	}
	vocab := make([]string, 0, len(df))
	for b := range df {
		vocab = append(vocab, b)
	}
	sort.Slice(vocab, func(a, b int) bool {
		if df[vocab[a]] != df[vocab[b]] {
			return df[vocab[a]] > df[vocab[b]]
		}
		return vocab[a] < vocab[b]
	})
	vocab = vocab[:min(n, len(vocab))]
	X := mat.NewDense(len(docs), len(vocab)+1, nil)
	for i := range docs {
		for k, b := range vocab {
			X.Set(i, k, counts[i][b])
		}
		X.Set(i, len(vocab), 1)
	}
	return X, nil
}

// balancedSample draws perClass documents of each label, in index order.
func balancedSample(y []float64, perClass int, seed uint64) ([]int, error) {
	rng := klearn.NewRand(seed)
	var pos, neg []int
	for _, i := range rng.Perm(len(y)) {
		if y[i] > 0 && len(pos) < perClass {
			pos = append(pos, i)
		} else if y[i] <= 0 && len(neg) < perClass {
			neg = append(neg, i)
		}
	}
	if len(pos) < perClass || len(neg) < perClass {
		return nil, klearn.Errorf(klearn.ErrParam, "cortes2009: %d reviews per class requested, %d and %d available", perClass, len(pos), len(neg))
	}
	idx := append(pos, neg...)
	sort.Ints(idx)
	return idx, nil
}

// Figure2Point is Figure 2 at one number of bigrams: Scores[m][s] is the
// test RMSE of method m (Figure2Methods) on split s, Final[m][s] the
// status of that fit (Algorithm 1's steps, converged or capped),
// Choices[m] its selection (with its CV fits, Choice.CV), Constant[s] the
// RMSE of the training-label mean.
type Figure2Point struct {
	Scores   [][]float64
	Final    [][]Fit
	Choices  []Choice
	Constant []float64
}

// Figure2At runs Figure 2 at nb bigrams on the amazon-reviews substitute: a
// balanced sample of cfg.Fig2PerClass reviews per class, cfg.Fig2Splits
// random 50/50 splits; λ and Λ chosen once, by cfg.Folds-fold CV on the
// first split's training half (the paper: by 10-fold CV on 1,000 points,
// then 20 splits of the 2,000). Labels are centred with the training mean,
// added back.
func Figure2At(cfg Config, nb int) (*Figure2Point, error) {
	docs, yAll, err := datasets.LoadText("amazon-reviews")
	if err != nil {
		return nil, err
	}
	idx, err := balancedSample(yAll, cfg.Fig2PerClass, cfg.Seed)
	if err != nil {
		return nil, err
	}
	sample := make([]string, len(idx))
	for a, i := range idx {
		sample[a] = docs[i]
	}
	y, err := klearn.Take(yAll, idx)
	if err != nil {
		return nil, err
	}
	c := cfg
	c.Splits = cfg.Fig2Splits
	if len(cfg.Fig2Lambdas) > 0 {
		c.Lambdas = cfg.Fig2Lambdas
	}
	outer, inner, err := Splits(len(y), c)
	if err != nil {
		return nil, err
	}
	X, err := BigramFeatures(sample, nb)
	if err != nil {
		return nil, err
	}
	pt := &Figure2Point{}
	for _, sp := range outer {
		ytr, err := klearn.Take(y, sp.Train)
		if err != nil {
			return nil, err
		}
		yte, err := klearn.Take(y, sp.Test)
		if err != nil {
			return nil, err
		}
		_, mean, err := preprocess.CenterLabels(ytr)
		if err != nil {
			return nil, err
		}
		c, err := metrics.RMSE(yte, constant(len(sp.Test), mean))
		if err != nil {
			return nil, err
		}
		pt.Constant = append(pt.Constant, c)
	}
	for _, m := range Figure2Methods(cfg.MaxIter) {
		best, ch, err := Select(m, X, y, inner[0], c)
		if err != nil {
			return nil, fmt.Errorf("cortes2009: Figure 2, %d bigrams: %w", nb, err)
		}
		var scores []float64
		var final []Fit
		for _, sp := range outer {
			s, fit, err := fitScore(best, X, y, sp)
			if err != nil {
				return nil, fmt.Errorf("cortes2009: Figure 2, %d bigrams, %s: %w", nb, m.Name, err)
			}
			scores = append(scores, s)
			final = append(final, StatusOf(fit))
		}
		pt.Scores = append(pt.Scores, scores)
		pt.Final = append(pt.Final, final)
		pt.Choices = append(pt.Choices, ch)
	}
	return pt, nil
}

// Figure3Data names the two substitutes of kin-8nm (Delve, 8192 × 8): kin32fm
// (Delve kin-32fm, 4096 × 32, the same robot-arm simulator, fairly linear)
// and Friedman #1 (10 inputs, 2000 points, nonlinear).
var Figure3Data = []string{"kin32fm", "friedman1"}

// Figure3Point is Figure 3 at one subsampling factor: Uniform[d-1][r] and
// Learned[d-1][r] are the test RMSEs of degree d in repetition r; N and P
// the shape of the data set. For the ℓ2-learned kernel (Algorithm 1),
// CV[d-1][r] counts the CV fits that chose its λ and Λ (Choice.CV) and
// Final[d-1][r] is the status of the fit scored; the un-weighted kernel
// runs no Algorithm 1.
type Figure3Point struct {
	N, P             int
	Uniform, Learned [][]float64
	CV               [][]Fits
	Final            [][]Fit
}

// Figure3At runs Figure 3 on data (one of Figure3Data) at factor f: a 50/50
// split into a training pool and a test set; the pool is subsampled to
// |pool|/f points cfg.Fig3Reps times (the paper does not say how often);
// features scaled to [0, 1] and centred on the subsample with a constant
// feature appended (the lower-order terms of Table 1), targets centred; for
// d = 1…4, un-weighted KRR with (Σ_k x_k x'_k)^d against ℓ2-learned weights
// (μ0 = 1), λ and Λ by cfg.Folds-fold CV on the subsample.
func Figure3At(data string, f int, cfg Config) (*Figure3Point, error) {
	var X *mat.Dense
	var y []float64
	switch data {
	case "kin32fm":
		d, err := datasets.Load("kin32fm")
		if err != nil {
			return nil, err
		}
		X, y = d.X, d.Y
	case "friedman1":
		d, err := datasets.Friedman1(2000, 1, cfg.Seed)
		if err != nil {
			return nil, err
		}
		X, y = d.X, d.Y
	default:
		return nil, klearn.Errorf(klearn.ErrParam, "cortes2009: Figure 3 data %q, want one of %v", data, Figure3Data)
	}
	n, p := X.Dims()
	if cfg.Fig3Reps < 1 || f < 1 {
		return nil, klearn.Errorf(klearn.ErrParam, "cortes2009: Figure 3 with %d repetitions at factor %d", cfg.Fig3Reps, f)
	}
	sps, err := modelsel.RepeatedSplits(n, 1, 0.5, cfg.Seed)
	if err != nil {
		return nil, err
	}
	pool, test := sps[0].Train, sps[0].Test
	m := len(pool) / f
	if m < 2*cfg.Folds {
		return nil, klearn.Errorf(klearn.ErrParam, "cortes2009: Figure 3: factor %d leaves %d training points for %d folds", f, m, cfg.Folds)
	}
	pt := &Figure3Point{N: n, P: p, Uniform: make([][]float64, 4), Learned: make([][]float64, 4), CV: make([][]Fits, 4), Final: make([][]Fit, 4)}
	rng := klearn.NewRand(cfg.Seed + uint64(f))
	for r := 0; r < cfg.Fig3Reps; r++ {
		perm := rng.Perm(len(pool))
		tr := make([]int, m)
		for i := range tr {
			tr[i] = pool[perm[i]]
		}
		sort.Ints(tr)
		Z, err := preprocess.ScaleCenter(X, tr)
		if err != nil {
			return nil, err
		}
		F := WithOffset(Z)
		folds, err := modelsel.KFold(m, cfg.Folds, cfg.Seed+uint64(100*f+r))
		if err != nil {
			return nil, err
		}
		inner, err := modelsel.Within(tr, folds)
		if err != nil {
			return nil, err
		}
		split := modelsel.Split{Train: tr, Test: test}
		for d := 1; d <= 4; d++ {
			for _, lrn := range []bool{false, true} {
				meth := Method{Name: fmt.Sprintf("d=%d", d), Est: nkrr.Regressor{Degree: d}}
				if lrn {
					meth = Method{Name: fmt.Sprintf("d=%d ℓ2", d), Est: learner(d, nkrr.L2, cfg.MaxIter), Learned: true}
				}
				best, ch, err := Select(meth, F, y, inner, cfg)
				if err != nil {
					return nil, fmt.Errorf("cortes2009: Figure 3 %s f=%d: %w", data, f, err)
				}
				s, fit, err := fitScore(best, F, y, split)
				if err != nil {
					return nil, fmt.Errorf("cortes2009: Figure 3 %s f=%d %s: %w", data, f, meth.Name, err)
				}
				if lrn {
					pt.Learned[d-1] = append(pt.Learned[d-1], s)
					pt.CV[d-1] = append(pt.CV[d-1], ch.CV)
					pt.Final[d-1] = append(pt.Final[d-1], StatusOf(fit))
				} else {
					pt.Uniform[d-1] = append(pt.Uniform[d-1], s)
				}
			}
		}
	}
	return pt, nil
}

// fitScore fits est on the training rows of F with centred targets and
// returns the test RMSE (the training mean added back) and the fit.
func fitScore(est nkrr.Regressor, F mat.Matrix, y []float64, sp modelsel.Split) (float64, *nkrr.Model, error) {
	return est.FitScoreFeatures(F, y, sp)
}

// constant returns n copies of v.
func constant(n int, v float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = v
	}
	return out
}
