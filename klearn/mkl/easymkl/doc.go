// Package easymkl holds EasyMKL (Aiolli & Donini 2015) and the KOMD
// classifier, as used by Donini & Aiolli (2017), "Learning deep kernels in
// the space of dot product polynomials".
//
// EasyMKL (Learner) learns k_η = Σ_s η_s k_s with η ≥ 0 and Σ_s η_s = 1,
// the max-min problem of Eq. (1). It solves it in closed form: γ* minimises
// γᵀYK̄Yγ + Λ‖γ‖² over Γ (one simplex per class) with K̄ = Σ_s K_s. Then
// η_s ∝ d_s(γ*) = γ*ᵀYK_sYγ*.
//
// Lambda is λ = Λ/(1+Λ) ∈ [0, 1], the (1−λ, λ) form of the reference code;
// LambdaFromPaper and LambdaToPaper convert. The zero value is λ = 0, the
// hard-margin problem, which is the default.
//
// Learner.FitSourcePath and KOMD.FitGramPath fit along a grid of λ, each
// λ warm-started from the previous one's solution, with the sum kernel and
// the QP's set-up formed once; each model has the bits of the single fit.
//
// KOMD is the same QP on one fixed kernel. SVM trains a C-SVM on the learned
// kernel (Section 5.5). AllPairs is the one-kernel-per-pair multiclass
// scheme of the MNIST experiment. The kernels of the paper, the HPK family
// K_D, are package hpk.
//
// Because every γ ∈ Γ puts mass 1 on each class, d_0(γ) = (Σ_i y_i γ_i)² = 0
// for K_0 = 11ᵀ, so EasyMKL always gives η_0 = 0.
//
// The notebook notebooks/02-donini2017.ipynb reproduces the paper with
// this package and package hpk.
package easymkl
