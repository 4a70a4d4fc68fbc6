// Package demo registers the "demo" job set: a small grid of kernel ridge
// regression fits (RBF γ × λ × split) on a fixed synthetic sinc problem,
// quick enough for the tests of cmd/kernelab and the Slurm test, yet real
// work through klearn/krr.
package demo

import (
	"context"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/krr"
	"github.com/kernelab/kernelab/repro/jobs"
)

// Paper is the registered name of the demo job set.
const Paper = "demo"

func init() { jobs.Register(Paper, Build, Run) }

// Build returns the grid of table "grid": 4 values of γ × 3 of λ × splits
// (2 in quick mode, 4 in full mode).
func Build(mode string) ([]jobs.Job, error) {
	splits := 2
	switch mode {
	case "", "quick":
	case "full":
		splits = 4
	default:
		return nil, fmt.Errorf("demo: mode %q: want quick or full", mode)
	}
	var js []jobs.Job
	for _, g := range []float64{0.1, 0.5, 2, 8} {
		for _, l := range []float64{1e-3, 1e-2, 1e-1} {
			for s := 0; s < splits; s++ {
				js = append(js, jobs.Job{Paper: Paper, Table: "grid", Method: "krr-rbf", Data: "sinc",
					Split: s, Params: map[string]any{"gamma": g, "lambda": l}})
			}
		}
	}
	return js, nil
}

// Result is the record of one fit.
type Result struct {
	MSE    float64 `json:"mse"` // test mean squared error
	NTrain int     `json:"n_train"`
	NTest  int     `json:"n_test"`
}

// sinc returns n points x ∈ [−3, 3) placed by a golden-ratio sequence
// shifted by split (and by ½ for the test set), with y = sin(πx)/(πx), plus
// a deterministic perturbation 0.05·sin(97x) on the training set.
func sinc(n, split int, test bool) (*mat.Dense, []float64) {
	X := mat.NewDense(n, 1, nil)
	y := make([]float64, n)
	off := 0.37 * float64(split+1)
	if test {
		off += 0.5
	}
	for i := range n {
		x := -3 + 6*math.Mod(float64(i)*0.61803398875+off, 1)
		X.Set(i, 0, x)
		v := 1.0
		if x != 0 {
			v = math.Sin(math.Pi*x) / (math.Pi * x)
		}
		if !test {
			v += 0.05 * math.Sin(97*x)
		}
		y[i] = v
	}
	return X, y
}

// Run fits KRR with the job's γ and λ on 200 training points of its split
// and returns the MSE on 200 test points.
func Run(ctx context.Context, j jobs.Job) (any, error) {
	g, ok1 := j.Params["gamma"].(float64)
	l, ok2 := j.Params["lambda"].(float64)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("demo: job %s: params gamma and lambda must be numbers", j.Name())
	}
	const n = 200
	Xtr, ytr := sinc(n, j.Split, false)
	Xte, yte := sinc(n, j.Split, true)
	m, err := krr.Regressor{Kernel: kernel.RBF{Gamma: g}, Lambda: l}.Fit(Xtr, ytr)
	if err != nil {
		return nil, fmt.Errorf("demo: %s: %w", j.Name(), err)
	}
	p, err := m.Predict(Xte)
	if err != nil {
		return nil, fmt.Errorf("demo: %s: %w", j.Name(), err)
	}
	var s float64
	for i := range p {
		d := p[i] - yte[i]
		s += d * d
	}
	return Result{MSE: s / n, NTrain: n, NTest: n}, nil
}
