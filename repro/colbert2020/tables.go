package colbert2020

import (
	"fmt"
	"math"
	"strings"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/colbert2020/protocol"
	"github.com/kernelab/kernelab/viz"
)

// Table1Markdown renders Table 1 as paper / ours (mean ± std over the
// splits, whose number it gives) per data set and method: the accuracy,
// with the cell's verdict (repro.Cell.Verdict: within, out or undecided,
// under criterion "table 1"), the best mean of each data set in bold in both columns
// (the paper bolds its best; means equal at the two printed decimals tie),
// and the time: the paper's beside ours for
// one fit at the chosen hyper-parameters and for the whole column with its
// CV.
func Table1Markdown(rows []protocol.Row) string {
	var b strings.Builder
	b.WriteString("| data set (the paper's m) | method | splits | accuracy %: paper | ours | time s: paper | ours, one fit | ours, with CV |\n|---|---|---|---|---|---|---|---|\n")
	bold := func(s string, best bool) string {
		if best {
			return "**" + s + "**"
		}
		return s
	}
	for _, r := range rows {
		var cells []repro.Cell
		var cols []int // the method of each cell
		bestPaper, bestOurs := math.Inf(-1), math.Inf(-1)
		for j := range protocol.Methods {
			if c, ok := table1Cell(r, j); ok {
				cells, cols = append(cells, c), append(cols, j)
				bestPaper, bestOurs = max(bestPaper, round2(c.Paper.Mean)), max(bestOurs, round2(c.Ours.Mean))
			}
		}
		for k, c := range cells {
			j := cols[k]
			vt, _ := repro.Summarize(r.Times(j))
			vf, _ := repro.Summarize(r.FitTimes(j))
			mark := " (" + c.Verdict().Label() + ")"
			label := ""
			if k == 0 {
				label = fmt.Sprintf("%s (%d)", r.Data.Paper, r.Data.PaperM)
			}
			fmt.Fprintf(&b, "| %s | %s | %d | %s | %s%s | %s | %s | %s |\n", label, c.Col, len(r.Acc(j)),
				bold(c.Paper.Format(2), round2(c.Paper.Mean) == bestPaper), bold(c.Ours.Format(2), round2(c.Ours.Mean) == bestOurs), mark,
				Table1Time[protocol.DataSetIndex(r.Data.Name)][j].Format(2), vf.Format(2), vt.Format(2))
		}
	}
	return b.String()
}

// round2 rounds to the two decimals Table1Markdown prints.
func round2(x float64) float64 { return math.Round(100*x) / 100 }

// ScalingChart draws Figure 3 (method "TK": [TK] per degree) or Figure 4
// (method "SimpleMKL TK": [SimpleMKL TK] per library size L) as two log–log
// panels, circle and spiral, of the time of a fit (medianSeconds) against
// m, with one
// legend for both; ScalingMarkdown gives the fitted slopes. The names leave
// out the paper's brackets, which read as citation markup in a chart.
func ScalingChart(s *protocol.Scaling, method string) *viz.Grid {
	fig, what := "Figure 3", "TK, SDP (24) fits per degree d"
	if method == "SimpleMKL TK" {
		fig, what = "Figure 4", "SimpleMKL TK fits per library size L"
	}
	var panels []viz.Chart
	for k, problem := range []string{"circle", "spiral"} {
		var series []viz.Series
		for _, ser := range s.Series {
			if ser.Method != method || ser.Problem != problem || len(ser.Sizes) == 0 {
				continue
			}
			x := make([]float64, len(ser.Sizes))
			for i, m := range ser.Sizes {
				x[i] = float64(m)
			}
			series = append(series, viz.Series{Name: seriesLabel(ser), X: x, Y: ser.Seconds})
		}
		if len(series) == 0 {
			continue
		}
		panels = append(panels, &viz.Line{Title: fmt.Sprintf("(%c) %s", 'a'+k, problem),
			XLabel: "training points m", YLabel: "seconds", Scale: viz.LogLog, TicksAtX: true, Series: series})
	}
	return &viz.Grid{Title: fmt.Sprintf("%s: %s", fig, what), Panels: panels, Cols: 2, SharedLegend: true}
}

// label names a series in the charts and the slope table: its degree
// (Figure 3) or library size (Figure 4).
func seriesLabel(ser protocol.ScalingSeries) string {
	if ser.L > 0 {
		return fmt.Sprintf("L = %d", ser.L)
	}
	return fmt.Sprintf("d = %d", ser.Degree)
}

// ScalingMarkdown is the table of the fitted log–log slopes of Figures 3–4,
// one row per degree or library size, circle and spiral, beside the
// exponent the paper fits to MOSEK's and its SimpleMKL's times.
func ScalingMarkdown(s *protocol.Scaling) string {
	var b strings.Builder
	b.WriteString("| figure | method | series | slope, circle | slope, spiral | the paper's exponent |\n|---|---|---|---|---|---|\n")
	slope := func(ser protocol.ScalingSeries, problem string) string {
		for _, o := range s.Series {
			if o.Method == ser.Method && o.Degree == ser.Degree && o.L == ser.L && o.Problem == problem && len(o.Sizes) > 1 {
				return fmt.Sprintf("%.2f", o.Exponent)
			}
		}
		return "—"
	}
	for _, ser := range s.Series {
		if ser.Problem != "circle" {
			continue
		}
		fig, paper := "3", PaperSDPExponent
		if ser.Method == "SimpleMKL TK" {
			fig, paper = "4", PaperSimpleMKLExponent
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %.1f |\n", fig, ser.Method, seriesLabel(ser), slope(ser, "circle"), slope(ser, "spiral"), paper)
	}
	return b.String()
}
