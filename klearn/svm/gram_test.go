package svm

import (
	"errors"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// TestFitGramStorage checks that FitGram depends only on the defining
// (upper) triangle of the SymDense storage: a mirrored matrix (read in
// place), an upper-only one (copied and mirrored) and one whose lower
// storage holds NaN give bit-identical solutions; a non-finite entry of the
// upper triangle is reported in every case. Expected values: the solution
// on the mirrored matrix itself (self-consistency, exact equality).
func TestFitGramStorage(t *testing.T) {
	K, y := syntheticProblem(203) // odd size: partial tiles of gramTile
	U := upperOnly(K)
	N := upperOnly(K)
	raw := N.RawSymmetric()
	for i := 1; i < raw.N; i++ {
		raw.Data[i*raw.Stride+i-1] = math.NaN()
	}
	clf := Classifier{C: 10}
	want, err := clf.FitGram(K, y)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		K    *mat.SymDense
	}{{"upper-only", U}, {"NaN below diagonal", N}} {
		m, err := clf.FitGram(tc.K, y)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if m.Objective() != want.Objective() || m.Bias() != want.Bias() ||
			!slices.Equal(m.Support(), want.Support()) || m.Iterations() != want.Iterations() {
			t.Errorf("%s: objective %v bias %v, want %v %v", tc.name, m.Objective(), m.Bias(), want.Objective(), want.Bias())
		}
	}
	for _, tc := range []struct {
		name string
		K    *mat.SymDense
	}{{"mirrored", K}, {"upper-only", U}} {
		B := mat.NewSymDense(K.SymmetricDim(), nil)
		B.CopySym(tc.K)
		if tc.name == "mirrored" {
			copy(B.RawSymmetric().Data, K.RawSymmetric().Data)
		}
		B.SetSym(150, 170, math.Inf(-1)) // upper storage
		if tc.name == "mirrored" {
			B.RawSymmetric().Data[170*B.RawSymmetric().Stride+150] = math.Inf(-1)
		}
		if _, err := clf.FitGram(B, y); !errors.Is(err, klearn.ErrNotFinite) {
			t.Errorf("%s with −Inf at (150, 170): err = %v, want ErrNotFinite", tc.name, err)
		}
	}
}
