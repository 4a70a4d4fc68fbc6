// Package protocol is the computation of the reproduction of Cortes, Mohri
// & Rostamizadeh (2009), "Learning Non-Linear Combinations of Kernels"
// (NIPS 2009): the configurations of its modes (Quick, Full,
// PaperProtocol), the data sets of Table 1 and their substitutes, the
// protocol of Section 4.1 (30 random 50/50 splits, λ and Λ chosen by
// 10-fold cross-validation inside each split's training half), Figures 1–3,
// the preprocessing hypotheses of Table 1, and the job list (Jobs) with
// the kinds of job that compute it.
//
// The records of these kinds are keyed by the code of this package and
// of what it imports, so it imports only klearn, internal, data and the
// job contract repro/jobs/spec. The report, package repro/cortes2009,
// decides the claims and draws the charts, and repro/jobs schedules and
// stores the jobs: editing either recomputes no experiment.
package protocol
