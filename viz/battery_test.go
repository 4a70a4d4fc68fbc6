package viz_test

// The bad-input battery of klearn/klearntest over viz's charts, pages,
// tables and progress bars: moved here from klearntest so that the tests of
// klearn build nothing outside klearn.

import (
	"io"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/viz"
)

var (
	nan = math.NaN()
	inf = math.Inf(1)
	big = math.MaxFloat64
)

func err1[T any](_ T, err error) error { return err }

func TestBatteryViz(t *testing.T) {
	t.Parallel()
	render := func(c viz.Chart) func() error {
		return func() error {
			if _, err := c.SVG(); err != nil {
				return err
			}
			_, err := c.PNG()
			return err
		}
	}
	ok := []viz.Series{{Name: "a", X: []float64{1, 2}, Y: []float64{1, 2}}}
	cases := []klearntest.Case{
		klearntest.Bad("Line unknown scale", render(&viz.Line{Scale: viz.Scale(7), Series: ok}), klearn.ErrParam),
		klearntest.Bad("Line negative scale", render(&viz.Line{Scale: viz.Scale(-1), Series: ok}), klearn.ErrParam),
		klearntest.Bad("Line width 1e12", render(&viz.Line{Width: 1e12, Series: ok}), klearn.ErrParam),
		klearntest.Bad("Line width NaN", render(&viz.Line{Width: nan, Series: ok}), klearn.ErrParam),
		klearntest.Bad("HeatMap height 1e12", render(&viz.HeatMap{Height: 1e12, Z: [][]float64{{1}}}), klearn.ErrParam),
		klearntest.Bad("Histogram bins 1<<40", render(&viz.Histogram{Bins: 1 << 40, Values: []float64{1, 2}}), klearn.ErrParam),
		klearntest.Bad("Line nil", render((*viz.Line)(nil)), nil),
		klearntest.Bad("HeatMap nil", render((*viz.HeatMap)(nil)), nil),
		klearntest.Bad("Histogram nil", render((*viz.Histogram)(nil)), nil),
		klearntest.Bad("Bar nil", render((*viz.Bar)(nil)), nil),
		klearntest.Bad("Scatter nil", render((*viz.Scatter)(nil)), nil),
		klearntest.Bad("Stem nil", render((*viz.Stem)(nil)), nil),
		klearntest.Bad("Surface nil", render((*viz.Surface)(nil)), nil),
		klearntest.Bad("Grid nil", render((*viz.Grid)(nil)), nil),
		klearntest.Maybe("Grid huge Cols", render(&viz.Grid{Panels: []viz.Chart{&viz.Line{Series: ok}}, Cols: 1 << 40})),
		klearntest.Bad("HeatMap ragged", render(&viz.HeatMap{Z: [][]float64{{1, 2}, {1}}}), klearn.ErrShape),
		klearntest.Bad("Histogram Inf", render(&viz.Histogram{Values: []float64{inf}}), klearn.ErrNotFinite),
	}
	// Extreme finite values render or are refused, never panic or loop.
	for _, v := range [][]float64{{-big, big}, {big, big}, {-big, 0}, {1e308, 1.7e308}, {-1.7e308, 1e-308}, {0, 5e-324}} {
		v := v
		cases = append(cases,
			klearntest.Maybe("HeatMap extreme", render(&viz.HeatMap{Z: [][]float64{v, {v[1], v[0]}}})),
			klearntest.Maybe("HeatMap extreme contours", render(&viz.HeatMap{Z: [][]float64{v, {v[1], v[0]}}, Contours: []float64{0, v[0]}, Diverging: true})),
			klearntest.Maybe("HeatMap extreme axes", render(&viz.HeatMap{Z: [][]float64{{1, 2}, {3, 4}}, X: []float64{-big, big}, Y: []float64{-big, big}})),
			klearntest.Maybe("Histogram extreme", render(&viz.Histogram{Values: v})),
			klearntest.Maybe("Histogram extreme bins", render(&viz.Histogram{Values: v, Bins: 50, Density: true})),
			klearntest.Maybe("Histogram extreme range", render(&viz.Histogram{Values: []float64{0, 1}, Min: v[0], Max: v[1]})),
			klearntest.Maybe("Line extreme", render(&viz.Line{Series: []viz.Series{{X: v, Y: v}}})),
			klearntest.Maybe("Line extreme TicksAtX", render(&viz.Line{TicksAtX: true, Series: []viz.Series{{X: v, Y: []float64{0, 1}}}})),
			klearntest.Maybe("Line extreme err", render(&viz.Line{ErrorBars: true, Series: []viz.Series{{X: []float64{0, 1}, Y: v, Err: []float64{big, big}}}})),
			klearntest.Maybe("Line extreme range", render(&viz.Line{YMin: v[0], YMax: v[1], XMin: v[0], XMax: v[1], Series: ok})),
			klearntest.Maybe("Scatter extreme", render(&viz.Scatter{Sets: []viz.PointSet{{X: v, Y: v}}})),
			klearntest.Maybe("Bar extreme", render(&viz.Bar{Categories: []string{"a", "b"}, Groups: []viz.BarGroup{{Values: v, Err: []float64{big, big}}}})),
			klearntest.Maybe("Stem extreme", render(&viz.Stem{X: v, Y: v})),
			klearntest.Maybe("Surface extreme", render(&viz.Surface{X: []float64{0, 1}, Y: []float64{0, 1}, Z: [][]float64{v, {v[1], v[0]}}})),
		)
	}
	klearntest.Battery(t, cases)
}

// TestBatteryVizReceivers: every method of a nil or zero chart, table, page
// or progress bar returns an error or works, never panics (Show writes to
// the notebook and Add on a nil receiver has nowhere to add to: both are
// left out, as they were in klearntest).
func TestBatteryVizReceivers(t *testing.T) {
	t.Parallel()
	receivers := []any{
		(*viz.Line)(nil), &viz.Line{},
		(*viz.HeatMap)(nil), &viz.HeatMap{},
		(*viz.Histogram)(nil), &viz.Histogram{},
		(*viz.Bar)(nil), &viz.Bar{},
		(*viz.Scatter)(nil), &viz.Scatter{},
		(*viz.Stem)(nil), &viz.Stem{},
		(*viz.Surface)(nil), &viz.Surface{},
		(*viz.Grid)(nil), &viz.Grid{},
		(*viz.CompareTable)(nil), &viz.CompareTable{},
		(*viz.Page)(nil), &viz.Page{},
		(*viz.Progress)(nil), &viz.Progress{},
	}
	skip := func(m string, isNil bool) bool { return m == "Show" || (isNil && m == "Add") }
	klearntest.Battery(t, klearntest.ReceiverCases(receivers, skip))
}

// TestBatteryVizHTML: charts through the HTML (ECharts) path, pages with nil
// parts, table lookups out of range, a progress bar with a negative total,
// and NaN ranges, contours and angles.
func TestBatteryVizHTML(t *testing.T) {
	t.Parallel()
	table := &viz.CompareTable{Rows: []string{"r"}, Cols: []string{"a"}, Ours: [][]viz.MeanStd{{{Mean: 1}}}}
	big := []float64{-math.MaxFloat64, math.MaxFloat64}
	cases := []klearntest.Case{
		klearntest.Bad("Histogram HTML bins 1<<40", func() error {
			return err1((&viz.Histogram{Bins: 1 << 40, Values: []float64{1, 2}}).HTML())
		}, klearn.ErrParam),
		klearntest.Bad("Line HTML unknown scale", func() error {
			return err1((&viz.Line{Scale: viz.Scale(9), Series: []viz.Series{{X: []float64{1}, Y: []float64{1}}}}).HTML())
		}, klearn.ErrParam),
		klearntest.Maybe("Line HTML extreme", func() error {
			return err1((&viz.Line{Series: []viz.Series{{X: big, Y: big, Err: []float64{math.MaxFloat64, 1}}}}).HTML())
		}),
		klearntest.Maybe("HeatMap HTML extreme", func() error { return err1((&viz.HeatMap{Z: [][]float64{big, {0, 1}}}).HTML()) }),
		klearntest.Maybe("Histogram HTML extreme", func() error { return err1((&viz.Histogram{Values: big, Density: true}).HTML()) }),
		klearntest.Maybe("Scatter HTML extreme", func() error { return err1((&viz.Scatter{Sets: []viz.PointSet{{X: big, Y: big}}}).HTML()) }),
		klearntest.Maybe("Bar HTML extreme", func() error {
			return err1((&viz.Bar{Categories: []string{"a", "b"}, Groups: []viz.BarGroup{{Values: big}}}).HTML())
		}),
		klearntest.Maybe("Page with a nil chart", func() error { return err1(viz.NewPage("p").Static(nil).HTML()) }),
		klearntest.Maybe("Page with a nil table", func() error { return err1(viz.NewPage("p").Table(nil).HTML()) }),
		klearntest.Maybe("CompareTable Verdict out of range", func() error { table.Verdict(5, -1); return nil }),
		klearntest.Maybe("NewProgress negative total", func() error {
			p := viz.NewProgressTo(io.Discard, "t", -5)
			p.Add(3)
			p.Done()
			return nil
		}),
		klearntest.Bad("viz Histogram Min NaN", func() error {
			return err1((&viz.Histogram{Values: []float64{1, 2}, Min: nan, Max: 3}).SVG())
		}, nil),
		klearntest.Bad("viz Line YMin NaN", func() error {
			return err1((&viz.Line{YMin: nan, YMax: 1, Series: []viz.Series{{X: []float64{1}, Y: []float64{1}}}}).SVG())
		}, nil),
		klearntest.Bad("viz HeatMap Contours NaN", func() error {
			return err1((&viz.HeatMap{Z: [][]float64{{1, 2}, {3, 4}}, Contours: []float64{nan}}).SVG())
		}, nil),
		klearntest.Bad("viz Surface Azimuth NaN", func() error {
			return err1((&viz.Surface{X: []float64{0, 1}, Y: []float64{0, 1}, Z: [][]float64{{1, 2}, {3, 4}}, Azimuth: nan}).SVG())
		}, nil),
	}
	klearntest.Battery(t, cases)
}
