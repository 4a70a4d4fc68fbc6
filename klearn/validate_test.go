package klearn_test

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

func TestCheckMatrix(t *testing.T) {
	t.Parallel()
	var nilDense *mat.Dense
	cases := []struct {
		name string
		X    mat.Matrix
		want error
	}{
		{"nil", nil, klearn.ErrEmpty},
		{"typed nil", nilDense, klearn.ErrEmpty},
		{"NaN", mat.NewDense(2, 2, []float64{1, 2, math.NaN(), 4}), klearn.ErrNotFinite},
		{"Inf", mat.NewDense(1, 2, []float64{math.Inf(-1), 0}), klearn.ErrNotFinite},
		{"NaN in a transposed view", mat.NewDense(2, 2, []float64{1, math.NaN(), 3, 4}).T(), klearn.ErrNotFinite},
		{"ok", mat.NewDense(2, 3, nil), nil},
	}
	for _, c := range cases {
		_, _, err := klearn.CheckMatrix("X", c.X)
		if !errors.Is(err, c.want) || (c.want == nil && err != nil) {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
		}
	}
	n, d, err := klearn.CheckMatrix("X", mat.NewDense(4, 7, nil))
	if err != nil || n != 4 || d != 7 {
		t.Errorf("shape: got %d×%d, %v; want 4×7", n, d, err)
	}
}

func TestCheckXYAndVector(t *testing.T) {
	t.Parallel()
	X := mat.NewDense(3, 2, nil)
	if _, _, err := klearn.CheckXY(X, []float64{1, 2}); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("short y: got %v, want ErrShape", err)
	}
	if _, _, err := klearn.CheckXY(X, []float64{1, math.NaN(), 2}); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("NaN y: got %v, want ErrNotFinite", err)
	}
	if err := klearn.CheckVector("v", nil); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("empty vector: got %v, want ErrEmpty", err)
	}
	if _, _, err := klearn.CheckXY(X, []float64{1, 2, 3}); err != nil {
		t.Errorf("valid input: %v", err)
	}
}

func TestCheckBinary(t *testing.T) {
	t.Parallel()
	neg, pos, err := klearn.CheckBinary([]float64{1, -1, -1, 1, 1})
	if err != nil || neg != 2 || pos != 3 {
		t.Errorf("counts: got %d/%d, %v; want 2/3", neg, pos, err)
	}
	if _, _, err := klearn.CheckBinary([]float64{1, 1}); !errors.Is(err, klearn.ErrOneClass) {
		t.Errorf("one class: got %v, want ErrOneClass", err)
	}
	if _, _, err := klearn.CheckBinary([]float64{0, 1}); !errors.Is(err, klearn.ErrLabels) {
		t.Errorf("0/1 labels: got %v, want ErrLabels", err)
	}
}

func TestClassesSorted(t *testing.T) {
	t.Parallel()
	got := klearn.Classes([]float64{3, 1, 2, 3, 1})
	want := []float64{1, 2, 3}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
}

func TestCheckGram(t *testing.T) {
	t.Parallel()
	K := mat.NewSymDense(2, []float64{1, 0.5, 0.5, 1})
	if m, err := klearn.CheckGram(K, 2); err != nil || m != 2 {
		t.Errorf("valid Gram: %d, %v", m, err)
	}
	if _, err := klearn.CheckGram(K, 3); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("wrong order: got %v, want ErrShape", err)
	}
	bad := mat.NewSymDense(2, []float64{1, math.Inf(1), math.Inf(1), 1})
	if _, err := klearn.CheckGram(bad, -1); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("Inf: got %v, want ErrNotFinite", err)
	}
	var nilSym *mat.SymDense
	if _, err := klearn.CheckGram(nilSym, -1); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("nil: got %v, want ErrEmpty", err)
	}
}

func TestCheckParam(t *testing.T) {
	t.Parallel()
	for _, v := range []float64{-1, math.NaN(), math.Inf(1), 11} {
		if err := klearn.CheckParam("C", v, 0, 10); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("C = %v: got %v, want ErrParam", v, err)
		}
	}
	if err := klearn.CheckParam("C", 10, 0, 10); err != nil {
		t.Errorf("boundary value rejected: %v", err)
	}
}

func TestNewRandDeterministic(t *testing.T) {
	t.Parallel()
	a, b, c := klearn.NewRand(7), klearn.NewRand(7), klearn.NewRand(8)
	same, differ := true, false
	for range 10 {
		x, y, z := a.Uint64(), b.Uint64(), c.Uint64()
		same = same && x == y
		differ = differ || x != z
	}
	if !same || !differ {
		t.Errorf("same seed equal: %v, different seeds differ: %v", same, differ)
	}
}

// TestEigenSym: the eigenvalues of c·11ᵀ (4×4) are 0, 0, 0 and 4c at every
// scale, including the c = 7.8e−152 on which gonum's EigenSym panics, and
// the eigenvectors of a diagonal matrix are the unit vectors; a zero
// matrix gives zeros, a NaN or nil matrix no answer.
func TestEigenSym(t *testing.T) {
	t.Parallel()
	for _, c := range []float64{1, 7.8e-152, 1e-300, 1e300, 5e-324} {
		K := mat.NewSymDense(4, nil)
		for i := 0; i < 4; i++ {
			for j := i; j < 4; j++ {
				K.SetSym(i, j, c)
			}
		}
		vals, _, ok := klearn.EigenSym(K, false)
		if !ok {
			t.Errorf("c = %g: no answer", c)
			continue
		}
		for k, want := range []float64{0, 0, 0, 4 * c} {
			if math.Abs(vals[k]-want) > 1e-12*4*c {
				t.Errorf("c = %g: λ_%d = %g, want %g", c, k, vals[k], want)
			}
		}
	}
	D := mat.NewSymDense(2, []float64{3, 0, 0, 1e-200})
	vals, V, ok := klearn.EigenSym(D, true)
	if !ok || vals[0] != 1e-200 || vals[1] != 3 || math.Abs(V.At(1, 0)) != 1 || math.Abs(V.At(0, 1)) != 1 {
		t.Errorf("diag(3, 1e-200): %v, %v, %v", vals, V, ok)
	}
	if vals, _, ok := klearn.EigenSym(mat.NewSymDense(3, nil), false); !ok || vals[2] != 0 {
		t.Errorf("zero matrix: %v, %v", vals, ok)
	}
	if _, _, ok := klearn.EigenSym(mat.NewSymDense(2, []float64{1, math.NaN(), math.NaN(), 1}), false); ok {
		t.Errorf("NaN matrix: ok")
	}
	if _, _, ok := klearn.EigenSym(nil, false); ok {
		t.Errorf("nil matrix: ok")
	}
}
