package colbert2020

import (
	"fmt"

	"github.com/kernelab/kernelab/repro"
)

// CriteriaFile is this file, relative to the repository root: the report
// stamps each criterion with the commit that last changed its lines.
const CriteriaFile = "repro/colbert2020/criteria.go"

// theoremClaims are the rows of RunChecks, one per stated result.
var theoremClaims = []string{"Section 2.1", "Proposition 3", "Lemma 4", "Lemma 5", "Corollary 13", "Theorem 6",
	"Section 3.3 (tiles)", "Theorem 8", "Theorem 10", "Lemma 11", "Theorem 12", "SDP (24)"}

// Criteria is the table of every criterion of the verdict, declared before
// the results it decides are read (the report prints it with the commit of
// each one's last change). The numbers the verdict code reads (δ, margins,
// tolerances) are here or in Tolerances, which each reason names. The
// diagnostics were all written after the miss they concern was seen, so
// they are post hoc and explain nothing.
var Criteria = repro.Criteria{
	{ID: "theorems", Claims: theoremClaims, Rule: repro.CheckRule, Tol: repro.Rel(Tolerances.Numeric),
		Reason: "identities to 1e-8 (relative) unless the row states its bound; corrected when only a corrected formula holds"},
	{ID: "table 1", Claims: []string{"Table 1"}, Rule: repro.CellRule,
		Reason: "Welch against the paper's mean ± std over 30 splits; δ = the gap to the nearest method in the paper's row"},
	{ID: "section 8", Claims: []string{"Section 8"}, Rule: repro.NoWorseRule, Margin: MetMargin,
		Reason: "\"met\": [TK] or [SimpleMKL TK] no worse than [SimpleMKL] − 1 point, paired over the splits"},
	{ID: "time target", Claims: []string{"Table 1 (time)"}, Rule: repro.CheckRule,
		Reason: "our target: one [TK] fit 10× faster than the paper's time, on average"},
	{ID: "scaling", Claims: []string{"Figure 3", "Figure 4"}, Rule: repro.CheckRule, Tol: repro.Abs(ExponentSlack),
		Reason: "substitute solvers (ours, not MOSEK or the toolbox): exponent ≤ the paper's + 0.5; counted apart"},
	{ID: "figure 1", Claims: []string{"Figure 1(a)", "Figure 1(b)"}, Rule: repro.CheckRule, Tol: repro.Rel(Tolerances.Continuity),
		Reason: "jump across a datum ≤ 1e-4 × Lipschitz; slope changes growing with C; (b) equal to Corollary 13"},
	{ID: "figure 2", Claims: []string{"Figure 2"}, Rule: repro.CheckRule, Tol: repro.Abs(Tolerances.Approx),
		Reason: "the parts of figure2Parts: Gaussians, GPK at d = 7, TK falling to d ≥ 3, TK below GPK"},
	{ID: "figure 6", Claims: []string{"Figure 6"}, Rule: repro.CheckRule, Tol: repro.Abs(Figure6MinAccuracy),
		Reason: "no numbers in the figure: [TK] ≥ 90 % test accuracy on both problems (our reading)"},
	{ID: "curves", Claims: []string{"Figure 7(a)", "Figure 7(b)", "Figure 5"}, Rule: repro.BetterRule, Test: repro.PairedT, Delta: CurveDelta,
		Reason: "[TK] better at a size: one-sided paired t, δ 1 point, a tie never support; convergence by Kendall"},
	{ID: "ionosphere readings", Claims: []string{"Ionosphere [TK]"}, Rule: repro.CheckRule, PostHoc: true,
		Reason: "post hoc: written after Ionosphere's [TK] cell missed"},
	{ID: "spiral size", Claims: []string{"Figure 6 (spiral size)"}, Rule: repro.CheckRule, PostHoc: true,
		Reason: fmt.Sprintf("post hoc: written after Figure 6's spiral panel missed, explains nothing; the curve must reach %g %% (Figure6MinAccuracy; named on 2026-11-29, value unchanged)", Figure6MinAccuracy)},
	{ID: "chance level", Claims: []string{"Figure 7(a) (chance level)"}, Rule: repro.BetterRule, Test: repro.PairedT, PostHoc: true,
		Reason: "post hoc: written after Figure 7(a) missed at Liver's smallest size"},
	{ID: "semilog gap", Claims: []string{"Figure 7(b) (semilog gap)"}, Rule: repro.CheckRule, PostHoc: true,
		Reason: "post hoc: written after Figure 7(b)'s second part missed"},
}

// The numbers of Criteria that the verdict code reads.
const (
	// MetMargin is Section 8's "met": no worse than [SimpleMKL] by more
	// than this many points of accuracy.
	MetMargin = 1.0
	// ExponentSlack is how far a substitute solver's exponent may exceed
	// the paper's (Figures 3–4).
	ExponentSlack = 0.5
	// Figure6MinAccuracy is the test accuracy (%) at which [TK] separates
	// a problem of Figure 6.
	Figure6MinAccuracy = 90.0
	// CurveDelta is the difference in accuracy (points) that matters at a
	// size of the learning curves (Figures 5 and 7).
	CurveDelta = 1.0
)
