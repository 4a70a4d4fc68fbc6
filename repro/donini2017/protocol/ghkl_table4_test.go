package protocol

import (
	"errors"
	"slices"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/ghkl"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/opt"
)

// TestGHKLNestedAUCBadOptions: a negative widening budget, a C that is not
// finite and positive, a negative MaxOuter and an unknown data set are
// refused before any fit.
func TestGHKLNestedAUCBadOptions(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		data string
		o    GHKLOptions
		want error
	}{
		"Widen -1":     {"haberman", GHKLOptions{Widen: -1}, klearn.ErrParam},
		"C -1":         {"haberman", GHKLOptions{Cs: []float64{1, -1}}, klearn.ErrParam},
		"MaxOuter -1":  {"haberman", GHKLOptions{MaxOuter: -1}, klearn.ErrParam},
		"unknown data": {"no-such-set", GHKLOptions{}, klearn.ErrUnknown},
	} {
		if _, err := GHKLNestedAUC(tc.data, 2, tc.o); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", name, err, tc.want)
		}
	}
}

// TestGHKLNestedAUCStatus: GHKLNestedAUC counts every gHKL fit (the inner
// search's, one per C and inner fold, and the final one per outer fold)
// and, per outer fold, those not at opt.Success: none at gHKL's defaults
// on Haberman, all of them when MaxActive = 1 stops the active-set loop
// before it closes; the AUCs are computed either way.
func TestGHKLNestedAUCStatus(t *testing.T) {
	t.Parallel()
	o := GHKLOptions{Cs: []float64{0.1, 10}, OuterFolds: 3, InnerFolds: 2, MaxOuter: 2, Seed: 1, Model: ghkl.Classifier{Base: kernel.Linear{}}}
	want := 2 * (2*2 + 1) // outer folds × (C × inner folds + the final fit)
	r, err := GHKLNestedAUC("haberman", 2, o)
	if err != nil {
		t.Fatal(err)
	}
	if r.Fits != want || !slices.Equal(r.Uncert, []int{0, 0}) {
		t.Errorf("defaults: %d fits, uncertified per fold %v; want %d, [0 0]", r.Fits, r.Uncert, want)
	}
	o.Model.MaxActive = 1
	c, err := GHKLNestedAUC("haberman", 2, o)
	if err != nil {
		t.Fatal(err)
	}
	if c.Fits != want || !slices.Equal(c.Uncert, []int{5, 5}) || !slices.Equal(c.Excluded, []int{0, 0}) || c.Uncertified != want || len(c.Scores) != 2 {
		t.Errorf("MaxActive 1: %d fits (%d not certified), behind each fold's AUC %v, left out %v, %d AUCs; want %d (all), [5 5], [0 0], 2",
			c.Fits, c.Uncertified, c.Uncert, c.Excluded, len(c.Scores), want)
	}
}

// TestGHKLNestedAUCCertifiedChoice: with MaxActive = 6 some values of C
// stop gHKL's active-set loop on Haberman and some do not. The test redoes
// each outer fold's inner search from the splits GHKLNestedAUC documents
// (inner folds of outer fold f seeded Seed+1+f) and checks the choice: the
// highest mean inner AUC among the values of C whose inner fits are all
// certified, ties to the smallest, the values left out counted; all values
// compete, their fits not certified counted behind the AUC, when none is
// certified. The case must hold a fold of each kind.
func TestGHKLNestedAUCCertifiedChoice(t *testing.T) {
	t.Parallel()
	cs := []float64{1e-3, 1e-2, 0.1, 1, 10}
	model := ghkl.Classifier{Base: kernel.Linear{}, MaxActive: 6, Rho: 2}
	o := GHKLOptions{Cs: cs, OuterFolds: 3, InnerFolds: 2, MaxOuter: 2, Seed: 1, Model: model}
	r, err := GHKLNestedAUC("haberman", 2, o)
	if err != nil {
		t.Fatal(err)
	}
	X, y, err := datasets.LoadBinary("haberman")
	if err != nil {
		t.Fatal(err)
	}
	outer, err := modelsel.StratifiedKFold(y, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	var kinds [2]bool // a fold with a choice among certified values, one without
	total := 0
	for f, sp := range outer[:2] {
		ytr, _ := klearn.Take(y, sp.Train)
		in, err := modelsel.StratifiedKFold(ytr, 2, 1+1+uint64(f))
		if err != nil {
			t.Fatal(err)
		}
		inner, err := modelsel.Within(sp.Train, in)
		if err != nil {
			t.Fatal(err)
		}
		best, bestAny, excluded, uncert := -1, 0, 0, 0
		means := make([]float64, len(cs))
		for i, c := range cs {
			g := model
			g.C = c
			ok := true
			for _, s := range inner {
				v, st, err := ghklSplitAUC(g, X, y, s)
				if err != nil {
					t.Fatal(err)
				}
				means[i] += v / float64(len(inner))
				if st != opt.Success {
					ok = false
					uncert++
				}
			}
			if !ok {
				excluded++
			} else if best < 0 || means[i] > means[best]+1e-12 {
				best = i
			}
			if means[i] > means[bestAny]+1e-12 {
				bestAny = i
			}
		}
		total += uncert
		behind := 0
		if best < 0 {
			best, excluded, behind = bestAny, 0, uncert
		}
		kinds[min(behind, 1)] = true
		g := model
		g.C = cs[best]
		if _, st, err := ghklSplitAUC(g, X, y, sp); err != nil {
			t.Fatal(err)
		} else if st != opt.Success {
			behind++
			total++
		}
		if r.BestC[f] != cs[best] || r.Excluded[f] != excluded || r.Uncert[f] != behind {
			t.Errorf("fold %d: C %g, %d left out, %d behind the AUC; want %g, %d, %d (means %.4f)", f, r.BestC[f], r.Excluded[f], r.Uncert[f], cs[best], excluded, behind, means)
		}
	}
	if r.Uncertified != total || !kinds[0] || !kinds[1] {
		t.Errorf("%d fits not certified, want %d; a fold choosing among certified values %v, one with none %v: the case does not test the rule", r.Uncertified, total, kinds[0], kinds[1])
	}
}

// TestCertifiedBest: certifiedBest's rule on hand-made grids.
func TestCertifiedBest(t *testing.T) {
	t.Parallel()
	grid := []float64{0.1, 1, 10, 100}
	for name, tc := range map[string]struct {
		means []float64
		bad   []float64
		want  choice
	}{
		"all certified":        {[]float64{0.5, 0.7, 0.6, 0.6}, nil, choice{c: 1}},
		"best left out":        {[]float64{0.5, 0.7, 0.6, 0.65}, []float64{1}, choice{c: 100, excluded: 1, atEdge: true}},
		"tie to the smallest":  {[]float64{0.5, 0.7, 0.7, 0.6}, nil, choice{c: 1}},
		"plateau at the edge":  {[]float64{0.8, 0.8, 0.6, 0.6}, nil, choice{c: 0.1}},
		"best at the edge":     {[]float64{0.9, 0.8, 0.6, 0.6}, []float64{100}, choice{c: 0.1, excluded: 1, atEdge: true}},
		"edge beside excluded": {[]float64{0.7, 0.8, 0.6, 0.9}, []float64{1, 100}, choice{c: 0.1, excluded: 2, atEdge: false}},
		"none certified":       {[]float64{0.5, 0.7, 0.6, 0.6}, grid, choice{c: 1, fallback: true}},
	} {
		bad := map[float64]bool{}
		for _, c := range tc.bad {
			bad[c] = true
		}
		if got := certifiedBest(grid, tc.means, bad); got != tc.want {
			t.Errorf("%s: %+v, want %+v", name, got, tc.want)
		}
	}
}
