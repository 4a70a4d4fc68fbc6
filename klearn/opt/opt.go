package opt

import (
	"fmt"
	"math"

	"github.com/kernelab/kernelab/klearn"
)

// Settings controls an iterative solver, in the style of gonum/optimize.
// A nil *Settings, or a zero field, selects the solver's documented default.
type Settings struct {
	// MaxIter bounds the number of iterations (pair steps for the QP
	// solvers, outer iterations for LBFGSB and Minimize1D, active-set
	// changes for NNQP). 0 selects the solver's default.
	MaxIter int
	// Tol is the convergence tolerance; its meaning is documented per solver
	// (a scaled duality gap for the QPs, the projected-gradient infinity norm
	// for LBFGSB, a scaled derivative for Minimize1D). 0 selects the default.
	Tol float64
	// Recorder, if not nil, is called once per iteration.
	Recorder Recorder
}

// Iteration is what a solver reports to its Recorder after each iteration.
type Iteration struct {
	// Iter counts the iterations completed; solvers that report their
	// starting point do so with Iter = 0.
	Iter int
	// F is the objective value at the current iterate.
	F float64
	// Gap is the solver's optimality measure at the current iterate (the
	// same quantity as Result.Gap); it may be NaN when a solver does not
	// compute it every iteration.
	Gap float64
	// X is the current iterate for LBFGSB, Minimize1D and NNQP; it is nil
	// for the pairwise QP solvers (copying n values per pair step would
	// dominate their cost). It is owned by the solver: copy it to keep it.
	X []float64
}

// Recorder observes a solver's progress, for convergence plots and progress
// bars. Returning a non-nil error stops the solver, which then returns its
// current iterate with Status RecorderStop and that error.
type Recorder interface {
	Record(it Iteration) error
}

// RecorderFunc adapts a function to the Recorder interface.
type RecorderFunc func(it Iteration) error

// Record calls f(it).
func (f RecorderFunc) Record(it Iteration) error { return f(it) }

// Trace is a Recorder that keeps every Iteration (with X copied), e.g. to
// plot a convergence curve with viz.
type Trace struct {
	Iters []Iteration
}

// Record appends a copy of it.
func (t *Trace) Record(it Iteration) error {
	if it.X != nil {
		it.X = append([]float64(nil), it.X...)
	}
	t.Iters = append(t.Iters, it)
	return nil
}

// Status reports why a solver stopped.
type Status int

const (
	// NotTerminated is the zero value; no returned Result carries it.
	NotTerminated Status = iota
	// Success means the optimality measure met the tolerance.
	Success
	// FunctionConvergence means the objective stopped decreasing (relative
	// change below machine precision) before the gradient tolerance was met.
	FunctionConvergence
	// IterationLimit means Settings.MaxIter was reached; the iterate is
	// feasible but may not be optimal to the requested tolerance.
	IterationLimit
	// RecorderStop means the Recorder returned an error.
	RecorderStop
	// Failure means the solver could not make progress (e.g. no descent
	// direction or a failed line search); the iterate is feasible.
	Failure
)

func (s Status) String() string {
	switch s {
	case NotTerminated:
		return "NotTerminated"
	case Success:
		return "Success"
	case FunctionConvergence:
		return "FunctionConvergence"
	case IterationLimit:
		return "IterationLimit"
	case RecorderStop:
		return "RecorderStop"
	case Failure:
		return "Failure"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Result is a solver's answer.
type Result struct {
	// X is the final iterate (always feasible).
	X []float64
	// F is the objective at X.
	F float64
	// Iterations is the number of iterations performed.
	Iterations int
	// Status says why the solver stopped.
	Status Status
	// Gap is the final optimality measure (see each solver): the
	// Frank–Wolfe duality gap for the QPs, an upper bound on F − F*.
	Gap float64
	// FuncEvals and GradEvals count objective and gradient evaluations
	// (LBFGSB, Minimize1D; zero for the QP solvers).
	FuncEvals, GradEvals int
	// Multipliers holds Lagrange multipliers where the solver defines them:
	// KOMDQP {ρ₊, ρ₋} for the two equality constraints, SimplexQP and MEB {ρ},
	// NNQP the bound multipliers μ = 2(Mv − a) ≥ 0. Nil otherwise.
	Multipliers []float64
}

// settings returns s's fields with zero values replaced by defaults, and an
// ErrParam error for a negative MaxIter or a negative or non-finite Tol.
func settings(fn string, s *Settings, maxIter int, tol float64) (int, float64, Recorder, error) {
	mi, t, err := s.Resolve("opt: "+fn, maxIter, tol)
	if err != nil || s == nil {
		return mi, t, nil, err
	}
	return mi, t, s.Recorder, nil
}

// Value returns *s, or the zero Settings (every default) for a nil s: the
// Settings field of a learner takes the value.
func (s *Settings) Value() Settings {
	if s == nil {
		return Settings{}
	}
	return *s
}

// Resolve returns s's MaxIter and Tol with zero values replaced by the
// defaults maxIter and tol (a nil s gives both defaults), or an ErrParam
// error prefixed by who for a negative MaxIter or a negative or non-finite
// Tol. Every solver and learner that takes Settings reads them through it.
func (s *Settings) Resolve(who string, maxIter int, tol float64) (int, float64, error) {
	if s == nil {
		return maxIter, tol, nil
	}
	if s.MaxIter < 0 {
		return 0, 0, klearn.Errorf(klearn.ErrParam, "%s: Settings.MaxIter = %d, want ≥ 0", who, s.MaxIter)
	}
	if !finite(s.Tol) || s.Tol < 0 {
		return 0, 0, klearn.Errorf(klearn.ErrParam, "%s: Settings.Tol = %v, want a finite value ≥ 0", who, s.Tol)
	}
	mi, t := s.MaxIter, s.Tol
	if mi == 0 {
		mi = maxIter
	}
	if t == 0 {
		t = tol
	}
	return mi, t, nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
