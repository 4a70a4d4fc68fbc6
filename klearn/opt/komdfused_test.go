package opt

import (
	"errors"
	"math"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/klearn"
)

// TestDenseSymRowsProducts checks the products denseSymRows forms with its
// copy (us[c] = Q·xs[c], Q the signed, class-ordered copy) against a
// brute-force sum over the original K (to 1e-12, an independent truth) and
// against linalg.Dot of the copy's rows, the arithmetic of pairQP's
// gradPhase, bit for bit, on 1 and 2 goroutines; the copy itself is the one
// made without products; the inputs are unchanged.
func TestDenseSymRowsProducts(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	const n = 257
	K, y := rbfGram(n, 3, 0.6, 5)
	pos := make([]int, n)
	newKOMD("t", K, y, pos)
	rng := klearn.NewRand(3)
	xs := make([][]float64, 3)
	for c := range xs {
		xs[c] = make([]float64, n)
		for i := range xs[c] {
			xs[c][i] = rng.Float64()
		}
	}
	xc := [][]float64{slices.Clone(xs[0]), slices.Clone(xs[1]), slices.Clone(xs[2])}
	plain := make([]float64, n*n)
	if _, err := denseSym("t", rowsOf{atOnly{K}}, y, pos, 1, 0, plain); err != nil {
		t.Fatal(err)
	}
	for _, procs := range []int{1, 2} {
		runtime.GOMAXPROCS(procs)
		h := make([]float64, n*n)
		us := [][]float64{make([]float64, n), make([]float64, n), make([]float64, n)}
		if _, err := denseSymRows("t", rowsOf{atOnly{K}}, y, pos, 1, 0, h, xs, us); err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(h, plain, sameFloat) {
			t.Fatalf("procs=%d: the copy with products differs from the copy without", procs)
		}
		for c := range xs {
			if !slices.EqualFunc(xs[c], xc[c], sameFloat) {
				t.Fatal("a vector was modified")
			}
			for a := 0; a < n; a++ {
				i := pos[a]
				if got, want := us[c][i], linalg.Dot(h[i*n:i*n+n], xs[c]); !sameFloat(got, want) {
					t.Fatalf("procs=%d: u[%d][%d] = %v, gradPhase's bits %v", procs, c, i, got, want)
				}
				// Σ_b y_a y_b K_ab x_pos[b], in the examples' order.
				var s float64
				for b := 0; b < n; b++ {
					s += y[a] * y[b] * K.At(a, b) * xs[c][pos[b]]
				}
				if math.Abs(us[c][i]-s) > 1e-12*math.Max(1, math.Abs(s)) {
					t.Fatalf("u[%d][%d] = %v, brute force %v", c, i, us[c][i], s)
				}
			}
		}
	}
}

// TestKOMDQPFusedStarts: on a SymRows K (as EasyMKL's step 3 reads K_η) the
// starts of KOMDQPFromBest are judged from the products formed with the
// copy (no further pass over it), and the result is bit-identical to the
// same call on a SymDense holding the same entries (judged by gradPhase),
// on 1 and 2 goroutines (sweeps parallel from n = 1); the solution
// satisfies Gap ≤ Tol·D with the gap and objective recomputed from K
// (fwGap), and its objective is no worse than that of the best start
// (computed from scratch). A start off Γ is refused as before, and the
// inputs are unchanged.
func TestKOMDQPFusedStarts(t *testing.T) {
	lowerParallelMin(t)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	const n, lam = 220, 0.25
	K, y := rbfGram(n, 4, 0.5, 31)
	Kc := mat.NewSymDense(n, nil)
	Kc.CopySym(K)
	yc := slices.Clone(y)
	set := &Settings{Tol: 1e-8}
	near, err := KOMDQP(K, y, 0.3, set)
	if err != nil {
		t.Fatal(err)
	}
	nearc := slices.Clone(near.X)
	vertex := make([]float64, n)
	vertex[slices.Index(y, 1)], vertex[slices.Index(y, -1)] = 1, 1
	H := komdH(K, y, lam)
	group := make([]int, n)
	for i, v := range y {
		if v < 0 {
			group[i] = 1
		}
	}
	uniform, _ := KOMDQP(K, y, 1, nil)
	R := rowsOf{atOnly{K}}
	for _, starts := range [][][]float64{{nil}, {vertex, near.X}, {nil, vertex, near.X}, {near.X, near.X}} {
		bestF := math.Inf(1)
		for _, s := range starts {
			if s == nil {
				s = uniform.X
			}
			bestF = math.Min(bestF, komdObj(H, s))
		}
		for _, procs := range []int{1, 2} {
			runtime.GOMAXPROCS(procs)
			want, err := KOMDQPFromBest(K, y, lam, starts, set)
			if err != nil {
				t.Fatal(err)
			}
			wk := getPairWork(n)
			q := newKOMD("t", R, y, wk.perm)
			got, err := q.solve(wk, lam, starts, 0, set.Tol, nil)
			pairPool.Put(wk)
			if err != nil {
				t.Fatal(err)
			}
			if q.fused != len(starts) {
				t.Fatalf("%d starts judged from the copy's products, want %d", q.fused, len(starts))
			}
			if err := sameResult(got, want); err != nil {
				t.Fatalf("procs=%d %d starts: SymRows differs from SymDense: %v", procs, len(starts), err)
			}
			f, gap := fwGap(H, group, got.X)
			if d := komdScale(K, lam); gap > set.Tol*d || gap < -1e-12 {
				t.Fatalf("recomputed gap %g > Tol·D = %g", gap, set.Tol*d)
			}
			if f > bestF+1e-12 || math.Abs(f-got.F) > 1e-12 {
				t.Fatalf("objective %v (solver %v), best start %v", f, got.F, bestF)
			}
		}
	}
	// A start off Γ: refused before any copy, as on a SymDense.
	off := slices.Clone(near.X)
	off[0] += 0.1
	if _, err := KOMDQPFromBest(R, y, lam, [][]float64{near.X, off}, set); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("start off Γ: %v, want ErrParam", err)
	}
	if !mat.Equal(K, Kc) || !slices.Equal(y, yc) || !slices.Equal(near.X, nearc) {
		t.Error("an input was modified")
	}
}
