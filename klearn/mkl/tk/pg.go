package tk

import (
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
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

// projectedGradient minimises J over {P ⪰ 0, tr P ≤ 1}: P⁺ = Π(P + sM(β))
// (−M(β) = ∇J(P)), with s halved until the sufficient-decrease test
// J(P⁺) ≤ J(P) − ⟨M, P⁺ − P⟩ + ‖P⁺ − P‖²_F/(2s) holds (Beck & Teboulle's
// backtracking, which makes J non-increasing) and doubled after each
// accepted step. It stops when the certified relative gap
// (J(P) − max_k LB_k)/J(P), LB_k = 2α_kᵀe − λ_max(M(β_k)), is at most tol.
func projectedGradient(p *problem, maxIter int, tol float64, rec opt.Recorder) (*solution, error) {
	P := mat.NewSymDense(p.w, nil)
	for a := 0; a < p.w; a++ {
		P.SetSym(a, a, 1/float64(p.w))
	}
	in, err := p.objective(P)
	if err != nil {
		return nil, err
	}
	lb, M, err := p.lowerBound(in)
	if err != nil {
		return nil, err
	}
	sol := &solution{P: P, in: in, lower: lb, status: opt.IterationLimit}
	s := 1 / max(mat.Norm(M, 2), 1e-300)
	record := func(it int) bool {
		g := relGap(sol.in.J, sol.lower)
		sol.objectives = append(sol.objectives, sol.in.J)
		sol.gaps = append(sol.gaps, g)
		if rec != nil {
			if err := rec.Record(opt.Iteration{Iter: it, F: sol.in.J, Gap: g}); err != nil {
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
	if record(0) {
		return sol, nil
	}
	var D mat.SymDense
	for it := 1; it <= maxIter; it++ {
		accepted := false
		for s > 1e-14/max(mat.Norm(M, 2), 1e-300) {
			var T mat.SymDense
			T.ScaleSym(s, M)
			T.AddSym(sol.P, &T)
			Pn, err := projectSpectraplex(&T)
			if err != nil {
				return nil, err
			}
			var negP mat.SymDense
			negP.ScaleSym(-1, sol.P)
			D.AddSym(Pn, &negP)
			nd := mat.Norm(&D, 2)
			if nd == 0 {
				break // a fixed point of the projection: optimal
			}
			inN, err := p.objective(Pn)
			if err != nil {
				return nil, err
			}
			bound := sol.in.J - symInner(M, &D) + nd*nd/(2*s)
			if inN.J <= bound+1e-12*math.Abs(sol.in.J) {
				sol.P, sol.in, accepted = Pn, inN, true
				break
			}
			s /= 2
		}
		sol.iterations = it
		if !accepted {
			if !record(it) {
				sol.status = opt.FunctionConvergence
			}
			return sol, nil
		}
		lbN, MN, err := p.lowerBound(sol.in)
		if err != nil {
			return nil, err
		}
		M = MN
		sol.lower = max(sol.lower, lbN)
		s *= 2
		if record(it) {
			return sol, nil
		}
	}
	return sol, nil
}

// symInner returns ⟨A, B⟩_F for symmetric A and B.
func symInner(A, B mat.Symmetric) float64 {
	n := A.SymmetricDim()
	var s float64
	for i := 0; i < n; i++ {
		s += A.At(i, i) * B.At(i, i)
		for j := i + 1; j < n; j++ {
			s += 2 * A.At(i, j) * B.At(i, j)
		}
	}
	return s
}

// projectSpectraplex returns the Frobenius-nearest point of {P ⪰ 0,
// tr P ≤ 1} to the symmetric matrix A: A's eigenvalues are projected onto
// {λ ≥ 0, Σλ ≤ 1} (clipped at zero, then shifted down to sum one when they
// sum to more; Duchi et al. 2008's simplex projection) with its
// eigenvectors kept.
func projectSpectraplex(A *mat.SymDense) (*mat.SymDense, error) {
	var e mat.EigenSym
	if !e.Factorize(A, true) {
		return nil, klearn.Errorf(klearn.ErrSingular, "tk: eigenvalue decomposition failed")
	}
	lam := e.Values(nil)
	var V mat.Dense
	e.VectorsTo(&V)
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
