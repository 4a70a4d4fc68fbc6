package afkanpour2013

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/stagewise"
	"github.com/kernelab/kernelab/repro"
)

// Checks verifies the paper's analytic statements numerically on random
// data: Eq. (3) (F' is the gradient of F, central differences along random
// symmetric directions), Proposition 2 (the closed-form step maximises F
// on [0, η_max], against a grid of 4,001 points), and the remark that the
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
	out := []repro.Claim{repro.CheckClaim("Eq. (3)", repro.Theorem, "F'(K) is the gradient of the alignment F",
		"exact", fmt.Sprintf("worst relative error %.1e over 20 directions", worst), "≤ 1e-6", worst <= 1e-6, "central differences, h = 1e-5")}
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
	out = append(out, repro.CheckClaim("Prop. 2", repro.Theorem, "the closed-form step maximises F(K + ηK') on [0, η_max]",
		"exact", fmt.Sprintf("grid maximum exceeds the closed form by at most %.1e over 12 cases", worst), "≤ 1e-9", worst <= 1e-9, "grid of 4,001 points"))
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
	out = append(out, repro.CheckClaim("Dirichlet PSD", repro.Theorem, "1 + 2cos(σ|x − x'|) is PSD on scalar inputs (and not in 2-D, so it is used in 1-D only)",
		"PSD in 1-D", fmt.Sprintf("λ_min = %.1e in 1-D, %.2f in 2-D", min1, min2), "λ_min ≥ −1e-9·n in 1-D, < 0 in 2-D",
		min1 >= -1e-9*n && min2 < 0, "30 random points, σ = 1.3"))
	return out, nil
}
