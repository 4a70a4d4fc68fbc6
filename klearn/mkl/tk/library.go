package tk

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
)

// RandomP returns L random matrices P^s = AAᵀ/tr(AAᵀ), A w×w with
// independent standard normal entries, drawn from seed: the basis of
// [SimpleMKL TK] in Section 6 of Colbert & Peet (2020), whose
// distribution the paper does not state (this is our choice).
func RandomP(w, L int, seed uint64) ([]*mat.SymDense, error) {
	if w <= 0 || L <= 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "tk: RandomP(w = %d, L = %d)", w, L)
	}
	if err := klearn.CheckAlloc("tk: RandomP's matrices", 8, L+1, w, w); err != nil {
		return nil, err
	}
	r := klearn.NewRand(seed)
	out := make([]*mat.SymDense, L)
	for s := range out {
		A := mat.NewDense(w, w, nil)
		for i := 0; i < w; i++ {
			for j := 0; j < w; j++ {
				A.Set(i, j, r.NormFloat64())
			}
		}
		P := mat.NewSymDense(w, nil)
		P.SymOuterK(1, A)
		P.ScaleSym(1/mat.Trace(P), P)
		out[s] = P
	}
	return out, nil
}

// libraryChunkBytes bounds the basis coefficients of one product of
// Library (one chunk of rows, kernel.TK.CrossPairBasis).
var libraryChunkBytes = 32 << 20

// libraryBasisBytes is the largest kernel.TK.PairBasis of the training
// rows that Library computes whole (DefaultMaxBlockMB, the bound of a
// Learner's basis): its rows are the pairs (k ≤ l) with contiguous
// coefficients, ready for the product. Larger bases are computed chunk by
// chunk of rows with kernel.TK.CrossPairBasis, which costs the lower half
// of each chunk's diagonal block more.
var libraryBasisBytes = int(DefaultMaxBlockMB) << 20

// Library returns the Gram matrices of the TK kernels k_{P^s} of Eq. (25)
// (one per P in Ps) on the training rows X and, if Xte is not nil, the
// test×train cross matrices. As in Learner, inputs are scaled to [0, 1]ⁿ
// with the training minimum and maximum and the box is [−ε, 1 + ε]ⁿ
// (ε = margin; the paper's [SimpleMKL TK] uses ε = 0). Every entry is
// K_s(x, y) = Σ_{a≤b} P^s_ab B_ab(x, y), B the basis of the linear map
// P ↦ K (Colbert & Peet's Eq. (7): G_aa on the diagonal, G_ab + G_ba off
// it; kernel.TK.PairBasis and CrossPairBasis), so the L kernels of a chunk of
// pairs (x, y) are one matrix product of the chunk's basis coefficients
// with the q(2q+1) × L matrix of the P^s (libraryProduct, with the
// arithmetic of gonum's product: every entry the sum over the pairs in
// their order, each product rounded before it is added, whatever the
// chunk). The basis of each pair is evaluated once for
// all L kernels. The training Grams come from kernel.TK.PairBasis when it
// fits in libraryBasisBytes (one product per chunk of its rows), else from
// chunks of libraryChunkBytes: rows r₀ … r₁ of X against the rows from r₀
// on (the upper triangle and the diagonal block); the cross matrices from
// chunks of test rows against X. The results do not depend on the path or
// the chunking. Each P must be 2q×2q, finite and positive semi-definite
// (λ_min ≥ −1e−10·max(1, λ_max), kernel.TK.Validate). Errors: ErrEmpty,
// ErrShape, ErrNotFinite, ErrParam, ErrNotPSD. X, Xte and Ps are not
// modified.
func Library(X, Xte mat.Matrix, degree int, margin float64, Ps []*mat.SymDense) ([]*mat.SymDense, []*mat.Dense, error) {
	m, d, err := klearn.CheckMatrix("tk: X", X)
	if err != nil {
		return nil, nil, err
	}
	if err := klearn.CheckParam("tk: margin", margin, 0, 1e6); err != nil {
		return nil, nil, err
	}
	if len(Ps) == 0 {
		return nil, nil, klearn.Errorf(klearn.ErrEmpty, "tk: Library of no matrices")
	}
	kern := marginKernel(X, degree, margin)
	if err := kern.Validate(d); err != nil {
		return nil, nil, err
	}
	q, _ := kernel.TKSize(d, degree) // validated above
	w := 2 * q
	for s, P := range Ps { // before the basis, which may take seconds
		if P == nil || P.SymmetricDim() != w {
			return nil, nil, klearn.Errorf(klearn.ErrShape, "tk: Library: P %d is not %d×%d", s, w, w)
		}
		// Finite and PSD to kernel.IsPSD's relative 1e-10 (TK.Validate).
		withP := kern.TK
		withP.P = P
		if err := withP.Validate(d); err != nil {
			return nil, nil, klearn.Errorf(err, "tk: Library: P %d", s)
		}
	}
	nte := 0
	if Xte != nil {
		var dte int
		if nte, dte, err = klearn.CheckMatrix("tk: Xte", Xte); err != nil {
			return nil, nil, err
		}
		if dte != d {
			return nil, nil, klearn.Errorf(klearn.ErrShape, "tk: Xte has %d columns, X has %d", dte, d)
		}
	}
	pairs := tkPairs(w)
	np := len(pairs)
	L := len(Ps)
	if err := klearn.CheckAlloc("tk: Library's Grams", 8, L, m, m+nte); err != nil {
		return nil, nil, err
	}
	Pm := mat.NewDense(np, L, nil) // column s: the free entries of P^s in pair order
	for s, P := range Ps {
		for p, ab := range pairs {
			Pm.Set(p, s, P.At(ab.A, ab.B))
		}
	}
	xs := kern.transform(X)
	chunk := max(1, libraryChunkBytes/(8*np*m)) // rows of X or Xte a chunk
	// The cross matrices first, from small chunks, while the heap is small;
	// then the training Grams (a whole PairBasis is the largest allocation).
	var cd [][]float64
	if Xte != nil {
		zs := kern.transform(Xte)
		cd = make([][]float64, L)
		for s := range cd {
			cd[s] = make([]float64, nte*m)
		}
		for r0 := 0; r0 < nte; r0 += chunk {
			r1 := min(nte, r0+chunk)
			T, _, err := kern.TK.CrossPairBasis(zs.Slice(r0, r1, 0, d), xs)
			if err != nil {
				return nil, nil, err
			}
			libraryScatter(T, Pm, func(e int) (int, bool) { return r0*m + e, true }, cd)
		}
	}
	kd := make([][]float64, L) // the Grams' storage, row-major m×m (upper triangles)
	for s := range kd {
		kd[s] = make([]float64, m*m)
	}
	if 8*float64(m)*float64(m+1)/2*float64(np) <= float64(libraryBasisBytes) {
		B, _, err := kern.TK.PairBasis(xs)
		if err != nil {
			return nil, nil, err
		}
		raw := B.RawMatrix().Data
		per := max(1, libraryChunkBytes/(8*np)) // pair rows a product
		for k0 := 0; k0 < m; {
			// The rows of B of training rows k0 … k1−1: pairs (k, l ≥ k).
			k1, cnt := k0+1, m-k0
			for k1 < m && cnt+m-k1 <= per {
				cnt += m - k1
				k1++
			}
			r0 := kernel.PairIndex(k0, k0, m)
			pos := make([]int, 0, cnt) // where each pair row lands in K_s
			for k := k0; k < k1; k++ {
				for l := k; l < m; l++ {
					pos = append(pos, k*m+l)
				}
			}
			libraryScatter(mat.NewDense(cnt, np, raw[r0*np:(r0+cnt)*np]), Pm, func(e int) (int, bool) { return pos[e], true }, kd)
			k0 = k1
		}
	} else {
		for r0 := 0; r0 < m; r0 += chunk {
			r1 := min(m, r0+chunk)
			cols := m - r0
			T, _, err := kern.TK.CrossPairBasis(xs.Slice(r0, r1, 0, d), xs.Slice(r0, m, 0, d))
			if err != nil {
				return nil, nil, err
			}
			// Pair (r0+i, r0+j) lands in K_s at row r0+i, column r0+j, kept
			// on and above the diagonal.
			libraryScatter(T, Pm, func(e int) (int, bool) {
				i, j := e/cols, e%cols
				return (r0+i)*m + r0 + j, j >= i
			}, kd)
		}
	}
	Ks := make([]*mat.SymDense, L)
	for s := range Ks {
		Ks[s] = mat.NewSymDense(m, kd[s])
	}
	if Xte == nil {
		return Ks, nil, nil
	}
	Kte := make([]*mat.Dense, L)
	for s := range Kte {
		Kte[s] = mat.NewDense(nte, m, cd[s])
	}
	return Ks, Kte, nil
}

// libraryScatter computes the product C = T·Pm (libraryProduct: gonum's
// arithmetic, each entry the sum over the pairs in order) of the basis
// coefficients T (one row a pair of points) with the matrix Pm of the P^s
// (one column each) and writes C[e, s] to dst[s][at] for every row e with
// (at, true) = to(e), tiles of rows at a time.
func libraryScatter(T, Pm *mat.Dense, to func(e int) (int, bool), dst [][]float64) {
	raw := libraryProduct(T, Pm).RawMatrix()
	const tile = 64
	for e0 := 0; e0 < raw.Rows; e0 += tile {
		e1 := min(raw.Rows, e0+tile)
		for s, out := range dst {
			for e := e0; e < e1; e++ {
				if at, ok := to(e); ok {
					out[at] = raw.Data[e*raw.Stride+s]
				}
			}
		}
	}
}

// marginKernel returns the TK of degree d (its P unset) on the box
// [−ε, 1 + ε]ⁿ, ε = margin, after the scaling that maps the columns of X
// onto [0, 1] with their minimum and maximum (Section 8 of Colbert & Peet
// 2020): the kernel of a Learner fitted on X and of Library's kernels.
func marginKernel(X mat.Matrix, d int, margin float64) Kernel {
	shift, scale := minMaxScaling(X)
	_, n := X.Dims()
	lower, upper := make([]float64, n), make([]float64, n)
	for j := range lower {
		lower[j], upper[j] = -margin, 1+margin
	}
	return Kernel{TK: kernel.TK{Degree: d, Lower: lower, Upper: upper}, Shift: shift, Scale: scale}
}

// minMaxScaling returns the shift and scale mapping each column of X onto
// [0, 1] (a constant column is shifted to 0).
func minMaxScaling(X mat.Matrix) (shift, scale []float64) {
	n, d := X.Dims()
	shift, scale = make([]float64, d), make([]float64, d)
	for j := 0; j < d; j++ {
		lo, hi := math.Inf(1), math.Inf(-1)
		for i := 0; i < n; i++ {
			v := X.At(i, j)
			lo, hi = min(lo, v), max(hi, v)
		}
		shift[j], scale[j] = lo, 1
		if hi > lo {
			scale[j] = hi - lo
		}
	}
	return shift, scale
}
