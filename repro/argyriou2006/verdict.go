package argyriou2006

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/stattest"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/argyriou2006/protocol"
	"github.com/kernelab/kernelab/viz"
)

// localMaximaID is the ID of the check of the number of local maxima of
// the step-2 objective (Section 4).
const localMaximaID = "Section 4 (local maxima)"

func rangeName(r int) string { return fmt.Sprintf("[%g, %g]", Ranges[r][0], Ranges[r][1]) }

// within reports whether |a − b| ≤ TolCell, the declared tolerance.
func within(a, b float64) bool { return math.Abs(a-b) <= TolCell.Abs }

// Verdict computes the verdict table from res under Criteria. In quick
// mode each experiment row says on how many of the paper's cells (and at
// which size) it was decided.
func Verdict(res *Results) *repro.Report {
	r := &repro.Report{Paper: Paper, Mode: res.Mode, Elapsed: res.Elapsed, Criteria: slices.Clone(Criteria), CriteriaFile: CriteriaFile}
	for _, c := range res.Checks {
		if c.ID == localMaximaID {
			// The verdict row keeps the outcome and its basis; the counts
			// per vector and grid stay in res.Checks (shown with the check).
			c.Reason = "counts per c and grid with the check"
		}
		r.Add(c)
	}
	r.Add(Table1Claim(res), DCStandardClaim(res), Table2Claim(res))
	r.Add(TwoVsOneClaim(res), GridsClaim(res), RangesClaim(res))
	r.Add(AlgorithmClaims(res)...)
	r.Add(CorrectiveClaim(res))
	r.Add(FiniteTimeClaim(res), TimeGrowthClaim(res))
	r.Add(FiniteRepresentationClaim(res))
	r.Add(Figure1Claim(res))
	fig2 := false
	for _, c := range res.Table2 {
		if c.Task == protocol.Fig2Task && c.Range == protocol.Fig2Range {
			r.Add(Figure2Claim(res, c), kindsClaim(res, c))
			fig2 = true
		}
	}
	if !fig2 {
		r.Add(repro.NotRunClaim("Figure 2", repro.Experiment, "the learned (σ₁, σ₂) of odd vs even", "odd vs even in [100, 10000] with two variances not run in this mode"),
			repro.NotRunClaim("Figure 2 (kinds)", repro.Diagnostic, "the figure's two kinds alone", "not run in this mode"))
	}
	r.Add(quadClaim(res), sizeClaim(res))
	return r
}

// quick is the quick-mode mark of a row run on n of the paper's m cells,
// at the run's training size.
func quick(res *Results, n, m int) repro.Subset {
	if res.Mode != "quick" {
		return repro.Subset{}
	}
	return repro.Subset{N: n, M: m, Of: fmt.Sprintf("cells, at %d training and %d test points (the paper: %d and %d)", res.Train, res.Test, protocol.PaperTrain, protocol.PaperTest)}
}

// OurSetups are the columns of Table 1 whose set-up the paper leaves to
// Argyriou et al. (2005), whose text we do not have: "standard" (our
// multistart quasi-Newton step 2 stands in for that paper's
// branch-and-bound with local descent), "finite" (the σ set is not given:
// we take the five of the initial kernel) and "SVM" (SVM-light's σ and C
// are not given: our σ grid, C grid and cross-validation, protocol.Config).
// Their cells are our reading of an unstated protocol: shown, but
// counted apart as substitutes (repro.Cell.Substitute), as repro counts
// any method or set-up of ours standing in for the paper's.
// Table 1 is decided by its DC cells.
var OurSetups = map[string]bool{"standard": true, "finite": true, "SVM": true}

// Table1Claim decides Table 1's DC cells under TolCell and the paper's
// adjacent gaps (criterion C-cells, rowCells); the cells of OurSetups are
// counted apart. Ours counts the finite solves not certified (withSolves)
// and the SVM column's fits at SMO's iteration cap (withSVMs): the (σ, C)
// its cross-validation left out and the final fits that did not converge.
// An SVM cell whose final fit did not converge (or recorded no status) is
// undecided (repro.Cell.Uncertified = 1): its error is not the SVM's at
// the chosen σ and C. No other fit is behind it, since the
// cross-validation chose among converged fits only. A finite cell whose
// FiniteCombination solve was not certified is undecided too, and so are
// a DC cell whose run did not converge (unconverged) and a standard cell
// whose run stopped at the cap of greedy steps (greedyStopped): Ours
// counts both (withRuns, withStandard).
func Table1Claim(res *Results) repro.Claim {
	var cells []repro.Cell
	var solves []protocol.FiniteSolve
	var svms []protocol.SVMFits
	var runs, standard []protocol.Greedy1
	for _, c := range res.Table1 {
		row := rowCells(c.Task, c.Range, protocol.Methods1, Table1Paper[c.Task][c.Range][:],
			[]float64{c.DC.Error, c.Standard.Error, c.Finite, c.SVM})
		for i := range row {
			switch {
			case row[i].Col == "SVM" && !c.SVMFits.Converged():
				row[i].Uncertified = 1
			case row[i].Col == "DC":
				row[i].Uncertified = unconverged(c.DC)
			case row[i].Col == "standard" && !greedyStopped(c.Standard):
				row[i].Uncertified = 1
			case row[i].Col == "finite":
				row[i].Uncertified = uncertified(c.FiniteSolve)
			}
		}
		cells = append(cells, row...)
		solves, svms, runs, standard = append(solves, c.FiniteSolve), append(svms, c.SVMFits), append(runs, c.DC), append(standard, c.Standard)
	}
	return withStandard(withRuns(withSVMs(withSolves(cellsClaim(res, "Table 1", "test error (%) with one Gaussian variance; DC decides",
		"; standard, finite and SVM apart (set-ups ours)"+unseparated(cells), cells, 9), solves), svms), runs), standard)
}

// withStandard is withRuns for the standard column's runs (a local step
// 2, so no certificate to count): when some stopped at the cap of greedy
// steps, it appends to Ours how many; their cells are undecided
// (Table1Claim).
func withStandard(c repro.Claim, runs []protocol.Greedy1) repro.Claim {
	capped := 0
	for _, g := range runs {
		if !greedyStopped(g) {
			capped++
		}
	}
	if capped == 0 {
		return c
	}
	return withNote(c, fmt.Sprintf("%d of %d standard runs at the cap of greedy steps", capped, len(runs)))
}

// withNote appends note to the Ours of c, unless note is "" or c was not
// run: the one way the with* helpers count what a row read.
func withNote(c repro.Claim, note string) repro.Claim {
	if note != "" && c.Outcome != repro.NotRun {
		c.Ours += "; " + note
	}
	return c
}

// withSVMs is withSolves for the SVM column's cross-validations (one per
// cell of Table 1, protocol.SVMFits): when some fit stopped at SMO's
// iteration cap, it appends to Ours how many of the fits did, how many
// (σ, C) the cross-validations left out of their choice (they chose among
// converged fits only, since 2026-12-01), and how many final fits did not
// converge: their test errors are shown and counted, their cells
// undecided (Table1Claim).
func withSVMs(c repro.Claim, fits []protocol.SVMFits) repro.Claim {
	var tot protocol.SVMFits
	final := 0
	for _, f := range fits {
		tot.Fits, tot.Capped, tot.Excluded = tot.Fits+f.Fits, tot.Capped+f.Capped, tot.Excluded+f.Excluded
		if f.Converged() {
			final++
		}
	}
	if tot.Capped == 0 && final == len(fits) {
		return c
	}
	return withNote(c, fmt.Sprintf("SVM: %d of %d fits at SMO's iteration cap, %d (σ, C) left out of the cross-validation choices; %d of %d final fits converged",
		tot.Capped, tot.Fits, tot.Excluded, final, len(fits)))
}

// solveNote says how a finite solve that FiniteCombination did not
// certify (protocol.FiniteSolve.Certified) stopped: the test that stopped
// it, its iterations and its final relative gap; "" for a certified one.
func solveNote(what string, s protocol.FiniteSolve) string {
	return solveNoteTol(what, s, protocol.FiniteTol)
}

// solveNoteTol is solveNote for a solve run to the tolerance tol.
func solveNoteTol(what string, s protocol.FiniteSolve, tol float64) string {
	switch {
	case s.Certified():
		return ""
	case s.Status == "":
		return what + ": no solve recorded, not certified"
	}
	return fmt.Sprintf("%s stopped by %s after %d iterations at a gap %.1e (tolerance %g): not certified", what, s.Status, s.Iterations, s.Gap, tol)
}

// stepsCertified reports whether every step 2 of a run of Algorithm 1
// with the DC step 2 closed with its certificate (protocol.Greedy1.Certified).
func stepsCertified(g protocol.Greedy1) bool { return g.Certified >= g.Steps }

// dcConverged reports whether a run of Algorithm 1 with the DC step 2
// (Tables 1 and 2) converged: stopped by one of its tests, Eq. (10)
// (Success) or the change of E (FunctionConvergence), not at its cap of
// greedy steps, with every step 2 certified. Only then is its time that of
// the algorithm run to its end; a run at the cap, or with a step 2 cut
// short, gives a time cut short.
func dcConverged(g protocol.Greedy1) bool {
	return greedyStopped(g) && stepsCertified(g)
}

// greedyStopped reports whether one of Algorithm 1's tests stopped the
// run g, Eq. (10) (Success) or the change of E (FunctionConvergence), and
// not its cap of greedy steps: all a run with a local step 2 (the
// standard column, which certifies no step 2) can show.
func greedyStopped(g protocol.Greedy1) bool {
	return g.Status == opt.Success.String() || g.Status == opt.FunctionConvergence.String()
}

// unconverged is the count of solves behind a cell that read the DC run
// g: 1 when it did not converge (dcConverged), its error then not the
// algorithm's at its end (repro.Cell.Uncertified).
func unconverged(g protocol.Greedy1) int {
	if dcConverged(g) {
		return 0
	}
	return 1
}

// fromRuns makes the part p, which reads the errors or the weights of the
// DC runs, undecided when one of them did not converge (dcConverged),
// naming it: a run stopped at the cap of greedy steps, or with a step 2
// not certified, gives a number that is not the algorithm's at its end,
// evidence for neither side (README's solver-status rule). A part not run
// stays so.
func fromRuns(p repro.Part, runs map[string]protocol.Greedy1) repro.Part {
	if p.Outcome == repro.NotRun {
		return p
	}
	var notes []string
	for _, what := range slices.Sorted(maps.Keys(runs)) {
		if n := runNote(what, runs[what]); n != "" {
			notes = append(notes, n)
		}
	}
	if len(notes) == 0 {
		return p
	}
	p.Outcome, p.Detail = repro.Undecided, p.Detail+"; "+strings.Join(notes, "; ")+": evidence for neither side"
	return p
}

// runNote says how a DC run that did not converge (dcConverged) stopped:
// the test that stopped it, its steps and its certified step 2s; "" for
// a converged run.
func runNote(what string, g protocol.Greedy1) string {
	if dcConverged(g) {
		return ""
	}
	return fmt.Sprintf("%s stopped by %s after %d steps, %d of %d step-2 problems certified: not converged", what, g.Status, g.Steps, g.Certified, g.Steps)
}

// withRuns is withSolves for the DC runs a row reads: it appends to Ours
// how many converged (dcConverged), when some did not, and how many of
// those stopped at the cap. A run that did not converge is counted, not
// hidden; the rows that compare its time decide that part undecided.
func withRuns(c repro.Claim, runs []protocol.Greedy1) repro.Claim {
	n, capped := converged(runs), 0
	for _, g := range runs {
		if !dcConverged(g) && g.Status == opt.IterationLimit.String() {
			capped++
		}
	}
	if n == len(runs) {
		return c
	}
	return withNote(c, fmt.Sprintf("%d of %d DC runs converged (stopped by a test of Algorithm 1, every step 2 certified), %d at the cap of greedy steps",
		n, len(runs), capped))
}

// uncertified is the count of uncertified solves behind a finite cell: 1
// when s did not meet its tolerance (repro.Cell.Uncertified).
func uncertified(s protocol.FiniteSolve) int {
	if s.Certified() {
		return 0
	}
	return 1
}

// withSolves appends to the Ours of a row that reads finite solves how
// many FiniteCombination certified, when some were not: those at the cap
// and the largest gap they stopped at, in the words of the DC
// certificates row. A solve not certified is counted, not hidden; the
// rows that compare its time or its E decide that part undecided.
func withSolves(c repro.Claim, solves []protocol.FiniteSolve) repro.Claim {
	n, capped, gap := 0, 0, 0.0
	for _, s := range solves {
		switch {
		case s.Certified():
			n++
		case s.Status == opt.IterationLimit.String():
			capped++
			fallthrough
		default:
			gap = math.Max(gap, s.Gap)
		}
	}
	if n == len(solves) {
		return c
	}
	return withNote(c, fmt.Sprintf("%d of %d finite solves certified (relative gap ≤ %g), %d at the cap; uncertified ones stopped at a gap ≤ %.1e",
		n, len(solves), protocol.FiniteTol, capped, gap))
}

// cellsClaim decides a table's cells under TolCell (criterion C-cells): m
// is the number of the paper's cells that decide (substitutes apart), note
// ends the reason. No cells: the table was not run.
func cellsClaim(res *Results, id, what, note string, cells []repro.Cell, m int) repro.Claim {
	if len(cells) == 0 {
		return repro.NotRunClaim(id, repro.Experiment, what, "not run in this mode")
	}
	n := 0
	for _, c := range cells {
		if !c.Substitute {
			n++
		}
	}
	reason := fmt.Sprintf("%d training, %d test points (the paper: %d, %d)%s", res.Train, res.Test, protocol.PaperTrain, protocol.PaperTest, note)
	tol := fmt.Sprintf("%s and < δ, the gap to the row's nearest other method (else undecided)", TolCell)
	return repro.Claim{ID: id, Statement: what, Reason: reason, Tolerance: tol, Quick: quick(res, n, m)}.DecideCells(cells)
}

// rowCells returns the cells of one row of Table 1 or 2 (a task and a
// range of variances): our error of each method against the paper's
// printed one, the methods of OurSetups as substitutes. Each run is one
// fit on fixed data, so N = 1 and repro's tolerance rule decides, with
// TolCell and δ the gap to the nearest other method of the paper's row
// (repro.AdjacentGap): within only when TolCell is below δ, undecided when
// the band holds the neighbour's number too, out beyond TolCell.
func rowCells(task, rng int, methods []string, paper, ours []float64) []repro.Cell {
	gap := repro.AdjacentGap(paper)
	cells := make([]repro.Cell, len(methods))
	for m, name := range methods {
		cells[m] = repro.Cell{Row: Tasks[task] + " " + rangeName(rng), Col: name,
			Paper: repro.V(paper[m]), Ours: repro.Value{Mean: ours[m], N: 1}, Tol: TolCell, Delta: gap[m], Substitute: OurSetups[name]}
	}
	return cells
}

// unseparated counts the deciding cells (not substitutes) whose δ TolCell
// does not separate (repro.CellVerdict.Separates): the note of a cells
// row.
func unseparated(cells []repro.Cell) string {
	n, m := 0, 0
	for _, c := range cells {
		if c.Substitute {
			continue
		}
		m++
		if !c.Verdict().Separates() {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("; %d of %d cells have a method of the paper's row within %s: undecided unless out", n, m, TolCell)
}

// DCStandardClaim decides "DC is as good as the previous greedy method for
// a single variance" (criterion C-dc-standard), per cell of Table 1: the
// two errors within TolCell of each other, and DC's final regularisation
// error E no higher than standard's, to CertTol (DC solves step 2
// globally, standard locally). Our standard stands in for the paper's
// (OurSetups), so the row is a substitute, counted apart.
func DCStandardClaim(res *Results) repro.Claim {
	const id, what = "Table 1 (DC vs standard)", "DC is as good as the greedy method with a local step 2 for one variance"
	if len(res.Table1) == 0 {
		return repro.NotRunClaim(id, repro.Statement, what, "not run in this mode")
	}
	var parts []repro.Part
	for _, c := range res.Table1 {
		name := Tasks[c.Task] + " " + rangeName(c.Range)
		eDC, eStd := last(c.DC.E), last(c.Standard.E)
		ok := within(c.DC.Error, c.Standard.Error) && eDC <= eStd*(1+CertTol)
		p := fromRuns(repro.Check(name, ok, fmt.Sprintf("error DC %.1f %%, standard %.1f %%; final E DC %.6g, standard %.6g", c.DC.Error, c.Standard.Error, eDC, eStd)),
			map[string]protocol.Greedy1{"DC": c.DC})
		if !greedyStopped(c.Standard) && p.Outcome != repro.NotRun {
			p.Outcome, p.Detail = repro.Undecided, p.Detail+fmt.Sprintf("; standard stopped by %s after %d steps: not converged, evidence for neither side", c.Standard.Status, c.Standard.Steps)
		}
		parts = append(parts, p)
	}
	return repro.Claim{ID: id, Kind: repro.Statement, Statement: what, Paper: "DC ≈ standard (6.5/6.6, 3.7/3.8, …)", Substitute: true,
		Tolerance: fmt.Sprintf("errors within %s of each other, E(DC) ≤ E(standard)·(1 + %g)", TolCell, CertTol),
		Reason:    "our standard step 2 stands in for the paper's: counted apart",
		Quick:     quick(res, len(parts), 9)}.Decide(parts...)
}

// last is the last entry of xs (NaN for none).
func last(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	return xs[len(xs)-1]
}

// Table2Claim decides Table 2's cells under TolCell and the paper's
// adjacent gaps (criterion C-cells, rowCells). Ours counts the grids'
// solves not certified (withSolves); a grid's cell whose solve was not
// certified is undecided (repro.Cell.Uncertified).
func Table2Claim(res *Results) repro.Claim {
	var cells []repro.Cell
	var solves []protocol.FiniteSolve
	var runs []protocol.Greedy1
	for _, c := range res.Table2 {
		row := rowCells(c.Task, c.Range, protocol.Methods2, Table2Paper[c.Task][c.Range][:],
			[]float64{c.DC.Error, c.Grid5, c.Grid10})
		row[0].Uncertified, row[1].Uncertified, row[2].Uncertified = unconverged(c.DC), uncertified(c.Grid5Solve), uncertified(c.Grid10Solve)
		cells = append(cells, row...)
		solves, runs = append(solves, c.Grid5Solve, c.Grid10Solve), append(runs, c.DC)
	}
	return withRuns(withSolves(cellsClaim(res, "Table 2", "test error (%) with one variance per image half: DC against 5×5 and 10×10 finite grids", unseparated(cells), cells, 27), solves), runs)
}

// TwoVsOneClaim decides "two variances significantly improve on one"
// (criterion C-two-vs-one): per task and range, DC with two variances
// below DC with one by more than TolCell.
func TwoVsOneClaim(res *Results) repro.Claim {
	const id, what = "Table 2 vs Table 1", "two variances (image halves) improve on one"
	var parts []repro.Part
	for _, c2 := range res.Table2 {
		for _, c1 := range res.Table1 {
			if c1.Task == c2.Task && c1.Range == c2.Range {
				parts = append(parts, fromRuns(repro.Check(Tasks[c1.Task]+" "+rangeName(c1.Range), c2.DC.Error < c1.DC.Error-TolCell.Abs,
					fmt.Sprintf("two variances %.1f %%, one %.1f %%", c2.DC.Error, c1.DC.Error)),
					map[string]protocol.Greedy1{"DC with one variance": c1.DC, "DC with two variances": c2.DC}))
			}
		}
	}
	if len(parts) == 0 {
		return repro.NotRunClaim(id, repro.Statement, what, "not run in this mode")
	}
	return repro.Claim{ID: id, Kind: repro.Statement, Statement: what, Paper: "lower in all 9 cells (e.g. odd vs even 5.8 against 6.5)",
		Tolerance: fmt.Sprintf("two-variance DC error below one-variance DC error by more than %s", TolCell), Quick: quick(res, len(parts), 9)}.Decide(parts...)
}

// GridsClaim decides "this method succeeds only in the smallest range of
// σ's and with the 10×10 grid" (criterion C-finite-grids): in [500, 5000]
// the 10×10 grid within TolCell of DC and the 5×5 grid worse by more;
// in the wider ranges both grids worse than DC by more than TolCell. The
// paper's own Table 2 holds in 7 of its 9 cells. A grid whose solve was
// not certified is named in its part, which is undecided, and counted in
// Ours (withSolves).
func GridsClaim(res *Results) repro.Claim {
	const id, what = "Table 2 (finite grids)", "the finite method is competitive only in the smallest range with the 10×10 grid"
	var parts []repro.Part
	var solves []protocol.FiniteSolve
	for _, c := range res.Table2 {
		worse := func(e float64) bool { return e > c.DC.Error+TolCell.Abs }
		holds := worse(c.Grid5) && worse(c.Grid10)
		if c.Range == 2 {
			holds = worse(c.Grid5) && !worse(c.Grid10)
		}
		detail := fmt.Sprintf("DC %.1f, 5×5 %.1f, 10×10 %.1f", c.DC.Error, c.Grid5, c.Grid10)
		for _, n := range []string{solveNote("5×5", c.Grid5Solve), solveNote("10×10", c.Grid10Solve)} {
			if n != "" {
				detail += "; " + n
			}
		}
		p := repro.Check(Tasks[c.Task]+" "+rangeName(c.Range), holds, detail)
		if !c.Grid5Solve.Certified() || !c.Grid10Solve.Certified() {
			p.Outcome, p.Detail = repro.Undecided, p.Detail+": a grid's error is not its optimal combination's, evidence for neither side"
		}
		parts = append(parts, fromRuns(p, map[string]protocol.Greedy1{"DC": c.DC}))
		solves = append(solves, c.Grid5Solve, c.Grid10Solve)
	}
	if len(parts) == 0 {
		return repro.NotRunClaim(id, repro.Statement, what, "not run in this mode")
	}
	return withSolves(repro.Claim{ID: id, Kind: repro.Statement, Statement: what,
		Paper:     "its own Table 2 holds in 7 of 9 cells: 10×10 equals DC in 3 vs 8 [100, 10000] (2.5, 2.5), 5×5 is 0.2 from DC in 4 vs 7 [500, 5000]",
		Tolerance: fmt.Sprintf("in [500, 5000] 10×10 within %s of DC and 5×5 worse by more; in the wider ranges both grids worse by more than %s", TolCell, TolCell),
		Reason:    "the sentence's \"only\" tested in every cell; the paper's own numbers give partly",
		Quick:     quick(res, len(parts), 9)}.Decide(parts...), solves)
}

// RangesClaim decides "results are robust to the range" (criterion
// C-two-vs-one): per task, DC's two-variance errors in the ranges run lie
// within TolCell of each other.
func RangesClaim(res *Results) repro.Claim {
	const id, what = "Table 2 (ranges)", "results are robust to the σ range"
	var parts []repro.Part
	for t := range Tasks {
		var es []float64
		runs := map[string]protocol.Greedy1{}
		for _, c := range res.Table2 {
			if c.Task == t {
				es, runs["DC "+rangeName(c.Range)] = append(es, c.DC.Error), c.DC
			}
		}
		if len(es) < 2 {
			continue
		}
		lo, hi := slices.Min(es), slices.Max(es)
		parts = append(parts, fromRuns(repro.Check(Tasks[t], hi-lo <= TolCell.Abs, fmt.Sprintf("%.1f–%.1f", lo, hi)), runs))
	}
	if len(parts) == 0 {
		return repro.NotRunClaim(id, repro.Statement, what, "one range only in this mode")
	}
	return repro.Claim{ID: id, Kind: repro.Statement, Statement: what, Paper: "DC 5.8/5.8/5.8, 2.7/2.5/2.6, 1.8/1.7/1.8",
		Tolerance: fmt.Sprintf("spread within %s", TolCell), Quick: quick(res, len(parts), 3)}.Decide(parts...)
}

// AlgorithmClaims decides the statements on Algorithm 1 and 2 (criterion
// C-algorithm): E non-increasing at every greedy step, every step 2
// certified, and the counts of Section 5 ("usually less than 20
// iterations", "less than 100" cuts, "less than 10" kernels) as medians
// over the DC runs, with no greedy run at its cap.
func AlgorithmClaims(res *Results) []repro.Claim {
	var mono []repro.Part
	cert, steps, gap := 0, 0, 0.0
	var dcRuns []protocol.Greedy1
	check := func(name string, g protocol.Greedy1, dc bool) {
		flat := 0
		for i := 1; i < len(g.E); i++ {
			if !(g.E[i] < g.E[i-1]) {
				flat++
			}
		}
		mono = append(mono, repro.Check(name, flat == 0, fmt.Sprintf("%d values of E, %d steps without a decrease", len(g.E), flat)))
		if !dc {
			return
		}
		cert += g.Certified
		steps += g.Steps
		gap = math.Max(gap, g.MaxGap)
		dcRuns = append(dcRuns, g)
	}
	for _, c := range res.Table1 {
		name := Tasks[c.Task] + " " + rangeName(c.Range)
		check("DC (1) "+name, c.DC, true)
		check("standard (1) "+name, c.Standard, false)
	}
	for _, c := range res.Table2 {
		check("DC (2) "+Tasks[c.Task]+" "+rangeName(c.Range), c.DC, true)
	}
	if len(mono) == 0 {
		return nil
	}
	out := []repro.Claim{
		repro.Claim{ID: "Algorithm 1 (monotonicity)", Kind: repro.Theorem, Statement: "each greedy step lowers the regularisation error E",
			Paper: "strictly decreasing", Tolerance: "E strictly lower after every step taken (a step with λ = 0 fails)"}.Decide(mono...),
		repro.Claim{ID: "Section 5 (DC certificates)", Kind: repro.Statement,
			Statement: "each step 2 solved globally by the cutting plane",
			Paper:     "global optimum of step 2", Tolerance: fmt.Sprintf("certified gap ≤ %g·max(1, |φ|), φ for the unit vector c/‖c‖", CertTol)}.Decide(
			repro.Check("certified", cert == steps, fmt.Sprintf("%d of %d step-2 problems certified; uncertified ones stopped at a gap ≤ %.1e", cert, steps, gap))),
	}
	if len(dcRuns) > 0 {
		out = append(out, repro.Claim{ID: "Section 5 (iterations)", Kind: repro.Statement,
			Statement: iterationsStatement, Paper: iterationsPaper, Tolerance: "medians over the DC runs; no greedy run at its cap",
			Reason: iterationsReason(res), Quick: quick(res, len(dcRuns), 18)}.Decide(iterationsParts(dcRuns)...))
	}
	return out
}

// The statement and the paper's numbers of the iterations rows.
var (
	iterationsStatement = fmt.Sprintf("greedy < %d iterations, cutting plane < %d, < %d kernels", PaperGreedySteps, PaperCuts, PaperKernels)
	iterationsPaper     = fmt.Sprintf("< %d greedy iterations, < %d cuts, < %d kernels", PaperGreedySteps, PaperCuts, PaperKernels)
)

// iterationsReason states the stopping tests of the runs against the
// paper's.
func iterationsReason(res *Results) string {
	accuracy := ""
	if res.GreedyTol == protocol.PaperTol {
		accuracy = " (step 2's accuracy)"
	}
	funTest := ", no other test"
	if res.GreedyFunTol > 0 {
		funTest = fmt.Sprintf(", and the authors' code's second test (footnote 3; tol_fun): stop once a step lowers E by less than %g relative", res.GreedyFunTol)
	}
	return fmt.Sprintf("the paper: strict (10), no tolerance, at most %d greedy iterations (Section 5); ours: (10) at a relative %g%s%s; a cap of %d steps: a run at the cap has not converged",
		PaperGreedyCap, res.GreedyTol, accuracy, funTest, res.GreedySteps)
}

// iterationsParts are the parts of the iterations rows (criterion
// C-algorithm) over DC runs: the median of greedy steps below the paper's
// with no run at the cap, the median of cutting-plane iterations per step
// 2, and the median of kernels with positive weight.
func iterationsParts(runs []protocol.Greedy1) []repro.Part {
	var nSteps, nCuts, nAtoms []float64
	capped, byFun, byTest := 0, 0, 0
	for _, g := range runs {
		nSteps = append(nSteps, float64(g.Steps))
		nAtoms = append(nAtoms, float64(len(g.Atoms)))
		for _, c := range g.Cuts {
			nCuts = append(nCuts, float64(c))
		}
		switch g.Status {
		case opt.IterationLimit.String():
			capped++
		case opt.FunctionConvergence.String():
			byFun++
		case opt.Success.String():
			byTest++
		}
	}
	return []repro.Part{
		repro.Check("greedy", median(nSteps) < PaperGreedySteps && capped == 0,
			fmt.Sprintf("median %.0f, max %.0f greedy steps over %d DC runs; stopped by (10) %d, by the change of E %d, at the cap %d", median(nSteps), slices.Max(nSteps), len(nSteps), byTest, byFun, capped)),
		repro.Check("cuts", median(nCuts) < PaperCuts, fmt.Sprintf("median %.0f cuts per step 2 (all pieces), max %.0f", median(nCuts), maxOr0(nCuts))),
		repro.Check("kernels", median(nAtoms) < PaperKernels, fmt.Sprintf("median %.0f kernels with positive weight, max %.0f", median(nAtoms), maxOr0(nAtoms))),
	}
}

// correctiveID is the row of the fully corrective variant.
const correctiveID = "Section 5 (iterations), fully corrective"

// CorrectiveClaim decides the iteration counts of Section 5 on the fully
// corrective variant of the DC runs (protocol.Config.Corrective; criterion
// C-corrective): the same parts and rule as the iterations row
// (iterationsParts), and a fourth, every re-weighting certified (a run
// whose weights were not re-optimised to their gap is not the variant).
// The variant is not the paper's Algorithm 1: the row is a substitute,
// counted apart. The notebook sets each variant run beside the paper's
// line search on the same cell (Cell1.Corrective, Cell2.Corrective).
func CorrectiveClaim(res *Results) repro.Claim {
	const what = "Section 5's counts, every weight re-optimised at each step"
	var runs []protocol.Greedy1
	for _, c := range res.Table1 {
		if c.Corrective.Steps > 0 {
			runs = append(runs, c.Corrective)
		}
	}
	for _, c := range res.Table2 {
		if c.Corrective.Steps > 0 {
			runs = append(runs, c.Corrective)
		}
	}
	if len(runs) == 0 {
		c := repro.NotRunClaim(correctiveID, repro.Statement, what, "the fully corrective variant is not run in this mode")
		c.Substitute = true
		return c
	}
	done, certified := 0, 0
	for _, g := range runs {
		done += g.Reweighed
		certified += g.ReweighCertified
	}
	parts := append(iterationsParts(runs), repro.Check("re-weighting", certified == done,
		fmt.Sprintf("%d of %d re-weightings certified (relative Frank–Wolfe gap ≤ 1e-6)", certified, done)))
	return repro.Claim{ID: correctiveID, Kind: repro.Statement, Statement: what, Paper: iterationsPaper,
		Tolerance:  "as the iterations row; every re-weighting certified",
		Reason:     "a variant, not the paper's Algorithm 1 (counted apart): after each line search every weight is re-optimised over the kernels found so far; stopping tests and caps as in the iterations row",
		Substitute: true, Quick: quick(res, len(runs), 18)}.Decide(parts...)
}

// timesNote says where our times come from; they are compared as ratios.
const timesNote = "ratios, not seconds: ours the wall time of each job run alone on two cores, the paper's in Matlab at 1 GHz"

// FiniteTimeClaim decides "the finite method is much worse in time cost
// than the DC algorithm (about 1 hour vs. 5 minutes with 2 parameters)"
// (Section 5; criterion C-times): per cell of Table 2, the 10×10 grid
// takes at least SlowerRatio times DC's time. A cell whose 10×10 solve was
// not certified (stopped at the cap, or by the backtracking, short of its
// tolerance), or whose DC run did not converge (dcConverged: at the cap of
// greedy steps, or with a step 2 not certified), is undecided whatever the
// ratio: a time cut short is evidence for neither side. Ours counts both
// (withSolves, withRuns).
func FiniteTimeClaim(res *Results) repro.Claim {
	const id, what = "Section 5 (finite vs DC time)", "the finite method is much slower than DC with two variances"
	var parts []repro.Part
	var solves []protocol.FiniteSolve
	var runs []protocol.Greedy1
	for _, c := range res.Table2 {
		if c.Grid10Seconds > 0 && c.DC.Seconds > 0 {
			p := repro.Check(Tasks[c.Task]+" "+rangeName(c.Range), c.Grid10Seconds >= SlowerRatio*c.DC.Seconds,
				fmt.Sprintf("10×10 grid %.1f s (%d iterations), DC %.1f s: ratio %.2g", c.Grid10Seconds, c.Grid10Solve.Iterations, c.DC.Seconds, c.Grid10Seconds/c.DC.Seconds))
			for _, n := range []string{solveNote("the 10×10 solve", c.Grid10Solve), runNote("DC", c.DC)} {
				if n != "" {
					p.Outcome, p.Detail = repro.Undecided, p.Detail+"; "+n+": its time is cut short, evidence for neither side"
				}
			}
			parts = append(parts, p)
			solves, runs = append(solves, c.Grid10Solve), append(runs, c.DC)
		}
	}
	if len(parts) == 0 {
		return repro.NotRunClaim(id, repro.Statement, what, "no timed cell of Table 2 in this mode")
	}
	return withRuns(withSolves(repro.Claim{ID: id, Kind: repro.Statement, Statement: what, Paper: "about 1 hour against 5 minutes (ratio about 12)",
		Tolerance: fmt.Sprintf("10×10 grid time ≥ %g × DC time per cell; a 10×10 solve not certified or a DC run not converged: undecided", SlowerRatio),
		Reason:    timesNote + "; a cell whose 10×10 solve was not certified, or whose DC run stopped at the cap or with a step 2 not certified, is undecided (its time is cut short)",
		Quick:     quick(res, len(parts), 9)}.Decide(parts...), solves), runs)
}

// TimeGrowthClaim decides "the running time of our algorithm deteriorates
// fast with the number of parameters (1–2 minutes for one, about 5 for
// two, about 1 hour for four)" (Section 5; criterion C-times): the median
// DC time grows by at least GrowthRatio from one variance (Table 1) to
// two (Table 2), and from two to four (the four-variance run with the
// local variant of Algorithm 2, against DC with two variances on its
// task and range). A four-variance run at the cap that misses the ratio
// is undecided: its time is cut short. A part that reads the time of a DC
// run of Table 1 or 2 that did not converge (dcConverged) is undecided
// whatever the ratio, evidence for neither side; Ours counts those runs
// (withRuns).
func TimeGrowthClaim(res *Results) repro.Claim {
	const id, what = "Section 5 (DC time vs parameters)", "DC's time grows fast with the number of variances"
	var t1, t2 []float64
	var runs []protocol.Greedy1
	for _, c := range res.Table1 {
		if c.DC.Seconds > 0 {
			t1, runs = append(t1, c.DC.Seconds), append(runs, c.DC)
		}
	}
	for _, c := range res.Table2 {
		if c.DC.Seconds > 0 {
			t2, runs = append(t2, c.DC.Seconds), append(runs, c.DC)
		}
	}
	var parts []repro.Part
	if len(t1) > 0 && len(t2) > 0 {
		m1, m2 := median(t1), median(t2)
		p := repro.Check("one → two", m2 >= GrowthRatio*m1, fmt.Sprintf("median %.1f s → %.1f s: ratio %.2g", m1, m2, m2/m1))
		if n := len(runs) - converged(runs); n > 0 {
			p.Outcome, p.Detail = repro.Undecided, p.Detail+fmt.Sprintf("; %d of %d DC runs not converged (at the cap, or a step 2 not certified): their times are cut short, evidence for neither side", n, len(runs))
		}
		parts = append(parts, p)
	}
	for _, q := range res.Quadrants {
		if q.Step2 != protocol.MethodLocalDC {
			continue
		}
		for _, c := range res.Table2 {
			if c.Task == q.Task && c.Range == q.Range && c.DC.Seconds > 0 && q.Seconds > 0 {
				p := repro.Check("two → four", q.Seconds >= GrowthRatio*c.DC.Seconds,
					fmt.Sprintf("%s %s: %.1f s → %.1f s (%s, %d steps, stopped by %s): ratio %.2g", Tasks[q.Task], rangeName(q.Range), c.DC.Seconds, q.Seconds, q.Step2, q.Steps, q.Status, q.Seconds/c.DC.Seconds))
				if p.Outcome == repro.NotReproduced && q.Status != opt.Success.String() {
					p.Outcome = repro.Undecided
				}
				if n := runNote("DC with two variances", c.DC); n != "" {
					p.Outcome, p.Detail = repro.Undecided, p.Detail+"; "+n+": its time is cut short, evidence for neither side"
				}
				parts = append(parts, p)
			}
		}
	}
	if len(parts) == 0 {
		return repro.NotRunClaim(id, repro.Statement, what, "no DC runs with different numbers of variances in this mode")
	}
	return withRuns(repro.Claim{ID: id, Kind: repro.Statement, Statement: what, Paper: "1–2 min, about 5 min, about 1 hour (ratios about 2.5–5, then 12)",
		Tolerance: fmt.Sprintf("each ratio ≥ %g; a part reading a DC run of Table 1 or 2 not converged: undecided", GrowthRatio),
		Reason:    timesNote + "; four variances by our local variant of Algorithm 2; a part that reads a DC run stopped at the cap or with a step 2 not certified is undecided (its time is cut short)"}.Decide(parts...), runs)
}

// converged counts the runs that converged (dcConverged).
func converged(runs []protocol.Greedy1) int {
	n := 0
	for _, g := range runs {
		if dcConverged(g) {
			n++
		}
	}
	return n
}

// FiniteRepresentationClaim decides "an optimal kernel is a mixture of at
// most m + 1 Gaussians" (Section 3, from Argyriou et al., 2005; m training
// points; criterion C-finite-representation) on the DC runs of Tables 1
// and 2. A run stopped by the test of Eq. (10) with every step 2
// certified is an optimum, to CertTol. Its Gaussians with positive weight
// are at most the initial kernel's plus one per greedy step: within
// m + 1, the part holds; its merged kernels (protocol.MergeTol, a lower
// bound on their number) beyond m + 1, it fails; between, it is
// undecided. A run the cap stopped, or with a step 2 not certified, is no
// optimum: shown, not run. At the paper's sizes the bound is loose (at
// most 5 + 100 Gaussians against m + 1 = 501).
func FiniteRepresentationClaim(res *Results) repro.Claim {
	const id, what = "Section 3 (m + 1 kernels)", "an optimal kernel is a mixture of at most m + 1 Gaussians (m training points)"
	var parts []repro.Part
	add := func(name string, g protocol.Greedy1, rng, blocks int) {
		n0, m := len(protocol.Initial(Ranges[rng], blocks)), res.Train
		bound := n0 + g.Steps
		detail := fmt.Sprintf("at most %d Gaussians (%d initial, %d steps), %d after merging; m + 1 = %d", bound, n0, g.Steps, len(g.Atoms), m+1)
		p := repro.Part{Name: name, Detail: detail}
		switch {
		case g.Status != opt.Success.String() || !stepsCertified(g):
			p.Outcome, p.Detail = repro.NotRun, fmt.Sprintf("no optimum: stopped by %s, %d of %d step-2 problems certified", g.Status, g.Certified, g.Steps)
		case bound <= m+1:
			p.Outcome = repro.Reproduced
		case len(g.Atoms) > m+1:
			p.Outcome = repro.NotReproduced
		default:
			p.Outcome = repro.Undecided
		}
		parts = append(parts, p)
	}
	for _, c := range res.Table1 {
		add("DC (1) "+Tasks[c.Task]+" "+rangeName(c.Range), c.DC, c.Range, 1)
	}
	for _, c := range res.Table2 {
		add("DC (2) "+Tasks[c.Task]+" "+rangeName(c.Range), c.DC, c.Range, 2)
	}
	if len(parts) == 0 {
		return repro.NotRunClaim(id, repro.Theorem, what, "not run in this mode")
	}
	optima := 0
	for _, p := range parts {
		if p.Outcome != repro.NotRun {
			optima++
		}
	}
	c := repro.Claim{ID: id, Kind: repro.Theorem, Statement: what, Paper: "at most m + 1 (Argyriou et al., 2005)",
		Tolerance: "certified optima: initial Gaussians + greedy steps ≤ m + 1 holds; merged kernels > m + 1 fails",
		Quick:     quick(res, optima, 18)}.Decide(parts...)
	switch c.Outcome {
	case repro.NotRun:
		c.Reason = "no DC run reached a certified optimum"
	case repro.Undecided:
		c.Reason = "the records bound the number of Gaussians above m + 1 only"
	case repro.Partly, repro.NotReproduced:
		c.Reason = "a certified optimum has more than m + 1 kernels"
	}
	return c
}

// median is stattest.Median of x, NaN for none (or a value not finite).
func median(x []float64) float64 {
	m, err := stattest.Median(x)
	if err != nil {
		return math.NaN()
	}
	return m
}

func maxOr0(x []float64) float64 {
	if len(x) == 0 {
		return 0
	}
	return slices.Max(x)
}

// Figure1Claim decides Figure 1 (criterion C-figure-1): with two
// variances in [100, 10000], odd vs even combines several kernels with
// no clear winner, and 3 vs 8 and 4 vs 7 each have a clear winner (a
// weight ≥ WinnerWeight and ≥ WinnerRatio times the next).
func Figure1Claim(res *Results) repro.Claim {
	const id, what = "Figure 1", "odd vs even combines several kernels; 3-8 and 4-7 one winner"
	var parts []repro.Part
	for _, c := range res.Table2 {
		if c.Range != 1 {
			continue
		}
		top, next, big := 0.0, 0.0, 0
		for _, a := range c.DC.Atoms {
			if a.Weight > top {
				top, next = a.Weight, top
			} else if a.Weight > next {
				next = a.Weight
			}
			if a.Weight >= SmallWeight {
				big++
			}
		}
		winner := top >= WinnerWeight && top >= WinnerRatio*next
		holds := (c.Task == 0 && big >= MinCombined && !winner) || (c.Task != 0 && winner)
		parts = append(parts, fromRuns(repro.Check(Tasks[c.Task], holds, fmt.Sprintf("largest weight %.2f, next %.2f, %d weights ≥ %g", top, next, big, SmallWeight)),
			map[string]protocol.Greedy1{"DC": c.DC}))
	}
	if len(parts) == 0 {
		return repro.NotRunClaim(id, repro.Experiment, what, "not run in this mode")
	}
	return repro.Claim{ID: id, Kind: repro.Experiment, Statement: what, Paper: "stem plots, no numbers",
		Tolerance: fmt.Sprintf("winner: a weight ≥ %g and ≥ %g × the next; odd vs even: ≥ %d weights ≥ %g, no winner", WinnerWeight, WinnerRatio, MinCombined, SmallWeight),
		Quick:     quick(res, len(parts), 3)}.Decide(parts...)
}

// Figure2Claim decides Figure 2 (criterion C-figures) on the cell c of
// Table 2 (odd vs even, [100, 10000]). No pre-registered diagnostic
// explains a miss (the post-hoc row Figure 2 (kinds) explains nothing).
func Figure2Claim(res *Results, c protocol.Cell2) repro.Claim {
	var w, tot float64
	up := Ranges[1][1]
	for _, a := range c.DC.Atoms {
		tot += a.Weight
		one := a.Sigma[0] >= EdgeFrac*up || a.Sigma[1] >= EdgeFrac*up
		whole := math.Abs(math.Log(a.Sigma[0]/a.Sigma[1])) <= EqualLog
		if one || whole {
			w += a.Weight
		}
	}
	frac := w / tot
	return repro.Claim{ID: "Figure 2", Kind: repro.Experiment,
		Statement: "learned kernels focus on one half or on the whole image",
		Paper:     "scatter, no numbers", Tolerance: fmt.Sprintf("≥ %g %% of the weight with one σ ≥ %g·%g or |log σ₁/σ₂| ≤ %g", 100*KindsShare, EdgeFrac, up, EqualLog),
		Reason: "no pre-registered explanation", Quick: quick(res, 1, 1)}.Decide(
		fromRuns(repro.Check("weight", frac >= KindsShare, fmt.Sprintf("%.0f %% of the weight on such kernels", 100*frac)), map[string]protocol.Greedy1{"DC": c.DC}))
}

// kindsClaim is the post-hoc diagnostic of Figure 2 (criterion D-kinds):
// on the grid of the 10×10 column, does a combination of kernels of the
// figure's two kinds only reach, within CertTol, the E of Eq. (4) of the
// best combination of every pair (σ₁, σ₂) of the grid? Both are solved
// exactly by FiniteCombination (other code than the greedy's step 2), on
// the same grid, so only the restriction differs. Written after Figure 2
// missed, it explains nothing. With either solve not certified the two E
// are not both optima: undecided.
func kindsClaim(res *Results, c protocol.Cell2) repro.Claim {
	const id, statement = "Figure 2 (kinds)", "the figure's two kinds alone reach the grid's E"
	k := res.Figure2Kinds
	if k == nil || !(c.Grid10E > 0) || len(c.DC.E) == 0 {
		return repro.NotRunClaim(id, repro.Diagnostic, statement, "the diagnostic did not run in this mode")
	}
	p := repro.Check("E", k.E <= (1+CertTol)*c.Grid10E,
		fmt.Sprintf("E %.4g with the grid's %d kernels of the two kinds (test error %.1f %%), %.4g with all its 100 (%.1f %%); learned: %.4g (%.1f %%)",
			k.E, len(k.Sigmas), k.Error, c.Grid10E, c.Grid10, c.DC.E[len(c.DC.E)-1], c.DC.Error))
	for _, n := range []string{solveNote("the two kinds' solve", k.Solve), solveNote("the 10×10 solve", c.Grid10Solve)} {
		if n != "" {
			p.Outcome, p.Detail = repro.Undecided, p.Detail+"; "+n
		}
	}
	return withSolves(repro.Claim{ID: id, Kind: repro.Diagnostic, PostHoc: true, Concerns: "Figure 2", Statement: statement,
		Paper: "(not in the paper: added after Figure 2's miss)", Ours: fmt.Sprintf("E two kinds / E all pairs − 1 = %.2g", k.E/c.Grid10E-1),
		Tolerance: fmt.Sprintf("E two kinds ≤ (1 + %g)·E all pairs (step 2's certified accuracy), both solves certified (else undecided)", CertTol)}.Decide(p),
		[]protocol.FiniteSolve{k.Solve, c.Grid10Solve})
}

// sizeClaim is the post-hoc diagnostic of the training size (criterion
// D-size): the DC error of one task and range, rerun on growing training
// sets, falls to within TolCell of the paper's at its 500 points (no
// larger than at the smallest size). It is ours, not the paper's claim.
func sizeClaim(res *Results) repro.Claim {
	const id, statement = "Training size (Table 1)", "the DC error falls to the paper's at 500 points"
	if len(res.Sizes) < 2 {
		return repro.NotRunClaim(id, repro.Diagnostic, statement, "fewer than two training sizes in this mode")
	}
	first, lst := res.Sizes[0], res.Sizes[len(res.Sizes)-1]
	p := Table1Paper[lst.Task][lst.Range][0]
	var parts []string
	runs := map[string]protocol.Greedy1{}
	for _, sp := range res.Sizes {
		parts, runs[fmt.Sprintf("DC at %d points", sp.Train)] = append(parts, fmt.Sprintf("%d points: %.1f %%", sp.Train, sp.Error)), sp.Greedy1
	}
	ok := lst.Train >= protocol.PaperTrain && within(lst.Error, p) && lst.Error <= first.Error
	return repro.Claim{ID: id, Kind: repro.Diagnostic, PostHoc: true, Concerns: "Table 1", Statement: statement,
		Paper:     fmt.Sprintf("%s %s at %d points: %.1f %%", Tasks[lst.Task], rangeName(lst.Range), protocol.PaperTrain, p),
		Tolerance: fmt.Sprintf("at %d points within %s of the paper's and not above the smallest size's", protocol.PaperTrain, TolCell)}.Decide(
		fromRuns(repro.Check("sizes", ok, strings.Join(parts, ", ")+fmt.Sprintf(" (%s %s, %d test points)", Tasks[lst.Task], rangeName(lst.Range), res.Test)), runs))
}

// quadClaim is the four-variance statement of Section 5: one variance per image quadrant "did not further improve
// the results" over one variance per half. Each four-variance run (one
// per step 2: the local variant of Algorithm 2 and the multistart search)
// is a part; it holds when its error is not below the two-variance DC
// error of its task and range by more than TolCell and the test of
// Eq. (10) stopped it; a run stopped otherwise (the cap, or the change of
// E) is undecided whatever its error (criterion C-four-variances), and so
// is a part whose two-variance run did not converge (fromRuns).
func quadClaim(res *Results) repro.Claim {
	const id, statement = "Section 5 (four variances)", "one variance per image quadrant does not improve on one per half"
	var parts []repro.Part
	why := "step 2 by the multistart quasi-Newton search only in this mode"
	for _, q := range res.Quadrants {
		if q.Step2 == protocol.MethodLocalDC {
			why = "step 2 run both by the local variant of Algorithm 2 (not certified) and by the multistart quasi-Newton search"
		}
		for _, c := range res.Table2 {
			if c.Task != q.Task || c.Range != q.Range {
				continue
			}
			// The times, ours and the paper's, are in the running-times table.
			p := repro.Check(q.Step2, q.Error >= c.DC.Error-TolCell.Abs,
				fmt.Sprintf("%s %s: four variances %.1f %% (%s step 2, %d steps, stopped by %s) vs two %.1f %% (DC)", Tasks[q.Task], rangeName(q.Range), q.Error, q.Step2, q.Steps, q.Status, c.DC.Error))
			if q.Status != opt.Success.String() {
				// Not stopped by (10) (the cap, or the change of E): not at
				// the optimum, evidence for neither side whichever way
				// its error points (since 2026-12-01; before, only a
				// part that held was made undecided).
				p.Outcome, p.Detail = repro.Undecided, p.Detail+"; the four-variance run was not stopped by the test (10): not at the optimum, evidence for neither side"
			}
			parts = append(parts, fromRuns(p, map[string]protocol.Greedy1{"DC with two variances": c.DC}))
		}
	}
	if len(parts) == 0 {
		return repro.NotRunClaim(id, repro.Experiment, statement, "not run in this mode, or no two-variance cell of the same task and range")
	}
	return repro.Claim{ID: id, Kind: repro.Experiment, Statement: statement,
		Paper:     "did not further improve (no numbers)",
		Tolerance: fmt.Sprintf("not below the two-variance DC error by more than %s; stopped by (10), else undecided", TolCell),
		Reason:    why}.Decide(parts...)
}

// Figure1Chart draws Figure 1 for the range [100, 10000]: the learned
// weights against σ for odd vs even with one variance (stems), and for each
// task with two variances the learned (σ₁, σ₂) grouped by weight (the
// paper draws 3-D stems over the (σ₁, σ₂) plane).
func Figure1Chart(res *Results) (*viz.Grid, error) {
	// The axes span the σ range of the experiment on a log scale, a
	// factor 1.2 wider on each side so that kernels at the
	// bounds (σ = 10000 is common in Figure 2) stay clear of the frame.
	lo, hi := Ranges[1][0]/1.2, Ranges[1][1]*1.2
	var panels []viz.Chart
	for _, c := range res.Table1 {
		if c.Task == 0 && c.Range == 1 {
			var xs, ws []float64
			for _, a := range c.DC.Atoms {
				xs, ws = append(xs, a.Sigma[0]), append(ws, a.Weight)
			}
			panels = append(panels, &viz.Stem{Title: Tasks[0] + ", one variance", XLabel: "σ", YLabel: "weight", X: xs, Y: ws,
				Scale: viz.LogX, XMin: lo, XMax: hi})
		}
	}
	for _, c := range res.Table2 {
		if c.Range != 1 {
			continue
		}
		bands := []viz.PointSet{{Name: "weight ≥ 0.3"}, {Name: "0.1 ≤ weight < 0.3"}, {Name: "weight < 0.1"}}
		for _, a := range c.DC.Atoms {
			b := 2
			if a.Weight >= 0.3 {
				b = 0
			} else if a.Weight >= 0.1 {
				b = 1
			}
			bands[b].X, bands[b].Y = append(bands[b].X, a.Sigma[0]), append(bands[b].Y, a.Sigma[1])
		}
		var sets []viz.PointSet
		for _, b := range bands {
			if len(b.X) > 0 {
				sets = append(sets, b)
			}
		}
		panels = append(panels, &viz.Scatter{Title: Tasks[c.Task] + ", two variances", XLabel: "σ₁ (left half)", YLabel: "σ₂ (right half)", Sets: sets,
			Scale: viz.LogLog, XMin: lo, XMax: hi, YMin: lo, YMax: hi})
	}
	if len(panels) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "argyriou2006: Figure 1 needs the range [100, 10000]")
	}
	return &viz.Grid{Title: "Figure 1: learned kernels, range [100, 10000]", Panels: panels, Cols: 2}, nil
}

// Figure2Chart draws Figure 2: the (σ₁, σ₂) of the kernels in the learned
// combination for odd vs even, range [100, 10000].
func Figure2Chart(res *Results) (*viz.Scatter, error) {
	for _, c := range res.Table2 {
		if c.Task == 0 && c.Range == 1 {
			var xs, ys []float64
			for _, a := range c.DC.Atoms {
				xs, ys = append(xs, a.Sigma[0]), append(ys, a.Sigma[1])
			}
			lo, hi := Ranges[1][0]/1.2, Ranges[1][1]*1.2
			return &viz.Scatter{Title: "Figure 2: learned (σ₁, σ₂), " + Tasks[0] + ", [100, 10000]", XLabel: "σ₁ (left half)", YLabel: "σ₂ (right half)",
				Scale: viz.LogLog, XMin: lo, XMax: hi, YMin: lo, YMax: hi,
				Sets: []viz.PointSet{{Name: "kernels in the combination", X: xs, Y: ys}}}, nil
		}
	}
	return nil, klearn.Errorf(klearn.ErrEmpty, "argyriou2006: Figure 2 needs odd vs even in the range [100, 10000]")
}
