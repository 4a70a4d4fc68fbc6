package donini2017

import (
	"fmt"
	"math"
	"strings"

	"github.com/kernelab/kernelab/repro/donini2017/protocol"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/viz"
)

func notRun(what string) error {
	return klearn.Errorf(klearn.ErrEmpty, "donini2017: %s was not run", what)
}

// prepName names the inputs a preprocessing gives (protocol.ZScore, the
// main run, or protocol.MinMax, a variant the paper does not state).
func prepName(prep string) string {
	if prep == protocol.MinMax {
		return "min–max inputs"
	}
	return "z-scored inputs"
}

func floats(v []int) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = float64(x)
	}
	return out
}

// Figure1Chart draws Figure 1: the squared MEB radius r*(K) and its
// approximation r̃(K) against the spectral ratio C(K) for HPKs of degree
// 0..D, one panel per data set and preprocessing (the main run's inputs
// first, the other preprocessing beside as a variant).
func Figure1Chart(res *Results) (*viz.Grid, error) {
	if res == nil || len(res.Fig1) == 0 {
		return nil, notRun("Figure 1")
	}
	var panels []viz.Chart
	for _, c := range res.Fig1 {
		label := prepName(c.Prep)
		if c.Prep != res.Prep {
			label += " (variant)"
		}
		panels = append(panels, &viz.Line{Title: c.Data + ", " + label, XLabel: "spectral ratio C(K)", YLabel: "r² (squared radius)",
			Series: []viz.Series{{Name: "r* (exact MEB)", X: c.SR, Y: c.RStar}, {Name: "r̃ (average kernel)", X: c.SR, Y: c.RTilde, Dash: viz.Dashed}}})
	}
	return &viz.Grid{Title: "Figure 1: MEB squared radius against spectral ratio (HPKs of degree 0…D)", Panels: panels, Cols: 2, SharedLegend: true}, nil
}

// CurvesChart draws Figures 3–5: test AUC (mean ± std over the outer folds)
// against D, one panel per data set, a series per method.
func CurvesChart(res *Results) (*viz.Grid, error) {
	if res == nil || len(res.CV) == 0 {
		return nil, notRun("Figures 3–5")
	}
	var panels []viz.Chart
	for _, c := range res.CV {
		var ser []viz.Series
		for m, name := range c.Methods {
			s := meanStd(viz.Series{Name: name, X: floats(c.Ds)}, c.AUC[m])
			if m >= 3 {
				s.Dash = viz.Dashed
			}
			ser = append(ser, s)
		}
		panels = append(panels, &viz.Line{Title: fmt.Sprintf("%s (%d rows)", c.Data, c.N), XLabel: "D", YLabel: "test AUC", Series: ser, TicksAtX: true})
	}
	return &viz.Grid{Title: "Figures 3–5: AUC against D (nested CV; dashed: c or γ chosen a posteriori)", Panels: panels, Cols: 3, SharedLegend: true}, nil
}

// meanStd returns s with, at each of its x values, the mean and the std
// of the matching sample as its Y and Err (a ± band over folds or draws).
func meanStd(s viz.Series, samples [][]float64) viz.Series {
	for i := range s.X {
		mu, sd, _ := metrics.MeanStd(samples[i])
		s.Y, s.Err = append(s.Y, mu), append(s.Err, sd)
	}
	return s
}

// Figure6Chart draws Figure 6: EasyMKL's AUC on the random families Q_D
// (degree rule) and R_D (random rule) against D, one panel per data set.
func Figure6Chart(res *Results) (*viz.Grid, error) {
	if res == nil || len(res.Fig6) == 0 {
		return nil, notRun("Figure 6")
	}
	var panels []viz.Chart
	for _, f := range res.Fig6 {
		q := meanStd(viz.Series{Name: "Q_D (degree rule)", X: floats(f.Ds)}, f.Q)
		r := meanStd(viz.Series{Name: "R_D (random rule)", X: floats(f.Ds), Dash: viz.Dashed}, f.R)
		panels = append(panels, &viz.Line{Title: f.Data, XLabel: "D", YLabel: "test AUC", Series: []viz.Series{q, r}, TicksAtX: true})
	}
	return &viz.Grid{Title: "Figure 6: is the degree structure important? (Algorithm 1)", Panels: panels, Cols: 2, SharedLegend: true}, nil
}

// Figure7Chart draws Figure 7: C(K_MKL), C(K_D) and C(K_sum) against D,
// one panel per data set.
func Figure7Chart(res *Results) (*viz.Grid, error) {
	if res == nil || len(res.Fig7) == 0 {
		return nil, notRun("Figure 7")
	}
	var panels []viz.Chart
	for _, c := range res.Fig7 {
		x := floats(c.Ds)
		panels = append(panels, &viz.Line{Title: c.Data, XLabel: "D", YLabel: "spectral ratio C(K)", Series: []viz.Series{
			{Name: "K_MKL", X: x, Y: c.MKL}, {Name: "K_D", X: x, Y: c.KD, Dash: viz.Dashed}, {Name: "K_sum", X: x, Y: c.Sum, Dash: viz.Dotted}}})
	}
	return &viz.Grid{Title: "Figure 7: spectral ratio against D", Panels: panels, Cols: 3, SharedLegend: true}, nil
}

// Figure8Chart draws Figure 8: EasyMKL's weights η_s on K_D, one panel per
// data set, a bar group per D.
func Figure8Chart(res *Results) (*viz.Grid, error) {
	if res == nil || len(res.Fig8) == 0 {
		return nil, notRun("Figure 8")
	}
	maxD := 0
	for _, w := range res.Fig8 {
		maxD = max(maxD, w.D)
	}
	cats := make([]string, maxD+1)
	for s := range cats {
		cats[s] = fmt.Sprint(s)
	}
	var panels []viz.Chart
	byData := map[string]*viz.Bar{}
	var order []string
	for _, w := range res.Fig8 {
		b, ok := byData[w.Data]
		if !ok {
			b = &viz.Bar{Title: w.Data, XLabel: "degree s", YLabel: "η_s", Categories: cats}
			byData[w.Data] = b
			order = append(order, w.Data)
		}
		vals := make([]float64, maxD+1)
		copy(vals, w.Eta)
		b.Groups = append(b.Groups, viz.BarGroup{Name: fmt.Sprintf("D = %d", w.D), Values: vals})
	}
	for _, n := range order {
		panels = append(panels, byData[n])
	}
	return &viz.Grid{Title: "Figure 8: EasyMKL weights on K_D", Panels: panels, Cols: 2, SharedLegend: true}, nil
}

// Figure9Chart draws Figure 9: W(η) against label noise, one panel per
// noise range.
func Figure9Chart(res *Results) (*viz.Grid, error) {
	if res == nil || len(res.Fig9) == 0 {
		return nil, notRun("Figure 9")
	}
	var panels []viz.Chart
	for _, c := range res.Fig9 {
		panels = append(panels, &viz.Line{Title: fmt.Sprintf("noise 0–%g %%", c.Noise[len(c.Noise)-1]), XLabel: "label noise %", YLabel: "W(η)",
			Series: []viz.Series{{Name: "W(η), mean ± std", X: c.Noise, Y: c.Mean, Err: c.Std}}})
	}
	return &viz.Grid{Title: "Figure 9: centre of mass of EasyMKL's weights (K_10, Λ = 0.01) against label noise", Panels: panels, Cols: 2}, nil
}

// Figure10Chart draws Figure 10: the MNIST even/odd test error of SVMs on
// K_MKL, K_D and K_sum against D.
func Figure10Chart(res *Results) (*viz.Line, error) {
	if res == nil || res.Fig10 == nil {
		return nil, notRun("Figure 10")
	}
	f := res.Fig10
	var ser []viz.Series
	for i, n := range protocol.Fig10Methods {
		ser = append(ser, viz.Series{Name: n, X: floats(f.Ds), Y: f.Err[i], Dash: viz.Dash(i)})
	}
	if len(f.RBFBlocks) > 0 {
		x := []float64{floats(f.Ds)[0], floats(f.Ds)[len(f.Ds)-1]}
		ser = append(ser, viz.Series{Name: fmt.Sprintf("RBF SVM (γ = %g, C = %g)", f.RBFGamma, f.RBFC), X: x, Y: []float64{f.RBFErr, f.RBFErr}, Dash: viz.Dotted})
	}
	return &viz.Line{Title: fmt.Sprintf("Figure 10: MNIST even vs odd (%d train, %d test)", f.Train, f.Test), XLabel: "D", YLabel: "test error %", Series: ser, TicksAtX: true}, nil
}

// Algorithm1Chart draws the convergence of Algorithm 1: the relative
// Frobenius error of K_D^(Q) against the number of steps (log–log), with
// the rate steps^{−1/2} through the first point.
func Algorithm1Chart(res *Results) (*viz.Line, error) {
	if res == nil || len(res.Alg1) < 2 {
		return nil, notRun("the Algorithm 1 check")
	}
	var x, y, ref []float64
	for _, p := range res.Alg1 {
		x, y = append(x, float64(p.Steps)), append(y, p.RelErr)
	}
	for _, s := range x {
		ref = append(ref, y[0]*math.Sqrt(x[0]/s))
	}
	return &viz.Line{Title: fmt.Sprintf("Algorithm 1: ‖K_%d^(Q) − K_%d‖_F / ‖K_%d‖_F", res.Alg1D, res.Alg1D, res.Alg1D), XLabel: "steps", YLabel: "relative error",
		Scale: viz.LogLog, Series: []viz.Series{{Name: "Algorithm 1 (degree rule)", X: x, Y: y}, {Name: "steps^(−1/2)", X: x, Y: ref, Dash: viz.Dashed}}}, nil
}

// Table4Table is Table 4, ours beside the paper's, each cell marked by the
// rule the verdict counts it with (Table4Cells, repro.Cell.Verdict).
func Table4Table(res *Results) (*viz.CompareTable, error) {
	if res == nil || len(res.Table4) == 0 {
		return nil, notRun("Table 4")
	}
	t := repro.CompareTable("Table 4: AUC, K_MKL vs gHKL_ρ (ours beside the paper's)", "data set",
		"the paper's numbers: Donini & Aiolli (2017), Table 4 (10 outer folds, C ∈ {10⁻³…10³})", Table4Cells(res))
	t.Digits = 3
	return t, nil
}

// Table4CHeader is the header of Table4CRows.
var Table4CHeader = []string{"data set", "nodes", "column", "C chosen in each outer fold", "folds at a grid edge"}

// Table4CRows lists gHKL's selected C per outer fold for each cell of
// Table 4, and how many folds kept a C at an edge of their (widened) grid.
func Table4CRows(res *Results) ([][]string, error) {
	if res == nil || len(res.Table4) == 0 {
		return nil, notRun("Table 4")
	}
	var rows [][]string
	for _, row := range res.Table4 {
		for j := 1; j < len(Table4Cols) && j < len(row.BestC); j++ {
			var cs []string
			for _, c := range row.BestC[j] {
				cs = append(cs, fmt.Sprintf("%g", c))
			}
			edge := 0
			if j < len(row.AtEdge) {
				for _, e := range row.AtEdge[j] {
					if e {
						edge++
					}
				}
			}
			rows = append(rows, []string{protocol.Table4Names[row.Data], row.Nodes, Table4Cols[j], strings.Join(cs, " "), fmt.Sprintf("%d of %d", edge, len(row.BestC[j]))})
		}
	}
	return rows, nil
}

// Table2Rows lists Table 2 beside the data sets we use: the paper's name,
// its features and examples, ours, and how ours differs.
func Table2Rows() (header []string, rows [][]string) {
	header = []string{"paper's data set", "paper's features / examples", "ours", "how ours differs"}
	for _, b := range protocol.Table2 {
		d := b.Differs
		if d == "" {
			d = "same data"
		}
		rows = append(rows, []string{b.Name, fmt.Sprintf("%d / %d", b.PaperFeatures, b.PaperExamples), b.Ours, d})
	}
	return header, rows
}

// Table3Header is the header of Table3Rows.
var Table3Header = []string{"data set (s per training)", "RBF SVM (× V)", "ours K_10", "ours K_20", "ours K_30"}

// Table3Rows lists Table 3: our seconds per training (mean over the outer
// folds timed) beside the paper's; a cell with timed fits not certified
// (protocol.TimeRow.RBFU, OursU: a time cut short) says how many.
func Table3Rows(res *Results) (rows [][]string, err error) {
	if res == nil || len(res.Table3) == 0 {
		return nil, notRun("Table 3")
	}
	// flag notes the timed fits of a cell not certified (what: fits).
	flag := func(what string) string {
		if what == "" {
			return ""
		}
		return "; " + what + " not certified"
	}
	for _, t := range res.Table3 {
		p := Table3Paper[t.Data]
		mr, _, _ := metrics.MeanStd(t.RBF)
		row := []string{t.Data, fmt.Sprintf("%.3f × V (paper's %.3f × V%s)", mr, p[0], flag(fits(0, total(t.RBFU))))}
		for i := range t.Ours {
			m, _, _ := metrics.MeanStd(t.Ours[i])
			row = append(row, fmt.Sprintf("%.3f (paper's %.3f%s)", m, p[i+1], flag(fits(total(t.OursU[i]), 0))))
		}
		rows = append(rows, row)
	}
	return rows, nil
}
