package opt

import (
	"math"

	"github.com/kernelab/kernelab/klearn"
)

// Defaults of Minimize1D.
const (
	// DefaultMin1DTol is the default Settings.Tol of Minimize1D.
	DefaultMin1DTol = 1e-10
	// DefaultMin1DMaxIter is the default Settings.MaxIter of Minimize1D.
	DefaultMin1DMaxIter = 100
)

// Problem1D is a smooth function of one variable for Minimize1D.
type Problem1D struct {
	// Func returns f(x). Required.
	Func func(x float64) float64
	// Deriv returns f′(x). Required.
	Deriv func(x float64) float64
	// Deriv2 returns f″(x). Optional: if nil, f″ is estimated by the secant
	// of f′ between the last two iterates.
	Deriv2 func(x float64) float64
}

// Minimize1D finds a local minimiser of f on [lo, hi] starting from x0 (x0
// outside [lo, hi] is projected; NaN x0 selects the midpoint) by projected
// Newton steps x ← clip(x − f′/f″, lo, hi) safeguarded by a bracket and a
// golden-section fallback — the step-3 line search of Algorithm 1 of
// Argyriou, Hauser, Micchelli & Pontil (2006):
//
//   - a bracket [a, b] ∋ x holding a local minimiser is kept: f′(x) > 0
//     sets b = x, f′(x) < 0 sets a = x, and a trial point that does not
//     decrease f becomes the bracket end on its side;
//   - the Newton step is used when f″ > 0 and it lands inside the bracket;
//     otherwise (f″ ≤ 0, as for a concave g maximised as −g, or an
//     outside step) a golden-section step of 0.382 of the bracket side
//     towards descent is taken.
//
// It stops with Success when |f′(x)|·(hi − lo) ≤ Tol·(1 + |f(x)|)
// (default Tol = DefaultMin1DTol), when x is a bound with f′ pointing out
// of the interval (a KKT point of the constrained problem), or when the
// bracket shrinks to round-off. Result.X = {x}, Result.Gap = |f′(x)| (0 at
// an active bound), MaxIter defaults to DefaultMin1DMaxIter.
//
// Errors: ErrEmpty (nil Func or Deriv), ErrNotFinite (non-finite bounds or
// f, f′ at x0), ErrParam (lo > hi, bad Settings).
func Minimize1D(p Problem1D, lo, hi, x0 float64, s *Settings) (*Result, error) {
	maxIter, tol, rec, err := settings("Minimize1D", s, DefaultMin1DMaxIter, DefaultMin1DTol)
	if err != nil {
		return nil, err
	}
	if p.Func == nil || p.Deriv == nil {
		return nil, klearn.Errorf(klearn.ErrEmpty, "opt: Minimize1D: Func and Deriv are required")
	}
	if !finite(lo) || !finite(hi) {
		return nil, klearn.Errorf(klearn.ErrNotFinite, "opt: Minimize1D: interval [%v, %v] must be finite", lo, hi)
	}
	if lo > hi {
		return nil, klearn.Errorf(klearn.ErrParam, "opt: Minimize1D: lo = %g > hi = %g", lo, hi)
	}
	if math.IsNaN(x0) {
		x0 = lo + (hi-lo)/2
	}
	x := clamp(x0, lo, hi)
	res := &Result{}
	eval := func(x float64) (float64, float64) {
		res.FuncEvals++
		res.GradEvals++
		return p.Func(x), p.Deriv(x)
	}
	f, g := eval(x)
	if !finite(f) || !finite(g) {
		return nil, klearn.Errorf(klearn.ErrNotFinite, "opt: Minimize1D: f(%g) = %v, f′ = %v", x, f, g)
	}
	a, b := lo, hi
	w := hi - lo
	xPrev, gPrev := math.NaN(), math.NaN()
	useNewton := true
	it := 0
	var recErr error
	for {
		// Bracket update from the derivative sign.
		if g > 0 {
			b = x
		} else if g < 0 {
			a = x
		}
		gap := math.Abs(g)
		atBound := (x == lo && g >= 0) || (x == hi && g <= 0)
		if atBound {
			gap = 0
		}
		res.Gap = gap
		if rec != nil {
			if recErr = rec.Record(Iteration{Iter: it, F: f, Gap: gap, X: []float64{x}}); recErr != nil {
				res.Status = RecorderStop
				break
			}
		}
		if atBound || gap*w <= tol*(1+math.Abs(f)) || b-a <= 4*epsMach*(1+math.Abs(x)) {
			res.Status = Success
			break
		}
		if it >= maxIter {
			res.Status = IterationLimit
			break
		}
		it++
		var h float64
		if p.Deriv2 != nil {
			h = p.Deriv2(x)
		} else if finite(xPrev) && x != xPrev {
			h = (g - gPrev) / (x - xPrev)
		}
		var xn float64
		newton := false
		if useNewton && h > 0 && finite(h) {
			xn = x - g/h
			newton = xn > a && xn < b
		}
		if !newton {
			const c = 0.3819660112501051 // 2 − φ
			if g < 0 {
				xn = x + c*(b-x)
			} else {
				xn = x - c*(x-a)
			}
		}
		if xn == x {
			res.Status = Success
			break
		}
		fn, gn := eval(xn)
		if finite(fn) && finite(gn) && fn < f {
			xPrev, gPrev = x, g
			x, f, g = xn, fn, gn
			useNewton = true
			continue
		}
		// No decrease: a local minimiser lies between x and xn.
		if xn > x {
			b = xn
		} else {
			a = xn
		}
		useNewton = !newton // after a failed Newton step take a section step
	}
	res.X, res.F, res.Iterations = []float64{x}, f, it
	return res, recErr
}
