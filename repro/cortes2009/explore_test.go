package cortes2009

import (
	"errors"
	"math"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/krr"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
)

// The surface is Eq. (10) on the lattice; the learned μ lies in M_2 (μ ≥ 0,
// ‖μ − 1‖ ≤ Λ) and its F is at most F at the start; with Λ = 0 the model is
// KRR on the uniform combination, whose test RMSE klearn/krr gives too.
func TestExplorer(t *testing.T) {
	e, err := NewExplorer(100, 11, 2)
	if err != nil {
		t.Fatal(err)
	}
	Z, err := e.Surface(1, 2)
	if err != nil {
		t.Fatal(err)
	}
	pr := nkrr.Problem{Ks: e.K, Y: e.ytr, Lambda: 1, Degree: 2}
	f, _ := pr.Objective([]float64{e.axis[3], e.axis[7]})
	if math.Abs(Z[7][3]-f) > 1e-12*f {
		t.Errorf("Z[7][3] = %v, F(μ) = %v", Z[7][3], f)
	}
	start := time.Now()
	m, _, err := e.Fit(1, 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("fit: %v", time.Since(start))
	mu := m.Weights()
	if d := math.Hypot(mu[0]-1, mu[1]-1); d > 2+1e-9 || mu[0] < 0 || mu[1] < 0 {
		t.Errorf("μ = %v outside M_2 with Λ = 2", mu)
	}
	s := 1 + 2/math.Sqrt2
	f0, _ := pr.Objective([]float64{s, s})
	if m.F > f0*(1+1e-9) {
		t.Errorf("F(μ) = %v above the start's %v", m.F, f0)
	}
	_, rmse0, err := e.Fit(1, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	K := mustSum(t, e)
	r, err := krr.Regressor{Lambda: 1}.FitGram(K, e.ytr)
	if err != nil {
		t.Fatal(err)
	}
	Kc := denseSum(e)
	p, err := r.PredictGram(Kc)
	if err != nil {
		t.Fatal(err)
	}
	ss := 0.0
	for i, v := range p {
		ss += (v - e.yte[i]) * (v - e.yte[i])
	}
	if want := math.Sqrt(ss / float64(len(p))); math.Abs(rmse0-want) > 1e-9*want {
		t.Errorf("Λ = 0, d = 1: test RMSE %v, KRR on K_1 + K_2 gives %v", rmse0, want)
	}
	if _, _, err := e.Fit(0, 1, 2); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("λ = 0: %v", err)
	}
	start = time.Now()
	if _, err := e.Draw(0.1, 4, 3); err != nil {
		t.Fatal(err)
	}
	t.Logf("draw: %v", time.Since(start))
}

func mustSum(t *testing.T, e *Explorer) *mat.SymDense {
	t.Helper()
	var K mat.SymDense
	K.AddSym(e.K[0], e.K[1])
	return &K
}

func denseSum(e *Explorer) *mat.Dense {
	var C mat.Dense
	C.Add(e.Kte[0], e.Kte[1])
	return &C
}
