package notebook

import (
	"bufio"
	"fmt"
	"html/template"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kernelab/kernelab/repro"
)

// Run is one notebook execution recorded by scripts/run-notebooks.sh.
type Run struct {
	Name    string  // file name without .ipynb, e.g. "01-cortes2009"
	Title   string  // first Markdown heading of the notebook
	Status  string  // "ok" or "failed"
	Seconds float64 // wall-clock run time
	Mode    string  // "quick" or "full"
	Detail  string  // first problem, when failed
	Report  string  // HTML report file name, relative to the index
	Log     string  // log file path, for failed runs
	// Verdict is the report's verdict summary and counts, when it shows a
	// verdict (HasVerdict).
	Verdict    repro.Summary
	HasVerdict bool
	// Earlier marks a row kept from an earlier run of the index (a run of
	// a subset of the notebooks keeps the others' rows).
	Earlier bool
	// Jobs is the number of the notebook's experiment jobs in this mode
	// (0: none known), Done those in the results store, Timed those whose
	// compute time the store records, and Compute the sum of those times in
	// seconds: what the experiments cost, though a run that reads them from
	// the store takes seconds.
	Jobs, Done, Timed int
	Compute           float64
}

// ReadStatus parses the tab-separated status file the runner writes, one
// line per notebook: name, status, seconds, mode, detail, log.
func ReadStatus(r io.Reader) ([]Run, error) {
	var runs []Run
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 4 {
			return nil, fmt.Errorf("status line %d: want at least 4 tab-separated fields, got %d", n, len(f))
		}
		sec, err := strconv.ParseFloat(f[2], 64)
		if err != nil {
			return nil, fmt.Errorf("status line %d: run time %q: %w", n, f[2], err)
		}
		if f[1] != "ok" && f[1] != "failed" {
			return nil, fmt.Errorf("status line %d: status %q, want ok or failed", n, f[1])
		}
		run := Run{Name: f[0], Status: f[1], Seconds: sec, Mode: f[3]}
		if len(f) > 4 {
			run.Detail = f[4]
		}
		if len(f) > 5 {
			run.Log = f[5]
		}
		runs = append(runs, run)
	}
	return runs, sc.Err()
}

// MergeRuns returns the runs of this execution followed by the earlier
// runs of notebooks it did not run, marked Earlier, in name order; keep
// says whether an earlier row still stands (its report is still there).
func MergeRuns(now, earlier []Run, keep func(Run) bool) []Run {
	seen := map[string]bool{}
	out := append([]Run(nil), now...)
	for _, r := range now {
		seen[r.Name] = true
	}
	for _, r := range earlier {
		if !seen[r.Name] && keep(r) {
			r.Earlier = true
			out = append(out, r)
			seen[r.Name] = true
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Quick reports whether any run is in quick mode.
func (ii IndexInfo) Quick() bool {
	for _, r := range ii.Runs {
		if r.Mode == "quick" {
			return true
		}
	}
	return false
}

// IndexInfo is the page-level information of the reports index.
type IndexInfo struct {
	Generated time.Time
	GoVersion string
	Runs      []Run
}

// Failed counts the failed runs.
func (ii IndexInfo) Failed() int {
	n := 0
	for _, r := range ii.Runs {
		if r.Status != "ok" {
			n++
		}
	}
	return n
}

// Total is the summed run time.
func (ii IndexInfo) Total() string {
	s := 0.0
	for _, r := range ii.Runs {
		s += r.Seconds
	}
	return Duration(s)
}

// Duration formats seconds as "42 s" or "3 min 05 s".
func Duration(sec float64) string {
	s := int(sec + 0.5)
	if s < 60 {
		return fmt.Sprintf("%d s", s)
	}
	return fmt.Sprintf("%d min %02d s", s/60, s%60)
}

var indexTmpl = template.Must(template.New("index").Funcs(template.FuncMap{"duration": Duration}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>kernelab reports</title>
<style>
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; max-width: 76rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .45rem .7rem; border-bottom: 1px solid #ddd; vertical-align: top; }
th { background: #f4f4f4; }
td.num { text-align: right; white-space: nowrap; }
.ok { color: #1a7f37; font-weight: 600; }
.failed { color: #cf222e; font-weight: 600; }
.detail { color: #666; font-size: .85rem; }
footer { margin-top: 2rem; color: #666; font-size: .85rem; }
</style>
</head>
<body>
<h1>kernelab reports</h1>
<p>{{len .Runs}} notebooks, {{if .Failed}}<span class="failed">{{.Failed}} failed</span>{{else}}<span class="ok">all passed</span>{{end}}, total run time {{.Total}}.{{if .Quick}} <b>Quick runs decide on a fraction of the data: they are not reproduction results.</b>{{end}}</p>
<p class="detail">Claims of each paper: reproduced, not reproduced, partly (a part held and a part failed), undecided (the test could not have seen the difference that matters), corrected (holds only with a corrected formula); of these, the claims decided by a criterion changed after its results were seen; post-hoc diagnostics, written after the results were seen, explain nothing.</p>
<table>
<thead><tr><th>Notebook</th><th>Title</th><th>Reproduced</th><th>Not</th><th>Partly</th><th>Undecided</th><th>Corrected</th><th>Decided by criteria changed after results</th><th>Diagnostics: pre-registered / post hoc</th><th>Status</th><th>Mode</th><th>Experiments computed in</th><th>This run</th></tr></thead>
<tbody>
{{range .Runs}}<tr>
<td>{{if .Report}}<a href="{{.Report}}">{{.Name}}</a>{{else}}{{.Name}}{{end}}</td>
<td>{{.Title}}{{if .HasVerdict}}<div class="detail">{{.Verdict.Summary}}</div>{{else}}<div class="detail">no verdict table</div>{{end}}{{if .Detail}}<div class="detail">{{.Detail}}</div>{{end}}{{if .Earlier}}<div class="detail">from an earlier run (not in this one)</div>{{end}}</td>
{{if .HasVerdict}}{{with .Verdict.Counts}}<td class="num">{{.Reproduced}} of {{.Run}}</td><td class="num">{{.Not}}</td><td class="num">{{.Partly}}</td><td class="num">{{.Undecided}}</td><td class="num">{{.Corrected}}</td><td class="num">{{.Changed}}</td><td class="num">{{.PreRegistered}} / {{.PostHoc}}</td>{{end}}{{else}}<td class="num">–</td><td class="num">–</td><td class="num">–</td><td class="num">–</td><td class="num">–</td><td class="num">–</td><td class="num">–</td>{{end}}
<td class="{{.Status}}">{{if eq .Status "ok"}}✓ ok{{else}}✗ failed{{end}}</td>
<td>{{.Mode}}</td>
<td class="num">{{if .Timed}}{{duration .Compute}}{{if or (lt .Timed .Jobs) (lt .Done .Jobs)}}<div class="detail">{{.Timed}} of {{.Jobs}} jobs timed</div>{{end}}{{else}}–{{end}}</td>
<td class="num">{{duration .Seconds}}</td>
</tr>
{{end}}</tbody>
</table>
<footer>Generated {{.Generated.Format "2006-01-02 15:04 MST"}} with {{.GoVersion}} by <code>make reports</code>.</footer>
</body>
</html>
`))

// WriteIndex writes reports/index.html: one row per notebook with its
// title, verdict summary and counts (reproduced, not, partly, undecided,
// corrected, decided by criteria changed after results, diagnostics),
// status, mode, the compute time of its experiments (the results store's
// records) and the run time of this execution, linking to its HTML
// report. The page
// has no scripts and no external resources.
func WriteIndex(w io.Writer, info IndexInfo) error {
	return indexTmpl.Execute(w, info)
}
