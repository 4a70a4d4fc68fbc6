package opt

import (
	"errors"
	"math"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// TestKOMDPathBitIdentical: along a grid of λ, cold and warm-started from
// the previous λ's solution (as the nested CVs of Donini & Aiolli 2017
// use it), KOMDPath.Solve returns the bits of KOMDQPFrom, on one and two
// goroutines (the pair steps' sweeps parallel from n = 1 on); λ = 0 and
// the closed form λ = 1 included. The labels are interleaved, so the class
// ordering is exercised.
func TestKOMDPathBitIdentical(t *testing.T) {
	lowerParallelMin(t)
	grid := []float64{0, 0.1, 0.5, 0.9, 1}
	for _, n := range []int{120, 300} {
		K, y := rbfGram(n, 5, 0.2, uint64(n))
		path, err := NewKOMDPath(K, y)
		if err != nil {
			t.Fatal(err)
		}
		for _, procs := range []int{1, 2} {
			func() {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
				for _, warm := range []bool{false, true} {
					var prev []float64
					for _, lam := range grid {
						set := &Settings{Tol: 1e-6}
						want, err := KOMDQPFrom(K, y, lam, prev, set)
						if err != nil {
							t.Fatal(err)
						}
						got, err := path.Solve(lam, prev, set)
						if err != nil {
							t.Fatal(err)
						}
						if err := sameResult(got, want); err != nil {
							t.Fatalf("n=%d procs=%d warm=%v λ=%g: %v", n, procs, warm, lam, err)
						}
						if warm && lam < 1 {
							prev = want.X
						}
					}
				}
			}()
		}
	}
}

// TestKOMDPathErrors: bad K and y are refused by NewKOMDPath, bad λ,
// start and Settings by Solve, with KOMDQPFrom's sentinels; the inputs are
// not modified.
func TestKOMDPathErrors(t *testing.T) {
	K, y := rbfGram(20, 3, 0.5, 3)
	bad := mat.NewSymDense(20, nil)
	bad.CopySym(K)
	bad.SetSym(2, 5, math.NaN())
	for name, c := range map[string]struct {
		K    *mat.SymDense
		y    []float64
		want error
	}{
		"nil K":     {nil, y, klearn.ErrEmpty},
		"shape":     {K, y[:10], klearn.ErrShape},
		"one class": {K, slices.Repeat([]float64{1}, 20), klearn.ErrOneClass},
		"NaN in K":  {bad, y, klearn.ErrNotFinite},
	} {
		if _, err := NewKOMDPath(c.K, c.y); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
	}
	yc := slices.Clone(y)
	p, err := NewKOMDPath(K, y)
	if err != nil {
		t.Fatal(err)
	}
	y[0] = -y[0] // the path copied y
	if _, err := p.Solve(0.5, nil, nil); err != nil {
		t.Fatal(err)
	}
	copy(y, yc)
	start := make([]float64, 20)
	start[0] = 1
	for name, c := range map[string]struct {
		lam   float64
		start []float64
		set   *Settings
		want  error
	}{
		"λ > 1":     {1.5, nil, nil, klearn.ErrParam},
		"λ NaN":     {math.NaN(), nil, nil, klearn.ErrParam},
		"short":     {0.5, start[:3], nil, klearn.ErrShape},
		"class sum": {0.5, start, nil, klearn.ErrParam},
		"tol":       {0.5, nil, &Settings{Tol: -1}, klearn.ErrParam},
	} {
		if _, err := p.Solve(c.lam, c.start, c.set); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
	}
	var zero *KOMDPath
	if _, err := zero.Solve(0.5, nil, nil); !errors.Is(err, klearn.ErrNotFitted) {
		t.Errorf("nil path: %v", err)
	}
}
