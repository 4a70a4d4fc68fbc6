package donini2017

import (
	"fmt"
	"strings"

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

// ExplorePreps are the inputs the exploration offers, in order: the main
// run's z-scored features and min–max scaling, the variant of Figure 1.
// The chart's title names the one drawn.
var ExplorePreps = []string{protocol.ZScore, protocol.MinMax}

// ExploreInputs are the names of ExplorePreps, for the notebook's select:
// each says whether it is the main run's (protocol.Full's Prep) or a
// variant.
func ExploreInputs() []string {
	out := make([]string, len(ExplorePreps))
	for i, p := range ExplorePreps {
		out[i] = exploreInput(p)
	}
	return out
}

// exploreInput names prep and its role: "z-scored, the main run".
func exploreInput(prep string) string {
	name := strings.TrimSuffix(prepName(prep), " inputs")
	if prep == protocol.Full().Prep {
		return name + ", the main run"
	}
	return name + ", a variant"
}

// Explorer is the exploration of notebook 02: EasyMKL over the HPKs
// k_1, …, k_D (Eq. (12)) of Heart on one stratified 70/30 split, as the
// inputs (ExplorePreps), D and λ move; its chart is the weights over the
// degrees, titled with the test AUC. The HPK Grams of every degree and
// input are computed once (NewExplorer).
type Explorer struct {
	ytr, yte []float64
	grams    []exploreGrams // one per ExplorePreps
}

// exploreGrams are the HPK Grams of one input of the split.
type exploreGrams struct {
	train []*mat.SymDense // K_d on the training rows, d = 1 … ExploreMaxDegree
	cross []*mat.Dense    // K_d test × train
}

// NewExplorer prepares Heart and its HPK Grams for the split drawn with
// seed, once per input of ExplorePreps (each scaled with the training
// rows' statistics, then to the unit sphere).
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
	e := &Explorer{}
	if e.ytr, err = klearn.Take(y, s.Train); err != nil {
		return nil, err
	}
	if e.yte, err = klearn.Take(y, s.Test); err != nil {
		return nil, err
	}
	for _, prep := range ExplorePreps {
		g, err := hpkGrams(d.X, s, prep)
		if err != nil {
			return nil, err
		}
		e.grams = append(e.grams, g)
	}
	return e, nil
}

// hpkGrams returns the HPK Grams of degree 1 … ExploreMaxDegree of the rows
// of X under prep, on the training rows of s and test × train.
func hpkGrams(X *mat.Dense, s modelsel.Split, prep string) (exploreGrams, error) {
	var g exploreGrams
	Z, err := protocol.Unit(X, s.Train, prep)
	if err != nil {
		return g, err
	}
	K1, err := hpk.CosineGram(Z)
	if err != nil {
		return g, err
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
			return g, err
		}
		tr, err := kernel.SubGram(K, s.Train)
		if err != nil {
			return g, err
		}
		if deg > 1 {
			next := mat.NewDense(len(s.Test), len(s.Train), nil)
			next.MulElem(cr, c1)
			cr = next
		}
		g.train, g.cross = append(g.train, tr), append(g.cross, cr)
	}
	return g, nil
}

// Fit fits EasyMKL with λ on the HPKs of degree 1 … D of input in
// (an index into ExplorePreps) and returns the weights η_1, …, η_D and the
// test AUC.
func (e *Explorer) Fit(in, D int, lambda float64) ([]float64, float64, error) {
	if e == nil || in < 0 || in >= len(e.grams) {
		return nil, 0, klearn.Errorf(klearn.ErrParam, "donini2017: explore: input %d outside [0, %d]", in, len(ExplorePreps)-1)
	}
	g := e.grams[in]
	if D < 1 || D > len(g.train) {
		return nil, 0, klearn.Errorf(klearn.ErrParam, "donini2017: explore: degree %d outside [1, %d]", D, ExploreMaxDegree)
	}
	m, err := easymkl.Learner{Lambda: lambda}.FitGrams(g.train[:D], e.ytr)
	if err != nil {
		return nil, 0, err
	}
	f, err := m.DecisionGrams(g.cross[:D])
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
func (e *Explorer) Draw(in, D int, lambda float64) (viz.Chart, error) {
	eta, auc, err := e.Fit(in, D, lambda)
	if err != nil {
		return nil, err
	}
	cats := make([]string, D)
	for i := range cats {
		cats[i] = fmt.Sprint(i + 1)
	}
	return &viz.Bar{
		Title:  fmt.Sprintf("Heart (%s): K_1 … K_{%d}, λ = %.3g, test AUC %.3f", exploreInput(ExplorePreps[in]), D, lambda, auc),
		XLabel: "degree d", YLabel: "weight η_d", Categories: cats,
		Groups: []viz.BarGroup{{Name: "η", Values: eta}},
	}, nil
}
