package viz

import (
	"bytes"
	"sync"

	"github.com/janpfeifer/gonb/gonbui"
)

// inNotebook reports whether the program runs under a GoNB kernel. It is a
// variable so tests can exercise the display path.
var inNotebook = func() bool { return gonbui.IsNotebook }

// Display primitives, replaceable in tests.
var (
	displayHTML = gonbui.DisplayHTML
	displaySVG  = gonbui.DisplaySVG
	displayPNG  = gonbui.DisplayPNG
	updateHTML  = gonbui.UpdateHTML
	syncDisplay = gonbui.Sync
)

// libShown records whether this process already sent the ECharts library to
// the notebook. GoNB runs each cell as a new process, so the library travels
// once per cell that shows interactive charts, not once per chart.
var (
	libShownMu sync.Mutex
	libShown   bool
)

// notebookHTML returns the HTML to display for an interactive chart: the
// library the first time in this process, then only the chart.
func notebookHTML(e ecChart) (string, error) {
	libShownMu.Lock()
	defer libShownMu.Unlock()
	if libShown {
		return e.fragment(), nil
	}
	lib, err := libScript()
	if err != nil {
		return "", err
	}
	libShown = true
	return lib + e.fragment(), nil
}

type echarter interface {
	echart() (ecChart, error)
}

// show displays c in a notebook: HTML when interactive, else SVG after
// CheckFigure; then waits
// for GoNB to flush the output (gonbui.Sync), so outputs are not lost when the
// cell's program exits right after. Outside a notebook it renders nothing and
// returns nil.
func show(c Chart, interactive bool) error {
	if !inNotebook() {
		return nil
	}
	if ec, ok := c.(echarter); ok && interactive {
		e, err := ec.echart()
		if err != nil {
			return err
		}
		h, err := notebookHTML(e)
		if err != nil {
			return err
		}
		displayHTML(h)
		syncDisplay()
		return nil
	}
	// Every figure a notebook shows passes the figure check (legends off
	// the data, nothing outside the plot areas, no overlapping labels,
	// rasters filling their boxes): a defect fails the cell, so it fails
	// make test and marks the report failed.
	if err := CheckFigure(c); err != nil {
		return err
	}
	svg, err := c.SVG()
	if err != nil {
		return err
	}
	displaySVG(string(stripXMLProlog(svg)))
	syncDisplay()
	return nil
}

// showChart is the Show method of the charts of this package: errNil(kind)
// for a nil chart, else show(c, interactive()), where a nil interactive means
// SVG only and interactive is not called on a nil chart.
func showChart(c Chart, kind string, interactive func() bool) error {
	if nilChart(c) {
		return errNil(kind)
	}
	return show(c, interactive != nil && interactive())
}

// ShowPNG displays c as a PNG image in a notebook (a no-op outside one); use
// it for figures with very many elements, where SVG gets heavy.
func ShowPNG(c Chart) error {
	if nilChart(c) {
		return errNil("Chart")
	}
	if !inNotebook() {
		return nil
	}
	png, err := c.PNG()
	if err != nil {
		return err
	}
	displayPNG(png)
	syncDisplay()
	return nil
}

// stripXMLProlog drops the <?xml ...?> line so an SVG document can be inlined
// into HTML.
func stripXMLProlog(svg []byte) []byte {
	if bytes.HasPrefix(svg, []byte("<?xml")) {
		if i := bytes.Index(svg, []byte("?>")); i >= 0 {
			svg = bytes.TrimLeft(svg[i+2:], "\r\n")
		}
	}
	return svg
}
