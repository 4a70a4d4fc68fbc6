package cortes2009

import (
	"fmt"
	"strings"

	"github.com/kernelab/kernelab/repro"
)

// Total returns the number of progress steps Run(cfg, …) reports.
func Total(cfg Config) int { return len(Jobs(cfg)) }

// Table1Markdown returns Table 1 as a Markdown table, the paper's number
// above ours in each cell ("paper .62 ± .05 / ours .578 ± .030"), with the
// variant columns (no constant feature) at the right and the data we ran
// named beside the paper's.
func Table1Markdown(rows []Row) string {
	var b strings.Builder
	b.WriteString("| data (paper → ours) | m × p (paper / ours) |")
	for _, c := range Methods(1) {
		b.WriteString(" " + c.Name + " |")
	}
	b.WriteString("\n|---|---|" + strings.Repeat("---|", len(Methods(1))) + "\n")
	for _, r := range rows {
		name := r.Data.Paper
		if r.Data.Substitute != "" {
			name += " → " + r.Data.Name
		}
		fmt.Fprintf(&b, "| %s | %d × %d / %d × %d |", name, r.Data.PaperM, r.Data.PaperP, r.N, r.P)
		pi := 0
		for i, d := range DataSets {
			if d.Name == r.Data.Name {
				pi = i
			}
		}
		for j := range r.Scores {
			m, s := r.Mean(j)
			src := j
			if j >= 6 {
				src = []int{3, 5}[j-6]
			}
			p := Table1[pi][src]
			paper := fmt.Sprintf("%.2f ± %.2f", p.Mean, p.Std)
			mark := ""
			if (repro.Cell{Paper: p, Ours: repro.Value{Mean: m, Std: s}, Tol: TolTable1}).Within() {
				mark = " ✓"
			}
			fmt.Fprintf(&b, " %s / **%.3f ± %.3f**%s |", paper, m, s, mark)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// BreastMarkdown returns the Breast hypotheses as a Markdown table.
func BreastMarkdown(hs []Hypothesis) string {
	var b strings.Builder
	b.WriteString("| hypothesis | lin. base | quad. base (no +1) |\n|---|---|---|\n")
	b.WriteString("| paper | .70 ± .02 | .70 ± .02 |\n")
	for _, h := range hs {
		fmt.Fprintf(&b, "| %s | %.3f | %.3f |\n", h.Name, h.LinBase, h.QuadBase)
	}
	return b.String()
}
