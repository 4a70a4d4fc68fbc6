package klearn

import (
	"errors"
	"fmt"
)

// Sentinel errors. Functions wrap them with context (fmt.Errorf("...: %w", ErrX))
// so callers can test with errors.Is.
var (
	// ErrShape reports mismatched or invalid dimensions.
	ErrShape = errors.New("klearn: dimension mismatch")
	// ErrEmpty reports an input with no samples or no features.
	ErrEmpty = errors.New("klearn: empty input")
	// ErrNotFinite reports a NaN or ±Inf in the input.
	ErrNotFinite = errors.New("klearn: input contains NaN or Inf")
	// ErrOneClass reports labels with fewer than the two classes a classifier needs.
	ErrOneClass = errors.New("klearn: need at least two classes")
	// ErrLabels reports labels outside the set the method accepts (e.g. not ±1).
	ErrLabels = errors.New("klearn: invalid labels")
	// ErrParam reports an invalid hyper-parameter (negative, zero, NaN, absurd).
	ErrParam = errors.New("klearn: invalid hyper-parameter")
	// ErrNotPSD reports a kernel matrix that is not positive semi-definite
	// (beyond round-off) where the method requires one.
	ErrNotPSD = errors.New("klearn: kernel matrix is not positive semi-definite")
	// ErrSingular reports a linear system that cannot be solved stably.
	ErrSingular = errors.New("klearn: matrix is singular or ill-conditioned")
	// ErrNotConverged reports an iterative method that stopped before its tolerance was met.
	ErrNotConverged = errors.New("klearn: did not converge")
	// ErrNotFitted reports the use of a model that was not produced by Fit.
	ErrNotFitted = errors.New("klearn: model is not fitted")
	// ErrMissingData reports a data set that must first be built with `make data`.
	ErrMissingData = errors.New("klearn: data set not available")
	// ErrUnknown reports a name that nothing is registered under (a data
	// set, a kernel family, a split).
	ErrUnknown = errors.New("klearn: unknown name")
	// ErrIO reports a file that could not be written or read for a reason
	// other than a missing data set (a missing directory, no permission).
	ErrIO = errors.New("klearn: file input/output failed")
)

// Errorf wraps a sentinel error with a formatted context message:
// Errorf(ErrParam, "svm: C = %g must be > 0", c).
func Errorf(sentinel error, format string, args ...any) error {
	return fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), sentinel)
}
