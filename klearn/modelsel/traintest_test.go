package modelsel_test

import (
	"errors"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/modelsel"
)

// TestTrainTestSplit: 30 samples (20 of class 1, 10 of class −1) split with
// testFrac 0.3 give 6 + 3 test rows; each row travels with its label
// (column 0 holds the row's index, column 1 its label), every row lands on
// exactly one side, the split repeats under the seed, and the inputs are
// left as they were.
func TestTrainTestSplit(t *testing.T) {
	const n = 30
	X := mat.NewDense(n, 2, nil)
	y := make([]float64, n)
	for i := range y {
		y[i] = 1
		if i%3 == 0 {
			y[i] = -1
		}
		X.Set(i, 0, float64(i))
		X.Set(i, 1, y[i])
	}
	X0, y0 := mat.DenseCopyOf(X), slices.Clone(y)
	Xtr, Xte, ytr, yte, err := modelsel.TrainTestSplit(X, y, 0.3, 7)
	if err != nil {
		t.Fatal(err)
	}
	if len(ytr) != 21 || len(yte) != 9 || Xtr.RawMatrix().Rows != 21 || Xte.RawMatrix().Rows != 9 {
		t.Fatalf("sizes: train %d, test %d", len(ytr), len(yte))
	}
	count := func(v []float64, c float64) (k int) {
		for _, x := range v {
			if x == c {
				k++
			}
		}
		return k
	}
	if count(yte, 1) != 6 || count(yte, -1) != 3 {
		t.Errorf("test labels %v: want 6 of class 1 and 3 of class −1", yte)
	}
	seen := make([]int, n)
	for _, side := range []struct {
		X *mat.Dense
		y []float64
	}{{Xtr, ytr}, {Xte, yte}} {
		for r, lab := range side.y {
			i := int(side.X.At(r, 0))
			seen[i]++
			if side.X.At(r, 1) != lab || y[i] != lab {
				t.Fatalf("row %d (sample %d) carries label %v", r, i, lab)
			}
		}
	}
	for i, k := range seen {
		if k != 1 {
			t.Fatalf("sample %d appears %d times", i, k)
		}
	}
	Xtr2, _, ytr2, _, err := modelsel.TrainTestSplit(X, y, 0.3, 7)
	if err != nil || !mat.Equal(Xtr, Xtr2) || !slices.Equal(ytr, ytr2) {
		t.Errorf("the same seed gave another split (%v)", err)
	}
	if Xtr3, _, _, _, err := modelsel.TrainTestSplit(X, y, 0.3, 8); err != nil || mat.Equal(Xtr3, Xtr) {
		t.Errorf("another seed gave the same split (%v)", err)
	}
	if !mat.Equal(X, X0) || !slices.Equal(y, y0) {
		t.Error("inputs modified")
	}
	for name, tc := range map[string]struct {
		X    mat.Matrix
		y    []float64
		frac float64
		want error
	}{
		"nil X":            {nil, y, 0.3, klearn.ErrEmpty},
		"rows ≠ labels":    {X, y[:29], 0.3, klearn.ErrShape},
		"testFrac 0":       {X, y, 0, klearn.ErrParam},
		"testFrac 1":       {X, y, 1, klearn.ErrParam},
		"one-sample class": {mat.NewDense(3, 1, nil), []float64{1, 1, -1}, 0.5, klearn.ErrParam},
	} {
		if _, _, _, _, err := modelsel.TrainTestSplit(tc.X, tc.y, tc.frac, 1); !errors.Is(err, tc.want) {
			t.Errorf("%s: error %v, want %v", name, err, tc.want)
		}
	}
}
