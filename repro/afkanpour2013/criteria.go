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
			Reason: "central differences (1e-6), a 4,001-point grid (1e-9), identities (1e-12)"},
		{ID: "ascent", Rule: repro.CheckRule, Tol: repro.Abs(AscentTol), Claims: []string{"Algorithm 1 ascent"},
			Reason: "η = 0 is a candidate of Proposition 2: no stage may lower f"},
		{ID: "h1-cells", Rule: repro.CellRule, Claims: []string{"H1 table"},
			Reason: "one printed error, no spread: ±2·√(p(100−p)/1000) points"},
		{ID: "figure1-frequencies", Rule: repro.CheckRule, Tol: repro.Abs(FrequencyTol), Claims: []string{"Figure 1(c)"},
			Reason: "each target frequency within 0.1 of a learned one"},
		{ID: "figure1-errors", Rule: repro.CheckRule, Claims: []string{"Figure 1(b) CA, CR", "Figure 1(b) discrete"},
			Reason: "one draw: within (CA, CR) or beyond (finite sets) 2 standard errors"},
		{ID: "error-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 2,
			Claims: []string{"Figure 2 CA-nD", "Figure 2 λ = 0", "Table 2 continuous"},
			Reason: "\"lower error\", over the (task or γ, repetition) runs both made"},
		{ID: "alignment-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.02, Claims: []string{"Figure 4 CA-nD"},
			Reason: "\"the highest test alignment\" at γ ≥ 10"},
		{ID: "alignment-equal", Rule: repro.EqualRule, Margin: 0.02, Claims: []string{"Figure 4 DA"},
			Reason: "\"the same alignment\" over (γ, repetition)"},
		{ID: "error-trend", Rule: repro.TrendRule, Claims: []string{"Figure 2 1-D"},
			Reason: "\"increases with γ\": error against γ, per 1-D method"},
		{ID: "time-better", Rule: repro.BetterRule, Test: repro.PairedT, Delta: 0.1, Claims: []string{"Figure 2 time", "CR DC time"},
			Reason: "\"slower\", \"faster\": log10 seconds over the runs both made"},
		{ID: "time-order", Rule: repro.CheckRule, Claims: []string{"Table 2 time"},
			Reason: "other language and hardware: only the order of the mean times"},
		{ID: "table2-ranks", Rule: repro.RankRule, Delta: 1, Claims: []string{"Table 2 ranks"},
			Reason: "paper's median rank in the 95 % bootstrap interval of our median rank (2,000 draws; ≥ 3 tasks); " +
				"the statistic was our mean rank until 2026-11-29, aligned with the printed median after quick-mode results were seen"},
		{ID: "ranks-check", Rule: repro.CheckRule, Claims: []string{"Table 2 CA-nD", "Figure 7", "CA iterations"},
			Reason: "as printed: lowest median rank, highest alignment per task, < 10 stages"},
		{ID: "figure3-minima", Rule: repro.CheckRule, Claims: []string{"Figure 3"},
			Reason: "≤ 2 interior minima (depth > 1e-6 of the range) per h(σ) curve"},
	}
}

// criterion returns the criterion with the given ID (it is declared above).
func criterion(id string) repro.Criterion {
	c, _ := Criteria().Get(id)
	return c
}
