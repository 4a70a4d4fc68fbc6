package opt

import (
	"math"
	"runtime"

	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

// Dense kernels of SolveSDP on n×n row-major []float64 matrices, and the
// Schur complement of Section 3 of Fujisawa, Kojima & Nakata (1997).

// sdpParallel calls fn(w, k) for k = 0..n−1 on up to GOMAXPROCS goroutines;
// w < sdpWorkers(n) identifies the goroutine (for scratch buffers). Each k is
// handled by exactly one call, so results written per k do not depend on the
// schedule.
func sdpParallel(n int, fn func(w, k int)) { parallel.ForWorkers(sdpWorkers(n), n, fn) }

func sdpWorkers(n int) int { return max(1, min(runtime.GOMAXPROCS(0), n)) }

func sdpGen(r, c int, d []float64) blas64.General {
	return blas64.General{Rows: r, Cols: c, Stride: c, Data: d}
}

// sdpMul sets dst = a·b for n×n matrices (dst distinct from a and b).
func sdpMul(n int, dst, a, b []float64) {
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, sdpGen(n, n, a), sdpGen(n, n, b), 0, sdpGen(n, n, dst))
}

// sdpSym replaces a by (a + aᵀ)/2.
func sdpSym(n int, a []float64) {
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			v := 0.5 * (a[i*n+j] + a[j*n+i])
			a[i*n+j], a[j*n+i] = v, v
		}
	}
}

func sdpDotVec(a, b []float64) float64 {
	s := 0.0
	for i, v := range a {
		s += v * b[i]
	}
	return s
}

// sdpChol returns the lower Cholesky factor of the symmetric a (a is not
// modified), or false if a is not numerically positive definite.
func sdpChol(n int, a []float64) ([]float64, bool) {
	l := append([]float64(nil), a...)
	_, ok := lapack64.Potrf(blas64.Symmetric{Uplo: blas.Lower, N: n, Stride: n, Data: l})
	if !ok {
		return nil, false
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			l[i*n+j] = 0
		}
	}
	return l, true
}

// sdpInv returns a⁻¹ (full symmetric) from the lower Cholesky factor l of a.
func sdpInv(n int, l []float64) ([]float64, bool) {
	inv := append([]float64(nil), l...)
	_, ok := lapack64.Potri(blas64.Triangular{Uplo: blas.Lower, Diag: blas.NonUnit, N: n, Stride: n, Data: inv})
	if !ok {
		return nil, false
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			inv[i*n+j] = inv[j*n+i]
		}
	}
	return inv, true
}

// sdpMaxStep returns sup{α ≥ 0 : LLᵀ + α d ⪰ 0} = −1/λ_min(L⁻¹ d L⁻ᵀ)
// (+Inf if λ_min ≥ 0), with scratch s of length n².
func sdpMaxStep(n int, l, d, s []float64) float64 {
	copy(s, d)
	tri := blas64.Triangular{Uplo: blas.Lower, Diag: blas.NonUnit, N: n, Stride: n, Data: l}
	g := sdpGen(n, n, s)
	blas64.Trsm(blas.Left, blas.NoTrans, 1, tri, g)
	blas64.Trsm(blas.Right, blas.Trans, 1, tri, g)
	sdpSym(n, s)
	vals, _, ok := klearn.EigenSym(mat.NewSymDense(n, s), false)
	if !ok {
		return 0
	}
	lmin := vals[0]
	if math.IsNaN(lmin) {
		return 0
	}
	if lmin >= 0 {
		return math.Inf(1)
	}
	return -1 / lmin
}

// sdpConDot returns ⟨A, S⟩ = tr(A S) for the constraint matrix A of c and
// an n×n matrix S (not necessarily symmetric: ⟨A, S⟩ = ⟨A, (S+Sᵀ)/2⟩).
func sdpConDot(n int, c *sdpCon, S []float64) float64 {
	if c.dense != nil {
		return sdpDotVec(c.dense, S)
	}
	s := 0.0
	for _, e := range c.ent {
		if e.r == e.c {
			s += e.v * S[e.r*n+e.r]
		} else {
			s += e.v * (S[e.r*n+e.c] + S[e.c*n+e.r])
		}
	}
	return s
}

// sdpScratch holds one goroutine's buffers for the Schur complement.
type sdpScratch struct {
	t, zc, f []float64
	pos      []int
}

// fmat returns F = Z⁻¹ A X for constraint c. For sparse A only the rows R
// of A are used: F = Z⁻¹[:, R] (A X)[R, :], 2n²|R| flops.
func (bl *sdpBlock) fmat(c *sdpCon, zi, x []float64, sc *sdpScratch) []float64 {
	n := bl.n
	if sc.f == nil {
		sc.f = make([]float64, n*n)
		sc.t = make([]float64, n*n)
		sc.zc = make([]float64, n*n)
		sc.pos = make([]int, n)
	}
	if c.dense != nil {
		sdpMul(n, sc.t, c.dense, x)
		sdpMul(n, sc.f, zi, sc.t)
		return sc.f
	}
	r := len(c.rows)
	for t, k := range c.rows {
		sc.pos[k] = t
	}
	tr := sc.t[:r*n]
	clear(tr)
	for _, e := range c.full {
		dst := tr[sc.pos[e.r]*n : (sc.pos[e.r]+1)*n]
		src := x[e.c*n : (e.c+1)*n]
		for j, v := range src {
			dst[j] += e.v * v
		}
	}
	zc := sc.zc[:n*r]
	for k := 0; k < n; k++ {
		row := zi[k*n : (k+1)*n]
		for t, q := range c.rows {
			zc[k*r+t] = row[q]
		}
	}
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, sdpGen(n, r, zc), sdpGen(r, n, tr), 0, sdpGen(n, n, sc.f))
	return sc.f
}

// schur adds this block's part of the Schur complement,
// M_ij += tr(A_i Z⁻¹ A_j X), to the upper triangle of the m×m matrix M.
// Each pair (i, j) is computed by exactly one goroutine.
func (bl *sdpBlock) schur(M []float64, m int, zi, x []float64) {
	n := bl.n
	nc := len(bl.cons)
	scr := make([]sdpScratch, sdpWorkers(nc))
	idx := func(i, j int) int {
		if i > j {
			i, j = j, i
		}
		return i*m + j
	}
	sdpParallel(nc, func(w, a int) {
		ca := &bl.cons[a]
		if ca.fpath {
			F := bl.fmat(ca, zi, x, &scr[w])
			for b := a; b < nc; b++ {
				cb := &bl.cons[b]
				M[idx(ca.i, cb.i)] += sdpConDot(n, cb, F)
			}
			return
		}
		for b := a; b < nc; b++ {
			cb := &bl.cons[b]
			s := 0.0
			for _, ea := range ca.full {
				zrow := zi[ea.c*n : (ea.c+1)*n]
				for _, eb := range cb.full {
					s += ea.v * eb.v * zrow[eb.r] * x[eb.c*n+ea.r]
				}
			}
			M[idx(ca.i, cb.i)] += s
		}
	})
}

// aop returns A(S) for block matrices S (any may be nil) and LP vector s.
func (q *sdpProb) aop(S [][]float64, s []float64) []float64 {
	out := make([]float64, q.m)
	for b := range q.blocks {
		if S[b] == nil {
			continue
		}
		bl := &q.blocks[b]
		vals := make([]float64, len(bl.cons))
		sdpParallel(len(bl.cons), func(_, k int) { vals[k] = sdpConDot(bl.n, &bl.cons[k], S[b]) })
		for k, v := range vals {
			out[bl.cons[k].i] += v
		}
	}
	if s != nil {
		for i, row := range q.lpRows {
			for _, e := range row {
				out[i] += e.v * s[e.k]
			}
		}
	}
	return out
}

// atop returns A*(y) = (Σ_i y_i A_ib)_b and Σ_i y_i a_i.
func (q *sdpProb) atop(y []float64) ([][]float64, []float64) {
	S := make([][]float64, len(q.blocks))
	for b := range q.blocks {
		bl := &q.blocks[b]
		n := bl.n
		s := make([]float64, n*n)
		for k := range bl.cons {
			c := &bl.cons[k]
			yi := y[c.i]
			if yi == 0 {
				continue
			}
			if c.dense != nil {
				for t, v := range c.dense {
					s[t] += yi * v
				}
				continue
			}
			for _, e := range c.full {
				s[e.r*n+e.c] += yi * e.v
			}
		}
		S[b] = s
	}
	v := make([]float64, q.nlp)
	for k, col := range q.lpCols {
		for _, e := range col {
			v[k] += e.v * y[e.k]
		}
	}
	return S, v
}
