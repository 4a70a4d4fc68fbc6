// Package cortes2009 reproduces Cortes, Mohri & Rostamizadeh (2009),
// "Learning Non-Linear Combinations of Kernels" (NIPS 2009). It is the
// report: the paper's printed numbers with their table ids, the numerical
// checks of Propositions 1–4, of the positive-definiteness claim of
// Section 2 and of the mixed family of Eq. (2), the runner that assembles
// the experiments' records (Run), the criteria, the verdict table
// (Verdict) that the notebook opens with, the tables and charts, and the
// notebook's exploration.
//
// The experiments themselves — the data sets and their substitutions, the
// protocol of Section 4.1 (30 random 50/50 splits, λ and Λ chosen by
// 10-fold cross-validation inside each split's training half), Figures
// 1–3 — are package protocol. Their stored records are keyed by its code
// alone, so an edit here recomputes only the theorem checks.
//
// Every criterion is stated in Criteria before the results it decides are
// read; one changed after them says when and from what (Changed).
package cortes2009
