package simplemkl

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"github.com/kernelab/kernelab/klearn/mkl/internal/wrapper"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
	"gonum.org/v1/gonum/mat"
)

func TestSimpleMKLSingleKernelIsSVM(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 60, 10, 1)
	for _, C := range []float64{0.5, 10} {
		m, err := Learner{C: C}.FitGrams(p.Ks[1:2], p.Y)
		if err != nil {
			t.Fatal(err)
		}
		// Expected: the plain C-SVM on the same kernel (M = 1 forces d = 1).
		ref, err := svm.Classifier{C: C, Tol: mkl.DefaultSVMTol}.FitGram(p.Ks[1], p.Y)
		if err != nil {
			t.Fatal(err)
		}
		if m.Weights()[0] != 1 || m.Iterations != 0 || m.Status != opt.Success {
			t.Errorf("C=%g: weights %v, %d iterations, status %v; want [1], 0, Success", C, m.Weights(), m.Iterations, m.Status)
		}
		if m.Objective != -ref.Objective() {
			t.Errorf("C=%g: J = %.17g, plain SVM %.17g", C, m.Objective, -ref.Objective())
		}
		a, b := m.SVM.Alpha(), ref.Alpha()
		for i := range a {
			if a[i] != b[i] {
				t.Fatalf("C=%g: α[%d] = %g, plain SVM %g", C, i, a[i], b[i])
			}
		}
		// With one kernel the duality gap is 0 up to round-off (closed form:
		// J = Σα − ½S exactly at the SVM optimum).
		if math.Abs(m.Gap) > 1e-12 {
			t.Errorf("C=%g: gap %g, want 0", C, m.Gap)
		}
	}
}

func TestSimpleMKLDuplicatedKernel(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 60, 10, 2)
	s := Learner{C: 100, SVMTol: 1e-8, GoldenTol: 1e-3, Settings: opt.Settings{Tol: 1e-7, MaxIter: 300}}
	base := []*mat.SymDense{p.Ks[0], p.Ks[1], p.Ks[2]}
	dup := []*mat.SymDense{p.Ks[0], p.Ks[1], p.Ks[1], p.Ks[2]}
	m3, err := s.FitGrams(base, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	m4, err := s.FitGrams(dup, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	// Duplicating a kernel does not change the set {Σ d_m K_m : d ∈ Δ}, so
	// the optimal J is the same; both runs stop at relative gap 1e-7, so
	// both J are within 1e-7·J of J* (Frank–Wolfe bound).
	if d := math.Abs(m3.Objective - m4.Objective); d > 3e-7*m3.Objective {
		t.Errorf("J = %.10g with 3 kernels, %.10g with K1 duplicated", m3.Objective, m4.Objective)
	}
	if m3.Status != opt.Success || m4.Status != opt.Success {
		t.Errorf("status %v / %v, want Success", m3.Status, m4.Status)
	}
	// The duplicated pair carries the weight of K1 together (the combined
	// kernel at the optimum is unique here; 1e-2 allows the flat valley).
	if d := math.Abs(m4.Weights()[1] + m4.Weights()[2] - m3.Weights()[1]); d > 1e-2 {
		t.Errorf("duplicated weights %v sum to %g, single K1 weight %g", m4.Weights()[1:3], m4.Weights()[1]+m4.Weights()[2], m3.Weights()[1])
	}
	for _, k := range []int{0, 2} {
		if d := math.Abs(m4.Weights()[k+k/2] - m3.Weights()[k]); d > 1e-2 {
			t.Errorf("weight of K%d: %g with duplicate, %g without", k, m4.Weights()[k+k/2], m3.Weights()[k])
		}
	}
}

func TestSimpleMKLKKTAndGradient(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 60, 10, 3)
	const tol = 1e-7
	m, err := Learner{C: 100, SVMTol: 1e-8, GoldenTol: 1e-3, Settings: opt.Settings{Tol: tol, MaxIter: 300}}.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	if m.Status != opt.Success || m.Gap > tol {
		t.Fatalf("status %v gap %g after %d iterations", m.Status, m.Gap, m.Iterations)
	}
	var sum float64
	for _, v := range m.Weights() {
		if v < 0 {
			t.Errorf("negative weight %v", m.Weights())
		}
		sum += v
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("Σ d = %.15g, want 1", sum)
	}
	// Gradient recomputed independently: ∂J/∂d_m = −½ αᵀYK_mYα (Section 3.1).
	S := testproblem.S(m.SVM, p.Y, p.Ks)
	for k := range S {
		if d := math.Abs(m.Gradient[k] + S[k]/2); d > 1e-12*math.Abs(S[k]) {
			t.Errorf("∂J/∂d_%d = %.15g, dense recomputation %.15g", k, m.Gradient[k], -S[k]/2)
		}
	}
	// KKT of min_{d∈Δ} J: ∂J/∂d_m = λ on the support, ≥ λ on the zeros,
	// λ = min_m ∂J/∂d_m. The gap Σ d_m g_m − λ ≤ tol·J bounds each
	// d_m (g_m − λ), so on weights ≥ 0.01 the spread is ≤ 100·tol·J.
	g := m.Gradient
	lam := math.Inf(1)
	for _, v := range g {
		lam = math.Min(lam, v)
	}
	zeros := 0
	for k, d := range m.Weights() {
		switch {
		case d == 0:
			zeros++
			if g[k] < lam {
				t.Errorf("zero weight %d has gradient %g < λ = %g", k, g[k], lam)
			}
		case d >= 0.01:
			if g[k]-lam > 100*tol*m.Objective {
				t.Errorf("weight %d = %g has gradient %g, λ = %g", k, d, g[k], lam)
			}
		}
	}
	// Kernel K2 (RBF on pure noise) must be discarded at the optimum (its
	// alignment with y is near 0, found by this very fit and stable across
	// seeds); the linear kernel on x0 must be used.
	if m.Weights()[2] != 0 || m.Weights()[0] == 0 || zeros == 0 {
		t.Errorf("weights %v: want K2 dropped and K0 used", m.Weights())
	}
}

func TestSimpleMKLTraceMonotoneAndConsistent(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 50, 10, 4)
	var tr opt.Trace
	const C = 100
	m, err := Learner{C: C, Settings: opt.Settings{Tol: 1e-5, Recorder: &tr}}.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Iters) != m.Iterations+1 || len(m.Objectives) != m.Iterations+1 || len(m.Gaps) != m.Iterations+1 {
		t.Fatalf("trace %d, objectives %d, gaps %d, iterations %d", len(tr.Iters), len(m.Objectives), len(m.Gaps), m.Iterations)
	}
	if m.Iterations < 2 {
		t.Fatalf("only %d iterations: the test needs a real descent", m.Iterations)
	}
	for i, it := range tr.Iters {
		if i > 0 && !(m.Objectives[i] < m.Objectives[i-1]) {
			t.Errorf("J increased or stalled at %d: %g → %g", i, m.Objectives[i-1], m.Objectives[i])
		}
		// Each recorded J(d) equals a fresh plain SVM at the recorded d.
		// The line search builds its Grams from K_d and the direction's
		// Gram, not from the base kernels, so they agree with Σ_m d_m K_m
		// to round-off, and SMO on the two matrices to a few ulps of its
		// iterates, far inside the SVM's tolerance.
		J, _ := testproblem.J(t, C, mkl.DefaultSVMTol, it.X, p.Ks, p.Y)
		if math.Abs(J-it.F) > 1e-9*J || it.F != m.Objectives[i] {
			t.Errorf("iteration %d: recorded J %g, SVM at d gives %g", i, it.F, J)
		}
	}
	if m.Gap > 1e-5 || m.Status != opt.Success {
		t.Errorf("final gap %g status %v", m.Gap, m.Status)
	}
}

// The relative duality gap bounds J(d) − J*: compare with a brute-force
// minimisation of J over a grid of the 1-simplex (plain SVMs).
func TestSimpleMKLAgainstGrid(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 40, 10, 5)
	Ks := []*mat.SymDense{p.Ks[1], p.Ks[3]}
	const C = 100
	m, err := Learner{C: C, SVMTol: 1e-8}.FitGrams(Ks, p.Y) // default Tol 0.01
	if err != nil {
		t.Fatal(err)
	}
	best := math.Inf(1)
	bestT := 0.0
	for i := 0; i <= 200; i++ {
		tt := float64(i) / 200
		J, _ := testproblem.J(t, C, 1e-8, []float64{tt, 1 - tt}, Ks, p.Y)
		if J < best {
			best, bestT = J, tt
		}
	}
	// J* ≤ best (grid) and J − J* ≤ gap·J, so best ≥ J(1 − gap).
	if best < m.Objective*(1-m.Gap)-1e-9 || m.Objective > best*(1+0.01)+1e-9 {
		t.Errorf("J = %g (gap %g), grid minimum %g at t = %g", m.Objective, m.Gap, best, bestT)
	}
	// Tight run: reaches the grid minimum to the grid resolution.
	mt, err := Learner{C: C, SVMTol: 1e-8, GoldenTol: 1e-3, Settings: opt.Settings{Tol: 1e-8}}.FitGrams(Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	if mt.Objective > best+1e-9 || math.Abs(mt.Weights()[0]-bestT) > 0.01 {
		t.Errorf("tight run: J = %.12g, d = %v; grid %.12g at t = %g", mt.Objective, mt.Weights(), best, bestT)
	}
}

func TestSimpleMKLDecision(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 60, 100, 6)
	const C = 100
	m, err := Learner{C: C}.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	testproblem.CheckSVMFit(t, p, m, m.SVM.Alpha(), C)
	if _, err := m.DecisionGrams(p.Kte[:2]); err == nil {
		t.Error("2 test kernels for 4 base kernels: no error")
	}
	var nilModel *Model
	if _, err := nilModel.DecisionGrams(p.Kte); err == nil {
		t.Error("nil model: no error")
	}
}

func TestSimpleMKLDeterministic(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 40, 5, 7)
	a, err := Learner{C: 100}.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Learner{C: 100}.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	for k := range a.Weights() {
		if a.Weights()[k] != b.Weights()[k] {
			t.Fatalf("weights differ: %v vs %v", a.Weights(), b.Weights())
		}
	}
	if a.Objective != b.Objective || a.Iterations != b.Iterations || a.SVMSolves != b.SVMSolves {
		t.Errorf("runs differ: J %g/%g, iterations %d/%d", a.Objective, b.Objective, a.Iterations, b.Iterations)
	}
}

func TestSimpleMKLRecorderStop(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 40, 5, 8)
	stop := klearn.Errorf(klearn.ErrNotConverged, "stop")
	r := opt.RecorderFunc(func(it opt.Iteration) error {
		if it.Iter == 1 {
			return stop
		}
		return nil
	})
	m, err := Learner{C: 100, Settings: opt.Settings{Tol: 1e-9, Recorder: r}}.FitGrams(p.Ks, p.Y)
	if err != stop || m == nil || m.Status != opt.RecorderStop || m.Iterations != 1 {
		t.Errorf("err %v, model %v", err, m)
	}
}

// The optional KKT stopping rule of the toolbox: with an unreachable gap
// tolerance the solver must stop on KKTTol, and the stopping test must
// hold at the returned weights.
func TestSimpleMKLKKTStop(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 50, 5, 9)
	m, err := Learner{C: 100, SVMTol: 1e-8, KKTTol: 1e-3, Settings: opt.Settings{Tol: 1e-300}}.FitGrams(p.Ks, p.Y)
	if err != nil {
		t.Fatal(err)
	}
	if m.Status != opt.Success || !simpleMKLKKT(m.Weights(), m.Gradient, 1e-3) {
		t.Errorf("status %v, weights %v, gradient %v", m.Status, m.Weights(), m.Gradient)
	}
	// The KKT rule implies a small gap: Σd g − min g ≤ spread on the support
	// ≤ 1e-3·|g|, and |g| ≲ J (αᵀQα ≤ Σα at the SVM optimum), so gap ≲ 1e-3 relative.
	if m.Gap > 1e-3 {
		t.Errorf("gap %g at KKT stop", m.Gap)
	}
}

// TestSimpleMKLInit: a warm start along a C grid (each C from the previous
// C's weights) reaches the cold start's optimum J* (the problem is convex in
// d) in no more descent steps in total; Init is scaled to sum 1 and not
// modified; bad starts are refused.
func TestSimpleMKLInit(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 60, 10, 5)
	const tol = 1e-6
	fit := func(C float64, init []float64) *Model {
		m, err := Learner{C: C, SVMTol: 1e-8, Init: init, Settings: opt.Settings{Tol: tol, MaxIter: 500}}.FitGrams(p.Ks, p.Y)
		if err != nil {
			t.Fatal(err)
		}
		if m.Status != opt.Success {
			t.Fatalf("C = %g: status %v after %d steps", C, m.Status, m.Iterations)
		}
		return m
	}
	var prev []float64
	cold, warm := 0, 0
	for _, C := range []float64{1, 10, 100, 1000} {
		c := fit(C, nil)
		var w *Model
		if prev == nil {
			w = c
		} else {
			init := append([]float64(nil), prev...)
			for k := range init {
				init[k] *= 3 // any positive scale: the start is normalised
			}
			keep := append([]float64(nil), init...)
			w = fit(C, init)
			for k := range init {
				if init[k] != keep[k] {
					t.Fatalf("Init modified")
				}
			}
		}
		// Both within the relative duality gap tol of J*.
		if math.Abs(w.Objective-c.Objective) > 2*tol*c.Objective {
			t.Errorf("C = %g: J warm %.10g, cold %.10g", C, w.Objective, c.Objective)
		}
		cold += c.Iterations
		warm += w.Iterations
		prev = w.Weights()
	}
	if warm > cold {
		t.Errorf("warm starts took %d descent steps, cold starts %d", warm, cold)
	}
	t.Logf("descent steps along the C grid: cold %d, warm %d", cold, warm)
	// Init is used: started at its own optimum, a fit needs no more than
	// one descent step, where the uniform start needed more.
	c := fit(1000, nil)
	if again := fit(1000, c.Weights()); c.Iterations > 1 && again.Iterations > 1 {
		t.Errorf("started at the optimum: %d descent steps (uniform start: %d)", again.Iterations, c.Iterations)
	}
	for _, bad := range [][]float64{{1, 1}, {1, -1, 1, 1}, {0, 0, 0, 0}, {math.NaN(), 1, 1, 1}, {math.Inf(1), 1, 1, 1}} {
		if _, err := (Learner{C: 1, Init: bad}).FitGrams(p.Ks, p.Y); err == nil {
			t.Errorf("Init %v accepted", bad)
		}
	}
}

// TestSimpleMKLLineSearchGrams checks the Grams of the line search, which
// are assembled from K_d and the direction's Gram (along, directionGram)
// instead of from the base kernels: after every descent step the Gram of
// the state equals Σ_m d_m K_m summed afresh to 10⁻¹³ of its largest
// entry, and so do the Grams of a step to γ_max (a weight zeroed) and of an
// interior point. The problem has eight kernels, so that steps drop
// weights and directions change on the same face (the incremental update
// of directionGram) and across faces.
func TestSimpleMKLLineSearchGrams(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 60, 5, 11)
	Ks := append(append([]*mat.SymDense(nil), p.Ks...), p.Ks...)
	for m := len(p.Ks); m < len(Ks); m++ { // a second copy, perturbed
		var K mat.SymDense
		K.ScaleSym(0.5+0.25*float64(m), Ks[m])
		Ks[m] = &K
	}
	cls, err := wrapper.Classifier("test", 10, 0, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	same := func(what string, K *mat.SymDense, d []float64) {
		t.Helper()
		want, err := kernel.Combine(d, Ks)
		if err != nil {
			t.Fatal(err)
		}
		var diff, scale float64
		for i := 0; i < len(p.Y); i++ {
			for j := i; j < len(p.Y); j++ {
				diff = math.Max(diff, math.Abs(K.At(i, j)-want.At(i, j)))
				scale = math.Max(scale, math.Abs(want.At(i, j)))
			}
		}
		if diff > 1e-13*scale {
			t.Errorf("%s: Gram differs from Σ d_m K_m by %g (largest entry %g)", what, diff, scale)
		}
	}
	st := &simpleMKLState{cls: cls, Ks: Ks, y: p.Y}
	d, _ := smklInit("test", nil, len(Ks))
	if err := st.reset(d); err != nil {
		t.Fatal(err)
	}
	dropped, updated := 0, 0
	for iter := 0; iter < 15; iter++ {
		S := wrapper.Norms(Ks, st.model)
		g := make([]float64, len(S))
		for m := range g {
			g[m] = -S[m] / 2
		}
		D, ok := simpleMKLDirection(st.d, g)
		if !ok {
			break
		}
		KD, err := st.directionGram(nil, nil, D)
		if err != nil {
			t.Fatal(err)
		}
		same("direction", KD, D)
		gmax, nu := math.Inf(1), -1
		for m, v := range D {
			if v < 0 && -st.d[m]/v < gmax {
				gmax, nu = -st.d[m]/v, m
			}
		}
		if nu >= 0 {
			pt, err := st.along(gmax, D, KD)
			if err != nil {
				t.Fatal(err)
			}
			if pt.d[nu] != 0 {
				t.Errorf("iteration %d: the step to γ_max keeps weight %d = %g", iter, nu, pt.d[nu])
			}
			same("step to γ_max", pt.K, pt.d)
			pt, err = st.along(gmax/3, D, KD)
			if err != nil {
				t.Fatal(err)
			}
			same("interior step", pt.K, pt.d)
			dropped++
		}
		// A direction on the next face, updated from KD.
		if nu >= 0 {
			probe := smklAxpy(st.d, gmax, D)
			probe[nu] = 0
			simpleMKLClean(probe)
			if Dn, ok := simpleMKLDirection(probe, g); ok {
				KDn, err := st.directionGram(KD, D, Dn)
				if err != nil {
					t.Fatal(err)
				}
				same("updated direction", KDn, Dn)
				updated++
			}
		}
		if _, err := st.descend(g, DefaultGoldenTol); err != nil {
			t.Fatal(err)
		}
		same("state after a descent step", st.K, st.d)
	}
	if dropped == 0 || updated == 0 {
		t.Errorf("%d steps to γ_max and %d updated directions: the test exercised neither path", dropped, updated)
	}
}

// TestSimpleMKLNorms checks S_m = uᵀK_m u of both paths of smklNorms (the
// support vectors spread over all rows, or gathered when fewer than a
// quarter of the rows) against dense gonum products.
func TestSimpleMKLNorms(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 80, 5, 12)
	paths := map[bool]bool{}
	for _, C := range []float64{0.01, 1, 1e4} {
		m, err := svm.Classifier{C: C, Tol: 1e-8}.FitGram(p.Ks[0], p.Y)
		if err != nil {
			t.Fatal(err)
		}
		got, want := wrapper.Norms(p.Ks, m), testproblem.S(m, p.Y, p.Ks)
		for k := range got {
			if math.Abs(got[k]-want[k]) > 1e-12*math.Max(1, math.Abs(want[k])) {
				t.Errorf("C = %g, kernel %d: S = %.15g, dense product %.15g", C, k, got[k], want[k])
			}
		}
		paths[4*len(m.Support()) >= len(p.Y)] = true
	}
	if len(paths) != 2 {
		t.Errorf("the support vector counts exercised only one path: %v", paths)
	}
}

// TestSimpleMKLAlongCleans checks along where the cleaning matters: a step
// that leaves weight 0 at 5·10⁻⁹ (below the 10⁻⁸ threshold) must zero it,
// renormalise the rest and give the Gram of the cleaned weights, which
// differs from K_d + t·K_D by about 5·10⁻⁹ of an entry; the check is to
// 10⁻¹³, so a missing correction or renormalisation fails it.
func TestSimpleMKLAlongCleans(t *testing.T) {
	t.Parallel()
	p := testproblem.New(t, 30, 5, 13)
	Ks := p.Ks[:3]
	cls, err := wrapper.Classifier("test", 1, 0, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	st := &simpleMKLState{cls: cls, Ks: Ks, y: p.Y}
	if err := st.reset([]float64{0.4, 0.3, 0.3}); err != nil {
		t.Fatal(err)
	}
	D := []float64{-0.4 + 5e-9, 0.2, 0.2 - 5e-9}
	KD, err := st.directionGram(nil, nil, D)
	if err != nil {
		t.Fatal(err)
	}
	pt, err := st.along(1, D, KD)
	if err != nil {
		t.Fatal(err)
	}
	s := 0.5 + 0.5 - 5e-9
	want := []float64{0, 0.5 / s, (0.5 - 5e-9) / s}
	for m := range want {
		if math.Abs(pt.d[m]-want[m]) > 1e-15 {
			t.Errorf("weights %v, want %v", pt.d, want)
			break
		}
	}
	K, err := kernel.Combine(pt.d, Ks)
	if err != nil {
		t.Fatal(err)
	}
	var diff, scale float64
	for i := range p.Y {
		for j := i; j < len(p.Y); j++ {
			diff = math.Max(diff, math.Abs(pt.K.At(i, j)-K.At(i, j)))
			scale = math.Max(scale, math.Abs(K.At(i, j)))
		}
	}
	if diff > 1e-13*scale {
		t.Errorf("Gram differs from Σ c_m K_m by %g (largest entry %g)", diff, scale)
	}
}
