package hpk

import (
	"fmt"
	"math"
	"sync"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/internal/symrows"
	"gonum.org/v1/gonum/mat"
)

// HornerSource returns a lazy GramSource over the family given the cosine
// Gram matrix K1, as Source does (same checks, same members from Each),
// whose weighted sums and quadratic forms (AddPoly, PowerQuads; EasyMKL's
// steps 1–3 use them) are formed per entry of K1 in one pass without the
// members' rows: Σ_s w_s K_s is the polynomial Σ_d c_d t^d of t = (K1)_ij
// (c_d = w_{d−MinDegree}, 0 below MinDegree) evaluated by Horner's rule,
// p ← c_D, p ← p·t + c_d for d = D−1 … 0, one fused multiply-add per
// degree (D per entry instead of Source's product and multiply-add per
// member, with no row of K_d written); vᵀK_s v accumulates Σ_j t_j^d v_j for every d
// in sixteen lanes. The members are those of Eq. (12) of Donini & Aiolli
// (2017), K_d = K_1^{∘d}, so the results agree with Source's to rounding
// (Horner's rule with non-negative weights and |t| ≤ 1: within 2(D+1)
// units in the last place of Σ_d |c_d| |t|^d per entry), not bit for bit. They are
// deterministic: the same bits for any GOMAXPROCS, and with or without the
// AVX2/FMA kernels (every product-sum is a fused multiply-add in both).
func (f Family) HornerSource(K1 *mat.SymDense) (mkl.GramSource, error) {
	src, err := f.Source(K1)
	if err != nil {
		return nil, err
	}
	return hornerGrams{src.(hpkGrams), &fullCos{}}, nil
}

// hornerGrams is the source of HornerSource: hpkGrams' members, with its
// sums and quadratic forms by Horner's rule, and the weighted sums as
// matrices of rows (PolyMatrix) read from a full copy of K1.
type hornerGrams struct {
	hpkGrams
	full *fullCos
}

// fullCos is K1 with both triangles stored (row-major n×n), made on first
// use: row i of a PolyMatrix is then read in order.
type fullCos struct {
	once sync.Once
	data []float64
}

// rows returns the full copy of the cosine matrix.
func (h hornerGrams) rows() []float64 {
	h.full.once.Do(func() {
		n := h.k1.SymmetricDim()
		k1 := h.k1.RawSymmetric()
		d := make([]float64, n*n)
		// Row i's upper part, then its mirror in column i.
		parallel.For((n+mirrorRows-1)/mirrorRows, func(b int) {
			for i := b * mirrorRows; i < min(b*mirrorRows+mirrorRows, n); i++ {
				copy(d[i*n+i:i*n+n], k1.Data[i*k1.Stride+i:i*k1.Stride+n])
			}
		})
		mirror(d, n, n)
		h.full.data = d
	})
	return h.full.data
}

// mirrorRows is the number of rows of a block of mirror.
const mirrorRows = 64

// mirror copies the upper triangle of the n×n row-major matrix a (row
// stride ld) into its lower triangle, so that a row of a symmetric matrix
// can be read whole (the solvers of klearn/svm read the rows of a Gram
// matrix holding both triangles without transposing). The rows run in
// blocks of mirrorRows on parallel workers, each block tile by tile
// (mirrorRows × mirrorRows), so that the column reads of a tile stay in
// the cache lines of its mirrorRows source rows.
func mirror(a []float64, n, ld int) {
	parallel.For((n+mirrorRows-1)/mirrorRows, func(b int) {
		i0, i1 := b*mirrorRows, min(b*mirrorRows+mirrorRows, n)
		for j0 := 0; j0 < i1; j0 += mirrorRows {
			for i := i0; i < i1; i++ {
				for j := j0; j < min(j0+mirrorRows, i); j++ {
					a[i*ld+j] = a[j*ld+i]
				}
			}
		}
	})
}

// PolyMatrix returns Σ_s w_s K_s as an n×n symmetric matrix whose entries
// are computed when read, K_ij = 0 + p((K1)_ij) by Horner's rule (the bits
// AddPoly writes into a zeroed matrix), with rows gathered in one pass
// (Gather, opt.SymRows): KOMD's solver copies it without a K_η being
// formed. It reads a full copy of K1 (n² values, made once per source).
// w must not change while the matrix is used.
func (h hornerGrams) PolyMatrix(w []float64) mat.Symmetric {
	return polyMatrix{n: h.k1.SymmetricDim(), full: h.rows(), c: coeffs(h.f, w)}
}

// polyMatrix is the matrix of PolyMatrix.
type polyMatrix struct {
	n    int
	full []float64
	c    []float64
}

func (m polyMatrix) Dims() (int, int)  { return m.n, m.n }
func (m polyMatrix) SymmetricDim() int { return m.n }
func (m polyMatrix) T() mat.Matrix     { return m }
func (m polyMatrix) At(i, j int) float64 {
	if uint(i) >= uint(m.n) || uint(j) >= uint(m.n) {
		panic(mat.ErrIndexOutOfRange)
	}
	x := []float64{m.full[i*m.n+j]}
	hornerSet(m.c, x)
	return x[0]
}

// Gather sets dst[k] = At(i, cols[k]) for every k.
func (m polyMatrix) Gather(i int, cols []int, dst []float64) {
	row := m.full[i*m.n : i*m.n+m.n]
	dst = dst[:len(cols)]
	for k, j := range cols {
		dst[k] = row[j]
	}
	hornerSet(m.c, dst)
}

// Combine returns Σ_s w_s K_s of the family on the cosine matrix K1 by
// Horner's rule (as HornerSource's AddPoly), in a new matrix holding both
// triangles (the lower one a copy of the upper): K_D
// (w = e_D, WeightsSingle) is bit-identical to Source's member, since
// p·t + 0 is the product p·t; other weights agree with
// mkl.CombineSource over Source to rounding (HornerSource). It reads K1
// once (mkl.CombineSource sweeps an n×n buffer 2(D−MinDegree)+1 times).
// Errors: those of Source, ErrShape (len(w) ≠ Len()), ErrNotFinite.
func (f Family) Combine(K1 *mat.SymDense, w []float64) (*mat.SymDense, error) {
	src, err := f.HornerSource(K1)
	if err != nil {
		return nil, err
	}
	if err := klearn.CheckVector("hpk: Combine: weights", w); err != nil {
		return nil, err
	}
	if len(w) != f.Len() {
		return nil, klearn.Errorf(klearn.ErrShape, "hpk: Combine: %d weights for %d kernels", len(w), f.Len())
	}
	n := K1.SymmetricDim()
	K := mat.NewSymDense(n, nil)
	src.(hornerGrams).AddPoly(K, w)
	raw := K.RawSymmetric()
	mirror(raw.Data, n, raw.Stride)
	if _, err := klearn.CheckGram(K, n); err != nil {
		return nil, klearn.Errorf(err, "hpk: Combine: the weighted sum")
	}
	return K, nil
}

// HornerCrossSource returns a lazy CrossSource over the family given the
// test×train cosine matrix C1, as CrossSource does (same checks, same
// members from Each), whose products Σ_s w_s K_s u (PolyMulVec; EasyMKL's
// decision values) take one pass over C1: row r is Σ_j p(C1_rj) u_j with
// p(t) = Σ_d c_d t^d by Horner's rule (HornerSource), in a row buffer,
// then a dot product (internal/linalg). The same values as the members'
// products summed over s, to rounding; the same bits for any GOMAXPROCS.
func (f Family) HornerCrossSource(C1 *mat.Dense) (mkl.CrossSource, error) {
	src, err := f.CrossSource(C1)
	if err != nil {
		return nil, err
	}
	return hornerCrosses{src.(hpkCrosses)}, nil
}

// MulCross returns (Σ_s w_s K_s) u for each vector u of us, the members
// K_s of the family on the test×train cosine matrix C1, without forming
// the test×train kernel: row r of a product is Σ_j p(C1_rj) u_j with
// p(t) = Σ_s w_s t^{s+MinDegree} by Horner's rule, each row's values
// formed once for all the vectors (for one vector, the bits of
// HornerCrossSource's products). A kernel machine's decision values on
// the test rows are such a product with u its signed dual coefficients
// (y_iα_i of an SVM, y_iγ_i of KOMD), plus its bias. The same bits for any
// GOMAXPROCS; C1, w and us are not modified.
// Errors: those of CrossSource, ErrEmpty (no vector), ErrShape (len(w) ≠
// Len(), or a vector whose length is not the number of columns of C1),
// ErrNotFinite (w or a vector).
func (f Family) MulCross(C1 *mat.Dense, w []float64, us ...[]float64) ([][]float64, error) {
	src, err := f.HornerCrossSource(C1)
	if err != nil {
		return nil, err
	}
	if len(w) != f.Len() {
		return nil, klearn.Errorf(klearn.ErrShape, "hpk: MulCross: %d weights for %d kernels", len(w), f.Len())
	}
	if err := klearn.CheckVector("hpk: MulCross: weights", w); err != nil {
		return nil, err
	}
	_, n := C1.Dims()
	if err := checkVectors("MulCross", n, us); err != nil {
		return nil, err
	}
	return src.(hornerCrosses).polyMulVecs(w, us), nil
}

// checkVectors checks the vectors us of a product with a matrix of n
// columns: at least one, each of length n and finite.
func checkVectors(fn string, n int, us [][]float64) error {
	if len(us) == 0 {
		return klearn.Errorf(klearn.ErrEmpty, "hpk: %s: no vector", fn)
	}
	for k, u := range us {
		if len(u) != n {
			return klearn.Errorf(klearn.ErrShape, "hpk: %s: vector %d has %d entries, the matrix %d columns", fn, k, len(u), n)
		}
		if err := klearn.CheckVector(fmt.Sprintf("hpk: %s: vector %d", fn, k), u); err != nil {
			return err
		}
	}
	return nil
}

// rowProducts returns, for each vector u of us, Σ_j v_rj u_j for every
// row r of the r × n row-major matrix c (row stride ld), where fill(row,
// buf) writes the values v_r· of a row into buf: the rows in blocks of 16
// on parallel workers, each with its own buffer, one row's values formed
// once for all the vectors (linalg.Dot per vector: the same bits for any
// GOMAXPROCS).
func rowProducts(c []float64, r, n, ld int, us [][]float64, fill func(row, buf []float64)) [][]float64 {
	out := make([][]float64, len(us))
	for k := range out {
		out[k] = make([]float64, r)
	}
	workers := parallel.Workers()
	bufs := make([][]float64, workers)
	const block = 16
	parallel.ForWorkers(workers, (r+block-1)/block, func(wk, b int) {
		if bufs[wk] == nil {
			bufs[wk] = make([]float64, n)
		}
		buf := bufs[wk]
		for i := b * block; i < min((b+1)*block, r); i++ {
			fill(c[i*ld:i*ld+n], buf)
			for k, u := range us {
				out[k][i] = linalg.Dot(buf, u)
			}
		}
	})
	return out
}

// hornerCrosses is the source of HornerCrossSource.
type hornerCrosses struct{ hpkCrosses }

// PolyMulVec returns Σ_s w_s K_s u (len(w) = Len(), len(u) the number of
// columns), row by row (HornerCrossSource).
func (h hornerCrosses) PolyMulVec(w, u []float64) []float64 {
	return h.polyMulVecs(w, [][]float64{u})[0]
}

// polyMulVecs is PolyMulVec for each vector of us, each row's p(C1_r·)
// formed once (rowProducts).
func (h hornerCrosses) polyMulVecs(w []float64, us [][]float64) [][]float64 {
	c := coeffs(h.f, w)
	r, n := h.c1.Dims()
	c1 := h.c1.RawMatrix()
	return rowProducts(c1.Data, r, n, c1.Stride, us, func(row, buf []float64) {
		clear(buf)
		hornerRow(c, row, buf)
	})
}

// coeffs returns the coefficients c_0 … c_D of Σ_s w_s t^{s+MinDegree}.
func coeffs(f Family, w []float64) []float64 {
	c := make([]float64, f.D+1)
	copy(c[f.MinDegree:], w)
	return c
}

// AddPoly adds Σ_s w_s K_s to the upper triangle of dst, each entry
// p((K1)_ij) by Horner's rule (hornerRow), row-parallel.
func (h hornerGrams) AddPoly(dst *mat.SymDense, w []float64) {
	c := coeffs(h.f, w)
	n := dst.SymmetricDim()
	d := dst.RawSymmetric()
	k1 := h.k1.RawSymmetric()
	symrows.Rows(n, func(i int) {
		hornerRow(c, k1.Data[i*k1.Stride+i:i*k1.Stride+n], d.Data[i*d.Stride+i:i*d.Stride+n])
	})
}

// PowerQuads returns q_s = vᵀK_s v for every member: row i contributes
// v_i (K_ii^d v_i + 2 Σ_{j>i} K_ij^d v_j) (symrows.RowQuad's form), the
// sums over j for all d at once (powDots), the rows' parts summed in
// order of i (symrows.SumParts).
func (h hornerGrams) PowerQuads(v []float64) []float64 {
	n, D, m := h.k1.SymmetricDim(), h.f.D, h.f.MinDegree
	R := h.f.Len()
	k1 := h.k1.RawSymmetric()
	part := make([]float64, R*n) // part[s·n+i]: row i's share of vᵀK_s v
	symrows.Rows(n, func(i int) {
		row := k1.Data[i*k1.Stride+i : i*k1.Stride+n]
		t := make([]float64, D+1)
		acc := make([]float64, 16*(D+1))
		powDots(row[1:], v[i+1:], t, acc)
		kii := 1.0 // K_ii^d, as the sweep forms it
		for d := 0; d <= D; d++ {
			if d > 0 {
				kii *= row[0]
			}
			if d >= m {
				part[(d-m)*n+i] = v[i] * (kii*v[i] + 2*t[d])
			}
		}
	})
	return symrows.SumParts(part, R, n)
}

// hornerRow sets dst_j ← dst_j + p(x_j), p(t) = Σ_{d=0}^{D} c_d t^d by
// Horner's rule with fused multiply-adds: p ← c_D, p ← fma(p, t, c_d) for
// d = D−1 … 0 (len(c) = D+1 ≥ 1, len(dst) ≥ len(x)). Each entry is
// independent, so the AVX2/FMA kernel and the Go loop give the same bits.
func hornerRow(c, x, dst []float64) { horner(c, x, dst, 1) }

// hornerSet sets x_j ← 0 + p(x_j) in place: the bits hornerRow gives on a
// zeroed dst.
func hornerSet(c, x []float64) { horner(c, x, x, 0) }

// horner is hornerRow (add = 1) and hornerSet (add = 0, x may be dst).
func horner(c, x, dst []float64, add int) {
	dst = dst[:len(x)]
	j := 0
	if haveHornerFMA && len(x) >= 16 {
		j = len(x) &^ 15
		hornerFMA(&c[0], len(c), &x[0], &dst[0], j, add)
	}
	top := len(c) - 1
	for ; j < len(x); j++ {
		t, p := x[j], c[top]
		for d := top - 1; d >= 0; d-- {
			p = math.FMA(p, t, c[d])
		}
		a := 0.0
		if add != 0 {
			a = dst[j]
		}
		dst[j] = a + p
	}
}

// powDots sets t_d = Σ_j x_j^d v_j for d = 0 … len(t)−1 (len(v) ≥
// len(x)), with x_j^d formed as the sweep forms it (1, then a product per
// degree) and each term added by a fused multiply-add: element j goes to
// lane j mod 16 of acc (16 lanes per degree, len(acc) = 16·len(t)) for
// the first len(x) − len(x) mod 16 elements, the lanes are combined as
// dotGo combines its lanes (internal/linalg), and the remaining elements
// are fused into t in order. The AVX2/FMA kernel sums in the same order.
func powDots(x, v, t, acc []float64) {
	v = v[:len(x)]
	nd := len(t)
	clear(acc[:16*nd])
	j := len(x) &^ 15
	if j > 0 {
		if haveHornerFMA {
			powDotsFMA(&x[0], &v[0], j, nd, &acc[0])
		} else {
			powDotsGo(x[:j], v[:j], nd, acc)
		}
	}
	for d := range t {
		a := acc[16*d : 16*d+16]
		var l4 [4]float64
		for l := range l4 {
			l4[l] = (a[l] + a[4+l]) + (a[8+l] + a[12+l])
		}
		t[d] = (l4[0] + l4[2]) + (l4[1] + l4[3])
	}
	for ; j < len(x); j++ {
		p := 1.0
		for d := range t {
			if d > 0 {
				p *= x[j]
			}
			t[d] = math.FMA(p, v[j], t[d])
		}
	}
}

// powDotsGo is powDotsFMA in Go: len(x) a multiple of 16, acc[16d + l]
// the lane sums.
func powDotsGo(x, v []float64, nd int, acc []float64) {
	for j := 0; j < len(x); j += 16 {
		xs, vs := (*[16]float64)(x[j:j+16]), (*[16]float64)(v[j:j+16])
		var p [16]float64
		for l := range p {
			p[l] = 1
		}
		for d := 0; d < nd; d++ {
			a := (*[16]float64)(acc[16*d : 16*d+16])
			for l := range p {
				if d > 0 {
					p[l] *= xs[l]
				}
				a[l] = math.FMA(p[l], vs[l], a[l])
			}
		}
	}
}
