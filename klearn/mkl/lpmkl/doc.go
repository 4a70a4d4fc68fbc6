// Package lpmkl holds ℓp-norm MKL (Kloft, Brefeld, Sonnenburg & Zien 2011,
// JMLR 12:953–997), the D1 (p = 1) and D2 (p = 2) baselines of Afkanpour et
// al. (2013).
//
// Learner alternates SVM solves with the closed-form update
// θ_m ∝ ‖w_m‖^{2/(p+1)} (Update).
package lpmkl
