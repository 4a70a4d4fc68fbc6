package kernel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// This file holds the pure-Go, cache- and register-blocked products A·Bᵀ
// (and the symmetric X·Xᵀ) behind the fast Gram paths of the dot-product and
// distance kernels.
//
// Layout. Both operands are packed once: A into micro-panels of mr = 2 rows
// stored k-major ([k][2]), B into micro-panels of nr = 4 rows ([k][4]), both
// cut into chunks of at most kcMax columns of the inner dimension and padded
// with zeros (rows to a multiple of mr/nr, chunk length to a multiple of 2).
// The micro-kernel keeps a 2×4 block of C in eight scalar registers and is
// unrolled twice over k; on amd64 without FMA this is the shape that the Go
// register allocator keeps entirely in registers (a 4×4 block spills).
// The output is cut into tiles of tileM × tileN entries handed to
// GOMAXPROCS workers through an atomic counter. Every entry of C is the
// same sequence of floating-point operations whichever worker computes it,
// so results are bit-identical for any GOMAXPROCS.

const (
	mr     = 2
	nr     = 4
	kcMax  = 384
	tileM  = 64  // rows of C per tile (multiple of mr)
	tileN  = 256 // columns of C per tile (multiple of nr)
	minPar = 64  // below this many rows a product runs on one goroutine
)

// rowMajor is a validated, contiguous copy of a data matrix (n×d, stride d).
type rowMajor struct {
	n, d int
	data []float64
}

func (r rowMajor) row(i int) []float64 { return r.data[i*r.d : (i+1)*r.d] }

// packed holds a matrix in micro-panels of width w for every k chunk.
type packed struct {
	w      int   // panel width (mr or nr)
	panels int   // number of panels = ceil(n/w)
	chunks []int // start of every k chunk, plus d at the end
	lens   []int // padded (even) length of every chunk
	data   [][]float64
}

func kChunks(d int) (starts, lens []int) {
	nk := (d + kcMax - 1) / kcMax
	kc := (d + nk - 1) / nk
	for k0 := 0; k0 < d; k0 += kc {
		k1 := min(k0+kc, d)
		starts = append(starts, k0)
		lens = append(lens, (k1-k0+1)&^1)
	}
	starts = append(starts, d)
	return starts, lens
}

// pack copies X into panels of width w (zero padded).
func pack(X rowMajor, w int) *packed {
	p := &packed{w: w, panels: (X.n + w - 1) / w}
	p.chunks, p.lens = kChunks(X.d)
	p.data = make([][]float64, len(p.lens))
	for c, kl := range p.lens {
		k0, k1 := p.chunks[c], p.chunks[c+1]
		buf := make([]float64, p.panels*w*kl)
		for pi := 0; pi < p.panels; pi++ {
			dst := buf[pi*w*kl : (pi+1)*w*kl]
			for r := 0; r < w; r++ {
				i := pi*w + r
				if i >= X.n {
					break
				}
				src := X.data[i*X.d+k0 : i*X.d+k1]
				for k, v := range src {
					dst[k*w+r] = v
				}
			}
		}
		p.data[c] = buf
	}
	return p
}

// panel returns micro-panel pi of chunk c.
func (p *packed) panel(c, pi int) []float64 {
	kl := p.lens[c]
	return p.data[c][pi*p.w*kl : (pi+1)*p.w*kl]
}

// micro2x4 adds the 2×4 block a·bᵀ over kl (even) inner indices to
// c[0:4] (row 0) and c[ldc:ldc+4] (row 1).
func micro2x4(kl int, a, b []float64, c []float64, ldc int) {
	var c00, c01, c02, c03, c10, c11, c12, c13 float64
	a = a[:2*kl]
	b = b[:4*kl]
	j := 0
	for k := 0; k+4 <= len(a); k += 4 {
		aa := (*[4]float64)(a[k : k+4])
		bb := (*[8]float64)(b[j : j+8])
		j += 8
		a0, a1 := aa[0], aa[1]
		b0, b1, b2, b3 := bb[0], bb[1], bb[2], bb[3]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
		a0, a1 = aa[2], aa[3]
		b0, b1, b2, b3 = bb[4], bb[5], bb[6], bb[7]
		c00 += a0 * b0
		c01 += a0 * b1
		c02 += a0 * b2
		c03 += a0 * b3
		c10 += a1 * b0
		c11 += a1 * b1
		c12 += a1 * b2
		c13 += a1 * b3
	}
	r0 := (*[4]float64)(c[0:4])
	r0[0] += c00
	r0[1] += c01
	r0[2] += c02
	r0[3] += c03
	r1 := (*[4]float64)(c[ldc : ldc+4])
	r1[0] += c10
	r1[1] += c11
	r1[2] += c12
	r1[3] += c13
}

// rowFunc post-processes row i of a product in place: seg holds the inner
// products ⟨a_i, b_j⟩ for j = j0 … j0+len(seg)−1 and is overwritten with
// kernel values.
type rowFunc func(i, j0 int, seg []float64)

// product computes C = f(A·Bᵀ) into dst (row-major, stride ldd), where f is
// applied row segment by row segment by post (nil means identity). If sym is
// true, A and B are the same matrix and only entries with j ≥ i are computed
// and written (the caller mirrors them).
func product(A, B rowMajor, sym bool, dst []float64, ldd int, post rowFunc) {
	pa := pack(A, mr)
	var pb *packed
	if sym {
		pb = pack(A, nr)
	} else {
		pb = pack(B, nr)
	}
	m, n := A.n, B.n
	tm := (m + tileM - 1) / tileM
	tn := (n + tileN - 1) / tileN
	type tile struct{ i0, j0 int }
	var tiles []tile
	for ti := 0; ti < tm; ti++ {
		for tj := 0; tj < tn; tj++ {
			i0, j0 := ti*tileM, tj*tileN
			if sym && j0+tileN <= i0 {
				continue // strictly below the diagonal
			}
			tiles = append(tiles, tile{i0, j0})
		}
	}
	workers := runtime.GOMAXPROCS(0)
	if m < minPar {
		workers = 1
	}
	workers = min(workers, len(tiles))
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			buf := make([]float64, tileM*tileN)
			for {
				t := int(next.Add(1)) - 1
				if t >= len(tiles) {
					return
				}
				computeTile(pa, pb, sym, tiles[t].i0, tiles[t].j0, m, n, buf, dst, ldd, post)
			}
		}()
	}
	wg.Wait()
}

func computeTile(pa, pb *packed, sym bool, i0, j0, m, n int, buf, dst []float64, ldd int, post rowFunc) {
	i1 := min(i0+tileM, m)
	j1 := min(j0+tileN, n)
	clear(buf)
	ip0, ip1 := i0/mr, (i1+mr-1)/mr
	jp0, jp1 := j0/nr, (j1+nr-1)/nr
	for c := range pa.lens {
		kl := pa.lens[c]
		for ip := ip0; ip < ip1; ip++ {
			a := pa.panel(c, ip)
			row := (ip - ip0) * mr
			jstart := jp0
			if sym {
				// skip micro-panels entirely left of the diagonal
				jstart = max(jp0, (ip*mr)/nr)
			}
			for jp := jstart; jp < jp1; jp++ {
				micro2x4(kl, a, pb.panel(c, jp), buf[row*tileN+(jp-jp0)*nr:], tileN)
			}
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
		seg := buf[(i-i0)*tileN+(js-j0) : (i-i0)*tileN+(j1-j0)]
		if post != nil {
			post(i, js, seg)
		}
		copy(dst[i*ldd+js:i*ldd+j1], seg)
	}
}

// mirrorUpper copies the upper triangle of the n×n row-major matrix a into
// its lower triangle, in cache-sized blocks.
func mirrorUpper(a []float64, n, lda int) {
	const bs = 64
	parallelFor((n+bs-1)/bs, func(bi int) {
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

// parallelFor runs f(0) … f(count−1) on up to GOMAXPROCS goroutines. Each
// index is processed exactly once by identical code, so the result does not
// depend on scheduling.
func parallelFor(count int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), count)
	if workers <= 1 {
		for i := 0; i < count; i++ {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= count {
					return
				}
				f(i)
			}
		}()
	}
	wg.Wait()
}
