package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/cmd/nbtool/internal/notebook"
	"github.com/kernelab/kernelab/internal/repo"
	"github.com/kernelab/kernelab/nb"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/viz"
)

func TestTableDump(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"model    AUC\n-------  -----\nKRR      0.93\n", true}, // nb.Table's rule
		{"Prop. 1   holds            F is convex\nProp. 2   holds            F is smooth\nProp. 3   does not hold    no\n", true},
		{"3 stratified splits\n✓ the best γ reaches 0.95\n", false},
		{"λ = 1    concave share: 0.20\nλ = 10   concave share: 0.10\n", false}, // one gap per line
		{"a  b  c\n\nd  e  f\ng  h  i\n", false},                                // not consecutive
		{"", false},
	} {
		if got := tableDump(tc.text); got != tc.want {
			t.Errorf("tableDump(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
	if n := checkLines("✓ a\n  ✗ b\nc ✓\n✓ d"); n != 3 {
		t.Errorf("checkLines = %d, want 3", n)
	}
}

func TestHiddenInputProblems(t *testing.T) {
	nb, err := notebook.Parse([]byte(`{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [
 {"cell_type": "code", "id": "a", "metadata": {"tags": ["hide-input"]}, "source": "%noautoget\nimport \"fmt\"", "outputs": []},
 {"cell_type": "code", "id": "b", "metadata": {}, "source": "func helper() int { return 1 }", "outputs": []},
 {"cell_type": "code", "id": "c", "metadata": {}, "source": "%%\n// expect: text\nfmt.Println(helper())", "outputs": []},
 {"cell_type": "code", "id": "d", "metadata": {"tags": ["hide-input"]}, "source": "%%\n// expect: text\nfmt.Println(2)", "outputs": []}
]}`))
	if err != nil {
		t.Fatal(err)
	}
	// Cell d's code is shown although tagged; b is a helper left visible.
	inputs := []string{"func helper()  int {\n return 1 }", "%%\n// expect: text\nfmt.Println(helper())", "%%\n// expect: text\nfmt.Println(2)"}
	got := hiddenInputProblems(nb, inputs, true)
	if len(got) != 2 || got[0].Cell != 1 || !strings.Contains(got[0].Msg, "helper cell") || got[1].Cell != 3 || !strings.Contains(got[1].Msg, "tagged hide-input") {
		t.Errorf("problems %v, want the helper cell 1 and the shown hidden cell 3", got)
	}
	// The tour (no verdict) may show its helpers.
	if got := hiddenInputProblems(nb, inputs[1:2], false); len(got) != 0 {
		t.Errorf("problems %v, want none", got)
	}
}

// TestCheckReportsFindsDefects builds a small report in nbconvert's layout
// with one defect of each kind and one clean twin, and runs the checker on
// both in headless Chromium (with the finalized MathJax when it is built).
func TestCheckReportsFindsDefects(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	bin, err := viz.FindChromium()
	if err != nil {
		if os.Getenv("KERNELAB_REQUIRE_BROWSER") == "1" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	lib, err := os.ReadFile(repo.Path("build", "mathjax", "tex-svg-full.js"))
	if err != nil {
		if os.Getenv("KERNELAB_REQUIRE_BROWSER") == "1" {
			t.Fatal(err)
		}
		t.Skip("no build/mathjax/tex-svg-full.js (scripts/fetch-js.sh)")
	}
	x := []float64{0, 1, 2, 3, 4}
	line := func(legend viz.LegendPos) string {
		c := &viz.Line{Title: "Crowded", XLabel: "x", YLabel: "y", Legend: legend, Series: []viz.Series{
			{Name: "rising", X: x, Y: []float64{0, 1, 2, 3, 4}},
			{Name: "falling", X: x, Y: []float64{4, 3, 2, 1, 0}},
			{Name: "flat high", X: x, Y: []float64{3.9, 3.9, 3.9, 3.9, 3.9}},
		}}
		svg, err := c.SVG()
		if err != nil {
			t.Fatal(err)
		}
		s := string(svg)
		if i := strings.Index(s, "<svg"); i > 0 {
			s = s[i:]
		}
		return s
	}
	r := &repro.Report{Paper: "P (2009)", Mode: "quick"}
	r.Add(repro.CheckClaim("Prop. 1", repro.Theorem, "F is convex", "holds", "holds", "exact", true, ""))
	out := func(h string) string {
		return `<div class="jp-OutputArea-child"><div class="jp-RenderedHTMLCommon jp-RenderedHTML jp-OutputArea-output" data-mime-type="text/html">` + h + `</div></div>`
	}
	text := func(s string) string {
		return `<div class="jp-OutputArea-child"><div class="jp-RenderedText jp-OutputArea-output" data-mime-type="text/plain"><pre>` + s + `</pre></div></div>`
	}
	md := func(h string) string {
		return `<div class="jp-Cell jp-MarkdownCell jp-Notebook-cell"><div class="jp-RenderedHTMLCommon jp-RenderedMarkdown">` + h + `</div></div>`
	}
	code := func(src string, outs ...string) string {
		in := ""
		if src != "" {
			in = `<div class="jp-InputArea jp-Cell-inputArea"><div class="jp-InputArea-editor"><pre>` + src + `</pre></div></div>`
		}
		return `<div class="jp-Cell jp-CodeCell jp-Notebook-cell">` + in + `<div class="jp-OutputArea">` + strings.Join(outs, "") + `</div></div>`
	}
	page := func(cells ...string) []byte {
		h := `<!DOCTYPE html><html><head><meta charset="utf-8"><title>t</title>
<script src="https://cdnjs.cloudflare.com/ajax/libs/mathjax/2.7.7/MathJax.js?config=TeX-AMS_CHTML-full,Safe"></script>
<!-- End of mathjax configuration --></head><body style="max-width:1000px">` + strings.Join(cells, "\n") + `</body></html>`
		f, err := notebook.FinalizeHTML([]byte(h), lib)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	filler := md(strings.Repeat(`<p>Text.</p>`, 5))
	// An exploration: a line whose slope the slider sets; a broken one
	// draws the same chart at every position.
	explore := func(slope bool) string {
		e := &nb.Exploration{Title: "slope", Controls: []nb.Control{nb.Slider("a", 0, 2, 3, 1)},
			Draw: func(v []float64) (viz.Chart, error) {
				a := 1.0
				if slope {
					a = v[0]
				}
				return &viz.Line{Title: "y = a x", XLabel: "x", YLabel: "y", YMin: 0, YMax: 8,
					Series: []viz.Series{{Name: "a x", X: x, Y: []float64{0, a, 2 * a, 3 * a, 4 * a}}}}, nil
			}}
		h, err := e.FramesHTML()
		if err != nil {
			t.Fatal(err)
		}
		return out(h)
	}
	good := page(
		// An erased progress bar and the line it leaves do not count as outputs.
		md(`<h1>P (2009)</h1><h2>Verdict</h2>`), code("", out(""), out(`<div style="font:12px sans-serif">experiments: 21 steps in 8m49.253s</div>`), out(r.EmbeddedHTML())),
		md(`<h2>Figure 1</h2><p>Inline $K_\mu = \sum_k \mu_k K_k$.</p>`), code("%%\nshow()", out(`<div>`+line(0)+`</div>`), text("✓ one check")),
		code("%%\nexplore()", explore(true)),
		filler, filler, filler, filler, filler, filler, filler, filler, filler, filler, filler, filler, filler, filler,
	)
	wide := `<table><tr>` + strings.Repeat(`<td>a-long-unbreakable-cell-content</td>`, 40) + `</tr></table>`
	bad := page(
		md(`<h1>P (2009)</h1>`), code("", text("tolerances first")),
		md(`<h2>Verdict</h2>`), code("", out(r.EmbeddedHTML())),
		filler, filler, filler, filler, filler, filler, filler, filler, filler, filler, filler, filler, filler, filler,
		md(`<h2>Figure 1</h2><p>Broken $\frac{a}{b</p>`), code("%%\nshow()", out(`<div>`+line(viz.LegendTopLeft)+`</div>`),
			out(`<div><svg width="100" height="50"><text x="-30" y="20">a title wider than its figure</text></svg></div>`)),
		code("%%\nrun()", out(`<div>work <span style="display:inline-block;width:240px;height:12px"></span> 50% (1/2)</div>`),
			text("id   outcome   ours\n---  --------  ----\na    holds     1\n"), text(strings.Repeat("✓ a check\n", 8)), out(wide)),
		code("%%\nexplore()", explore(false)),
	)
	plain := page(md(`<h1>P (2009)</h1><h2>Verdict</h2>`), code("", out(r.EmbeddedHTML())), md(`<h2>Checks</h2>`), code("%%\ncheck()", text("✓ one check")))
	dir := t.TempDir()
	opt := reportOptions{browser: bin, width: 1200, shots: filepath.Join(dir, "shots"), explore: true}
	if err := os.MkdirAll(opt.shots, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		page []byte
		figs int
		want []string
	}{
		{"good", good, 2, nil},
		{"plain", plain, 0, []string{"no exploration"}},
		{"bad", bad, 3, []string{
			"slider 1: the chart did not change",
			`figure 2 "a title wider than its figure": text "a title wider than its figure" runs outside the figure`,
			`figure 2 "a title wider than its figure": not drawn by viz`,
			`the verdict table is output 2`, `"Figure 1", starts at`, `legend 0 covers data`, `TeX left untypeset`,
			`progress bar left`, `a table printed as text`, `a wall of 8 checks`, `table wider than its column`,
		}},
	} {
		path := filepath.Join(dir, tc.name+".html")
		if err := os.WriteFile(path, tc.page, 0o644); err != nil {
			t.Fatal(err)
		}
		ps, figs, err := checkReport(path, opt)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if figs != tc.figs {
			t.Errorf("%s: %d figures probed, want %d", tc.name, figs, tc.figs)
		}
		var msgs []string
		for _, p := range ps {
			msgs = append(msgs, p.Msg)
		}
		all := strings.Join(msgs, "\n")
		if tc.want == nil && len(ps) > 0 {
			t.Errorf("%s: problems in a clean report:\n%s", tc.name, all)
		}
		for _, w := range tc.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s: no problem %q among\n%s", tc.name, w, all)
			}
		}
		if len(tc.want) > 0 && len(ps) != len(tc.want) {
			t.Errorf("%s: %d problems, want %d:\n%s", tc.name, len(ps), len(tc.want), all)
		}
	}
	if shots, _ := filepath.Glob(filepath.Join(opt.shots, "*.png")); len(shots) != 5 {
		t.Errorf("%d figure screenshots, want 5", len(shots))
	}
}
