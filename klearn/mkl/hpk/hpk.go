package hpk

import (
	"math"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/internal/symrows"
	"gonum.org/v1/gonum/mat"
)

// Family is the family K_D = {k_0, …, k_D} of normalised homogeneous
// polynomial kernels (Section 4 of Donini & Aiolli 2017):
//
//	k_d(x, z) = (⟨x, z⟩ / (‖x‖ ‖z‖))^d,   d = 0, …, D,
//
// with k_0 ≡ 1 (0⁰ = 1, K_0 = 11ᵀ). Every member has unit diagonal, and the
// Gram matrices are computed incrementally, K_{d+1} = K_d ∘ K_1 (Eq. (12)),
// one O(L²) Hadamard product per degree. A zero row has cosine 0 with every
// other row and 1 with itself.
//
// Grams and Crosses materialise the whole family; Source and CrossSource
// sweep it lazily from the cosine matrix K_1 with O(L²) extra memory, which
// is what EasyMKL needs on MNIST-sized data (Section 5.5). If MinDegree > 0
// the family starts at that degree (k_MinDegree, …, k_D), e.g. MinDegree = 1
// gives MKLpy's HPK degrees 1…10.
type Family struct {
	// D is the largest degree; D ≥ MinDegree ≥ 0.
	D int
	// MinDegree is the smallest degree (0 by default: the paper's K_D
	// starts with the constant kernel k_0).
	MinDegree int
}

// Len returns the number of kernels, D − MinDegree + 1.
func (f Family) Len() int { return f.D - f.MinDegree + 1 }

// Degrees returns the degrees MinDegree, …, D of the members in order.
func (f Family) Degrees() []int {
	d := make([]int, 0, f.Len())
	for s := f.MinDegree; s <= f.D; s++ {
		d = append(d, s)
	}
	return d
}

func (f Family) Validate() error {
	if f.MinDegree < 0 || f.D < f.MinDegree {
		return klearn.Errorf(klearn.ErrParam, "hpk: Family needs 0 ≤ MinDegree ≤ D, have MinDegree=%d D=%d", f.MinDegree, f.D)
	}
	return checkDegree("Family", f.D)
}

// CosineGram returns the cosine (normalised linear) Gram matrix
// K_ij = ⟨x_i, x_j⟩/(‖x_i‖‖x_j‖) of the rows of X, the degree-1 member of
// Family. Errors: ErrEmpty, ErrNotFinite.
func CosineGram(X mat.Matrix) (*mat.SymDense, error) {
	n, d, err := klearn.CheckMatrix("hpk: X", X)
	if err != nil {
		return nil, err
	}
	if err := klearn.CheckAlloc("hpk: CosineGram's n×n matrix", 8, n, n); err != nil {
		return nil, err
	}
	// X·Xᵀ of the unit rows on the packed parallel product of klearn/kernel.
	K := kernel.Linear{}.Gram(mat.NewDense(n, d, unitRows(X, n, d)))
	raw := K.RawSymmetric()
	symrows.Rows(n, func(i int) {
		row := raw.Data[i*raw.Stride+i : i*raw.Stride+n]
		row[0] = 1
		for j := 1; j < len(row); j++ {
			row[j] = clampCos(row[j])
		}
	})
	return K, nil
}

// CosineCross returns the test×train cosine matrix
// C_ij = ⟨a_i, b_j⟩/(‖a_i‖‖b_j‖) (rows of A against rows of B).
// Errors: ErrEmpty, ErrNotFinite, ErrShape (different column counts).
func CosineCross(A, B mat.Matrix) (*mat.Dense, error) {
	na, nb, d, err := checkCrossInputs("CosineCross", A, B)
	if err != nil {
		return nil, err
	}
	UA := mat.NewDense(na, d, unitRows(A, na, d))
	UB := mat.NewDense(nb, d, unitRows(B, nb, d))
	C := mat.NewDense(na, nb, nil)
	C.Mul(UA, UB.T())
	raw := C.RawMatrix()
	for i := 0; i < na; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+nb]
		for j := range row {
			row[j] = clampCos(row[j])
		}
	}
	return C, nil
}

// checkCrossInputs validates the inputs A (test rows) and B (training rows)
// of a cross kernel and returns their row counts and common column count.
// Errors: ErrEmpty, ErrNotFinite, ErrShape (different column counts).
func checkCrossInputs(what string, A, B mat.Matrix) (na, nb, d int, err error) {
	na, da, err := klearn.CheckMatrix("hpk: A", A)
	if err != nil {
		return 0, 0, 0, err
	}
	nb, db, err := klearn.CheckMatrix("hpk: B", B)
	if err != nil {
		return 0, 0, 0, err
	}
	if da != db {
		return 0, 0, 0, klearn.Errorf(klearn.ErrShape, "hpk: %s: A has %d columns, B has %d", what, da, db)
	}
	if err := klearn.CheckAlloc("hpk: "+what+"'s cross matrix", 8, na, nb); err != nil {
		return 0, 0, 0, err
	}
	return na, nb, da, nil
}

func clampCos(v float64) float64 { return math.Max(-1, math.Min(1, v)) }

// unitRows returns X with every non-zero row scaled to unit norm, row-major.
// A row whose sum of squares overflows or underflows (entries beyond 1e±154)
// is first divided by its largest |entry|, so the cosine stays
// scale-invariant; other rows take the direct path, bit for bit.
func unitRows(X mat.Matrix, n, d int) []float64 {
	out := make([]float64, n*d)
	row := make([]float64, d)
	for i := 0; i < n; i++ {
		mat.Row(row, i, X)
		var s float64
		for _, v := range row {
			s += v * v
		}
		if math.IsInf(s, 0) || s < 0x1p-960 {
			var amax float64
			for _, v := range row {
				amax = math.Max(amax, math.Abs(v))
			}
			if amax == 0 {
				continue
			}
			s = 0
			for j, v := range row {
				row[j] = v / amax
				s += row[j] * row[j]
			}
		}
		if s > 0 {
			inv := 1 / math.Sqrt(s)
			for j, v := range row {
				out[i*d+j] = v * inv
			}
		}
	}
	return out
}

// Grams returns the normalised HPK Gram matrices k_MinDegree … k_D of the
// rows of X (K_{d+1} = K_d ∘ K_1, Eq. (12) of Donini & Aiolli 2017). The
// matrices are allocated concurrently (their zeroing is the first touch of
// fresh memory, the main cost in a process with a large heap) and filled
// row by row in parallel, every row of every degree by one goroutine with
// the same products as Source, so they are bit-identical to Source's
// matrices for any GOMAXPROCS. Only their upper triangles are written (a
// SymDense reads nothing else).
func (f Family) Grams(X mat.Matrix) ([]*mat.SymDense, error) {
	K1, err := CosineGram(X)
	if err != nil {
		return nil, err
	}
	if err := f.Validate(); err != nil {
		return nil, err
	}
	n := K1.SymmetricDim()
	if err := klearn.CheckAlloc("hpk: Family.Grams of the whole family", 8, f.Len(), n, n); err != nil {
		return nil, err
	}
	out := make([]*mat.SymDense, f.Len())
	parallel.For(len(out), func(s int) { out[s] = mat.NewSymDense(n, nil) })
	k1 := K1.RawSymmetric()
	const block = 32
	blocks := (n + block - 1) / block
	if n < 256 {
		blocks = 1
	}
	per := (n + blocks - 1) / blocks
	workers := parallel.Workers()
	rows := make([][]float64, workers) // per worker: row i of K_d, d = 0, 1, …
	for w := range rows {
		rows[w] = make([]float64, n)
	}
	parallel.ForWorkers(workers, blocks, func(w, b int) {
		for i := b * per; i < min((b+1)*per, n); i++ {
			// Row i of K_d for d = 0, 1, …: in the output matrix for
			// d ≥ MinDegree, else in the worker's scratch row.
			row := func(d int) []float64 {
				if d < f.MinDegree {
					return rows[w][:n-i]
				}
				dst := out[d-f.MinDegree].RawSymmetric()
				return dst.Data[i*dst.Stride+i : i*dst.Stride+n]
			}
			prev := row(0)
			for j := range prev {
				prev[j] = 1 // K_0 = 11ᵀ
			}
			src := k1.Data[i*k1.Stride+i : i*k1.Stride+n]
			for d := 1; d <= f.D; d++ {
				c := row(d)
				for j, v := range src {
					c[j] = prev[j] * v
				}
				prev = c
			}
		}
	})
	return out, nil
}

// Crosses returns the test×train normalised HPK matrices k_d(a_i, b_j),
// d = MinDegree … D.
func (f Family) Crosses(A, B mat.Matrix) ([]*mat.Dense, error) {
	C1, err := CosineCross(A, B)
	if err != nil {
		return nil, err
	}
	src, err := f.CrossSource(C1)
	if err != nil {
		return nil, err
	}
	r, c := C1.Dims()
	if err := klearn.CheckAlloc("hpk: Family.Crosses of the whole family", 8, f.Len(), r, c); err != nil {
		return nil, err
	}
	out := make([]*mat.Dense, 0, f.Len())
	err = src.Each(func(_ int, K *mat.Dense) error {
		out = append(out, mat.DenseCopyOf(K))
		return nil
	})
	return out, err
}

// Source returns a lazy GramSource over the family given the cosine Gram
// matrix K1 (CosineGram, or a SubGram of it in cross-validation). K1 must
// have unit diagonal (to 1e-9; else ErrParam: the family is built on the
// cosine kernel); it is not modified and must not change during a sweep.
// A sweep holds one extra L×L buffer.
func (f Family) Source(K1 *mat.SymDense) (mkl.GramSource, error) {
	if err := f.Validate(); err != nil {
		return nil, err
	}
	if _, err := klearn.CheckGram(K1, -1); err != nil {
		return nil, klearn.Errorf(err, "hpk: Family.Source: K1")
	}
	for i := 0; i < K1.SymmetricDim(); i++ {
		if d := K1.At(i, i); !(math.Abs(d-1) <= 1e-9) {
			return nil, klearn.Errorf(klearn.ErrParam, "hpk: Family.Source: K1[%d,%d] = %v, want a cosine Gram with unit diagonal", i, i, d)
		}
	}
	return hpkGrams{f: f, k1: K1}, nil
}

// CrossSource returns a lazy CrossSource over the family given the
// test×train cosine matrix C1 (CosineCross).
func (f Family) CrossSource(C1 *mat.Dense) (mkl.CrossSource, error) {
	if err := f.Validate(); err != nil {
		return nil, err
	}
	if _, _, err := klearn.CheckMatrix("hpk: Family.CrossSource: C1", C1); err != nil {
		return nil, err
	}
	return hpkCrosses{f: f, c1: C1}, nil
}

type hpkGrams struct {
	f  Family
	k1 *mat.SymDense
}

func (h hpkGrams) Len() int { return h.f.Len() }
func (h hpkGrams) Dim() int { return h.k1.SymmetricDim() }

// Validated marks the source as built from a checked cosine matrix: its
// kernels are finite by construction.
func (hpkGrams) Validated() {}

var (
	_ symrows.Fused       = hpkGrams{}
	_ mkl.ValidatedSource = hpkGrams{}
	_ mkl.ValidatedSource = hpkCrosses{}
)

func (h hpkGrams) Each(fn func(int, *mat.SymDense) error) error {
	if fn == nil {
		return klearn.Errorf(klearn.ErrParam, "hpk: Each with a nil function")
	}
	n := h.k1.SymmetricDim()
	k1 := h.k1.RawSymmetric()
	buf := symrows.Get(n)
	defer symrows.Put(buf)
	b := buf.RawSymmetric()
	// K_0 = 11ᵀ (upper triangle only: SymDense reads nothing else).
	symrows.Rows(n, func(i int) {
		row := b.Data[i*b.Stride+i : i*b.Stride+n]
		for j := range row {
			row[j] = 1
		}
	})
	return h.f.sweep(n, func(i int) {
		row := b.Data[i*b.Stride+i : i*b.Stride+n]
		for j, v := range k1.Data[i*k1.Stride+i : i*k1.Stride+n] {
			row[j] *= v
		}
	}, func(s int) error { return fn(s, buf) })
}

type hpkCrosses struct {
	f  Family
	c1 *mat.Dense
}

// Validated marks the source as built from a checked cosine matrix.
func (hpkCrosses) Validated() {}

func (h hpkCrosses) Len() int         { return h.f.Len() }
func (h hpkCrosses) Dims() (int, int) { return h.c1.Dims() }
func (h hpkCrosses) Each(fn func(int, *mat.Dense) error) error {
	if fn == nil {
		return klearn.Errorf(klearn.ErrParam, "hpk: Each with a nil function")
	}
	r, c := h.c1.Dims()
	c1 := h.c1.RawMatrix()
	buf := mat.NewDense(r, c, nil)
	b := buf.RawMatrix()
	for i := range b.Data {
		b.Data[i] = 1
	}
	return h.f.sweep(r, func(i int) {
		row := b.Data[i*b.Stride : i*b.Stride+c]
		for j, v := range c1.Data[i*c1.Stride : i*c1.Stride+c] {
			row[j] *= v
		}
	}, func(s int) error { return fn(s, buf) })
}

// sweep is the incremental computation K_{d+1} = K_d ∘ K_1 of Eq. (12) of
// Donini & Aiolli (2017) on a buffer holding K_0 = 11ᵀ: for d = 0 … D it
// multiplies the buffer by K_1 (mul(i) updates row i) when d ≥ 1 and calls
// emit(d − MinDegree) when d ≥ MinDegree.
func (f Family) sweep(rows int, mul func(i int), emit func(s int) error) error {
	for d := 0; d <= f.D; d++ {
		if d > 0 {
			symrows.Rows(rows, mul)
		}
		if d >= f.MinDegree {
			if err := emit(d - f.MinDegree); err != nil {
				return err
			}
		}
	}
	return nil
}

// rowsPowers runs f(w, i, row) for every row i, where f is called once per
// member of the family with row the upper part (columns i … n−1) of row i of
// that member, s = 0, 1, … in order; w names the goroutine (per-worker
// scratch). Row i of K_d is built as the sweep builds it: K_0 = 1 and
// K_{d+1} = K_d ∘ K_1, entry by entry, so every row is bit-identical to the
// lazy sweep's.
func (h hpkGrams) rowsPowers(f func(w, s, i int, row []float64)) {
	n := h.k1.SymmetricDim()
	k1 := h.k1.RawSymmetric()
	workers := parallel.Workers()
	scratch := make([][]float64, workers)
	for w := range scratch {
		scratch[w] = make([]float64, n)
	}
	const block = 32
	nb := (n + block - 1) / block
	if n < 256 {
		nb, workers = 1, 1
	}
	per := (n + nb - 1) / nb
	parallel.ForWorkers(workers, nb, func(w, b int) {
		for i := b * per; i < min((b+1)*per, n); i++ {
			row := scratch[w][:n-i]
			for j := range row {
				row[j] = 1
			}
			src := k1.Data[i*k1.Stride+i : i*k1.Stride+n]
			for d := 0; d <= h.f.D; d++ {
				if d > 0 {
					for j, v := range src {
						row[j] *= v
					}
				}
				if d >= h.f.MinDegree {
					f(w, d-h.f.MinDegree, i, row)
				}
			}
		}
	})
}

func (h hpkGrams) AddWeighted(dst *mat.SymDense, w []float64) {
	n := dst.SymmetricDim()
	d := dst.RawSymmetric()
	h.rowsPowers(func(_, s, i int, row []float64) {
		if w[s] != 0 {
			linalg.Axpy(w[s], row, d.Data[i*d.Stride+i:i*d.Stride+n])
		}
	})
}

func (h hpkGrams) Quads(v []float64) []float64 {
	n, R := h.k1.SymmetricDim(), h.f.Len()
	part := make([]float64, R*n) // part[s·n+i]: row i's share of vᵀK_s v
	h.rowsPowers(func(_, s, i int, row []float64) {
		part[s*n+i] = symrows.RowQuad(row, v, i)
	})
	return symrows.SumParts(part, R, n)
}

// CenterOfMass returns W(η) = (1/D) Σ_{s=0}^{D} s·η_s for weights
// η_0 … η_D (Section 5.4 of Donini & Aiolli 2017):
// 0 when all weight is on k_0, 1 when all is on k_D. Errors: ErrShape
// (fewer than two weights), ErrNotFinite.
func CenterOfMass(eta []float64) (float64, error) {
	if len(eta) < 2 {
		return 0, klearn.Errorf(klearn.ErrShape, "hpk: CenterOfMass needs ≥ 2 weights, have %d", len(eta))
	}
	if err := klearn.CheckVector("hpk: eta", eta); err != nil {
		return 0, err
	}
	var w float64
	for s, v := range eta {
		w += float64(s) * v
	}
	return w / float64(len(eta)-1), nil
}
