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

// VerdictClass is the class of the <script type="application/json"> element
// in which ShowReport embeds the report's JSON; the report index
// (cmd/nbtool index) reads the counts from it.
const VerdictClass = "kernelab-verdict-json"

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

// ShowReport displays a paper's verdict table (repro.Report.HTML) with the
// report's JSON embedded for the report index; outside a notebook it prints
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
	HTML(ReportHTML(r))
}

// ReportHTML returns what ShowReport displays: the verdict table followed by
// the report as JSON in a <script type="application/json"> element (inert in
// a browser; "</" escaped so it cannot close the element).
func ReportHTML(r *repro.Report) string {
	b, err := r.JSON()
	if err != nil {
		return r.HTML()
	}
	j := strings.ReplaceAll(string(b), "</", `<\/`)
	return r.HTML() + `<script type="application/json" class="` + VerdictClass + `">` + j + `</script>`
}

// ParseVerdict returns the report ShowReport embedded in an HTML output.
func ParseVerdict(h string) (*repro.Report, error) {
	open := `<script type="application/json" class="` + VerdictClass + `">`
	i := strings.Index(h, open)
	if i < 0 {
		return nil, fmt.Errorf("nb: no verdict in this output")
	}
	rest := h[i+len(open):]
	j := strings.Index(rest, "</script>")
	if j < 0 {
		return nil, fmt.Errorf("nb: unterminated verdict")
	}
	return repro.ParseReport([]byte(strings.ReplaceAll(rest[:j], `<\/`, "</")))
}
