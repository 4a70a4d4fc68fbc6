package easymkl

import (
	"math"
	"runtime"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/mkl/internal/symrows"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"gonum.org/v1/gonum/mat"
)

// plainSource hides a source's fused sums, so that EasyMKL sweeps it.
type plainSource struct{ mkl.GramSource }

// sameFit fails unless two EasyMKL models are bit-for-bit equal.
func sameFit(t *testing.T, what string, a, b *Model) {
	t.Helper()
	for _, c := range []struct {
		name string
		x, y []float64
	}{{"η", a.eta, b.eta}, {"d", a.D, b.D}, {"γ*", a.GammaSum, b.GammaSum}, {"γ", a.Gamma, b.Gamma}, {"b", []float64{a.Bias}, []float64{b.Bias}}} {
		if len(c.x) != len(c.y) {
			t.Fatalf("%s: %s has %d and %d entries", what, c.name, len(c.x), len(c.y))
		}
		for i := range c.x {
			if math.Float64bits(c.x[i]) != math.Float64bits(c.y[i]) {
				t.Fatalf("%s: %s[%d] = %v and %v", what, c.name, i, c.x[i], c.y[i])
			}
		}
	}
}

// TestEasyMKLFusedMatchesSweep fits EasyMKL on the lazy HPK source and on
// the materialised family (sums and margins formed row by row,
// symrows.Fused), and on both swept kernel by kernel: the four fits must be
// bit-identical, and fitting again (on recycled, stale scratch matrices)
// must give the same bits.
func TestEasyMKLFusedMatchesSweep(t *testing.T) {
	for _, lo := range []int{0, 1} {
		X, y := testproblem.RandData(600, 9, 11) // ≥ 256 rows: the parallel paths
		fam := hpk.Family{D: 6, MinDegree: lo}
		K1, err := hpk.CosineGram(X)
		if err != nil {
			t.Fatal(err)
		}
		src, err := fam.Source(K1)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := src.(symrows.Fused); !ok {
			t.Fatal("hpk.Family.Source is not a symrows.Fused")
		}
		Ks, err := fam.Grams(X)
		if err != nil {
			t.Fatal(err)
		}
		e := Learner{Lambda: 0.2}
		fused, err := e.FitSource(src, y)
		if err != nil {
			t.Fatal(err)
		}
		swept, err := e.FitSource(plainSource{src}, y)
		if err != nil {
			t.Fatal(err)
		}
		sameFit(t, "fused vs swept", fused, swept)
		list, err := e.FitGrams(Ks, y)
		if err != nil {
			t.Fatal(err)
		}
		sameFit(t, "fused vs materialised", fused, list)
		sweptList, err := e.FitSource(plainSource{mkl.GramList(Ks)}, y)
		if err != nil {
			t.Fatal(err)
		}
		sameFit(t, "fused vs materialised, swept", fused, sweptList)
		again, err := e.FitSource(src, y)
		if err != nil {
			t.Fatal(err)
		}
		sameFit(t, "fused, fitted twice", fused, again)
		// The margins against their definition d_s = uᵀK_s u, u = Yγ*, to
		// rounding relative to the terms summed, |u|ᵀ|K_s||u|: the degree-0
		// kernel 11ᵀ has d_0 = (Σ u_i)² = 0 up to rounding, whose sign and
		// last bits depend on fused multiply-adds (GOAMD64=v3).
		u := signed(fused.GammaSum, y)
		for s, K := range Ks {
			var v, a mat.VecDense
			uv := mat.NewVecDense(len(u), u)
			v.MulVec(K, uv)
			want := mat.Dot(&v, uv)
			abs := make([]float64, len(u))
			for i := range u {
				abs[i] = math.Abs(u[i])
			}
			absK := mat.NewDense(len(u), len(u), nil)
			absK.Apply(func(_, _ int, x float64) float64 { return math.Abs(x) }, K)
			av := mat.NewVecDense(len(u), abs)
			a.MulVec(absK, av)
			scale := mat.Dot(&a, av)
			if math.Abs(fused.D[s]-math.Max(0, want)) > 1e-12*scale {
				t.Errorf("MinDegree %d: d[%d] = %v, uᵀK u = %v", lo, s, fused.D[s], want)
			}
		}
	}
}

// TestEasyMKLGOMAXPROCS fits EasyMKL at n = 1100 (the KOMD solves run on a
// team of goroutines from n = 1024 on) on 1, 2 and 3 goroutines: the fits
// must be bit-identical. Not parallel: it sets GOMAXPROCS.
func TestEasyMKLGOMAXPROCS(t *testing.T) {
	if testing.Short() {
		t.Skip("n = 1100")
	}
	X, y := testproblem.RandData(1100, 12, 5)
	fam := hpk.Family{D: 5, MinDegree: 1}
	fit := func(procs int) *Model {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		K1, err := hpk.CosineGram(X)
		if err != nil {
			t.Fatal(err)
		}
		src, err := fam.Source(K1)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Learner{Lambda: 0.1}.FitSource(src, y)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	ref := fit(1)
	for _, procs := range []int{2, 3} {
		sameFit(t, "GOMAXPROCS 1 vs more", ref, fit(procs))
	}
}
