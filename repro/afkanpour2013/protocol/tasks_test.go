package protocol

import (
	"context"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/datasets"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/continuous"
	"github.com/kernelab/kernelab/klearn/mkl/stagewise"
)

// tinyTasks is a configuration with every task experiment at a few dozen
// points (MNIST only when `make data` has been run).
func tinyTasks(mnist bool) Config {
	c := Config{Mode: "quick", Train: 40, Val: 40, Test: 60, Cs: []float64{1}, Mus: []float64{1e-2}, Seed: 9}
	c.Gammas, c.Gauss, c.GaussReps, c.Lambdas = []float64{0, 20}, [3]int{24, 40, 40}, 2, []float64{1e6, 1e10}
	c.LetterTasks, c.Letter, c.LetterReps = []string{"O-Q"}, [3]int{24, 30, 40}, 2
	c.UCI, c.UCIFrac, c.UCIReps = []string{"Thyroid"}, 0.6, 2
	c.TaskCs, c.TaskMus = []float64{0.1, 10}, []float64{1e-2}
	c.HPoints, c.HStages = 40, 2
	if mnist {
		c.MNISTTasks, c.MNIST, c.MNISTReps = []string{"odd-even"}, [3]int{24, 30, 40}, 1
	}
	return c
}

func haveMNIST() bool {
	_, err := datasets.LoadMNIST("train")
	return err == nil
}

// TestTaskJobsTiny runs every job of every task experiment on tiny
// samples: errors are percentages, alignments cosines, times positive,
// chosen hyper-parameters on their grids, CA-nD's λ on its grid.
func TestTaskJobsTiny(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end run skipped in -short mode")
	}
	cfg := tinyTasks(haveMNIST())
	n := 0
	for _, j := range Jobs(cfg) {
		switch j.Table {
		case JobChecks, JobH1, JobFigure1:
			continue
		case JobFigure3:
			hs, err := KindFigure3.Run(context.Background(), cfg, j)
			if err != nil {
				t.Fatalf("%s: %v", j.Name(), err)
			}
			if len(hs) == 0 || len(hs[0].H) != cfg.HPoints {
				t.Errorf("%s: %d curves", j.Name(), len(hs))
			}
			continue
		}
		n++
		r, err := kindTask(j.Table).Run(context.Background(), cfg, j)
		if err != nil {
			t.Fatalf("%s: %v", j.Name(), err)
		}
		grid := cfg.TaskCs
		if j.Method == "CR" || j.Method == MethodCRDC {
			grid = cfg.TaskMus
		}
		if !(r.Error >= 0 && r.Error <= 100) || !(math.Abs(r.Alignment) <= 1) || !(r.Seconds > 0) || !slices.Contains(grid, r.Chosen) {
			t.Errorf("%s: %+v", j.Name(), r)
		}
		if j.Method == "CA-nD" && !slices.Contains(cfg.Lambdas, r.Lambda) {
			t.Errorf("%s: λ %g", j.Name(), r.Lambda)
		}
	}
	if n == 0 {
		t.Fatal("no task jobs")
	}
}

// TestFiniteGramsMatchKernel: the Gram matrices of the finite set built
// from one pass of squared distances equal the Gaussian kernel's own
// Gram and Cross (an independent implementation), and the cross squared
// distances equal the brute-force sums.
func TestFiniteGramsMatchKernel(t *testing.T) {
	rng := klearn.NewRand(4)
	mk := func(r int) sample {
		X := mat.NewDense(r, 3, nil)
		y := make([]float64, r)
		for i := 0; i < r; i++ {
			for j := 0; j < 3; j++ {
				X.Set(i, j, 10*rng.NormFloat64())
			}
			y[i] = float64(2*(i%2) - 1)
		}
		return sample{X, y}
	}
	p := problem{tr: mk(9), val: mk(5), te: mk(7), finite: []float64{0.5, 3, 40}}
	Ks, Kv, Kt, err := finiteGrams(p)
	if err != nil {
		t.Fatal(err)
	}
	for k, s := range p.finite {
		g := kernel.Gaussian{Sigma: s}
		want, _ := kernel.Gram(g, p.tr.X)
		wv, _ := kernel.Cross(g, p.val.X, p.tr.X)
		wt, _ := kernel.Cross(g, p.te.X, p.tr.X)
		if !mat.EqualApprox(Ks[k], want, 1e-12) || !mat.EqualApprox(Kv[k], wv, 1e-12) || !mat.EqualApprox(Kt[k], wt, 1e-12) {
			t.Errorf("σ = %g: Gram matrices differ from kernel.Gaussian's", s)
		}
	}
	d, err := distsOf(p)
	if err != nil {
		t.Fatal(err)
	}
	sum := gaussSum(p.finite, []float64{0.2, 0.5, 0.3})
	g := d.gauss(p.finite, []float64{0.2, 0.5, 0.3})
	want, _ := kernel.Gram(sum, p.tr.X)
	wt, _ := kernel.Cross(sum, p.te.X, p.tr.X)
	if !mat.EqualApprox(g.K, want, 1e-12) || !mat.EqualApprox(g.Kte, wt, 1e-12) {
		t.Error("Gram matrices of a Gaussian sum differ from kernel.Sum's")
	}
	D := d.Dv
	for i := 0; i < 5; i++ {
		for j := 0; j < 9; j++ {
			var s float64
			for c := 0; c < 3; c++ {
				d := p.val.X.At(i, c) - p.tr.X.At(j, c)
				s += d * d
			}
			if math.Abs(D.At(i, j)-s) > 1e-9*(1+s) {
				t.Fatalf("cross distance (%d, %d): %g, brute force %g", i, j, D.At(i, j), s)
			}
		}
	}
}

// TestBandwidthSets: the finite sets of Section 3 as printed.
func TestBandwidthSets(t *testing.T) {
	g := geometric()
	if len(g) != 50 || math.Abs(g[0]-1e-3) > 1e-15 || math.Abs(g[49]-1e3) > 1e-9 || math.Abs(g[1]/g[0]-math.Pow(10, 6.0/49)) > 1e-12 {
		t.Errorf("geometric set %g … %g", g[0], g[49])
	}
	e := equidistant(500, 50000, 20)
	if len(e) != 20 || e[0] != 500 || e[19] != 50000 || math.Abs(e[1]-e[0]-49500.0/19) > 1e-9 {
		t.Errorf("equidistant set %v", e)
	}
}

// TestSplitAndTasks: the three samples are disjoint draws of the task's
// rows; odd-even labels digits by parity; standardisation gives the
// training columns mean 0 and variance 1 and drops constant columns.
func TestSplitAndTasks(t *testing.T) {
	d := &datasets.Dataset{Name: "toy", X: mat.NewDense(12, 2, nil), Y: make([]float64, 12), Classes: []string{"0", "1", "2", "3"}}
	for i := 0; i < 12; i++ {
		d.Y[i] = float64(i % 4)
		d.X.Set(i, 0, float64(i))
		d.X.Set(i, 1, 5)
	}
	idx, y, err := pairTask(d, "odd-even")
	if err != nil || len(idx) != 12 || y[1] != 1 || y[2] != -1 {
		t.Fatalf("odd-even: %v %v %v", idx, y, err)
	}
	idx, y, err = pairTask(d, "3-0")
	if err != nil || len(idx) != 6 || y[3] != 1 || y[0] != -1 {
		t.Fatalf("3-0: %v %v %v", idx, y, err)
	}
	if _, _, err := pairTask(d, "3-9"); err == nil {
		t.Error("unknown class accepted")
	}
	// Some seeds put one class only in the two training rows: an error.
	var tr, val, te sample
	for seed := uint64(1); seed < 50; seed++ {
		if tr, val, te, err = split(d.X, y, idx, [3]int{2, 2, 2}, seed); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	seen := map[float64]bool{}
	for _, s := range []sample{tr, val, te} {
		for i := 0; i < 2; i++ {
			v := s.X.At(i, 0)
			if seen[v] || int(v)%4 == 1 || int(v)%4 == 2 {
				t.Errorf("row %g drawn twice or off the task", v)
			}
			seen[v] = true
		}
	}
	if _, _, _, err := split(d.X, y, idx, [3]int{3, 3, 3}, 1); err == nil {
		t.Error("no row left for testing accepted")
	}
	// Fewer rows than asked: training and validation in full, the rest tests.
	for seed := uint64(1); seed < 50; seed++ {
		var ts sample
		if _, _, ts, err = split(d.X, y, idx, [3]int{2, 2, 5}, seed); err == nil {
			if r, _ := ts.X.Dims(); r != 2 {
				t.Errorf("test sample of %d rows, want the 2 left", r)
			}
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	a, _, _, err := standardize(tr, val, te)
	if err != nil {
		t.Fatal(err)
	}
	// dropConstant leaves varying columns alone and refuses all-constant data.
	q, err := dropConstant(problem{tr: a, val: a, te: a})
	if err != nil || q.tr.X != a.X {
		t.Errorf("dropConstant changed a sample without constant columns: %v", err)
	}
	flat := sample{mat.NewDense(3, 1, []float64{2, 2, 2}), []float64{1, -1, 1}}
	if _, err := dropConstant(problem{tr: flat, val: flat, te: flat}); err == nil {
		t.Error("all-constant training sample accepted")
	}
	if _, c := a.X.Dims(); c != 1 || math.Abs(a.X.At(0, 0)+a.X.At(1, 0)) > 1e-12 || math.Abs(math.Abs(a.X.At(0, 0))-1) > 1e-12 {
		t.Errorf("standardised training sample %v", mat.Formatted(a.X))
	}
}

// TestLocalMinima: the valley count on known sequences.
func TestLocalMinima(t *testing.T) {
	mk := func(f func(x float64) float64) []float64 {
		var h []float64
		for i := 0; i <= 400; i++ {
			h = append(h, f(float64(i)/400))
		}
		return h
	}
	for _, c := range []struct {
		name string
		f    func(float64) float64
		want int
	}{
		{"bowl", func(x float64) float64 { return (x - 0.3) * (x - 0.3) }, 1},
		{"monotone", func(x float64) float64 { return -x }, 0},
		{"cos 3 periods", func(x float64) float64 { return math.Cos(6 * math.Pi * x) }, 3}, // minima at 1/6, 1/2, 5/6
		{"flat tail wiggle", func(x float64) float64 { return math.Min(0, x-0.5) + 1e-9*math.Sin(300*x) }, 0},
	} {
		if got := localMinima(mk(c.f)); got != c.want {
			t.Errorf("%s: %d minima, want %d", c.name, got, c.want)
		}
	}
}

// TestHCurvesRetraceCA: hCurves' stages choose the bandwidths
// stagewise.CA learns, and the chosen σ is at least as good as the best
// grid point (the multistart search minimises h).
func TestHCurvesRetraceCA(t *testing.T) {
	d, err := datasets.GaussianRelevance(40, 5, 2, 3)
	if err != nil {
		t.Fatal(err)
	}
	y, _ := datasets.Binary(d)
	tr := sample{d.X, y}
	starts, err := scaledStarts(tr.X)
	if err != nil {
		t.Fatal(err)
	}
	hs, err := hCurves("toy", tr, starts, 4, 80, 0.05, 500)
	if err != nil {
		t.Fatal(err)
	}
	// The search of each stage is global on the drawn range: h at the σ
	// found (the family's own Searcher, on CA's P) is at most the curve's
	// minimum on the grid.
	fam := continuous.GaussianBandwidth{Starts: starts}
	s, err := fam.Prepare(tr.X)
	if err != nil {
		t.Fatal(err)
	}
	var hFound []float64
	m, err := stagewise.CA{Family: fam, Trace: func(st stagewise.StageInfo) {
		h, err := s.Inner(st.P, st.Theta, nil)
		if err != nil {
			t.Fatal(err)
		}
		hFound = append(hFound, -h)
	}}.Fit(tr.X, tr.y)
	if err != nil {
		t.Fatal(err)
	}
	atoms := m.Atoms()
	for i, h := range hs {
		if i < len(atoms) && h.Found != atoms[i].Sigma[0] {
			t.Errorf("stage %d: σ %g, CA %g", i+1, h.Found, atoms[i].Sigma[0])
		}
		lo, hi := slices.Min(h.H), slices.Max(h.H)
		if h.Stage != i+1 || hi <= lo {
			t.Errorf("curve %d: stage %d, range [%g, %g]", i, h.Stage, lo, hi)
		}
		if hFound[i] > lo+1e-9*(hi-lo) {
			t.Errorf("stage %d: h(σ found) = %g above the grid's minimum %g", i+1, hFound[i], lo)
		}
	}
	if len(hs) < min(len(atoms), 4) {
		t.Errorf("%d curves for %d CA stages", len(hs), len(atoms))
	}
	if _, err := hCurves("toy", tr, starts, 0, 80, 0.05, 500); err == nil {
		t.Error("0 stages accepted")
	}
}

// TestCAnDDropsConstantColumns: a column constant on the training sample
// (a Letter feature can be, on 300 points) is dropped for CA-nD, whose
// family refuses it, and the test alignment uses the same columns.
func TestCAnDDropsConstantColumns(t *testing.T) {
	var s [3]sample
	for k := range s {
		d, err := datasets.GaussianRelevance(30, 3, 1, uint64(k+1))
		if err != nil {
			t.Fatal(err)
		}
		y, _ := datasets.Binary(d)
		s[k] = sample{d.X, y}
	}
	X := mat.DenseCopyOf(s[0].X)
	for i := 0; i < 30; i++ {
		X.Set(i, 1, 7)
	}
	p := problem{tr: sample{X, s[0].y}, val: s[1], te: s[2], lambdas: []float64{1e8}}
	r, err := runTask("CA-nD", p, []float64{1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !(r.Error >= 0 && r.Error <= 100) || !(math.Abs(r.Alignment) <= 1) || X.At(0, 1) != 7 {
		t.Errorf("%+v", r)
	}
}

// TestFullProblemsBuild: every Letter and Table 3 task of the full and paper
// configurations has the rows its samples ask for (Letter's K vs R has
// 1,497 rows for 300/200/1000: its test sample takes the 997 left).
func TestFullProblemsBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the data sets of every task")
	}
	for _, cfg := range []Config{Full(), PaperProtocol()} {
		for _, j := range Jobs(cfg) {
			if j.Table != JobLetter && j.Table != JobUCI {
				continue
			}
			if j.Split > 0 || j.Method != "CA-1D" {
				continue // the other repetitions draw other rows of the same task; the other methods share it
			}
			p, err := taskProblem(cfg, j)
			if err != nil {
				t.Errorf("%s %s: %v", cfg.Mode, j.Name(), err)
				continue
			}
			if n, _ := p.te.X.Dims(); n < 1 {
				t.Errorf("%s %s: empty test sample", cfg.Mode, j.Name())
			}
		}
	}
}
