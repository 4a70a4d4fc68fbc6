package protocol

import (
	"fmt"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"gonum.org/v1/gonum/mat"
)

// Surface is one panel of Figure 6: a decision function on a grid, the
// training points, the hyper-parameters chosen by CV (Eps: [TK]'s margin
// ε, 0 for SimpleMKL), the test accuracy on held-out points and the
// certification of the CV and of the fit drawn (Cert).
type Surface struct {
	Title    string
	Method   string
	X, Y     []float64
	Z        [][]float64
	Pos, Neg [][2]float64
	C, Eps   float64
	TestAcc  float64
	Cert     *Cert `json:",omitempty"`
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
	pos, neg := SplitClasses(p.X, p.y)
	// [TK]
	cv, err := tkSelect(p.X, p.y, 1, cfg.EpsGrid, cfg, seed)
	if err != nil {
		return nil, err
	}
	C, eps := cv.C, cv.Eps
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
	if err := standardLibrary(p.X, all, UnitTrace, &lib); err != nil {
		return nil, err
	}
	Cs, smCert, err := simpleMKLSelect(lib.K, p.y, cfg, seed)
	if err != nil {
		return nil, err
	}
	sm, err := simpleMKLLearner(Cs, nil, cfg).FitGrams(lib.K, p.y)
	if err != nil {
		return nil, err
	}
	smCert, tkCert := smCert.withFit(sm), cv.cert(m)
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
		cert   Cert
	}{{"TK", C, eps, zt, pt, tkCert}, {"SimpleMKL", Cs, 0, zs[:grid*grid], ps, smCert}} {
		Z := make([][]float64, grid)
		for i := range Z {
			Z[i] = panel.z[i*grid : (i+1)*grid]
		}
		out = append(out, Surface{Title: fmt.Sprintf("%s, %s", name, panel.method), Method: panel.method, X: axis, Y: axis, Z: Z,
			Pos: pos, Neg: neg, C: panel.C, Eps: panel.eps, TestAcc: Accuracy(p.yt, panel.pred), Cert: &panel.cert})
	}
	return out, nil
}

// SplitClasses returns the rows of the two-column X whose label is
// positive and those whose label is not.
func SplitClasses(X *mat.Dense, y []float64) (pos, neg [][2]float64) {
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
