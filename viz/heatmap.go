package viz

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"reflect"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/kernelab/kernelab/klearn"
)

// PointSet is a named set of 2-D points, e.g. the training points of one
// class drawn over a decision surface, or learned parameter pairs
// (Argyriou et al. (2006) Fig. 2).
type PointSet struct {
	Name string
	X, Y []float64
}

func (s PointSet) validate(kind, name string, sc Scale) error {
	if err := checkNonEmpty(kind, name+".X", len(s.X)); err != nil {
		return err
	}
	if err := checkXY(kind, name+".X", s.X, name+".Y", s.Y); err != nil {
		return err
	}
	return checkLogAxes(kind, name+".X", s.X, name+".Y", s.Y, sc)
}

// HeatMap draws a matrix or a function sampled on a grid as colours, with an
// optional colour bar, contour lines and points on top: Gram matrices, the
// objective surface F(μ1, μ2) of Cortes et al. (2009) Fig. 1, decision surfaces of 2-D
// classifiers with their training points (Colbert & Peet (2020) Fig. 6).
//
// Z[i][j] is the value in row i and column j. With X and Y nil the chart is
// a matrix picture: column j at x = j, row i at y = i, row 0 at the top. With
// X (len = columns) and Y (len = rows) set, Z[i][j] is the value at
// (X[j], Y[i]) and y increases upwards; X and Y must be strictly increasing.
type HeatMap struct {
	Title, XLabel, YLabel string
	Z                     [][]float64
	X, Y                  []float64
	// Contours lists levels at which contour lines are drawn (e.g. {0} for
	// a decision boundary). Static rendering only.
	Contours []float64
	// Points are drawn over the map, one marker shape per set. Static
	// rendering only.
	Points []PointSet
	// VLines and HLines draw thin grey reference lines across the map at
	// these x and y values (e.g. the tile edges of a tessellation). Static
	// rendering only.
	VLines, HLines []float64
	// Diverging uses a blue–white–red colour map symmetric about zero
	// (decision functions, signed values); otherwise a sequential map.
	Diverging bool
	// NoColorBar hides the colour bar.
	NoColorBar  bool
	Interactive bool
	Width       float64
	Height      float64
}

// Rows copies a gonum matrix into the [][]float64 that HeatMap.Z takes.
// A nil matrix (or typed nil pointer) gives nil, which a HeatMap reports as
// an empty Z.
func Rows(m mat.Matrix) [][]float64 {
	if m == nil {
		return nil
	}
	if v := reflect.ValueOf(m); v.Kind() == reflect.Pointer && v.IsNil() {
		return nil
	}
	r, c := m.Dims()
	z := make([][]float64, r)
	for i := range z {
		z[i] = make([]float64, c)
		for j := range z[i] {
			z[i][j] = m.At(i, j)
		}
	}
	return z
}

func (hm *HeatMap) validate() (zmin, zmax float64, err error) {
	if hm == nil {
		return 0, 0, errNil("HeatMap")
	}
	const kind = "heat map"
	if err := checkNonEmpty(kind, "Z", len(hm.Z)); err != nil {
		return 0, 0, err
	}
	cols := len(hm.Z[0])
	if err := checkNonEmpty(kind, "Z[0]", cols); err != nil {
		return 0, 0, err
	}
	zmin, zmax = math.Inf(1), math.Inf(-1)
	for i, row := range hm.Z {
		if len(row) != cols {
			return 0, 0, klearn.Errorf(klearn.ErrShape, "viz: %s: len(Z[%d]) = %d but len(Z[0]) = %d", kind, i, len(row), cols)
		}
		if err := checkFinite(kind, fmt.Sprintf("Z[%d]", i), row); err != nil {
			return 0, 0, err
		}
		for _, v := range row {
			zmin, zmax = math.Min(zmin, v), math.Max(zmax, v)
		}
	}
	if (hm.X == nil) != (hm.Y == nil) {
		return 0, 0, klearn.Errorf(klearn.ErrShape, "viz: %s: set both X and Y or neither", kind)
	}
	if hm.X != nil {
		if len(hm.X) != cols || len(hm.Y) != len(hm.Z) {
			return 0, 0, klearn.Errorf(klearn.ErrShape, "viz: %s: Z is %d×%d but len(Y) = %d, len(X) = %d", kind, len(hm.Z), cols, len(hm.Y), len(hm.X))
		}
		for _, a := range []struct {
			n string
			v []float64
		}{{"X", hm.X}, {"Y", hm.Y}} {
			if err := checkFinite(kind, a.n, a.v); err != nil {
				return 0, 0, err
			}
			for k := 1; k < len(a.v); k++ {
				if !(a.v[k] > a.v[k-1]) {
					return 0, 0, klearn.Errorf(klearn.ErrParam, "viz: %s: %s is not strictly increasing at %d", kind, a.n, k)
				}
			}
		}
	}
	if err := checkFinite(kind, "Contours", hm.Contours); err != nil {
		return 0, 0, err
	}
	if err := checkFinite(kind, "VLines", hm.VLines); err != nil {
		return 0, 0, err
	}
	if err := checkFinite(kind, "HLines", hm.HLines); err != nil {
		return 0, 0, err
	}
	for i, s := range hm.Points {
		if err := s.validate(kind, fmt.Sprintf("Points[%d] %q", i, s.Name), Linear); err != nil {
			return 0, 0, err
		}
	}
	if hm.Diverging {
		m := math.Max(math.Abs(zmin), math.Abs(zmax))
		zmin, zmax = -m, m
	}
	zmin, zmax = widen(zmin, zmax)
	if err := checkSpan(kind, "Z (colour scale)", zmin, zmax); err != nil {
		return 0, 0, err
	}
	if hm.X != nil {
		if err := checkSpan(kind, "X", hm.X[0], hm.X[len(hm.X)-1]); err != nil {
			return 0, 0, err
		}
		if err := checkSpan(kind, "Y", hm.Y[0], hm.Y[len(hm.Y)-1]); err != nil {
			return 0, 0, err
		}
	}
	if err := checkPointSpan(kind, hm.Points); err != nil {
		return 0, 0, err
	}
	return zmin, zmax, nil
}

// matrix reports whether the map is drawn as a matrix (row 0 on top).
func (hm *HeatMap) matrix() bool { return hm.X == nil }

// grid adapts HeatMap to plotter.GridXYZ; in matrix mode rows are flipped
// so that row 0 is drawn at the top.
type grid struct{ hm *HeatMap }

func (g grid) Dims() (c, r int) { return len(g.hm.Z[0]), len(g.hm.Z) }
func (g grid) Z(c, r int) float64 {
	if g.hm.matrix() {
		return g.hm.Z[len(g.hm.Z)-1-r][c]
	}
	return g.hm.Z[r][c]
}
func (g grid) X(c int) float64 {
	if g.hm.matrix() {
		return float64(c)
	}
	return g.hm.X[c]
}
func (g grid) Y(r int) float64 {
	if g.hm.matrix() {
		return float64(r)
	}
	return g.hm.Y[r]
}

// safeContour returns gonum's contour plotter for the levels, tried on a
// recording canvas first: gonum/plot panics ("not a linear path") when a
// level passes exactly through grid vertices along a line. Then the levels
// are nudged by 10⁻⁹ and 10⁻⁷ of the value range, invisible in the figure.
func safeContour(g plotter.GridXYZ, levels []float64, span float64) (*plotter.Contour, error) {
	var last any
	for _, eps := range []float64{0, 1e-9, -1e-9, 1e-7} {
		lv := make([]float64, len(levels))
		for i, v := range levels {
			lv[i] = v + eps*span
		}
		ct := plotter.NewContour(g, lv, blackPalette{})
		ct.LineStyles = []draw.LineStyle{{Color: color.Black, Width: vg.Points(1.5)}}
		ct.Min, ct.Max = math.Inf(-1), math.Inf(1)
		if last = tryPlot(ct); last == nil {
			return ct, nil
		}
	}
	return nil, klearn.Errorf(klearn.ErrParam, "viz: heat map: gonum/plot cannot trace the contours %v of this grid: %v", levels, last)
}

// tryPlot draws ps on a recording canvas and returns what it panicked
// with, if anything.
func tryPlot(ps plot.Plotter) (bad any) {
	defer func() { bad = recover() }()
	p := plot.New()
	p.Add(ps)
	p.Draw(draw.New(newRecorder(vg.Points(300), vg.Points(300))))
	return nil
}

// matrixTicks marks whole row or column indices of a matrix picture;
// with flip, the y axis counts rows from the top.
type matrixTicks struct {
	*axisTicks
	n    int
	flip bool
}

func (t matrixTicks) Ticks(lo, hi float64) []plot.Tick {
	m := float64(t.n - 1)
	if t.flip { // place the ticks in row numbers, counted from the top
		lo, hi = m-hi, m-lo
	}
	ticks := t.axisTicks.Ticks(lo, hi)
	out := ticks[:0]
	for _, tk := range ticks {
		if tk.Value != math.Trunc(tk.Value) || tk.Value < 0 || tk.Value > m {
			continue
		}
		if tk.Label != "" {
			tk.Label = strconv.Itoa(int(tk.Value))
		}
		if t.flip {
			tk.Value = m - tk.Value
		}
		out = append(out, tk)
	}
	return out
}

func uniform(v []float64) bool {
	if len(v) < 3 {
		return true
	}
	d := v[1] - v[0]
	for k := 2; k < len(v); k++ {
		if math.Abs(v[k]-v[k-1]-d) > 1e-9*math.Abs(d) {
			return false
		}
	}
	return true
}

func (hm *HeatMap) colorMap(zmin, zmax float64) palette.ColorMap {
	var cm palette.ColorMap
	if hm.Diverging {
		cm = moreland.SmoothBlueRed()
	} else {
		cm = viridis()
	}
	cm.SetMin(zmin)
	cm.SetMax(zmax)
	return cm
}

// colorSteps samples cm at n evenly spaced values of [lo, hi] (what
// ColorMap.Palette does, but clamping rounding at the ends instead of
// panicking on ranges of subnormal width).
func colorSteps(cm palette.ColorMap, lo, hi float64, n int) palette.Palette {
	cs := make(colors, n)
	for k := range cs {
		v := lo + (hi/2-lo/2)*2*float64(k)/float64(n-1)
		c, err := cm.At(math.Min(math.Max(v, lo), hi))
		if err != nil {
			c = color.Gray{Y: 128}
		}
		cs[k] = c
	}
	return cs
}

type colors []color.Color

func (c colors) Colors() []color.Color { return c }

// viridis is a perceptually uniform sequential colour map through the
// viridis control colours (monotone luminance, readable in grey scale).
func viridis() palette.ColorMap {
	ctrl := []color.Color{
		color.NRGBA{0x44, 0x01, 0x54, 255}, color.NRGBA{0x3b, 0x52, 0x8b, 255},
		color.NRGBA{0x21, 0x91, 0x8c, 255}, color.NRGBA{0x5e, 0xc9, 0x62, 255},
		color.NRGBA{0xfd, 0xe7, 0x25, 255},
	}
	cm, err := moreland.NewLuminance(ctrl)
	if err != nil {
		// The control colours are fixed and valid; fall back regardless.
		return moreland.Kindlmann()
	}
	return cm
}

type blackPalette struct{}

func (blackPalette) Colors() []color.Color { return []color.Color{color.Black} }

var glyphShapes = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.PyramidGlyph{}, draw.BoxGlyph{}, draw.RingGlyph{}, draw.CrossGlyph{}, draw.PlusGlyph{}}

// pointColors are the fills of overlaid points: chosen to stand out on both
// colour maps.
var pointColors = []color.RGBA{{255, 255, 255, 255}, {255, 215, 0, 255}, {0, 200, 0, 255}, {255, 0, 255, 255}, {0, 255, 255, 255}, {128, 128, 128, 255}}

func addPointSets(pn *panel, sets []PointSet, overlay bool) error {
	p := pn.p
	for i, s := range sets {
		xys := make(plotter.XYs, len(s.X))
		for k := range s.X {
			xys[k] = plotter.XY{X: s.X[k], Y: s.Y[k]}
		}
		shape := glyphShapes[i%len(glyphShapes)]
		var thumbs []plot.Thumbnailer
		if overlay {
			outer, err := plotter.NewScatter(xys)
			if err != nil {
				return fmt.Errorf("viz: points: %w", err)
			}
			outer.Shape, outer.Color, outer.Radius = shape, color.Black, vg.Points(3.6)
			inner, _ := plotter.NewScatter(xys)
			inner.Shape, inner.Color, inner.Radius = shape, pointColors[i%len(pointColors)], vg.Points(2.4)
			addData(p, outer, inner)
			thumbs = []plot.Thumbnailer{outer, inner}
		} else {
			sc, err := plotter.NewScatter(xys)
			if err != nil {
				return fmt.Errorf("viz: points: %w", err)
			}
			sc.Shape, sc.Color, sc.Radius = shape, seriesColor(i), markerRadius(i)
			addData(p, sc)
			thumbs = []plot.Thumbnailer{sc}
		}
		if s.Name != "" {
			pn.entries = append(pn.entries, legendEntry{s.Name, thumbs})
		}
	}
	return nil
}

// colorBarDrawer draws the main plot and a vertical colour bar at its
// right, spanning the plot area's height, ticks and labels on its right.
type colorBarDrawer struct {
	main *panel
	bar  *colorBar // nil: no colour bar
}

// colorBar is a vertical gradient image of a colour map with a frame and
// labelled ticks at its right.
type colorBar struct {
	cm      palette.ColorMap
	lo, hi  float64
	ticks   *axisTicks
	labelSt draw.TextStyle
}

const colorBarWidth = vg.Length(12)

// width is the horizontal space the bar takes on a canvas of height h:
// gap, bar, ticks, labels (the widest of the labellings the bar's height
// may get).
func (b *colorBar) width(h vg.Length) vg.Length {
	w := vg.Length(0)
	for _, l := range []vg.Length{0, h, h * 0.9, h * 0.8, h * 0.7, h * 0.6} {
		b.ticks.length = l
		for _, t := range b.ticks.Ticks(b.lo, b.hi) {
			w = max(w, b.labelSt.Width(t.Label))
		}
	}
	return 10 + colorBarWidth + 4 + 3 + w + 4
}

func (b *colorBar) draw(c draw.Canvas, x vg.Length, lo, hi vg.Length) {
	beginTag(c, tagBar)
	defer endTag(c)
	const n = 256
	img := image.NewNRGBA(image.Rect(0, 0, 1, n))
	for k := 0; k < n; k++ {
		v := b.lo + (b.hi-b.lo)*(float64(k)+0.5)/n
		if math.IsInf(b.hi-b.lo, 0) {
			v = b.lo + (b.hi/2-b.lo/2)*2*(float64(k)+0.5)/n
		}
		col, err := b.cm.At(math.Min(math.Max(v, b.lo), b.hi))
		if err != nil {
			col = color.Gray{Y: 128}
		}
		img.Set(0, n-1-k, col)
	}
	r := vg.Rectangle{Min: vg.Point{X: x, Y: lo}, Max: vg.Point{X: x + colorBarWidth, Y: hi}}
	c.DrawImage(r, img)
	ls := draw.LineStyle{Color: color.Gray{Y: 60}, Width: vg.Points(0.5)}
	c.StrokeLines(ls, []vg.Point{r.Min, {X: r.Max.X, Y: r.Min.Y}, r.Max, {X: r.Min.X, Y: r.Max.Y}, r.Min})
	b.ticks.length = hi - lo
	sty := b.labelSt
	sty.XAlign, sty.YAlign = draw.XLeft, draw.YCenter
	for _, t := range b.ticks.Ticks(b.lo, b.hi) {
		y := lo + vg.Length((t.Value/2-b.lo/2)/(b.hi/2-b.lo/2))*(hi-lo)
		tl := vg.Length(2)
		if t.Label != "" {
			tl = 4
		}
		c.StrokeLine2(ls, r.Max.X, y, r.Max.X+tl, y)
		if t.Label != "" {
			c.FillText(sty, vg.Point{X: r.Max.X + 7, Y: y}, t.Label)
		}
	}
}

func (d colorBarDrawer) draw(c draw.Canvas) {
	if d.bar == nil {
		d.main.draw(c)
		return
	}
	mc := c
	mc.Max.X -= d.bar.width(c.Max.Y - c.Min.Y)
	if d.main.p.Title.Text == "" {
		mc.Max.Y -= vg.Points(6) // room for the bar's top label
	}
	da := d.main.drawArea(mc)
	d.bar.draw(c, mc.Max.X+10, da.Min.Y, da.Max.Y)
}

func (hm *HeatMap) figure() (figure, error) {
	zmin, zmax, err := hm.validate()
	if err != nil {
		return figure{}, err
	}
	w, h, err := size("heat map", hm.Width, hm.Height)
	if err != nil {
		return figure{}, err
	}
	pos := LegendNone
	for _, s := range hm.Points {
		if s.Name != "" {
			pos = LegendRight // the field fills the plot area: no free corner
		}
	}
	pn := newPanel(hm.Title, hm.XLabel, hm.YLabel, Linear, pos)
	p := pn.p
	p.X.Padding, p.Y.Padding = 0, 0 // the field meets the axes
	cm := hm.colorMap(zmin, zmax)
	g := grid{hm}
	heat := plotter.NewHeatMap(g, colorSteps(cm, zmin, zmax, 255))
	heat.Min, heat.Max = zmin, zmax
	rows, cols := len(hm.Z), len(hm.Z[0])
	// Large grids (sampled surfaces) are drawn as one image: small SVGs and
	// no seams. It needs evenly spaced cells and smooths between them, so
	// small matrices keep one rectangle per cell.
	heat.Rasterized = rows*cols > 2500 && (hm.matrix() || (uniform(hm.X) && uniform(hm.Y)))
	addData(p, heat)
	// The axes span the field exactly (points beyond it are clipped).
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = heat.DataRange()
	if hm.matrix() {
		p.X.Tick.Marker = matrixTicks{pn.xt, cols, false}
		p.Y.Tick.Marker = matrixTicks{pn.yt, rows, true}
	}
	if len(hm.Contours) > 0 {
		if rows < 2 || cols < 2 {
			return figure{}, klearn.Errorf(klearn.ErrShape, "viz: heat map: contours need at least a 2×2 grid, have %d×%d", rows, cols)
		}
		ct, err := safeContour(g, hm.Contours, zmax-zmin)
		if err != nil {
			return figure{}, err
		}
		addData(p, ct)
	}
	ref := draw.LineStyle{Color: color.Gray{Y: 90}, Width: vg.Points(0.6)}
	for _, v := range hm.VLines {
		if v < p.X.Min || v > p.X.Max {
			continue // off the field; the axes keep its span
		}
		l, err := plotter.NewLine(plotter.XYs{{X: v, Y: p.Y.Min}, {X: v, Y: p.Y.Max}})
		if err != nil {
			return figure{}, err
		}
		l.LineStyle = ref
		addData(p, l)
	}
	for _, v := range hm.HLines {
		if v < p.Y.Min || v > p.Y.Max {
			continue
		}
		l, err := plotter.NewLine(plotter.XYs{{X: p.X.Min, Y: v}, {X: p.X.Max, Y: v}})
		if err != nil {
			return figure{}, err
		}
		l.LineStyle = ref
		addData(p, l)
	}
	if err := addPointSets(pn, hm.Points, true); err != nil {
		return figure{}, err
	}
	d := colorBarDrawer{main: pn}
	if !hm.NoColorBar {
		at := &axisTicks{vertical: true, sty: &p.Y.Tick.Label}
		d.bar = &colorBar{cm: cm, lo: zmin, hi: zmax, ticks: at, labelSt: p.Y.Tick.Label}
	}
	return figure{d, w, h}, nil
}

// SVG renders the chart as SVG.
func (hm *HeatMap) SVG() ([]byte, error) { return renderSVG(hm.figure()) }

// PNG renders the chart as PNG.
func (hm *HeatMap) PNG() ([]byte, error) { return renderPNG(hm.figure()) }

// ecSequential and ecDiverging approximate the static colour maps.
var (
	ecSequential = []string{"#440154", "#3b528b", "#21918c", "#5ec962", "#fde725"}
	ecDiverging  = []string{"#3b4cc0", "#8db0fe", "#dddddd", "#f49a7b", "#b40426"}
)

func (hm *HeatMap) echart() (ecChart, error) {
	zmin, zmax, err := hm.validate()
	if err != nil {
		return ecChart{}, err
	}
	w, h, err := pxSize("heat map", hm.Width, hm.Height)
	if err != nil {
		return ecChart{}, err
	}
	rows, cols := len(hm.Z), len(hm.Z[0])
	xl, yl := make([]string, cols), make([]string, rows)
	for j := range xl {
		if hm.matrix() {
			xl[j] = strconv.Itoa(j)
		} else {
			xl[j] = strconv.FormatFloat(hm.X[j], 'g', 4, 64)
		}
	}
	for i := range yl {
		if hm.matrix() {
			yl[i] = strconv.Itoa(i)
		} else {
			yl[i] = strconv.FormatFloat(hm.Y[i], 'g', 4, 64)
		}
	}
	data := make([]opts.HeatMapData, 0, rows*cols)
	for i := range hm.Z {
		for j, v := range hm.Z[i] {
			data = append(data, opts.HeatMapData{Value: [3]any{j, i, v}})
		}
	}
	colors := ecSequential
	if hm.Diverging {
		colors = ecDiverging
	}
	c := charts.NewHeatMap()
	c.SetGlobalOptions(append(ecGlobal(hm.Title, hm.XLabel, hm.YLabel, w, h),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", Data: xl, Name: richName(hm.XLabel), NameLocation: "middle", NameGap: 30}),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Data: yl, Name: richName(hm.YLabel), NameLocation: "middle", NameGap: 50, Inverse: opts.Bool(hm.matrix())}),
		charts.WithGridOpts(opts.Grid{Top: "50", Left: "70", Right: "90", Bottom: "60", ContainLabel: opts.Bool(true)}),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}),
		charts.WithVisualMapOpts(opts.VisualMap{
			Type: "continuous", Calculable: opts.Bool(true), Min: float32(zmin), Max: float32(zmax),
			Orient: "vertical", Right: "10", Top: "middle", InRange: &opts.VisualMapInRange{Color: colors},
		}),
	)...)
	c.SetXAxis(xl)
	c.AddSeries("value", data)
	return ecChart{kind: "heatmap", option: optionJSON(c), w: w, h: h}, nil
}

// HTML renders the interactive heat map (contours and points are not drawn).
func (hm *HeatMap) HTML() ([]byte, error) { return echartHTML(hm) }

// Show displays the chart in a notebook (a no-op outside GoNB).
func (hm *HeatMap) Show() error {
	return showChart(hm, "HeatMap", func() bool { return hm.Interactive })
}
