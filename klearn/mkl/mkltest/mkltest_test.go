package mkltest_test

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/krr"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/mkltest"
)

// The suites are tested on two small reference learners, kernel ridge
// classifiers (krr) on the uniform average of the base kernels (Gram suite)
// and on a fixed RBF kernel (feature suite): correct, each must pass its
// suite (the positive control); with one fault injected, each must fail it
// with the message of the check that the fault breaks. A faulty run is a
// child process (this test binary, run on TestFaulty with the fault in the
// environment), so that its failure is observed, not inherited.

const faultEnv = "MKLTEST_FAULT"

// ridge is the reference feature learner: ±1 labels, f = krr with RBF γ = 0.5.
type ridge struct{ fault string }

type ridgeModel struct {
	m     *krr.Model
	fault string
}

var calls int // counts fits, for the "nondeterministic" fault

func (r ridge) Fit(X mat.Matrix, y []float64) (*ridgeModel, error) {
	if r.fault != "panic" {
		if _, _, err := klearn.CheckXY(X, y); err != nil {
			return nil, err
		}
	}
	if _, _, err := klearn.CheckBinary(y); err != nil {
		return nil, err
	}
	if r.fault == "panic" {
		if _, _, err := klearn.CheckMatrix("X", X); err != nil {
			panic(err)
		}
	}
	m, err := krr.Regressor{Kernel: kernel.RBF{Gamma: 0.5}, Lambda: 0.1}.Fit(X, y)
	if err != nil {
		return nil, err
	}
	if r.fault == "mutate" {
		X.(*mat.Dense).Set(0, 0, X.At(0, 0)+1)
	}
	calls++
	if r.fault == "nondeterministic" && calls%2 == 0 {
		m.Alpha[0] *= 1 + 1e-15
	}
	return &ridgeModel{m, r.fault}, nil
}

func (m *ridgeModel) Kernel() kernel.Kernel {
	if m.fault == "kernel" {
		return kernel.RBF{Gamma: 0.55}
	}
	return kernel.RBF{Gamma: 0.5}
}

func (m *ridgeModel) Decision(X mat.Matrix) ([]float64, error) {
	if m == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "ridge")
	}
	return m.m.Predict(X)
}

func (m *ridgeModel) Predict(X mat.Matrix) ([]float64, error) {
	f, err := m.Decision(X)
	if err != nil {
		return nil, err
	}
	for i, v := range f {
		f[i] = 1
		if (v < 0) != (m.fault == "sign" && i == 3) {
			f[i] = -1
		}
	}
	return f, nil
}

// uniform is the reference finite-list learner: krr on Σ_s K_s/p.
type uniform struct{ fault string }

type uniformModel struct {
	w, a  []float64
	fault string
}

func (u uniform) FitGrams(Ks []*mat.SymDense, y []float64) (*uniformModel, error) {
	if len(Ks) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "uniform: no kernels")
	}
	for _, K := range Ks {
		if K == nil {
			return nil, klearn.Errorf(klearn.ErrEmpty, "uniform: nil kernel")
		}
		if u.fault != "psd" {
			if err := klearn.CheckDiagPSD("uniform", K); err != nil {
				return nil, err
			}
		}
	}
	if _, _, err := klearn.CheckBinary(y); err != nil {
		return nil, err
	}
	w := make([]float64, len(Ks))
	for i := range w {
		w[i] = 1 / float64(len(Ks))
	}
	K, err := kernel.Combine(w, Ks)
	if err != nil {
		return nil, err
	}
	if K.SymmetricDim() != len(y) {
		return nil, klearn.Errorf(klearn.ErrShape, "uniform: %d targets", len(y))
	}
	m, err := krr.Regressor{Lambda: 0.1}.FitGram(K, y)
	if err != nil {
		return nil, err
	}
	if u.fault == "mutate" {
		Ks[0].SetSym(0, 0, Ks[0].At(0, 0)+1)
	}
	return &uniformModel{w, m.Alpha, u.fault}, nil
}

func (m *uniformModel) Weights() []float64 {
	if m.fault == "alias" {
		return m.w
	}
	return slices.Clone(m.w)
}

func (m *uniformModel) Combine(Ks []*mat.SymDense) (*mat.SymDense, error) {
	return kernel.Combine(m.w, Ks)
}

func (m *uniformModel) CombineCross(Kte []*mat.Dense) (*mat.Dense, error) {
	return kernel.CombineCross(m.w, Kte)
}

func (m *uniformModel) DecisionGrams(Kte []*mat.Dense) ([]float64, error) {
	if m == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "uniform")
	}
	C, err := m.CombineCross(Kte)
	if err != nil {
		return nil, err
	}
	if _, c := C.Dims(); c != len(m.a) {
		return nil, klearn.Errorf(klearn.ErrShape, "uniform: %d columns", c)
	}
	var f mat.VecDense
	f.MulVec(C, mat.NewVecDense(len(m.a), m.a))
	return f.RawVector().Data, nil
}

func (m *uniformModel) PredictGrams(Kte []*mat.Dense) ([]float64, error) {
	f, err := m.DecisionGrams(Kte)
	if err != nil {
		return nil, err
	}
	return mkl.Signs(f), nil
}

// TestFaulty runs both suites on the reference learners with the fault
// named in the environment (none: the positive control).
func TestFaulty(t *testing.T) {
	fault := os.Getenv(faultEnv)
	t.Run("features", func(t *testing.T) { mkltest.TestFeatureLearner(t, ridge{fault}, mkltest.Options{}) })
	t.Run("grams", func(t *testing.T) { mkltest.TestKernelLearner(t, uniform{fault}, mkltest.Options{Linear: true}) })
}

// TestSuitesCatchFaults runs TestFaulty in a child process for every fault
// and requires it to fail with the message of the check the fault breaks.
func TestSuitesCatchFaults(t *testing.T) {
	if os.Getenv(faultEnv) != "" {
		t.Skip("child process")
	}
	for fault, want := range map[string]string{
		"mutate":           "mutated its inputs",
		"kernel":           "the decisions are not Σ_i c_i k(x_i, ·) + b",
		"sign":             "row 3: decision",
		"nondeterministic": "differ",
		"panic":            "panicked",
		"alias":            "Weights returns the model's own slice",
		"psd":              "indefinite_Gram:_negative_diagonal",
	} {
		t.Run(fault, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestFaulty$", "-test.count=1")
			cmd.Env = append(os.Environ(), faultEnv+"="+fault)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("the suites passed a learner with fault %q:\n%s", fault, out)
			}
			if !strings.Contains(string(out), want) {
				t.Errorf("fault %q: the output does not report %q:\n%s", fault, want, out)
			}
		})
	}
}
