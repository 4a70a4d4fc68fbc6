// Package klearntest holds the conformance suites that every kernel and every
// estimator in klearn must pass, in the spirit of scikit-learn's
// check_estimator.
//
// TestKernel checks a kernel.Kernel on random data:
//
//   - symmetry, k(x, z) = k(z, x);
//   - positive semi-definiteness of the Gram matrix on random points,
//     λ_min(K) ≥ −1e−8·max(1, max_ij |K_ij|);
//   - agreement of the three matrix paths with Eval: kernel.Gram(k, X)_ij,
//     kernel.Cross(k, A, B)_ij and kernel.Diag(k, X)_i all equal k(x_i, x_j)
//     up to a relative 1e−9 (fast paths may use ‖x‖²+‖z‖²−2⟨x,z⟩);
//   - the same matrices from a *mat.Dense and from a generic mat.Matrix;
//   - finite values, no mutation of the inputs, bit-identical repeated calls;
//   - bad input (NaN, Inf, nil, empty, mismatched widths) returns an error
//     wrapping a klearn sentinel, never a panic;
//   - for kernel.Parametric families, GramGrad against central finite
//     differences of Gram in each parameter.
//
// TestEstimator checks anything with Fit(X, y) (klearn.Predictor, error):
//
//   - Fit succeeds on well-posed data and Predict returns one finite value
//     per row (class labels from the training set when Options.Labels is set);
//   - a sanity check that the learner fits easy data (training R² ≥ 0.5 for
//     regression, training accuracy ≥ 0.8 for classifiers), unless skipped;
//   - neither Fit nor Predict mutates X or y;
//   - two fits give bit-identical predictions, and a generic mat.Matrix gives
//     the same predictions as a *mat.Dense;
//   - the bad-input battery: NaN or Inf in X or y, len(y) ≠ rows of X, nil and
//     empty X and y, a single class for classifiers, and at prediction time
//     NaN, Inf, empty input and the wrong number of columns — each must return
//     an error wrapping a klearn sentinel; a panic fails the test.
//
// Battery runs bad-input cases, each under recover and BatteryTimeout, so a
// panic or a hang fails go test instead of crashing it. Bad builds a case that
// must return an error wrapping a sentinel; Finite a case on extreme but
// valid input that may succeed, but only with finite values (a NaN or ±Inf
// answer without an error fails it); Values flattens matrices and slices for
// Finite. The package's own tests hold the cross-package battery: every
// exported package (kernel, datasets, metrics, modelsel, preprocess, svm,
// krr, mkl and its subpackages, opt, viz) against sizes beyond memory
// (refused up front, klearn.CheckAlloc), empty and nil arguments, nil and
// zero receivers of every model, transform, data set and chart (by
// reflection), labels outside their classes and indices outside their range,
// NaN and ±Inf data, test kernels and weights, unknown enum values and
// out-of-domain hyper-parameters, data scaled to 1e±200 and ±MaxFloat64
// (metrics, Grams, normalisation, standardisation, charts), unbounded
// objectives (a solver must not report Success) and indefinite Grams
// (refused, or a finite answer where the indefiniteness is undetectable in
// O(n²)); FuzzSizes fuzzes the size-taking constructors, and viz fuzzes its
// chart renderers. Sweep builds the cases of a function or method value by
// reflection: its arguments poisoned at once and one at a time (zero
// values, NaN, +Inf, ±1e300, mismatched lengths, with the others valid);
// Battery then fails a panic or hang, an error wrapping no sentinel, a
// non-finite answer without an error, or an argument changed bit for bit.
// TestSweepFunctions and TestSweepMethods sweep every exported function of
// klearn/... and every method of the kernels, families, learners and
// fitted, zero and nil models; viz sweeps its own. TestDeterminismAndNoMutation
// fits a representative learner of every package under GOMAXPROCS 1, 2
// and 3. CheckFuzz, FuzzMatrix and FuzzBytes serve the fuzz targets of the
// packages (FuzzContinuous, FuzzStagewise, FuzzTK, FuzzNN, FuzzOpt), whose
// seeds run in every go test.
//
// Both suites call t.Run with named subtests, so a failure says which
// property broke.
package klearntest
