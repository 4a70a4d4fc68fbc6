package continuous

import (
	"errors"
	"math"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/klearntest"
	"github.com/kernelab/kernelab/klearn/opt"
)

// gridMax is the maximum of ⟨c, G_x(θ)c⟩ over a grid of n points per
// coordinate of the family's box (log σ).
func gridMax(f Family, s Searcher, d int, c []float64, n int) (float64, []float64) {
	lo, hi, _ := f.Space(d)
	P := outer(c)
	best, arg := math.Inf(-1), []float64(nil)
	B := len(lo)
	idx := make([]int, B)
	for {
		th := make([]float64, B)
		for b := range th {
			th[b] = lo[b] + (hi[b]-lo[b])*float64(idx[b])/float64(n-1)
		}
		if v := must(s.Inner(P, th, nil)); v > best {
			best, arg = v, th
		}
		b := 0
		for ; b < B; b++ {
			idx[b]++
			if idx[b] < n {
				break
			}
			idx[b] = 0
		}
		if b == B {
			return best, arg
		}
	}
}

// randC is a random coefficient vector with both signs.
func randC(n int, seed uint64) []float64 {
	rng := klearn.NewRand(seed)
	c := make([]float64, n)
	for i := range c {
		c[i] = rng.NormFloat64()
	}
	return c
}

// TestSearchDC1D: the DC step reaches the brute-force maximum of
// ⟨c, G_x(σ)c⟩ over 20,000 log-spaced σ (and never exceeds the true
// maximum by more than rounding), with the optimality certificate.
func TestSearchDC1D(t *testing.T) {
	X, y, _, _ := klearntest.SyntheticData(klearntest.Binary, 40, 3, 11)
	fam := GaussianBandwidth{Lower: 0.05, Upper: 20}
	s, err := fam.Prepare(X)
	if err != nil {
		t.Fatal(err)
	}
	for trial, c := range [][]float64{randC(40, 1), randC(40, 2), y} {
		r, err := SearchDC(fam, s, 3, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, arg := gridMax(fam, s, 3, c, 20000)
		got := must(s.Inner(outer(c), r.Theta, nil))
		if r.Run.Status != opt.Success {
			t.Errorf("trial %d: status %v after %d cuts", trial, r.Run.Status, r.Run.Iterations)
		}
		if got < want-1e-9*math.Abs(want) || math.Abs(got-r.Value) > 1e-9*math.Max(1, math.Abs(got)) {
			t.Errorf("trial %d: DC σ = %.6g value %.12g (reported %.12g), grid σ = %.6g value %.12g", trial, math.Exp(r.Theta[0]), got, r.Value, math.Exp(arg[0]), want)
		}
		t.Logf("trial %d: %d cuts, σ = %.5g (grid %.5g), value %.10g (grid %.10g)", trial, r.Run.Iterations, math.Exp(r.Theta[0]), math.Exp(arg[0]), got, want)
	}
}

// TestSearchDC2D: the same on two blocks of features against a 400×400
// grid in (log σ₁, log σ₂).
func TestSearchDC2D(t *testing.T) {
	X, _, _, _ := klearntest.SyntheticData(klearntest.Binary, 30, 4, 12)
	fam := GaussianBlocks{Blocks: [][]int{{0, 1}, {2, 3}}, Lower: 0.1, Upper: 10}
	s, err := fam.Prepare(X)
	if err != nil {
		t.Fatal(err)
	}
	for trial := 0; trial < 3; trial++ {
		c := randC(30, uint64(20+trial))
		r, err := SearchDC(fam, s, 4, c, &opt.DCSettings{MaxIter: 1000, Tol: 1e-8})
		if err != nil {
			t.Fatal(err)
		}
		want, arg := gridMax(fam, s, 4, c, 400)
		got := must(s.Inner(outer(c), r.Theta, nil))
		if r.Run.Status != opt.Success {
			t.Errorf("trial %d: status %v after %d cuts", trial, r.Run.Status, r.Run.Iterations)
		}
		if got < want-1e-7*math.Abs(want) {
			t.Errorf("trial %d: DC %v value %.12g, grid %v value %.12g", trial, must(fam.Params(r.Theta)), got, must(fam.Params(arg)), want)
		}
		t.Logf("trial %d: %d cuts, σ = %.4g (grid %.4g), value %.10g (grid %.10g)", trial, r.Run.Iterations, must(fam.Params(r.Theta)), must(fam.Params(arg)), got, want)
	}
}

// TestDCDecomposition: g and h are convex (midpoint test on random
// segments) and g − h = −⟨c, G c⟩ + Σc_i² exactly, with the corrected
// assignment of the two sums.
func TestDCDecomposition(t *testing.T) {
	X, _, _, _ := klearntest.SyntheticData(klearntest.Binary, 25, 4, 13)
	fam := GaussianBlocks{Blocks: [][]int{{0, 1}, {2, 3}}, Lower: 0.1, Upper: 10}
	s, _ := fam.Prepare(X)
	c := randC(25, 5)
	var nrm float64
	for _, v := range c {
		nrm += v * v
	}
	r, err := SearchDC(fam, s, 4, c, &opt.DCSettings{MaxIter: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Run.Status != opt.IterationLimit && r.Run.Status != opt.Success {
		t.Errorf("status %v", r.Run.Status)
	}
	// Rebuild the parts as SearchDC does and test them.
	Ds := s.(expSearcher).exponents()
	lo, hi, _ := fam.Space(4)
	var gw, grows, hw, hrows []float64
	wl, span := []float64{math.Exp(-2 * hi[0]), math.Exp(-2 * hi[1])}, []float64{math.Exp(-2*lo[0]) - math.Exp(-2*hi[0]), math.Exp(-2*lo[1]) - math.Exp(-2*hi[1])}
	for i := 0; i < 25; i++ {
		for j := i + 1; j < 25; j++ {
			w := 2 * c[i] * c[j] / nrm
			a := Ds[0].At(i, j)*wl[0] + Ds[1].At(i, j)*wl[1]
			w *= math.Exp(-a)
			pw, rows := &hw, &hrows
			if w < 0 {
				pw, rows, w = &gw, &grows, -w
			}
			*pw = append(*pw, w)
			*rows = append(*rows, Ds[0].At(i, j)*span[0], Ds[1].At(i, j)*span[1])
		}
	}
	gp, hp := newDCPairs(gw, grows, 2), newDCPairs(hw, hrows, 2)
	rng := klearn.NewRand(9)
	for k := 0; k < 200; k++ {
		z1 := []float64{rng.Float64(), rng.Float64()}
		z2 := []float64{rng.Float64(), rng.Float64()}
		zm := []float64{(z1[0] + z2[0]) / 2, (z1[1] + z2[1]) / 2}
		for name, p := range map[string]*dcPairs{"g": gp, "h": hp} {
			if p.f(zm) > (p.f(z1)+p.f(z2))/2+1e-12 {
				t.Fatalf("%s is not midpoint convex at %v, %v", name, z1, z2)
			}
		}
		th := []float64{-0.5 * math.Log(wl[0]+span[0]*z1[0]), -0.5 * math.Log(wl[1]+span[1]*z1[1])}
		want := must(s.Inner(outer(c), th, nil))/nrm - 1
		if got := hp.f(z1) - gp.f(z1); math.Abs(got-want) > 1e-10 {
			t.Fatalf("h − g = %v, ⟨c, Gc⟩/‖c‖² − 1 = %v", got, want)
		}
	}
}

// TestGreedyDC: Algorithm 1 with the DC step 2 and an initial average of
// five Gaussians: E decreases, every step 2 carries the optimality
// certificate, and at termination the saddle-point test holds against a
// dense grid of σ (no basic kernel improves ⟨c, K c⟩).
func TestGreedyDC(t *testing.T) {
	X, y, _, _ := klearntest.SyntheticData(klearntest.Binary, 50, 3, 14)
	fam := GaussianBandwidth{Lower: 0.05, Upper: 20}
	var init [][]float64
	for _, sg := range []float64{0.05, 5, 10, 15, 20} {
		init = append(init, []float64{math.Log(sg)})
	}
	// Algorithm 1 mixes one kernel per step (step 3 is a line search), so
	// it converges slowly near the optimum: stop at a 5 % improvement.
	const tol = 0.05
	m, err := Greedy{Family: fam, Mu: 1e-3, Step2: DC, Init: init, Tol: tol, MaxSteps: 100}.Fit(X, y)
	if err != nil {
		t.Fatal(err)
	}
	errs := m.Errors()
	for i := 1; i < len(errs); i++ {
		if errs[i] > errs[i-1]*(1+1e-12) {
			t.Errorf("E rose at step %d: %v", i, errs)
		}
	}
	if m.Status() != opt.Success {
		for _, st := range m.Steps() {
			t.Logf("%+v", st)
		}
		t.Fatalf("status %v, E %v", m.Status(), errs)
	}
	for i, st := range m.Steps() {
		if st.DCStatus != opt.Success {
			t.Errorf("step %d: DC status %v", i, st.DCStatus)
		}
	}
	if len(m.Atoms()) != len(init)+len(m.Steps())-1 {
		t.Errorf("%d atoms after %d steps", len(m.Atoms()), len(m.Steps()))
	}
	// Saddle point: with a = (K+μI)⁻¹y, c = −2μa, max_σ ⟨c,G c⟩ ≤ ⟨c,K c⟩.
	s, _ := fam.Prepare(X)
	var K *mat.SymDense
	for _, at := range m.Atoms() {
		G := must(s.Gram([]float64{math.Log(at.Params[0])}))
		if K == nil {
			K = mat.NewSymDense(50, nil)
		}
		K.AddSym(K, scaled(G, at.Weight))
	}
	a, _, _ := solve(K, y, 1e-3)
	c := slices.Clone(a)
	want, _ := gridMax(fam, s, 3, c, 2000)
	if ckc := quad(K, c); want > ckc*(1+tol+1e-9) {
		t.Errorf("grid max ⟨c,Gc⟩ = %v > ⟨c,Kc⟩ = %v", want, ckc)
	}
}

func TestSearchDCBadInput(t *testing.T) {
	X, _, _, _ := klearntest.SyntheticData(klearntest.Binary, 10, 1, 15)
	s, _ := Dirichlet{}.Prepare(X)
	if _, err := SearchDC(Dirichlet{}, s, 1, make([]float64, 10), nil); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("Dirichlet: err = %v", err)
	}
	g, _ := GaussianBandwidth{}.Prepare(X)
	if _, err := SearchDC(GaussianBandwidth{}, g, 1, make([]float64, 10), nil); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("c = 0: err = %v", err)
	}
	if _, err := SearchDC(GaussianBandwidth{}, g, 1, make([]float64, 3), nil); !errors.Is(err, klearn.ErrShape) {
		t.Errorf("short c: err = %v", err)
	}
	if _, err := (Greedy{Step2: 7}).Fit(X, []float64{1, -1, 1, -1, 1, -1, 1, -1, 1, -1}); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("Step2 7: err = %v", err)
	}
	if _, err := (Greedy{Init: [][]float64{{1, 2}}}).Fit(X, []float64{1, -1, 1, -1, 1, -1, 1, -1, 1, -1}); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("bad Init: err = %v", err)
	}
}

// TestSearchDCDeterministic: the same answer, bounds and cuts for
// GOMAXPROCS 1, 2 and 3 (the pieces run in waves of pieceWave at once, the
// pair sums in chunks).
func TestSearchDCDeterministic(t *testing.T) {
	X, _, _, _ := klearntest.SyntheticData(klearntest.Binary, 120, 4, 16)
	fam := GaussianBlocks{Blocks: [][]int{{0, 1}, {2, 3}}, Lower: 0.1, Upper: 10}
	s, _ := fam.Prepare(X)
	c := randC(120, 17)
	old := runtime.GOMAXPROCS(1)
	defer runtime.GOMAXPROCS(old)
	var first *DCResult
	for _, procs := range []int{1, 2, 3} {
		runtime.GOMAXPROCS(procs)
		r, err := SearchDC(fam, s, 4, c, nil)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = r
			continue
		}
		if !slices.Equal(r.Theta, first.Theta) || r.Value != first.Value || r.Run.Iterations != first.Run.Iterations ||
			r.Run.Lower != first.Run.Lower || !slices.Equal(r.Run.Iters, first.Run.Iters) {
			t.Errorf("GOMAXPROCS %d: %v %v %d cuts, 1: %v %v %d cuts", procs, r.Theta, r.Value, r.Run.Iterations, first.Theta, first.Value, first.Run.Iterations)
		}
	}
}

// must returns v, panicking on an error: for calls whose arguments the test
// built right.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestSearchDCStarts: the prism over each piece (SearchDC's start,
// DCSettings.Box) and the paper's simplex S⁰ ⊇ piece (Algorithm 2's input)
// reach the same certified maximum of ⟨c, G_x(θ)c⟩, the brute-force one on
// a grid, in one and two parameters; the cuts of each are logged.
func TestSearchDCStarts(t *testing.T) {
	X, _, _, _ := klearntest.SyntheticData(klearntest.Binary, 30, 4, 14)
	fams := []Family{GaussianBandwidth{Lower: 0.05, Upper: 20}, GaussianBlocks{Blocks: [][]int{{0, 1}, {2, 3}}, Lower: 0.1, Upper: 10}}
	grid := []int{20000, 200}
	for k, fam := range fams {
		s, err := fam.Prepare(X)
		if err != nil {
			t.Fatal(err)
		}
		for trial := 0; trial < 3; trial++ {
			c := randC(30, uint64(40+trial))
			want, _ := gridMax(fam, s, 4, c, grid[k])
			var vals [2]float64
			var cuts [2]int
			for i, simplex := range []bool{false, true} {
				r, err := searchDC(fam, s, 4, c, &opt.DCSettings{MaxIter: 2000, Tol: 1e-9}, simplex)
				if err != nil {
					t.Fatal(err)
				}
				if r.Run.Status != opt.Success {
					t.Fatalf("family %d trial %d simplex %v: status %v", k, trial, simplex, r.Run.Status)
				}
				vals[i], cuts[i] = must(s.Inner(outer(c), r.Theta, nil)), r.Run.Iterations
				if vals[i] < want-1e-7*math.Abs(want) {
					t.Errorf("family %d trial %d simplex %v: %.12g below the grid's %.12g", k, trial, simplex, vals[i], want)
				}
			}
			if math.Abs(vals[0]-vals[1]) > 1e-8*math.Max(1, math.Abs(vals[0])) {
				t.Errorf("family %d trial %d: box start %.12g, simplex start %.12g", k, trial, vals[0], vals[1])
			}
			t.Logf("family %d trial %d: value %.10g (grid %.10g); cuts from the box %d, from the simplex %d", k, trial, vals[0], want, cuts[0], cuts[1])
		}
	}
}

// TestSearchDCLocal4D: with four blocks SearchDC runs the local variant
// (Run.Local); its value is attained, at least the maximum over a 9⁴ grid
// (refined by the quasi-Newton search from the diagonal start through the
// best grid point's first σ), and its bound stays valid (above that
// maximum).
func TestSearchDCLocal4D(t *testing.T) {
	X, _, _, _ := klearntest.SyntheticData(klearntest.Binary, 24, 8, 15)
	fam := GaussianBlocks{Blocks: [][]int{{0, 1}, {2, 3}, {4, 5}, {6, 7}}, Lower: 0.2, Upper: 10}
	s, err := fam.Prepare(X)
	if err != nil {
		t.Fatal(err)
	}
	for trial := 0; trial < 3; trial++ {
		c := randC(24, uint64(60+trial))
		r, err := SearchDC(fam, s, 8, c, &opt.DCSettings{MaxIter: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Run.Local {
			t.Fatalf("trial %d: four parameters did not run the local variant", trial)
		}
		got := must(s.Inner(outer(c), r.Theta, nil))
		if math.Abs(got-r.Value) > 1e-9*math.Max(1, math.Abs(got)) {
			t.Errorf("trial %d: reported %.12g, attained %.12g", trial, r.Value, got)
		}
		want, arg := gridMax(fam, s, 8, c, 9)
		ref := GaussianBlocks{Blocks: fam.Blocks, Lower: fam.Lower, Upper: fam.Upper, Starts: []float64{math.Exp(arg[0])}}
		if _, v, err := Search(ref, s, 8, outer(c), nil); err == nil && v > want {
			want = v
		}
		var nrm2 float64
		for _, v := range c {
			nrm2 += v * v
		}
		if got < want-1e-6*math.Abs(want) {
			t.Errorf("trial %d: local DC %.10g below the refined grid's %.10g", trial, got, want)
		}
		// Lower bounds g − h ≥ Lower for unit c: ⟨u, G u⟩ ≤ Σu² − Lower.
		if bound := nrm2 * (1 - r.Run.Lower); bound < want-1e-9*math.Abs(want) {
			t.Errorf("trial %d: the upper bound %.10g is below the grid maximum %.10g", trial, bound, want)
		}
		t.Logf("trial %d: %d cuts, status %v, value %.10g (refined grid %.10g), bound %.4g", trial, r.Run.Iterations, r.Run.Status, got, want, nrm2*(1-r.Run.Lower))
	}
}
