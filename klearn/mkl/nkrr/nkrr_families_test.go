package nkrr

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
)

// TestMonomialsAndPrintedEq3 checks Monomials against C(p+d, d) and the
// products of their exponents, and PrintedEq3 against the sum over the
// same exponent vectors of degree exactly d (an independent enumeration);
// for d = 1 Eq. (3) is the linear combination, for d = 2 it differs from
// (Σμ_kK_k)^{∘2} by the cross terms Σ_{k<l} μ_kμ_l K_k∘K_l.
func TestMonomialsAndPrintedEq3(t *testing.T) {
	X, _ := randData(5, 6, 3, 0)
	Ks := mustGrams(t, X)
	mu := []float64{0.7, 1.3, 0.4}
	for d := 1; d <= 3; d++ {
		grams, exps, err := Monomials(Ks, d)
		if err != nil {
			t.Fatal(err)
		}
		if want := binom(3+d, d); float64(len(grams)) != want {
			t.Errorf("d = %d: %d monomials, want %v", d, len(grams), want)
		}
		sum := mat.NewSymDense(6, nil)
		for m, e := range exps {
			deg, w := 0, 1.0
			for k, x := range e {
				deg += x
				w *= math.Pow(mu[k], float64(x))
			}
			for i := 0; i < 6; i++ {
				for j := i; j < 6; j++ {
					v := 1.0
					for k, x := range e {
						v *= math.Pow(Ks[k].At(i, j), float64(x))
					}
					if math.Abs(grams[m].At(i, j)-v) > 1e-12*math.Max(1, math.Abs(v)) {
						t.Fatalf("d = %d, monomial %v at (%d, %d): %v, want %v", d, e, i, j, grams[m].At(i, j), v)
					}
					if deg == d {
						sum.SetSym(i, j, sum.At(i, j)+w*v)
					}
				}
			}
		}
		got, err := PrintedEq3(mu, Ks, d)
		if err != nil {
			t.Fatal(err)
		}
		if !mat.EqualApprox(got, sum, 1e-10) {
			t.Errorf("d = %d: PrintedEq3 differs from the enumeration", d)
		}
		full, err := polyCombine(Ks, mu, d)
		if err != nil {
			t.Fatal(err)
		}
		if same := mat.EqualApprox(got, full, 1e-10); same != (d == 1) {
			t.Errorf("d = %d: printed Eq. (3) equal to (Σμ_kK_k)^∘d: %v", d, same)
		}
	}
	if _, _, err := Monomials(Ks, 0); err == nil {
		t.Error("degree 0 accepted")
	}
	if _, err := PrintedEq3(mu[:2], Ks, 2); err == nil {
		t.Error("2 weights for 3 kernels accepted")
	}
}

// TestMixedClosedForm checks Eq. (2) at p = 2, d = 2 against the sum
// expanded by hand: with I = {(1,0), (0,1), (2,0), (0,2)} and J = {(0,0),
// (1,1)}, K = ν₀₀ + μ₁K₁ + μ₂K₂ + μ₁²K₁∘K₁ + μ₂²K₂∘K₂ + ν₁₁K₁∘K₂; with J = ∅,
// entrywise 1 + x + y + x² + xy + y² for x = μ₁[K₁]_ij, y = μ₂[K₂]_ij.
func TestMixedClosedForm(t *testing.T) {
	X, _ := randData(7, 5, 2, 0)
	Ks := mustGrams(t, X)
	mu := []float64{0.6, 1.7}
	f, err := NewMixed(Ks, 2, [][]int{{1, 0}, {0, 1}, {2, 0}, {0, 2}})
	if err != nil {
		t.Fatal(err)
	}
	if f.Params() != 4 {
		t.Errorf("%d parameters, want p + |J| = 4", f.Params())
	}
	_, J := f.Tuples()
	nu := make([]float64, len(J))
	var n00, n11 float64
	for t2, e := range J {
		switch {
		case e[0] == 0 && e[1] == 0:
			nu[t2], n00 = 0.3, 0.3
		case e[0] == 1 && e[1] == 1:
			nu[t2], n11 = 2.5, 2.5
		}
	}
	if len(J) != 2 || n00 == 0 || n11 == 0 {
		t.Fatalf("J = %v, want {(0,0), (1,1)}", J)
	}
	got, err := f.Gram(mu, nu)
	if err != nil {
		t.Fatal(err)
	}
	all, err := NewMixed(Ks, 2, [][]int{{0, 0}, {1, 0}, {0, 1}, {2, 0}, {1, 1}, {0, 2}})
	if err != nil {
		t.Fatal(err)
	}
	if all.Params() != 2 {
		t.Errorf("J = ∅: %d parameters, want p = 2", all.Params())
	}
	fact, err := all.Gram(mu, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 5; i++ {
		for j := i; j < 5; j++ {
			a, b := Ks[0].At(i, j), Ks[1].At(i, j)
			want := n00 + mu[0]*a + mu[1]*b + mu[0]*mu[0]*a*a + mu[1]*mu[1]*b*b + n11*a*b
			if math.Abs(got.At(i, j)-want) > 1e-12*math.Max(1, math.Abs(want)) {
				t.Errorf("(%d, %d): %v, want %v", i, j, got.At(i, j), want)
			}
			x, y := mu[0]*a, mu[1]*b
			want = 1 + x + y + x*x + x*y + y*y
			if math.Abs(fact.At(i, j)-want) > 1e-12*math.Max(1, math.Abs(want)) {
				t.Errorf("J = ∅, (%d, %d): %v, want %v", i, j, fact.At(i, j), want)
			}
		}
	}
}

// TestMixedReductions: I = ∅ is Eq. (1), Σ_e ν_e K^e over Monomials'
// exponents (recomputed here entry by entry); I the tuples of degree d with
// ν = 0 is Eq. (3) as printed (PrintedEq3, computed by Newton's identity).
func TestMixedReductions(t *testing.T) {
	X, _ := randData(8, 6, 3, 0)
	Ks := mustGrams(t, X)
	r := klearn.NewRand(3)
	for d := 1; d <= 3; d++ {
		f, err := NewMixed(Ks, d, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, J := f.Tuples()
		// No μ enters K: the parameters are the |J| coefficients ν.
		if want := int(binom(3+d, d)); len(J) != want || f.Params() != want || len(f.ActiveMu()) != 0 {
			t.Fatalf("d = %d, I = ∅: |J| = %d, %d parameters, μ %v active, want %d, %d and none", d, len(J), f.Params(), f.ActiveMu(), want, want)
		}
		nu := make([]float64, len(J))
		for k := range nu {
			nu[k] = r.Float64()
		}
		got, err := f.Gram([]float64{9, 9, 9}, nu)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 6; i++ {
			for j := i; j < 6; j++ {
				want := freeSum(Ks, J, nu, i, j)
				if math.Abs(got.At(i, j)-want) > 1e-12*math.Max(1, math.Abs(want)) {
					t.Fatalf("d = %d, I = ∅ at (%d, %d): %v, want Eq. (1)'s %v", d, i, j, got.At(i, j), want)
				}
			}
		}
		var top [][]int
		for _, e := range J {
			if s := e[0] + e[1] + e[2]; s == d {
				top = append(top, e)
			}
		}
		g, err := NewMixed(Ks, d, top)
		if err != nil {
			t.Fatal(err)
		}
		mu := []float64{0.7, 1.3, 0.4}
		_, Jg := g.Tuples()
		mixed, err := g.Gram(mu, make([]float64, len(Jg)))
		if err != nil {
			t.Fatal(err)
		}
		printed, err := PrintedEq3(mu, Ks, d)
		if err != nil {
			t.Fatal(err)
		}
		if !mat.EqualApprox(mixed, printed, 1e-10) {
			t.Errorf("d = %d: I = degree-d tuples differs from PrintedEq3", d)
		}
	}
}

// TestMixedPSD: for μ, ν ≥ 0 every member of Eq. (2) is PSD (Schur product
// theorem: Hadamard products and non-negative sums of PSD matrices), on
// random subsets I of the tuples, checked by λ_min ≥ −1e-10·λ_max. The
// base kernels are a Gaussian and two rank-one feature kernels.
func TestMixedPSD(t *testing.T) {
	X, _ := randData(9, 12, 2, 0)
	Ks := mustGrams(t, X)
	rbf, err := kernel.Gram(kernel.RBF{Gamma: 1}, X)
	if err != nil {
		t.Fatal(err)
	}
	Ks = append(Ks, rbf)
	r := klearn.NewRand(4)
	for trial := 0; trial < 20; trial++ {
		d := 1 + trial%3
		_, exps, err := Monomials(Ks, d)
		if err != nil {
			t.Fatal(err)
		}
		var I [][]int
		for _, e := range exps {
			if r.Float64() < 0.5 {
				I = append(I, e)
			}
		}
		f, err := NewMixed(Ks, d, I)
		if err != nil {
			t.Fatal(err)
		}
		mu := []float64{2 * r.Float64(), 2 * r.Float64(), 2 * r.Float64()}
		_, J := f.Tuples()
		nu := make([]float64, len(J))
		for k := range nu {
			nu[k] = r.Float64()
		}
		K, err := f.Gram(mu, nu)
		if err != nil {
			t.Fatal(err)
		}
		var e mat.EigenSym
		if !e.Factorize(K, false) {
			t.Fatal("eigendecomposition failed")
		}
		v := e.Values(nil)
		if v[0] < -1e-10*math.Abs(v[len(v)-1]) {
			t.Errorf("trial %d (d = %d, |I| = %d): λ_min = %g, λ_max = %g", trial, d, len(I), v[0], v[len(v)-1])
		}
	}
}

// TestMixedBadInput: wrong shapes, bad tuples and bad weights return
// wrapped klearn errors; the caller's I is neither mutated nor aliased.
func TestMixedBadInput(t *testing.T) {
	X, _ := randData(10, 4, 2, 0)
	Ks := mustGrams(t, X)
	for _, c := range []struct {
		name string
		I    [][]int
		d    int
		want error
	}{
		{"short tuple", [][]int{{1}}, 2, klearn.ErrShape},
		{"negative exponent", [][]int{{-1, 1}}, 2, klearn.ErrParam},
		{"degree above d", [][]int{{2, 1}}, 2, klearn.ErrParam},
		{"repeated tuple", [][]int{{1, 0}, {1, 0}}, 2, klearn.ErrParam},
		{"degree 0", nil, 0, klearn.ErrParam},
	} {
		if _, err := NewMixed(Ks, c.d, c.I); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := NewMixed(nil, 2, nil); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("no kernels: %v", err)
	}
	I := [][]int{{2, 0}, {0, 1}}
	f, err := NewMixed(Ks, 2, I)
	if err != nil {
		t.Fatal(err)
	}
	I[0][0] = 1
	gotI, J := f.Tuples()
	if len(gotI) != 2 || gotI[1][0] != 2 || I[0][0] != 1 || len(J) != 4 {
		t.Errorf("I aliased or changed: %v, J = %v", gotI, J)
	}
	nu := []float64{1, 1, 1, 1}
	for _, c := range []struct {
		name   string
		mu, nu []float64
		want   error
	}{
		{"short μ", []float64{1}, nu, klearn.ErrShape},
		{"long ν", []float64{1, 1}, append(nu, 1), klearn.ErrShape},
		{"NaN μ", []float64{math.NaN(), 1}, nu, klearn.ErrNotFinite},
		{"Inf ν", []float64{1, 1}, []float64{1, math.Inf(1), 1, 1}, klearn.ErrNotFinite},
		{"negative μ", []float64{-1, 1}, nu, klearn.ErrParam},
		{"negative ν", []float64{1, 1}, []float64{1, 1, -0.5, 1}, klearn.ErrParam},
		{"overflow", []float64{1e200, 1}, nu, klearn.ErrNotFinite},
	} {
		if _, err := f.Gram(c.mu, c.nu); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}

// TestMixedParams: Params counts the parameters of Eq. (2) that reach K,
// the μ_j with k_j > 0 in some tuple of I plus the |J| coefficients ν. At
// p = 3 the tuples of degree ≤ d number 4, 10, 20 for d = 1, 2, 3 (counted
// by hand), so |J| is that less |I|; the paper's p + |J| holds exactly when
// every μ_j enters I.
func TestMixedParams(t *testing.T) {
	X, _ := randData(11, 6, 3, 0)
	Ks := mustGrams(t, X)
	tuples := map[int]int{1: 4, 2: 10, 3: 20}
	for _, c := range []struct {
		name   string
		d      int
		I      [][]int
		active []int
	}{
		{"I = ∅", 2, nil, nil},
		{"I = ∅", 3, nil, nil},
		{"I = {(0,0,0)}", 1, [][]int{{0, 0, 0}}, nil},
		{"I on μ_1 only", 2, [][]int{{1, 0, 0}, {2, 0, 0}}, []int{0}},
		{"I on μ_1 only, with (0,0,0)", 3, [][]int{{0, 0, 0}, {3, 0, 0}}, []int{0}},
		{"I on μ_1 and μ_3", 2, [][]int{{1, 0, 1}}, []int{0, 2}},
		// Eq2's case: every tuple of degree one in I, and others.
		{"degree one in I", 1, [][]int{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, []int{0, 1, 2}},
		{"degree one and more in I", 3, [][]int{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 0}, {0, 0, 3}, {0, 0, 0}}, []int{0, 1, 2}},
	} {
		f, err := NewMixed(Ks, c.d, c.I)
		if err != nil {
			t.Fatal(err)
		}
		_, J := f.Tuples()
		nJ := tuples[c.d] - len(c.I)
		if len(J) != nJ {
			t.Fatalf("%s, d = %d: |J| = %d, want %d", c.name, c.d, len(J), nJ)
		}
		if got := f.ActiveMu(); len(got) != len(c.active) || (len(got) > 0 && fmt.Sprint(got) != fmt.Sprint(c.active)) {
			t.Errorf("%s, d = %d: μ %v active, want %v", c.name, c.d, got, c.active)
		}
		if want := len(c.active) + nJ; f.Params() != want {
			t.Errorf("%s, d = %d: %d parameters, want %d", c.name, c.d, f.Params(), want)
		}
		if f.Params() < 3 || f.Params() > 3+nJ {
			t.Errorf("%s, d = %d: %d parameters outside [p, p + |J|] = [3, %d]", c.name, c.d, f.Params(), 3+nJ)
		}
	}
	// ActiveMu returns a copy.
	f, err := NewMixed(Ks, 1, [][]int{{0, 1, 0}})
	if err != nil {
		t.Fatal(err)
	}
	f.ActiveMu()[0] = 7
	if got := f.ActiveMu(); len(got) != 1 || got[0] != 1 {
		t.Errorf("ActiveMu after editing its result: %v, want [1]", got)
	}
}

// TestMixedGramInactiveMu: Gram still takes p weights, and those of μ_j
// outside every tuple of I do not change K. With I = {(1,0,0), (2,0,0)}
// at d = 2, K = μ_1K_1 + μ_1²K_1∘K_1 + Σ_J ν_e K^e, summed here entry by
// entry.
func TestMixedGramInactiveMu(t *testing.T) {
	X, _ := randData(12, 6, 3, 0)
	Ks := mustGrams(t, X)
	f, err := NewMixed(Ks, 2, [][]int{{1, 0, 0}, {2, 0, 0}})
	if err != nil {
		t.Fatal(err)
	}
	_, J := f.Tuples()
	nu := make([]float64, len(J))
	for k := range nu {
		nu[k] = 0.2 + 0.3*float64(k)
	}
	if _, err := f.Gram([]float64{0.8}, nu); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("one μ for p = 3: %v, want ErrShape", err)
	}
	a, err := f.Gram([]float64{0.8, 0.1, 5}, nu)
	if err != nil {
		t.Fatal(err)
	}
	b, err := f.Gram([]float64{0.8, 3, 0}, nu)
	if err != nil {
		t.Fatal(err)
	}
	if !mat.Equal(a, b) {
		t.Error("K depends on μ_2 or μ_3, which enter no tuple of I")
	}
	const m1 = 0.8
	for i := 0; i < 6; i++ {
		for j := i; j < 6; j++ {
			x := Ks[0].At(i, j)
			want := m1*x + m1*m1*x*x + freeSum(Ks, J, nu, i, j)
			if math.Abs(a.At(i, j)-want) > 1e-12*math.Max(1, math.Abs(want)) {
				t.Fatalf("(%d, %d): %v, want %v", i, j, a.At(i, j), want)
			}
		}
	}
}

// freeSum is entry (i, j) of Eq. (2)'s free part, Σ_{k∈J} ν_k Π_l
// (K_l)_ij^{k_l}, summed entry by entry.
func freeSum(Ks []*mat.SymDense, J [][]int, nu []float64, i, j int) float64 {
	var s float64
	for m, e := range J {
		v := nu[m]
		for k, x := range e {
			v *= math.Pow(Ks[k].At(i, j), float64(x))
		}
		s += v
	}
	return s
}
