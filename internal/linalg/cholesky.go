package linalg

import (
	"errors"
	"fmt"
	"math"

	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/internal/scratch"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/mat"
)

// BlockSize is the number of columns per block step of Factorize.
const BlockSize = 96

var (
	// ErrNotPD reports a matrix whose Cholesky factorisation broke down: a
	// pivot was zero, negative or NaN, so the matrix is not (numerically)
	// positive definite.
	ErrNotPD = errors.New("linalg: matrix is not positive definite")
	// ErrNotFinite reports a NaN or ±Inf in the input.
	ErrNotFinite = errors.New("linalg: matrix contains NaN or Inf")
	// ErrShape reports mismatched dimensions.
	ErrShape = errors.New("linalg: dimension mismatch")
)

// Cholesky is the factorisation A = UᵀU of a symmetric positive-definite
// matrix A with U upper triangular (the lower factor is L = Uᵀ).
// The zero value is an empty factorisation; use Factorize.
type Cholesky struct {
	n     int
	u     []float64 // row-major, stride n; upper triangle holds U
	anorm float64   // ‖A‖₁ = ‖A‖∞ of the factorised matrix
}

// Factorize computes the Cholesky factor of the symmetric matrix A, reading
// its upper triangle; A is not modified. It reuses c's storage when that is
// large enough (a copy of c made earlier shares it and is overwritten). It uses GOMAXPROCS goroutines and
// the result does not depend on their number. Errors: ErrNotFinite for a
// NaN or ±Inf entry, ErrNotPD (with the order of the first non-positive
// leading minor) when A is not numerically positive definite; c is then
// empty.
func (c *Cholesky) Factorize(A mat.Symmetric) error {
	return c.factorize(A, 0, BlockSize, parallel.Workers())
}

// FactorizeShift factorises A + s·I without forming it (as needed by ridge
// systems such as (K + λI)α = y); otherwise it is Factorize. A non-finite s
// is ErrNotFinite.
func (c *Cholesky) FactorizeShift(A mat.Symmetric, s float64) error {
	if math.IsNaN(s) || math.IsInf(s, 0) {
		*c = Cholesky{}
		return fmt.Errorf("%w: shift = %v", ErrNotFinite, s)
	}
	return c.factorize(A, s, BlockSize, parallel.Workers())
}

// FactorizeShiftInPlace is FactorizeShift on a matrix the caller gives
// away: the factor is computed in A's own storage, which saves the copy of
// A (a pass over n² entries and a second n×n buffer). A must not be used
// afterwards, whatever the outcome; Release puts its storage in the pool.
// The factor is bit-identical to FactorizeShift's.
func (c *Cholesky) FactorizeShiftInPlace(A *mat.SymDense, s float64) error {
	if math.IsNaN(s) || math.IsInf(s, 0) {
		*c = Cholesky{}
		return fmt.Errorf("%w: shift = %v", ErrNotFinite, s)
	}
	if r := A.RawSymmetric(); r.Stride == r.N && r.Uplo == blas.Upper {
		c.Release()
		c.u = r.Data[:r.N*r.N]
	}
	return c.factorize(A, s, BlockSize, parallel.Workers())
}

func (c *Cholesky) factorize(A mat.Symmetric, shift float64, nb, workers int) error {
	n := A.SymmetricDim()
	u := c.u
	*c = Cholesky{}
	if cap(u) >= n*n {
		u = u[:n*n] // refactorising: reuse the storage (only the upper triangle is read)
	} else {
		u = factors.Get(n * n)
	}
	var raw []float64 // the upper triangle of a *mat.SymDense, read directly
	stride := 0
	if sd, ok := A.(*mat.SymDense); ok {
		r := sd.RawSymmetric()
		raw, stride = r.Data, r.Stride
	}
	inPlace := raw != nil && stride == n && n > 0 && &raw[0] == &u[0]
	// One pass: copy the upper triangle (plus the shift on the diagonal),
	// check it is finite and accumulate ‖A‖₁, the column sums of |A|.
	colsum := make([]float64, n)
	for i := 0; i < n; i++ {
		row := u[i*n+i : (i+1)*n]
		switch {
		case inPlace: // the row is already where the factor goes
		case raw != nil:
			copy(row, raw[i*stride+i:i*stride+n])
		default:
			for jj := range row {
				row[jj] = A.At(i, i+jj)
			}
		}
		row[0] += shift
		cs := colsum[i:n]
		rowsum := 0.0 // Σ_{j>i} |A_ij|, added to column i by symmetry
		for jj, v := range row {
			if v-v != 0 { // NaN or ±Inf
				return fmt.Errorf("%w: A[%d,%d] = %v", ErrNotFinite, i, i+jj, v)
			}
			av := math.Abs(v)
			cs[jj] += av
			if jj > 0 {
				rowsum += av
			}
		}
		colsum[i] += rowsum
	}
	anorm := 0.0
	for _, s := range colsum {
		anorm = max(anorm, s)
	}
	if p := factor(u, n, n, nb, workers); p >= 0 {
		return fmt.Errorf("%w: leading minor of order %d is not positive", ErrNotPD, p+1)
	}
	*c = Cholesky{n: n, u: u, anorm: anorm}
	return nil
}

// factors holds factor storage given back by Release (stale contents:
// factorize overwrites the upper triangle, the only part ever read).
var factors scratch.Pool

// Release gives the factor's storage to a pool that later factorisations
// in the process draw from, and empties c. Call it when c is no longer
// needed (not calling it is also correct); a copy of c made earlier shares
// the storage and must not be used afterwards.
func (c *Cholesky) Release() {
	if c.u != nil {
		factors.Put(c.u)
	}
	*c = Cholesky{}
}

// Size returns n, the order of the factorised matrix (0 if empty).
func (c *Cholesky) Size() int { return c.n }

// UTo copies U into dst (n×n, upper triangle; the strict lower triangle is
// set to zero). It panics if dst has the wrong size.
func (c *Cholesky) UTo(dst *mat.Dense) {
	for i := 0; i < c.n; i++ {
		for j := 0; j < c.n; j++ {
			v := 0.0
			if j >= i {
				v = c.u[i*c.n+j]
			}
			dst.Set(i, j, v)
		}
	}
}

// LogDet returns log det A = 2 Σ_i log U_ii.
func (c *Cholesky) LogDet() float64 {
	s := 0.0
	for i := 0; i < c.n; i++ {
		s += math.Log(c.u[i*c.n+i])
	}
	return 2 * s
}

// SolveUTVec solves Uᵀ x = b (forward substitution with L = Uᵀ) in place:
// x overwrites b. It panics if len(b) ≠ n.
func (c *Cholesky) SolveUTVec(b []float64) {
	n := c.n
	b = b[:n:n]
	for i := 0; i < n; i++ {
		xi := b[i] / c.u[i*n+i]
		b[i] = xi
		axpy(-xi, c.u[i*n+i+1:(i+1)*n], b[i+1:])
	}
}

// SolveUVec solves U x = b (back substitution) in place: x overwrites b.
// It panics if len(b) ≠ n.
func (c *Cholesky) SolveUVec(b []float64) {
	n := c.n
	b = b[:n:n]
	for i := n - 1; i >= 0; i-- {
		b[i] = (b[i] - dot(c.u[i*n+i+1:(i+1)*n], b[i+1:])) / c.u[i*n+i]
	}
}

// SolveVecTo solves A x = b, i.e. Uᵀ(U x) = b, into dst (which may be b).
func (c *Cholesky) SolveVecTo(dst, b []float64) error {
	if len(b) != c.n || len(dst) != c.n {
		return fmt.Errorf("%w: len(b) = %d, len(dst) = %d, n = %d", ErrShape, len(b), len(dst), c.n)
	}
	copy(dst, b)
	c.SolveUTVec(dst)
	c.SolveUVec(dst)
	return nil
}

// rhsChunk is the number of right-hand-side columns per parallel task.
const rhsChunk = 64

// SolveTo solves A X = B for the n×m matrix B into dst (resized to n×m if
// empty; dst may be B). Columns are processed in fixed chunks of 64 in
// parallel, each chunk by one goroutine, so the result does not depend on
// GOMAXPROCS.
func (c *Cholesky) SolveTo(dst *mat.Dense, B mat.Matrix) error {
	r, m := B.Dims()
	if r != c.n {
		return fmt.Errorf("%w: B has %d rows, n = %d", ErrShape, r, c.n)
	}
	if dst.IsEmpty() {
		dst.ReuseAs(r, m)
	} else if dr, dc := dst.Dims(); dr != r || dc != m {
		return fmt.Errorf("%w: dst is %d×%d, want %d×%d", ErrShape, dr, dc, r, m)
	}
	if dst != B {
		dst.Copy(B)
	}
	raw := dst.RawMatrix()
	n := c.n
	chunks := (m + rhsChunk - 1) / rhsChunk
	workers := parallel.Workers()
	if n*m < 1<<14 {
		workers = 1
	}
	parallel.ForWorkers(workers, chunks, func(_, ch int) {
		j0 := ch * rhsChunk
		j1 := min(j0+rhsChunk, m)
		row := func(i int) []float64 { return raw.Data[i*raw.Stride+j0 : i*raw.Stride+j1] }
		// Uᵀ Y = B: row i of Y is (B_i − Σ_{p<i} U_pi Y_p) / U_ii, done as
		// axpys of each finished row into the rows below it.
		for i := 0; i < n; i++ {
			xi := row(i)
			inv := 1 / c.u[i*n+i]
			for j := range xi {
				xi[j] *= inv
			}
			for p := i + 1; p < n; p++ {
				axpy(-c.u[i*n+p], xi, row(p))
			}
		}
		// U X = Y: row i of X is (Y_i − Σ_{p>i} U_ip X_p) / U_ii.
		for i := n - 1; i >= 0; i-- {
			xi := row(i)
			for p := i + 1; p < n; p++ {
				axpy(-c.u[i*n+p], row(p), xi)
			}
			inv := 1 / c.u[i*n+i]
			for j := range xi {
				xi[j] *= inv
			}
		}
	})
	return nil
}

// Cond returns an estimate of the 1-norm condition number
// κ₁(A) = ‖A‖₁ ‖A⁻¹‖₁, with ‖A⁻¹‖₁ from the Hager–Higham estimator
// (Hager (1984); Higham (1988), Algorithm 4.1 with the extra test vector
// x_i = (−1)^i (1 + i/(n−1)); LAPACK's DLACN2 as used by DPOCON and
// gonum's Cholesky.Cond). The estimate is a lower bound, in practice within
// a factor 3 of κ₁, at the cost of a few O(n²) solves.
func (c *Cholesky) Cond() float64 {
	n := c.n
	if n == 0 {
		return 0
	}
	return c.anorm * c.invNorm1()
}

func (c *Cholesky) invNorm1() float64 {
	n := c.n
	x := make([]float64, n)
	y := make([]float64, n)
	z := make([]float64, n)
	solve := func(dst, b []float64) {
		copy(dst, b)
		c.SolveUTVec(dst)
		c.SolveUVec(dst)
	}
	norm1 := func(v []float64) float64 {
		s := 0.0
		for _, e := range v {
			s += math.Abs(e)
		}
		return s
	}
	for i := range x {
		x[i] = 1 / float64(n)
	}
	est := 0.0
	for iter := 0; iter < 5; iter++ {
		solve(y, x) // y = A⁻¹x
		e := norm1(y)
		if iter > 0 && e <= est {
			break
		}
		est = e
		for i, v := range y { // ξ = sign(y)
			if v >= 0 {
				z[i] = 1
			} else {
				z[i] = -1
			}
		}
		solve(z, z) // z = A⁻ᵀξ = A⁻¹ξ (A is symmetric)
		jmax, zmax, ztx := 0, math.Abs(z[0]), 0.0
		for i, v := range z {
			ztx += v * x[i]
			if a := math.Abs(v); a > zmax {
				jmax, zmax = i, a
			}
		}
		if zmax <= ztx {
			break
		}
		clear(x)
		x[jmax] = 1
	}
	// Higham's extra test vector guards against the estimator's known
	// failures on specially structured matrices.
	for i := range x {
		s := 1.0
		if i%2 == 1 {
			s = -1
		}
		if n > 1 {
			x[i] = s * (1 + float64(i)/float64(n-1))
		} else {
			x[i] = s
		}
	}
	solve(y, x)
	return max(est, 2*norm1(y)/(3*float64(n)))
}
