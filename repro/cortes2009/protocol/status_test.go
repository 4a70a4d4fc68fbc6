package protocol

import (
	"errors"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/opt"
)

// TestSelectExcludesCappedFits: Select chooses among the grid points whose
// CV fits of Algorithm 1 all converged, counts the fits and those capped
// in Choice.CV (their steps in Choice.Steps), and fails with
// klearn.ErrNotConverged when every point has a capped fit. The path is
// filled beforehand with constructed fits (the CV RMSE lowest at λ = 1,
// Λ = 2), so Select fits nothing.
func TestSelectExcludesCappedFits(t *testing.T) {
	folds := []modelsel.Split{{Train: []int{0, 1}, Test: []int{2}}, {Train: []int{1, 2}, Test: []int{0}}}
	m := Method{Name: "quad. ℓ2", Est: learner(2, nkrr.L2, 10), Learned: true}
	cfg := Config{Lambdas: []float64{0.1, 1, 10}, Radii: []float64{0.5, 2, 8}, MaxIter: 10}
	score := func(l, r float64) float64 { return 0.5 + math.Abs(math.Log(l)) + math.Abs(math.Log(r/2)) }
	choose := func(capped func(f int, l, r float64) bool) (nkrr.Regressor, Choice, error) {
		p, err := newSelectPath(m.Est, mat.NewDense(3, 1, []float64{0, 1, 2}), []float64{0, 1, 2}, folds)
		if err != nil {
			t.Fatal(err)
		}
		for f := range folds {
			for _, l := range cfg.Lambdas {
				p.fits[f][l] = map[float64]pathFit{}
				for _, r := range cfg.Radii {
					// The first radius of a path starts from μ0, 20 steps on.
					pf := pathFit{score: score(l, r), steps: 3 + f, capped: capped(f, l, r), cold: r == cfg.Radii[0]}
					if pf.cold {
						pf.steps += 20
					}
					if pf.capped {
						pf.steps = cfg.MaxIter
					}
					p.fits[f][l][r] = pf
				}
			}
		}
		return p.choose(m, cfg)
	}
	best, ch, err := choose(func(int, float64, float64) bool { return false })
	if err != nil || best.Lambda != 1 || best.Radius != 2 || ch.CV != (Fits{N: 18}) {
		t.Errorf("no fit capped: chose (%g, %g), CV %+v, %v; want (1, 2), 18 fits, none capped", best.Lambda, best.Radius, ch.CV, err)
	}
	// The best point capped on one fold: the next best (a tie of Λ = 0.5
	// and 8 at λ = 1, to the smaller) is chosen.
	best, ch, err = choose(func(f int, l, r float64) bool { return f == 1 && l == 1 && r == 2 })
	if err != nil || best.Lambda != 1 || best.Radius != 0.5 || ch.CV != (Fits{N: 18, Capped: 1}) {
		t.Errorf("best point capped: chose (%g, %g), CV %+v, %v; want (1, 0.5), 1 of 18 capped", best.Lambda, best.Radius, ch.CV, err)
	}
	// Choice.Steps lists the steps of every fit, the capped one's at the
	// cap, by λ (ascending), each λ's ascending, and apart those of the
	// fits started from μ0.
	want := []StepsAt{{0.1, []int{3, 3, 4, 4, 23, 24}, []int{23, 24}}, {1, []int{3, 3, 4, 10, 23, 24}, []int{23, 24}}, {10, []int{3, 3, 4, 4, 23, 24}, []int{23, 24}}}
	if !slices.EqualFunc(ch.Steps, want, func(a, b StepsAt) bool {
		return a.Lambda == b.Lambda && slices.Equal(a.Steps, b.Steps) && slices.Equal(a.Cold, b.Cold)
	}) {
		t.Errorf("best point capped: CV steps %v, want %v", ch.Steps, want)
	}
	_, ch, err = choose(func(f int, _, _ float64) bool { return f == 0 })
	if !errors.Is(err, klearn.ErrNotConverged) || ch.CV != (Fits{N: 18, Capped: 9}) {
		t.Errorf("every point capped on a fold: %v, CV %+v; want klearn.ErrNotConverged, 9 of 18 capped", err, ch.CV)
	}
}

// TestStatusOfAndCount: a fit is capped unless Algorithm 1 stopped by its
// test (opt.Success); Count and Total add the fits up.
func TestStatusOfAndCount(t *testing.T) {
	ok := StatusOf(&nkrr.Model{Iterations: 12, Status: opt.Success})
	capped := StatusOf(&nkrr.Model{Iterations: 60, Status: opt.IterationLimit})
	if ok != (Fit{Steps: 12, Converged: true}) || capped != (Fit{Steps: 60}) {
		t.Errorf("StatusOf: %+v, %+v", ok, capped)
	}
	if c := Count(ok, capped, capped); c != (Fits{N: 3, Capped: 2}) {
		t.Errorf("Count: %+v, want 2 of 3 capped", c)
	}
	if c := Total(Fits{N: 3, Capped: 1}, Fits{N: 4}, Fits{}); c != (Fits{N: 7, Capped: 1}) {
		t.Errorf("Total: %+v, want 1 of 7", c)
	}
}
