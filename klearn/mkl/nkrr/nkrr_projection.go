package nkrr

import (
	"math"

	"github.com/kernelab/kernelab/klearn"
)

// Projection selects the "normalize" step of Algorithm 1.
type Projection int

const (
	// Radial clips μ' to μ' ≥ 0 and rescales it about μ0 onto the sphere
	// ‖μ' − μ0‖_q = Λ, as Algorithm 1 prints it (see ProjectRadial). It is
	// the zero value.
	Radial Projection = iota
	// Euclidean is the exact Euclidean projection onto M_q = {μ ≥ 0,
	// ‖μ − μ0‖_q ≤ Λ} (ProjectEuclidean): projected gradient descent in
	// the usual sense, which the paper's radial step approximates.
	Euclidean
)

// projectEuclidean replaces v by its Euclidean projection onto {x ≥ 0,
// ‖x − c‖_q ≤ r} (c ≥ 0, r ≥ 0). By the KKT conditions the projection is
// x(t) = max(0, (v + tc)/(1 + t)) for q = 2 and x(t) = max(0, c +
// soft(v − c, t)) for q = 1, with the multiplier t ≥ 0 of the ball: t = 0
// when max(0, v) already lies in the ball, else the t with ‖x(t) − c‖_q =
// r, found by bisection (‖x(t) − c‖_q does not increase with t).
func projectEuclidean(v, c []float64, r float64, q Norm) {
	x := make([]float64, len(v))
	diff := make([]float64, len(v))
	at := func(t float64) float64 {
		for k := range v {
			if q == L1 {
				d := v[k] - c[k]
				s := math.Max(math.Abs(d)-t, 0)
				x[k] = math.Max(0, c[k]+math.Copysign(s, d))
			} else {
				x[k] = math.Max(0, (v[k]+t*c[k])/(1+t))
			}
			diff[k] = x[k] - c[k]
		}
		return q.norm(diff)
	}
	if at(0) <= r {
		copy(v, x)
		return
	}
	lo, hi := 0.0, 1.0
	for at(hi) > r && hi < 1e300 {
		lo, hi = hi, 2*hi
	}
	for it := 0; it < 200 && hi-lo > 1e-15*hi; it++ {
		mid := (lo + hi) / 2
		if at(mid) > r {
			lo = mid
		} else {
			hi = mid
		}
	}
	at(hi) // feasible side
	copy(v, x)
}

// ProjectEuclidean returns the Euclidean projection of v onto M_q = {μ ≥
// 0, ‖μ − μ0‖_q ≤ Λ}: the point of M_q nearest to v. It does not modify
// its arguments. Errors: lengths differ (ErrShape), a non-finite entry in
// or out (ErrNotFinite), μ0 < 0 or radius < 0 (ErrParam), an unknown Norm
// (ErrParam).
func ProjectEuclidean(v, mu0 []float64, radius float64, q Norm) ([]float64, error) {
	return Euclidean.checked("ProjectEuclidean", v, mu0, radius, q)
}

// checked validates the arguments of the exported projections (who names
// the caller), projects a copy of v and refuses a result that overflows.
func (p Projection) checked(who string, v, mu0 []float64, radius float64, q Norm) ([]float64, error) {
	if len(v) != len(mu0) {
		return nil, klearn.Errorf(klearn.ErrShape, "nkrr: v has %d entries, μ0 has %d", len(v), len(mu0))
	}
	if err := klearn.CheckVector("nkrr: v", v); err != nil {
		return nil, err
	}
	if err := klearn.CheckVector("nkrr: μ0", mu0); err != nil {
		return nil, err
	}
	for k, x := range mu0 {
		if x < 0 {
			return nil, klearn.Errorf(klearn.ErrParam, "nkrr: μ0[%d] = %v, want ≥ 0", k, x)
		}
	}
	if err := klearn.CheckParam("nkrr: radius", radius, 0, math.MaxFloat64); err != nil {
		return nil, err
	}
	if q != L1 && q != L2 {
		return nil, klearn.Errorf(klearn.ErrParam, "nkrr: %s: unknown Norm %d", who, int(q))
	}
	out := append([]float64(nil), v...)
	p.project(out, mu0, radius, q)
	for k, x := range out {
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "nkrr: %s: μ[%d] overflows (μ0 = %g, Λ = %g)", who, k, mu0[k], radius)
		}
	}
	return out, nil
}

// project applies the projection p of Algorithm 1's normalize step.
func (p Projection) project(v, mu0 []float64, lam float64, q Norm) {
	if p == Euclidean {
		projectEuclidean(v, mu0, lam, q)
		return
	}
	projectRadial(v, mu0, lam, q)
}
