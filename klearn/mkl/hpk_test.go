package mkl

import (
	"math"
	"runtime"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"gonum.org/v1/gonum/mat"
)

// randUnitish returns n×m Gaussian data (not normalised) and ±1 labels from
// a random hyperplane with 10% label noise.
func hpkRandData(n, m int, seed uint64) (*mat.Dense, []float64) {
	r := klearn.NewRand(seed)
	X := mat.NewDense(n, m, nil)
	w := make([]float64, m)
	for j := range w {
		w[j] = r.NormFloat64()
	}
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		var s float64
		for j := 0; j < m; j++ {
			v := r.NormFloat64()
			X.Set(i, j, v)
			s += v * w[j]
		}
		y[i] = 1
		if s < 0 {
			y[i] = -1
		}
		if r.Float64() < 0.1 {
			y[i] = -y[i]
		}
	}
	return X, y
}

func hpkMaxAbsDiff(t *testing.T, A, B mat.Matrix) float64 {
	t.Helper()
	r, c := A.Dims()
	if rb, cb := B.Dims(); rb != r || cb != c {
		t.Fatalf("shapes %d×%d and %d×%d", r, c, rb, cb)
	}
	var d float64
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			d = math.Max(d, math.Abs(A.At(i, j)-B.At(i, j)))
		}
	}
	return d
}

// TestHPKFamilyMatchesKernel checks the incremental family (Eq. (12),
// K_{d+1} = K_d ∘ K_1) against kernel.NormalizedHPK evaluated directly, for
// training and test×train matrices, and the lazy sources against the
// materialised lists.
func TestHPKFamilyMatchesKernel(t *testing.T) {
	t.Parallel()
	X, _ := hpkRandData(300, 5, 1) // n ≥ 256 exercises the parallel path
	A, _ := hpkRandData(7, 5, 2)
	X.SetRow(3, make([]float64, 5)) // a zero row
	fam := HPKFamily{D: 6}
	Ks, err := fam.Grams(X)
	if err != nil {
		t.Fatal(err)
	}
	Cs, err := fam.Crosses(A, X)
	if err != nil {
		t.Fatal(err)
	}
	if len(Ks) != 7 || len(Cs) != 7 {
		t.Fatalf("lengths %d, %d; want 7", len(Ks), len(Cs))
	}
	for d := 0; d <= 6; d++ {
		var want *mat.SymDense
		var wantC *mat.Dense
		if d == 0 {
			// k_0 ≡ 1 (0⁰ = 1).
			want = mat.NewSymDense(300, nil)
			wantC = mat.NewDense(7, 300, nil)
			for i := 0; i < 300; i++ {
				for j := i; j < 300; j++ {
					want.SetSym(i, j, 1)
				}
				for r := 0; r < 7; r++ {
					wantC.Set(r, i, 1)
				}
			}
		} else {
			want, err = kernel.Gram(kernel.NormalizedHPK{Degree: d}, X)
			if err != nil {
				t.Fatal(err)
			}
			want.SetSym(3, 3, 1) // our convention: a zero row has k(x,x) = 1
			wantC, err = kernel.Cross(kernel.NormalizedHPK{Degree: d}, A, X)
			if err != nil {
				t.Fatal(err)
			}
		}
		// Closed form vs Hadamard powers: rounding only.
		if e := hpkMaxAbsDiff(t, Ks[d], want); e > 1e-12 {
			t.Errorf("degree %d: Gram differs from NormalizedHPK by %.2g", d, e)
		}
		if e := hpkMaxAbsDiff(t, Cs[d], wantC); e > 1e-12 {
			t.Errorf("degree %d: cross differs from NormalizedHPK by %.2g", d, e)
		}
	}
	sub := HPKFamily{D: 6, MinDegree: 2}
	K1, _ := CosineGram(X)
	src, err := sub.Source(K1)
	if err != nil {
		t.Fatal(err)
	}
	if src.Len() != 5 || sub.Degrees()[0] != 2 {
		t.Fatalf("MinDegree=2 family has %d members", src.Len())
	}
	_ = src.Each(func(s int, K *mat.SymDense) error {
		if e := hpkMaxAbsDiff(t, K, Ks[s+2]); e != 0 {
			t.Errorf("lazy member %d differs by %.2g", s, e)
		}
		return nil
	})
	subKs, err := sub.Grams(X)
	if err != nil {
		t.Fatal(err)
	}
	for s, K := range subKs {
		if e := hpkMaxAbsDiff(t, K, Ks[s+2]); e != 0 {
			t.Errorf("MinDegree=2 member %d differs by %.2g", s, e)
		}
	}
	if _, err := (HPKFamily{D: 1, MinDegree: 2}).Grams(X); err == nil {
		t.Error("MinDegree > D accepted")
	}
	if _, err := CosineCross(A, mat.NewDense(2, 3, nil)); err == nil {
		t.Error("column mismatch accepted")
	}
}

// TestHPKWeightRules checks the fixed rules against closed forms on unit
// vectors: Σ_s η_s t^s = ((t+c)/(1+c))^D exactly (binomial theorem), and
// the truncated RBF rule against kernel.DPPRBF renormalised (Table 1,
// corrected coefficients), the printed-typo rule equal to the correct one
// at γ' = 2γ².
func TestHPKWeightRules(t *testing.T) {
	t.Parallel()
	for _, c := range []float64{0.5, 1, 2, 3} {
		w, err := HPKWeightsPolynomial(7, c)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range []float64{-0.9, -0.2, 0.3, 0.99} {
			got := hpkHorner(w, x)
			want := math.Pow((x+c)/(1+c), 7)
			if math.Abs(got-want) > 1e-14 {
				t.Errorf("poly c=%g t=%g: %g want %g", c, x, got, want)
			}
		}
	}
	for _, g := range []float64{1.0 / 32, 0.5, 2} {
		w, _ := HPKWeightsRBF(10, g)
		p, err := kernel.DPPRBF(g, 10)
		if err != nil {
			t.Fatal(err)
		}
		var z float64
		for _, a := range p.Coef {
			z += a
		}
		for s := range w {
			if math.Abs(w[s]-p.Coef[s]/z) > 1e-14 {
				t.Errorf("rbf γ=%g s=%d: %g want %g", g, s, w[s], p.Coef[s]/z)
			}
		}
		wt, _ := HPKWeightsRBFPaperTypo(10, g)
		w2, _ := HPKWeightsRBF(10, 2*g*g)
		for s := range wt {
			if math.Abs(wt[s]-w2[s]) > 1e-14 {
				t.Errorf("typo rule γ=%g s=%d: %g, correct rule at 2γ²: %g", g, s, wt[s], w2[s])
			}
		}
	}
	ws, _ := HPKWeightsSum(4)
	w1, _ := HPKWeightsSingle(4)
	if ws[2] != 0.2 || w1[4] != 1 || w1[0] != 0 {
		t.Errorf("sum %v single %v", ws, w1)
	}
	for _, bad := range []func() error{
		func() error { _, e := HPKWeightsPolynomial(3, 0); return e },
		func() error { _, e := HPKWeightsRBF(3, -1); return e },
		func() error { _, e := HPKWeightsSum(-1); return e },
	} {
		if bad() == nil {
			t.Error("bad rule parameter accepted")
		}
	}
}

func hpkHorner(a []float64, x float64) float64 {
	var s float64
	for i := len(a) - 1; i >= 0; i-- {
		s = s*x + a[i]
	}
	return s
}

// TestRandomFamilyConsistency checks Algorithm 1: the
// normalised Q_D kernels converge to the normalised HPKs as the number of
// steps grows (an unbiased estimate with error ~ steps^{-1/2}), and the test
// cross kernel agrees with the training Gram on shared points.
func TestRandomFamilyConsistency(t *testing.T) {
	t.Parallel()
	X, _ := hpkRandData(40, 3, 3)
	hp, _ := HPKFamily{D: 2}.Grams(X)
	rel := func(steps int) float64 {
		f, err := RandomHPKFamily{D: 2, Steps: steps, Seed: 7}.Sample(3)
		if err != nil {
			t.Fatal(err)
		}
		Q, err := f.Grams(X)
		if err != nil {
			t.Fatal(err)
		}
		var num, den float64
		for i := 0; i < 40; i++ {
			for j := 0; j < 40; j++ {
				d := Q[2].At(i, j) - hp[2].At(i, j)
				num += d * d
				den += hp[2].At(i, j) * hp[2].At(i, j)
			}
		}
		return math.Sqrt(num / den)
	}
	small, large := rel(300), rel(300000)
	// With m = 3 and D = 2, π(2) = 9/13; 300 steps leave ~200 draws of the
	// 9 ordered pairs (error ≈ 0.1), 300 000 steps ≈ 0.003.
	if !(large < 0.02 && large < small/3) {
		t.Errorf("‖Q_2 − K_2‖/‖K_2‖: %.3g at 300 steps, %.3g at 300 000", small, large)
	}
	f, _ := RandomHPKFamily{D: 3, Steps: 2000, Rule: RandomRule, Seed: 1}.Sample(3)
	G, _ := f.Grams(X)
	C, err := f.Crosses(must(modelsel.Rows(X, []int{0, 5})), X)
	if err != nil {
		t.Fatal(err)
	}
	for s := range G {
		for j := 0; j < 40; j++ {
			if math.Abs(C[s].At(1, j)-G[s].At(5, j)) > 1e-12 {
				t.Fatalf("R_D kernel %d: cross and Gram disagree at (5,%d)", s, j)
			}
		}
	}
	var total int
	for _, ts := range f.Terms {
		for _, mo := range ts {
			total += mo.Count
		}
	}
	if total != 2000 {
		t.Errorf("counts sum to %d, want 2000 steps", total)
	}
	if _, err := (RandomHPKFamily{D: 2, Rule: 9}).Sample(3); err == nil {
		t.Error("bad rule accepted")
	}
}

// TestHPKGramsGOMAXPROCS checks that the materialised family (cosine Gram
// on the parallel product, degrees filled row-parallel) and a symQuad over
// it are bit-identical on 1 and 3 goroutines. Not parallel: it sets
// GOMAXPROCS.
func TestHPKGramsGOMAXPROCS(t *testing.T) {
	X, _ := hpkRandData(600, 9, 3) // ≥ 256 rows: the parallel paths
	fam := HPKFamily{D: 5, MinDegree: 1}
	v := make([]float64, 600)
	for i := range v {
		v[i] = math.Sin(float64(i))
	}
	run := func(procs int) ([]*mat.SymDense, []float64) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		Ks, err := fam.Grams(X)
		if err != nil {
			t.Fatal(err)
		}
		q := make([]float64, len(Ks))
		for s, K := range Ks {
			q[s] = symQuad(K, v)
		}
		return Ks, q
	}
	K1, q1 := run(1)
	K3, q3 := run(3)
	for s := range K1 {
		a, b := K1[s].RawSymmetric(), K3[s].RawSymmetric()
		for i := 0; i < 600; i++ {
			for j := i; j < 600; j++ {
				if x, y := a.Data[i*a.Stride+j], b.Data[i*b.Stride+j]; x != y {
					t.Fatalf("member %d: K[%d,%d] = %v on 1 goroutine, %v on 3", s, i, j, x, y)
				}
			}
		}
		if q1[s] != q3[s] {
			t.Fatalf("member %d: vᵀKv = %v on 1 goroutine, %v on 3", s, q1[s], q3[s])
		}
	}
}
