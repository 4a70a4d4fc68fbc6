package kernel

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// randSPD returns a random d×d symmetric positive definite matrix AᵀA + 0.1 I.
func randSPD(r *rand.Rand, d int) *mat.SymDense {
	A := mat.NewDense(d, d, nil)
	for i := 0; i < d; i++ {
		for j := 0; j < d; j++ {
			A.Set(i, j, r.NormFloat64())
		}
	}
	P := mat.NewSymDense(d, nil)
	P.SymOuterK(1, A.T())
	for i := 0; i < d; i++ {
		P.SetSym(i, i, P.At(i, i)+0.1)
	}
	return P
}

func TestPairFeaturesGiveTheQuadraticForm(t *testing.T) {
	r := klearn.NewRand(7)
	for _, d := range []int{1, 2, 5} {
		P := randSPD(r, d)
		w := LowerTriangle(P)
		if len(w) != d*(d+1)/2 {
			t.Fatalf("d = %d: %d parameters", d, len(w))
		}
		for trial := 0; trial < 20; trial++ {
			x, z := make([]float64, d), make([]float64, d)
			for k := range x {
				x[k], z[k] = r.NormFloat64(), r.NormFloat64()
			}
			b, err := PairFeatures(x, z)
			if err != nil {
				t.Fatal(err)
			}
			var dot float64
			for k := range b {
				dot += b[k] * w[k]
			}
			diff := mat.NewVecDense(d, nil)
			diff.SubVec(mat.NewVecDense(d, x), mat.NewVecDense(d, z))
			q := mat.Inner(diff, P, diff)
			if math.Abs(dot-q) > 1e-12*math.Max(1, math.Abs(q)) {
				t.Errorf("d = %d: ⟨b, ω⟩ = %v, (x−t)ᵀΣ⁻¹(x−t) = %v", d, dot, q)
			}
			if k := (FullGaussian{Prec: P}).Eval(x, z); math.Abs(k-math.Exp(-q)) > 1e-14 {
				t.Errorf("d = %d: Eval %v, exp(−q) %v", d, k, math.Exp(-q))
			}
		}
	}
	if _, err := PairFeatures([]float64{1}, []float64{1, 2}); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("lengths 1 and 2: %v", err)
	}
}

// TestFullGaussianBlockDiagonalIsBlockGaussian: with Σ⁻¹ = diag(I/σ_b²) the
// full Gaussian is the product of the block Gaussians (Section 5 of
// Argyriou et al. 2006), two independent codes.
func TestFullGaussianBlockDiagonalIsBlockGaussian(t *testing.T) {
	blocks := [][]int{{0, 2}, {1, 3, 4}}
	sig := []float64{0.7, 2.3}
	P := mat.NewSymDense(5, nil)
	for b, blk := range blocks {
		for _, j := range blk {
			P.SetSym(j, j, 1/(sig[b]*sig[b]))
		}
	}
	full, blk := FullGaussian{Prec: P}, BlockGaussian{Blocks: blocks, Sigma: sig}
	if err := full.Validate(5); err != nil {
		t.Fatal(err)
	}
	r := klearn.NewRand(3)
	for trial := 0; trial < 50; trial++ {
		x, z := make([]float64, 5), make([]float64, 5)
		for k := range x {
			x[k], z[k] = r.NormFloat64(), r.NormFloat64()
		}
		if a, b := full.Eval(x, z), blk.Eval(x, z); math.Abs(a-b) > 1e-15 {
			t.Errorf("full %v, blocks %v", a, b)
		}
	}
	// A precision that is not positive definite, of the wrong size, or
	// missing is refused.
	bad := mat.NewSymDense(2, []float64{1, 2, 2, 1})
	for _, c := range []struct {
		g    FullGaussian
		d    int
		want error
	}{{FullGaussian{Prec: bad}, 2, klearn.ErrParam}, {full, 4, klearn.ErrShape}, {FullGaussian{}, 2, klearn.ErrParam},
		{FullGaussian{Prec: mat.NewSymDense(1, []float64{math.NaN()})}, 1, klearn.ErrNotFinite}} {
		if err := c.g.Validate(c.d); !errors.Is(err, c.want) {
			t.Errorf("Validate(%d): %v, want %v", c.d, err, c.want)
		}
	}
}

func TestRotationMixtureMatchesItsIntegral(t *testing.T) {
	k := RotationMixture{A1: 1, B1: 2.5, B2: 0.6}
	if err := k.Validate(2); err != nil {
		t.Fatal(err)
	}
	for _, x := range [][]float64{{0, 0}, {0.3, -0.2}, {1, 0.5}, {-1.5, 2}} {
		want := k.Integral(x, 120)
		got := k.Eval(x, []float64{0, 0})
		if math.Abs(got-want) > 1e-3*want {
			t.Errorf("x = %v: H₁H₂ = %.8g, direct integral %.8g", x, got, want)
		}
	}
	// Large distances: every exponent ≤ 0, finite and small.
	if v := k.Radial(1e6); !(v >= 0 && v < 1e-6) {
		t.Errorf("k at r² = 1e6: %v", v)
	}
	for _, bad := range []RotationMixture{{A1: 1, B1: 2, B2: 1}, {A1: 2, B1: 1, B2: 0.5}, {A1: 1, B1: math.Inf(1), B2: 0.5}} {
		if err := bad.Validate(2); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	if err := k.Validate(3); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("d = 3: %v", err)
	}
}
