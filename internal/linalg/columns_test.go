package linalg

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestColumns checks the selected columns (repeats and any order allowed)
// against the entries of X, through a transposed view, and that X is left
// alone.
func TestColumns(t *testing.T) {
	X := mat.NewDense(3, 4, []float64{
		1, 2, 3, 4,
		5, 6, 7, 8,
		9, 10, 11, 12,
	})
	keep := mat.DenseCopyOf(X)
	got := Columns(X, []int{3, 0, 3})
	want := mat.NewDense(3, 3, []float64{4, 1, 4, 8, 5, 8, 12, 9, 12})
	if !mat.Equal(got, want) {
		t.Errorf("Columns = %v, want %v", mat.Formatted(got), mat.Formatted(want))
	}
	if !mat.Equal(X, keep) {
		t.Error("Columns changed X")
	}
	if got := Columns(X.T(), []int{2}); !mat.Equal(got, mat.NewDense(4, 1, []float64{9, 10, 11, 12})) {
		t.Errorf("Columns of Xᵀ = %v", mat.Formatted(got))
	}
}
