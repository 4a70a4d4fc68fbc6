package viz

import (
	"encoding/json"
	"fmt"
	"image/color"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/kernelab/kernelab/klearn"
)

// Series is one curve of a Line chart: Y against X, with an optional
// symmetric error Err (e.g. the standard deviation over repetitions) drawn as a
// ±Err band or as error bars.
type Series struct {
	Name string
	X, Y []float64
	// Err, if not nil, has len(Y) non-negative entries.
	Err []float64
	// Dash is the line style: Solid (the zero value), Dashed, Dotted or
	// DashDot, so that paired series (uniform vs learned weights) read
	// apart without colour, as in the papers.
	Dash Dash
}

// Dash is the stroke pattern of a line.
type Dash int

const (
	Solid Dash = iota
	Dashed
	Dotted
	DashDot
	nDash
)

// pattern is the dash pattern in points.
func (d Dash) pattern() []vg.Length {
	switch d {
	case Dashed:
		return []vg.Length{vg.Points(6), vg.Points(3)}
	case Dotted:
		return []vg.Length{vg.Points(1.5), vg.Points(2.5)}
	case DashDot:
		return []vg.Length{vg.Points(6), vg.Points(2.5), vg.Points(1.5), vg.Points(2.5)}
	}
	return nil
}

// echarts is the ECharts lineStyle.type of d.
func (d Dash) echarts() any {
	switch d {
	case Dashed:
		return "dashed"
	case Dotted:
		return "dotted"
	case DashDot:
		return []float64{8, 3, 2, 3}
	}
	return "solid"
}

// Line is a line chart of one or more series with optional ±error bands or
// error bars, on linear, semi-log or log-log axes: test error against a
// degree or λ (Donini & Aiolli (2017) Fig. 5), convergence traces, timings against n
// (Colbert & Peet (2020) Figs. 3–4).
//
// Points of each series are drawn in increasing X order.
type Line struct {
	Title, XLabel, YLabel string
	Series                []Series
	Scale                 Scale
	// ErrorBars draws Err as error bars with caps instead of shaded bands
	// (static rendering only; the interactive chart always uses bands).
	ErrorBars bool
	// Interactive makes Show display the ECharts version.
	Interactive bool
	// Width and Height in CSS pixels; zero means DefaultWidth/DefaultHeight.
	Width, Height float64
	// Legend places the legend; the zero value keeps it off the data.
	Legend LegendPos
	// TicksAtX puts the x ticks at the data's x values (D = 1, 2, 5, 10,
	// 20, 30) instead of nice round steps; labels that would collide are
	// dropped.
	TicksAtX bool
	// YMin, YMax fix the y range when YMin < YMax (zoom on the region of
	// interest; what lies outside is clipped); otherwise the y axis spans
	// the data, bands and error bars included. XMin, XMax likewise.
	YMin, YMax, XMin, XMax float64
}

func (l *Line) validate() (float64, float64, error) {
	if l == nil {
		return 0, 0, errNil("Line")
	}
	const kind = "line chart"
	if err := checkScale(kind, l.Scale); err != nil {
		return 0, 0, err
	}
	if err := checkLegendPos(kind, l.Legend); err != nil {
		return 0, 0, err
	}
	if err := checkRange(kind, "[YMin, YMax]", l.YMin, l.YMax, l.Scale.logY()); err != nil {
		return 0, 0, err
	}
	if err := checkRange(kind, "[XMin, XMax]", l.XMin, l.XMax, l.Scale.logX()); err != nil {
		return 0, 0, err
	}
	if err := checkNonEmpty(kind, "Series", len(l.Series)); err != nil {
		return 0, 0, err
	}
	for i, s := range l.Series {
		name := fmt.Sprintf("Series[%d] %q", i, s.Name)
		if err := checkNonEmpty(kind, name+".Y", len(s.Y)); err != nil {
			return 0, 0, err
		}
		if err := checkXY(kind, name+".X", s.X, name+".Y", s.Y); err != nil {
			return 0, 0, err
		}
		if err := checkErrBars(kind, name+".Err", s.Err, name+".Y", s.Y); err != nil {
			return 0, 0, err
		}
		if s.Dash < 0 || s.Dash >= nDash {
			return 0, 0, klearn.Errorf(klearn.ErrParam, "viz: %s: %s.Dash = %d is not a dash style", kind, name, int(s.Dash))
		}
		if l.Scale.logX() {
			if err := checkPositive(kind, "x", name+".X", s.X); err != nil {
				return 0, 0, err
			}
		}
		if l.Scale.logY() {
			if err := checkPositive(kind, "y", name+".Y", s.Y); err != nil {
				return 0, 0, err
			}
			for j := range s.Err {
				if lo := s.Y[j] - s.Err[j]; !(lo > 0) {
					return 0, 0, klearn.Errorf(klearn.ErrParam, "viz: %s: %s: Y[%d] − Err[%d] = %g is not positive on a log y axis", kind, name, j, j, lo)
				}
			}
		}
	}
	xlo, xhi, ylo, yhi := l.extent()
	if err := checkSpan(kind, "x", xlo, xhi); err != nil {
		return 0, 0, err
	}
	if err := checkSpan(kind, "y (with Err)", ylo, yhi); err != nil {
		return 0, 0, err
	}
	return pxSize("line chart", l.Width, l.Height)
}

// extent is the range of the data, ±Err included.
func (l *Line) extent() (xlo, xhi, ylo, yhi float64) {
	xlo, ylo = math.Inf(1), math.Inf(1)
	xhi, yhi = math.Inf(-1), math.Inf(-1)
	for _, s := range l.Series {
		for k := range s.X {
			e := 0.0
			if s.Err != nil {
				e = s.Err[k]
			}
			xlo, xhi = math.Min(xlo, s.X[k]), math.Max(xhi, s.X[k])
			ylo, yhi = math.Min(ylo, s.Y[k]-e), math.Max(yhi, s.Y[k]+e)
		}
	}
	return xlo, xhi, ylo, yhi
}

// sorted returns the series' points ordered by X.
func (s Series) sorted() (x, y, e []float64) {
	idx := make([]int, len(s.X))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return s.X[idx[a]] < s.X[idx[b]] })
	x = make([]float64, len(idx))
	y = make([]float64, len(idx))
	if s.Err != nil {
		e = make([]float64, len(idx))
	}
	for k, i := range idx {
		x[k], y[k] = s.X[i], s.Y[i]
		if e != nil {
			e[k] = s.Err[i]
		}
	}
	return x, y, e
}

type yerrs struct {
	plotter.XYs
	plotter.YErrors
}

// denseMarkers is the number of points above which a series carries a
// marker on about half as many of them, not on every one: markers on a
// dense curve (a function drawn on a fine grid) merge into a thick band.
const denseMarkers = 30

// markedPoints returns the points of series i (of ns) that carry a
// marker: all of them up to denseMarkers points, else every k-th with
// k = ⌈n / (denseMarkers/2)⌉, starting at an offset that staggers the
// series, so that the markers of coinciding curves do not overlap.
func markedPoints(xys plotter.XYs, i, ns int) plotter.XYs {
	n := len(xys)
	if n <= denseMarkers {
		return xys
	}
	k := (n + denseMarkers/2 - 1) / (denseMarkers / 2)
	var out plotter.XYs
	for j := (i * k / max(ns, 1)) % k; j < n; j += k {
		out = append(out, xys[j])
	}
	return out
}

// markerShapes tell series apart without colour; successive series get
// slightly smaller markers, so coinciding points of two series both show.
var markerShapes = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.BoxGlyph{}, draw.PyramidGlyph{}, draw.RingGlyph{}, draw.SquareGlyph{}, draw.TriangleGlyph{}}

func markerRadius(i int) vg.Length { return vg.Points(3.4 - 0.5*float64(min(i, 3))) }

func (l *Line) figure() (figure, error) {
	w, h, err := l.validate()
	if err != nil {
		return figure{}, err
	}
	pn := newPanel(l.Title, l.XLabel, l.YLabel, l.Scale, l.Legend)
	p := pn.p
	p.Add(plotter.NewGrid())
	var xs []float64
	for _, s := range l.Series {
		xs = append(xs, s.X...)
	}
	pn.xt.data = distinct(xs)
	pn.xt.at = l.TicksAtX
	// Draw order: every band, then every error bar and line, then every
	// marker, so no band or line hides another series' markers.
	var lines, marks []plot.Plotter
	for i, s := range l.Series {
		col := seriesColor(i)
		x, y, e := s.sorted()
		xys := make(plotter.XYs, len(x))
		for k := range x {
			xys[k] = plotter.XY{X: x[k], Y: y[k]}
		}
		var thumbs []plot.Thumbnailer
		if e != nil && !l.ErrorBars {
			band := make(plotter.XYs, 0, 2*len(x))
			for k := range x {
				band = append(band, plotter.XY{X: x[k], Y: y[k] + e[k]})
			}
			for k := len(x) - 1; k >= 0; k-- {
				band = append(band, plotter.XY{X: x[k], Y: y[k] - e[k]})
			}
			poly, err := plotter.NewPolygon(band)
			if err != nil {
				return figure{}, fmt.Errorf("viz: line chart band: %w", err)
			}
			poly.Color = withAlpha(col, 50)
			poly.LineStyle.Width = 0
			addData(p, poly)
			thumbs = append(thumbs, bandThumb{withAlpha(col, 50)})
		}
		if e != nil && l.ErrorBars {
			ye := make(plotter.YErrors, len(e))
			for k := range e {
				ye[k].Low, ye[k].High = e[k], e[k]
			}
			bars, err := plotter.NewYErrorBars(yerrs{xys, ye})
			if err != nil {
				return figure{}, fmt.Errorf("viz: line chart error bars: %w", err)
			}
			bars.LineStyle.Color = col
			bars.CapWidth = vg.Points(5)
			lines = append(lines, bars)
		}
		ln, pts, err := plotter.NewLinePoints(xys)
		if err != nil {
			return figure{}, fmt.Errorf("viz: line chart: %w", err)
		}
		ln.Color = col
		ln.Width = vg.Points(1.5)
		ln.Dashes = s.Dash.pattern()
		pts.Color = col
		pts.Shape = markerShapes[i%len(markerShapes)]
		pts.Radius = markerRadius(i)
		pts.XYs = markedPoints(xys, i, len(l.Series))
		lines = append(lines, ln)
		marks = append(marks, pts)
		if s.Name != "" {
			pn.entries = append(pn.entries, legendEntry{s.Name, append(thumbs, ln, pts)})
		}
	}
	addData(p, lines...)
	addData(p, marks...)
	if err := fixLogRange("line chart", p, l.Scale); err != nil {
		return figure{}, err
	}
	fixRanges(p, l.XMin, l.XMax, l.YMin, l.YMax)
	return figure{pn, points(w), points(h)}, nil
}

// bandThumb is the legend key of a ±Err band: a light box behind the line.
type bandThumb struct{ c color.Color }

func (b bandThumb) Thumbnail(c *draw.Canvas) {
	r := c.Rectangle
	mid := (r.Min.Y + r.Max.Y) / 2
	hh := (r.Max.Y - r.Min.Y) * 0.35
	c.SetColor(b.c)
	c.Fill(vg.Rectangle{Min: vg.Point{X: r.Min.X, Y: mid - hh}, Max: vg.Point{X: r.Max.X, Y: mid + hh}}.Path())
}

func (l *Line) echart() (ecChart, error) {
	w, h, err := l.validate()
	if err != nil {
		return ecChart{}, err
	}
	c := charts.NewLine()
	ya := ecYAxis(l.YLabel, l.Scale.logY())
	xa := ecXAxis(l.XLabel, l.Scale.logX())
	// The y axis spans the bands too (ECharts sees only the lines' data),
	// with nice ends; the bands are clipped to the grid.
	_, _, ylo, yhi := l.extent()
	if l.YMin < l.YMax {
		ylo, yhi = l.YMin, l.YMax
		ya.Min, ya.Max = ylo, yhi
	} else if lo, hi, ok := niceRange(ylo, yhi, l.Scale.logY()); ok {
		ya.Min, ya.Max = lo, hi
	}
	if l.XMin < l.XMax {
		xa.Min, xa.Max = l.XMin, l.XMax
	}
	c.SetGlobalOptions(append(ecGlobal(l.Title, l.XLabel, l.YLabel, w, h),
		charts.WithXAxisOpts(xa),
		charts.WithYAxisOpts(ya),
	)...)
	var bands []string
	for i, s := range l.Series {
		col := palette10[i%len(palette10)]
		x, y, e := s.sorted()
		name := seriesName(s.Name, "series", i)
		if e != nil {
			bands = append(bands, bandPolygon(name, col, x, y, e))
		}
		d := make([]opts.LineData, len(x))
		for k := range x {
			d[k] = opts.LineData{Value: []float64{x[k], y[k]}}
		}
		c.AddSeries(name, d,
			charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(true), Symbol: ecSymbols[i%len(ecSymbols)], SymbolSize: 6}),
			charts.WithLineStyleOpts(opts.LineStyle{Color: col, Width: 2}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: col}),
		)
	}
	xlo, xhi, _, _ := l.extent()
	option, err := withLogAxes(optionJSON(c), w, h, [2]float64{xlo, xhi}, [2]float64{ylo, yhi})
	if err != nil {
		return ecChart{}, err
	}
	option, err = withDashes(option, l.Series)
	if err != nil {
		return ecChart{}, err
	}
	var xs []float64
	for _, s := range l.Series {
		xs = append(xs, s.X...)
	}
	if ticks := l.ecXTicks(distinct(xs)); ticks != nil {
		if option, err = withXTicks(option, ticks); err != nil {
			return ecChart{}, err
		}
	}
	option, err = withSeries(option, bands)
	if err != nil {
		return ecChart{}, err
	}
	return ecChart{kind: "line", option: option, w: w, h: h}, nil
}

// bandPolygon is an ECharts custom series drawing the ±Err band of one
// series as a filled polygon behind its line (ECharts has no band series, and
// stacking misbehaves on value x axes). The polygon's corners are data
// coordinates, mapped by api.coord, so log axes work.
func bandPolygon(name, col string, x, y, e []float64) string {
	var pts strings.Builder
	pts.WriteString("[")
	for k := range x {
		fmt.Fprintf(&pts, "[%s,%s],", jsNum(x[k]), jsNum(y[k]+e[k]))
	}
	for k := len(x) - 1; k >= 0; k-- {
		fmt.Fprintf(&pts, "[%s,%s]", jsNum(x[k]), jsNum(y[k]-e[k]))
		if k > 0 {
			pts.WriteString(",")
		}
	}
	pts.WriteString("]")
	nm, _ := json.Marshal(name)
	return fmt.Sprintf(`{"type":"custom","name":%s,"silent":true,"z":1,"clip":true,"tooltip":{"show":false},"data":[[%s,%s]],`+
		`"renderItem":function(params, api){if(params.dataIndex!==0){return;}var p=%s,q=[];for(var i=0;i<p.length;i++){q.push(api.coord(p[i]));}`+
		`return {type:'polygon',shape:{points:q},style:{fill:%q,opacity:0.25}};}}`,
		nm, jsNum(x[0]), jsNum(y[0]), pts.String(), col)
}

// ecSymbols are the ECharts markers of successive series (as the static
// charts' marker shapes).
var ecSymbols = []string{"circle", "rect", "triangle", "diamond", "pin", "arrow"}

// niceRange widens [lo, hi] to nice round ends (powers of ten on a log
// axis); ok is false when no finite range results.
func niceRange(lo, hi float64, log bool) (float64, float64, bool) {
	if !(lo <= hi) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return 0, 0, false
	}
	if log {
		if !(lo > 0) {
			return 0, 0, false
		}
		nlo, nhi := math.Pow(10, math.Floor(math.Log10(lo))), math.Pow(10, math.Ceil(math.Log10(hi)))
		if !(nlo > 0) {
			nlo = lo
		}
		if math.IsInf(nhi, 0) {
			nhi = hi
		}
		return nlo, nhi, true
	}
	t := axisTicks{}
	ticks, prio := t.linearTicks(lo, hi)
	step := math.Inf(1)
	var last float64
	first := true
	for i, tk := range ticks {
		if prio[i] < 0 {
			continue
		}
		if !first {
			step = math.Min(step, tk.Value-last)
		}
		last, first = tk.Value, false
	}
	if math.IsInf(step, 0) || !(step > 0) {
		return lo, hi, lo < hi
	}
	nlo, nhi := roundSig(math.Floor(lo/step)*step, 12), roundSig(math.Ceil(hi/step)*step, 12)
	if math.IsInf(nlo, 0) || math.IsInf(nhi, 0) || nlo > lo || nhi < hi {
		return lo, hi, lo < hi
	}
	return nlo, nhi, true
}

// ecXTicks are the x values the interactive chart labels: the data's x
// with TicksAtX; nil leaves the ticks to withLogAxes on a log axis and to
// ECharts on a linear one.
func (l *Line) ecXTicks(xs []float64) []float64 {
	if l.TicksAtX {
		return xs
	}
	return nil
}

// withXTicks puts the x axis ticks and labels at the given values
// (ECharts ≥ 5.5 customValues).
func withXTicks(option string, vals []float64) (string, error) {
	var o map[string]any
	if err := json.Unmarshal([]byte(option), &o); err != nil {
		return "", fmt.Errorf("viz: line chart: option: %w", err)
	}
	axes, _ := o["xAxis"].([]any)
	for _, a := range axes {
		m, _ := a.(map[string]any)
		if m == nil {
			continue
		}
		for _, k := range []string{"axisTick", "axisLabel"} {
			sub, _ := m[k].(map[string]any)
			if sub == nil {
				sub = map[string]any{}
				m[k] = sub
			}
			sub["customValues"] = vals
		}
		if len(vals) > 0 {
			m["min"], m["max"] = vals[0], vals[len(vals)-1]
		}
	}
	b, err := json.Marshal(o)
	if err != nil {
		return "", fmt.Errorf("viz: line chart: option: %w", err)
	}
	return string(b), nil
}

// withDashes sets lineStyle.type on the series whose Dash is not Solid
// (go-echarts' LineStyle takes only a string, and ECharts also takes a
// dash array).
func withDashes(option string, ss []Series) (string, error) {
	var o map[string]any
	if err := json.Unmarshal([]byte(option), &o); err != nil {
		return "", fmt.Errorf("viz: line chart: option: %w", err)
	}
	series, _ := o["series"].([]any)
	changed := false
	for i, s := range ss {
		if s.Dash == Solid || i >= len(series) {
			continue
		}
		m, _ := series[i].(map[string]any)
		ls, _ := m["lineStyle"].(map[string]any)
		if ls == nil {
			ls = map[string]any{}
			m["lineStyle"] = ls
		}
		ls["type"] = s.Dash.echarts()
		changed = true
	}
	if !changed {
		return option, nil
	}
	b, err := json.Marshal(o)
	if err != nil {
		return "", fmt.Errorf("viz: line chart: option: %w", err)
	}
	return string(b), nil
}

func jsNum(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// withSeries appends raw JavaScript series objects to the option's series
// array. The option JSON from go-echarts ends its series array with "]" right
// where "series":[ … ] closes; we find it by decoding positions.
func withSeries(option string, extra []string) (string, error) {
	if len(extra) == 0 {
		return option, nil
	}
	i := strings.Index(option, `"series":[`)
	if i < 0 {
		return "", fmt.Errorf("viz: line chart: no series in the ECharts option")
	}
	start := i + len(`"series":`)
	dec := json.NewDecoder(strings.NewReader(option[start:]))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return "", fmt.Errorf("viz: line chart: option series: %w", err)
	}
	end := start + int(dec.InputOffset()) - 1 // index of the closing ']'
	return option[:end] + "," + strings.Join(extra, ",") + option[end:], nil
}

// SVG renders the chart as SVG.
func (l *Line) SVG() ([]byte, error) { return renderSVG(l.figure()) }

// PNG renders the chart as PNG.
func (l *Line) PNG() ([]byte, error) { return renderPNG(l.figure()) }

// HTML renders the interactive chart (ECharts inlined).
func (l *Line) HTML() ([]byte, error) { return echartHTML(l) }

// Show displays the chart in a notebook: the ECharts version when
// Interactive, else the SVG. It is a no-op outside GoNB.
func (l *Line) Show() error { return showChart(l, "Line", func() bool { return l.Interactive }) }

func orDefault(v, d float64) float64 {
	if v == 0 {
		return d
	}
	return v
}
