// Package repro holds what every paper reproduction of kernelab shares: the
// verdict table that each report opens with, the criteria it is decided by,
// and the one standard of evidence every verdict follows. The hypothesis
// tests themselves live in klearn/stattest.
//
// A reproduction is a Report: a list of Claims, one per item of the paper
// (a theorem checked numerically, a table, a figure, a qualitative
// statement). A claim's Outcome is computed, never typed: Claim.Decide
// combines its Parts and Claim.DecideCells its Cells, both by Combine.
//
// # Outcomes
//
//   - Reproduced and NotReproduced.
//   - Partly, when at least one part held and at least one failed. The
//     parts are listed: "k of m parts held".
//   - Undecided, when the test could not have seen the difference that
//     matters. It is never counted as reproduced.
//   - Corrected, when only a corrected formula holds (CorrectedCheck). It
//     is an outcome of its own.
//   - NotRun, for a claim not run in this mode.
//
// # The standard
//
// Every test runs at level Alpha = 0.05 and asks for Power = 0.8 at the
// difference that matters, δ.
//
//   - A cell, the paper's mean ± std over n runs against ours over m runs
//     (Cell.Verdict): Welch's difference with its standard error and
//     Welch–Satterthwaite df. It is out when the two-sided test rejects;
//     within when it does not and the difference detectable with power 0.8,
//     (t_{1−α/2} + t_{0.8})·SE, is at most δ (AdjacentGap gives the gap
//     between adjacent methods in the paper's row); undecided otherwise.
//     A paper number printed without spread or runs is compared under a
//     declared Tolerance, labelled as such. With δ declared it is within
//     only when the tolerance is below δ, undecided otherwise: a band as
//     wide as the gap to the adjacent method cannot tell the two apart.
//   - "A better than B" (Better): a one-sided paired test over the same
//     splits (paired t, exact sign or exact Wilcoxon). A tie is never
//     support: not reproduced when the test would have seen δ, undecided
//     otherwise. "A clearly better than B" (ClearlyBetter): the
//     improvement shown above δ (superiority by a margin); one shown
//     below δ is not reproduced, however significant.
//   - "A essentially equal to B" (Equal): the two one-sided tests (TOST)
//     with a stated margin; "never degrades" (NoWorse) is its
//     non-inferiority half. Failing to reject a difference certifies
//     nothing.
//   - A trend, "grows with λ" (Trend): Kendall's rank trend test,
//     one-sided, with its p-value.
//   - Ranks (Rank): the paper's rank against a seeded bootstrap interval of
//     ours over tasks and repetitions, lying within the paper's rank ± δ
//     (else undecided, or out when it misses the rank). "A's rank
//     better than B's" (BetterRank): A's interval lies wholly below B's;
//     overlapping intervals are a tie, never support.
//   - A theorem (Check): an exact check within a declared tolerance.
//
// # Criteria
//
// Each paper declares its Criteria in one table (repro/<paper>/criteria.go)
// before the results shown are read: which claims each decides, by which
// Rule, α, δ, margin or tolerance, and why. The report prints the table
// after the claims, with the commit at which each criterion last changed:
// its literal, or a constant, variable or function of the paper's package
// the literal references (Report.StampCriteria, from git blame). Its note
// gives the commit and day the table was first committed: earlier runs
// under older, looser rules preceded it. A criterion or diagnostic written
// after its results were seen is PostHoc: shown as such, it explains
// nothing.
//
// # Rows that are not the paper's claims
//
// A Diagnostic explains a miss of ours and is labelled "explains" or "does
// not explain"; a post-hoc one explains nothing. A post-hoc diagnostic
// written for a miss (Claim.Concerns) says whether it fits it; one that
// concerns no miss says it was added after the results. A Target is a
// goal the reproduction sets itself and is labelled "met" or "not met".
// Both stay out of the paper's counts. Claims and cells on a substitute
// data set, or by a method or set-up of ours standing in for the paper's,
// are counted apart. A claim decided on part of the protocol in quick mode
// says "quick: decided on N of M" (Claim.Quick). A quick report's summary
// opens with "quick run, not a reproduction result".
//
// The per-paper packages (repro/cortes2009, repro/donini2017, …) hold the
// paper's printed numbers, the protocols and runners, and build their
// Report from results computed by klearn. Each exports its Study: its
// typed jobs (a jobs.Paper with one jobs.Kind per table), its Run and its
// Verdict, which a notebook opens in one call (nb.Open). Package
// repro/papers lists them all for the commands. A comparison table in viz
// shows the verdicts computed here (CompareTable); it decides nothing
// itself.
//
// Nothing here imports the notebook harness: a Report renders itself as
// text, Markdown or HTML, and marshals to JSON, with its counts embedded
// apart for the report index (CountsClass).
package repro
