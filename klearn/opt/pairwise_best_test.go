package opt

import (
	"errors"
	"math"
	"runtime"
	"slices"
	"testing"

	"github.com/kernelab/kernelab/klearn"
)

// komdObj is (1−λ)γᵀYKYγ + λ‖γ‖² computed from scratch (komdH, fwGap).
func komdObj(H interface{ At(i, j int) float64 }, x []float64) float64 {
	var f float64
	for i := range x {
		for j := range x {
			f += x[i] * H.At(i, j) * x[j]
		}
	}
	return f
}

// TestKOMDSecantProjection checks KOMDSecant against the optimality
// conditions of the Euclidean projection onto each class's simplex
// (w = (z − θ)₊: z_i − w_i = θ where w_i > 0, z_i ≤ θ where w_i = 0, Σ w = 1),
// with z = x2 + s(x2 − x1) recomputed here; that an exactly linear path of
// feasible points is extrapolated exactly; and that its inputs are kept.
func TestKOMDSecantProjection(t *testing.T) {
	t.Parallel()
	rng := klearn.NewRand(7)
	n := 41
	y := make([]float64, n)
	for i := range y {
		y[i] = 1
		if i%3 == 0 {
			y[i] = -1
		}
	}
	feasible := func() []float64 {
		x := make([]float64, n)
		var sum [2]float64
		for i := range x {
			if rng.Float64() < 0.7 {
				x[i] = rng.Float64()
			}
			sum[groups(y)[i]] += x[i]
		}
		for i := range x {
			x[i] /= sum[groups(y)[i]]
		}
		return x
	}
	grp := groups(y)
	for trial := 0; trial < 20; trial++ {
		x1, x2 := feasible(), feasible()
		k1, k2 := slices.Clone(x1), slices.Clone(x2)
		lam1, lam2, lam := 0.3, 0.2, 0.1+0.05*float64(trial%3)
		w, err := KOMDSecant(y, x1, x2, lam1, lam2, lam)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(k1, x1) || !slices.Equal(k2, x2) {
			t.Fatal("KOMDSecant modified its inputs")
		}
		s := (lam - lam2) / (lam2 - lam1)
		for k := 0; k < 2; k++ {
			theta, sum, have := 0.0, 0.0, false
			for i := range w {
				if grp[i] != k {
					continue
				}
				sum += w[i]
				if w[i] < 0 {
					t.Fatalf("w[%d] = %g < 0", i, w[i])
				}
				if w[i] > 0 {
					z := x2[i] + s*(x2[i]-x1[i])
					if !have {
						theta, have = z-w[i], true
					} else if math.Abs(z-w[i]-theta) > 1e-12 {
						t.Fatalf("trial %d class %d: z − w = %g and %g on the support", trial, k, z-w[i], theta)
					}
				}
			}
			if math.Abs(sum-1) > 1e-12 {
				t.Fatalf("trial %d class %d: Σ w = %.17g", trial, k, sum)
			}
			for i := range w {
				if grp[i] == k && w[i] == 0 {
					if z := x2[i] + s*(x2[i]-x1[i]); z > theta+1e-12 {
						t.Fatalf("trial %d: w[%d] = 0 but z = %g > θ = %g", trial, i, z, theta)
					}
				}
			}
		}
	}
	// A linear path inside Γ: x(λ) = a + λ(b − a) with a, b feasible and
	// both ends strictly positive, so x(0.3) from x(0.1), x(0.2) is exact.
	a, b := feasible(), feasible()
	for i := range a {
		a[i], b[i] = (a[i]+0.1)/2, (b[i]+0.1)/2
	}
	var sa, sb [2]float64
	for i := range a {
		sa[grp[i]] += a[i]
		sb[grp[i]] += b[i]
	}
	at := func(l float64) []float64 {
		x := make([]float64, n)
		for i := range x {
			x[i] = a[i]/sa[grp[i]] + l*(b[i]/sb[grp[i]]-a[i]/sa[grp[i]])
		}
		return x
	}
	w, err := KOMDSecant(y, at(0.1), at(0.2), 0.1, 0.2, 0.3)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range at(0.3) {
		if math.Abs(w[i]-v) > 1e-14 {
			t.Fatalf("linear path: w[%d] = %.17g, want %.17g", i, w[i], v)
		}
	}
}

// TestKOMDSecantErrors: bad input is refused with wrapped sentinels.
func TestKOMDSecantErrors(t *testing.T) {
	t.Parallel()
	y := []float64{1, -1, 1, -1}
	x := []float64{0.5, 0.5, 0.5, 0.5}
	for _, c := range []struct {
		name      string
		y, x1, x2 []float64
		l1, l2, l float64
		want      error
	}{
		{"short x1", y, x[1:], x, 0.1, 0.2, 0.3, klearn.ErrShape},
		{"NaN entry", y, []float64{math.NaN(), 0.5, 0.5, 0.5}, x, 0.1, 0.2, 0.3, klearn.ErrNotFinite},
		{"Inf λ", y, x, x, 0.1, 0.2, math.Inf(1), klearn.ErrNotFinite},
		{"λ1 = λ2", y, x, x, 0.2, 0.2, 0.3, klearn.ErrParam},
		{"one class", []float64{1, 1, 1, 1}, x, x, 0.1, 0.2, 0.3, klearn.ErrOneClass},
		{"labels", []float64{1, 0, 1, -1}, x, x, 0.1, 0.2, 0.3, klearn.ErrLabels},
	} {
		if _, err := KOMDSecant(c.y, c.x1, c.x2, c.l1, c.l2, c.l); !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
}

// TestKOMDQPFromBest: the solve starts from the start of lowest objective
// (computed here from scratch with komdH; the first on ties), with the bits
// of KOMDQPFrom from it, and KOMDPath.SolveBest gives the same bits,
// whether or not a start is the path's last solution (whose Qγ the path
// keeps); on one goroutine and on two (sweeps parallel from n = 1).
func TestKOMDQPFromBest(t *testing.T) {
	lowerParallelMin(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	K, y := rbfGram(160, 4, 0.5, 21)
	const lam = 0.3
	set := &Settings{Tol: 1e-8}
	near, err := KOMDQP(K, y, 0.35, set)
	if err != nil {
		t.Fatal(err)
	}
	vertex := make([]float64, len(y))
	vertex[slices.Index(y, 1)], vertex[slices.Index(y, -1)] = 1, 1
	H := komdH(K, y, lam)
	uniform, _ := KOMDQP(K, y, 1, nil)
	obj := func(x []float64) float64 {
		if x == nil {
			x = uniform.X
		}
		return komdObj(H, x)
	}
	for _, starts := range [][][]float64{
		{nil, vertex, near.X},
		{vertex, near.X},
		{near.X, nil},
		{vertex, vertex},
		{vertex},
	} {
		best := 0
		for k := range starts {
			if obj(starts[k]) < obj(starts[best]) {
				best = k
			}
		}
		for _, procs := range []int{1, 2} {
			runtime.GOMAXPROCS(procs)
			want, err := KOMDQPFrom(K, y, lam, starts[best], set)
			if err != nil {
				t.Fatal(err)
			}
			got, err := KOMDQPFromBest(K, y, lam, starts, set)
			if err != nil {
				t.Fatal(err)
			}
			if err := sameResult(got, want); err != nil {
				t.Fatalf("procs=%d %d starts: KOMDQPFromBest is not KOMDQPFrom from start %d: %v", procs, len(starts), best, err)
			}
			path, err := NewKOMDPath(K, y)
			if err != nil {
				t.Fatal(err)
			}
			// The path's last solution (near, solved again on the path)
			// among the starts exercises the kept Qγ.
			if _, err := path.Solve(0.35, nil, set); err != nil {
				t.Fatal(err)
			}
			reused := path.q.reused
			pg, err := path.SolveBest(lam, starts, set)
			if err != nil {
				t.Fatal(err)
			}
			if err := sameResult(pg, want); err != nil {
				t.Fatalf("procs=%d: SolveBest differs: %v", procs, err)
			}
			// near.X is the path's last solution bit for bit (a cold solve
			// at 0.35 either way): judged from the kept Qγ.
			if hit := slices.ContainsFunc(starts, func(s []float64) bool { return s != nil && &s[0] == &near.X[0] }); hit != (path.q.reused > reused) {
				t.Fatalf("procs=%d: start is the last solution %v, kept Qγ used %v", procs, hit, path.q.reused > reused)
			}
		}
	}
}

// TestKOMDPathSecantGrid walks the paper's grid of λ (Donini & Aiolli
// 2017, Figures 3–5) downwards on a KOMDPath, each λ started from the
// better of the previous solution and its secant extrapolation, as
// easymkl's paths do, and checks every solution against a cold KOMDQP and
// the upward path of single warm starts (the order used before): the gap
// and objective recomputed from scratch (fwGap), Gap ≤ Tol·D, the KKT
// conditions, objectives within the gaps; and that it takes fewer pair
// steps than the cold solves. A mutated solution (mass moved between two
// examples of a class) fails the recomputed gap.
func TestKOMDPathSecantGrid(t *testing.T) {
	t.Parallel()
	grid := []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9}
	for _, tc := range []struct {
		n   int
		tol float64
	}{{150, 1e-9}, {400, 1e-6}} {
		K, y := rbfGram(tc.n, 4, 0.5, uint64(tc.n)+11)
		grp := groups(y)
		set := &Settings{Tol: tc.tol}
		path, err := NewKOMDPath(K, y)
		if err != nil {
			t.Fatal(err)
		}
		up := make([]*Result, len(grid))
		var prev []float64
		for k, lam := range grid {
			if up[k], err = path.Solve(lam, prev, set); err != nil {
				t.Fatal(err)
			}
			prev = up[k].X
		}
		var xs [][]float64
		var lams []float64
		var cold, steps int
		for k := len(grid) - 1; k >= 0; k-- {
			lam := grid[k]
			starts := [][]float64{nil}
			if len(xs) > 0 {
				starts = [][]float64{xs[len(xs)-1]}
			}
			if len(xs) >= 2 {
				z, err := KOMDSecant(y, xs[len(xs)-2], xs[len(xs)-1], lams[len(lams)-2], lams[len(lams)-1], lam)
				if err != nil {
					t.Fatal(err)
				}
				starts = append(starts, z)
			}
			res, err := path.SolveBest(lam, starts, set)
			if err != nil {
				t.Fatal(err)
			}
			rc, err := KOMDQP(K, y, lam, set)
			if err != nil {
				t.Fatal(err)
			}
			cold += rc.Iterations
			steps += res.Iterations
			H := komdH(K, y, lam)
			thresh := tc.tol * komdScale(K, lam)
			f, g := fwGap(H, grp, res.X)
			slack := 1e-12 * (1 + math.Abs(f))
			if g > thresh+slack {
				t.Errorf("n=%d λ=%g: recomputed gap %g > Tol·D = %g", tc.n, lam, g, thresh)
			}
			if math.Abs(res.F-f) > slack {
				t.Errorf("n=%d λ=%g: F %.17g, recomputed %.17g", tc.n, lam, res.F, f)
			}
			for name, other := range map[string]*Result{"cold": rc, "upward path": up[k]} {
				fo, gom := fwGap(H, grp, other.X)
				if f-fo > gom+slack || fo-f > g+slack {
					t.Errorf("n=%d λ=%g: F %.15g and %s %.15g differ by more than the gaps %g, %g", tc.n, lam, f, name, fo, g, gom)
				}
			}
			checkSimplexKKT(t, H, nil, grp, res, math.Max(1e-6, 10*thresh))
			xs, lams = append(xs, res.X), append(lams, lam)
			if k == 0 && tc.tol == 1e-9 {
				// Mutation: move a tenth of the largest γ_i of class +1 to
				// another example of that class.
				bad := slices.Clone(res.X)
				i, j := -1, -1
				for a := range bad {
					if y[a] > 0 && (i < 0 || bad[a] > bad[i]) {
						i = a
					}
				}
				for a := range bad {
					if y[a] > 0 && a != i {
						j = a
						break
					}
				}
				bad[j] += bad[i] / 10
				bad[i] -= bad[i] / 10
				if _, gb := fwGap(H, grp, bad); gb <= thresh {
					t.Errorf("a mutated solution passes the gap check (%g ≤ %g)", gb, thresh)
				}
			}
		}
		t.Logf("n=%d tol=%g: %d pair steps cold, %d on the downward secant path", tc.n, tc.tol, cold, steps)
		if steps >= cold {
			t.Errorf("n=%d tol=%g: the path took %d pair steps, the cold solves %d", tc.n, tc.tol, steps, cold)
		}
	}
}
