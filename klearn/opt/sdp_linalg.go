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

// sdpDotVec4 returns sdpConDot(n, c_k, f) for four constraints with dense
// matrices a_k (all of f's length): each sum in order, each product rounded
// before it is added — the operations of sdpConDot's dense sum as the
// compiler emits it (it does not fuse them there; the conversion
// float64(·) forbids fusing here), so the results are bit-identical to it.
// The four independent sums keep the FPU busy where one sum waits on its
// own previous addition, and f is read once.
func sdpDotVec4(a0, a1, a2, a3, f []float64) (s0, s1, s2, s3 float64) {
	a0, a1, a2, a3 = a0[:len(f)], a1[:len(f)], a2[:len(f)], a3[:len(f)]
	for i, v := range f {
		s0 += float64(a0[i] * v)
		s1 += float64(a1[i] * v)
		s2 += float64(a2[i] * v)
		s3 += float64(a3[i] * v)
	}
	return
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
// M_ij += tr(A_i Z⁻¹ A_j X), to the upper triangle of the m×m matrix M
// (Fujisawa, Kojima & Nakata 1997, Section 3). For an F-path constraint a,
// every M_ab with b at or after a in the block's order is ⟨A_b, F⟩ with
// F = Z⁻¹ A_a X (fmat); constraints with the same dense matrix (dup) share
// their F and their products, which are computed once per class (a class's
// F with every class that has a member at or after the class's first) and
// scattered: the values are those of the products taken per constraint,
// bit for bit, since equal inputs give equal results. The dense products
// run four at a time (sdpDotVec4, bit-identical to sdpConDot). Other rows are summed entrywise. Each
// entry of M is written by exactly one goroutine.
func (bl *sdpBlock) schur(M []float64, m int, zi, x []float64) {
	n := bl.n
	nc := len(bl.cons)
	idx := func(i, j int) int {
		if i > j {
			i, j = j, i
		}
		return i*m + j
	}
	// Classes of the constraints: cls[a] is the class of constraint a, first
	// and last its first and last member (in the block's order).
	cls := make([]int, nc)
	var first, last []int
	for a := range bl.cons {
		if d := bl.cons[a].dup; d != a {
			cls[a] = cls[d]
			last[cls[a]] = a
			continue
		}
		cls[a] = len(first)
		first, last = append(first, a), append(last, a)
	}
	nk := len(first)
	nf := 0 // the F-path classes come first, as the F-path constraints do
	for nf < nk && bl.cons[first[nf]].fpath {
		nf++
	}
	// V[k·nk + j] = ⟨A_j, F_k⟩ for F-path class k and every class j with a
	// member at or after first[k].
	V := make([]float64, nf*nk)
	scr := make([]sdpScratch, sdpWorkers(nf))
	sdpParallel(nf, func(w, k int) {
		F := bl.fmat(&bl.cons[first[k]], zi, x, &scr[w])
		row := V[k*nk : (k+1)*nk]
		var quad [4]int // dense classes waiting for sdpDotVec4
		nq := 0
		for j := 0; j < nk; j++ {
			if last[j] < first[k] {
				continue
			}
			c := &bl.cons[first[j]]
			if c.dense == nil {
				row[j] = sdpConDot(n, c, F)
				continue
			}
			quad[nq] = j
			if nq++; nq == 4 {
				d := func(t int) []float64 { return bl.cons[first[quad[t]]].dense }
				row[quad[0]], row[quad[1]], row[quad[2]], row[quad[3]] = sdpDotVec4(d(0), d(1), d(2), d(3), F)
				nq = 0
			}
		}
		for t := 0; t < nq; t++ {
			row[quad[t]] = sdpConDot(n, &bl.cons[first[quad[t]]], F)
		}
	})
	sdpParallel(nc, func(_, a int) {
		ca := &bl.cons[a]
		if ca.fpath {
			row := V[cls[a]*nk : (cls[a]+1)*nk]
			for b := a; b < nc; b++ {
				M[idx(ca.i, bl.cons[b].i)] += row[cls[b]]
			}
			return
		}
		for b := a; b < nc; b++ {
			M[idx(ca.i, bl.cons[b].i)] += bl.schurEntry(ca, &bl.cons[b], zi, x)
		}
	})
}

// schurEntry returns tr(A_a Z⁻¹ A_b X) = Σ A_a[k,l] A_b[p,q] Z⁻¹[l,p] X[q,k]
// summed over the entries of the sparse A_a and A_b (both triangles).
func (bl *sdpBlock) schurEntry(ca, cb *sdpCon, zi, x []float64) float64 {
	n := bl.n
	s := 0.0
	for _, ea := range ca.full {
		zrow := zi[ea.c*n : (ea.c+1)*n]
		for _, eb := range cb.full {
			s += ea.v * eb.v * zrow[eb.r] * x[eb.c*n+ea.r]
		}
	}
	return s
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

// lpSchur adds the LP part Σ_k a_ik a_jk x_k/z_k of the Schur complement
// (see SolveSDP) to the upper triangle of the m×m row-major M, with
// d_k = x_k/z_k in dlp and column k of A's LP part in cols[k] (sorted by
// constraint): for each variable k in order, the term (d_k·a_ik)·a_jk of
// every pair i ≤ j of its column, rounded before it is added. These are the
// operations, in the order, of the loop it replaced (TestSDPLPSchur holds it
// to that loop bit for bit), with d_k·a_ik and the row of M taken once per
// i instead of once per term.
func lpSchur(M []float64, m int, cols [][]sdpLPEnt, dlp []float64) {
	for k, col := range cols {
		d := dlp[k]
		for s, e := range col {
			a := d * e.v
			row := M[e.k*m : (e.k+1)*m]
			for _, f := range col[s:] {
				row[f.k] += float64(a * f.v)
			}
		}
	}
}
