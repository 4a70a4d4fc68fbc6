package cortes2009

import (
	"fmt"
	"slices"
	"strings"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/cortes2009/protocol"
)

// Total returns the number of progress steps Run(cfg, …) reports.
func Total(cfg Config) int { return len(protocol.Jobs(cfg)) }

// cellMark marks a cell's verdict (repro.Cell.Verdict, the one cell rule):
// ✓ within, ✗ out, ? undecided.
var cellMark = map[repro.Outcome]string{repro.Reproduced: "✓", repro.NotReproduced: "✗", repro.Undecided: "?"}

// Table1Markdown returns Table 1 as a Markdown table, the paper's number
// beside ours in each cell ("0.62 ± 0.05 / **0.578 ± 0.030** ✓"), marked by
// the cell's verdict, with the variant columns (constant feature "+1") at
// the right and the data we ran named beside the paper's.
func Table1Markdown(rows []Row) string {
	var b strings.Builder
	b.WriteString("| data (paper → ours) | m × p (paper / ours) |")
	for _, c := range protocol.Methods(1) {
		b.WriteString(" " + c.Name + " |")
	}
	b.WriteString("\n|---|---|" + strings.Repeat("---|", len(protocol.Methods(1))) + "\n")
	for _, r := range rows {
		name := r.Data.Paper
		if r.Data.Substitute != "" {
			name += " → " + r.Data.Name
		}
		fmt.Fprintf(&b, "| %s | %d × %d / %d × %d |", name, r.Data.PaperM, r.Data.PaperP, r.N, r.P)
		for j := range r.Scores {
			col := j // the paper's column our method j stands beside
			if j >= protocol.Variant {
				col = []int{3, 5}[j-protocol.Variant]
			}
			c, ok := table1Cell(r, col, j)
			if !ok {
				b.WriteString(" |")
				continue
			}
			fmt.Fprintf(&b, " %.2f ± %.2f / **%.3f ± %.3f** %s |", c.Paper.Mean, c.Paper.Std, c.Ours.Mean, c.Ours.Std, cellMark[c.Verdict().Outcome])
		}
		b.WriteString("\n")
	}
	return b.String()
}

// HypothesesMarkdown returns the preprocessing variants of each row as a
// Markdown table: the paper's uniform baselines, then each variant's
// (mean ± std over the splits), marked by Table 1's cell rule against the
// paper's number (✓ within, ✗ out, ? undecided).
func HypothesesMarkdown(rows []protocol.RowHypotheses) string {
	var b strings.Builder
	b.WriteString("| row | variant | lin. base | quad. base (no +1) | quad. base (+1) |\n|---|---|---|---|---|\n")
	for _, rh := range rows {
		pi := slices.IndexFunc(protocol.DataSets, func(d protocol.DataSet) bool { return d.Paper == rh.Row })
		if pi < 0 {
			continue
		}
		lin, quad := Table1[pi][0], Table1[pi][3]
		fmt.Fprintf(&b, "| %s | the paper's | %.2f ± %.2f | %.2f ± %.2f | |\n", rh.Row, lin.Mean, lin.Std, quad.Mean, quad.Std)
		cell := func(j int, scores []float64) string {
			c, ok := variantCell(pi, j, scores)
			if !ok {
				return "not run"
			}
			return fmt.Sprintf("%.3f ± %.3f %s", c.Ours.Mean, c.Ours.Std, cellMark[c.Verdict().Outcome])
		}
		for _, h := range rh.Hyps {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", rh.Row, h.Name, cell(0, h.LinBase), cell(3, h.QuadBase), cell(3, h.QuadOne))
		}
	}
	return b.String()
}
