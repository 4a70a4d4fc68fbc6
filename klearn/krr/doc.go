// Package krr implements kernel ridge regression (KRR), the learner Cortes et al. (2009)
// (Cortes, Mohri & Rostamizadeh 2009, "Learning non-linear combinations of
// kernels") builds on:
//
//	α = (K + λI)⁻¹ y,   f(x) = Σ_i α_i k(x, x_i)          (Eq. (9) of Cortes et al. 2009)
//
// solved by a Cholesky factorisation of K + λI. It matches scikit-learn
// 1.2.1's KernelRidge(alpha=λ) to round-off (see krr_test.go and
// testdata/README.md).
//
//	m, err := krr.Regressor{Kernel: kernel.RBF{Gamma: 0.5}, Lambda: 0.1}.Fit(X, y)
//	yhat, err := m.Predict(Xtest)
//
// On precomputed kernels (model selection, kernel learning) use FitGram and
// PredictGram with blocks cut by modelsel.SubGram and modelsel.CrossGram.
// Fit(X, y) is exactly FitGram(kernel.Gram(k, X), y).
//
// A singular or indefinite K + λI is reported as klearn.ErrSingular; no
// jitter is added silently.
//
// Speed (BENCHMARKS.md in this directory; scripts/bench/sklearn_bench.py
// times scikit-learn on the same data): with d = 784 the Cholesky solve of
// n = 1000, 2000, 4000 takes 0.25, 1.4 and 9.3 s against scikit-learn's
// 0.05, 0.29 and 3.2 s on the same shared 2-core machine — about 0.2–0.34 of
// OpenBLAS's speed, since gonum's Cholesky is pure Go.
package krr
