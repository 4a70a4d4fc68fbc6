package colbert2020

import (
	"fmt"
	"strings"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/viz"
)

// Table1Markdown renders Table 1 as paper / ours (mean ± std over the
// splits, whose number it gives) per data set and method: the accuracy, with ✓ where it is within
// Tolerances.Accuracy, and the time: the paper's beside ours for one fit at
// the chosen hyper-parameters and for the whole column with its CV.
func Table1Markdown(rows []Row) string {
	var b strings.Builder
	b.WriteString("| data set (the paper's m) | method | splits | accuracy %: paper | ours | time s: paper | ours, one fit | ours, with CV |\n|---|---|---|---|---|---|---|---|\n")
	for _, r := range rows {
		pi := indexOf(r.Data.Name)
		for j, name := range Methods {
			acc := r.Acc(j)
			if len(acc) == 0 {
				continue
			}
			va, _ := repro.Summarize(acc)
			vt, _ := repro.Summarize(r.Times(j))
			vf, _ := repro.Summarize(r.FitTimes(j))
			cell := repro.Cell{Paper: Table1Accuracy[pi][j], Ours: va, Tol: Tolerances.Accuracy}
			mark := ""
			if cell.Within() {
				mark = " ✓"
			}
			label := ""
			if j == 0 {
				label = fmt.Sprintf("%s (%d)", r.Data.Paper, r.Data.PaperM)
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %s | **%s**%s | %s | %s | %s |\n", label, name, len(acc),
				Table1Accuracy[pi][j].Format(2), va.Format(2), mark, Table1Time[pi][j].Format(2), vf.Format(2), vt.Format(2))
		}
	}
	return b.String()
}

// ScalingChart draws Figures 3–4 as four log–log panels, the time of one
// fit against m: [TK] per degree (Figure 3) and [SimpleMKL TK] per library
// size L (Figure 4), on the circle and on the spiral; the legends give each
// series' fitted exponent. The names leave out the paper's brackets, which
// read as citation markup in a chart.
func ScalingChart(s *Scaling) *viz.Grid {
	var panels []viz.Chart
	for _, fig := range []struct {
		method string
		titles [2]string
	}{{"TK", [2]string{"Figure 3, circle: TK", "Figure 3, spiral: TK"}},
		{"SimpleMKL TK", [2]string{"Figure 4(a), circle: SimpleMKL TK", "Figure 4(b), spiral: SimpleMKL TK"}}} {
		for k, problem := range []string{"circle", "spiral"} {
			var series []viz.Series
			for _, ser := range s.Series {
				if ser.Method != fig.method || ser.Problem != problem || len(ser.Sizes) == 0 {
					continue
				}
				x := make([]float64, len(ser.Sizes))
				for i, m := range ser.Sizes {
					x[i] = float64(m)
				}
				name := fmt.Sprintf("d = %d (slope %.2f)", ser.Degree, ser.Exponent)
				if ser.L > 0 {
					name = fmt.Sprintf("L = %d (slope %.2f)", ser.L, ser.Exponent)
				}
				series = append(series, viz.Series{Name: name, X: x, Y: ser.Seconds})
			}
			if len(series) == 0 {
				continue
			}
			panels = append(panels, &viz.Line{Title: fig.titles[k],
				XLabel: "training points m", YLabel: "seconds", Scale: viz.LogLog, TicksAtX: true, Series: series})
		}
	}
	return &viz.Grid{Title: fmt.Sprintf("Figures 3–4: time of one fit (paper: slopes %.1f and %.1f)", PaperSDPExponent, PaperSimpleMKLExponent),
		Panels: panels, Cols: 2}
}
