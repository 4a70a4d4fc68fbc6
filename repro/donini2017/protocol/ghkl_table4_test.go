package protocol

import (
	"errors"
	"slices"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/ghkl"
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
	if c.Fits != want || !slices.Equal(c.Uncert, []int{5, 5}) || len(c.Scores) != 2 {
		t.Errorf("MaxActive 1: %d fits, uncertified per fold %v, %d AUCs; want %d, [5 5], 2", c.Fits, c.Uncert, len(c.Scores), want)
	}
}
