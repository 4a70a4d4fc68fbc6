package nkrr

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
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
