package lpmkl

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"github.com/kernelab/kernelab/klearn/mkl/internal/wrapper"
	"github.com/kernelab/kernelab/klearn/mkl/simplemkl"
	"github.com/kernelab/kernelab/klearn/opt"
)

func smktPNorm(v []float64, p float64) float64 {
	if math.IsInf(p, 1) {
		return wrapper.Max(v)
	}
	var s float64
	for _, x := range v {
		s += math.Pow(math.Abs(x), p)
	}
	return math.Pow(s, 1/p)
}

// For p > 1 the optimum satisfies θ_m = S_m^{1/(p−1)}/‖S^{1/(p−1)}‖_p
// (equality in Hölder's inequality max_{‖θ‖_p≤1} Σθ_mS_m = ‖S‖_{p*}),
// with S_m = αᵀYK_mYα recomputed here by dense products.
func TestLpMKLOptimalityCondition(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 60, 10, 11)
	for _, P := range []float64{1.5, 2, 4} {
		m, err := Learner{P: P, C: 100, SVMTol: 1e-8, StepTol: -1, Settings: opt.Settings{Tol: 1e-8, MaxIter: 500}}.FitGrams(p.Ks, p.Y)
		if err != nil {
			t.Fatal(err)
		}
		if m.Status != opt.Success || m.Gap > 1e-8 {
			t.Fatalf("p=%g: status %v gap %g after %d iterations", P, m.Status, m.Gap, m.Iterations)
		}
		if nrm := smktPNorm(m.Weights(), P); math.Abs(nrm-1) > 1e-12 {
			t.Errorf("p=%g: ‖θ‖_p = %.15g, want 1", P, nrm)
		}
		S := testproblem.S(m.SVM, p.Y, p.Ks)
		want := make([]float64, len(S))
		for k, s := range S {
			want[k] = math.Pow(s, 1/(P-1))
		}
		nw := smktPNorm(want, P)
		for k := range want {
			want[k] /= nw
			// A relative gap ε allows |θ − θ*| of order √ε (quadratic
			// growth of J); 1e-3 is loose for ε = 1e-8.
			if d := math.Abs(m.Weights()[k] - want[k]); d > 1e-3 {
				t.Errorf("p=%g: θ_%d = %g, Hölder optimum %g", P, k, m.Weights()[k], want[k])
			}
		}
		for i := 1; i < len(m.Objectives); i++ {
			// Block-coordinate descent on the primal: J(θ_t) non-increasing
			// up to the SVM tolerance (1e-8 on the KKT gap → ~1e-9 relative).
			if m.Objectives[i] > m.Objectives[i-1]*(1+1e-9) {
				t.Errorf("p=%g: J increased at %d: %.12g → %.12g", P, i, m.Objectives[i-1], m.Objectives[i])
			}
		}
	}
}

// As p grows the weights approach θ = 1 (‖θ‖_∞ = 1): at the optimum
// θ_m ∝ S_m^{1/(p−1)}, so the spread max θ/min θ = (S_max/S_min)^{1/(p−1)}
// shrinks to 1.
func TestLpMKLLargePUniform(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 60, 10, 12)
	prev := math.Inf(1)
	for _, P := range []float64{2, 8, 64} {
		m, err := Learner{P: P, C: 100, SVMTol: 1e-8, Settings: opt.Settings{Tol: 1e-6}}.FitGrams(p.Ks, p.Y)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := math.Inf(1), 0.0
		for _, v := range m.Weights() {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		if !(hi/lo < prev) {
			t.Errorf("p=%g: spread %g not below %g", P, hi/lo, prev)
		}
		t.Logf("p=%g: θ %.4f spread %.4g, %d iterations", P, m.Weights(), hi/lo, m.Iterations)
		prev = hi / lo
		slo, shi := math.Inf(1), 0.0
		for _, s := range m.Norms {
			slo, shi = math.Min(slo, s), math.Max(shi, s)
		}
		// Closed-form spread at the optimum, with 1% slack for the 1e-6 gap.
		if want := math.Pow(shi/slo, 1/(P-1)); hi/lo > want*1.01 {
			t.Errorf("p=%g: spread %g, (S_max/S_min)^{1/(p−1)} = %g", P, hi/lo, want)
		}
		if P == 64 && (hi > 1 || lo < 0.9) {
			t.Errorf("p=64: θ ∈ [%g, %g], want within 10%% of 1", lo, hi)
		}
	}
	// p = +Inf: θ = 1 and the model is the SVM on the plain sum Σ_m K_m.
	m, err := Learner{P: math.Inf(1), C: 100}.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	ones := []float64{1, 1, 1, 1}
	J, _ := testproblem.J(t, 100, mkl.DefaultSVMTol, ones, p.Ks, p.Y)
	for _, v := range m.Weights() {
		if v != 1 {
			t.Fatalf("p=Inf: θ = %v, want all 1", m.Weights())
		}
	}
	if m.Objective != J || m.Iterations != 0 || math.Abs(m.Gap) > 1e-12 {
		t.Errorf("p=Inf: J = %g (sum-kernel SVM %g), %d iterations, gap %g", m.Objective, J, m.Iterations, m.Gap)
	}
}

// p = 1 is the SimpleMKL problem (min over the simplex; the constraint
// ‖θ‖₁ ≤ 1 is active because J decreases when θ is scaled up): both solvers
// must reach the same optimal J.
func TestLpMKLP1MatchesSimpleMKL(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 50, 10, 13)
	s, err := simplemkl.Learner{C: 100, SVMTol: 1e-8, GoldenTol: 1e-3, Settings: opt.Settings{Tol: 1e-7}}.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	l, err := Learner{P: 1, C: 100, SVMTol: 1e-8, StepTol: -1, Settings: opt.Settings{Tol: 1e-4, MaxIter: 2000}}.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	if l.Status != opt.Success {
		t.Fatalf("LpMKL p=1: status %v, gap %g after %d iterations", l.Status, l.Gap, l.Iterations)
	}
	t.Logf("p=1: %d iterations, gap %.3g, θ %.4f; SimpleMKL d %.4f", l.Iterations, l.Gap, l.Weights(), s.Weights())
	// Both gaps bound J − J* relatively: |J_l − J_s| ≤ (1e-4 + 1e-7)·J.
	if d := math.Abs(l.Objective - s.Objective); d > 1.01e-4*s.Objective {
		t.Errorf("J: LpMKL p=1 %.10g, SimpleMKL %.10g", l.Objective, s.Objective)
	}
	if sum := wrapper.Sum(l.Weights()); math.Abs(sum-1) > 1e-12 {
		t.Errorf("p=1: Σθ = %.15g", sum)
	}
	for k := range l.Weights() {
		if d := math.Abs(l.Weights()[k] - s.Weights()[k]); d > 0.05 {
			t.Errorf("weight %d: LpMKL %g, SimpleMKL %g", k, l.Weights()[k], s.Weights()[k])
		}
	}
}

// Update minimises Σ_m ‖w_m‖²/θ_m over ‖θ‖_p ≤ 1 (fixed w); checked
// against random points of the p-sphere.
func TestLpMKLUpdateMinimises(t *testing.T) {
	t.Parallel()
	r := klearn.NewRand(14)
	theta := []float64{0.3, 0.5, 0.1, 0.7}
	S := []float64{2, 0.5, 3, 1}
	w2 := make([]float64, len(S))
	for m := range S {
		w2[m] = theta[m] * theta[m] * S[m]
	}
	obj := func(th []float64) float64 {
		var s float64
		for m := range th {
			s += w2[m] / th[m]
		}
		return s
	}
	for _, P := range []float64{1, 1.5, 2, 3} {
		up, err := Update(theta, S, P)
		if err != nil {
			t.Fatal(err)
		}
		if nrm := smktPNorm(up, P); math.Abs(nrm-1) > 1e-12 {
			t.Errorf("p=%g: ‖θ'‖_p = %g", P, nrm)
		}
		best := obj(up)
		for trial := 0; trial < 2000; trial++ {
			c := make([]float64, len(up))
			for m := range c {
				c[m] = up[m] * math.Exp(0.3*r.NormFloat64())
			}
			nc := smktPNorm(c, P)
			for m := range c {
				c[m] /= nc
			}
			if v := obj(c); v < best*(1-1e-12) {
				t.Fatalf("p=%g: random θ with Σw²/θ = %g beats the update's %g", P, v, best)
			}
		}
	}
	if _, err := Update(theta, []float64{0, 0, 0, 0}, 2); err == nil {
		t.Error("all-zero norms: no error")
	}
	if _, err := Update(theta, S[:2], 2); err == nil {
		t.Error("length mismatch: no error")
	}
}

func TestLpMKLDecisionAndDeterminism(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 60, 100, 15)
	a, err := Learner{P: 2, C: 100}.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Learner{P: 2, C: 100}.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	for k := range a.Weights() {
		if a.Weights()[k] != b.Weights()[k] {
			t.Fatalf("weights differ: %v vs %v", a.Weights(), b.Weights())
		}
	}
	testproblem.CheckSVMFit(t, p, a, a.SVM.Alpha(), 100)
	if a.Status != opt.Success || a.Iterations > DefaultMaxIter {
		t.Errorf("status %v after %d iterations", a.Status, a.Iterations)
	}
}
