package afkanpour2013

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/stagewise"
	"github.com/kernelab/kernelab/repro"
)

// Checks verifies the paper's analytic statements numerically on random
// data, one claim per function: Eq. (3) (checkGradient), Proposition 2
// (checkStep), Lemma 3 (checkCentred), Proposition 1 (checkDirection) and
// the remark that the Dirichlet kernel is positive semi-definite on scalar
// inputs but not in two dimensions (checkDirichlet). They draw from one
// generator in that order, so the claims repeat exactly under a seed.
func Checks(seed uint64) ([]repro.Claim, error) {
	c, err := newCheckData(seed)
	if err != nil {
		return nil, err
	}
	var out []repro.Claim
	for _, check := range []func() (repro.Claim, error){c.checkGradient, c.checkStep, c.checkCentred, c.checkDirection, c.checkDirichlet} {
		cl, err := check()
		if err != nil {
			return nil, err
		}
		out = append(out, cl)
	}
	return out, nil
}

// checkData is the checks' common problem: n scalar inputs X on [−10, 10]
// with labels y = sign sin(√2 x), the centred target kernel Ks = ỹỹᵀ, the
// Dirichlet Gram K (σ = 1.3), its centred form Kc, the alignment's gradient
// Gc = F'(Kc) and CGc = C_n Gc C_n. gradient and step are the formulas
// under check (stagewise.Gradient, Eq. (3); stagewise.Step, Proposition
// 2), fields so that a test can swap in a wrong one.
type checkData struct {
	n                  int
	rng                *rand.Rand
	X                  *mat.Dense
	Ks, K, Kc, Gc, CGc *mat.SymDense
	gradient           func(K, Ks *mat.SymDense) (*mat.SymDense, error)
	step               func(K, Kp, Ks *mat.SymDense, etaMax float64) (float64, error)
}

func newCheckData(seed uint64) (*checkData, error) {
	const n = 30
	c := &checkData{n: n, rng: klearn.NewRand(seed), X: mat.NewDense(n, 1, nil), gradient: stagewise.Gradient, step: stagewise.Step}
	y := make([]float64, n)
	var ybar float64
	for i := 0; i < n; i++ {
		c.X.Set(i, 0, 20*c.rng.Float64()-10)
		y[i] = 1
		if math.Sin(math.Sqrt2*c.X.At(i, 0)) < 0 {
			y[i] = -1
		}
		ybar += y[i] / n
	}
	yt := make([]float64, n)
	for i := range y {
		yt[i] = y[i] - ybar
	}
	c.Ks = mat.NewSymDense(n, nil)
	c.Ks.SymOuterK(1, mat.NewVecDense(n, yt))
	var err error
	if c.K, err = kernel.Gram(kernel.Dirichlet{Sigma: 1.3}, c.X); err != nil {
		return nil, err
	}
	if c.Kc, err = kernel.Center(c.K); err != nil {
		return nil, err
	}
	if c.Gc, err = c.gradient(c.Kc, c.Ks); err != nil {
		return nil, err
	}
	if c.CGc, err = kernel.Center(c.Gc); err != nil {
		return nil, err
	}
	return c, nil
}

// randSym draws a symmetric matrix with standard normal entries.
func (c *checkData) randSym() *mat.SymDense {
	S := mat.NewSymDense(c.n, nil)
	for i := 0; i < c.n; i++ {
		for j := i; j < c.n; j++ {
			S.SetSym(i, j, c.rng.NormFloat64())
		}
	}
	return S
}

// add returns A + tB.
func (c *checkData) add(A *mat.SymDense, t float64, B *mat.SymDense) *mat.SymDense {
	out := mat.NewSymDense(c.n, nil)
	for i := 0; i < c.n; i++ {
		for j := i; j < c.n; j++ {
			out.SetSym(i, j, A.At(i, j)+t*B.At(i, j))
		}
	}
	return out
}

// frob returns the Frobenius inner product ⟨A, B⟩_F.
func (c *checkData) frob(A, B *mat.SymDense) float64 {
	var s float64
	for i := 0; i < c.n; i++ {
		for j := 0; j < c.n; j++ {
			s += A.At(i, j) * B.At(i, j)
		}
	}
	return s
}

// align returns F(A + tB), the alignment with Ks.
func (c *checkData) align(A *mat.SymDense, t float64, B *mat.SymDense) (float64, error) {
	return stagewise.Alignment(c.add(A, t, B), c.Ks)
}

// alignC returns F_c(K + tB) = F(C_n (K + tB) C_n).
func (c *checkData) alignC(t float64, B *mat.SymDense) (float64, error) {
	A, err := kernel.Center(c.add(c.K, t, B))
	if err != nil {
		return 0, err
	}
	return stagewise.Alignment(A, c.Ks)
}

// centralDiff returns (f(h) − f(−h))/(2h).
func centralDiff(f func(float64) (float64, error), h float64) (float64, error) {
	up, err := f(h)
	if err != nil {
		return 0, err
	}
	down, err := f(-h)
	if err != nil {
		return 0, err
	}
	return (up - down) / (2 * h), nil
}

// checkGradient: Eq. (3), F'(K) is the gradient of F, by central
// differences along 20 random symmetric directions.
func (c *checkData) checkGradient() (repro.Claim, error) {
	G, err := c.gradient(c.K, c.Ks)
	if err != nil {
		return repro.Claim{}, err
	}
	worst := 0.0
	for d := 0; d < 20; d++ {
		H := c.randSym()
		fd, err := centralDiff(func(t float64) (float64, error) { return c.align(c.K, t, H) }, 1e-5)
		if err != nil {
			return repro.Claim{}, err
		}
		an := c.frob(G, H)
		worst = math.Max(worst, math.Abs(fd-an)/math.Max(1e-12, math.Abs(an)))
	}
	return repro.Claim{ID: "Eq. (3)", Kind: repro.Theorem,
		Statement: "F'(K) is the gradient of the alignment F",
		Paper:     "exact", Tolerance: fmt.Sprintf("≤ %g", GradTol), Reason: "central differences, h = 1e-5"}.Decide(repro.Check("Eq. (3)", worst <= GradTol,
		fmt.Sprintf("worst relative error %.1e over 20 directions", worst))), nil
}

// checkStep: Proposition 2, the closed-form step maximises F(Kc + ηK') on
// [0, η_max], against a grid of 4,001 points, for 4 random centred K' and
// η_max ∈ {0.5, 1, 10}.
func (c *checkData) checkStep() (repro.Claim, error) {
	worst := 0.0
	for d := 0; d < 4; d++ {
		Kp, err := kernel.Center(c.randSym())
		if err != nil {
			return repro.Claim{}, err
		}
		for _, etaMax := range []float64{0.5, 1, 10} {
			eta, err := c.step(c.Kc, Kp, c.Ks, etaMax)
			if err != nil {
				return repro.Claim{}, err
			}
			best := math.Inf(-1)
			for i := 0; i <= 4000; i++ {
				v, err := c.align(c.Kc, etaMax*float64(i)/4000, Kp)
				if err != nil {
					return repro.Claim{}, err
				}
				best = math.Max(best, v)
			}
			at, err := c.align(c.Kc, eta, Kp)
			if err != nil {
				return repro.Claim{}, err
			}
			worst = math.Max(worst, best-at)
		}
	}
	return repro.Claim{ID: "Prop. 2", Kind: repro.Theorem,
		Statement: "the closed-form step maximises F(K + ηK') on [0, η_max]",
		Paper:     "exact", Tolerance: fmt.Sprintf("≤ %g", StepTol), Reason: "grid of 4,001 points"}.Decide(repro.Check("Prop. 2", worst <= StepTol,
		fmt.Sprintf("grid maximum exceeds the closed form by at most %.1e over 12 cases", worst))), nil
}

// checkCentred: Lemma 3, F_c(K) = F(C K C) has the gradient C F'(K_c) C
// (central differences along 20 random directions), and that equals
// F'(K_c) (the idempotence identity).
func (c *checkData) checkCentred() (repro.Claim, error) {
	worstFD, worstId := 0.0, 0.0
	for d := 0; d < 20; d++ {
		H := c.randSym()
		fd, err := centralDiff(func(t float64) (float64, error) { return c.alignC(t, H) }, 1e-5)
		if err != nil {
			return repro.Claim{}, err
		}
		an := c.frob(c.CGc, H)
		worstFD = math.Max(worstFD, math.Abs(fd-an)/math.Max(1e-12, math.Abs(an)))
	}
	for i := 0; i < c.n; i++ {
		for j := 0; j < c.n; j++ {
			worstId = math.Max(worstId, math.Abs(c.CGc.At(i, j)-c.Gc.At(i, j)))
		}
	}
	return repro.Claim{ID: "Lemma 3", Kind: repro.Theorem,
		Statement: "F_c'(K) = C_n F'(K_c) C_n, and C_n F'(K_c) C_n = F'(K_c)",
		Paper:     "exact", Tolerance: fmt.Sprintf("≤ %g and ≤ %g", GradTol, IdentityTol), Reason: "central differences, h = 1e-5"}.Decide(repro.Check("Lemma 3", worstFD <= GradTol && worstId <= IdentityTol,
		fmt.Sprintf("gradient: worst relative error %.1e over 20 directions; identity: max |C F' C − F'| = %.1e", worstFD, worstId))), nil
}

// checkDirection: Proposition 1, the directional derivative of
// f(k) = F((K(k))_c) along a Gaussian κ_σ is ⟨K(κ_σ), F'(K_c)⟩ (the
// searchers' h(σ)), by central differences at σ ∈ {0.3, 1, 4}.
func (c *checkData) checkDirection() (repro.Claim, error) {
	srch, err := continuous.GaussianBandwidth{}.Prepare(c.X)
	if err != nil {
		return repro.Claim{}, err
	}
	worst := 0.0
	for _, sigma := range []float64{0.3, 1, 4} {
		th := []float64{math.Log(sigma)}
		Kk, err := srch.Gram(th)
		if err != nil {
			return repro.Claim{}, err
		}
		fd, err := centralDiff(func(t float64) (float64, error) { return c.alignC(t, Kk) }, 1e-6)
		if err != nil {
			return repro.Claim{}, err
		}
		hv, err := srch.Inner(c.CGc, th, nil)
		if err != nil {
			return repro.Claim{}, err
		}
		worst = math.Max(worst, math.Abs(fd-hv)/math.Max(1, math.Abs(hv)))
	}
	return repro.Claim{ID: "Prop. 1", Kind: repro.Theorem,
		Statement: "the steepest-ascent direction: (f(k + εκ_σ) − f(k))/ε → ⟨K(κ_σ), F'((K(k))_c)⟩_F",
		Paper:     "exact", Tolerance: fmt.Sprintf("≤ %g", GradTol), Reason: "central differences, ε = 1e-6"}.Decide(repro.Check("Prop. 1", worst <= GradTol,
		fmt.Sprintf("worst relative error %.1e at σ ∈ {0.3, 1, 4} (Gaussian κ_σ)", worst))), nil
}

// checkDirichlet: the Dirichlet kernel 1 + 2cos(σ|x − x'|) is PSD on
// scalar inputs (the smallest eigenvalue of K) and not in two dimensions
// (n random points on [−10, 10]²).
func (c *checkData) checkDirichlet() (repro.Claim, error) {
	X2 := mat.NewDense(c.n, 2, nil)
	for i := 0; i < c.n; i++ {
		X2.Set(i, 0, 20*c.rng.Float64()-10)
		X2.Set(i, 1, 20*c.rng.Float64()-10)
	}
	min1, err := kernel.MinEigen(c.K)
	if err != nil {
		return repro.Claim{}, err
	}
	// The 2-D Gram matrix, built pairwise: kernel.Dirichlet refuses d > 1.
	K2 := mat.NewSymDense(c.n, nil)
	for i := 0; i < c.n; i++ {
		for j := i; j < c.n; j++ {
			dx, dy := X2.At(i, 0)-X2.At(j, 0), X2.At(i, 1)-X2.At(j, 1)
			K2.SetSym(i, j, 1+2*math.Cos(1.3*math.Hypot(dx, dy)))
		}
	}
	min2, err := kernel.MinEigen(K2)
	if err != nil {
		return repro.Claim{}, err
	}
	n := float64(c.n)
	return repro.Claim{ID: "Dirichlet PSD", Kind: repro.Theorem,
		Statement: "1 + 2cos(σ|x − x'|) is PSD on scalar inputs (and not in 2-D, so it is used in 1-D only)",
		Paper:     "PSD in 1-D", Tolerance: fmt.Sprintf("λ_min ≥ −%g·n in 1-D, < 0 in 2-D", PSDTol), Reason: "30 random points, σ = 1.3"}.Decide(repro.Check("Dirichlet PSD", min1 >= -PSDTol*n && min2 < 0,
		fmt.Sprintf("λ_min = %.1e in 1-D, %.2f in 2-D", min1, min2))), nil
}
