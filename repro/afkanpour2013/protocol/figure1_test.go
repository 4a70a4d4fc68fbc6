package protocol

import (
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/opt"
)

// TestAtGridEdge: the smallest and the largest value of a grid are its
// edges, in any order of the grid; an inner value is not, nor the one
// value of a grid that offers no choice.
func TestAtGridEdge(t *testing.T) {
	g := []float64{1e-2, 1, 1e-1, 10}
	for v, want := range map[float64]bool{1e-2: true, 10: true, 1e-1: false, 1: false} {
		if AtGridEdge(g, v) != want {
			t.Errorf("%g in %v: at the edge %v, want %v", v, g, !want, want)
		}
	}
	if AtGridEdge([]float64{1}, 1) || AtGridEdge(nil, 1) {
		t.Error("a grid of one value (or none) has an edge")
	}
}

// TestSineSearchCoversFrequencies: the σ range searched by CA and CR on
// the sine problem (continuous.Dirichlet's box, the family method uses)
// contains the three generating frequencies with room on each side, and
// its restarts are no farther apart than the range between the two
// lowest frequencies; the grid the finite-set methods use, {0, …, 9},
// spans them too (Section 3.1).
func TestSineSearchCoversFrequencies(t *testing.T) {
	lo, hi, starts := continuous.Dirichlet{}.Space(1)
	for _, f := range Frequencies {
		if !(f > lo[0]+0.5 && f < hi[0]-0.5) {
			t.Errorf("frequency %.3f not inside the searched range [%g, %g]", f, lo[0], hi[0])
		}
	}
	for k := 1; k < len(starts); k++ {
		if d := starts[k][0] - starts[k-1][0]; d > Frequencies[1]-Frequencies[0] {
			t.Errorf("restarts %g and %g are %g apart", starts[k-1][0], starts[k][0], d)
		}
	}
	if Frequencies[0] < 0 || Frequencies[2] > 9 {
		t.Errorf("the finite grid {0, …, 9} does not span %v", Frequencies)
	}
}

// TestSineGridsWidened: the μ grid of CR on the sine problem reaches from
// 10⁻² (quick) or 10⁻⁴ (full, paper) to 10³ in decades: it holds inside
// it, not at an edge, the μ of least validation error measured on the
// first draws (1 or 10 at 150 points, 100 at 500 points; see Quick and
// Full), which the former grids (up to 10⁻¹ and 1) cut off.
func TestSineGridsWidened(t *testing.T) {
	for _, c := range []struct {
		cfg      Config
		lo       float64
		measured []float64
	}{{Quick(), 1e-2, []float64{1, 10}}, {Full(), 1e-4, []float64{100}}, {PaperProtocol(), 1e-4, []float64{100}}} {
		g := c.cfg.ChoiceGrid("CR")
		if len(g) == 0 || math.Abs(g[0]/c.lo-1) > 1e-12 || math.Abs(g[len(g)-1]/1e3-1) > 1e-12 {
			t.Errorf("%s: μ grid %v, want %g to 10³", c.cfg.Mode, g, c.lo)
		}
		for k := 1; k < len(g); k++ {
			if r := g[k] / g[k-1]; math.Abs(r-10) > 1e-9 {
				t.Errorf("%s: μ grid %v not in decades", c.cfg.Mode, g)
			}
		}
		for _, mu := range c.measured {
			if mu <= g[0] || mu >= g[len(g)-1] {
				t.Errorf("%s: μ = %g not strictly inside %v", c.cfg.Mode, mu, g)
			}
		}
		if cs := c.cfg.ChoiceGrid("CA"); &cs[0] != &c.cfg.Cs[0] {
			t.Errorf("%s: CA chooses from another grid than Cs", c.cfg.Mode)
		}
	}
}

// TestFigure1ChoicesInsideGrids: on the first draw of the quick sine
// problem, CA's C and CR's μ chosen on validation are inside their grids,
// not at an edge (the grids are wide enough for the methods at this size).
func TestFigure1ChoicesInsideGrids(t *testing.T) {
	if testing.Short() {
		t.Skip("CR over the μ grid skipped in -short mode")
	}
	cfg := Quick()
	for m, name := range Methods[:2] {
		res, err := method(cfg, m, SineSeed(cfg.Seed, 0))
		if err != nil {
			t.Fatal(err)
		}
		if AtGridEdge(cfg.ChoiceGrid(name), res.Chosen) {
			t.Errorf("%s chose %g, an edge of %v", name, res.Chosen, cfg.ChoiceGrid(name))
		}
		if name != "CR" {
			if res.Capped {
				t.Errorf("%s: Capped set", name)
			}
			continue
		}
		// Capped is the chosen model's stopping reason: refit at the chosen μ.
		tr, _, _, err := samples(cfg, SineSeed(cfg.Seed, 0))
		if err != nil {
			t.Fatal(err)
		}
		gm, err := continuous.Greedy{Family: continuous.Dirichlet{}, Mu: res.Chosen}.Fit(tr.X, tr.y)
		if err != nil {
			t.Fatal(err)
		}
		if want := gm.Status() == opt.IterationLimit; res.Capped != want || len(gm.Errors()) == 0 {
			t.Errorf("CR at μ = %g: Capped %v, the refit stopped at the cap: %v", res.Chosen, res.Capped, want)
		}
	}
}
