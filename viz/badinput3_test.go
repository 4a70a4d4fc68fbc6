package viz_test

import (
	"image"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/viz"
)

// TestBatterySecondSweep: the viz cases of the second bad-input sweep: a
// grid holding itself (directly or through another grid), shared axes over
// a log panel and a panel with values ≤ 0, labels of 100 000 characters,
// BlankFraction on a nil image and on boxes of ±1e300 or NaN, and
// Page.WriteFile on a missing directory or an empty path.
func TestBatterySecondSweep(t *testing.T) {
	t.Parallel()
	var cases []klearntest.Case
	// viz: self-reference, log sharing, text layout, images, files.
	self := &viz.Grid{}
	self.Panels = []viz.Chart{self}
	outer := &viz.Grid{}
	inner := &viz.Grid{Panels: []viz.Chart{outer}}
	outer.Panels = []viz.Chart{inner}
	line := func(sc viz.Scale, y ...float64) *viz.Line {
		x := make([]float64, len(y))
		for i := range x {
			x[i] = float64(i + 1)
		}
		return &viz.Line{Scale: sc, Series: []viz.Series{{Name: "a", X: x, Y: y}}}
	}
	shared := &viz.Grid{ShareY: true, Panels: []viz.Chart{line(viz.LogY, 1, 10), line(viz.Linear, -5, 3)}}
	sharedX := &viz.Grid{ShareX: true, Panels: []viz.Chart{line(viz.LogLog, 1, 10), &viz.Line{Series: []viz.Series{{X: []float64{-3, 2}, Y: []float64{1, 2}}}}}}
	long := line(viz.Linear, 1, 2)
	long.Title = strings.Repeat("w", 100000)
	longName := line(viz.Linear, 1, 2)
	longName.Series[0].Name = strings.Repeat("n_", 50000)
	var page viz.Page
	page.Text("x")
	cases = append(cases,
		klearntest.Bad("Grid holding itself", func() error { return err1(self.SVG()) }, klearn.ErrParam),
		klearntest.Bad("Grid cycle of two", func() error { return err1(outer.PNG()) }, klearn.ErrParam),
		klearntest.Bad("Grid ShareY over log and negative", func() error { return err1(shared.SVG()) }, klearn.ErrParam),
		klearntest.Bad("Grid ShareX over log and negative", func() error { return err1(sharedX.SVG()) }, klearn.ErrParam),
		klearntest.Maybe("Line with a 100 000-character title", func() error { return err1(long.SVG()) }),
		klearntest.Maybe("Line with a 100 000-character series name", func() error { return err1(longName.PNG()) }),
		klearntest.Finite("BlankFraction nil image", func() ([]float64, error) {
			return []float64{viz.BlankFraction(nil, [4]float64{0, 0, 10, 10})}, nil
		}),
		klearntest.Finite("BlankFraction ±1e300 box", func() ([]float64, error) {
			img := image.NewRGBA(image.Rect(0, 0, 40, 40))
			return []float64{viz.BlankFraction(img, [4]float64{-1e300, -1e300, 1e300, 1e300})}, nil
		}),
		klearntest.Finite("BlankFraction NaN box", func() ([]float64, error) {
			img := image.NewRGBA(image.Rect(0, 0, 40, 40))
			return []float64{viz.BlankFraction(img, [4]float64{nan, 0, inf, 10})}, nil
		}),
		klearntest.Bad("Page.WriteFile missing directory", func() error {
			return page.WriteFile(filepath.Join(t.TempDir(), "missing", "x.html"))
		}, klearn.ErrIO),
		klearntest.Bad("Page.WriteFile empty path", func() error { return page.WriteFile("") }, klearn.ErrParam),
	)
	klearntest.Battery(t, cases)
}
