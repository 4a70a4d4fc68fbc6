package protocol

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestLocalMaxima(t *testing.T) {
	for _, c := range []struct {
		v    []float64
		want []int
	}{
		{[]float64{0, 1, 0, 2, 0}, []int{1, 3}},
		{[]float64{3, 3, 3, 1, 2}, []int{0, 4}},
		{[]float64{0, 1, 1 + 1e-12, 1, 0}, []int{1}},
		{[]float64{1, 2, 2, 3}, []int{3}},
	} {
		got := localMaxima(c.v)
		if len(got) != len(c.want) {
			t.Errorf("%v: %v, want %v", c.v, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%v: %v, want %v", c.v, got, c.want)
			}
		}
	}
}

// TestInteriorMaxima: maxima on a flat end (a limit of f at ω → 0 or ∞)
// are dropped, interior ones and a non-flat end kept.
func TestInteriorMaxima(t *testing.T) {
	v := []float64{1, 1, 1, 0, 2, 0, 3, 3, 3}
	if m := localMaxima(v); len(m) != 3 || m[0] != 0 || m[1] != 4 || m[2] != 6 {
		t.Fatalf("local maxima %v", m)
	}
	if m := interiorMaxima(v, localMaxima(v)); len(m) != 1 || m[0] != 4 {
		t.Errorf("interior maxima %v, want [4]", m)
	}
	w := []float64{0, 2, 1, 5}
	if m := interiorMaxima(w, localMaxima(w)); len(m) != 1 || m[0] != 1 {
		t.Errorf("interior maxima of %v: %v, want [1]", w, m)
	}
}

// TestSignChanges: the products c_ic_j ordered by d_ij, ties summed.
func TestSignChanges(t *testing.T) {
	a := mat.NewVecDense(3, []float64{1, -1, 1})
	D := mat.NewSymDense(3, []float64{0, 1, 2, 1, 0, 3, 2, 3, 0})
	if k := signChanges(a, D); k != 2 { // −1 (d 1), +1 (d 2), −1 (d 3)
		t.Errorf("sign changes %d, want 2", k)
	}
	D = mat.NewSymDense(3, []float64{0, 1, 1, 1, 0, 3, 1, 3, 0})
	if k := signChanges(a, D); k != 0 { // −1 + 1 = 0 at d 1 (skipped), −1 (d 3)
		t.Errorf("sign changes with a tie %d, want 0", k)
	}
}
