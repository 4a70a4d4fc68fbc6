package nkrr

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/opt"
)

// randData returns a random n×p design (standard normal entries, a fraction
// `zero` of them set to 0) and targets y = tanh(Σ_k x_k) + noise.
func randData(seed uint64, n, p int, zero float64) (*mat.Dense, []float64) {
	rng := klearn.NewRand(seed)
	X := mat.NewDense(n, p, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		var s float64
		for k := 0; k < p; k++ {
			v := rng.NormFloat64() / math.Sqrt(float64(p))
			if rng.Float64() < zero {
				v = 0
			}
			X.Set(i, k, v)
			s += v
		}
		y[i] = math.Tanh(2*s) + 0.1*rng.NormFloat64()
	}
	return X, y
}

func randMu(seed uint64, p int, scale float64) []float64 {
	rng := klearn.NewRand(seed)
	mu := make([]float64, p)
	for k := range mu {
		mu[k] = scale * rng.Float64()
	}
	return mu
}

// polyCombine is K_μ = (Σ_k μ_k K_k)^{∘d} (Eqs. (3)–(4) with the
// multinomial coefficients), built with klearn/kernel
// independently of the evaluator of Algorithm 1.
func polyCombine(Ks []*mat.SymDense, mu []float64, d int) (*mat.SymDense, error) {
	S, err := kernel.Combine(mu, Ks)
	if err != nil {
		return nil, err
	}
	return kernel.HadamardPower(S, d)
}

func mustGrams(t *testing.T, X mat.Matrix) []*mat.SymDense {
	t.Helper()
	Ks, err := kernel.FeatureGrams(X)
	if err != nil {
		t.Fatal(err)
	}
	return Ks
}

// TestGradientFiniteDifferences checks Proposition 1 (Eq. (11) of Cortes et
// al. 2009, generalised to degree d) against central finite differences.
// Expected values: central differences with h = 1e−5, whose truncation error
// O(h²·F”') is far below the 1e−6 relative tolerance.
func TestGradientFiniteDifferences(t *testing.T) {
	t.Parallel()
	X, y := randData(1, 40, 5, 0)
	Ks := mustGrams(t, X)
	for d := 1; d <= 4; d++ {
		pr := Problem{Ks: Ks, Y: y, Lambda: 0.5, Degree: d}
		mu := randMu(uint64(10+d), 5, 2)
		_, g, err := pr.Gradient(mu)
		if err != nil {
			t.Fatal(err)
		}
		const h = 1e-5
		for k := range mu {
			mp := append([]float64(nil), mu...)
			mm := append([]float64(nil), mu...)
			mp[k] += h
			mm[k] -= h
			fp, err1 := pr.Objective(mp)
			fm, err2 := pr.Objective(mm)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			fd := (fp - fm) / (2 * h)
			if rel := math.Abs(fd-g[k]) / math.Max(1e-3, math.Abs(fd)); rel > 1e-6 {
				t.Errorf("d=%d: ∂F/∂μ_%d = %.10g, finite differences %.10g (rel %.2g)", d, k, g[k], fd, rel)
			}
		}
	}
}

// TestGradientNonPositive checks the consequence of Proposition 1: U_k is PSD
// (Schur product theorem), so ∇F ≤ 0 for every μ ≥ 0 (tolerance: round-off
// relative to max|∇F|).
func TestGradientNonPositive(t *testing.T) {
	t.Parallel()
	X, y := randData(2, 30, 6, 0)
	Ks := mustGrams(t, X)
	for d := 1; d <= 4; d++ {
		pr := Problem{Ks: Ks, Y: y, Lambda: 1, Degree: d}
		for trial := 0; trial < 50; trial++ {
			mu := randMu(uint64(100*d+trial), 6, 3)
			_, g, err := pr.Gradient(mu)
			if err != nil {
				t.Fatal(err)
			}
			var gmax float64
			for _, v := range g {
				gmax = math.Max(gmax, math.Abs(v))
			}
			for k, v := range g {
				if v > 1e-12*gmax {
					t.Fatalf("d=%d trial %d: ∂F/∂μ_%d = %g > 0", d, trial, k, v)
				}
			}
		}
	}
}

// TestEulerIdentity checks μᵀ∇F(μ) = −d·αᵀK_μα: for d = 2 this is Eq. (13)
// of Cortes et al. (2009) with the factor −2 the paper drops;
// for degree d it follows from K_μ being homogeneous of degree d
// in μ. αᵀK_μα is computed independently with klearn/kernel (Combine, HadamardPower).
func TestEulerIdentity(t *testing.T) {
	t.Parallel()
	X, y := randData(3, 35, 4, 0)
	Ks := mustGrams(t, X)
	for d := 1; d <= 4; d++ {
		pr := Problem{Ks: Ks, Y: y, Lambda: 0.3, Degree: d}
		mu := randMu(uint64(20+d), 4, 2)
		_, g, err := pr.Gradient(mu)
		if err != nil {
			t.Fatal(err)
		}
		alpha, err := pr.Alpha(mu)
		if err != nil {
			t.Fatal(err)
		}
		K, err := polyCombine(Ks, mu, d)
		if err != nil {
			t.Fatal(err)
		}
		a := mat.NewVecDense(len(alpha), alpha)
		want := -float64(d) * mat.Inner(a, K, a)
		var got float64
		for k := range mu {
			got += mu[k] * g[k]
		}
		if math.Abs(got-want) > 1e-9*math.Abs(want) {
			t.Errorf("d=%d: μᵀ∇F = %.12g, −dαᵀK_μα = %.12g", d, got, want)
		}
	}
}

// TestStationaryAtZero checks Proposition 2's example:
// ∇F(0) = 0 for d ≥ 2 and F(0) = ‖y‖²/λ, the maximum of F (closed form).
func TestStationaryAtZero(t *testing.T) {
	t.Parallel()
	X, y := randData(4, 20, 3, 0)
	Ks := mustGrams(t, X)
	const lambda = 2.0
	var yy float64
	for _, v := range y {
		yy += v * v
	}
	pr := Problem{Ks: Ks, Y: y, Lambda: lambda, Degree: 2}
	f, g, err := pr.Gradient([]float64{0, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(f-yy/lambda) > 1e-12*yy {
		t.Errorf("F(0) = %g, want ‖y‖²/λ = %g", f, yy/lambda)
	}
	for k, v := range g {
		if v != 0 {
			t.Errorf("∂F/∂μ_%d(0) = %g, want 0", k, v)
		}
	}
	for trial := 0; trial < 100; trial++ {
		fm, err := pr.Objective(randMu(uint64(trial), 3, 5))
		if err != nil {
			t.Fatal(err)
		}
		if fm > yy/lambda*(1+1e-12) {
			t.Fatalf("F(μ) = %g > ‖y‖²/λ = %g", fm, yy/lambda)
		}
	}
}

// TestFeaturePathsMatchGrams checks that the feature-product paths (dense
// BLAS and sparse columns) give the same S = Σ μ_k K_k and ⟨W, K_k⟩_F as the
// explicit Gram matrices (identity: K_k = x_k x_kᵀ; tolerance round-off).
func TestFeaturePathsMatchGrams(t *testing.T) {
	t.Parallel()
	for _, zero := range []float64{0, 0.9} {
		X, _ := randData(5, 70, 9, zero)
		Ks := mustGrams(t, X)
		gb, err := newGramBases(Ks, -1)
		if err != nil {
			t.Fatal(err)
		}
		fb := newFeatureBases(X)
		if (fb.dense == nil) != (zero > 0) {
			t.Fatalf("zero=%g: dense path = %v", zero, fb.dense != nil)
		}
		mu := randMu(6, 9, 2)
		mu[3] = -0.5 // finite differences step outside μ ≥ 0
		n := 70
		s1, s2 := make([]float64, n*n), make([]float64, n*n)
		gb.combine(mu, s1)
		fb.combine(mu, s2)
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				if math.Abs(s1[i*n+j]-s2[i*n+j]) > 1e-12 {
					t.Fatalf("zero=%g: S[%d,%d] = %g (grams) vs %g (features)", zero, i, j, s1[i*n+j], s2[i*n+j])
				}
			}
		}
		// Use S itself (full storage) as W.
		w := make([]float64, n*n)
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				w[i*n+j], w[j*n+i] = s1[i*n+j], s1[i*n+j]
			}
		}
		o1, o2 := make([]float64, 9), make([]float64, 9)
		gb.frob(w, o1)
		fb.frob(w, o2)
		for k := range o1 {
			if math.Abs(o1[k]-o2[k]) > 1e-10*math.Max(1, math.Abs(o1[k])) {
				t.Errorf("zero=%g: ⟨W,K_%d⟩ = %g (grams) vs %g (features)", zero, k, o1[k], o2[k])
			}
		}
	}
}

// TestProjectRadial checks the normalisation step of Algorithm 1: the result
// lies on the sphere ‖μ−μ0‖_q = Λ (to 1e−12) and is ≥ 0, and when clipping
// has to cut the sphere (Λ large against μ0) it stays in M_q.
func TestProjectRadial(t *testing.T) {
	t.Parallel()
	mu0 := []float64{1, 1, 1, 1}
	for _, q := range []Norm{L1, L2} {
		for trial := 0; trial < 200; trial++ {
			rng := klearn.NewRand(uint64(trial))
			v := make([]float64, 4)
			for k := range v {
				v[k] = 1 + 3*rng.NormFloat64()
			}
			radius := 0.9 // < 1: a point of the sphere is never negative
			if trial%2 == 1 {
				radius = 3
			}
			out, err := ProjectRadial(v, mu0, radius, q)
			if err != nil {
				t.Fatal(err)
			}
			diff := make([]float64, 4)
			for k := range out {
				if out[k] < 0 {
					t.Fatalf("%v: μ_%d = %g < 0", q, k, out[k])
				}
				diff[k] = out[k] - mu0[k]
			}
			r := q.norm(diff)
			if radius < 1 && math.Abs(r-radius) > 1e-12 {
				t.Errorf("%v: ‖μ−μ0‖ = %.15g, want Λ = %g", q, r, radius)
			}
			if r > radius*(1+1e-12) {
				t.Errorf("%v: ‖μ−μ0‖ = %g > Λ = %g", q, r, radius)
			}
		}
	}
	// A point with v ≥ 0 already at direction d from μ0 is scaled exactly:
	// μ0 + Λ·d/‖d‖ (closed form).
	out, _ := ProjectRadial([]float64{4, 1}, []float64{1, 1}, 2, L2)
	if math.Abs(out[0]-3) > 1e-15 || out[1] != 1 {
		t.Errorf("ProjectRadial((4,1)) = %v, want (3,1)", out)
	}
	out, _ = ProjectRadial([]float64{2, 3}, []float64{1, 1}, 1.5, L1)
	if math.Abs(out[0]-1.5) > 1e-15 || math.Abs(out[1]-2) > 1e-15 {
		t.Errorf("ℓ1 ProjectRadial((2,3)) = %v, want (1.5,2)", out)
	}
}

// TestAlgorithm1 runs Algorithm 1 for every degree and both norms and checks
// the trace decreases monotonically, every iterate is in M_q and on its
// boundary (Proposition 3), the learned F is below F at μ_init, and the
// model's F and α agree with Problem.
func TestAlgorithm1(t *testing.T) {
	t.Parallel()
	X, y := randData(7, 60, 6, 0)
	Ks := mustGrams(t, X)
	for d := 1; d <= 4; d++ {
		for _, q := range []Norm{L1, L2} {
			var iterates [][]float64
			rec := opt.RecorderFunc(func(it opt.Iteration) error {
				iterates = append(iterates, append([]float64(nil), it.X...))
				return nil
			})
			const radius = 0.8
			est := Regressor{Degree: d, Lambda: 0.1, Norm: q, Radius: radius, Settings: opt.Settings{Recorder: rec}}
			m, err := est.FitGrams(Ks, y)
			if err != nil {
				t.Fatal(err)
			}
			if m.Status != opt.Success {
				t.Errorf("d=%d %v: status %v after %d iterations", d, q, m.Status, m.Iterations)
			}
			if m.Iterations == 0 || len(m.Trace) != m.Iterations+1 || len(iterates) != m.Iterations {
				t.Fatalf("d=%d %v: %d iterations, %d trace, %d recorded", d, q, m.Iterations, len(m.Trace), len(iterates))
			}
			for i := 1; i < len(m.Trace); i++ {
				if m.Trace[i] > m.Trace[i-1] {
					t.Errorf("d=%d %v: F increased at step %d: %g → %g", d, q, i, m.Trace[i-1], m.Trace[i])
				}
			}
			if !(m.Trace[len(m.Trace)-1] < m.Trace[0]) {
				t.Errorf("d=%d %v: no decrease: %v", d, q, m.Trace)
			}
			for _, mu := range iterates {
				diff := make([]float64, len(mu))
				for k, v := range mu {
					if v < 0 {
						t.Fatalf("d=%d %v: μ_%d = %g < 0", d, q, k, v)
					}
					diff[k] = v - 1
				}
				if r := q.norm(diff); math.Abs(r-radius) > 1e-12 {
					t.Errorf("d=%d %v: ‖μ−μ0‖ = %g, want %g", d, q, r, radius)
				}
			}
			pr := Problem{Ks: Ks, Y: y, Lambda: 0.1, Degree: d}
			f, err := pr.Objective(m.Weights())
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(f-m.F) > 1e-10*f {
				t.Errorf("d=%d %v: model F = %g, Problem F = %g", d, q, m.F, f)
			}
		}
	}
}

// TestAlgorithm1Optimum checks that Algorithm 1 ends at the minimum of F on
// the boundary circle for p = 2 (Proposition 3): a dense scan of the circle
// ‖μ − 1‖_2 = Λ (μ ≥ 0) finds no lower value (tolerance 1e−6 relative, the
// scan's own resolution being far finer than the algorithm's ε).
func TestAlgorithm1Optimum(t *testing.T) {
	t.Parallel()
	X, y := randData(8, 50, 2, 0)
	Ks := mustGrams(t, X)
	for d := 1; d <= 4; d++ {
		m, err := Regressor{Degree: d, Lambda: 0.05, Radius: 0.9, Eps: 1e-8}.FitGrams(Ks, y)
		if err != nil {
			t.Fatal(err)
		}
		best := circleMin(t, Problem{Ks: Ks, Y: y, Lambda: 0.05, Degree: d}, 0.9)
		if m.F > best*(1+1e-6) {
			t.Errorf("d=%d: Algorithm 1 F = %.10g, circle scan min %.10g", d, m.F, best)
		}
	}
}

// TestHessian checks the Hessian quadratic form (Proposition 4, Eq. (19)
// corrected) against second differences of F, against the
// full Hessian, and for d = 2 against the corrected closed form
// 2·[4αᵀ(S∘S_u)V(S∘S_u)α − αᵀ(S_u∘S_u)α], V = (S∘S+λI)⁻¹, built here with
// dense matrices. Second differences with h = 1e−4 have error O(h²).
func TestHessian(t *testing.T) {
	t.Parallel()
	X, y := randData(9, 25, 3, 0)
	Ks := mustGrams(t, X)
	u := []float64{0.3, -0.7, 0.5}
	for d := 1; d <= 4; d++ {
		pr := Problem{Ks: Ks, Y: y, Lambda: 0.4, Degree: d}
		mu := randMu(uint64(30+d), 3, 1.5)
		hq, err := pr.HessianQuad(mu, u)
		if err != nil {
			t.Fatal(err)
		}
		const h = 1e-4
		at := func(s float64) float64 {
			v := make([]float64, 3)
			for k := range v {
				v[k] = mu[k] + s*u[k]
			}
			f, err := pr.Objective(v)
			if err != nil {
				t.Fatal(err)
			}
			return f
		}
		sd := (at(h) - 2*at(0) + at(-h)) / (h * h)
		if math.Abs(sd-hq) > 1e-5*math.Max(1, math.Abs(hq)) {
			t.Errorf("d=%d: uᵀ∇²Fu = %.10g, second differences %.10g", d, hq, sd)
		}
		H, err := pr.Hessian(mu)
		if err != nil {
			t.Fatal(err)
		}
		uv := mat.NewVecDense(3, u)
		if full := mat.Inner(uv, H, uv); math.Abs(full-hq) > 1e-9*math.Max(1, math.Abs(hq)) {
			t.Errorf("d=%d: uᵀHu = %.12g, HessianQuad %.12g", d, full, hq)
		}
		if d == 2 {
			S, _ := polyCombine(Ks, mu, 1)
			Su, _ := polyCombine(Ks, u, 1)
			n := len(y)
			A := mat.NewDense(n, n, nil)  // S∘S_u
			B := mat.NewDense(n, n, nil)  // S_u∘S_u
			Vi := mat.NewDense(n, n, nil) // S∘S+λI
			for i := 0; i < n; i++ {
				for j := 0; j < n; j++ {
					A.Set(i, j, S.At(i, j)*Su.At(i, j))
					B.Set(i, j, Su.At(i, j)*Su.At(i, j))
					Vi.Set(i, j, S.At(i, j)*S.At(i, j))
				}
				Vi.Set(i, i, Vi.At(i, i)+0.4)
			}
			var V mat.Dense
			if err := V.Inverse(Vi); err != nil {
				t.Fatal(err)
			}
			alpha, _ := pr.Alpha(mu)
			a := mat.NewVecDense(n, alpha)
			var Aa mat.VecDense
			Aa.MulVec(A, a)
			want := 2 * (4*mat.Inner(&Aa, &V, &Aa) - mat.Inner(a, B, a))
			if math.Abs(want-hq) > 1e-9*math.Abs(want) {
				t.Errorf("d=2: corrected Eq. (19) = %.12g, HessianQuad %.12g", want, hq)
			}
		}
	}
}

// TestFitFeaturesAndPredict checks Fit = FitGrams (dense and sparse
// features), Predict = PredictGrams on new points, and on the training points
// the KRR identity K_μα = y − λα (from (K_μ+λI)α = y, Eq. (9)).
func TestFitFeaturesAndPredict(t *testing.T) {
	t.Parallel()
	for _, zero := range []float64{0, 0.85} {
		X, y := randData(11, 50, 7, zero)
		Xte, _ := randData(12, 9, 7, zero)
		est := Regressor{Degree: 2, Lambda: 0.2, Norm: L1, Radius: 1.5}
		mg, err := est.FitGrams(mustGrams(t, X), y)
		if err != nil {
			t.Fatal(err)
		}
		mf, err := est.Fit(X, y)
		if err != nil {
			t.Fatal(err)
		}
		if mg.Iterations != mf.Iterations {
			t.Errorf("zero=%g: %d vs %d iterations", zero, mg.Iterations, mf.Iterations)
		}
		for k := range mg.Weights() {
			if math.Abs(mg.Weights()[k]-mf.Weights()[k]) > 1e-8 {
				t.Errorf("zero=%g: μ_%d = %g (grams) vs %g (features)", zero, k, mg.Weights()[k], mf.Weights()[k])
			}
		}
		Kte, err := kernel.FeatureCrosses(Xte, X)
		if err != nil {
			t.Fatal(err)
		}
		pg, err := mg.PredictGrams(Kte)
		if err != nil {
			t.Fatal(err)
		}
		pf, err := mf.Predict(Xte)
		if err != nil {
			t.Fatal(err)
		}
		for i := range pg {
			if math.Abs(pg[i]-pf[i]) > 1e-8 {
				t.Errorf("zero=%g: prediction %d: %g vs %g", zero, i, pg[i], pf[i])
			}
		}
		ptr, err := mf.Predict(X)
		if err != nil {
			t.Fatal(err)
		}
		for i := range ptr {
			if want := y[i] - 0.2*mf.Alpha[i]; math.Abs(ptr[i]-want) > 1e-9 {
				t.Fatalf("zero=%g: h(x_%d) = %g, y − λα = %g", zero, i, ptr[i], want)
			}
		}
	}
}

// TestBaseline checks that Radius 0 is KRR with the uniform kernel
// (Σ_k K_k)^{∘d}: α equals a direct dense solve of (K+λI)α = y.
func TestBaseline(t *testing.T) {
	t.Parallel()
	X, y := randData(13, 30, 4, 0)
	Ks := mustGrams(t, X)
	m, err := Regressor{Degree: 3, Lambda: 0.7}.FitGrams(Ks, y)
	if err != nil {
		t.Fatal(err)
	}
	if m.Iterations != 0 || m.Status != opt.Success {
		t.Errorf("baseline ran %d iterations, status %v", m.Iterations, m.Status)
	}
	for k, v := range m.Weights() {
		if v != 1 {
			t.Errorf("μ_%d = %g, want μ0 = 1", k, v)
		}
	}
	K, _ := polyCombine(Ks, []float64{1, 1, 1, 1}, 3)
	A := mat.NewDense(30, 30, nil)
	A.Copy(K)
	for i := 0; i < 30; i++ {
		A.Set(i, i, A.At(i, i)+0.7)
	}
	var a mat.VecDense
	if err := a.SolveVec(A, mat.NewVecDense(30, y)); err != nil {
		t.Fatal(err)
	}
	for i := range y {
		if math.Abs(a.AtVec(i)-m.Alpha[i]) > 1e-9*math.Max(1, math.Abs(m.Alpha[i])) {
			t.Fatalf("α_%d = %g, direct solve %g", i, m.Alpha[i], a.AtVec(i))
		}
	}
}

// TestPolyCombinePSD checks the Section 2 claim: K_μ is PSD for
// μ ≥ 0, and a combination with a negative weight can fail to be.
func TestPolyCombinePSD(t *testing.T) {
	t.Parallel()
	X, _ := randData(14, 20, 4, 0)
	Ks := mustGrams(t, X)
	for d := 1; d <= 4; d++ {
		for trial := 0; trial < 20; trial++ {
			K, err := polyCombine(Ks, randMu(uint64(trial), 4, 2), d)
			if err != nil {
				t.Fatal(err)
			}
			var eig mat.EigenSym
			if !eig.Factorize(K, false) {
				t.Fatal("eigen failed")
			}
			vals := eig.Values(nil)
			if vals[0] < -1e-10*vals[len(vals)-1] {
				t.Fatalf("d=%d: λ_min(K_μ) = %g", d, vals[0])
			}
		}
	}
	K, _ := polyCombine(Ks, []float64{1, -1, 0.5, 0.5}, 1)
	var eig mat.EigenSym
	eig.Factorize(K, false)
	if eig.Values(nil)[0] > -1e-6 {
		t.Errorf("μ with a negative entry gave λ_min = %g, expected < 0", eig.Values(nil)[0])
	}
}

func TestValidation(t *testing.T) {
	t.Parallel()
	X, y := randData(15, 10, 3, 0)
	Ks := mustGrams(t, X)
	bad := append([]float64(nil), y...)
	bad[2] = math.NaN()
	small := mat.NewSymDense(9, nil)
	nanK := mat.NewSymDense(10, nil)
	nanK.CopySym(Ks[0])
	nanK.SetSym(1, 2, math.Inf(1))
	cases := []struct {
		name string
		est  Regressor
		Ks   []*mat.SymDense
		y    []float64
		want error
	}{
		{"lambda 0", Regressor{}, Ks, y, klearn.ErrParam},
		{"lambda <0", Regressor{Lambda: -1}, Ks, y, klearn.ErrParam},
		{"lambda NaN", Regressor{Lambda: math.NaN()}, Ks, y, klearn.ErrParam},
		{"negative mu0", Regressor{Lambda: 1, Mu0: []float64{1, -1, 1}, Radius: 1}, Ks, y, klearn.ErrParam},
		{"mu0 length", Regressor{Lambda: 1, Mu0: []float64{1, 1}, Radius: 1}, Ks, y, klearn.ErrShape},
		{"radius <0", Regressor{Lambda: 1, Radius: -1}, Ks, y, klearn.ErrParam},
		{"degree <0", Regressor{Lambda: 1, Degree: -2}, Ks, y, klearn.ErrParam},
		{"eta >1", Regressor{Lambda: 1, Eta0: 2}, Ks, y, klearn.ErrParam},
		{"norm", Regressor{Lambda: 1, Norm: 7}, Ks, y, klearn.ErrParam},
		{"NaN y", Regressor{Lambda: 1}, Ks, bad, klearn.ErrNotFinite},
		{"short y", Regressor{Lambda: 1}, Ks, y[:9], klearn.ErrShape},
		{"size mismatch", Regressor{Lambda: 1}, []*mat.SymDense{Ks[0], small}, y, klearn.ErrShape},
		{"Inf kernel", Regressor{Lambda: 1}, []*mat.SymDense{Ks[0], nanK}, y, klearn.ErrNotFinite},
		{"no kernels", Regressor{Lambda: 1}, nil, y, klearn.ErrEmpty},
		{"nil kernel", Regressor{Lambda: 1}, []*mat.SymDense{nil}, y, klearn.ErrEmpty},
	}
	for _, c := range cases {
		_, err := c.est.FitGrams(c.Ks, c.y)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
	var m *Model
	if _, err := m.PredictGrams(nil); !errors.Is(err, klearn.ErrNotFitted) {
		t.Errorf("nil model: %v", err)
	}
	fit, err := Regressor{Lambda: 1}.FitGrams(Ks, y)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fit.Predict(X); !errors.Is(err, klearn.ErrNotFitted) {
		t.Errorf("Predict on a Gram model: %v", err)
	}
	if _, err := fit.PredictGrams([]*mat.Dense{mat.NewDense(2, 10, nil)}); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("PredictGrams with 1 kernel: %v", err)
	}
	if _, err := (Problem{Ks: Ks, Y: y, Lambda: 1}).Objective([]float64{1, 1}); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("Objective with short μ: %v", err)
	}
}

// TestNKRRLineSearchAndWarmStart checks the two options that make the Table 1
// protocol affordable: LineSearch (Section 3 of Cortes et al. (2009) allows a
// line search instead of the fixed η schedule) must reach the same boundary
// minimum as the paper's schedule (Proposition 3: it is unique on this
// problem; tolerance 1e−6 relative, the stopping rule being ε = 1e−9) with a
// monotone trace and fewer steps on a flat objective (λ = 50); a warm start
// (Init) at the solution must stop at once with the same F, and Init is mapped
// onto the sphere ‖μ−μ0‖ = Λ.
func TestNKRRLineSearchAndWarmStart(t *testing.T) {
	t.Parallel()
	X, y := randData(21, 60, 5, 0)
	Ks := mustGrams(t, X)
	for _, q := range []Norm{L1, L2} {
		for d := 1; d <= 2; d++ {
			base := Regressor{Degree: d, Lambda: 50, Norm: q, Radius: 2, Eps: 1e-9, Settings: opt.Settings{MaxIter: 5000}}
			ref, err := base.FitGrams(Ks, y)
			if err != nil {
				t.Fatal(err)
			}
			ls := base
			ls.LineSearch = true
			m, err := ls.FitGrams(Ks, y)
			if err != nil {
				t.Fatal(err)
			}
			if m.Status != opt.Success || ref.Status != opt.Success {
				t.Fatalf("d=%d %v: status %v (line search), %v (schedule)", d, q, m.Status, ref.Status)
			}
			if math.Abs(m.F-ref.F) > 1e-6*ref.F {
				t.Errorf("d=%d %v: line search F = %.10g, schedule F = %.10g", d, q, m.F, ref.F)
			}
			for i := 1; i < len(m.Trace); i++ {
				if m.Trace[i] > m.Trace[i-1] {
					t.Fatalf("d=%d %v: F increased at step %d", d, q, i)
				}
			}
			if m.Iterations >= ref.Iterations {
				t.Errorf("d=%d %v: line search took %d steps, schedule %d", d, q, m.Iterations, ref.Iterations)
			}
			warm := base
			warm.Init = ref.Weights()
			w, err := warm.FitGrams(Ks, y)
			if err != nil {
				t.Fatal(err)
			}
			// At the optimum only round-off moves μ: a few steps at most (4 in a
			// build with fused multiply-adds), F unchanged to 1e-9.
			if w.Iterations > 5 || math.Abs(w.F-ref.F) > 1e-9*ref.F {
				t.Errorf("d=%d %v: warm start took %d steps, F = %g vs %g", d, q, w.Iterations, w.F, ref.F)
			}
		}
	}
	// Init off the sphere is mapped onto it before the first evaluation.
	est := Regressor{Degree: 2, Lambda: 1, Radius: 0.5, Init: []float64{3, 1, 1, 1, 1}, Settings: opt.Settings{MaxIter: 1}}
	var first []float64
	est.Settings.Recorder = opt.RecorderFunc(func(it opt.Iteration) error {
		if first == nil {
			first = append([]float64(nil), it.X...)
		}
		return nil
	})
	if _, err := est.FitGrams(Ks, y); err != nil {
		t.Fatal(err)
	}
	diff := make([]float64, 5)
	for k := range diff {
		diff[k] = first[k] - 1
	}
	if r := L2.norm(diff); math.Abs(r-0.5) > 1e-12 {
		t.Errorf("first iterate from Init at ‖μ−μ0‖ = %g, want 0.5", r)
	}
	bad := Regressor{Degree: 2, Lambda: 1, Radius: 1, Init: []float64{1, 2}}
	if _, err := bad.FitGrams(Ks, y); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("Init of the wrong length: err = %v, want ErrShape", err)
	}
}

// circleMin is the smallest F on 4000 points of the circle ‖μ − 1‖ = radius
// (p = 2).
func circleMin(t *testing.T, pr Problem, radius float64) float64 {
	t.Helper()
	best := math.Inf(1)
	for i := 0; i < 4000; i++ {
		th := 2 * math.Pi * float64(i) / 4000
		f, err := pr.Objective([]float64{1 + radius*math.Cos(th), 1 + radius*math.Sin(th)})
		if err != nil {
			t.Fatal(err)
		}
		best = math.Min(best, f)
	}
	return best
}

// TestStepRuleCornerStall: on two feature kernels (synthetic data, seeds 5
// and 9) from the start μ = 1 + 0.5(cos 216°, sin 216°), below μ0, the
// paper's step rule stops on the sphere with F at least 0.1 % above the
// minimum over M_2 (η may only shrink while the path has to speed up along
// the sphere), while the default rule reaches the minimum that the exact
// projection finds, to 1e-8 relative.
func TestStepRuleCornerStall(t *testing.T) {
	a := 2 * math.Pi * 3 / 5
	init := []float64{1 + 0.5*math.Cos(a), 1 + 0.5*math.Sin(a)}
	for _, seed := range []uint64{5, 9} {
		X, y, _, _ := klearntest.SyntheticData(klearntest.Regression, 50, 2, seed)
		Ks, err := kernel.FeatureGrams(X)
		if err != nil {
			t.Fatal(err)
		}
		fit := func(r Regressor) *Model {
			r.Degree, r.Lambda, r.Radius, r.Init, r.Settings = 2, 1, 1, init, opt.Settings{MaxIter: 1000}
			m, err := r.FitGrams(Ks, y)
			if err != nil {
				t.Fatal(err)
			}
			if m.Status != opt.Success {
				t.Fatalf("seed %d %+v: %v", seed, r, m.Status)
			}
			return m
		}
		exact := fit(Regressor{Projection: Euclidean}).F
		if f := fit(Regressor{}).F; math.Abs(f-exact) > 1e-8*exact {
			t.Errorf("seed %d: the default rule ends at F = %.10g, the minimum is %.10g", seed, f, exact)
		}
		if f := fit(Regressor{PaperStepRule: true}).F; !(f > exact*(1+1e-3)) {
			t.Errorf("seed %d: the paper's rule ends at F = %.10g, the minimum %.10g: no longer stalls", seed, f, exact)
		}
	}
}
