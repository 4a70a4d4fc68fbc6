package nb

import (
	"fmt"
	"html"
	"os"
	"strings"

	"github.com/janpfeifer/gonb/gonbui"

	"github.com/kernelab/kernelab/repro"
)

// Display primitives, replaceable in tests. Outside a notebook (go test, a
// plain program) output goes to standard output as text.
var (
	inNotebook      = func() bool { return gonbui.IsNotebook }
	displayHTML     = gonbui.DisplayHTML
	displayMarkdown = gonbui.DisplayMarkdown
	syncDisplay     = gonbui.Sync
	stdout          = func(s string) { fmt.Fprint(os.Stdout, s) }
)

// HTML displays an HTML fragment in the notebook (plain text elsewhere) and
// waits until GoNB has received it.
func HTML(s string) { display(s, displayHTML) }

// Markdown displays Markdown (with LaTeX math between $…$ or $$…$$) in the
// notebook, as a Markdown cell would render it; elsewhere it prints the text.
func Markdown(s string) { display(s, displayMarkdown) }

// display shows s with show in the notebook and waits until GoNB has
// received it; elsewhere it prints s.
func display(s string, show func(string)) {
	if !inNotebook() {
		stdout(s + "\n")
		return
	}
	show(s)
	syncDisplay()
}

// Details displays html inside a collapsed <details> element whose one-line
// summary is shown: walls of per-case checks read as one line in a report.
func Details(summary, body string) {
	HTML(DetailsHTML(summary, body))
}

// DetailsHTML returns the <details> element Details displays; summary is
// plain text.
func DetailsHTML(summary, body string) string {
	return `<details><summary>` + html.EscapeString(summary) + `</summary>` + body + `</details>`
}

// Pre returns text as an HTML <pre> block (escaped), for Details bodies.
func Pre(text string) string {
	return `<pre style="white-space:pre-wrap">` + html.EscapeString(strings.TrimRight(text, "\n")) + `</pre>`
}

// ShowReport displays a paper's verdict table with the report's JSON
// embedded for the report index (repro.Report.EmbeddedHTML); outside a notebook it prints
// the plain-text table. The criteria table it shows carries the commit at
// which each criterion last changed (repro.Report.StampCriteria, on a
// copy: r is not changed). A nil report stops the cell.
func ShowReport(r *repro.Report) {
	if r == nil {
		fatalf("✗ unexpected error: nb.ShowReport of a nil report")
		return
	}
	if len(r.Criteria) > 0 {
		c := *r
		c.Criteria = append(repro.Criteria(nil), r.Criteria...)
		c.StampCriteria()
		r = &c
	}
	if !inNotebook() {
		stdout(r.Text())
		return
	}
	HTML(r.EmbeddedHTML())
}

// ShowTable displays a table with a header row: an HTML table in the
// notebook (a report shows a table, not a text dump of one), the aligned
// text of Table elsewhere.
func ShowTable(header []string, rows [][]string) {
	if !inNotebook() {
		stdout(Table(header, rows))
		return
	}
	HTML(TableHTML(header, rows))
}

// TableHTML returns the HTML table ShowTable displays: cells escaped, rows
// shorter than the header padded with empty cells.
func TableHTML(header []string, rows [][]string) string {
	var b strings.Builder
	b.WriteString(`<table class="kl-table" style="border-collapse:collapse;font:13px sans-serif;font-variant-numeric:tabular-nums"><thead><tr>`)
	const cell = `padding:2px 10px;text-align:left;`
	for _, h := range header {
		b.WriteString(`<th style="` + cell + `border-bottom:1px solid #999">` + html.EscapeString(h) + `</th>`)
	}
	b.WriteString(`</tr></thead><tbody>`)
	for _, r := range rows {
		b.WriteString(`<tr>`)
		for i := 0; i < max(len(header), len(r)); i++ {
			c := ""
			if i < len(r) {
				c = r[i]
			}
			b.WriteString(`<td style="` + cell + `">` + html.EscapeString(c) + `</td>`)
		}
		b.WriteString(`</tr>`)
	}
	b.WriteString(`</tbody></table>`)
	return b.String()
}
