package afkanpour2013

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/stagewise"
	"github.com/kernelab/kernelab/repro"
)

// Checks verifies the paper's analytic statements numerically on random
// data: Eq. (3) (F' is the gradient of F, central differences along random
// symmetric directions), Proposition 2 (the closed-form step maximises F
// on [0, η_max], against a grid of 4,001 points), Lemma 3 (the gradient
// of the centred alignment, by central differences, and C F'(K_c) C =
// F'(K_c)), Proposition 1 (the directional derivative along a Gaussian
// κ_σ, by central differences, against the searcher's inner product),
// and the remark that the
// Dirichlet kernel is positive semi-definite on scalar inputs but not in
// two dimensions (smallest eigenvalues of its Gram matrices).
func Checks(seed uint64) ([]repro.Claim, error) {
	const n = 30
	rng := klearn.NewRand(seed)
	X := mat.NewDense(n, 1, nil)
	y := make([]float64, n)
	var ybar float64
	for i := 0; i < n; i++ {
		X.Set(i, 0, 20*rng.Float64()-10)
		y[i] = 1
		if math.Sin(math.Sqrt2*X.At(i, 0)) < 0 {
			y[i] = -1
		}
		ybar += y[i] / n
	}
	yt := make([]float64, n)
	for i := range y {
		yt[i] = y[i] - ybar
	}
	Ks := mat.NewSymDense(n, nil)
	Ks.SymOuterK(1, mat.NewVecDense(n, yt))
	K, err := kernel.Gram(kernel.Dirichlet{Sigma: 1.3}, X)
	if err != nil {
		return nil, err
	}
	randSym := func() *mat.SymDense {
		S := mat.NewSymDense(n, nil)
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				S.SetSym(i, j, rng.NormFloat64())
			}
		}
		return S
	}
	add := func(A *mat.SymDense, t float64, B *mat.SymDense) *mat.SymDense {
		out := mat.NewSymDense(n, nil)
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				out.SetSym(i, j, A.At(i, j)+t*B.At(i, j))
			}
		}
		return out
	}
	frob := func(A, B *mat.SymDense) float64 {
		var s float64
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				s += A.At(i, j) * B.At(i, j)
			}
		}
		return s
	}
	// Eq. (3).
	// align is F(A + tB).
	align := func(A *mat.SymDense, t float64, B *mat.SymDense) (float64, error) {
		return stagewise.Alignment(add(A, t, B), Ks)
	}
	G, err := stagewise.Gradient(K, Ks)
	if err != nil {
		return nil, err
	}
	worst := 0.0
	for d := 0; d < 20; d++ {
		H := randSym()
		h := 1e-5
		up, err := align(K, h, H)
		if err != nil {
			return nil, err
		}
		down, err := align(K, -h, H)
		if err != nil {
			return nil, err
		}
		fd := (up - down) / (2 * h)
		an := frob(G, H)
		worst = math.Max(worst, math.Abs(fd-an)/math.Max(1e-12, math.Abs(an)))
	}
	out := []repro.Claim{repro.Claim{ID: "Eq. (3)", Kind: repro.Theorem,
		Statement: "F'(K) is the gradient of the alignment F",
		Paper:     "exact", Tolerance: "≤ 1e-6", Reason: "central differences, h = 1e-5"}.Decide(repro.Check("Eq. (3)", worst <= 1e-6,
		fmt.Sprintf("worst relative error %.1e over 20 directions", worst)))}
	// Proposition 2.
	worst = 0
	Kc, err := kernel.Center(K)
	if err != nil {
		return nil, err
	}
	for d := 0; d < 4; d++ {
		Kp, err := kernel.Center(randSym())
		if err != nil {
			return nil, err
		}
		for _, etaMax := range []float64{0.5, 1, 10} {
			eta, err := stagewise.Step(Kc, Kp, Ks, etaMax)
			if err != nil {
				return nil, err
			}
			best := math.Inf(-1)
			for i := 0; i <= 4000; i++ {
				v, err := align(Kc, etaMax*float64(i)/4000, Kp)
				if err != nil {
					return nil, err
				}
				best = math.Max(best, v)
			}
			at, err := align(Kc, eta, Kp)
			if err != nil {
				return nil, err
			}
			worst = math.Max(worst, best-at)
		}
	}
	out = append(out, repro.Claim{ID: "Prop. 2", Kind: repro.Theorem,
		Statement: "the closed-form step maximises F(K + ηK') on [0, η_max]",
		Paper:     "exact", Tolerance: "≤ 1e-9", Reason: "grid of 4,001 points"}.Decide(repro.Check("Prop. 2", worst <= 1e-9,
		fmt.Sprintf("grid maximum exceeds the closed form by at most %.1e over 12 cases", worst))))
	// Lemma 3: F_c(K) = F(C K C) has the gradient C F'(K_c) C, and that
	// equals F'(K_c). Central differences of F_c along random directions
	// against the formula, and the idempotence identity.
	Gc, err := stagewise.Gradient(Kc, Ks)
	if err != nil {
		return nil, err
	}
	CGc, err := kernel.Center(Gc)
	if err != nil {
		return nil, err
	}
	alignC := func(t float64, B *mat.SymDense) (float64, error) {
		A, err := kernel.Center(add(K, t, B))
		if err != nil {
			return 0, err
		}
		return stagewise.Alignment(A, Ks)
	}
	worstFD, worstId := 0.0, 0.0
	for d := 0; d < 20; d++ {
		H := randSym()
		h := 1e-5
		up, err := alignC(h, H)
		if err != nil {
			return nil, err
		}
		down, err := alignC(-h, H)
		if err != nil {
			return nil, err
		}
		an := frob(CGc, H)
		worstFD = math.Max(worstFD, math.Abs((up-down)/(2*h)-an)/math.Max(1e-12, math.Abs(an)))
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			worstId = math.Max(worstId, math.Abs(CGc.At(i, j)-Gc.At(i, j)))
		}
	}
	out = append(out, repro.Claim{ID: "Lemma 3", Kind: repro.Theorem,
		Statement: "F_c'(K) = C_n F'(K_c) C_n, and C_n F'(K_c) C_n = F'(K_c)",
		Paper:     "exact", Tolerance: "≤ 1e-6 and ≤ 1e-12", Reason: "central differences, h = 1e-5"}.Decide(repro.Check("Lemma 3", worstFD <= 1e-6 && worstId <= 1e-12,
		fmt.Sprintf("gradient: worst relative error %.1e over 20 directions; identity: max |C F' C − F'| = %.1e", worstFD, worstId))))
	// Proposition 1: the directional derivative of f(k) = F((K(k))_c)
	// along a Gaussian κ_σ is ⟨K(κ_σ), F'(K_c)⟩ (the searchers' h(σ)).
	srch, err := continuous.GaussianBandwidth{}.Prepare(X)
	if err != nil {
		return nil, err
	}
	worst = 0
	for _, sigma := range []float64{0.3, 1, 4} {
		th := []float64{math.Log(sigma)}
		Kk, err := srch.Gram(th)
		if err != nil {
			return nil, err
		}
		eps := 1e-6
		up, err := alignC(eps, Kk)
		if err != nil {
			return nil, err
		}
		down, err := alignC(-eps, Kk)
		if err != nil {
			return nil, err
		}
		hv, err := srch.Inner(CGc, th, nil)
		if err != nil {
			return nil, err
		}
		worst = math.Max(worst, math.Abs((up-down)/(2*eps)-hv)/math.Max(1, math.Abs(hv)))
	}
	out = append(out, repro.Claim{ID: "Prop. 1", Kind: repro.Theorem,
		Statement: "the steepest-ascent direction: (f(k + εκ_σ) − f(k))/ε → ⟨K(κ_σ), F'((K(k))_c)⟩_F",
		Paper:     "exact", Tolerance: "≤ 1e-6", Reason: "central differences, ε = 1e-6"}.Decide(repro.Check("Prop. 1", worst <= 1e-6,
		fmt.Sprintf("worst relative error %.1e at σ ∈ {0.3, 1, 4} (Gaussian κ_σ)", worst))))
	// Dirichlet PSD in 1-D, not in 2-D.
	X2 := mat.NewDense(n, 2, nil)
	for i := 0; i < n; i++ {
		X2.Set(i, 0, 20*rng.Float64()-10)
		X2.Set(i, 1, 20*rng.Float64()-10)
	}
	min1, err := kernel.MinEigen(K)
	if err != nil {
		return nil, err
	}
	// The 2-D Gram matrix, built pairwise: kernel.Dirichlet refuses d > 1.
	K2 := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			dx, dy := X2.At(i, 0)-X2.At(j, 0), X2.At(i, 1)-X2.At(j, 1)
			K2.SetSym(i, j, 1+2*math.Cos(1.3*math.Hypot(dx, dy)))
		}
	}
	min2, err := kernel.MinEigen(K2)
	if err != nil {
		return nil, err
	}
	out = append(out, repro.Claim{ID: "Dirichlet PSD", Kind: repro.Theorem,
		Statement: "1 + 2cos(σ|x − x'|) is PSD on scalar inputs (and not in 2-D, so it is used in 1-D only)",
		Paper:     "PSD in 1-D", Tolerance: "λ_min ≥ −1e-9·n in 1-D, < 0 in 2-D", Reason: "30 random points, σ = 1.3"}.Decide(repro.Check("Dirichlet PSD", min1 >= -1e-9*n && min2 < 0,
		fmt.Sprintf("λ_min = %.1e in 1-D, %.2f in 2-D", min1, min2))))
	return out, nil
}
