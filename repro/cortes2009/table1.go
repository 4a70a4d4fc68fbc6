package cortes2009

import (
	"fmt"
	"time"

	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/preprocess"
)

// Row holds one data set of Table 1 as we ran it.
type Row struct {
	Data DataSet
	// N and P are the shape of the data we ran.
	N, P int
	// Methods are the column names (Methods), Scores[j][s] the test RMSE of
	// method j on split s.
	Methods []string
	Scores  [][]float64
	// Choices[j][s] is the selection of method j on split s.
	Choices [][]Choice
	// Steps holds the accepted steps of Algorithm 1 of every learned fit
	// of the paper's columns (not the variants), SecPerStep its time per
	// objective evaluation (one Cholesky and gradient).
	Steps      []int
	SecPerStep []float64
	// StepLambda is the λ of each learned fit, beside Steps.
	StepLambda []float64
	// Converged reports, beside Steps, whether each learned fit met
	// Algorithm 1's stopping test ‖μ'−μ‖ < ε before the cap cfg.MaxIter.
	Converged []bool
}

// Mean returns the mean and sample std of method j over the splits.
func (r Row) Mean(j int) (float64, float64) {
	m, s, _ := metrics.MeanStd(r.Scores[j]) // every method has a score per split
	return m, s
}

// load returns a Table 1 data set with ±1 labels.
func load(d DataSet) (*Data, error) {
	X, y, err := datasets.LoadBinary(d.Name)
	if err != nil {
		return nil, err
	}
	return &Data{X: X, Y: y}, nil
}

// SplitResult is one split of one Table 1 row: per method (Methods) the
// test RMSE and the selection, and the steps, λ, time per step and
// convergence of every learned fit of the paper's columns.
type SplitResult struct {
	Scores     []float64
	Choices    []Choice
	Steps      []int
	StepLambda []float64
	SecPerStep []float64
	Converged  []bool
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
		res.Scores = append(res.Scores, score)
		res.Choices = append(res.Choices, ch)
		if m.Learned && best.Radius > 0 && j < Variant {
			res.Steps = append(res.Steps, fit.Iterations)
			res.StepLambda = append(res.StepLambda, best.Lambda)
			res.SecPerStep = append(res.SecPerStep, el/float64(max(1, fit.Evaluations)))
			res.Converged = append(res.Converged, fit.Status == opt.Success)
		}
	}
	return res, nil
}

// row assembles a Table 1 row from its splits, in split order.
func row(d DataSet, data *Data, cfg Config, splits []*SplitResult) Row {
	ms := Methods(cfg.MaxIter)
	n, p := data.X.Dims()
	r := Row{Data: d, N: n, P: p, Scores: make([][]float64, len(ms)), Choices: make([][]Choice, len(ms))}
	for _, m := range ms {
		r.Methods = append(r.Methods, m.Name)
	}
	for _, sr := range splits {
		for j := range ms {
			r.Scores[j] = append(r.Scores[j], sr.Scores[j])
			r.Choices[j] = append(r.Choices[j], sr.Choices[j])
		}
		r.Steps = append(r.Steps, sr.Steps...)
		r.StepLambda = append(r.StepLambda, sr.StepLambda...)
		r.SecPerStep = append(r.SecPerStep, sr.SecPerStep...)
		r.Converged = append(r.Converged, sr.Converged...)
	}
	return r
}
