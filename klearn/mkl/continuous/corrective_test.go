package continuous

import (
	"math"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/opt"
)

// correctiveCase is the set-up of the FullyCorrective tests: 50 points in
// 3-D, σ ∈ [0.05, 20], the DC step 2 and five initial Gaussians, as
// TestGreedyDC.
func correctiveCase() (*mat.Dense, []float64, Greedy) {
	X, y, _, _ := klearntest.SyntheticData(klearntest.Binary, 50, 3, 14)
	var init [][]float64
	for _, sg := range []float64{0.05, 5, 10, 15, 20} {
		init = append(init, []float64{math.Log(sg)})
	}
	return X, y, Greedy{Family: GaussianBandwidth{Lower: 0.05, Upper: 20}, Mu: 1e-3, Step2: DC, Init: init, Tol: 1e-6, MaxSteps: 12}
}

// fitBoth fits correctiveCase with at most steps steps, by the line
// search and by the fully corrective variant.
func fitBoth(t *testing.T, steps int) (ls, fc *GreedyModel) {
	t.Helper()
	X, y, g := correctiveCase()
	g.MaxSteps = steps
	var err error
	if ls, err = g.Fit(X, y); err != nil {
		t.Fatal(err)
	}
	g.Step3 = FullyCorrective
	if fc, err = g.Fit(X, y); err != nil {
		t.Fatal(err)
	}
	return ls, fc
}

// TestFullyCorrectiveKKT: after a FullyCorrective fit the weights solve
// min E(Σ_j w_j G_j) over the simplex of the kernels found, checked from
// scratch: each kernel's Gram from the learned kernel.Sum, a = (K + μI)⁻¹y
// by an LU solve, and the optimality conditions of the simplex, q_j =
// aᵀG_j a equal to max_k q_k wherever w_j > 0 (to the relative gap the
// re-weighting was asked for) and E = μ yᵀa the model's last E. E never
// rises between steps.
func TestFullyCorrectiveKKT(t *testing.T) {
	X, y, g := correctiveCase()
	g.Step3 = FullyCorrective
	m, err := g.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	sum, ok := m.Kernel().(kernel.Sum)
	if !ok || len(sum.Kernels) < 7 {
		t.Fatalf("learned kernel %T with %d kernels, want a Sum of the 5 initial and at least 2 found", m.Kernel(), len(sum.Kernels))
	}
	var last *FiniteResult
	for _, st := range m.Steps() {
		if st.Corrective != nil {
			last = st.Corrective
		}
	}
	if last == nil || last.Status != opt.Success {
		t.Fatalf("last re-weighting %+v, want Success", last)
	}
	n := len(y)
	K := mat.NewDense(n, n, nil)
	grams := make([]*mat.SymDense, len(sum.Kernels))
	for j, k := range sum.Kernels {
		if grams[j], err = kernel.Gram(k, X); err != nil {
			t.Fatal(err)
		}
		var wG mat.Dense
		wG.Scale(sum.Weights[j], grams[j])
		K.Add(K, &wG)
	}
	for i := 0; i < n; i++ {
		K.Set(i, i, K.At(i, i)+g.Mu)
	}
	var a mat.VecDense
	if err := a.SolveVec(K, mat.NewVecDense(n, y)); err != nil {
		t.Fatal(err)
	}
	e := g.Mu * mat.Dot(&a, mat.NewVecDense(n, y))
	errs := m.Errors()
	if got := errs[len(errs)-1]; math.Abs(got-e) > 1e-8*e {
		t.Errorf("E = %.12g, from scratch %.12g", got, e)
	}
	q := make([]float64, len(grams))
	var kc, best, wsum float64
	for j, G := range grams {
		q[j] = mat.Inner(&a, G, &a)
		kc += sum.Weights[j] * q[j]
		best = math.Max(best, q[j])
		wsum += sum.Weights[j]
		if sum.Weights[j] < 0 {
			t.Errorf("weight %d = %g < 0", j, sum.Weights[j])
		}
	}
	if math.Abs(wsum-1) > 1e-12 {
		t.Errorf("weights sum to %.15g", wsum)
	}
	if (best-kc)/kc > 1e-5 {
		t.Errorf("simplex optimality: max_j q_j − Σ w_j q_j = %.3g relative, want ≤ 1e-6 (up to the solves)", (best-kc)/kc)
	}
	for j := range q {
		if sum.Weights[j] > 1e-6 && (best-q[j])/best > 1e-3 {
			t.Errorf("kernel %d has weight %.3g but q = %.6g < max %.6g", j, sum.Weights[j], q[j], best)
		}
	}
	for i := 1; i < len(errs); i++ {
		if errs[i] > errs[i-1] {
			t.Errorf("E rose at step %d: %v", i, errs)
		}
	}
}

// TestFullyCorrectiveFirstStep: from the same initial kernel both step 3s
// see the same c, so step 2 finds the same kernel; the line search's E
// after it is at most the initial E, and the fully corrective E at most
// the line search's, strictly lower here (five initial weights to tune).
// The line search itself is what LineSearch computes: the corrective
// re-weighting starts from its weights.
func TestFullyCorrectiveFirstStep(t *testing.T) {
	ls, fc := fitBoth(t, 1)
	sl, sf := ls.Steps(), fc.Steps()
	if len(sl) != 1 || len(sf) != 1 || sl[0].Params[0] != sf[0].Params[0] {
		t.Fatalf("step 2: line search %+v, fully corrective %+v", sl, sf)
	}
	if sl[0].Corrective != nil || sf[0].Corrective == nil {
		t.Fatalf("Corrective: line search %v, fully corrective %v", sl[0].Corrective, sf[0].Corrective)
	}
	el, ef := ls.Errors(), fc.Errors()
	if el[0] != ef[0] || !(el[1] <= el[0]) || !(ef[1] < el[1]*(1-1e-6)) {
		t.Errorf("E: line search %v, fully corrective %v; want the same start, then fully corrective strictly lower", el, ef)
	}
	if ef[1] != sf[0].Corrective.E {
		t.Errorf("E after step 1 %.12g, the re-weighting's %.12g", ef[1], sf[0].Corrective.E)
	}
}

// TestFullyCorrectiveDeterministic: the same fit twice, at one and at four
// threads, gives bit-identical E traces and weights; Steps' Corrective is a
// copy.
func TestFullyCorrectiveDeterministic(t *testing.T) {
	X, y, g := correctiveCase()
	g.Step3, g.MaxSteps = FullyCorrective, 4
	var runs [][]float64
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	for _, procs := range []int{1, 4} {
		runtime.GOMAXPROCS(procs)
		m, err := g.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		trace := m.Errors()
		for _, a := range m.Atoms() {
			trace = append(trace, a.Weight)
		}
		runs = append(runs, trace)
		st := m.Steps()
		for _, s := range st {
			if s.Corrective != nil && len(s.Corrective.Weights) > 0 {
				s.Corrective.Weights[0] = -1
				break
			}
		}
		for _, s := range m.Steps() {
			if s.Corrective != nil && len(s.Corrective.Weights) > 0 && s.Corrective.Weights[0] == -1 {
				t.Errorf("Steps returned the model's own Corrective")
			}
		}
	}
	if !klearntest.SameBits(runs[0], runs[1]) {
		t.Errorf("GOMAXPROCS 1 vs 4: %v vs %v", runs[0], runs[1])
	}
}

// TestFullyCorrectiveBadInput: an unknown Step3 and a negative cap or NaN
// gap for the re-weighting are ErrParam.
func TestFullyCorrectiveBadInput(t *testing.T) {
	X, y, _, _ := klearntest.SyntheticData(klearntest.Binary, 20, 2, 6)
	fit := func(g Greedy) func() error {
		return func() error { _, err := g.Fit(X, y); return err }
	}
	klearntest.Battery(t, []klearntest.Case{
		klearntest.Bad("Step3 = 7", fit(Greedy{Step3: 7}), klearn.ErrParam),
		klearntest.Bad("Corrective.MaxIter < 0", fit(Greedy{Step3: FullyCorrective, Corrective: opt.Settings{MaxIter: -1}}), klearn.ErrParam),
		klearntest.Bad("Corrective.Tol NaN", fit(Greedy{Step3: FullyCorrective, Corrective: opt.Settings{Tol: math.NaN()}}), klearn.ErrParam),
	})
}

// TestFullyCorrectiveStops: on the case of TestGreedyDC at the tolerance
// 1e-6, the paper's line search is still mixing kernels in at the cap of
// 100 steps (the zig-zag of one weight per step), while the fully
// corrective variant meets the test of Eq. (10) well before it, every
// re-weighting certified, at a lower E.
func TestFullyCorrectiveStops(t *testing.T) {
	ls, fc := fitBoth(t, 100)
	el, ef := ls.Errors(), fc.Errors()
	if ls.Status() != opt.IterationLimit || fc.Status() != opt.Success || len(fc.Steps()) >= 50 || !(ef[len(ef)-1] < el[len(el)-1]) {
		t.Errorf("line search %v after %d steps (E %.8g), fully corrective %v after %d (E %.8g)",
			ls.Status(), len(ls.Steps()), el[len(el)-1], fc.Status(), len(fc.Steps()), ef[len(ef)-1])
	}
	for i, st := range fc.Steps() {
		if st.Corrective != nil && st.Corrective.Status != opt.Success {
			t.Errorf("step %d: re-weighting %v", i+1, st.Corrective.Status)
		}
	}
}
