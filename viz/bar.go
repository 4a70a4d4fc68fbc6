package viz

import (
	"fmt"
	"math"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/kernelab/kernelab/klearn"
)

// BarGroup is one series of a bar chart: one value per category, with an
// optional symmetric error (drawn as error bars).
type BarGroup struct {
	Name   string
	Values []float64
	Err    []float64
}

// Bar is a grouped bar chart over named categories: learned kernel weights η
// (Donini & Aiolli (2017) Fig. 8), accuracies per data set, selected parameters
// (Afkanpour et al. (2013) Figs. 5–6).
type Bar struct {
	Title, XLabel, YLabel string
	Categories            []string
	Groups                []BarGroup
	Interactive           bool
	Width, Height         float64
	// Legend places the legend (shown for two or more groups); the zero
	// value keeps it off the bars.
	Legend LegendPos
}

func (b *Bar) validate() (float64, float64, error) {
	if b == nil {
		return 0, 0, errNil("Bar")
	}
	const kind = "bar chart"
	if err := checkLegendPos(kind, b.Legend); err != nil {
		return 0, 0, err
	}
	if err := checkNonEmpty(kind, "Categories", len(b.Categories)); err != nil {
		return 0, 0, err
	}
	if err := checkNonEmpty(kind, "Groups", len(b.Groups)); err != nil {
		return 0, 0, err
	}
	for i, g := range b.Groups {
		name := fmt.Sprintf("Groups[%d] %q", i, g.Name)
		if len(g.Values) != len(b.Categories) {
			return 0, 0, klearn.Errorf(klearn.ErrShape, "viz: %s: len(%s.Values) = %d but there are %d categories", kind, name, len(g.Values), len(b.Categories))
		}
		if err := checkFinite(kind, name+".Values", g.Values); err != nil {
			return 0, 0, err
		}
		if err := checkErrBars(kind, name+".Err", g.Err, name+".Values", g.Values); err != nil {
			return 0, 0, err
		}
	}
	lo, hi := barExtent(b.Groups)
	if _, _, err := withHeadroom(kind, lo, hi); err != nil {
		return 0, 0, err
	}
	return pxSize("bar chart", b.Width, b.Height)
}

// barExtent is the range of the bars: 0, the values and their error bars.
func barExtent(groups []BarGroup) (lo, hi float64) {
	for _, g := range groups {
		for k, v := range g.Values {
			e := 0.0
			if g.Err != nil {
				e = g.Err[k]
			}
			lo, hi = math.Min(lo, v-e), math.Max(hi, v+e)
		}
	}
	return lo, hi
}

// withHeadroom is the y range of a bar chart or histogram: [lo, hi] plus
// 6 % at the open ends, so no bar or error bar meets the frame. It refuses a
// range whose span would overflow float64.
func withHeadroom(kind string, lo, hi float64) (float64, float64, error) {
	if hi == lo {
		hi = lo + 1
	}
	pad := 0.06 * (hi/2 - lo/2) * 2
	if hi > 0 {
		hi += pad
	}
	if lo < 0 {
		lo -= pad
	}
	if math.IsInf(hi-lo, 0) || math.IsInf(pad, 0) {
		return 0, 0, klearn.Errorf(klearn.ErrParam, "viz: %s: values up to %g in magnitude leave no room to draw (the axis span overflows float64)", kind, math.Max(math.Abs(lo), math.Abs(hi)))
	}
	return lo, hi, nil
}

func (b *Bar) figure() (figure, error) {
	w, h, err := b.validate()
	if err != nil {
		return figure{}, err
	}
	pn := newPanel(b.Title, b.XLabel, b.YLabel, Linear, b.Legend)
	p := pn.p
	gl := plotter.NewGrid()
	gl.Vertical.Color = nil // category positions need no rules
	p.Add(gl)
	ng := len(b.Groups)
	d := &barSizer{ncat: len(b.Categories), ng: ng, p: p}
	for i, g := range b.Groups {
		// The width is set at draw time from the canvas (barSizer).
		bc, err := plotter.NewBarChart(plotter.Values(g.Values), 1)
		if err != nil {
			return figure{}, fmt.Errorf("viz: bar chart: %w", err)
		}
		bc.Color = seriesColor(i)
		bc.LineStyle.Width = 0
		addData(p, bc)
		d.bars = append(d.bars, bc)
		if g.Name != "" && ng > 1 {
			pn.entries = append(pn.entries, legendEntry{g.Name, []plot.Thumbnailer{bc}})
		}
		var sh *shifted
		if g.Err != nil {
			xys := make(plotter.XYs, len(g.Values))
			ye := make(plotter.YErrors, len(g.Values))
			for k, v := range g.Values {
				xys[k] = plotter.XY{X: float64(k), Y: v}
				ye[k].Low, ye[k].High = g.Err[k], g.Err[k]
			}
			eb, err := plotter.NewYErrorBars(yerrs{xys, ye})
			if err != nil {
				return figure{}, fmt.Errorf("viz: bar chart: %w", err)
			}
			sh = &shifted{p: eb}
			addData(p, sh)
			d.errs = append(d.errs, eb)
		} else {
			d.errs = append(d.errs, nil)
		}
		d.shifts = append(d.shifts, sh)
	}
	lo, hi := barExtent(b.Groups)
	p.Y.Min, p.Y.Max, err = withHeadroom("bar chart", lo, hi)
	if err != nil {
		return figure{}, err
	}
	p.X.Min, p.X.Max = -0.5, float64(len(b.Categories))-0.5
	ct := &categoryTicks{names: b.Categories, sty: &p.X.Tick.Label}
	p.X.Tick.Marker = ct
	pn.xt = nil
	d.ct = ct
	d.lab = &p.X.Tick.Label
	pn.before = d.size
	return figure{pn, points(w), points(h)}, nil
}

// barSizer sizes the bars from the canvas the chart is drawn on, so a bar
// chart looks the same alone and as a Grid panel: the bars of a category
// fill 80% of its slot. Category labels turn 45° when they do not fit
// their slots.
type barSizer struct {
	ncat, ng int
	bars     []*plotter.BarChart
	errs     []*plotter.YErrorBars
	shifts   []*shifted
	ct       *categoryTicks
	lab      *draw.TextStyle
	p        *plot.Plot
}

func (d *barSizer) size(c draw.Canvas) draw.Canvas {
	slot := (c.Max.X - c.Min.X - vg.Points(70)) / vg.Length(d.ncat)
	bw := slot * 0.8 / vg.Length(d.ng)
	for i, bc := range d.bars {
		bc.Width = bw
		bc.Offset = bw * (vg.Length(i) - vg.Length(d.ng-1)/2)
		if d.errs[i] != nil {
			d.errs[i].CapWidth = bw / 2
			d.shifts[i].dx = bc.Offset
		}
	}
	widest := vg.Length(0)
	for _, n := range d.ct.names {
		widest = max(widest, d.lab.Width(n))
	}
	if widest > slot*0.9 {
		d.lab.Rotation = math.Pi / 4
		d.lab.XAlign = draw.XRight
		d.lab.YAlign = draw.YCenter
		d.ct.rotated = true
	}
	d.ct.length = c.Max.X - c.Min.X - vg.Points(70)
	if d.ct.rotated {
		// The first label hangs down-left from its tick: make room.
		da := d.p.DataCanvas(c)
		first := da.Min.X + (da.Max.X-da.Min.X)/vg.Length(2*d.ncat)
		w0 := d.lab.Width(d.ct.names[0])*0.7071 + d.lab.Height(d.ct.names[0])*0.7071
		if over := c.Min.X + 2 - (first - w0); over > 0 {
			c.Min.X += over
		}
	}
	return c
}

// categoryTicks labels the categories of a bar chart at 0, 1, …, dropping
// labels that would collide (the first and last are kept).
type categoryTicks struct {
	names   []string
	sty     *draw.TextStyle
	length  vg.Length
	rotated bool
}

func (t *categoryTicks) Ticks(lo, hi float64) []plot.Tick {
	ticks := make([]plot.Tick, len(t.names))
	prio := make([]int, len(t.names))
	for i, n := range t.names {
		ticks[i] = plot.Tick{Value: float64(i), Label: n}
		prio[i] = 2
	}
	if len(ticks) > 0 {
		prio[0], prio[len(ticks)-1] = 1, 1
	}
	at := &axisTicks{length: t.length, sty: t.sty}
	if t.rotated {
		// A 45° label takes about its height × √2 along the axis.
		at.vertical = true
	}
	at.thin(ticks, prio, lo, hi)
	return ticks
}

func (b *Bar) echart() (ecChart, error) {
	w, h, err := b.validate()
	if err != nil {
		return ecChart{}, err
	}
	return barEChart("bar", b.Title, b.XLabel, b.YLabel, b.Categories, b.Groups, w, h, "")
}

func barEChart(kind, title, xlabel, ylabel string, cats []string, groups []BarGroup, w, h float64, gap string) (ecChart, error) {
	c := charts.NewBar()
	c.SetGlobalOptions(append(ecGlobal(title, xlabel, ylabel, w, h),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", Name: richName(xlabel), NameLocation: "middle", NameGap: 30}),
		charts.WithYAxisOpts(ecYAxis(ylabel, false)),
	)...)
	labels := make([]string, len(cats))
	for i, c := range cats {
		labels[i] = richName(c)
	}
	c.SetXAxis(labels)
	for i, g := range groups {
		d := make([]opts.BarData, len(g.Values))
		for k, v := range g.Values {
			d[k] = opts.BarData{Value: v}
		}
		name := seriesName(g.Name, "series", i)
		c.AddSeries(name, d, charts.WithBarChartOpts(opts.BarChart{BarCategoryGap: gap}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: palette10[i%len(palette10)]}))
	}
	return ecChart{kind: kind, option: optionJSON(c), w: w, h: h}, nil
}

// SVG renders the chart as SVG.
func (b *Bar) SVG() ([]byte, error) { return renderSVG(b.figure()) }

// PNG renders the chart as PNG.
func (b *Bar) PNG() ([]byte, error) { return renderPNG(b.figure()) }

// HTML renders the interactive chart (error bars are not drawn).
func (b *Bar) HTML() ([]byte, error) { return echartHTML(b) }

// Show displays the chart in a notebook (a no-op outside GoNB).
func (b *Bar) Show() error { return showChart(b, "Bar", func() bool { return b.Interactive }) }

// Histogram counts Values in Bins equal-width bins over [min, max] of the
// data (or [Min, Max] when Min < Max): distributions of learned parameters
// (Afkanpour et al. (2013) Fig. 1b, Fig. 8).
type Histogram struct {
	Title, XLabel, YLabel string
	Values                []float64
	// Bins is the number of bins; 0 means ⌈√n⌉ clamped to [5, 50].
	Bins int
	// Min, Max fix the binned range when Min < Max.
	Min, Max float64
	// Density divides counts by n × bin width, so the bars integrate to 1.
	Density       bool
	Interactive   bool
	Width, Height float64
}

type histBins struct {
	lo, width float64
	counts    []float64
}

func (hg *Histogram) bins() (histBins, error) {
	if hg == nil {
		return histBins{}, errNil("Histogram")
	}
	const kind = "histogram"
	if err := checkNonEmpty(kind, "Values", len(hg.Values)); err != nil {
		return histBins{}, err
	}
	if err := checkFinite(kind, "Values", hg.Values); err != nil {
		return histBins{}, err
	}
	if err := checkFinite(kind, "Min/Max", []float64{hg.Min, hg.Max}); err != nil {
		return histBins{}, err
	}
	nb := hg.Bins
	if nb < 0 || nb > 100000 {
		return histBins{}, klearn.Errorf(klearn.ErrParam, "viz: %s: Bins = %d", kind, nb)
	}
	if nb == 0 {
		nb = int(math.Ceil(math.Sqrt(float64(len(hg.Values)))))
		nb = max(5, min(nb, 50))
	}
	lo, hi := hg.Min, hg.Max
	if !(lo < hi) {
		lo, hi = math.Inf(1), math.Inf(-1)
		for _, v := range hg.Values {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		lo, hi = widen(lo, hi)
	}
	if err := checkSpan(kind, "the binned range", lo, hi); err != nil {
		return histBins{}, err
	}
	width := (hi - lo) / float64(nb)
	if !(width > 0) {
		return histBins{}, klearn.Errorf(klearn.ErrParam, "viz: %s: the range [%g, %g] is too narrow for %d bins", kind, lo, hi, nb)
	}
	counts := make([]float64, nb)
	for _, v := range hg.Values {
		if v < lo || v > hi {
			continue
		}
		k := min(max(int((v-lo)/width), 0), nb-1)
		counts[k]++
	}
	if hg.Density {
		for k := range counts {
			counts[k] /= float64(len(hg.Values)) * width
			if math.IsInf(counts[k], 0) {
				return histBins{}, klearn.Errorf(klearn.ErrParam, "viz: %s: the density over bins %g wide overflows", kind, width)
			}
		}
	}
	return histBins{lo, width, counts}, nil
}

func (hg *Histogram) figure() (figure, error) {
	hb, err := hg.bins()
	if err != nil {
		return figure{}, err
	}
	w, h, err := size("histogram", hg.Width, hg.Height)
	if err != nil {
		return figure{}, err
	}
	pn := newPanel(hg.Title, hg.XLabel, hg.YLabel, Linear, LegendNone)
	p := pn.p
	p.Add(plotter.NewGrid())
	ph := &plotter.Histogram{Width: hb.width, FillColor: seriesColor(0)}
	ph.LineStyle.Width = vg.Points(0.5)
	ph.LineStyle.Color = hexColor("#ffffff")
	top := 0.0
	for k, c := range hb.counts {
		ph.Bins = append(ph.Bins, plotter.HistogramBin{Min: hb.lo + float64(k)*hb.width, Max: hb.lo + float64(k+1)*hb.width, Weight: c})
		top = math.Max(top, c)
	}
	addData(p, ph)
	if p.Y.Min, p.Y.Max, err = withHeadroom("histogram", 0, top); err != nil {
		return figure{}, err
	}
	return figure{pn, w, h}, nil
}

func (hg *Histogram) echart() (ecChart, error) {
	hb, err := hg.bins()
	if err != nil {
		return ecChart{}, err
	}
	w, h, err := pxSize("histogram", hg.Width, hg.Height)
	if err != nil {
		return ecChart{}, err
	}
	cats := make([]string, len(hb.counts))
	for k := range cats {
		cats[k] = fmt.Sprintf("%.3g", hb.lo+(float64(k)+0.5)*hb.width)
	}
	return barEChart("hist", hg.Title, hg.XLabel, hg.YLabel, cats, []BarGroup{{Name: "count", Values: hb.counts}}, w, h, "1%")
}

// SVG renders the chart as SVG.
func (hg *Histogram) SVG() ([]byte, error) { return renderSVG(hg.figure()) }

// PNG renders the chart as PNG.
func (hg *Histogram) PNG() ([]byte, error) { return renderPNG(hg.figure()) }

// HTML renders the interactive chart (bins labelled by their centres).
func (hg *Histogram) HTML() ([]byte, error) { return echartHTML(hg) }

// Show displays the chart in a notebook (a no-op outside GoNB).
func (hg *Histogram) Show() error {
	return showChart(hg, "Histogram", func() bool { return hg.Interactive })
}
