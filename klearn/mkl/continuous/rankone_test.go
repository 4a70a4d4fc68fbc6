package continuous

import (
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
)

// TestRankOneMatchesInner: the rank-one forms of h(θ) = uᵀK(κ_θ)u and h'
// (rankone.go) against Inner on P = uuᵀ (the n² pair sum) to 1e-10
// relative, against the brute force uᵀ K u with the family's own kernel,
// and h' against central differences; the Gaussian's sum is the same bits
// on one and on two cores (its pairs run in parallel blocks).
func TestRankOneMatchesInner(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const n = 301 // more pairs than one parallel block
	x := mat.NewDense(n, 1, nil)
	for i := 0; i < n; i++ {
		x.Set(i, 0, 100+rng.Float64()*3) // off-centre: the rank-one form centres x
	}
	X, _, _, _ := klearntest.SyntheticData(klearntest.Binary, n, 3, 9)
	u := make([]float64, n)
	for i := range u {
		u[i] = rng.NormFloat64()
	}
	u, _, _ = unit(u)
	for _, c := range []struct {
		name   string
		fam    Family
		X      *mat.Dense
		thetas []float64
	}{
		{"Dirichlet", Dirichlet{}, x, []float64{0, 0.3, 1.7, 4.2, 9.9}},
		{"Gaussian", GaussianBandwidth{}, X, []float64{-3, -0.5, 0.2, 1.5, 6}},
	} {
		s, err := c.fam.Prepare(c.X)
		if err != nil {
			t.Fatal(err)
		}
		r, ok := s.(rankOner)
		if !ok {
			t.Fatalf("%s: no rank-one form", c.name)
		}
		f := r.rankOne(u)
		P := outer(u)
		uv := mat.NewVecDense(n, u)
		for _, th := range c.thetas {
			g, gi := make([]float64, 1), make([]float64, 1)
			h := must(f([]float64{th}, g))
			hi := must(s.Inner(P, []float64{th}, gi))
			if math.Abs(h-hi) > 1e-10*math.Abs(hi) || math.Abs(g[0]-gi[0]) > 1e-10*math.Max(math.Abs(gi[0]), 1e-3) {
				t.Errorf("%s θ = %g: h = %.15g, ∇h = %.15g; Inner %.15g, %.15g", c.name, th, h, g[0], hi, gi[0])
			}
			K := must(s.Gram([]float64{th}))
			if b := mat.Inner(uv, K, uv); math.Abs(h-b) > 1e-10*math.Abs(b) {
				t.Errorf("%s θ = %g: h = %.15g, uᵀKu = %.15g", c.name, th, h, b)
			}
			const e = 1e-6
			fd := (must(f([]float64{th + e}, nil)) - must(f([]float64{th - e}, nil))) / (2 * e)
			if math.Abs(fd-g[0]) > 1e-6*math.Max(1, math.Abs(g[0])) {
				t.Errorf("%s θ = %g: h' = %.10g, finite differences %.10g", c.name, th, g[0], fd)
			}
			var g1 []float64
			func() {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
				g1 = make([]float64, 1)
				if h1 := must(f([]float64{th}, g1)); h1 != h {
					t.Errorf("%s θ = %g: h = %v on one core, %v on two", c.name, th, h1, h)
				}
			}()
			if g1[0] != g[0] {
				t.Errorf("%s θ = %g: h' = %v on one core, %v on two", c.name, th, g1[0], g[0])
			}
		}
		// Bad θ and grad: the errors of Inner.
		for _, bad := range []struct {
			theta, grad []float64
			want        error
		}{
			{[]float64{math.NaN()}, nil, klearn.ErrNotFinite},
			{[]float64{1, 2}, nil, klearn.ErrShape},
			{nil, nil, klearn.ErrShape},
			{[]float64{1}, make([]float64, 2), klearn.ErrShape},
		} {
			if _, err := f(bad.theta, bad.grad); !errors.Is(err, bad.want) {
				t.Errorf("%s: θ %v, grad %v: err = %v, want %v", c.name, bad.theta, bad.grad, err, bad.want)
			}
		}
		// u is copied or read only.
		u0 := slices.Clone(u)
		_ = r.rankOne(u)
		if !slices.Equal(u, u0) {
			t.Errorf("%s: rankOne changed u", c.name)
		}
	}
}

// TestSearchUnitMatchesSearch: step 2 through the rank-one form finds the
// θ and value of Search on uuᵀ (to the search's tolerance), and refuses a u
// of the wrong length or not finite.
func TestSearchUnitMatchesSearch(t *testing.T) {
	X, _, _, _ := klearntest.SyntheticData(klearntest.Binary, 40, 1, 4)
	rng := rand.New(rand.NewPCG(3, 4))
	u := make([]float64, 40)
	for i := range u {
		u[i] = rng.NormFloat64()
	}
	u, _, _ = unit(u)
	for _, fam := range []Family{Dirichlet{}, GaussianBandwidth{}} {
		s := must(fam.Prepare(X))
		th, h, err := searchUnit(fam, s, 1, u, nil)
		if err != nil {
			t.Fatal(err)
		}
		th0, h0, err := Search(fam, s, 1, outer(u), nil)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(h-h0) > 1e-9*math.Abs(h0) || math.Abs(th[0]-th0[0]) > 1e-4*math.Max(1, math.Abs(th0[0])) {
			t.Errorf("%T: θ = %v, h = %.12g; Search %v, %.12g", fam, th, h, th0, h0)
		}
		if _, _, err := searchUnit(fam, s, 1, u[:39], nil); !errors.Is(err, klearn.ErrShape) {
			t.Errorf("%T: short u: err = %v", fam, err)
		}
		bad := slices.Clone(u)
		bad[3] = math.Inf(1)
		if _, _, err := searchUnit(fam, s, 1, bad, nil); !errors.Is(err, klearn.ErrNotFinite) {
			t.Errorf("%T: u with +Inf: err = %v", fam, err)
		}
	}
}

// TestDirichletDecision: the Dirichlet model's predictor through the
// feature expansion equals Σ_i a_i K(x_i, x) with the learned kernel's
// cross matrix (kernel.Cross) to 1e-10 of Σ_i |a_i| · 3, also for rows far
// from the training inputs; bad rows give the errors of CrossTrain and are
// not changed.
func TestDirichletDecision(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 60
	X := mat.NewDense(n, 1, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		v := 5 + 2*math.Pi*rng.Float64()
		X.Set(i, 0, v)
		y[i] = 1
		if math.Sin(2*v)+0.2*rng.NormFloat64() < 0 {
			y[i] = -1
		}
	}
	m, err := Greedy{Family: Dirichlet{}, Mu: 1e-2, MaxSteps: 6}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Atoms()) < 3 {
		t.Fatalf("only %d atoms", len(m.Atoms()))
	}
	Xte := mat.NewDense(40, 1, nil)
	for i := 0; i < 40; i++ {
		Xte.Set(i, 0, -20+60*rng.Float64())
	}
	got, err := m.Decision(Xte)
	if err != nil {
		t.Fatal(err)
	}
	C, err := CrossTrain(m.Kernel(), Xte, m.train)
	if err != nil {
		t.Fatal(err)
	}
	var want mat.VecDense
	want.MulVec(C, mat.NewVecDense(n, m.a))
	var scale float64
	for _, v := range m.a {
		scale += 3 * math.Abs(v)
	}
	for i, v := range got {
		if math.Abs(v-want.AtVec(i)) > 1e-10*scale {
			t.Errorf("row %d: f = %.15g, the cross kernel gives %.15g", i, v, want.AtVec(i))
		}
	}
	X2 := mat.NewDense(3, 2, nil)
	if _, err := m.Decision(X2); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("two columns: err = %v", err)
	}
	bad := mat.NewDense(2, 1, []float64{1, math.NaN()})
	if _, err := m.Decision(bad); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("NaN row: err = %v", err)
	}
	if v := bad.At(0, 0); v != 1 || !math.IsNaN(bad.At(1, 0)) {
		t.Errorf("Decision changed its input")
	}
}
