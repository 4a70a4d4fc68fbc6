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
func HTML(s string) {
	if !inNotebook() {
		stdout(s + "\n")
		return
	}
	displayHTML(s)
	syncDisplay()
}

// Markdown displays Markdown (with LaTeX math between $…$ or $$…$$) in the
// notebook, as a Markdown cell would render it; elsewhere it prints the text.
func Markdown(s string) {
	if !inNotebook() {
		stdout(s + "\n")
		return
	}
	displayMarkdown(s)
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
// the plain-text table. A nil report stops the cell.
func ShowReport(r *repro.Report) {
	if r == nil {
		fatalf("✗ unexpected error: nb.ShowReport of a nil report")
		return
	}
	if !inNotebook() {
		stdout(r.Text())
		return
	}
	HTML(r.EmbeddedHTML())
}
