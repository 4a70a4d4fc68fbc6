package colbert2020

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/colbert2020/protocol"
	"github.com/kernelab/kernelab/viz"
)

// Tiles is the tessellation of Section 3.3 for a TK classifier in two
// dimensions: m training points cut the box into (m + 1)² tiles, on each of
// which the classifier f is one polynomial, of degree ≤ 2d + 1 in each
// coordinate.
type Tiles struct {
	// M is the number of training points, Count the tiles found (cells of
	// positive area between consecutive edges).
	M, Count int
	// Edges are the tile edges along each coordinate: the box's sides and
	// the points' coordinates, sorted.
	Edges [2][]float64
	// Residual is the largest relative residual max|f − p|/max|f| of the
	// least-squares fit of a tensor polynomial p of degree 2d + 1 per
	// coordinate to f on one tile, over all tiles (checked on points
	// other than those fitted); Across is the largest such residual over
	// the pairs of horizontally adjacent tiles fitted as one: the
	// polynomial changes across the edges of support vectors (those of
	// points with α_i = 0 leave f as it is).
	Residual, Across float64
	// X, Y, Z sample f on a lattice (nil when not drawn); Pos and Neg
	// are the training points.
	X, Y     []float64
	Z        [][]float64
	Pos, Neg [][2]float64
}

// RunTiles fits [TK] (degree 1, C = 10, margin ε = 0.1, no bias) to 9
// points of [0, 1]² labelled by the side of the diagonal they fall on and
// checks the tessellation of its classifier; grid > 1 also samples f on a
// grid × grid lattice for the figure.
func RunTiles(grid int) (*Tiles, error) {
	const m, d = 9, 1
	X := randPoints(m, 2, 33)
	y := make([]float64, m)
	for i := range y {
		y[i] = -1
		if X.At(i, 1) > X.At(i, 0) {
			y[i] = 1
		}
	}
	const eps = 0.1
	mod, err := tk.Learner{Degree: d, Margin: eps, SVM: svm.Classifier{C: 10, NoBias: true}, Settings: opt.Settings{Tol: 1e-6, MaxIter: 500}}.Fit(X, y)
	if err != nil {
		return nil, err
	}
	res := &Tiles{M: m}
	for j := 0; j < 2; j++ {
		col := mat.Col(nil, j, X)
		lo, hi := floats.Min(col), floats.Max(col)
		w := hi - lo
		res.Edges[j] = append([]float64{lo - eps*w, hi + eps*w}, col...) // the learner's box [−ε, 1 + ε] after scaling
		sort.Float64s(res.Edges[j])
	}
	f := func(pts [][2]float64) ([]float64, error) {
		Z := mat.NewDense(len(pts), 2, nil)
		for i, p := range pts {
			Z.Set(i, 0, p[0])
			Z.Set(i, 1, p[1])
		}
		return mod.Decision(Z)
	}
	// Per tile: fit on a 6 × 6 lattice inside it, check on a shifted 5 × 5
	// one.
	const deg = 2*d + 1
	ex, ey := res.Edges[0], res.Edges[1]
	fitTile := func(x0, x1, y0, y1 float64) (float64, error) {
		inner := func(k, n int, off float64) float64 { return (float64(k) + off) / float64(n) }
		var fitPts, checkPts [][2]float64
		for a := 0; a < 6; a++ {
			for b := 0; b < 6; b++ {
				fitPts = append(fitPts, [2]float64{x0 + (x1-x0)*inner(a, 6, 0.5), y0 + (y1-y0)*inner(b, 6, 0.5)})
			}
		}
		for a := 0; a < 5; a++ {
			for b := 0; b < 5; b++ {
				checkPts = append(checkPts, [2]float64{x0 + (x1-x0)*inner(a, 5, 0.3), y0 + (y1-y0)*inner(b, 5, 0.7)})
			}
		}
		fv, err := f(fitPts)
		if err != nil {
			return 0, err
		}
		cv, err := f(checkPts)
		if err != nil {
			return 0, err
		}
		// Tensor monomials in local coordinates u, v ∈ [−1, 1].
		basis := func(p [2]float64) []float64 {
			u, v := 2*(p[0]-x0)/(x1-x0)-1, 2*(p[1]-y0)/(y1-y0)-1
			out := make([]float64, 0, (deg+1)*(deg+1))
			for i := 0; i <= deg; i++ {
				for j := 0; j <= deg; j++ {
					out = append(out, math.Pow(u, float64(i))*math.Pow(v, float64(j)))
				}
			}
			return out
		}
		nb := (deg + 1) * (deg + 1)
		A := mat.NewDense(len(fitPts), nb, nil)
		for i, p := range fitPts {
			A.SetRow(i, basis(p))
		}
		var c mat.VecDense
		if err := c.SolveVec(A, mat.NewVecDense(len(fv), fv)); err != nil {
			return 0, klearn.Errorf(klearn.ErrSingular, "colbert2020: tile fit: %v", err)
		}
		var worst, scale float64
		for i, p := range checkPts {
			worst = max(worst, math.Abs(mat.Dot(&c, mat.NewVecDense(nb, basis(p)))-cv[i]))
			scale = max(scale, math.Abs(cv[i]))
		}
		for _, v := range fv {
			scale = max(scale, math.Abs(v))
		}
		return worst / scale, nil
	}
	for a := 0; a+1 < len(ex); a++ {
		for b := 0; b+1 < len(ey); b++ {
			if !(ex[a+1] > ex[a] && ey[b+1] > ey[b]) {
				continue
			}
			res.Count++
			r, err := fitTile(ex[a], ex[a+1], ey[b], ey[b+1])
			if err != nil {
				return nil, err
			}
			res.Residual = max(res.Residual, r)
			if a+2 < len(ex) && ex[a+2] > ex[a+1] {
				r2, err := fitTile(ex[a], ex[a+2], ey[b], ey[b+1])
				if err != nil {
					return nil, err
				}
				res.Across = max(res.Across, r2)
			}
		}
	}
	res.Pos, res.Neg = protocol.SplitClasses(X, y)
	if grid > 1 {
		lo0, hi0 := ex[0], ex[len(ex)-1]
		lo1, hi1 := ey[0], ey[len(ey)-1]
		res.X, res.Y = make([]float64, grid), make([]float64, grid)
		var pts [][2]float64
		for i := 0; i < grid; i++ {
			res.X[i] = lo0 + (hi0-lo0)*float64(i)/float64(grid-1)
			res.Y[i] = lo1 + (hi1-lo1)*float64(i)/float64(grid-1)
		}
		for i := 0; i < grid; i++ {
			for j := 0; j < grid; j++ {
				pts = append(pts, [2]float64{res.X[j], res.Y[i]})
			}
		}
		z, err := f(pts)
		if err != nil {
			return nil, err
		}
		res.Z = make([][]float64, grid)
		for i := range res.Z {
			res.Z[i] = z[i*grid : (i+1)*grid]
		}
	}
	return res, nil
}

// TilesClaim decides Section 3.3's tessellation (criterion "theorems"):
// (m + 1)ⁿ tiles, a polynomial classifier on each (residual at most
// TileResidual), and not one polynomial across the edges (above
// TileAcross).
func TilesClaim(t *Tiles) repro.Claim {
	const id, statement = "Section 3.3 (tiles)", "m points tessellate the domain into (m + 1)ⁿ tiles, on each of which the classifier is a polynomial"
	if t == nil {
		return repro.NotRunClaim(id, repro.Theorem, statement, "not run")
	}
	want := (t.M + 1) * (t.M + 1)
	holds := t.Count == want && t.Residual <= TileResidual && t.Across > TileAcross
	return repro.Claim{ID: id, Kind: repro.Theorem,
		Statement: statement,
		Paper:     fmt.Sprintf("n = 2, %d points: %d tiles", t.M, want), Tolerance: fmt.Sprintf("the count exact; residual ≤ %g on a tile, > %g across an edge", TileResidual, TileAcross), Reason: "a tile count or a residual off"}.Decide(repro.Check(id, holds,
		fmt.Sprintf("%d tiles; a tensor polynomial of degree 3 per coordinate fits f on every tile to %.1g (relative, on points not fitted); fitted across an edge, off by up to %.2g",
			t.Count, t.Residual, t.Across)))
}

// TilesChart draws the classifier of RunTiles with its tile edges and
// training points.
func TilesChart(t *Tiles) *viz.HeatMap {
	return &viz.HeatMap{Title: fmt.Sprintf("Section 3.3: %d points cut the box into %d tiles; colour: f, one polynomial per tile", t.M, t.Count),
		XLabel: "x_1", YLabel: "x_2", X: t.X, Y: t.Y, Z: t.Z, Contours: []float64{0}, Points: classPoints(t.Pos, t.Neg),
		VLines: t.Edges[0], HLines: t.Edges[1], Diverging: true}
}
