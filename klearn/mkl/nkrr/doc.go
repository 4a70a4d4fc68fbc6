// Package nkrr learns non-linear combinations of kernels for kernel ridge
// regression (Cortes, Mohri & Rostamizadeh 2009, "Learning Non-Linear
// Combinations of Kernels").
//
// Regressor learns the polynomial combination of base kernels of Cortes, Mohri &
// Rostamizadeh (2009), "Learning Non-Linear Combinations of Kernels":
//
//	K_μ = (Σ_k μ_k K_k)^{∘d},   μ ≥ 0,
//
// (Eqs. (3)–(4), with the multinomial coefficients that Eq. (4) implies; ∘ is
// the Hadamard product), by minimising the kernel ridge regression objective
//
//	F(μ) = yᵀ(K_μ + λI)⁻¹y                                   Eq. (10)
//
// over M_q = {μ ≥ 0, ‖μ − μ0‖_q ≤ Λ}, q ∈ {1, 2} (Eqs. (7)–(8)), with the
// projection-based gradient descent of Algorithm 1. Degree 1 is the learned
// linear combination (the "lin. ℓ1 / lin. ℓ2" columns of Table 1); Radius 0
// fixes μ = μ0 and gives the uniform baselines. Problem exposes F, its
// gradient (Proposition 1, generalised to degree d) and its Hessian
// (Proposition 4, corrected) for numerical checks. Monomials, Mixed and
// PrintedEq3 build the other families of Section 2: Eq. (1), Eq. (2) and
// Eq. (3) as printed.
//
// The notebook notebooks/01-cortes2009.ipynb reproduces the paper with this
// package (through repro/cortes2009): Propositions 1–4 checked numerically, Figures 1–3 and Table 1.
package nkrr
