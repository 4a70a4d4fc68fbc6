package colbert2020

import (
	"fmt"
	"math"
	"strings"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/colbert2020/protocol"
	"github.com/kernelab/kernelab/viz"
)

// figure2Degree is the degree from which Figure 2's TK curve is
// checked against the paper's: below it the TK SDP is small (a block of
// order 2q ≤ 30 at d ≤ 2), and the issue was that only those ran.
const figure2Degree = 3

// Figure2Parts are the parts of Section 4.3.3's statement that Figure2Claim
// decides, in order.
var Figure2Parts = []string{
	"Gaussian sums: ℓ₁ error significantly above 0.5",
	"Gaussian sums: ℓ∞ error exactly 1",
	"GPK: almost no error at d = 7",
	"TK: almost no error at d = 7",
	"TK: error falls at every degree up to d ≥ 3",
	"TK converges faster than GPK",
}

// figure2Parts decides the parts of Figure2Parts on f: ok[i] says whether
// part i holds, run[i] whether f has what it needs (a part not run is not
// counted), and why[i] gives the numbers.
//
//   - The Gaussian sums, at the largest number of bandwidths: ℓ₁ ≥ 0.5 +
//     Tolerances.GaussGap and |ℓ∞ − 1| ≤ Tolerances.Approx.
//   - GPK at d = 7, and TK at d = 7: both errors ≤ Tolerances.NearZero.
//   - TK, solved to some d ≥ figure2Degree: the ℓ₁ error falls by more than
//     Tolerances.Approx from each degree to the next until it is below
//     NearZero ("as the degree increases … approximate the kernel matrix
//     arbitrarily well").
//   - "the TK kernels converge somewhat faster": at every d ≥ 1 solved for
//     both where GPK's ℓ₁ error is above NearZero, TK's is below it by more
//     than Approx (Lemma 11 gives GPK ⊂ TK, so TK is never above GPK: the
//     part asks for a strict gain).
//
// The ℓ∞ errors of TK and GPK stay at 1 until the fit is nearly exact, so
// the two TK parts are decided on ℓ₁.
func figure2Parts(f *protocol.Figure2) (ok, run []bool, why []string) {
	n := len(Figure2Parts)
	ok, run, why = make([]bool, n), make([]bool, n), make([]string, n)
	tol, zero := Tolerances.Approx, Tolerances.NearZero
	if k := len(f.Gauss.Degrees) - 1; k >= 0 {
		run[0], run[1] = true, true
		ok[0] = f.Gauss.L1[k] >= 0.5+Tolerances.GaussGap
		ok[1] = math.Abs(f.Gauss.Inf[k]-1) <= tol
		why[0] = fmt.Sprintf("%.3g with %d bandwidths", f.Gauss.L1[k], f.Gauss.Params[k])
		why[1] = fmt.Sprintf("%.6g", f.Gauss.Inf[k])
	}
	if l1, inf, solved := f.GPK.At(7); solved {
		run[2], ok[2] = true, l1 <= zero && inf <= zero
		why[2] = fmt.Sprintf("ℓ₁ %.2g, ℓ∞ %.2g", l1, inf)
	}
	if l1, inf, solved := f.TK.At(7); solved {
		run[3], ok[3] = true, l1 <= zero && inf <= zero
		why[3] = fmt.Sprintf("ℓ₁ %.2g, ℓ∞ %.2g", l1, inf)
	}
	if k := len(f.TK.Degrees) - 1; k >= 0 && f.TK.Degrees[k] >= figure2Degree {
		run[4], ok[4] = true, true
		var vals []string
		for i, d := range f.TK.Degrees {
			vals = append(vals, fmt.Sprintf("%d: %.3g", d, f.TK.L1[i]))
			if i > 0 && f.TK.L1[i-1] > zero && !(f.TK.L1[i] < f.TK.L1[i-1]-tol) {
				ok[4] = false
			}
		}
		why[4] = "ℓ₁ at d = " + strings.Join(vals, ", ")
	}
	var gaps []string
	ok[5] = true
	for i, d := range f.TK.Degrees {
		l1, _, solved := f.GPK.At(d)
		if d < 1 || !solved || l1 <= zero {
			continue
		}
		run[5] = true
		gaps = append(gaps, fmt.Sprintf("d = %d: %.3g vs %.3g", d, f.TK.L1[i], l1))
		if !(f.TK.L1[i] < l1-tol) {
			ok[5] = false
		}
	}
	ok[5] = ok[5] && run[5]
	why[5] = "ℓ₁ TK vs GPK at " + strings.Join(gaps, "; ")
	return ok, run, why
}

// Figure2Claim decides Section 4.3.3's statement on Figure 2, part by part
// (figure2Parts): "the Gaussian kernel saturates with an objective value
// significantly larger than the lower bound of 0.5 for the 1-norm and
// exactly at 1 for the ∞-norm … as the degree increases, both the GPK and
// TK kernels are able to approximate the kernel matrix arbitrarily well,
// with almost no error at degree d = 7. Furthermore, the TK kernels
// converge somewhat faster." A part whose degrees were not solved in this
// configuration is undecided (full mode solves TK to d = 3 only, so "TK:
// almost no error at d = 7" is untested there): the statement is never
// reproduced on part of it.
func Figure2Claim(f *protocol.Figure2) repro.Claim {
	const id, statement = "Figure 2", "Gaussian sums saturate above 0.5 (ℓ₁) and at 1 (ℓ∞); GPK and TK approach K* = yyᵀ as the degree grows (almost no error at d = 7), TK faster"
	if f == nil {
		return repro.NotRunClaim(id, repro.Experiment, statement, "not run in this configuration")
	}
	ok, run, why := figure2Parts(f)
	var parts []repro.Part
	notRun := 0
	for i, name := range Figure2Parts {
		if !run[i] {
			notRun++
			parts = append(parts, repro.Part{Name: name, Outcome: repro.Undecided, Detail: fmt.Sprintf("not run: TK solved to d = %d, GPK to %d", lastDegree(f.TK), lastDegree(f.GPK))})
			continue
		}
		parts = append(parts, repro.Check(name, ok[i], why[i]))
	}
	cl := missed(repro.Claim{ID: id, Kind: repro.Experiment, Statement: statement,
		Paper:     "drawn, no numbers: Gaussians > 0.5 and = 1; GPK and TK almost 0 by d = 7, TK faster",
		Tolerance: fmt.Sprintf("one check per part, to %g; a part not run is undecided", Tolerances.Approx)}.Decide(parts...))
	held := 0
	for _, p := range parts {
		if p.Outcome == repro.Reproduced {
			held++
		}
	}
	cl.Ours = fmt.Sprintf("%d of %d parts held, %d not run (undecided), m = %d spiral points", held, len(parts), notRun, f.M)
	return cl
}

// lastDegree is the highest degree solved on c, or −1.
func lastDegree(c protocol.ApproxCurve) int {
	if len(c.Degrees) == 0 {
		return -1
	}
	return c.Degrees[len(c.Degrees)-1]
}

// Figure2Chart draws (a) ‖K − K*‖₁/m² and (b) ‖K − K*‖_∞ against the
// degree for TK, GPK and the Gaussian sums (the paper's x axis is the
// degree; the Gaussian count is matched to TK's number of variables).
func Figure2Chart(f *protocol.Figure2) *viz.Grid {
	var panels []viz.Chart
	for _, norm := range []string{protocol.NormL1, protocol.NormInf} {
		l := &viz.Line{Title: "(a) ‖K − K*‖₁ / m²", XLabel: "degree d", YLabel: "error", TicksAtX: true}
		if norm == protocol.NormInf {
			l.Title = "(b) ‖K − K*‖∞"
		}
		for _, s := range []struct {
			name string
			c    protocol.ApproxCurve
			dash viz.Dash
		}{{"TK", f.TK, viz.Solid}, {"GPK", f.GPK, viz.Dashed}, {"Gaussians", f.Gauss, viz.Dotted}} {
			if len(s.c.Degrees) == 0 {
				continue
			}
			ser := viz.Series{Name: s.name, Dash: s.dash, Y: s.c.L1}
			if norm == protocol.NormInf {
				ser.Y = s.c.Inf
			}
			for _, d := range s.c.Degrees {
				ser.X = append(ser.X, float64(d))
			}
			l.Series = append(l.Series, ser)
		}
		panels = append(panels, l)
	}
	return &viz.Grid{Title: "Figure 2: best approximation of K* = yyᵀ", Panels: panels, Cols: 2, SharedLegend: true}
}
