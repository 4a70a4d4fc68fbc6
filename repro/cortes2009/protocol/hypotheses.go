package protocol

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/preprocess"
)

// Hypothesis is one preprocessing variant of Table 1's protocol and the
// uniform baselines it gives on one row: the test RMSE on each split (in
// split order) of lin. base, quad. base without the constant feature and
// quad. base with it ("+1", the main run's quadratic columns).
type Hypothesis struct {
	Name                       string
	LinBase, QuadBase, QuadOne []float64
}

// RowHypotheses are the variants run on one row of Table 1 (Row is the
// paper's name of the data set).
type RowHypotheses struct {
	Row  string
	Hyps []Hypothesis
}

// Hypotheses re-runs the uniform baselines of row i of Table 1 under
// preprocessing variants that could produce the paper's numbers where the
// main run misses them: the stated protocol (features scaled to [0, 1] and
// centred, labels centred), labels not centred (KRR without a bias),
// z-scored features, raw features. λ is chosen by CV in each split's
// training half as in RunSplit.
func Hypotheses(cfg Config, i int) (RowHypotheses, error) {
	out := RowHypotheses{Row: DataSets[i].Paper}
	d, err := Load(DataSets[i])
	if err != nil {
		return out, err
	}
	n, _ := d.X.Dims()
	outer, inner, err := Splits(n, cfg)
	if err != nil {
		return out, err
	}
	type variant struct {
		name     string
		features func(train []int) (*mat.Dense, error)
		centre   bool
	}
	scale := func(train []int) (*mat.Dense, error) { return preprocess.ScaleCenter(d.X, train) }
	vs := []variant{
		{"the stated protocol ([0, 1], centred; labels centred)", scale, true},
		{"labels not centred (no bias)", scale, false},
		{"z-scored features", func(train []int) (*mat.Dense, error) { return zscore(d.X, train) }, true},
		{"raw features, labels centred", func([]int) (*mat.Dense, error) { return mat.DenseCopyOf(d.X), nil }, true},
	}
	for _, v := range vs {
		h := Hypothesis{Name: v.name}
		for k, c := range []struct {
			deg int
			one bool
			dst *[]float64
		}{{1, false, &h.LinBase}, {2, false, &h.QuadBase}, {2, true, &h.QuadOne}} {
			m := Method{Name: v.name, Est: nkrr.Regressor{Degree: c.deg}}
			var es []float64
			for s, sp := range outer {
				F, err := v.features(sp.Train)
				if err != nil {
					return out, err
				}
				if c.one {
					F = WithOffset(F)
				}
				e, err := baselineRMSE(m, F, d.Y, sp, inner[s], v.centre, cfg)
				if err != nil {
					return out, fmt.Errorf("cortes2009: %s, %s, column %d, split %d: %w", DataSets[i].Name, v.name, k, s, err)
				}
				es = append(es, e)
			}
			*c.dst = es
		}
		out.Hyps = append(out.Hyps, h)
	}
	return out, nil
}

// baselineRMSE is the test RMSE on split sp of m with λ by CV on the folds
// of its training half, the labels centred on the training mean when
// centre is set.
func baselineRMSE(m Method, F *mat.Dense, y []float64, sp modelsel.Split, folds []modelsel.Split, centre bool, cfg Config) (float64, error) {
	best, _, err := Select(m, F, y, folds, cfg)
	if err != nil {
		return 0, err
	}
	if centre {
		e, _, err := fitScore(best, F, y, sp)
		return e, err
	}
	// Labels not centred: fitScore centres them, so fit and score here.
	ytr, err := klearn.Take(y, sp.Train)
	if err != nil {
		return 0, err
	}
	yte, err := klearn.Take(y, sp.Test)
	if err != nil {
		return 0, err
	}
	Ftr, err := klearn.Rows(F, sp.Train)
	if err != nil {
		return 0, err
	}
	Fte, err := klearn.Rows(F, sp.Test)
	if err != nil {
		return 0, err
	}
	fit, err := best.Fit(Ftr, ytr)
	if err != nil {
		return 0, err
	}
	pred, err := fit.Predict(Fte)
	if err != nil {
		return 0, err
	}
	return metrics.RMSE(yte, pred)
}

// zscore returns X with every feature centred and divided by its standard
// deviation on the training rows (preprocess.Standardizer).
func zscore(X *mat.Dense, train []int) (*mat.Dense, error) {
	Xtr, err := klearn.Rows(X, train)
	if err != nil {
		return nil, err
	}
	t, err := preprocess.Standardizer{}.Fit(Xtr)
	if err != nil {
		return nil, err
	}
	return t.Transform(X)
}
