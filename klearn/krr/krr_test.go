package krr

import (
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
)

func adapter(r Regressor) klearntest.Estimator {
	return klearntest.EstimatorFunc(func(X mat.Matrix, y []float64) (klearn.Predictor, error) {
		m, err := r.Fit(X, y)
		if err != nil {
			return nil, err
		}
		return m, nil
	})
}

func TestConformance(t *testing.T) {
	t.Parallel()
	for _, r := range []Regressor{
		{Kernel: kernel.Linear{}, Lambda: 0.1},
		{Kernel: kernel.RBF{Gamma: 1}, Lambda: 0.01},
		{Kernel: kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1}},
	} {
		t.Run(fmt.Sprintf("%T", r.Kernel), func(t *testing.T) {
			klearntest.TestEstimator(t, adapter(r), klearntest.Options{Task: klearntest.Regression})
		})
	}
}

func TestClosedForm(t *testing.T) {
	t.Parallel()
	// Linear kernel on x = (1, 2): K = [[1, 2], [2, 4]], λ = 1, y = (1, 1):
	// (K + I)α = y ⇒ [[2, 2], [2, 5]]α = (1, 1) ⇒ α = (1/2, 0);
	// f(3) = 3·(1·½ + 2·0) = 1.5.
	X := mat.NewDense(2, 1, []float64{1, 2})
	m, err := Regressor{Kernel: kernel.Linear{}, Lambda: 1}.Fit(X, []float64{1, 1})
	if err != nil {
		t.Fatal(err)
	}
	klearntest.CloseSlices(t, "alpha", m.Alpha, []float64{0.5, 0}, 1e-15)
	p, err := m.Predict(mat.NewDense(1, 1, []float64{3}))
	if err != nil || !klearntest.Close(p[0], 1.5, 1e-15) {
		t.Fatalf("f(3) = %v, %v; want 1.5", p, err)
	}
	// Lambda 0 defaults to 1 (documented): same α.
	m0, _ := Regressor{Kernel: kernel.Linear{}}.Fit(X, []float64{1, 1})
	if m0.Lambda != 1 {
		t.Fatalf("default λ = %v, want 1", m0.Lambda)
	}
	klearntest.CloseSlices(t, "alpha(λ=0→1)", m0.Alpha, m.Alpha, 0)
}

func TestFitEqualsFitGram(t *testing.T) {
	t.Parallel()
	// n = 230 > linalg.BlockSize: Fit factorises the Gram in place through
	// the blocked path, FitGram a copy.
	X := klearntest.RandMatrix(230, 4, -1, 1, 5)
	Xte := klearntest.RandMatrix(9, 4, -1, 1, 6)
	y := make([]float64, 230)
	for i := range y {
		y[i] = math.Cos(X.At(i, 0)) + X.At(i, 3)
	}
	r := Regressor{Kernel: kernel.RBF{Gamma: 0.7}, Lambda: 0.05}
	m1, err := r.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	K, _ := kernel.Gram(r.Kernel, X)
	m2, err := r.FitGram(K, y)
	if err != nil {
		t.Fatal(err)
	}
	// Bit-identical: Fit is FitGram on kernel.Gram.
	klearntest.CloseSlices(t, "Fit α vs FitGram α", m1.Alpha, m2.Alpha, 0)
	p1, _ := m1.Predict(Xte)
	Kte, _ := kernel.Cross(r.Kernel, Xte, X)
	p2, err := m2.PredictGram(Kte)
	if err != nil {
		t.Fatal(err)
	}
	klearntest.CloseSlices(t, "Predict vs PredictGram", p1, p2, 0)
	// The normal equations hold: ‖(K + λI)α − y‖ small.
	for i := range y {
		s := r.Lambda * m1.Alpha[i]
		for j := range y {
			s += K.At(i, j) * m1.Alpha[j]
		}
		if !klearntest.Close(s, y[i], 1e-10) {
			t.Fatalf("row %d of (K+λI)α = %v, y = %v", i, s, y[i])
		}
	}
}

func TestErrors(t *testing.T) {
	t.Parallel()
	X := klearntest.RandMatrix(5, 2, -1, 1, 1)
	y := []float64{1, 2, 3, 4, 5}
	K, _ := kernel.Gram(kernel.Linear{}, X)
	for _, lam := range []float64{-1, math.NaN(), math.Inf(1)} {
		klearntest.ExpectErrorIs(t, fmt.Sprintf("λ = %v", lam), klearn.ErrParam, func() error {
			_, err := Regressor{Kernel: kernel.Linear{}, Lambda: lam}.Fit(X, y)
			return err
		})
	}
	klearntest.ExpectErrorIs(t, "nil kernel", klearn.ErrParam, func() error { _, err := Regressor{}.Fit(X, y); return err })
	// Indefinite K: diag(1, −3) + λI with λ = 1 is not PD.
	ind := mat.NewSymDense(2, []float64{1, 0, 0, -3})
	klearntest.ExpectErrorIs(t, "indefinite", klearn.ErrSingular, func() error {
		_, err := Regressor{Lambda: 1}.FitGram(ind, []float64{1, 2})
		return err
	})
	// Numerically singular: rank-1 K = 11ᵀ·1e20 with λ = 1 has cond ≈ 1e20.
	big := mat.NewSymDense(3, []float64{1e20, 1e20, 1e20, 1e20, 1e20, 1e20, 1e20, 1e20, 1e20})
	klearntest.ExpectErrorIs(t, "ill-conditioned", klearn.ErrSingular, func() error {
		_, err := Regressor{Lambda: 1}.FitGram(big, []float64{1, 2, 3})
		return err
	})
	klearntest.ExpectErrorIs(t, "FitGram(len)", klearn.ErrShape, func() error { _, err := Regressor{}.FitGram(K, y[:4]); return err })
	klearntest.ExpectErrorIs(t, "FitGram(nil)", klearn.ErrEmpty, func() error { _, err := Regressor{}.FitGram(nil, y); return err })
	m, err := Regressor{}.FitGram(K, y)
	if err != nil {
		t.Fatal(err)
	}
	klearntest.ExpectErrorIs(t, "Predict after FitGram", klearn.ErrNotFitted, func() error { _, err := m.Predict(X); return err })
	klearntest.ExpectErrorIs(t, "PredictGram(width)", klearn.ErrShape, func() error { _, err := m.PredictGram(mat.NewDense(2, 4, nil)); return err })
	klearntest.ExpectErrorIs(t, "PredictGram(NaN)", klearn.ErrNotFinite, func() error {
		Kt := mat.NewDense(1, 5, nil)
		Kt.Set(0, 2, math.NaN())
		_, err := m.PredictGram(Kt)
		return err
	})
	var nilModel *Model
	klearntest.ExpectErrorIs(t, "nil model", klearn.ErrNotFitted, func() error { _, err := nilModel.PredictGram(mat.NewDense(1, 5, nil)); return err })
}

func TestSklearnParity(t *testing.T) {
	t.Parallel()
	for _, path := range []string{"testdata/sklearn_krr.json", "testdata/sklearn_krr_pypi.json"} {
		t.Run(filepath.Base(path), func(t *testing.T) { sklearnParity(t, path) })
	}
}

// sklearnParity checks the fixture at path (Debian's or PyPI's scikit-learn, scripts/fixtures/fixtureset.py).
func sklearnParity(t *testing.T, path string) {
	// Expected dual_coef_ and predictions: scikit-learn KernelRidge on
	// diabetes and breast_cancer (scripts/fixtures/sklearn_core.py;
	// testdata/README.md). Both solve (K + αI)c = y by Cholesky.
	var f struct {
		Data map[string]struct {
			Xtrain [][]float64 `json:"Xtrain"`
			Ytrain []float64   `json:"ytrain"`
			Xtest  [][]float64 `json:"Xtest"`
		} `json:"data"`
		Cases []struct {
			Data   string `json:"data"`
			Kernel string `json:"kernel"`
			Params struct {
				Gamma  float64 `json:"gamma"`
				Degree int     `json:"degree"`
				Coef0  float64 `json:"coef0"`
			} `json:"params"`
			Alpha    float64   `json:"alpha"`
			DualCoef []float64 `json:"dual_coef"`
			Predict  []float64 `json:"predict"`
		} `json:"cases"`
	}
	klearntest.ReadJSON(t, path, &f)
	if len(f.Cases) != 16 {
		t.Fatalf("fixture has %d cases, want 16", len(f.Cases))
	}
	dense := func(rows [][]float64) *mat.Dense {
		m := mat.NewDense(len(rows), len(rows[0]), nil)
		for i, r := range rows {
			m.SetRow(i, r)
		}
		return m
	}
	for _, c := range f.Cases {
		d := f.Data[c.Data]
		var k kernel.Kernel
		switch c.Kernel {
		case "linear":
			k = kernel.Linear{}
		case "rbf":
			k = kernel.RBF{Gamma: c.Params.Gamma}
		case "poly":
			k = kernel.Polynomial{Degree: c.Params.Degree, Gamma: c.Params.Gamma, Coef0: c.Params.Coef0}
		}
		name := fmt.Sprintf("%s/%s%+v/λ=%g", c.Data, c.Kernel, c.Params, c.Alpha)
		m, err := Regressor{Kernel: k, Lambda: c.Alpha}.Fit(dense(d.Xtrain), d.Ytrain)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		p, err := m.Predict(dense(d.Xtest))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// Tolerance: the condition number of K + λI (up to ~1e5 here) times
		// round-off in two different Cholesky implementations.
		klearntest.CloseSlices(t, name+" dual_coef", m.Alpha, c.DualCoef, 1e-8)
		klearntest.CloseSlices(t, name+" predict", p, c.Predict, 1e-8)
	}
}

// benchData returns n MNIST-shaped rows (d = 784, pixel-like values in [0, 1]).
func benchData(n int) (*mat.Dense, []float64) {
	X := klearntest.RandMatrix(n, 784, 0, 1, 42)
	y := make([]float64, n)
	for i := range y {
		y[i] = X.At(i, 0) - X.At(i, 1)
	}
	return X, y
}

// BenchmarkFitGram times the Cholesky solve of (K + λI)α = y alone on an RBF
// Gram matrix; BenchmarkFit includes kernel.Gram. Compare with
// scripts/bench/sklearn_bench.py (see ../BENCHMARKS.md).
func BenchmarkFitGram(b *testing.B) {
	for _, n := range []int{500, 1000, 2000, 4000} {
		X, y := benchData(n)
		K, err := kernel.Gram(kernel.RBF{Gamma: 1.0 / 784}, X)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := (Regressor{Lambda: 1}).FitGram(K, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkFit(b *testing.B) {
	for _, n := range []int{1000, 2000, 4000} {
		X, y := benchData(n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := (Regressor{Kernel: kernel.RBF{Gamma: 1.0 / 784}, Lambda: 1}).Fit(X, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
