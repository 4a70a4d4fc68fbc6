// Package cortes2009 reproduces Cortes, Mohri & Rostamizadeh (2009),
// "Learning Non-Linear Combinations of Kernels" (NIPS 2009): the paper's
// printed numbers with their table ids, the data sets and their
// substitutions, the protocol of Section 4.1 (30 random 50/50 splits, λ and Λ
// chosen by 10-fold cross-validation inside each split's training half), the
// experiment runners with progress callbacks, the numerical checks of
// Propositions 1–4 and of the positive-definiteness claim of Section 2, and
// the verdict table (Verdict) that the notebook opens with.
//
// Every tolerance is stated in Tolerances before any result is computed.
package cortes2009
