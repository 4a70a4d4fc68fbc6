package klearn

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// EigenSym returns the eigenvalues of the symmetric matrix K in ascending
// order and, if vectors is set, its eigenvectors as the columns of V. It is
// gonum's EigenSym made safe for any finite scale: gonum's port of LAPACK
// panics where LAPACK rescales itself (a matrix whose largest entry lies
// outside about [1e−120, 1e120]), so K is first scaled by an exact power of
// two into [2⁻⁴⁰⁰, 2⁴⁰⁰] and the eigenvalues scaled back. A zero matrix has
// zero eigenvalues and the identity as eigenvectors. ok is false when K is
// nil, holds a NaN or ±Inf, or the decomposition fails; every eigenvalue
// decomposition in klearn goes through it.
func EigenSym(K mat.Symmetric, vectors bool) (vals []float64, V *mat.Dense, ok bool) {
	if IsNilMatrix(K) {
		return nil, nil, false
	}
	n := K.SymmetricDim()
	var amax float64
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			v := K.At(i, j)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, nil, false
			}
			amax = math.Max(amax, math.Abs(v))
		}
	}
	if n == 0 {
		return nil, nil, false
	}
	if amax == 0 {
		V = mat.NewDense(n, n, nil)
		for i := 0; i < n; i++ {
			V.Set(i, i, 1)
		}
		return make([]float64, n), V, true
	}
	var e int
	if amax < 0x1p-400 || amax > 0x1p400 {
		_, e = math.Frexp(amax)
		S := mat.NewSymDense(n, nil)
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				S.SetSym(i, j, math.Ldexp(K.At(i, j), -e))
			}
		}
		K = S
	}
	var es mat.EigenSym
	if !factorize(&es, K, vectors) && (vectors || !factorize(&es, K, true)) {
		return nil, nil, false
	}
	vals = es.Values(nil)
	for i := range vals {
		vals[i] = math.Ldexp(vals[i], e)
	}
	if vectors {
		V = new(mat.Dense)
		es.VectorsTo(V)
	}
	return vals, V, true
}

// factorize is es.Factorize(K, vectors), false where gonum panics: its
// Dsterf (the eigenvalues-only path) rescales a split-off block of the
// tridiagonal form with a wrong leading dimension when that block's norm is
// below about 1e−120, which no scaling of K can rule out. EigenSym then
// retries with vectors (the Dsteqr path, which has handled every such
// matrix the fuzz targets found) and fails only if both paths panic.
func factorize(es *mat.EigenSym, K mat.Symmetric, vectors bool) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return es.Factorize(K, vectors)
}
