package mkl_test

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
)

// TestBadInputMore: nil kernels inside lists, non-finite test kernels and
// weights, and a non-cosine K1 are wrapped errors, never panics or NaN
// answers.
func TestBadInputMore(t *testing.T) {
	t.Parallel()
	X := mat.NewDense(6, 2, []float64{0, 0, 1, 0, 0, 1, 3, 3, 4, 3, 3, 4})
	y := []float64{-1, -1, -1, 1, 1, 1}
	K, err := kernel.Gram(kernel.Linear{}, X)
	if err != nil {
		t.Fatal(err)
	}
	good := mat.NewDense(2, 6, nil)
	nan := mat.NewDense(2, 6, nil)
	nan.Set(0, 3, math.NaN())
	inf := mat.NewDense(2, 6, nil)
	inf.Set(1, 0, math.Inf(1))
	em, err := easymkl.Learner{}.FitGrams([]*mat.SymDense{K, K}, y)
	if err != nil {
		t.Fatal(err)
	}
	km, err := easymkl.KOMD{}.FitGram(K, y)
	if err != nil {
		t.Fatal(err)
	}
	twice := mat.NewSymDense(6, nil)
	twice.ScaleSym(2, K)
	klearntest.Battery(t, []klearntest.Case{
		klearntest.Bad("EasyMKLSVM nil kernel", func() error { _, err := easymkl.SVM{}.FitGrams([]*mat.SymDense{K, nil}, y); return err }, klearn.ErrEmpty),
		klearntest.Bad("EasyMKLSVM first kernel nil", func() error { _, err := easymkl.SVM{}.FitGrams([]*mat.SymDense{nil, K}, y); return err }, nil),
		klearntest.Bad("CombineCrossSource nil", func() error { _, err := mkl.CombineCrossSource([]float64{1, 1}, mkl.CrossList{good, nil}); return err }, klearn.ErrEmpty),
		klearntest.Bad("KOMD NaN test kernel", func() error { _, err := km.DecisionGram(nan); return err }, klearn.ErrNotFinite),
		klearntest.Bad("KOMD Inf test kernel", func() error { _, err := km.PredictGram(inf); return err }, klearn.ErrNotFinite),
		klearntest.Bad("EasyMKL NaN test kernel", func() error { _, err := em.DecisionGrams([]*mat.Dense{nan, good}); return err }, klearn.ErrNotFinite),
		klearntest.Bad("CombineSource NaN weight", func() error { _, err := mkl.CombineSource([]float64{math.NaN(), 1}, mkl.GramList{K, K}); return err }, klearn.ErrNotFinite),
		klearntest.Bad("CombineCrossSource Inf weight", func() error {
			_, err := mkl.CombineCrossSource([]float64{1, math.Inf(-1)}, mkl.CrossList{good, good})
			return err
		}, klearn.ErrNotFinite),
		klearntest.Bad("HPKFamily.Source without unit diagonal", func() error { _, err := hpk.Family{D: 3}.Source(twice); return err }, klearn.ErrParam),
	})
	// The same calls on good input still work.
	if _, err := em.DecisionGrams([]*mat.Dense{good, good}); err != nil {
		t.Errorf("finite test kernels: %v", err)
	}
}
