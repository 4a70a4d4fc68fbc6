// Package alignf holds alignf (Cortes, Mohri & Rostamizadeh 2012, JMLR
// 13:795–828), the two-stage DA baseline of Afkanpour et al. (2013).
//
// Align maximises the centred alignment of Σ_k μ_k K_k with yyᵀ through the
// non-negative QP min_{v ≥ 0} vᵀMv − 2vᵀa of their Proposition 9. SVM
// trains a C-SVM on the learned kernel.
package alignf
