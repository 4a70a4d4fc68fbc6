package kernel

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"gonum.org/v1/gonum/mat"
)

func scaledSym(c float64, K *mat.SymDense) *mat.SymDense {
	var out mat.SymDense
	out.ScaleSym(c, K)
	return &out
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol*math.Max(1, math.Abs(b)) }

// unitRows returns X with rows scaled to unit norm.
func unitRows(X *mat.Dense) *mat.Dense {
	n, d := X.Dims()
	Y := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		r := mat.Row(nil, i, X)
		s := math.Sqrt(dot(r, r))
		for j := range r {
			r[j] /= s
		}
		Y.SetRow(i, r)
	}
	return Y
}

func randPSD(q int, seed uint64) *mat.SymDense {
	A := randMatrix(q, q, seed)
	A.Apply(func(_, _ int, v float64) float64 { return 2*v - 1 }, A)
	P := mat.NewSymDense(q, nil)
	P.SymOuterK(1, A)
	return P
}

// allKernels is the table every generic test runs over. Data are in [0,1)^d.
func allKernels(d int) map[string]Kernel {
	m := map[string]Kernel{
		"Linear":            Linear{},
		"Polynomial":        Polynomial{Degree: 3, Gamma: 0.5, Coef0: 1},
		"PolynomialZero":    Polynomial{},
		"HPK":               HPK{Degree: 2},
		"NormalizedHPK":     NormalizedHPK{Degree: 3},
		"DPP":               DPP{Coef: []float64{1, 0.5, 0.25}},
		"RBF":               RBF{Gamma: 0.7},
		"RBFZero":           RBF{},
		"Gaussian":          Gaussian{Sigma: 1.3},
		"ARD":               ARD{Gamma: ardGamma(d)},
		"Laplacian":         Laplacian{Gamma: 0.4},
		"RationalQuadratic": RationalQuadratic{C: 2},
		"Feature":           Feature{Index: d - 1},
		"BlockGaussian":     BlockGaussian{Blocks: [][]int{{0}, seq(1, d)}, Sigma: []float64{0.8, 2}},
		"Sum":               Sum{Kernels: []Kernel{RBF{Gamma: 1}, Linear{}}, Weights: []float64{0.3, 2}},
		"Product":           Product{Kernels: []Kernel{RBF{Gamma: 1}, Polynomial{Degree: 2, Gamma: 1, Coef0: 1}}},
		"Scaled":            Scaled{K: Laplacian{Gamma: 1}, C: 3},
		"Power":             Power{K: Linear{}, D: 3},
		"Normalized":        Normalized{K: Polynomial{Degree: 2, Gamma: 1, Coef0: 1}},
		"GPK":               GPK{Degree: 2, P: randPSD(must(MonomialCount(d, 2)), 7)},
		"TK":                TK{Degree: 1, P: randPSD(2*must(TKSize(d, 1)), 8)},
		"TKZero":            TK{},
	}
	return m
}

func ardGamma(d int) []float64 {
	g := make([]float64, d)
	for i := range g {
		g[i] = 0.2 * float64(i+1)
	}
	return g
}

func seq(a, b int) []int {
	var s []int
	for i := a; i < b; i++ {
		s = append(s, i)
	}
	return s
}

// TestEvalGramCrossDiag checks Eval ≡ Gram ≡ Cross ≡ Diag for every kernel,
// on sizes that exercise the edges of the blocked product (n not a multiple
// of 2 or 4, d odd, tiles). Expected values: the kernel's own Eval (naive).
func TestEvalGramCrossDiag(t *testing.T) {
	t.Parallel()
	for _, sz := range [][2]int{{1, 2}, {7, 3}, {67, 5}, {130, 3}} {
		n, d := sz[0], sz[1]
		X := randMatrix(n, d, 11)
		Y := randMatrix(n+3, d, 12)
		for name, k := range allKernels(d) {
			if (name == "TK" || name == "GPK" || name == "TKZero") && n > 70 {
				continue
			}
			K, err := Gram(k, X)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			C, err := Cross(k, Y, X)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			D, err := Diag(k, X)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			R, RY := rows(X), rows(Y)
			for i := 0; i < n; i++ {
				for j := 0; j < n; j++ {
					if want := k.Eval(R.row(i), R.row(j)); !near(K.At(i, j), want, 1e-9) {
						t.Fatalf("%s %v: K[%d,%d] = %v, Eval = %v", name, sz, i, j, K.At(i, j), want)
					}
				}
				if want := k.Eval(R.row(i), R.row(i)); !near(D[i], want, 1e-9) {
					t.Fatalf("%s: Diag[%d] = %v, Eval = %v", name, i, D[i], want)
				}
			}
			for i := 0; i < n+3; i++ {
				for j := 0; j < n; j++ {
					if want := k.Eval(RY.row(i), R.row(j)); !near(C.At(i, j), want, 1e-9) {
						t.Fatalf("%s %v: C[%d,%d] = %v, Eval = %v", name, sz, i, j, C.At(i, j), want)
					}
				}
			}
		}
	}
}

// TestDeterministicGOMAXPROCS: the blocked parallel product gives bit-identical
// results for GOMAXPROCS 1 and 2.
func TestDeterministicGOMAXPROCS(t *testing.T) {
	X := randMatrix(300, 517, 5)
	prev := runtime.GOMAXPROCS(1)
	K1, _ := Gram(RBF{Gamma: 0.01}, X)
	L1, _ := Gram(Laplacian{}, X)
	runtime.GOMAXPROCS(2)
	K2, _ := Gram(RBF{Gamma: 0.01}, X)
	L2, _ := Gram(Laplacian{}, X)
	runtime.GOMAXPROCS(prev)
	if !mat.Equal(K1, K2) || !mat.Equal(L1, L2) {
		t.Fatal("Gram depends on GOMAXPROCS")
	}
	// The fast path agrees with the naive sum to round-off on MNIST-like d.
	R := rows(X)
	for _, ij := range [][2]int{{0, 0}, {0, 299}, {150, 151}, {299, 299}} {
		want := math.Exp(-0.01 * sqDist(R.row(ij[0]), R.row(ij[1])))
		if !near(K1.At(ij[0], ij[1]), want, 1e-12) {
			t.Fatalf("K[%v] = %v, naive %v", ij, K1.At(ij[0], ij[1]), want)
		}
	}
}

type sklearnSet struct {
	Name  string
	N, D  int
	X     []float64
	Gram  map[string][]float64
	Cross map[string][]float64
}

// TestSklearnParity compares with scikit-learn's pairwise kernels on real
// data (testdata/sklearn_grams.json from Debian's 1.2.1 and
// sklearn_grams_pypi.json from PyPI's; scripts/fixtures/kernel_sklearn.py).
func TestSklearnParity(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"testdata/sklearn_grams.json", "testdata/sklearn_grams_pypi.json"} {
		t.Run(filepath.Base(path), func(t *testing.T) { sklearnParity(t, path) })
	}
}

// sklearnParity checks the fixture at path (Debian's or PyPI's scikit-learn, scripts/fixtures/fixtureset.py).
func sklearnParity(t *testing.T, path string) {
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var fx struct{ Sets []sklearnSet }
	if err := json.Unmarshal(raw, &fx); err != nil {
		t.Fatal(err)
	}
	if len(fx.Sets) != 2 {
		t.Fatalf("want 2 data sets, got %d", len(fx.Sets))
	}
	kernels := map[string]Kernel{
		"linear":    Linear{},
		"poly":      Polynomial{Degree: 3, Coef0: 1}, // gamma None = 1/d
		"rbf":       RBF{},                           // gamma None = 1/d
		"rbf_0.5":   RBF{Gamma: 0.5},
		"laplacian": Laplacian{},
	}
	for _, s := range fx.Sets {
		X := mat.NewDense(s.N, s.D, s.X)
		A := mat.NewDense(10, s.D, s.X[:10*s.D])
		B := mat.NewDense(s.N-10, s.D, s.X[10*s.D:])
		for name, k := range kernels {
			K, err := Gram(k, X)
			if err != nil {
				t.Fatal(err)
			}
			C, err := Cross(k, A, B)
			if err != nil {
				t.Fatal(err)
			}
			want := s.Gram[name]
			for i := 0; i < s.N; i++ {
				for j := 0; j < s.N; j++ {
					if !near(K.At(i, j), want[i*s.N+j], 1e-12) {
						t.Fatalf("%s %s: K[%d,%d] = %v, sklearn %v", s.Name, name, i, j, K.At(i, j), want[i*s.N+j])
					}
				}
			}
			wc := s.Cross[name]
			for i := 0; i < 10; i++ {
				for j := 0; j < s.N-10; j++ {
					if !near(C.At(i, j), wc[i*(s.N-10)+j], 1e-12) {
						t.Fatalf("%s %s: C[%d,%d] = %v, sklearn %v", s.Name, name, i, j, C.At(i, j), wc[i*(s.N-10)+j])
					}
				}
			}
		}
	}
}

// TestGradFD checks every GramGrad against central finite differences
// (h = 1e-6 relative, tolerance 1e-6 relative to max|∂K|).
func TestGradFD(t *testing.T) {
	t.Parallel()
	X := randMatrix(12, 4, 21)
	X1 := randMatrix(12, 1, 22)
	cases := []struct {
		name string
		k    Parametric
		X    mat.Matrix
	}{
		{"Gaussian", Gaussian{Sigma: 0.9}, X},
		{"ARD", ARD{Gamma: []float64{0.5, 1, 2, 0.1}}, X},
		{"BlockGaussian", BlockGaussian{Blocks: [][]int{{0, 1}, {2, 3}}, Sigma: []float64{0.7, 1.5}}, X},
		{"Dirichlet", Dirichlet{Sigma: 3.3}, X1},
	}
	for _, c := range cases {
		K0, dK, err := c.k.GramGrad(c.X)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		Kg, _ := Gram(c.k, c.X)
		if !mat.EqualApprox(K0, Kg, 1e-12) {
			t.Fatalf("%s: GramGrad K differs from Gram", c.name)
		}
		theta := c.k.Params()
		if len(dK) != len(theta) {
			t.Fatalf("%s: %d derivatives for %d parameters", c.name, len(dK), len(theta))
		}
		for p := range theta {
			h := 1e-6 * math.Max(1, math.Abs(theta[p]))
			tp := append([]float64(nil), theta...)
			tm := append([]float64(nil), theta...)
			tp[p] += h
			tm[p] -= h
			kp, err := c.k.WithParams(tp)
			if err != nil {
				t.Fatal(err)
			}
			km, _ := c.k.WithParams(tm)
			Kp, _ := Gram(kp, c.X)
			Km, _ := Gram(km, c.X)
			var fd mat.SymDense
			fd.AddSym(Kp, scaledSym(-1, Km))
			fd.ScaleSym(1/(2*h), &fd)
			scale := mat.Norm(dK[p], math.Inf(1))
			if scale == 0 {
				t.Fatalf("%s: ∂K/∂θ_%d is zero", c.name, p)
			}
			var diff mat.SymDense
			diff.AddSym(&fd, scaledSym(-1, dK[p]))
			if e := mat.Norm(&diff, math.Inf(1)) / scale; e > 1e-6 {
				t.Fatalf("%s θ_%d: relative FD error %g", c.name, p, e)
			}
		}
	}
}

// TestDPPRules: Donini & Aiolli's Table 1 rules, corrected,
// truncated at S = 60, reproduce the closed-form kernels on unit-norm data to
// 1e-12; the printed (typo) rules do not (e.g. RBF 0.1045 vs 0.1336).
func TestDPPRules(t *testing.T) {
	t.Parallel()
	X := unitRows(randMatrix(15, 6, 31))
	type rule struct {
		name   string
		dpp    func() (DPP, error)
		closed Kernel
		typo   func() (DPP, error)
	}
	rules := []rule{
		{"RBF", func() (DPP, error) { return DPPRBF(0.8, 60) }, RBF{Gamma: 0.8}, func() (DPP, error) { return DPPRBFPaperTypo(0.8, 60) }},
		{"RQ", func() (DPP, error) { return DPPRationalQuadratic(1.5, 60) }, RationalQuadratic{C: 1.5}, func() (DPP, error) { return DPPRationalQuadraticPaperTypo(1.5, 60) }},
		{"Cauchy", func() (DPP, error) { return DPPCauchy(2.5, 60) }, RationalQuadratic{C: 2.5}, nil},
		{"Poly", func() (DPP, error) { return DPPPolynomial(4, 0.7) }, Polynomial{Degree: 4, Gamma: 1, Coef0: 0.7}, nil},
	}
	for _, r := range rules {
		p, err := r.dpp()
		if err != nil {
			t.Fatal(err)
		}
		K1, _ := Gram(p, X)
		K2, _ := Gram(r.closed, X)
		if !mat.EqualApprox(K1, K2, 1e-12) {
			t.Fatalf("%s: DPP rule does not reproduce the closed form", r.name)
		}
		if r.typo != nil {
			q, _ := r.typo()
			K3, _ := Gram(q, X)
			if mat.EqualApprox(K3, K2, 1e-3) {
				t.Fatalf("%s: printed rule unexpectedly matches", r.name)
			}
		}
	}
	// Truncation bound for RBF at S = 3: |error| ≤ e^{−2γ}Σ_{s>3}(2γ)^s/s!.
	p, _ := DPPRBF(0.8, 3)
	K1, _ := Gram(p, X)
	K2, _ := Gram(RBF{Gamma: 0.8}, X)
	bound, term := 0.0, math.Exp(-1.6)
	for s := 0; s < 80; s++ {
		if s > 3 {
			bound += term
		}
		term *= 1.6 / float64(s+1)
	}
	var diff mat.SymDense
	diff.AddSym(K1, scaledSym(-1, K2))
	if e := mat.Norm(&diff, math.Inf(1)) / 15; e > bound || e == 0 {
		t.Fatalf("truncation error %g, bound %g", e, bound)
	}
	if _, err := DPPRBF(-1, 3); !errors.Is(err, klearn.ErrParam) {
		t.Fatal("negative gamma accepted")
	}
}

// TestTKIntegral: Corollary 13 (with the R_ij correction)
// equals the defining integral Colbert & Peet's eq. (7) computed by quadrature, in 1-D and
// 2-D for d = 0, 1, 2, with a random (non-symmetric-R) P ⪰ 0; the kernel is
// symmetric and its Gram matrix PSD (Colbert & Peet's Proposition 3).
func TestTKIntegral(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, 2} {
		for deg := 0; deg <= 2; deg++ {
			lo, hi := make([]float64, n), make([]float64, n)
			for k := range lo {
				lo[k], hi[k] = -0.5, 1.5+float64(k)
			}
			tk := TK{Degree: deg, Lower: lo, Upper: hi, P: randPSD(2*must(TKSize(n, deg)), uint64(40+10*n+deg))}
			X := randMatrix(6, n, uint64(n*7+deg))
			R := rows(X)
			for i := 0; i < 6; i++ {
				for j := 0; j < 6; j++ {
					got := tk.Eval(R.row(i), R.row(j))
					want, err := tk.Quadrature(R.row(i), R.row(j), false)
					if err != nil {
						t.Fatal(err)
					}
					if !near(got, want, 1e-10) {
						t.Fatalf("n=%d d=%d: Cor. 13 %v, quadrature %v", n, deg, got, want)
					}
					if !near(got, tk.Eval(R.row(j), R.row(i)), 1e-12) {
						t.Fatalf("n=%d d=%d: not symmetric", n, deg)
					}
				}
			}
			K, err := Gram(tk, randMatrix(25, n, 3))
			if err != nil {
				t.Fatal(err)
			}
			if ok, _ := IsPSD(K, 1e-10); !ok {
				t.Fatalf("n=%d d=%d: TK Gram not PSD", n, deg)
			}
		}
	}
}

// TestTKAppendixA reproduces Colbert & Peet's Appendix A (a = (0,0), b = (3,4), d = 1):
// g_11 = (3−p1)(4−p2), g_14 = ½(9−p1²)(4−p2) and the S-block constant
// T(a,b,ζ) = 12, 18, 36 for (1,1), (1,4), (4,4) (the
// corrected constants).
func TestTKAppendixA(t *testing.T) {
	t.Parallel()
	tk := TK{Degree: 1, Lower: []float64{0, 0}, Upper: []float64{3, 4}}
	x, y := []float64{1, 2.5}, []float64{2, 0.5}
	G := tk.Basis(x, y)
	if r, _ := G.Dims(); r != 10 {
		t.Fatalf("2q = %d, want 10", r)
	}
	p1, p2 := 2.0, 2.5
	if !near(G.At(0, 0), (3-p1)*(4-p2), 1e-14) || !near(G.At(0, 3), 0.5*(9-p1*p1)*(4-p2), 1e-14) ||
		!near(G.At(1, 3), x[0]*0.5*(9-p1*p1)*(4-p2), 1e-14) {
		t.Fatalf("g block %v", mat.Formatted(G))
	}
	// S-block + R-blocks + Q-block sums to the constant x^δ y^δ T(a, b, ζ).
	q := 5
	for _, c := range [][3]float64{{0, 0, 12}, {0, 3, 18}, {3, 3, 36}} {
		i, j := int(c[0]), int(c[1])
		sum := G.At(i, j) + G.At(i, q+j) + G.At(q+i, j) + G.At(q+i, q+j)
		if !near(sum, c[2], 1e-13) {
			t.Fatalf("T(a,b) for (%d,%d) = %v, want %v", i+1, j+1, sum, c[2])
		}
	}
	// d = 0 special case with Q = 1 only: k = Π(b − max(x, y)).
	P := mat.NewSymDense(2, []float64{1, 0, 0, 0})
	if got := (TK{Lower: []float64{0, 0}, Upper: []float64{3, 4}, P: P}).Eval(x, y); !near(got, (3-p1)*(4-p2), 1e-14) {
		t.Fatalf("d = 0 g = %v", got)
	}
}

// TestTKBlocks: K = Σ_{a≤b} P_ab Blocks_ab reproduces Gram and Cross.
func TestTKBlocks(t *testing.T) {
	t.Parallel()
	tk := TK{Degree: 1, P: randPSD(2*must(TKSize(2, 1)), 9)}
	X, Y := randMatrix(9, 2, 1), randMatrix(4, 2, 2)
	blocks, pairs, err := tk.GramBlocks(X)
	if err != nil {
		t.Fatal(err)
	}
	w := make([]float64, len(pairs))
	for p, ab := range pairs {
		w[p] = tk.P.At(ab.A, ab.B)
	}
	K, _ := Combine(w, blocks)
	Kg, _ := Gram(tk, X)
	if !mat.EqualApprox(K, Kg, 1e-12) {
		t.Fatal("GramBlocks do not reproduce Gram")
	}
	cb, _, err := tk.CrossBlocks(Y, X)
	if err != nil {
		t.Fatal(err)
	}
	C, _ := CombineCross(w, cb)
	Cg, _ := Cross(tk, Y, X)
	if !mat.EqualApprox(C, Cg, 1e-12) {
		t.Fatal("CrossBlocks do not reproduce Cross")
	}
}

// TestGPK: Lemma 4 of Colbert & Peet (2020), (1 + ⟨x,z⟩)^d = Z_d(x)ᵀ P Z_d(z) with P
// the diagonal of multinomial coefficients; number of monomials C(d+n, d).
func TestGPK(t *testing.T) {
	t.Parallel()
	if q := len(must(Monomials(3, 2))); q != 10 {
		t.Fatalf("C(5,2) = %d", q)
	}
	if q := must(TKSize(2, 1)); q != 5 {
		t.Fatalf("TK q = %d, want 5 (P4 Appendix A)", q)
	}
	g, err := GPKPolynomial(3, 3)
	if err != nil {
		t.Fatal(err)
	}
	X := randMatrix(10, 3, 4)
	K1, _ := Gram(g, X)
	K2, _ := Gram(Polynomial{Degree: 3, Gamma: 1, Coef0: 1}, X)
	if !mat.EqualApprox(K1, K2, 1e-11) {
		t.Fatal("GPKPolynomial ≠ (1+xᵀz)^3")
	}
}

// TestFeatureGrams: the p per-feature Grams sum to the linear Gram (Cortes et al. (2009):
// Σ_k K_k = XXᵀ) and match Feature{k}; sparse columns stay sparse.
func TestFeatureGrams(t *testing.T) {
	t.Parallel()
	X := mat.NewDense(4, 3, []float64{1, 0, 2, 0, 0, 3, 4, 0, 0, 0, 5, 1})
	Ks, err := FeatureGrams(X)
	if err != nil {
		t.Fatal(err)
	}
	sum, _ := Combine([]float64{1, 1, 1}, Ks)
	L, _ := Gram(Linear{}, X)
	if !mat.Equal(sum, L) {
		t.Fatal("Σ K_k ≠ XXᵀ")
	}
	F, _ := Gram(Feature{Index: 2}, X)
	if !mat.Equal(F, Ks[2]) || Ks[1].At(0, 1) != 0 || Ks[1].At(2, 3) != 0 || Ks[1].At(3, 3) != 25 {
		t.Fatal("FeatureGrams mismatch")
	}
	Cs, err := FeatureCrosses(X, X)
	if err != nil || !mat.Equal(Cs[2], F) {
		t.Fatal("FeatureCrosses mismatch")
	}
}

// TestGramOps checks the Gram-matrix operations against their definitions.
func TestGramOps(t *testing.T) {
	t.Parallel()
	X := randMatrix(8, 3, 6)
	K, _ := Gram(Polynomial{Degree: 2, Gamma: 1, Coef0: 1}, X)
	n := 8
	// Center = C K C with C = I − 11ᵀ/n.
	Cm := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			Cm.Set(i, j, -1/float64(n))
		}
		Cm.Set(i, i, 1-1/float64(n))
	}
	var want mat.Dense
	want.Product(Cm, K, Cm)
	if !mat.EqualApprox(must(Center(K)), &want, 1e-12) {
		t.Fatal("Center ≠ CKC")
	}
	// NormalizeGram ≡ Normalized kernel; NormalizeCross ≡ its cross.
	NK, err := NormalizeGram(K)
	if err != nil {
		t.Fatal(err)
	}
	NK2, _ := Gram(Normalized{K: Polynomial{Degree: 2, Gamma: 1, Coef0: 1}}, X)
	if !mat.EqualApprox(NK, NK2, 1e-14) || NK.At(3, 3) != 1 {
		t.Fatal("NormalizeGram")
	}
	Y := randMatrix(3, 3, 7)
	pk := Polynomial{Degree: 2, Gamma: 1, Coef0: 1}
	C, _ := Cross(pk, Y, X)
	da, _ := Diag(pk, Y)
	db, _ := Diag(pk, X)
	NC, err := NormalizeCross(C, da, db)
	NC2, _ := Cross(Normalized{K: pk}, Y, X)
	if err != nil || !mat.EqualApprox(NC, NC2, 1e-14) {
		t.Fatal("NormalizeCross")
	}
	if _, err := NormalizeCross(C, da[:2], db); !errors.Is(err, klearn.ErrShape) {
		t.Fatal("NormalizeCross shape")
	}
	// TraceNormalize: unit trace.
	TK_, _ := TraceNormalize(K)
	if tr := mat.Trace(TK_); !near(tr, 1, 1e-14) {
		t.Fatalf("trace %v", tr)
	}
	// HadamardPower ≡ Power kernel; Hadamard ≡ Product.
	L, _ := Gram(Linear{}, X)
	P3, _ := Gram(Power{K: Linear{}, D: 3}, X)
	L3, _ := HadamardPower(L, 3)
	L2, _ := HadamardPower(L, 2)
	LL2, _ := Hadamard(L, L2)
	if !mat.EqualApprox(L3, P3, 1e-13) || !mat.EqualApprox(LL2, P3, 1e-13) {
		t.Fatal("Hadamard power")
	}
	// MinEigen of diag(−1, 2, 3) is −1 (closed form); IsPSD false; jitter 1.5 → PSD.
	D := mat.NewSymDense(3, []float64{-1, 0, 0, 0, 2, 0, 0, 0, 3})
	if m, err := MinEigen(D); err != nil || !near(m, -1, 1e-14) {
		t.Fatalf("MinEigen %v %v", m, err)
	}
	if ok, _ := IsPSD(D, 0); ok {
		t.Fatal("indefinite matrix reported PSD")
	}
	if ok, _ := IsPSD(must(AddJitter(D, 1.5)), 0); !ok {
		t.Fatal("jittered matrix not PSD")
	}
	// Combine / CombineCross.
	S, _ := Combine([]float64{2, -1}, []*mat.SymDense{K, L})
	if !near(S.At(1, 2), 2*K.At(1, 2)-L.At(1, 2), 1e-14) {
		t.Fatal("Combine")
	}
	if _, err := Combine([]float64{1}, []*mat.SymDense{K, L}); !errors.Is(err, klearn.ErrShape) {
		t.Fatal("Combine length")
	}
	if _, err := Combine([]float64{1, 1}, []*mat.SymDense{K, mat.NewSymDense(2, nil)}); !errors.Is(err, klearn.ErrShape) {
		t.Fatal("Combine sizes")
	}
	// Dirichlet is PSD in 1-D (feature map [1, √2cos σx, √2 sin σx]), rank ≤ 3.
	KD, _ := Gram(Dirichlet{Sigma: 2.7}, randMatrix(20, 1, 8))
	if ok, _ := IsPSD(KD, 1e-10); !ok {
		t.Fatal("Dirichlet 1-D not PSD")
	}
}

// TestBadInput: the bad-input battery returns errors wrapping the klearn
// sentinels and never panics.
func TestBadInput(t *testing.T) {
	t.Parallel()
	X := randMatrix(5, 3, 1)
	nan := mat.DenseCopyOf(X)
	nan.Set(2, 1, math.NaN())
	inf := mat.DenseCopyOf(X)
	inf.Set(0, 0, math.Inf(1))
	wide := randMatrix(4, 4, 2)
	type tc struct {
		name string
		k    Kernel
		X    mat.Matrix
		want error
	}
	cases := []tc{
		{"NaN", RBF{}, nan, klearn.ErrNotFinite},
		{"Inf", Linear{}, inf, klearn.ErrNotFinite},
		{"empty", RBF{}, &mat.Dense{}, klearn.ErrEmpty},
		{"nil", RBF{}, nil, klearn.ErrEmpty},
		{"nil kernel", nil, X, klearn.ErrParam},
		{"RBF<0", RBF{Gamma: -1}, X, klearn.ErrParam},
		{"RBF NaN", RBF{Gamma: math.NaN()}, X, klearn.ErrParam},
		{"Gaussian<0", Gaussian{Sigma: -2}, X, klearn.ErrParam},
		{"Laplacian<0", Laplacian{Gamma: -1}, X, klearn.ErrParam},
		{"Poly deg<0", Polynomial{Degree: -1}, X, klearn.ErrParam},
		{"Poly coef<0", Polynomial{Degree: 2, Coef0: -1}, X, klearn.ErrParam},
		{"Poly overflow", Polynomial{Degree: 400, Gamma: 1e3, Coef0: 1}, X, klearn.ErrNotFinite},
		{"HPK<0", HPK{Degree: -2}, X, klearn.ErrParam},
		{"DPP empty", DPP{}, X, klearn.ErrParam},
		{"DPP neg", DPP{Coef: []float64{1, -1}}, X, klearn.ErrParam},
		{"ARD dims", ARD{Gamma: []float64{1, 1}}, X, klearn.ErrShape},
		{"ARD neg", ARD{Gamma: []float64{1, -1, 1}}, X, klearn.ErrParam},
		{"Feature range", Feature{Index: 3}, X, klearn.ErrShape},
		{"Block empty", BlockGaussian{}, X, klearn.ErrParam},
		{"Block range", BlockGaussian{Blocks: [][]int{{0, 7}}, Sigma: []float64{1}}, X, klearn.ErrShape},
		{"Block overlap", BlockGaussian{Blocks: [][]int{{0, 1}, {1}}, Sigma: []float64{1, 1}}, X, klearn.ErrParam},
		{"Block sigma", BlockGaussian{Blocks: [][]int{{0}}, Sigma: []float64{0}}, X, klearn.ErrParam},
		{"Dirichlet 3-D", Dirichlet{Sigma: 1}, X, klearn.ErrShape},
		{"Dirichlet<0", Dirichlet{Sigma: -1}, randMatrix(3, 1, 1), klearn.ErrParam},
		{"Sum weights", Sum{Kernels: []Kernel{Linear{}}, Weights: []float64{-1}}, X, klearn.ErrParam},
		{"Sum empty", Sum{}, X, klearn.ErrParam},
		{"Sum bad member", Sum{Kernels: []Kernel{RBF{Gamma: -1}}}, X, klearn.ErrParam},
		{"Product nil", Product{Kernels: []Kernel{nil}}, X, klearn.ErrParam},
		{"Scaled<0", Scaled{K: Linear{}, C: -1}, X, klearn.ErrParam},
		{"Power<0", Power{K: Linear{}, D: -1}, X, klearn.ErrParam},
		{"Normalized nil", Normalized{}, X, klearn.ErrParam},
		{"TK P size", TK{Degree: 1, P: mat.NewSymDense(3, nil)}, X, klearn.ErrShape},
		{"TK P indefinite", TK{P: mat.NewSymDense(2, []float64{1, 0, 0, -1})}, randMatrix(3, 1, 1), klearn.ErrNotPSD},
		{"TK box", TK{Lower: []float64{1, 0, 0}, Upper: []float64{0, 1, 1}}, X, klearn.ErrParam},
		{"TK box dims", TK{Lower: []float64{0}, Upper: []float64{1}}, X, klearn.ErrShape},
		{"GPK P size", GPK{Degree: 1, P: mat.NewSymDense(2, nil)}, X, klearn.ErrShape},
	}
	for _, c := range cases {
		if _, err := Gram(c.k, c.X); !errors.Is(err, c.want) {
			t.Errorf("%s: Gram error %v, want %v", c.name, err, c.want)
		}
		if _, err := Cross(c.k, c.X, c.X); !errors.Is(err, c.want) {
			t.Errorf("%s: Cross error %v, want %v", c.name, err, c.want)
		}
		if _, err := Diag(c.k, c.X); !errors.Is(err, c.want) {
			t.Errorf("%s: Diag error %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := Cross(RBF{}, X, wide); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("mismatched Cross: %v", err)
	}
	if _, err := (Gaussian{}).WithParams([]float64{-1}); !errors.Is(err, klearn.ErrParam) {
		t.Error("Gaussian.WithParams(-1)")
	}
	if _, _, err := (ARD{Gamma: []float64{1}}).GramGrad(X); !errors.Is(err, klearn.ErrShape) {
		t.Error("ARD.GramGrad dims")
	}
	if _, err := ImageBlocks(28, 28, 0, 2); !errors.Is(err, klearn.ErrParam) {
		t.Error("ImageBlocks")
	}
	if _, err := NormalizeGram(mat.NewSymDense(2, []float64{-1, 0, 0, 1})); !errors.Is(err, klearn.ErrNotPSD) {
		t.Error("NormalizeGram negative diagonal")
	}
	if _, err := TraceNormalize(mat.NewSymDense(2, nil)); !errors.Is(err, klearn.ErrNotPSD) {
		t.Error("TraceNormalize zero trace")
	}
	if _, err := IsPSD(mat.NewSymDense(2, nil), -1); !errors.Is(err, klearn.ErrParam) {
		t.Error("IsPSD tol")
	}
}

// TestImageBlocks: Argyriou et al.'s halves and quadrants of a 28×28 image.
func TestImageBlocks(t *testing.T) {
	t.Parallel()
	b, _ := ImageBlocks(28, 28, 1, 2)
	if len(b) != 2 || len(b[0]) != 392 || b[0][14] != 28 || b[1][0] != 14 {
		t.Fatalf("halves wrong: %d %d", len(b), len(b[0]))
	}
	q, _ := ImageBlocks(28, 28, 2, 2)
	if len(q) != 4 || len(q[3]) != 196 || q[3][0] != 14*28+14 {
		t.Fatal("quadrants wrong")
	}
	// The block kernel with equal σ is the isotropic Gaussian.
	X := randMatrix(5, 784, 3)
	K1, _ := Gram(BlockGaussian{Blocks: q, Sigma: []float64{9, 9, 9, 9}}, X)
	K2, _ := Gram(Gaussian{Sigma: 9}, X)
	if !mat.EqualApprox(K1, K2, 1e-12) {
		t.Fatal("block Gaussian with equal σ ≠ Gaussian")
	}
}

// must returns v and panics on err (test helper for calls that cannot fail).
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func second[T any](_ T, err error) error { return err }
