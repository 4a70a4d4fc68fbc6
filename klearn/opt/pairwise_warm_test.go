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

// fwGap recomputes from scratch, in the original variable order, the
// objective xᵀHx and the Frank–Wolfe gap Σ_k (Σ_{i∈G_k} g_i x_i − min_{i∈G_k} g_i)
// of x for the KOMD QP (g = 2Hx): an upper bound on f(x) − f*.
func fwGap(H *mat.Dense, group []int, x []float64) (f, gap float64) {
	n := len(x)
	var rho [2]float64
	gmin := [2]float64{math.Inf(1), math.Inf(1)}
	for i := 0; i < n; i++ {
		var gi float64
		for j := 0; j < n; j++ {
			gi += 2 * H.At(i, j) * x[j]
		}
		f += x[i] * gi / 2
		rho[group[i]] += gi * x[i]
		gmin[group[i]] = math.Min(gmin[group[i]], gi)
	}
	return f, rho[0] - gmin[0] + rho[1] - gmin[1]
}

// komdScale is the D of KOMDQP's stopping rule Gap ≤ Tol·D:
// (1−λ) max_ij |K_ij| + λ.
func komdScale(K *mat.SymDense, lambda float64) float64 {
	var amax float64
	n := K.SymmetricDim()
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			amax = math.Max(amax, math.Abs(K.At(i, j)))
		}
	}
	return (1-lambda)*amax + lambda
}

// TestKOMDQPFromGrid solves the KOMD QP along an increasing grid of λ
// (λ = v, Λ = v/(1−v) as in the nested CV of Donini & Aiolli 2017,
// Figures 3–5), cold and warm-started from the previous λ's solution. At
// every λ both stop with Gap ≤ Tol·D, so by weak duality each objective is
// within the other's gap: |F_warm − F_cold| ≤ max(Gap). The gaps and
// objectives are recomputed from scratch (fwGap), the KKT conditions
// checked, and the warm runs must take fewer pair steps in total.
func TestKOMDQPFromGrid(t *testing.T) {
	t.Parallel()
	grid := []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9}
	for _, tc := range []struct {
		n   int
		tol float64
	}{{150, 1e-9}, {400, 1e-6}, {400, 1e-9}} {
		K, y := rbfGram(tc.n, 4, 0.5, uint64(tc.n)+7)
		grp := groups(y)
		set := &Settings{Tol: tc.tol}
		var cold, warm int
		var prev []float64
		for _, lam := range grid {
			rc, err := KOMDQP(K, y, lam, set)
			if err != nil {
				t.Fatal(err)
			}
			rw, err := KOMDQPFrom(K, y, lam, prev, set)
			if err != nil {
				t.Fatal(err)
			}
			cold += rc.Iterations
			warm += rw.Iterations
			prev = rw.X
			H := komdH(K, y, lam)
			thresh := tc.tol * komdScale(K, lam)
			fc, gc := fwGap(H, grp, rc.X)
			fw, gw := fwGap(H, grp, rw.X)
			// The solver's own gap is computed from an incrementally
			// updated gradient refreshed at the end; allow rounding.
			slack := 1e-12 * (1 + math.Abs(fc))
			if gc > thresh+slack || gw > thresh+slack {
				t.Errorf("n=%d tol=%g λ=%g: recomputed gaps cold %g warm %g > Tol·D = %g", tc.n, tc.tol, lam, gc, gw, thresh)
			}
			if math.Abs(rw.F-fw) > slack || math.Abs(rc.F-fc) > slack {
				t.Errorf("n=%d λ=%g: F %g, %g vs recomputed %g, %g", tc.n, lam, rc.F, rw.F, fc, fw)
			}
			if fw-fc > gc+slack || fc-fw > gw+slack {
				t.Errorf("n=%d tol=%g λ=%g: F warm %.15g cold %.15g differ by more than the gaps %g, %g", tc.n, tc.tol, lam, fw, fc, gw, gc)
			}
			checkSimplexKKT(t, H, nil, grp, rw, math.Max(1e-6, 10*thresh))
		}
		t.Logf("n=%d tol=%g: %d pair steps cold, %d warm along the grid (%.0f %% fewer)", tc.n, tc.tol, cold, warm, 100*float64(cold-warm)/float64(cold))
		if warm >= cold {
			t.Errorf("n=%d tol=%g: warm starts took %d pair steps, cold %d", tc.n, tc.tol, warm, cold)
		}
	}
}

// TestKOMDQPFromOptimum starts at the optimum of the same problem (no step
// is needed: Gap ≤ Tol·D holds at once) and at a sparse vertex of Γ (one
// example of each class carrying all the mass), which must reach the cold
// solve's objective within the gaps. A nil start is KOMDQP bit for bit.
func TestKOMDQPFromOptimum(t *testing.T) {
	t.Parallel()
	K, y := rbfGram(200, 3, 1, 11)
	const lam = 0.3
	cold, err := KOMDQP(K, y, lam, nil)
	if err != nil {
		t.Fatal(err)
	}
	again, err := KOMDQPFrom(K, y, lam, cold.X, nil)
	if err != nil {
		t.Fatal(err)
	}
	if again.Iterations > 2 {
		t.Errorf("restart at the optimum took %d pair steps", again.Iterations)
	}
	if math.Abs(again.F-cold.F) > cold.Gap+again.Gap+1e-15 {
		t.Errorf("restart at the optimum: F %.17g vs %.17g", again.F, cold.F)
	}
	vertex := make([]float64, len(y))
	vertex[slices.Index(y, 1)], vertex[slices.Index(y, -1)] = 1, 1
	rv, err := KOMDQPFrom(K, y, lam, vertex, nil)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(rv.F-cold.F) > cold.Gap+rv.Gap+1e-15 {
		t.Errorf("vertex start: F %.17g vs cold %.17g (gaps %g, %g)", rv.F, cold.F, rv.Gap, cold.Gap)
	}
	checkSimplexKKT(t, komdH(K, y, lam), nil, groups(y), rv, 1e-8)
	nilStart, err := KOMDQPFrom(K, y, lam, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := sameResult(cold, nilStart); err != nil {
		t.Errorf("nil start differs from KOMDQP: %v", err)
	}
	// λ = 1: the closed form whatever the (valid) start.
	r1, err := KOMDQPFrom(K, y, 1, vertex, nil)
	if err != nil {
		t.Fatal(err)
	}
	u1, _ := KOMDQP(K, y, 1, nil)
	if err := sameResult(u1, r1); err != nil {
		t.Errorf("λ = 1 with a start: %v", err)
	}
}

// TestKOMDQPFromGOMAXPROCS: a warm-started solve whose sweeps run on teams
// of 1, 2, 3 and 5 goroutines gives the same bits.
func TestKOMDQPFromGOMAXPROCS(t *testing.T) {
	lowerParallelMin(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, n := range []int{300, 1100} {
		K, y := rbfGram(n, 4, 0.5, uint64(n)+3)
		runtime.GOMAXPROCS(1)
		start, err := KOMDQP(K, y, 0.1, &Settings{Tol: 1e-6})
		if err != nil {
			t.Fatal(err)
		}
		var ref *Result
		for _, procs := range []int{1, 2, 3, 5} {
			runtime.GOMAXPROCS(procs)
			res, err := KOMDQPFrom(K, y, 0.2, start.X, nil)
			if err != nil {
				t.Fatal(err)
			}
			if ref == nil {
				ref = res
				continue
			}
			if err := sameResult(ref, res); err != nil {
				t.Errorf("n=%d: GOMAXPROCS %d differs from 1: %v", n, procs, err)
			}
		}
	}
}

// TestKOMDQPFromBadStart: a start outside Γ is refused with a wrapped
// error, by KOMDQPFrom and, among good starts, by KOMDQPFromBest and
// KOMDPath.SolveBest; no start is ever modified.
func TestKOMDQPFromBadStart(t *testing.T) {
	t.Parallel()
	K, y := rbfGram(20, 2, 1, 5)
	good, err := KOMDQP(K, y, 0.5, nil)
	if err != nil {
		t.Fatal(err)
	}
	path, err := NewKOMDPath(K, y)
	if err != nil {
		t.Fatal(err)
	}
	goodKeep := slices.Clone(good.X)
	with := func(i int, v float64) []float64 {
		s := slices.Clone(good.X)
		s[i] = v
		return s
	}
	ip := slices.Index(y, 1)
	for _, c := range []struct {
		name  string
		start []float64
		want  error
	}{
		{"short", good.X[1:], klearn.ErrShape},
		{"NaN", with(0, math.NaN()), klearn.ErrNotFinite},
		{"+Inf", with(0, math.Inf(1)), klearn.ErrNotFinite},
		{"negative", with(ip, -good.X[ip]-1e-3), klearn.ErrParam},
		{"class sum 1.01", with(ip, good.X[ip]+0.01), klearn.ErrParam},
		{"zero", make([]float64, len(y)), klearn.ErrParam},
	} {
		keep := slices.Clone(c.start)
		starts := [][]float64{good.X, c.start}
		for _, lam := range []float64{0.5, 1} {
			_, err := KOMDQPFrom(K, y, lam, c.start, nil)
			if !errors.Is(err, c.want) {
				t.Errorf("%s λ=%g: err = %v, want %v", c.name, lam, err, c.want)
			}
			if _, err := KOMDQPFromBest(K, y, lam, starts, nil); !errors.Is(err, c.want) {
				t.Errorf("%s λ=%g: KOMDQPFromBest err = %v, want %v", c.name, lam, err, c.want)
			}
			if _, err := path.SolveBest(lam, starts, nil); !errors.Is(err, c.want) {
				t.Errorf("%s λ=%g: SolveBest err = %v, want %v", c.name, lam, err, c.want)
			}
		}
		same := func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
		if !slices.EqualFunc(keep, c.start, same) || !slices.EqualFunc(goodKeep, good.X, same) {
			t.Errorf("%s: a start was modified", c.name)
		}
	}
	var nilPath *KOMDPath
	if _, err := nilPath.SolveBest(0.5, nil, nil); !errors.Is(err, klearn.ErrNotFitted) {
		t.Errorf("nil path: %v", err)
	}
	// Sums off by rounding only are accepted (and rescaled).
	near := slices.Clone(good.X)
	near[ip] += 1e-12
	if _, err := KOMDQPFrom(K, y, 0.5, near, nil); err != nil {
		t.Errorf("a start 1e-12 off: %v", err)
	}
}
