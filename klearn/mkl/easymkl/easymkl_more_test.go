package easymkl

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"github.com/kernelab/kernelab/klearn/svm"
	"gonum.org/v1/gonum/mat"
)

// komdKKT returns the KKT violation of γ for min (1−λ)γᵀYKYγ + λ‖γ‖² over
// the two simplices, computed from K directly: with g = 2Hγ, every g_i must
// be ≥ ρ_c = min_{j∈c} g_j and g_i = ρ_c where γ_i > 0.
func komdKKT(K mat.Symmetric, y, g []float64, lam float64) (viol, feas float64) {
	n := len(y)
	grad := make([]float64, n)
	for i := 0; i < n; i++ {
		var s float64
		for j := 0; j < n; j++ {
			s += K.At(i, j) * y[j] * g[j]
		}
		grad[i] = 2 * ((1-lam)*y[i]*s + lam*g[i])
	}
	for _, c := range []float64{1, -1} {
		rho := math.Inf(1)
		var sum float64
		for i := range y {
			if y[i] == c {
				rho = math.Min(rho, grad[i])
				sum += g[i]
				feas = math.Max(feas, -g[i])
			}
		}
		feas = math.Max(feas, math.Abs(sum-1))
		for i := range y {
			if y[i] == c && g[i] > 1e-9 {
				viol = math.Max(viol, grad[i]-rho)
			}
		}
	}
	return viol, feas
}

// TestEasyMKLKKTAndWeights checks, for several λ, that both QP solutions of
// EasyMKL satisfy the KKT conditions (re-derived here from the Gram
// matrices, not taken from the solver), that η ≥ 0 with Σ η = 1 and
// η ∝ d(γ*) (the closed-form maximiser of Eq. (1) of Donini & Aiolli 2017),
// and that the lazy HPK path gives the same model as the in-memory one.
func TestEasyMKLKKTAndWeights(t *testing.T) {
	t.Parallel()
	Xall, yall := testproblem.RandData(180, 6, 11) // one hyperplane for train and test
	X, y := mat.DenseCopyOf(Xall.Slice(0, 120, 0, 6)), yall[:120]
	Xte, yte := mat.DenseCopyOf(Xall.Slice(120, 180, 0, 6)), yall[120:]
	fam := hpk.Family{D: 8}
	Ks, _ := fam.Grams(X)
	Kte, _ := fam.Crosses(Xte, X)
	K1, _ := hpk.CosineGram(X)
	C1, _ := hpk.CosineCross(Xte, X)
	for _, lam := range []float64{0, 0.1, 0.5, 0.9, 1} {
		t.Run(fmt.Sprint(lam), func(t *testing.T) {
			m, err := Learner{Lambda: lam}.FitGrams(Ks, y)
			if err != nil {
				t.Fatal(err)
			}
			var sum float64
			for _, v := range m.Weights() {
				if v < 0 {
					t.Errorf("η has a negative entry %g", v)
				}
				sum += v
			}
			if math.Abs(sum-1) > 1e-14 {
				t.Errorf("Σ η = %.16g", sum)
			}
			u := signed(m.GammaSum, y)
			for s, K := range Ks {
				var q mat.VecDense
				q.MulVec(K, mat.NewVecDense(len(u), u))
				d := mat.Dot(&q, mat.NewVecDense(len(u), u))
				if math.Abs(d-m.D[s]) > 1e-12*math.Max(1, d) || math.Abs(m.Weights()[s]*m.D[0]-m.D[s]*m.Weights()[0]) > 1e-12 {
					t.Errorf("d_%d = %g, recomputed %g; η not ∝ d", s, m.D[s], d)
				}
			}
			Ksum, _ := mkl.CombineSource([]float64{1, 1, 1, 1, 1, 1, 1, 1, 1}, mkl.GramList(Ks))
			Keta, _ := m.Combine(Ks)
			// Tolerance: the solver stops at a Frank–Wolfe gap of 1e-9·max|H|.
			for _, c := range []struct {
				K *mat.SymDense
				g []float64
			}{{Ksum, m.GammaSum}, {Keta, m.Gamma}} {
				v, f := komdKKT(c.K, y, c.g, lam)
				if v > 1e-5 || f > 1e-12 {
					t.Errorf("KKT violation %.3g, feasibility %.3g", v, f)
				}
			}
			ms, err := Learner{Lambda: lam}.FitSource(testproblem.Must(fam.Source(K1)), y)
			if err != nil {
				t.Fatal(err)
			}
			for s := range m.Weights() {
				if math.Abs(ms.Weights()[s]-m.Weights()[s]) > 1e-12 {
					t.Errorf("lazy η_%d = %g, in-memory %g", s, ms.Weights()[s], m.Weights()[s])
				}
			}
			f1, err := m.DecisionGrams(Kte)
			if err != nil {
				t.Fatal(err)
			}
			f2, err := ms.DecisionSource(testproblem.Must(fam.CrossSource(C1)))
			if err != nil {
				t.Fatal(err)
			}
			Kcte, _ := m.CombineCross(Kte)
			f3, _ := (&KOMDModel{Gamma: m.Gamma, Y: y, Bias: m.Bias}).DecisionGram(Kcte)
			for i := range f1 {
				if math.Abs(f1[i]-f2[i]) > 1e-9 || math.Abs(f1[i]-f3[i]) > 1e-12 {
					t.Fatalf("decision %d: %g (lists) %g (lazy) %g (combined)", i, f1[i], f2[i], f3[i])
				}
			}
			if lam < 1 {
				auc, _ := metrics.AUC(yte, f1)
				// Labels come from a linear rule with 10% noise; any sensible
				// classifier scores well above chance.
				if auc < 0.75 {
					t.Errorf("test AUC %.3f < 0.75", auc)
				}
			}
		})
	}
}

// TestKOMDClassifier checks the fixed-kernel classifier: λ = 1 gives the
// class-uniform γ (closed form) whose decision is the
// difference of the distances to the two class centroids, and MKLpyRidge
// equals plain KOMD at the rescaled λ' = λc/(1−λ+λc), c = L₊L₋/L.
func TestKOMDClassifier(t *testing.T) {
	t.Parallel()
	X, y := testproblem.RandData(50, 4, 5)
	Ks, _ := hpk.Family{D: 3, MinDegree: 3}.Grams(X)
	K := Ks[0]
	m, err := KOMD{Lambda: 1}.FitGram(K, y)
	if err != nil {
		t.Fatal(err)
	}
	neg, pos, _ := klearn.CheckBinary(y)
	for i, g := range m.Gamma {
		want := 1 / float64(pos)
		if y[i] < 0 {
			want = 1 / float64(neg)
		}
		if math.Abs(g-want) > 1e-15 {
			t.Fatalf("γ_%d = %g, want %g", i, g, want)
		}
	}
	// f(x_i) = ⟨φ(x_i), c₊ − c₋⟩ − ½(‖c₊‖² − ‖c₋‖²) = ½(‖φ−c₋‖² − ‖φ−c₊‖²).
	Kd := mat.DenseCopyOf(K)
	f, _ := m.DecisionGram(Kd)
	for i := 0; i < 50; i += 7 {
		var dp, dn, cp, cn float64
		for j := 0; j < 50; j++ {
			for k := 0; k < 50; k++ {
				if y[j] > 0 && y[k] > 0 {
					cp += K.At(j, k) / float64(pos*pos)
				}
				if y[j] < 0 && y[k] < 0 {
					cn += K.At(j, k) / float64(neg*neg)
				}
			}
			if y[j] > 0 {
				dp += K.At(i, j) / float64(pos)
			} else {
				dn += K.At(i, j) / float64(neg)
			}
		}
		want := 0.5 * ((1 - 2*dn + cn) - (1 - 2*dp + cp))
		if math.Abs(f[i]-want) > 1e-12 {
			t.Errorf("centroid decision %d: %g want %g", i, f[i], want)
		}
	}
	a, _ := KOMD{Lambda: 0.3, MKLpyRidge: true}.FitGram(K, y)
	c := float64(pos*neg) / 50
	b, _ := KOMD{Lambda: 0.3 * c / (0.7 + 0.3*c)}.FitGram(K, y)
	for i := range a.Gamma {
		if math.Abs(a.Gamma[i]-b.Gamma[i]) > 1e-12 {
			t.Fatalf("MKLpyRidge γ_%d = %g vs %g", i, a.Gamma[i], b.Gamma[i])
		}
	}
	if v, f := komdKKT(K, y, a.Gamma, a.Lambda); v > 1e-6 || f > 1e-12 {
		t.Errorf("KKT %g %g", v, f)
	}
	L, err := LambdaToPaper(0.25)
	if err != nil {
		t.Fatal(err)
	}
	back, err := LambdaFromPaper(L)
	if err != nil {
		t.Fatal(err)
	}
	one, err := LambdaFromPaper(math.Inf(1))
	if err != nil || math.Abs(back-0.25) > 1e-16 || one != 1 {
		t.Error("Λ ↔ λ conversion")
	}
}

// TestEasyMKLSVMAndPairs checks the SVM on the learned kernel against
// fitting svm on K_η by hand, and the all-pairs scheme on a three-class
// problem (each pair learns its own weights; accuracy well above chance).
func TestEasyMKLSVMAndPairs(t *testing.T) {
	t.Parallel()
	X, y := testproblem.RandData(90, 4, 21)
	fam := hpk.Family{D: 4}
	Ks, _ := fam.Grams(X)
	c := SVM{MKL: Learner{Lambda: 0.1}, SVM: svm.Classifier{C: 4}}
	m, err := c.FitGrams(Ks, y)
	if err != nil {
		t.Fatal(err)
	}
	Keta, _ := m.MKL.Combine(Ks)
	sm, _ := svm.Classifier{C: 4}.FitGram(Keta, y)
	C1, _ := hpk.CosineCross(X.Slice(0, 10, 0, 4), X)
	f1, err := m.DecisionSource(testproblem.Must(fam.CrossSource(C1)))
	if err != nil {
		t.Fatal(err)
	}
	Kc, _ := m.MKL.CombineCrossSource(testproblem.Must(fam.CrossSource(C1)))
	f2, _ := sm.DecisionGram(Kc)
	for i := range f1 {
		if math.Abs(f1[i]-f2[i]) > 1e-12 {
			t.Fatalf("decision %d: %g vs %g", i, f1[i], f2[i])
		}
	}
	// Three classes: angle sectors of the first two coordinates.
	X3, _ := testproblem.RandData(150, 3, 8)
	y3 := make([]float64, 150)
	for i := range y3 {
		a := math.Atan2(X3.At(i, 1), X3.At(i, 0))
		y3[i] = float64(int((a+math.Pi)/(2*math.Pi/3))%3) + 1
	}
	tr, te := make([]int, 0, 100), make([]int, 0, 50)
	for i := 0; i < 150; i++ {
		if i%3 == 0 {
			te = append(te, i)
		} else {
			tr = append(tr, i)
		}
	}
	K1, _ := hpk.CosineGram(X3)
	calls := 0
	ap := AllPairs{Family: hpk.Family{D: 6}, MKL: Learner{Lambda: 0.01}, SVM: svm.Classifier{C: 4},
		Progress: func(done, total int) { calls++ }}
	pm, err := ap.FitCosine(testproblem.Must(kernel.SubGram(K1, tr)), testproblem.Must(klearn.Take(y3, tr)))
	if err != nil {
		t.Fatal(err)
	}
	if len(pm.Pairs) != 3 || calls != 3 {
		t.Fatalf("%d pairs, %d progress calls", len(pm.Pairs), calls)
	}
	pred, err := pm.PredictCosine(testproblem.Must(kernel.CrossGram(K1, te, tr)))
	if err != nil {
		t.Fatal(err)
	}
	acc, _ := metrics.Accuracy(testproblem.Must(klearn.Take(y3, te)), pred)
	// Sectors are separable by low-degree polynomials of the angle: chance is 1/3.
	if acc < 0.8 {
		t.Errorf("all-pairs accuracy %.2f < 0.8", acc)
	}
}

// TestEasyMKLErrors checks that bad input returns the klearn sentinels.
func TestEasyMKLErrors(t *testing.T) {
	t.Parallel()
	X, y := testproblem.RandData(20, 3, 1)
	Ks, _ := hpk.Family{D: 2}.Grams(X)
	ones := make([]float64, 20)
	for i := range ones {
		ones[i] = 1
	}
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"lambda", func() error { _, e := Learner{Lambda: 2}.FitGrams(Ks, y); return e }(), klearn.ErrParam},
		{"one class", func() error { _, e := Learner{}.FitGrams(Ks, ones); return e }(), klearn.ErrOneClass},
		{"shape", func() error { _, e := Learner{}.FitGrams(Ks, y[:5]); return e }(), klearn.ErrShape},
		{"empty", func() error { _, e := Learner{}.FitGrams(nil, y); return e }(), klearn.ErrEmpty},
		{"nil kernel", func() error { _, e := Learner{}.FitGrams([]*mat.SymDense{nil}, y); return e }(), klearn.ErrEmpty},
		{"not fitted", func() error { _, e := (*Model)(nil).DecisionGrams(nil); return e }(), klearn.ErrNotFitted},
		{"test shape", func() error {
			m, _ := Learner{}.FitGrams(Ks, y)
			_, e := m.DecisionGrams([]*mat.Dense{mat.NewDense(2, 3, nil), mat.NewDense(2, 3, nil), mat.NewDense(2, 3, nil)})
			return e
		}(), klearn.ErrShape},
		{"komd labels", func() error { _, e := KOMD{}.FitGram(Ks[1], append([]float64{3}, y[1:]...)); return e }(), klearn.ErrLabels},
		{"pairs one class", func() error {
			_, e := AllPairs{Family: hpk.Family{D: 2}}.FitCosine(Ks[1], ones)
			return e
		}(), klearn.ErrOneClass},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, c.err, c.want)
		}
	}
}
