// Package krr implements kernel ridge regression (KRR), the learner that
// Cortes, Mohri & Rostamizadeh (2009, "Learning non-linear combinations of
// kernels") build on:
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
// PredictGram with blocks cut by kernel.SubGram and kernel.CrossGram.
// Fit(X, y) is exactly FitGram(kernel.Gram(k, X), y).
//
// A singular or indefinite K + λI is reported as klearn.ErrSingular; no
// jitter is added silently.
//
// Speed: FitGram and Fit against scikit-learn's KernelRidge (precomputed and
// RBF) from PyPI are in the README's Speed table, one interleaved run of
// scripts/bench/peers.sh with its date, commit and load. Fit factorises the
// Gram it formed in place (linalg.Cholesky.FactorizeShiftInPlace), so it
// costs kernel.Gram plus FitGram less one copy. The linear solve alone
// against LAPACK: scripts/bench/cholesky_peers.sh and BENCHMARKS.md.
package krr
