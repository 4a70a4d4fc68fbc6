package colbert2020

import (
	"fmt"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
	"github.com/kernelab/kernelab/repro/colbert2020/protocol"
	"github.com/kernelab/kernelab/viz"
)

// Explorer is the exploration of notebook 04: [TK] (no bias, C = 10) on
// points of the circle problem, as the degree d and the margin ε of the box
// [−ε, 1 + ε]² move; its chart is the classifier f on a grid, the tile
// edges (the points' coordinates) and the two classes, titled with the
// accuracy on fresh points.
type Explorer struct {
	X, Xt *mat.Dense
	y, yt []float64
	axis  []float64
	grid  *mat.Dense
	edges [2][]float64
}

// NewExplorer draws m training points of the circle (datasets.Circle),
// 500 test points, and a lattice of steps × steps points on [−1, 1]².
func NewExplorer(m, steps int, seed uint64) (*Explorer, error) {
	if m < 4 || steps < 2 {
		return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: explore: %d points on a %d-point lattice, want ≥ 4 and ≥ 2", m, steps)
	}
	tr, err := datasets.Circle(m, 2, seed)
	if err != nil {
		return nil, err
	}
	te, err := datasets.Circle(500, 2, seed+1)
	if err != nil {
		return nil, err
	}
	e := &Explorer{X: tr.X, Xt: te.X}
	if e.y, err = datasets.Binary(tr); err != nil {
		return nil, err
	}
	if e.yt, err = datasets.Binary(te); err != nil {
		return nil, err
	}
	e.axis = make([]float64, steps)
	for i := range e.axis {
		e.axis[i] = -1 + 2*float64(i)/float64(steps-1)
	}
	e.grid = mat.NewDense(steps*steps, 2, nil)
	for i, v := range e.axis {
		for j, u := range e.axis {
			e.grid.SetRow(i*steps+j, []float64{u, v})
		}
	}
	for k := range 2 {
		for i := range m {
			e.edges[k] = append(e.edges[k], tr.X.At(i, k))
		}
		sort.Float64s(e.edges[k])
	}
	return e, nil
}

// Fit fits [TK] of degree d on the box margin eps and returns the model
// and its test accuracy.
func (e *Explorer) Fit(d int, eps float64) (*tk.Model, float64, error) {
	m, err := tk.Learner{Degree: d, Margin: eps, SVM: svm.Classifier{C: 10, NoBias: true},
		Settings: opt.Settings{Tol: 1e-3, MaxIter: 100}}.Fit(e.X, e.y)
	if err != nil {
		return nil, 0, err
	}
	p, err := m.Predict(e.Xt)
	if err != nil {
		return nil, 0, err
	}
	return m, protocol.Accuracy(e.yt, p), nil
}

// Draw is the chart of Fit: f on the lattice, f = 0, the tile edges and
// the classes.
func (e *Explorer) Draw(d int, eps float64) (viz.Chart, error) {
	m, acc, err := e.Fit(d, eps)
	if err != nil {
		return nil, err
	}
	f, err := m.Decision(e.grid)
	if err != nil {
		return nil, err
	}
	n := len(e.axis)
	Z := make([][]float64, n)
	for i := range Z {
		Z[i] = f[i*n : (i+1)*n]
	}
	pos, neg := protocol.SplitClasses(e.X, e.y)
	return &viz.HeatMap{
		Title:  fmt.Sprintf("Circle, [TK] d = %d, ε = %.3g: test accuracy %.1f %%", d, eps, acc),
		XLabel: "x_1", YLabel: "x_2", X: e.axis, Y: e.axis, Z: Z, Contours: []float64{0},
		Points: classPoints(pos, neg), VLines: e.edges[0], HLines: e.edges[1], Diverging: true,
	}, nil
}
