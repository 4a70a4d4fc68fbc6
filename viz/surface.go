package viz

import (
	"image/color"
	"math"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/kernelab/kernelab/klearn"
)

// Surface draws a function sampled on a grid as a shaded 3-D surface seen
// from above at an angle: the surface plots of the objective F(μ1, μ2) in
// Cortes et al. (2009) Fig. 1. Z[i][j] is the value at (X[j], Y[i]);
// X and Y are strictly increasing, as for HeatMap. Each grid cell is a
// quadrilateral coloured by its mean height (viridis) and outlined, drawn
// back to front (painter's algorithm) under an orthographic projection, on
// a base frame with the ranges of the three axes. Static rendering only
// (SVG, PNG; Show displays SVG).
type Surface struct {
	Title, XLabel, YLabel, ZLabel string
	X, Y                          []float64
	Z                             [][]float64
	// Azimuth is the rotation of the view about the vertical axis and
	// Elevation the angle of the line of sight above the base plane, in
	// degrees. Both zero means Azimuth −60, Elevation 30 (Matplotlib's
	// default view); otherwise Elevation must lie in (0, 90].
	Azimuth, Elevation float64
	Width, Height      float64
}

func (s *Surface) view() (az, el float64, err error) {
	az, el = s.Azimuth, s.Elevation
	if az == 0 && el == 0 {
		az, el = -60, 30
	}
	if math.IsNaN(az) || math.IsInf(az, 0) || !(el > 0 && el <= 90) {
		return 0, 0, klearn.Errorf(klearn.ErrParam, "viz: surface: view azimuth %g, elevation %g (want finite azimuth and elevation in (0, 90])", az, el)
	}
	// The azimuth modulo a turn: a huge finite azimuth would overflow in
	// radians (and lose all meaning in cos and sin).
	return math.Mod(az, 360) * math.Pi / 180, el * math.Pi / 180, nil
}

func (s *Surface) figure() (figure, error) {
	if s == nil {
		return figure{}, errNil("Surface")
	}
	if s.X == nil || s.Y == nil {
		return figure{}, klearn.Errorf(klearn.ErrShape, "viz: surface: X and Y must be set")
	}
	hm := HeatMap{Z: s.Z, X: s.X, Y: s.Y} // the same grid rules
	zmin, zmax, err := hm.validate()
	if err != nil {
		return figure{}, err
	}
	if len(s.X) < 2 || len(s.Y) < 2 {
		return figure{}, klearn.Errorf(klearn.ErrShape, "viz: surface: a %d×%d grid has no cells (want at least 2×2)", len(s.Y), len(s.X))
	}
	az, el, err := s.view()
	if err != nil {
		return figure{}, err
	}
	w, h, err := pxSize("surface", s.Width, s.Height)
	if err != nil {
		return figure{}, err
	}
	return figure{surfaceDrawer{s: s, zmin: zmin, zmax: zmax, az: az, el: el}, points(w), points(h)}, nil
}

type surfaceDrawer struct {
	s          *Surface
	zmin, zmax float64
	az, el     float64
}

// project maps a grid point, in coordinates normalised to [−1, 1] (z to
// [−0.7, 0.7]), to the screen plane (u right, v up) and its depth (larger
// is nearer the viewer): rotate by the azimuth about the z axis, then view
// from the −y side, raised by the elevation (screen up = (0, sin el, cos el),
// towards the viewer = (0, −cos el, sin el)).
func (d surfaceDrawer) project(x, y, z float64) (u, v, depth float64) {
	ca, sa := math.Cos(d.az), math.Sin(d.az)
	ce, se := math.Cos(d.el), math.Sin(d.el)
	xr := x*ca - y*sa
	yr := x*sa + y*ca
	return xr, yr*se + z*ce, -yr*ce + z*se
}

func (d surfaceDrawer) norm(x, y, z float64) (float64, float64, float64) {
	s := d.s
	nx := 2*frac(x, s.X[0], s.X[len(s.X)-1]) - 1
	ny := 2*frac(y, s.Y[0], s.Y[len(s.Y)-1]) - 1
	nz := 0.0
	if d.zmax > d.zmin {
		nz = 1.4*frac(z, d.zmin, d.zmax) - 0.7
	}
	return nx, ny, nz
}

// midpoint returns (a + b)/2, as a/2 + b/2 when the sum overflows.
func midpoint(a, b float64) float64 {
	if m := (a + b) / 2; !math.IsInf(m, 0) {
		return m
	}
	return a/2 + b/2
}

// frac returns (a − lo)/(hi − lo), halving the three first when the span
// overflows (values near ±MaxFloat64); the result is the same otherwise.
func frac(a, lo, hi float64) float64 {
	if r := (a - lo) / (hi - lo); !math.IsNaN(r) && !math.IsInf(hi-lo, 0) && !math.IsInf(a-lo, 0) {
		return r
	}
	return (a/2 - lo/2) / (hi/2 - lo/2)
}

func (d surfaceDrawer) draw(c draw.Canvas) {
	s := d.s
	beginTag(c, tagPanel)
	defer endTag(c)
	fillBackground(c)
	txt := newPlot("", "", "", Linear).Title.TextStyle // the fonts and text handler of the other charts
	text := func(size float64, xa draw.XAlignment, ya draw.YAlignment) draw.TextStyle {
		sty := txt
		sty.Font.Size = vg.Points(size)
		sty.XAlign, sty.YAlign = xa, ya
		return sty
	}
	if s.Title != "" {
		c.FillText(text(13, draw.XCenter, draw.YTop), vg.Point{X: (c.Min.X + c.Max.X) / 2, Y: c.Max.Y - vg.Points(4)}, s.Title)
		c.Max.Y -= vg.Points(22)
	}
	// Fit the projected base frame and the vertical range into the canvas,
	// keeping the aspect ratio, with margins for the axis labels.
	umin, umax, vmin, vmax := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, x := range []float64{-1, 1} {
		for _, y := range []float64{-1, 1} {
			for _, z := range []float64{-0.7, 0.7} {
				u, v, _ := d.project(x, y, z)
				umin, umax = math.Min(umin, u), math.Max(umax, u)
				vmin, vmax = math.Min(vmin, v), math.Max(vmax, v)
			}
		}
	}
	margin := vg.Points(26)
	cw, ch := c.Max.X-c.Min.X-2*margin, c.Max.Y-c.Min.Y-2*margin
	scale := math.Min(float64(cw)/(umax-umin), float64(ch)/(vmax-vmin))
	cx, cy := (c.Min.X+c.Max.X)/2, (c.Min.Y+c.Max.Y)/2
	toPt := func(x, y, z float64) vg.Point {
		u, v, _ := d.project(d.norm(x, y, z))
		return vg.Point{X: cx + vg.Length((u-(umin+umax)/2)*scale), Y: cy + vg.Length((v-(vmin+vmax)/2)*scale)}
	}
	x0, x1 := s.X[0], s.X[len(s.X)-1]
	y0, y1 := s.Y[0], s.Y[len(s.Y)-1]
	depth := func(x, y float64) float64 { _, _, dep := d.project(d.norm(x, y, d.zmin)); return dep }
	frame := draw.LineStyle{Color: color.Gray{Y: 110}, Width: vg.Points(0.6)}
	// Base rectangle and a vertical axis at the corner farthest back, drawn
	// first so the surface covers them.
	base := []vg.Point{toPt(x0, y0, d.zmin), toPt(x1, y0, d.zmin), toPt(x1, y1, d.zmin), toPt(x0, y1, d.zmin), toPt(x0, y0, d.zmin)}
	c.StrokeLines(frame, base)
	bx, by := x0, y0 // the leftmost corner of the base carries the vertical axis
	for _, cx := range []float64{x0, x1} {
		for _, cy := range []float64{y0, y1} {
			if toPt(cx, cy, d.zmin).X < toPt(bx, by, d.zmin).X {
				bx, by = cx, cy
			}
		}
	}
	c.StrokeLines(frame, []vg.Point{toPt(bx, by, d.zmin), toPt(bx, by, d.zmax)})

	// The cells, back to front.
	type cell struct {
		i, j  int
		depth float64
	}
	cells := make([]cell, 0, (len(s.Y)-1)*(len(s.X)-1))
	for i := 0; i+1 < len(s.Y); i++ {
		for j := 0; j+1 < len(s.X); j++ {
			zm := s.Z[i][j]/4 + s.Z[i][j+1]/4 + s.Z[i+1][j]/4 + s.Z[i+1][j+1]/4
			_, _, dep := d.project(d.norm(midpoint(s.X[j], s.X[j+1]), midpoint(s.Y[i], s.Y[i+1]), zm))
			cells = append(cells, cell{i, j, dep})
		}
	}
	sort.SliceStable(cells, func(a, b int) bool { return cells[a].depth < cells[b].depth })
	markArea(c)
	beginTag(c, tagData)
	cm := viridis()
	cm.SetMin(d.zmin)
	cm.SetMax(math.Max(d.zmax, d.zmin+1e-300))
	edge := draw.LineStyle{Color: color.Gray{Y: 40}, Width: vg.Points(0.25)}
	for _, q := range cells {
		i, j := q.i, q.j
		pts := []vg.Point{toPt(s.X[j], s.Y[i], s.Z[i][j]), toPt(s.X[j+1], s.Y[i], s.Z[i][j+1]),
			toPt(s.X[j+1], s.Y[i+1], s.Z[i+1][j+1]), toPt(s.X[j], s.Y[i+1], s.Z[i+1][j])}
		zm := s.Z[i][j]/4 + s.Z[i][j+1]/4 + s.Z[i+1][j]/4 + s.Z[i+1][j+1]/4
		col, err := cm.At(math.Min(math.Max(zm, d.zmin), d.zmax))
		if err != nil {
			col = color.Gray{Y: 128}
		}
		c.FillPolygon(col, pts)
		c.StrokeLines(edge, append(pts, pts[0]))
	}
	endTag(c)

	// Axis ranges and names along the front edges of the base and the
	// vertical axis.
	label := func(p vg.Point, sty draw.TextStyle, s string) {
		if s != "" {
			c.FillText(sty, p, s)
		}
	}
	fy, fx := y0, x0 // the x edge and the y edge of the base nearer the viewer
	if depth(midpoint(x0, x1), y1) > depth(midpoint(x0, x1), y0) {
		fy = y1
	}
	if depth(x1, midpoint(y0, y1)) > depth(x0, midpoint(y0, y1)) {
		fx = x1
	}
	// Tick values at the ends of each front edge and its name at its middle,
	// pushed outwards from the centre of the base so that the labels of the
	// corner the two edges share do not collide.
	mid := toPt(midpoint(x0, x1), midpoint(y0, y1), d.zmin)
	edgeLabels := func(a, b vg.Point, lo, hi float64, name string) {
		m := vg.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}
		dx, dy := float64(m.X-mid.X), float64(m.Y-mid.Y)
		r := math.Hypot(dx, dy)
		if r == 0 {
			dx, dy, r = 0, -1, 1
		}
		out := func(dist float64) vg.Point {
			return vg.Point{X: vg.Length(dx / r * dist), Y: vg.Length(dy / r * dist)}
		}
		xa := draw.XCenter
		switch {
		case dx/r < -0.3:
			xa = draw.XRight
		case dx/r > 0.3:
			xa = draw.XLeft
		}
		sty := text(8, xa, draw.YCenter)
		label(a.Add(out(float64(vg.Points(8)))), sty, tick(lo))
		label(b.Add(out(float64(vg.Points(8)))), sty, tick(hi))
		label(m.Add(out(float64(vg.Points(16)))), text(9, xa, draw.YCenter), name)
	}
	edgeLabels(toPt(x0, fy, d.zmin), toPt(x1, fy, d.zmin), x0, x1, s.XLabel)
	edgeLabels(toPt(fx, y0, d.zmin), toPt(fx, y1, d.zmin), y0, y1, s.YLabel)
	left := vg.Point{X: -vg.Points(4)}
	label(toPt(bx, by, d.zmin).Add(vg.Point{X: -vg.Points(4), Y: vg.Points(6)}), text(8, draw.XRight, draw.YBottom), tick(d.zmin)) // above the corner, clear of the edge ticks
	label(toPt(bx, by, d.zmax).Add(left), text(8, draw.XRight, draw.YCenter), tick(d.zmax))
	label(toPt(bx, by, d.zmax).Add(vg.Point{Y: vg.Points(6)}), text(9, draw.XCenter, draw.YBottom), s.ZLabel)
}

// tick formats an axis end value with up to 4 significant digits.
func tick(v float64) string {
	return strings.Replace(strconv.FormatFloat(v, 'g', 4, 64), "-", "−", 1)
}

// SVG renders the surface as SVG.
func (s *Surface) SVG() ([]byte, error) { return renderSVG(s.figure()) }

// PNG renders the surface as PNG.
func (s *Surface) PNG() ([]byte, error) { return renderPNG(s.figure()) }

// Show displays the SVG in a notebook (a no-op outside GoNB).
func (s *Surface) Show() error { return showChart(s, "Surface", nil) }
