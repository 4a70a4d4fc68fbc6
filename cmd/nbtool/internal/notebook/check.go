package notebook

import (
	"fmt"
	"regexp"
	"strings"
)

// outputKinds returns the kinds (Kinds) an output counts as.
func outputKinds(o map[string]any) []string {
	var ks []string
	switch o["output_type"] {
	case "stream":
		if o["name"] == "stdout" && strings.TrimSpace(joinText(o["text"])) != "" {
			ks = append(ks, "text", "any")
		} else if strings.TrimSpace(joinText(o["text"])) != "" {
			ks = append(ks, "any")
		}
	case "display_data", "execute_result", "update_display_data":
		data, _ := o["data"].(map[string]any)
		for mime, v := range data {
			if strings.TrimSpace(joinText(v)) == "" {
				continue
			}
			switch mime {
			case "text/plain":
				ks = append(ks, "text")
			case "text/html":
				// gonbui and viz display static figures as HTML wrapping an
				// inline <svg> or a data-URL <img>: they count as svg / png too.
				ks = append(ks, "html")
				h := strings.ToLower(joinText(v))
				if strings.Contains(h, "<svg") {
					ks = append(ks, "svg")
				}
				if strings.Contains(h, "data:image/png;base64,") {
					ks = append(ks, "png")
				}
			case "image/svg+xml":
				ks = append(ks, "svg")
			case "image/png":
				ks = append(ks, "png")
			case "text/markdown":
				ks = append(ks, "markdown")
			}
		}
		if len(data) > 0 {
			ks = append(ks, "any")
		}
	}
	return ks
}

// failureMarks are texts on stderr that mean a cell failed even if the
// kernel did not send an error message.
var failureMarks = []string{"CHECK FAILED", "panic: ", "unexpected error:"}

// Check verifies a notebook after execution:
//   - no cell has an error output, and no stderr stream reports a failed
//     check, a panic or a Must error;
//   - every code cell with source was executed (a run that stopped early);
//   - every `// expect:` directive is met: a cell that says
//     `// expect: html, text` has at least one HTML and one text output
//     (GoNB can drop display outputs while nbconvert still exits 0);
//   - no HTML output loads a script from the network.
func Check(nb *Notebook) []Problem {
	var ps []Problem
	for i, c := range nb.Cells() {
		if c.Type() != "code" {
			continue
		}
		add := func(format string, args ...any) {
			ps = append(ps, Problem{Cell: i, ID: c.ID(), Msg: fmt.Sprintf(format, args...)})
		}
		src := c.Source()
		if strings.TrimSpace(src) != "" && !c.Executed() {
			add("not executed")
		}
		have := map[string]int{}
		for _, o := range c.Outputs() {
			switch o["output_type"] {
			case "error":
				ename, _ := o["ename"].(string)
				evalue, _ := o["evalue"].(string)
				add("error output: %s: %s", ename, firstLines(evalue, 5))
			case "stream":
				if o["name"] == "stderr" {
					text := joinText(o["text"])
					for _, m := range failureMarks {
						if strings.Contains(text, m) {
							add("stderr reports a failure: %s", firstLines(text, 5))
							break
						}
					}
				}
			}
			data, _ := o["data"].(map[string]any)
			if h, ok := data["text/html"]; ok {
				for _, p := range remoteResources(joinText(h)) {
					add("HTML output loads %s from the network", p)
				}
			}
			for _, k := range outputKinds(o) {
				have[k]++
			}
		}
		exps, errs := Expectations(src)
		for _, e := range errs {
			add("%s", e)
		}
		for _, e := range exps {
			if have[e.Kind] < e.Count {
				add("expected at least %d %s output(s), found %d", e.Count, e.Kind, have[e.Kind])
			}
		}
	}
	return ps
}

// firstLines returns the first n lines of s, without ANSI colour codes.
func firstLines(s string, n int) string {
	s = ansi.ReplaceAllString(s, "")
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = append(lines[:n], "…")
	}
	return strings.Join(lines, " | ")
}

var ansi = regexp.MustCompile(`\x1b\[[0-9;]*[A-Za-z]`)

var (
	scriptSrc = regexp.MustCompile(`(?is)<script\b[^>]*?\bsrc\s*=\s*["']?\s*((?:https?:|file:)?//[^"'\s>]+)`)
	linkHref  = regexp.MustCompile(`(?is)<link\b[^>]*?\bhref\s*=\s*["']?\s*((?:https?:|file:)?//[^"'\s>]+)`)
	importURL = regexp.MustCompile(`(?i)@import\s+(?:url\()?\s*["']?((?:https?:)?//[^"')\s;]+)`)
	// moduleURL finds a JavaScript import of a network URL: import("…"),
	// import … from "…" or import "…".
	moduleURL = regexp.MustCompile("(?i)\\bimport\\s*(?:\\(\\s*|[\\w${}*,\\s]+?\\bfrom\\s*)?[\"'`]((?:https?:)?//[^\"'`\\s]+)")
)

// remoteResources lists the scripts, stylesheets, CSS imports and script
// imports (import("…"), as nbconvert's mermaid loader has) an HTML
// text loads from outside itself: the network (http, https or
// protocol-relative URLs) or the exporting machine's files (file://).
func remoteResources(html string) []string {
	var out []string
	for _, m := range scriptSrc.FindAllStringSubmatch(html, -1) {
		out = append(out, "script "+m[1])
	}
	for _, m := range linkHref.FindAllStringSubmatch(html, -1) {
		out = append(out, "link "+m[1])
	}
	for _, m := range importURL.FindAllStringSubmatch(html, -1) {
		out = append(out, "CSS import "+m[1])
	}
	for _, m := range moduleURL.FindAllStringSubmatch(html, -1) {
		out = append(out, "script import "+m[1])
	}
	return out
}

// CheckHTML verifies that an exported HTML report is self-contained: no
// <script src>, <link href>, CSS @import or JavaScript import points to the
// network or to a local file.
func CheckHTML(html []byte) []Problem {
	var ps []Problem
	for _, r := range remoteResources(string(html)) {
		ps = append(ps, Problem{Cell: -1, Msg: "loads " + r + " from the network"})
	}
	return ps
}
