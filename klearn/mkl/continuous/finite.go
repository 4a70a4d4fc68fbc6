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
		pt, err := simplexAt(Ks, y, mu, l)
		return pt.e, pt.g, pt.gap, err
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

// simplexPoint is E(K_λ), its gradient ∂E/∂λ_k = −μ aᵀK_k a and the
// relative Frank–Wolfe gap at weights λ of Ks, with a = (K_λ + μI)⁻¹y and
// the Cholesky factor of K_λ + μI.
type simplexPoint struct {
	e, gap float64
	g, a   []float64
	ch     *mat.Cholesky
}

// simplexAt evaluates simplexPoint at l.
func simplexAt(Ks []*mat.SymDense, y []float64, mu float64, l []float64) (simplexPoint, error) {
	K, err := kernel.Combine(l, Ks)
	if err != nil {
		return simplexPoint{}, klearn.Errorf(err, "continuous: FiniteCombination")
	}
	a, e, ch, err := solveFactor(K, y, mu)
	if err != nil {
		return simplexPoint{}, err
	}
	g := make([]float64, len(Ks))
	var kc float64
	best := math.Inf(-1)
	for k := range Ks {
		q := quad(Ks[k], a)
		g[k] = -mu * q
		kc += l[k] * q
		best = math.Max(best, q)
	}
	// ⟨c, K c⟩ = 4μ² aᵀKa: the gap in c-units relative to ⟨c, K_λ c⟩.
	return simplexPoint{e: e, gap: (best - kc) / math.Max(kc, math.SmallestNonzeroFloat64), g: g, a: a, ch: ch}, nil
}

// reweigh minimises E(Σ_k λ_k K_k) over the simplex from the weights l0
// (not modified) by projected Newton steps, for Greedy's FullyCorrective
// step 3 (inputs already checked). At λ, with a = (K_λ + μI)⁻¹y, the
// gradient is g_k = −μ aᵀK_k a and the Hessian H_jk = 2μ (K_j a)ᵀ(K_λ +
// μI)⁻¹(K_k a) (the second derivative of E; for two kernels it is step 3's
// φ”). The step d minimises the model gᵀd + ½dᵀHd over λ + d in the
// simplex (accelerated projected gradient on the p × p model, p the
// kernels) and is damped by Armijo backtracking on E, so E never rises.
// It stops as FiniteCombination does: Success once the relative
// Frank–Wolfe gap is at most tol, IterationLimit after maxIter Newton
// steps, FunctionConvergence when no step lowers E. Where the kernels are
// nearly collinear (bandwidths close together) H is ill-conditioned and
// FiniteCombination's first-order steps need thousands of iterations; the
// Newton steps take a few.
func reweigh(Ks []*mat.SymDense, y []float64, mu float64, maxIter int, tol float64, l0 []float64) (*FiniteResult, error) {
	p, n := len(Ks), len(y)
	l := slices.Clone(l0)
	pt, err := simplexAt(Ks, y, mu, l)
	if err != nil {
		return nil, err
	}
	res := &FiniteResult{Status: opt.IterationLimit}
	V := mat.NewDense(n, p, nil)
	av := mat.NewVecDense(n, nil)
	it := 0
	for ; it < maxIter; it++ {
		if pt.gap <= tol {
			res.Status = opt.Success
			break
		}
		copy(av.RawVector().Data, pt.a)
		for k, K := range Ks {
			V.ColView(k).(*mat.VecDense).MulVec(K, av)
		}
		var W, H mat.Dense
		if err := pt.ch.SolveTo(&W, V); err != nil {
			return nil, klearn.Errorf(klearn.ErrSingular, "continuous: fully corrective step: %v", err)
		}
		H.Mul(V.T(), &W)
		H.Scale(2*mu, &H)
		d := simplexNewtonStep(&H, pt.g, l)
		var slope float64
		for k := range d {
			slope += pt.g[k] * d[k]
		}
		accepted := false
		if slope < 0 {
			for t := 1.0; t > 1e-12; t /= 2 {
				cand := make([]float64, p)
				for k := range cand {
					cand[k] = math.Max(l[k]+t*d[k], 0)
				}
				next, err := simplexAt(Ks, y, mu, cand)
				if err != nil {
					return nil, err
				}
				if next.e <= pt.e+1e-4*t*slope {
					l, pt, accepted = cand, next, true
					break
				}
			}
		}
		if !accepted {
			res.Status = opt.FunctionConvergence
			break
		}
	}
	res.Weights, res.E, res.Gap, res.Iterations = l, pt.e, pt.gap, it
	return res, nil
}

// simplexNewtonStep returns d minimising gᵀd + ½dᵀHd over l + d in the
// probability simplex: FISTA on z = l + d with step 1/L (L bounds H's
// largest eigenvalue by its largest absolute row sum) and Euclidean
// projections onto the simplex, keeping the best z of the model, until
// the iterate moves less than 1e-15 or after 20 000 iterations (each
// O(p²)). A zero d means no descent was found.
func simplexNewtonStep(H *mat.Dense, g, l []float64) []float64 {
	p := len(g)
	var L float64
	for i := 0; i < p; i++ {
		var r float64
		for j := 0; j < p; j++ {
			r += math.Abs(H.At(i, j))
		}
		L = math.Max(L, r)
	}
	d := make([]float64, p)
	if !(L > 0) || math.IsInf(L, 0) {
		return d
	}
	model := func(z []float64) (float64, []float64) { // value and gradient at z
		dz := make([]float64, p)
		for k := range dz {
			dz[k] = z[k] - l[k]
		}
		grad := slices.Clone(g)
		var v float64
		for i := 0; i < p; i++ {
			var hd float64
			for j := 0; j < p; j++ {
				hd += H.At(i, j) * dz[j]
			}
			grad[i] += hd
			v += g[i]*dz[i] + 0.5*dz[i]*hd
		}
		return v, grad
	}
	z, w := slices.Clone(l), slices.Clone(l)
	best, bestV := slices.Clone(l), 0.0
	tk := 1.0
	for it := 0; it < 20000; it++ {
		_, gw := model(w)
		next := make([]float64, p)
		for k := range next {
			next[k] = w[k] - gw[k]/L
		}
		projectSimplex(next)
		if v, _ := model(next); v < bestV {
			best, bestV = slices.Clone(next), v
		}
		var move float64
		for k := range next {
			move = math.Max(move, math.Abs(next[k]-z[k]))
		}
		tn := (1 + math.Sqrt(1+4*tk*tk)) / 2
		for k := range w {
			w[k] = next[k] + (tk-1)/tn*(next[k]-z[k])
		}
		z, tk = next, tn
		if move < 1e-15 {
			break
		}
	}
	for k := range d {
		d[k] = best[k] - l[k]
	}
	return d
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
