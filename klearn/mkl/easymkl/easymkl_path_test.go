package easymkl

import (
	"errors"
	"math"
	"slices"
	"testing"

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
// and Start the previous λ's GammaSum and Gamma: what FitSourcePath stands
// for.
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

// TestFitSourcePathBitIdentical: each model of FitSourcePath has the bits
// of the FitSource call it stands for (Lambda the grid's λ, SumStart and
// Start the previous model's GammaSum and Gamma), on the lazy HPK family
// and on Gram matrices in memory, with and without step 3.
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
	for name, src := range map[string]mkl.GramSource{"family": lazy, "list": mkl.GramList(Ks)} {
		for _, noRes := range []bool{false, true} {
			e := Learner{Settings: opt.Settings{Tol: 1e-6}, NoResolve: noRes}
			got, err := e.FitSourcePath(src, y, pathGrid)
			if err != nil {
				t.Fatal(err)
			}
			wants, err := fitCalls(e, src, y, pathGrid)
			if err != nil {
				t.Fatal(err)
			}
			for k, lam := range pathGrid {
				g, want := got[k], wants[k]
				same := sameBits(g.eta, want.eta) && sameBits(g.D, want.D) && sameBits(g.GammaSum, want.GammaSum) &&
					sameBits(g.Gamma, want.Gamma) && math.Float64bits(g.Bias) == math.Float64bits(want.Bias) &&
					g.SumResult.Iterations == want.SumResult.Iterations && g.Result.Iterations == want.Result.Iterations
				if same {
					continue
				}
				// Fused builds (GOAMD64=v3) may fuse a multiply-add of
				// opt.KOMDQPFrom's set-up that opt.KOMDPath's keeps apart (the
				// Go spec allows it), so there the two agree to the solver's
				// tolerance, not bit for bit.
				if d := modelGap(g, want); !fusedBuild || d > fusedTol {
					t.Fatalf("%s NoResolve=%v λ=%g: the path's model differs from FitSource's by %.2g (fused build %v)", name, noRes, lam, d, fusedBuild)
				} else {
					t.Logf("%s NoResolve=%v λ=%g: fused build, models %.2g apart", name, noRes, lam, d)
				}
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
// bits of the FitGram call it stands for (Start the previous model's
// Gamma), with and without MKLpy's ridge scaling.
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
	for _, ridge := range []bool{false, true} {
		c := KOMD{Settings: opt.Settings{Tol: 1e-6}, MKLpyRidge: ridge}
		got, err := c.FitGramPath(K, y, pathGrid)
		if err != nil {
			t.Fatal(err)
		}
		var prev []float64
		for k, lam := range pathGrid {
			f := c
			f.Lambda, f.Start = lam, prev
			want, err := f.FitGram(K, y)
			if err != nil {
				t.Fatal(err)
			}
			g := got[k]
			if !sameBits(g.Gamma, want.Gamma) || math.Float64bits(g.Bias) != math.Float64bits(want.Bias) ||
				g.Lambda != want.Lambda || g.Result.Iterations != want.Result.Iterations {
				t.Fatalf("MKLpyRidge=%v λ=%g: the path's model differs from FitGram's", ridge, lam)
			}
			prev = want.Gamma
		}
	}
	if _, err := (KOMD{}).FitGramPath(K, y, nil); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("no λ: %v", err)
	}
	if _, err := (KOMD{}).FitGramPath((*mat.SymDense)(nil), y, pathGrid); !errors.Is(err, klearn.ErrEmpty) {
		t.Errorf("nil K: %v", err)
	}
}

// fusedTol bounds modelGap between FitSourcePath and FitSource calls in a
// fused build: both solve the QPs to Settings.Tol = 1e-6, from the same
// starts.
const fusedTol = 1e-5
