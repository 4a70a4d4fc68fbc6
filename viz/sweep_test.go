package viz_test

import (
	"reflect"
	"testing"

	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/viz"
)

// TestSweep runs klearntest.Sweep over viz's exported functions and the
// methods of its pages, grids and charts (zero, nil and valid values):
// every argument poisoned at once and one at a time by zero values, NaN,
// ±Inf, 1e300 and mismatched shapes. No call may panic or hang, an error
// must wrap a klearn sentinel, and the arguments stay unchanged. Show
// (notebook output) and the browser probe (ProbeScript, ReadProbe) are
// left out.
func TestSweep(t *testing.T) {
	t.Parallel()
	funcs := map[string]any{
		"viz.BlankFraction": viz.BlankFraction,
		"viz.BrowserArgs":   viz.BrowserArgs,
		"viz.CheckFigure":   viz.CheckFigure,
		"viz.Rows":          viz.Rows,
		"viz.LayoutOf":      viz.LayoutOf,
		"viz.NewPage":       viz.NewPage,
	}
	// Rows copies a matrix's entries, NaN included.
	pass := map[string]bool{"viz.Rows": true}
	var cases []klearntest.Case
	for name, f := range funcs {
		cases = append(cases, klearntest.Sweep(name, f, klearntest.SweepOptions{PassThrough: pass[name]})...)
	}
	line := &viz.Line{Series: []viz.Series{{Name: "a", X: []float64{1, 2}, Y: []float64{1, 2}}}}
	page := viz.NewPage("p")
	receivers := map[string]any{
		"Page": page, "nil Page": (*viz.Page)(nil),
		"Line": line, "nil Line": (*viz.Line)(nil),
		"Grid": &viz.Grid{Panels: []viz.Chart{line}}, "nil Grid": (*viz.Grid)(nil),
		"HeatMap": &viz.HeatMap{Z: [][]float64{{1, 2}, {3, 4}}},
	}
	for name, r := range receivers {
		v := reflect.ValueOf(r)
		for i := 0; i < v.NumMethod(); i++ {
			m := v.Type().Method(i)
			if m.Name == "Show" {
				continue
			}
			cases = append(cases, klearntest.Sweep(name+"."+m.Name, v.Method(i).Interface(), klearntest.SweepOptions{})...)
		}
	}
	klearntest.Battery(t, cases)
}
