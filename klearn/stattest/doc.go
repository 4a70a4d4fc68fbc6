// Package stattest holds the hypothesis tests kernelab uses to compare
// learners and to decide whether a result agrees with a published one:
// paired tests over matched folds or splits (Student's t, the exact sign
// test, Wilcoxon's exact signed-rank test), Welch's test of two means known
// only as mean ± std over n runs with the difference it can detect, the two
// one-sided tests of equivalence (TOST), Kendall's rank trend test,
// bootstrap intervals for mean or median ranks over tasks, and the
// comparison of several learners over several data sets of Demšar (2006):
// the Friedman test with the Iman–Davenport F, the Nemenyi critical
// difference and Holm's step-down pairwise tests.
//
// The tests are general: they know nothing of papers or verdicts (package
// repro builds its verdicts on them). Each returns its statistic and an
// exact or stated-approximation p-value; bad input (empty, NaN, ±Inf,
// mismatched lengths, a level outside (0, 1)) is an error wrapping a klearn
// sentinel, never a panic or a silent NaN. Inputs are never mutated.
//
// An Alternative names the hypothesis against which a test's p-value is
// computed: TwoSided, Greater (the first sample, or the difference a − b,
// is larger) or Less.
package stattest
