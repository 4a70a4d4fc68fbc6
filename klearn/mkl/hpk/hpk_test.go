package hpk

import (
	"math"
	"runtime"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/internal/symrows"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"gonum.org/v1/gonum/mat"
)

// TestHPKFamilyMatchesKernel checks the incremental family (Eq. (12),
// K_{d+1} = K_d ∘ K_1) against kernel.NormalizedHPK evaluated directly, for
// training and test×train matrices, and the lazy sources against the
// materialised lists.
func TestHPKFamilyMatchesKernel(t *testing.T) {
	t.Parallel()
	X, _ := testproblem.RandData(300, 5, 1) // n ≥ 256 exercises the parallel path
	A, _ := testproblem.RandData(7, 5, 2)
	X.SetRow(3, make([]float64, 5)) // a zero row
	fam := Family{D: 6}
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
		if e := testproblem.MaxAbsDiff(t, Ks[d], want); e > 1e-12 {
			t.Errorf("degree %d: Gram differs from NormalizedHPK by %.2g", d, e)
		}
		if e := testproblem.MaxAbsDiff(t, Cs[d], wantC); e > 1e-12 {
			t.Errorf("degree %d: cross differs from NormalizedHPK by %.2g", d, e)
		}
	}
	sub := Family{D: 6, MinDegree: 2}
	K1, _ := CosineGram(X)
	src, err := sub.Source(K1)
	if err != nil {
		t.Fatal(err)
	}
	if src.Len() != 5 || sub.Degrees()[0] != 2 {
		t.Fatalf("MinDegree=2 family has %d members", src.Len())
	}
	_ = src.Each(func(s int, K *mat.SymDense) error {
		if e := testproblem.MaxAbsDiff(t, K, Ks[s+2]); e != 0 {
			t.Errorf("lazy member %d differs by %.2g", s, e)
		}
		return nil
	})
	subKs, err := sub.Grams(X)
	if err != nil {
		t.Fatal(err)
	}
	for s, K := range subKs {
		if e := testproblem.MaxAbsDiff(t, K, Ks[s+2]); e != 0 {
			t.Errorf("MinDegree=2 member %d differs by %.2g", s, e)
		}
	}
	if _, err := (Family{D: 1, MinDegree: 2}).Grams(X); err == nil {
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
		w, err := WeightsPolynomial(7, c)
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
		w, _ := WeightsRBF(10, g)
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
		wt, _ := WeightsRBFPaperTypo(10, g)
		w2, _ := WeightsRBF(10, 2*g*g)
		for s := range wt {
			if math.Abs(wt[s]-w2[s]) > 1e-14 {
				t.Errorf("typo rule γ=%g s=%d: %g, correct rule at 2γ²: %g", g, s, wt[s], w2[s])
			}
		}
	}
	ws, _ := WeightsSum(4)
	w1, _ := WeightsSingle(4)
	if ws[2] != 0.2 || w1[4] != 1 || w1[0] != 0 {
		t.Errorf("sum %v single %v", ws, w1)
	}
	for _, bad := range []func() error{
		func() error { _, e := WeightsPolynomial(3, 0); return e },
		func() error { _, e := WeightsRBF(3, -1); return e },
		func() error { _, e := WeightsSum(-1); return e },
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
	X, _ := testproblem.RandData(40, 3, 3)
	hp, _ := Family{D: 2}.Grams(X)
	rel := func(steps int) float64 {
		f, err := RandomFamily{D: 2, Steps: steps, Seed: 7}.Sample(3)
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
	f, _ := RandomFamily{D: 3, Steps: 2000, Rule: RandomRule, Seed: 1}.Sample(3)
	G, _ := f.Grams(X)
	C, err := f.Crosses(testproblem.Must(klearn.Rows(X, []int{0, 5})), X)
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
	if _, err := (RandomFamily{D: 2, Rule: 9}).Sample(3); err == nil {
		t.Error("bad rule accepted")
	}
}

// TestHPKGramsGOMAXPROCS checks that the materialised family (cosine Gram
// on the parallel product, degrees filled row-parallel) and a symQuad over
// it are bit-identical on 1 and 3 goroutines. Not parallel: it sets
// GOMAXPROCS.
func TestHPKGramsGOMAXPROCS(t *testing.T) {
	X, _ := testproblem.RandData(600, 9, 3) // ≥ 256 rows: the parallel paths
	fam := Family{D: 5, MinDegree: 1}
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
			q[s] = symrows.Quad(K, v)
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

// TestCenterOfMass checks W(η) at the extremes and on
// the uniform weights (W = ½ by symmetry).
func TestCenterOfMass(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		eta  []float64
		want float64
	}{
		{[]float64{1, 0, 0, 0}, 0},
		{[]float64{0, 0, 0, 1}, 1},
		{[]float64{0.25, 0.25, 0.25, 0.25}, 0.5},
		{[]float64{0, 1, 0}, 0.5},
	} {
		w, err := CenterOfMass(c.eta)
		if err != nil || math.Abs(w-c.want) > 1e-15 {
			t.Errorf("W(%v) = %g, %v; want %g", c.eta, w, err, c.want)
		}
	}
	if _, err := CenterOfMass([]float64{1}); err == nil {
		t.Error("single weight accepted")
	}
}
