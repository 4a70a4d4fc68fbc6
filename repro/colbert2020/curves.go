package colbert2020

import (
	"fmt"
	"math"
	"strings"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/colbert2020/protocol"
	"github.com/kernelab/kernelab/viz"
)

// findCurve returns the curve of problem p among curves (nil entries did
// not run), or nil.
func findCurve(curves []*protocol.Curve, p string) *protocol.Curve {
	for _, c := range curves {
		if c != nil && c.Problem == p {
			return c
		}
	}
	return nil
}

// curveUncertified counts the points of a method's certification cert
// (Curve.TKCert or SimpleMKLCert) at the sizes ks whose final fit stopped
// short of opt.Success.
func curveUncertified(cert [][]protocol.Cert, ks ...int) int {
	n := 0
	for _, k := range ks {
		if k < len(cert) {
			for _, c := range cert[k] {
				if !c.FitCertified {
					n++
				}
			}
		}
	}
	return n
}

// betterAt decides "[TK] better than [SimpleMKL]" at size k (criterion
// "curves"): the one-sided paired t-test over the repetitions, δ =
// CurveDelta; a tie is never support; undecided with a final fit at k short
// of opt.Success (uncertified).
func betterAt(c *protocol.Curve, k int) (repro.Part, error) {
	name := fmt.Sprintf("m = %d", c.Sizes[k])
	p, err := repro.Better(name, c.TK[k], c.SimpleMKL[k], repro.PairedT, repro.Alpha, true, CurveDelta)
	if err != nil {
		return repro.Part{}, err
	}
	t, _ := repro.Summarize(c.TK[k])
	s, _ := repro.Summarize(c.SimpleMKL[k])
	p.Detail = fmt.Sprintf("%.1f vs %.1f %%, %s", t.Mean, s.Mean, p.Detail)
	return uncertified(p, curveUncertified(c.TKCert, k)+curveUncertified(c.SimpleMKLCert, k), "final fits"), nil
}

// betterParts returns betterAt at every size (an error, e.g. one
// repetition, leaves the size out).
func betterParts(c *protocol.Curve) []repro.Part {
	var out []repro.Part
	for k := range c.Sizes {
		if p, err := betterAt(c, k); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// trend decides "the accuracy of a method grows with the training size"
// by Kendall's one-sided trend test over every (size, repetition).
func trend(c *protocol.Curve, name string, acc [][]float64) (repro.Part, error) {
	var x, y []float64
	for k, n := range c.Sizes {
		for _, v := range acc[k] {
			x, y = append(x, float64(n)), append(y, v)
		}
	}
	return repro.Trend(name, x, y, true, repro.Alpha)
}

// CurveClaims are the verdict rows of Figures 5 and 7 (criterion "curves"),
// from the curves of protocol.CurveProblems that ran (nil entries did not):
//
//   - Figure 7(a), Liver: "consistent improvement of [TK] over
//     [SimpleMKL]": one part per size, [TK] better (betterAt);
//   - Figure 7(b), spiral: "both methods converge well, with [TK]
//     significantly better only for very large training sets": the
//     accuracy of each method grows with the size (Kendall's trend test)
//     and levels off (levelsOff), [TK] better at the largest size, and not
//     significantly better at any smaller one (a check on the same
//     one-sided tests);
//   - Figure 5, noisy spiral: "[TK] significantly outperforms [SimpleMKL]
//     beginning at 600 data points": one part per size ≥ 600, [TK] better.
func CurveClaims(curves []*protocol.Curve) []repro.Claim {
	var out []repro.Claim
	tol := fmt.Sprintf("one-sided paired t, α = %g, δ = %g point", repro.Alpha, CurveDelta)
	if c := findCurve(curves, protocol.CurveLiver); c == nil {
		out = append(out, repro.NotRunClaim("Figure 7(a)", repro.Experiment, "Liver: accuracy against the number of training data", "not run in this configuration"))
	} else {
		out = append(out, missed(repro.Claim{ID: "Figure 7(a)", Kind: repro.Experiment, Statement: "Liver: consistent improvement of [TK] over [SimpleMKL] as the training set grows",
			Paper: "drawn, no numbers", Tolerance: "[TK] better at every size: " + tol}.Decide(betterParts(c)...)))
	}
	if c := findCurve(curves, protocol.CurveSpiral); c == nil || len(c.Sizes) < 2 {
		out = append(out, repro.NotRunClaim("Figure 7(b)", repro.Experiment, "spiral: residual error against the number of training data", "not run in this configuration"))
	} else {
		paper := protocol.PaperProtocol().CurveSizes[1]
		out = append(out, missed(repro.Claim{ID: "Figure 7(b)", Kind: repro.Experiment, Statement: "spiral: both methods converge; [TK] significantly better only for very large training sets",
			Paper:     fmt.Sprintf("drawn; m up to %d (ours: %d–%d, a cut)", paper[len(paper)-1], c.Sizes[0], c.Sizes[len(c.Sizes)-1]),
			Tolerance: fmt.Sprintf("converges: grows (Kendall) and levels off (last two sizes equal within ±%g, TOST); [TK] better at the largest m alone: %s", CurveDelta, tol)}.Decide(spiralParts(c)...)))
	}
	if c := findCurve(curves, protocol.CurveNoisySpiral); c == nil {
		out = append(out, repro.NotRunClaim("Figure 5", repro.Experiment, "noisy spiral: accuracy against the number of training data", "not run in this configuration"))
	} else {
		noisy := protocol.PaperProtocol().CurveSizes[2]
		var parts []repro.Part
		for k, m := range c.Sizes {
			if m < PaperFigure5From {
				continue
			}
			if p, err := betterAt(c, k); err == nil {
				parts = append(parts, p)
			}
		}
		cl := missed(repro.Claim{ID: "Figure 5", Kind: repro.Experiment, Statement: fmt.Sprintf("noisy spiral (σ = .1): [TK] significantly outperforms [SimpleMKL] from %d training points on", PaperFigure5From),
			Paper: fmt.Sprintf("every size ≥ %d; m up to %d (ours: %d–%d, a cut)", PaperFigure5From, noisy[len(noisy)-1], c.Sizes[0], c.Sizes[len(c.Sizes)-1]), Tolerance: fmt.Sprintf("[TK] better at every size ≥ %d: %s", PaperFigure5From, tol)}.Decide(parts...))
		if len(parts) == 0 {
			cl = repro.NotRunClaim("Figure 5", repro.Experiment, "noisy spiral: [TK] significantly better from 600 training points on",
				"no training size ≥ 600 in this configuration")
		}
		out = append(out, cl)
	}
	for i, p := range []string{protocol.CurveLiver, protocol.CurveSpiral, protocol.CurveNoisySpiral} {
		if c := findCurve(curves, p); c != nil && out[i].Outcome != repro.NotRun {
			if cert := curveCert(c); cert != "" {
				out[i].Reason = strings.TrimPrefix(out[i].Reason+"; "+cert, "; ")
			}
		}
	}
	return out
}

// behindAt returns the indices of the sizes at which Figure 7(a)'s part
// fails: [TK] not shown better than [SimpleMKL].
func behindAt(c *protocol.Curve) []int {
	var out []int
	for k := range c.Sizes {
		if p, err := betterAt(c, k); err != nil || p.Outcome != repro.Reproduced {
			out = append(out, k)
		}
	}
	return out
}

// spiralHolds reads spiralParts: grow, both methods' accuracy shown to
// grow with m (Kendall; the levelling off is not read); onlyLarge, [TK]
// better at the largest size and at no smaller one.
func spiralHolds(parts []repro.Part) (grow, onlyLarge bool) {
	if len(parts) != 6 {
		return false, false
	}
	ok := func(i int) bool { return parts[i].Outcome == repro.Reproduced }
	return ok(0) && ok(1), ok(4) && ok(5)
}

// levelsOff decides "the accuracy of a method has levelled off" at the
// largest sizes: its accuracies at the last two sizes equal within
// ±CurveDelta by TOST over the repetitions (repro.Equal; a non-rejection
// certifies nothing).
func levelsOff(c *protocol.Curve, name string, acc [][]float64) (repro.Part, error) {
	k := len(c.Sizes) - 1
	p, err := repro.Equal(name, acc[k], acc[k-1], CurveDelta, repro.Alpha)
	if err != nil {
		return repro.Part{}, err
	}
	p.Detail = fmt.Sprintf("m = %d vs %d: %s", c.Sizes[k], c.Sizes[k-1], p.Detail)
	return p, nil
}

// spiralParts are the parts of Figure 7(b)'s statement on c: each method
// converges, its accuracy growing with the size (Kendall's trend test)
// and levelling off (levelsOff); [TK] better at the largest size, and
// [TK] not better at any smaller size.
func spiralParts(c *protocol.Curve) []repro.Part {
	var parts []repro.Part
	last := len(c.Sizes) - 1
	all := make([]int, len(c.Sizes))
	for k := range all {
		all[k] = k
	}
	methods := []struct {
		name string
		acc  [][]float64
		cert [][]protocol.Cert
	}{{"[TK]", c.TK, c.TKCert}, {"[SimpleMKL]", c.SimpleMKL, c.SimpleMKLCert}}
	for _, m := range methods {
		if p, err := trend(c, m.name+" grows", m.acc); err == nil {
			parts = append(parts, uncertified(p, curveUncertified(m.cert, all...), "final fits"))
		}
	}
	for _, m := range methods {
		if p, err := levelsOff(c, m.name+" levels off", m.acc); err == nil {
			parts = append(parts, uncertified(p, curveUncertified(m.cert, last-1, last), "final fits"))
		}
	}
	if p, err := betterAt(c, last); err == nil {
		p.Name = "[TK] better at the largest size, " + p.Name
		parts = append(parts, p)
	}
	var early []string
	for k := 0; k < last; k++ {
		if p, err := betterAt(c, k); err == nil && p.Outcome == repro.Reproduced {
			early = append(early, fmt.Sprint(c.Sizes[k]))
		}
	}
	detail := "better at no smaller size"
	if len(early) > 0 {
		detail = "better also at m = " + strings.Join(early, ", ")
	}
	return append(parts, repro.Check("[TK] not better below the largest size", len(early) == 0, detail))
}

// ChanceClaim is a post-hoc diagnostic (criterion "chance level"), written
// after Figure 7(a) missed at Liver's smallest training size: it explains
// nothing. It asks whether neither method learns Liver with so few
// points, so that the order of their accuracies there is noise. It reads
// small, the Liver curve at the smallest size repeated
// Config.ChanceReps times (protocol.RunCurve with the same seeds, so its first
// repetitions are the main curve's), and fits the miss when the main
// curve misses at the smallest size alone, [TK] and [SimpleMKL] tie there
// by the paired t-test, and neither is significantly more accurate than
// predicting the training set's majority class (paired t-tests over the
// repetitions, α = Tolerances.Alpha).
func ChanceClaim(curves []*protocol.Curve, small *protocol.Curve) repro.Claim {
	const id, statement = "Figure 7(a) (chance level)", "Liver at the smallest training size: do the methods learn at all?"
	c := findCurve(curves, protocol.CurveLiver)
	if c == nil || small == nil || len(small.Sizes) != 1 || small.Sizes[0] != c.Sizes[0] || len(small.Majority) != 1 {
		return repro.NotRunClaim(id, repro.Diagnostic, statement, "needs the Liver curve and its smallest size repeated")
	}
	miss := behindAt(c)
	if len(miss) == 0 {
		return repro.NotRunClaim(id, repro.Diagnostic, statement, "Figure 7(a) holds in this run: no miss to explain")
	}
	cmp, err := repro.Compare("TK", small.TK[0], "SimpleMKL", small.SimpleMKL[0], repro.PairedT, repro.Alpha, true)
	if err != nil {
		return repro.NotRunClaim(id, repro.Diagnostic, statement, err.Error())
	}
	var parts []string
	learns := false
	for _, m := range []struct {
		name string
		acc  []float64
	}{{"TK", small.TK[0]}, {"SimpleMKL", small.SimpleMKL[0]}} {
		ck, err := repro.Compare(m.name, m.acc, "majority class", small.Majority[0], repro.PairedT, repro.Alpha, true)
		if err != nil {
			return repro.NotRunClaim(id, repro.Diagnostic, statement, err.Error())
		}
		v, _ := repro.Summarize(m.acc)
		w := "not above it"
		if ck.Winner == repro.AWins {
			learns, w = true, "above it"
		}
		parts = append(parts, fmt.Sprintf("[%s] %.1f %% (%s, p = %.2g)", m.name, v.Mean, w, ck.P))
	}
	maj, _ := repro.Summarize(small.Majority[0])
	holds := len(miss) == 1 && miss[0] == 0 && cmp.Winner == repro.Tie && !learns
	reason := "the miss is not at the smallest size alone"
	switch {
	case len(miss) == 1 && miss[0] == 0 && cmp.Winner != repro.Tie:
		reason = fmt.Sprintf("with %d repetitions one method wins at m = %d (p = %.2g)", len(small.TK[0]), small.Sizes[0], cmp.P)
	case len(miss) == 1 && miss[0] == 0 && learns:
		reason = "a method learns at the smallest size, so its order there is not noise"
	}
	return repro.Claim{ID: id, Kind: repro.Diagnostic, Concerns: "Figure 7(a)",
		Statement: statement,
		Paper:     "[TK] ahead at every size (drawn)", Tolerance: fmt.Sprintf("the main curve misses at the smallest size alone; there, [TK] and [SimpleMKL] tie and neither beats the majority class (paired t-tests, α = %g)", repro.Alpha), Reason: reason}.Decide(repro.Check(id, holds,
		fmt.Sprintf("m = %d, %d repetitions: majority class %.1f %%; %s; [TK] vs [SimpleMKL] p = %.2g",
			small.Sizes[0], len(small.TK[0]), maj.Mean, strings.Join(parts, "; "), cmp.P)))
}

// SemilogGapClaim is a post-hoc diagnostic (criterion "semilog gap"),
// written after the second part of Figure 7(b)'s statement missed: it
// explains nothing. It reads that part ("[TK] significantly better only for very large training
// sets"), for which the paper reports no test: it is read off a semilog
// plot of the residual error, where the vertical distance between the
// curves is g = ln(e_SimpleMKL / e_TK), e = 1 − TSA (mean over the
// repetitions). It fits the part's miss when both methods' accuracy grows
// with m (Kendall's trend test of the first part) and the gap at the largest size is positive and at least
// SemilogFactor times the gap at every smaller size, so that on the
// paper's axes the curves part only there.
func SemilogGapClaim(curves []*protocol.Curve) repro.Claim {
	const id, statement = "Figure 7(b) (semilog gap)", "spiral: the gap between the curves on the paper's semilog axes (our reading of \"significantly better only for very large training sets\")"
	c := findCurve(curves, protocol.CurveSpiral)
	if c == nil || len(c.Sizes) < 2 {
		return repro.NotRunClaim(id, repro.Diagnostic, statement, "needs the spiral curve at two sizes or more")
	}
	grow, onlyLarge := spiralHolds(spiralParts(c))
	if onlyLarge {
		return repro.NotRunClaim(id, repro.Diagnostic, statement, "Figure 7(b)'s second part holds in this run: no miss to explain")
	}
	gaps := semilogGaps(c)
	last := len(gaps) - 1
	widest := math.Inf(-1)
	var parts []string
	for k, g := range gaps {
		parts = append(parts, fmt.Sprintf("m = %d: %.2f", c.Sizes[k], g))
		if k < last {
			widest = max(widest, g)
		}
	}
	holds := grow && gaps[last] > 0 && gaps[last] >= SemilogFactor*widest
	reason := fmt.Sprintf("the gap at the largest size is not %g × every smaller one", SemilogFactor)
	if !grow {
		reason = "a method's accuracy is not shown to grow with m"
	}
	return repro.Claim{ID: id, Kind: repro.Diagnostic, Concerns: "Figure 7(b)",
		Statement: statement,
		Paper:     "drawn, no numbers", Tolerance: fmt.Sprintf("both accuracies grow with m (Kendall), and the gap at the largest size is positive and at least %g × that at every smaller size", SemilogFactor), Reason: reason}.Decide(repro.Check(id, holds,
		"ln(e_SimpleMKL / e_TK): "+strings.Join(parts, "; ")))
}

// residual is the residual error 1 − TSA of an accuracy in %, floored at
// 10⁻³ so that a log axis can draw it.
func residual(acc float64) float64 { return max(1-acc/100, 1e-3) }

// semilogGaps returns, per size, ln(e_SimpleMKL / e_TK) with e the
// residual of the mean accuracies, as CurveChart draws them.
func semilogGaps(c *protocol.Curve) []float64 {
	out := make([]float64, len(c.Sizes))
	for k := range c.Sizes {
		t, _ := repro.Summarize(c.TK[k])
		s, _ := repro.Summarize(c.SimpleMKL[k])
		out[k] = math.Log(residual(s.Mean) / residual(t.Mean))
	}
	return out
}

// CurveChart draws the learning curves as small multiples: accuracy
// (Liver, Figure 7(a); noisy spiral, Figure 5) or residual error 1 − TSA
// on a log axis (spiral, Figure 7(b)) against the training size, mean ±
// standard deviation over the repetitions; the accuracy panels add the
// accuracy of predicting the training set's majority class.
func CurveChart(curves []*protocol.Curve) *viz.Grid {
	var panels []viz.Chart
	for _, c := range curves {
		if c == nil {
			continue
		}
		semilog := c.Problem == protocol.CurveSpiral
		l := &viz.Line{XLabel: "training points m", YLabel: "test accuracy (%)", ErrorBars: true}
		switch c.Problem {
		case protocol.CurveLiver:
			l.Title = "Figure 7(a): Liver"
		case protocol.CurveSpiral:
			l.Title, l.YLabel, l.Scale = "Figure 7(b): spiral", "residual error 1 − TSA", viz.LogY
		case protocol.CurveNoisySpiral:
			l.Title = "Figure 5: noisy spiral (σ = .1)"
		}
		for _, s := range []struct {
			name string
			acc  [][]float64
			dash viz.Dash
		}{{"TK", c.TK, viz.Solid}, {"SimpleMKL", c.SimpleMKL, viz.Dashed}} {
			ser := viz.Series{Name: s.name, Dash: s.dash}
			for k, n := range c.Sizes {
				v, _ := repro.Summarize(s.acc[k])
				y := v.Mean
				if semilog {
					y = residual(v.Mean)
				}
				ser.X, ser.Y = append(ser.X, float64(n)), append(ser.Y, y)
				if !semilog {
					ser.Err = append(ser.Err, v.Std)
				}
			}
			l.Series = append(l.Series, ser)
		}
		if !semilog && len(c.Majority) == len(c.Sizes) {
			ser := viz.Series{Name: "majority class", Dash: viz.Dotted}
			for k, n := range c.Sizes {
				v, _ := repro.Summarize(c.Majority[k])
				ser.X, ser.Y = append(ser.X, float64(n)), append(ser.Y, v.Mean)
			}
			l.Series = append(l.Series, ser)
		}
		panels = append(panels, l)
	}
	return &viz.Grid{Title: "Learning curves: TK against SimpleMKL (bars: ± 1 std over the repetitions)", Panels: panels, Cols: 3, SharedLegend: true}
}
