package opt

import (
	"errors"
	"math"

	"github.com/kernelab/kernelab/klearn"
)

// Defaults of SCG (those of Matlab's trainscg: epochs = 1000, min_grad =
// 1e-6, sigma = 5e-5, lambda = 5e-7).
const (
	// DefaultSCGMaxIter is the default Settings.MaxIter of SCG.
	DefaultSCGMaxIter = 1000
	// DefaultSCGTol is the default Settings.Tol of SCG: it stops when
	// ‖∇f(x)‖₂ ≤ Tol.
	DefaultSCGTol = 1e-6
	// SCGSigma is σ of Møller (1993), the relative step of the
	// finite-difference Hessian-vector product.
	SCGSigma = 5e-5
	// SCGLambda is λ₁ of Møller (1993), the initial Levenberg–Marquardt
	// scale.
	SCGLambda = 5e-7
)

// SCG minimises an unconstrained smooth f by the scaled conjugate gradient
// method of Møller (1993), "A scaled conjugate gradient algorithm for fast
// supervised learning", Neural Networks 6, 525–533 (its steps 1–9; the
// algorithm of Matlab's trainscg). Each iteration approximates the
// curvature along the conjugate direction p by a one-sided difference of
// gradients, s = (∇f(x + σ_k p) − ∇f(x))/σ_k with σ_k = σ/‖p‖, regularises
// it with a Levenberg–Marquardt scale λ (raised so that δ = pᵀs + λ‖p‖² >
// 0), steps α = pᵀr/δ (r = −∇f), and accepts the step when the comparison
// parameter Δ = 2δ(f(x) − f(x + αp))/(pᵀr)² is ≥ 0; λ is divided by 4 when
// Δ ≥ 0.75 and raised by δ(1 − Δ)/‖p‖² when Δ < 0.25. The direction is
// updated by β = (‖r⁺‖² − r⁺ᵀr)/(pᵀr) and restarted along r every N
// iterations (N = len(x0)). No line search is needed: two gradient and one
// function evaluations per iteration. A trial point where f or ∇f is not
// finite counts as a failed step and multiplies λ by 4.
//
// It stops with Success when ‖∇f(x)‖₂ ≤ Tol (default DefaultSCGTol),
// with IterationLimit after MaxIter iterations (default
// DefaultSCGMaxIter), with FunctionConvergence when the step underflows
// (λ grows beyond 1e100), and with RecorderStop when the Recorder (which
// sees Iter, F = f(x), Gap = ‖∇f(x)‖₂ and X = x after each accepted or
// rejected iteration) returns an error. p.Grad is required. Errors:
// ErrEmpty (no x0, nil Func or Grad), ErrNotFinite (x0, f(x0) or ∇f(x0)
// not finite), ErrParam (bad Settings).
func SCG(p Problem, x0 []float64, s *Settings) (*Result, error) {
	maxIter, tol, rec, err := settings("SCG", s, DefaultSCGMaxIter, DefaultSCGTol)
	if err != nil {
		return nil, err
	}
	n := len(x0)
	if n == 0 || p.Func == nil || p.Grad == nil {
		return nil, klearn.Errorf(klearn.ErrEmpty, "opt: SCG needs x0, Func and Grad")
	}
	if err := klearn.CheckVector("opt: SCG x0", x0); err != nil {
		return nil, err
	}
	x := append([]float64(nil), x0...)
	res := &Result{X: x}
	f := p.Func(x)
	res.FuncEvals++
	g := make([]float64, n)
	p.Grad(g, x)
	res.GradEvals++
	if !finite(f) || !allFinite(g) {
		return nil, klearn.Errorf(klearn.ErrNotFinite, "opt: SCG: f(x0) = %v or its gradient is not finite", f)
	}
	r := make([]float64, n)
	pd := make([]float64, n)
	for i := range g {
		r[i], pd[i] = -g[i], -g[i]
	}
	xt, gt, rn := make([]float64, n), make([]float64, n), make([]float64, n)
	lambda, lambdaBar := SCGLambda, 0.0
	success := true
	var delta float64
	res.F = f
	res.Status = IterationLimit
	for k := 1; k <= maxIter; k++ {
		gn := norm2(r)
		res.Gap = gn
		if gn <= tol {
			res.Status = Success
			break
		}
		pp := dotv(pd, pd)
		if success { // step 2: curvature along p
			sk := SCGSigma / math.Sqrt(pp)
			for i := range x {
				xt[i] = x[i] + sk*pd[i]
			}
			p.Grad(gt, xt)
			res.GradEvals++
			delta = 0
			for i := range pd {
				delta += pd[i] * (gt[i] + r[i]) / sk // (∇f(x+σp) − ∇f(x))/σ, ∇f(x) = −r
			}
		}
		delta += (lambda - lambdaBar) * pp // step 3
		if delta <= 0 {                    // step 4: make the Hessian positive definite
			lambdaBar = 2 * (lambda - delta/pp)
			delta = -delta + lambda*pp
			lambda = lambdaBar
		}
		mu := dotv(pd, r) // step 5
		alpha := mu / delta
		for i := range x {
			xt[i] = x[i] + alpha*pd[i]
		}
		ft := p.Func(xt)
		res.FuncEvals++
		Delta := math.Inf(-1) // a non-finite trial value is a failed step
		if finite(ft) {
			Delta = 2 * delta * (f - ft) / (mu * mu) // step 6
		}
		if Delta >= 0 { // step 7: successful reduction
			p.Grad(gt, xt)
			res.GradEvals++
			if !allFinite(gt) {
				Delta = math.Inf(-1)
			}
		}
		if Delta >= 0 {
			copy(x, xt)
			f = ft
			for i := range gt {
				rn[i] = -gt[i]
			}
			lambdaBar, success = 0, true
			if k%n == 0 {
				copy(pd, rn)
			} else {
				beta := (dotv(rn, rn) - dotv(rn, r)) / mu
				for i := range pd {
					pd[i] = rn[i] + beta*pd[i]
				}
			}
			copy(r, rn)
			if Delta >= 0.75 {
				lambda /= 4
			}
		} else {
			lambdaBar, success = lambda, false
		}
		if Delta < 0.25 { // step 8
			if math.IsInf(Delta, -1) {
				lambda *= 4
			} else {
				lambda += delta * (1 - Delta) / pp
			}
		}
		res.Iterations = k
		res.F = f
		res.Gap = norm2(r)
		if rec != nil {
			if err := rec.Record(Iteration{Iter: k, F: f, Gap: res.Gap, X: x}); err != nil {
				res.Status = RecorderStop
				return res, err
			}
		}
		if lambda > 1e100 || !finite(lambda) {
			res.Status = FunctionConvergence
			break
		}
	}
	if res.Status == IterationLimit && res.Gap <= tol {
		res.Status = Success
	}
	return res, nil
}

// ErrSCGStop may be returned by a Recorder to stop SCG early (for example
// on a validation criterion); SCG returns it with Status RecorderStop.
var ErrSCGStop = errors.New("opt: SCG stopped by its recorder")

func dotv(a, b []float64) float64 {
	var s float64
	for i, v := range a {
		s += v * b[i]
	}
	return s
}

func norm2(v []float64) float64 { return math.Sqrt(dotv(v, v)) }

func allFinite(v []float64) bool {
	for _, x := range v {
		if !finite(x) {
			return false
		}
	}
	return true
}
