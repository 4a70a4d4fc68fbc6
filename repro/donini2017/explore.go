package donini2017

import (
	"fmt"

	"github.com/kernelab/kernelab/repro/donini2017/protocol"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/viz"
)

// ExploreMaxDegree is the largest D the exploration of notebook 02 offers.
const ExploreMaxDegree = 20

// explorePrep is the preprocessing of the exploration: min–max scaling, the
// variant of Figure 1 (the main run z-scores), which its chart's title
// names.
const explorePrep = protocol.MinMax

// Explorer is the exploration of notebook 02: EasyMKL over the HPKs
// k_1, …, k_D (Eq. (12)) of Heart on one stratified 70/30 split, as D and
// λ move; its chart is the weights over the degrees, titled with the test
// AUC. The HPK Grams of every degree are computed once (NewExplorer).
type Explorer struct {
	train, test []*mat.SymDense // K_d on the training rows, d = 1 … ExploreMaxDegree
	cross       []*mat.Dense    // K_d test × train
	ytr, yte    []float64
}

// NewExplorer prepares Heart (explorePrep, min–max scaling, to the unit
// sphere with training statistics) and its HPK Grams for the split drawn
// with seed.
func NewExplorer(seed uint64) (*Explorer, error) {
	d, err := datasets.Load("heart")
	if err != nil {
		return nil, err
	}
	y, err := datasets.Binary(d, d.Classes[1])
	if err != nil {
		return nil, err
	}
	sp, err := modelsel.StratifiedRepeatedSplits(y, 1, 0.3, seed)
	if err != nil {
		return nil, err
	}
	s := sp[0]
	X, err := protocol.Unit(d.X, s.Train, explorePrep)
	if err != nil {
		return nil, err
	}
	K1, err := hpk.CosineGram(X)
	if err != nil {
		return nil, err
	}
	e := &Explorer{}
	if e.ytr, err = klearn.Take(y, s.Train); err != nil {
		return nil, err
	}
	if e.yte, err = klearn.Take(y, s.Test); err != nil {
		return nil, err
	}
	// The test × train block of K_1; K_d's is its d-th entrywise power.
	c1 := mat.NewDense(len(s.Test), len(s.Train), nil)
	for i, a := range s.Test {
		for j, b := range s.Train {
			c1.Set(i, j, K1.At(a, b))
		}
	}
	cr := mat.DenseCopyOf(c1)
	for deg := 1; deg <= ExploreMaxDegree; deg++ {
		K, err := kernel.HadamardPower(K1, deg)
		if err != nil {
			return nil, err
		}
		tr, err := kernel.SubGram(K, s.Train)
		if err != nil {
			return nil, err
		}
		if deg > 1 {
			next := mat.NewDense(len(s.Test), len(s.Train), nil)
			next.MulElem(cr, c1)
			cr = next
		}
		e.train, e.cross = append(e.train, tr), append(e.cross, cr)
	}
	return e, nil
}

// Fit fits EasyMKL with λ on the HPKs of degree 1 … D and returns the
// weights η_1, …, η_D and the test AUC.
func (e *Explorer) Fit(D int, lambda float64) ([]float64, float64, error) {
	if e == nil || D < 1 || D > len(e.train) {
		return nil, 0, klearn.Errorf(klearn.ErrParam, "donini2017: explore: degree %d outside [1, %d]", D, ExploreMaxDegree)
	}
	m, err := easymkl.Learner{Lambda: lambda}.FitGrams(e.train[:D], e.ytr)
	if err != nil {
		return nil, 0, err
	}
	f, err := m.DecisionGrams(e.cross[:D])
	if err != nil {
		return nil, 0, err
	}
	auc, err := metrics.AUC(e.yte, f)
	if err != nil {
		return nil, 0, err
	}
	return m.Weights(), auc, nil
}

// Draw is the chart of Fit: the weights over the degrees.
func (e *Explorer) Draw(D int, lambda float64) (viz.Chart, error) {
	eta, auc, err := e.Fit(D, lambda)
	if err != nil {
		return nil, err
	}
	cats := make([]string, D)
	for i := range cats {
		cats[i] = fmt.Sprint(i + 1)
	}
	return &viz.Bar{
		Title:  fmt.Sprintf("Heart (%s, a variant), EasyMKL on K_1 … K_{%d}, λ = %.3g: test AUC %.3f", prepName(explorePrep), D, lambda, auc),
		XLabel: "degree d", YLabel: "weight η_d", Categories: cats,
		Groups: []viz.BarGroup{{Name: "η", Values: eta}},
	}, nil
}
