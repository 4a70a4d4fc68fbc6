package viz

import (
	"errors"
	"path/filepath"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

// nilCharts holds a typed nil pointer of every chart type.
func nilCharts() map[string]Chart {
	return map[string]Chart{
		"Line":      (*Line)(nil),
		"Bar":       (*Bar)(nil),
		"Histogram": (*Histogram)(nil),
		"HeatMap":   (*HeatMap)(nil),
		"Scatter":   (*Scatter)(nil),
		"Stem":      (*Stem)(nil),
		"Grid":      (*Grid)(nil),
		"Surface":   (*Surface)(nil),
	}
}

// wantEmpty fails t unless call returns an error wrapping klearn.ErrEmpty
// without panicking.
func wantEmpty(t *testing.T, name string, call func() error) {
	t.Helper()
	var err error
	func() {
		defer func() {
			if p := recover(); p != nil {
				t.Errorf("%s panicked: %v", name, p)
				err = klearn.ErrEmpty // reported already
			}
		}()
		err = call()
	}()
	if !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("%s = %v, want an error wrapping klearn.ErrEmpty", name, err)
	}
}

// TestNilReceivers checks that every rendering method on a nil chart, table
// or page returns an error wrapping klearn.ErrEmpty instead of panicking,
// in and outside a notebook, and that nil charts inside a Grid or a Page are
// reported the same way.
func TestNilReceivers(t *testing.T) {
	// Not parallel: stubDisplay swaps package-level display hooks.
	for _, nb := range []bool{false, true} {
		if nb {
			defer stubDisplay(t)()
		}
		for name, c := range nilCharts() {
			wantEmpty(t, name+".SVG", func() error { _, err := c.SVG(); return err })
			wantEmpty(t, name+".PNG", func() error { _, err := c.PNG(); return err })
			wantEmpty(t, name+".Show", c.Show)
			wantEmpty(t, "ShowPNG("+name+")", func() error { return ShowPNG(c) })
			if ic, ok := c.(Interactive); ok {
				wantEmpty(t, name+".HTML", func() error { _, err := ic.HTML(); return err })
				wantEmpty(t, "Page.Interactive("+name+")", func() error { _, err := NewPage("p").Interactive(ic).HTML(); return err })
			}
			wantEmpty(t, "Grid{"+name+"}", func() error {
				_, err := (&Grid{Panels: []Chart{exampleBar(), c}}).SVG()
				return err
			})
			wantEmpty(t, "Page.Static("+name+")", func() error { _, err := NewPage("p").Static(c).HTML(); return err })
		}

		var tab *CompareTable
		wantEmpty(t, "CompareTable.HTML", func() error { _, err := tab.HTML(); return err })
		wantEmpty(t, "CompareTable.Text", func() error { _, err := tab.Text(); return err })
		wantEmpty(t, "CompareTable.Show", tab.Show)
		// A nil table inside a page is a bad page item (ErrParam), as a nil
		// Chart interface is.
		if _, err := NewPage("p").Table(tab).HTML(); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("Page.Table(nil).HTML() = %v, want ErrParam", err)
		}
		if v := tab.Verdict(0, 0); v != NotCompared {
			t.Errorf("nil CompareTable.Verdict = %v, want NotCompared", v)
		}
		if w, o := tab.Counts(); w != 0 || o != 0 {
			t.Errorf("nil CompareTable.Counts = %d, %d, want 0, 0", w, o)
		}

		var p *Page
		wantEmpty(t, "Page.HTML", func() error { _, err := p.HTML(); return err })
		wantEmpty(t, "Page.Show", p.Show)
		wantEmpty(t, "Page.WriteFile", func() error { return p.WriteFile(filepath.Join(t.TempDir(), "p.html")) })
		wantEmpty(t, "chained nil Page", func() error {
			_, err := p.Heading("h").Text("t").RawHTML("<b>x</b>").Static(exampleBar()).Table(nil).HTML()
			return err
		})

		var pr *Progress
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("nil Progress panicked: %v", r)
				}
			}()
			pr.Add(1)
			pr.Done()
		}()
	}
}
