package colbert2020

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/viz"
)

// Surface is one panel of Figure 6: a decision function on a grid, the
// training points, the hyper-parameters chosen by CV (Eps: [TK]'s margin
// ε, 0 for SimpleMKL) and the test accuracy on held-out points.
type Surface struct {
	Title    string
	Method   string
	X, Y     []float64
	Z        [][]float64
	Pos, Neg [][2]float64
	C, Eps   float64
	TestAcc  float64
}

// Figure6 draws the decision surfaces of [TK] (degree 1, no bias) and
// [SimpleMKL] (the standard library) on the circle (mlbench's generator;
// n = 150 training points, the text's number; the caption of panels
// (a)–(b) says 50) and on 150 points of Lang & Witbrock's two spirals
// (spiral), on a cfg.Figure6Grid × cfg.Figure6Grid lattice. As everywhere
// in Section 8, C (and [TK]'s ε) are chosen by k-fold CV on the training
// points over cfg's grids, as in Table 1's columns (tkSelect,
// simpleMKLSelect); test accuracy is on 1000 fresh points of each.
func Figure6(cfg Config) ([]Surface, error) {
	var out []Surface
	for _, name := range Figure6Problems {
		s, err := Figure6Panels(name, cfg)
		if err != nil {
			return nil, err
		}
		out = append(out, s...)
	}
	return out, nil
}

// Figure6Problems are the two problems of Figure 6, in the order of its
// panels.
var Figure6Problems = []string{"circle", "spiral"}

// figure6Problem is one problem of Figure 6: training and test points and
// the square [lo, hi]² the surfaces are drawn on.
type figure6Problem struct {
	X, Xt  *mat.Dense
	y, yt  []float64
	lo, hi float64
}

func newFigure6Problem(name string, seed uint64) (figure6Problem, error) {
	switch name {
	case "circle":
		circ, err := datasets.Circle(150, 2, seed)
		if err != nil {
			return figure6Problem{}, err
		}
		circTest, err := datasets.Circle(1000, 2, seed+1)
		if err != nil {
			return figure6Problem{}, err
		}
		yc, err := datasets.Binary(circ)
		if err != nil {
			return figure6Problem{}, err
		}
		yct, err := datasets.Binary(circTest)
		if err != nil {
			return figure6Problem{}, err
		}
		return figure6Problem{circ.X, circTest.X, yc, yct, -1, 1}, nil
	case "spiral":
		sx, sy, err := spiral(150, 0, seed)
		if err != nil {
			return figure6Problem{}, err
		}
		sxt, syt, err := spiral(1000, 0, seed+1)
		if err != nil {
			return figure6Problem{}, err
		}
		return figure6Problem{sx, sxt, sy, syt, -7, 7}, nil
	}
	return figure6Problem{}, klearn.Errorf(klearn.ErrParam, "colbert2020: Figure 6 problem %q, want circle or spiral", name)
}

// Figure6Panels draws the two panels of one problem of Figure 6 ("circle"
// or "spiral"): [TK] then [SimpleMKL], as Figure6 describes.
func Figure6Panels(name string, cfg Config) ([]Surface, error) {
	seed, grid := cfg.Seed, cfg.Figure6Grid
	if grid < 2 {
		return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: Figure 6 lattice of %d points a side, want at least 2", grid)
	}
	p, err := newFigure6Problem(name, seed)
	if err != nil {
		return nil, err
	}
	var out []Surface
	G := mat.NewDense(grid*grid, 2, nil)
	axis := make([]float64, grid)
	for i := range axis {
		axis[i] = p.lo + (p.hi-p.lo)*float64(i)/float64(grid-1)
	}
	for i, v := range axis {
		for j, u := range axis {
			G.Set(i*grid+j, 0, u)
			G.Set(i*grid+j, 1, v)
		}
	}
	pos, neg := splitClasses(p.X, p.y)
	// [TK]
	C, eps, err := tkSelect(p.X, p.y, 1, cfg.EpsGrid, cfg, seed)
	if err != nil {
		return nil, err
	}
	m, err := tkLearner(1, C, eps, cfg).Fit(p.X, p.y)
	if err != nil {
		return nil, err
	}
	zt, err := m.Decision(G)
	if err != nil {
		return nil, err
	}
	pt, err := m.Predict(p.Xt)
	if err != nil {
		return nil, err
	}
	// [SimpleMKL]: the grid and the test points share one library.
	all := mat.NewDense(grid*grid+len(p.yt), 2, nil)
	all.Stack(G, p.Xt)
	var lib gramLibrary
	if err := standardLibrary(p.X, all, &lib); err != nil {
		return nil, err
	}
	Cs, err := simpleMKLSelect(lib.K, p.y, cfg, seed)
	if err != nil {
		return nil, err
	}
	sm, err := simpleMKLLearner(Cs, nil, cfg).FitGrams(lib.K, p.y)
	if err != nil {
		return nil, err
	}
	zs, err := sm.DecisionGrams(lib.Kte)
	if err != nil {
		return nil, err
	}
	ps := make([]float64, len(p.yt))
	for i := range ps {
		ps[i] = -1
		if zs[grid*grid+i] > 0 {
			ps[i] = 1
		}
	}
	for _, panel := range []struct {
		method string
		C, eps float64
		z      []float64
		pred   []float64
	}{{"TK", C, eps, zt, pt}, {"SimpleMKL", Cs, 0, zs[:grid*grid], ps}} {
		Z := make([][]float64, grid)
		for i := range Z {
			Z[i] = panel.z[i*grid : (i+1)*grid]
		}
		out = append(out, Surface{Title: fmt.Sprintf("%s, %s", name, panel.method), Method: panel.method, X: axis, Y: axis, Z: Z,
			Pos: pos, Neg: neg, C: panel.C, Eps: panel.eps, TestAcc: accuracy(p.yt, panel.pred)})
	}
	return out, nil
}

// Figure6Claim states our criterion for the qualitative Figure 6 (criterion
// "figure 6"): [TK] separates both problems (test accuracy ≥
// Figure6MinAccuracy).
func Figure6Claim(s []Surface) repro.Claim {
	if len(s) != 4 {
		return repro.NotRunClaim("Figure 6", repro.Experiment, "decision surfaces on circle and spiral", "not run in this configuration")
	}
	holds := s[0].TestAcc >= Figure6MinAccuracy && s[2].TestAcc >= Figure6MinAccuracy
	return repro.Claim{ID: "Figure 6", Kind: repro.Experiment,
		Statement: "decision surfaces of [TK] and [SimpleMKL] on circle and spiral (150 training points)",
		Paper:     "[TK] separates both (drawn; no numbers)", Tolerance: "[TK] test accuracy ≥ 90 % on both (our criterion)", Reason: "[TK] does not separate one of the problems"}.Decide(repro.Check("Figure 6", holds,
		fmt.Sprintf("test accuracy: circle TK %.1f %%, SimpleMKL %.1f %%; spiral TK %.1f %%, SimpleMKL %.1f %%", s[0].TestAcc, s[1].TestAcc, s[2].TestAcc, s[3].TestAcc)))
}

// Figure6SizeClaim is our diagnosis of a Figure 6 miss on the spiral:
// that 150 points are too few for [TK] on Lang & Witbrock's three turns,
// not that [TK] cannot separate them. It reads Figure 7(b)'s learning
// curve (the same spiral generator, C and ε by CV at every size) and
// explains the miss when Figure 6's [TK] accuracy lies within the range of
// the curve's [TK] accuracies at the two sizes that bracket 150 and the
// curve's mean at its largest size reaches Figure6Claim's 90 %.
func Figure6SizeClaim(s []Surface, curves []*Curve) repro.Claim {
	const id, statement = "Figure 6 (spiral size)", "[TK] on the spiral at 150 points against Figure 7(b)'s learning curve (our diagnosis of the panel)"
	c := findCurve(curves, CurveSpiral)
	lo, hi := -1, -1
	if c != nil {
		for k, n := range c.Sizes {
			if n <= 150 {
				lo = k
			}
			if n >= 150 && hi < 0 {
				hi = k
			}
		}
	}
	if len(s) != 4 || lo < 0 || hi < 0 {
		return repro.NotRunClaim(id, repro.Diagnostic, statement, "needs Figure 6 and a spiral curve with sizes on both sides of 150")
	}
	rlo, rhi := math.Inf(1), math.Inf(-1)
	for _, k := range []int{lo, hi} {
		for _, v := range c.TK[k] {
			rlo, rhi = min(rlo, v), max(rhi, v)
		}
	}
	last := len(c.Sizes) - 1
	top, err := repro.Summarize(c.TK[last])
	if err != nil {
		return repro.NotRunClaim(id, repro.Diagnostic, statement, "the spiral curve has no [TK] accuracies")
	}
	acc := s[2].TestAcc
	holds := acc >= rlo && acc <= rhi && top.Mean >= 90
	return repro.Claim{ID: id, Kind: repro.Diagnostic,
		Statement: statement,
		Paper:     "[TK] separates the spiral at 150 points (drawn)", Tolerance: "Figure 6's accuracy between the lowest and highest of the curve's repetitions at the bracketing sizes, and the curve's mean ≥ 90 % at its largest size", Reason: "the sample size does not account for the panel"}.Decide(repro.Check(id, holds,
		fmt.Sprintf("Figure 6: %.1f %% at 150 points; Figure 7(b)'s [TK] repetitions at m = %d–%d: %.1f–%.1f %% (lowest to highest), mean at m = %d: %.1f %%",
			acc, c.Sizes[lo], c.Sizes[hi], rlo, rhi, c.Sizes[last], top.Mean)))
}

// Figure6Table returns the header and rows of the hyper-parameters chosen
// by CV and the test accuracy of each panel, for nb.ShowTable.
func Figure6Table(s []Surface) (header []string, rows [][]string) {
	header = []string{"panel", "C (CV)", "ε", "test accuracy %"}
	for _, p := range s {
		eps := "—"
		if p.Method == "TK" {
			eps = fmt.Sprint(p.Eps)
		}
		rows = append(rows, []string{p.Title, fmt.Sprint(p.C), eps, fmt.Sprintf("%.1f", p.TestAcc)})
	}
	return header, rows
}

// classPoints returns the training points of the two classes as the
// point sets of a decision-surface chart.
func classPoints(pos, neg [][2]float64) []viz.PointSet {
	out := []viz.PointSet{{Name: "+1"}, {Name: "−1"}}
	for k, pts := range [][][2]float64{pos, neg} {
		for _, q := range pts {
			out[k].X, out[k].Y = append(out[k].X, q[0]), append(out[k].Y, q[1])
		}
	}
	return out
}

// splitClasses returns the rows of the two-column X whose label is
// positive and those whose label is not.
func splitClasses(X *mat.Dense, y []float64) (pos, neg [][2]float64) {
	for i, v := range y {
		pt := [2]float64{X.At(i, 0), X.At(i, 1)}
		if v > 0 {
			pos = append(pos, pt)
		} else {
			neg = append(neg, pt)
		}
	}
	return pos, neg
}

// Figure6Chart draws the four panels with the decision boundary f = 0.
func Figure6Chart(s []Surface) *viz.Grid {
	var panels []viz.Chart
	for _, p := range s {
		panels = append(panels, &viz.HeatMap{Title: p.Title, XLabel: "x_1", YLabel: "x_2", X: p.X, Y: p.Y, Z: p.Z,
			Contours: []float64{0}, Points: classPoints(p.Pos, p.Neg), Diverging: true, NoColorBar: true})
	}
	return &viz.Grid{Title: "Figure 6: decision surfaces", Panels: panels, Cols: 2, SharedLegend: true}
}

// spiral draws n points of the spiral Section 8 cites: "the spiral
// discriminant (2 features) from Lang (1988)", Lang & Witbrock's two
// spirals, whose benchmark puts point i at angle iπ/16 and radius
// 6.5(104 − i)/104, i = 0 … 96: three turns on [−6.5, 6.5]², the arms of
// the two classes 1 apart. The paper does not say how it sampled them; we
// draw i uniformly on [0, 96] (datasets.TwoSpiralsSample,
// TestFigure6Spiral) and add N(0, σ²) noise to each coordinate; labels ±1.
func spiral(n int, sigma float64, seed uint64) (*mat.Dense, []float64, error) {
	ds, err := datasets.TwoSpiralsSample(n, sigma, seed)
	if err != nil {
		return nil, nil, err
	}
	y, err := datasets.Binary(ds)
	if err != nil {
		return nil, nil, err
	}
	return ds.X, y, nil
}
