package opt

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"
)

// lowerParallelMin makes the pairwise solver run its sweeps on a team from
// n = 1 on, for the duration of the test.
func lowerParallelMin(t *testing.T) {
	old := pairParallelMin
	pairParallelMin = 1
	t.Cleanup(func() { pairParallelMin = old })
}

// sameResult reports whether two results are bit-for-bit equal.
func sameResult(a, b *Result) error {
	if a.Iterations != b.Iterations || a.Status != b.Status {
		return fmt.Errorf("iterations/status %d %v vs %d %v", a.Iterations, a.Status, b.Iterations, b.Status)
	}
	if math.Float64bits(a.F) != math.Float64bits(b.F) || math.Float64bits(a.Gap) != math.Float64bits(b.Gap) {
		return fmt.Errorf("F, Gap %v %v vs %v %v", a.F, a.Gap, b.F, b.Gap)
	}
	for i := range a.X {
		if math.Float64bits(a.X[i]) != math.Float64bits(b.X[i]) {
			return fmt.Errorf("x[%d] = %v vs %v", i, a.X[i], b.X[i])
		}
	}
	for k := range a.Multipliers {
		if math.Float64bits(a.Multipliers[k]) != math.Float64bits(b.Multipliers[k]) {
			return fmt.Errorf("ρ[%d] = %v vs %v", k, a.Multipliers[k], b.Multipliers[k])
		}
	}
	return nil
}

// TestPairwiseGOMAXPROCS solves KOMDQP, SimplexQP and MEB with the sweeps
// split over teams of 1, 2, 3 and 5 goroutines (GOMAXPROCS) and over block
// counts that do and do not divide evenly among them: the results must be
// bit-identical, and satisfy the KKT conditions (recomputed from scratch).
func TestPairwiseGOMAXPROCS(t *testing.T) {
	lowerParallelMin(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, n := range []int{300, 700, 1100} {
		K, y := rbfGram(n, 4, 0.5, uint64(n))
		solvers := map[string]func() (*Result, error){
			"KOMDQP":    func() (*Result, error) { return KOMDQP(K, y, 0.1, nil) },
			"SimplexQP": func() (*Result, error) { return SimplexQP(K, nil) },
			"MEB":       func() (*Result, error) { return MEB(K, nil) },
		}
		for name, solve := range solvers {
			var ref *Result
			for _, procs := range []int{1, 2, 3, 5} {
				runtime.GOMAXPROCS(procs)
				res, err := solve()
				if err != nil {
					t.Fatalf("%s n=%d procs=%d: %v", name, n, procs, err)
				}
				if ref == nil {
					ref = res
					if name == "KOMDQP" {
						checkSimplexKKT(t, komdH(K, y, 0.1), nil, groups(y), res, 1e-8)
					}
					continue
				}
				if err := sameResult(ref, res); err != nil {
					t.Errorf("%s n=%d: GOMAXPROCS %d differs from 1: %v", name, n, procs, err)
				}
			}
		}
	}
}

// TestPairwiseReuse solves problems of decreasing and increasing order in
// turn, so that the recycled scratch storage is larger than, then as large
// as, what a solve needs and holds another problem's numbers: each result
// must equal the one from a fresh process's first solve (computed first).
func TestPairwiseReuse(t *testing.T) {
	lowerParallelMin(t)
	sizes := []int{400, 150, 400, 33, 150}
	first := map[int]*Result{}
	for _, n := range sizes {
		K, y := rbfGram(n, 3, 1, uint64(7*n))
		res, err := KOMDQP(K, y, 0.3, nil)
		if err != nil {
			t.Fatal(err)
		}
		if ref, ok := first[n]; ok {
			if err := sameResult(ref, res); err != nil {
				t.Errorf("n=%d solved again: %v", n, err)
			}
			continue
		}
		first[n] = res
		checkSimplexKKT(t, komdH(K, y, 0.3), nil, groups(y), res, 1e-8)
	}
}

// TestDenseSymGeneric checks the serial copy used for a Symmetric without
// upper-triangular raw storage against the parallel one.
func TestDenseSymGeneric(t *testing.T) {
	K, y := rbfGram(200, 3, 0.4, 5)
	a, err := KOMDQP(K, y, 0.2, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := KOMDQP(atOnly{K}, y, 0.2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := sameResult(a, b); err != nil {
		t.Errorf("At-only Symmetric: %v", err)
	}
}

// atOnly hides the raw storage of a SymDense.
type atOnly struct{ k *mat.SymDense }

func (a atOnly) At(i, j int) float64 { return a.k.At(i, j) }
func (a atOnly) T() mat.Matrix       { return a }
func (a atOnly) Dims() (int, int)    { return a.k.Dims() }
func (a atOnly) SymmetricDim() int   { return a.k.SymmetricDim() }

// TestPairwiseTeamStops stops solves early (MaxIter, a Recorder error) on
// teams of 1 and 3 goroutines: the iterates must agree bit for bit, and no
// goroutine of the teams may outlive its solve.
func TestPairwiseTeamStops(t *testing.T) {
	lowerParallelMin(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	K, y := rbfGram(700, 4, 0.5, 9)
	stop := errors.New("stop")
	settings := []*Settings{
		{MaxIter: 40},
		{Recorder: RecorderFunc(func(it Iteration) error {
			if it.Iter == 25 {
				return stop
			}
			return nil
		})},
	}
	before := runtime.NumGoroutine()
	for k, s := range settings {
		var ref *Result
		for _, procs := range []int{1, 3} {
			runtime.GOMAXPROCS(procs)
			res, err := KOMDQP(K, y, 0.1, s)
			if k == 1 && !errors.Is(err, stop) {
				t.Fatalf("recorder stop: err = %v", err)
			}
			if k == 0 && (err != nil || res.Status != IterationLimit || res.Iterations != 40) {
				t.Fatalf("MaxIter: %v, %+v", err, res)
			}
			if ref == nil {
				ref = res
			} else if err := sameResult(ref, res); err != nil {
				t.Errorf("settings %d: GOMAXPROCS 3 differs from 1: %v", k, err)
			}
		}
	}
	// The workers exit on their own after stop; give them a moment.
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines after the solves, %d before", n, before)
	}
}
