package viz

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"
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
}

// Line is a line chart of one or more series with optional ±error bands or
// error bars, on linear, semi-log or log-log axes: test error against a
// degree or λ (P2 Fig. 5), convergence traces, timings against n (P4 Figs. 3–4).
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
}

func (l *Line) validate() error {
	if l == nil {
		return errNil("Line")
	}
	const kind = "line chart"
	if err := checkNonEmpty(kind, "Series", len(l.Series)); err != nil {
		return err
	}
	for i, s := range l.Series {
		name := fmt.Sprintf("Series[%d] %q", i, s.Name)
		if err := checkNonEmpty(kind, name+".Y", len(s.Y)); err != nil {
			return err
		}
		if err := checkXY(kind, name+".X", s.X, name+".Y", s.Y); err != nil {
			return err
		}
		if s.Err != nil {
			if err := checkSameLen(kind, name+".Err", s.Err, name+".Y", s.Y); err != nil {
				return err
			}
			if err := checkFinite(kind, name+".Err", s.Err); err != nil {
				return err
			}
			for j, e := range s.Err {
				if e < 0 {
					return klearn.Errorf(klearn.ErrParam, "viz: %s: %s.Err[%d] = %g is negative", kind, name, j, e)
				}
			}
		}
		if l.Scale.logX() {
			if err := checkPositive(kind, "x", name+".X", s.X); err != nil {
				return err
			}
		}
		if l.Scale.logY() {
			if err := checkPositive(kind, "y", name+".Y", s.Y); err != nil {
				return err
			}
			for j := range s.Err {
				if lo := s.Y[j] - s.Err[j]; !(lo > 0) {
					return klearn.Errorf(klearn.ErrParam, "viz: %s: %s: Y[%d] − Err[%d] = %g is not positive on a log y axis", kind, name, j, j, lo)
				}
			}
		}
	}
	return nil
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

func (l *Line) figure() (figure, error) {
	if err := l.validate(); err != nil {
		return figure{}, err
	}
	w, h, err := size("line chart", l.Width, l.Height)
	if err != nil {
		return figure{}, err
	}
	p := newPlot(l.Title, l.XLabel, l.YLabel, l.Scale)
	p.Add(plotter.NewGrid())
	for i, s := range l.Series {
		col := seriesColor(i)
		x, y, e := s.sorted()
		xys := make(plotter.XYs, len(x))
		for k := range x {
			xys[k] = plotter.XY{X: x[k], Y: y[k]}
		}
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
			poly.Color = withAlpha(col, 60)
			poly.LineStyle.Width = 0
			p.Add(poly)
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
			p.Add(bars)
		}
		ln, pts, err := plotter.NewLinePoints(xys)
		if err != nil {
			return figure{}, fmt.Errorf("viz: line chart: %w", err)
		}
		ln.Color = col
		ln.Width = vg.Points(1.5)
		pts.Color = col
		pts.Shape = draw.CircleGlyph{}
		pts.Radius = vg.Points(2)
		p.Add(ln, pts)
		if s.Name != "" {
			p.Legend.Add(s.Name, ln, pts)
		}
	}
	return figure{plotDrawer{p}, w, h}, nil
}

// SVG renders the chart as SVG.
func (l *Line) SVG() ([]byte, error) { return renderSVG(l.figure()) }

// PNG renders the chart as PNG.
func (l *Line) PNG() ([]byte, error) { return renderPNG(l.figure()) }

func (l *Line) echart() (ecChart, error) {
	if err := l.validate(); err != nil {
		return ecChart{}, err
	}
	w, h, err := pxSize("line chart", l.Width, l.Height)
	if err != nil {
		return ecChart{}, err
	}
	c := charts.NewLine()
	c.SetGlobalOptions(append(ecGlobal(l.Title, l.XLabel, l.YLabel, w, h),
		charts.WithXAxisOpts(ecXAxis(l.XLabel, l.Scale.logX())),
		charts.WithYAxisOpts(ecYAxis(l.YLabel, l.Scale.logY())),
	)...)
	var bands []string
	for i, s := range l.Series {
		col := palette10[i%len(palette10)]
		x, y, e := s.sorted()
		name := s.Name
		if name == "" {
			name = fmt.Sprintf("series %d", i+1)
		}
		if e != nil {
			bands = append(bands, bandPolygon(name, col, x, y, e))
		}
		d := make([]opts.LineData, len(x))
		for k := range x {
			d[k] = opts.LineData{Value: []float64{x[k], y[k]}}
		}
		c.AddSeries(name, d,
			charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(true), Symbol: "circle", SymbolSize: 5}),
			charts.WithLineStyleOpts(opts.LineStyle{Color: col, Width: 2}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: col}),
		)
	}
	option, err := withSeries(optionJSON(c), bands)
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
	return fmt.Sprintf(`{"type":"custom","name":%s,"silent":true,"z":1,"tooltip":{"show":false},"data":[[%s,%s]],`+
		`"renderItem":function(params, api){if(params.dataIndex!==0){return;}var p=%s,q=[];for(var i=0;i<p.length;i++){q.push(api.coord(p[i]));}`+
		`return {type:'polygon',shape:{points:q},style:{fill:%q,opacity:0.25}};}}`,
		nm, jsNum(x[0]), jsNum(y[0]), pts.String(), col)
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
