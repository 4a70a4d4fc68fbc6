package svm

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
)

// randomProblem draws n Gaussian points in d dimensions with labels from a
// noisy linear rule (flip = probability of a random label), seeded.
func randomProblem(seed uint64, n, d int, flip float64) ([][]float64, []float64) {
	rng := klearn.NewRand(seed)
	X := make([][]float64, n)
	y := make([]float64, n)
	for i := range X {
		X[i] = make([]float64, d)
		s := 0.0
		for j := range X[i] {
			X[i][j] = rng.NormFloat64()
			s += X[i][j] * float64(j+1)
		}
		y[i] = 1
		if s < 0 {
			y[i] = -1
		}
		if rng.Float64() < flip {
			y[i] = -y[i]
		}
	}
	// Both classes present.
	y[0], y[n-1] = 1, -1
	return X, y
}

// kktViolation returns the largest violation of the KKT conditions of the
// C-SVC dual (Eq. (5)–(7) of Fan, Chen & Lin 2005, in terms of the margin
// y_i f(x_i)): y_if_i ≥ 1 if α_i = 0, y_if_i ≤ 1 if α_i = C_i, y_if_i = 1
// otherwise, plus |Σ_i y_iα_i| when the model has a bias.
func kktViolation(K *mat.SymDense, y, alpha, C []float64, b float64, bias bool) float64 {
	n := len(y)
	worst := 0.0
	sum := 0.0
	for i := 0; i < n; i++ {
		f := b
		for j := 0; j < n; j++ {
			f += alpha[j] * y[j] * K.At(i, j)
		}
		m := y[i] * f
		switch {
		case alpha[i] <= 0:
			worst = max(worst, 1-m)
		case alpha[i] >= C[i]:
			worst = max(worst, m-1)
		default:
			worst = max(worst, math.Abs(m-1))
		}
		if alpha[i] < 0 || alpha[i] > C[i] {
			return math.Inf(1)
		}
		sum += y[i] * alpha[i]
	}
	if bias {
		worst = max(worst, math.Abs(sum))
	}
	return worst
}

func dualObjective(K *mat.SymDense, y, alpha []float64) float64 {
	n := len(y)
	v := 0.0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			v += 0.5 * alpha[i] * alpha[j] * y[i] * y[j] * K.At(i, j)
		}
		v -= alpha[i]
	}
	return v
}

type testPoly struct{}

func (testPoly) Eval(x, z []float64) float64 {
	return math.Pow(testLinear{}.Eval(x, z)+1, 3)
}

// TestKKTRandom checks optimality through the KKT conditions — sufficient
// for this convex QP — on random problems of many sizes, kernels, C, class
// weights, with and without bias and shrinking. Tol = 1e-6 bounds each
// violation by 1e-6 (m(α) − M(α) < Tol and b ∈ [M, m]); we allow 2e-6.
func TestKKTRandom(t *testing.T) {
	t.Parallel()
	sizes := []int{2, 3, 5, 10, 30, 100, 250}
	if testing.Short() {
		sizes = sizes[:6]
	}
	kernels := []evaler{testRBF{0.5}, testLinear{}, testPoly{}}
	seed := uint64(1)
	for _, n := range sizes {
		for ki, k := range kernels {
			for _, C := range []float64{0.01, 1, 100} {
				for _, noBias := range []bool{false, true} {
					seed++
					X, y := randomProblem(seed, n, 2+ki*3, 0.1)
					K := gramOf(k, X)
					clf := Classifier{C: C, NoBias: noBias, Tol: 1e-6, NoShrinking: seed%3 == 0, WeightPos: []float64{1, 2, 0.5}[seed%3]}
					m, err := clf.FitGram(K, y)
					if err != nil {
						t.Fatal(err)
					}
					label := fmt.Sprintf("n=%d kernel=%d C=%g noBias=%v", n, ki, C, noBias)
					if m.Status() != Converged {
						t.Errorf("%s: %v after %d iterations", label, m.Status(), m.Iterations())
						continue
					}
					alpha := m.Alpha()
					Cb := make([]float64, n)
					for i := range Cb {
						Cb[i] = C
						if y[i] > 0 {
							Cb[i] *= clf.WeightPos
						}
					}
					if v := kktViolation(K, y, alpha, Cb, m.Bias(), !noBias); v > 2e-6 {
						t.Errorf("%s: KKT violation %.3g", label, v)
					}
					if noBias && m.Bias() != 0 {
						t.Errorf("%s: bias %v without bias", label, m.Bias())
					}
					if obj := dualObjective(K, y, alpha); math.Abs(obj-m.Objective()) > 1e-9*max(1, math.Abs(obj)) {
						t.Errorf("%s: Objective %.12g, recomputed %.12g", label, m.Objective(), obj)
					}
					// Dual coefficients are y_iα_i on the support.
					coef := m.DualCoef()
					for s, i := range m.Support() {
						if coef[s] != y[i]*alpha[i] || alpha[i] <= 0 {
							t.Errorf("%s: DualCoef[%d] = %v, y α = %v", label, s, coef[s], y[i]*alpha[i])
						}
					}
				}
			}
		}
	}
}

// TestNoBiasIsConstrainedWithoutEquality checks that dropping the bias can
// only lower the dual objective (a relaxation: the equality yᵀα = 0 is
// removed), on random problems.
func TestNoBiasRelaxation(t *testing.T) {
	t.Parallel()
	for seed := uint64(100); seed < 110; seed++ {
		X, y := randomProblem(seed, 60, 4, 0.2)
		K := gramOf(testRBF{0.3}, X)
		with, err := Classifier{C: 2, Tol: 1e-8}.FitGram(K, y)
		if err != nil {
			t.Fatal(err)
		}
		without, err := Classifier{C: 2, Tol: 1e-8, NoBias: true}.FitGram(K, y)
		if err != nil {
			t.Fatal(err)
		}
		if without.Objective() > with.Objective()+1e-9 {
			t.Errorf("seed %d: no-bias objective %.10g > with-bias %.10g", seed, without.Objective(), with.Objective())
		}
	}
}

// TestCacheAndShrinkingInvariance: the cache only changes speed, so a
// two-row cache must give bit-identical iterations and objective; shrinking
// changes the path but not the optimum (objective to 1e-6 relative at Tol 1e-8).
func TestCacheAndShrinkingInvariance(t *testing.T) {
	t.Parallel()
	X, y := randomProblem(7, 300, 5, 0.15)
	K := gramOf(testRBF{0.2}, X)
	for _, noBias := range []bool{false, true} {
		big, err := Classifier{C: 10, Tol: 1e-8, NoBias: noBias}.FitGram(K, y)
		if err != nil {
			t.Fatal(err)
		}
		tiny, err := Classifier{C: 10, Tol: 1e-8, NoBias: noBias, CacheMB: 1e-9}.FitGram(K, y)
		if err != nil {
			t.Fatal(err)
		}
		if big.Iterations() != tiny.Iterations() || big.Objective() != tiny.Objective() || big.Bias() != tiny.Bias() {
			t.Errorf("noBias=%v: cache changed the result: %d/%d iterations, objective %.17g/%.17g",
				noBias, big.Iterations(), tiny.Iterations(), big.Objective(), tiny.Objective())
		}
		ns, err := Classifier{C: 10, Tol: 1e-8, NoBias: noBias, NoShrinking: true}.FitGram(K, y)
		if err != nil {
			t.Fatal(err)
		}
		if relErr(ns.Objective(), big.Objective()) > 1e-6 {
			t.Errorf("noBias=%v: shrinking changed the objective: %.12g vs %.12g", noBias, big.Objective(), ns.Objective())
		}
		// The kernel path with a tiny cache equals the Gram path.
		kp, err := Classifier{Kernel: testRBF{0.2}, C: 10, Tol: 1e-8, NoBias: noBias, CacheMB: 1e-9}.Fit(denseOf(X), y)
		if err != nil {
			t.Fatal(err)
		}
		if kp.Iterations() != big.Iterations() || relErr(kp.Objective(), big.Objective()) > 1e-12 {
			t.Errorf("noBias=%v: Fit %d it %.15g, FitGram %d it %.15g", noBias, kp.Iterations(), kp.Objective(), big.Iterations(), big.Objective())
		}
		// With the default cache the Gram fits, Fit forms it with kernel.Gram
		// and must equal FitGram on that Gram to the bit.
		G, err := kernel.Gram(testRBF{0.2}, denseOf(X))
		if err != nil {
			t.Fatal(err)
		}
		viaGram, err := Classifier{C: 10, Tol: 1e-8, NoBias: noBias}.FitGram(G, y)
		if err != nil {
			t.Fatal(err)
		}
		full, err := Classifier{Kernel: testRBF{0.2}, C: 10, Tol: 1e-8, NoBias: noBias}.Fit(denseOf(X), y)
		if err != nil {
			t.Fatal(err)
		}
		if full.Iterations() != viaGram.Iterations() || full.Objective() != viaGram.Objective() || full.Bias() != viaGram.Bias() {
			t.Errorf("noBias=%v: Fit %d it %.17g, FitGram(kernel.Gram) %d it %.17g", noBias, full.Iterations(), full.Objective(), viaGram.Iterations(), viaGram.Objective())
		}
		if relErr(full.Objective(), kp.Objective()) > 1e-12 {
			t.Errorf("noBias=%v: Fit with the Gram %.15g, with rows on demand %.15g", noBias, full.Objective(), kp.Objective())
		}
	}
}

// TestDegenerate covers the zero kernel, duplicate points and one example
// per class, with closed-form answers.
func TestDegenerate(t *testing.T) {
	t.Parallel()
	t.Run("zero kernel", func(t *testing.T) {
		// K = 0: the dual is min −Σα, so without bias α = C everywhere
		// (objective −nC); with bias the minority class saturates and the
		// objective is −2C·min(n₊, n₋).
		y := []float64{1, 1, 1, -1, -1}
		K := mat.NewSymDense(5, nil)
		m, err := Classifier{C: 0.5}.FitGram(K, y)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := m.Objective(), -2*0.5*2; math.Abs(got-want) > 1e-12 {
			t.Errorf("with bias: objective %v, want %v", got, want)
		}
		if math.IsNaN(m.Bias()) || m.Status() != Converged {
			t.Errorf("with bias: bias %v status %v", m.Bias(), m.Status())
		}
		m, err = Classifier{C: 0.5, NoBias: true}.FitGram(K, y)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := m.Objective(), -5*0.5; math.Abs(got-want) > 1e-12 {
			t.Errorf("no bias: objective %v, want %v", got, want)
		}
	})
	t.Run("one example per class", func(t *testing.T) {
		// x₁ = (1, 0), y₁ = +1; x₂ = (0, 2), y₂ = −1; linear kernel.
		// With bias α₁ = α₂ = a minimises ½a²‖x₁ − x₂‖² − 2a: a = 2/‖x₁−x₂‖² = 0.4
		// (below C = 1), objective −2/‖x₁−x₂‖² = −0.4; b from f(x₁) = 1:
		// b = 1 − a(⟨x₁,x₁⟩ − ⟨x₂,x₁⟩) = 0.6.
		X := [][]float64{{1, 0}, {0, 2}}
		y := []float64{1, -1}
		m, err := Classifier{Kernel: testLinear{}, C: 1, Tol: 1e-10}.Fit(denseOf(X), y)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(m.Objective()+0.4) > 1e-12 || math.Abs(m.Bias()-0.6) > 1e-12 {
			t.Errorf("objective %v bias %v, want −0.4 and 0.6", m.Objective(), m.Bias())
		}
		if a := m.Alpha(); math.Abs(a[0]-0.4) > 1e-12 || math.Abs(a[1]-0.4) > 1e-12 {
			t.Errorf("α = %v, want [0.4 0.4]", a)
		}
		// With C = 0.1 both hit the bound: objective ½·0.01·5 − 0.2 = −0.175,
		// no free SV, b = midpoint of the feasible interval.
		m, err = Classifier{Kernel: testLinear{}, C: 0.1}.Fit(denseOf(X), y)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(m.Objective()+0.175) > 1e-12 {
			t.Errorf("C=0.1: objective %v, want −0.175", m.Objective())
		}
		// Without bias each α solves its own 1-D problem on this orthogonal
		// pair: α_i = min(C, 1/K_ii): α₁ = 1, α₂ = 1/4; objective −½ − ⅛.
		m, err = Classifier{Kernel: testLinear{}, C: 1, NoBias: true, Tol: 1e-12}.Fit(denseOf(X), y)
		if err != nil {
			t.Fatal(err)
		}
		if a := m.Alpha(); math.Abs(a[0]-1) > 1e-12 || math.Abs(a[1]-0.25) > 1e-12 || math.Abs(m.Objective()+0.625) > 1e-12 {
			t.Errorf("no bias: α = %v objective %v, want [1 0.25] and −0.625", a, m.Objective())
		}
	})
	t.Run("duplicate points", func(t *testing.T) {
		// Repeated rows, including a point repeated with both labels: Q is
		// singular; the solver must still satisfy the KKT conditions.
		X, y := randomProblem(11, 40, 3, 0.1)
		X = append(X, X[:20]...)
		y = append(y, y[:20]...)
		X = append(X, X[5])
		y = append(y, -y[5])
		K := gramOf(testRBF{1}, X)
		for _, noBias := range []bool{false, true} {
			m, err := Classifier{C: 5, Tol: 1e-6, NoBias: noBias}.FitGram(K, y)
			if err != nil {
				t.Fatal(err)
			}
			Cb := slices.Repeat([]float64{5}, len(y))
			if v := kktViolation(K, y, m.Alpha(), Cb, m.Bias(), !noBias); v > 2e-6 || m.Status() != Converged {
				t.Errorf("noBias=%v: KKT violation %.3g, status %v", noBias, v, m.Status())
			}
		}
	})
}

// TestLabels checks the mapping from arbitrary labels: {3, 7} gives the
// same machine as {−1, +1} with 7 ↔ +1, and Predict returns 3 and 7.
func TestLabels(t *testing.T) {
	t.Parallel()
	X, y := randomProblem(3, 50, 3, 0.1)
	y37 := make([]float64, len(y))
	for i, v := range y {
		y37[i] = 5 + 2*v
	}
	clf := Classifier{Kernel: testRBF{0.5}}
	a, err := clf.Fit(denseOf(X), y)
	if err != nil {
		t.Fatal(err)
	}
	b, err := clf.Fit(denseOf(X), y37)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(b.Classes(), []float64{3, 7}) || a.Objective() != b.Objective() || a.Bias() != b.Bias() {
		t.Fatalf("classes %v, objectives %v %v", b.Classes(), a.Objective(), b.Objective())
	}
	pa, _ := a.Predict(denseOf(X))
	pb, _ := b.Predict(denseOf(X))
	for i := range pa {
		if pb[i] != 5+2*pa[i] {
			t.Fatalf("prediction %d: %v vs %v", i, pb[i], pa[i])
		}
	}
	if sv := b.SupportVectors(); sv == nil || sv.RawMatrix().Rows != len(b.Support()) {
		t.Errorf("SupportVectors: %v rows for %d supports", sv, len(b.Support()))
	} else if sv.At(0, 0) != X[b.Support()[0]][0] {
		t.Errorf("SupportVectors row 0 is not training row %d", b.Support()[0])
	}
}

// TestOneVsRest: machine k of one-vs-rest is the binary machine of class k
// against the others, and Predict is the argmax of the decision values.
func TestOneVsRest(t *testing.T) {
	t.Parallel()
	f := loadFixture(t, "iris3")
	K := gramOf(testRBF{f.Gamma}, f.Xtrain)
	Kte := crossOf(testRBF{f.Gamma}, f.Xtest, f.Xtrain)
	m, err := Classifier{C: 1, Multiclass: OneVsRest}.FitGram(K, f.Ytrain)
	if err != nil {
		t.Fatal(err)
	}
	D, err := m.DecisionMultiGram(Kte)
	if err != nil {
		t.Fatal(err)
	}
	pred, _ := m.PredictGram(Kte)
	for k := 0; k < 3; k++ {
		yk := make([]float64, len(f.Ytrain))
		for i, v := range f.Ytrain {
			yk[i] = -1
			if v == float64(k) {
				yk[i] = 1
			}
		}
		bk, err := Classifier{C: 1}.FitGram(K, yk)
		if err != nil {
			t.Fatal(err)
		}
		if mk := m.Machines()[k]; mk.Objective() != bk.Objective() || mk.Bias() != bk.Bias() {
			t.Errorf("machine %d: objective %v bias %v, binary %v %v", k, mk.Objective(), mk.Bias(), bk.Objective(), bk.Bias())
		}
		dk, _ := bk.DecisionGram(Kte)
		for i := range dk {
			if math.Abs(D.At(i, k)-dk[i]) > 1e-12 {
				t.Fatalf("decision %d,%d: %v vs %v", i, k, D.At(i, k), dk[i])
			}
		}
	}
	correct := 0
	for i := range pred {
		best := 0
		for k := 1; k < 3; k++ {
			if D.At(i, k) > D.At(i, best) {
				best = k
			}
		}
		if pred[i] != float64(best) {
			t.Errorf("prediction %d = %v, argmax %d", i, pred[i], best)
		}
		if pred[i] == f.Ytest[i] {
			correct++
		}
	}
	// scikit-learn 1.2.1 OneVsRestClassifier(SVC) reaches ≥ 90% on iris; a
	// loose sanity floor, the exact checks are above.
	if correct < 45 {
		t.Errorf("one-vs-rest accuracy %d/50", correct)
	}
}

func TestMaxIter(t *testing.T) {
	t.Parallel()
	X, y := randomProblem(5, 100, 4, 0.3)
	K := gramOf(testRBF{1}, X)
	for _, noBias := range []bool{false, true} {
		m, err := Classifier{C: 100, MaxIter: 5, NoBias: noBias}.FitGram(K, y)
		if err != nil {
			t.Fatal(err)
		}
		if m.Status() != MaxIterReached || m.Iterations() != 5 {
			t.Errorf("noBias=%v: status %v after %d iterations, want max-iter after 5", noBias, m.Status(), m.Iterations())
		}
		if m.Status().String() != "max-iter" {
			t.Errorf("String() = %q", m.Status())
		}
	}
}

// TestErrors: bad inputs return errors wrapping the klearn sentinels.
func TestErrors(t *testing.T) {
	t.Parallel()
	X := mat.NewDense(4, 2, []float64{0, 1, 1, 0, 2, 2, 3, 1})
	y := []float64{1, -1, 1, -1}
	K := gramOf(testLinear{}, [][]float64{{0, 1}, {1, 0}, {2, 2}, {3, 1}})
	nanX := mat.DenseCopyOf(X)
	nanX.Set(2, 1, math.NaN())
	infK := mat.NewSymDense(4, nil)
	infK.CopySym(K)
	infK.SetSym(1, 3, math.Inf(1))
	good := Classifier{Kernel: testLinear{}}
	asym := mat.NewDense(2, 2, []float64{1, 0.5, 0.4, 1})
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"NaN X", second(good.Fit(nanX, y)), klearn.ErrNotFinite},
		{"Inf K", second(good.FitGram(infK, y)), klearn.ErrNotFinite},
		{"NaN y", second(good.Fit(X, []float64{1, math.NaN(), 1, -1})), klearn.ErrNotFinite},
		{"short y", second(good.Fit(X, y[:3])), klearn.ErrShape},
		{"short y Gram", second(good.FitGram(K, y[:3])), klearn.ErrShape},
		{"one class", second(good.Fit(X, []float64{2, 2, 2, 2})), klearn.ErrOneClass},
		{"one class Gram", second(good.FitGram(K, []float64{1, 1, 1, 1})), klearn.ErrOneClass},
		{"C < 0", second(Classifier{Kernel: testLinear{}, C: -1}.Fit(X, y)), klearn.ErrParam},
		{"C NaN", second(Classifier{C: math.NaN()}.FitGram(K, y)), klearn.ErrParam},
		{"C Inf", second(Classifier{C: math.Inf(1)}.FitGram(K, y)), klearn.ErrParam},
		{"weight < 0", second(Classifier{WeightNeg: -2}.FitGram(K, y)), klearn.ErrParam},
		{"Tol < 0", second(Classifier{Tol: -1}.FitGram(K, y)), klearn.ErrParam},
		{"CacheMB < 0", second(Classifier{CacheMB: -1}.FitGram(K, y)), klearn.ErrParam},
		{"MaxIter < 0", second(Classifier{MaxIter: -1}.FitGram(K, y)), klearn.ErrParam},
		{"Multiclass", second(Classifier{Multiclass: 7}.FitGram(K, y)), klearn.ErrParam},
		{"nil kernel", second(Classifier{}.Fit(X, y)), klearn.ErrParam},
		{"nil X", second(good.Fit(nil, y)), klearn.ErrEmpty},
		{"nil K", second(good.FitGram(nil, y)), klearn.ErrEmpty},
		{"non-square", second(good.FitDense(mat.NewDense(2, 3, nil), y[:2])), klearn.ErrShape},
		{"asymmetric", second(good.FitDense(asym, []float64{1, -1})), klearn.ErrNotPSD},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, c.err, c.want)
		}
	}
	// FitDense on a symmetric matrix equals FitGram.
	md, err := good.FitDense(mat.DenseCopyOf(K), y)
	if err != nil {
		t.Fatal(err)
	}
	mg, _ := good.FitGram(K, y)
	if md.Objective() != mg.Objective() {
		t.Errorf("FitDense %v ≠ FitGram %v", md.Objective(), mg.Objective())
	}

	mk, err := good.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	var zero Model
	mc, err := good.Fit(mat.NewDense(6, 1, []float64{0, 1, 2, 3, 4, 5}), []float64{0, 0, 1, 1, 2, 2})
	if err != nil {
		t.Fatal(err)
	}
	pred := []struct {
		name string
		err  error
		want error
	}{
		{"Predict wrong width", second(mk.Predict(mat.NewDense(2, 3, nil))), klearn.ErrShape},
		{"Predict NaN", second(mk.Predict(nanX)), klearn.ErrNotFinite},
		{"Predict on Gram model", second(mg.Predict(X)), klearn.ErrNotFitted},
		{"DecisionGram wrong cols", second(mg.DecisionGram(mat.NewDense(2, 3, nil))), klearn.ErrShape},
		{"DecisionGram nil", second(mg.DecisionGram(nil)), klearn.ErrEmpty},
		{"zero model", second(zero.Predict(X)), klearn.ErrNotFitted},
		{"zero model Gram", second(zero.PredictGram(mat.NewDense(1, 4, nil))), klearn.ErrNotFitted},
		{"Decision multiclass", second(mc.Decision(mat.NewDense(1, 1, nil))), klearn.ErrLabels},
	}
	for _, c := range pred {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, c.err, c.want)
		}
	}
	var nilModel *Model
	if _, err := nilModel.Predict(X); !errors.Is(err, klearn.ErrNotFitted) {
		t.Errorf("nil model: %v", err)
	}
	// The input Gram matrix is not mutated.
	before := mat.NewSymDense(4, nil)
	before.CopySym(K)
	if _, err := good.FitGram(K, y); err != nil || !mat.Equal(before, K) {
		t.Errorf("FitGram mutated K or failed: %v", err)
	}
}

func second[T any](_ T, err error) error { return err }

// TestDecisionBlocks checks the kernel-path decision values, computed with
// kernel.Cross in blocks of crossBlock test rows, against Σ_u c_u k(sv_u, x)
// + b evaluated pair by pair, for a test set spanning several blocks, with a
// fast-path kernel (kernel.RBF) and a plain Eval one (testRBF).
func TestDecisionBlocks(t *testing.T) {
	t.Parallel()
	X, y := randomProblem(11, 200, 6, 0.1)
	Xte, _ := randomProblem(12, 2*crossBlock+37, 6, 0)
	for _, k := range []kernel.Kernel{kernel.RBF{Gamma: 0.3}, testRBF{0.3}} {
		m, err := Classifier{Kernel: k, C: 2}.Fit(denseOf(X), y)
		if err != nil {
			t.Fatal(err)
		}
		f, err := m.Decision(denseOf(Xte))
		if err != nil {
			t.Fatal(err)
		}
		sv, coef := m.SupportVectors(), m.DualCoef()
		for i, x := range Xte {
			want := m.Bias()
			for u := range coef {
				want += coef[u] * k.Eval(sv.RawRowView(u), x)
			}
			if math.Abs(f[i]-want) > 1e-12*(1+math.Abs(want)) {
				t.Fatalf("%T: f(x_%d) = %.15g, pairwise %.15g", k, i, f[i], want)
			}
		}
	}
}

// TestDefaultGramBound: with CacheMB zero, Fit forms the Gram up to
// DefaultGramMB whatever the row cache; a CacheMB set by the caller bounds
// both, as in LIBSVM.
func TestDefaultGramBound(t *testing.T) {
	for _, tc := range []struct {
		cacheMB     float64
		cache, gram int
	}{
		{0, 200 << 17, 1024 << 17},
		{50, 50 << 17, 50 << 17},
		{2048, 2048 << 17, 2048 << 17},
	} {
		s, err := Classifier{CacheMB: tc.cacheMB}.settings()
		if err != nil {
			t.Fatal(err)
		}
		if s.cacheFloats != tc.cache || s.gramFloats != tc.gram {
			t.Errorf("CacheMB %g: cache %d, gram %d floats; want %d, %d", tc.cacheMB, s.cacheFloats, s.gramFloats, tc.cache, tc.gram)
		}
	}
	if n := 11585; n*n > int(DefaultGramMB*(1<<20)/8) || (n+1)*(n+1) <= int(DefaultGramMB*(1<<20)/8) {
		t.Errorf("DefaultGramMB does not end at n = 11585 as documented")
	}
}
