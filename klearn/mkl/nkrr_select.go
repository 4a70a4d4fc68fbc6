package mkl

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/preprocess"
)

// Grid returns copies of r, one per (λ, Λ) pair, λ varying slowest: the
// candidates for selecting λ and Λ by cross-validation as in Section 4 of
// Cortes et al. (2009). An empty radii list keeps r.Radius (e.g. 0 for the
// uniform baselines, where only λ is selected).
func (r NKRR) Grid(lambdas, radii []float64) []NKRR {
	if len(radii) == 0 {
		radii = []float64{r.Radius}
	}
	out := make([]NKRR, 0, len(lambdas)*len(radii))
	for _, l := range lambdas {
		for _, R := range radii {
			c := r
			c.Lambda, c.Radius = l, R
			out = append(out, c)
		}
	}
	return out
}

// ScoreGrams fits r on the training side of s (base kernels sliced from Ks,
// which cover all n points) and returns the RMSE on its test side. The
// targets are centred with the training mean, which is added back to the
// predictions (KRR of Eq. (9) has no bias).
func (r NKRR) ScoreGrams(Ks []*mat.SymDense, y []float64, s modelsel.Split) (float64, error) {
	yc, mean := nkCentered(y, s.Train)
	m, err := r.FitGrams(modelsel.SubGrams(Ks, s.Train), yc)
	if err != nil {
		return 0, err
	}
	pred, err := m.PredictGrams(modelsel.CrossGrams(Ks, s.Test, s.Train))
	if err != nil {
		return 0, err
	}
	return nkRmse(pred, y, s.Test, mean), nil
}

// ScoreFeatures is ScoreGrams for the feature-product base kernels of the
// columns of X (n×p), fitted with FitFeatures.
func (r NKRR) ScoreFeatures(X mat.Matrix, y []float64, s modelsel.Split) (float64, error) {
	yc, mean := nkCentered(y, s.Train)
	m, err := r.FitFeatures(modelsel.Rows(X, s.Train), yc)
	if err != nil {
		return 0, err
	}
	pred, err := m.Predict(modelsel.Rows(X, s.Test))
	if err != nil {
		return 0, err
	}
	return nkRmse(pred, y, s.Test, mean), nil
}

// SelectGrams scores every candidate on every split with ScoreGrams (in
// parallel, deterministically) and returns the candidate with the lowest
// mean RMSE together with the whole search.
func SelectGrams(cands []NKRR, Ks []*mat.SymDense, y []float64, folds []modelsel.Split) (NKRR, *modelsel.SearchResult[NKRR], error) {
	if _, err := newGramBases(Ks, len(y)); err != nil {
		return NKRR{}, nil, err
	}
	return selectBest(cands, folds, func(c NKRR, s modelsel.Split) (float64, error) { return c.ScoreGrams(Ks, y, s) })
}

// SelectFeatures is SelectGrams with ScoreFeatures.
func SelectFeatures(cands []NKRR, X mat.Matrix, y []float64, folds []modelsel.Split) (NKRR, *modelsel.SearchResult[NKRR], error) {
	if _, _, err := klearn.CheckXY(X, y); err != nil {
		return NKRR{}, nil, err
	}
	return selectBest(cands, folds, func(c NKRR, s modelsel.Split) (float64, error) { return c.ScoreFeatures(X, y, s) })
}

func selectBest(cands []NKRR, folds []modelsel.Split, score func(NKRR, modelsel.Split) (float64, error)) (NKRR, *modelsel.SearchResult[NKRR], error) {
	res, err := modelsel.GridSearch(cands, folds, score, modelsel.SearchOptions{Minimize: true})
	if err != nil {
		return NKRR{}, res, err
	}
	return res.BestParams(), res, nil
}

func nkCentered(y []float64, idx []int) ([]float64, float64) {
	var mean float64
	for _, i := range idx {
		mean += y[i]
	}
	mean /= float64(len(idx))
	out := make([]float64, len(idx))
	for a, i := range idx {
		out[a] = y[i] - mean
	}
	return out, mean
}

func nkRmse(pred, y []float64, idx []int, mean float64) float64 {
	var s float64
	for a, i := range idx {
		d := pred[a] + mean - y[i]
		s += d * d
	}
	return math.Sqrt(s / float64(len(idx)))
}

// ScaleCenter applies the UCI preprocessing of Section 4.1 of Cortes et al.
// (2009) with the statistics of the training rows only: every feature is scaled to [0, 1] (min–max) and then centred. It
// returns the transformed copy of all rows of X.
func ScaleCenter(X mat.Matrix, train []int) (*mat.Dense, error) {
	if _, _, err := klearn.CheckMatrix("mkl: X", X); err != nil {
		return nil, err
	}
	Xtr := modelsel.Rows(X, train)
	mm, err := preprocess.MinMax{}.Fit(Xtr)
	if err != nil {
		return nil, err
	}
	Z, err := mm.Transform(X)
	if err != nil {
		return nil, err
	}
	Ztr, err := mm.Transform(Xtr)
	if err != nil {
		return nil, err
	}
	c, err := preprocess.Centerer{}.Fit(Ztr)
	if err != nil {
		return nil, err
	}
	return c.Transform(Z)
}
