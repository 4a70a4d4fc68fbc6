// Package klearn is the root of kernelab's kernel-learning library: the
// shared error values and input validation every learner uses.
//
// The library is organised as one package per concern:
//
//	kernel      kernels, kernel algebra, Gram matrices and their slices, gradients ∂K/∂θ
//	krr         kernel ridge regression
//	svm         C-SVC by SMO (LIBSVM-grade), with and without bias
//	opt         the small solvers kernel learning needs (QPs, L-BFGS-B, 1-D search, SDP)
//	mkl         kernel-learning methods of the papers and their baselines
//	metrics     accuracy, AUC, RMSE, alignment, spectral ratio, …
//	preprocess  scalers fitted on training data and applied to test data
//	modelsel    splits, cross-validation, grid and path searches
//	datasets    the real and generated data sets of the papers
//	klearntest  conformance suites run over every kernel and estimator
//
// Data conventions: X is n×d with rows as samples (mat.Matrix), y is
// []float64, a training Gram matrix is *mat.SymDense, a test×train kernel
// matrix is *mat.Dense. Inputs are never mutated. Estimators are structs of
// hyper-parameters whose Fit returns a separate, immutable model.
//
// Errors: every public function reports bad data (NaN, Inf, empty input,
// wrong shapes, a single class, bad hyper-parameters, indefinite kernels) as
// an error wrapping one of the sentinel values below, so callers can test
// with errors.Is. The public API never panics on bad data.
//
// Nil arguments follow one rule across the library. A nil matrix, vector,
// kernel or data set passed to a function is bad input: ErrEmpty, or
// ErrShape where its length is checked against another argument. The
// accessors of a nil model (a nil *Model and the like) return zero values,
// and its Decision, Predict and similar methods return ErrNotFitted. The
// batteries of package klearntest check this rule; a package's documentation
// says where one of its functions departs from it.
package klearn
