package kernel

import (
	"sync"

	"github.com/kernelab/kernelab/internal/gemm"
	"github.com/kernelab/kernelab/internal/parallel"
	"gonum.org/v1/gonum/mat"
)

// This file holds the cache- and register-blocked products A·Bᵀ
// (and the symmetric X·Xᵀ) behind the fast Gram paths of the dot-product and
// distance kernels.
//
// Layout. Both operands are packed once, k-major, into the micro-panels of
// internal/gemm: A into panels of gemm.MR = 2 rows, B into panels of
// gemm.NR = 4 rows, cut into chunks of at most kcMax columns of the inner
// dimension and zero padded. gemm.MulTile does all the multiply-adds: with
// the 8×8 AVX-512 or 4×8 AVX2/FMA assembly kernel where the CPU has it, else
// with the 2×4 Go micro-kernel gemm.Micro2x4 (see internal/gemm), all in
// the same order per entry (multiply-adds fused in the assembly kernels and
// in GOAMD64=v3 builds). For X·Xᵀ on CPUs with the AVX-512 kernels X is
// packed once, as B panels, and gemm.MulTileShared reads the A rows from
// them, block for block with the same kernels and bits as MulTile.
// Packing runs in parallel blocks of panels into storage reused through a
// sync.Pool.
//
// Blocking. The output is cut into tiles of tileM × tileN entries handed to
// GOMAXPROCS workers by internal/parallel; for the symmetric product only
// tiles on or above the diagonal exist, and inside a tile micro-blocks that
// lie entirely below the diagonal are skipped. Inside a tile the loop runs
// over pairs of B micro-panels outermost, so one pair (8 × kc doubles ≤
// 25 KB) stays near L1 while the tile's A micro-panels (tileM × kc doubles
// ≈ 800 KB for d = 784) stream from L2 (1 MB per core on the Zen 4 the
// library is measured on). Tall, narrow tiles (256 × 64) measured ≈ 8%
// faster than 64 × 256 (BENCHMARKS.md, 2026-11-26): each B pair is reused
// by four times as many A panels. Every worker accumulates into its own
// tile buffer and writes its tile's disjoint part of the output.
//
// Determinism. Every entry of C is the same sequence of floating-point
// operations (same packing, same chunk order, same micro-kernel) whichever
// worker computes it, so results are bit-identical for any GOMAXPROCS.

const (
	kcMax  = 400 // longest k chunk (d = 784 gives two chunks of 392)
	tileM  = 256 // rows of C per tile (multiple of gemm.MR)
	tileN  = 64  // columns of C per tile (multiple of gemm.NR)
	minPar = 64  // below this many rows a product runs on one goroutine
)

// rowMajor is a validated, contiguous copy of a data matrix (n×d, stride d).
type rowMajor struct {
	n, d int
	data []float64
}

func (r rowMajor) row(i int) []float64 { return r.data[i*r.d : (i+1)*r.d] }

// rowsOf returns the rows of X for the products, which only read them: the
// storage of a contiguous raw matrix (a *mat.Dense whose stride is its
// width) without a copy, else rows' copy.
func rowsOf(X mat.Matrix) rowMajor {
	if raw, ok := X.(mat.RawMatrixer); ok {
		b := raw.RawMatrix()
		if b.Stride == b.Cols && len(b.Data) >= b.Rows*b.Cols {
			return rowMajor{n: b.Rows, d: b.Cols, data: b.Data[:b.Rows*b.Cols]}
		}
	}
	return rows(X)
}

// kChunks cuts the inner dimension d into nearly equal chunks of at most
// kcMax indices, chunk c being starts[c] … starts[c+1]−1.
func kChunks(d int) (starts []int) {
	nk := (d + kcMax - 1) / kcMax
	kc := (d + nk - 1) / nk
	for k0 := 0; k0 < d; k0 += kc {
		starts = append(starts, k0)
	}
	return append(starts, d)
}

// pack packs X chunk by chunk into micro-panels of gemm.MR (GroupA) or
// gemm.NR (GroupB) rows, blocks of packBlock panels in parallel, into
// *store's storage (grown if needed; every entry is overwritten, padding
// included, so reused storage gives the same panels).
func pack[G gemm.Group](X rowMajor, store *[]G) []gemm.Panels[G] {
	const packBlock = 64
	var g G
	w := len(g) / gemm.KU
	np := (X.n + w - 1) / w
	starts := kChunks(X.d)
	total := 0
	for c := 0; c+1 < len(starts); c++ {
		total += np * ((starts[c+1] - starts[c] + gemm.KU - 1) / gemm.KU)
	}
	if cap(*store) < total {
		*store = make([]G, total)
	}
	buf := (*store)[:total]
	p := make([]gemm.Panels[G], len(starts)-1)
	for c := range p {
		p[c] = gemm.NewPanels(buf, X.n, starts[c+1]-starts[c])
		buf = buf[len(p[c].Data):]
	}
	parallel.Blocks(np, packBlock, func(lo, hi int) {
		for c := range p {
			gemm.PackRowsAt(p[c], lo, hi, X.data, X.n, X.d, starts[c], starts[c+1])
		}
	})
	return p
}

// scratch is the reusable storage of one product: the packed operands and
// the workers' tile buffers. Products draw it from scratchPool, so products
// between two garbage collections reuse it instead of allocating (zeroing
// and faulting in) fresh storage.
type scratch struct {
	a    []gemm.GroupA
	b    []gemm.GroupB
	bufs [][]float64
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// rowFunc post-processes row i of a product in place: seg holds the inner
// products ⟨a_i, b_j⟩ for j = j0 … j0+len(seg)−1 and is overwritten with
// kernel values. In a symmetric product seg may start up to 7 columns left
// of the diagonal (j0 < i); those values are discarded.
type rowFunc func(i, j0 int, seg []float64)

// product computes C = f(A·Bᵀ) into dst (row-major, stride ldd), where f is
// applied row segment by row segment by post (nil means identity). If sym is
// true, A and B are the same matrix and only entries with j ≥ i are computed
// and written; with mirror as well, each tile also writes the transpose of
// its part of the upper triangle into the lower one (while the tile is in
// cache), so dst ends up the full symmetric matrix.
func product(A, B rowMajor, sym, mirror bool, dst []float64, ldd int, post rowFunc) {
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	var pa []gemm.Panels[gemm.GroupA]
	if sym {
		B = A
	}
	if !sym || !gemm.SharedPanels() { // else X·Xᵀ packs X once (gemm.MulTileShared)
		pa = pack(A, &sc.a)
	}
	pb := pack(B, &sc.b)
	m, n := A.n, B.n
	tiles := gemm.Tiles(m, n, tileM, tileN, sym)
	workers := 0 // GOMAXPROCS
	if m < minPar {
		workers = 1
	}
	for len(sc.bufs) < min(max(workers, parallel.Workers()), len(tiles)) {
		sc.bufs = append(sc.bufs, nil)
	}
	bufs := sc.bufs
	parallel.ForWorkers(workers, len(tiles), func(w, t int) {
		if bufs[w] == nil {
			bufs[w] = make([]float64, tileM*tileN)
		}
		computeTile(pa, pb, sym, sym && mirror, tiles[t].I0, tiles[t].J0, m, n, bufs[w], dst, ldd, post)
	})
}

func computeTile(pa []gemm.Panels[gemm.GroupA], pb []gemm.Panels[gemm.GroupB], sym, mirror bool, i0, j0, m, n int, buf, dst []float64, ldd int, post rowFunc) {
	i1 := min(i0+tileM, m)
	j1 := min(j0+tileN, n)
	clear(buf)
	ip0, ip1, jp0, jp1 := i0/gemm.MR, (i1+gemm.MR-1)/gemm.MR, j0/gemm.NR, (j1+gemm.NR-1)/gemm.NR
	for c := range pb {
		if pa == nil {
			gemm.MulTileShared(pb[c], ip0, ip1, jp0, jp1, sym, buf, tileN)
		} else {
			gemm.MulTile(pa[c], pb[c], ip0, ip1, jp0, jp1, sym, buf, tileN)
		}
	}
	for i := i0; i < i1; i++ {
		js := j0
		if sym {
			js = max(j0, i)
		}
		if js >= j1 {
			continue
		}
		// The map starts at a multiple of 8 columns into the tile, so that
		// vector post-processing (gemm.ExpDist) runs on whole groups; the
		// few entries below the diagonal it maps are not written out.
		ps := j0 + (js-j0)&^7
		seg := buf[(i-i0)*tileN+(ps-j0) : (i-i0)*tileN+(j1-j0)]
		if post != nil {
			post(i, ps, seg)
		}
		copy(dst[i*ldd+js:i*ldd+j1], seg[js-ps:])
	}
	if !mirror {
		return
	}
	// Entry (j, i) of the lower triangle, j > i, is entry (i, j) of the
	// upper one: row j of dst gets column j−j0 of the tile's rows i0 … j−1,
	// in 8×8 blocks so that the eight lines of buf a block reads stay in L1.
	const bs = 8
	for jb := j0; jb < j1; jb += bs {
		je := min(jb+bs, j1)
		for ib := i0; ib < min(i1, je-1); ib += bs {
			for j := max(jb, ib+1); j < je; j++ {
				ie := min(ib+bs, i1, j)
				row := dst[j*ldd+ib : j*ldd+ie]
				col := buf[(ib-i0)*tileN+j-j0:]
				for r := range row {
					row[r] = col[r*tileN]
				}
			}
		}
	}
}

// mirrorUpper copies the upper triangle of the n×n row-major matrix a into
// its lower triangle, in cache-sized blocks.
func mirrorUpper(a []float64, n, lda int) {
	const bs = 64
	parallel.For((n+bs-1)/bs, func(bi int) {
		i0 := bi * bs
		i1 := min(i0+bs, n)
		for j0 := 0; j0 <= i0; j0 += bs {
			j1 := min(j0+bs, n)
			for i := i0; i < i1; i++ {
				for j := j0; j < min(j1, i); j++ {
					a[i*lda+j] = a[j*lda+i]
				}
			}
		}
	})
}
