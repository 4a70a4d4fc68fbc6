// Package protocol is the computation of the reproduction of Colbert &
// Peet (2020) (package repro/colbert2020 is its report): the data sets of
// Table 1 and how ours differ, the protocol of Section 8 as a Config with
// its modes (Quick, Full, PaperProtocol), the splits, the five methods of
// Table 1 (RunMethod), the time-scaling experiment of Figures 3–4
// (RunScaling), Figures 1, 2 and 6 (RunFigure1, RunFigure2,
// Figure6Panels), the learning curves of Figures 5 and 7 (RunCurve), the
// Ionosphere study (RunIonosphere), and the job list Jobs with the
// expensive kinds that run it.
//
// It imports no report code (repro, viz, nb), so its records in the
// results store are keyed by its own code: an edit of a criterion, a
// verdict rule or a chart recomputes none of them.
package protocol
