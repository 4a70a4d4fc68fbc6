// Package donini2017 reproduces Donini & Aiolli (2017), "Learning deep
// kernels in the space of dot product polynomials" (Machine Learning 106):
// the paper's printed numbers with their table ids (Tables 3–5), the
// numerical checks of Theorems 1–4, Propositions 1–2, Eq. (12), Algorithm
// 1 and the EasyMKL max–min relaxation, the verdict table (Verdict) that
// the notebook opens with, and the chart builders.
//
// The computation is package protocol's: the data sets of Table 2 with the
// substitutes we use beside them, the preprocessing (features z-scored
// with training statistics, then rows of unit norm, the paper's x ∈ R^m
// with ‖x‖₂ = 1; min–max scaling to [0, 1] is a labelled variant),
// the nested cross-validation protocol of Section 5 with EasyMKL and the
// KOMD classifier, and the experiments (Figures 1 and 3–10, Tables 3–5)
// as jobs of repro/jobs (protocol.Jobs: cached in the results store and
// shardable over a cluster), keyed by protocol's code alone. Run
// assembles them, with a progress callback; the checks are a cheap kind of
// this package, recomputed when the report changes.
//
// Every test, level, δ, margin and tolerance of the verdict is declared in
// Criteria, with the constants it names, before any result is read. "A
// beats B" is a one-sided paired test over the same folds (repro.Better),
// so a difference inside the noise is a tie, never a win. Rows, parts and
// cells on substitute data sets are counted apart.
package donini2017
