package argyriou2006

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/repro"
)

func TestConfigFor(t *testing.T) {
	for _, m := range []string{"quick", "full", "paper"} {
		c, err := ConfigFor(m)
		if err != nil || c.Mode != m {
			t.Errorf("%s: %+v %v", m, c, err)
		}
	}
	if c := PaperProtocol(); c.Train != 500 || c.Test != 1000 || c.Mu != 1e-7 || c.GreedySteps != 100 || c.DCIter != 300 {
		t.Errorf("paper protocol %+v", c)
	}
	if _, err := ConfigFor("x"); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("bad mode: %v", err)
	}
	if _, err := Run(Config{}, nil); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("empty config: %v", err)
	}
}

// TestTolerance: two standard errors of 6.5 % on 1000 points is 1.56.
func TestTolerance(t *testing.T) {
	if b := Tolerance(6.5, 1000).Bound(repro.V(6.5), repro.V(6.5)); math.Abs(b-2*math.Sqrt(6.5*93.5/1000)) > 1e-12 {
		t.Errorf("bound %v", b)
	}
	if len(Tolerances()) == 0 {
		t.Error("no tolerances")
	}
}

// TestVerdictSynthetic: the verdict is computed from the numbers (a cell
// equal to the paper's is within tolerance, one far off is not).
func TestVerdictSynthetic(t *testing.T) {
	res := &Results{Mode: "test", Train: 500, Test: 1000}
	for task := 0; task < 3; task++ {
		p := Table1Paper[task][1]
		res.Table1 = append(res.Table1, Cell1{Task: task, Range: 1,
			DC:       Greedy1{Error: p[0], E: []float64{3, 2, 1}, Steps: 2, Certified: 2, Cuts: []int{10, 20}, Atoms: []Atom{{1, []float64{1000}}}},
			Standard: Greedy1{Error: p[1], E: []float64{3, 2}}, Finite: p[2], SVM: p[3] + 20})
		q := Table2Paper[task][1]
		res.Table2 = append(res.Table2, Cell2{Task: task, Range: 1, DC: Greedy1{Error: q[0], E: []float64{2, 1},
			Atoms: []Atom{{0.6, []float64{10000, 500}}, {0.4, []float64{700, 700}}}}, Grid5: q[1], Grid10: q[2]})
	}
	r := Verdict(res)
	var t1 *repro.Claim
	for i, c := range r.Claims {
		if c.ID == "Table 1" {
			t1 = &r.Claims[i]
		}
	}
	if t1 == nil || t1.Outcome != repro.Partly || len(t1.Cells) != 12 {
		t.Fatalf("Table 1 claim %+v", t1)
	}
	for _, c := range t1.Cells {
		if (c.Col == "SVM") == c.Within() {
			t.Errorf("cell %s %s within = %v", c.Row, c.Col, c.Within())
		}
	}
	if _, err := json.Marshal(res); err != nil {
		t.Fatal(err)
	}
	if _, err := Figure1Chart(res); err != nil {
		t.Error(err)
	}
	if _, err := Figure2Chart(res); err != nil {
		t.Error(err)
	}
}

// TestRunTiny runs every part on a few MNIST points (skipped without the
// MNIST cache): the checks hold and every number is finite.
func TestRunTiny(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	cfg := Quick()
	cfg.Train, cfg.Test, cfg.Tasks = 60, 100, []int{2}
	cfg.SVMSigmas, cfg.SVMCs, cfg.GreedySteps = 3, []float64{1, 100}, 10
	res, err := Run(cfg, nil)
	if errors.Is(err, klearn.ErrMissingData) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Checks {
		if c.Kind == repro.Statement {
			t.Logf("%s: %s (%s)", c.ID, c.Outcome, c.Reason)
			continue
		}
		t.Logf("%s: %s", c.ID, c.Ours)
		if c.Outcome != repro.Reproduced {
			t.Errorf("%s: %s (%s)", c.ID, c.Outcome, c.Ours)
		}
	}
	if len(res.Table1) != 1 || len(res.Table2) != 1 {
		t.Fatalf("%d and %d cells", len(res.Table1), len(res.Table2))
	}
	c := res.Table1[0]
	for _, e := range []float64{c.DC.Error, c.Standard.Error, c.Finite, c.SVM, res.Table2[0].DC.Error, res.Table2[0].Grid5, res.Table2[0].Grid10} {
		if math.IsNaN(e) || e < 0 || e > 100 {
			t.Errorf("error %v", e)
		}
	}
	for i := 1; i < len(c.DC.E); i++ {
		if c.DC.E[i] > c.DC.E[i-1]*(1+1e-12) {
			t.Errorf("E rose: %v", c.DC.E)
		}
	}
	if Verdict(res).Counts().String() == "" {
		t.Error("empty counts")
	}
}

func TestLocalMaxima(t *testing.T) {
	for _, c := range []struct {
		v    []float64
		want []int
	}{
		{[]float64{0, 1, 0, 2, 0}, []int{1, 3}},
		{[]float64{3, 3, 3, 1, 2}, []int{0, 4}},
		{[]float64{0, 1, 1 + 1e-12, 1, 0}, []int{1}},
		{[]float64{1, 2, 2, 3}, []int{3}},
	} {
		got := localMaxima(c.v)
		if len(got) != len(c.want) {
			t.Errorf("%v: %v, want %v", c.v, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%v: %v, want %v", c.v, got, c.want)
			}
		}
	}
}

// TestInteriorMaxima: maxima on a flat end (a limit of f at ω → 0 or ∞)
// are dropped, interior ones and a non-flat end kept.
func TestInteriorMaxima(t *testing.T) {
	v := []float64{1, 1, 1, 0, 2, 0, 3, 3, 3}
	if m := localMaxima(v); len(m) != 3 || m[0] != 0 || m[1] != 4 || m[2] != 6 {
		t.Fatalf("local maxima %v", m)
	}
	if m := interiorMaxima(v, localMaxima(v)); len(m) != 1 || m[0] != 4 {
		t.Errorf("interior maxima %v, want [4]", m)
	}
	w := []float64{0, 2, 1, 5}
	if m := interiorMaxima(w, localMaxima(w)); len(m) != 1 || m[0] != 1 {
		t.Errorf("interior maxima of %v: %v, want [1]", w, m)
	}
}

// TestSignChanges: the products c_ic_j ordered by d_ij, ties summed.
func TestSignChanges(t *testing.T) {
	a := mat.NewVecDense(3, []float64{1, -1, 1})
	D := mat.NewSymDense(3, []float64{0, 1, 2, 1, 0, 3, 2, 3, 0})
	if k := signChanges(a, D); k != 2 { // −1 (d 1), +1 (d 2), −1 (d 3)
		t.Errorf("sign changes %d, want 2", k)
	}
	D = mat.NewSymDense(3, []float64{0, 1, 1, 1, 0, 3, 1, 3, 0})
	if k := signChanges(a, D); k != 0 { // −1 + 1 = 0 at d 1 (skipped), −1 (d 3)
		t.Errorf("sign changes with a tie %d, want 0", k)
	}
}

// TestFigure2Kinds: the diagnostic's kernels are the figure's two kinds on
// the 10-point grid, each pair once; restricting the grid can only raise
// the optimal E (checked on MNIST, both problems solved exactly); the
// verdict row reads the comparison both ways and is never counted.
func TestFigure2Kinds(t *testing.T) {
	r := Ranges[fig2Range]
	sig := kindsSigmas(r, 10)
	if len(sig) != 28 {
		t.Fatalf("%d kernels, want 3·10 − 2", len(sig))
	}
	seen := map[[2]float64]bool{}
	for _, s := range sig {
		if !(s[0] == r[1] || s[1] == r[1] || s[0] == s[1]) || seen[[2]float64{s[0], s[1]}] {
			t.Errorf("σ %v is not of the two kinds, or repeated", s)
		}
		seen[[2]float64{s[0], s[1]}] = true
	}
	if !testing.Short() {
		cfg := Quick()
		cfg.Train, cfg.Test, cfg.Tasks, cfg.Ranges = 60, 100, []int{fig2Task}, []int{fig2Range}
		var kinds Kinds
		var grids gridsRecord
		for _, j := range Jobs(cfg) {
			if j.Table != jobFig2 && (j.Table != jobTable2 || j.Method != methodGrids) {
				continue
			}
			v, err := RunJob(context.Background(), j)
			if errors.Is(err, klearn.ErrMissingData) {
				t.Skip(err)
			}
			if err != nil {
				t.Fatal(err)
			}
			switch v := v.(type) {
			case Kinds:
				kinds = v
			case gridsRecord:
				grids = v
			}
		}
		if !(grids.Grid10E > 0) || kinds.E < grids.Grid10E*(1-1e-5) {
			t.Errorf("E two kinds %v below E all pairs %v", kinds.E, grids.Grid10E)
		}
	}
	res := &Results{Table2: []Cell2{{Task: fig2Task, Range: fig2Range, DC: Greedy1{Error: 6, E: []float64{2, 1}}, Grid10: 6.2, Grid10E: 1}}}
	for _, c := range []struct {
		e    float64
		want repro.Outcome
	}{{1.005, repro.Reproduced}, {1.05, repro.NotReproduced}} {
		res.Figure2Kinds = &Kinds{Task: fig2Task, Range: fig2Range, E: c.e, Error: 6, Sigmas: sig}
		rep := Verdict(res)
		var got *repro.Claim
		for i := range rep.Claims {
			if rep.Claims[i].ID == "Figure 2 (kinds)" {
				got = &rep.Claims[i]
			}
		}
		if got == nil || got.Kind != repro.Diagnostic || got.Outcome != c.want {
			t.Errorf("E %v: diagnostic %+v, want %s", c.e, got, c.want)
		}
		if rep.Counts().Diagnostics != 1 {
			t.Errorf("counts %+v", rep.Counts())
		}
	}
}
