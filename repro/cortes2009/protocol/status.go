package protocol

import (
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/opt"
)

// Fit is the status of one fit of Algorithm 1 (Section 3.2 of the
// paper): its accepted steps and whether it stopped by the algorithm's
// test ‖μ'−μ‖ < ε (Converged) rather than at the cap Config.MaxIter (a
// capped fit: its μ is not a minimiser of F, Eq. (10), over M_q, Eqs.
// (7)–(8)). A fit of a uniform column (Λ = 0: KRR in closed form) is
// converged after 0 steps.
type Fit struct {
	Steps     int  `json:",omitempty"`
	Converged bool `json:",omitempty"`
}

// StatusOf is the status of the fitted model m.
func StatusOf(m *nkrr.Model) Fit {
	return Fit{Steps: m.Iterations, Converged: m.Status == opt.Success}
}

// Fits counts fits of Algorithm 1: N in all, Capped those stopped at the
// step cap before its test ‖μ'−μ‖ < ε. It is the one count every row that
// reads fits uses (Choice.CV, Count).
type Fits struct {
	N      int `json:",omitempty"`
	Capped int `json:",omitempty"`
}

// Plus is the sum of the counts f and g.
func (f Fits) Plus(g Fits) Fits { return Fits{N: f.N + g.N, Capped: f.Capped + g.Capped} }

// Total is the sum of the counts fs.
func Total(fs ...Fits) Fits {
	var t Fits
	for _, f := range fs {
		t = t.Plus(f)
	}
	return t
}

// Count counts the fits fs.
func Count(fs ...Fit) Fits {
	c := Fits{N: len(fs)}
	for _, f := range fs {
		if !f.Converged {
			c.Capped++
		}
	}
	return c
}

// StepsAt is the accepted steps of Algorithm 1 of the CV fits at one λ
// (every fold and Λ), in ascending order: the record of Choice.Steps,
// ints rather than one Fit each, to keep the record small. Cold lists
// those of the fits started from μ_init (the first of each fold's Λ path;
// the others start from a neighbour's weights, selectPath), a sample of
// Algorithm 1 as the paper states it.
type StepsAt struct {
	Lambda float64
	Steps  []int
	Cold   []int `json:",omitempty"`
}
