package protocol

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/opt"
)

// smallTask is a synthetic two-block problem: 40 training and 30 test
// points in R⁴ (blocks {0, 1} and {2, 3}), labels by the sign of a
// function of both blocks.
func smallTask() (taskData, blockDists, error) {
	r := rand.New(rand.NewPCG(3, 8))
	pts := func(n int) (*mat.Dense, []float64) {
		X := mat.NewDense(n, 4, nil)
		y := make([]float64, n)
		for i := 0; i < n; i++ {
			for k := 0; k < 4; k++ {
				X.Set(i, k, r.NormFloat64())
			}
			y[i] = 1
			if math.Sin(2*X.At(i, 0))+X.At(i, 2)*X.At(i, 3) < 0 {
				y[i] = -1
			}
		}
		return X, y
	}
	X, y := pts(40)
	Xte, yte := pts(30)
	d := taskData{X, Xte, y, yte}
	bd, err := distsOf(d, [][]int{{0, 1}, {2, 3}})
	return d, bd, err
}

// TestFiniteRecordsItsSolve: finite returns how FiniteCombination stopped.
// With a cap of 2 iterations the solve stops short of FiniteTol and says so
// (IterationLimit, 2 iterations, the gap above the tolerance, not
// certified); with the configured cap it is certified, at a gap within
// the tolerance.
func TestFiniteRecordsItsSolve(t *testing.T) {
	d, bd, err := smallTask()
	if err != nil {
		t.Fatal(err)
	}
	var sig [][]float64
	for _, s1 := range Spaced(0.3, 5, 4) {
		for _, s2 := range Spaced(0.3, 5, 4) {
			sig = append(sig, []float64{s1, s2})
		}
	}
	mu := 1e-3
	capped, err := finite(bd, sig, d, mu, 2)
	if err != nil {
		t.Fatal(err)
	}
	if s := capped.Solve; s.Status != opt.IterationLimit.String() || s.Iterations != 2 || !(s.Gap > FiniteTol) || s.Certified() {
		t.Errorf("a cap of 2: solve %+v, want IterationLimit after 2 iterations at a gap > %g, not certified", s, FiniteTol)
	}
	full, err := finite(bd, sig, d, mu, Full().FiniteIter)
	if err != nil {
		t.Fatal(err)
	}
	if s := full.Solve; !s.Certified() || !(s.Gap <= FiniteTol) || s.Iterations < 2 || s.Iterations >= Full().FiniteIter {
		t.Errorf("the configured cap: solve %+v, want Success at a gap ≤ %g", s, FiniteTol)
	}
	t.Logf("cap 2: %+v; cap %d: %+v", capped.Solve, Full().FiniteIter, full.Solve)
	if !(full.E <= capped.E) {
		t.Errorf("E %v certified above E %v at the cap of 2", full.E, capped.E)
	}
}

// TestFiniteJobsRecordTheirSolves: every job with a finite solve (Table 1's
// finite column, Table 2's grids, Figure 2's diagnostic) records its
// Status, iterations and gap: on a few MNIST points with a cap of 1 each
// is at the cap, not certified (skipped without the MNIST cache).
func TestFiniteJobsRecordTheirSolves(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	cfg := Quick()
	cfg.Train, cfg.Test, cfg.Tasks, cfg.Ranges, cfg.FiniteIter = 60, 100, []int{Fig2Task}, []int{Fig2Range}, 1
	var solves []FiniteSolve
	for _, j := range Jobs(cfg) {
		var err error
		switch {
		case j.Table == JobTable1 && j.Method == "finite":
			var r FiniteRecord
			r, err = KindFinite.Run(context.Background(), cfg, j)
			solves = append(solves, r.Solve)
		case j.Table == JobTable2 && j.Method == MethodGrids:
			var r GridsRecord
			r, err = KindGrids.Run(context.Background(), cfg, j)
			solves = append(solves, r.Grid5Solve, r.Grid10Solve)
		case j.Table == JobFig2:
			var r Kinds
			r, err = KindKinds.Run(context.Background(), cfg, j)
			solves = append(solves, r.Solve)
		}
		if errors.Is(err, klearn.ErrMissingData) {
			t.Skip(err)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(solves) != 4 {
		t.Fatalf("%d finite solves, want 4", len(solves))
	}
	for i, s := range solves {
		if s.Status != opt.IterationLimit.String() || s.Iterations != 1 || !(s.Gap > FiniteTol) || s.Certified() {
			t.Errorf("solve %d at a cap of 1: %+v", i, s)
		}
	}
	cfg.FiniteIter = 0
	if err := cfg.Validate(); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("a cap of 0 (FiniteCombination's default 500): %v", err)
	}
}

// TestFiniteIterIsDocumented: every mode caps the finite solves at the
// number Config.FiniteIter's doc comment states, above the largest count
// measured in full mode (754 iterations, 3 vs. 8 [100, 10000]), which the
// comment states too.
func TestFiniteIterIsDocumented(t *testing.T) {
	const measured = 754
	fs := token.NewFileSet()
	f, err := parser.ParseFile(fs, "protocol.go", nil, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var doc string
	ast.Inspect(f, func(n ast.Node) bool {
		if ts, ok := n.(*ast.TypeSpec); ok && ts.Name.Name == "Config" {
			for _, fl := range ts.Type.(*ast.StructType).Fields.List {
				for _, name := range fl.Names {
					if name.Name == "FiniteIter" {
						doc = fl.Doc.Text()
					}
				}
			}
		}
		return true
	})
	doc = strings.Join(strings.Fields(doc), " ")
	if doc == "" {
		t.Fatal("Config.FiniteIter has no doc comment")
	}
	for _, c := range []Config{Quick(), Full(), PaperProtocol()} {
		if want := fmt.Sprintf("The cap, %d in every mode", c.FiniteIter); !strings.Contains(doc, want) {
			t.Errorf("%s mode: cap %d, the doc comment does not say %q: %q", c.Mode, c.FiniteIter, want, doc)
		}
		if c.FiniteIter <= measured {
			t.Errorf("%s mode: cap %d, not above the measured %d iterations", c.Mode, c.FiniteIter, measured)
		}
	}
	for _, s := range []string{fmt.Sprintf("16–%d iterations (%d for 3 vs. 8 [100, 10000]", measured, measured), "2026-12-01"} {
		if !strings.Contains(doc, s) {
			t.Errorf("the doc comment lacks %q: %q", s, doc)
		}
	}
}
