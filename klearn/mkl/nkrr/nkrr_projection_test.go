package nkrr

import (
	"errors"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

// TestProjectEuclidean checks the projection p of v onto M_q = {μ ≥ 0,
// ‖μ − μ0‖_q ≤ Λ} by its characterisation: p ∈ M_q and ⟨v − p, z − p⟩ ≤ 0
// for every z ∈ M_q (here 2000 random points of M_q and its vertices
// μ0 ± Λe_k in ℓ1), and p = v for v already in M_q.
func TestProjectEuclidean(t *testing.T) {
	rng := klearn.NewRand(11)
	for _, q := range []Norm{L2, L1} {
		for trial := 0; trial < 50; trial++ {
			p := 1 + trial%6
			mu0, v := make([]float64, p), make([]float64, p)
			for k := range v {
				mu0[k] = 2 * rng.Float64()
				v[k] = mu0[k] + 3*rng.NormFloat64()
			}
			lam := 0.2 + 2*rng.Float64()
			pr, err := ProjectEuclidean(v, mu0, lam, q)
			if err != nil {
				t.Fatal(err)
			}
			d := make([]float64, p)
			for k := range d {
				if pr[k] < 0 {
					t.Fatalf("%v: projection %v has a negative entry", q, pr)
				}
				d[k] = pr[k] - mu0[k]
			}
			if q.norm(d) > lam*(1+1e-12) {
				t.Fatalf("%v: ‖p − μ0‖ = %v > Λ = %v", q, q.norm(d), lam)
			}
			for s := 0; s < 2000; s++ {
				z := make([]float64, p)
				for k := range z {
					z[k] = mu0[k] + lam*rng.NormFloat64()
				}
				// Map z into M_q by the (feasible) radial step.
				projectRadial(z, mu0, lam*rng.Float64(), q)
				var ip float64
				for k := range z {
					ip += (v[k] - pr[k]) * (z[k] - pr[k])
				}
				if ip > 1e-9*(1+q.norm(v)) {
					t.Fatalf("%v: ⟨v − p, z − p⟩ = %v > 0 (v %v, p %v, z %v)", q, ip, v, pr, z)
				}
			}
			again, _ := ProjectEuclidean(pr, mu0, lam, q)
			for k := range again {
				if math.Abs(again[k]-pr[k]) > 1e-9 {
					t.Fatalf("%v: projecting p moves it: %v → %v", q, pr, again)
				}
			}
		}
	}
	if _, err := ProjectEuclidean([]float64{1}, []float64{1, 2}, 1, L2); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("lengths: %v", err)
	}
	if _, err := ProjectEuclidean([]float64{1}, []float64{-1}, 1, L2); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("μ0 < 0: %v", err)
	}
}

// TestAlgorithm1Euclidean: Algorithm 1 with the exact projection reaches
// the minimum of F over M_2, which lies on the circle (Proposition 3),
// to the circle scan's accuracy, as the radial step does.
func TestAlgorithm1Euclidean(t *testing.T) {
	X, y := randData(8, 50, 2, 0)
	Ks := mustGrams(t, X)
	best := circleMin(t, Problem{Ks: Ks, Y: y, Lambda: 0.05, Degree: 2}, 0.9)
	m, err := Regressor{Degree: 2, Lambda: 0.05, Radius: 0.9, Eps: 1e-8, Projection: Euclidean}.FitGrams(Ks, y)
	if err != nil {
		t.Fatal(err)
	}
	w := m.Weights()
	if m.F > best*(1+1e-6) || math.Abs(math.Hypot(w[0]-1, w[1]-1)-0.9) > 1e-6 {
		t.Errorf("Euclidean: F = %.10g (circle scan %.10g), ‖μ − μ0‖ = %v", m.F, best, math.Hypot(w[0]-1, w[1]-1))
	}
	if _, err := (Regressor{Lambda: 1, Radius: 1, Projection: 7}).FitGrams(Ks, y); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("unknown projection: %v", err)
	}
}

func TestProjectEuclideanHuge(t *testing.T) {
	for _, q := range []Norm{L1, L2} {
		out, err := ProjectEuclidean([]float64{1e300, -1e300}, []float64{1e300, 0}, 1e300, q)
		if err == nil {
			for _, x := range out {
				if math.IsInf(x, 0) || math.IsNaN(x) {
					t.Errorf("%v: %v without an error", q, out)
				}
			}
		} else if !errors.Is(err, klearn.ErrNotFinite) {
			t.Errorf("%v: %v", q, err)
		}
	}
}
