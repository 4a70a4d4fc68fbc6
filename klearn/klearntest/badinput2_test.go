package klearntest_test

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/mkl/stagewise"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/nn"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/preprocess"
	"github.com/kernelab/kernelab/klearn/svm"
)

// TestBatteryContinuousTheta: every exported entry of package continuous
// that takes a parameter vector θ (Family.Kernel, Family.Params,
// Searcher.Inner, Searcher.Gram) refuses a θ of the wrong length, a θ not
// finite, a θ whose bandwidths overflow, and a P or gradient of the wrong
// shape, instead of panicking or answering NaN (kinds 2, 3 and 5).
func TestBatteryContinuousTheta(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	x1 := mat.NewDense(8, 1, []float64{0, .3, .5, .9, 2, 2.4, 2.5, 3})
	blocks := continuous.GaussianBlocks{Blocks: [][]int{{0}, {1}}}
	fams := []struct {
		name string
		fam  continuous.Family
		X    *mat.Dense
		p    int
	}{
		{"GaussianBandwidth", continuous.GaussianBandwidth{}, f.X, 1},
		{"GaussianPerCoordinate", continuous.GaussianPerCoordinate{}, f.X, 2},
		{"Dirichlet", continuous.Dirichlet{}, x1, 1},
		{"GaussianBlocks", blocks, f.X, 2},
	}
	P := mat.NewSymDense(8, nil)
	P.CopySym(f.Kn)
	var cases []klearntest.Case
	for _, c := range fams {
		s, err := c.fam.Prepare(c.X)
		if err != nil {
			t.Fatal(err)
		}
		ok := make([]float64, c.p)
		long := make([]float64, c.p+1)
		withNaN := append([]float64(nil), ok...)
		withNaN[0] = nan
		huge := append([]float64(nil), ok...)
		huge[0] = 800 // e^800 overflows
		tiny := append([]float64(nil), ok...)
		tiny[0] = -800 // e^−800 underflows to 0
		fam, n := c.fam, c.name
		thetas := []struct {
			what string
			th   []float64
			want error
		}{
			{"nil θ", nil, klearn.ErrShape},
			{"long θ", long, klearn.ErrShape},
			{"NaN θ", withNaN, klearn.ErrNotFinite},
			{"Inf θ", []float64{inf, inf}[:c.p], klearn.ErrNotFinite},
		}
		for _, th := range thetas {
			th := th
			if c.name == "GaussianPerCoordinate" && th.what == "long θ" {
				// Any length is a θ of the family (one entry per column);
				// the searcher checks the length against its columns.
			} else {
				cases = append(cases,
					klearntest.Bad(n+" Kernel "+th.what, func() error { return err1(fam.Kernel(th.th)) }, th.want),
					klearntest.Bad(n+" Params "+th.what, func() error { return err1(fam.Params(th.th)) }, th.want))
			}
			cases = append(cases,
				klearntest.Bad(n+" Searcher.Gram "+th.what, func() error { return err1(s.Gram(th.th)) }, th.want),
				klearntest.Bad(n+" Searcher.Inner "+th.what, func() error { return err1(s.Inner(P, th.th, nil)) }, th.want))
		}
		if c.name != "Dirichlet" {
			cases = append(cases,
				klearntest.Bad(n+" Kernel e^θ overflows", func() error { return err1(fam.Kernel(huge)) }, klearn.ErrParam),
				klearntest.Bad(n+" Params e^θ underflows", func() error { return err1(fam.Params(tiny)) }, klearn.ErrParam))
		}
		cases = append(cases,
			klearntest.Bad(n+" Inner nil P", func() error { return err1(s.Inner(nil, ok, nil)) }, klearn.ErrEmpty),
			klearntest.Bad(n+" Inner P of another order", func() error { return err1(s.Inner(mat.NewSymDense(3, nil), ok, nil)) }, klearn.ErrShape),
			klearntest.Bad(n+" Inner short grad", func() error { return err1(s.Inner(P, ok, make([]float64, c.p+2))) }, klearn.ErrShape),
			klearntest.Bad(n+" Inner NaN P", func() error { return err1(s.Inner(symWithNaN(P, nan), ok, nil)) }, klearn.ErrNotFinite),
			klearntest.Finite(n+" Inner P near MaxFloat64", func() ([]float64, error) {
				g := make([]float64, c.p)
				h, err := s.Inner(symScaled(P, big/4), ok, g)
				return append(g, h), err
			}),
			klearntest.Finite(n+" Search P near MaxFloat64", func() ([]float64, error) {
				th, h, err := continuous.Search(fam, s, c.X.RawMatrix().Cols, symScaled(P, big/4), nil)
				return append(th, h), err
			}),
			klearntest.Finite(n+" Kernel and Params at the box", func() ([]float64, error) {
				lo, hi, _ := fam.Space(c.X.RawMatrix().Cols)
				var out []float64
				for _, th := range [][]float64{lo, hi} {
					k, err := fam.Kernel(th)
					if err != nil {
						return nil, err
					}
					K, err := kernel.Gram(k, c.X)
					if err != nil {
						return nil, err
					}
					p, err := fam.Params(th)
					if err != nil {
						return nil, err
					}
					out = append(append(out, p...), Values(K)...)
				}
				return out, nil
			}),
		)
	}
	klearntest.Battery(t, cases)
}

// Values is klearntest.Values (a short name for the cases above).
var Values = klearntest.Values

// TestBatteryAbsurdHyperParameters: absurd but finite hyper-parameters
// (C = 1e300) neither hang a solver nor return a model the solver did not
// reach (kinds 4 and 6).
func TestBatteryAbsurdHyperParameters(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	cases := []klearntest.Case{
		klearntest.Bad("tk InteriorPoint C = 1e300", func() error {
			return err1(tk.Learner{Method: tk.InteriorPoint, Degree: 1, SVM: svm.Classifier{C: 1e300}}.Fit(f.X, f.y))
		}, klearn.ErrNotConverged),
		klearntest.Finite("tk ProjectedGradient C = 1e300", func() ([]float64, error) {
			m, err := tk.Learner{Degree: 1, SVM: svm.Classifier{C: 1e300}}.Fit(f.X, f.y)
			if err != nil {
				return nil, err
			}
			d, err := m.Decision(f.Xte)
			return append(d, m.Objective()), err
		}),
	}
	klearntest.Battery(t, cases)
}

// TestBatteryMeanStd: metrics.MeanStd refuses empty and non-finite samples
// and gives finite answers on values near ±MaxFloat64 whose true answer is
// representable (kinds 2, 3 and 5). The statistics of package repro have
// their battery in repro.
func TestBatteryMeanStd(t *testing.T) {
	t.Parallel()
	meanStd := func(v []float64) func() ([]float64, error) {
		return func() ([]float64, error) {
			m, s, err := metrics.MeanStd(v)
			return []float64{m, s}, err
		}
	}
	near := []float64{big, big / 2, big / 4}
	cases := []klearntest.Case{
		klearntest.Bad("MeanStd nil", func() error { return err2(metrics.MeanStd(nil)) }, klearn.ErrEmpty),
		klearntest.Bad("MeanStd NaN", func() error { return err2(metrics.MeanStd([]float64{1, nan})) }, klearn.ErrNotFinite),
		klearntest.Bad("MeanStd -Inf", func() error { return err2(metrics.MeanStd([]float64{math.Inf(-1)})) }, klearn.ErrNotFinite),
		klearntest.Finite("MeanStd near MaxFloat64", meanStd(near)),
		klearntest.Finite("MeanStd ±MaxFloat64", meanStd([]float64{-big, big})),
		klearntest.Finite("MeanStd subnormal", meanStd([]float64{5e-324, 1e-323, 0})),
	}
	klearntest.Battery(t, cases)
}

// TestBatteryNN: the network classifier of package nn on nil receivers,
// unfitted models, bad shapes and values near ±MaxFloat64 (in training and
// far outside the training range at prediction), and columns whose range
// is too small for its reciprocal (kinds 2, 3 and 5).
func TestBatteryNN(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	var nilModel *nn.Model
	small := nn.Classifier{Hidden: 3, Settings: opt.Settings{MaxIter: 20}}
	fitted, err := small.Fit(f.X, f.y)
	if err != nil {
		t.Fatal(err)
	}
	decide := func(X, Xte mat.Matrix) func() ([]float64, error) {
		return func() ([]float64, error) {
			m, err := small.Fit(X, f.y)
			if err != nil {
				return nil, err
			}
			d, err := m.Decision(Xte)
			if err != nil {
				return nil, err
			}
			P, err := m.Probabilities(Xte)
			return append(d, Values(P)...), err
		}
	}
	tiny := mat.DenseCopyOf(f.X)
	for i := 0; i < 8; i++ {
		tiny.Set(i, 1, float64(i%2)*5e-324)
	}
	cases := []klearntest.Case{
		klearntest.Bad("nil Model Decision", func() error { return err1(nilModel.Decision(f.X)) }, klearn.ErrNotFitted),
		klearntest.Bad("nil Model Predict", func() error { return err1(nilModel.Predict(f.X)) }, klearn.ErrNotFitted),
		klearntest.Bad("zero Model Probabilities", func() error { return err1((&nn.Model{}).Probabilities(f.X)) }, klearn.ErrNotFitted),
		maybe("nil Model accessors", func() error {
			tr, va := nilModel.Losses()
			if nilModel.Classes() != nil || nilModel.Weights() != nil || tr != nil || va != nil || nilModel.Iterations() != 0 || nilModel.BestIteration() != 0 || nilModel.Status() != opt.NotTerminated {
				return klearn.Errorf(klearn.ErrNotFitted, "a nil model reports values")
			}
			return nil
		}),
		klearntest.Bad("Decision wrong columns", func() error { return err1(fitted.Decision(mat.NewDense(2, 3, nil))) }, klearn.ErrShape),
		klearntest.Bad("Decision NaN", func() error { return err1(fitted.Decision(withNaN(f.Xte, nan))) }, klearn.ErrNotFinite),
		klearntest.Bad("Fit Hidden 1<<20", func() error { return err1(nn.Classifier{Hidden: 1 << 20}.Fit(f.X, f.y)) }, klearn.ErrParam),
		klearntest.Bad("Fit ValFrac NaN", func() error { return err1(nn.Classifier{ValFrac: nan}.Fit(f.X, f.y)) }, klearn.ErrParam),
		klearntest.Finite("Fit and Decision near ±MaxFloat64", decide(scaled(f.X, big/3), scaled(f.Xte, big/3))),
		klearntest.Finite("Fit ±MaxFloat64 columns", decide(mat.NewDense(8, 2, []float64{-big, big, -big, 0, -big, big, 0, -big, big, big, big, 0, big, -big, big, 0}), f.Xte)),
		klearntest.Finite("Decision far outside the training range", decide(f.X, scaled(f.Xte, big/2))),
		klearntest.Finite("Fit column of range 5e-324", decide(tiny, f.Xte)),
		klearntest.Finite("Fit MaxIter 1<<40 without early stopping", func() ([]float64, error) {
			m, err := nn.Classifier{Hidden: 3, ValFrac: -1, Settings: opt.Settings{MaxIter: 1 << 40}}.Fit(f.X, f.y)
			if err != nil {
				return nil, err
			}
			return m.Decision(f.Xte)
		}),
	}
	klearntest.Battery(t, cases)
}

// TestBatteryPreprocessExtremes: the preprocessing maps on features and
// labels near ±MaxFloat64 and on ranges too small for their reciprocal
// give finite answers or a sentinel error, never NaN or Inf (kinds 3, 5).
func TestBatteryPreprocessExtremes(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	wide := mat.NewDense(4, 2, []float64{-big, 1, big, 2, 0, 3, big / 2, 4})
	tiny := mat.NewDense(3, 1, []float64{0, 5e-324, 1e-323})
	apply := func(fit func(mat.Matrix) (*preprocess.Transform, error), X, Xte mat.Matrix) func() ([]float64, error) {
		return func() ([]float64, error) {
			tr, err := fit(X)
			if err != nil {
				return nil, err
			}
			Z, err := tr.Transform(Xte)
			return Values(Z), err
		}
	}
	cases := []klearntest.Case{
		klearntest.Finite("MinMax ±MaxFloat64", apply(preprocess.MinMax{}.Fit, wide, wide)),
		klearntest.Finite("MinMax range 1e-323", apply(preprocess.MinMax{}.Fit, tiny, tiny)),
		klearntest.Finite("Standardizer ±MaxFloat64", apply(preprocess.Standardizer{}.Fit, wide, wide)),
		klearntest.Finite("Standardizer range 1e-323", apply(preprocess.Standardizer{}.Fit, tiny, tiny)),
		klearntest.Finite("Centerer ±MaxFloat64", apply(preprocess.Centerer{}.Fit, wide, wide)),
		klearntest.Finite("MinMax test rows far outside", apply(preprocess.MinMax{}.Fit, f.X, scaled(f.Xte, big))),
		klearntest.Finite("ScaleCenter ±MaxFloat64", func() ([]float64, error) {
			Z, err := preprocess.ScaleCenter(wide, []int{0, 1, 2})
			return Values(Z), err
		}),
		klearntest.Finite("UnitNorm ±MaxFloat64", func() ([]float64, error) { Z, err := preprocess.UnitNorm(wide); return Values(Z), err }),
		klearntest.Finite("CenterLabels near MaxFloat64", func() ([]float64, error) {
			yc, m, err := preprocess.CenterLabels([]float64{big, big / 2, big / 4})
			return append(yc, m), err
		}),
		klearntest.Bad("CenterLabels nil", func() error { return err2(preprocess.CenterLabels(nil)) }, klearn.ErrEmpty),
		klearntest.Bad("CenterLabels NaN", func() error { return err2(preprocess.CenterLabels([]float64{nan})) }, klearn.ErrNotFinite),
		klearntest.Finite("CenterLabels ±MaxFloat64", func() ([]float64, error) {
			yc, m, err := preprocess.CenterLabels([]float64{-big, big, big})
			return append(yc, m), err
		}),
	}
	klearntest.Battery(t, cases)
}

// TestBatteryContinuousLearners: the learners over continuous kernel
// families (stagewise.CA of Afkanpour et al. 2013, continuous.Greedy of
// Argyriou et al. 2006) on bad settings, nil and non-finite data, and
// features and test rows near ±MaxFloat64 (kinds 1–5).
func TestBatteryContinuousLearners(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	fitCA := func(c stagewise.CA, X, Xte mat.Matrix) func() ([]float64, error) {
		return func() ([]float64, error) {
			m, err := c.Fit(X, f.y)
			if err != nil {
				return nil, err
			}
			d, err := m.Decision(Xte)
			return d, err
		}
	}
	fitGreedy := func(g continuous.Greedy, X, Xte mat.Matrix) func() ([]float64, error) {
		return func() ([]float64, error) {
			m, err := g.Fit(X, f.y)
			if err != nil {
				return nil, err
			}
			d, err := m.Decision(Xte)
			return append(d, m.Gap()), err
		}
	}
	var nilCA *stagewise.Model
	var nilGreedy *continuous.GreedyModel
	ca := stagewise.CA{T: 3}
	gr := continuous.Greedy{MaxSteps: 3}
	cases := []klearntest.Case{
		klearntest.Bad("CA nil X", func() error { return err1(ca.Fit(nil, f.y)) }, klearn.ErrEmpty),
		klearntest.Bad("CA NaN X", func() error { return err1(ca.Fit(withNaN(f.X, nan), f.y)) }, klearn.ErrNotFinite),
		klearntest.Bad("CA T -1", func() error { return err1(stagewise.CA{T: -1}.Fit(f.X, f.y)) }, klearn.ErrParam),
		klearntest.Bad("CA Eps NaN", func() error { return err1(stagewise.CA{Eps: nan}.Fit(f.X, f.y)) }, klearn.ErrParam),
		klearntest.Bad("CA Dirichlet on 2-D rows", func() error { return err1(stagewise.CA{Family: continuous.Dirichlet{}}.Fit(f.X, f.y)) }, nil),
		klearntest.Bad("CA nil model Decision", func() error { return err1(nilCA.Decision(f.X)) }, klearn.ErrNotFitted),
		klearntest.Finite("CA X near MaxFloat64", fitCA(ca, scaled(f.X, big/4), scaled(f.Xte, big/4))),
		klearntest.Finite("CA test rows far outside", fitCA(ca, f.X, scaled(f.Xte, big/2))),
		klearntest.Finite("CA T 1<<40 (stops on the alignment)", fitCA(stagewise.CA{T: 1 << 40}, f.X, f.Xte)),
		klearntest.Bad("Greedy nil X", func() error { return err1(gr.Fit(nil, f.y)) }, klearn.ErrEmpty),
		klearntest.Bad("Greedy Mu NaN", func() error { return err1(continuous.Greedy{Mu: nan}.Fit(f.X, f.y)) }, klearn.ErrParam),
		klearntest.Bad("Greedy Init of another length", func() error {
			return err1(continuous.Greedy{Init: [][]float64{{0, 0, 0}}}.Fit(f.X, f.y))
		}, klearn.ErrParam),
		klearntest.Bad("Greedy Init NaN", func() error { return err1(continuous.Greedy{Init: [][]float64{{nan}}}.Fit(f.X, f.y)) }, klearn.ErrParam),
		klearntest.Bad("Greedy labels not ±1", func() error { return err1(gr.Fit(f.X, []float64{0, 0, 0, 0, 2, 2, 2, 2})) }, nil),
		klearntest.Bad("Greedy nil model Decision", func() error { return err1(nilGreedy.Decision(f.X)) }, klearn.ErrNotFitted),
		klearntest.Finite("Greedy X near MaxFloat64", fitGreedy(gr, scaled(f.X, big/4), scaled(f.Xte, big/4))),
		klearntest.Finite("Greedy DC X near MaxFloat64", fitGreedy(continuous.Greedy{MaxSteps: 2, Step2: continuous.DC}, scaled(f.X, big/4), f.Xte)),
		klearntest.Finite("Greedy test rows far outside", fitGreedy(gr, f.X, scaled(f.Xte, big/2))),
		klearntest.Finite("Greedy MaxSteps 1<<40", fitGreedy(continuous.Greedy{MaxSteps: 1 << 40}, f.X, f.Xte)),
		klearntest.Finite("CA search MaxIter 1<<40", fitCA(stagewise.CA{T: 2, Search: opt.Settings{MaxIter: 1 << 40}}, f.X, f.Xte)),
		klearntest.Finite("Greedy Mu 1e-300", fitGreedy(continuous.Greedy{MaxSteps: 2, Mu: 1e-300}, f.X, f.Xte)),
		klearntest.Finite("Greedy Mu 1e300", fitGreedy(continuous.Greedy{MaxSteps: 2, Mu: 1e300}, f.X, f.Xte)),
		klearntest.Finite("Greedy per-coordinate X near MaxFloat64", fitGreedy(continuous.Greedy{MaxSteps: 2, Family: continuous.GaussianPerCoordinate{}}, scaled(f.X, big/4), f.Xte)),
	}
	klearntest.Battery(t, cases)
}

// TestBatteryMKLHelpers: the exported helpers of the continuous, stagewise
// and nkrr packages on shapes, nil arguments and values near ±MaxFloat64
// (kinds 2, 3 and 5).
func TestBatteryMKLHelpers(t *testing.T) {
	t.Parallel()
	f := newFixture(t)
	s, err := continuous.GaussianBandwidth{}.Prepare(f.X)
	if err != nil {
		t.Fatal(err)
	}
	c := make([]float64, 8)
	for i := range c {
		c[i] = f.y[i]
	}
	dc := func(c []float64) func() ([]float64, error) {
		return func() ([]float64, error) {
			r, err := continuous.SearchDC(continuous.GaussianBandwidth{}, s, 2, c, nil)
			if err != nil {
				return nil, err
			}
			return append(append([]float64(nil), r.Theta...), r.Value), nil
		}
	}
	cases := []klearntest.Case{
		klearntest.Bad("SearchDC short c", func() error { return err1(continuous.SearchDC(continuous.GaussianBandwidth{}, s, 2, c[:3], nil)) }, nil),
		klearntest.Bad("SearchDC NaN c", func() error {
			cn := append([]float64(nil), c...)
			cn[2] = nan
			return err1(continuous.SearchDC(continuous.GaussianBandwidth{}, s, 2, cn, nil))
		}, klearn.ErrNotFinite),
		klearntest.Bad("SearchDC zero c", func() error {
			return err1(continuous.SearchDC(continuous.GaussianBandwidth{}, s, 2, make([]float64, 8), nil))
		}, nil),
		klearntest.Finite("SearchDC c near MaxFloat64", dc(scaledSlice(c, big/2))),
		// c ≠ 0 whose ‖c‖² underflows: solved, not refused (an error that
		// wraps no sentinel fails the case).
		{Name: "SearchDC c of 1e-300 is solved", MayPass: true, Call: func() error {
			v, err := dc(scaledSlice(c, 1e-300))()
			if err != nil {
				return fmt.Errorf("refused: %v", err)
			}
			if math.IsNaN(v[0]) {
				return fmt.Errorf("θ = NaN")
			}
			return nil
		}},
		klearntest.Finite("FiniteCombination indefinite Grams", func() ([]float64, error) {
			r, err := continuous.FiniteCombination([]*mat.SymDense{f.neg, f.Kn}, f.y, 1, nil)
			if err != nil {
				return nil, err
			}
			return append(r.Weights, r.E), nil
		}),
		klearntest.Bad("FiniteCombination nil", func() error { return err1(continuous.FiniteCombination(nil, f.y, 1, nil)) }, nil),
		klearntest.Bad("FiniteCombination NaN mu", func() error { return err1(continuous.FiniteCombination(f.Ks, f.y, nan, nil)) }, klearn.ErrParam),
		klearntest.Bad("FiniteCombination short y", func() error { return err1(continuous.FiniteCombination(f.Ks, f.y[:3], 1, nil)) }, nil),
		klearntest.Finite("FiniteCombination Grams near MaxFloat64", func() ([]float64, error) {
			Ks := []*mat.SymDense{symScaled(f.Ks[0], big/4), symScaled(f.Ks[1], big/4)}
			r, err := continuous.FiniteCombination(Ks, f.y, 1, nil)
			if err != nil {
				return nil, err
			}
			return r.Weights, nil
		}),
		klearntest.Bad("CrossTrain nil kernel", func() error { return err1(continuous.CrossTrain(nil, f.Xte, f.X)) }, nil),
		klearntest.Bad("CrossTrain columns", func() error {
			return err1(continuous.CrossTrain(kernel.RBF{Gamma: 1}, mat.NewDense(2, 5, nil), f.X))
		}, klearn.ErrShape),
		klearntest.Bad("ProjectRadial NaN", func() error { return err1(nkrr.ProjectRadial([]float64{nan}, []float64{1}, 1, nkrr.L2)) }, nil),
		klearntest.Bad("ProjectRadial ragged", func() error { return err1(nkrr.ProjectRadial([]float64{1, 2}, []float64{1}, 1, nkrr.L2)) }, nil),
		klearntest.Bad("ProjectRadial radius NaN", func() error { return err1(nkrr.ProjectRadial([]float64{1}, []float64{1}, nan, nkrr.L2)) }, nil),
		klearntest.Finite("ProjectRadial near MaxFloat64", func() ([]float64, error) {
			return nkrr.ProjectRadial([]float64{big, big}, []float64{0, 0}, big/2, nkrr.L2)
		}),
		klearntest.Finite("ProjectRadial L1 near MaxFloat64", func() ([]float64, error) {
			return nkrr.ProjectRadial([]float64{big, -big}, []float64{-big, big}, big, nkrr.L1)
		}),
	}
	klearntest.Battery(t, cases)
}
