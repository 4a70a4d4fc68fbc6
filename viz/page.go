package viz

import (
	"fmt"
	"os"
	"strings"

	"github.com/kernelab/kernelab/klearn"
)

// Page assembles headings, text, charts and tables into one self-contained
// HTML document (ECharts inlined once, static charts as inline SVG), for
// reports and for the browser test. Items render when HTML is called, so the
// first bad chart is reported there.
type Page struct {
	Title string
	items []pageItem
}

type pageItem struct {
	kind  string // "h", "p", "chart", "table", "html"
	text  string
	chart Chart
	inter bool
	table *CompareTable
}

// NewPage returns an empty page.
func NewPage(title string) *Page { return &Page{Title: title} }

// Heading adds a section heading.
func (p *Page) Heading(text string) *Page {
	if p == nil {
		return nil
	}
	p.items = append(p.items, pageItem{kind: "h", text: text})
	return p
}

// Text adds a paragraph of plain text (escaped).
func (p *Page) Text(text string) *Page {
	if p == nil {
		return nil
	}
	p.items = append(p.items, pageItem{kind: "p", text: text})
	return p
}

// RawHTML adds trusted HTML verbatim.
func (p *Page) RawHTML(html string) *Page {
	if p == nil {
		return nil
	}
	p.items = append(p.items, pageItem{kind: "html", text: html})
	return p
}

// Static adds c as an inline SVG. A nil chart is reported by HTML, Show
// and WriteFile as an error (klearn.ErrParam); on a nil *Page every method
// returns nil or an error wrapping klearn.ErrEmpty.
func (p *Page) Static(c Chart) *Page {
	if p == nil {
		return nil
	}
	p.items = append(p.items, pageItem{kind: "chart", chart: c})
	return p
}

// Interactive adds c as an ECharts chart (a nil c: as for Static).
func (p *Page) Interactive(c Interactive) *Page {
	if p == nil {
		return nil
	}
	p.items = append(p.items, pageItem{kind: "chart", chart: c, inter: true})
	return p
}

// Table adds a comparison table (a nil t: as for Static).
func (p *Page) Table(t *CompareTable) *Page {
	if p == nil {
		return nil
	}
	p.items = append(p.items, pageItem{kind: "table", table: t})
	return p
}

// body renders the items; lib reports whether an interactive chart is present.
func (p *Page) body() (body string, lib bool, err error) {
	if p == nil {
		return "", false, errNil("Page")
	}
	var b strings.Builder
	for i, it := range p.items {
		switch it.kind {
		case "h":
			fmt.Fprintf(&b, "<h2>%s</h2>\n", escapeText(it.text))
		case "p":
			fmt.Fprintf(&b, "<p>%s</p>\n", escapeText(it.text))
		case "html":
			b.WriteString(it.text + "\n")
		case "table":
			if it.table == nil {
				return "", false, klearn.Errorf(klearn.ErrParam, "viz: page item %d: nil table", i)
			}
			h, err := it.table.HTML()
			if err != nil {
				return "", false, fmt.Errorf("viz: page item %d: %w", i, err)
			}
			b.Write(h)
		case "chart":
			if it.chart == nil {
				return "", false, klearn.Errorf(klearn.ErrParam, "viz: page item %d: nil chart", i)
			}
			if it.inter {
				ec, ok := it.chart.(echarter)
				if !ok {
					return "", false, klearn.Errorf(klearn.ErrParam, "viz: page item %d: %T has no interactive form", i, it.chart)
				}
				e, err := ec.echart()
				if err != nil {
					return "", false, fmt.Errorf("viz: page item %d: %w", i, err)
				}
				b.WriteString(e.fragment())
				lib = true
				continue
			}
			svg, err := it.chart.SVG()
			if err != nil {
				return "", false, fmt.Errorf("viz: page item %d: %w", i, err)
			}
			b.WriteString("<div class=\"kl-svg\">\n")
			b.Write(stripXMLProlog(svg))
			b.WriteString("</div>\n")
		}
	}
	return b.String(), lib, nil
}

// HTML renders the whole document.
func (p *Page) HTML() ([]byte, error) {
	body, lib, err := p.body()
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
	fmt.Fprintf(&b, "<title>%s</title>\n", escapeText(p.Title))
	b.WriteString("<style>body{font:14px/1.5 sans-serif;max-width:1100px;margin:20px auto;padding:0 12px;color:#222}.kl-svg svg{max-width:100%;height:auto}</style>\n")
	if lib {
		s, err := libScript()
		if err != nil {
			return nil, err
		}
		b.WriteString(s)
	}
	b.WriteString("</head>\n<body>\n")
	if p.Title != "" {
		fmt.Fprintf(&b, "<h1>%s</h1>\n", escapeText(p.Title))
	}
	b.WriteString(body)
	b.WriteString("</body>\n</html>\n")
	return []byte(b.String()), nil
}

// WriteFile writes the document to path. Errors: an empty path
// (klearn.ErrParam), a file that cannot be written, e.g. in a missing
// directory (klearn.ErrIO), and those of HTML.
func (p *Page) WriteFile(path string) error {
	if path == "" {
		return klearn.Errorf(klearn.ErrParam, "viz: Page.WriteFile: empty path")
	}
	h, err := p.HTML()
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, h, 0o644); err != nil {
		return klearn.Errorf(klearn.ErrIO, "viz: Page.WriteFile: %v", err)
	}
	return nil
}

// Show displays the page body in a notebook (the library travels once per
// cell, as with single charts). It is a no-op outside GoNB.
func (p *Page) Show() error {
	if p == nil {
		return errNil("Page")
	}
	if !inNotebook() {
		return nil
	}
	body, lib, err := p.body()
	if err != nil {
		return err
	}
	if lib {
		libShownMu.Lock()
		if !libShown {
			s, err := libScript()
			if err != nil {
				libShownMu.Unlock()
				return err
			}
			body = s + body
			libShown = true
		}
		libShownMu.Unlock()
	}
	displayHTML(body)
	syncDisplay()
	return nil
}
