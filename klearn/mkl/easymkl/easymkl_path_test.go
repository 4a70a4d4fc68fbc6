package easymkl

import (
	"errors"
	"math"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"github.com/kernelab/kernelab/klearn/opt"
)

// pathGrid is the paper's grid of v (Λ = v/(1−v)) of the nested CVs of
// Donini & Aiolli (2017), closed form λ = 1 included.
var pathGrid = []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1}

// sameBits reports whether a and b hold the same bits.
func sameBits(a, b []float64) bool {
	return slices.EqualFunc(a, b, func(u, v float64) bool { return math.Float64bits(u) == math.Float64bits(v) })
}

// modelGap is the largest absolute difference between the weights, dual
// variables and bias of two models.
func modelGap(a, b *Model) float64 {
	d := math.Abs(a.Bias - b.Bias)
	for _, p := range [][2][]float64{{a.eta, b.eta}, {a.D, b.D}, {a.GammaSum, b.GammaSum}, {a.Gamma, b.Gamma}} {
		if len(p[0]) != len(p[1]) {
			return math.Inf(1)
		}
		for i := range p[0] {
			d = math.Max(d, math.Abs(p[0][i]-p[1][i]))
		}
	}
	return d
}

// fitCalls fits e at each λ of grid by one FitSource call, with SumStart
// and Start the previous λ's GammaSum and Gamma (BenchmarkPath's
// baseline: a loop of single fits, warm-started).
func fitCalls(e Learner, src mkl.GramSource, y, grid []float64) ([]*Model, error) {
	out := make([]*Model, len(grid))
	var prev *Model
	for k, lam := range grid {
		f := e
		f.Lambda = lam
		if prev != nil {
			f.SumStart, f.Start = prev.GammaSum, prev.Gamma
		}
		m, err := f.FitSource(src, y)
		if err != nil {
			return nil, err
		}
		out[k], prev = m, m
	}
	return out, nil
}

// pathStarts returns the candidate starts of a path's solve at lam after
// the solutions prev (at the λ of lams, in the order solved): the last
// solution (first before any; nil for the closed form at λ = 1) and the secant
// extrapolation of the last two (opt.KOMDSecant) — what FitSourcePath and
// FitGramPath try, rebuilt here from opt's exported functions.
func pathStarts(t *testing.T, y []float64, lams []float64, prev [][]float64, first []float64, lam float64) [][]float64 {
	t.Helper()
	k := len(prev)
	if k == 0 {
		return [][]float64{first}
	}
	out := [][]float64{prev[k-1]}
	if lams[k-1] == 1 {
		out[0] = nil // the class-uniform closed form
	}
	if k >= 2 && lams[k-2] != lams[k-1] {
		z, err := opt.KOMDSecant(y, prev[k-2], prev[k-1], lams[k-2], lams[k-1], lam)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, z)
	}
	return out
}

// descendingGrid is pathGrid's indices in the order the paths solve them.
func descendingGrid() []int {
	idx := make([]int, len(pathGrid))
	for k := range idx {
		idx[k] = len(pathGrid) - 1 - k
	}
	return idx
}

// TestFitSourcePathBitIdentical: each model of FitSourcePath has the bits
// of a FitSource call it stands for — Lambda the grid's λ, SumStart and
// Start among the candidates of the path (the previous model's GammaSum
// and Gamma, in decreasing order of λ, and their secant extrapolations) —
// on the lazy HPK family and on Gram matrices in memory, with and without
// step 3; and it agrees with a cold FitSource (class-uniform starts) to
// the solver's tolerance.
func TestFitSourcePathBitIdentical(t *testing.T) {
	X, y := testproblem.RandData(150, 5, 31)
	K1, err := hpk.CosineGram(X)
	if err != nil {
		t.Fatal(err)
	}
	fam := hpk.Family{D: 5}
	lazy, err := fam.Source(K1)
	if err != nil {
		t.Fatal(err)
	}
	Ks, err := fam.Grams(X)
	if err != nil {
		t.Fatal(err)
	}
	horner, err := fam.HornerSource(K1)
	if err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]mkl.GramSource{"family": lazy, "list": mkl.GramList(Ks), "horner": horner} {
		for _, noRes := range []bool{false, true} {
			e := Learner{Settings: opt.Settings{Tol: 1e-6}, NoResolve: noRes}
			got, err := e.FitSourcePath(src, y, pathGrid)
			if err != nil {
				t.Fatal(err)
			}
			var lams []float64
			var sums, gams [][]float64
			for _, k := range descendingGrid() {
				lam, g := pathGrid[k], got[k]
				matched := false
				for _, ss := range pathStarts(t, y, lams, sums, nil, lam) {
					for _, st := range pathStarts(t, y, lams, gams, nil, lam) {
						f := e
						f.Lambda, f.SumStart, f.Start = lam, ss, st
						want, err := f.FitSource(src, y)
						if err != nil {
							t.Fatal(err)
						}
						if sameBits(g.eta, want.eta) && sameBits(g.D, want.D) && sameBits(g.GammaSum, want.GammaSum) &&
							sameBits(g.Gamma, want.Gamma) && math.Float64bits(g.Bias) == math.Float64bits(want.Bias) &&
							g.SumResult.Iterations == want.SumResult.Iterations && g.Result.Iterations == want.Result.Iterations {
							matched = true
						}
					}
				}
				if !matched {
					t.Fatalf("%s NoResolve=%v λ=%g: the path's model is no FitSource call from its candidate starts", name, noRes, lam)
				}
				f := e
				f.Lambda = lam
				cold, err := f.FitSource(src, y)
				if err != nil {
					t.Fatal(err)
				}
				if d := modelGap(g, cold); d > pathTol {
					t.Fatalf("%s NoResolve=%v λ=%g: path and cold fit %.2g apart", name, noRes, lam, d)
				}
				lams, sums, gams = append(lams, lam), append(sums, g.GammaSum), append(gams, g.Gamma)
			}
		}
	}
	if _, err := (Learner{}).FitSourcePath(lazy, y, nil); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("no λ: %v", err)
	}
	if _, err := (Learner{}).FitSourcePath(lazy, y, []float64{0.5, 2}); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("λ = 2: %v", err)
	}
}

// TestKOMDFitGramPathBitIdentical: each model of KOMD.FitGramPath has the
// bits of the FitGram call it stands for — Start the candidate of lower
// objective (computed here from K) among the previous model's Gamma (in
// decreasing order of λ) and the secant extrapolation of the two previous
// — with and without MKLpy's ridge scaling.
func TestKOMDFitGramPathBitIdentical(t *testing.T) {
	X, y := testproblem.RandData(140, 4, 5)
	K1, err := hpk.CosineGram(X)
	if err != nil {
		t.Fatal(err)
	}
	w, _ := hpk.WeightsSum(4)
	fam, err := hpk.Family{D: 4}.Source(K1)
	if err != nil {
		t.Fatal(err)
	}
	K, err := mkl.CombineSource(w, fam)
	if err != nil {
		t.Fatal(err)
	}
	uniform, err := opt.KOMDQP(K, y, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	// obj is (1−λ) γᵀYKYγ + λ‖γ‖² (γ nil: the class-uniform point).
	obj := func(g []float64, lam float64) float64 {
		if g == nil {
			g = uniform.X
		}
		u := signed(g, y)
		var kg mat.VecDense
		kg.MulVec(K, mat.NewVecDense(len(u), u))
		return (1-lam)*mat.Dot(mat.NewVecDense(len(u), u), &kg) + lam*floats.Dot(g, g)
	}
	for _, ridge := range []bool{false, true} {
		c := KOMD{Settings: opt.Settings{Tol: 1e-6}, MKLpyRidge: ridge}
		got, err := c.FitGramPath(K, y, pathGrid)
		if err != nil {
			t.Fatal(err)
		}
		var lams []float64
		var gams [][]float64
		secant := 0
		for _, k := range descendingGrid() {
			g := got[k]
			cands := pathStarts(t, y, lams, gams, nil, g.Lambda)
			best := cands[0]
			if len(cands) == 2 && obj(cands[1], g.Lambda) < obj(best, g.Lambda) {
				best = cands[1]
				secant++
			}
			f := c
			f.Lambda, f.Start = pathGrid[k], best
			want, err := f.FitGram(K, y)
			if err != nil {
				t.Fatal(err)
			}
			if !sameBits(g.Gamma, want.Gamma) || math.Float64bits(g.Bias) != math.Float64bits(want.Bias) ||
				g.Lambda != want.Lambda || g.Result.Iterations != want.Result.Iterations {
				t.Fatalf("MKLpyRidge=%v λ=%g: the path's model differs from FitGram's", ridge, pathGrid[k])
			}
			lams, gams = append(lams, g.Lambda), append(gams, g.Gamma)
		}
		if secant == 0 {
			t.Errorf("MKLpyRidge=%v: the secant start was never the better one", ridge)
		}
	}
	if _, err := (KOMD{}).FitGramPath(K, y, nil); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("no λ: %v", err)
	}
	if _, err := (KOMD{}).FitGramPath((*mat.SymDense)(nil), y, pathGrid); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("nil K: %v", err)
	}
}

// pathTol bounds modelGap between a path's model and a cold FitSource
// call: both solve the QPs to Settings.Tol = 1e-6 (the duality gap within
// 1e-6 of the QP's scale), from different starts.
const pathTol = 1e-5

// TestStep3StartsFromBetter: with Start nil, step 3 starts from the
// better (lower objective, computed here from K_η) of the class-uniform
// point and γ* of step 1, and its result has the bits of opt.KOMDQPFrom
// from that start.
func TestStep3StartsFromBetter(t *testing.T) {
	X, y := testproblem.RandData(120, 5, 17)
	Ks, err := hpk.Family{D: 4}.Grams(X)
	if err != nil {
		t.Fatal(err)
	}
	fromSum := 0
	for _, lam := range []float64{0.1, 0.5, 0.9} {
		m, err := Learner{Lambda: lam, Settings: opt.Settings{Tol: 1e-8}}.FitGrams(Ks, y)
		if err != nil {
			t.Fatal(err)
		}
		kEta, err := m.Combine(Ks)
		if err != nil {
			t.Fatal(err)
		}
		uniform, err := opt.KOMDQP(kEta, y, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		obj := func(g []float64) float64 {
			u := signed(g, y)
			var kg mat.VecDense
			kg.MulVec(kEta, mat.NewVecDense(len(u), u))
			return (1-lam)*mat.Dot(mat.NewVecDense(len(u), u), &kg) + lam*floats.Dot(g, g)
		}
		var start []float64
		if obj(m.GammaSum) < obj(uniform.X) {
			start = m.GammaSum
			fromSum++
		}
		want, err := opt.KOMDQPFrom(kEta, y, lam, start, &opt.Settings{Tol: 1e-8})
		if err != nil {
			t.Fatal(err)
		}
		if !sameBits(m.Gamma, want.X) || m.Result.Iterations != want.Iterations {
			t.Fatalf("λ=%g: step 3 is not KOMDQPFrom from the better start (γ* better: %v)", lam, start != nil)
		}
	}
	if fromSum == 0 {
		t.Error("γ* of step 1 was never the better start")
	}
}

// TestFitSourcePathGOMAXPROCS runs FitSourcePath and FitGramPath at
// n = 1100 (the KOMD solves run on a team of goroutines from n = 1024 on)
// along a grid with secant starts, on 1 and 2 goroutines: the models must
// be bit-identical. Not parallel: it sets GOMAXPROCS.
func TestFitSourcePathGOMAXPROCS(t *testing.T) {
	if testing.Short() {
		t.Skip("n = 1100")
	}
	X, y := testproblem.RandData(1100, 12, 8)
	grid := []float64{0.3, 0.5, 0.7, 0.9}
	fit := func(procs int) ([]*Model, []*KOMDModel) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		K1, err := hpk.CosineGram(X)
		if err != nil {
			t.Fatal(err)
		}
		src, err := hpk.Family{D: 4}.Source(K1)
		if err != nil {
			t.Fatal(err)
		}
		ms, err := Learner{Settings: opt.Settings{Tol: 1e-6}}.FitSourcePath(src, y, grid)
		if err != nil {
			t.Fatal(err)
		}
		hs, err := hpk.Family{D: 4}.HornerSource(K1)
		if err != nil {
			t.Fatal(err)
		}
		hms, err := Learner{Settings: opt.Settings{Tol: 1e-6}}.FitSourcePath(hs, y, grid)
		if err != nil {
			t.Fatal(err)
		}
		ms = append(ms, hms...)
		ks, err := KOMD{Settings: opt.Settings{Tol: 1e-6}}.FitGramPath(K1, y, grid)
		if err != nil {
			t.Fatal(err)
		}
		return ms, ks
	}
	m1, k1 := fit(1)
	m2, k2 := fit(2)
	for i := range m1 {
		sameFit(t, "FitSourcePath, GOMAXPROCS 1 vs 2", m1[i], m2[i])
	}
	for i := range grid {
		if !sameBits(k1[i].Gamma, k2[i].Gamma) || math.Float64bits(k1[i].Bias) != math.Float64bits(k2[i].Bias) {
			t.Fatalf("FitGramPath λ=%g: GOMAXPROCS 1 and 2 differ", grid[i])
		}
	}
}
