package viz

import (
	"fmt"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/kernelab/kernelab/klearn"
)

// Grid lays out static charts as panels of one figure, row by row: one panel
// per data set or per λ. Panels keep their own titles and axes; Title is drawn
// above the grid. The panels' own Width and Height are ignored.
type Grid struct {
	Title  string
	Panels []Chart
	// Cols is the number of columns; 0 means min(3, len(Panels)).
	Cols int
	// PanelWidth and PanelHeight in CSS pixels; zero means 400 × 300.
	PanelWidth, PanelHeight float64
}

// figurer is implemented by every static chart in this package.
type figurer interface {
	figure() (figure, error)
}

func (g *Grid) figure() (figure, error) {
	const kind = "grid"
	if g == nil {
		return figure{}, errNil("Grid")
	}
	if err := checkNonEmpty(kind, "Panels", len(g.Panels)); err != nil {
		return figure{}, err
	}
	cols := g.Cols
	if cols == 0 {
		cols = min(3, len(g.Panels))
	}
	if cols < 0 {
		return figure{}, klearn.Errorf(klearn.ErrParam, "viz: %s: Cols = %d", kind, cols)
	}
	rows := (len(g.Panels) + cols - 1) / cols
	pw, ph := orDefault(g.PanelWidth, 400), orDefault(g.PanelHeight, 300)
	w, h, err := size(kind, pw*float64(cols), ph*float64(rows)+titleSpace(g.Title))
	if err != nil {
		return figure{}, err
	}
	ds := make([]drawer, len(g.Panels))
	for i, c := range g.Panels {
		f, ok := c.(figurer)
		if !ok || c == nil {
			return figure{}, klearn.Errorf(klearn.ErrParam, "viz: %s: panel %d (%T) is not a static viz chart", kind, i, c)
		}
		fig, err := f.figure()
		if err != nil {
			return figure{}, fmt.Errorf("viz: %s: panel %d: %w", kind, i, err)
		}
		ds[i] = fig.d
	}
	return figure{gridDrawer{g.Title, ds, cols, rows}, w, h}, nil
}

func titleSpace(t string) float64 {
	if t == "" {
		return 0
	}
	return 30
}

type gridDrawer struct {
	title      string
	panels     []drawer
	cols, rows int
}

func (d gridDrawer) draw(c draw.Canvas) {
	if d.title != "" {
		p := newPlot(d.title, "", "", Linear)
		p.Title.TextStyle.Font.Size = vg.Points(15)
		sty := p.Title.TextStyle
		sty.XAlign = draw.XCenter
		sty.YAlign = draw.YTop
		c.FillText(sty, vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: c.Max.Y - vg.Points(4)}, d.title)
		c.Max.Y -= vg.Points(titleSpace(d.title) * 0.75)
	}
	t := draw.Tiles{Cols: d.cols, Rows: d.rows, PadX: vg.Points(6), PadY: vg.Points(6), PadTop: vg.Points(2), PadBottom: vg.Points(2), PadLeft: vg.Points(2), PadRight: vg.Points(2)}
	for i, p := range d.panels {
		p.draw(t.At(c, i%d.cols, i/d.cols))
	}
}

// SVG renders the grid as SVG.
func (g *Grid) SVG() ([]byte, error) { return renderSVG(g.figure()) }

// PNG renders the grid as PNG.
func (g *Grid) PNG() ([]byte, error) { return renderPNG(g.figure()) }

// Show displays the SVG in a notebook (a no-op outside GoNB).
func (g *Grid) Show() error { return showChart(g, "Grid", nil) }
