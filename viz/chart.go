package viz

import (
	"bytes"
	"fmt"
	"image/color"
	"math"
	"strconv"

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
	return vg.Length(w * 0.75), vg.Length(h * 0.75), nil
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

// newPlot returns a gonum plot styled the viz way.
func newPlot(title, xlabel, ylabel string, sc Scale) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.Title.TextStyle.Font = sans
	p.Title.TextStyle.Font.Size = vg.Points(13)
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Label.TextStyle.Font = sans
		a.Label.TextStyle.Font.Size = vg.Points(11)
		a.Tick.Label.Font = sans
		a.Tick.Label.Font.Size = vg.Points(9)
	}
	p.Legend.TextStyle.Font = sans
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	p.Legend.Top = true
	if sc.logX() {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = logTicks{}
	}
	if sc.logY() {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
	}
	return p
}

// drawer is anything that can draw itself onto a canvas: a single plot or a
// composite (heat map + colour bar, a grid of panels).
type drawer interface {
	draw(c draw.Canvas)
}

type plotDrawer struct{ p *plot.Plot }

func (d plotDrawer) draw(c draw.Canvas) { d.p.Draw(c) }

// figure is what static charts build: something to draw and a size.
type figure struct {
	d    drawer
	w, h vg.Length
}

func renderSVG(f figure, err error) ([]byte, error) {
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

func checkNonEmpty(kind, name string, n int) error {
	if n == 0 {
		return klearn.Errorf(klearn.ErrEmpty, "viz: %s: %s is empty", kind, name)
	}
	return nil
}

// logTicks marks 1, 2, …, 9 × 10^k and labels the powers of ten; when the
// axis spans too little for two of those, it also labels 2 × and 5 ×, then
// every mark, so a log axis always carries readable numbers.
type logTicks struct{}

func (logTicks) Ticks(min, max float64) []plot.Tick {
	if !(min > 0 && max > 0) || max < min {
		return nil
	}
	lo := math.Floor(math.Log10(min))
	hi := math.Ceil(math.Log10(max))
	var ticks []plot.Tick
	for e := lo; e <= hi; e++ {
		p := math.Pow(10, e)
		for m := 1; m < 10; m++ {
			v := float64(m) * p
			if v < min*(1-1e-9) || v > max*(1+1e-9) {
				continue
			}
			ticks = append(ticks, plot.Tick{Value: v})
		}
	}
	label := func(keep func(m int) bool) int {
		n := 0
		for i := range ticks {
			m := int(math.Round(ticks[i].Value / math.Pow(10, math.Floor(math.Log10(ticks[i].Value)+1e-12))))
			if keep(m) {
				ticks[i].Label = strconv.FormatFloat(ticks[i].Value, 'g', 3, 64)
				n++
			}
		}
		return n
	}
	if label(func(m int) bool { return m == 1 }) < 2 {
		if label(func(m int) bool { return m == 1 || m == 2 || m == 5 }) < 2 {
			label(func(int) bool { return true })
		}
	}
	return ticks
}
