package viz

import "testing"

// TestFixedXRange checks that Stem and Scatter use XMin, XMax (and
// Scatter YMin, YMax) as the axis range, wider than the data, and span the
// data when the range is unset.
func TestFixedXRange(t *testing.T) {
	axes := func(c figurer) (x0, x1, y0, y1 float64) {
		f, err := c.figure()
		if err != nil {
			t.Fatal(err)
		}
		p := panelOf(f.d).p
		return p.X.Min, p.X.Max, p.Y.Min, p.Y.Max
	}
	st := &Stem{X: []float64{1455}, Y: []float64{1}, Scale: LogX, XMin: 80, XMax: 12000}
	if x0, x1, _, _ := axes(st); x0 != 80 || x1 != 12000 {
		t.Errorf("stem x axis [%g, %g], want [80, 12000]", x0, x1)
	}
	st.XMin, st.XMax = 0, 0
	if x0, x1, _, _ := axes(st); x0 > 1455 || x1 < 1455 || x1/x0 > 11 {
		t.Errorf("stem x axis [%g, %g] does not span the data 1455", x0, x1)
	}
	sc := &Scatter{Sets: []PointSet{{X: []float64{2500, 10000}, Y: []float64{10000, 1800}}}, Scale: LogLog, XMin: 80, XMax: 12000, YMin: 70, YMax: 13000}
	if x0, x1, y0, y1 := axes(sc); x0 != 80 || x1 != 12000 || y0 != 70 || y1 != 13000 {
		t.Errorf("scatter axes [%g, %g] × [%g, %g], want [80, 12000] × [70, 13000]", x0, x1, y0, y1)
	}
}
