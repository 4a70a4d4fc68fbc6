package protocol

import (
	"fmt"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/preprocess"
)

// SplitResult is one split of one Table 1 row: per method (Methods) the
// test RMSE, the selection (with its CV fits, Choice.CV) and the status of
// the final fit on the training half (Final: Algorithm 1's steps and
// whether it converged; variants included), and the steps, λ, time per
// step and convergence of every learned fit scored of the paper's columns
// (the time row of Sec. 4.1 reads its time per step; the steps row reads
// Cold, and shows the CV fits' steps, Choice.Steps, beside it).
type SplitResult struct {
	Scores     []float64
	Choices    []Choice
	Final      []Fit
	Steps      []int
	StepLambda []float64
	SecPerStep []float64
	Converged  []bool
	// Cold is the steps row's sample (coldSample) of the paper's learned
	// columns, in Methods order.
	Cold []Fit
	// ColdLambda is the λ of each fit of Cold.
	ColdLambda []float64
}

// RunSplit runs the protocol of Section 4.1 on split s of one data set:
// features scaled to [0, 1] and centred with the training half's statistics
// (preprocess.ScaleCenter), λ and Λ by CV inside the training half (Select), the
// chosen model fitted on the training half with the labels centred by the
// training mean (added back), RMSE on the test half. Nothing is carried
// across splits (no warm starts).
func RunSplit(d DataSet, data *Data, cfg Config, s int) (*SplitResult, error) {
	n, _ := data.X.Dims()
	outer, inner, err := Splits(n, cfg)
	if err != nil {
		return nil, err
	}
	if s < 0 || s >= len(outer) {
		return nil, fmt.Errorf("cortes2009: split %d of %d", s, len(outer))
	}
	sp := outer[s]
	Z, err := preprocess.ScaleCenter(data.X, sp.Train)
	if err != nil {
		return nil, err
	}
	Zo := WithOffset(Z)
	res := &SplitResult{}
	for j, m := range Methods(cfg.MaxIter) {
		F := Z
		if m.Offset {
			F = Zo
		}
		best, ch, err := Select(m, F, data.Y, inner[s], cfg)
		if err != nil {
			return nil, fmt.Errorf("%s split %d: %w", d.Paper, s, err)
		}
		start := time.Now()
		score, fit, err := fitScore(best, F, data.Y, sp)
		if err != nil {
			return nil, fmt.Errorf("%s split %d %s: %w", d.Paper, s, m.Name, err)
		}
		el := time.Since(start).Seconds()
		if m.Learned && j < Variant {
			cold, lams, err := coldSample(m, F, data.Y, inner[s][0], cfg)
			if err != nil {
				return nil, fmt.Errorf("%s split %d %s: %w", d.Paper, s, m.Name, err)
			}
			res.Cold = append(res.Cold, cold...)
			res.ColdLambda = append(res.ColdLambda, lams...)
		}
		res.Scores = append(res.Scores, score)
		res.Choices = append(res.Choices, ch)
		res.Final = append(res.Final, StatusOf(fit))
		if m.Learned && best.Radius > 0 && j < Variant {
			res.Steps = append(res.Steps, fit.Iterations)
			res.StepLambda = append(res.StepLambda, best.Lambda)
			res.SecPerStep = append(res.SecPerStep, el/float64(max(1, fit.Evaluations)))
			res.Converged = append(res.Converged, fit.Status == opt.Success)
		}
	}
	return res, nil
}

// coldSample fits Algorithm 1 from μ_init (no warm start) at every point
// of the declared grid cfg.Lambdas × cfg.Radii (λ varying slowest) on the
// CV fold given, and returns each fit's status and λ: the sample of the
// steps row (Sec. 4.1, "Algorithm 1 typically converges in fewer than 25
// steps"). The CV fits of Select do not serve: all but the first of each
// Λ path start from a neighbour's weights, and the first is at the
// smallest Λ; the fits scored sit where the choice put them. This sample
// starts as the paper's Algorithm 1 does, at points fixed before any fit.
func coldSample(m Method, F mat.Matrix, y []float64, fold modelsel.Split, cfg Config) ([]Fit, []float64, error) {
	var fits []Fit
	var lams []float64
	for _, l := range cfg.Lambdas {
		for _, r := range cfg.Radii {
			c := m.Est
			c.Lambda, c.Radius, c.Init = l, r, nil
			_, fit, err := c.FitScoreFeatures(F, y, fold)
			if err != nil {
				return nil, nil, err
			}
			fits = append(fits, StatusOf(fit))
			lams = append(lams, l)
		}
	}
	return fits, lams, nil
}
