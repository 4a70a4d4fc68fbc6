package cortes2009

import (
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
)

// TestEq2RankOmittedMu: when I leaves some μ_k out of every tuple, the
// Jacobian of Eq. (2) has one column per parameter that reaches K and no
// false deficit. On sonar's first three kernels (SmallProblem(3)) the
// monomials of degree ≤ d are linearly independent (Eq1's check), so the
// rank is the count made here by hand: the μ_k that enter I plus |J|, with
// |J| the C(3+d, d) tuples (4, 10) less |I|. The μ_k that enter only
// through the product μ_1μ_2 (I = {(1,1,0)}) count two but move K along one
// direction: that deficit of one is real and is still reported.
func TestEq2RankOmittedMu(t *testing.T) {
	pr, err := SmallProblem(3)
	if err != nil {
		t.Fatal(err)
	}
	mu := []float64{0.7, 1.1, 1.6}
	for _, c := range []struct {
		name         string
		d            int
		I            [][]int
		params, rank int
	}{
		{"I = ∅", 2, nil, 10, 10},
		{"I = {(0,0,0)}", 1, [][]int{{0, 0, 0}}, 3, 3},
		{"I on μ_1 only", 2, [][]int{{1, 0, 0}, {2, 0, 0}}, 1 + 8, 1 + 8},
		{"I on μ_1 and μ_3", 2, [][]int{{1, 0, 0}, {0, 0, 2}, {1, 0, 1}}, 2 + 7, 2 + 7},
		{"every μ_k (Eq2's case)", 2, [][]int{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 0}}, 3 + 6, 3 + 6},
		{"μ_1, μ_2 only through μ_1μ_2", 2, [][]int{{1, 1, 0}}, 2 + 9, 1 + 9},
	} {
		f, err := nkrr.NewMixed(pr.Ks[:3], c.d, c.I)
		if err != nil {
			t.Fatal(err)
		}
		_, J := f.Tuples()
		nu := make([]float64, len(J))
		for k := range nu {
			nu[k] = 0.3 + 0.1*float64(k%5)
		}
		rank, gap, err := eq2Rank(f, mu, nu)
		if err != nil {
			t.Fatal(err)
		}
		if f.Params() != c.params || rank != c.rank {
			t.Errorf("%s: %d parameters, rank %d, want %d and %d", c.name, f.Params(), rank, c.params, c.rank)
		}
		if c.rank == c.params && gap <= RankTol {
			t.Errorf("%s: σ_min/σ_max = %g ≤ RankTol", c.name, gap)
		}
	}
}
