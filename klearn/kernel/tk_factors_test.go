package kernel

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// TestPairFactorsReproduceBasis checks TK.PairFactors against TK.Basis:
// G_ab(x_k, x_l) = x_k^{δ_i} x_l^{δ_j} c_b(σ_ij) for every block, monomial
// pair and pair of points k ≤ l (Corollary 13, eq. 23), for degrees 0–2
// on points partly outside the box (clipped); X is not modified, and bad
// input is a wrapped error.
func TestPairFactorsReproduceBasis(t *testing.T) {
	r := klearn.NewRand(4)
	X := mat.NewDense(6, 3, nil)
	for i := 0; i < 6; i++ {
		for j := 0; j < 3; j++ {
			X.Set(i, j, r.Float64())
		}
	}
	X.Set(0, 1, -0.3)
	X.Set(2, 0, 1.4)
	X0 := mat.DenseCopyOf(X)
	for d := 0; d <= 2; d++ {
		tk := TK{Degree: d, Lower: []float64{-0.1, -0.1, -0.1}, Upper: []float64{1.1, 1.1, 1.1}}
		f, err := tk.PairFactors(X)
		if err != nil {
			t.Fatal(err)
		}
		q := f.Q
		if q != must(TKSize(3, d)) || f.NSum != must(MonomialCount(3, 2*d)) {
			t.Fatalf("d=%d: q = %d, NSum = %d", d, q, f.NSum)
		}
		for k := 0; k < f.M; k++ {
			for l := k; l < f.M; l++ {
				G := tk.Basis(X.RawRowView(k), X.RawRowView(l))
				c := f.C[PairIndex(k, l, f.M)*4*f.NSum:]
				for i := 0; i < q; i++ {
					for j := 0; j < q; j++ {
						s := f.Sum[f.Class[i]*f.NClass+f.Class[j]]
						mono := f.XD[k*q+i] * f.XD[l*q+j]
						for b, ab := range [4][2]int{{i, j}, {i, q + j}, {q + i, j}, {q + i, q + j}} {
							want := G.At(ab[0], ab[1])
							if got := mono * c[4*s+b]; math.Abs(got-want) > 1e-14*(1+math.Abs(want)) {
								t.Fatalf("d=%d pair (%d,%d) block %d (%d,%d): %.17g, Basis %.17g", d, k, l, b, i, j, got, want)
							}
						}
					}
				}
			}
		}
		for i := 0; i < q; i++ {
			if f.DeltaZero[i] && (f.XD[i] != 1 || f.XD[q+i] != 1 || f.XD[2*q+i] != 1) {
				t.Fatalf("d=%d: monomial %d has δ = 0 but x^δ ≠ 1", d, i)
			}
		}
	}
	if !mat.Equal(X, X0) {
		t.Fatal("X modified")
	}
	if _, err := (TK{Degree: 1}).PairFactors(mat.NewDense(2, 2, []float64{0, math.NaN(), 1, 1})); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("NaN input: %v, want ErrNotFinite", err)
	}
	if _, err := (TK{Degree: -1}).PairFactors(X); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("degree −1: %v, want ErrParam", err)
	}
}
