package viz

import (
	"fmt"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/kernelab/kernelab/klearn"
)

// Grid lays out static charts as panels of one figure, row by row: small
// multiples, one panel per data set or per λ, as the papers draw them
// (11 data sets in a 4 × 3 grid; two panels side by side). Title is drawn
// above the grid. The panels' own Width and Height are ignored.
type Grid struct {
	Title  string
	Panels []Chart
	// Cols is the number of columns; 0 means min(3, len(Panels)).
	Cols int
	// PanelWidth and PanelHeight in CSS pixels; zero means 400 × 300.
	PanelWidth, PanelHeight float64
	// SharedLegend draws one legend for the whole figure, in a row under
	// the title, instead of one per panel: the entries of all panels,
	// each name once (panels that draw the same series give them the same
	// names, colours and dashes, since both follow the series order).
	SharedLegend bool
	// ShareX and ShareY give every line, bar, scatter, stem and histogram
	// panel the same x (y) range, the union of theirs, and keep the axis
	// name only on the bottom row (left column).
	ShareX, ShareY bool
}

// figurer is implemented by every static chart in this package.
type figurer interface {
	figure() (figure, error)
}

// panelOf returns the gonum panel a chart's drawer holds, if any.
func panelOf(d drawer) *panel {
	switch x := d.(type) {
	case *panel:
		return x
	case colorBarDrawer:
		return x.main
	}
	return nil
}

func (g *Grid) figure() (figure, error) {
	const kind = "grid"
	if g == nil {
		return figure{}, errNil("Grid")
	}
	if err := checkNonEmpty(kind, "Panels", len(g.Panels)); err != nil {
		return figure{}, err
	}
	if err := g.checkCycle(nil); err != nil {
		return figure{}, err
	}
	cols := g.Cols
	if cols == 0 {
		cols = min(3, len(g.Panels))
	}
	if cols < 0 {
		return figure{}, klearn.Errorf(klearn.ErrParam, "viz: %s: Cols = %d", kind, cols)
	}
	cols = min(cols, len(g.Panels))
	rows := (len(g.Panels) + cols - 1) / cols
	pw, ph := orDefault(g.PanelWidth, 400), orDefault(g.PanelHeight, 300)
	if !(pw >= 50 && ph >= 50) {
		return figure{}, klearn.Errorf(klearn.ErrParam, "viz: %s: panel size %gx%g px (want ≥ 50)", kind, pw, ph)
	}
	ds := make([]drawer, len(g.Panels))
	var shared legend
	seen := map[string]bool{}
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
		if pn := panelOf(fig.d); pn != nil && g.SharedLegend {
			for _, e := range pn.entries {
				if !seen[e.name] {
					seen[e.name] = true
					shared.entries = append(shared.entries, e)
				}
			}
			pn.entries = nil
		}
	}
	shared.row = true
	if g.ShareX || g.ShareY {
		if err := g.share(ds, cols); err != nil {
			return figure{}, err
		}
	}
	shared.maxW = vg.Length(pw*float64(cols)*0.75) - 8
	extra := titleSpace(g.Title)
	_, lh := shared.size()
	if lh > 0 {
		extra += float64(lh)/0.75 + 6
	}
	w, h, err := size(kind, pw*float64(cols), ph*float64(rows)+extra)
	if err != nil {
		return figure{}, err
	}
	return figure{gridDrawer{g.Title, ds, cols, rows, shared}, w, h}, nil
}

// checkCycle returns an ErrParam error when g holds itself as a panel,
// directly or through nested grids (rendering it would recurse without
// end); outer lists the grids that hold g.
func (g *Grid) checkCycle(outer []*Grid) error {
	for _, o := range outer {
		if o == g {
			return klearn.Errorf(klearn.ErrParam, "viz: grid: a grid holds itself as a panel (%d levels down)", len(outer))
		}
	}
	outer = append(outer, g)
	for _, c := range g.Panels {
		if in, ok := c.(*Grid); ok && in != nil {
			if err := in.checkCycle(outer); err != nil {
				return err
			}
		}
	}
	return nil
}

// share sets common axis ranges on the gonum panels of ds. A shared range
// that reaches zero or below is an ErrParam error when one of the panels
// draws that axis on a log scale.
func (g *Grid) share(ds []drawer, cols int) error {
	xlo, xhi, ylo, yhi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	var pns []*panel
	var idx []int
	for i, d := range ds {
		if pn, ok := d.(*panel); ok {
			pns, idx = append(pns, pn), append(idx, i)
			xlo, xhi = math.Min(xlo, pn.p.X.Min), math.Max(xhi, pn.p.X.Max)
			ylo, yhi = math.Min(ylo, pn.p.Y.Min), math.Max(yhi, pn.p.Y.Max)
		}
	}
	for k, pn := range pns {
		_, logX := pn.p.X.Scale.(plot.LogScale)
		_, logY := pn.p.Y.Scale.(plot.LogScale)
		if g.ShareX && logX && !math.IsInf(xhi-xlo, 0) && !(xlo > 0) {
			return klearn.Errorf(klearn.ErrParam, "viz: grid: ShareX gives panel %d, on a log x axis, the range [%g, %g]", idx[k], xlo, xhi)
		}
		if g.ShareY && logY && !math.IsInf(yhi-ylo, 0) && !(ylo > 0) {
			return klearn.Errorf(klearn.ErrParam, "viz: grid: ShareY gives panel %d, on a log y axis, the range [%g, %g]", idx[k], ylo, yhi)
		}
	}
	rows := (len(ds) + cols - 1) / cols
	for k, pn := range pns {
		r, c := idx[k]/cols, idx[k]%cols
		if g.ShareX && !math.IsInf(xhi-xlo, 0) {
			pn.p.X.Min, pn.p.X.Max = xlo, xhi
			// The panel below this one, if any, carries the axis name.
			if r < rows-1 && idx[k]+cols < len(ds) {
				pn.p.X.Label.Text = ""
			}
		}
		if g.ShareY && !math.IsInf(yhi-ylo, 0) {
			pn.p.Y.Min, pn.p.Y.Max = ylo, yhi
			if c > 0 {
				pn.p.Y.Label.Text = ""
			}
		}
	}
	return nil
}

// titleSpace is the height in pixels a grid's title takes: one 15 pt line,
// and more when markup (K_{10}) hangs a subscript below it, which would
// otherwise touch the panel titles.
func titleSpace(t string) float64 {
	switch {
	case t == "":
		return 0
	case hasMarkup(t):
		return 38
	}
	return 30
}

type gridDrawer struct {
	title      string
	panels     []drawer
	cols, rows int
	legend     legend
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
	if lw, lh := d.legend.size(); lh > 0 {
		d.legend.draw(c, vg.Point{X: (c.Min.X+c.Max.X)/2 - lw/2, Y: c.Max.Y - lh})
		c.Max.Y -= lh + vg.Points(6)
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
