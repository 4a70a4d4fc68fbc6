package notebook

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/repro"
)

// nbconvertHead is the head Debian's nbconvert 6.5 writes (shortened).
const nbconvertHead = `<!DOCTYPE html><html><head><meta charset="utf-8" />
<title>01-cortes2009</title><script src="file:///usr/share/javascript/requirejs/require.min.js"></script>
<style>body{}</style>
    <script src="file:///usr/share/javascript/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe"> </script>
    <!-- MathJax configuration -->
    <script type="text/x-mathjax-config">
    init_mathjax = function() { MathJax.Hub.Config({}); }
    init_mathjax();
    </script>
    <!-- End of mathjax configuration --></head>
<body><p>$K_\mu$</p></body></html>`

func TestFinalizeHTML(t *testing.T) {
	lib := []byte("window.MathJaxLib = 1;")
	out, err := FinalizeHTML([]byte(nbconvertHead), lib)
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, gone := range []string{"require.min.js", "MathJax.js", "x-mathjax-config", "file://"} {
		if strings.Contains(s, gone) {
			t.Errorf("finalized page still has %q", gone)
		}
	}
	for _, kept := range []string{"window.MathJax = {tex:", "window.MathJaxLib = 1;", `data-kl-mathjax="3.2.2"`, "<style data-kl-report>", "<style>body{}</style>", `<p>$K_\mu$</p>`} {
		if !strings.Contains(s, kept) {
			t.Errorf("finalized page lacks %q", kept)
		}
	}
	if ps := CheckHTML(out); len(ps) != 0 {
		t.Errorf("finalized page is not self-contained: %v", ps)
	}
	again, err := FinalizeHTML(out, lib)
	if err != nil || string(again) != s {
		t.Errorf("finalizing twice changed the page (err %v)", err)
	}
	if !strings.Contains(string(must(FinalizeHTML([]byte("<html><head></head><body></body></html>"), lib))), "MathJaxLib") {
		t.Error("a page with no MathJax loader gets none")
	}
	for _, bad := range []struct{ page, lib string }{
		{nbconvertHead, ""},
		{nbconvertHead, "x = '</script>'"},
		{"<body>no head</body>", "x"},
	} {
		if _, err := FinalizeHTML([]byte(bad.page), []byte(bad.lib)); err == nil {
			t.Errorf("FinalizeHTML(%.20q, %.20q): no error", bad.page, bad.lib)
		}
	}
}

// cdnLoaders has the shape of the loaders nbconvert 7's lab template writes
// into every page (mermaid) or into pages of notebooks with widget state
// (Jupyter widgets), both fetching from a CDN, around a page's own script.
const cdnLoaders = `<html><head><script type="module">
  document.addEventListener("DOMContentLoaded", async () => {
    const diagrams = document.querySelectorAll(".jp-Mermaid > pre.mermaid");
    if (!diagrams.length) { return; }
    const mermaid = (await import("https://cdn.example/mermaid.esm.min.mjs")).default;
  });
</script>
<style>.jp-Mermaid:not(.jp-RenderedMermaid) { display: none; }</style>
<!-- End of mermaid configuration -->
<script>kept = 1;</script>
<script>
(function() {
  function addWidgetsRenderer() {
    var widgetRendererSrc = 'https://cdn.example/npm/@jupyter-widgets/html-manager@*/dist/embed-amd.js';
    var s = document.createElement('script'); s.src = widgetRendererSrc; document.body.appendChild(s);
  }
  document.addEventListener('DOMContentLoaded', addWidgetsRenderer);
}());
</script></head><body><script type="module">const own = 2;</script></body></html>`

func TestFinalizeDropsCDNLoaders(t *testing.T) {
	if ps := CheckHTML([]byte(cdnLoaders)); len(ps) != 1 || !strings.Contains(ps[0].Msg, "mermaid.esm.min.mjs") {
		t.Errorf("CheckHTML of the loaders: %v, want one problem naming the mermaid import", ps)
	}
	out := string(must(FinalizeHTML([]byte(cdnLoaders), []byte("lib = 1;"))))
	for _, gone := range []string{"mermaid", "Mermaid", "addWidgetsRenderer", "cdn.example"} {
		if strings.Contains(out, gone) {
			t.Errorf("finalized page still has %q", gone)
		}
	}
	for _, kept := range []string{"<script>kept = 1;</script>", `<script type="module">const own = 2;</script>`, "lib = 1;"} {
		if !strings.Contains(out, kept) {
			t.Errorf("finalized page lacks %q", kept)
		}
	}
	if ps := CheckHTML([]byte(out)); len(ps) != 0 {
		t.Errorf("finalized page is not self-contained: %v", ps)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

func TestNotebookVerdict(t *testing.T) {
	r := &repro.Report{Paper: "Q (2013)", Mode: "quick"}
	r.Add(repro.Claim{ID: "Prop. 2", Kind: repro.Theorem,
		Statement: "closed form",
		Paper:     "holds", Tolerance: "1e-9"}.Decide(repro.Check("Prop. 2", true,
		"holds")))
	nb := build(t, "# T", setup, "%%\nnb.ShowReport(r)\n")
	cells := nb.Cells()
	cells[2]["execution_count"] = 1
	cells[2]["outputs"] = []any{map[string]any{"output_type": "display_data", "metadata": map[string]any{},
		"data": map[string]any{"text/html": splitLines("<p>x</p>\n" + r.EmbeddedHTML())}}}
	got, ok := nb.Verdict()
	c := r.Counts()
	if !ok || got.Summary != c.String() || got.Paper != r.Paper || got.Mode != "quick" || !got.Counts.Quick || got.Counts.Claims != c.Claims || got.Counts.Reproduced != c.Reproduced {
		t.Fatalf("Verdict() = %+v, %v", got, ok)
	}
	// Every count the index shows is read from the report's JSON.
	want := repro.Counts{Quick: true, Claims: 1, Reproduced: 2, Partly: 3, Not: 4, Undecided: 5, Corrected: 6, NotRun: 7, Diagnostics: 9, PostHoc: 8}
	b, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	var vc repro.Counts
	if err := json.Unmarshal(b, &vc); err != nil || vc != want {
		t.Errorf("counts read as %+v (%v) from %s", vc, err, b)
	}
	if _, ok := build(t, "# T").Verdict(); ok {
		t.Error("a notebook without a verdict has one")
	}
}
