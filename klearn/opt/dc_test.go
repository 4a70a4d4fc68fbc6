package opt_test

import (
	"errors"
	"math"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/opt"
)

// grid1 returns the minimum of f over n+1 equally spaced points of [lo, hi].
func grid1(f func(float64) float64, lo, hi float64, n int) (float64, float64) {
	best, bx := math.Inf(1), 0.0
	for i := 0; i <= n; i++ {
		x := lo + (hi-lo)*float64(i)/float64(n)
		if v := f(x); v < best {
			best, bx = v, x
		}
	}
	return best, bx
}

// A 1-D DC program with two local minima: g = x⁴/4 + x/2, h = 3x²/2 on
// [−2, 2.5]; the global minimum is on the negative side (brute force).
func TestDCCuttingPlane1D(t *testing.T) {
	p := opt.DCProblem{
		G:     func(w []float64) float64 { x := w[0]; return x*x*x*x/4 + x/2 },
		GradG: func(s, w []float64) { x := w[0]; s[0] = x*x*x + 0.5 },
		H:     func(w []float64) float64 { return 1.5 * w[0] * w[0] },
		Lo:    []float64{-2}, Hi: []float64{2.5},
	}
	f := func(x float64) float64 { return p.G([]float64{x}) - p.H([]float64{x}) }
	want, wx := grid1(f, -2, 2.5, 2_000_000)
	for _, box := range []bool{false, true} {
		res, err := opt.DCCuttingPlane(p, &opt.DCSettings{Box: box})
		if err != nil {
			t.Fatal(err)
		}
		if res.Status != opt.Success {
			t.Fatalf("box %v: status %v after %d iterations", box, res.Status, res.Iterations)
		}
		if math.Abs(res.F-want) > 1e-6*math.Max(1, math.Abs(want)) || math.Abs(res.X[0]-wx) > 1e-3 {
			t.Errorf("box %v: got f(%v) = %v, brute force f(%v) = %v", box, res.X[0], res.F, wx, want)
		}
		if res.Lower > want+1e-9 || res.F-res.Lower > 1e-8 {
			t.Errorf("box %v: lower bound %v, value %v, optimum %v", box, res.Lower, res.F, want)
		}
		checkBounds(t, res, want)
	}
}

// checkBounds verifies the recorded bounds: φ^k non-increasing and above
// the optimum, lower bounds below it.
func checkBounds(t *testing.T, res *opt.DCResult, want float64) {
	t.Helper()
	tol := 1e-9 * math.Max(1, math.Abs(want))
	for k, it := range res.Iters {
		if k > 0 && it.Phi > res.Iters[k-1].Phi+tol {
			t.Fatalf("φ increased at iteration %d: %v > %v", k, it.Phi, res.Iters[k-1].Phi)
		}
		if it.Phi < want-tol || it.Lower > want+tol {
			t.Fatalf("iteration %d: bounds [%v, %v] exclude the optimum %v", k, it.Lower, it.Phi, want)
		}
	}
}

// expSum is Σ_k a_k exp(−⟨b_k, ω⟩) with a_k > 0 (convex), the shape of
// the Gaussian step-2 terms.
type expSum struct {
	a []float64
	b [][]float64
}

func (e expSum) f(w []float64) float64 {
	var s float64
	for k, a := range e.a {
		s += a * math.Exp(-dot(e.b[k], w))
	}
	return s
}

func (e expSum) grad(s, w []float64) {
	for i := range s {
		s[i] = 0
	}
	for k, a := range e.a {
		v := a * math.Exp(-dot(e.b[k], w))
		for i := range s {
			s[i] -= v * e.b[k][i]
		}
	}
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func randExp(rng interface {
	Float64() float64
}, n, d int) expSum {
	var e expSum
	for k := 0; k < n; k++ {
		e.a = append(e.a, rng.Float64())
		b := make([]float64, d)
		for i := range b {
			b[i] = 6 * rng.Float64()
		}
		e.b = append(e.b, b)
	}
	return e
}

// Random 2-D differences of exponential sums on [0, 1]², against a 1001×1001
// grid refined locally; started from the simplex (Case 2 cuts occur) and
// from the box.
func TestDCCuttingPlane2D(t *testing.T) {
	rng := klearn.NewRand(7)
	for trial := 0; trial < 4; trial++ {
		g, h := randExp(rng, 6, 2), randExp(rng, 6, 2)
		p := opt.DCProblem{G: g.f, GradG: g.grad, H: h.f, Lo: []float64{0, 0}, Hi: []float64{1, 1}}
		obj := func(x, y float64) float64 { w := []float64{x, y}; return g.f(w) - h.f(w) }
		want := math.Inf(1)
		const n = 1000
		for i := 0; i <= n; i++ {
			for j := 0; j <= n; j++ {
				want = math.Min(want, obj(float64(i)/n, float64(j)/n))
			}
		}
		for _, box := range []bool{false, true} {
			res, err := opt.DCCuttingPlane(p, &opt.DCSettings{Box: box, MaxIter: 2000})
			if err != nil {
				t.Fatal(err)
			}
			cases := map[int]int{}
			for _, it := range res.Iters {
				cases[it.Case]++
			}
			if res.Status != opt.Success {
				t.Fatalf("trial %d box %v: status %v after %d iterations", trial, box, res.Status, res.Iterations)
			}
			// the grid optimum is within the grid's resolution of the true one
			if res.F > want+1e-9 || res.F < want-1e-4*math.Max(1, math.Abs(want)) {
				t.Errorf("trial %d box %v: DC %v, grid %v", trial, box, res.F, want)
			}
			checkBounds(t, res, res.F)
			if !box && cases[2] == 0 {
				t.Logf("trial %d: no Case-2 cut from the simplex", trial)
			}
			t.Logf("trial %d box %v: %d iterations (cases %v), φ = %v, grid %v", trial, box, res.Iterations, cases, res.F, want)
		}
	}
}

// A convex constraint α (a disc) handled by Case-2 cuts: min of the concave
// −‖ω‖² over the disc ‖ω − (0.5, 0.5)‖ ≤ 0.4 is at the point farthest from 0.
func TestDCCuttingPlaneAlpha(t *testing.T) {
	c := []float64{0.5, 0.5}
	p := opt.DCProblem{
		G:     func(w []float64) float64 { return 0 },
		GradG: func(s, w []float64) { s[0], s[1] = 0, 0 },
		H:     func(w []float64) float64 { return w[0]*w[0] + w[1]*w[1] },
		Alpha: func(w []float64) float64 {
			return math.Hypot(w[0]-c[0], w[1]-c[1]) - 0.4
		},
		GradAlpha: func(s, w []float64) {
			r := math.Hypot(w[0]-c[0], w[1]-c[1])
			s[0], s[1] = (w[0]-c[0])/r, (w[1]-c[1])/r
		},
		Lo: []float64{0, 0}, Hi: []float64{1, 1},
	}
	r := math.Hypot(0.5, 0.5) + 0.4
	want := -r * r
	res, err := opt.DCCuttingPlane(p, &opt.DCSettings{MaxIter: 3000, Tol: 1e-6})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != opt.Success || math.Abs(res.F-want) > 1e-4 {
		t.Errorf("status %v, φ = %v, want %v", res.Status, res.F, want)
	}
	if p.Alpha(res.X) > 1e-12 {
		t.Errorf("X = %v is infeasible", res.X)
	}
}

// A run stopped by MaxIter says so.
func TestDCCuttingPlaneIterationLimit(t *testing.T) {
	rng := klearn.NewRand(3)
	g, h := randExp(rng, 6, 2), randExp(rng, 6, 2)
	p := opt.DCProblem{G: g.f, GradG: g.grad, H: h.f, Lo: []float64{0, 0}, Hi: []float64{1, 1}}
	res, err := opt.DCCuttingPlane(p, &opt.DCSettings{MaxIter: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != opt.IterationLimit || res.Iterations != 2 {
		t.Errorf("status %v after %d iterations, want IterationLimit after 2", res.Status, res.Iterations)
	}
}

func TestDCCuttingPlaneBadInput(t *testing.T) {
	g := func(w []float64) float64 { return 0 }
	gg := func(s, w []float64) {}
	for name, p := range map[string]opt.DCProblem{
		"no G":      {H: g, GradG: gg, Lo: []float64{0}, Hi: []float64{1}},
		"empty box": {G: g, H: g, GradG: gg, Lo: []float64{1}, Hi: []float64{1}},
		"no box":    {G: g, H: g, GradG: gg},
		"NaN box":   {G: g, H: g, GradG: gg, Lo: []float64{math.NaN()}, Hi: []float64{1}},
		"exterior":  {G: g, H: g, GradG: gg, Lo: []float64{0}, Hi: []float64{1}, Interior: []float64{2}},
	} {
		if _, err := opt.DCCuttingPlane(p, nil); !errors.Is(err, klearn.ErrParam) {
			t.Errorf("%s: err = %v, want ErrParam", name, err)
		}
	}
	nan := opt.DCProblem{G: func([]float64) float64 { return math.NaN() }, H: g, GradG: gg, Lo: []float64{0}, Hi: []float64{1}}
	if _, err := opt.DCCuttingPlane(nan, nil); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("NaN g: err = %v, want ErrNotFinite", err)
	}
}

// BenchmarkDCCuttingPlane2D: a 2-D difference of two sums of 2000
// exponentials (the size of a step 2 on 90 points), from the simplex.
func BenchmarkDCCuttingPlane2D(b *testing.B) {
	rng := klearn.NewRand(5)
	g, h := randExp(rng, 2000, 2), randExp(rng, 2000, 2)
	p := opt.DCProblem{G: g.f, GradG: g.grad, H: h.f, Lo: []float64{0, 0}, Hi: []float64{1, 1}}
	for i := 0; i < b.N; i++ {
		if _, err := opt.DCCuttingPlane(p, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// A cutoff below the optimum prunes the run with a lower bound above the
// cutoff; a cutoff above it changes nothing.
func TestDCCuttingPlaneCutoff(t *testing.T) {
	rng := klearn.NewRand(11)
	g, h := randExp(rng, 6, 2), randExp(rng, 6, 2)
	p := opt.DCProblem{G: g.f, GradG: g.grad, H: h.f, Lo: []float64{0, 0}, Hi: []float64{1, 1}}
	ref, err := opt.DCCuttingPlane(p, &opt.DCSettings{MaxIter: 2000})
	if err != nil {
		t.Fatal(err)
	}
	low := ref.F - 0.5
	res, err := opt.DCCuttingPlane(p, &opt.DCSettings{MaxIter: 2000, Cutoff: &low})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Pruned || res.Status != opt.Success || res.Lower < low-1e-9 || res.Lower > ref.F+1e-9 {
		t.Errorf("cutoff %v: pruned %v status %v lower %v (optimum %v)", low, res.Pruned, res.Status, res.Lower, ref.F)
	}
	high := ref.F + 0.5
	res, err = opt.DCCuttingPlane(p, &opt.DCSettings{MaxIter: 2000, Cutoff: &high})
	if err != nil {
		t.Fatal(err)
	}
	if res.Pruned || res.F != ref.F {
		t.Errorf("cutoff %v: pruned %v, F %v, want %v", high, res.Pruned, res.F, ref.F)
	}
}

// Eval (g, h and ∇g in one call) gives the same run as G, H and GradG
// called apart, from the simplex (Case 2 cuts) and from the box.
func TestDCCuttingPlaneEval(t *testing.T) {
	rng := klearn.NewRand(12)
	g, h := randExp(rng, 8, 2), randExp(rng, 8, 2)
	calls := 0
	for _, box := range []bool{false, true} {
		p := opt.DCProblem{G: g.f, GradG: g.grad, H: h.f, Lo: []float64{0, 0}, Hi: []float64{1, 1}}
		ref, err := opt.DCCuttingPlane(p, &opt.DCSettings{MaxIter: 2000, Box: box})
		if err != nil {
			t.Fatal(err)
		}
		p.Eval = func(s, w []float64) (float64, float64) {
			calls++
			if s != nil {
				g.grad(s, w)
			}
			return g.f(w), h.f(w)
		}
		res, err := opt.DCCuttingPlane(p, &opt.DCSettings{MaxIter: 2000, Box: box})
		if err != nil {
			t.Fatal(err)
		}
		if res.F != ref.F || res.Lower != ref.Lower || res.Iterations != ref.Iterations || res.Status != ref.Status {
			t.Errorf("box %v: with Eval F %v lower %v after %d cuts (%v), without %v %v %d (%v)", box, res.F, res.Lower, res.Iterations, res.Status, ref.F, ref.Lower, ref.Iterations, ref.Status)
		}
	}
	if calls == 0 {
		t.Error("Eval never called")
	}
}

// A cutoff between the optimum and the centre's value is the level of the
// cuts: the run still finds the optimum (not pruned) within the
// tolerance, and its bounds hold at every iteration.
func TestDCCuttingPlaneCutoffLevel(t *testing.T) {
	rng := klearn.NewRand(13)
	for trial := 0; trial < 5; trial++ {
		g, h := randExp(rng, 10, 2), randExp(rng, 10, 2)
		p := opt.DCProblem{G: g.f, GradG: g.grad, H: h.f, Lo: []float64{0, 0}, Hi: []float64{1, 1}}
		ref, err := opt.DCCuttingPlane(p, &opt.DCSettings{MaxIter: 2000, Box: true})
		if err != nil {
			t.Fatal(err)
		}
		centre := g.f([]float64{0.5, 0.5}) - h.f([]float64{0.5, 0.5})
		if centre-ref.F < 1e-6 {
			continue // the centre is optimal: no level between
		}
		level := ref.F + (centre-ref.F)/10
		res, err := opt.DCCuttingPlane(p, &opt.DCSettings{MaxIter: 2000, Box: true, Cutoff: &level})
		if err != nil {
			t.Fatal(err)
		}
		if res.Pruned || res.Status != opt.Success || math.Abs(res.F-ref.F) > 1e-8*math.Max(1, math.Abs(ref.F)) {
			t.Errorf("trial %d: level %v: F %v (optimum %v), pruned %v, status %v", trial, level, res.F, ref.F, res.Pruned, res.Status)
		}
		if res.Lower > ref.F+1e-9 {
			t.Errorf("trial %d: lower bound %v above the optimum %v", trial, res.Lower, ref.F)
		}
		t.Logf("trial %d: %d cuts with the level, %d without", trial, res.Iterations, ref.Iterations)
	}
}

// The local variant (DCSettings.Local) on random 4-D differences of
// exponential sums on [0, 1]⁴, against brute force on a 21⁴ grid refined by
// coordinate descent: every value it reports is attained (F ≥ the optimum),
// its recorded lower bounds stay below the optimum, φ^k never increases,
// and X is a local minimum (no coordinate step of 10⁻³ lowers g − h by
// more than the tolerance). It is not a global method; the test logs how
// often it found the brute-force optimum.
func TestDCCuttingPlaneLocal4D(t *testing.T) {
	rng := klearn.NewRand(17)
	const D = 4
	found := 0
	const trials = 6
	for trial := 0; trial < trials; trial++ {
		g, h := randExp(rng, 8, D), randExp(rng, 8, D)
		lo, hi := make([]float64, D), make([]float64, D)
		for i := range hi {
			hi[i] = 1
		}
		p := opt.DCProblem{G: g.f, GradG: g.grad, H: h.f, GradH: h.grad, Lo: lo, Hi: hi}
		obj := func(w []float64) float64 { return g.f(w) - h.f(w) }
		want := bruteMin(obj, D, 20)
		res, err := opt.DCCuttingPlane(p, &opt.DCSettings{Box: true, Local: true, MaxIter: 2000, Tol: 1e-9})
		if err != nil {
			t.Fatal(err)
		}
		if !res.Local || res.Status != opt.Success {
			t.Fatalf("trial %d: Local %v, status %v after %d cuts", trial, res.Local, res.Status, res.Iterations)
		}
		if math.Abs(obj(res.X)-res.F) > 1e-12 || res.F < want-1e-9 {
			t.Errorf("trial %d: F = %v, g − h at X = %v, brute force %v", trial, res.F, obj(res.X), want)
		}
		checkBounds(t, res, want)
		for i := 0; i < D; i++ {
			for _, st := range []float64{-1e-3, 1e-3} {
				w := append([]float64(nil), res.X...)
				w[i] = math.Min(1, math.Max(0, w[i]+st))
				if obj(w) < res.F-1e-7 {
					t.Errorf("trial %d: X = %v is not a local minimum: coordinate %d step %v gives %v < %v", trial, res.X, i, st, obj(w), res.F)
				}
			}
		}
		if res.F <= want+1e-6*math.Max(1, math.Abs(want)) {
			found++
		}
		t.Logf("trial %d: %d cuts, F = %.10g, brute force %.10g, lower bound %.4g", trial, res.Iterations, res.F, want, res.Lower)
	}
	t.Logf("the local variant reached the brute-force optimum in %d of %d trials", found, trials)
}

// On 2-D problems the local variant never reports a value below the exact
// (vertex-enumeration) optimum, and its final local estimate is ≥ −Tol.
func TestDCCuttingPlaneLocalAgainstExact(t *testing.T) {
	rng := klearn.NewRand(19)
	same := 0
	for trial := 0; trial < 6; trial++ {
		g, h := randExp(rng, 6, 2), randExp(rng, 6, 2)
		p := opt.DCProblem{G: g.f, GradG: g.grad, H: h.f, GradH: h.grad, Lo: []float64{0, 0}, Hi: []float64{1, 1}}
		ex, err := opt.DCCuttingPlane(p, &opt.DCSettings{Box: true, MaxIter: 2000})
		if err != nil {
			t.Fatal(err)
		}
		lc, err := opt.DCCuttingPlane(p, &opt.DCSettings{Box: true, Local: true, MaxIter: 2000})
		if err != nil {
			t.Fatal(err)
		}
		if ex.Status != opt.Success || lc.Status != opt.Success {
			t.Fatalf("trial %d: status exact %v, local %v", trial, ex.Status, lc.Status)
		}
		if lc.F < ex.F-1e-9 || lc.Lower > ex.F+1e-9 {
			t.Errorf("trial %d: local [%v, %v] against the certified optimum %v", trial, lc.Lower, lc.F, ex.F)
		}
		last := lc.Iters[len(lc.Iters)-1]
		if last.Local-last.Phi < -1e-9*math.Max(1, math.Abs(last.Phi)) {
			t.Errorf("trial %d: stopped with a local estimate %v below φ = %v", trial, last.Local, last.Phi)
		}
		if math.Abs(lc.F-ex.F) <= 1e-9*math.Max(1, math.Abs(ex.F)) {
			same++
		}
		t.Logf("trial %d: exact %d cuts φ = %.10g; local %d cuts φ = %.10g", trial, ex.Iterations, ex.F, lc.Iterations, lc.F)
	}
	t.Logf("local = exact optimum in %d of 6 trials", same)
}

// bruteMin is the minimum of f over a (n+1)^D grid of [0, 1]^D, refined by
// coordinate descent with shrinking steps from the best grid point.
func bruteMin(f func([]float64) float64, D, n int) float64 {
	w := make([]float64, D)
	best := math.Inf(1)
	var bw []float64
	var rec func(i int)
	rec = func(i int) {
		if i == D {
			if v := f(w); v < best {
				best, bw = v, append([]float64(nil), w...)
			}
			return
		}
		for k := 0; k <= n; k++ {
			w[i] = float64(k) / float64(n)
			rec(i + 1)
		}
	}
	rec(0)
	for st := 1.0 / float64(n); st > 1e-10; st /= 2 {
		for improved := true; improved; {
			improved = false
			for i := 0; i < D; i++ {
				for _, sg := range []float64{-1, 1} {
					x := append([]float64(nil), bw...)
					x[i] = math.Min(1, math.Max(0, x[i]+sg*st))
					if v := f(x); v < best-1e-15 {
						best, bw, improved = v, x, true
					}
				}
			}
		}
	}
	return best
}
