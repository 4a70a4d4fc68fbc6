package repro

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/stattest"
)

// The one standard of evidence every verdict uses (see the package doc).
const (
	// Alpha is the level of every test: a difference is significant, a
	// one-sided claim supported, an equivalence shown, when p < Alpha.
	Alpha = 0.05
	// Power is the probability with which a test must detect the
	// difference that matters (δ) before its non-rejection may count as
	// agreement: below it the verdict is Undecided.
	Power = 0.8
)

// Part is one part of a claim of several parts (a cell, a data set, a
// property), decided on its own.
type Part struct {
	Name    string  `json:"name"`
	Outcome Outcome `json:"outcome"`
	// Detail gives the numbers and the test that decided the part.
	Detail string `json:"detail,omitempty"`
}

// Combine is the one rule that turns the outcomes of a claim's parts into
// the claim's outcome (parts not run are left out):
//   - every part reproduced: Reproduced;
//   - every part reproduced or corrected, at least one corrected: Corrected;
//   - at least one part held (reproduced or corrected) and at least one
//     failed: Partly (a Partly part counts as both);
//   - at least one failed and none held: NotReproduced;
//   - none failed and at least one undecided: Undecided;
//   - no part run: NotRun.
func Combine(outcomes ...Outcome) Outcome {
	var held, corrected, failed, undecided int
	for _, o := range outcomes {
		switch o {
		case Reproduced:
			held++
		case Corrected:
			corrected++
		case NotReproduced:
			failed++
		case Partly:
			held++
			failed++
		case Undecided:
			undecided++
		}
	}
	switch {
	case held+corrected+failed+undecided == 0:
		return NotRun
	case failed > 0 && held+corrected > 0:
		return Partly
	case failed > 0:
		return NotReproduced
	case undecided > 0:
		return Undecided
	case corrected > 0:
		return Corrected
	}
	return Reproduced
}

// partCounts reads "2 of 3 parts held, 1 undecided" (held: reproduced or
// corrected).
func partCounts(unit string, outcomes []Outcome) string {
	var held, failed, undecided, corrected, run int
	for _, o := range outcomes {
		switch o {
		case Reproduced:
			held++
		case Corrected:
			held++
			corrected++
		case NotReproduced:
			failed++
		case Partly:
			failed++
		case Undecided:
			undecided++
		}
		if o != NotRun {
			run++
		}
	}
	s := fmt.Sprintf("%d of %d %s held", held, run, unit)
	if corrected > 0 {
		s += fmt.Sprintf(" (%d corrected)", corrected)
	}
	if failed > 0 && held+undecided > 0 {
		s += fmt.Sprintf(", %d failed", failed)
	}
	if undecided > 0 {
		s += fmt.Sprintf(", %d undecided", undecided)
	}
	return s
}

// Decide computes the claim's outcome from its parts by Combine and returns
// the claim with Parts and Outcome set. An empty Ours is filled with "k of m
// parts held" (the part's Detail for a single part); a Reason is kept only
// when the claim is not reproduced.
func (c Claim) Decide(parts ...Part) Claim {
	c.Parts = parts
	os := make([]Outcome, len(parts))
	for i, p := range parts {
		os[i] = p.Outcome
	}
	c.Outcome = Combine(os...)
	if c.Ours == "" {
		if len(parts) == 1 {
			c.Ours = parts[0].Detail
		} else {
			c.Ours = partCounts("parts", os)
		}
	}
	c.Reason = reasonIf(c.Outcome != Reproduced, c.Reason)
	return c
}

// DecideCells computes the claim's outcome from its cells: each cell's
// Verdict is a part, combined by Combine. Substitute cells (another data
// set, method or set-up than the paper's) are shown but do not decide when
// the claim has cells of the paper's own; when all its cells are substitutes, the claim is marked Substitute
// (and counted apart). An empty Kind becomes Experiment, an empty Ours
// "k of m cells held", an empty Tolerance the rule of the cells.
func (c Claim) DecideCells(cells []Cell) Claim {
	c.Cells = cells
	if c.Kind == "" {
		c.Kind = Experiment
	}
	var own, sub []Outcome
	rules := map[string]bool{}
	withDelta := false
	for _, cell := range cells {
		v := cell.Verdict()
		rules[v.Rule] = true
		withDelta = withDelta || cell.Delta > 0
		if cell.Substitute {
			sub = append(sub, v.Outcome)
		} else {
			own = append(own, v.Outcome)
		}
	}
	decide := own
	if len(own) == 0 && len(sub) > 0 {
		decide, c.Substitute = sub, true
	}
	c.Outcome = Combine(decide...)
	if c.Ours == "" {
		c.Ours = partCounts("cells", decide)
		if len(own) > 0 && len(sub) > 0 {
			c.Ours += "; substitutes: " + partCounts("cells", sub)
		}
	}
	if c.Tolerance == "" {
		switch {
		case len(rules) == 1 && rules[welchRule]:
			c.Tolerance = fmt.Sprintf("Welch test at α = %g, power %g at δ (per cell)", Alpha, Power)
		case len(rules) == 1 && rules[toleranceRule] && withDelta:
			c.Tolerance = cells[0].Tol.String() + " and below δ (per cell), else undecided"
		case len(rules) == 1 && len(cells) > 0:
			c.Tolerance = cells[0].Tol.String()
		case len(cells) > 0:
			c.Tolerance = "per cell"
		}
	}
	c.Reason = reasonIf(c.Outcome != Reproduced, c.Reason)
	return c
}

// Check is a part decided by an exact check (a theorem's identity or bound
// verified numerically within the stated tolerance): Reproduced when holds,
// NotReproduced otherwise.
func Check(name string, holds bool, detail string) Part {
	o := NotReproduced
	if holds {
		o = Reproduced
	}
	return Part{Name: name, Outcome: o, Detail: detail}
}

// CorrectedCheck is a part whose printed form may be wrong: Reproduced when
// the printed formula holds, Corrected when only the corrected one does,
// NotReproduced when neither does.
func CorrectedCheck(name string, printed, corrected bool, detail string) Part {
	switch {
	case printed:
		return Part{Name: name, Outcome: Reproduced, Detail: detail}
	case corrected:
		return Part{Name: name, Outcome: Corrected, Detail: detail + " (printed formula wrong; the corrected one holds)"}
	}
	return Part{Name: name, Outcome: NotReproduced, Detail: detail}
}

func checkAlpha(where string, alpha float64) error {
	if !(alpha > 0 && alpha < 0.5) {
		return klearn.Errorf(klearn.ErrParam, "repro: %s: alpha = %g must be in (0, 0.5)", where, alpha)
	}
	return nil
}

// Better decides "A is better than B" from scores paired over the same
// folds or splits (higherIsBetter: accuracy, AUC; else error): a one-sided
// paired test (test) at level alpha.
//   - A significantly better: Reproduced.
//   - B significantly better (the opposite one-sided test): NotReproduced.
//   - Neither, a tie: never support. NotReproduced when the paired t-test
//     would have detected a difference of delta with probability Power
//     (the detectable difference (t_{1−α} + t_{Power})·sd(d)/√n ≤ delta),
//     Undecided (underpowered) otherwise.
//
// Errors: as the test (lengths, NaN, too few pairs), alpha outside
// (0, 0.5) or delta ≤ 0 (ErrParam).
func Better(name string, a, b []float64, test Test, alpha float64, higherIsBetter bool, delta float64) (Part, error) {
	if err := checkAlpha("Better", alpha); err != nil {
		return Part{}, err
	}
	if !(delta > 0) || math.IsInf(delta, 0) {
		return Part{}, klearn.Errorf(klearn.ErrParam, "repro: Better: δ = %g must be positive and finite", delta)
	}
	up, down := stattest.Greater, stattest.Less
	if !higherIsBetter {
		up, down = down, up
	}
	_, pA, err := test.pValue(a, b, up)
	if err != nil {
		return Part{}, klearn.Errorf(err, "repro: Better")
	}
	_, pB, err := test.pValue(a, b, down)
	if err != nil {
		return Part{}, klearn.Errorf(err, "repro: Better")
	}
	d, err := pairedDiffs(a, b)
	if err != nil {
		return Part{}, err
	}
	where := fmt.Sprintf("one-sided %s, n = %d, α = %g", test, len(a), alpha)
	mean := fmt.Sprintf("mean difference %+.3g", d.Mean)
	switch {
	case pA < alpha:
		return Part{Name: name, Outcome: Reproduced, Detail: fmt.Sprintf("better: %s, p = %.2g (%s)", mean, pA, where)}, nil
	case pB < alpha:
		return Part{Name: name, Outcome: NotReproduced, Detail: fmt.Sprintf("worse: %s, p = %.2g against (%s)", mean, pB, where)}, nil
	}
	if d.N < 2 {
		return Part{Name: name, Outcome: Undecided, Detail: fmt.Sprintf("tie with one pair: power not assessable (%s)", where)}, nil
	}
	det, err := stattest.MinDetectable(d.Std/math.Sqrt(float64(d.N)), float64(d.N-1), 2*alpha, Power)
	if err != nil {
		return Part{}, err
	}
	if det <= delta {
		return Part{Name: name, Outcome: NotReproduced, Detail: fmt.Sprintf("tie: %s, p = %.2g; detectable %.3g ≤ δ %.3g (%s)", mean, pA, det, delta, where)}, nil
	}
	return Part{Name: name, Outcome: Undecided, Detail: fmt.Sprintf("tie, underpowered: %s, p = %.2g; detectable %.3g > δ %.3g (%s)", mean, pA, det, delta, where)}, nil
}

// pairedDiffs returns the summary of a_i − b_i.
func pairedDiffs(a, b []float64) (Value, error) {
	if len(a) != len(b) {
		return Value{}, klearn.Errorf(klearn.ErrShape, "repro: paired samples of lengths %d and %d", len(a), len(b))
	}
	d := make([]float64, len(a))
	for i := range a {
		d[i] = a[i] - b[i]
	}
	return Summarize(d)
}

// Equal decides "A is essentially equal to B" within ±margin (on the
// scale of the scores) by the two one-sided tests (stattest.TOST) over
// paired scores at level alpha:
//   - equivalence shown (both one-sided tests reject): Reproduced;
//   - the mean difference significantly beyond +margin or −margin:
//     NotReproduced;
//   - neither: Undecided; a test that fails to reject a difference never
//     certifies equality.
func Equal(name string, a, b []float64, margin, alpha float64) (Part, error) {
	if err := checkAlpha("Equal", alpha); err != nil {
		return Part{}, err
	}
	r, err := stattest.TOST(a, b, margin)
	if err != nil {
		return Part{}, klearn.Errorf(err, "repro: Equal")
	}
	where := fmt.Sprintf("TOST, margin ±%.3g, n = %d, α = %g", margin, len(a), alpha)
	switch {
	case r.Equivalent(alpha):
		return Part{Name: name, Outcome: Reproduced, Detail: fmt.Sprintf("equivalent: difference %+.3g, p = %.2g (%s)", r.Diff, r.P, where)}, nil
	case 1-r.PUpper < alpha || 1-r.PLower < alpha:
		return Part{Name: name, Outcome: NotReproduced, Detail: fmt.Sprintf("different: difference %+.3g beyond the margin, p = %.2g (%s)", r.Diff, math.Min(1-r.PUpper, 1-r.PLower), where)}, nil
	}
	return Part{Name: name, Outcome: Undecided, Detail: fmt.Sprintf("equivalence not shown: difference %+.3g ± %.3g SE, p = %.2g (%s)", r.Diff, r.SE, r.P, where)}, nil
}

// NoWorse decides "A never degrades B" (A is not worse than B by more than
// margin) by the one-sided non-inferiority test, the lower half of TOST,
// over paired scores at level alpha:
//   - A shown no worse than B − margin: Reproduced;
//   - A significantly worse than B − margin: NotReproduced;
//   - neither: Undecided.
func NoWorse(name string, a, b []float64, margin, alpha float64, higherIsBetter bool) (Part, error) {
	if err := checkAlpha("NoWorse", alpha); err != nil {
		return Part{}, err
	}
	x, y := a, b
	if !higherIsBetter {
		x, y = b, a
	}
	r, err := stattest.TOST(x, y, margin)
	if err != nil {
		return Part{}, klearn.Errorf(err, "repro: NoWorse")
	}
	where := fmt.Sprintf("one-sided non-inferiority t-test, margin %.3g, n = %d, α = %g", margin, len(a), alpha)
	switch {
	case r.PLower < alpha:
		return Part{Name: name, Outcome: Reproduced, Detail: fmt.Sprintf("no worse: improvement %+.3g, p = %.2g (%s)", r.Diff, r.PLower, where)}, nil
	case 1-r.PLower < alpha:
		return Part{Name: name, Outcome: NotReproduced, Detail: fmt.Sprintf("worse: improvement %+.3g, beyond −%.3g, p = %.2g (%s)", r.Diff, margin, 1-r.PLower, where)}, nil
	}
	return Part{Name: name, Outcome: Undecided, Detail: fmt.Sprintf("not shown: improvement %+.3g ± %.3g SE, p = %.2g (%s)", r.Diff, r.SE, r.PLower, where)}, nil
}

// Trend decides "y grows with x" (increasing) or "y falls with x" by
// Kendall's rank trend test (stattest.Kendall; repeated runs at one x are
// ties) at level alpha, one-sided in the claimed direction:
//   - a significant trend in the claimed direction: Reproduced;
//   - a significant trend against it: NotReproduced;
//   - neither: Undecided when even a perfectly monotone y at these x would
//     not reach alpha (too few points), NotReproduced otherwise.
func Trend(name string, x, y []float64, increasing bool, alpha float64) (Part, error) {
	if err := checkAlpha("Trend", alpha); err != nil {
		return Part{}, err
	}
	up, down, word := stattest.Greater, stattest.Less, "increasing"
	if !increasing {
		up, down, word = down, up, "decreasing"
	}
	r, err := stattest.Kendall(x, y, up)
	if err != nil {
		return Part{}, klearn.Errorf(err, "repro: Trend")
	}
	against, _ := stattest.Kendall(x, y, down)
	where := fmt.Sprintf("one-sided Kendall trend test, n = %d, α = %g", r.N, alpha)
	switch {
	case r.P < alpha:
		return Part{Name: name, Outcome: Reproduced, Detail: fmt.Sprintf("%s: τ = %+.2f, p = %.2g (%s)", word, r.Tau, r.P, where)}, nil
	case against.P < alpha:
		return Part{Name: name, Outcome: NotReproduced, Detail: fmt.Sprintf("the opposite trend: τ = %+.2f, p = %.2g against (%s)", r.Tau, against.P, where)}, nil
	}
	mono := append([]float64(nil), x...)
	if !increasing {
		for i := range mono {
			mono[i] = -mono[i]
		}
	}
	best, _ := stattest.Kendall(x, mono, up)
	if best.P >= alpha {
		return Part{Name: name, Outcome: Undecided, Detail: fmt.Sprintf("too few points: even a monotone series gives p = %.2g (%s)", best.P, where)}, nil
	}
	return Part{Name: name, Outcome: NotReproduced, Detail: fmt.Sprintf("no %s trend: τ = %+.2f, p = %.2g (%s)", word, r.Tau, r.P, where)}, nil
}

// Rank decides "the method's rank is the paper's" from a bootstrap interval
// of our rank statistic, the one the paper prints (iv.Stat: the mean from
// stattest.BootstrapRanks, the median from stattest.BootstrapMedianRanks),
// with delta the difference in ranks that matters (for instance the gap to
// the paper's adjacent rank, AdjacentGap, capped by the criterion's δ):
//   - the paper's rank outside [Lo, Hi]: NotReproduced;
//   - [Lo, Hi] inside paperRank ± delta: Reproduced;
//   - otherwise Undecided: the interval holds the paper's rank but reaches
//     beyond it by more than delta.
//
// This is the cell rule's power condition (Cell.Verdict) for ranks. An
// interval that reaches past paperRank ± delta also holds a rank that
// differs by the difference that matters, so it cannot tell the paper's
// rank from that one. A narrow interval off-centre fails as a wide one
// does; width alone (≤ 2·delta) is not enough.
func Rank(name string, paperRank float64, iv stattest.RankInterval, delta float64) Part {
	d := fmt.Sprintf("paper %.2g, our %s rank %.2f [%.2f, %.2f] (bootstrap interval; δ = %.2g ranks)", paperRank, iv.Stat, iv.Point(), iv.Lo, iv.Hi, delta)
	switch {
	case paperRank < iv.Lo || paperRank > iv.Hi:
		return Part{Name: name, Outcome: NotReproduced, Detail: d}
	case iv.Lo >= paperRank-delta && iv.Hi <= paperRank+delta:
		return Part{Name: name, Outcome: Reproduced, Detail: d}
	}
	return Part{Name: name, Outcome: Undecided, Detail: fmt.Sprintf("%s: the interval reaches beyond %.2g ± %.2g", d, paperRank, delta)}
}

// BetterRank decides "a's rank is better (lower) than b's" from their
// bootstrap intervals of one rank statistic (a.Stat): Reproduced when a's
// interval lies wholly below b's, NotReproduced when wholly above. An
// overlap is a tie, never support: NotReproduced when both intervals are
// no wider than ±delta ranks (narrow enough to have seen a difference of
// delta), Undecided otherwise. Disjoint 95 % intervals are a
// conservative test of the difference.
func BetterRank(name string, a, b stattest.RankInterval, delta float64) Part {
	d := fmt.Sprintf("%s ranks %.2f [%.2f, %.2f] against %.2f [%.2f, %.2f] (bootstrap intervals; δ = %.2g ranks)", a.Stat, a.Point(), a.Lo, a.Hi, b.Point(), b.Lo, b.Hi, delta)
	switch {
	case a.Hi < b.Lo:
		return Part{Name: name, Outcome: Reproduced, Detail: "better: " + d}
	case b.Hi < a.Lo:
		return Part{Name: name, Outcome: NotReproduced, Detail: "worse: " + d}
	case a.Hi-a.Lo <= 2*delta && b.Hi-b.Lo <= 2*delta:
		return Part{Name: name, Outcome: NotReproduced, Detail: "tie: " + d}
	}
	return Part{Name: name, Outcome: Undecided, Detail: "tie, underpowered: " + d + "; an interval is wider than ±δ"}
}

// Subset says that a claim was decided on N of M units (subsamples,
// cells, data sets) of the paper's protocol, as quick mode does.
type Subset struct {
	N  int    `json:"n"`
	M  int    `json:"m"`
	Of string `json:"of"`
}

// String reads "quick: decided on 2 of 10 subsamples" ("" for no subset).
func (s Subset) String() string {
	if s.M == 0 {
		return ""
	}
	return fmt.Sprintf("quick: decided on %d of %d %s", s.N, s.M, s.Of)
}

// welchRule and toleranceRule name the two cell rules.
const (
	welchRule     = "Welch"
	toleranceRule = "tolerance"
	noRule        = "none"
)

// CellVerdict is the decision on one cell and its numbers.
type CellVerdict struct {
	// Outcome: Reproduced (within), NotReproduced (out), Undecided
	// (underpowered, or no rule applies), NotRun (not compared).
	Outcome Outcome
	// Rule is "Welch", "tolerance" or "none".
	Rule string
	// Diff = ours − paper; SE, DF and P are Welch's; Bound is the largest
	// |Diff| not significant (t_{1−α/2, DF}·SE) or the declared tolerance;
	// Detectable is the difference Welch's test detects with probability
	// Power, to compare with Delta (under the tolerance rule, Bound: the
	// band passes every smaller difference).
	Diff, SE, DF, P, Bound, Detectable, Delta float64
	// Detail states the decision in one line.
	Detail string
}

// Separates reports whether the cell's rule could tell its number from
// one Delta away, the condition for within: Welch's detectable difference
// at most Delta, or a declared tolerance below Delta (a band as wide as
// Delta holds the neighbour's number too). False without a rule or Delta.
func (v CellVerdict) Separates() bool {
	switch {
	case !(v.Delta > 0):
		return false
	case v.Rule == welchRule:
		return v.Detectable <= v.Delta
	case v.Rule == toleranceRule:
		return v.Bound < v.Delta
	}
	return false
}

// Label returns "within", "out", "undecided" or "not compared".
func (v CellVerdict) Label() string {
	switch v.Outcome {
	case Reproduced:
		return "within"
	case NotReproduced:
		return "out"
	case Undecided:
		return "undecided"
	}
	return "not compared"
}

// Verdict decides the cell by the one cell rule:
//
// Welch's rule, when the paper prints a spread over runs (Paper.Std > 0,
// Paper.N ≥ 2), we ran N ≥ 2 times and the difference that matters Delta
// is declared: Diff = ours − paper with Welch's standard error and
// Welch–Satterthwaite df. Out when the two-sided Welch test rejects at
// Alpha; within when it does not and its detectable difference at Power,
// (t_{1−α/2} + t_{Power})·SE, is at most Delta; undecided (underpowered)
// otherwise.
//
// The tolerance rule otherwise (a printed number without spread or runs,
// a deterministic quantity): out when |Diff| > the declared Tol; within
// when |Diff| ≤ Tol and, if Delta is declared, Tol < Delta; undecided
// when Tol ≥ Delta. Delta plays the part of the detectable difference: a
// band as wide as the gap to the adjacent method holds that method's
// number too, so it cannot tell the two apart (Separates). A cell with
// Delta but neither a spread nor a declared tolerance is undecided; a
// cell either side does not report is not compared. A compared cell with
// Uncertified solves behind its number is undecided, whatever the rule
// gives: its number is not the method's.
func (c Cell) Verdict() CellVerdict {
	v := c.verdict()
	if c.Uncertified > 0 && v.Outcome != NotRun {
		v.Outcome = Undecided
		v.Detail = fmt.Sprintf("undecided: %d uncertified solve(s) behind our number (the rule alone: %s)", c.Uncertified, v.Detail)
	}
	return v
}

func (c Cell) verdict() CellVerdict {
	v := CellVerdict{Delta: c.Delta, Rule: noRule}
	if !c.Paper.Reported() || !c.Ours.Reported() || math.IsInf(c.Ours.Mean, 0) || math.IsInf(c.Paper.Mean, 0) {
		v.Detail = "not compared: a number is missing"
		return v
	}
	v.Diff = c.Diff()
	if c.Delta > 0 && c.Paper.Std > 0 && c.Paper.N >= 2 && c.Ours.N >= 2 {
		w, err := stattest.Welch(stattest.Summary{Mean: c.Ours.Mean, Std: c.Ours.Std, N: c.Ours.N},
			stattest.Summary{Mean: c.Paper.Mean, Std: c.Paper.Std, N: c.Paper.N})
		if err == nil {
			if det, err := stattest.MinDetectable(w.SE, w.DF, Alpha, Power); err == nil {
				return welchVerdict(v, w, det)
			}
		}
		v.Outcome, v.Detail = Undecided, "undecided: Welch's test cannot be computed from these spreads"
		return v
	}
	tolDeclared := c.Tol.Abs > 0 || c.Tol.Rel > 0 || c.Tol.Spread > 0 || c.Delta == 0
	if !tolDeclared {
		v.Outcome = Undecided
		v.Detail = fmt.Sprintf("undecided: no Welch test (paper std %g over n = %d, ours over n = %d; each needs n ≥ 2, the paper a spread) and no tolerance declared", c.Paper.Std, c.Paper.N, c.Ours.N)
		return v
	}
	v.Rule, v.Bound = toleranceRule, c.Tol.Bound(c.Paper, c.Ours)
	v.Detectable = v.Bound
	d := math.Abs(v.Diff)
	switch {
	case d > v.Bound:
		v.Outcome = NotReproduced
		v.Detail = fmt.Sprintf("out: |ours − paper| = %.3g > %s (declared tolerance)", d, c.Tol)
	case c.Delta > 0 && !v.Separates():
		v.Outcome = Undecided
		v.Detail = fmt.Sprintf("undecided: |ours − paper| = %.3g ≤ %s (declared tolerance), but tolerance %.3g ≥ δ %.3g (the gap that matters): the band cannot tell adjacent numbers apart", d, c.Tol, v.Bound, c.Delta)
	case c.Delta > 0:
		v.Outcome = Reproduced
		v.Detail = fmt.Sprintf("within: |ours − paper| = %.3g ≤ %s (declared tolerance); tolerance %.3g < δ %.3g", d, c.Tol, v.Bound, c.Delta)
	default:
		v.Outcome = Reproduced
		v.Detail = fmt.Sprintf("within: |ours − paper| = %.3g ≤ %s (declared tolerance)", d, c.Tol)
	}
	return v
}

func welchVerdict(v CellVerdict, w stattest.WelchResult, det float64) CellVerdict {
	v.Rule, v.SE, v.DF, v.P, v.Detectable = welchRule, w.SE, w.DF, w.P, det
	v.Bound = distuv.StudentsT{Mu: 0, Sigma: 1, Nu: w.DF}.Quantile(1-Alpha/2) * w.SE
	num := fmt.Sprintf("ours − paper = %+.3g, SE %.3g (Welch df %.1f), p = %.2g", w.Diff, w.SE, w.DF, w.P)
	switch {
	case w.P < Alpha:
		v.Outcome = NotReproduced
		v.Detail = "out: " + num
	case v.Separates():
		v.Outcome = Reproduced
		v.Detail = fmt.Sprintf("within: %s; detectable %.3g ≤ δ %.3g", num, det, v.Delta)
	default:
		v.Outcome = Undecided
		v.Detail = fmt.Sprintf("undecided (underpowered): %s; detectable %.3g > δ %.3g", num, det, v.Delta)
	}
	return v
}

// AdjacentGap returns, for each entry of a row of the paper's numbers, the
// smallest gap between it and another entry of the row: the difference
// that matters for a cell when the paper's claim is the order of its
// methods. NaN entries (not reported) are skipped and get 0.
func AdjacentGap(row []float64) []float64 {
	out := make([]float64, len(row))
	for i, x := range row {
		if math.IsNaN(x) {
			continue
		}
		g := math.Inf(1)
		for j, y := range row {
			if j != i && !math.IsNaN(y) && math.Abs(x-y) > 0 {
				g = math.Min(g, math.Abs(x-y))
			}
		}
		if !math.IsInf(g, 1) {
			out[i] = g
		}
	}
	return out
}

// ClearlyBetter decides "A is clearly better than B" on scores where lower
// is better (RMSE), paired over the same splits or subsamples, by
// superiority by the margin delta: the one-sided paired t-tests of the
// improvement b − a against delta at level alpha.
//   - The improvement significantly above delta: Reproduced.
//   - Significantly below delta (too small to matter, or a loss):
//     NotReproduced; an improvement a plain test finds significant reads
//     "significant but below δ".
//   - Neither: Undecided.
//
// Rule ClearlyBetterRule; first used by cortes2009 (criteria C-figure2,
// C-figure3-better).
// Errors: as stattest.PairedT (lengths, NaN, fewer than 2 pairs), alpha
// outside (0, 0.5) or delta not positive and finite (ErrParam).
func ClearlyBetter(name string, a, b []float64, delta, alpha float64) (Part, error) {
	if !(alpha > 0 && alpha < 0.5) || !(delta > 0) || math.IsInf(delta, 0) {
		return Part{}, klearn.Errorf(klearn.ErrParam, "repro: ClearlyBetter: α = %g, δ = %g", alpha, delta)
	}
	shifted := make([]float64, len(b))
	for i, v := range b {
		shifted[i] = v - delta
	}
	var ts [2]stattest.Result
	for k, alt := range []stattest.Alternative{stattest.Greater, stattest.Less} {
		t, err := stattest.PairedT(shifted, a, alt)
		if err != nil {
			return Part{}, klearn.Errorf(err, "repro: ClearlyBetter")
		}
		ts[k] = t
	}
	plain, err := stattest.PairedT(b, a, stattest.Greater)
	if err != nil {
		return Part{}, klearn.Errorf(err, "repro: ClearlyBetter")
	}
	gain := stat.Mean(b, nil) - stat.Mean(a, nil)
	where := fmt.Sprintf("one-sided paired t-tests against δ = %.3g, n = %d, α = %g", delta, len(a), alpha)
	switch {
	case ts[0].P < alpha:
		return Part{Name: name, Outcome: Reproduced, Detail: fmt.Sprintf("clearly better: improvement %+.3g above δ, p = %.2g (%s)", gain, ts[0].P, where)}, nil
	case ts[1].P < alpha && plain.P < alpha:
		return Part{Name: name, Outcome: NotReproduced, Detail: fmt.Sprintf("significant (p = %.2g) but below δ: improvement %+.3g, p = %.2g against δ (%s)", plain.P, gain, ts[1].P, where)}, nil
	case ts[1].P < alpha:
		return Part{Name: name, Outcome: NotReproduced, Detail: fmt.Sprintf("below δ: improvement %+.3g, p = %.2g (%s)", gain, ts[1].P, where)}, nil
	}
	return Part{Name: name, Outcome: Undecided, Detail: fmt.Sprintf("improvement %+.3g neither shown above δ (p = %.2g) nor below it (p = %.2g); plain one-sided p = %.2g (%s)", gain, ts[0].P, ts[1].P, plain.P, where)}, nil
}
