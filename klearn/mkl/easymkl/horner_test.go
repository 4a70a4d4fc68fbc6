package easymkl

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"github.com/kernelab/kernelab/klearn/opt"
	"gonum.org/v1/gonum/mat"
)

// TestHornerSourceFit checks EasyMKL on hpk.Family.HornerSource (the sums
// and margins by Horner's rule) against truths recomputed from the
// materialised family (hpk.Family.Grams): η ∝ d_s = γ*ᵀYK_sYγ*, the KKT
// conditions of γ* on Σ_s K_s and of γ on K_η = Σ_s η_s K_s, and the
// models of Source's sweeps within the solver's tolerance, along a path.
func TestHornerSourceFit(t *testing.T) {
	t.Parallel()
	X, y := testproblem.RandData(160, 5, 17)
	K1, err := hpk.CosineGram(X)
	if err != nil {
		t.Fatal(err)
	}
	fam := hpk.Family{D: 9}
	Ks, err := fam.Grams(X)
	if err != nil {
		t.Fatal(err)
	}
	hs, err := fam.HornerSource(K1)
	if err != nil {
		t.Fatal(err)
	}
	src, err := fam.Source(K1)
	if err != nil {
		t.Fatal(err)
	}
	e := Learner{Settings: opt.Settings{Tol: 1e-9}}
	grid := []float64{0.1, 0.4, 0.8}
	got, err := e.FitSourcePath(hs, y, grid)
	if err != nil {
		t.Fatal(err)
	}
	want, err := e.FitSourcePath(src, y, grid)
	if err != nil {
		t.Fatal(err)
	}
	ones := make([]float64, len(Ks))
	for s := range ones {
		ones[s] = 1
	}
	Ksum, err := mkl.CombineSource(ones, mkl.GramList(Ks))
	if err != nil {
		t.Fatal(err)
	}
	for k, lam := range grid {
		m := got[k]
		u := signed(m.GammaSum, y)
		var sum float64
		for _, K := range Ks {
			var q mat.VecDense
			q.MulVec(K, mat.NewVecDense(len(u), u))
			sum += math.Max(0, mat.Dot(&q, mat.NewVecDense(len(u), u)))
		}
		for s, K := range Ks {
			var q mat.VecDense
			q.MulVec(K, mat.NewVecDense(len(u), u))
			d := math.Max(0, mat.Dot(&q, mat.NewVecDense(len(u), u)))
			if math.Abs(d/sum-m.Weights()[s]) > 1e-12 {
				t.Errorf("λ=%g: η_%d = %.15g, d_%d/Σd recomputed %.15g", lam, s, m.Weights()[s], s, d/sum)
			}
		}
		Keta, err := m.Combine(Ks)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name string
			K    *mat.SymDense
			g    []float64
		}{{"γ* on Σ K_s", Ksum, m.GammaSum}, {"γ on K_η", Keta, m.Gamma}} {
			if v, f := komdKKT(c.K, y, c.g, lam); v > 1e-5 || f > 1e-12 {
				t.Errorf("λ=%g: %s: KKT violation %.2g, infeasibility %.2g", lam, c.name, v, f)
			}
		}
		if d := modelGap(m, want[k]); d > 1e-4 {
			t.Errorf("λ=%g: HornerSource's and Source's models %.2g apart", lam, d)
		}
	}
}
