package notebook

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/kernelab/kernelab/repro"
)

// build returns a notebook document with the given code and markdown cells.
// A cell is code unless its source starts with "#".
func build(t *testing.T, sources ...string) *Notebook {
	t.Helper()
	var cells []any
	for i, s := range sources {
		c := map[string]any{"id": "c" + string(rune('a'+i)), "metadata": map[string]any{}, "source": s}
		if strings.HasPrefix(s, "#") {
			c["cell_type"] = "markdown"
		} else {
			c["cell_type"] = "code"
			c["outputs"] = []any{}
			c["execution_count"] = nil
		}
		cells = append(cells, c)
	}
	doc := map[string]any{
		"cells":          cells,
		"metadata":       map[string]any{"kernelspec": map[string]any{"name": "gonb", "display_name": "Go (gonb)", "language": "go"}},
		"nbformat":       4,
		"nbformat_minor": 5,
	}
	data, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	nb, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return nb
}

const setup = "%noautoget\nimport \"github.com/kernelab/kernelab/nb\"\n\nconst seed = 2009\n"

// msgs joins the problems' messages for matching.
func msgs(ps []Problem) string {
	var s []string
	for _, p := range ps {
		s = append(s, p.String())
	}
	return strings.Join(s, "\n")
}

func TestParseRejects(t *testing.T) {
	for _, in := range []string{``, `[]`, `null`, `{}`, `{"cells": 3}`, `{"cells": [1]}`, `{"cells": []} {}`} {
		if _, err := Parse([]byte(in)); err == nil {
			t.Errorf("Parse(%q) succeeded, want an error", in)
		}
	}
}

func TestLintClean(t *testing.T) {
	nb := build(t, "# Tour\nText.", setup, "%%\n// expect: text, html*2\nfmt.Println(1)\n")
	if ps := Lint(nb); len(ps) != 0 {
		t.Fatalf("clean notebook: %s", msgs(ps))
	}
	if got := nb.Title(); got != "Tour" {
		t.Errorf("Title() = %q, want Tour", got)
	}
	// A code cell of exactly MaxCodeLines lines (a trailing newline does not count) passes.
	nb = build(t, setup, "%%\n"+strings.Repeat("x++\n", MaxCodeLines-1))
	if ps := Lint(nb); len(ps) != 0 {
		t.Fatalf("a cell of %d lines: %s", MaxCodeLines, msgs(ps))
	}
	// A seed in a const block counts too.
	nb = build(t, "%noautoget\nconst (\n\tn    = 10\n\tseed uint64 = 7\n)\n")
	if ps := Lint(nb); len(ps) != 0 {
		t.Fatalf("seed in const block: %s", msgs(ps))
	}
}

func TestLintFindings(t *testing.T) {
	for _, tc := range []struct {
		name   string
		mutate func(nb *Notebook)
		srcs   []string
		want   string
	}{
		{"kernel", func(nb *Notebook) { nb.Doc["metadata"] = map[string]any{} }, nil, `kernelspec.name is ""`},
		{"nbformat", func(nb *Notebook) { nb.Doc["nbformat_minor"] = json.Number("4") }, nil, "nbformat 4.4"},
		{"no id", func(nb *Notebook) { delete(nb.Cells()[0], "id") }, nil, "no cell id"},
		{"bad id", func(nb *Notebook) { nb.Cells()[0]["id"] = "a b" }, nil, `invalid cell id "a b"`},
		{"dup id", func(nb *Notebook) { nb.Cells()[1]["id"] = nb.Cells()[0].ID() }, nil, "duplicate cell id"},
		{"outputs", func(nb *Notebook) {
			nb.Cells()[1]["outputs"] = []any{map[string]any{"output_type": "stream", "name": "stdout", "text": "1"}}
		}, nil, "committed outputs"},
		{"count", func(nb *Notebook) { nb.Cells()[1]["execution_count"] = json.Number("3") }, nil, "committed execution_count"},
		{"noautoget", nil, []string{"import \"fmt\"\nconst seed = 1\n"}, "must begin with %noautoget"},
		{"seed", nil, []string{"%noautoget\nimport \"fmt\"\n"}, "no seed declared"},
		{"seed var is not a const", nil, []string{"%noautoget\nvar seed = 3\n"}, "no seed declared"},
		{"shell", nil, []string{setup, "!ls -l"}, "shell command"},
		{"shell star", nil, []string{setup, "!*go get foo"}, "shell command"},
		{"url", nil, []string{setup, "%%\nhttp.Get(\"https://example.org\")"}, "http(s) URL"},
		{"expect kind", nil, []string{setup, "%%\n// expect: gif\n"}, `unknown output kind "gif"`},
		{"expect empty", nil, []string{setup, "%%\n// expect:\n"}, "empty // expect:"},
		{"no code", nil, []string{"# Only text"}, "no code cell"},
		{"control character", nil, []string{"# T\n\n$\x07rg\\min_x f$", setup}, "control character U+0007"},
		{"vertical tab in code", nil, []string{setup, "%%\n// \x0barphi\n"}, "control character U+000B"},
		{"long cell", nil, []string{setup, "%%\n" + strings.Repeat("x++\n", MaxCodeLines)}, "code cell of 61 lines, over 60"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srcs := tc.srcs
			if srcs == nil {
				srcs = []string{"# T", setup, "%%\nfmt.Println(1)"}
			}
			nb := build(t, srcs...)
			if tc.mutate != nil {
				tc.mutate(nb)
			}
			got := msgs(Lint(nb))
			if !strings.Contains(got, tc.want) {
				t.Errorf("Lint problems\n%s\ndo not mention %q", got, tc.want)
			}
		})
	}
}

func TestMarkdownURLsAllowed(t *testing.T) {
	nb := build(t, "# Refs\nSee https://example.org.", setup)
	if ps := Lint(nb); len(ps) != 0 {
		t.Errorf("URL in Markdown flagged: %s", msgs(ps))
	}
}

func TestExpectations(t *testing.T) {
	exps, errs := Expectations("x := 1\n// expect: text, html*3\n  //expect: png\n// expected: svg\n")
	want := []Expectation{{"text", 1}, {"html", 3}, {"png", 1}}
	if len(errs) != 0 || len(exps) != len(want) {
		t.Fatalf("Expectations = %v, %v; want %v", exps, errs, want)
	}
	for i := range want {
		if exps[i] != want[i] {
			t.Errorf("exps[%d] = %v, want %v", i, exps[i], want[i])
		}
	}
	if _, errs := Expectations("// expect: html*0, svg*x"); len(errs) != 2 {
		t.Errorf("html*0, svg*x: errs %v, want 2", errs)
	}
}

// executed returns a notebook whose cell 1 has the given outputs and expect line.
func executed(t *testing.T, expect string, outputs ...map[string]any) *Notebook {
	t.Helper()
	nb := build(t, setup, "%%\n"+expect+"\nshow()\n")
	for i, c := range nb.Cells() {
		c["execution_count"] = json.Number(string(rune('1' + i)))
	}
	var outs []any
	for _, o := range outputs {
		outs = append(outs, o)
	}
	nb.Cells()[1]["outputs"] = outs
	return nb
}

func stdout(s string) map[string]any {
	return map[string]any{"output_type": "stream", "name": "stdout", "text": []any{s}}
}

func display(mime, data string) map[string]any {
	return map[string]any{"output_type": "display_data", "metadata": map[string]any{}, "data": map[string]any{mime: data}}
}

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		name    string
		expect  string
		outputs []map[string]any
		want    string // "" for no problem
	}{
		{"ok text", "// expect: text", []map[string]any{stdout("0.91\n")}, ""},
		{"ok plain", "// expect: text", []map[string]any{display("text/plain", "x")}, ""},
		{"missing html (GoNB dropped it)", "// expect: text, html", []map[string]any{stdout("x")}, "at least 1 html output(s), found 0"},
		{"count", "// expect: html*2", []map[string]any{display("text/html", "<div></div>")}, "at least 2 html output(s), found 1"},
		{"svg png markdown", "// expect: svg, png, markdown, any",
			[]map[string]any{display("image/svg+xml", "<svg/>"), display("image/png", "iVBOR"), display("text/markdown", "**b**")}, ""},
		{"inline svg and png in HTML", "// expect: svg, png, html*2",
			[]map[string]any{display("text/html", `<div><svg width="10"></svg></div>`), display("text/html", `<img src="data:image/png;base64,iVBOR">`)}, ""},
		{"plain HTML is not svg", "// expect: svg", []map[string]any{display("text/html", "<table></table>")}, "found 0"},
		{"empty stdout is not text", "// expect: text", []map[string]any{stdout("  \n")}, "found 0"},
		{"stderr is not text", "// expect: text", []map[string]any{{"output_type": "stream", "name": "stderr", "text": "warn"}}, "found 0"},
		{"error", "", []map[string]any{{"output_type": "error", "ename": "ERROR", "evalue": "exit status 1", "traceback": []any{}}}, "error output: ERROR: exit status 1"},
		{"failed check", "", []map[string]any{{"output_type": "stream", "name": "stderr", "text": "2026/01/01 ✗ CHECK FAILED: PSD\n"}}, "stderr reports a failure"},
		{"cdn", "", []map[string]any{display("text/html", `<script src="https://cdn.example/echarts.min.js"></script>`)}, "loads script https://cdn.example/echarts.min.js"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := msgs(Check(executed(t, tc.expect, tc.outputs...)))
			if tc.want == "" && got != "" {
				t.Errorf("unexpected problems:\n%s", got)
			}
			if tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("problems\n%s\ndo not mention %q", got, tc.want)
			}
		})
	}
	// A notebook whose run stopped early has cells that were not executed.
	nb := build(t, setup, "%%\nfmt.Println(1)\n")
	if got := msgs(Check(nb)); !strings.Contains(got, "not executed") {
		t.Errorf("unexecuted notebook: %q", got)
	}
}

func TestCheckHTML(t *testing.T) {
	for _, tc := range []struct {
		html string
		bad  bool
	}{
		{`<script>var x = "https://a.b/c.js";</script>`, false},                                 // a string, not a src
		{`<script src="file:///usr/share/javascript/requirejs/require.min.js"></script>`, true}, // the exporting machine's file
		{`<script type="text/javascript" src="https://cdn.jsdelivr.net/npm/echarts"></script>`, true},
		{`<SCRIPT SRC=http://x.org/a.js>`, true},
		{`<script src='//cdn.x.org/a.js'>`, true},
		{`<link rel="stylesheet" href="https://fonts.example/css">`, true},
		{`<style>@import url("https://fonts.example/css");</style>`, true},
		{`<a href="https://example.org">paper</a>`, false},
		{`<script type="module">const m = (await import("https://cdn.x.org/m.mjs")).default;</script>`, true},
		{"<script type=module>await import( `//cdn.x.org/m.mjs` )</script>", true},
		{`<script type="module">import mermaid from 'https://cdn.x.org/m.mjs';</script>`, true},
		{`<script type="module">import { a, b } from "http://x.org/a.js"</script>`, true},
		{`<script type="module">import "https://x.org/side-effect.js";</script>`, true},
		{`<script type="module">import("./local.mjs"); const u = "https://x.org/a.mjs";</script>`, false},
		{`<p>we import data from https://example.org</p>`, false},
	} {
		if got := len(CheckHTML([]byte(tc.html))) > 0; got != tc.bad {
			t.Errorf("CheckHTML(%s) flagged = %v, want %v", tc.html, got, tc.bad)
		}
	}
}

// messy returns an executed notebook with a missing and a duplicate id.
func messy(t *testing.T) *Notebook {
	nb := build(t, "# T", setup, "%%\nfmt.Println(1)\n", "%%\nx\n")
	cells := nb.Cells()
	delete(cells[0], "id")
	cells[3]["id"] = cells[2].ID() // duplicate
	cells[2]["outputs"] = []any{stdout("1")}
	cells[2]["execution_count"] = json.Number("2")
	cells[2]["metadata"] = map[string]any{"execution": map[string]any{"x": 1}, "tags": []any{"keep"}}
	nb.Doc["nbformat_minor"] = json.Number("4")
	return nb
}

func TestClear(t *testing.T) {
	nb := messy(t)
	changed, err := Clear(nb)
	if err != nil || !changed {
		t.Fatalf("Clear = %v, %v; want changed", changed, err)
	}
	if ps := Lint(nb); len(ps) != 0 {
		t.Fatalf("after Clear: %s", msgs(ps))
	}
	md := nb.Cells()[2]["metadata"].(map[string]any)
	if _, ok := md["execution"]; ok || md["tags"] == nil {
		t.Errorf("metadata after Clear = %v, want execution gone and tags kept", md)
	}
	first, _ := nb.Marshal()
	// Idempotent, and the ids it assigns are deterministic.
	if changed, _ := Clear(nb); changed {
		t.Error("second Clear changed the notebook")
	}
	nb2 := messy(t)
	Clear(nb2)
	second, _ := nb2.Marshal()
	if !bytes.Equal(first, second) {
		t.Errorf("Clear is not deterministic:\n%s\n%s", first, second)
	}
	// Jupyter's layout: one-space indent, sorted keys, source as lines, no HTML escaping.
	s := string(first)
	for _, want := range []string{"\n \"cells\": [", `"%noautoget\n",`, `"nbformat_minor": 5`, "\n}\n"} {
		if !strings.Contains(s, want) {
			t.Errorf("marshalled notebook lacks %q", want)
		}
	}
	if strings.Contains(s, `\u003c`) {
		t.Error("marshalled notebook escapes HTML")
	}
}

func TestSetKernelEnv(t *testing.T) {
	in := []byte(`{"argv":["/x/bin/gonb","--kernel","{connection_file}"],"display_name":"Go (gonb)","env":{"A":"1"},"language":"go"}`)
	out, err := SetKernelEnv(in, map[string]string{"PATH": "/x/bin:/usr/bin"})
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Argv []string
		Env  map[string]string
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Env["A"] != "1" || doc.Env["PATH"] != "/x/bin:/usr/bin" || len(doc.Argv) != 3 {
		t.Errorf("SetKernelEnv = %s", out)
	}
	if !strings.Contains(string(out), `"PATH":"/x/bin:/usr/bin"`) {
		t.Errorf("scripts/setup.sh greps for the compact form; got %s", out)
	}
	if _, err := SetKernelEnv([]byte("nope"), nil); err == nil {
		t.Error("SetKernelEnv accepted malformed JSON")
	}
}

func TestStatusAndIndex(t *testing.T) {
	in := "01-cortes2009\tok\t65\tfull\t\t\n02-donini2017\tfailed\t3\tfull\tcell 4: error <b>\t/tmp/x.log\n"
	runs, err := ReadStatus(strings.NewReader(in))
	if err != nil || len(runs) != 2 {
		t.Fatalf("ReadStatus = %v, %v", runs, err)
	}
	if runs[1].Status != "failed" || runs[1].Seconds != 3 || runs[1].Log != "/tmp/x.log" {
		t.Errorf("runs[1] = %+v", runs[1])
	}
	runs[0].Report = "01-cortes2009.html"
	runs[0].Verdict.Summary = "9 of 13 claims reproduced, 2 partly"
	runs[0].Verdict.Counts = repro.Counts{Claims: 14, NotRun: 1, Reproduced: 9, Partly: 2, Not: 1, Undecided: 1, Corrected: 0, Changed: 4, Diagnostics: 5, PostHoc: 3}
	runs[0].HasVerdict = true
	runs[0].Jobs, runs[0].Done, runs[0].Timed, runs[0].Compute = 40, 40, 38, 1834
	var buf bytes.Buffer
	info := IndexInfo{Generated: time.Date(2026, 1, 2, 3, 4, 0, 0, time.UTC), GoVersion: "go1.26.8", Runs: runs}
	if err := WriteIndex(&buf, info); err != nil {
		t.Fatal(err)
	}
	html := buf.String()
	for _, want := range []string{`<a href="01-cortes2009.html">01-cortes2009</a>`, "1 min 05 s", "✗ failed", "1 failed", "error &lt;b&gt;",
		"9 of 13 claims reproduced, 2 partly", "no verdict table", `<td class="num">9 of 13</td><td class="num">1</td><td class="num">2</td><td class="num">1</td><td class="num">0</td><td class="num">4</td><td class="num">2 / 3</td>`,
		"30 min 34 s", "38 of 40 jobs timed", "Experiments computed in"} {
		if !strings.Contains(html, want) {
			t.Errorf("index lacks %q", want)
		}
	}
	if ps := CheckHTML(buf.Bytes()); len(ps) != 0 || strings.Contains(html, "<script") {
		t.Errorf("index is not self-contained: %v", ps)
	}
	if strings.Contains(html, "not reproduction results") {
		t.Error("a full-mode index reads as quick")
	}
	// A run of a subset keeps the other notebooks' rows, marked, in name
	// order; a row whose report is gone is dropped.
	earlier := []Run{{Name: "00-tour", Status: "ok", Mode: "quick"}, {Name: "01-cortes2009", Status: "failed"}, {Name: "09-gone", Status: "ok"}}
	merged := MergeRuns(runs, earlier, func(r Run) bool { return r.Name != "09-gone" })
	if len(merged) != 3 || merged[0].Name != "00-tour" || !merged[0].Earlier || merged[1].Earlier || merged[1].Status != "ok" {
		t.Fatalf("MergeRuns: %+v", merged)
	}
	buf.Reset()
	info.Runs = merged
	if err := WriteIndex(&buf, info); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"from an earlier run", "not reproduction results"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("merged index lacks %q", want)
		}
	}
	for _, bad := range []string{"a\tok", "a\tmaybe\t1\tfull", "a\tok\tx\tfull"} {
		if _, err := ReadStatus(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadStatus(%q) succeeded", bad)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"cells":[{"cell_type":"code","source":["%noautoget\n"],"outputs":[]}],"nbformat":4,"nbformat_minor":5}`))
	f.Add([]byte(`{"cells":[{"cell_type":"markdown","source":"# x"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		nb, err := Parse(data)
		if err != nil {
			return
		}
		Lint(nb)
		Check(nb)
		if _, err := Clear(nb); err != nil {
			return
		}
		out, err := nb.Marshal()
		if err != nil {
			t.Fatalf("Marshal after Clear: %v", err)
		}
		nb2, err := Parse(out)
		if err != nil {
			t.Fatalf("re-Parse of Clear output: %v", err)
		}
		if changed, _ := Clear(nb2); changed {
			t.Fatalf("Clear not idempotent on %q", data)
		}
	})
}
