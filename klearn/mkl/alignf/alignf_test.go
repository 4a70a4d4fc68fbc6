package alignf

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"github.com/kernelab/kernelab/klearn/mkl/internal/wrapper"
	"github.com/kernelab/kernelab/klearn/svm"
	"gonum.org/v1/gonum/mat"
)

func smktTarget(y []float64) *mat.SymDense {
	n := len(y)
	T := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			T.SetSym(i, j, y[i]*y[j])
		}
	}
	return T
}

// smktRho is ρ(Σ w_k K_k, yyᵀ) computed by metrics.CenteredAlignment.
func smktRho(t testing.TB, w []float64, Ks []*mat.SymDense, T *mat.SymDense) float64 {
	t.Helper()
	K, err := kernel.Combine(w, Ks)
	if err != nil {
		t.Fatal(err)
	}
	r, err := metrics.CenteredAlignment(K, T)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Proposition 9 of Cortes, Mohri & Rostamizadeh (2012): μ = v*/‖v*‖
// maximises the centred alignment over μ ≥ 0; checked against a brute-force
// search on a grid of the simplex (the alignment is scale-free).
func TestAlignfAgainstBruteForce(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 60, 5, 21)
	T := smktTarget(p.Y)
	cases := []struct {
		name string
		idx  []int
		step int // grid points per unit
	}{
		{"K1,K3", []int{1, 3}, 1000},
		{"K0,K1,K2", []int{0, 1, 2}, 50},
		{"K1,K2,K3", []int{1, 2, 3}, 50},
	}
	for _, c := range cases {
		var Ks []*mat.SymDense
		for _, i := range c.idx {
			Ks = append(Ks, p.Ks[i])
		}
		m, err := Align{}.FitGrams(Ks, p.Y)
		if err != nil {
			t.Fatal(err)
		}
		best, bestW := math.Inf(-1), []float64(nil)
		var rec func(prefix []float64, left int)
		rec = func(prefix []float64, left int) {
			if len(prefix) == len(Ks)-1 {
				w := append(append([]float64(nil), prefix...), float64(left)/float64(c.step))
				if r := smktRho(t, w, Ks, T); r > best {
					best, bestW = r, w
				}
				return
			}
			for i := 0; i <= left; i++ {
				rec(append(prefix, float64(i)/float64(c.step)), left-i)
			}
		}
		rec(nil, c.step)
		got := smktRho(t, m.Weights(), Ks, T)
		t.Logf("%s: μ %.4f (sum-normalised grid argmax %v), ρ %.6f grid %.6f", c.name, m.Weights(), bestW, got, best)
		if math.Abs(got-m.Alignment) > 1e-12 {
			t.Errorf("%s: model alignment %.15g, metrics.CenteredAlignment %.15g", c.name, m.Alignment, got)
		}
		// The exact maximiser is at least as good as every grid point.
		if got < best-1e-12 {
			t.Errorf("%s: alignf ρ = %.12g < grid maximum %.12g at %v", c.name, got, best, bestW)
		}
		// ... and, the grid being fine, not better than the grid by more
		// than the grid can miss (ρ is smooth; 1e-3 is loose).
		if got > best+1e-3 {
			t.Errorf("%s: alignf ρ = %.12g ≫ grid maximum %.12g", c.name, got, best)
		}
		s := wrapper.Sum(m.Weights())
		for k := range m.Weights() {
			if d := math.Abs(m.Weights()[k]/s - bestW[k]); d > 3/float64(c.step)+0.02 {
				t.Errorf("%s: normalised μ = %v, grid argmax %v", c.name, m.Weights(), bestW)
				break
			}
		}
		if nrm := math.Sqrt(mat.Dot(mat.NewVecDense(len(m.Weights()), m.Weights()), mat.NewVecDense(len(m.Weights()), m.Weights()))); math.Abs(nrm-1) > 1e-12 {
			t.Errorf("%s: ‖μ‖₂ = %g", c.name, nrm)
		}
		// Alignment increases over the uniform combination and over each
		// base kernel (vertices of the simplex).
		uni := make([]float64, len(Ks))
		for k := range uni {
			uni[k] = 1
		}
		if u := smktRho(t, uni, Ks, T); !(got >= u-1e-12) {
			t.Errorf("%s: ρ = %g below uniform %g", c.name, got, u)
		}
		for k, K := range Ks {
			rk, err := metrics.CenteredAlignment(K, T)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(rk-m.KernelAlignments[k]) > 1e-12 || got < rk-1e-12 {
				t.Errorf("%s: kernel %d alignment %g (model %g), alignf %g", c.name, k, rk, m.KernelAlignments[k], got)
			}
		}
	}
}

// H(K + c11ᵀ)H = HKH: adding a large constant to a kernel changes neither M
// nor a, so the weights are unchanged (tests the cancellation-free
// evaluation of ⟨K_kc, K_lc⟩).
func TestAlignfConstantShift(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 50, 5, 22)
	Ks := []*mat.SymDense{p.Ks[0], p.Ks[1], p.Ks[3]}
	m, err := Align{}.FitGrams(Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	n := len(p.Y)
	shifted := make([]*mat.SymDense, len(Ks))
	for k, K := range Ks {
		S := mat.NewSymDense(n, nil)
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				S.SetSym(i, j, K.At(i, j)+1e4)
			}
		}
		shifted[k] = S
	}
	ms, err := Align{}.FitGrams(shifted, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	// Entries of K are ~1/n = 0.02; the shift 1e4 leaves ~10 significant
	// digits of the centred part, so 1e-6 is a safe bound.
	for k := range m.Weights() {
		if d := math.Abs(m.Weights()[k] - ms.Weights()[k]); d > 1e-6 {
			t.Errorf("weight %d: %g, with constant shift %g", k, m.Weights()[k], ms.Weights()[k])
		}
	}
}

func TestAlignfSVM(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 60, 100, 23)
	c := SVM{SVM: svm.Classifier{C: 100}}
	m, err := c.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	// Stage 2 is the plain SVM on K_μ.
	K, err := kernel.Combine(m.Align.Weights(), p.Ks)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := svm.Classifier{C: 100}.FitGram(K, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	if ref.Objective() != m.SVM.Objective() {
		t.Errorf("SVM objective %g, plain SVM on K_μ %g", m.SVM.Objective(), ref.Objective())
	}
	pred, err := m.PredictGrams(p.Kte)
	if err != nil {
		t.Fatal(err)
	}
	Kte, err := m.Align.CombineCross(p.Kte)
	if err != nil {
		t.Fatal(err)
	}
	refPred, err := ref.PredictGram(Kte)
	if err != nil {
		t.Fatal(err)
	}
	correct := 0
	for i := range pred {
		if pred[i] != refPred[i] {
			t.Fatalf("prediction %d: %g, plain SVM %g", i, pred[i], refPred[i])
		}
		if pred[i] == p.Yte[i] {
			correct++
		}
	}
	// Loose sanity bound (labels are a linear function of the features).
	if acc := float64(correct) / float64(len(pred)); acc < 0.85 {
		t.Errorf("test accuracy %g", acc)
	}
	// Determinism.
	m2, err := c.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	for k := range m.Align.Weights() {
		if m.Align.Weights()[k] != m2.Align.Weights()[k] {
			t.Fatalf("weights differ: %v vs %v", m.Align.Weights(), m2.Align.Weights())
		}
	}
}

// TestAlignfWideGaussians: Gaussians with σ from 10⁻³ to 10³ on integer
// features (Afkanpour et al.'s finite set on Letter-like data). The
// narrowest are all ≈ I, the widest ≈ 11ᵀ − D/σ², so their centred Gram
// matrices are nearly collinear and differ in scale by up to 10¹²: on these
// three seeds (of 40 tried, 9 failed) the unscaled QP made opt.NNQP report
// it unbounded. The fit must succeed and reach at least the best single
// kernel's alignment (each e_k is feasible), recomputed from its weights,
// and the constant kernel (all ones) must get weight 0.
func TestAlignfWideGaussians(t *testing.T) {
	t.Parallel()
	for _, seed := range []uint64{0, 4, 27} {
		const n, d = 300, 16
		rng := rand.New(rand.NewPCG(seed, 13))
		X := mat.NewDense(n, d, nil)
		y := make([]float64, n)
		for i := 0; i < n; i++ {
			var s float64
			for j := 0; j < d; j++ {
				v := float64(rng.IntN(16))
				X.Set(i, j, v)
				if j < 4 {
					s += v
				}
			}
			y[i] = 1
			if s+2*rng.NormFloat64() < 30 {
				y[i] = -1
			}
		}
		var Ks []*mat.SymDense
		for k := 0; k < 50; k++ {
			K, err := kernel.Gram(kernel.Gaussian{Sigma: 1e-3 * math.Pow(10, 6*float64(k)/49)}, X)
			if err != nil {
				t.Fatal(err)
			}
			Ks = append(Ks, K)
		}
		ones := mat.NewSymDense(n, nil)
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				ones.SetSym(i, j, 1)
			}
		}
		Ks = append(Ks, ones)
		m, err := Align{}.FitGrams(Ks, y)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		best := math.Inf(-1)
		for _, r := range m.KernelAlignments[:50] {
			best = math.Max(best, r)
		}
		if !(m.Alignment >= best-1e-9) {
			t.Errorf("seed %d: alignment %.12g below the best single kernel's %.12g", seed, m.Alignment, best)
		}
		if r := smktRho(t, m.Weights(), Ks, smktTarget(y)); math.Abs(r-m.Alignment) > 1e-8 {
			t.Errorf("seed %d: alignment %.12g, recomputed from the weights %.12g", seed, m.Alignment, r)
		}
		if w := m.Weights()[50]; w != 0 {
			t.Errorf("seed %d: constant kernel weight %g, want 0", seed, w)
		}
	}
}
