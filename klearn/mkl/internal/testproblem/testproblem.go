// Package testproblem holds the small problems and independent checks
// shared by the tests of the MKL learners.
package testproblem

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/svm"
	"gonum.org/v1/gonum/mat"
)

// Problem is a small binary problem with four unit-trace base kernels:
// K0 linear on the informative feature x0, K1 RBF (γ = 0.5) on all three
// features, K2 RBF (γ = 1) on the noise feature x2, K3 linear on all
// features. Labels are y = sign(x0 + 0.3 x1) (deterministic); test
// kernels are scaled by the training traces.
type Problem struct {
	Ks     []*mat.SymDense
	Kte    []*mat.Dense // test × train
	Ktr    []*mat.Dense // train × train, as test kernels
	Y, Yte []float64
	X, Xte *mat.Dense
}

func Data(n int, seed uint64) (*mat.Dense, []float64) {
	r := klearn.NewRand(seed)
	X := mat.NewDense(n, 3, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		for j := 0; j < 3; j++ {
			X.Set(i, j, r.NormFloat64())
		}
		if X.At(i, 0)+0.3*X.At(i, 1) >= 0 {
			y[i] = 1
		} else {
			y[i] = -1
		}
	}
	return X, y
}

func New(t testing.TB, n, nte int, seed uint64) *Problem {
	t.Helper()
	X, y := Data(n, seed)
	Xte, yte := Data(nte, seed+1000)
	type spec struct {
		k      kernel.Kernel
		lo, hi int
	}
	specs := []spec{
		{kernel.Linear{}, 0, 1},
		{kernel.RBF{Gamma: 0.5}, 0, 3},
		{kernel.RBF{Gamma: 1}, 2, 3},
		{kernel.Linear{}, 0, 3},
	}
	p := &Problem{Y: y, Yte: yte, X: X, Xte: Xte}
	for _, s := range specs {
		A := X.Slice(0, n, s.lo, s.hi)
		B := Xte.Slice(0, nte, s.lo, s.hi)
		K, err := kernel.Gram(s.k, A)
		if err != nil {
			t.Fatal(err)
		}
		var tr float64
		for i := 0; i < n; i++ {
			tr += K.At(i, i)
		}
		K.ScaleSym(1/tr, K)
		C, err := kernel.Cross(s.k, B, A)
		if err != nil {
			t.Fatal(err)
		}
		C.Scale(1/tr, C)
		p.Ks = append(p.Ks, K)
		p.Kte = append(p.Kte, C)
		p.Ktr = append(p.Ktr, mat.DenseCopyOf(K))
	}
	return p
}

// J is J(d) computed independently: a plain SVM on Σ d_m K_m.
func J(t testing.TB, C, svmTol float64, d []float64, Ks []*mat.SymDense, y []float64) (float64, *svm.Model) {
	t.Helper()
	K, err := kernel.Combine(d, Ks)
	if err != nil {
		t.Fatal(err)
	}
	m, err := svm.Classifier{C: C, Tol: svmTol}.FitGram(K, y)
	if err != nil {
		t.Fatal(err)
	}
	return -m.Objective(), m
}

// S recomputes S_m = αᵀYK_mYα with dense gonum products.
func S(model *svm.Model, y []float64, Ks []*mat.SymDense) []float64 {
	alpha := model.Alpha()
	u := mat.NewVecDense(len(y), nil)
	for i := range y {
		u.SetVec(i, alpha[i]*y[i])
	}
	S := make([]float64, len(Ks))
	for m, K := range Ks {
		S[m] = mat.Inner(u, K, u)
	}
	return S
}

// CheckSVMFit checks a model m fitted on p whose SVM has the dual
// coefficients alpha and bound C: on the training points the free support
// vectors satisfy y_i f(x_i) = 1 (SVM KKT; LIBSVM-style stopping tolerance
// 1e-5 on the gradient), and there is one; the test accuracy is at least
// 0.85 (loose: the labels are a deterministic linear function of the
// features and K3 is the linear kernel, so a good combination is accurate).
func CheckSVMFit(t *testing.T, p *Problem, m mkl.Model, alpha []float64, C float64) {
	t.Helper()
	f, err := m.DecisionGrams(p.Ktr)
	if err != nil {
		t.Fatal(err)
	}
	free := 0
	for i, a := range alpha {
		if a > 1e-8 && a < C-1e-8 {
			free++
			if d := math.Abs(p.Y[i]*f[i] - 1); d > 1e-4 {
				t.Errorf("free SV %d: y f = %g, want 1", i, p.Y[i]*f[i])
			}
		}
	}
	if free == 0 {
		t.Fatal("no free support vector")
	}
	pred, err := m.PredictGrams(p.Kte)
	if err != nil {
		t.Fatal(err)
	}
	if acc, err := metrics.Accuracy(p.Yte, pred); err != nil || acc < 0.85 {
		t.Errorf("test accuracy %g (%v)", acc, err)
	}
}

// RandData returns n×m Gaussian data (not normalised) and ±1 labels from
// a random hyperplane with 10% label noise.
func RandData(n, m int, seed uint64) (*mat.Dense, []float64) {
	r := klearn.NewRand(seed)
	X := mat.NewDense(n, m, nil)
	w := make([]float64, m)
	for j := range w {
		w[j] = r.NormFloat64()
	}
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		var s float64
		for j := 0; j < m; j++ {
			v := r.NormFloat64()
			X.Set(i, j, v)
			s += v * w[j]
		}
		y[i] = 1
		if s < 0 {
			y[i] = -1
		}
		if r.Float64() < 0.1 {
			y[i] = -y[i]
		}
	}
	return X, y
}

func MaxAbsDiff(t *testing.T, A, B mat.Matrix) float64 {
	t.Helper()
	r, c := A.Dims()
	if rb, cb := B.Dims(); rb != r || cb != c {
		t.Fatalf("shapes %d×%d and %d×%d", r, c, rb, cb)
	}
	var d float64
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			d = math.Max(d, math.Abs(A.At(i, j)-B.At(i, j)))
		}
	}
	return d
}

// Must returns v, and panics on a non-nil err.
func Must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
