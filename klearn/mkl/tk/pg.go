package tk

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/opt"
)

// Defaults of the projected-gradient method.
const (
	// DefaultTol is the default relative duality gap (J(P) − lower
	// bound)/J(P) at which ProjectedGradient stops.
	DefaultTol = 1e-4
	// DefaultMaxIter is the default number of projected-gradient steps.
	DefaultMaxIter = 500
)

// solution is what a method returns: P*, the value J(P*) and its
// certificate.
type solution struct {
	P          *mat.SymDense
	in         *inner
	lower      float64 // best lower bound on the optimal value
	iterations int
	status     opt.Status
	objectives []float64
	gaps       []float64
	err        error // a Recorder's error (status RecorderStop)
}

// relGap returns (J − lower)/max(|J|, tiny), clamped at 0.
func relGap(J, lower float64) float64 {
	return max(0, J-lower) / max(math.Abs(J), 1e-300)
}

// spgMemory is the number of past objective values of the non-monotone
// line search (M = 10 in Birgin, Martínez & Raydan 2000).
const spgMemory = 10

// projectedGradient minimises J over {P ⪰ 0, tr P ≤ 1} by the spectral
// projected gradient method (SPG2 of Birgin, Martínez & Raydan 2000,
// "Nonmonotone spectral projected gradient methods on convex sets"): the
// direction D = Π(P + sM(β)) − P (−M(β) = ∇J(P), Π the projection onto
// the set) with the Barzilai–Borwein step s = ⟨ΔP, ΔP⟩/⟨ΔP, Δ∇J⟩ clamped
// to [10⁻¹⁰, 10¹⁰]·s₀, and a non-monotone Armijo search P + λD, λ = 1, ½,
// … until J(P + λD) ≤ max of the last spgMemory values + 10⁻⁴λ⟨∇J, D⟩.
// K is linear in P, so K(P + λD) = K(P) + λK(D) costs no kernel
// evaluations: every trial is one SVM solve. It stops when the certified
// relative gap (J(P) − max_k LB_k)/J(P), LB_k = 2α_kᵀe − λ_max(M(β_k)), is
// at most tol, and returns the iterate with the smallest J. It starts at
// P0 (nil: I/w, the centre of the set) with the first SVM solve started at
// a0 (nil: α = 0); every later solve starts at the α of the current
// iterate.
func projectedGradient(p *problem, P0 *mat.SymDense, a0 []float64, maxIter int, tol float64, rec opt.Recorder) (*solution, error) {
	P := P0
	if P == nil {
		P = mat.NewSymDense(p.w, nil)
		for a := 0; a < p.w; a++ {
			P.SetSym(a, a, 1/float64(p.w))
		}
	}
	in, err := p.solve(p.gram(P), a0)
	if err != nil {
		return nil, err
	}
	lb, M, err := p.lowerBound(in)
	if err != nil {
		return nil, err
	}
	sol := &solution{P: P, in: in, lower: lb, status: opt.IterationLimit}
	s0 := 1 / max(mat.Norm(M, 2), 1e-300)
	s := s0
	record := func(it int, J float64) bool {
		g := relGap(sol.in.J, sol.lower)
		sol.objectives = append(sol.objectives, J)
		sol.gaps = append(sol.gaps, g)
		if rec != nil {
			if err := rec.Record(opt.Iteration{Iter: it, F: J, Gap: g}); err != nil {
				sol.status, sol.err = opt.RecorderStop, err
				return true
			}
		}
		if g <= tol {
			sol.status = opt.Success
			return true
		}
		return false
	}
	if record(0, in.J) {
		return sol, nil
	}
	hist := []float64{in.J}
	cur, curP := in, P
	for it := 1; it <= maxIter; it++ {
		var T mat.SymDense
		T.ScaleSym(s, M)
		T.AddSym(curP, &T)
		Pt, err := projectSpectraplex(&T)
		if err != nil {
			return nil, err
		}
		D, err := kernel.Combine([]float64{1, -1}, []*mat.SymDense{Pt, curP})
		if err != nil {
			return nil, err
		}
		gMD, err := metrics.Frobenius(M, D)
		if err != nil {
			return nil, err
		}
		gd := -gMD // ⟨∇J, D⟩ < 0 unless P is stationary
		if !(gd < 0) {
			sol.iterations = it
			if !record(it, cur.J) {
				sol.status = opt.FunctionConvergence
			}
			return sol, nil
		}
		KD := p.gram(D)
		Jref := hist[0]
		for _, v := range hist {
			Jref = max(Jref, v)
		}
		var next *inner
		lambda := 1.0
		for lambda > 1e-10 {
			var K mat.SymDense
			K.ScaleSym(lambda, KD)
			K.AddSym(cur.K, &K)
			if next, err = p.solve(&K, cur.alpha); err != nil {
				return nil, err
			}
			if next.J <= Jref+1e-4*lambda*gd+1e-12*math.Abs(Jref) {
				break
			}
			next = nil
			lambda /= 2
		}
		sol.iterations = it
		if next == nil {
			if !record(it, cur.J) {
				sol.status = opt.FunctionConvergence
			}
			return sol, nil
		}
		var step mat.SymDense
		step.ScaleSym(lambda, D)
		var Pn mat.SymDense
		Pn.AddSym(curP, &step)
		lbN, MN, err := p.lowerBound(next)
		if err != nil {
			return nil, err
		}
		// Barzilai–Borwein step from ΔP = λD and Δ∇J = −(M_new − M).
		dg, err := kernel.Combine([]float64{1, -1}, []*mat.SymDense{M, MN})
		if err != nil {
			return nil, err
		}
		G, err := metrics.FrobeniusGram(&step, dg)
		if err != nil {
			return nil, err
		}
		if b := G.At(0, 1); b > 0 {
			s = min(max(G.At(0, 0)/b, 1e-10*s0), 1e10*s0)
		} else {
			s = 1e10 * s0
		}
		cur, curP, M = next, &Pn, MN
		sol.lower = max(sol.lower, lbN)
		if cur.J < sol.in.J {
			sol.P, sol.in = curP, cur
		}
		hist = append(hist, cur.J)
		if len(hist) > spgMemory {
			hist = hist[1:]
		}
		if record(it, cur.J) {
			return sol, nil
		}
	}
	return sol, nil
}

// projectSpectraplex returns the Frobenius-nearest point of {P ⪰ 0,
// tr P ≤ 1} to the symmetric matrix A: A's eigenvalues are projected onto
// {λ ≥ 0, Σλ ≤ 1} (clipped at zero, then shifted down to sum one when they
// sum to more; Duchi et al. 2008's simplex projection) with its
// eigenvectors kept.
func projectSpectraplex(A *mat.SymDense) (*mat.SymDense, error) {
	lam, V, ok := klearn.EigenSym(A, true)
	if !ok {
		return nil, klearn.Errorf(klearn.ErrSingular, "tk: eigenvalue decomposition failed")
	}
	lam = projectCappedSimplex(lam)
	n := len(lam)
	P := mat.NewSymDense(n, nil)
	for k, l := range lam {
		if l == 0 {
			continue
		}
		for i := 0; i < n; i++ {
			vi := V.At(i, k) * l
			for j := i; j < n; j++ {
				P.SetSym(i, j, P.At(i, j)+vi*V.At(j, k))
			}
		}
	}
	return P, nil
}

// projectCappedSimplex returns the Euclidean projection of v onto
// {λ ≥ 0, Σλ ≤ 1}.
func projectCappedSimplex(v []float64) []float64 {
	out := make([]float64, len(v))
	var s float64
	for i, x := range v {
		out[i] = max(x, 0)
		s += out[i]
	}
	if s <= 1 {
		return out
	}
	// Find θ > 0 with Σ max(v_i − θ, 0) = 1 by bisection-free sorting.
	u := append([]float64(nil), v...)
	sort.Sort(sort.Reverse(sort.Float64Slice(u)))
	var cum, theta float64
	for i, x := range u {
		cum += x
		t := (cum - 1) / float64(i+1)
		if x-t > 0 {
			theta = t
		}
	}
	for i, x := range v {
		out[i] = max(x-theta, 0)
	}
	return out
}
