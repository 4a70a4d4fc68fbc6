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
// Layout. Both operands are packed once, k-major, into micro-panels: A into
// panels of mr = 2 rows, B into panels of nr = 4 rows, cut into chunks of at
// most kcMax columns of the inner dimension and zero padded (rows to a
// multiple of mr/nr, chunk length to a multiple of ku = 4). A panel is stored
// as an array of fixed-size groups, [ku·mr]float64 for A and [ku·nr]float64
// for B, each holding ku consecutive inner indices, so the micro-kernel reads
// both operands sequentially through fixed-size array pointers and the
// compiler emits no bounds checks in its inner loop.
//
// The micro-kernel keeps a 2×4 block of C in eight scalar registers and is
// unrolled ku = 4 times over k: 32 multiply-adds per loop iteration against
// three loop-control instructions. With GOAMD64=v3 this is the largest shape
// the Go register allocator keeps in the 15 usable SSE registers: a 3×4
// block measured ≈ 1.8× slower per multiply-add and a 2×6 block spills
// accumulators because the scheduler hoists its loads. (With GOAMD64=v1 the
// separate MULSD needs register copies and two accumulators spill, yet this
// shape still measured fastest there.)
// Built with GOAMD64=v3 the compiler fuses every c += a·b into one VFMADD231SD
// (the language spec allows fusing x*y + z), which is the main speed-up there;
// the code is the same for every GOAMD64 level.
//
// Blocking. The output is cut into tiles of tileM × tileN entries handed to
// GOMAXPROCS workers through an atomic counter; for the symmetric product only
// tiles on or above the diagonal exist, and inside a tile micro-blocks that
// lie entirely below the diagonal are skipped. Inside a tile the loop runs
// over B micro-panels outermost, so one B panel (4 × kc doubles ≤ 12.5 KB)
// stays in L1 while the tile's A micro-panels (tileM × kc doubles ≈ 200 KB)
// stream from L2. Every worker accumulates into its own tile buffer and
// writes its tile's disjoint part of the output.
//
// Determinism. Every entry of C is the same sequence of floating-point
// operations (same packing, same chunk order, same micro-kernel) whichever
// worker computes it, so results are bit-identical for any GOMAXPROCS.

const (
	mr     = 2
	nr     = 4
	ku     = 4   // k unrolling of the micro-kernel; chunk lengths are padded to a multiple
	kcMax  = 400 // longest k chunk (d = 784 gives two chunks of 392)
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

// kChunks cuts the inner dimension d into nearly equal chunks of at most
// kcMax indices; lens are the chunk lengths padded to a multiple of ku.
func kChunks(d int) (starts, lens []int) {
	nk := (d + kcMax - 1) / kcMax
	kc := (d + nk - 1) / nk
	for k0 := 0; k0 < d; k0 += kc {
		k1 := min(k0+kc, d)
		starts = append(starts, k0)
		lens = append(lens, (k1-k0+ku-1)/ku*ku)
	}
	starts = append(starts, d)
	return starts, lens
}

// packedA holds a matrix in k-major micro-panels of mr rows: group g of
// panel p in chunk c is data[c][p*lens[c]/ku+g] and holds rows p·mr … p·mr+1
// at inner indices g·ku … g·ku+3 as [k0r0 k0r1 k1r0 k1r1 …].
type packedA struct {
	panels int
	lens   []int // padded chunk lengths (multiples of ku)
	data   [][][ku * mr]float64
}

// packedB is packedA for micro-panels of nr rows.
type packedB struct {
	panels int
	lens   []int
	data   [][][ku * nr]float64
}

func packA(X rowMajor) *packedA {
	starts, lens := kChunks(X.d)
	p := &packedA{panels: (X.n + mr - 1) / mr, lens: lens, data: make([][][ku * mr]float64, len(lens))}
	for c, kl := range lens {
		g := kl / ku
		buf := make([][ku * mr]float64, p.panels*g)
		for i := 0; i < X.n; i++ {
			panel := buf[i/mr*g : (i/mr+1)*g]
			r := i % mr
			for k, v := range X.data[i*X.d+starts[c] : i*X.d+starts[c+1]] {
				panel[k/ku][k%ku*mr+r] = v
			}
		}
		p.data[c] = buf
	}
	return p
}

func packB(X rowMajor) *packedB {
	starts, lens := kChunks(X.d)
	p := &packedB{panels: (X.n + nr - 1) / nr, lens: lens, data: make([][][ku * nr]float64, len(lens))}
	for c, kl := range lens {
		g := kl / ku
		buf := make([][ku * nr]float64, p.panels*g)
		for i := 0; i < X.n; i++ {
			panel := buf[i/nr*g : (i/nr+1)*g]
			r := i % nr
			for k, v := range X.data[i*X.d+starts[c] : i*X.d+starts[c+1]] {
				panel[k/ku][k%ku*nr+r] = v
			}
		}
		p.data[c] = buf
	}
	return p
}

// panel returns micro-panel pi of chunk c.
func (p *packedA) panel(c, pi int) [][ku * mr]float64 {
	g := p.lens[c] / ku
	return p.data[c][pi*g : (pi+1)*g]
}

// panel returns micro-panel pi of chunk c.
func (p *packedB) panel(c, pi int) [][ku * nr]float64 {
	g := p.lens[c] / ku
	return p.data[c][pi*g : (pi+1)*g]
}

// micro2x4 adds the 2×4 block a·bᵀ to c[0:4] (row 0) and c[ldc:ldc+4]
// (row 1); a and b are matching micro-panels (len(b) ≥ len(a) groups).
func micro2x4(a [][ku * mr]float64, b [][ku * nr]float64, c []float64, ldc int) {
	var c00, c01, c02, c03, c10, c11, c12, c13 float64
	b = b[:len(a)]
	for g := range a {
		x := &a[g]
		y := &b[g]
		c00 += x[0] * y[0]
		c01 += x[0] * y[1]
		c02 += x[0] * y[2]
		c03 += x[0] * y[3]
		c10 += x[1] * y[0]
		c11 += x[1] * y[1]
		c12 += x[1] * y[2]
		c13 += x[1] * y[3]
		c00 += x[2] * y[4]
		c01 += x[2] * y[5]
		c02 += x[2] * y[6]
		c03 += x[2] * y[7]
		c10 += x[3] * y[4]
		c11 += x[3] * y[5]
		c12 += x[3] * y[6]
		c13 += x[3] * y[7]
		c00 += x[4] * y[8]
		c01 += x[4] * y[9]
		c02 += x[4] * y[10]
		c03 += x[4] * y[11]
		c10 += x[5] * y[8]
		c11 += x[5] * y[9]
		c12 += x[5] * y[10]
		c13 += x[5] * y[11]
		c00 += x[6] * y[12]
		c01 += x[6] * y[13]
		c02 += x[6] * y[14]
		c03 += x[6] * y[15]
		c10 += x[7] * y[12]
		c11 += x[7] * y[13]
		c12 += x[7] * y[14]
		c13 += x[7] * y[15]
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
	pa := packA(A)
	var pb *packedB
	if sym {
		pb = packB(A)
	} else {
		pb = packB(B)
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

func computeTile(pa *packedA, pb *packedB, sym bool, i0, j0, m, n int, buf, dst []float64, ldd int, post rowFunc) {
	i1 := min(i0+tileM, m)
	j1 := min(j0+tileN, n)
	clear(buf)
	ip0, ip1 := i0/mr, (i1+mr-1)/mr
	jp0, jp1 := j0/nr, (j1+nr-1)/nr
	for c := range pa.lens {
		for jp := jp0; jp < jp1; jp++ {
			b := pb.panel(c, jp)
			col := (jp - jp0) * nr
			iend := ip1
			if sym {
				// skip micro-blocks entirely below the diagonal: rows
				// ip·mr … ip·mr+1 against columns jp·nr … jp·nr+3
				iend = min(ip1, (jp*nr+nr-1)/mr+1)
			}
			for ip := ip0; ip < iend; ip++ {
				micro2x4(pa.panel(c, ip), b, buf[(ip-ip0)*mr*tileN+col:], tileN)
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
