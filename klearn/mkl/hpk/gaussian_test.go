package hpk

import (
	"errors"
	"math"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
)

// unitOf returns the rows of X scaled to unit norm.
func unitOf(X *mat.Dense) *mat.Dense {
	n, d := X.Dims()
	return mat.NewDense(n, d, unitRows(X, n, d))
}

// TestGaussian checks Gaussian against kernel.RBF's Gram matrix of the
// unit rows (the same kernel by ‖x − z‖² = 2 − 2⟨x, z⟩, to rounding), its
// unit diagonal and both triangles bit for bit, that K1 is unchanged, and
// its errors.
func TestGaussian(t *testing.T) {
	X, _ := testproblem.RandData(120, 7, 47)
	K1, err := CosineGram(X)
	if err != nil {
		t.Fatal(err)
	}
	K1c := mat.NewSymDense(120, nil)
	K1c.CopySym(K1)
	for _, g := range []float64{0.1, 1, 7} {
		K, err := Gaussian(K1, g)
		if err != nil {
			t.Fatal(err)
		}
		want := kernel.RBF{Gamma: g}.Gram(unitOf(X))
		raw := K.RawSymmetric()
		for i := 0; i < 120; i++ {
			if K.At(i, i) != 1 {
				t.Fatalf("γ = %g: K[%d,%d] = %v, want 1", g, i, i, K.At(i, i))
			}
			for j := 0; j < 120; j++ {
				if e := math.Abs(K.At(i, j) - want.At(i, j)); e > 1e-13 {
					t.Fatalf("γ = %g: K[%d,%d] = %v, RBF %v", g, i, j, K.At(i, j), want.At(i, j))
				}
				if a, b := raw.Data[i*raw.Stride+j], raw.Data[j*raw.Stride+i]; math.Float64bits(a) != math.Float64bits(b) {
					t.Fatalf("γ = %g: the triangles differ at (%d, %d)", g, i, j)
				}
			}
		}
	}
	if !mat.Equal(K1, K1c) {
		t.Error("K1 was modified")
	}
	for _, g := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if _, err := Gaussian(K1, g); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("γ = %v: %v, want ErrParam", g, err)
		}
	}
	bad := mat.NewSymDense(2, []float64{1, math.NaN(), math.NaN(), 1})
	if _, err := Gaussian(bad, 1); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("a NaN in K1: %v", err)
	}
	if _, err := Gaussian(nil, 1); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("a nil K1: %v", err)
	}
}

// TestGaussianMulCross checks the products against the explicit
// test×train RBF kernel of the unit rows times each vector, the same bits
// on 1 and 2 goroutines, unchanged inputs, and the errors.
func TestGaussianMulCross(t *testing.T) {
	A, _ := testproblem.RandData(50, 6, 48)
	B, _ := testproblem.RandData(80, 6, 49)
	C1, err := CosineCross(A, B)
	if err != nil {
		t.Fatal(err)
	}
	const g = 0.7
	u, v := make([]float64, 80), make([]float64, 80)
	for j := range u {
		u[j], v[j] = math.Sin(float64(j)), 1/float64(j+1)
	}
	C1c, uc := mat.DenseCopyOf(C1), slices.Clone(u)
	run := func(procs int) [][]float64 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		got, err := GaussianMulCross(C1, g, u, v)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	got := run(1)
	if g2 := run(2); !slices.Equal(got[0], g2[0]) || !slices.Equal(got[1], g2[1]) {
		t.Error("GaussianMulCross differs between 1 and 2 goroutines")
	}
	Kx, err := kernel.Cross(kernel.RBF{Gamma: g}, unitOf(A), unitOf(B))
	if err != nil {
		t.Fatal(err)
	}
	for k, x := range [][]float64{u, v} {
		var want mat.VecDense
		want.MulVec(Kx, mat.NewVecDense(80, x))
		for r := range 50 {
			if e := math.Abs(got[k][r] - want.AtVec(r)); e > 1e-12 {
				t.Fatalf("vector %d, row %d: %v, explicit %v", k, r, got[k][r], want.AtVec(r))
			}
		}
	}
	if !mat.Equal(C1, C1c) || !slices.Equal(u, uc) {
		t.Error("an input was modified")
	}
	if _, err := GaussianMulCross(C1, g, u[1:]); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("a short vector: %v", err)
	}
	if _, err := GaussianMulCross(C1, g); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("no vector: %v", err)
	}
	if _, err := GaussianMulCross(C1, -g, u); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("γ < 0: %v", err)
	}
	bad := slices.Clone(u)
	bad[0] = math.Inf(-1)
	if _, err := GaussianMulCross(C1, g, bad); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("an infinite entry: %v", err)
	}
}
