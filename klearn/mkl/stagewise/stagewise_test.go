package stagewise

import (
	"math"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/svm"
)

// problem returns centred target Ks, a PSD kernel K and its centred form on
// n points of two blobs.
func problem(n int, seed uint64) (X *mat.Dense, y []float64, K, Ks *mat.SymDense) {
	X, y, _, _ = klearntest.SyntheticData(klearntest.Binary, n, 3, seed)
	var ybar float64
	for _, v := range y {
		ybar += v / float64(n)
	}
	yt := make([]float64, n)
	for i := range y {
		yt[i] = y[i] - ybar
	}
	Ks = mat.NewSymDense(n, nil)
	Ks.SymOuterK(1, mat.NewVecDense(n, yt))
	K, _ = kernel.Gram(kernel.Gaussian{Sigma: 1.3}, X)
	return X, y, K, Ks
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func center(K *mat.SymDense) *mat.SymDense { return must(kernel.Center(K)) }

func randSym(n int, seed uint64) *mat.SymDense {
	A := klearntest.RandMatrix(n, n, -1, 1, seed)
	S := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			S.SetSym(i, j, A.At(i, j)+A.At(j, i))
		}
	}
	return S
}

// TestGradientFiniteDifferences: F'(K) of Eq. (3) is the gradient of F
// (central differences along random symmetric directions).
func TestGradientFiniteDifferences(t *testing.T) {
	_, _, K, Ks := problem(20, 1)
	G := must(Gradient(K, Ks))
	for s := uint64(0); s < 10; s++ {
		H := randSym(20, 100+s)
		h := 1e-5
		fd := (must(Alignment(must(lin(1, K, h, H)), Ks)) - must(Alignment(must(lin(1, K, -h, H)), Ks))) / (2 * h)
		if an := must(metrics.Frobenius(G, H)); math.Abs(fd-an) > 1e-6*math.Max(1, math.Abs(an)) {
			t.Errorf("direction %d: ⟨F'(K), H⟩ = %.10g, finite differences %.10g", s, an, fd)
		}
	}
}

// TestProposition1AndLemma3: the directional derivative of the centred
// alignment f(k) = A_c(K(k), yyᵀ) along κ_σ equals ⟨K(κ_σ), F'(K_c)⟩_F, and
// C F'(K_c) C = F'(K_c) (Lemma 3); the searchers' h(σ) is that inner product.
func TestProposition1AndLemma3(t *testing.T) {
	X, _, K, Ks := problem(25, 2)
	Kc := center(K)
	G := must(Gradient(Kc, Ks))
	if CG := center(G); !mat.EqualApprox(CG, G, 1e-12) {
		t.Errorf("C F'(K_c) C ≠ F'(K_c)")
	}
	fam := continuous.GaussianBandwidth{}
	s, err := fam.Prepare(X)
	if err != nil {
		t.Fatal(err)
	}
	for _, sigma := range []float64{0.3, 1, 4} {
		th := []float64{math.Log(sigma)}
		Kk, err := s.Gram(th)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := kernel.Gram(kernel.Gaussian{Sigma: sigma}, X)
		if !mat.EqualApprox(Kk, want, 1e-12) {
			t.Fatalf("σ = %g: cached Gram differs from kernel.Gram", sigma)
		}
		eps := 1e-6
		fd := (must(Alignment(center(must(lin(1, K, eps, Kk))), Ks)) - must(Alignment(center(must(lin(1, K, -eps, Kk))), Ks))) / (2 * eps)
		h, err := s.Inner(center(G), th, nil)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(fd-h) > 1e-6*math.Max(1, math.Abs(h)) {
			t.Errorf("σ = %g: directional derivative %.10g, ⟨K(κ_σ), F'(K_c)⟩ %.10g", sigma, fd, h)
		}
	}
}

// TestProposition2: the closed-form step maximises F(K + ηK') on [0, η_max]
// (against a dense grid), for random centred K, K'.
func TestProposition2(t *testing.T) {
	_, _, K, Ks := problem(15, 4)
	for s := uint64(0); s < 20; s++ {
		Kc := center(must(lin(1, K, 0.3, randSym(15, 200+s))))
		Kp := center(randSym(15, 300+s))
		for _, etaMax := range []float64{0.5, 1, 10} {
			eta := must(Step(Kc, Kp, Ks, etaMax))
			if eta < 0 || eta > etaMax {
				t.Fatalf("η = %g outside [0, %g]", eta, etaMax)
			}
			best := math.Inf(-1)
			for i := 0; i <= 20000; i++ {
				best = math.Max(best, must(Alignment(must(lin(1, Kc, etaMax*float64(i)/20000, Kp)), Ks)))
			}
			if got := must(Alignment(must(lin(1, Kc, eta, Kp)), Ks)); got < best-1e-9 {
				t.Errorf("case %d, η_max %g: F at η = %g is %.12g, grid maximum %.12g", s, etaMax, eta, got, best)
			}
		}
	}
}

// TestFit: CA-1D, CA-nD and Dirichlet fits ascend the alignment
// monotonically, stop on the θ rule, keep their parameters in the box and
// classify easy data well; the same fit for GOMAXPROCS 1 and 2.
func TestFit(t *testing.T) {
	X, y, _, _ := problem(60, 5)
	sine, err := datasets.SineFrequency(120, 6)
	if err != nil {
		t.Fatal(err)
	}
	ys, err := datasets.Binary(sine)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		ca   CA
		X    mat.Matrix
		y    []float64
		acc  float64
	}{
		{"CA-1D", CA{}, X, y, 0.9},
		{"CA-nD", CA{Family: continuous.GaussianPerCoordinate{Lambda: 0.01}}, X, y, 0.9},
		{"Dirichlet", CA{Family: continuous.Dirichlet{}, SVM: svm.Classifier{C: 10}}, sine.X, ys, 0.8},
	} {
		m, err := c.ca.Fit(c.X, c.y)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		al := m.Alignments()
		for i := 1; i < len(al); i++ {
			if al[i] < al[i-1]-1e-12 {
				t.Errorf("%s: alignment fell at stage %d: %v", c.name, i, al)
			}
		}
		if len(al) > DefaultT+1 || len(m.Atoms()) == 0 {
			t.Errorf("%s: %d stages, %d atoms", c.name, len(al)-1, len(m.Atoms()))
		}
		var sum float64
		for _, a := range m.Atoms() {
			if !(a.Eta > 0) {
				t.Errorf("%s: η = %g", c.name, a.Eta)
			}
			sum += a.Eta
		}
		if math.Abs(sum-1) > 1e-12 {
			t.Errorf("%s: weights sum to %g, want 1", c.name, sum)
		}
		p, err := m.Predict(c.X)
		if err != nil {
			t.Fatal(err)
		}
		hit := 0
		for i := range p {
			if p[i] == c.y[i] {
				hit++
			}
		}
		if acc := float64(hit) / float64(len(p)); acc < c.acc {
			t.Errorf("%s: training accuracy %.3f < %.2f (atoms %v)", c.name, acc, c.acc, m.Atoms())
		}
		old := runtime.GOMAXPROCS(1)
		m1, err1 := c.ca.Fit(c.X, c.y)
		runtime.GOMAXPROCS(2)
		m2, err2 := c.ca.Fit(c.X, c.y)
		runtime.GOMAXPROCS(old)
		if err1 != nil || err2 != nil || !slices.Equal(m1.Alignments(), m2.Alignments()) {
			t.Errorf("%s: GOMAXPROCS 1 and 2 differ (%v, %v)", c.name, err1, err2)
		}
	}
}

// TestDirichletFindsTheFrequencies: on the sine-frequency problem the
// learned Dirichlet frequencies lie near the target's √2, √12, √60.
func TestDirichletFindsTheFrequencies(t *testing.T) {
	sine, err := datasets.SineFrequency(200, 7)
	if err != nil {
		t.Fatal(err)
	}
	ys, err := datasets.Binary(sine)
	if err != nil {
		t.Fatal(err)
	}
	m, err := CA{Family: continuous.Dirichlet{}}.Fit(sine.X, ys)
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, f := range []float64{math.Sqrt2, math.Sqrt(12), math.Sqrt(60)} {
		for _, a := range m.Atoms() {
			if math.Abs(a.Sigma[0]-f) < 0.15 {
				found++
				break
			}
		}
	}
	if found < 2 {
		t.Errorf("frequencies %v: %d of √2, √12, √60 found", m.Atoms(), found)
	}
}

func TestBadInput(t *testing.T) {
	X, y, K, Ks := problem(20, 8)
	nanK := mat.NewSymDense(20, nil)
	nanK.CopySym(K)
	nanK.SetSym(2, 5, math.NaN())
	hugeK := mat.NewSymDense(20, nil)
	hugeK.ScaleSym(1e200, K)
	nanX := mat.DenseCopyOf(X)
	nanX.Set(3, 1, math.NaN())
	one := make([]float64, 20)
	for i := range one {
		one[i] = 1
	}
	constCol := mat.DenseCopyOf(X)
	for i := 0; i < 20; i++ {
		constCol.Set(i, 2, 5)
	}
	m, err := CA{}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	var nilModel *Model
	fit := func(c CA, X mat.Matrix, y []float64) func() error {
		return func() error { _, err := c.Fit(X, y); return err }
	}
	klearntest.Battery(t, []klearntest.Case{
		klearntest.Bad("inverted bounds", fit(CA{Family: continuous.GaussianBandwidth{Lower: 10, Upper: 1}}, X, y), klearn.ErrParam),
		klearntest.Bad("bandwidth bound ≤ 0", fit(CA{Family: continuous.GaussianPerCoordinate{Lower: -1, Upper: 1}}, X, y), klearn.ErrParam),
		klearntest.Bad("infinite bound", fit(CA{Family: continuous.Dirichlet{Upper: math.Inf(1)}}, X.Slice(0, 20, 0, 1), y), klearn.ErrParam),
		klearntest.Bad("NaN data", fit(CA{}, nanX, y), klearn.ErrNotFinite),
		klearntest.Bad("one class", fit(CA{}, X, one), nil),
		klearntest.Bad("T < 0", fit(CA{T: -1}, X, y), klearn.ErrParam),
		klearntest.Bad("EtaMax NaN", fit(CA{EtaMax: math.NaN()}, X, y), klearn.ErrParam),
		klearntest.Bad("Dirichlet on 3-D inputs", fit(CA{Family: continuous.Dirichlet{}}, X, y), klearn.ErrShape),
		klearntest.Bad("constant column for per-coordinate bandwidths", fit(CA{Family: continuous.GaussianPerCoordinate{}}, constCol, y), klearn.ErrParam),
		klearntest.Bad("negative λ", fit(CA{Family: continuous.GaussianPerCoordinate{Lambda: -1}}, X, y), klearn.ErrParam),
		klearntest.Bad("short labels", fit(CA{}, X, y[:5]), nil),
		klearntest.Bad("predict wrong columns", func() error { _, err := m.Predict(X.Slice(0, 5, 0, 2)); return err }, klearn.ErrShape),
		klearntest.Bad("nil model", func() error { _, err := nilModel.Decision(X); return err }, klearn.ErrNotFitted),
		klearntest.Bad("Alignment nil", func() error { _, err := Alignment(nil, Ks); return err }, klearn.ErrEmpty),
		klearntest.Bad("Alignment orders differ", func() error { _, err := Alignment(K, randSym(3, 1)); return err }, klearn.ErrShape),
		klearntest.Bad("Alignment zero K", func() error { _, err := Alignment(mat.NewSymDense(20, nil), Ks); return err }, klearn.ErrSingular),
		klearntest.Bad("Alignment NaN", func() error { _, err := Alignment(nanK, Ks); return err }, klearn.ErrNotFinite),
		klearntest.Bad("Gradient overflow", func() error { _, err := Gradient(hugeK, Ks); return err }, klearn.ErrNotFinite),
		klearntest.Bad("Step overflow", func() error { _, err := Step(hugeK, K, Ks, 1); return err }, klearn.ErrNotFinite),
		klearntest.Bad("Gradient empty", func() error { _, err := Gradient(&mat.SymDense{}, Ks); return err }, klearn.ErrEmpty),
		klearntest.Bad("Gradient zero target", func() error { _, err := Gradient(K, mat.NewSymDense(20, nil)); return err }, klearn.ErrSingular),
		klearntest.Bad("Step nil K'", func() error { _, err := Step(K, nil, Ks, 1); return err }, klearn.ErrEmpty),
		klearntest.Bad("Step K' of another order", func() error { _, err := Step(K, randSym(5, 2), Ks, 1); return err }, klearn.ErrShape),
		klearntest.Bad("Step etaMax NaN", func() error { _, err := Step(K, K, Ks, math.NaN()); return err }, klearn.ErrParam),
		klearntest.Bad("Step etaMax 0", func() error { _, err := Step(K, K, Ks, 0); return err }, klearn.ErrParam),
		klearntest.Bad("Step zero K", func() error { _, err := Step(mat.NewSymDense(20, nil), K, Ks, 1); return err }, klearn.ErrSingular),
	})
	// F is scale-invariant and computed on rescaled copies: a K whose
	// squared norm overflows float64 still has its alignment.
	if f, err := Alignment(hugeK, Ks); err != nil || math.Abs(f-must(Alignment(K, Ks))) > 1e-14 {
		t.Errorf("Alignment(1e200 K) = %v, %v; want Alignment(K) = %v", f, err, must(Alignment(K, Ks)))
	}
	// A zero direction K' is no error: F(K + ηK') = F(K) for every η, and the
	// step is 0.
	if eta, err := Step(K, mat.NewSymDense(20, nil), Ks, 1); err != nil || eta != 0 {
		t.Errorf("Step along a zero K' = %v, %v; want 0", eta, err)
	}
}

// BenchmarkSearchInner is one evaluation of h(σ) = ⟨P, K(κ_σ)⟩ and its
// derivative from the cached squared distances (n = 500), the cost of one
// quasi-Newton step of a stage.
func BenchmarkSearchInner(b *testing.B) {
	X, _, K, Ks := problem(500, 9)
	P := center(must(Gradient(center(K), Ks)))
	s, err := continuous.GaussianBandwidth{}.Prepare(X)
	if err != nil {
		b.Fatal(err)
	}
	g := make([]float64, 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := s.Inner(P, []float64{0.1}, g); err != nil {
			b.Fatal(err)
		}
	}
}
