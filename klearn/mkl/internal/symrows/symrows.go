// Package symrows holds row-parallel operations on the upper triangles of
// symmetric matrices, shared by the MKL learners. Every operation writes
// row i from one goroutine and sums row partials in a fixed order, so the
// results are bit-identical for any GOMAXPROCS.
package symrows

import (
	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/internal/scratch"
	"gonum.org/v1/gonum/mat"
)

// Rows runs f(i) for i in [0, n) over GOMAXPROCS goroutines in
// interleaved row blocks. f must write only to row i, so the result does not
// depend on the number of goroutines.
func Rows(n int, f func(i int)) {
	if n < 256 {
		for i := 0; i < n; i++ {
			f(i)
		}
		return
	}
	const block = 32
	parallel.For((n+block-1)/block, func(b int) {
		for i := b * block; i < min((b+1)*block, n); i++ {
			f(i)
		}
	})
}

// RowQuad returns row i's share v_i(K_ii v_i + 2 Σ_{j>i} K_ij v_j) of vᵀKv,
// given the upper part row = K[i, i:] of row i.
func RowQuad(row, v []float64, i int) float64 {
	return v[i] * (row[0]*v[i] + 2*linalg.Dot(row[1:], v[i+1:]))
}

// SumParts returns q_s = Σ_i part[s·n + i] for s < R, summed in order.
func SumParts(part []float64, R, n int) []float64 {
	q := make([]float64, R)
	for s := range q {
		for _, p := range part[s*n : s*n+n] {
			q[s] += p
		}
	}
	return q
}

// Quad returns vᵀKv for symmetric K from its upper triangle, summing row
// partials in a fixed order.
func Quad(K *mat.SymDense, v []float64) float64 {
	n := K.SymmetricDim()
	raw := K.RawSymmetric()
	part := make([]float64, n)
	Rows(n, func(i int) {
		part[i] = RowQuad(raw.Data[i*raw.Stride+i:i*raw.Stride+n], v, i)
	})
	return SumParts(part, 1, n)[0]
}

// AddScaled adds w·K to the upper triangle of dst.
func AddScaled(dst *mat.SymDense, w float64, K *mat.SymDense) {
	n := dst.SymmetricDim()
	d := dst.RawSymmetric()
	k := K.RawSymmetric()
	Rows(n, func(i int) {
		linalg.Axpy(w, k.Data[i*k.Stride+i:i*k.Stride+n], d.Data[i*d.Stride+i:i*d.Stride+n])
	})
}

// pool recycles the backing arrays of n×n scratch matrices (the combined
// kernel of EasyMKL, the buffer of a lazy HPK sweep): memory used before is
// already mapped, while the first touch of fresh memory costs about 2 s per
// GiB. Contents are stale; users overwrite the upper triangle before
// reading it.
var pool scratch.Pool

// Get returns an n×n SymDense with stale contents.
func Get(n int) *mat.SymDense { return mat.NewSymDense(n, pool.Get(n*n)) }

// Put gives K's storage back to the pool; K must not be used afterwards.
func Put(K *mat.SymDense) { pool.Put(K.RawSymmetric().Data) }

// Zero sets the upper triangle of K to zero.
func Zero(K *mat.SymDense) {
	n := K.SymmetricDim()
	raw := K.RawSymmetric()
	Rows(n, func(i int) { clear(raw.Data[i*raw.Stride+i : i*raw.Stride+n]) })
}

// Fused is a list of Gram matrices that forms weighted sums and quadratic
// forms of its kernels in one pass, without a matrix per kernel (List, and
// the lazy source of hpk.Family). Its results are bit-identical to sweeps
// of AddScaled and Quad over each K_s in turn.
type Fused interface {
	// AddWeighted adds Σ_s w_s K_s to the upper triangle of dst, skipping
	// the kernels with w_s = 0.
	AddWeighted(dst *mat.SymDense, w []float64)
	// Quads returns q_s = vᵀK_s v for every s.
	Quads(v []float64) []float64
}

// List is Fused over n×n matrices held in memory; nil or mis-sized
// matrices must have been refused before.
type List []*mat.SymDense

// AddWeighted adds Σ_s w_s K_s to the upper triangle of dst row by row
// (each row of dst stays in cache while the kernels are added to it, in
// the order s = 0, 1, …, as a sweep adds them).
func (l List) AddWeighted(dst *mat.SymDense, w []float64) {
	n := dst.SymmetricDim()
	d := dst.RawSymmetric()
	Rows(n, func(i int) {
		row := d.Data[i*d.Stride+i : i*d.Stride+n]
		for s, K := range l {
			if w[s] != 0 {
				k := K.RawSymmetric()
				linalg.Axpy(w[s], k.Data[i*k.Stride+i:i*k.Stride+n], row)
			}
		}
	})
}

// Quads returns q_s = vᵀK_s v for every s, row by row, with Quad's
// arithmetic.
func (l List) Quads(v []float64) []float64 {
	if len(l) == 0 {
		return nil
	}
	n := l[0].SymmetricDim()
	part := make([]float64, len(l)*n)
	Rows(n, func(i int) {
		for s, K := range l {
			k := K.RawSymmetric()
			part[s*n+i] = RowQuad(k.Data[i*k.Stride+i:i*k.Stride+n], v, i)
		}
	})
	return SumParts(part, len(l), n)
}
