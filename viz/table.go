package viz

import (
	"fmt"
	"math"
	"strings"

	"github.com/kernelab/kernelab/klearn"
)

// MeanStd is a number reported as mean ± standard deviation. A NaN Mean means
// "not reported"; a NaN or zero Std is printed without the ± part.
type MeanStd struct{ Mean, Std float64 }

// NA is a MeanStd for a cell the source does not report.
var NA = MeanStd{math.NaN(), math.NaN()}

func (m MeanStd) reported() bool { return !math.IsNaN(m.Mean) }

func (m MeanStd) format(digits int) string {
	if !m.reported() {
		return "—"
	}
	s := fmt.Sprintf("%.*f", digits, m.Mean)
	if !math.IsNaN(m.Std) && m.Std != 0 {
		s += fmt.Sprintf(" ± %.*f", digits, m.Std)
	}
	return s
}

// CompareTable sets our numbers beside a paper's: one row per Rows entry
// (data sets), one column per Cols entry (methods). Each cell shows ours and,
// when Paper is given, the paper's value, marked with the verdict the caller
// computed (Verdicts: ✓ within, ✗ outside, ? undecided) under the rule
// it names (Rule); without Verdicts no cell is marked. viz decides
// nothing: package repro builds such a table from its cells
// (repro.CompareTable), so the table and the verdict table show one
// decision.
type CompareTable struct {
	Title string
	// Corner labels the row header column (e.g. "data set").
	Corner     string
	Rows, Cols []string
	// Ours[i][j] is our result for Rows[i], Cols[j].
	Ours [][]MeanStd
	// Paper, if not nil, has the same shape; use NA for cells the paper does
	// not report.
	Paper [][]MeanStd
	// Source names the paper's numbers, e.g. "Donini & Aiolli (2017), Table 3".
	Source string
	// Verdicts, if not nil, has the shape of Ours: the verdict of each
	// cell, computed by the caller; Rule states how, in one line.
	Verdicts [][]Verdict
	Rule     string
	// Details, if not nil, has the shape of Ours: each cell's decision in
	// one line (the numbers of its test), shown as the cell's tooltip.
	Details [][]string
	// Digits after the decimal point; 0 means 3.
	Digits int
	// Note is printed under the table.
	Note string
}

func (t *CompareTable) validate() error {
	const kind = "compare table"
	if t == nil {
		return errNil("CompareTable")
	}
	if err := checkNonEmpty(kind, "Rows", len(t.Rows)); err != nil {
		return err
	}
	if err := checkNonEmpty(kind, "Cols", len(t.Cols)); err != nil {
		return err
	}
	check := func(name string, m [][]MeanStd) error {
		if err := gridShape(kind, name, m, len(t.Rows), len(t.Cols)); err != nil {
			return err
		}
		for i, r := range m {
			for j, c := range r {
				if math.IsInf(c.Mean, 0) || math.IsInf(c.Std, 0) {
					return klearn.Errorf(klearn.ErrNotFinite, "viz: %s: %s[%d][%d] = %v", kind, name, i, j, c)
				}
			}
		}
		return nil
	}
	if err := check("Ours", t.Ours); err != nil {
		return err
	}
	if t.Paper != nil {
		if err := check("Paper", t.Paper); err != nil {
			return err
		}
	}
	if t.Verdicts != nil {
		if err := gridShape(kind, "Verdicts", t.Verdicts, len(t.Rows), len(t.Cols)); err != nil {
			return err
		}
	}
	if t.Details != nil {
		if err := gridShape(kind, "Details", t.Details, len(t.Rows), len(t.Cols)); err != nil {
			return err
		}
	}
	if t.Digits < 0 || t.Digits > 12 {
		return klearn.Errorf(klearn.ErrParam, "viz: %s: Digits = %d", kind, t.Digits)
	}
	return nil
}

// gridShape checks that m has rows rows of cols entries.
func gridShape[T any](kind, name string, m [][]T, rows, cols int) error {
	if len(m) != rows {
		return klearn.Errorf(klearn.ErrShape, "viz: %s: %s has %d rows, want %d", kind, name, len(m), rows)
	}
	for i, r := range m {
		if len(r) != cols {
			return klearn.Errorf(klearn.ErrShape, "viz: %s: %s[%d] has %d columns, want %d", kind, name, i, len(r), cols)
		}
	}
	return nil
}

// Verdict of one cell.
type Verdict int

const (
	// NotCompared: no paper value, or ours is missing.
	NotCompared Verdict = iota
	// Within: the caller's rule finds ours consistent with the paper's.
	Within
	// Outside: the caller's rule finds ours different from the paper's.
	Outside
	// Undecided: the caller's test could not decide (underpowered).
	Undecided
)

// Verdict returns the caller's verdict of cell (i, j), Verdicts[i][j];
// NotCompared when Verdicts is nil or the indices are out of range.
func (t *CompareTable) Verdict(i, j int) Verdict {
	if t == nil || i < 0 || i >= len(t.Verdicts) || j < 0 || j >= len(t.Verdicts[i]) {
		return NotCompared
	}
	return t.Verdicts[i][j]
}

// Counts returns how many cells the caller marked within and outside
// (CountsAll adds the undecided ones).
func (t *CompareTable) Counts() (within, outside int) {
	within, outside, _ = t.CountsAll()
	return within, outside
}

// CountsAll returns how many compared cells are within, outside and
// undecided.
func (t *CompareTable) CountsAll() (within, outside, undecided int) {
	if t == nil {
		return 0, 0, 0
	}
	for i := range t.Rows {
		for j := range t.Cols {
			switch t.Verdict(i, j) {
			case Within:
				within++
			case Outside:
				outside++
			case Undecided:
				undecided++
			}
		}
	}
	return within, outside, undecided
}

// countsText reads "2 within, 1 outside" (", 1 undecided" when any).
func (t *CompareTable) countsText() string {
	in, out, und := t.CountsAll()
	s := fmt.Sprintf("%d within, %d outside", in, out)
	if und > 0 {
		s += fmt.Sprintf(", %d undecided", und)
	}
	return s
}

func (t *CompareTable) digits() int {
	if t.Digits == 0 {
		return 3
	}
	return t.Digits
}

func (t *CompareTable) ruleText() string {
	if t.Rule == "" {
		return "by the caller's rule"
	}
	return t.Rule
}

// marksText explains the marks.
func (t *CompareTable) marksText() string {
	if _, _, und := t.CountsAll(); und > 0 {
		return "✓ within, ✗ outside, ? undecided"
	}
	return "✓ within, ✗ outside"
}

func (t *CompareTable) source() string {
	if t.Source == "" {
		return "paper"
	}
	return t.Source
}

var verdictMark = map[Verdict]string{NotCompared: "", Within: "✓", Outside: "✗", Undecided: "?"}

// HTML renders the table as a self-contained HTML fragment with inline styles.
func (t *CompareTable) HTML() ([]byte, error) {
	if err := t.validate(); err != nil {
		return nil, err
	}
	d := t.digits()
	var b strings.Builder
	b.WriteString(`<div class="kl-table"><style>
.kl-table table{border-collapse:collapse;font:13px/1.4 sans-serif;margin:6px 0}
.kl-table th,.kl-table td{border:1px solid #ccc;padding:3px 8px;text-align:right;white-space:nowrap}
.kl-table th{background:#f4f4f4;text-align:center}
.kl-table td.kl-row{text-align:left;font-weight:bold}
.kl-table td.kl-paper{font-style:italic;color:#555;background:#fafafa}
.kl-table td.kl-within{background:#e3f4e3}
.kl-table td.kl-outside{background:#fbe1e1}
.kl-table td.kl-undecided{background:#efe6fb}
.kl-table caption{caption-side:top;font-weight:bold;text-align:left;padding:4px 0}
.kl-table .kl-note{font:12px sans-serif;color:#444}
</style>
<table>`)
	if t.Title != "" {
		fmt.Fprintf(&b, "<caption>%s</caption>", escapeText(t.Title))
	}
	span := 1
	if t.Paper != nil {
		span = 2
	}
	fmt.Fprintf(&b, "\n<thead><tr><th rowspan=\"%d\">%s</th>", span, escapeText(t.Corner))
	for _, c := range t.Cols {
		fmt.Fprintf(&b, "<th colspan=\"%d\">%s</th>", span, escapeText(c))
	}
	b.WriteString("</tr>")
	if t.Paper != nil {
		b.WriteString("\n<tr>")
		for range t.Cols {
			fmt.Fprintf(&b, "<th>ours</th><th title=\"%s\">paper</th>", escapeText(t.source()))
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</thead>\n<tbody>\n")
	for i, r := range t.Rows {
		fmt.Fprintf(&b, "<tr><td class=\"kl-row\">%s</td>", escapeText(r))
		for j := range t.Cols {
			v := t.Verdict(i, j)
			cls := ""
			switch v {
			case Within:
				cls = ` class="kl-within"`
			case Outside:
				cls = ` class="kl-outside"`
			case Undecided:
				cls = ` class="kl-undecided"`
			}
			if t.Details != nil && t.Details[i][j] != "" {
				cls += ` title="` + escapeText(t.Details[i][j]) + `"`
			}
			mark := verdictMark[v]
			if mark != "" {
				mark = " " + mark
			}
			fmt.Fprintf(&b, "<td%s>%s%s</td>", cls, t.Ours[i][j].format(d), mark)
			if t.Paper != nil {
				fmt.Fprintf(&b, "<td class=\"kl-paper\">%s</td>", t.Paper[i][j].format(d))
			}
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table>\n")
	if t.Paper != nil {
		fmt.Fprintf(&b, "<div class=\"kl-note\">Paper columns (italic, grey): %s.", escapeText(t.source()))
		if t.Verdicts != nil {
			fmt.Fprintf(&b, " %s: %s. %s.", t.marksText(), escapeText(t.ruleText()), t.countsText())
		}
		b.WriteString("</div>\n")
	}
	if t.Note != "" {
		fmt.Fprintf(&b, "<div class=\"kl-note\">%s</div>\n", escapeText(t.Note))
	}
	b.WriteString("</div>\n")
	return []byte(b.String()), nil
}

// Text renders the table as aligned plain text for terminals and logs.
func (t *CompareTable) Text() (string, error) {
	if err := t.validate(); err != nil {
		return "", err
	}
	d := t.digits()
	header := []string{t.Corner}
	for _, c := range t.Cols {
		if t.Paper != nil {
			header = append(header, c+" (ours)", c+" (paper)")
		} else {
			header = append(header, c)
		}
	}
	rows := [][]string{header}
	for i, r := range t.Rows {
		line := []string{r}
		for j := range t.Cols {
			cell := t.Ours[i][j].format(d)
			if m := verdictMark[t.Verdict(i, j)]; m != "" {
				cell += " " + m
			}
			line = append(line, cell)
			if t.Paper != nil {
				line = append(line, t.Paper[i][j].format(d))
			}
		}
		rows = append(rows, line)
	}
	width := make([]int, len(header))
	for _, r := range rows {
		for k, c := range r {
			width[k] = max(width[k], len([]rune(c)))
		}
	}
	var b strings.Builder
	if t.Title != "" {
		b.WriteString(t.Title + "\n")
	}
	for n, r := range rows {
		for k, c := range r {
			if k > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[k]-len([]rune(c)))
			if k == 0 {
				b.WriteString(c + pad)
			} else {
				b.WriteString(pad + c)
			}
		}
		b.WriteString("\n")
		if n == 0 {
			total := 0
			for _, w := range width {
				total += w + 2
			}
			b.WriteString(strings.Repeat("-", total-2) + "\n")
		}
	}
	if t.Paper != nil {
		fmt.Fprintf(&b, "paper = %s", t.source())
		if t.Verdicts != nil {
			fmt.Fprintf(&b, "; %s: %s: %s", t.marksText(), t.ruleText(), t.countsText())
		}
		b.WriteString("\n")
	}
	if t.Note != "" {
		b.WriteString(t.Note + "\n")
	}
	return b.String(), nil
}

// Show displays the HTML table in a notebook. Outside a notebook it does
// nothing; print Text() there.
func (t *CompareTable) Show() error {
	if t == nil {
		return errNil("CompareTable")
	}
	if !inNotebook() {
		return nil
	}
	h, err := t.HTML()
	if err != nil {
		return err
	}
	displayHTML(string(h))
	syncDisplay()
	return nil
}
