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

// ScalingChart draws the time of one [TK] fit and of one [SimpleMKL TK]
// fit against m (log–log) with the fitted exponents. The legend names the
// methods without the paper's brackets (TK, SimpleMKL TK), which read as
// citation markup in a chart.
func ScalingChart(s *Scaling) *viz.Line {
	x := make([]float64, len(s.Sizes))
	for i, m := range s.Sizes {
		x[i] = float64(m)
	}
	return &viz.Line{Title: fmt.Sprintf("Figures 3–4: fit time on the circle, d = 1 (exponents %.2f and %.2f; paper: %.1f and %.1f)", s.Exponent, s.MKLExponent, PaperSDPExponent, PaperSimpleMKLExponent),
		XLabel: "training points m", YLabel: "seconds", Scale: viz.LogLog, TicksAtX: true,
		Series: []viz.Series{{Name: "TK", X: x, Y: s.Seconds}, {Name: fmt.Sprintf("SimpleMKL TK, L = %d", s.L), X: x, Y: s.MKLSeconds}}}
}
