package nkrr

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
)

// bases is a set of p base kernels on n training points. It supplies the two
// operations Algorithm 1 of Cortes et al. (2009) needs, both in O(p·n²) or
// better: the linear combination S = Σ_k μ_k K_k and the Frobenius products
// ⟨W, K_k⟩_F for a symmetric W.
type bases interface {
	dims() (n, p int)
	// combine writes the upper triangle of S = Σ_k μ_k K_k into dst (n×n, row-major).
	combine(mu []float64, dst []float64)
	// frob writes out[k] = ⟨W, K_k⟩_F; W is n×n row-major, only its upper
	// triangle is read.
	frob(w []float64, out []float64)
}

// gramBases holds explicit Gram matrices.
type gramBases struct {
	n  int
	ks []blas64.Symmetric
}

func (g *gramBases) dims() (int, int) { return g.n, len(g.ks) }

func (g *gramBases) combine(mu []float64, dst []float64) {
	n := g.n
	nkParallelRows(n, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			row := dst[i*n+i : i*n+n]
			for j := range row {
				row[j] = 0
			}
			for k, K := range g.ks {
				m := mu[k]
				if m == 0 {
					continue
				}
				src := K.Data[i*K.Stride+i : i*K.Stride+n]
				for j, v := range src {
					row[j] += m * v
				}
			}
		}
	})
}

func (g *gramBases) frob(w []float64, out []float64) {
	n := g.n
	nkParallelFor(len(g.ks), func(k int) {
		K := g.ks[k]
		var diag, off float64
		for i := 0; i < n; i++ {
			wr := w[i*n : i*n+n]
			kr := K.Data[i*K.Stride : i*K.Stride+n]
			diag += wr[i] * kr[i]
			var s float64
			for j := i + 1; j < n; j++ {
				s += wr[j] * kr[j]
			}
			off += s
		}
		out[k] = diag + 2*off
	})
}

// featureBases holds the feature-product base kernels K_k(x, x') = x_k·x'_k
// of Section 4 of Cortes et al. (2009), one per column of X, without forming
// the p Gram matrices. Dense columns go through BLAS (S = X diag(μ) Xᵀ is a
// rank-p update); sparse columns (n-gram counts) cost Σ_k nnz_k² per pass.
type featureBases struct {
	n, p  int
	dense *mat.Dense // non-nil for the dense path
	cols  []sparseCol
}

type sparseCol struct {
	idx []int
	val []float64
}

// sparseThreshold is the density below which the sparse path is used.
const sparseThreshold = 0.25

func newFeatureBases(X mat.Matrix) *featureBases {
	n, p := X.Dims()
	fb := &featureBases{n: n, p: p}
	cols := make([]sparseCol, p)
	nnz := 0
	for k := 0; k < p; k++ {
		for i := 0; i < n; i++ {
			if v := X.At(i, k); v != 0 {
				cols[k].idx = append(cols[k].idx, i)
				cols[k].val = append(cols[k].val, v)
				nnz++
			}
		}
	}
	if float64(nnz) < sparseThreshold*float64(n)*float64(p) {
		fb.cols = cols
	} else {
		fb.dense = mat.DenseCopyOf(X)
	}
	return fb
}

func (f *featureBases) dims() (int, int) { return f.n, f.p }

func (f *featureBases) combine(mu []float64, dst []float64) {
	n := f.n
	if f.dense != nil {
		// S = B Bᵀ with B = X diag(√μ) (μ ≥ 0 inside Algorithm 1; a negative
		// μ_k, as used by finite differences, is handled with a second update).
		B := mat.NewDense(n, f.p, nil)
		C := mat.NewDense(n, f.p, nil)
		hasNeg := false
		for k := 0; k < f.p; k++ {
			if mu[k] < 0 {
				hasNeg = true
			}
		}
		for i := 0; i < n; i++ {
			for k := 0; k < f.p; k++ {
				x := f.dense.At(i, k)
				if mu[k] >= 0 {
					B.Set(i, k, x*math.Sqrt(mu[k]))
				} else {
					C.Set(i, k, x*math.Sqrt(-mu[k]))
				}
			}
		}
		for i := 0; i < n; i++ {
			row := dst[i*n+i : i*n+n]
			for j := range row {
				row[j] = 0
			}
		}
		S := blas64.Symmetric{N: n, Stride: n, Data: dst, Uplo: blas.Upper}
		blas64.Syrk(blas.NoTrans, 1, B.RawMatrix(), 0, S)
		if hasNeg {
			blas64.Syrk(blas.NoTrans, -1, C.RawMatrix(), 1, S)
		}
		return
	}
	for i := 0; i < n; i++ {
		row := dst[i*n+i : i*n+n]
		for j := range row {
			row[j] = 0
		}
	}
	nkParallelRows(n, func(lo, hi int) {
		for k, c := range f.cols {
			m := mu[k]
			if m == 0 {
				continue
			}
			for a, ia := range c.idx {
				if ia < lo || ia >= hi {
					continue
				}
				va := m * c.val[a]
				row := dst[ia*n:]
				for b := a; b < len(c.idx); b++ {
					row[c.idx[b]] += va * c.val[b]
				}
			}
		}
	})
}

func (f *featureBases) frob(w []float64, out []float64) {
	n := f.n
	if f.dense != nil {
		// out_k = x_kᵀ W x_k: G = W X by a symmetric BLAS product, then
		// column-wise dot products with X.
		W := blas64.Symmetric{N: n, Stride: n, Data: w, Uplo: blas.Upper}
		G := blas64.General{Rows: n, Cols: f.p, Stride: f.p, Data: make([]float64, n*f.p)}
		X := f.dense.RawMatrix()
		blas64.Symm(blas.Left, 1, W, X, 0, G)
		for k := range out {
			out[k] = 0
		}
		for i := 0; i < n; i++ {
			xr := X.Data[i*X.Stride : i*X.Stride+f.p]
			gr := G.Data[i*f.p : i*f.p+f.p]
			for k := range xr {
				out[k] += xr[k] * gr[k]
			}
		}
		return
	}
	nkParallelFor(f.p, func(k int) {
		c := f.cols[k]
		var diag, off float64
		for a, ia := range c.idx {
			va := c.val[a]
			row := w[ia*n:]
			diag += va * va * row[ia]
			for b := a + 1; b < len(c.idx); b++ {
				off += va * c.val[b] * row[c.idx[b]]
			}
		}
		out[k] = diag + 2*off
	})
}

// cross returns S_te = Xte diag(μ) Xᵀ (rows: test points) for the training
// features held by f.
func (f *featureBases) cross(Xte mat.Matrix, mu []float64) *mat.Dense {
	nt, _ := Xte.Dims()
	out := mat.NewDense(nt, f.n, nil)
	if f.dense != nil {
		B := mat.NewDense(nt, f.p, nil)
		for i := 0; i < nt; i++ {
			for k := 0; k < f.p; k++ {
				B.Set(i, k, Xte.At(i, k)*mu[k])
			}
		}
		out.Mul(B, f.dense.T())
		return out
	}
	raw := out.RawMatrix()
	nkParallelRows(nt, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			row := raw.Data[i*raw.Stride : i*raw.Stride+f.n]
			for k, c := range f.cols {
				v := Xte.At(i, k) * mu[k]
				if v == 0 {
					continue
				}
				for a, ia := range c.idx {
					row[ia] += v * c.val[a]
				}
			}
		}
	})
	return out
}

func checkMuLen(mu []float64, p int) error {
	if len(mu) != p {
		return klearn.Errorf(klearn.ErrShape, "nkrr: μ has %d entries for %d base kernels", len(mu), p)
	}
	return klearn.CheckVector("nkrr: μ", mu)
}

// newGramBases validates Ks (all n×n, finite; n < 0 skips the order check).
func newGramBases(Ks []*mat.SymDense, n int) (*gramBases, error) {
	if len(Ks) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "nkrr: no base kernels")
	}
	g := &gramBases{ks: make([]blas64.Symmetric, len(Ks))}
	for k, K := range Ks {
		if K == nil {
			return nil, klearn.Errorf(klearn.ErrEmpty, "nkrr: Ks[%d] is nil", k)
		}
		m, err := klearn.CheckGram(K, n)
		if err != nil {
			return nil, klearn.Errorf(err, "nkrr: Ks[%d]", k)
		}
		if err := klearn.CheckDiagPSD(fmt.Sprintf("nkrr: Ks[%d]", k), K); err != nil {
			return nil, err
		}
		if k == 0 {
			n = m
		}
		raw := K.RawSymmetric()
		if raw.Uplo != blas.Upper {
			// Copy into upper storage (gonum SymDense is always Upper today).
			c := mat.NewSymDense(m, nil)
			c.CopySym(K)
			raw = c.RawSymmetric()
		}
		g.ks[k] = raw
	}
	g.n = n
	return g, nil
}

func nkIpow(x float64, d int) float64 {
	switch d {
	case 1:
		return x
	case 2:
		return x * x
	case 3:
		return x * x * x
	case 4:
		x2 := x * x
		return x2 * x2
	}
	r := 1.0
	for ; d > 0; d-- {
		r *= x
	}
	return r
}

// nkParallelFor runs fn(k) for k in [0, n) over the cores (internal/parallel).
func nkParallelFor(n int, fn func(k int)) { parallel.For(n, fn) }

// nkParallelRows splits the rows [0, n) of an upper-triangular sweep into
// blocks of about equal work and runs fn(lo, hi) on each.
func nkParallelRows(n int, fn func(lo, hi int)) {
	if n < 64 || parallel.Workers() <= 1 {
		fn(0, n)
		return
	}
	parallel.UpperRowBlocks(n, 4*parallel.Workers(), fn)
}
