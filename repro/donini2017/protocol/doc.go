// Package protocol is the computation of the reproduction of Donini &
// Aiolli (2017) (package repro/donini2017 is its report): the data sets of
// Table 2 with our substitutes (Table2), their loading and preprocessing
// (Unit), the protocol as a Config with its modes (Quick, Full,
// PaperProtocol), the nested cross-validation of Section 5 with EasyMKL
// and KOMD (CVFold, CombineCV), the runs of Figures 1 and 6–10, Tables 3
// and 5, gHKL's Table 4 (GHKLNestedAUC), Algorithm 1's convergence, and
// the job list Jobs with the expensive kinds that run it.
//
// It imports no report code (repro, viz, nb), so its records in the
// results store are keyed by its own code: an edit of a criterion, a
// verdict rule or a chart recomputes none of them.
package protocol
