package cortes2009

import (
	"fmt"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/cortes2009/protocol"
)

// algo counts the fits of Algorithm 1 (Section 3.2 of the paper) that a
// verdict row reads, by protocol.Fits, the one count: CV, the fits of the
// cross-validations that chose λ and Λ (protocol.Choice.CV; a grid point
// with a capped fit on any fold is left out of the choice, protocol.Select),
// and Scored, the fits whose test RMSE the row reads (protocol.Fit). A
// uniform column runs no Algorithm 1 and is not counted.
//
// The convention, since 2026-12-01 (after an audit found capped CV fits
// uncounted outside Table 1): a capped fit — stopped at the step cap
// before Algorithm 1's test ‖μ'−μ‖ < ε, not a minimiser of F (Eq. (10))
// over M_q (Eqs. (7)–(8)) — is counted in every row that reads it. A capped CV fit does not compete
// (protocol.Select). A part of a paired comparison over splits or
// subsamples (Sec. 4.1 claim, Figures 2 and 3) whose scored fits include a
// capped one is undecided, evidence for neither side (undecidedIfCapped);
// so is a cell of Table 1 or its "+1" variant, whose repro.Cell.Uncertified
// counts them (table1Cell). The steps row (Sec. 4.1 steps, criterion
// C-steps) counts every CV fit, capped ones as not converged (stepsClaim).
type algo struct {
	CV, Scored protocol.Fits
}

// add counts the CV fits cv and the scored fits final.
func (a algo) add(cv []protocol.Fits, final []protocol.Fit) algo {
	a.CV = a.CV.Plus(protocol.Total(cv...))
	a.Scored = a.Scored.Plus(protocol.Count(final...))
	return a
}

// cvOf is the CV fits of each of the choices chs (protocol.Choice.CV).
func cvOf(chs []protocol.Choice) []protocol.Fits {
	cv := make([]protocol.Fits, len(chs))
	for i, c := range chs {
		cv[i] = c.CV
	}
	return cv
}

// note is the flag a row's Ours carries of its capped fits, "; Algorithm
// 1: 3 of 121 CV fits capped, excluded from the choice; 1 of 6 scored fits
// capped, their parts undecided" (what: the consequence for the scored
// ones), "" when none was capped.
func (a algo) note(what string) string {
	if a.CV.Capped == 0 && a.Scored.Capped == 0 {
		return ""
	}
	return fmt.Sprintf("; Algorithm 1 at its step cap: %d of %d CV fits, excluded from the choice; %d of %d scored fits, %s",
		a.CV.Capped, a.CV.N, a.Scored.Capped, a.Scored.N, what)
}

// undecidedIfCapped is p when none of the fits final that feed it was
// capped; otherwise p undecided (a part not run stays so), its detail
// saying how many were and what the test had found.
func undecidedIfCapped(p repro.Part, final []protocol.Fit) repro.Part {
	c := protocol.Count(final...)
	if c.Capped == 0 || p.Outcome == repro.NotRun {
		return p
	}
	p.Detail += fmt.Sprintf("; %d of %d scored fits stopped at Algorithm 1's step cap: undecided (the test found: %s)", c.Capped, c.N, p.Outcome)
	p.Outcome = repro.Undecided
	return p
}

// cvDetail appends to p's detail how many of the CV fits cv (of the
// selections behind p) stopped at the cap ("; CV: 3 of 121 fits at
// Algorithm 1's step cap, excluded from the choice"), when some did.
func cvDetail(p repro.Part, cv ...protocol.Fits) repro.Part {
	if c := protocol.Total(cv...); c.Capped > 0 {
		p.Detail += fmt.Sprintf("; CV: %d of %d fits at Algorithm 1's step cap, excluded from the choice", c.Capped, c.N)
	}
	return p
}
