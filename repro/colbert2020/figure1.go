package colbert2020

import (
	"fmt"
	"math"
	"strings"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/colbert2020/protocol"
	"github.com/kernelab/kernelab/viz"
)

// Figure1Claims are the verdict rows of Figure 1: (a) the TK classifier
// is continuous (no jump larger than Tolerances.Continuity across the
// training points, where its slope changes) and its slope changes at the
// tile edges shrink as C decreases (undecided when a TK fit stopped short
// of opt.Success); (b) k(5, ·) is the closed form of
// Corollary 13 (to Tolerances.Numeric) with a change of slope at the datum.
func Figure1Claims(f *protocol.Figure1) []repro.Claim {
	if f == nil {
		return []repro.Claim{repro.NotRunClaim("Figure 1(a)", repro.Experiment, "1-D classifiers of TK and Gaussian sums", "not run in this configuration"),
			repro.NotRunClaim("Figure 1(a) (shape)", repro.Experiment, "the TK classifier captures the shape of the generator better than the Gaussian", "not run in this configuration"),
			repro.NotRunClaim("Figure 1(b)", repro.Experiment, "normalised TK kernel shapes", "not run in this configuration")}
	}
	mono := true
	for c := 1; c < len(f.Kinks); c++ {
		mono = mono && f.Kinks[c] > f.Kinks[c-1]
	}
	cont := true
	for c := range f.Jump {
		cont = cont && f.Jump[c] <= Tolerances.Continuity*max(f.Lipschitz[c], 1)
	}
	var parts []string
	for c, C := range f.Cs {
		parts = append(parts, fmt.Sprintf("C = %g: %.3g, %.1e, %.0f / %.0f %%", C, f.Kinks[c], f.Jump[c], f.Agree[c], f.GaussAgree[c]))
	}
	unc := 0
	for c := range f.Cs {
		unc += figure1Uncertified(f.TKCertified, c)
	}
	a := repro.Claim{ID: "Figure 1(a)", Kind: repro.Experiment,
		Statement: "the degree-1 TK classifier is continuous, its slope changes at the tile edges, and these changes shrink as C decreases",
		Paper:     "drawn, no numbers", Tolerance: fmt.Sprintf("jump across each x_i ≤ %g·max(Lipschitz, 1) and Σ_i|f'(x_i⁺) − f'(x_i⁻)| increasing in C", Tolerances.Continuity), Reason: "a jump, or slope changes not increasing with C"}.Decide(uncertified(repro.Check("Figure 1(a)", mono && cont,
		"Σ|Δf'|, max jump, sign agreement TK / Gaussians: "+strings.Join(parts, "; ")), unc, "TK fits"))
	closed, kink := 0.0, math.Inf(1)
	for i := range f.Closed {
		closed, kink = max(closed, f.Closed[i]), min(kink, math.Abs(f.Slope[i]))
	}
	b := repro.Claim{ID: "Figure 1(b)", Kind: repro.Experiment,
		Statement: "the normalised k(5, z) of P₁₁ = A_i (eq. 14) is a piecewise polynomial with a change of slope at the datum z = 5",
		Paper:     "drawn, no numbers", Tolerance: fmt.Sprintf("deviation ≤ %g and slope change ≥ 0.01 (of the normalised kernel)", Tolerances.Numeric), Reason: "the kernel departs from Corollary 13 or has no kink at the datum"}.Decide(repro.Check("Figure 1(b)", closed <= Tolerances.Numeric && kink >= 0.01,
		fmt.Sprintf("largest relative deviation from Z(5)ᵀA_iZ(z)(10 − max(5, z)): %.1e; smallest |slope change| at 5: %.3g", closed, kink)))
	return []repro.Claim{a, shapeClaim(f), b}
}

// figure1Uncertified is 1 when the record certified says the fit of the
// c-th C stopped short of opt.Success, else 0 (no record: 0).
func figure1Uncertified(certified []bool, c int) int {
	if c < len(certified) && !certified[c] {
		return 1
	}
	return 0
}

// shapeClaim decides Figure 1(a)'s "the TK classifier … captures the shape
// of the generator better than the Gaussian" (criterion "figure 1
// shape"), read as the share of lattice points whose sign agrees with the
// generator's: one part per C, [TK]'s at least ShapeMargin points above
// the Gaussian sums' (undecided when either fit stopped short of
// opt.Success). One draw of 20 points, no repetitions: a plain
// comparison, no test.
func shapeClaim(f *protocol.Figure1) repro.Claim {
	var parts []repro.Part
	for c, C := range f.Cs {
		parts = append(parts, uncertified(repro.Check(fmt.Sprintf("C = %g", C), f.Agree[c] >= f.GaussAgree[c]+ShapeMargin,
			fmt.Sprintf("TK %.1f %%, Gaussians %.1f %%", f.Agree[c], f.GaussAgree[c])), figure1Uncertified(f.TKCertified, c)+figure1Uncertified(f.GaussCertified, c), "fits"))
	}
	return missed(repro.Claim{ID: "Figure 1(a) (shape)", Kind: repro.Experiment,
		Statement: "the TK classifier captures the shape of the generator better than the Gaussian",
		Paper:     "drawn, no numbers", Tolerance: fmt.Sprintf("sign agreement with the generator on the lattice: TK ≥ Gaussians + %g point, at each C (one draw, no test)", ShapeMargin)}.Decide(parts...))
}

// Figure1Chart draws the two panels: (a) the TK (solid) and Gaussian-sum
// (dotted) classifiers for each C, (b) the four normalised kernels.
func Figure1Chart(f *protocol.Figure1) *viz.Grid {
	a := &viz.Line{Title: "(a) classifiers f(z)", XLabel: "z", YLabel: "f(z)"}
	for c, C := range f.Cs {
		a.Series = append(a.Series, viz.Series{Name: fmt.Sprintf("TK, C = %g", C), X: f.Z, Y: f.TK[c]},
			viz.Series{Name: fmt.Sprintf("Gaussians, C = %g", C), X: f.Z, Y: f.Gauss[c], Dash: viz.Dotted})
	}
	b := &viz.Line{Title: "(b) normalised k(5, z)", XLabel: "z", YLabel: "k(5, z) / max |k(5, ·)|"}
	zb := make([]float64, len(f.Kernels[0]))
	for i := range zb {
		zb[i] = 10 * float64(i) / float64(len(zb)-1)
	}
	for i, v := range f.Kernels {
		b.Series = append(b.Series, viz.Series{Name: fmt.Sprintf("A%d", i+1), X: zb, Y: v})
	}
	return &viz.Grid{Title: "Figure 1", Panels: []viz.Chart{a, b}, Cols: 2}
}
