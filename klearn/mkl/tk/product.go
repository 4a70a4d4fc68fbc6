package tk

import (
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/parallel"
)

// axpyRound sets y_i ← y_i + (a·x_i rounded) for i < len(x) ≤ len(y): each
// product rounded before it is added, never fused (the conversion
// float64(·) forbids fusing in the Go loop; the AVX2 kernel multiplies then
// adds), so the result is the same on every machine and GOAMD64 level.
func axpyRound(a float64, x, y []float64) {
	y = y[:len(x)]
	if haveAVX2 && len(x) > 0 {
		axpyRoundAVX2(a, &x[0], &y[0], len(x))
		return
	}
	for i, v := range x {
		y[i] += float64(a * v)
	}
}

// productRows is the number of rows of T a task of libraryProduct takes,
// and productInner the inner indices it runs through for each row before
// the next (so that those rows of Pm stay in the cache).
const (
	productRows  = 64
	productInner = 64
)

// libraryProduct returns C = T·Pm with the arithmetic of gonum's product
// (mat.Dense.Mul, its dgemm loop): every entry is C[e, s] = Σ_p T[e, p]·
// Pm[p, s] with p in increasing order, from 0, each product rounded before
// it is added, the terms with T[e, p] = 0 skipped; so the result is
// bit-identical to gonum's, with the additions four at a time (AVX2) where
// gonum's kernel takes two. Blocks of rows run in parallel, each row in one
// task, so the result does not depend on GOMAXPROCS.
func libraryProduct(T, Pm *mat.Dense) *mat.Dense {
	rows, np := T.Dims()
	_, L := Pm.Dims()
	t, pm := T.RawMatrix(), Pm.RawMatrix()
	C := make([]float64, rows*L)
	parallel.Blocks(rows, productRows, func(lo, hi int) {
		for p0 := 0; p0 < np; p0 += productInner {
			p1 := min(np, p0+productInner)
			for e := lo; e < hi; e++ {
				c := C[e*L : (e+1)*L]
				trow := t.Data[e*t.Stride : e*t.Stride+np]
				for p := p0; p < p1; p++ {
					if v := trow[p]; v != 0 {
						axpyRound(v, pm.Data[p*pm.Stride:p*pm.Stride+L], c)
					}
				}
			}
		}
	})
	return mat.NewDense(rows, L, C)
}
