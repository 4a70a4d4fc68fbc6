package donini2017

import "github.com/kernelab/kernelab/repro"

// CriteriaFile is this file, relative to the repository root: the report
// stamps each criterion with the commit of its last change (git blame).
const CriteriaFile = "repro/donini2017/criteria.go"

// Criteria is the table of pre-registered criteria: every test, level,
// difference that matters (δ), margin and tolerance of the verdict,
// declared before any result is read. Verdict reads its numbers from here.
func Criteria() repro.Criteria {
	return repro.Criteria{
		{ID: "checks", Rule: repro.CheckRule, Tol: repro.Rel(1e-9),
			Claims: []string{"Theorem 1", "Theorem 2", "§3.1.1 spectral ratio", "Proposition 1", "Theorem 3", "Theorem 4", "§3.1.3 MEB",
				"§3.2 radius of a combination", "§3.2 Frobenius decomposition", "§3.2 Frobenius sandwich", "Proposition 2", "Eq. (12)", "§2.1 EasyMKL max–min"},
			Reason: "identities to 1e-9 relative, inequalities with 1e-9 slack, Monte Carlo bounds (Theorems 3–4) with 3 standard errors: rounding and sampling error only"},
		{ID: "table1", Rule: repro.CheckRule, Tol: repro.Abs(1e-12), Claims: []string{"Table 1"},
			Reason: "the DPP coefficients against the closed forms on unit vectors, truncated at degree 100; the printed RBF, RQ and Cauchy rules are checked as printed, then corrected"},
		{ID: "algorithm1-rate", Rule: repro.CheckRule, Claims: []string{"Algorithm 1"},
			Reason: "our diagnostic, not a claim of the paper: the log–log slope of the Monte Carlo error against the steps in [−0.75, −0.25] (the rate steps^−1/2)"},
		{ID: "figure1-trend", Rule: repro.TrendRule, Claims: []string{"Figure 1"},
			Reason: "\"the radius increases with the SR\": Kendall's one-sided trend test of r*(K) against C(K) over the degrees, per data set"},
		{ID: "curves-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.02,
			Claims: []string{"Figures 3–5 K_MKL vs K_D", "Figures 3–5 K_MKL vs K_sum", "Figures 3–5 substitutes"},
			Reason: "\"consistently and significantly outperforms\": one-sided paired t over the outer folds at the largest D, per data set; δ = 0.02 AUC, a gap the figures' curves show"},
		{ID: "curves-comparable", Rule: repro.NoWorseRule, Margin: 0.02, Claims: []string{"Figures 3–5 optimistic baselines"},
			Reason: "\"at least comparable\" to the a-posteriori K_{D,c} and K_RBF: non-inferiority of K_MKL within 0.02 AUC over the outer folds at the largest D"},
		{ID: "protocol-cuts", Rule: repro.EqualRule, Margin: 0.01, Claims: []string{"Figures 3–5 protocol cuts"},
			Reason: "our diagnostic: a cut inner CV is harmless when every AUC is equivalent (TOST) within 0.01 of the paper's 10 inner folds and grid of v"},
		{ID: "figure6-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.02, Claims: []string{"Figure 6"},
			Reason: "Q_D beats R_D: one-sided paired t over the outer folds per (data set, D) cell; δ = 0.02 AUC"},
		{ID: "rd-weights", Rule: repro.CheckRule, Claims: []string{"§5.2 R_D weights"},
			Reason: "\"almost uniform\": max/min of EasyMKL's weights on R_6 below that on Q_6 (Ionosphere)"},
		{ID: "figure7-between", Rule: repro.CheckRule, Tol: repro.Rel(0.02), Claims: []string{"Figure 7"},
			Reason: "C(K_MKL) in [C(K_sum), C(K_D)] per (data set, D) cell, 2 % slack: the spectral ratio is not monotone in η"},
		{ID: "figure8-trend", Rule: repro.TrendRule, Claims: []string{"Figure 8 Heart"},
			Reason: "Heart's weights fall with the degree: Kendall's one-sided trend test of η_s against s = 1…10 at D = 10"},
		{ID: "figure8-splice", Rule: repro.CheckRule, Claims: []string{"Figure 8 Splice"},
			Reason: "Splice's weight sits on degrees 1–5: Σ_{s=1..5} η_s > 0.5 at D = 10"},
		{ID: "eta0", Rule: repro.CheckRule, Tol: repro.Abs(1e-12), Claims: []string{"§4 η_0 = 0"},
			Reason: "our diagnostic, not stated in the paper (it follows from Eq. (1)): |η_0| < 1e-12 in every Figure 8 fit"},
		{ID: "figure9-trend", Rule: repro.TrendRule, Claims: []string{"Figure 9"},
			Reason: "W(η) grows with the label noise: Kendall's one-sided trend test of the mean W against the noise level, per noise range"},
		{ID: "table3-time", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.1, Claims: []string{"Table 3"},
			Reason: "\"about one order of magnitude\" more than one RBF fit, so faster than validating V = 10 values of γ: one-sided paired t on log10 seconds over the outer folds; δ = 0.1 decade"},
		{ID: "figure10-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 1, Claims: []string{"Figure 10 best", "Figure 10 large D"},
			Reason: "one-sided paired t over 10 blocks of the test images (error %); δ = 1 percentage point"},
		{ID: "figure10-ksum", Rule: repro.NoWorseRule, Margin: 0.5, Claims: []string{"Figure 10 K_sum"},
			Reason: "\"K_sum stays a strong baseline\": K_sum at the largest D no worse than at its best D by more than 0.5 points (non-inferiority over test blocks)"},
		{ID: "rbf-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.5, Claims: []string{"Figure 10 RBF baseline"},
			Reason: "Table 5: 0.9 % against the RBF SVM's 1.4 %: one-sided paired t over test blocks; δ = 0.5 points, the paper's gap"},
		{ID: "table5-cells", Rule: repro.CellRule, Tol: repro.Abs(1), Claims: []string{"Table 5"},
			Reason: "the paper prints one error without spread: within 1 percentage point of 0.9 % (raw) and 0.8 % (deskewed)"},
		{ID: "table5-deskew", Rule: repro.BetterRule, Test: repro.Sign, Delta: 0.001, Claims: []string{"Table 5 deskewing"},
			Reason: "deskewing lowers the error: one-sided exact sign test (McNemar) over the test images; δ = 0.1 point, the paper's 0.9 → 0.8 %"},
		{ID: "table4-cells", Rule: repro.CellRule, Claims: []string{"Table 4"},
			Reason: "Welch's test of our 10 outer folds against the paper's mean ± std over 10; δ per cell = the smallest gap to another method in the paper's row (repro.AdjacentGap)"},
		{ID: "table4-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.05, Claims: []string{"Table 4 K_MKL vs gHKL"},
			Reason: "\"outperforms the gHKL_ρ method\": one-sided paired t over the same outer folds, per (data set, node kernels, ρ); δ = 0.05 AUC"},
		{ID: "table4-grid", Rule: repro.CheckRule, Claims: []string{"Table 4 C grid"},
			Reason: "our diagnostic: no outer fold keeps gHKL's best inner AUC only at an edge of its widened C grid"},
	}
}

// criterion returns the criterion with the given ID (it is declared above).
func criterion(id string) repro.Criterion {
	c, _ := Criteria().Get(id)
	return c
}
