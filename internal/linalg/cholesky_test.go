package linalg

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// randSPD returns B Bᵀ/n + shift·I for an n×n B with entries uniform in
// [−1, 1): symmetric positive definite for shift > 0, seeded.
func randSPD(n int, shift float64, seed uint64) *mat.SymDense {
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	B := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			B.Set(i, j, 2*rng.Float64()-1)
		}
	}
	A := mat.NewSymDense(n, nil)
	A.SymOuterK(1/float64(n), B)
	for i := 0; i < n; i++ {
		A.SetSym(i, i, A.At(i, i)+shift)
	}
	return A
}

func randDense(r, c int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 1))
	D := mat.NewDense(r, c, nil)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			D.Set(i, j, 2*rng.Float64()-1)
		}
	}
	return D
}

var sizes = []int{1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 33, 63, 64, 65, 95, 96, 97, 127, 128, 129, 191, 193, 200, 257, 300}

// relDiff returns max |a−b| / max|b|.
func relDiff(a, b mat.Matrix) float64 {
	r, c := b.Dims()
	num, den := 0.0, 0.0
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			num = max(num, math.Abs(a.At(i, j)-b.At(i, j)))
			den = max(den, math.Abs(b.At(i, j)))
		}
	}
	return num / den
}

// TestFactorVsGonum compares U with gonum's mat.Cholesky (LAPACK Dpotrf in
// pure Go) and UᵀU with A, for the default block size and small blocks that
// cut the test sizes into several uneven blocks, on 1 and 3 workers.
// Tolerance: both factors are backward stable; with κ(A) ≤ ~10 (shift 0.5)
// they agree to ~n·ε, bounded here by 1e-12.
func TestFactorVsGonum(t *testing.T) {
	t.Parallel()
	for _, n := range sizes {
		A := randSPD(n, 0.5, uint64(n))
		var ref mat.Cholesky
		if !ref.Factorize(A) {
			t.Fatalf("n=%d: gonum failed", n)
		}
		var Uref mat.TriDense
		ref.UTo(&Uref)
		for _, nb := range []int{BlockSize, 5, 16, 37, 150} {
			for _, w := range []int{1, 3} {
				var c Cholesky
				if err := c.factorize(A, 0, nb, w); err != nil {
					t.Fatalf("n=%d nb=%d: %v", n, nb, err)
				}
				U := mat.NewDense(n, n, nil)
				c.UTo(U)
				if d := relDiff(U, &Uref); d > 1e-12 {
					t.Errorf("n=%d nb=%d w=%d: U differs from gonum by %.3g", n, nb, w, d)
				}
				var UtU mat.Dense
				UtU.Mul(U.T(), U)
				if d := relDiff(&UtU, A); d > 1e-13 {
					t.Errorf("n=%d nb=%d w=%d: ‖UᵀU − A‖/‖A‖ = %.3g", n, nb, w, d)
				}
				if got, want := c.LogDet(), ref.LogDet(); math.Abs(got-want) > 1e-11*max(1, math.Abs(want)) {
					t.Errorf("n=%d: LogDet = %v, gonum %v", n, got, want)
				}
			}
		}
	}
}

// TestDeterministic checks that the factor does not depend on the number
// of workers: bit-identical for 1, 2 and 4 workers at several block sizes.
func TestDeterministic(t *testing.T) {
	t.Parallel()
	for _, n := range []int{97, 300} {
		A := randSPD(n, 0.1, 7)
		for _, nb := range []int{BlockSize, 13, 32, 71} {
			var c1 Cholesky
			if err := c1.factorize(A, 0, nb, 1); err != nil {
				t.Fatal(err)
			}
			for _, w := range []int{2, 4} {
				var cw Cholesky
				if err := cw.factorize(A, 0, nb, w); err != nil {
					t.Fatal(err)
				}
				for i, v := range c1.u {
					if math.Float64bits(v) != math.Float64bits(cw.u[i]) {
						t.Fatalf("n=%d nb=%d: workers 1 vs %d differ at %d: %v vs %v", n, nb, w, i, v, cw.u[i])
					}
				}
			}
		}
	}
}

// TestGOMAXPROCS runs the public API (factor and multi-RHS solve) under
// GOMAXPROCS 1 and 2 and requires bit-identical results. It is not
// parallel: it changes GOMAXPROCS.
func TestGOMAXPROCS(t *testing.T) {
	n := 400 // several blocks of BlockSize and a parallel trailing update
	A := randSPD(n, 0.1, 3)
	B := randDense(n, 150, 4)
	run := func(p int) ([]float64, []float64) {
		old := runtime.GOMAXPROCS(p)
		defer runtime.GOMAXPROCS(old)
		var c Cholesky
		if err := c.Factorize(A); err != nil {
			t.Fatal(err)
		}
		var X mat.Dense
		if err := c.SolveTo(&X, B); err != nil {
			t.Fatal(err)
		}
		return c.u, X.RawMatrix().Data
	}
	u1, x1 := run(1)
	u2, x2 := run(2)
	for i := range u1 {
		if math.Float64bits(u1[i]) != math.Float64bits(u2[i]) {
			t.Fatalf("factor differs at %d: %v vs %v", i, u1[i], u2[i])
		}
	}
	for i := range x1 {
		if math.Float64bits(x1[i]) != math.Float64bits(x2[i]) {
			t.Fatalf("solution differs at %d: %v vs %v", i, x1[i], x2[i])
		}
	}
}

// TestSolve compares the single- and multi-RHS solves and the triangular
// solves with gonum's mat.Dense Solve (LU with partial pivoting). With
// κ(A) ≲ 10 both are accurate to ~1e-13 relative.
func TestSolve(t *testing.T) {
	t.Parallel()
	for _, n := range sizes {
		A := randSPD(n, 0.5, uint64(100+n))
		var c Cholesky
		if err := c.factorize(A, 0, 16, 2); err != nil {
			t.Fatal(err)
		}
		for _, m := range []int{1, 3, 70} {
			B := randDense(n, m, uint64(n*m))
			var want mat.Dense
			if err := want.Solve(A, B); err != nil {
				t.Fatal(err)
			}
			var got mat.Dense
			if err := c.SolveTo(&got, B); err != nil {
				t.Fatal(err)
			}
			if d := relDiff(&got, &want); d > 1e-12 {
				t.Errorf("n=%d m=%d: SolveTo differs from Dense.Solve by %.3g", n, m, d)
			}
			// In place (dst == B).
			Bc := mat.DenseCopyOf(B)
			if err := c.SolveTo(Bc, Bc); err != nil {
				t.Fatal(err)
			}
			if d := relDiff(Bc, &want); d > 1e-12 {
				t.Errorf("n=%d m=%d: in-place SolveTo differs by %.3g", n, m, d)
			}
			if m == 1 {
				b := mat.Col(nil, 0, B)
				x := make([]float64, n)
				if err := c.SolveVecTo(x, b); err != nil {
					t.Fatal(err)
				}
				if d := relDiff(mat.NewVecDense(n, x), want.ColView(0)); d > 1e-12 {
					t.Errorf("n=%d: SolveVecTo differs by %.3g", n, d)
				}
			}
		}
		// Triangular solves: Uᵀ(U x) = Uᵀ b' with b' = U x checked directly.
		U := mat.NewDense(n, n, nil)
		c.UTo(U)
		x := mat.Col(nil, 0, randDense(n, 1, 9))
		b := mat.NewVecDense(n, nil)
		b.MulVec(U, mat.NewVecDense(n, x))
		got := append([]float64(nil), b.RawVector().Data...)
		c.SolveUVec(got)
		if d := relDiff(mat.NewVecDense(n, got), mat.NewVecDense(n, x)); d > 1e-12 {
			t.Errorf("n=%d: SolveUVec error %.3g", n, d)
		}
		b.MulVec(U.T(), mat.NewVecDense(n, x))
		got = append(got[:0], b.RawVector().Data...)
		c.SolveUTVec(got)
		if d := relDiff(mat.NewVecDense(n, got), mat.NewVecDense(n, x)); d > 1e-12 {
			t.Errorf("n=%d: SolveUTVec error %.3g", n, d)
		}
	}
}

// TestNotPD checks the breakdown report: the first non-positive leading
// minor is found by the pivot of that order, whichever block it falls in.
func TestNotPD(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n, bad int
	}{{1, 0}, {2, 1}, {5, 3}, {150, 0}, {150, 97}, {300, 299}} {
		// diag(1, …, 1, −1 at bad, 1, …) plus a small PD perturbation:
		// the leading minors of order ≤ bad are positive, order bad+1 is not.
		A := randSPD(tc.n, 0, uint64(tc.n))
		A.ScaleSym(1e-3, A)
		for i := 0; i < tc.n; i++ {
			d := 1.0
			if i == tc.bad {
				d = -1
			}
			A.SetSym(i, i, A.At(i, i)+d)
		}
		for _, nb := range []int{BlockSize, 7} {
			var c Cholesky
			err := c.factorize(A, 0, nb, 2)
			if !errors.Is(err, ErrNotPD) {
				t.Fatalf("n=%d bad=%d nb=%d: err = %v, want ErrNotPD", tc.n, tc.bad, nb, err)
			}
			if want := fmt.Sprintf("order %d ", tc.bad+1); !contains(err.Error(), want) {
				t.Errorf("n=%d: %v does not name %q", tc.n, err, want)
			}
			if c.Size() != 0 {
				t.Errorf("failed factorisation left Size = %d", c.Size())
			}
		}
	}
	// Singular PSD (rank 1 = 11ᵀ): the second pivot is exactly 0.
	one := mat.NewSymDense(3, []float64{1, 1, 1, 1, 1, 1, 1, 1, 1})
	var c Cholesky
	if err := c.Factorize(one); !errors.Is(err, ErrNotPD) {
		t.Errorf("11ᵀ: err = %v, want ErrNotPD", err)
	}
	// Non-finite entries.
	for _, v := range []float64{math.NaN(), math.Inf(1)} {
		A := randSPD(4, 1, 1)
		A.SetSym(1, 3, v)
		if err := c.Factorize(A); !errors.Is(err, ErrNotFinite) {
			t.Errorf("A[1,3] = %v: err = %v, want ErrNotFinite", v, err)
		}
	}
	// A non-finite shift.
	if err := c.FactorizeShift(randSPD(3, 1, 1), math.NaN()); !errors.Is(err, ErrNotFinite) {
		t.Errorf("shift NaN: err = %v, want ErrNotFinite", err)
	}
	// Shape errors.
	if err := c.Factorize(randSPD(3, 1, 1)); err != nil {
		t.Fatal(err)
	}
	if err := c.SolveVecTo(make([]float64, 3), make([]float64, 2)); !errors.Is(err, ErrShape) {
		t.Errorf("SolveVecTo: err = %v, want ErrShape", err)
	}
	if err := c.SolveTo(&mat.Dense{}, mat.NewDense(2, 2, nil)); !errors.Is(err, ErrShape) {
		t.Errorf("SolveTo: err = %v, want ErrShape", err)
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// TestCond checks the 1-norm condition estimate against κ₁ computed from
// the explicit inverse: a lower bound (up to rounding) and, for these
// matrices, within a factor 3 (the estimator's usual accuracy, Higham
// 1988), over conditioning from ~1 to ~1e10.
func TestCond(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, 2, 10, 50, 150} {
		for _, shift := range []float64{10, 1e-2, 1e-8} {
			A := randSPD(n, shift, uint64(n))
			var c Cholesky
			if err := c.Factorize(A); err != nil {
				t.Fatal(err)
			}
			var inv mat.Dense
			if err := inv.Inverse(A); err != nil {
				t.Fatal(err)
			}
			exact := mat.Norm(A, 1) * mat.Norm(&inv, 1)
			est := c.Cond()
			if !(est <= exact*(1+1e-6)) || !(est >= exact/3) {
				t.Errorf("n=%d shift=%g: Cond = %.6g, exact κ₁ = %.6g", n, shift, est, exact)
			}
		}
	}
	var empty Cholesky
	if empty.Cond() != 0 {
		t.Errorf("empty Cond = %v", empty.Cond())
	}
}

// TestFactorizeShift checks FactorizeShift(A, s) against Factorize(A + sI):
// the same floating-point operations, so bit-identical, including the
// condition estimate; and a shift that makes an indefinite matrix PD.
func TestFactorizeShift(t *testing.T) {
	t.Parallel()
	n := 150
	A := randSPD(n, 0, 5)
	B := mat.NewSymDense(n, nil)
	B.CopySym(A)
	for i := 0; i < n; i++ {
		B.SetSym(i, i, B.At(i, i)+0.7)
	}
	var ca, cb Cholesky
	if err := ca.FactorizeShift(A, 0.7); err != nil {
		t.Fatal(err)
	}
	if err := cb.Factorize(B); err != nil {
		t.Fatal(err)
	}
	for i := range ca.u {
		if math.Float64bits(ca.u[i]) != math.Float64bits(cb.u[i]) {
			t.Fatalf("differ at %d", i)
		}
	}
	if ca.Cond() != cb.Cond() {
		t.Errorf("Cond %v vs %v", ca.Cond(), cb.Cond())
	}
	// diag(1, −3) is indefinite; + 4I = diag(5, 1) is PD with log det = log 5.
	ind := mat.NewSymDense(2, []float64{1, 0, 0, -3})
	if err := ca.Factorize(ind); !errors.Is(err, ErrNotPD) {
		t.Errorf("diag(1, −3): err = %v", err)
	}
	if err := ca.FactorizeShift(ind, 4); err != nil || math.Abs(ca.LogDet()-math.Log(5)) > 1e-15 {
		t.Errorf("diag(5, 1): err = %v, LogDet = %v, want log 5", err, ca.LogDet())
	}
}

// TestFactorizeShiftInPlace checks that the factor computed in A's own
// storage is bit-identical to FactorizeShift's (factor, condition estimate,
// solution), that it is A's storage, and that a non-finite entry or shift
// is still refused.
func TestFactorizeShiftInPlace(t *testing.T) {
	t.Parallel()
	n := 150
	A := randSPD(n, 0, 9)
	var ca, cb Cholesky
	if err := ca.FactorizeShift(A, 0.3); err != nil {
		t.Fatal(err)
	}
	B := mat.NewSymDense(n, nil)
	B.CopySym(A)
	if err := cb.FactorizeShiftInPlace(B, 0.3); err != nil {
		t.Fatal(err)
	}
	if &cb.u[0] != &B.RawSymmetric().Data[0] {
		t.Error("the factor is not in A's storage")
	}
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			if math.Float64bits(ca.u[i*n+j]) != math.Float64bits(cb.u[i*n+j]) {
				t.Fatalf("U[%d,%d]: %v in place, %v copied", i, j, cb.u[i*n+j], ca.u[i*n+j])
			}
		}
	}
	if ca.Cond() != cb.Cond() {
		t.Errorf("Cond %v in place, %v copied", cb.Cond(), ca.Cond())
	}
	b := randDense(n, 1, 3).RawMatrix().Data
	xa, xb := make([]float64, n), make([]float64, n)
	if err := ca.SolveVecTo(xa, b); err != nil {
		t.Fatal(err)
	}
	if err := cb.SolveVecTo(xb, b); err != nil {
		t.Fatal(err)
	}
	for i := range xa {
		if math.Float64bits(xa[i]) != math.Float64bits(xb[i]) {
			t.Fatalf("x[%d]: %v in place, %v copied", i, xb[i], xa[i])
		}
	}
	cb.Release()
	bad := mat.NewSymDense(2, []float64{1, math.NaN(), math.NaN(), 1})
	if err := cb.FactorizeShiftInPlace(bad, 1); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN entry: err = %v, want ErrNotFinite", err)
	}
	if err := cb.FactorizeShiftInPlace(randSPD(3, 1, 1), math.Inf(1)); !errors.Is(err, ErrNotFinite) {
		t.Errorf("infinite shift: err = %v, want ErrNotFinite", err)
	}
}

// TestReuseStorage refactorises into storage that holds another, larger
// factor (the same Cholesky, and one drawn from the pool after Release): the
// factors must be bit-identical to those computed in fresh storage, since
// only the upper triangle is ever read.
func TestReuseStorage(t *testing.T) {
	big, small := randSPD(130, 0.5, 1), randSPD(97, 0.5, 2)
	var fresh Cholesky
	if err := fresh.factorize(small, 0, 16, 2); err != nil {
		t.Fatal(err)
	}
	var c Cholesky
	if err := c.factorize(big, 0, 16, 2); err != nil {
		t.Fatal(err)
	}
	if err := c.factorize(small, 0, 16, 2); err != nil { // reuses c.u
		t.Fatal(err)
	}
	check := func(name string, c *Cholesky) {
		for i := 0; i < 97; i++ {
			for j := i; j < 97; j++ {
				if got, want := c.u[i*97+j], fresh.u[i*97+j]; got != want {
					t.Fatalf("%s: U[%d,%d] = %v, fresh storage %v", name, i, j, got, want)
				}
			}
		}
	}
	check("refactorised", &c)
	var d Cholesky
	if err := d.factorize(big, 0, 16, 2); err != nil {
		t.Fatal(err)
	}
	d.Release()
	if d.Size() != 0 {
		t.Fatalf("Size after Release = %d", d.Size())
	}
	var e Cholesky
	if err := e.factorize(small, 0, 16, 2); err != nil { // may draw d's storage
		t.Fatal(err)
	}
	check("pooled", &e)
}
