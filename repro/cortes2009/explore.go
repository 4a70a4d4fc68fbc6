package cortes2009

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/preprocess"
	"github.com/kernelab/kernelab/viz"
)

// ExploreMuMax bounds the square [0, ExploreMuMax]² of weights the
// exploration of notebook 01 draws F over.
const ExploreMuMax = 5

// Explorer is the exploration of notebook 01: Algorithm 1 (L2, μ0 = 1) on
// two base kernels of abalone (Gaussians on its first four and its last
// four standardised features), as λ, Λ and the degree d move; its chart is
// F(μ) = yᵀ(K_μ + λI)⁻¹y (Eq. (10)) over the square of weights, with the
// start μ0 + Λ·1/√2 and the learned μ marked, titled with the test RMSE.
type Explorer struct {
	K        []*mat.SymDense // training Grams
	Kte      []*mat.Dense    // test × train
	ytr, yte []float64
	axis     []float64
}

// NewExplorer draws n training and n test rows of abalone with seed and a
// steps × steps lattice of weights.
func NewExplorer(n, steps int, seed uint64) (*Explorer, error) {
	if n < 10 || steps < 2 {
		return nil, klearn.Errorf(klearn.ErrParam, "cortes2009: explore: %d rows, %d steps; want ≥ 10 and ≥ 2", n, steps)
	}
	d, err := datasets.Load("abalone")
	if err != nil {
		return nil, err
	}
	rows, _ := d.X.Dims()
	perm := klearn.NewRand(seed).Perm(rows)
	Xtr, err := klearn.Rows(d.X, perm[:n])
	if err != nil {
		return nil, err
	}
	Xte, err := klearn.Rows(d.X, perm[n:2*n])
	if err != nil {
		return nil, err
	}
	std, err := preprocess.Standardizer{}.Fit(Xtr)
	if err != nil {
		return nil, err
	}
	if Xtr, err = std.Transform(Xtr); err != nil {
		return nil, err
	}
	if Xte, err = std.Transform(Xte); err != nil {
		return nil, err
	}
	e := &Explorer{}
	y := d.Y
	if e.ytr, err = klearn.Take(y, perm[:n]); err != nil {
		return nil, err
	}
	if e.yte, err = klearn.Take(y, perm[n:2*n]); err != nil {
		return nil, err
	}
	// Centre the targets on the training mean (KRR has no bias).
	mean := 0.0
	for _, v := range e.ytr {
		mean += v / float64(n)
	}
	for i := range e.ytr {
		e.ytr[i] -= mean
		e.yte[i] -= mean
	}
	for _, cols := range [][2]int{{0, 4}, {4, 8}} {
		tr := Xtr.Slice(0, n, cols[0], cols[1])
		te := Xte.Slice(0, n, cols[0], cols[1])
		k := kernel.RBF{Gamma: 1.0 / 4}
		K, err := kernel.Gram(k, tr)
		if err != nil {
			return nil, err
		}
		C, err := kernel.Cross(k, te, tr)
		if err != nil {
			return nil, err
		}
		e.K, e.Kte = append(e.K, K), append(e.Kte, C)
	}
	e.axis = make([]float64, steps)
	for i := range e.axis {
		e.axis[i] = ExploreMuMax * float64(i) / float64(steps-1)
	}
	return e, nil
}

// Fit runs Algorithm 1 with λ, Λ and degree d and returns the model and
// its test RMSE.
func (e *Explorer) Fit(lambda, radius float64, d int) (*nkrr.Model, float64, error) {
	m, err := nkrr.Regressor{Degree: d, Lambda: lambda, Radius: radius, LineSearch: true}.FitGrams(e.K, e.ytr)
	if err != nil {
		return nil, 0, err
	}
	p, err := m.PredictGrams(e.Kte)
	if err != nil {
		return nil, 0, err
	}
	s := 0.0
	for i, v := range p {
		s += (v - e.yte[i]) * (v - e.yte[i])
	}
	return m, math.Sqrt(s / float64(len(p))), nil
}

// Surface returns F(μ) on the lattice (rows: μ_2, columns: μ_1).
func (e *Explorer) Surface(lambda float64, d int) ([][]float64, error) {
	pr := nkrr.Problem{Ks: e.K, Y: e.ytr, Lambda: lambda, Degree: d}
	Z := make([][]float64, len(e.axis))
	for i, m2 := range e.axis {
		Z[i] = make([]float64, len(e.axis))
		for j, m1 := range e.axis {
			f, err := pr.Objective([]float64{m1, m2})
			if err != nil {
				return nil, err
			}
			Z[i][j] = f
		}
	}
	return Z, nil
}

// Draw is the chart of Fit and Surface.
func (e *Explorer) Draw(lambda, radius float64, d int) (viz.Chart, error) {
	m, rmse, err := e.Fit(lambda, radius, d)
	if err != nil {
		return nil, err
	}
	Z, err := e.Surface(lambda, d)
	if err != nil {
		return nil, err
	}
	mu := m.Weights()
	s := 1 + radius/math.Sqrt2
	return &viz.HeatMap{
		Title:  fmt.Sprintf("abalone, d = %d, λ = %.3g, Λ = %.3g: μ = (%.2f, %.2f), test RMSE %.3f", d, lambda, radius, mu[0], mu[1], rmse),
		XLabel: "μ_1", YLabel: "μ_2", X: e.axis, Y: e.axis, Z: Z,
		Points: []viz.PointSet{{Name: "start", X: []float64{s}, Y: []float64{s}}, {Name: "learned μ", X: []float64{mu[0]}, Y: []float64{mu[1]}}},
	}, nil
}
