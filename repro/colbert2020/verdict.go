package colbert2020

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"gonum.org/v1/gonum/stat"

	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/colbert2020/protocol"
)

// scalingClaim decides Figure 3 or 4's time exponent in m against the
// paper's (criterion "scaling"): every series of one method within
// ±ExponentSlack of the paper's exponent ("scales as approximately
// m^p"). Our solvers stand in for MOSEK and the SimpleMKL toolbox, so the
// row is marked Substitute and counted apart.
func scalingClaim(s *protocol.Scaling, id, method, statement string, paper float64) repro.Claim {
	var parts []string
	var off []string
	n, unc := 0, 0
	for _, ser := range s.Series {
		if ser.Method != method {
			continue
		}
		n, unc = n+1, unc+ser.Uncertified
		label := fmt.Sprintf("d = %d", ser.Degree)
		if ser.L > 0 {
			label = fmt.Sprintf("L = %d", ser.L)
		}
		short := fmt.Sprintf("%s %s: %.2f", ser.Problem, label, ser.Exponent)
		parts = append(parts, fmt.Sprintf("%s (m = %d–%d)", short, ser.Sizes[0], ser.Sizes[len(ser.Sizes)-1]))
		if !(math.Abs(ser.Exponent-paper) <= ExponentSlack) {
			off = append(off, short)
		}
	}
	if n == 0 {
		return repro.NotRunClaim(id, repro.Experiment, statement, "not run in this configuration")
	}
	return exponentClaim(id, statement, "m", paper, "exponents: "+strings.Join(parts, "; "), off, unc)
}

// exponentClaim is a row of criterion "scaling": the exponents of our
// substitute solver in x (m, q or L) against the paper's, off those
// outside ±ExponentSlack of it; the reason lists them. With unc > 0 timed
// fits behind the exponents short of opt.Success the row is undecided.
func exponentClaim(id, statement, x string, paper float64, ours string, off []string, unc int) repro.Claim {
	cl := repro.Claim{ID: id, Kind: repro.Experiment, Statement: statement,
		Paper:     fmt.Sprintf("%s^%.1f", x, paper),
		Tolerance: fmt.Sprintf("every exponent in %.1f ± %g", paper, ExponentSlack),
		Reason:    fmt.Sprintf("outside %.1f ± %g: %s", paper, ExponentSlack, strings.Join(off, "; "))}.Decide(uncertified(repro.Check(id, len(off) == 0, ours), unc, "timed fits"))
	cl.Substitute = true // our solvers stand in for the paper's: counted apart
	return cl
}

// sizeExponentClaim decides the paper's exponent in a size other than m
// (criterion "scaling"): q, the order of P, for SDP (24) (Figure 3:
// "m^2.6 + q^1.9"; our TK series of degrees 1–3 on n = 2, P of order 2q
// with q = kernel.TKSize(2, d)), or L, the number of random kernels, for
// SimpleMKL (Figure 4: "m^2.1 + L^1.6"). At each training size m that
// every series of a problem ran, the exponent is the least-squares slope
// of log seconds against log size over those series. Not run when fewer
// than two series share a size.
func sizeExponentClaim(s *protocol.Scaling, id, method, x, statement string, paper float64) repro.Claim {
	size := func(ser protocol.ScalingSeries) float64 {
		if method == "TK" {
			q, _ := kernel.TKSize(2, ser.Degree) // d ≤ 3 here
			return float64(2 * q)
		}
		return float64(ser.L)
	}
	var all, off []string
	unc := 0
	for _, problem := range []string{"circle", "spiral"} {
		var series []protocol.ScalingSeries
		for _, ser := range s.Series {
			if ser.Method == method && ser.Problem == problem {
				series = append(series, ser)
				unc += ser.Uncertified
			}
		}
		if len(series) < 2 {
			continue
		}
		for _, m := range series[0].Sizes {
			var sz, xs, ys []float64
			for _, ser := range series {
				if i := slices.Index(ser.Sizes, m); i >= 0 {
					sz = append(sz, size(ser))
					xs, ys = append(xs, math.Log(size(ser))), append(ys, math.Log(max(ser.Seconds[i], 1e-9)))
				}
			}
			if len(xs) < len(series) {
				continue
			}
			_, e := stat.LinearRegression(xs, ys, nil, false)
			short := fmt.Sprintf("%s m = %d: %.2f", problem, m, e)
			all = append(all, fmt.Sprintf("%s (%s = %g–%g)", short, x, sz[0], sz[len(sz)-1]))
			if !(math.Abs(e-paper) <= ExponentSlack) {
				off = append(off, short)
			}
		}
	}
	if len(all) == 0 {
		return repro.NotRunClaim(id, repro.Experiment, statement, "not run: no training size shared by two series or more")
	}
	return exponentClaim(id, statement, x, paper, "exponents: "+strings.Join(all, "; "), off, unc)
}

// missed sets the Reason of a claim decided by its parts
// (repro.Claim.Decide) to what happened: the parts that failed, with
// their numbers, then those not shown, by name (their numbers are in the
// parts). A claim reproduced or not run is returned as it is.
func missed(c repro.Claim) repro.Claim {
	if c.Outcome == repro.Reproduced || c.Outcome == repro.NotRun {
		return c
	}
	var failed, open []string
	for _, p := range c.Parts {
		switch p.Outcome {
		case repro.Undecided:
			open = append(open, p.Name)
		case repro.NotReproduced, repro.Partly:
			failed = append(failed, p.Name+" ("+p.Detail+")")
		}
	}
	var out []string
	if len(failed) > 0 {
		out = append(out, "fails: "+strings.Join(failed, "; "))
	}
	if len(open) > 0 {
		out = append(out, "not shown: "+strings.Join(open, "; "))
	}
	c.Reason = strings.Join(out, ". ")
	return c
}

// modeConfig returns the protocol of a run's mode ("quick" or "full"), or
// false for another mode.
func modeConfig(mode string) (protocol.Config, bool) {
	switch mode {
	case "quick":
		return protocol.Quick(), true
	case "full":
		return protocol.Full(), true
	}
	return protocol.Config{}, false
}

// cutsOf names the cuts of cfg against protocol.PaperProtocol that shape
// Table 1, read from both configurations: splits, the ε grid of [TK] and
// where it is searched, the C grid of the SimpleMKL columns, L, and the
// step limits of the solvers.
func cutsOf(cfg protocol.Config) string {
	paper := protocol.PaperProtocol()
	var epsRows []string
	for _, i := range cfg.EpsRows {
		epsRows = append(epsRows, protocol.DataSets[i].Paper)
	}
	eps := ""
	if len(epsRows) > 0 {
		eps = " except on " + strings.Join(epsRows, ", ")
	}
	rows := ""
	if cfg.MaxTrain > 0 {
		rows = fmt.Sprintf(", %d training rows", cfg.MaxTrain)
	}
	steps := ""
	if cfg.SimpleMKLIter != paper.SimpleMKLIter {
		steps = fmt.Sprintf("; SimpleMKL ≤ %d steps (%d)", cfg.SimpleMKLIter, paper.SimpleMKLIter)
	}
	return fmt.Sprintf("cuts of ours (the paper protocol's in brackets): %d splits (%d)%s; [TK] ε = %v%s, by CV there (by CV everywhere); %d C for SimpleMKL (%d); L = %d (%d); [TK] certified to gap %g within %d steps (%g, %d)%s",
		cfg.Splits, paper.Splits, rows, cfg.EpsGrid, eps, len(cfg.CGrid), len(paper.CGrid), cfg.L, paper.L, cfg.TKTol, cfg.TKMaxIter, paper.TKTol, paper.TKMaxIter, steps)
}

// certCounts sums the certification of [TK] fits: the (ε, C) pairs of
// their CVs, those certified on every fold, the refits at the chosen pair
// and those certified, and the fewest and most certified pairs of one CV.
func certCounts(certs []protocol.Cert) (pairs, certified, fits, fitsCertified, lo, hi int) {
	for i, c := range certs {
		pairs += c.Candidates
		certified += c.Certified
		fits++
		if c.FitCertified {
			fitsCertified++
		}
		if i == 0 || c.Certified < lo {
			lo = c.Certified
		}
		hi = max(hi, c.Certified)
	}
	return
}

// fitUncertified reports whether the final fit behind method j's accuracy
// on split s stopped short of opt.Success: [TK]'s refit (s.TK) or a
// SimpleMKL column's final fit (s.MKL). A column without a record
// ([Neural Net], the Ionosphere readings) counts as certified.
func fitUncertified(s protocol.SplitResult, j int) bool {
	if j == protocol.MTK && s.TK != nil {
		return !s.TK.FitCertified
	}
	return j < len(s.MKL) && s.MKL[j] != nil && !s.MKL[j].FitCertified
}

// uncertifiedFits counts the splits of the row that ran method j with a
// final fit short of opt.Success (fitUncertified).
func uncertifiedFits(r protocol.Row, j int) int {
	n := 0
	for _, s := range r.Splits {
		if s.Ran != nil && s.Ran[j] && fitUncertified(s, j) {
			n++
		}
	}
	return n
}

// uncertified leaves the part p undecided when n > 0 of the fits behind
// its numbers (what: "[TK] refits") stopped short of opt.Success: such a
// number is not the method's (the project's rule; for cells,
// repro.Cell.Uncertified). A part not run stays so.
func uncertified(p repro.Part, n int, what string) repro.Part {
	if n > 0 && p.Outcome != repro.NotRun {
		p.Detail += fmt.Sprintf("; %d %s behind it not certified (short of opt.Success): undecided (the test alone: %s)", n, what, p.Outcome)
		p.Outcome = repro.Undecided
	}
	return p
}

// table1Cert states, per row, how many of [TK]'s (ε, C) pairs its CV
// could compare (tkSelect: only pairs whose fits certified the gap on
// every fold compete) and how many refits at the chosen pair certified;
// "" when no [TK] column ran.
func table1Cert(rows []protocol.Row) string {
	var parts []string
	for _, r := range rows {
		var certs []protocol.Cert
		for _, s := range r.Splits {
			if s.TK != nil {
				certs = append(certs, *s.TK)
			}
		}
		if len(certs) == 0 {
			continue
		}
		pairs, _, fits, ok, lo, hi := certCounts(certs)
		n := fmt.Sprint(lo)
		if hi != lo {
			n = fmt.Sprintf("%d–%d", lo, hi)
		}
		parts = append(parts, fmt.Sprintf("%s %s of %d, refits certified on %d of %d splits", r.Data.Paper, n, pairs/fits, ok, fits))
	}
	var out []string
	if len(parts) > 0 {
		out = append(out, "[TK]'s CV compares only (ε, C) pairs whose fits certified the gap on every fold (a fit stopped at the step cap is no solution of (24)); pairs certified per split: "+strings.Join(parts, "; "))
	}
	if mkl := table1MKLCert(rows); mkl != "" {
		out = append(out, mkl)
	}
	return strings.Join(out, "; ")
}

// table1MKLCert states, per SimpleMKL column, how many of its C its CVs
// could compare over the rows and splits (simpleMKLSelect: only C whose
// fits stopped at opt.Success on every fold compete), with the rows where
// some were left out, and how many final fits certified (a cell with a
// final fit not certified is undecided: table1Cell); "" without SimpleMKL
// records.
func table1MKLCert(rows []protocol.Row) string {
	var parts []string
	for _, j := range []int{protocol.MSimpleMKL, protocol.MSimpleMKLTK, protocol.MSimpleMKLTKPlus} {
		var all []protocol.Cert
		var short []string
		for _, r := range rows {
			var certs []protocol.Cert
			for _, s := range r.Splits {
				if j < len(s.MKL) && s.MKL[j] != nil {
					certs = append(certs, *s.MKL[j])
				}
			}
			if cs, certified, _, _, _, _ := certCounts(certs); certified < cs {
				short = append(short, fmt.Sprintf("%s %d of %d", r.Data.Paper, certified, cs))
			}
			all = append(all, certs...)
		}
		if len(all) == 0 {
			continue
		}
		cs, certified, fits, ok, _, _ := certCounts(all)
		p := fmt.Sprintf("[%s] %d of %d C", protocol.Methods[j], certified, cs)
		if len(short) > 0 {
			p += " (" + strings.Join(short, ", ") + ")"
		}
		parts = append(parts, p+fmt.Sprintf(", final fits %d of %d", ok, fits))
	}
	if len(parts) == 0 {
		return ""
	}
	return "SimpleMKL's CV compares only C certified (opt.Success) on every fold; certified over the splits: " + strings.Join(parts, "; ")
}

// curveCert states how many of the [TK] points of curve c could compare
// their (ε, C) pairs (see table1Cert); "" without certification records.
func curveCert(c *protocol.Curve) string {
	var certs []protocol.Cert
	for _, row := range c.TKCert {
		certs = append(certs, row...)
	}
	if len(certs) == 0 {
		return ""
	}
	pairs, certified, fits, ok, _, _ := certCounts(certs)
	return fmt.Sprintf("[TK]'s CV compares only (ε, C) pairs certified on every fold: %d of %d pairs over %d points; refits certified at %d of %d points", certified, pairs, fits, ok, fits)
}

// Results holds everything Verdict needs.
type Results struct {
	Mode    string
	Checks  []repro.Claim
	Table1  []protocol.Row
	Scaling *protocol.Scaling
	Figure6 []protocol.Surface
	Figure1 *protocol.Figure1
	Figure2 *protocol.Figure2
	// Ionosphere is the study of readings of [TK] on Ionosphere.
	Ionosphere []protocol.IonoHypothesis
	Curves     []*protocol.Curve
	// LiverSmall is the Liver curve at its smallest size with
	// Config.ChanceReps repetitions (ChanceClaim).
	LiverSmall *protocol.Curve
	Elapsed    time.Duration
}

// Table1Cells returns the paper-vs-ours accuracy cells of Table 1.
func Table1Cells(rows []protocol.Row) []repro.Cell {
	var cells []repro.Cell
	for _, r := range rows {
		for j := range protocol.Methods {
			if c, ok := table1Cell(r, j); ok {
				cells = append(cells, c)
			}
		}
	}
	return cells
}

// cell returns the accuracy cell of method j on the row: the paper's mean
// ± std over its 30 splits beside ours over the splits that ran it, with
// δ the gap to the nearest other method in the paper's row (criterion
// "table 1": repro.Cell.Verdict, Welch's test with the power to see δ)
// and Uncertified the splits whose final fit stopped short of opt.Success
// (uncertifiedFits: such a cell is undecided); false when no split ran it.
func table1Cell(r protocol.Row, j int) (repro.Cell, bool) {
	acc := r.Acc(j)
	if len(acc) == 0 {
		return repro.Cell{}, false
	}
	v, _ := repro.Summarize(acc)
	i := protocol.DataSetIndex(r.Data.Name)
	paper := Table1Accuracy[i][j]
	paper.N = PaperSplits
	means := make([]float64, len(protocol.Methods))
	for k, p := range Table1Accuracy[i] {
		means[k] = p.Mean
	}
	return repro.Cell{Row: r.Data.Paper, Col: protocol.Methods[j], Paper: paper, Ours: v, Delta: repro.AdjacentGap(means)[j], Uncertified: uncertifiedFits(r, j)}, true
}

// Verdict computes the verdict table from res under Criteria: the theorem
// checks, Table 1 (the accuracy cells of the five columns), the statement
// that [TK] or [SimpleMKL TK] meets or exceeds [SimpleMKL] on every set
// (non-inferiority over the splits),
// the speed of our [TK] against the paper's (our target), the scaling
// exponents in m, q and L of Figures 3 and 4 (substitute solvers),
// Figures 1, 2, 5 and 7, Figure 6 (our target), and the post-hoc
// diagnostics. In quick mode each claim
// decided on part of the protocol says so (repro.Claim.Quick).
func Verdict(res *Results) *repro.Report {
	r := &repro.Report{Paper: Paper, Mode: res.Mode, Elapsed: res.Elapsed, Criteria: slices.Clone(Criteria), CriteriaFile: CriteriaFile}
	r.Add(res.Checks...)
	if len(res.Table1) == 0 {
		r.Add(repro.NotRunClaim("Table 1", repro.Experiment, "test-set accuracy of five methods on five UCI sets", "not run in this configuration"))
	} else {
		reason := "one row fewer than printed; grids, random P^s and the SimpleMKL list are ours (the paper gives none)"
		cfg, known := modeConfig(res.Mode)
		if known {
			reason += "; " + cutsOf(cfg)
		}
		if cert := table1Cert(res.Table1); cert != "" {
			reason += "; " + cert
		}
		cells := Table1Cells(res.Table1)
		t1 := repro.Claim{ID: "Table 1", Statement: "test-set accuracy (%) of the five methods (30 × 80/20 splits, C by 5-fold CV)",
			Paper: fmt.Sprintf("%d cells, mean ± std over %d splits", len(cells), PaperSplits), Reason: reason}.DecideCells(cells)
		s8 := statementClaim(res.Table1)
		if known && s8.Outcome != repro.NotRun {
			s8.Ours += fmt.Sprintf("; [SimpleMKL TK] with L = %d random TK kernels (the paper: %d), a cut of ours", cfg.L, protocol.PaperProtocol().L)
		}
		if res.Mode == "quick" {
			t1.Quick = repro.Subset{N: len(cells), M: len(protocol.DataSets) * len(protocol.Methods), Of: "cells"}
			s8.Quick = repro.Subset{N: len(res.Table1), M: len(protocol.DataSets), Of: "data sets"}
		}
		r.Add(t1, s8, speedClaim(res.Table1))
	}
	if s := res.Scaling; s != nil {
		r.Add(scalingClaim(s, "Figure 3", "TK", "substitute solver: SDP (24)'s time scales as about m^2.6 (MOSEK, m = 100–1000; ours: projected gradient)", PaperSDPExponent))
		r.Add(sizeExponentClaim(s, "Figure 3 (q)", "TK", "q", "substitute solver: SDP (24)'s time scales as about q^1.9, q the order of P (d = 1–3)", PaperSDPQExponent))
		r.Add(scalingClaim(s, "Figure 4", "SimpleMKL TK", "substitute solver: SimpleMKL's time with L TK kernels scales as about m^2.1 (m = 100–1000; ours: our SimpleMKL)", PaperSimpleMKLExponent))
		r.Add(sizeExponentClaim(s, "Figure 4 (L)", "SimpleMKL TK", "L", "substitute solver: SimpleMKL's time scales as about L^1.6 (L = 100–300)", PaperSimpleMKLLExponent))
	}
	r.Add(Figure6Claim(res.Figure6))
	r.Add(Figure6SizeClaim(res.Figure6, res.Curves))
	r.Add(Figure1Claims(res.Figure1)...)
	r.Add(CurveClaims(res.Curves)...)
	r.Add(ChanceClaim(res.Curves, res.LiverSmall))
	r.Add(SemilogGapClaim(res.Curves))
	f2 := Figure2Claim(res.Figure2)
	if res.Mode == "quick" && res.Figure2 != nil {
		_, run, _ := figure2Parts(res.Figure2)
		n := 0
		for _, ok := range run {
			if ok {
				n++
			}
		}
		f2.Quick = repro.Subset{N: n, M: len(Figure2Parts), Of: "parts (TK to d = 1)"}
	}
	r.Add(f2)
	r.Add(IonosphereClaim(res.Table1, res.Ionosphere))
	for i := range r.Claims {
		if cr, ok := Criteria.For(r.Claims[i].ID); ok && cr.PostHoc {
			r.Claims[i].PostHoc = true
		}
	}
	if res.Mode == "quick" {
		quickSubsets(r, res)
	}
	return r
}

// quickSubsets marks the rows of a quick run decided on fewer training
// sizes than protocol.PaperProtocol's (Figures 3–5 and 7) or on fewer
// random trials or points than full mode's (RunChecks); Verdict marks Table
// 1, Section 8 and Figure 2 itself.
func quickSubsets(r *repro.Report, res *Results) {
	paper := protocol.PaperProtocol()
	n := map[string]repro.Subset{}
	ids := map[string]string{protocol.CurveLiver: "Figure 7(a)", protocol.CurveSpiral: "Figure 7(b)", protocol.CurveNoisySpiral: "Figure 5"}
	for i, p := range protocol.CurveProblems {
		if c := findCurve(res.Curves, p); c != nil {
			n[ids[p]] = repro.Subset{N: len(c.Sizes), M: len(paper.CurveSizes[i]), Of: "training sizes"}
		}
	}
	trials := repro.Subset{N: quickCheckTrials, M: checkTrials, Of: "random trials"}
	n["Proposition 3"], n["Lemma 4"], n["Lemma 5"], n["Theorem 10"] = trials, trials, trials, trials
	n["Theorem 8"] = repro.Subset{N: quickCheckPoints, M: checkPoints, Of: "points"}
	if s := res.Scaling; s != nil && len(s.Series) > 0 {
		sub := repro.Subset{N: len(s.Series[0].Sizes), M: len(paper.ScalingSizes), Of: "training sizes"}
		n["Figure 3"], n["Figure 4"], n["Figure 3 (q)"], n["Figure 4 (L)"] = sub, sub, sub, sub
	}
	for i := range r.Claims {
		if sub, ok := n[r.Claims[i].ID]; ok && r.Claims[i].Outcome != repro.NotRun {
			r.Claims[i].Quick = sub
		}
	}
}

// statementClaim decides "in all cases, either [TK] or [SimpleMKL TK] met
// or exceeded the accuracy of [SimpleMKL]" (criterion "section 8"), one
// part per data set: each of the two columns against [SimpleMKL] by the
// one-sided non-inferiority test over the splits with margin MetMargin
// (repro.NoWorse); a comparison with a final fit behind it short of
// opt.Success is undecided (uncertified). A set holds when either column is shown no worse,
// fails when both are shown worse, and is undecided otherwise (a
// non-rejection certifies nothing).
func statementClaim(rows []protocol.Row) repro.Claim {
	cl := repro.Claim{ID: "Section 8", Kind: repro.Statement, Statement: "in all cases [TK] or [SimpleMKL TK] met or exceeded [SimpleMKL]",
		Paper:     "all five data sets",
		Tolerance: fmt.Sprintf("no worse than [SimpleMKL] − %g point (paired non-inferiority, α = %g)", MetMargin, repro.Alpha)}
	var parts []repro.Part
	for _, row := range rows {
		sm := row.Acc(protocol.MSimpleMKL)
		if len(sm) < 2 {
			continue
		}
		var outs []repro.Outcome
		var items []string
		for _, j := range []int{protocol.MTK, protocol.MSimpleMKLTK} {
			a := row.Acc(j)
			if len(a) != len(sm) {
				continue
			}
			p, err := repro.NoWorse(protocol.Methods[j], a, sm, MetMargin, repro.Alpha, true)
			if err != nil {
				continue
			}
			p = uncertified(p, uncertifiedFits(row, j)+uncertifiedFits(row, protocol.MSimpleMKL), "final fits")
			outs = append(outs, p.Outcome)
			items = append(items, fmt.Sprintf("[%s] %s", protocol.Methods[j], p.Detail))
		}
		if len(outs) == 0 {
			continue
		}
		o := repro.Undecided
		switch {
		case slices.Contains(outs, repro.Reproduced):
			o = repro.Reproduced
		case !slices.Contains(outs, repro.Undecided):
			o = repro.NotReproduced
		}
		parts = append(parts, repro.Part{Name: row.Data.Paper, Outcome: o, Detail: strings.Join(items, "; ")})
	}
	if len(parts) == 0 {
		return repro.NotRunClaim(cl.ID, cl.Kind, cl.Statement, "needs [SimpleMKL] and a TK column on two splits or more")
	}
	return missed(cl.Decide(parts...))
}

// speedClaim compares one fit of our [TK] at its chosen C and ε (basis
// Grams and SDP (24) on the whole training part) with Table 1's time of
// [TK] (MOSEK; hardware not stated). The paper does not say what its
// "time to compute" covers; we read it as one fit, because [Neural Net]
// has no C to cross-validate and takes 0.12–0.24 s, and because a CV of
// [TK] over C and ε is hundreds of SDP solves (5 folds × 7 C × 6 ε on our
// grids), which MOSEK could not do in Liver's 95.75 s when one solve of
// that size (LMI of order 277, 351 P-variables) takes seconds. Ours also
// gives the whole column with its CV. It is not a claim of the paper; the
// target is at least 10× less time than the paper's. A row with a refit
// short of opt.Success is undecided (a time cut short at the step cap is
// not the time of a solve).
func speedClaim(rows []protocol.Row) repro.Claim {
	var parts []repro.Part
	var ours []string
	for _, row := range rows {
		t := row.FitTimes(protocol.MTK)
		if len(t) == 0 {
			continue
		}
		v, _ := repro.Summarize(t)
		cv, _ := repro.Summarize(row.Times(protocol.MTK))
		p := Table1Time[protocol.DataSetIndex(row.Data.Name)][protocol.MTK]
		line := fmt.Sprintf("%s %.3g s vs %.4g s (with CV %.3g s)", row.Data.Paper, v.Mean, p.Mean, cv.Mean)
		parts = append(parts, uncertified(repro.Check(row.Data.Paper, v.Mean*SpeedFactor <= p.Mean, line), uncertifiedFits(row, protocol.MTK), "[TK] refits"))
		ours = append(ours, line)
	}
	return repro.Claim{ID: "Table 1 (time)", Kind: repro.Target, Statement: "time of one [TK] fit (the paper: 6.7–1212 s with MOSEK, read as one fit)",
		Paper: "Table 1's TK times", Ours: strings.Join(ours, "; "),
		Tolerance: fmt.Sprintf("one fit of ours ≥ %g× faster on average (our target, not a claim of the paper)", SpeedFactor),
		Reason:    "slower than a tenth of the paper's time"}.Decide(parts...)
}

// The sizes of the numerical checks: random trials (Proposition 3, Lemma
// 4; twice as many pairs for Lemma 5, ten times as many matrices for
// Theorem 10) and points (Theorem 8), in full and quick mode.
const (
	checkTrials, checkPoints           = 5, 200
	quickCheckTrials, quickCheckPoints = 2, 60
)

// RunChecks runs the numerical checks of the theorems.
func RunChecks(quick bool) ([]repro.Claim, error) {
	trials, m := checkTrials, checkPoints
	if quick {
		trials, m = quickCheckTrials, quickCheckPoints
	}
	var out []repro.Claim
	for _, f := range []func() (repro.Claim, error){
		CheckLanckrietSet,
		func() (repro.Claim, error) { return CheckProposition3(trials) },
		func() (repro.Claim, error) { return CheckLemma4(trials) },
		func() (repro.Claim, error) { return CheckLemma5(2 * trials) },
		CheckCorollary13,
		CheckTheorem6,
		func() (repro.Claim, error) {
			t, err := RunTiles(0)
			if err != nil {
				return repro.Claim{}, err
			}
			return TilesClaim(t), nil
		},
		func() (repro.Claim, error) { return CheckTheorem8(m) },
		func() (repro.Claim, error) { return CheckTheorem10(24, 10*trials) },
		CheckLemma11,
		CheckTheorem12,
		func() (repro.Claim, error) { c, _, err := CheckSDP24(); return c, err },
	} {
		c, err := f()
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}
