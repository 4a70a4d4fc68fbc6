package viz

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/kernelab/kernelab/klearn"
)

// Chart is implemented by every figure in viz: it renders to bytes first and
// displays second.
type Chart interface {
	// SVG renders the figure with gonum/plot as a standalone SVG document.
	SVG() ([]byte, error)
	// PNG renders the figure with gonum/plot as a PNG image (144 dpi).
	PNG() ([]byte, error)
	// Show displays the figure in a GoNB notebook (a no-op outside one).
	Show() error
}

// Interactive is implemented by charts that also render as an ECharts
// snippet (Line, HeatMap, Bar, Histogram, Scatter).
type Interactive interface {
	Chart
	// HTML renders a self-contained HTML snippet: a div, the ECharts library
	// inlined (shielded from RequireJS, evaluated once per page) and the
	// script that draws the chart.
	HTML() ([]byte, error)
}

// Scale selects linear or logarithmic axes.
type Scale int

const (
	// Linear axes (the zero value).
	Linear Scale = iota
	// LogX is a logarithmic x axis and a linear y axis (semi-log).
	LogX
	// LogY is a linear x axis and a logarithmic y axis.
	LogY
	// LogLog is logarithmic on both axes.
	LogLog
)

func (s Scale) valid() bool { return s >= Linear && s <= LogLog }

func (s Scale) logX() bool { return s == LogX || s == LogLog }
func (s Scale) logY() bool { return s == LogY || s == LogLog }

func (s Scale) String() string {
	switch s {
	case Linear:
		return "linear"
	case LogX:
		return "log-x"
	case LogY:
		return "log-y"
	case LogLog:
		return "log-log"
	}
	return fmt.Sprintf("Scale(%d)", int(s))
}

// Default figure size in CSS pixels (1 px = 0.75 pt), used when Width or
// Height is zero.
const (
	DefaultWidth  = 640
	DefaultHeight = 400
)

// pngDPI is the resolution of PNG output: 1.5 × the CSS 96 dpi, so figures
// stay sharp on high-density screens.
const pngDPI = 144

// size returns the figure size in points, validating user values.
func size(kind string, w, h float64) (vg.Length, vg.Length, error) {
	w, h, err := pxSize(kind, w, h)
	if err != nil {
		return 0, 0, err
	}
	return points(w), points(h), nil
}

// points converts a length in pixels to points (1 px = 0.75 pt).
func points(px float64) vg.Length { return vg.Length(px * 0.75) }

// fixRanges sets the x range of p to [xmin, xmax] when xmin < xmax, and
// its y range to [ymin, ymax] when ymin < ymax (a chart's XMin … YMax).
func fixRanges(p *plot.Plot, xmin, xmax, ymin, ymax float64) {
	if xmin < xmax {
		p.X.Min, p.X.Max = xmin, xmax
	}
	if ymin < ymax {
		p.Y.Min, p.Y.Max = ymin, ymax
	}
}

// pxSize is size in pixels: w and h with their defaults, checked to lie in
// [50, 10000].
func pxSize(kind string, w, h float64) (float64, float64, error) {
	w, h = orDefault(w, DefaultWidth), orDefault(h, DefaultHeight)
	if !(w >= 50 && w <= 10000 && h >= 50 && h <= 10000) {
		return 0, 0, klearn.Errorf(klearn.ErrParam, "viz: %s size %gx%g px outside [50, 10000]", kind, w, h)
	}
	return w, h, nil
}

// palette10 is the colour cycle shared by static and interactive charts
// (Tableau 10), so a series has the same colour in both renderings.
var palette10 = []string{
	"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
	"#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
}

func seriesColor(i int) color.RGBA { return hexColor(palette10[i%len(palette10)]) }

func hexColor(s string) color.RGBA {
	var r, g, b uint8
	fmt.Sscanf(s, "#%02x%02x%02x", &r, &g, &b)
	return color.RGBA{R: r, G: g, B: b, A: 255}
}

func withAlpha(c color.RGBA, a uint8) color.NRGBA {
	return color.NRGBA{R: c.R, G: c.G, B: c.B, A: a}
}

// sans is the font of every static figure: Liberation Sans, which gonum/plot
// embeds, so text metrics (and thus output bytes) do not depend on the host.
var sans = font.Font{Typeface: "Liberation", Variant: "Sans"}

// newPlot returns a gonum plot styled the viz way: Liberation Sans, the
// label markup handler on every text, viz tick markers.
func newPlot(title, xlabel, ylabel string, sc Scale) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.Title.TextStyle.Font = sans
	p.Title.TextStyle.Font.Size = vg.Points(13)
	p.Title.TextStyle.Handler = vizText
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = sans
		a.Label.TextStyle.Font.Size = vg.Points(11)
		a.Label.TextStyle.Handler = vizText
		a.Label.Padding = vg.Points(4) // clear of the tick labels, even in a wider fallback font
		a.Tick.Label.Font = sans
		a.Tick.Label.Font.Size = vg.Points(9)
		a.Tick.Label.Handler = vizText
	}
	p.Legend.TextStyle.Font = sans
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	p.Legend.TextStyle.Handler = vizText
	p.Legend.Top = true
	p.X.Tick.Marker = &axisTicks{log: sc.logX(), sty: &p.X.Tick.Label}
	p.Y.Tick.Marker = &axisTicks{log: sc.logY(), vertical: true, sty: &p.Y.Tick.Label}
	if sc.logX() {
		p.X.Scale = plot.LogScale{}
	}
	if sc.logY() {
		p.Y.Scale = plot.LogScale{}
	}
	return p
}

// newPanel wraps newPlot in a panel whose tick markers learn the axis
// lengths before drawing.
func newPanel(title, xlabel, ylabel string, sc Scale, pos LegendPos) *panel {
	p := newPlot(title, xlabel, ylabel, sc)
	return &panel{p: p, pos: pos, xt: p.X.Tick.Marker.(*axisTicks), yt: p.Y.Tick.Marker.(*axisTicks)}
}

// drawer is anything that can draw itself onto a canvas: a single plot or a
// composite (heat map + colour bar, a grid of panels).
type drawer interface {
	draw(c draw.Canvas)
}

// figure is what static charts build: something to draw and a size.
type figure struct {
	d    drawer
	w, h vg.Length
}

func renderSVG(f figure, err error) ([]byte, error) {
	raw, err := rawSVG(f, err)
	if err != nil {
		return nil, err
	}
	return fixSVG(raw), nil
}

// rawSVG is gonum/plot's own SVG of f, before fixSVG.
func rawSVG(f figure, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	c := vgsvg.New(f.w, f.h)
	dc := draw.New(c)
	fillBackground(dc)
	f.d.draw(dc)
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("viz: writing SVG: %w", err)
	}
	return buf.Bytes(), nil
}

func renderPNG(f figure, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	c := vgimg.NewWith(vgimg.UseWH(f.w, f.h), vgimg.UseDPI(pngDPI))
	dc := draw.New(c)
	fillBackground(dc)
	f.d.draw(dc)
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: c}).WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("viz: writing PNG: %w", err)
	}
	return buf.Bytes(), nil
}

func fillBackground(c draw.Canvas) {
	c.SetColor(color.White)
	c.Fill(c.Rectangle.Path())
}

// ---- validation helpers (never panic, always say what is wrong) ----

func checkFinite(kind, name string, v []float64) error {
	for i, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return klearn.Errorf(klearn.ErrNotFinite, "viz: %s: %s[%d] = %g", kind, name, i, x)
		}
	}
	return nil
}

func checkPositive(kind, axis, name string, v []float64) error {
	for i, x := range v {
		if !(x > 0) {
			return klearn.Errorf(klearn.ErrParam, "viz: %s: %s[%d] = %g is not positive on a log %s axis", kind, name, i, x, axis)
		}
	}
	return nil
}

func checkSameLen(kind, an string, a []float64, bn string, b []float64) error {
	if len(a) != len(b) {
		return klearn.Errorf(klearn.ErrShape, "viz: %s: len(%s) = %d but len(%s) = %d", kind, an, len(a), bn, len(b))
	}
	return nil
}

// checkXY checks that the coordinates x and y (named xn and yn) have the
// same length and finite entries.
func checkXY(kind, xn string, x []float64, yn string, y []float64) error {
	if err := checkSameLen(kind, xn, x, yn, y); err != nil {
		return err
	}
	if err := checkFinite(kind, xn, x); err != nil {
		return err
	}
	return checkFinite(kind, yn, y)
}

// checkErrBars checks optional error-bar half-widths errs (named en) of
// the values v (named vn): nil, or as many as v, finite and non-negative.
func checkErrBars(kind, en string, errs []float64, vn string, v []float64) error {
	if errs == nil {
		return nil
	}
	if err := checkSameLen(kind, en, errs, vn, v); err != nil {
		return err
	}
	if err := checkFinite(kind, en, errs); err != nil {
		return err
	}
	for j, e := range errs {
		if e < 0 {
			return klearn.Errorf(klearn.ErrParam, "viz: %s: %s[%d] = %g is negative", kind, en, j, e)
		}
	}
	return nil
}

// checkLogAxes checks that the coordinates on the log axes of sc are
// positive.
func checkLogAxes(kind, xn string, x []float64, yn string, y []float64, sc Scale) error {
	if sc.logX() {
		if err := checkPositive(kind, "x", xn, x); err != nil {
			return err
		}
	}
	if sc.logY() {
		return checkPositive(kind, "y", yn, y)
	}
	return nil
}

func checkScale(kind string, sc Scale) error {
	if !sc.valid() {
		return klearn.Errorf(klearn.ErrParam, "viz: %s: unknown scale %v (want Linear, LogX, LogY or LogLog)", kind, sc)
	}
	return nil
}

func checkLegendPos(kind string, l LegendPos) error {
	if !l.valid() {
		return klearn.Errorf(klearn.ErrParam, "viz: %s: unknown legend position %d", kind, int(l))
	}
	return nil
}

// checkRange checks an optional axis range [lo, hi] (used when lo < hi).
func checkRange(kind, name string, lo, hi float64, log bool) error {
	if err := checkFinite(kind, name, []float64{lo, hi}); err != nil {
		return err
	}
	if lo < hi && log && !(lo > 0) {
		return klearn.Errorf(klearn.ErrParam, "viz: %s: %s = [%g, %g] is not positive on a log axis", kind, name, lo, hi)
	}
	return nil
}

// checkSpan refuses data whose range overflows float64 (hi − lo = +Inf):
// no axis or colour scale can map it.
func checkSpan(kind, name string, lo, hi float64) error {
	if lo <= hi && math.IsInf(hi-lo, 0) {
		return klearn.Errorf(klearn.ErrParam, "viz: %s: %s spans [%g, %g], a range wider than the largest float64", kind, name, lo, hi)
	}
	return nil
}

func checkNonEmpty(kind, name string, n int) error {
	if n == 0 {
		return klearn.Errorf(klearn.ErrEmpty, "viz: %s: %s is empty", kind, name)
	}
	return nil
}

// widen turns an empty range [v, v] into a small one around v (±0.5, or
// ±0.1 % of |v| when larger), staying finite at ±MaxFloat64.
func widen(lo, hi float64) (float64, float64) {
	if lo != hi {
		return lo, hi
	}
	d := math.Max(0.5, math.Abs(lo)*1e-3)
	switch {
	case math.IsInf(lo+d, 0):
		return lo - 2*d, lo
	case math.IsInf(lo-d, 0):
		return lo, lo + 2*d
	}
	return lo - d, lo + d
}

// fixLogRange gives a log axis whose data sit at one value v the range
// [v/√10, v·√10] (gonum/plot would widen it by ±1, below zero), or an error
// when that range is not representable.
func fixLogRange(kind string, p *plot.Plot, sc Scale) error {
	for _, a := range []struct {
		ax  *plot.Axis
		log bool
	}{{&p.X, sc.logX()}, {&p.Y, sc.logY()}} {
		if !a.log || a.ax.Min != a.ax.Max {
			continue
		}
		v := a.ax.Min
		lo, hi := v/math.Sqrt(10), v*math.Sqrt(10)
		if !(lo > 0) || math.IsInf(hi, 0) {
			return klearn.Errorf(klearn.ErrParam, "viz: %s: every value on the log axis is %g: no positive range around it", kind, v)
		}
		a.ax.Min, a.ax.Max = lo, hi
	}
	return nil
}
