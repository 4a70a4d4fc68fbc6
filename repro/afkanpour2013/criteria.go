package afkanpour2013

import (
	"fmt"
	"math"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/afkanpour2013/protocol"
)

// CriteriaFile is this file, relative to the repository root: the report
// stamps each criterion with the commit of its last change (git blame).
const CriteriaFile = "repro/afkanpour2013/criteria.go"

// Criteria is the table of pre-registered criteria: every test, level,
// difference that matters (δ), margin and tolerance of the verdict,
// declared before any result is read. Verdict reads its numbers from here.
func Criteria() repro.Criteria {
	return repro.Criteria{
		{ID: "checks", Rule: repro.CheckRule, Claims: []string{"Eq. (3)", "Prop. 1", "Prop. 2", "Lemma 3", "Dirichlet PSD"},
			Reason: fmt.Sprintf("central differences (relative error ≤ %g), a 4,001-point grid (≤ %g), identities (≤ %g), λ_min ≥ −%g·n", GradTol, StepTol, IdentityTol, PSDTol)},
		{ID: "ascent", Rule: repro.CheckRule, Tol: repro.Abs(AscentTol), Claims: []string{"Algorithm 1 ascent"},
			Reason: "a target of our implementation, counted apart (it cannot fail for a correct line search): η = 0 is a candidate of Proposition 2, so no stage may lower f"},
		{ID: "h1-cells", Rule: repro.CellRule, Claims: []string{"H1 table"},
			Reason: fmt.Sprintf("two test sets of %d points (the paper's draw and ours): the two-sample test of proportions, as Welch's test with the binomial spread √(p(100−p)) (p floored at %g %%); δ = the cell's adjacent gap in the paper's row", PaperTest, SEFloor),
			Changed: "2026-11-29, after the full-mode report was read: from \"within ±2·√(p(100−p)/1000) points of the printed error\" (no power condition, the paper's draw taken as exact) to this test. " +
				"2026-12-01, after an audit found capped fits chosen: the cell {√12, √60} had its C (10⁵) chosen among SVM fits stopped at SMO's iteration cap, which are not solutions of the SVM problem; only converged fits compete for C now (protocol.Sweep) and the row flags \"k of n fits capped, excluded\" per cell; test and δ unchanged"},
		{ID: "figure1-frequencies", Rule: repro.CheckRule, Tol: repro.Abs(FrequencyTol), Claims: []string{"Figure 1(c)"},
			Reason:  fmt.Sprintf("each target frequency within %g of a learned one", FrequencyTol),
			Changed: capRule},
		{ID: "figure1-close", Rule: repro.EqualRule, Margin: CloseMargin, Claims: []string{"Figure 1(b) CA, CR"},
			Reason: fmt.Sprintf("\"close\": TOST of the error against the three-frequency SVM's (the paper's: %g %%) within ±%g point, over independent draws; one draw leaves it undecided", H1Paper[len(H1Paper)-1], CloseMargin),
			Changed: "2026-11-29, after the full run at f8121d8: from \"within 2 standard errors on one draw\" to this equivalence test. " +
				"2026-12-01, after an audit found capped fits chosen (the H1 row {√12, √60} on draw 0, DU on draw 1, both at C = 10⁵): only converged SVM fits compete for C in CA's and the three-frequency SVM's sweeps, and the parts flag \"k of n fits capped, excluded\"; test and margin unchanged" + " " + capRule},
		{ID: "figure1-errors", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 2, Claims: []string{"Figure 1(b) discrete"},
			Reason: fmt.Sprintf("\"worse\" than CA: each of DA, D1, D2 and DU against CA, a higher error by the one-sided paired test over the independent draws of the sine problem (%d in full mode), δ = 2 points as the other error comparisons; a tie is never support (undecided when underpowered)", protocol.FullDraws),
			Changed: "2026-11-29, after the full run at f8121d8 (one draw): from \"more than 2 standard errors (error rate floored at 1 %) above CA, on one draw\" (a check) to this paired test over draws. " +
				"2026-12-01, after an audit found capped fits chosen: DU's C on draw 1 (10⁵) was a fit stopped at SMO's iteration cap, and a remeasure found such fits chosen for DU, DA, D1 and D2 on 1 to 7 of the ten draws (depending on the method and the build); only converged SVM fits compete for C (CA, DA, D1, D2, DU; for D1 and D2 the SVM they predict with), and the parts flag \"k of n fits capped, excluded\"; test and δ unchanged. " + statusChange + " " + capRule},
		{ID: "error-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 2, Claims: []string{"Figure 2 λ = 0"},
			Reason:  fmt.Sprintf("\"lower error\", over the (γ ≤ %g, repetition) runs both made", SmallGamma),
			Changed: capRule},
		{ID: "figure2-error", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 2, Claims: []string{"Figure 2 CA-nD"},
			Reason: fmt.Sprintf("\"lower error\" than each 1-D method over the (γ ≥ %g, repetition) runs both made; "+
				"\"even improve its performance\": Kendall's trend test of CA-nD's error falling with γ (at error-trend's level)", LargeGamma),
			Changed: "2026-11-29, after the full-mode report was read: the part \"its error falls with γ\" added" + " " + capRule},
		{ID: "table2-continuous", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 2, Claims: []string{"Table 2 continuous"},
			Reason: "\"outperform\": CA-1D and CR each against DA, D1, D2 and DU, lower error over the (task, repetition) runs both made",
			Changed: "2026-11-29, after the full-mode report was read: from CA-1D alone to CA-1D and CR (the paper: \"CA-1D and CR outperform\"). " +
				"2026-12-01, after an audit found capped fits chosen on the sine problem: only converged SVM fits compete for C here too (the audit found none capped in these sweeps, C ≤ 10⁴), and the parts flag \"k of n fits capped, excluded\" and the CR runs whose chosen model stopped at its 50-step cap (before, uncounted here, while Figure 1(b) counted them); test and δ unchanged. " + statusChange + " " + capRule},
		{ID: "alignment-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.02, Claims: []string{"Figure 4 CA-nD"},
			Reason:  fmt.Sprintf("\"the highest test alignment\": at γ ≥ %g over (γ, repetition)", LargeGamma),
			Changed: capRule},
		{ID: "figure7-alignment", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.02, Claims: []string{"Figure 7"},
			Reason:  "\"the highest value of alignment in every task\": on each Letter task over its repetitions",
			Changed: "2026-11-29, after the full run at f8121d8: from \"the highest mean alignment per task\" to this paired test" + " " + capRule},
		{ID: "alignment-equal", Rule: repro.EqualRule, Margin: 0.02, Claims: []string{"Figure 4 DA"},
			Reason:  "\"the same alignment\" over (γ, repetition)",
			Changed: capRule},
		{ID: "error-trend", Rule: repro.TrendRule, Claims: []string{"Figure 2 1-D"},
			Reason:  "\"increases with γ\": error against γ, per 1-D method",
			Changed: capRule},
		{ID: "time-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.1, Claims: []string{"Figure 2 time"},
			Reason:  "\"slower\": log10 seconds over the (γ, repetition) runs both made",
			Changed: capRule},
		{ID: "table2-time", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.1, Claims: []string{"Table 2 time"},
			Reason: "\"fastest\", \"slower\": log10 seconds over the (task, repetition) runs both made; Table 2's order on MNIST and Letter, each pair of methods it names",
			Changed: "2026-11-29, after the full run at f8121d8: from \"the order of the mean times\" (any group run) to these paired tests. " +
				"2026-12-01, after an audit found capped fits chosen: the parts flag the CR runs whose chosen model stopped at its 50-step cap (before, uncounted here) and the SVM fits capped, excluded from the choice of C (they are still fitted, so timed); test and δ unchanged" + " " + capRule},
		{ID: "dc-time", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.1, Margin: DCMargin, Claims: []string{"CR DC time", "CR DC vs rest"},
			Reason: fmt.Sprintf("log10 seconds over the (Letter task, repetition) runs both made: \"faster\" than CR and \"significantly slower than the rest\" (each other 1-D method) by paired tests with δ; "+
				"\"roughly three times\" by TOST of log10(CR s) − log10(CR (DC) s) − log10 3 within ±%g (a factor %.1f to %.1f)", DCMargin, 3/math.Pow(10, DCMargin), 3*math.Pow(10, DCMargin)),
			Changed: "2026-11-29, after the full-mode report was read: from \"faster than CR\" (time-better) to \"faster\" and \"roughly three times\", and the row CR DC vs rest added. " +
				"2026-12-01, after an audit found capped fits chosen: the parts flag the CR and CR (DC) runs whose chosen model stopped at the 50-step cap (on Letter A–B repetition 0 both did, uncounted before) and the SVM fits capped, excluded; test, δ and margin unchanged" + " " + capRule},
		{ID: "table2-ranks", Rule: repro.RankRule, Delta: RankDelta, Claims: []string{"Table 2 ranks"},
			Reason: fmt.Sprintf("the %g bootstrap interval of our median rank (%d draws; ≥ %d tasks) within the paper's rank ± δ; δ = the rank's adjacent gap in the paper's row (at most %g); out when the interval misses the paper's rank, else undecided", RankLevel, RankDraws, MinRankTasks, RankDelta),
			Changed: "2026-11-29: the statistic was our mean rank, aligned with the printed median after quick-mode results were seen; " +
				"after the full-mode report was read, from \"the paper's rank in an interval no wider than ±1\" to this rule. " + statusChange + " " + capRule + " " + rankCapRule},
		{ID: "table2-best-rank", Rule: repro.RankRule, Delta: 1, Claims: []string{"Table 2 CA-nD"},
			Reason: fmt.Sprintf("\"outperforms\": CA-nD's %g bootstrap interval of its median rank (%d draws; ≥ %d tasks) below each other method's; ", RankLevel, RankDraws, MinRankTasks) +
				"overlapping intervals are a tie, never support (undecided when either is wider than ±δ)",
			Changed: "2026-11-29, after the full run at f8121d8: from \"the lowest point median rank, ties allowed\" to this rule. " + statusChange + " " + capRule + " " + rankCapRule},
		{ID: "stages-check", Rule: repro.CheckRule, Claims: []string{"CA iterations"},
			Reason: fmt.Sprintf("as printed: fewer than %d stages in every CA-1D run on MNIST and Letter", MaxStages)},
		{ID: "figure3-minima", Rule: repro.CheckRule, Claims: []string{"Figure 3"},
			Reason: fmt.Sprintf("≤ %d interior minima (depth > 1e-6 of the range) per h(σ) curve", MaxMinima)},
	}
}

// statusChange records, in the Changed text of every criterion that reads
// D1's, D2's or DA's errors, the rule on the ℓp-norm MKL's and alignf's
// own status.
const statusChange = "2026-12-01, after full-mode results were seen: D1's and D2's C from the fits whose SVM converged, whatever the ℓp-norm MKL's own status, " +
	"to the fits that also stopped at opt.Success (not at lpmkl's cap of θ updates; protocol.finiteFit), the others excluded and flagged with the capped SVM fits, and lpmkl's cap raised from 100 to 2000 θ updates (protocol.LpMKLMaxIter: at 100, D1 stopped short on 4–5 of Figure 2's 7 C on most draws); test and δ unchanged; " +
	"then 2026-12-01, after full-mode results were seen, when an audit found alignf's stage-1 status unread: DA's C from the fits whose SVM converged, whatever the status of alignf's QP (opt.NNQP), " +
	"to the fits whose stage 1 also stopped at opt.Success (alignf.SVMModel.Status), the others excluded and flagged with the capped SVM fits; test and δ unchanged"

// capRule records, in the Changed text of every criterion whose rows read
// CR's, CR (DC)'s or CA's runs, the rule on a run stopped at its cap.
const capRule = "Then 2026-12-01, after full-mode results were seen, from a CR or CR (DC) run whose model chosen on validation stopped at Greedy's 50-step cap (ours: the paper states none) flagged in the part, its outcome unchanged, " +
	"and a CA run stopped at its stage cap T = 50 (the paper's) neither flagged nor recorded, " +
	"to the part that reads such a run undecided, evidence for neither side, as README's solver-status rule says (a number is the method's only when its solver stopped at its convergence test; CA's status is now recorded, protocol.TaskResult.Capped), " +
	"and CR's μ chosen among the fits stopped by the test of Eq. (10), the capped ones competing only when none did (before, every fit competed); test, δ and margins unchanged. " +
	"Then 2026-12-02, after full-mode results at an earlier key were seen and before this key's were read: a CR (DC) run with a step 2 whose cutting planes stopped before their certificate counted as stopped short, as a run at the step cap (before, only the step cap counted; P3 counts its DC runs so), " +
	"CA-nD's λ chosen among the models stopped by the gain test θ, those at T competing only when none did (before, every λ competed), and a CA-nD run counted as capped also when the CA-1D run its start comes from stopped at T; " +
	"the μ fits and λ models so left out are counted and flagged; test, δ and margins unchanged"

// rankCapRule records, in the Changed text of the rank criteria, that a
// rank reads every method's runs on its tasks.
const rankCapRule = "Then 2026-12-01, after full-mode results at an earlier key were seen and before this key's were read: a rank part undecided when a run of the ranked method stopped at its cap, " +
	"to undecided when a run of any method of the table did (on the tasks and repetitions ranked): a rank compares the method's error with every other's, so a capped run of any of them moves it"

// criterion returns the criterion with the given ID (it is declared above).
func criterion(id string) repro.Criterion {
	c, _ := Criteria().Get(id)
	return c
}
