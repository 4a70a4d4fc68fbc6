package afkanpour2013

import "github.com/kernelab/kernelab/repro"

// CriteriaFile is this file, relative to the repository root: the report
// stamps each criterion with the commit of its last change (git blame).
const CriteriaFile = "repro/afkanpour2013/criteria.go"

// Criteria is the table of pre-registered criteria: every test, level,
// difference that matters (δ), margin and tolerance of the verdict,
// declared before any result is read. Verdict reads its numbers from here.
func Criteria() repro.Criteria {
	return repro.Criteria{
		{ID: "checks", Rule: repro.CheckRule, Claims: []string{"Eq. (3)", "Prop. 1", "Prop. 2", "Lemma 3", "Dirichlet PSD"},
			Reason: "gradients and directional derivatives against central differences (relative 1e-6), the closed-form step against a 4,001-point grid (1e-9), identities to 1e-12"},
		{ID: "ascent", Rule: repro.CheckRule, Tol: repro.Abs(AscentTol), Claims: []string{"Algorithm 1 ascent"},
			Reason: "η = 0 is a candidate of Proposition 2, so no stage may lower the alignment beyond rounding"},
		{ID: "h1-cells", Rule: repro.CellRule, Claims: []string{"H1 table"},
			Reason: "the paper prints one error per row, without spread: ±2 standard errors of a proportion on its 1000 test points, 2·√(p(100−p)/1000) points"},
		{ID: "figure1-frequencies", Rule: repro.CheckRule, Tol: repro.Abs(FrequencyTol), Claims: []string{"Figure 1(c)"},
			Reason: "every target frequency (√2, √12, √60) within 0.1 of a frequency CA learns (the stem plot prints no numbers)"},
		{ID: "figure1-errors", Rule: repro.CheckRule, Claims: []string{"Figure 1(b) CA, CR", "Figure 1(b) discrete"},
			Reason: "one draw, as the paper: CA and CR within 2 standard errors (on our test set) of our three-frequency SVM; each finite-set method more than 2 standard errors above CA"},
		{ID: "error-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 2,
			Claims: []string{"Figure 2 CA-nD", "Figure 2 λ = 0", "Table 2 continuous"},
			Reason: "\"lower error\": one-sided paired t over the (task or γ, repetition) pairs both methods ran; δ = 2 points of error"},
		{ID: "alignment-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.02, Claims: []string{"Figure 4 CA-nD"},
			Reason: "\"the highest test alignment\": one-sided paired t over (γ ≥ 10, repetition); δ = 0.02"},
		{ID: "alignment-equal", Rule: repro.EqualRule, Margin: 0.02, Claims: []string{"Figure 4 DA"},
			Reason: "\"the same alignment\": TOST over (γ, repetition) within ±0.02"},
		{ID: "error-trend", Rule: repro.TrendRule, Claims: []string{"Figure 2 1-D"},
			Reason: "\"their misclassification rate increases with γ\": Kendall's one-sided trend test of the error against γ over (γ, repetition), per 1-D method"},
		{ID: "time-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.1, Claims: []string{"Figure 2 time", "CR DC time"},
			Reason: "\"slower\" / \"faster\": one-sided paired t on log10 seconds over the runs both methods made; δ = 0.1 decade"},
		{ID: "time-order", Rule: repro.CheckRule, Claims: []string{"Table 2 time"},
			Reason: "Matlab on unstated hardware against Go on shared cores: only the order of the mean times per task is compared"},
		{ID: "table2-ranks", Rule: repro.RankRule, Delta: 1, Claims: []string{"Table 2 ranks"},
			Reason: "the paper's median rank inside the 95 % bootstrap interval of our mean rank (tasks and repetitions resampled, 2,000 draws); undecided when the interval is wider than ±1 rank"},
		{ID: "ranks-check", Rule: repro.CheckRule, Claims: []string{"Table 2 CA-nD", "Figure 7", "CA iterations"},
			Reason: "the paper's statements as printed: lowest median rank (ties allowed), highest mean test alignment on each Letter task, fewer than 10 stages"},
		{ID: "figure3-minima", Rule: repro.CheckRule, Claims: []string{"Figure 3"},
			Reason: "at most 2 interior local minima (valleys deeper than 1e-6 of the range) per h(σ) curve on a log grid from s/100 to 100s"},
	}
}

// criterion returns the criterion with the given ID (it is declared above).
func criterion(id string) repro.Criterion {
	c, _ := Criteria().Get(id)
	return c
}
