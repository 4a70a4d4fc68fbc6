package bench

import (
	"fmt"
	"math"
	"sort"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/stattest"
	"github.com/kernelab/kernelab/viz"
)

// Alpha is the level of every test of the analysis.
const Alpha = 0.05

// Entry summarises one method on one data set over the splits: means and
// standard errors (standard deviation over the splits / √splits) of the
// test accuracy and AUC, mean seconds, and the per-split accuracies the
// paired tests use. Skip is the reason the method did not run on some
// split ("" when it ran on all).
type Entry struct {
	Set, Method        string
	Acc, AccSE         float64
	AUC, AUCSE         float64
	FitSec, PredictSec float64
	SelectSec          float64
	Accs               []float64
	Chosen             []string
	Skip               string
	// Fits and Capped sum the cells' fits and the fits among them that
	// stopped at a solver cap (Cell.Fits, Cell.Capped); FinalCapped counts
	// the splits whose final fit did.
	Fits, Capped, FinalCapped int
	// Best marks the highest mean accuracy on the set (ties: every one of
	// them). Tie marks a method the two-sided paired t-test over the splits
	// does not distinguish from the best (p ≥ Alpha, TieP its p-value):
	// no difference was seen, which is not evidence of equality.
	Best, Tie bool
	TieP      float64
}

// Ran reports whether the method ran on every split.
func (e Entry) Ran() bool { return e.Skip == "" }

// Analysis is the benchmark's analysis at the standard of Demšar (2006):
// per-set entries with the best and the ties marked; Friedman's test on the
// sets where every method ran (Complete; the others are Dropped with the
// reason), the Nemenyi critical difference and Holm's pairwise tests; the
// accuracy–time trade-off.
type Analysis struct {
	Sets    []DataSet
	Methods []Method
	// Entries[i][j] is method j on set i.
	Entries  [][]Entry
	Complete []int
	Dropped  []string
	// Friedman, CD and Holm are zero when fewer than two sets are complete.
	Friedman stattest.FriedmanResult
	CD       float64
	Holm     []stattest.PairwiseResult
	// MeanAcc, MeanAUC and MeanSec are each method's mean accuracy, AUC and training
	// seconds (selection and final fit) over the complete sets; Pareto
	// marks the methods no other beats on both.
	MeanAcc, MeanAUC, MeanSec []float64
	Pareto                    []bool
}

// Analyze summarises res.
func Analyze(res *Results) (*Analysis, error) {
	if res == nil || len(res.Cells) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "bench: no results to analyse")
	}
	cfg := res.Config
	a := &Analysis{}
	for _, name := range cfg.sets() {
		d, err := dataSet(name)
		if err != nil {
			return nil, err
		}
		a.Sets = append(a.Sets, d)
	}
	for _, name := range cfg.methods() {
		m, err := methodByName(name)
		if err != nil {
			return nil, err
		}
		a.Methods = append(a.Methods, m)
	}
	idx := map[[2]string][]Cell{}
	for _, c := range res.Cells {
		k := [2]string{c.Set, c.Method}
		idx[k] = append(idx[k], c)
	}
	for _, d := range a.Sets {
		row := make([]Entry, len(a.Methods))
		for j, m := range a.Methods {
			e, err := summarise(d.Name, m.Name, idx[[2]string{d.Name, m.Name}])
			if err != nil {
				return nil, err
			}
			row[j] = e
		}
		if err := markBest(row); err != nil {
			return nil, err
		}
		a.Entries = append(a.Entries, row)
	}
	if err := a.rankTests(); err != nil {
		return nil, err
	}
	return a, nil
}

// summarise reduces the cells of one method on one set.
func summarise(set, method string, cells []Cell) (Entry, error) {
	e := Entry{Set: set, Method: method}
	if len(cells) == 0 {
		e.Skip = "no result"
		return e, nil
	}
	var aucs []float64
	for _, c := range cells {
		if c.Skip != "" {
			e.Skip = c.Skip
			return e, nil
		}
		e.Accs = append(e.Accs, c.Acc)
		aucs = append(aucs, c.AUC)
		e.Chosen = append(e.Chosen, c.Chosen)
		e.Fits += c.Fits
		e.Capped += c.Capped
		if c.FinalCapped {
			e.FinalCapped++
		}
		e.FitSec += c.FitSec / float64(len(cells))
		e.PredictSec += c.PredictSec / float64(len(cells))
		e.SelectSec += c.SelectSec / float64(len(cells))
	}
	var err error
	if e.Acc, e.AccSE, err = meanSE(e.Accs); err != nil {
		return e, err
	}
	e.AUC, e.AUCSE, err = meanSE(aucs)
	return e, err
}

// meanSE is the mean and its standard error sd/√n (0 for one value).
func meanSE(v []float64) (float64, float64, error) {
	if len(v) == 1 {
		return v[0], 0, nil
	}
	m, sd, err := metrics.MeanStd(v)
	return m, sd / math.Sqrt(float64(len(v))), err
}

// markBest marks the best mean accuracy of a set and the methods the
// paired t-test does not tell from it (with one split there is no test and
// no tie is marked).
func markBest(row []Entry) error {
	best := -1
	for j, e := range row {
		if e.Ran() && (best < 0 || e.Acc > row[best].Acc) {
			best = j
		}
	}
	if best < 0 {
		return nil
	}
	for j := range row {
		e := &row[j]
		if !e.Ran() {
			continue
		}
		if e.Acc == row[best].Acc {
			e.Best = true
			continue
		}
		if len(e.Accs) < 2 {
			continue
		}
		r, err := stattest.PairedT(row[best].Accs, e.Accs, stattest.TwoSided)
		if err != nil {
			return err
		}
		e.TieP = r.P
		e.Tie = r.P >= Alpha
	}
	return nil
}

// rankTests runs Friedman's test, the Nemenyi CD and Holm's pairwise tests
// on the complete sets, and the accuracy–time summary.
func (a *Analysis) rankTests() error {
	k := len(a.Methods)
	a.MeanAcc, a.MeanAUC, a.MeanSec = make([]float64, k), make([]float64, k), make([]float64, k)
	var scores [][]float64
	for i, row := range a.Entries {
		missing := ""
		for _, e := range row {
			if !e.Ran() {
				missing = fmt.Sprintf("%s: %s (%s)", a.Sets[i].Name, e.Method, e.Skip)
				break
			}
		}
		if missing != "" {
			a.Dropped = append(a.Dropped, missing)
			continue
		}
		a.Complete = append(a.Complete, i)
		s := make([]float64, k)
		for j, e := range row {
			s[j] = e.Acc
			a.MeanAcc[j] += e.Acc
			a.MeanAUC[j] += e.AUC
			a.MeanSec[j] += e.SelectSec + e.FitSec
		}
		scores = append(scores, s)
	}
	if len(scores) == 0 {
		return nil
	}
	for j := range a.MeanAcc {
		a.MeanAcc[j] /= float64(len(scores))
		a.MeanAUC[j] /= float64(len(scores))
		a.MeanSec[j] /= float64(len(scores))
	}
	a.Pareto = paretoFront(a.MeanSec, a.MeanAcc)
	if len(scores) < 2 || k < 2 {
		return nil
	}
	var err error
	if a.Friedman, err = stattest.Friedman(scores, true); err != nil {
		return err
	}
	if a.CD, err = stattest.NemenyiCD(k, len(scores), Alpha); err != nil {
		return err
	}
	a.Holm, err = stattest.HolmPairwise(a.Friedman.Ranks, len(scores), Alpha)
	return err
}

// paretoFront marks the points no other point dominates (time no larger
// and accuracy no smaller, one of them strictly).
func paretoFront(sec, acc []float64) []bool {
	out := make([]bool, len(sec))
	for i := range sec {
		out[i] = true
		for j := range sec {
			if j != i && sec[j] <= sec[i] && acc[j] >= acc[i] && (sec[j] < sec[i] || acc[j] > acc[i]) {
				out[i] = false
				break
			}
		}
	}
	return out
}

// CDDiagram is the critical-difference diagram of the Nemenyi test at
// level Alpha, or nil when Friedman's test did not run.
func (a *Analysis) CDDiagram() *viz.CDDiagram {
	d, err := a.CDDiagramAt(Alpha)
	if err != nil {
		return nil
	}
	return d
}

// CDDiagramAt is the critical-difference diagram of the Nemenyi test at
// level alpha. Errors: Friedman's test did not run (ErrEmpty), alpha
// outside (0, 1) (ErrParam).
func (a *Analysis) CDDiagramAt(alpha float64) (*viz.CDDiagram, error) {
	if a.Friedman.Ranks == nil {
		return nil, klearn.Errorf(klearn.ErrEmpty, "bench: no Friedman test (fewer than two complete data sets)")
	}
	cd, err := stattest.NemenyiCD(a.Friedman.K, a.Friedman.N, alpha)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, m := range a.Methods {
		names = append(names, m.Name)
	}
	return &viz.CDDiagram{Title: fmt.Sprintf("Nemenyi, α = %.2f, %d data sets", alpha, len(a.Complete)),
		Names: names, Ranks: a.Friedman.Ranks, CD: cd, Width: 820}, nil
}

// ParetoChart plots each method's mean accuracy against its mean training
// seconds (log scale) over the complete sets, one point set per family.
func (a *Analysis) ParetoChart() *viz.Scatter {
	if len(a.Complete) == 0 {
		return nil
	}
	var fams []string
	sets := map[string]*viz.PointSet{}
	for j, m := range a.Methods {
		ps, ok := sets[m.Family]
		if !ok {
			ps = &viz.PointSet{Name: m.Family}
			sets[m.Family] = ps
			fams = append(fams, m.Family)
		}
		ps.X = append(ps.X, math.Max(a.MeanSec[j], 1e-4))
		ps.Y = append(ps.Y, 100*a.MeanAcc[j])
	}
	s := &viz.Scatter{Title: "Accuracy against training time", XLabel: "training seconds (selection + final fit), mean",
		YLabel: "test accuracy (%), mean", Scale: viz.LogX, Legend: viz.LegendRight, Width: 820, Height: 420}
	for _, f := range fams {
		s.Sets = append(s.Sets, *sets[f])
	}
	return s
}

// CappedFits returns, per method, the fits of the cells that ran and how
// many of them stopped at a solver cap, over every data set.
func (a *Analysis) CappedFits() (capped, fits []int) {
	capped, fits = make([]int, len(a.Methods)), make([]int, len(a.Methods))
	for _, row := range a.Entries {
		for j, e := range row {
			capped[j] += e.Capped
			fits[j] += e.Fits
		}
	}
	return capped, fits
}

// Ranked returns the method indices by average rank (best first), or in
// table order when Friedman's test did not run.
func (a *Analysis) Ranked() []int {
	idx := make([]int, len(a.Methods))
	for i := range idx {
		idx[i] = i
	}
	if a.Friedman.Ranks != nil {
		sort.SliceStable(idx, func(x, y int) bool { return a.Friedman.Ranks[idx[x]] < a.Friedman.Ranks[idx[y]] })
	}
	return idx
}
