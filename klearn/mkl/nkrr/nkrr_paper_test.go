package nkrr

import (
	"errors"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/preprocess"
)

// TestPaperTable1Sonar re-checks the Sonar row of Table 1 of Cortes et al.
// (2009) in quick form: 3 random 50/50 splits (the paper: 30), λ and Λ by
// 5-fold CV on the first split's training half over a small grid (the paper:
// 10-fold CV, grid unstated). The paper reports lin. base .90 ± .02,
// quad. base .84 ± .03 and quad. ℓ2 .80 ± .04 (RMSE, ±1 labels). Our full
// quick protocol gives .82, .86 and .87 (lin. base is better than the
// paper's, quad. ℓ2 worse; see the notebook's deviations section); the
// tolerance 0.10 covers that gap and the spread of 3 splits, and still fails
// on a broken learner (predicting 0 gives RMSE ≈ 1.0). The paper's
// qualitative claim is checked loosely too: the learned quadratic combination
// does not degrade against the uniform one by more than 0.03.
func TestPaperTable1Sonar(t *testing.T) {
	if testing.Short() {
		t.Skip("paper check skipped in -short mode")
	}
	t.Parallel()
	ds, err := datasets.Load("sonar")
	if errors.Is(err, klearn.ErrMissingData) {
		t.Skip("sonar not available:", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	y, err := datasets.Binary(ds)
	if err != nil {
		t.Fatal(err)
	}
	splits, err := modelsel.RepeatedSplits(len(y), 3, 0.5, 2009)
	if err != nil {
		t.Fatal(err)
	}
	lambdas := []float64{3, 10, 30}
	methods := []struct {
		name  string
		est   Regressor
		radii []float64
		paper float64
	}{
		{"lin. base", Regressor{Degree: 1}, nil, 0.90},
		{"quad. base", Regressor{Degree: 2}, nil, 0.84},
		{"quad. ℓ2", Regressor{Degree: 2, Norm: L2}, []float64{0.5, 2}, 0.80},
	}
	X0, err := preprocess.ScaleCenter(ds.X, splits[0].Train)
	if err != nil {
		t.Fatal(err)
	}
	K0, err := kernel.FeatureGrams(X0)
	if err != nil {
		t.Fatal(err)
	}
	folds, err := modelsel.KFold(len(splits[0].Train), 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	if folds, err = modelsel.Within(splits[0].Train, folds); err != nil {
		t.Fatal(err)
	}
	got := make([]float64, len(methods))
	for m, meth := range methods {
		score := func(c Regressor, s modelsel.Split) (float64, error) { return c.ScoreGrams(K0, y, s) }
		res, err := modelsel.GridSearch(meth.est.Grid(lambdas, meth.radii), folds, score, modelsel.SearchOptions{Minimize: true})
		if err != nil {
			t.Fatal(err)
		}
		best := res.BestParams()
		scores := make([]float64, len(splits))
		for s, sp := range splits {
			X, err := preprocess.ScaleCenter(ds.X, sp.Train)
			if err != nil {
				t.Fatal(err)
			}
			Ks, err := kernel.FeatureGrams(X)
			if err != nil {
				t.Fatal(err)
			}
			if scores[s], err = best.ScoreGrams(Ks, y, sp); err != nil {
				t.Fatal(err)
			}
		}
		got[m], _, _ = metrics.MeanStd(scores)
		t.Logf("%s: λ=%g Λ=%g RMSE %.3f (paper %.2f)", meth.name, best.Lambda, best.Radius, got[m], meth.paper)
		if math.Abs(got[m]-meth.paper) > 0.10 {
			t.Errorf("%s: RMSE %.3f, paper %.2f (tolerance 0.10)", meth.name, got[m], meth.paper)
		}
	}
	if got[2] > got[1]+0.03 {
		t.Errorf("quad. ℓ2 RMSE %.3f degrades against quad. base %.3f", got[2], got[1])
	}
}
