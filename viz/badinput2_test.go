package viz

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/kernelab/kernelab/klearn"
)

// TestExtremeInputMore extends TestExtremeInput to the parts it leaves out:
// heat-map overlays and contours, surface axes, shared-axis grids, compare
// tables, pixel sizes and progress counts at the extremes of float64 and
// int. Every call runs under recover and a time limit; an error must wrap a
// klearn sentinel and no output may carry NaN or Inf.
func TestExtremeInputMore(t *testing.T) {
	t.Parallel()
	big, tiny := math.MaxFloat64, math.SmallestNonzeroFloat64
	vals := [][]float64{{-big, big}, {big, big}, {0, big}, {tiny, 2 * tiny}, {big / 2, big}}
	type call struct {
		name string
		f    func() (string, error)
	}
	render := func(c Chart) func() (string, error) {
		return func() (string, error) {
			b, err := c.SVG()
			if err != nil {
				return "", err
			}
			if _, err := c.PNG(); err != nil {
				return "", err
			}
			out := string(b)
			if ec, ok := c.(echarter); ok {
				if e, err := ec.echart(); err == nil {
					out += e.option
				}
			}
			return out, nil
		}
	}
	var calls []call
	for i, v := range vals {
		add := func(what string, c Chart) {
			calls = append(calls, call{fmt.Sprintf("%s %d", what, i), render(c)})
		}
		add("HeatMap points", &HeatMap{Z: [][]float64{{0, 1}, {1, 0}}, Points: []PointSet{{Name: "p", X: v, Y: v}}})
		add("HeatMap contours", &HeatMap{Z: [][]float64{v, {0, 1}}, Contours: v})
		add("HeatMap lines", &HeatMap{Z: [][]float64{{0, 1}, {1, 0}}, X: []float64{0, 1}, Y: []float64{0, 1}, VLines: v, HLines: v})
		add("HeatMap axes", &HeatMap{Z: [][]float64{{0, 1}, {1, 0}}, X: []float64{v[0], v[0] + math.Abs(v[0])/2 + 1}, Y: []float64{v[0], v[0] + math.Abs(v[0])/2 + 1}})
		add("Surface axes", &Surface{X: []float64{v[0], v[0] + math.Abs(v[0])/2 + 1}, Y: []float64{0, 1}, Z: [][]float64{{0, 1}, {1, 0}}})
		add("Surface azimuth", &Surface{X: []float64{0, 1}, Y: []float64{0, 1}, Z: [][]float64{v, v}, Azimuth: v[1], Elevation: 45})
		add("Grid shared axes", &Grid{ShareX: true, ShareY: true, Panels: []Chart{
			&Line{Series: []Series{{Name: "a", X: []float64{0, 1}, Y: v}}},
			&Scatter{Sets: []PointSet{{X: v, Y: []float64{0, 1}}}},
			&Histogram{Values: v},
		}})
		add("Bar error bars", &Bar{Categories: []string{"a", "b"}, Groups: []BarGroup{{Values: v, Err: v}}})
		add("Line pixel size", &Line{Width: v[1], Height: v[1], Series: []Series{{X: []float64{0, 1}, Y: []float64{0, 1}}}})
		add("Grid pixel size", &Grid{PanelWidth: v[1], PanelHeight: v[1], Panels: []Chart{&Stem{X: []float64{0, 1}, Y: v}}})
		tab := &CompareTable{Rows: []string{"r"}, Cols: []string{"c"}, Ours: [][]MeanStd{{{v[0], v[1]}}}, Paper: [][]MeanStd{{{v[1], v[0]}}}, Verdicts: [][]Verdict{{Within}}, Rule: "r"}
		calls = append(calls,
			call{fmt.Sprintf("CompareTable HTML %d", i), func() (string, error) {
				b, err := tab.HTML()
				return string(b), err
			}},
			call{fmt.Sprintf("CompareTable Text %d", i), func() (string, error) { return tab.Text() }},
			call{fmt.Sprintf("CompareTable Verdict %d", i), func() (string, error) {
				w, o := tab.Counts()
				return fmt.Sprint(tab.Verdict(0, 0), w, o), nil
			}},
		)
	}
	for _, n := range []int{-1, 0, math.MaxInt, math.MinInt} {
		calls = append(calls, call{fmt.Sprintf("Progress %d", n), func() (string, error) {
			var b strings.Builder
			p := NewProgressTo(&b, "x", n)
			p.Add(n)
			p.Add(math.MaxInt)
			p.Done()
			return b.String(), nil
		}})
	}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			type result struct {
				out      string
				err      error
				panicked any
			}
			done := make(chan result, 1)
			go func() {
				var r result
				defer func() {
					r.panicked = recover()
					done <- r
				}()
				r.out, r.err = c.f()
			}()
			select {
			case r := <-done:
				switch {
				case r.panicked != nil:
					t.Errorf("panicked: %v", r.panicked)
				case r.err != nil && !errors.Is(r.err, klearn.ErrParam) && !errors.Is(r.err, klearn.ErrNotFinite) && !errors.Is(r.err, klearn.ErrEmpty) && !errors.Is(r.err, klearn.ErrShape):
					t.Errorf("error %v wraps no klearn sentinel", r.err)
				case r.err == nil && (strings.Contains(r.out, "NaN") || strings.Contains(r.out, "Inf")):
					t.Errorf("NaN or Inf in the output")
				}
			case <-time.After(20 * time.Second):
				t.Errorf("still running after 20 s: a hang")
			}
		})
	}
}

// TestLongLabels: a label of 100 000 characters in any text field of a
// static chart is cut to MaxLabelRunes characters and "…" where it is
// measured and drawn (the SVG holds no more of it), so rendering it is no
// slower than rendering a label of that length; the one-character-at-a-time
// title fitting it replaced took a minute for 16 000 characters.
func TestLongLabels(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("w", 100000)
	line := func() *Line {
		return &Line{Series: []Series{{Name: "a", X: []float64{1, 2}, Y: []float64{1, 2}}}}
	}
	charts := map[string]Chart{}
	for _, f := range []struct {
		name string
		set  func(*Line)
	}{
		{"title", func(l *Line) { l.Title = long }},
		{"x label", func(l *Line) { l.XLabel = long }},
		{"y label", func(l *Line) { l.YLabel = long }},
		{"series name", func(l *Line) { l.Series[0].Name = long }},
		{"markup title", func(l *Line) { l.Title = strings.Repeat("a_{1}^2 ", 12500) }},
	} {
		l := line()
		f.set(l)
		charts["line "+f.name] = l
	}
	charts["bar categories"] = &Bar{Categories: []string{long, "b"}, Groups: []BarGroup{{Name: long, Values: []float64{1, 2}}}}
	charts["grid title"] = &Grid{Title: long, Panels: []Chart{line()}}
	charts["heat map"] = &HeatMap{Title: long, XLabel: long, Z: [][]float64{{1, 2}, {3, 4}}}
	for name, c := range charts {
		svg, err := c.SVG()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if n := strings.Count(string(svg), "w"); n > 3*MaxLabelRunes {
			t.Errorf("%s: the SVG holds %d w's, want at most %d per label", name, n, MaxLabelRunes)
		}
		if _, err := c.PNG(); err != nil {
			t.Errorf("%s: PNG: %v", name, err)
		}
	}
	if got := clipLabel(strings.Repeat("é", MaxLabelRunes+1)); got != strings.Repeat("é", MaxLabelRunes)+"…" {
		t.Errorf("clipLabel of %d runes: %d runes", MaxLabelRunes+1, len([]rune(got)))
	}
	if s := strings.Repeat("é", MaxLabelRunes); clipLabel(s) != s {
		t.Errorf("clipLabel cut a label of MaxLabelRunes runes")
	}
}
