package viz

import (
	"fmt"
	"image/color"
	"math"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/kernelab/kernelab/klearn"
)

// Scatter draws point sets, one colour and marker per set: learned parameter
// pairs (Argyriou et al. (2006) Fig. 2), embeddings, predictions against targets.
type Scatter struct {
	Title, XLabel, YLabel string
	Sets                  []PointSet
	Scale                 Scale
	Interactive           bool
	Width, Height         float64
	// Legend places the legend; the zero value keeps it off the points.
	Legend LegendPos
	// XMin, XMax fix the x range when XMin < XMax (the range of a
	// parameter rather than of the points, with room at the edges);
	// otherwise the x axis spans the data. YMin, YMax likewise.
	XMin, XMax, YMin, YMax float64
}

func (s *Scatter) validate() (float64, float64, error) {
	if s == nil {
		return 0, 0, errNil("Scatter")
	}
	if err := checkScale("scatter", s.Scale); err != nil {
		return 0, 0, err
	}
	if err := checkLegendPos("scatter", s.Legend); err != nil {
		return 0, 0, err
	}
	if err := checkRange("scatter", "[XMin, XMax]", s.XMin, s.XMax, s.Scale.logX()); err != nil {
		return 0, 0, err
	}
	if err := checkRange("scatter", "[YMin, YMax]", s.YMin, s.YMax, s.Scale.logY()); err != nil {
		return 0, 0, err
	}
	if err := checkNonEmpty("scatter", "Sets", len(s.Sets)); err != nil {
		return 0, 0, err
	}
	for i, ps := range s.Sets {
		if err := ps.validate("scatter", fmt.Sprintf("Sets[%d] %q", i, ps.Name), s.Scale); err != nil {
			return 0, 0, err
		}
	}
	if err := checkPointSpan("scatter", s.Sets); err != nil {
		return 0, 0, err
	}
	return pxSize("scatter", s.Width, s.Height)
}

// checkPointSpan refuses point sets whose x or y range overflows.
func checkPointSpan(kind string, sets []PointSet) error {
	var xs, ys []float64
	for _, ps := range sets {
		xs, ys = append(xs, ps.X...), append(ys, ps.Y...)
	}
	if err := checkSpan(kind, "x", minOf(xs), maxOf(xs)); err != nil {
		return err
	}
	return checkSpan(kind, "y", minOf(ys), maxOf(ys))
}

func minOf(v []float64) float64 {
	m := math.Inf(1)
	for _, x := range v {
		m = math.Min(m, x)
	}
	return m
}

func maxOf(v []float64) float64 {
	m := math.Inf(-1)
	for _, x := range v {
		m = math.Max(m, x)
	}
	return m
}

func (s *Scatter) figure() (figure, error) {
	w, h, err := s.validate()
	if err != nil {
		return figure{}, err
	}
	pn := newPanel(s.Title, s.XLabel, s.YLabel, s.Scale, s.Legend)
	pn.p.Add(plotter.NewGrid())
	if err := addPointSets(pn, s.Sets, false); err != nil {
		return figure{}, err
	}
	if err := fixLogRange("scatter", pn.p, s.Scale); err != nil {
		return figure{}, err
	}
	fixRanges(pn.p, s.XMin, s.XMax, s.YMin, s.YMax)
	xs, _ := s.points()
	pn.xt.data = distinct(xs) // the y axis of a scatter labels decades only
	return figure{pn, points(w), points(h)}, nil
}

// points returns the x and the y values of every set, in order.
func (s *Scatter) points() (xs, ys []float64) {
	for _, ps := range s.Sets {
		xs, ys = append(xs, ps.X...), append(ys, ps.Y...)
	}
	return xs, ys
}

func (s *Scatter) echart() (ecChart, error) {
	w, h, err := s.validate()
	if err != nil {
		return ecChart{}, err
	}
	c := charts.NewScatter()
	c.SetGlobalOptions(append(ecGlobal(s.Title, s.XLabel, s.YLabel, w, h),
		charts.WithXAxisOpts(ecXAxis(s.XLabel, s.Scale.logX())),
		charts.WithYAxisOpts(ecYAxis(s.YLabel, s.Scale.logY())),
	)...)
	symbols := []string{"circle", "triangle", "rect", "diamond", "pin", "arrow"}
	for i, ps := range s.Sets {
		d := make([]opts.ScatterData, len(ps.X))
		for k := range ps.X {
			d[k] = opts.ScatterData{Value: []float64{ps.X[k], ps.Y[k]}}
		}
		name := seriesName(ps.Name, "set", i)
		c.AddSeries(name, d,
			charts.WithScatterChartOpts(opts.ScatterChart{Symbol: symbols[i%len(symbols)], SymbolSize: 8}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: palette10[i%len(palette10)]}))
	}
	xs, ys := s.points()
	option, err := withLogAxes(optionJSON(c), w, h, [2]float64{minOf(xs), maxOf(xs)}, [2]float64{minOf(ys), maxOf(ys)})
	if err != nil {
		return ecChart{}, err
	}
	return ecChart{kind: "scatter", option: option, w: w, h: h}, nil
}

// SVG renders the chart as SVG.
func (s *Scatter) SVG() ([]byte, error) { return renderSVG(s.figure()) }

// PNG renders the chart as PNG.
func (s *Scatter) PNG() ([]byte, error) { return renderPNG(s.figure()) }

// HTML renders the interactive chart.
func (s *Scatter) HTML() ([]byte, error) { return echartHTML(s) }

// Show displays the chart in a notebook (a no-op outside GoNB).
func (s *Scatter) Show() error { return showChart(s, "Scatter", func() bool { return s.Interactive }) }

// Stem is a stem plot: a vertical line from Base to each Y[i] at X[i], with a
// marker on top — learned coefficients over a continuous parameter such as
// the kernel width (Argyriou et al. (2006) Fig. 1, Afkanpour et al. (2013) Fig. 1c). Scale may be Linear or LogX.
type Stem struct {
	Title, XLabel, YLabel string
	X, Y                  []float64
	Base                  float64
	Scale                 Scale
	Width, Height         float64
	// XMin, XMax fix the x range when XMin < XMax (the range of the
	// parameter, not only of the stems); otherwise the x axis spans the data.
	XMin, XMax float64
}

func (s *Stem) validate() (float64, float64, error) {
	if s == nil {
		return 0, 0, errNil("Stem")
	}
	const kind = "stem plot"
	if err := checkScale(kind, s.Scale); err != nil {
		return 0, 0, err
	}
	if err := checkRange(kind, "[XMin, XMax]", s.XMin, s.XMax, s.Scale.logX()); err != nil {
		return 0, 0, err
	}
	if err := checkNonEmpty(kind, "Y", len(s.Y)); err != nil {
		return 0, 0, err
	}
	if err := checkXY(kind, "X", s.X, "Y", s.Y); err != nil {
		return 0, 0, err
	}
	if err := checkFinite(kind, "Base", []float64{s.Base}); err != nil {
		return 0, 0, err
	}
	if s.Scale.logY() {
		return 0, 0, klearn.Errorf(klearn.ErrParam, "viz: %s: a log y axis is not supported (stems start at Base)", kind)
	}
	if s.Scale.logX() {
		if err := checkPositive(kind, "x", "X", s.X); err != nil {
			return 0, 0, err
		}
	}
	if err := checkSpan(kind, "X", minOf(s.X), maxOf(s.X)); err != nil {
		return 0, 0, err
	}
	if err := checkSpan(kind, "Y (with Base)", math.Min(minOf(s.Y), s.Base), math.Max(maxOf(s.Y), s.Base)); err != nil {
		return 0, 0, err
	}
	return pxSize("stem plot", s.Width, s.Height)
}

// stems is the gonum plotter behind Stem.
type stems struct {
	xys  plotter.XYs
	base float64
	col  color.Color
}

func (s stems) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	ls := draw.LineStyle{Color: s.col, Width: vg.Points(1.5)}
	gs := draw.GlyphStyle{Color: s.col, Radius: vg.Points(3), Shape: draw.CircleGlyph{}}
	for _, xy := range s.xys {
		x := trX(xy.X)
		c.StrokeLine2(ls, x, trY(s.base), x, trY(xy.Y))
		c.DrawGlyph(gs, vg.Point{X: x, Y: trY(xy.Y)})
	}
}

// stemBase draws the horizontal line y = Base across the plot.
type stemBase struct{ base float64 }

func (s stemBase) Plot(c draw.Canvas, p *plot.Plot) {
	_, trY := p.Transforms(&c)
	c.StrokeLine2(draw.LineStyle{Color: color.Gray{Y: 90}, Width: vg.Points(0.75)}, c.Min.X, trY(s.base), c.Max.X, trY(s.base))
}

func (s stems) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax, ymin, ymax = plotter.XYRange(s.xys)
	return xmin, xmax, min(ymin, s.base), max(ymax, s.base)
}

func (s stems) GlyphBoxes(p *plot.Plot) []plot.GlyphBox {
	boxes := make([]plot.GlyphBox, len(s.xys))
	r := vg.Points(3)
	for i, xy := range s.xys {
		boxes[i] = plot.GlyphBox{X: p.X.Norm(xy.X), Y: p.Y.Norm(xy.Y), Rectangle: vg.Rectangle{Min: vg.Point{X: -r, Y: -r}, Max: vg.Point{X: r, Y: r}}}
	}
	return boxes
}

func (s *Stem) figure() (figure, error) {
	w, h, err := s.validate()
	if err != nil {
		return figure{}, err
	}
	pn := newPanel(s.Title, s.XLabel, s.YLabel, s.Scale, LegendNone)
	pn.p.Add(plotter.NewGrid())
	xys := make(plotter.XYs, len(s.X))
	for i := range s.X {
		xys[i] = plotter.XY{X: s.X[i], Y: s.Y[i]}
	}
	pn.p.Add(stemBase{s.Base}) // the base line is not data: it spans the axis
	addData(pn.p, stems{xys, s.Base, seriesColor(0)})
	if err := fixLogRange("stem plot", pn.p, s.Scale); err != nil {
		return figure{}, err
	}
	fixRanges(pn.p, s.XMin, s.XMax, 0, 0)
	pn.xt.data = distinct(s.X)
	return figure{pn, points(w), points(h)}, nil
}

// SVG renders the chart as SVG.
func (s *Stem) SVG() ([]byte, error) { return renderSVG(s.figure()) }

// PNG renders the chart as PNG.
func (s *Stem) PNG() ([]byte, error) { return renderPNG(s.figure()) }

// Show displays the SVG in a notebook (a no-op outside GoNB).
func (s *Stem) Show() error { return showChart(s, "Stem", nil) }
