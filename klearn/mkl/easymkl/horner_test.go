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

// TestHornerCrossDecision checks DecisionSource on
// hpk.Family.HornerCrossSource against Σ_s η_s K_s Yγ − b from the
// materialised test kernels (hpk.Family.Crosses), to rounding.
func TestHornerCrossDecision(t *testing.T) {
	t.Parallel()
	Xall, yall := testproblem.RandData(200, 5, 23)
	X, y := mat.DenseCopyOf(Xall.Slice(0, 150, 0, 5)), yall[:150]
	Xte := mat.DenseCopyOf(Xall.Slice(150, 200, 0, 5))
	fam := hpk.Family{D: 6}
	K1, _ := hpk.CosineGram(X)
	C1, _ := hpk.CosineCross(Xte, X)
	src, err := fam.HornerSource(K1)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Learner{Lambda: 0.3}.FitSource(src, y)
	if err != nil {
		t.Fatal(err)
	}
	hc, err := fam.HornerCrossSource(C1)
	if err != nil {
		t.Fatal(err)
	}
	got, err := m.DecisionSource(hc)
	if err != nil {
		t.Fatal(err)
	}
	Kte, err := fam.Crosses(Xte, X)
	if err != nil {
		t.Fatal(err)
	}
	u := signed(m.Gamma, y)
	for r := range got {
		want := -m.Bias
		for s, K := range Kte {
			for j, uj := range u {
				want += m.Weights()[s] * K.At(r, j) * uj
			}
		}
		if math.Abs(got[r]-want) > 1e-13 {
			t.Errorf("f(x_%d) = %.17g, from the test kernels %.17g", r, got[r], want)
		}
	}
	if _, err := m.DecisionSource(hpkCross(t, fam, mat.NewDense(3, 7, nil))); err == nil {
		t.Error("a test kernel of the wrong width accepted")
	}
}

// hpkCross returns fam's HornerCrossSource on C1.
func hpkCross(t *testing.T, fam hpk.Family, C1 *mat.Dense) mkl.CrossSource {
	t.Helper()
	cs, err := fam.HornerCrossSource(C1)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestHornerStep3Rows checks that step 3 on a HornerSource (the KOMD QP
// reading PolyMatrix, no K_η formed) is bit-identical to
// opt.KOMDQPFromBest on K_η formed by AddPoly into a zeroed matrix, from
// the same starts (the class-uniform point and γ* of step 1).
func TestHornerStep3Rows(t *testing.T) {
	t.Parallel()
	X, y := testproblem.RandData(140, 5, 29)
	K1, _ := hpk.CosineGram(X)
	src, err := hpk.Family{D: 7}.HornerSource(K1)
	if err != nil {
		t.Fatal(err)
	}
	p := src.(polySource)
	for _, lam := range []float64{0.1, 0.6} {
		e := Learner{Lambda: lam, Settings: opt.Settings{Tol: 1e-8}}
		m, err := e.FitSource(src, y)
		if err != nil {
			t.Fatal(err)
		}
		Keta := mat.NewSymDense(len(y), nil)
		p.AddPoly(Keta, m.Weights())
		want, err := opt.KOMDQPFromBest(Keta, y, lam, [][]float64{nil, m.GammaSum}, &e.Settings)
		if err != nil {
			t.Fatal(err)
		}
		if !sameBits(m.Gamma, want.X) || m.Result.Iterations != want.Iterations || math.Float64bits(m.Bias) != math.Float64bits(solvedBias(Keta, want, lam, y)) {
			t.Errorf("λ=%g: step 3 on PolyMatrix differs from the QP on K_η", lam)
		}
	}
}
