package cortes2009

import (
	"fmt"
	"slices"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/cortes2009/protocol"
	"github.com/kernelab/kernelab/viz"
)

// Figure2Result is the bigram experiment of Figure 2 on one review corpus:
// Scores[b][m][s] is the test RMSE of method m with Bigrams[b] bigrams on
// split s, Final[b][m][s] the status of that fit (Algorithm 1's steps,
// converged or capped), Choices[b][m] its selection (with its CV fits);
// Constant[s] that of the training-label mean (no signal).
// Folds is the number of CV folds that chose λ and Λ.
type Figure2Result struct {
	Data     string
	PerClass int
	Folds    int
	Bigrams  []int
	Methods  []string
	Scores   [][][]float64
	Final    [][][]protocol.Fit
	Choices  [][]protocol.Choice
	Constant []float64
}

// figure2 assembles Figure 2 from its points, in the order of cfg.Fig2Bigrams.
func figure2(cfg Config, pts []*protocol.Figure2Point) *Figure2Result {
	res := &Figure2Result{Data: "amazon-reviews", PerClass: cfg.Fig2PerClass, Folds: cfg.Folds, Bigrams: slices.Clone(cfg.Fig2Bigrams)}
	for _, m := range protocol.Figure2Methods(cfg.MaxIter) {
		res.Methods = append(res.Methods, m.Name)
	}
	for _, pt := range pts {
		res.Scores = append(res.Scores, pt.Scores)
		res.Final = append(res.Final, pt.Final)
		res.Choices = append(res.Choices, pt.Choices)
		res.Constant = pt.Constant
	}
	return res
}

// Figure3Result is the subsampling experiment of Figure 3 on one data set:
// Uniform[d-1][f][r] and Learned[d-1][f][r] are the test RMSEs of degree d
// at subsampling factor Factors[f] in repetition r; for the ℓ2-learned
// kernel, CV[d-1][f][r] counts the CV fits of Algorithm 1 that chose λ and
// Λ and Final[d-1][f][r] is the status of the fit scored. Folds is the
// number of CV folds on each subsample.
type Figure3Result struct {
	Data             string
	N, P, Folds      int
	Factors          []int
	Uniform, Learned [][][]float64
	CV               [][][]protocol.Fits
	Final            [][][]protocol.Fit
}

// figure3 assembles Figure 3 on data from its points at factors, chosen
// by folds-fold CV.
func figure3(data string, factors []int, folds int, pts []*protocol.Figure3Point) *Figure3Result {
	res := &Figure3Result{Data: data, Folds: folds, Factors: slices.Clone(factors), Uniform: make([][][]float64, 4), Learned: make([][][]float64, 4),
		CV: make([][][]protocol.Fits, 4), Final: make([][][]protocol.Fit, 4)}
	for _, pt := range pts {
		res.N, res.P = pt.N, pt.P
		for d := range 4 {
			res.Uniform[d] = append(res.Uniform[d], pt.Uniform[d])
			res.Learned[d] = append(res.Learned[d], pt.Learned[d])
			res.CV[d] = append(res.CV[d], at(pt.CV, d))
			res.Final[d] = append(res.Final[d], at(pt.Final, d))
		}
	}
	return res
}

// Figure2Chart draws Figure 2 as the paper does: test RMSE (±1 std over the
// splits) against the number of bigrams on a log axis, the uniform
// combination solid, ℓ1 dashed, ℓ2 dotted, and the training-label mean
// (no signal) dash-dotted.
func Figure2Chart(f *Figure2Result) (*viz.Line, error) {
	if f == nil || len(f.Scores) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "cortes2009: Figure 2 was not run")
	}
	xs := make([]float64, len(f.Bigrams))
	for i, b := range f.Bigrams {
		xs[i] = float64(b)
	}
	dashes := []viz.Dash{viz.Solid, viz.Dashed, viz.Dotted}
	var ss []viz.Series
	for m, name := range f.Methods {
		s := viz.Series{Name: name, X: xs, Dash: dashes[m%len(dashes)]}
		for b := range f.Bigrams {
			v, err := repro.Summarize(f.Scores[b][m])
			if err != nil {
				return nil, err
			}
			s.Y, s.Err = append(s.Y, v.Mean), append(s.Err, v.Std)
		}
		ss = append(ss, s)
	}
	c, err := repro.Summarize(f.Constant)
	if err != nil {
		return nil, err
	}
	cs := viz.Series{Name: "training-label mean", X: xs, Dash: viz.DashDot}
	for range xs {
		cs.Y = append(cs.Y, c.Mean)
	}
	return &viz.Line{Title: "Figure 2 (amazon-reviews for Blitzer et al.)", XLabel: "bigrams (base kernels)", YLabel: "test RMSE",
		Series: append(ss, cs), Scale: viz.LogX, TicksAtX: true, ErrorBars: true}, nil
}

// Figure3Chart draws Figure 3 as small multiples, one panel per data set:
// test RMSE (mean over subsamples) against the subsampling factor on a log
// axis, un-weighted KRR solid and ℓ2-learned dashed for d = 1…4, one legend.
func Figure3Chart(fs []*Figure3Result) (*viz.Grid, error) {
	if len(fs) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "cortes2009: Figure 3 was not run")
	}
	g := &viz.Grid{Title: "Figure 3: un-weighted (solid) and ℓ2-learned (dashed) polynomial kernels", Cols: len(fs), SharedLegend: true}
	for _, f := range fs {
		xs := make([]float64, len(f.Factors))
		for i, x := range f.Factors {
			xs[i] = float64(x)
		}
		var ss []viz.Series
		for d := 1; d <= 4; d++ {
			for _, l := range []struct {
				name string
				v    [][]float64
				dash viz.Dash
			}{{fmt.Sprintf("d=%d uniform", d), f.Uniform[d-1], viz.Solid}, {fmt.Sprintf("d=%d ℓ2", d), f.Learned[d-1], viz.Dashed}} {
				s := viz.Series{Name: l.name, X: xs, Dash: l.dash}
				for fi := range f.Factors {
					v, err := repro.Summarize(l.v[fi])
					if err != nil {
						return nil, err
					}
					s.Y = append(s.Y, v.Mean)
				}
				ss = append(ss, s)
			}
		}
		g.Panels = append(g.Panels, &viz.Line{Title: fmt.Sprintf("%s (%d × %d)", f.Data, f.N, f.P), XLabel: "subsampling factor",
			YLabel: "test RMSE", Series: ss, Scale: viz.LogX, TicksAtX: true})
	}
	return g, nil
}

// at is xs[i], nil when xs is shorter (a record without the field).
func at[T any](xs [][]T, i int) []T {
	if i < len(xs) {
		return xs[i]
	}
	return nil
}
