package easymkl

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"gonum.org/v1/gonum/mat"
)

type mklpyFixture struct {
	X             [][]float64 `json:"X"`
	Y             []float64   `json:"y"`
	Train         []int       `json:"train"`
	Test          []int       `json:"test"`
	Degrees       []int       `json:"degrees"`
	Lambda        float64     `json:"lambda"`
	MKLpyWeights  []float64   `json:"mklpy_weights"`
	MKLpyAUC      float64     `json:"mklpy_komd_auc"`
	CvxoptWeights []float64   `json:"cvxopt_weights"`
	CvxoptAUC     float64     `json:"cvxopt_komd_auc"`
	CvxoptAUCUns  float64     `json:"cvxopt_komd_auc_unscaled_ridge"`
}

// mklpySets are the fixture files: Debian's scikit-learn 1.2.1 with
// MKLpy's tutorial printout, and PyPI's scikit-learn 1.9.1 with MKLpy 0.6
// run on the same kernels (scripts/fixtures/mkl_mklpy_split.py).
var mklpySets = []string{"easymkl_mklpy.json", "easymkl_mklpy_pypi.json"}

func loadMKLpy(t testing.TB) (*mklpyFixture, *mat.Dense) { return loadMKLpySet(t, mklpySets[0]) }

func loadMKLpySet(t testing.TB, name string) (*mklpyFixture, *mat.Dense) {
	t.Helper()
	var f mklpyFixture
	klearntest.ReadJSON(t, filepath.Join("testdata", name), &f)
	X := mat.NewDense(len(f.X), len(f.X[0]), nil)
	for i, r := range f.X {
		X.SetRow(i, r)
	}
	return &f, X
}

// TestEasyMKLMatchesMKLpy reproduces MKLpy's EasyMKL weights and KOMD test
// AUC on the breast-cancer split of testdata/easymkl_README.md (fixture written by
// scripts/fixtures/mkl_mklpy_split.py with scikit-learn 1.2.1).
func TestEasyMKLMatchesMKLpy(t *testing.T) {
	t.Parallel()
	for _, name := range mklpySets {
		t.Run(name, func(t *testing.T) { matchesMKLpy(t, name) })
	}
}

func matchesMKLpy(t *testing.T, name string) {
	f, X := loadMKLpySet(t, name)
	Xtr, Xte := testproblem.Must(klearn.Rows(X, f.Train)), testproblem.Must(klearn.Rows(X, f.Test))
	ytr, yte := testproblem.Must(klearn.Take(f.Y, f.Train)), testproblem.Must(klearn.Take(f.Y, f.Test))
	fam := hpk.Family{D: 10, MinDegree: 1}
	Ks := testproblem.Must(fam.Grams(Xtr))
	Kte := testproblem.Must(fam.Crosses(Xte, Xtr))
	m := testproblem.Must(Learner{Lambda: f.Lambda}.FitGrams(Ks, ytr))
	for s := range m.Weights() {
		// MKLpy prints 6 decimals: agreement to rounding (5e-7, plus a
		// little for the solver tolerance).
		if d := math.Abs(m.Weights()[s] - f.MKLpyWeights[s]); d > 6e-7 {
			t.Errorf("η_%d = %.7f, MKLpy %.6f (|Δ| = %.1e > 6e-7)", s+1, m.Weights()[s], f.MKLpyWeights[s], d)
		}
		// Our cvxopt re-run (default tolerances) is off by ≤ 3.3e-6.
		if d := math.Abs(m.Weights()[s] - f.CvxoptWeights[s]); d > 5e-6 {
			t.Errorf("η_%d = %.7f, cvxopt re-run %.7f", s+1, m.Weights()[s], f.CvxoptWeights[s])
		}
	}
	t.Logf("eta = %.7f", m.Weights())
	Kc := testproblem.Must(m.Combine(Ks))
	Kcte := testproblem.Must(m.CombineCross(Kte))
	km := testproblem.Must(KOMD{Lambda: f.Lambda, MKLpyRidge: true}.FitGram(Kc, ytr))
	auc := testproblem.Must(metrics.AUC(yte, testproblem.Must(km.DecisionGram(Kcte))))
	// 0.9836 is MKLpy's printed AUC (4 decimals); the cvxopt re-run gives
	// 0.98365 too.
	if math.Abs(auc-f.MKLpyAUC) > 1e-4 || math.Abs(auc-f.CvxoptAUC) > 1e-9 {
		t.Errorf("KOMD AUC = %.6f, MKLpy %.4f, cvxopt %.6f", auc, f.MKLpyAUC, f.CvxoptAUC)
	}
	// EasyMKL's own classifier (unscaled ridge) against the cvxopt re-run.
	auc2 := testproblem.Must(metrics.AUC(yte, testproblem.Must(m.DecisionGrams(Kte))))
	if math.Abs(auc2-f.CvxoptAUCUns) > 1e-9 {
		t.Errorf("EasyMKL AUC = %.6f, cvxopt %.6f", auc2, f.CvxoptAUCUns)
	}
}
