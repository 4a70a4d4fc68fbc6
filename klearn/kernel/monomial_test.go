package kernel

import (
	"math"
	"testing"
)

// TestMonomialVectorTable: the power-table path of monomialVector gives
// monomial's bits for every exponent vector, including tiny, negative and
// large entries and exponents past the table bound (which take monomial).
func TestMonomialVectorTable(t *testing.T) {
	t.Parallel()
	exps, err := Monomials(3, 9)
	if err != nil {
		t.Fatal(err)
	}
	big := append(exps[:len(exps):len(exps)], []int{1 << 17, 0, 1})
	for _, es := range [][][]int{exps, big} {
		for _, x := range [][]float64{{0.3, -1.7, 2.9}, {1e-100, 3, -0.5}, {math.Pi, math.E, -1}, {1e300, 0, -1e-300}} {
			got := monomialVector(x, es)
			for i, e := range es {
				if want := monomial(x, e); math.Float64bits(got[i]) != math.Float64bits(want) {
					t.Errorf("x = %v, exponents %v: %v, want monomial's %v", x, e, got[i], want)
				}
			}
		}
	}
}
