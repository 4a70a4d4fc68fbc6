package cortes2009

import (
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/repro/cortes2009/protocol"
)

// Row holds one data set of Table 1 as we ran it.
type Row struct {
	Data protocol.DataSet
	// N and P are the shape of the data we ran.
	N, P int
	// Methods are the column names (protocol.Methods), Scores[j][s] the test RMSE of
	// method j on split s.
	Methods []string
	Scores  [][]float64
	// Choices[j][s] is the selection of method j on split s (with its CV
	// fits, Choice.CV), Final[j][s] the status of the fit scored.
	Choices [][]protocol.Choice
	Final   [][]protocol.Fit
	// Steps holds the accepted steps of Algorithm 1 of every learned fit
	// scored of the paper's columns (not the variants), SecPerStep its time
	// per objective evaluation (one Cholesky and gradient). The steps row
	// (Sec. 4.1) reads Cold instead.
	Steps      []int
	SecPerStep []float64
	// StepLambda is the λ of each learned fit, beside Steps.
	StepLambda []float64
	// Converged reports, beside Steps, whether each learned fit met
	// Algorithm 1's stopping test ‖μ'−μ‖ < ε before the cap cfg.MaxIter.
	Converged []bool
	// Cold is the steps row's sample over the splits: fits from μ_init at
	// every point of the declared grid on each split's first CV fold
	// (protocol.SplitResult.Cold), ColdLambda the λ of each.
	Cold       []protocol.Fit
	ColdLambda []float64
}

// Mean returns the mean and sample std of method j over the splits.
func (r Row) Mean(j int) (float64, float64) {
	m, s, _ := metrics.MeanStd(r.Scores[j]) // every method has a score per split
	return m, s
}

// row assembles a Table 1 row from its splits, in split order.
func row(d protocol.DataSet, data *protocol.Data, cfg Config, splits []*protocol.SplitResult) Row {
	ms := protocol.Methods(cfg.MaxIter)
	n, p := data.X.Dims()
	r := Row{Data: d, N: n, P: p, Scores: make([][]float64, len(ms)), Choices: make([][]protocol.Choice, len(ms)), Final: make([][]protocol.Fit, len(ms))}
	for _, m := range ms {
		r.Methods = append(r.Methods, m.Name)
	}
	for _, sr := range splits {
		for j := range ms {
			r.Scores[j] = append(r.Scores[j], sr.Scores[j])
			r.Choices[j] = append(r.Choices[j], sr.Choices[j])
			if j < len(sr.Final) {
				r.Final[j] = append(r.Final[j], sr.Final[j])
			}
		}
		r.Steps = append(r.Steps, sr.Steps...)
		r.StepLambda = append(r.StepLambda, sr.StepLambda...)
		r.SecPerStep = append(r.SecPerStep, sr.SecPerStep...)
		r.Converged = append(r.Converged, sr.Converged...)
		r.Cold = append(r.Cold, sr.Cold...)
		r.ColdLambda = append(r.ColdLambda, sr.ColdLambda...)
	}
	return r
}
