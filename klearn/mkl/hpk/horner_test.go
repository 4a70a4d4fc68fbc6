package hpk

import (
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"testing"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/internal/testproblem"
	"gonum.org/v1/gonum/mat"
)

// hornerCase is a cosine matrix (n ≥ 256: the parallel row blocks; a zero
// row) with non-negative weights, some zero, and a test vector.
func hornerCase(t *testing.T, n int, f Family) (*mat.SymDense, []float64, []float64) {
	t.Helper()
	X, _ := testproblem.RandData(n, 6, 41)
	X.SetRow(5, make([]float64, 6))
	K1, err := CosineGram(X)
	if err != nil {
		t.Fatal(err)
	}
	w := make([]float64, f.Len())
	for s := range w {
		w[s] = math.Abs(math.Sin(float64(3*s + 1)))
	}
	w[len(w)/2] = 0
	v := make([]float64, n)
	for i := range v {
		v[i] = math.Cos(float64(7*i + 2))
	}
	return K1, w, v
}

// TestHornerSourceBruteForce checks AddPoly and PowerQuads of HornerSource
// against Σ_s w_s t_ij^{s+m} and Σ_ij v_i v_j t_ij^{s+m} evaluated entry
// by entry with math.Pow (an independent evaluation of the powers of
// Eq. (12)), to the rounding bound of Horner's rule, and against
// Source's sweeps (AddWeighted, Quads) to rounding.
func TestHornerSourceBruteForce(t *testing.T) {
	t.Parallel()
	for _, f := range []Family{{D: 0}, {D: 1}, {D: 7}, {D: 20, MinDegree: 3}, {D: 30}} {
		t.Run(fmt.Sprint(f.D, "_", f.MinDegree), func(t *testing.T) {
			n := 300
			K1, w, v := hornerCase(t, n, f)
			src, err := f.HornerSource(K1)
			if err != nil {
				t.Fatal(err)
			}
			hs := src.(hornerGrams)
			got := mat.NewSymDense(n, nil)
			hs.AddPoly(got, w)
			q := hs.PowerQuads(v)
			sweep := mat.NewSymDense(n, nil)
			hs.hpkGrams.AddWeighted(sweep, w)
			qs := hs.hpkGrams.Quads(v)
			eps := 0x1p-52
			qWant := make([]float64, f.Len())
			qAbs := make([]float64, f.Len())
			for i := 0; i < n; i++ {
				for j := 0; j < n; j++ {
					tij := K1.At(i, j)
					var want, abs float64
					for s, ws := range w {
						p := math.Pow(tij, float64(s+f.MinDegree))
						want += ws * p
						abs += ws * math.Abs(p)
						qWant[s] += v[i] * v[j] * p
						qAbs[s] += math.Abs(v[i] * v[j] * p)
					}
					bound := 4 * float64(f.D+2) * eps * abs
					if e := math.Abs(got.At(i, j) - want); !(e <= bound) {
						t.Fatalf("K_η[%d,%d] = %.17g, brute force %.17g (|diff| %.2g > %.2g)", i, j, got.At(i, j), want, e, bound)
					}
					if e := math.Abs(got.At(i, j) - sweep.At(i, j)); !(e <= bound) {
						t.Fatalf("K_η[%d,%d] = %.17g, Source's sweep %.17g", i, j, got.At(i, j), sweep.At(i, j))
					}
				}
			}
			for s := range q {
				bound := 4 * float64(n+f.D+2) * eps * qAbs[s]
				if e := math.Abs(q[s] - qWant[s]); !(e <= bound) {
					t.Errorf("vᵀK_%d v = %.17g, brute force %.17g (|diff| %.2g > %.2g)", s, q[s], qWant[s], e, bound)
				}
				if e := math.Abs(q[s] - qs[s]); !(e <= bound) {
					t.Errorf("vᵀK_%d v = %.17g, Source's Quads %.17g", s, q[s], qs[s])
				}
			}
		})
	}
}

// TestHornerKernelsGo checks that the AVX2/FMA kernels (when the CPU has
// them) give the bits of the Go loops: hornerRow entry by entry (a slice
// shorter than 16 takes the Go loop) and powDotsFMA against powDotsGo, on
// lengths around the 16-lane blocks.
func TestHornerKernelsGo(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, 15, 16, 17, 33, 250} {
		x := make([]float64, n)
		v := make([]float64, n)
		for j := range x {
			x[j] = math.Sin(float64(j)*1.3 + 0.2)
			v[j] = math.Cos(float64(j) * 0.7)
		}
		for _, nd := range []int{1, 2, 11, 31} {
			c := make([]float64, nd)
			for d := range c {
				c[d] = 1 / float64(d+2)
			}
			got := slices.Clone(v)
			hornerRow(c, x, got)
			for j := range x {
				one := []float64{v[j]}
				hornerRow(c, x[j:j+1], one)
				if got[j] != one[0] {
					t.Fatalf("n=%d nd=%d: hornerRow entry %d = %v in a block, %v alone", n, nd, j, got[j], one[0])
				}
			}
			m := n &^ 15
			if m == 0 {
				continue
			}
			a, b := make([]float64, 16*nd), make([]float64, 16*nd)
			powDotsGo(x[:m], v[:m], nd, a)
			if haveHornerFMA {
				powDotsFMA(&x[0], &v[0], m, nd, &b[0])
				for k := range a {
					if a[k] != b[k] {
						t.Fatalf("n=%d nd=%d: lane sum %d = %v (FMA kernel), %v (Go)", n, nd, k, b[k], a[k])
					}
				}
			}
		}
	}
}

// TestHornerDeterministic checks that AddPoly, PowerQuads and Combine give
// the same bits on 1 and 2 goroutines, and that they leave K1, w and v
// unchanged. Not parallel: it sets GOMAXPROCS.
func TestHornerDeterministic(t *testing.T) {
	f := Family{D: 12}
	n := 700
	K1, w, v := hornerCase(t, n, f)
	K1c, wc, vc := symCopy(K1), slices.Clone(w), slices.Clone(v)
	run := func(procs int) (*mat.SymDense, []float64, *mat.SymDense) {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		src, err := f.HornerSource(K1)
		if err != nil {
			t.Fatal(err)
		}
		K := mat.NewSymDense(n, nil)
		src.(hornerGrams).AddPoly(K, w)
		C, err := f.Combine(K1, w)
		if err != nil {
			t.Fatal(err)
		}
		return K, src.(hornerGrams).PowerQuads(v), C
	}
	K1a, qa, Ca := run(1)
	K2a, qb, Cb := run(2)
	if !mat.Equal(K1a, K2a) || !mat.Equal(Ca, Cb) || !mat.Equal(K1a, Ca) {
		t.Error("AddPoly or Combine differs between 1 and 2 goroutines (or Combine from AddPoly)")
	}
	if !slices.Equal(qa, qb) {
		t.Errorf("PowerQuads differs: %v on 1 goroutine, %v on 2", qa, qb)
	}
	if !mat.Equal(K1, K1c) || !slices.Equal(w, wc) || !slices.Equal(v, vc) {
		t.Error("an input was modified")
	}
}

// TestCombine checks Combine: K_D (w = e_D) bit-identical to Source's
// member (Horner's p·t + 0 is the product p·t), other rules equal to
// mkl.CombineSource over Source to rounding, and bad input refused with
// wrapped errors.
func TestCombine(t *testing.T) {
	t.Parallel()
	f := Family{D: 9}
	K1, _, _ := hornerCase(t, 260, f)
	src, err := f.Source(K1)
	if err != nil {
		t.Fatal(err)
	}
	wD, _ := WeightsSingle(9)
	wS, _ := WeightsSum(9)
	wP, _ := WeightsPolynomial(9, 2)
	wR, _ := WeightsRBF(9, 0.5)
	for name, w := range map[string][]float64{"single": wD, "sum": wS, "poly": wP, "rbf": wR} {
		got, err := f.Combine(K1, w)
		if err != nil {
			t.Fatal(err)
		}
		want, err := mkl.CombineSource(w, src)
		if err != nil {
			t.Fatal(err)
		}
		e := testproblem.MaxAbsDiff(t, got, want)
		if name == "single" && e != 0 {
			t.Errorf("K_D by Horner differs from the sweep's by %.2g", e)
		}
		if e > 1e-15 {
			t.Errorf("%s: Combine differs from mkl.CombineSource by %.2g", name, e)
		}
	}
	bad := symCopy(K1)
	bad.SetSym(3, 3, 2)
	huge := make([]float64, 10) // K_ii = 1: the sum overflows on the diagonal
	huge[0], huge[9] = math.MaxFloat64, math.MaxFloat64
	for name, c := range map[string]struct {
		f    Family
		K1   *mat.SymDense
		w    []float64
		want error
	}{
		"short w":   {f, K1, wD[:5], klearn.ErrShape},
		"NaN w":     {f, K1, append(slices.Clone(wD[:9]), math.NaN()), klearn.ErrNotFinite},
		"diag":      {f, bad, wD, klearn.ErrParam},
		"bad D":     {Family{D: -1}, K1, wD, klearn.ErrParam},
		"overflow":  {f, K1, huge, klearn.ErrNotFinite},
		"nil K1":    {f, nil, wD, nil},
		"nan in K1": {f, nanCos(K1), wD, klearn.ErrNotFinite},
	} {
		_, err := c.f.Combine(c.K1, c.w)
		if err == nil || (c.want != nil && !errors.Is(err, c.want)) {
			t.Errorf("%s: error %v, want %v", name, err, c.want)
		}
	}
	if _, err := (Family{D: 2}).HornerSource(bad); !errors.Is(err, klearn.ErrParam) {
		t.Errorf("HornerSource on a non-unit diagonal: %v", err)
	}
}

// nanCos returns a copy of K1 with one NaN off the diagonal.
func nanCos(K1 *mat.SymDense) *mat.SymDense {
	K := symCopy(K1)
	K.SetSym(0, 7, math.NaN())
	return K
}

// symCopy returns a copy of K.
func symCopy(K *mat.SymDense) *mat.SymDense {
	C := mat.NewSymDense(K.SymmetricDim(), nil)
	C.CopySym(K)
	return C
}

// TestHornerCrossSource checks PolyMulVec against Σ_j Σ_s w_s t_rj^{s+m} u_j
// by math.Pow entry by entry, its members against CrossSource's, its bits
// on 1 and 2 goroutines, and that it leaves C1, w and u unchanged. Not
// parallel: it sets GOMAXPROCS.
func TestHornerCrossSource(t *testing.T) {
	A, _ := testproblem.RandData(70, 6, 43)
	B, _ := testproblem.RandData(90, 6, 44)
	C1, err := CosineCross(A, B)
	if err != nil {
		t.Fatal(err)
	}
	f := Family{D: 11, MinDegree: 2}
	w := make([]float64, f.Len())
	for s := range w {
		w[s] = 1 / float64(s+1)
	}
	u := make([]float64, 90)
	for j := range u {
		u[j] = math.Sin(float64(j))
	}
	C1c, wc, uc := mat.DenseCopyOf(C1), slices.Clone(w), slices.Clone(u)
	run := func(procs int) []float64 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		src, err := f.HornerCrossSource(C1)
		if err != nil {
			t.Fatal(err)
		}
		return src.(hornerCrosses).PolyMulVec(w, u)
	}
	got := run(1)
	if g2 := run(2); !slices.Equal(got, g2) {
		t.Fatal("PolyMulVec differs between 1 and 2 goroutines")
	}
	for r := range got {
		var want, abs float64
		for j, uj := range u {
			for s, ws := range w {
				p := ws * math.Pow(C1.At(r, j), float64(s+f.MinDegree)) * uj
				want += p
				abs += math.Abs(p)
			}
		}
		if e := math.Abs(got[r] - want); !(e <= 1e-14*abs) {
			t.Fatalf("row %d: %.17g, brute force %.17g (|diff| %.2g)", r, got[r], want, e)
		}
	}
	hs, _ := f.HornerCrossSource(C1)
	cs, _ := f.CrossSource(C1)
	var mem []*mat.Dense
	_ = cs.Each(func(_ int, K *mat.Dense) error { mem = append(mem, mat.DenseCopyOf(K)); return nil })
	_ = hs.Each(func(s int, K *mat.Dense) error {
		if !mat.Equal(K, mem[s]) {
			t.Errorf("member %d differs from CrossSource's", s)
		}
		return nil
	})
	if !mat.Equal(C1, C1c) || !slices.Equal(w, wc) || !slices.Equal(u, uc) {
		t.Error("an input was modified")
	}
	if _, err := f.HornerCrossSource(mat.NewDense(2, 2, []float64{1, math.Inf(1), 0, 1})); !errors.Is(err, klearn.ErrNotFinite) {
		t.Errorf("a non-finite C1: %v", err)
	}
}

// TestMulCross checks that MulCross has, for each vector, the bits of
// HornerCrossSource's products (checked against brute force above), on 1
// and 2 goroutines, leaves its inputs unchanged, and refuses weights or
// vectors of the wrong length or not finite.
func TestMulCross(t *testing.T) {
	A, _ := testproblem.RandData(40, 5, 45)
	B, _ := testproblem.RandData(60, 5, 46)
	C1, err := CosineCross(A, B)
	if err != nil {
		t.Fatal(err)
	}
	f := Family{D: 7, MinDegree: 1}
	w := make([]float64, f.Len())
	for s := range w {
		w[s] = math.Abs(math.Cos(float64(s)))
	}
	u, v := make([]float64, 60), make([]float64, 60)
	for j := range u {
		u[j], v[j] = math.Sin(float64(2*j+1)), math.Cos(float64(j))
	}
	C1c, wc, uc := mat.DenseCopyOf(C1), slices.Clone(w), slices.Clone(u)
	run := func(procs int) [][]float64 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		got, err := f.MulCross(C1, w, u, v)
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	got := run(1)
	if g2 := run(2); !slices.Equal(got[0], g2[0]) || !slices.Equal(got[1], g2[1]) {
		t.Error("MulCross differs between 1 and 2 goroutines")
	}
	src, _ := f.HornerCrossSource(C1)
	for k, x := range [][]float64{u, v} {
		if want := src.(hornerCrosses).PolyMulVec(w, x); !slices.Equal(got[k], want) {
			t.Errorf("vector %d: MulCross differs from PolyMulVec", k)
		}
	}
	if !mat.Equal(C1, C1c) || !slices.Equal(w, wc) || !slices.Equal(u, uc) {
		t.Error("an input was modified")
	}
	bad := slices.Clone(u)
	bad[3] = math.NaN()
	for name, c := range map[string]struct {
		w    []float64
		us   [][]float64
		want error
	}{
		"short w":    {w[1:], [][]float64{u}, klearn.ErrShape},
		"short u":    {w, [][]float64{u, v[1:]}, klearn.ErrShape},
		"NaN in u":   {w, [][]float64{bad}, klearn.ErrNotFinite},
		"Inf in w":   {append([]float64{math.Inf(1)}, w[1:]...), [][]float64{u}, klearn.ErrNotFinite},
		"no vectors": {w, nil, klearn.ErrEmpty},
	} {
		if _, err := f.MulCross(C1, c.w, c.us...); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", name, err, c.want)
		}
	}
	if _, err := (Family{D: -1}).MulCross(C1, w, u); err == nil {
		t.Error("a negative degree was accepted")
	}
}

// TestCombineBothTriangles checks that Combine's lower triangle is its
// upper one, bit for bit, so that klearn/svm reads its rows whole.
func TestCombineBothTriangles(t *testing.T) {
	f := Family{D: 5}
	n := 150
	K1, w, _ := hornerCase(t, n, f)
	K, err := f.Combine(K1, w)
	if err != nil {
		t.Fatal(err)
	}
	raw := K.RawSymmetric()
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			if a, b := raw.Data[i*raw.Stride+j], raw.Data[j*raw.Stride+i]; math.Float64bits(a) != math.Float64bits(b) {
				t.Fatalf("K[%d,%d] = %v, K[%d,%d] = %v", i, j, a, j, i, b)
			}
		}
	}
}

// TestPolyMatrix checks that PolyMatrix's entries (At, and Gather in any
// column order) have the bits AddPoly writes into a zeroed matrix, on
// both triangles, and that Gather is the same on 1 and 2 goroutines
// sharing one matrix.
func TestPolyMatrix(t *testing.T) {
	f := Family{D: 8, MinDegree: 1}
	n := 300
	K1, w, _ := hornerCase(t, n, f)
	src, err := f.HornerSource(K1)
	if err != nil {
		t.Fatal(err)
	}
	h := src.(hornerGrams)
	want := mat.NewSymDense(n, nil)
	h.AddPoly(want, w)
	P := h.PolyMatrix(w).(polyMatrix)
	cols := make([]int, n)
	for k := range cols {
		cols[k] = (7*k + 3) % n // a permutation: 7 and 300 are coprime
	}
	row := make([]float64, n)
	for i := 0; i < n; i++ {
		P.Gather(i, cols, row)
		for k, j := range cols {
			if math.Float64bits(row[k]) != math.Float64bits(want.At(i, j)) || math.Float64bits(P.At(i, j)) != math.Float64bits(want.At(i, j)) {
				t.Fatalf("entry (%d,%d): Gather %v, At %v, AddPoly %v", i, j, row[k], P.At(i, j), want.At(i, j))
			}
		}
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	out := make([][]float64, n)
	done := make(chan struct{})
	for g := 0; g < 2; g++ {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := g; i < n; i += 2 {
				out[i] = make([]float64, n)
				P.Gather(i, cols, out[i])
			}
		}()
	}
	<-done
	<-done
	for i := range out {
		for k, j := range cols {
			if math.Float64bits(out[i][k]) != math.Float64bits(want.At(i, j)) {
				t.Fatalf("concurrent Gather: entry (%d,%d) differs", i, j)
			}
		}
	}
}
