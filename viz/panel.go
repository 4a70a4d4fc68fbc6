package viz

import (
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// LegendPos says where a chart draws its legend. The zero value, LegendAuto,
// keeps the legend off the data: inside the plot area in the corner whose
// box meets no plotted line, band, marker or bar (tried in the order
// top-right, top-left, bottom-right, bottom-left), else outside, to the
// right of the plot area.
type LegendPos int

const (
	// LegendAuto: the free corner, else outside right (the default).
	LegendAuto LegendPos = iota
	// LegendRight: outside the plot area, at its right, top-aligned.
	LegendRight
	// LegendTopRight, LegendTopLeft, LegendBottomRight, LegendBottomLeft:
	// inside the plot area in that corner, whatever lies beneath.
	LegendTopRight
	LegendTopLeft
	LegendBottomRight
	LegendBottomLeft
	// LegendNone: no legend.
	LegendNone
	nLegendPos
)

func (l LegendPos) valid() bool { return l >= 0 && l < nLegendPos }

// legendEntry is one line of a legend: a name (label markup) and the
// thumbnails that draw its key.
type legendEntry struct {
	name   string
	thumbs []plot.Thumbnailer
}

// legend draws entries in a box: a column of keys and names, or (row)
// rows of them no wider than maxW (the shared legend of a grid).
type legend struct {
	entries []legendEntry
	row     bool
	maxW    vg.Length // for rows; 0: one row
}

const (
	legendPad   = vg.Length(4)
	legendThumb = vg.Length(22)
	legendGap   = vg.Length(5) // between key and name
	legendSep   = vg.Length(12)
)

func legendStyle() draw.TextStyle {
	sty := newPlot("", "", "", Linear).Legend.TextStyle
	sty.Font.Size = vg.Points(9)
	return sty
}

func (l legend) entryHeight() vg.Length {
	sty := legendStyle()
	h := vg.Length(0)
	for _, e := range l.entries {
		if r := sty.Rectangle(e.name); r.Max.Y-r.Min.Y > h {
			h = r.Max.Y - r.Min.Y
		}
	}
	return h + 3
}

// place lays the entries out: each entry's offset from the box's top-left
// inner corner (y downwards), and the box's width and height.
func (l legend) place() (offs []vg.Point, w, h vg.Length) {
	if len(l.entries) == 0 {
		return nil, 0, 0
	}
	sty := legendStyle()
	eh := l.entryHeight()
	var x, y, rowW vg.Length
	for i, e := range l.entries {
		ew := legendThumb + legendGap + sty.Width(e.name)
		if !l.row {
			offs = append(offs, vg.Point{X: 0, Y: vg.Length(i) * eh})
			w = max(w, ew)
			continue
		}
		if i > 0 && l.maxW > 0 && x+legendSep+ew > l.maxW-2*legendPad {
			x, y = 0, y+eh // wrap
		} else if i > 0 {
			x += legendSep
		}
		offs = append(offs, vg.Point{X: x, Y: y})
		x += ew
		rowW = max(rowW, x)
	}
	if l.row {
		w, h = rowW, y+eh
	} else {
		h = eh * vg.Length(len(l.entries))
	}
	return offs, w + 2*legendPad, h + 2*legendPad
}

// size is the legend box's width and height.
func (l legend) size() (w, h vg.Length) {
	_, w, h = l.place()
	return w, h
}

// draw draws the box with its lower-left corner at pt.
func (l legend) draw(c draw.Canvas, pt vg.Point) {
	offs, w, h := l.place()
	if len(offs) == 0 {
		return
	}
	beginTag(c, tagLegend)
	defer endTag(c)
	box := vg.Rectangle{Min: pt, Max: vg.Point{X: pt.X + w, Y: pt.Y + h}}
	c.SetColor(color.NRGBA{255, 255, 255, 235})
	c.Fill(box.Path())
	c.SetColor(color.Gray{Y: 190})
	c.SetLineWidth(vg.Points(0.5))
	c.SetLineDash(nil, 0)
	c.Stroke(box.Path())
	sty := legendStyle()
	sty.YAlign = draw.YCenter
	eh := l.entryHeight()
	for i, e := range l.entries {
		x := pt.X + legendPad + offs[i].X
		y := pt.Y + h - legendPad - offs[i].Y - eh
		key := draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{Min: vg.Point{X: x, Y: y + 1}, Max: vg.Point{X: x + legendThumb, Y: y + eh - 1}}}
		for _, t := range e.thumbs {
			t.Thumbnail(&key)
		}
		c.FillText(sty, vg.Point{X: x + legendThumb + legendGap, Y: y + eh/2}, e.name)
	}
}

// panel is one gonum plot drawn the viz way: data tagged, ticks thinned to
// the axis length, the plot area marked, the legend placed off the data.
type panel struct {
	p       *plot.Plot
	entries []legendEntry
	pos     LegendPos
	xt, yt  *axisTicks
	// before, if set, sizes canvas-dependent parts (bar widths) and
	// returns the canvas to draw on (narrowed for overhanging labels).
	before func(c draw.Canvas) draw.Canvas
}

// plotArea sets the tick markers' axis lengths for canvas c and returns
// the data canvas.
func (pn *panel) plotArea(c draw.Canvas) draw.Canvas {
	for k := 0; k < 2; k++ {
		da := pn.p.DataCanvas(c)
		if pn.xt != nil {
			pn.xt.length = da.Max.X - da.Min.X
		}
		if pn.yt != nil {
			pn.yt.length = da.Max.Y - da.Min.Y
		}
	}
	return pn.p.DataCanvas(c)
}

// drawPlot draws the plot (no legend) on c and returns its data canvas.
func (pn *panel) drawPlot(c draw.Canvas) draw.Canvas {
	if pn.before != nil {
		c = pn.before(c)
	}
	if pn.p.Title.Text != "" {
		fitTitle(&pn.p.Title.TextStyle, &pn.p.Title.Text, c.Max.X-c.Min.X-4)
	}
	da := pn.plotArea(c)
	pn.p.Draw(c)
	markArea(da)
	return da
}

func (pn *panel) draw(c draw.Canvas) { pn.drawArea(c) }

// drawArea draws the panel on c and returns its data canvas.
func (pn *panel) drawArea(c draw.Canvas) draw.Canvas {
	beginTag(c, tagPanel)
	defer endTag(c)
	if pn.p.Title.Text != "" {
		c.Max.Y -= vg.Points(3) // air above the title
	} else {
		c.Max.Y -= vg.Points(6) // room for the top tick label
	}
	// Room for the descent and subscripts of the axis names, which
	// gonum/plot places by their ascent.
	c.Min.X += vg.Points(4)
	c.Min.Y += vg.Points(4)
	lg := legend{entries: pn.entries}
	pos := pn.pos
	if len(lg.entries) == 0 {
		pos = LegendNone
	}
	lw, lh := lg.size()
	const inset = 4
	corner := func(da draw.Canvas, p LegendPos) vg.Point {
		switch p {
		case LegendTopLeft:
			return vg.Point{X: da.Min.X + inset, Y: da.Max.Y - inset - lh}
		case LegendBottomRight:
			return vg.Point{X: da.Max.X - inset - lw, Y: da.Min.Y + inset}
		case LegendBottomLeft:
			return vg.Point{X: da.Min.X + inset, Y: da.Min.Y + inset}
		}
		return vg.Point{X: da.Max.X - inset - lw, Y: da.Max.Y - inset - lh}
	}
	if pos == LegendAuto {
		// Draw once on a recorder to learn where the data are.
		rec := newRecorder(c.Max.X, c.Max.Y)
		rc := draw.Canvas{Canvas: rec, Rectangle: c.Rectangle}
		da := pn.drawPlot(rc)
		lay := rec.layout()
		pos = LegendRight
		fits := lw+2*inset < da.Max.X-da.Min.X && lh+2*inset < da.Max.Y-da.Min.Y
		for _, cand := range []LegendPos{LegendTopRight, LegendTopLeft, LegendBottomRight, LegendBottomLeft} {
			if !fits {
				break
			}
			pt := corner(da, cand)
			r := Rect{float64(pt.X) - 2, float64(pt.Y) - 2, float64(pt.X+lw) + 2, float64(pt.Y+lh) + 2}
			free := true
			for _, s := range lay.shapes {
				if s.intersects(r) {
					free = false
					break
				}
			}
			if free {
				pos = cand
				break
			}
		}
	}
	switch pos {
	case LegendNone:
		return pn.drawPlot(c)
	case LegendRight:
		// The gap clears markers overhanging the plot area's right edge.
		pc := c
		pc.Max.X -= lw + 10
		da := pn.drawPlot(pc)
		lg.draw(c, vg.Point{X: pc.Max.X + 8, Y: da.Max.Y - lh})
		return da
	}
	da := pn.drawPlot(c)
	lg.draw(c, corner(da, pos))
	return da
}

// fitTitle shrinks a title's font (down to 8 pt) until it fits width w,
// then shortens it with an ellipsis to the longest prefix that fits (at
// least one character), found by bisection: a title of n characters costs
// O(n log n), not the O(n²) of dropping one character at a time.
func fitTitle(sty *draw.TextStyle, txt *string, w vg.Length) {
	if sty.Width(*txt) <= w {
		return
	}
	for sty.Width(*txt) > w && sty.Font.Size > vg.Points(8) {
		sty.Font.Size -= vg.Points(0.5)
	}
	if sty.Width(*txt) <= w {
		return
	}
	r := []rune(*txt)
	if len(r) < 2 {
		return
	}
	lo, hi := 1, len(r)-1 // the prefix length k ∈ [lo, hi]
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if sty.Width(string(r[:mid])+"…") <= w {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	*txt = string(r[:lo]) + "…"
}
