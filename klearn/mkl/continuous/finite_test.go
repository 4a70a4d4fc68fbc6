package continuous

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/opt"
)

// TestFiniteCombination: the optimal convex combination of three Gaussians
// against a brute-force grid over the simplex (step 1/300), the gap
// certificate, and the inputs untouched.
func TestFiniteCombination(t *testing.T) {
	X, y, _, _ := klearntest.SyntheticData(klearntest.Binary, 40, 3, 21)
	var Ks []*mat.SymDense
	for _, s := range []float64{0.2, 1, 5} {
		K, _ := kernel.Gram(kernel.Gaussian{Sigma: s}, X)
		Ks = append(Ks, K)
	}
	K0 := mat.NewSymDense(40, nil)
	K0.CopySym(Ks[0])
	mu := 0.05
	r, err := FiniteCombination(Ks, y, mu, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != opt.Success {
		t.Errorf("status %v, gap %v", r.Status, r.Gap)
	}
	E := func(l []float64) float64 {
		K := mat.NewSymDense(40, nil)
		for k, w := range l {
			K.AddSym(K, scaled(Ks[k], w))
		}
		_, e, _ := solve(K, y, mu)
		return e
	}
	best := math.Inf(1)
	const N = 300
	for i := 0; i <= N; i++ {
		for j := 0; i+j <= N; j++ {
			best = math.Min(best, E([]float64{float64(i) / N, float64(j) / N, float64(N-i-j) / N}))
		}
	}
	if r.E > best+1e-12 || r.E < best-1e-3*best {
		t.Errorf("E = %.12g, grid minimum %.12g (weights %v)", r.E, best, r.Weights)
	}
	var sum float64
	for _, w := range r.Weights {
		sum += w
		if w < 0 {
			t.Errorf("negative weight %v", r.Weights)
		}
	}
	if math.Abs(sum-1) > 1e-12 || math.Abs(E(r.Weights)-r.E) > 1e-12*r.E {
		t.Errorf("weights %v sum %v", r.Weights, sum)
	}
	if !mat.Equal(K0, Ks[0]) {
		t.Error("input Gram modified")
	}
	if _, err := FiniteCombination(nil, y, mu, nil); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("no kernels: %v", err)
	}
	if _, err := FiniteCombination(Ks, y[:5], mu, nil); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("short y: %v", err)
	}
	if _, err := FiniteCombination(Ks, y, 0, nil); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("μ = 0: %v", err)
	}
}
