package cortes2009

import (
	"fmt"
	"time"

	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl"
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
	// Steps holds the accepted steps of Algorithm 1 of every learned fit,
	// SecPerStep its time per objective evaluation (one Cholesky and gradient).
	Steps      []int
	SecPerStep []float64
	// StepLambda is the λ of each learned fit, beside Steps.
	StepLambda []float64
}

// Mean returns the mean and sample std of method j over the splits.
func (r Row) Mean(j int) (float64, float64) { return metrics.MeanStd(r.Scores[j]) }

// load returns a Table 1 data set with ±1 labels.
func load(d DataSet) (*Data, error) {
	ds, err := datasets.Load(d.Name)
	if err != nil {
		return nil, err
	}
	y, err := datasets.Binary(ds)
	if err != nil {
		return nil, err
	}
	return &Data{X: ds.X, Y: y}, nil
}

// RunRow runs the protocol of Section 4.1 on one data set: for every split,
// features scaled to [0, 1] and centred with the training half's statistics
// (mkl.ScaleCenter), λ and Λ by CV inside the training half (Select), the
// chosen model fitted on the training half with the labels centred by the
// training mean (added back), RMSE on the test half. Nothing is carried
// across splits (no warm starts). progress is called after each split.
func RunRow(d DataSet, data *Data, cfg Config, progress func()) (Row, error) {
	ms := Methods(cfg.MaxIter)
	n, p := data.X.Dims()
	row := Row{Data: d, N: n, P: p, Scores: make([][]float64, len(ms)), Choices: make([][]Choice, len(ms))}
	for _, m := range ms {
		row.Methods = append(row.Methods, m.Name)
	}
	outer, inner, err := Splits(n, cfg)
	if err != nil {
		return row, err
	}
	for s, sp := range outer {
		Z, err := mkl.ScaleCenter(data.X, sp.Train)
		if err != nil {
			return row, err
		}
		Zo := WithOffset(Z)
		for j, m := range ms {
			F := Z
			if m.Offset {
				F = Zo
			}
			best, ch, err := Select(m, F, data.Y, inner[s], cfg)
			if err != nil {
				return row, fmt.Errorf("%s split %d: %w", d.Paper, s, err)
			}
			start := time.Now()
			score, fit, err := fitScore(best, F, data.Y, sp)
			if err != nil {
				return row, fmt.Errorf("%s split %d %s: %w", d.Paper, s, m.Name, err)
			}
			el := time.Since(start).Seconds()
			row.Scores[j] = append(row.Scores[j], score)
			row.Choices[j] = append(row.Choices[j], ch)
			if m.Learned && best.Radius > 0 {
				row.Steps = append(row.Steps, fit.Iterations)
				row.StepLambda = append(row.StepLambda, best.Lambda)
				row.SecPerStep = append(row.SecPerStep, el/float64(max(1, fit.Evaluations)))
			}
		}
		if progress != nil {
			progress()
		}
	}
	return row, nil
}
