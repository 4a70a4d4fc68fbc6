package viz

import (
	"math"
	"os"
	"path/filepath"
	"testing"
)

// Deterministic example charts shared by the golden, browser and PNG tests.
// The numbers are made up (closed-form curves), chosen only to exercise
// every drawing path; no test compares them to a paper.

func exampleLine(sc Scale, bars bool) *Line {
	x := []float64{1, 2, 4, 8, 16, 32}
	a, b := make([]float64, len(x)), make([]float64, len(x))
	ea, eb := make([]float64, len(x)), make([]float64, len(x))
	for i, v := range x {
		a[i] = 0.3/math.Sqrt(v) + 0.05
		b[i] = 0.2/v*(1+0.1*float64(i)) + 0.02
		ea[i] = 0.02
		eb[i] = 0.005 + 0.001*float64(i)
	}
	return &Line{
		Title: "Test error against degree", XLabel: "degree d", YLabel: "error",
		Series:    []Series{{Name: "EasyMKL", X: x, Y: a, Err: ea}, {Name: "SVM", X: x, Y: b, Err: eb}},
		Scale:     sc,
		ErrorBars: bars,
	}
}

func exampleGram() *HeatMap {
	n := 12
	z := make([][]float64, n)
	for i := range z {
		z[i] = make([]float64, n)
		for j := range z[i] {
			d := float64(i - j)
			z[i][j] = math.Exp(-d * d / 8)
		}
	}
	return &HeatMap{Title: "RBF Gram matrix", XLabel: "j", YLabel: "i", Z: z}
}

func exampleSurface() *HeatMap {
	n := 60
	x := make([]float64, n)
	for i := range x {
		x[i] = -2 + 4*float64(i)/float64(n-1)
	}
	z := make([][]float64, n)
	for i := range z {
		z[i] = make([]float64, n)
		for j := range z[i] {
			z[i][j] = x[j]*x[j] + x[i]*x[i] - 1.5
		}
	}
	return &HeatMap{
		Title: "Decision surface f(x)", XLabel: "x_1", YLabel: "x_2", X: x, Y: x, Z: z,
		Contours: []float64{0}, Diverging: true,
		Points: []PointSet{
			{Name: "y = +1", X: []float64{-1.8, 1.7, 0.2, -1.5}, Y: []float64{1.6, -1.4, 1.9, -1.7}},
			{Name: "y = −1", X: []float64{0, 0.5, -0.4, 0.3}, Y: []float64{0, -0.3, 0.6, 0.4}},
		},
	}
}

// exampleSurface3D is a saddle-plus-bowl on a 25×20 grid, the shape of the
// non-convex objective surfaces of Cortes et al. (2009) Fig. 1.
func exampleSurface3D() *Surface {
	x := make([]float64, 25)
	y := make([]float64, 20)
	for j := range x {
		x[j] = 2 * float64(j) / 24
	}
	for i := range y {
		y[i] = 2 * float64(i) / 19
	}
	z := make([][]float64, len(y))
	for i := range z {
		z[i] = make([]float64, len(x))
		for j := range z[i] {
			z[i][j] = (x[j]-1)*(x[j]-1) - 0.5*(y[i]-1)*(y[i]-1) + 0.3*x[j]*y[i]
		}
	}
	return &Surface{Title: "F(μ_1, μ_2)", XLabel: "μ_1", YLabel: "μ_2", ZLabel: "F", X: x, Y: y, Z: z}
}

// writeArtifact writes b to $VIZ_ARTIFACTS/name when that variable is set,
// for looking at rendered charts by eye.
func writeArtifact(t *testing.T, name string, b []byte) {
	dir := os.Getenv("VIZ_ARTIFACTS")
	if dir == "" {
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func exampleBar() *Bar {
	return &Bar{
		Title: "Learned kernel weights η", XLabel: "kernel", YLabel: "η",
		Categories: []string{"d=1", "d=2", "d=3", "d=4", "d=5"},
		Groups: []BarGroup{
			{Name: "λ = 0", Values: []float64{0.05, 0.3, 0.4, 0.2, 0.05}, Err: []float64{0.01, 0.02, 0.03, 0.02, 0.01}},
			{Name: "λ = 1", Values: []float64{0.2, 0.2, 0.2, 0.2, 0.2}},
		},
	}
}

func exampleHist() *Histogram {
	v := make([]float64, 200)
	for i := range v {
		// A deterministic bell shape: the normal quantiles of (i+0.37)/200
		// via the inverse error function. The offset keeps the sample off
		// the bin edges, where the last bit of Erfinv (which differs
		// between builds with and without fused multiply-adds) would
		// decide the bin.
		v[i] = math.Sqrt2 * math.Erfinv(2*(float64(i)+0.37)/200-1)
	}
	return &Histogram{Title: "Selected widths", XLabel: "log σ", YLabel: "count", Values: v, Bins: 15}
}

func exampleScatter() *Scatter {
	return &Scatter{
		Title: "Learned (σ_1, σ_2) pairs", XLabel: "σ_1", YLabel: "σ_2", Scale: LogLog,
		Sets: []PointSet{
			{Name: "DC", X: []float64{0.1, 0.3, 1, 3, 10}, Y: []float64{0.2, 0.25, 2, 2.5, 8}},
			{Name: "grid", X: []float64{0.2, 0.5, 2, 5}, Y: []float64{0.1, 0.6, 1, 6}},
		},
	}
}

func exampleStem() *Stem {
	return &Stem{
		Title: "Kernel coefficients over σ", XLabel: "σ", YLabel: "weight", Scale: LogX,
		X: []float64{0.1, 0.3, 1, 3, 10, 30}, Y: []float64{0, 0.1, 0.6, 0.25, 0.05, -0.02},
	}
}

func exampleGrid() *Grid {
	return &Grid{Title: "One panel per data set", Cols: 2, Panels: []Chart{exampleLine(Linear, false), exampleBar(), exampleStem(), exampleGram()}}
}

// namedChart is a test chart under its name (the golden file's, for
// staticCharts).
type namedChart struct {
	name string
	c    Chart
}

// staticCharts lists every static chart kind under its golden-file name.
func staticCharts() []namedChart {
	return []namedChart{
		{"line_band", exampleLine(Linear, false)},
		{"line_logx_errbars", exampleLine(LogX, true)},
		{"line_loglog", exampleLine(LogLog, false)},
		{"heatmap_gram", exampleGram()},
		{"heatmap_surface_contour", exampleSurface()},
		{"bar", exampleBar()},
		{"histogram", exampleHist()},
		{"scatter_loglog", exampleScatter()},
		{"stem_logx", exampleStem()},
		{"grid", exampleGrid()},
		{"surface3d", exampleSurface3D()},
		{"line_markup", markupLine()},
	}
}

// hardCharts lists every static chart kind and the hard cases of the
// figure check: crowded lines, narrow ticks, small multiples, two panels,
// a zoomed band and many categories.
func hardCharts() []namedChart {
	return append(staticCharts(),
		namedChart{"crowded_lines", crowdedLines()},
		namedChart{"narrow_ticks", narrowTicks()},
		namedChart{"small_multiples", smallMultiples()},
		namedChart{"two_panels", twoPanels()},
		namedChart{"zoomed_band", zoomedBand()},
		namedChart{"many_categories", manyCategories()})
}

// interactiveCharts lists every interactive chart kind.
func interactiveCharts() []struct {
	name string
	c    Interactive
} {
	return []struct {
		name string
		c    Interactive
	}{
		{"line_band", exampleLine(Linear, false)},
		{"line_loglog", exampleLine(LogLog, false)},
		{"heatmap_gram", exampleGram()},
		{"bar", exampleBar()},
		{"histogram", exampleHist()},
		{"scatter_loglog", exampleScatter()},
		{"line_markup", markupLine()},
	}
}

// markupLine has labels with sub/superscripts and a dashed paired series
// (uniform vs learned weights, as the papers draw them).
func markupLine() *Line {
	x := []float64{1, 2, 5, 10, 20, 30}
	a := []float64{0.80, 0.83, 0.86, 0.87, 0.875, 0.876}
	b := []float64{0.79, 0.80, 0.82, 0.84, 0.85, 0.85}
	return &Line{Title: "Spectral ratio of K_{MKL} against D", XLabel: "D", YLabel: "C(K) / σ^2", TicksAtX: true,
		Series: []Series{{Name: "K_{MKL} (learned)", X: x, Y: a}, {Name: "K_{sum} (uniform)", X: x, Y: b, Dash: Dashed}}}
}
