// Package hpk holds the family K_D = {k_0, …, k_D} of normalised
// homogeneous polynomial kernels k_d(x, z) = (x·z/‖x‖‖z‖)^d of Donini &
// Aiolli (2017), Section 4.
//
// Family builds the Gram matrices incrementally, K_{d+1} = K_d ∘ K_1
// (Eq. (12)). Its lazy Source and CrossSource sweep the family from the
// cosine matrix (CosineGram, CosineCross) with one extra matrix in memory.
// HornerSource and HornerCrossSource hold the same members but form
// weighted sums Σ_s w_s K_s (and Family.Combine the fixed rules' kernels)
// per entry of the cosine matrix by Horner's rule, the margins vᵀK_s v of
// all members in one pass, and K_η as rows for the KOMD solver
// (PolyMatrix, an opt.SymRows): equal to the sweeps' results to rounding.
//
// WeightsSingle, WeightsSum, WeightsPolynomial (Eq. (9)) and WeightsRBF
// (Eq. (10), corrected; WeightsRBFPaperTypo as printed) are the fixed-rule
// baselines of Section 5.1. RandomFamily is Algorithm 1 (the random
// families Q_D and R_D). CenterOfMass is W(η) of Section 5.4.
package hpk
