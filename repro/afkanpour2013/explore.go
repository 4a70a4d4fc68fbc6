package afkanpour2013

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/mkl/stagewise"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/preprocess"
	"github.com/kernelab/kernelab/viz"
)

// ExploreMaxSteps is the most CA stages the exploration of notebook 05
// offers.
const ExploreMaxSteps = 10

// Explorer is the exploration of notebook 05: CA-1D (Algorithm 1, Gaussian
// bandwidths) on a training part of Heart, run for T stages as T moves;
// its chart is the centred alignment after each stage and the bandwidth
// each stage chose.
type Explorer struct {
	X *mat.Dense
	y []float64
}

// NewExplorer takes the training part (54 rows, the paper's size for
// Heart) of a stratified split drawn with seed, standardised.
func NewExplorer(seed uint64) (*Explorer, error) {
	d, err := datasets.Load("heart")
	if err != nil {
		return nil, err
	}
	y, err := datasets.Binary(d, "2")
	if err != nil {
		return nil, err
	}
	sp, err := modelsel.StratifiedRepeatedSplits(y, 1, 1-54.0/270, seed)
	if err != nil {
		return nil, err
	}
	X, err := klearn.Rows(d.X, sp[0].Train)
	if err != nil {
		return nil, err
	}
	std, err := preprocess.Standardizer{}.Fit(X)
	if err != nil {
		return nil, err
	}
	e := &Explorer{}
	if e.X, err = std.Transform(X); err != nil {
		return nil, err
	}
	if e.y, err = klearn.Take(y, sp[0].Train); err != nil {
		return nil, err
	}
	return e, nil
}

// Learn runs T stages of CA-1D (θ = 10⁻¹², so no early stop short of a
// flat alignment) and returns the alignment of K_0 = εI and after each
// stage (T + 1 values) and the bandwidth σ_t of each stage.
func (e *Explorer) Learn(T int) (align, sigma []float64, err error) {
	if e == nil || T < 1 || T > ExploreMaxSteps {
		return nil, nil, klearn.Errorf(klearn.ErrParam, "afkanpour2013: explore: %d stages outside [1, %d]", T, ExploreMaxSteps)
	}
	ca := stagewise.CA{T: T, Theta: 1e-12, Trace: func(s stagewise.StageInfo) {
		if len(s.Sigma) > 0 {
			sigma = append(sigma, s.Sigma[0])
		}
	}}
	m, err := ca.Learn(e.X, e.y)
	if err != nil {
		return nil, nil, err
	}
	return m.Alignments(), sigma, nil
}

// Draw is the chart of Learn: the alignment curve and the bandwidths.
func (e *Explorer) Draw(T int) (viz.Chart, error) {
	align, sigma, err := e.Learn(T)
	if err != nil {
		return nil, err
	}
	stages := func(first, n int) []float64 {
		x := make([]float64, n)
		for i := range x {
			x[i] = float64(first + i)
		}
		return x
	}
	a := &viz.Line{Title: "centred alignment F(K_t)", XLabel: "stage t", YLabel: "F(K_t)", XMin: 0, XMax: ExploreMaxSteps,
		YMin: 0, YMax: 1, Series: []viz.Series{{Name: "F(K_t)", X: stages(0, len(align)), Y: align}}}
	s := &viz.Line{Title: "bandwidth chosen at stage t", XLabel: "stage t", YLabel: "σ_t", Scale: viz.LogY, XMin: 0, XMax: ExploreMaxSteps,
		YMin: 0.1, YMax: 1000, Series: []viz.Series{{Name: "σ_t", X: stages(1, len(sigma)), Y: sigma}}}
	return &viz.Grid{Title: fmt.Sprintf("Heart, CA-1D after %d stages: alignment %.3f", T, align[len(align)-1]), Panels: []viz.Chart{a, s}, Cols: 2}, nil
}
