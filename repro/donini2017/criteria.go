package donini2017

import (
	"fmt"

	"github.com/kernelab/kernelab/repro"
)

// ghklChange records the gHKL side of the solver-status rule in Table 4's
// criteria.
const ghklChange = "2026-12-01, after full-mode results were seen, when an audit found gHKL's fits read without their status: " +
	"the protocol now records, per outer fold, the gHKL fits not at opt.Success (its caps on active nodes and weight updates), the inner search's included (protocol.GHKLResult.Uncert), " +
	"and a gHKL_ρ cell or comparison fed by one is undecided, the row counting them (before, decided on its AUC whatever the fits' status); the inner choice of C cannot leave such a fit out (modelsel.WidenedSearch), so it is counted instead; test, δ and grids unchanged"

// ghklChoiceChange records the later change to gHKL's inner choice of C.
const ghklChoiceChange = "2026-12-02, declared before any result at the new keys was read: gHKL's inner CV chooses C among the values whose inner fits were all certified, " +
	"as K_MKL's chooses v (protocol.GHKLResult.Excluded counts the values left out; all compete only when none was certified); a gHKL_ρ cell or comparison is undecided " +
	"when its outer fold's final fit, or an inner fit of a fold where no value was certified, is not certified (before, any inner fit not certified left it undecided); test, δ and grids unchanged"

// CriteriaFile is this file, relative to the repository root: the report
// stamps each criterion with the commit of its last change (git blame).
const CriteriaFile = "repro/donini2017/criteria.go"

// Criteria is the table of pre-registered criteria: every test, level,
// difference that matters (δ), margin and tolerance of the verdict,
// declared before any result is read. Verdict reads its numbers from here.
func Criteria() repro.Criteria {
	return repro.Criteria{
		{ID: "checks", Rule: repro.CheckRule, Tol: repro.Rel(CheckRel),
			Claims: []string{"Theorem 1", "Theorem 2", "§3.1.1 spectral ratio", "Proposition 1", "Theorem 3", "Theorem 4", "§3.1.3 MEB",
				"§3.2 radius of a combination", "§3.2 Frobenius decomposition", "§3.2 Frobenius sandwich", "Proposition 2", "Eq. (12)", "§2.1 EasyMKL max–min"},
			Reason: fmt.Sprintf("identities to %g (relative), inequalities with %g slack, closed forms to %g, λ_min ≥ −%g for a kernel and > %g at full rank, "+
				"MEB radii to %g, QP values to %g (relative), Monte Carlo bounds with %d standard errors", CheckRel, CheckRel, ExactTol, EigenTol, RankTol, SolverTol, QPRel, MCStdErrs) + "; " + restated},
		{ID: "table1", Rule: repro.CheckRule, Tol: repro.Abs(1e-12), Claims: []string{"Table 1"},
			Reason: "coefficients (degree ≤ 100) against the closed forms on unit vectors, as printed, then corrected"},
		{ID: "algorithm1-rate", PostHoc: true, Rule: repro.CheckRule, Tol: repro.Abs(Alg1RateSlack), Claims: []string{"Algorithm 1"},
			Reason: fmt.Sprintf("our diagnostic: log–log slope of the error against the steps within %g of %g (the Monte Carlo rate)", Alg1RateSlack, Alg1Rate) + "; " + restated},
		{ID: "figure1-trend", Rule: repro.TrendRule, Claims: []string{"Figure 1"},
			Reason: "\"the radius increases with the SR\": a trend over the degrees, per data set", Changed: apartChange},
		{ID: "curves-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.02,
			Claims: []string{"Figures 3–5 K_MKL vs K_D", "Figures 3–5 K_MKL vs K_sum", "Figures 3–5 substitutes"},
			Reason: "\"significantly outperforms\": per data set at the largest D; δ a gap the curves show", Changed: apartChange + "; then " + certChange},
		{ID: "curves-comparable", Rule: repro.NoWorseRule, Margin: 0.02, Claims: []string{"Figures 3–5 optimistic baselines"},
			Reason: "\"at least comparable\" to the a-posteriori K_{D,c} and K_RBF, at the largest D", Changed: apartChange + "; then " + certChange},
		{ID: "protocol-cuts", PostHoc: true, Rule: repro.EqualRule, Margin: 0.01, Claims: []string{"Figures 3–5 protocol cuts"},
			Reason: "our diagnostic: a cut inner CV gives AUCs equivalent to the paper's"},
		{ID: "figure6-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.02, Claims: []string{"Figure 6"},
			Reason: "Q_D beats R_D in each (data set, D) cell", Changed: certChange},
		{ID: "rd-weights", Rule: repro.CheckRule, Claims: []string{"§5.2 R_D weights"},
			Reason: "\"almost uniform\": max/min weight on R_6 below Q_6's", Changed: certChange},
		{ID: "figure7-between", Rule: repro.CheckRule, Tol: repro.Rel(0.02), Claims: []string{"Figure 7"},
			Reason: "per (data set, D) cell; the spectral ratio is not monotone in η", Changed: apartChange + "; then " + certChange},
		{ID: "figure8-trend", Rule: repro.TrendRule, Claims: []string{"Figure 8 Heart"},
			Reason: "η_s falls with s = 1…10 at D = 10", Changed: apartChange + "; then " + certChange},
		{ID: "figure8-splice", Rule: repro.CheckRule, Claims: []string{"Figure 8 Splice"},
			Reason: fmt.Sprintf("Σ_{s=1..5} η_s > %g at D = 10", SpliceLowShare) + "; " + restated, Changed: certChange},
		{ID: "eta0", PostHoc: true, Rule: repro.CheckRule, Tol: repro.Abs(1e-12), Claims: []string{"§4 η_0 = 0"},
			Reason: "our diagnostic (follows from Eq. (1)), every Figure 8 fit"},
		{ID: "figure9-trend", Rule: repro.TrendRule, Claims: []string{"Figure 9"},
			Reason: "mean W(η) against the noise level, per noise range", Changed: certChange},
		{ID: "table3-time", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.1, Claims: []string{"Table 3"},
			Reason: fmt.Sprintf("faster than %d RBF fits (V = %d): log10 seconds over the outer folds", TimeV, TimeV) + "; " + restated, Changed: apartChange + "; then " + timeChange},
		{ID: "figure10-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 1, Claims: []string{"Figure 10 best", "Figure 10 large D"},
			Reason: "over 10 blocks of the test images (error %)", Changed: svmChange},
		{ID: "figure10-ksum", Rule: repro.NoWorseRule, Margin: 0.5, Claims: []string{"Figure 10 K_sum"},
			Reason: "K_sum at the largest D against its best D, over test blocks", Changed: svmChange},
		{ID: "rbf-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.5, Claims: []string{"Figure 10 RBF baseline"},
			Reason: "Table 5's 0.9 % against 1.4 %: over test blocks; δ the paper's gap", Changed: rbfChange + "; then " + svmChange},
		{ID: "table5-cells", Rule: repro.CellRule, Claims: []string{"Table 5"},
			Reason:  fmt.Sprintf("two test sets (the paper's %d images and ours): the two-sample test of proportions, as Welch's test with the binomial spread √(p(100−p)) (p floored at %g %%, the printed precision); δ = the gap to the nearest other number of the paper's Table 5 (repro.AdjacentGap: 0.1 point)", Table5PaperTest, Table5SEFloor),
			Changed: "2026-11-29, after quick-mode results were seen, before any full run of Table 5: from \"within 1 point\" to repro's shared tolerance rule (a 1-point band cannot tell adjacent methods apart: undecided), then the same evening to this test, which can reject a cell 0.3 point away that the 1-point band held; then " + cellChange},
		{ID: "table5-deskew", Rule: repro.BetterRule, Test: repro.Sign, Delta: 0.001, Claims: []string{"Table 5 deskewing"},
			Reason: "McNemar over the test images; δ the paper's 0.9 → 0.8 %", Changed: pairsChange},
		{ID: "table4-cells", Rule: repro.CellRule, Claims: []string{"Table 4"},
			Reason:  fmt.Sprintf("the paper's mean ± std over its %d outer folds against ours; δ per cell the smallest gap in the paper's row", Table4PaperN) + "; " + restated,
			Changed: apartChange + "; then " + cellChange + " (K_MKL's cells); then " + ghklChange + "; then " + ghklChoiceChange},
		{ID: "table4-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.05, Claims: []string{"Table 4 K_MKL vs gHKL"},
			Reason: "\"outperforms\": same outer folds, per (data set, node kernels, ρ)", Changed: apartChange + "; then " + certChange + "; then " + ghklChange + "; then " + ghklChoiceChange},
		{ID: "table4-grid", PostHoc: true, Rule: repro.CheckRule, Claims: []string{"Table 4 C grid"},
			Reason: "our diagnostic: no gHKL fold selects C only at an edge of its widened grid"},
	}
}

// Notes on the criteria changed after results were seen (P2 had records
// at f24ef79): what changed, from what to what.
const (
	restated    = "restated on 2026-11-29 with named constants, no number changed"
	apartChange = "2026-11-29, after quick-mode runs (no full run had finished): from counting the substitutes Heart (Statlog), Australian and Pendigits with the paper's data sets to counting them apart"
	// certChange: the project's rule for uncertified solves (P3, P5),
	// adopted here after an audit of full-mode records found 129 of Figure
	// 9's 220 QPs stopped at the pair-step cap.
	certChange = "2026-12-01, after full-mode results were seen: from reading every QP's result whatever its solver status to leaving a part undecided when a QP solve behind its numbers stopped short of opt.Success (and choosing v by inner CV among certified fits only)"
	// timeChange, svmChange and pairsChange: the same rule carried to the
	// rest of P2 (Table 3, Figure 10, Table 5), whose solver statuses were
	// recorded from then on.
	timeChange  = "2026-12-01, statuses recorded, a rule made after full-mode results were seen: from comparing every timed fit whatever its solver status to leaving a data set's part undecided when a timed fit behind it (EasyMKL's QP solves short of opt.Success, the RBF SVM at its iteration cap) was not certified: a time cut short is not comparable"
	svmChange   = "2026-12-01, statuses recorded, a rule made after full-mode results were seen: from reading every fit whatever its solver status to choosing C (and the RBF baseline's γ) on the validation images among converged SVM fits only, K_MKL's best D among the degrees whose EasyMKL QP solve was certified, and leaving a part undecided when an EasyMKL solve behind its K_MKL error was not certified"
	pairsChange = "2026-12-01, statuses recorded, a rule made after full-mode results were seen: from reading every pair's fits whatever their solver status to leaving the part undecided when a pair's EasyMKL QP or SVM was not certified, in either run"
	rbfChange   = "2026-11-29, after quick-mode runs (no full run had finished): from a claim of the paper to one counted apart: Table 5's comparison is tested on Figure 10's even/odd task"
	// cellChange: the same rule carried to the cells of Tables 4 and 5
	// once repro.Cell could hold the count (Cell.Uncertified).
	cellChange = "2026-12-01, after full-mode results were seen: from comparing a cell with the paper's whatever the solver status of the fits behind our number (the row counted them) to leaving the cell undecided when one of them was not certified (repro.Cell.Uncertified: EasyMKL's QP solves short of opt.Success, SVM fits at the iteration cap)"
)

// The numbers the criteria above declare beside their fields; the checks
// and the verdict read them from here.
const (
	// CheckRel is the tolerance of the identities (Eqs. (3)–(4), the
	// Frobenius decomposition, EasyMKL's η* = d/‖d‖₂), relative, and the
	// slack of the inequalities (C(K) ≤ √rank, r̃ ≤ r*, Proposition 2).
	CheckRel = 1e-9
	// ExactTol is the tolerance of closed forms computed in a few
	// operations: C̄(I) = 1, C̄(11ᵀ) = 0, C(3K) = C(K), r̃ at I and 11ᵀ,
	// Theorem 1's 2 × 2 counterexample, Eq. (12), and Proposition 1's
	// relative slack.
	ExactTol = 1e-12
	// EigenTol: a Gram matrix is PSD when λ_min ≥ −EigenTol (Theorem 1).
	EigenTol = 1e-10
	// RankTol: a Gram matrix has full rank when λ_min > RankTol (Theorem 2).
	RankTol = 1e-8
	// SolverTol is the tolerance of the squared MEB radii opt.MEB returns
	// (§3.1.3 at I and 11ᵀ, the radius of a combination).
	SolverTol = 1e-8
	// QPRel is the relative tolerance of QP optimal values (Theorem 2's
	// margin bound, EasyMKL's upper bound of the max–min).
	QPRel = 1e-6
	// MCStdErrs is the number of Monte Carlo standard errors an estimate
	// may exceed its bound by (Theorem 3).
	MCStdErrs = 3
	// Alg1Rate is the log–log slope of a Monte Carlo error against the
	// number of steps (steps^{−1/2}); Alg1RateSlack the slope's tolerance.
	Alg1Rate, Alg1RateSlack = -0.5, 0.25
	// Table5SEFloor (percent) floors the error rate whose binomial spread a
	// Table 5 cell uses (repro.ErrorRate): the paper prints one decimal.
	Table5SEFloor = 0.1
	// SpliceLowShare is "most weight on degrees 1–5" of Figure 8 Splice:
	// Σ_{s=1..5} η_s above it.
	SpliceLowShare = 0.5
	// TimeV is the number of values of γ an RBF SVM validates (Table 3).
	TimeV = 10
	// Table4PaperN is the number of outer folds behind each of Table 4's
	// printed means and standard deviations (Welch's test of its cells).
	Table4PaperN = 10
)

// criterion returns the criterion with the given ID (it is declared above).
func criterion(id string) repro.Criterion {
	c, _ := Criteria().Get(id)
	return c
}
