package cortes2009

import "github.com/kernelab/kernelab/repro"

// CriteriaFile is this file, relative to the repository root, from which
// the report stamps each criterion with the commit of its last change.
const CriteriaFile = "repro/cortes2009/criteria.go"

// Criteria is the table of criteria every verdict row is decided by,
// declared before any result is read. The numbers the verdict code uses
// (δ, margins, tolerances) are read from here.
var Criteria = repro.Criteria{
	{ID: "C-theorems", Claims: []string{"Sec. 2", "Prop. 1", "Prop. 3", "Prop. 3 (boundary)", "Sec. 2 (negative coefficient)"}, Rule: repro.CheckRule,
		Tol:    repro.Rel(TolProp),
		Reason: "exact statements: derivatives against central differences to 1e-6 relative, eigenvalues against 0 at 1e-10·‖K‖, F against its closed-form bound"},
	{ID: "C-printed", Claims: []string{"Prop. 2", "Prop. 4", "Eq. (3)"}, Rule: repro.CheckRule, Tol: repro.Rel(TolProp),
		Reason: "identities the paper prints (Eq. (3) against Eq. (4); Eq. (13); Eqs. (19)–(21)): the printed form and the corrected one are both tested, to 1e-6 relative; a row that holds only in the corrected form reads corrected"},
	{ID: "C-convexity", Claims: []string{"Prop. 4 (Eq. (23))"}, Rule: repro.CheckRule, Tol: repro.Abs(1e-10),
		Reason: "Eq. (23)'s sufficient condition: on diagonal base kernels every μ above the threshold gives a Hessian with λ_min ≥ −1e-10; the check also needs a μ below it with λ_min < 0, so that the condition is not vacuous"},
	{ID: "C-figure1", Claims: []string{"Figure 1"}, Rule: repro.CheckRule,
		Reason: "deterministic surfaces (no sampling): the concave share within ‖μ‖ ≤ 0.5 must grow strictly from λ = 1 to 10 to 100"},
	{ID: "C-table1", Claims: []string{"Table 1"}, Rule: repro.CellRule, Tol: TolTable1,
		Reason: "Welch per cell against the paper's mean ± std over 30 splits, δ = the gap to the nearest other number in the paper's row (AdjacentGap); Parkinsons' cells run on a substitute and are counted apart"},
	{ID: "C-nodegrade", Claims: []string{"Sec. 4.1 claim"}, Rule: repro.NoWorseRule, Margin: NoDegradeMargin,
		Reason: "non-inferiority of quad. ℓ2 against quad. base over the same splits, one part per data set of the paper; 0.01 RMSE is the resolution of Table 1 (two decimals), so a smaller loss is invisible in it"},
	{ID: "C-steps", Claims: []string{"Sec. 4.1 steps"}, Rule: repro.CheckRule,
		Reason: "\"typically less than 25 steps\": the median of the learned fits' accepted steps below 25, and no fit stopped by the cap before the stopping test ‖μ'−μ‖ < ε"},
	{ID: "C-time", Claims: []string{"Sec. 4.1 time"}, Rule: repro.CheckRule, Tol: repro.Rel(TolTime - 1),
		Reason: "\"a fraction of a second (~0.05 s)\": our median time per objective evaluation at most 10 × 0.05 s (other hardware and language)"},
	{ID: "C-figure2", Claims: []string{"Figure 2"}, Rule: repro.BetterRule, Test: repro.PairedT, Delta: FigureDelta,
		Reason: "\"significantly better\": one-sided paired t-test over the splits per number of bigrams and learned method; δ relative, FigureDelta × the uniform kernel's mean RMSE (the figure prints no numbers)"},
	{ID: "C-figure3-equal", Claims: []string{"Figure 3 (d ≤ 2)"}, Rule: repro.EqualRule, Margin: FigureDelta,
		Reason: "\"essentially equal\": TOST over the subsamples per degree, factor and data set, margin relative, FigureDelta × the uniform kernel's mean RMSE: the paper's kin-8nm stds of about 0.005 are 3–5 % of its RMSE"},
	{ID: "C-figure3-better", Claims: []string{"Figure 3 (d = 4)"}, Rule: repro.BetterRule, Test: repro.PairedT, Delta: FigureDelta,
		Reason: "\"clear improvement\" for d = 4 at factors 10–50: one-sided paired t-test over the subsamples, δ relative as for Figure 3 (d ≤ 2)"},
	{ID: "D-plus-one", Claims: []string{"Table 1 (+1)", "Lower-order terms"}, Rule: repro.CellRule, Tol: TolTable1, PostHoc: true,
		Reason: "our variant with a constant feature, not in Eq. (4); added after the main run's quadratic cells missed, so it explains nothing"},
	{ID: "D-variants", Claims: []string{"Table 1 (variants)"}, Rule: repro.CellRule, Tol: TolTable1, PostHoc: true,
		Reason: "preprocessing variants of the uniform baselines, added after the misses were seen: both baselines of a row within the Table 1 tolerance"},
}

// Numbers the criteria declare.
const (
	// NoDegradeMargin is the non-inferiority margin of "never degrades"
	// (RMSE), the resolution of Table 1.
	NoDegradeMargin = 0.01
	// FigureDelta is the relative difference that matters in Figures 2 and
	// 3, a fraction of the uniform kernel's mean RMSE at the point.
	FigureDelta = 0.03
)
