package continuous

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// TestSaddleMaxima: near the saddle point of (9), every kernel of the
// optimal combination maximises f(σ) = ⟨c, G(σ)c⟩ (⟨c, K c⟩ = Σ_k λ_k
// f(σ_k) ≤ max f, with equality at the saddle point), so f has as many
// global maxima as the combination has separate kernels. This is how f
// gets several local maxima (Argyriou et al. 2006, Section 4: "between two
// to five") when the learned kernel mixes several Gaussians, and only one
// when a single Gaussian is optimal. Labels of a slow and a fast
// oscillation on [0, 6] need several widths: after 150 steps of
// Algorithm 1, f has at least two maxima (here three: σ = 0.02, 0.48 and
// 1.48), each within 2 % of the largest value (Algorithm 1 nears the
// saddle point slowly, one kernel per step) and each carrying mixture
// weight ≥ 0.05 within a factor 1.5 in σ.
func TestSaddleMaxima(t *testing.T) {
	n := 60
	rng := klearn.NewRand(3)
	X := mat.NewDense(n, 1, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		x := 6 * rng.Float64()
		X.Set(i, 0, x)
		y[i] = 1
		if math.Sin(x)+0.5*math.Sin(9*x) < 0 {
			y[i] = -1
		}
	}
	fam := GaussianBandwidth{Lower: 0.02, Upper: 20}
	var init [][]float64
	for _, sg := range []float64{0.02, 5, 10, 15, 20} {
		init = append(init, []float64{math.Log(sg)})
	}
	const mu = 1e-2
	m, err := Greedy{Family: fam, Mu: mu, Step2: DC, Init: init, Tol: 1e-6, MaxSteps: 150}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := fam.Prepare(X)
	K := mat.NewSymDense(n, nil)
	for _, at := range m.Atoms() {
		G, err := s.Gram([]float64{math.Log(at.Params[0])})
		if err != nil {
			t.Fatal(err)
		}
		K.AddSym(K, scaled(G, at.Weight))
	}
	a, _, err := solve(K, y, mu)
	if err != nil {
		t.Fatal(err)
	}
	P := outer(a)
	lo, hi, _ := fam.Space(1)
	const N = 4000
	vals := make([]float64, N)
	top := math.Inf(-1)
	for j := range vals {
		if vals[j], err = s.Inner(P, []float64{lo[0] + (hi[0]-lo[0])*float64(j)/(N-1)}, nil); err != nil {
			t.Fatal(err)
		}
		top = math.Max(top, vals[j])
	}
	var maxima []int
	for j := range vals {
		if (j == 0 || vals[j] > vals[j-1]) && (j == N-1 || vals[j] >= vals[j+1]) {
			maxima = append(maxima, j)
		}
	}
	if len(maxima) < 2 {
		t.Fatalf("%d maxima of f after %d steps", len(maxima), len(m.Steps()))
	}
	for _, j := range maxima {
		sg := math.Exp(lo[0] + (hi[0]-lo[0])*float64(j)/(N-1))
		var w float64
		for _, at := range m.Atoms() {
			if r := at.Params[0] / sg; r <= 1.5 && r >= 1/1.5 {
				w += at.Weight
			}
		}
		t.Logf("maximum at σ = %.4g: f = %.8g (largest %.8g), weight within 1.5× %.3f", sg, vals[j], top, w)
		if vals[j] < top*(1-2e-2) || w < 0.05 {
			t.Errorf("maximum at σ = %.4g: f = %.8g against the largest %.8g, weight nearby %.3f", sg, vals[j], top, w)
		}
	}
}
