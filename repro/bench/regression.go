package bench

import (
	"fmt"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/krr"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/modelsel"
)

// RegCell is one regressor on one split of a regression set: the test
// RMSE, the fit seconds and the candidate chosen (by inner k-fold RMSE).
type RegCell struct {
	Set, Method string
	Split       int
	RMSE        float64
	FitSec      float64
	Chosen      string
	Skip        string
}

// regressor fits on standardised training rows and centred targets and
// predicts centred targets.
type regressor struct {
	Name   string
	grid   func(d int) []modelsel.Params
	fit    func(p modelsel.Params, X *mat.Dense, y []float64) (func(*mat.Dense) ([]float64, error), error)
	Source string
}

// Regressors are the two regression learners: KRR with a Gaussian kernel
// and NKRR (Cortes et al. 2009), the learned quadratic combination of the
// feature-product kernels with the ℓ2 constraint, on the features and a
// constant column (their "+1"). Both have Budget candidates.
func Regressors() []regressor {
	return []regressor{
		{Name: "KRR", Source: "krr.Regressor, kernel.RBF",
			grid: func(d int) []modelsel.Params {
				return product(map[string][]float64{"lambda": {0.1, 1}, "gamma": gammas(d)})
			},
			fit: func(p modelsel.Params, X *mat.Dense, y []float64) (func(*mat.Dense) ([]float64, error), error) {
				m, err := krr.Regressor{Kernel: kernel.RBF{Gamma: p["gamma"]}, Lambda: p["lambda"]}.Fit(X, y)
				if err != nil {
					return nil, err
				}
				return func(Xte *mat.Dense) ([]float64, error) { return m.Predict(Xte) }, nil
			}},
		{Name: "NKRR", Source: "nkrr.Regressor, degree 2, ℓ2",
			grid: func(int) []modelsel.Params {
				return product(map[string][]float64{"lambda": {0.1, 1, 10}, "radius": {0.5, 8}})
			},
			fit: func(p modelsel.Params, X *mat.Dense, y []float64) (func(*mat.Dense) ([]float64, error), error) {
				m, err := nkrr.Regressor{Degree: 2, Norm: nkrr.L2, Lambda: p["lambda"], Radius: p["radius"], LineSearch: true}.Fit(withOne(X), y)
				if err != nil {
					return nil, err
				}
				return func(Xte *mat.Dense) ([]float64, error) { return m.Predict(withOne(Xte)) }, nil
			}},
	}
}

// withOne appends a constant column of ones.
func withOne(X *mat.Dense) *mat.Dense {
	n, d := X.Dims()
	out := mat.NewDense(n, d+1, nil)
	out.Slice(0, n, 0, d).(*mat.Dense).Copy(X)
	for i := 0; i < n; i++ {
		out.Set(i, d, 1)
	}
	return out
}

// regressorByName returns the regressor named name.
func regressorByName(name string) (regressor, error) {
	for _, r := range Regressors() {
		if r.Name == name {
			return r, nil
		}
	}
	return regressor{}, klearn.Errorf(klearn.ErrParam, "bench: unknown regressor %q", name)
}

// regRMSE fits r at p on rows a and returns the RMSE on rows b, both
// preprocessed on a's rows and the targets centred by a's mean.
func regRMSE(r regressor, p modelsel.Params, X *mat.Dense, y []float64, a, b []int) (float64, error) {
	Xa, ya, err := part(X, y, a)
	if err != nil {
		return 0, err
	}
	Xb, yb, err := part(X, y, b)
	if err != nil {
		return 0, err
	}
	if Xa, Xb, err = prepare(Xa, Xb); err != nil {
		return 0, err
	}
	mean := 0.0
	for _, v := range ya {
		mean += v
	}
	mean /= float64(len(ya))
	for i := range ya {
		ya[i] -= mean
	}
	f, err := r.fit(p, Xa, ya)
	if err != nil {
		return 0, err
	}
	pred, err := f(Xb)
	if err != nil {
		return 0, err
	}
	for i := range pred {
		pred[i] += mean
	}
	return metrics.RMSE(yb, pred)
}

// runRegCell runs regressor r on split s: the candidate with the least mean
// inner k-fold RMSE, refitted on the training part and scored on the test
// part.
func runRegCell(r regressor, data loaded, s modelsel.Split, cfg Config, seed uint64) (RegCell, error) {
	ytr, err := klearn.Take(data.Y, s.Train)
	if err != nil {
		return RegCell{}, err
	}
	Xtr, err := klearn.Rows(data.X, s.Train)
	if err != nil {
		return RegCell{}, err
	}
	folds, err := modelsel.KFold(len(ytr), cfg.Folds, seed)
	if err != nil {
		return RegCell{}, err
	}
	_, d := data.X.Dims()
	var c RegCell
	res, err := modelsel.GridSearch(r.grid(d), folds, func(p modelsel.Params, sp modelsel.Split) (float64, error) {
		return regRMSE(r, p, Xtr, ytr, sp.Train, sp.Test)
	}, modelsel.SearchOptions{Minimize: true, Workers: 1})
	if err != nil {
		c.Skip = fmt.Sprintf("failed: every candidate: %v", err)
		return c, nil
	}
	best := res.BestParams()
	c.Chosen = paramString(best)
	t0 := time.Now()
	c.RMSE, err = regRMSE(r, best, data.X, data.Y, s.Train, s.Test)
	c.FitSec = time.Since(t0).Seconds()
	if err != nil {
		c.Skip = fmt.Sprintf("failed: final fit: %v", err)
	}
	return c, nil
}
