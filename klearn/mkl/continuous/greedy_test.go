package continuous

import (
	"math"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/krr"
	"github.com/kernelab/kernelab/klearn/opt"
)

// TestSegmentDerivatives: step 3's φ'(λ) and φ”(λ) against finite
// differences of E((1−λ)K + λG).
func TestSegmentDerivatives(t *testing.T) {
	X, y, _, _ := klearntest.SyntheticData(klearntest.Binary, 25, 2, 1)
	K, _ := kernel.Gram(kernel.Gaussian{Sigma: 0.5}, X)
	G, _ := kernel.Gram(kernel.Gaussian{Sigma: 3}, X)
	mu := 0.1
	mixed := func(l float64) *mat.SymDense {
		M, err := mix(K, G, l)
		if err != nil {
			t.Fatal(err)
		}
		return M
	}
	E := func(l float64) float64 { _, e, _ := solve(mixed(l), y, mu); return e }
	n := len(y)
	D, err := kernel.Combine([]float64{-1, 1}, []*mat.SymDense{K, G})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []float64{0.1, 0.5, 0.9} {
		a, _, _ := solve(mixed(l), y, mu)
		av := mat.NewVecDense(n, a)
		var Da mat.VecDense
		Da.MulVec(D, av)
		d1 := -mu * mat.Dot(av, &Da)
		h := 1e-5
		fd1 := (E(l+h) - E(l-h)) / (2 * h)
		fd2 := (E(l+h) - 2*E(l) + E(l-h)) / (h * h)
		b, _, _ := solve(mixed(l), Da.RawVector().Data, mu)
		d2 := 2 * mu * mat.Dot(&Da, mat.NewVecDense(n, b))
		if math.Abs(d1-fd1) > 1e-6*math.Max(1, math.Abs(d1)) || math.Abs(d2-fd2) > 1e-3*math.Max(1, math.Abs(d2)) {
			t.Errorf("λ = %g: φ' %g (FD %g), φ'' %g (FD %g)", l, d1, fd1, d2, fd2)
		}
	}
}

// TestSearchGradients: ∇h of every family against central differences, and
// h(θ) = ⟨P, K(κ_θ)⟩ with the family's own kernel.
func TestSearchGradients(t *testing.T) {
	X, _, _, _ := klearntest.SyntheticData(klearntest.Binary, 18, 3, 3)
	P := klearntest.RandPSD(18, 5, 4)
	x1 := mat.NewDense(18, 1, nil)
	for i := 0; i < 18; i++ {
		x1.Set(i, 0, 3*X.At(i, 0))
	}
	for _, c := range []struct {
		name    string
		fam     Family
		X       *mat.Dense
		theta   []float64
		penalty bool
	}{
		{"Gaussian", GaussianBandwidth{}, X, []float64{0.2}, false},
		{"PerCoordinate", GaussianPerCoordinate{}, X, []float64{0.1, -0.3, 0.5}, false},
		{"PerCoordinate λ", GaussianPerCoordinate{Lambda: 0.7}, X, []float64{0.1, -0.3, 0.5}, true},
		{"Dirichlet", Dirichlet{}, x1, []float64{1.7}, false},
		{"Blocks", GaussianBlocks{Blocks: [][]int{{0, 2}, {1}}}, X, []float64{0.1, -0.2}, false},
	} {
		s, err := c.fam.Prepare(c.X)
		if err != nil {
			t.Fatal(err)
		}
		g := make([]float64, len(c.theta))
		must(s.Inner(P, c.theta, g))
		for k := range c.theta {
			h := 1e-6
			up, dn := slices.Clone(c.theta), slices.Clone(c.theta)
			up[k] += h
			dn[k] -= h
			fd := (must(s.Inner(P, up, nil)) - must(s.Inner(P, dn, nil))) / (2 * h)
			if math.Abs(fd-g[k]) > 1e-6*math.Max(1, math.Abs(g[k])) {
				t.Errorf("%s: ∂h/∂θ_%d = %.10g, finite differences %.10g", c.name, k, g[k], fd)
			}
		}
		Kt, _ := kernel.Gram(must(c.fam.Kernel(c.theta)), c.X)
		if Gs := must(s.Gram(c.theta)); !mat.EqualApprox(Gs, Kt, 1e-12) {
			t.Errorf("%s: cached Gram differs from kernel.Gram", c.name)
		}
		if !c.penalty {
			var want float64
			for i := 0; i < 18; i++ {
				for j := 0; j < 18; j++ {
					want += P.At(i, j) * Kt.At(i, j)
				}
			}
			if got := must(s.Inner(P, c.theta, nil)); math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
				t.Errorf("%s: h = %.12g, ⟨P, K⟩ = %.12g", c.name, got, want)
			}
		}
	}
}

// TestGreedy: E decreases monotonically, the weights are a convex
// combination, the saddle-point test stops the algorithm with a small gap,
// the predictor is KRR on the learned kernel (closed form), easy data are
// classified well, and GOMAXPROCS does not change the fit.
func TestGreedy(t *testing.T) {
	X, y, Xte, yte := klearntest.SyntheticData(klearntest.Binary, 60, 2, 5)
	g := Greedy{Mu: 0.05}
	m, err := g.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	errs := m.Errors()
	for i := 1; i < len(errs); i++ {
		if errs[i] > errs[i-1]*(1+1e-12) {
			t.Errorf("E rose at step %d: %v", i, errs)
		}
	}
	var sum float64
	for _, a := range m.Atoms() {
		if a.Weight < 0 {
			t.Errorf("negative weight %v", a)
		}
		sum += a.Weight
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("weights sum to %g", sum)
	}
	if m.Status().String() == "" || len(m.Atoms()) == 0 {
		t.Fatalf("status %v, %d atoms", m.Status(), len(m.Atoms()))
	}
	// The predictor is kernel ridge regression on the learned kernel.
	r, err := krr.Regressor{Kernel: m.Kernel(), Lambda: 0.05}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := r.Predict(Xte)
	got, err := m.Decision(Xte)
	if err != nil {
		t.Fatal(err)
	}
	klearntest.CloseSlices(t, "decision vs KRR", got, want, 1e-8)
	p, _ := m.Predict(Xte)
	hit := 0
	for i := range p {
		if p[i] == yte[i] {
			hit++
		}
	}
	if acc := float64(hit) / float64(len(p)); acc < 0.85 {
		t.Errorf("test accuracy %.3f", acc)
	}
	old := runtime.GOMAXPROCS(1)
	m1, _ := g.Fit(X, y)
	runtime.GOMAXPROCS(2)
	m2, _ := g.Fit(X, y)
	runtime.GOMAXPROCS(old)
	if !slices.Equal(m1.Errors(), m2.Errors()) {
		t.Errorf("GOMAXPROCS 1 and 2 differ")
	}
}

// TestGreedyFunTol: the functional-change test stops the run at the first
// step whose relative decrease of E, against the E after the previous step,
// is below FunTol (computed here from the run without the test, whose
// trace the stopped run must repeat bit for bit up to there), with Status
// FunctionConvergence; the initial kernel's E is never compared, so a
// FunTol that every decrease passes still takes two steps.
func TestGreedyFunTol(t *testing.T) {
	X, y, _, _ := klearntest.SyntheticData(klearntest.Binary, 60, 2, 5)
	init := [][]float64{{math.Log(0.3)}, {math.Log(1)}, {math.Log(3)}}
	for _, in := range [][][]float64{nil, init} {
		base := Greedy{Mu: 0.05, Tol: 1e-12, MaxSteps: 30, Init: in}
		full, err := base.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		E := full.Errors()
		first := 0 // the index in E of the E after step 1
		if in != nil {
			first = 1
		}
		// Relative decreases between steps; the test sits between the
		// smallest and the largest, away from both.
		var rel []float64
		for i := first + 1; i < len(E); i++ {
			rel = append(rel, math.Abs(E[i-1]-E[i])/E[i])
		}
		if len(rel) < 4 {
			t.Fatalf("init %v: only %d steps without the test (%v)", in, len(rel)+1, full.Status())
		}
		sorted := slices.Clone(rel)
		slices.Sort(sorted)
		tol := math.Sqrt(sorted[len(sorted)/2] * sorted[len(sorted)/2+1])
		want := -1 // index in E of the E after the stopping step
		for i, r := range rel {
			if r < tol {
				want = first + 1 + i
				break
			}
		}
		base.FunTol = tol
		m, err := base.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Errors(); m.Status() != opt.FunctionConvergence || !slices.Equal(got, E[:want+1]) {
			t.Errorf("init %v, FunTol %.3g: status %v, E %v; want FunctionConvergence and %v", in, tol, m.Status(), got, E[:want+1])
		}
		base.FunTol = 1e300
		m, err = base.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Errors(); m.Status() != opt.FunctionConvergence || len(got) != first+2 {
			t.Errorf("init %v, FunTol 1e300: status %v after %d values of E, want 2 steps", in, m.Status(), len(got))
		}
	}
}

func TestGreedyBadInput(t *testing.T) {
	X, y, _, _ := klearntest.SyntheticData(klearntest.Binary, 20, 2, 6)
	nanX := mat.DenseCopyOf(X)
	nanX.Set(0, 0, math.NaN())
	one := make([]float64, 20)
	for i := range one {
		one[i] = 1
	}
	var nilModel *GreedyModel
	fit := func(g Greedy, X mat.Matrix, y []float64) func() error {
		return func() error { _, err := g.Fit(X, y); return err }
	}
	klearntest.Battery(t, []klearntest.Case{
		klearntest.Bad("μ < 0", fit(Greedy{Mu: -1}, X, y), klearn.ErrParam),
		klearntest.Bad("FunTol < 0", fit(Greedy{FunTol: -1}, X, y), klearn.ErrParam),
		klearntest.Bad("FunTol NaN", fit(Greedy{FunTol: math.NaN()}, X, y), klearn.ErrParam),
		klearntest.Bad("empty box", fit(Greedy{Family: GaussianBandwidth{Lower: 2, Upper: 2}}, X, y), klearn.ErrParam),
		klearntest.Bad("σ ≤ 0", fit(Greedy{Family: GaussianBandwidth{Lower: -1}}, X, y), klearn.ErrParam),
		klearntest.Bad("NaN data", fit(Greedy{}, nanX, y), klearn.ErrNotFinite),
		klearntest.Bad("one class", fit(Greedy{}, X, one), nil),
		klearntest.Bad("Dirichlet in 2-D", fit(Greedy{Family: Dirichlet{}}, X, y), klearn.ErrShape),
		klearntest.Bad("nil model", func() error { _, err := nilModel.Predict(X); return err }, klearn.ErrNotFitted),
	})
}

// TestGreedyQuasiNewtonSmallC: with μ = 1e-7 the vector c = −2μ(K+μI)⁻¹y
// of step 2 is tiny; the quasi-Newton step 2 still reaches the certified
// global maximum of ⟨c, G(σ)c⟩ that the DC step finds (from three starts),
// instead of stopping at a start.
func TestGreedyQuasiNewtonSmallC(t *testing.T) {
	X, y, _, _ := klearntest.SyntheticData(klearntest.Binary, 60, 2, 5)
	init := [][]float64{{math.Log(0.3)}, {math.Log(3)}}
	fam := GaussianBandwidth{Lower: 0.1, Upper: 10, Starts: []float64{0.2, 1, 5}}
	qn, err := Greedy{Family: fam, Mu: 1e-7, Tol: 1e-12, MaxSteps: 1, Init: init}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	dc, err := Greedy{Family: fam, Mu: 1e-7, Tol: 1e-12, MaxSteps: 1, Init: init, Step2: DC}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	q, d := qn.Steps()[0], dc.Steps()[0]
	if d.DCStatus != opt.Success {
		t.Fatalf("DC step not certified: %v", d.DCStatus)
	}
	if math.Abs(q.Value-d.Value) > 1e-6*math.Abs(d.Value) || math.Abs(math.Log(q.Params[0]/d.Params[0])) > 1e-3 {
		t.Errorf("quasi-Newton σ = %v, value %v; DC σ = %v, value %v", q.Params, q.Value, d.Params, d.Value)
	}
	for _, s := range fam.Starts {
		if math.Abs(math.Log(q.Params[0]/s)) < 1e-6 {
			t.Errorf("quasi-Newton stayed at its start σ = %v", s)
		}
	}
}

// scaled returns wG (the tests' running sums of weighted Grams).
func scaled(G *mat.SymDense, w float64) *mat.SymDense {
	out := mat.NewSymDense(G.SymmetricDim(), nil)
	out.ScaleSym(w, G)
	return out
}
