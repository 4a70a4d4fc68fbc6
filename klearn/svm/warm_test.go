package svm

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

// TestFitGramFromOptimum checks the warm start of FitGramFrom against the
// cold start of FitGram: from a random α₀ (infeasible: outside the box and,
// with a bias, unbalanced), from the optimum of another C and from the
// optimum itself, the result satisfies the KKT conditions and its dual
// objective equals the cold start's to within the stopping tolerance; from
// the optimum the solver stops at once.
func TestFitGramFromOptimum(t *testing.T) {
	t.Parallel()
	seed := uint64(100)
	for _, n := range []int{2, 5, 40, 120} {
		for ki, k := range []evaler{testRBF{0.5}, testLinear{}, testPoly{}} {
			for _, C := range []float64{0.1, 10, 1000} {
				for _, noBias := range []bool{false, true} {
					seed++
					X, y := randomProblem(seed, n, 2+ki, 0.1)
					K := gramOf(k, X)
					clf := Classifier{C: C, NoBias: noBias, Tol: 1e-8, MaxIter: 200_000, WeightPos: []float64{1, 2}[seed%2], NoShrinking: seed%3 == 0}
					cold, err := clf.FitGram(K, y)
					if err != nil {
						t.Fatal(err)
					}
					if cold.Status() != Converged {
						continue // the reference itself is not optimal
					}
					Cb := make([]float64, n)
					for i := range Cb {
						Cb[i] = C
						if y[i] > 0 {
							Cb[i] *= clf.WeightPos
						}
					}
					rng := klearn.NewRand(seed)
					random := make([]float64, n)
					for i := range random {
						random[i] = (3*rng.Float64() - 1) * C
					}
					other := clf
					other.C = C / 10
					mo, err := other.FitGram(K, y)
					if err != nil {
						t.Fatal(err)
					}
					starts := map[string][]float64{"random": random, "other C": mo.Alpha(), "optimum": cold.Alpha()}
					for name, a0 := range starts {
						keep := append([]float64(nil), a0...)
						label := fmt.Sprintf("n=%d kernel=%d C=%g noBias=%v start=%s", n, ki, C, noBias, name)
						warm, err := clf.FitGramFrom(K, y, a0)
						if err != nil {
							t.Fatalf("%s: %v", label, err)
						}
						for i := range a0 {
							if a0[i] != keep[i] {
								t.Fatalf("%s: alpha0 modified", label)
							}
						}
						if warm.Status() != Converged {
							t.Errorf("%s: %v", label, warm.Status())
							continue
						}
						if v := kktViolation(K, y, warm.Alpha(), Cb, warm.Bias(), !noBias); v > 2e-8*max(1, C) {
							t.Errorf("%s: KKT violation %.3g", label, v)
						}
						oc, ow := dualObjective(K, y, cold.Alpha()), dualObjective(K, y, warm.Alpha())
						if math.Abs(oc-ow) > 1e-6*max(1, math.Abs(oc)) {
							t.Errorf("%s: objective %.12g, cold start %.12g", label, ow, oc)
						}
						if math.Abs(ow-warm.Objective()) > 1e-9*max(1, math.Abs(ow)) {
							t.Errorf("%s: Objective %.12g, recomputed %.12g", label, warm.Objective(), ow)
						}
						if name == "optimum" && warm.Iterations() > max(2, cold.Iterations()/10) {
							t.Errorf("%s: %d iterations from the optimum (cold start: %d)", label, warm.Iterations(), cold.Iterations())
						}
					}
				}
			}
		}
	}
}

func TestFitGramFromErrors(t *testing.T) {
	X, y := randomProblem(7, 10, 2, 0)
	K := gramOf(testRBF{0.5}, X)
	clf := Classifier{}
	a := make([]float64, 10)
	if _, err := clf.FitGramFrom(K, y, a[:9]); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("short alpha0: %v", err)
	}
	a[3] = math.NaN()
	if _, err := clf.FitGramFrom(K, y, a); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("NaN alpha0: %v", err)
	}
	a[3] = 0
	y3 := append([]float64(nil), y...)
	y3[4] = 7
	if _, err := clf.FitGramFrom(K, y3, a); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("three classes: %v", err)
	}
	if _, err := (Classifier{C: -1}).FitGramFrom(K, y, a); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("C < 0: %v", err)
	}
	m0, err := clf.FitGram(K, y)
	if err != nil {
		t.Fatal(err)
	}
	m1, err := clf.FitGramFrom(K, y, nil)
	if err != nil {
		t.Fatal(err)
	}
	if m0.Objective() != m1.Objective() || m0.Iterations() != m1.Iterations() {
		t.Errorf("nil alpha0 differs from FitGram")
	}
}
