package viz

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

func TestBadInput(t *testing.T) {
	t.Parallel()
	nan := math.NaN()
	cases := []struct {
		name string
		c    Chart
		want error
		msg  string
	}{
		{"line no series", &Line{}, klearn.ErrEmpty, "Series is empty"},
		{"line empty series", &Line{Series: []Series{{Name: "a"}}}, klearn.ErrEmpty, "empty"},
		{"line NaN", &Line{Series: []Series{{X: []float64{1, 2}, Y: []float64{1, nan}}}}, klearn.ErrNotFinite, "Y[1]"},
		{"line Inf x", &Line{Series: []Series{{X: []float64{math.Inf(1), 2}, Y: []float64{1, 2}}}}, klearn.ErrNotFinite, "X[0]"},
		{"line lengths", &Line{Series: []Series{{X: []float64{1, 2, 3}, Y: []float64{1, 2}}}}, klearn.ErrShape, "len("},
		{"line err lengths", &Line{Series: []Series{{X: []float64{1, 2}, Y: []float64{1, 2}, Err: []float64{1}}}}, klearn.ErrShape, "Err"},
		{"line negative err", &Line{Series: []Series{{X: []float64{1, 2}, Y: []float64{1, 2}, Err: []float64{1, -1}}}}, klearn.ErrParam, "negative"},
		{"line log x zero", &Line{Scale: LogX, Series: []Series{{X: []float64{0, 2}, Y: []float64{1, 2}}}}, klearn.ErrParam, "log x"},
		{"line log y negative", &Line{Scale: LogLog, Series: []Series{{X: []float64{1, 2}, Y: []float64{-1, 2}}}}, klearn.ErrParam, "log y"},
		{"line log y band below 0", &Line{Scale: LogY, Series: []Series{{X: []float64{1, 2}, Y: []float64{1, 2}, Err: []float64{1, 0}}}}, klearn.ErrParam, "Err[0]"},
		{"line bad size", &Line{Width: -5, Series: []Series{{X: []float64{1}, Y: []float64{1}}}}, klearn.ErrParam, "size"},
		{"heat empty", &HeatMap{}, klearn.ErrEmpty, "Z"},
		{"heat ragged", &HeatMap{Z: [][]float64{{1, 2}, {3}}}, klearn.ErrShape, "Z[1]"},
		{"heat NaN", &HeatMap{Z: [][]float64{{1, nan}}}, klearn.ErrNotFinite, "Z[0]"},
		{"heat X only", &HeatMap{Z: [][]float64{{1, 2}}, X: []float64{1, 2}}, klearn.ErrShape, "both"},
		{"heat X length", &HeatMap{Z: [][]float64{{1, 2}}, X: []float64{1, 2, 3}, Y: []float64{0}}, klearn.ErrShape, "len(X)"},
		{"heat X not increasing", &HeatMap{Z: [][]float64{{1, 2}}, X: []float64{2, 1}, Y: []float64{0}}, klearn.ErrParam, "increasing"},
		{"heat contour 1 row", &HeatMap{Z: [][]float64{{1, 2}}, Contours: []float64{0}}, klearn.ErrShape, "2×2"},
		{"heat bad points", &HeatMap{Z: [][]float64{{1, 2}}, Points: []PointSet{{X: []float64{1}, Y: []float64{nan}}}}, klearn.ErrNotFinite, "Points[0]"},
		{"bar no categories", &Bar{}, klearn.ErrEmpty, "Categories"},
		{"bar lengths", &Bar{Categories: []string{"a", "b"}, Groups: []BarGroup{{Values: []float64{1}}}}, klearn.ErrShape, "categories"},
		{"bar NaN", &Bar{Categories: []string{"a"}, Groups: []BarGroup{{Values: []float64{nan}}}}, klearn.ErrNotFinite, "Values"},
		{"bar negative err", &Bar{Categories: []string{"a"}, Groups: []BarGroup{{Values: []float64{1}, Err: []float64{-1}}}}, klearn.ErrParam, "Err[0] = -1 is negative"},
		{"bar err length", &Bar{Categories: []string{"a"}, Groups: []BarGroup{{Values: []float64{1}, Err: []float64{1, 1}}}}, klearn.ErrShape, "Err"},
		{"line err length", &Line{Series: []Series{{X: []float64{1, 2}, Y: []float64{1, 2}, Err: []float64{1}}}}, klearn.ErrShape, "Err"},
		{"hist empty", &Histogram{}, klearn.ErrEmpty, "Values"},
		{"hist NaN", &Histogram{Values: []float64{1, nan}}, klearn.ErrNotFinite, "Values[1]"},
		{"hist bins", &Histogram{Values: []float64{1}, Bins: -1}, klearn.ErrParam, "Bins"},
		{"scatter empty", &Scatter{}, klearn.ErrEmpty, "Sets"},
		{"scatter lengths", &Scatter{Sets: []PointSet{{X: []float64{1, 2}, Y: []float64{1}}}}, klearn.ErrShape, "len("},
		{"scatter log", &Scatter{Scale: LogLog, Sets: []PointSet{{X: []float64{1}, Y: []float64{0}}}}, klearn.ErrParam, "log y"},
		{"stem empty", &Stem{}, klearn.ErrEmpty, "Y"},
		{"stem log y", &Stem{X: []float64{1}, Y: []float64{1}, Scale: LogY}, klearn.ErrParam, "log y"},
		{"stem log x", &Stem{X: []float64{0}, Y: []float64{1}, Scale: LogX}, klearn.ErrParam, "log x"},
		{"surface no grid", &Surface{Z: [][]float64{{1, 2}, {3, 4}}}, klearn.ErrShape, "X and Y"},
		{"surface empty", &Surface{X: []float64{}, Y: []float64{}}, klearn.ErrEmpty, "Z"},
		{"surface one row", &Surface{X: []float64{0, 1}, Y: []float64{0}, Z: [][]float64{{1, 2}}}, klearn.ErrShape, "no cells"},
		{"surface NaN", &Surface{X: []float64{0, 1}, Y: []float64{0, 1}, Z: [][]float64{{1, nan}, {3, 4}}}, klearn.ErrNotFinite, "Z[0]"},
		{"surface shape", &Surface{X: []float64{0, 1, 2}, Y: []float64{0, 1}, Z: [][]float64{{1, 2}, {3, 4}}}, klearn.ErrShape, "len(X)"},
		{"surface X order", &Surface{X: []float64{1, 0}, Y: []float64{0, 1}, Z: [][]float64{{1, 2}, {3, 4}}}, klearn.ErrParam, "increasing"},
		{"surface elevation", &Surface{X: []float64{0, 1}, Y: []float64{0, 1}, Z: [][]float64{{1, 2}, {3, 4}}, Elevation: 95}, klearn.ErrParam, "elevation"},
		{"grid empty", &Grid{}, klearn.ErrEmpty, "Panels"},
		{"grid bad panel", &Grid{Panels: []Chart{&Line{}}}, klearn.ErrEmpty, "panel 0"},
		{"grid nil panel", &Grid{Panels: []Chart{nil}}, klearn.ErrParam, "panel 0"},
	}
	for _, tc := range cases {
		check := func(kind string, b []byte, err error) {
			t.Helper()
			if err == nil {
				t.Errorf("%s %s: no error, got %d bytes", tc.name, kind, len(b))
				return
			}
			if !errors.Is(err, tc.want) {
				t.Errorf("%s %s: error %q does not wrap %v", tc.name, kind, err, tc.want)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("%s %s: error %q does not mention %q", tc.name, kind, err, tc.msg)
			}
		}
		b, err := tc.c.SVG()
		check("SVG", b, err)
		b, err = tc.c.PNG()
		check("PNG", b, err)
		if ec, ok := tc.c.(echarter); ok && !strings.HasPrefix(tc.name, "heat contour") && !strings.HasPrefix(tc.name, "heat bad points") {
			_, err := ec.echart()
			check("HTML", nil, err)
		}
	}
}

func TestBadTable(t *testing.T) {
	t.Parallel()
	ok := [][]MeanStd{{{1, 0}}}
	cases := []struct {
		name string
		t    CompareTable
		want error
	}{
		{"no rows", CompareTable{Cols: []string{"a"}}, klearn.ErrEmpty},
		{"ours shape", CompareTable{Rows: []string{"r"}, Cols: []string{"a", "b"}, Ours: ok}, klearn.ErrShape},
		{"paper shape", CompareTable{Rows: []string{"r"}, Cols: []string{"a"}, Ours: ok, Paper: [][]MeanStd{}}, klearn.ErrShape},
		{"inf", CompareTable{Rows: []string{"r"}, Cols: []string{"a"}, Ours: [][]MeanStd{{{math.Inf(1), 0}}}}, klearn.ErrNotFinite},
		{"verdicts shape", CompareTable{Rows: []string{"r"}, Cols: []string{"a"}, Ours: ok, Verdicts: [][]Verdict{{Within, Outside}}}, klearn.ErrShape},
	}
	for _, tc := range cases {
		if _, err := tc.t.HTML(); !errors.Is(err, tc.want) {
			t.Errorf("%s: HTML error %v, want %v", tc.name, err, tc.want)
		}
		if _, err := tc.t.Text(); !errors.Is(err, tc.want) {
			t.Errorf("%s: Text error %v, want %v", tc.name, err, tc.want)
		}
	}
}

// TestExtremeInput: extreme but finite values (±MaxFloat64, the smallest
// subnormal) never panic or hang: every rendering returns an error or a
// figure within a few seconds, and unknown enums are refused.
func TestExtremeInput(t *testing.T) {
	t.Parallel()
	big, tiny := math.MaxFloat64, math.SmallestNonzeroFloat64
	vals := [][]float64{{-big, big}, {big, big}, {-big, -big}, {0, big}, {tiny, 2 * tiny}, {-tiny, tiny}, {1, 1 + 1e-15}, {big / 2, big}}
	var cases []Chart
	for _, v := range vals {
		cases = append(cases,
			&Line{Series: []Series{{Name: "a", X: []float64{0, 1}, Y: v}}},
			&Line{Series: []Series{{Name: "a", X: v, Y: []float64{0, 1}}}},
			&Line{Series: []Series{{Name: "a", X: []float64{0, 1}, Y: v, Err: []float64{big, big}}}},
			&Line{Scale: LogLog, Series: []Series{{Name: "a", X: []float64{1, 2}, Y: []float64{math.Abs(v[0]) + tiny, math.Abs(v[1]) + tiny}}}},
			&HeatMap{Z: [][]float64{v, {0, 1}}},
			&HeatMap{Z: [][]float64{v, {0, 1}}, Diverging: true},
			&HeatMap{Z: [][]float64{{1, 2}, {3, 4}}, X: []float64{v[0], v[0] + math.Abs(v[0])/2 + 1}, Y: []float64{0, 1}},
			&Histogram{Values: v},
			&Histogram{Values: []float64{v[0], 0, v[1]}, Density: true},
			&Bar{Categories: []string{"a", "b"}, Groups: []BarGroup{{Values: v}}},
			&Scatter{Sets: []PointSet{{X: v, Y: v}}},
			&Stem{X: v, Y: v},
			&Surface{X: []float64{0, 1}, Y: []float64{0, 1}, Z: [][]float64{v, {0, 1}}},
		)
	}
	for i, c := range cases {
		done := make(chan string, 1)
		go func() {
			defer func() {
				if p := recover(); p != nil {
					done <- fmt.Sprintf("panic: %v", p)
				}
			}()
			for _, f := range []func() ([]byte, error){c.SVG, c.PNG} {
				if _, err := f(); err != nil && !errors.Is(err, klearn.ErrParam) && !errors.Is(err, klearn.ErrNotFinite) {
					done <- fmt.Sprintf("error %v wraps no klearn sentinel", err)
					return
				}
			}
			if ec, ok := c.(echarter); ok {
				if e, err := ec.echart(); err == nil && strings.Contains(e.option, "NaN") {
					done <- "NaN in the ECharts option"
					return
				}
			}
			done <- ""
		}()
		select {
		case msg := <-done:
			if msg != "" {
				t.Errorf("case %d (%T %+v): %s", i, c, c, msg)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("case %d (%T): rendering did not finish in 20 s", i, c)
		}
	}
	for _, c := range []Chart{
		&Line{Scale: Scale(7), Series: []Series{{X: []float64{1}, Y: []float64{1}}}},
		&Scatter{Scale: -1, Sets: []PointSet{{X: []float64{1}, Y: []float64{1}}}},
		&Stem{Scale: 9, X: []float64{1}, Y: []float64{1}},
		&Line{Legend: LegendPos(42), Series: []Series{{X: []float64{1}, Y: []float64{1}}}},
		&Line{Series: []Series{{X: []float64{1}, Y: []float64{1}, Dash: Dash(9)}}},
		&Line{YMin: 0, YMax: 1, Scale: LogY, Series: []Series{{X: []float64{1}, Y: []float64{1}}}},
		&Stem{XMin: 0, XMax: 10, Scale: LogX, X: []float64{1}, Y: []float64{1}},
		&Scatter{XMin: -1, XMax: 1, Scale: LogLog, Sets: []PointSet{{X: []float64{1}, Y: []float64{1}}}},
		&Scatter{YMin: 0, YMax: 1, Scale: LogY, Sets: []PointSet{{X: []float64{1}, Y: []float64{1}}}},
		&Grid{Panels: []Chart{exampleBar()}, PanelWidth: -3},
	} {
		if _, err := c.SVG(); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("%T %+v: error %v, want ErrParam", c, c, err)
		}
	}
	if _, err := LayoutOf(nil); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("LayoutOf(nil) = %v", err)
	}
	if err := CheckFigure((*Line)(nil)); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("CheckFigure(nil *Line) = %v", err)
	}
}

func TestRowsNil(t *testing.T) {
	if Rows(nil) != nil || Rows((*mat.Dense)(nil)) != nil || Rows((*mat.SymDense)(nil)) != nil {
		t.Error("Rows of a nil matrix is not nil")
	}
	if _, err := (&HeatMap{Z: Rows((*mat.Dense)(nil))}).SVG(); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("heat map of Rows(nil): %v", err)
	}
}

// TestContourThroughVertices: a level passing exactly through grid vertices
// along a line made gonum/plot's contour tracer panic ("not a linear
// path"); the heat map nudges the level instead.
func TestContourThroughVertices(t *testing.T) {
	n := 15
	ax := make([]float64, n)
	for i := range ax {
		ax[i] = 2 * float64(i) / float64(n-1)
	}
	for _, slope := range []float64{1.0 / 50, 10.0 / 50, 2} {
		z := make([][]float64, n)
		for i := range z {
			z[i] = make([]float64, n)
			for j := range z[i] {
				z[i][j] = ax[j] - ax[i]*slope
			}
		}
		hm := &HeatMap{X: ax, Y: ax, Z: z, Contours: []float64{0}, Diverging: true}
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("slope %g: panic %v", slope, p)
				}
			}()
			if err := CheckFigure(hm); err != nil {
				t.Errorf("slope %g: %v", slope, err)
			}
		}()
	}
}
