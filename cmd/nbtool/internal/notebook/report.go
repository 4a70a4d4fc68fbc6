package notebook

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"regexp"

	"github.com/kernelab/kernelab/repro"

	"codeberg.org/go-fonts/liberation/liberationsansregular"
)

// MathJaxVersion is the MathJax that FinalizeHTML inlines (scripts/fetch-js.sh
// fetches it into build/mathjax/tex-svg-full.js).
const MathJaxVersion = "3.2.2"

var (
	// requireJS matches the RequireJS loader nbconvert adds when Debian's
	// libjs-requirejs is installed; nothing in a report needs it.
	requireJS = regexp.MustCompile(`(?is)<script\b[^>]*\bsrc\s*=\s*["'][^"']*require(?:\.min)?\.js["'][^>]*>\s*</script>`)
	// mathJax2 matches nbconvert's MathJax 2 loader with its configuration block.
	mathJax2 = regexp.MustCompile(`(?is)<script\b[^>]*\bsrc\s*=\s*["'][^"']*MathJax\.js[^"']*["'][^>]*>\s*</script>.*?<!-- End of mathjax configuration -->`)
	// mathJaxAny matches any remaining MathJax loader by URL.
	mathJaxAny = regexp.MustCompile(`(?is)<script\b[^>]*\bsrc\s*=\s*["'][^"']*(?:MathJax|mathjax)[^"']*["'][^>]*>\s*</script>`)
	// mermaidLoader matches nbconvert 7's mermaid loader, a module script
	// that imports mermaid from a CDN when the page has a diagram, with its
	// styles, up to the template's end marker.
	mermaidLoader = regexp.MustCompile(`(?is)<script type="module">\s*document\.addEventListener\("DOMContentLoaded"[^<]*?\.jp-Mermaid.*?<!-- End of mermaid configuration -->`)
	// widgetsLoader matches nbconvert's Jupyter widgets loader (written
	// when the notebook's metadata holds widget state), a script that adds
	// the widget renderer from a CDN.
	widgetsLoader = regexp.MustCompile(`(?is)<script>\s*\(function\(\) \{\s*function addWidgetsRenderer\(\).*?</script>`)
)

// reportStyle keeps wide outputs inside the page. The cells of kernelab's
// tables wrap their text (viz keeps them on one line in notebooks); wide
// tables and preformatted text scroll in place instead of widening the page;
// long code lines wrap, since JupyterLab 4's export template leaves a
// narrower column than nbconvert 6's did; figures shrink to the column. The
// figures' font, Liberation Sans (viz lays text out with its metrics),
// travels with the page: a computer without it would substitute a wider font
// and labels would overflow their boxes.
var reportStyle = `<style data-kl-report>
@font-face { font-family: 'Liberation Sans'; src: url(data:font/ttf;base64,` +
	base64.StdEncoding.EncodeToString(liberationsansregular.TTF) + `) format('truetype'); }
.jp-OutputArea-output table { display: block; max-width: 100%; overflow-x: auto; }
.jp-OutputArea-output .kl-table td, .jp-OutputArea-output .kl-table th { white-space: normal; }
.jp-OutputArea-output pre { overflow-x: auto; }
.jp-InputArea-editor pre { white-space: pre-wrap; overflow-wrap: anywhere; }
.jp-OutputArea-output svg, .jp-OutputArea-output img { max-width: 100%; height: auto; }
</style>`

// mathJaxConfig sets MathJax 3 up as the notebook front ends do: $…$ and
// \(…\) inline, $$…$$ and \[…\] displayed, \$ for a dollar sign, AMS
// environments and numbering; SVG output with one shared glyph cache.
const mathJaxConfig = `<script>window.MathJax = {tex: {inlineMath: [['$', '$'], ['\\(', '\\)']], displayMath: [['$$', '$$'], ['\\[', '\\]']], processEscapes: true, processEnvironments: true, tags: 'ams'}, svg: {fontCache: 'global'}, options: {skipHtmlTags: ['script', 'noscript', 'style', 'textarea', 'pre', 'code']}};</script>`

// FinalizeHTML makes an HTML report exported by nbconvert render the same on
// any computer with no network: it removes the RequireJS loader, the mermaid
// and Jupyter widgets loaders (they fetch from a CDN), and replaces
// the MathJax 2 loader (a file:// or CDN URL) and its configuration with
// MathJax 3 inlined from lib (es5/tex-svg-full.js, which carries its fonts
// as SVG paths). Finalizing a finalized page changes nothing.
func FinalizeHTML(page, lib []byte) ([]byte, error) {
	if len(lib) == 0 {
		return nil, fmt.Errorf("finalize: empty MathJax library (run scripts/fetch-js.sh)")
	}
	if bytes.Contains(bytes.ToLower(lib), []byte("</script")) {
		return nil, fmt.Errorf("finalize: the MathJax library contains </script and cannot be inlined")
	}
	out := requireJS.ReplaceAll(page, nil)
	out = mermaidLoader.ReplaceAll(out, nil)
	out = widgetsLoader.ReplaceAll(out, nil)
	marker := []byte(`data-kl-mathjax="` + MathJaxVersion + `"`)
	if bytes.Contains(out, marker) {
		return out, nil
	}
	inline := reportStyle + "\n" + mathJaxConfig + "\n<script " + string(marker) + ">" + string(lib) + "</script>"
	switch {
	case mathJax2.Match(out):
		out = replaceFirst(mathJax2, out, inline)
	case mathJaxAny.Match(out):
		out = replaceFirst(mathJaxAny, out, inline)
	default:
		i := bytes.Index(bytes.ToLower(out), []byte("</head>"))
		if i < 0 {
			return nil, fmt.Errorf("finalize: no </head> in the page")
		}
		out = append(out[:i:i], append([]byte(inline), out[i:]...)...)
	}
	return out, nil
}

// replaceFirst replaces the first match of re in b with repl (taken
// literally), and drops any later match.
func replaceFirst(re *regexp.Regexp, b []byte, repl string) []byte {
	loc := re.FindIndex(b)
	var out []byte
	out = append(out, b[:loc[0]]...)
	out = append(out, repl...)
	out = append(out, re.ReplaceAll(b[loc[1]:], nil)...)
	return out
}

// Verdict returns the verdict summary a notebook displayed (nb.ShowReport
// embeds it in its HTML output); ok is false when it shows none.
func (nb *Notebook) Verdict() (repro.Summary, bool) {
	for _, c := range nb.Cells() {
		for _, o := range c.Outputs() {
			data, _ := o["data"].(map[string]any)
			if s, err := repro.FindSummary(joinText(data["text/html"])); err == nil {
				return s, true
			}
		}
	}
	return repro.Summary{}, false
}
