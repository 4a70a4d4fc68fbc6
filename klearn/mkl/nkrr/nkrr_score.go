package nkrr

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/preprocess"
)

// Grid returns copies of r, one per (λ, Λ) pair, λ varying slowest: the
// candidates for selecting λ and Λ by cross-validation as in Section 4 of
// Cortes et al. (2009), e.g. with modelsel.GridSearch scoring each by
// ScoreFeatures (Minimize: the scores are RMSEs). An empty radii list keeps r.Radius (e.g. 0 for the
// uniform baselines, where only λ is selected).
func (r Regressor) Grid(lambdas, radii []float64) []Regressor {
	if len(radii) == 0 {
		radii = []float64{r.Radius}
	}
	out := make([]Regressor, 0, len(lambdas)*len(radii))
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
// which cover all n points) and returns the RMSE on its test side: the
// evaluation a cross-validated search of λ and Λ calls per candidate and
// split (nkrr itself runs no search). The
// targets are centred with the training mean, which is added back to the
// predictions (KRR of Eq. (9) has no bias).
func (r Regressor) ScoreGrams(Ks []*mat.SymDense, y []float64, s klearn.Split) (float64, error) {
	if err := s.Check(len(y)); err != nil {
		return 0, fmt.Errorf("nkrr: ScoreGrams: %w", err)
	}
	for k, K := range Ks {
		if K == nil || K.SymmetricDim() != len(y) {
			return 0, klearn.Errorf(klearn.ErrShape, "nkrr: ScoreGrams: Ks[%d] is nil or not %d×%d", k, len(y), len(y))
		}
	}
	yc, mean, err := nkCentered(y, s.Train)
	if err != nil {
		return 0, fmt.Errorf("nkrr: ScoreGrams: %w", err)
	}
	Ktr, err := kernel.SubGrams(Ks, s.Train)
	if err != nil {
		return 0, fmt.Errorf("nkrr: ScoreGrams: %w", err)
	}
	Kte, err := kernel.CrossGrams(Ks, s.Test, s.Train)
	if err != nil {
		return 0, fmt.Errorf("nkrr: ScoreGrams: %w", err)
	}
	m, err := r.FitGrams(Ktr, yc)
	if err != nil {
		return 0, err
	}
	pred, err := m.PredictGrams(Kte)
	if err != nil {
		return 0, err
	}
	return nkRmse(pred, y, s.Test, mean), nil
}

// ScoreFeatures is ScoreGrams for the feature-product base kernels of the
// columns of X (n×p), fitted with Fit.
func (r Regressor) ScoreFeatures(X mat.Matrix, y []float64, s klearn.Split) (float64, error) {
	score, _, err := r.FitScoreFeatures(X, y, s)
	return score, err
}

// FitScoreFeatures is ScoreFeatures that also returns the fitted model
// (its weights, steps and evaluations).
func (r Regressor) FitScoreFeatures(X mat.Matrix, y []float64, s klearn.Split) (float64, *Model, error) {
	if _, _, err := klearn.CheckXY(X, y); err != nil {
		return 0, nil, fmt.Errorf("nkrr: ScoreFeatures: %w", err)
	}
	if err := s.Check(len(y)); err != nil {
		return 0, nil, fmt.Errorf("nkrr: ScoreFeatures: %w", err)
	}
	yc, mean, err := nkCentered(y, s.Train)
	if err != nil {
		return 0, nil, fmt.Errorf("nkrr: ScoreFeatures: %w", err)
	}
	Xtr, err := klearn.Rows(X, s.Train)
	if err != nil {
		return 0, nil, fmt.Errorf("nkrr: ScoreFeatures: %w", err)
	}
	Xte, err := klearn.Rows(X, s.Test)
	if err != nil {
		return 0, nil, fmt.Errorf("nkrr: ScoreFeatures: %w", err)
	}
	m, err := r.Fit(Xtr, yc)
	if err != nil {
		return 0, nil, err
	}
	pred, err := m.Predict(Xte)
	if err != nil {
		return 0, nil, err
	}
	return nkRmse(pred, y, s.Test, mean), m, nil
}

// nkCentered returns y[idx] centred and its mean.
func nkCentered(y []float64, idx []int) ([]float64, float64, error) {
	ytr, err := klearn.Take(y, idx)
	if err != nil {
		return nil, 0, err
	}
	return preprocess.CenterLabels(ytr)
}

func nkRmse(pred, y []float64, idx []int, mean float64) float64 {
	var s float64
	for a, i := range idx {
		d := pred[a] + mean - y[i]
		s += d * d
	}
	return math.Sqrt(s / float64(len(idx)))
}
