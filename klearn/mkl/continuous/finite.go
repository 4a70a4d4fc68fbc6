package continuous

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/opt"
)

// FiniteResult is the optimal convex combination of a finite kernel list:
// the weights λ, E(Σ_k λ_k K_k), the Frank–Wolfe gap max_k ⟨c, K_k c⟩ −
// ⟨c, K_λ c⟩ (c = −2μ(K_λ + μI)⁻¹y; zero at the optimum: the saddle-point
// condition of Eq. (9) restricted to the list), the iterations and Status.
type FiniteResult struct {
	Weights    []float64
	E, Gap     float64
	Iterations int
	Status     opt.Status
}

// FiniteCombination minimises the regularisation error E(K) = μ yᵀ(K +
// μI)⁻¹y of the square loss over the convex hull of the Gram matrices Ks
// (the "finite" method of Argyriou et al. 2006, Tables 1 and 2: Eq. (4) on
// a fixed grid of kernels). E is convex in λ with ∂E/∂λ_k = −μ aᵀK_k a,
// a = (K_λ + μI)⁻¹y; the minimiser is found by projected gradient descent
// on the simplex (Barzilai–Borwein steps with Armijo backtracking), and
// Status is Success when the relative gap Gap/⟨c, K_λ c⟩ ≤ tol (default
// 1e-6), IterationLimit after maxIter iterations (default 500). Inputs are
// not modified. Errors wrap ErrEmpty, ErrShape, ErrParam and ErrSingular.
func FiniteCombination(Ks []*mat.SymDense, y []float64, mu float64, set *opt.Settings) (*FiniteResult, error) {
	maxIter, tol, err := set.Resolve("continuous: FiniteCombination", 500, 1e-6)
	if err != nil {
		return nil, err
	}
	if len(Ks) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "continuous: FiniteCombination with no kernels")
	}
	if !(mu > 0) || math.IsInf(mu, 0) {
		return nil, klearn.Errorf(klearn.ErrParam, "continuous: FiniteCombination μ = %v, want > 0", mu)
	}
	if err := klearn.CheckVector("continuous: FiniteCombination y", y); err != nil {
		return nil, err
	}
	n := len(y)
	for k, K := range Ks {
		if _, err := klearn.CheckGram(K, n); err != nil {
			return nil, klearn.Errorf(err, "continuous: FiniteCombination kernel %d", k)
		}
	}
	p := len(Ks)
	// eval returns E, the gradient and the gap at λ.
	eval := func(l []float64) (float64, []float64, float64, error) {
		K, err := kernel.Combine(l, Ks)
		if err != nil {
			return 0, nil, 0, klearn.Errorf(err, "continuous: FiniteCombination")
		}
		a, e, err := solve(K, y, mu)
		if err != nil {
			return 0, nil, 0, err
		}
		g := make([]float64, p)
		var kc, best float64
		best = math.Inf(-1)
		for k := range Ks {
			q := quad(Ks[k], a)
			g[k] = -mu * q
			kc += l[k] * q
			best = math.Max(best, q)
		}
		// ⟨c, K c⟩ = 4μ² aᵀKa: the gap in c-units relative to ⟨c, K_λ c⟩.
		return e, g, (best - kc) / math.Max(kc, math.SmallestNonzeroFloat64), nil
	}
	l := make([]float64, p)
	for k := range l {
		l[k] = 1 / float64(p)
	}
	e, g, gap, err := eval(l)
	if err != nil {
		return nil, err
	}
	res := &FiniteResult{Status: opt.IterationLimit}
	step := 1 / math.Max(math.Sqrt(dotS(g, g)), 1e-300)
	var prevL, prevG []float64
	it := 0
	for ; it < maxIter; it++ {
		if gap <= tol {
			res.Status = opt.Success
			break
		}
		if prevL != nil { // Barzilai–Borwein step
			var sy, ss float64
			for k := range l {
				s, d := l[k]-prevL[k], g[k]-prevG[k]
				sy += s * d
				ss += s * s
			}
			if sy > 0 {
				step = ss / sy
			}
		}
		accepted := false
		for bt := 0; bt < 60; bt++ {
			cand := make([]float64, p)
			for k := range cand {
				cand[k] = l[k] - step*g[k]
			}
			projectSimplex(cand)
			var dec float64
			for k := range cand {
				dec += g[k] * (cand[k] - l[k])
			}
			e2, g2, gap2, err := eval(cand)
			if err != nil {
				return nil, err
			}
			if e2 <= e+1e-4*dec {
				prevL, prevG = l, g
				l, e, g, gap = cand, e2, g2, gap2
				accepted = true
				break
			}
			step /= 2
		}
		if !accepted {
			res.Status = opt.FunctionConvergence
			break
		}
	}
	res.Weights, res.E, res.Gap, res.Iterations = slices.Clone(l), e, gap, it
	return res, nil
}

func dotS(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// projectSimplex replaces v by its Euclidean projection onto the
// probability simplex (sort-based).
func projectSimplex(v []float64) {
	u := slices.Clone(v)
	slices.Sort(u)
	slices.Reverse(u)
	var cum, theta float64
	for i, x := range u {
		cum += x
		if t := (cum - 1) / float64(i+1); x-t > 0 {
			theta = t
		}
	}
	for i := range v {
		v[i] = math.Max(v[i]-theta, 0)
	}
}
