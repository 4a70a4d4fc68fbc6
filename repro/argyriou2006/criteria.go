package argyriou2006

import (
	"fmt"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/argyriou2006/protocol"
)

// CriteriaFile is this file, relative to the repository root, from which
// the report stamps each criterion with the commit of its last change.
const CriteriaFile = "repro/argyriou2006/criteria.go"

// TolCell is the tolerance of a test error (percentage points) against
// the paper's. Our runs use the paper's points (the first 500 training and
// 1000 test points of each task), so there is no sampling noise to allow
// for: a difference comes from the implementations. The paper's own DC and
// standard columns, two solvers of one problem on these points, differ by
// up to 0.2 points (two test points of 1000); with 0.05 for the paper's
// rounding to one decimal, a cell more than 0.25 points from the paper's
// is out.
var TolCell = repro.Abs(0.25)

// Numbers the criteria declare besides TolCell.
const (
	// CertTol is the relative accuracy to which step 2 is certified
	// (protocol.PaperTol): DC's final E may exceed standard's by that
	// fraction, and the post-hoc diagnostic of Figure 2 counts two
	// combinations whose E differ by less as equally good.
	CertTol = protocol.PaperTol
	// SmallWeight, MinCombined and WinnerWeight read Figure 1: odd vs
	// even combines at least MinCombined kernels of weight ≥ SmallWeight,
	// 3 vs 8 and 4 vs 7 have one kernel of weight ≥ WinnerWeight.
	// A clear winner also has WinnerRatio times the weight of the next.
	SmallWeight  = 0.1
	MinCombined  = 2
	WinnerWeight = 0.5
	WinnerRatio  = 2.0
	// MaxSignChanges reads "only a few sign changes" (Section 3.1): 2 × the
	// paper's five maxima, the most zeros of f′ that five maxima need.
	MaxSignChanges = 2 * PaperMaxMaxima
	// SlowerRatio reads "much worse in time cost" (Section 5): the finite
	// method takes at least SlowerRatio times DC's time (the paper: about
	// 12). GrowthRatio reads "deteriorates fast with the number of
	// parameters": each step 1 → 2 → 4 variances multiplies DC's time by
	// at least GrowthRatio (the paper: about 2.5–5, then 12).
	SlowerRatio = 2.0
	GrowthRatio = 2.0
	// EdgeFrac, EqualLog and KindsShare read Figure 2: a kernel sees one
	// half when one σ ≥ EdgeFrac × the range's upper end, the whole image
	// when |log σ₁/σ₂| ≤ EqualLog; the two kinds carry ≥ KindsShare of the
	// weight.
	EdgeFrac   = 0.9
	EqualLog   = 0.2
	KindsShare = 0.8
)

// Tolerances of the numerical checks of Sections 2–4 (criteria
// C-theorems and C-printed).
const (
	// IdentityTol is the relative gap allowed between the three forms of
	// E in Eq. (6).
	IdentityTol = 1e-8
	// RoundTol is the rounding allowed in sums of products: E's relative
	// chord excess, the block identities of Sections 3–4, the relative
	// cᵀDc over Σc = 0, and (times their scale) the second differences of
	// the DC parts g and h.
	RoundTol = 1e-12
	// DiffTol is the relative gap allowed between E″ in closed form and by
	// second differences.
	DiffTol = 1e-4
	// EigTol is how far below 0 a relative smallest eigenvalue of a Gram
	// matrix may fall and still count as positive semidefinite.
	EigTol = 1e-10
	// DCIdentityTol is the gap allowed in the identity of the DC
	// decomposition, −⟨c, G(ω)c⟩ = −Σc_i² + g(ω) − h(ω).
	DCIdentityTol = 1e-10
	// OptGapTol is how far (relative) a certified optimum of Algorithm 2
	// may fall below the maximum over a dense grid.
	OptGapTol = 1e-9
	// ValueTol and WeightTol: Eq. (8)'s minimum (relative) and weights
	// against min_λ E(K_λ) and its weights.
	ValueTol  = 1e-6
	WeightTol = 1e-4
	// ScalingDrop is the factor by which E(10⁶K) must fall below E(K)
	// (Section 2.1).
	ScalingDrop = 1e-3
	// RotationTol is the relative gap allowed between the rotation
	// mixture's closed form and the direct integral.
	RotationTol = 1e-3
	// GridSlack is added to the saddle test's tolerance when the grid
	// maximum of ⟨c, G(σ)c⟩ is set against ⟨c, Kc⟩.
	GridSlack = 1e-6
)

// runsChanged is the change of 2026-12-01 to every criterion whose rows
// read the errors or the weights of DC runs (fromRuns).
const runsChanged = "2026-12-01, after full-mode results were seen, when an audit found the rows that read DC errors and weights taking runs at the cap unmarked (12 of 18 DC runs of full mode had stopped at the cap of 100 greedy steps): the thresholds, the caps (the paper's: 100 greedy steps, 300 iterations of Algorithm 2) and the protocol are unchanged; a cell or part that reads the error or the weights of a DC run that did not converge (stopped at the cap of greedy steps, or with a step 2 not certified) is undecided, evidence for neither side, and Tables 1 and 2 count those runs (before, decided on its number whatever the run's status)"

// Criteria is the table of criteria every verdict row is decided by,
// declared before the results shown are read.
var Criteria = repro.Criteria{
	{ID: "C-theorems", Claims: []string{"Eq. (6)", "Section 2 (convexity of E)", "Section 2.1 (scaling)", "Prop. 4.4 / Algorithm 2 (1-D)",
		"Algorithm 2 (2-D)", "Section 3.1 (Schoenberg)", "Section 3 (block factorisation)", "Algorithm 1 (saddle certificate)"},
		Rule: repro.CheckRule, Tol: repro.Rel(IdentityTol),
		Reason: fmt.Sprintf("identities to %g (Eq. (6)) or %g (rounding); E″ against differences to %g; λ_min ≥ −%g; certified optima ≥ grid max − %g relative; E(10⁶K) < %g·E(K); saddle: grid max ≤ ⟨c, Kc⟩(1 + test + %g)",
			IdentityTol, RoundTol, DiffTol, EigTol, OptGapTol, ScalingDrop, GridSlack)},
	{ID: "C-printed", Claims: []string{"Section 4 (DC decomposition)", "Section 3 (rotation mixture)"}, Rule: repro.CheckRule, Tol: repro.Rel(DCIdentityTol),
		Reason: fmt.Sprintf("printed and corrected forms both tested: DC identity to %g, second differences ≥ −%g·scale; rotation mixture to %g, λ_min ≥ −%g",
			DCIdentityTol, RoundTol, RotationTol, EigTol)},
	{ID: "C-eq8", Claims: []string{"Eq. (8)"}, Rule: repro.CheckRule, Tol: repro.Rel(ValueTol),
		Reason: fmt.Sprintf("printed and corrected forms both tested: values to %g, weights to %g, against min_λ E(K_λ) solved by FiniteCombination; that solve not certified (relative gap > %g): undecided",
			ValueTol, WeightTol, protocol.Eq8Tol),
		Changed: fmt.Sprintf("2026-12-01, after results were seen, when an audit found checkEq8 reading FiniteCombination's output without its status: the tolerances are unchanged; the reference solve's status is now recorded (protocol.Eq8Check.Solve; tolerance %g, cap %d iterations) and the check is undecided when it is not certified (before, decided on its output whatever its status); Eq. (8) was in C-printed, split off so that the change marks it alone",
			protocol.Eq8Tol, protocol.Eq8Iter)},
	{ID: "C-local-maxima", Claims: []string{"Section 4 (local maxima)"}, Rule: repro.CheckRule,
		Reason: fmt.Sprintf("interior maxima on a dense grid, per c: between %d and %d", PaperMinMaxima, PaperMaxMaxima)},
	{ID: "C-cells", Claims: []string{"Table 1", "Table 2"}, Rule: repro.CellRule, Tol: TolCell,
		Reason: "the paper's own points: no sampling noise (TolCell); δ per cell, the gap to the nearest other method of the paper's row (repro.AdjacentGap): within only when TolCell < δ, else undecided, out beyond TolCell; Table 1's standard, finite and SVM cells counted apart (set-ups ours); the SVM's σ and C chosen among converged fits only, fits at SMO's iteration cap counted in the row, an SVM cell whose final fit did not converge undecided",
		Changed: "2026-11-29, after the full run at 8e84633 was read: from \"within when |ours − paper| ≤ TolCell\" to \"within only when also TolCell < δ (the row's adjacent gap), else undecided\"; " +
			"2026-12-01, after results were seen, when an audit found the SVM column's cross-validation choosing σ and C without reading its SMO fits' status: the tolerances, grids and fits are unchanged; the choice is now among converged fits only (a (σ, C) with a fold fit at SMO's iteration cap, svm.MaxIterReached, is left out; none left: the job fails with klearn.ErrNotConverged), the final fit's status is recorded (protocol.SVMFits), and Table 1's row counts the fits at the cap, the (σ, C) left out and the final fits not converged (before, every fit competed and none was counted); a search without capped fits chooses as before; " +
			"then 2026-12-01, after full-mode results were seen: from an SVM cell whose final fit did not converge standing as computed (the row counted it) to that cell undecided (repro.Cell.Uncertified; the SVM column counted apart as before); " +
			"then 2026-12-01, likewise: from a finite cell (Table 1) or a grid's cell (Table 2) whose FiniteCombination solve was not certified standing as computed (the rows counted it) to that cell undecided; " +
			"then " + runsChanged},
	{ID: "C-dc-standard", Claims: []string{"Table 1 (DC vs standard)"}, Rule: repro.CheckRule, Tol: TolCell,
		Reason:  fmt.Sprintf("per cell: errors within TolCell, E(DC) ≤ (1 + %g)·E(standard); counted apart (our standard)", CertTol),
		Changed: runsChanged + " (here also a standard run stopped at the cap)"},
	{ID: "C-two-vs-one", Claims: []string{"Table 2 vs Table 1", "Table 2 (ranges)"}, Rule: repro.CheckRule, Tol: TolCell,
		Reason:  "a difference counts beyond TolCell",
		Changed: runsChanged},
	{ID: "C-finite-grids", Claims: []string{"Table 2 (finite grids)"}, Rule: repro.CheckRule, Tol: TolCell,
		Reason: "a difference counts beyond TolCell; \"succeeds only in the smallest range and with the 10×10 grid\": there 10×10 within and 5×5 beyond, elsewhere both grids beyond",
		Changed: "2026-11-29, after the full run at 8e84633 was read: from \"10×10 within in [500, 5000], 5×5 beyond elsewhere\" (the sentence without its \"only\") to both grids tested in every range; " +
			"2026-12-01, after full-mode results were seen: from a range whose grid solve was not certified decided on its error (the row counted it) to that range undecided; " +
			"then " + runsChanged},
	{ID: "C-four-variances", Claims: []string{"Section 5 (four variances)"}, Rule: repro.CheckRule, Tol: TolCell,
		Reason: "per run: not below the two-variance DC error by more than TolCell, and stopped by the test of Eq. (10); a run stopped otherwise (the cap, or the change of E) is undecided, whatever its error",
		Changed: "2026-11-29, after the full run at 8e84633 was read: from \"not below by more than TolCell\" (a run at the cap held) to the same with the run stopped by Eq. (10), else undecided; then " + runsChanged + " (the two-variance run compared with); " +
			"then 2026-12-01, after a review found the rule one-sided, before this key's full run was read: a run not stopped by Eq. (10) was undecided only when it held (one below the two-variance error by more than TolCell was out); now it is undecided either way"},
	{ID: "C-monotone", Claims: []string{"Algorithm 1 (monotonicity)"}, Rule: repro.CheckRule,
		Reason:  "E strictly lower after every step taken (step 3's λ = 0 leaves E equal: fails)",
		Changed: "2026-11-29, after the full run at 8e84633 was read: from \"E non-increasing to 1e-12\" (which a step with λ = 0 passes) to \"E strictly decreasing\""},
	{ID: "C-algorithm", Claims: []string{"Section 5 (DC certificates)", "Section 5 (iterations)"}, Rule: repro.CheckRule,
		Reason: fmt.Sprintf("\"usually\" read as the median: < %d greedy steps, < %d cuts, < %d kernels; no run at the cap",
			PaperGreedySteps, PaperCuts, PaperKernels),
		Changed: "2026-11-30, after the full run at f56106e was read (15 of 18 DC runs at the cap): the rule is unchanged, but Algorithm 1 now also stops by the test on the change of E of the authors' released code (tol_fun = 1e-6), which the paper does not print"},
	{ID: "C-corrective", Claims: []string{correctiveID}, Rule: repro.CheckRule,
		Reason: fmt.Sprintf("the rule of C-algorithm on the DC runs of the fully corrective variant (protocol.Config.Corrective): medians < %d greedy steps, < %d cuts, < %d kernels, no run at the cap; and every re-weighting certified. Declared on 2026-12-02 with the variant, before any of its runs on the paper's data was read, and after the paper's line search had missed the iterations row (runs at the cap through the Frank–Wolfe zig-zag): a variant counted apart, which says whether re-weighting reaches the paper's counts and explains nothing of the line search's row",
			PaperGreedySteps, PaperCuts, PaperKernels)},
	{ID: "C-times", Claims: []string{"Section 5 (finite vs DC time)", "Section 5 (DC time vs parameters)"}, Rule: repro.CheckRule,
		Reason: fmt.Sprintf("ratios of wall times, not seconds (ours of each timed job run alone on two cores, the paper's in Matlab on 1 GHz): finite ≥ %g × DC per cell, a cell whose 10×10 solve is not certified undecided (its time is cut short); median DC time × ≥ %g from one to two variances and from two to four; a part reading a DC run of Table 1 or 2 not converged (at the cap of greedy steps, or a step 2 not certified) undecided (its time is cut short)",
			SlowerRatio, GrowthRatio),
		Changed: fmt.Sprintf("2026-11-29: added after the full run at 8e84633 and its times were seen (a paper claim added late); 2026-11-30: the rule is unchanged, the timed jobs now run alone (protocol.Alone), where before DC shared the two cores with another job; 2026-12-01, after an audit found capped finite solves: the 10×10 grid's solve had stopped at FiniteCombination's default cap of 500 iterations short of its tolerance in 2 of the 9 cells (3 vs. 8 [100, 10000] at a gap of 3.0e-05, odd vs. even [500, 5000] at 4.3e-06), which cut the grid's time short; the threshold is unchanged, the cap is now %d (protocol.Config.FiniteIter), and a cell whose 10×10 solve is still not certified is undecided, evidence for neither side (before, decided on its time); 2026-12-01, after results were seen, when an audit found the DC side of both rows unchecked (12 of 18 DC runs of full mode stop at the cap of 100 greedy steps): the thresholds, the cap and the protocol are unchanged; a part that reads the time of a DC run of Table 1 or 2 that did not converge (stopped at the cap, or with a step 2 not certified) is undecided, evidence for neither side, and the rows count those runs (before, decided on its time whatever the run's status)",
			protocol.Full().FiniteIter)},
	{ID: "C-sign-changes", Claims: []string{"Section 3.1 (sign changes)"}, Rule: repro.CheckRule,
		Reason:  fmt.Sprintf("at most %d sign changes per c (MaxSignChanges)", MaxSignChanges),
		Changed: "2026-11-29: added after the full run at 8e84633 and its counts were seen (a paper claim added late)"},
	{ID: "C-finite-representation", Claims: []string{"Section 3 (m + 1 kernels)"}, Rule: repro.CheckRule,
		Reason: "the paper's bound m + 1 on each certified optimum: its Gaussians (initial ones plus one per step) within it hold, merged ones beyond it fail, else undecided"},
	{ID: "C-figure-1", Claims: []string{"Figure 1"}, Rule: repro.CheckRule,
		Reason: fmt.Sprintf("no numbers printed; a clear winner: one weight ≥ %g and ≥ %g × the next; odd vs even: ≥ %d weights ≥ %g and no clear winner, the others a clear winner",
			WinnerWeight, WinnerRatio, MinCombined, SmallWeight),
		Changed: fmt.Sprintf("2026-11-29, after the full run at 8e84633 was read: from \"odd vs even ≥ %d weights ≥ %g, others one weight ≥ %g\" (4 vs 7 passed with 0.54 and a second weight ≥ 0.1) to the clear winner above",
			MinCombined, SmallWeight, WinnerWeight) + "; then " + runsChanged},
	{ID: "C-figures", Claims: []string{"Figure 2"}, Rule: repro.CheckRule,
		Reason: fmt.Sprintf("no numbers printed; Figure 2: ≥ %g of the weight with one σ ≥ %g × the upper end or |log σ₁/σ₂| ≤ %g",
			KindsShare, EdgeFrac, EqualLog),
		Changed: runsChanged},
	{ID: "D-kinds", Claims: []string{"Figure 2 (kinds)"}, Rule: repro.CheckRule, Tol: repro.Rel(CertTol), PostHoc: true,
		Reason:  "added after Figure 2 missed; with either solve not certified, undecided",
		Changed: "2026-12-01, after an audit found capped finite solves (two 10×10 grids of Table 2, not Figure 2's cell, whose solves converged): the tolerance is unchanged; a comparison in which either E comes from a solve not certified is undecided (before, decided on the two E whatever their solves)"},
	{ID: "D-size", Claims: []string{"Training size (Table 1)"}, Rule: repro.CheckRule, Tol: TolCell, PostHoc: true,
		Reason:  "ours, added after quick-mode gaps",
		Changed: runsChanged},
}
