package repro

import (
	"encoding/json"
	"fmt"
	"html"
	"math"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/metrics"
)

// Outcome is the verdict on one claim or cell.
type Outcome int

const (
	// NotRun marks a claim whose experiment was not run in this mode (for
	// instance a full-mode-only table in quick mode).
	NotRun Outcome = iota
	// Reproduced: the claim holds, or every cell is within its tolerance.
	Reproduced
	// Partly: some cells are within tolerance, or the claim holds in part.
	Partly
	// NotReproduced: no cell is within tolerance, or the claim does not hold.
	NotReproduced
	// Undecided: the evidence cannot decide (the test could not have seen
	// the difference that matters); never counted as reproduced.
	Undecided
	// Corrected: the claim holds only with a corrected formula (the printed
	// one is wrong); its own outcome, never counted as reproduced.
	Corrected
)

// outcomes lists every Outcome.
var outcomes = []Outcome{NotRun, Reproduced, Partly, NotReproduced, Undecided, Corrected}

// String returns "reproduced", "partly", "not reproduced", "undecided",
// "corrected" or "not run".
func (o Outcome) String() string {
	switch o {
	case Reproduced:
		return "reproduced"
	case Partly:
		return "partly"
	case NotReproduced:
		return "not reproduced"
	case Undecided:
		return "undecided"
	case Corrected:
		return "corrected"
	default:
		return "not run"
	}
}

// MarshalText encodes the outcome as its String.
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText decodes the outcome from its String.
func (o *Outcome) UnmarshalText(b []byte) error {
	for _, c := range outcomes {
		if c.String() == string(b) {
			*o = c
			return nil
		}
	}
	return klearn.Errorf(klearn.ErrParam, "repro: unknown outcome %q", b)
}

// Value is a number as a table reports it: a mean with an optional standard
// deviation over N repetitions. A NaN Mean means "not reported"; Std 0 or
// NaN means "no spread reported".
type Value struct {
	Mean float64 `json:"mean"`
	Std  float64 `json:"std,omitempty"`
	N    int     `json:"n,omitempty"`
}

// V returns a Value without spread.
func V(mean float64) Value { return Value{Mean: mean} }

// MS returns a Value with a mean and a standard deviation.
func MS(mean, std float64) Value { return Value{Mean: mean, Std: std} }

// ErrorRate is an error rate p (percent) measured on n test points as a
// Value: the mean p and the spread of one point's 0/1 error, √(q(100 − q))
// with q = max(p, floor), over N = n points, so Welch's test of two such
// values (Cell.Verdict) is the two-sample test of proportions. The floor
// keeps a spread, and so a band, at a zero error rate.
func ErrorRate(p float64, n int, floor float64) Value {
	q := math.Max(p, floor)
	return Value{Mean: p, Std: math.Sqrt(q * (100 - q)), N: n}
}

// Summarize returns the mean, the sample standard deviation (n − 1 in the
// denominator; 0 for one value) and the count of xs (metrics.MeanStd: exact
// to rounding near ±MaxFloat64 too). Errors: xs empty (ErrEmpty), a NaN or
// ±Inf value, or a std that overflows (ErrNotFinite).
func Summarize(xs []float64) (Value, error) {
	m, sd, err := metrics.MeanStd(xs)
	if err != nil {
		return Value{}, klearn.Errorf(err, "repro: Summarize")
	}
	return Value{Mean: m, Std: sd, N: len(xs)}, nil
}

type valueJSON struct {
	Mean *float64 `json:"mean"`
	Std  float64  `json:"std,omitempty"`
	N    int      `json:"n,omitempty"`
}

// MarshalJSON writes a NaN or infinite mean as null (read back as not
// reported) and a NaN or infinite std as 0.
func (v Value) MarshalJSON() ([]byte, error) {
	j := valueJSON{N: v.N}
	if v.Reported() && !math.IsInf(v.Mean, 0) {
		m := v.Mean
		j.Mean = &m
	}
	if !math.IsNaN(v.Std) && !math.IsInf(v.Std, 0) {
		j.Std = v.Std
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (v *Value) UnmarshalJSON(b []byte) error {
	var j valueJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*v = Value{Mean: math.NaN(), Std: j.Std, N: j.N}
	if j.Mean != nil {
		v.Mean = *j.Mean
	}
	return nil
}

// Reported reports whether the value is a number (not NaN).
func (v Value) Reported() bool { return !math.IsNaN(v.Mean) }

// Format prints the value with prec decimals: "0.621 ± 0.031", or "—" when
// not reported.
func (v Value) Format(prec int) string {
	if !v.Reported() {
		return "—"
	}
	if v.Std == 0 || math.IsNaN(v.Std) {
		return fmt.Sprintf("%.*f", prec, v.Mean)
	}
	return fmt.Sprintf("%.*f ± %.*f", prec, v.Mean, prec, v.Std)
}

// Tolerance says how close a number of ours must be to the paper's to count
// as reproduced when the paper prints no spread over runs (Cell.Verdict's
// tolerance rule): |ours − paper| ≤ Abs + Rel·|paper|, or, when Spread is set,
// additionally within Spread times the larger of the two standard deviations
// (the noise of the repetitions). Every tolerance is stated before the
// results are computed and printed beside them.
type Tolerance struct {
	Abs float64 `json:"abs,omitempty"`
	Rel float64 `json:"rel,omitempty"`
	// Spread widens the band to Spread times the larger std.
	//
	// Deprecated: a band of standard deviations is no test (it lets one
	// method's mean pass another's cell); give the cell a Delta, so that
	// Welch's rule decides it.
	Spread float64 `json:"spread,omitempty"`
}

// Abs returns the tolerance |ours − paper| ≤ a.
func Abs(a float64) Tolerance { return Tolerance{Abs: a} }

// Rel returns the tolerance |ours − paper| ≤ r·|paper|.
func Rel(r float64) Tolerance { return Tolerance{Rel: r} }

// Bound returns the largest admissible |ours − paper| for these values.
func (t Tolerance) Bound(paper, ours Value) float64 {
	b := t.Abs + t.Rel*math.Abs(paper.Mean)
	if t.Spread > 0 {
		s := 0.0
		for _, x := range []float64{paper.Std, ours.Std} {
			if !math.IsNaN(x) && x > s {
				s = x
			}
		}
		b = math.Max(b, t.Spread*s)
	}
	return b
}

// String describes the tolerance: "±0.05", "±10 %", "±0.05 or 1 std",
// with three significant digits (a tolerance computed from a standard
// error reads ±1.56, not ±1.559166443969341).
func (t Tolerance) String() string {
	var parts []string
	if t.Abs > 0 {
		parts = append(parts, "±"+strconv.FormatFloat(t.Abs, 'g', 3, 64))
	}
	if t.Rel > 0 {
		parts = append(parts, "±"+strconv.FormatFloat(100*t.Rel, 'g', 3, 64)+" %")
	}
	s := strings.Join(parts, " + ")
	if s == "" {
		s = "exact"
	}
	if t.Spread > 0 {
		s += fmt.Sprintf(" or %g std", t.Spread)
	}
	return s
}

// Cell is one number of a paper's table or figure beside ours.
type Cell struct {
	// Row and Col name the cell ("Ionosphere", "quad. ℓ2").
	Row string `json:"row"`
	Col string `json:"col"`
	// Paper is the paper's printed number; Ours is ours.
	Paper Value `json:"paper"`
	Ours  Value `json:"ours"`
	// Tol is the tolerance stated before the run, used when Welch's rule
	// does not apply (see Verdict).
	Tol Tolerance `json:"tol"`
	// Delta is the difference that matters (e.g. the gap between adjacent
	// methods in the paper's own row, AdjacentGap): with a printed spread
	// over runs it selects Welch's rule (see Verdict).
	Delta float64 `json:"delta,omitempty"`
	// Substitute marks a cell whose data set, method or set-up stands in
	// for the paper's (ours where the paper gives none): counted apart.
	Substitute bool `json:"substitute,omitempty"`
	// Uncertified counts the solves behind Ours that stopped short of a
	// certified optimum (a QP or SVM at its step cap, an iterative method
	// not converged). Such a number is not the method's: the cell is
	// undecided whatever its distance to the paper's (see Verdict).
	Uncertified int `json:"uncertified,omitempty"`
}

// Diff returns ours − paper.
func (c Cell) Diff() float64 { return c.Ours.Mean - c.Paper.Mean }

// Within reports whether the cell's Verdict is within. A cell the paper
// does not report, or that we did not compute, is not within.
func (c Cell) Within() bool { return c.Verdict().Outcome == Reproduced }

// Kind says what sort of claim an item is.
type Kind string

const (
	// Theorem is a stated result checked numerically (a proposition, lemma, identity).
	Theorem Kind = "theorem"
	// Experiment is a table or figure re-run.
	Experiment Kind = "experiment"
	// Statement is a qualitative claim of the text ("the learned kernel beats …").
	Statement Kind = "statement"
	// Diagnostic is not a claim of the paper but a check the reproduction
	// adds, mostly to explain its misses (a preprocessing variant that
	// gives the paper's numbers, say; Claim.Concerns names the miss). It
	// is shown last and never counted: neither its outcome nor its cells
	// enter Counts' claims and cells. A diagnostic written after the
	// results were seen is PostHoc and never counts as explaining anything.
	Diagnostic Kind = "diagnostic"
	// Target is a goal the reproduction sets itself, not a claim of the
	// paper (a speed-up over the paper's reported times, say). It is shown
	// after the claims, labelled "met" or "not met", and counted apart.
	Target Kind = "target"
)

// Claim is one row of the verdict table.
type Claim struct {
	// ID names the item as the paper does: "Proposition 4", "Table 1", "Figure 3".
	ID   string `json:"id"`
	Kind Kind   `json:"kind"`
	// What the paper states or shows, in one line.
	Statement string `json:"statement"`
	// Paper and Ours summarise the numbers compared, in one line each.
	Paper string `json:"paper"`
	Ours  string `json:"ours"`
	// Tolerance states the criterion, in one line.
	Tolerance string `json:"tolerance"`
	// Outcome is computed by the constructors below, never typed.
	Outcome Outcome `json:"outcome"`
	// Reason explains a Partly or NotReproduced outcome (and names the test
	// that supports the explanation); for a tie it names the paired test.
	Reason string `json:"reason,omitempty"`
	// Cells are the table cells the outcome was computed from, if any.
	Cells []Cell `json:"cells,omitempty"`
	// Parts are the parts the outcome was computed from (Decide), if any.
	Parts []Part `json:"parts,omitempty"`
	// PostHoc marks a row written after the results it concerns were seen
	// (a diagnostic): it is shown as post hoc and explains nothing.
	PostHoc bool `json:"postHoc,omitempty"`
	// Concerns is the ID of the claim whose miss a diagnostic was written
	// for; empty when it concerns no miss (a counterexample the paper
	// states, a check of our own protocol).
	Concerns string `json:"concerns,omitempty"`
	// Substitute marks a claim decided on a data set, method or set-up
	// that stands in for the paper's; it is counted apart.
	Substitute bool `json:"substitute,omitempty"`
	// Quick says that the claim was decided on a subset of the protocol
	// (quick mode): "quick: decided on N of M …".
	Quick Subset `json:"quick,omitzero"`
}

// NotRunClaim records an item that was not run in this mode, with the reason.
func NotRunClaim(id string, kind Kind, statement, reason string) Claim {
	return Claim{ID: id, Kind: kind, Statement: statement, Outcome: NotRun, Reason: reason}
}

func reasonIf(cond bool, r string) string {
	if cond {
		return r
	}
	return ""
}

// Counts summarises a report for the index. Claims of the paper on its own
// data sets and set-up are counted by outcome; substitute claims and cells
// (Substitute) are counted apart (Sub…), diagnostics apart as
// pre-registered or post hoc, and our targets apart.
type Counts struct {
	// Quick is set for a quick-mode report: not a reproduction result.
	Quick      bool `json:"quick,omitempty"`
	Claims     int  `json:"claims"`
	Reproduced int  `json:"reproduced"`
	Partly     int  `json:"partly"`
	Not        int  `json:"not"`
	Undecided  int  `json:"undecided"`
	Corrected  int  `json:"corrected"`
	NotRun     int  `json:"notRun"`
	// OnSubset counts the claims decided on a subset of the protocol.
	OnSubset int `json:"onSubset,omitempty"`
	// Changed counts the claims (of the paper or substitute) decided by a
	// criterion changed after its results were seen (Criterion.Changed).
	Changed int `json:"changed,omitempty"`
	// Cells, Within and CellsUndecided count the cells of the claims above
	// on the paper's data sets.
	Cells          int `json:"cells"`
	Within         int `json:"within"`
	CellsUndecided int `json:"cellsUndecided,omitempty"`
	// SubClaims and SubReproduced count the substitute claims; SubCells
	// and SubWithin the substitute cells of every claim.
	SubClaims     int `json:"subClaims,omitempty"`
	SubReproduced int `json:"subReproduced,omitempty"`
	SubCells      int `json:"subCells,omitempty"`
	SubWithin     int `json:"subWithin,omitempty"`
	// Diagnostics counts the Diagnostic rows, left out of every count
	// above; PostHoc those written after their results were seen, and
	// Explains the pre-registered ones whose outcome is "explains" (a
	// post-hoc row explains nothing). Targets and Met count the Target
	// rows and those met, also left out.
	Diagnostics int `json:"diagnostics,omitempty"`
	PostHoc     int `json:"postHoc,omitempty"`
	Explains    int `json:"explains,omitempty"`
	Targets     int `json:"targets,omitempty"`
	Met         int `json:"met,omitempty"`
}

// PreRegistered returns the diagnostic rows declared before their result.
func (c Counts) PreRegistered() int { return c.Diagnostics - c.PostHoc }

// Run returns the claims run in this mode.
func (c Counts) Run() int { return c.Claims - c.NotRun }

// QuickNote opens the summary of a quick-mode report.
const QuickNote = "quick run, not a reproduction result"

// String reads "R of M claims reproduced, P partly, N not, U undecided, C
// corrected; K of L cells within, V undecided", followed by the counts of
// substitutes, the claims decided on a subset, the claims not run, our
// targets and the diagnostic rows (not counted), when there are any. A
// quick-mode summary opens with QuickNote.
func (c Counts) String() string {
	var s string
	if c.Quick {
		s = QuickNote + ": "
	}
	s += fmt.Sprintf("%d of %d claims reproduced", c.Reproduced, c.Claims-c.NotRun)
	for _, x := range []struct {
		n    int
		what string
	}{{c.Partly, "partly"}, {c.Not, "not"}, {c.Undecided, "undecided"}, {c.Corrected, "corrected (printed formula wrong)"}} {
		if x.n > 0 {
			s += fmt.Sprintf(", %d %s", x.n, x.what)
		}
	}
	if c.Cells > 0 {
		s += fmt.Sprintf("; %d of %d cells within", c.Within, c.Cells)
		if c.CellsUndecided > 0 {
			s += fmt.Sprintf(", %d undecided", c.CellsUndecided)
		}
	}
	if c.SubClaims > 0 || c.SubCells > 0 {
		s += fmt.Sprintf("; substitutes apart: %d of %d claims reproduced", c.SubReproduced, c.SubClaims)
		if c.SubCells > 0 {
			s += fmt.Sprintf(", %d of %d cells within", c.SubWithin, c.SubCells)
		}
	}
	if c.OnSubset > 0 {
		s += fmt.Sprintf("; %d decided on a subset", c.OnSubset)
	}
	if c.NotRun > 0 {
		s += fmt.Sprintf("; %d not run in this mode", c.NotRun)
	}
	if c.Changed > 0 {
		s += fmt.Sprintf("; %d decided by criteria changed after their results were seen", c.Changed)
	}
	if c.Targets > 0 {
		s += fmt.Sprintf("; %d of %d targets of ours met", c.Met, c.Targets)
	}
	if pre := c.Diagnostics - c.PostHoc; pre > 0 {
		s += fmt.Sprintf("; %d pre-registered diagnostic %s, not counted, %d explaining a miss", pre, plural(pre, "row", "rows"), c.Explains)
	}
	if c.PostHoc > 0 {
		s += fmt.Sprintf("; %d post-hoc diagnostic %s, explaining nothing", c.PostHoc, plural(c.PostHoc, "row", "rows"))
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Report is a paper's verdict table.
type Report struct {
	// Paper is the short citation: "Cortes, Mohri & Rostamizadeh (2009)".
	Paper string `json:"paper"`
	// Mode is "quick" or "full".
	Mode   string  `json:"mode"`
	Claims []Claim `json:"claims"`
	// Criteria are the paper's pre-registered criteria (its criteria.go),
	// printed after the claims with the commit of their last change.
	Criteria Criteria `json:"criteria,omitempty"`
	// CriteriaFile is the criteria's source file relative to the
	// repository root ("repro/cortes2009/criteria.go"), which
	// StampCriteria reads the commits from.
	CriteriaFile string `json:"criteriaFile,omitempty"`
	// CriteriaNote says how the commits were found, or why not.
	CriteriaNote string `json:"criteriaNote,omitempty"`
	// Elapsed is the run time of the experiments behind the report.
	Elapsed time.Duration `json:"elapsed"`
}

// Add appends claims, replacing any earlier claim with the same ID. Like a
// write to a nil map, Add on a nil *Report panics (it has no error to
// report it with); the reading methods treat a nil report as an empty one,
// and JSON refuses it (ErrEmpty).
func (r *Report) Add(cs ...Claim) {
	for _, c := range cs {
		replaced := false
		for i := range r.Claims {
			if r.Claims[i].ID == c.ID {
				r.Claims[i], replaced = c, true
				break
			}
		}
		if !replaced {
			r.Claims = append(r.Claims, c)
		}
	}
}

// postHoc reports whether a claim is post hoc: marked so, or decided by a
// post-hoc criterion.
func (r *Report) postHoc(c Claim) bool {
	if c.PostHoc {
		return true
	}
	cr, ok := r.Criteria.For(c.ID)
	return ok && cr.PostHoc
}

// Counts returns the report's counts.
func (r *Report) Counts() Counts {
	if r == nil {
		r = &Report{} // a nil report reads as an empty one
	}
	c := Counts{Quick: r.Mode == "quick"}
	for _, cl := range r.Claims {
		switch cl.Kind {
		case Diagnostic:
			c.Diagnostics++
			if r.postHoc(cl) {
				c.PostHoc++
			} else if cl.Outcome == Reproduced {
				c.Explains++
			}
			continue
		case Target:
			if cl.Outcome != NotRun {
				c.Targets++
			}
			if cl.Outcome == Reproduced {
				c.Met++
			}
			continue
		}
		for _, cell := range cl.Cells {
			o := cell.Verdict().Outcome
			if cell.Substitute || cl.Substitute {
				c.SubCells++
				if o == Reproduced {
					c.SubWithin++
				}
				continue
			}
			c.Cells++
			switch o {
			case Reproduced:
				c.Within++
			case Undecided:
				c.CellsUndecided++
			}
		}
		if cr, ok := r.Criteria.For(cl.ID); ok && cr.Changed != "" && !cr.PostHoc && cl.Outcome != NotRun {
			c.Changed++
		}
		if cl.Substitute {
			if cl.Outcome != NotRun {
				c.SubClaims++
			}
			if cl.Outcome == Reproduced {
				c.SubReproduced++
			}
			continue
		}
		c.Claims++
		if cl.Quick.M > 0 && cl.Outcome != NotRun {
			c.OnSubset++
		}
		switch cl.Outcome {
		case Reproduced:
			c.Reproduced++
		case Partly:
			c.Partly++
		case NotReproduced:
			c.Not++
		case Undecided:
			c.Undecided++
		case Corrected:
			c.Corrected++
		default:
			c.NotRun++
		}
	}
	return c
}

// Sorted returns the claims with theorems first, then experiments, then
// statements, then our targets, then diagnostics, each group in the order
// added.
func (r *Report) Sorted() []Claim {
	if r == nil {
		r = &Report{} // a nil report reads as an empty one
	}
	out := append([]Claim(nil), r.Claims...)
	rank := map[Kind]int{Theorem: 0, Experiment: 1, Statement: 2, Target: 3, Diagnostic: 4}
	sort.SliceStable(out, func(i, j int) bool { return rank[out[i].Kind] < rank[out[j].Kind] })
	return out
}

// JSON returns the report as indented JSON (the form the report index reads).
func (r *Report) JSON() ([]byte, error) {
	if r == nil {
		return nil, klearn.Errorf(klearn.ErrEmpty, "repro: JSON of a nil report")
	}
	return json.MarshalIndent(r, "", " ")
}

// ParseReport decodes a report written by JSON.
func ParseReport(b []byte) (*Report, error) {
	var r Report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, klearn.Errorf(klearn.ErrParam, "repro: report: %v", err)
	}
	return &r, nil
}

// diagnosticLabel names the outcomes of a pre-registered Diagnostic row: it
// explains a miss or does not; it reproduces nothing.
var diagnosticLabel = map[Outcome]string{Reproduced: "explains", Partly: "explains in part", NotReproduced: "does not explain",
	Undecided: "undecided", Corrected: "explains (corrected)", NotRun: NotRun.String()}

// missLabel names the outcomes of a post-hoc Diagnostic row written for a
// miss (Claim.Concerns): whether it fits that miss; it explains nothing
// either way.
var missLabel = map[Outcome]string{Reproduced: "post hoc: fits the miss, explains nothing", Partly: "post hoc: fits in part, explains nothing",
	NotReproduced: "post hoc: does not fit the miss", Undecided: "post hoc: undecided", Corrected: "post hoc: fits (corrected), explains nothing", NotRun: NotRun.String()}

// postHocLabel names the outcomes of a post-hoc Diagnostic row that
// concerns no miss: it holds or fails, and was added after the results.
var postHocLabel = map[Outcome]string{Reproduced: "post hoc, added after the results: holds", Partly: "post hoc, added after the results: holds in part",
	NotReproduced: "post hoc, added after the results: fails", Undecided: "post hoc, added after the results: undecided",
	Corrected: "post hoc, added after the results: holds (corrected)", NotRun: NotRun.String()}

// targetLabel names the outcomes of a Target row: met or not.
var targetLabel = map[Outcome]string{Reproduced: "met", Partly: "met in part", NotReproduced: "not met",
	Undecided: "undecided", Corrected: "met (corrected)", NotRun: NotRun.String()}

// claimLabel names the outcomes of a claim of the paper.
var claimLabel = map[Outcome]string{Reproduced: "reproduced", Partly: "partly", NotReproduced: "not reproduced",
	Undecided: "undecided", Corrected: "corrected (printed formula wrong)", NotRun: NotRun.String()}

// Label is the outcome as the verdict table prints it: the Outcome, for a
// Diagnostic row whether it explains the miss, for a Target whether it is
// met. A post-hoc diagnostic says "post hoc": one written for a miss
// (Concerns) says whether it fits it and that it explains nothing; one
// that concerns no miss says it was added after the results.
func (c Claim) Label() string {
	switch c.Kind {
	case Diagnostic:
		switch {
		case c.PostHoc && c.Concerns != "":
			return missLabel[c.Outcome]
		case c.PostHoc:
			return postHocLabel[c.Outcome]
		}
		return diagnosticLabel[c.Outcome]
	case Target:
		return targetLabel[c.Outcome]
	}
	return claimLabel[c.Outcome]
}

// label is the claim's label in this report: its criterion may make it
// post hoc, and a diagnostic concerns a miss only when the claim it names
// is in the report and missed (partly, not reproduced or undecided).
func (r *Report) label(c Claim) string {
	c.PostHoc = r.postHoc(c)
	if c.Concerns != "" && !r.missed(c.Concerns) {
		c.Concerns = ""
	}
	return c.Label()
}

// missed reports whether the report's claim id is a miss: partly, not
// reproduced or undecided.
func (r *Report) missed(id string) bool {
	for _, c := range r.Claims {
		if c.ID == id {
			return c.Outcome == Partly || c.Outcome == NotReproduced || c.Outcome == Undecided
		}
	}
	return false
}

var verdictMark = map[Outcome]string{Reproduced: "✓", Partly: "◐", NotReproduced: "✗", Undecided: "?", Corrected: "✎", NotRun: "–"}

// ours is the Ours column: the claim's numbers and, for a claim decided on
// a subset, "quick: decided on N of M …".
func (c Claim) ours() string {
	if q := c.Quick.String(); q != "" {
		if c.Ours == "" {
			return q
		}
		return c.Ours + " (" + q + ")"
	}
	return c.Ours
}

// criterion is the criterion column: the criterion's ID and the claim's
// tolerance line.
func (r *Report) criterion(c Claim) string {
	if cr, ok := r.Criteria.For(c.ID); ok {
		if c.Tolerance == "" {
			return cr.ID
		}
		return cr.ID + ": " + c.Tolerance
	}
	return c.Tolerance
}

// summary is the report's opening line.
func (r *Report) summary() string {
	return fmt.Sprintf("%s — %s mode: %s.", r.Paper, r.Mode, r.Counts())
}

// Markdown returns the verdict table as a Markdown table, counts first,
// then the criteria table.
func (r *Report) Markdown() string {
	if r == nil {
		r = &Report{} // a nil report reads as an empty one
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** — %s mode: %s.\n\n", r.Paper, r.Mode, r.Counts())
	b.WriteString("| item | paper | ours | criterion | verdict | reason |\n|---|---|---|---|---|---|\n")
	esc := strings.NewReplacer("|", "\\|", "\n", " ")
	for _, c := range r.Sorted() {
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s %s | %s |\n", esc.Replace(c.ID+": "+c.Statement), esc.Replace(c.Paper),
			esc.Replace(c.ours()), esc.Replace(r.criterion(c)), verdictMark[c.Outcome], r.label(c), esc.Replace(c.Reason))
	}
	if len(r.Criteria) > 0 {
		b.WriteString("\n" + r.Criteria.Markdown(r.CriteriaNote))
	}
	return b.String()
}

var verdictColour = map[Outcome]string{Reproduced: "#1a7f37", Partly: "#9a6700", NotReproduced: "#cf222e", Undecided: "#8250df", Corrected: "#0969da", NotRun: "#57606a"}

// HTML returns the verdict table as a self-contained HTML fragment (inline
// styles only), counts first; the cells and parts of the claims follow in
// one <details> element, and the criteria table in another.
func (r *Report) HTML() string {
	if r == nil {
		r = &Report{} // a nil report reads as an empty one
	}
	var b strings.Builder
	e := html.EscapeString
	b.WriteString(`<div class="kernelab-verdict" style="font-family:sans-serif;font-size:13px">`)
	fmt.Fprintf(&b, `<p><b>%s</b> — %s mode: %s.</p>`, e(r.Paper), e(r.Mode), e(r.Counts().String()))
	b.WriteString(`<table style="border-collapse:collapse;width:100%"><thead><tr>`)
	for _, h := range []string{"item", "paper", "ours", "criterion", "verdict", "reason"} {
		fmt.Fprintf(&b, `<th style="text-align:left;border-bottom:2px solid #444;padding:3px 6px">%s</th>`, h)
	}
	b.WriteString(`</tr></thead><tbody>`)
	td := `<td style="border-bottom:1px solid #ddd;padding:2px 6px;vertical-align:top;text-align:left;line-height:1.3;font-size:12px">`
	var more strings.Builder // the cells and parts of each claim
	for _, c := range r.Sorted() {
		fmt.Fprintf(&b, `<tr>%s<b>%s</b> %s`, td, e(c.ID), e(c.Statement))
		fmt.Fprintf(&b, `</td>%s%s</td>%s%s</td>%s%s</td>%s<span style="color:%s;white-space:nowrap">%s %s</span></td>%s%s</td></tr>`,
			td, e(c.Paper), td, e(c.ours()), td, e(r.criterion(c)), td, verdictColour[c.Outcome], verdictMark[c.Outcome], e(r.label(c)), td, e(c.Reason))
		// Cells and parts are listed under the table, folded: one row
		// each in the table would push the first experiment down the page.
		if len(c.Cells) > 0 {
			fmt.Fprintf(&more, `<p style="margin:6px 0 2px"><b>%s</b>: the %d cells</p><div style="overflow-x:auto">`, e(c.ID), len(c.Cells))
			more.WriteString(cellsHTML(c.Cells))
			more.WriteString(`</div>`)
		}
		if len(c.Parts) > 1 {
			fmt.Fprintf(&more, `<p style="margin:6px 0 2px"><b>%s</b>: the %d parts</p><div style="overflow-x:auto">`, e(c.ID), len(c.Parts))
			more.WriteString(partsHTML(c.Parts))
			more.WriteString(`</div>`)
		}
	}
	b.WriteString(`</tbody></table>`)
	if more.Len() > 0 {
		b.WriteString(`<details style="margin-top:6px"><summary>the cells and parts that decide each row</summary>`)
		b.WriteString(more.String())
		b.WriteString(`</details>`)
	}
	if len(r.Criteria) > 0 {
		// One click away, so that the verdict and the first experiment
		// stay near the top of a report.
		fmt.Fprintf(&b, `<details style="margin-top:6px"><summary>the %d criteria, declared before the results shown, that decide these rows (each with the commit of its last change)</summary>`, len(r.Criteria))
		b.WriteString(r.Criteria.HTML(r.CriteriaNote))
		b.WriteString(`</details>`)
	}
	b.WriteString(`</div>`)
	return b.String()
}

func cellsHTML(cells []Cell) string {
	var b strings.Builder
	e := html.EscapeString
	b.WriteString(`<table style="border-collapse:collapse;font-size:12px"><tr><th>row</th><th>column</th><th>paper</th><th>ours</th><th>ours − paper</th><th>rule</th><th></th><th>decision</th></tr>`)
	for _, c := range cells {
		v := c.Verdict()
		rule := c.Tol.String()
		switch {
		case v.Rule == welchRule:
			rule = fmt.Sprintf("Welch, δ = %.3g", c.Delta)
		case c.Delta > 0:
			rule += fmt.Sprintf(", δ = %.3g", c.Delta)
		}
		row := c.Row
		if c.Substitute {
			row += " (substitute)"
		}
		fmt.Fprintf(&b, `<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%+.3g</td><td>%s</td><td>%s</td><td>%s</td></tr>`,
			e(row), e(c.Col), e(c.Paper.Format(3)), e(c.Ours.Format(3)), c.Diff(), e(rule), verdictMark[v.Outcome], e(v.Detail))
	}
	b.WriteString(`</table>`)
	return b.String()
}

func partsHTML(parts []Part) string {
	var b strings.Builder
	e := html.EscapeString
	b.WriteString(`<table style="border-collapse:collapse;font-size:12px"><tr><th>part</th><th></th><th>outcome</th><th>detail</th></tr>`)
	for _, p := range parts {
		fmt.Fprintf(&b, `<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>`, e(p.Name), verdictMark[p.Outcome], e(p.Outcome.String()), e(p.Detail))
	}
	b.WriteString(`</table>`)
	return b.String()
}

// Text returns the verdict table as aligned plain text, then the criteria.
func (r *Report) Text() string {
	if r == nil {
		r = &Report{} // a nil report reads as an empty one
	}
	var b strings.Builder
	b.WriteString(r.summary() + "\n")
	for _, c := range r.Sorted() {
		fmt.Fprintf(&b, "%s %-14s %s | paper: %s | ours: %s | criterion: %s", verdictMark[c.Outcome], r.label(c), c.ID, c.Paper, c.ours(), r.criterion(c))
		if c.Reason != "" {
			fmt.Fprintf(&b, " | %s", c.Reason)
		}
		b.WriteByte('\n')
		if len(c.Parts) > 1 {
			for _, p := range c.Parts {
				fmt.Fprintf(&b, "    %s %s: %s\n", verdictMark[p.Outcome], p.Name, p.Detail)
			}
		}
	}
	if len(r.Criteria) > 0 {
		b.WriteString(r.Criteria.Text(r.CriteriaNote))
	}
	return b.String()
}

// EmbedClass is the class of the <script type="application/json"> element
// in which EmbeddedHTML carries the report's JSON.
const EmbedClass = "kernelab-verdict-json"

// CountsClass is the class of the <script type="application/json"> element
// in which EmbeddedHTML carries the report's summary: {"paper", "mode",
// "summary", "counts"} (Counts' JSON). The report index reads it alone.
const CountsClass = "kernelab-verdict-counts"

// Summary is what EmbeddedHTML embeds for the reports index (CountsClass):
// the paper, the mode, the summary line and the counts of a report.
type Summary struct {
	Paper   string `json:"paper"`
	Mode    string `json:"mode"`
	Summary string `json:"summary"`
	Counts  Counts `json:"counts"`
}

// EmbeddedHTML returns the verdict table (HTML) followed by the report as
// JSON, and its counts with the summary line as JSON, each in a <script
// type="application/json"> element: inert in a browser, read back by
// FindEmbedded and by the reports index. "</" in the JSON is escaped so it
// cannot close the element.
func (r *Report) EmbeddedHTML() string {
	b, err := r.JSON()
	if err != nil {
		return r.HTML()
	}
	c, err := json.Marshal(Summary{Paper: r.Paper, Mode: r.Mode, Summary: r.Counts().String(), Counts: r.Counts()})
	if err != nil {
		return r.HTML()
	}
	esc := func(b []byte) string { return strings.ReplaceAll(string(b), "</", `<\/`) }
	return r.HTML() + `<script type="application/json" class="` + EmbedClass + `">` + esc(b) + `</script>` +
		`<script type="application/json" class="` + CountsClass + `">` + esc(c) + `</script>`
}

// FindEmbedded returns the report EmbeddedHTML put in the HTML text h.
func FindEmbedded(h string) (*Report, error) {
	b, err := embedded(h, EmbedClass)
	if err != nil {
		return nil, err
	}
	return ParseReport(b)
}

// FindSummary returns the summary EmbeddedHTML put in the HTML text h.
func FindSummary(h string) (Summary, error) {
	var s Summary
	b, err := embedded(h, CountsClass)
	if err != nil {
		return s, err
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return Summary{}, klearn.Errorf(klearn.ErrParam, "repro: embedded summary: %v", err)
	}
	return s, nil
}

// embedded returns the JSON of the first <script type="application/json">
// element of class class in h, with EmbeddedHTML's escape of "</" undone.
func embedded(h, class string) ([]byte, error) {
	open := `<script type="application/json" class="` + class + `">`
	i := strings.Index(h, open)
	if i < 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "repro: no embedded %s", class)
	}
	rest := h[i+len(open):]
	j := strings.Index(rest, "</script>")
	if j < 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "repro: embedded %s not terminated", class)
	}
	return []byte(strings.ReplaceAll(rest[:j], `<\/`, "</")), nil
}
