package klearntest

import (
	"math"
	"os"
	"os/exec"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// The suites are tested on small private kernels and estimators: correct
// ones must pass, and each defective one must make the suite fail (checked
// in a child process, since a failing *testing.T cannot be observed in-process).

type linK struct{}

func (linK) Eval(x, z []float64) float64 {
	var s float64
	for i := range x {
		s += x[i] * z[i]
	}
	return s
}

type rbfK struct{ g float64 }

func (k rbfK) Eval(x, z []float64) float64 {
	var s float64
	for i := range x {
		s += (x[i] - z[i]) * (x[i] - z[i])
	}
	return math.Exp(-k.g * s)
}

// asymK is not symmetric.
type asymK struct{}

func (asymK) Eval(x, z []float64) float64 { return x[0]*z[0] + 0.1*x[0] }

// negK = −⟨x, z⟩ is symmetric but not PSD.
type negK struct{}

func (negK) Eval(x, z []float64) float64 { return -linK{}.Eval(x, z) }

// mutK mutates its first argument.
type mutK struct{}

func (mutK) Eval(x, z []float64) float64 { v := linK{}.Eval(x, z); x[0] = 0; return v }

// ridge is a linear ridge regression (XᵀX + I)w = Xᵀy with input checks.
type ridge struct{ noCheck, alias bool }

type ridgeModel struct {
	w []float64
	X *mat.Dense
}

func (r ridge) Fit(X mat.Matrix, y []float64) (klearn.Predictor, error) {
	if !r.noCheck {
		if _, _, err := klearn.CheckXY(X, y); err != nil {
			return nil, err
		}
	}
	_, d := X.Dims()
	var A mat.SymDense
	A.SymOuterK(1, X.T())
	for i := 0; i < d; i++ {
		A.SetSym(i, i, A.At(i, i)+1)
	}
	var b mat.VecDense
	b.MulVec(X.T(), mat.NewVecDense(len(y), y))
	var ch mat.Cholesky
	if !ch.Factorize(&A) {
		return nil, klearn.ErrSingular
	}
	var w mat.VecDense
	if err := ch.SolveVecTo(&w, &b); err != nil {
		return nil, klearn.ErrSingular
	}
	m := ridgeModel{w: w.RawVector().Data}
	if r.alias {
		m.X = X.(*mat.Dense)
		m.w = y[:d]
	}
	return m, nil
}

func (m ridgeModel) Predict(X mat.Matrix) ([]float64, error) {
	n, d, err := klearn.CheckMatrix("X", X)
	if err != nil {
		return nil, err
	}
	if d != len(m.w) {
		return nil, klearn.Errorf(klearn.ErrShape, "width")
	}
	out := make([]float64, n)
	for i := range out {
		for j := 0; j < d; j++ {
			out[i] += X.At(i, j) * m.w[j]
		}
	}
	return out, nil
}

// centroid is a nearest-centroid classifier for ±1 labels.
type centroid struct{}

type centroidModel struct{ mu [2][]float64 }

func (centroid) Fit(X mat.Matrix, y []float64) (klearn.Predictor, error) {
	n, d, err := klearn.CheckXY(X, y)
	if err != nil {
		return nil, err
	}
	neg, pos, err := klearn.CheckBinary(y)
	if err != nil {
		return nil, err
	}
	m := centroidModel{mu: [2][]float64{make([]float64, d), make([]float64, d)}}
	for i := 0; i < n; i++ {
		c, cnt := 0, float64(neg)
		if y[i] > 0 {
			c, cnt = 1, float64(pos)
		}
		for j := 0; j < d; j++ {
			m.mu[c][j] += X.At(i, j) / cnt
		}
	}
	return m, nil
}

func (m centroidModel) Predict(X mat.Matrix) ([]float64, error) {
	n, d, err := klearn.CheckMatrix("X", X)
	if err != nil {
		return nil, err
	}
	if d != len(m.mu[0]) {
		return nil, klearn.Errorf(klearn.ErrShape, "width")
	}
	out := make([]float64, n)
	for i := range out {
		var d0, d1 float64
		for j := 0; j < d; j++ {
			d0 += (X.At(i, j) - m.mu[0][j]) * (X.At(i, j) - m.mu[0][j])
			d1 += (X.At(i, j) - m.mu[1][j]) * (X.At(i, j) - m.mu[1][j])
		}
		out[i] = -1
		if d1 < d0 {
			out[i] = 1
		}
	}
	return out, nil
}

func TestGoodKernels(t *testing.T) {
	TestKernel(t, linK{})
	TestKernelWith(t, rbfK{g: 0.7}, KernelOptions{N: 15, D: 5, Low: 0, High: 2})
}

func TestGoodEstimators(t *testing.T) {
	TestEstimator(t, ridge{}, Options{})
	TestEstimator(t, centroid{}, Options{Task: Binary, Labels: true, RequirePM1: true, D: 4})
}

// defects maps the name of a child test to a defective kernel or estimator
// the suites must reject.
var defects = map[string]func(t *testing.T){
	"asymmetric":   func(t *testing.T) { TestKernel(t, asymK{}) },
	"indefinite":   func(t *testing.T) { TestKernel(t, negK{}) },
	"mutating":     func(t *testing.T) { TestKernel(t, mutK{}) },
	"unchecked":    func(t *testing.T) { TestEstimator(t, ridge{noCheck: true}, Options{}) },
	"aliasing":     func(t *testing.T) { TestEstimator(t, ridge{alias: true}, Options{}) },
	"wrong task":   func(t *testing.T) { TestEstimator(t, ridge{}, Options{Task: Binary, Labels: true}) },
	"one class ok": func(t *testing.T) { TestEstimator(t, ridge{}, Options{Task: Binary}) },
}

func TestDefectChild(t *testing.T) {
	name := os.Getenv("KLEARNTEST_DEFECT")
	if name == "" {
		t.Skip("run by TestDefectsFail")
	}
	defects[name](t)
}

func TestDefectsFail(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns child processes")
	}
	for name := range defects {
		cmd := exec.Command(os.Args[0], "-test.run=^TestDefectChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), "KLEARNTEST_DEFECT="+name)
		out, err := cmd.CombinedOutput()
		if err == nil {
			t.Errorf("defect %q passed the suite:\n%s", name, out)
		} else if !strings.Contains(string(out), "FAIL") {
			t.Errorf("defect %q: child did not report FAIL: %v\n%s", name, err, out)
		}
	}
}
