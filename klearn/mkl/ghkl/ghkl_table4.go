package ghkl

import (
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/preprocess"
)

// Table4Datasets are the data sets of Table 4 of Donini & Aiolli (2017)
// as named in klearn/datasets: Haberman, Liver (BUPA), Diabetes (Pima) and
// the Australian substitute.
var Table4Datasets = []string{"haberman", "bupa", "pima", "australian-sub"}

// CVOptions configures NestedAUC. Zero fields take the protocol of
// Donini & Aiolli (2017, §5.7).
type CVOptions struct {
	// Cs is the grid of C; default {10^i : i = −3, …, 3}.
	Cs []float64
	// OuterFolds (default 10) and InnerFolds (default 3) are the numbers of
	// stratified folds of the outer AUC estimate and of the inner selection of C.
	OuterFolds, InnerFolds int
	// MaxOuter, if > 0, evaluates only the first MaxOuter outer folds (a
	// quick mode for notebooks; the mean is then over those folds).
	MaxOuter int
	// Seed seeds the outer folds; inner folds of outer fold f use Seed+1+f.
	Seed uint64
	// Workers is the number of goroutines of the inner grid search
	// (modelsel.SearchOptions.Workers; the result does not depend on it).
	Workers int
	// Model is the template estimator; its Rho and C are overwritten.
	Model Classifier
}

// CVResult is the outcome of NestedAUC.
type CVResult struct {
	Dataset   string
	Rho       float64
	Scores    []float64 // outer-fold test AUCs
	Mean, Std float64   // metrics.MeanStd(Scores)
	BestC     []float64 // C selected in each outer fold
	Elapsed   time.Duration
}

// NestedAUC runs the gHKL_ρ protocol of Table 4 of Donini & Aiolli
// (2017, §5.7) on a klearn/datasets data set: stratified 10-fold CV of the
// ROC AUC (metrics.AUC), with C chosen in {10^i : i = −3..3} by stratified
// 3-fold CV on each outer training set (highest mean AUC; ties to the
// smallest C). Features are standardised with the statistics of each
// training set (preprocess.Standardizer) before the per-feature Gaussian
// base kernels of Classifier are applied; labels come from datasets.Binary (the
// second class is positive).
func NestedAUC(name string, rho float64, o CVOptions) (*CVResult, error) {
	start := time.Now()
	d, err := datasets.Load(name)
	if err != nil {
		return nil, err
	}
	y, err := datasets.Binary(d)
	if err != nil {
		return nil, err
	}
	if o.Cs == nil {
		o.Cs = []float64{1e-3, 1e-2, 1e-1, 1, 10, 100, 1000}
	}
	if o.OuterFolds == 0 {
		o.OuterFolds = 10
	}
	if o.InnerFolds == 0 {
		o.InnerFolds = 3
	}
	if o.MaxOuter < 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "mkl: NestedAUC: MaxOuter = %d", o.MaxOuter)
	}
	outer, err := modelsel.StratifiedKFold(y, o.OuterFolds, o.Seed)
	if err != nil {
		return nil, err
	}
	if o.MaxOuter > 0 && o.MaxOuter < len(outer) {
		outer = outer[:o.MaxOuter]
	}
	tmpl := o.Model
	tmpl.Rho = rho
	X := d.X
	eval := func(c float64, s modelsel.Split) (float64, error) {
		g := tmpl
		g.C = c
		return ghklSplitAUC(g, X, y, s)
	}
	inner := func(train []int, f int) ([]modelsel.Split, error) {
		ytr, err := modelsel.Take(y, train)
		if err != nil {
			return nil, err
		}
		in, err := modelsel.StratifiedKFold(ytr, o.InnerFolds, o.Seed+1+uint64(f))
		if err != nil {
			return nil, err
		}
		return modelsel.Within(train, in)
	}
	res, err := modelsel.NestedCV(outer, inner, o.Cs, eval, modelsel.SearchOptions{Workers: o.Workers})
	if err != nil {
		return nil, err
	}
	out := &CVResult{Dataset: name, Rho: rho, Scores: res.Scores, Mean: res.Mean, Std: res.Std}
	for _, f := range res.Folds {
		out.BestC = append(out.BestC, f.Params)
	}
	out.Elapsed = time.Since(start)
	return out, nil
}

// ghklSplitAUC standardises on s.Train, fits g and returns the test AUC.
func ghklSplitAUC(g Classifier, X mat.Matrix, y []float64, s modelsel.Split) (float64, error) {
	Xtr, err := modelsel.Rows(X, s.Train)
	if err != nil {
		return 0, err
	}
	Xte, err := modelsel.Rows(X, s.Test)
	if err != nil {
		return 0, err
	}
	ytr, err := modelsel.Take(y, s.Train)
	if err != nil {
		return 0, err
	}
	yte, err := modelsel.Take(y, s.Test)
	if err != nil {
		return 0, err
	}
	tr, err := preprocess.Standardizer{}.Fit(Xtr)
	if err != nil {
		return 0, err
	}
	if Xtr, err = tr.Transform(Xtr); err != nil {
		return 0, err
	}
	if Xte, err = tr.Transform(Xte); err != nil {
		return 0, err
	}
	m, err := g.Fit(Xtr, ytr)
	if err != nil {
		return 0, err
	}
	f, err := m.Decision(Xte)
	if err != nil {
		return 0, err
	}
	return metrics.AUC(yte, f)
}
