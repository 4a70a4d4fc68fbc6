// Package repro holds what every paper reproduction of kernelab shares: the
// verdict table that each report opens with, the comparison of one number of
// ours with the paper's printed number under a tolerance stated beforehand,
// and the paired tests that decide whether a difference between two methods is
// a win or a tie.
//
// A reproduction is a Report: a list of Claims, one per item of the paper
// (a theorem checked numerically, a table, a figure, a qualitative statement).
// A claim built from a table holds its Cells, each a (paper, ours, tolerance)
// triple; its Outcome is computed from them (Reproduced when every cell is
// within tolerance, Partly when some are, NotReproduced when none is), never
// typed. A claim that compares two methods of ours carries a Comparison
// decided by a named paired test over the same folds or splits (PairedT or
// Sign), so that a difference inside the noise is reported as a tie, not a
// win.
//
// Two kinds of row are not claims of the paper and stay out of its counts:
// a Diagnostic explains a miss of ours (a variant that gives the paper's
// number, a mechanism checked on the same splits) and is labelled
// "explains" or "does not explain"; a Target is a goal the reproduction sets
// itself (a speed-up over the paper's times) and is labelled "met" or "not
// met".
//
// The per-paper packages (repro/cortes2009, repro/donini2017, …) hold the
// paper's printed numbers with their table and figure ids, the experiment
// protocols and runners, and build their Report from results computed by
// klearn; the notebooks display it, and the report index reads its counts.
//
// Nothing here imports the notebook harness: a Report renders itself as text,
// Markdown or HTML, and marshals to JSON.
package repro
