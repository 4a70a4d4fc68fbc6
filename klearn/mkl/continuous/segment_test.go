package continuous

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
)

// segmentCase is a step-3 problem: K a mixture of kernels, G a new one.
type segmentCase struct {
	name string
	K, G *mat.SymDense
	y    []float64
	mus  []float64
}

func segmentCases(t *testing.T) []segmentCase {
	t.Helper()
	rng := rand.New(rand.NewPCG(11, 12))
	const n = 200
	x := mat.NewDense(n, 1, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		v := rng.Float64() * 2 * math.Pi
		x.Set(i, 0, v)
		y[i] = 1
		if math.Sin(3*v)+0.3*rng.NormFloat64() < 0 {
			y[i] = -1
		}
	}
	gram := func(k kernel.Kernel, X *mat.Dense) *mat.SymDense {
		G, err := kernel.Gram(k, X)
		if err != nil {
			t.Fatal(err)
		}
		return G
	}
	mixOf := func(ks []kernel.Kernel, w []float64, X *mat.Dense) *mat.SymDense {
		Gs := make([]*mat.SymDense, len(ks))
		for i, k := range ks {
			Gs[i] = gram(k, X)
		}
		K, err := kernel.Combine(w, Gs)
		if err != nil {
			t.Fatal(err)
		}
		return K
	}
	Xg, yg, _, _ := klearntest.SyntheticData(klearntest.Binary, 150, 3, 6)
	return []segmentCase{
		{"Dirichlet", mixOf([]kernel.Kernel{kernel.Dirichlet{Sigma: 1}, kernel.Dirichlet{Sigma: 3.2}, kernel.Dirichlet{Sigma: 5}}, []float64{0.5, 0.3, 0.2}, x),
			gram(kernel.Dirichlet{Sigma: 2.9}, x), y, nil},
		{"Gaussian", mixOf([]kernel.Kernel{kernel.Gaussian{Sigma: 0.3}, kernel.Gaussian{Sigma: 2}}, []float64{0.6, 0.4}, Xg),
			gram(kernel.Gaussian{Sigma: 1}, Xg), yg, nil},
		// G far better than K: the minimiser lies in (pencilMax, 1) for
		// μ = 0.53 and 0.54, at 1 for 0.55.
		{"Gaussian near 1", gram(kernel.Gaussian{Sigma: 0.02}, Xg), gram(kernel.Gaussian{Sigma: 1}, Xg), yg, []float64{0.51, 0.53, 0.54, 0.55}},
	}
}

// TestPencilMatchesDirect: step 3's φ, φ' and φ” through the reduced
// pencil (segment.go) against the factorisation of K_λ + μI (segmentAt)
// for λ ≤ pencilMax, and the λ segment returns against the one of
// Minimize1D on segmentAt alone (step 3 before the pencil): the same E(K_λ) to 1e-10, the same λ when
// it lies above pencilMax.
func TestPencilMatchesDirect(t *testing.T) {
	for _, c := range segmentCases(t) {
		D, err := kernel.Combine([]float64{-1, 1}, []*mat.SymDense{c.K, c.G})
		if err != nil {
			t.Fatal(err)
		}
		mus := c.mus
		if mus == nil {
			mus = []float64{1, 1e-2, 1e-4}
		}
		for _, mu := range mus {
			_, _, ch, err := solveFactor(c.K, c.y, mu)
			if err != nil {
				t.Fatal(err)
			}
			p, err := newPencil(ch, c.G, c.y, mu)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range []float64{0, 0.05, 0.3, 0.7, 0.95, 0.98, 0.99} {
				f, d1, d2, ok := p.at(l)
				if !ok {
					t.Fatalf("%s μ = %g λ = %g: the pencil does not factor", c.name, mu, l)
				}
				w := segmentAt(c.K, c.G, D, c.y, mu, l)
				// φ' to Minimize1D's own tolerance on it, 1e-10(1+|φ|) (the
				// two differ by rounding where φ is flat and φ' ≈ 0). φ” is
				// only the Newton curvature of the search: 1e-7 relative (at
				// μ = 10⁻⁴ on the Dirichlet case the two agree to 1–2e-8 in a
				// GOAMD64=v3 build, whose fused multiply-adds round
				// differently, and to better than 1e-8 in a v1 build).
				if math.Abs(f-w.f) > 1e-10*math.Abs(w.f) || math.Abs(d1-w.d1) > 1e-10*(1+math.Abs(w.f)+math.Abs(w.d1)) || math.Abs(d2-w.d2) > 1e-7*math.Abs(w.d2) {
					t.Errorf("%s μ = %g λ = %g: pencil φ %.15g φ' %.15g φ'' %.15g; factorisation %.15g %.15g %.15g", c.name, mu, l, f, d1, d2, w.f, w.d1, w.d2)
				}
			}
			// The whole step 3 against Minimize1D on the factorisation alone.
			lam, err := segment(ch, c.K, c.G, c.y, mu)
			if err != nil {
				t.Fatal(err)
			}
			ref, _, err := segmentSearch(nil, c.K, c.G, c.y, mu)
			if err != nil {
				t.Fatal(err)
			}
			e, e0 := segmentAt(c.K, c.G, D, c.y, mu, lam).f, segmentAt(c.K, c.G, D, c.y, mu, ref).f
			if math.Abs(e-e0) > 1e-10*math.Abs(e0) {
				t.Errorf("%s μ = %g: step 3 λ = %.12g, E = %.15g; by the factorisation alone λ = %.12g, E = %.15g", c.name, mu, lam, e, ref, e0)
			}
			if ref > pencilMax && lam != ref {
				t.Errorf("%s μ = %g: step 3 λ = %.17g above pencilMax, by the factorisation %.17g", c.name, mu, lam, ref)
			}
			t.Logf("%s μ = %g: λ = %.12g, by the factorisation %.12g", c.name, mu, lam, ref)
		}
	}
}

// TestSegmentPencilOverflow: when the reduced pencil overflows (K + μI of
// order 1e-300 against a G of order 1e10), newPencil refuses it and step 3
// is the search on the factorisation alone.
func TestSegmentPencilOverflow(t *testing.T) {
	X, y, _, _ := klearntest.SyntheticData(klearntest.Binary, 30, 2, 8)
	G0, err := kernel.Gram(kernel.Gaussian{Sigma: 1}, X)
	if err != nil {
		t.Fatal(err)
	}
	K, G := mat.NewSymDense(30, nil), mat.NewSymDense(30, nil)
	G.ScaleSym(1e10, G0)
	for i := 0; i < 30; i++ {
		K.SetSym(i, i, 1e-300)
	}
	const mu = 1e-300
	_, _, ch, err := solveFactor(K, y, mu)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := newPencil(ch, G, y, mu); !errors.Is(err, klearn.ErrNotFinite) {
		t.Fatalf("newPencil: err = %v, want ErrNotFinite", err)
	}
	got, err := segment(ch, K, G, y, mu)
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := segmentSearch(nil, K, G, y, mu)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("step 3 λ = %v, the factorisation alone %v", got, want)
	}
}
