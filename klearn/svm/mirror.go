package svm

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/internal/scratch"
)

// Reading a row of a Gram matrix held in the upper storage triangle of a
// row-major array means reading its left part, K_jp for j < p, down column
// p: one cache line and one 4 KiB page per entry. Page walks then dominate
// (the hardware prefetchers stop at page boundaries), and filling kernel
// rows this way cost more than the whole rest of the solver on MNIST.
//
// stripMirror keeps the transposed lower triangle in strips of 64 rows:
// strip s holds, for the rows p ∈ [64s, 64s+64), the entries K_jp for
// j < p, each row contiguous (row length 64s+64). A helper goroutine builds
// the strips while the solver runs, transposing 64×64 tiles so that every
// page it visits yields 64 values; the solver reads a row's left part from
// its strip once the strip is done and down the column before that.
//
// A Gram that holds both triangles (kernel.Gram's and kernel.Combine's do)
// needs no strips: the helper first compares each strip's rows in the lower
// storage triangle with the upper one, bit for bit, tile by tile, checking
// finiteness on the way; a strip that agrees is marked whole and its rows
// are read whole from the storage, as when the triangles agree on one CPU
// (below). At the first strip that differs the helper stops comparing and
// builds that strip and the ones after it.
//
// Without a second CPU there is no helper. Grams made by klearn/kernel (and
// most others) hold both triangles, so newStripMirror then compares the
// lower storage triangle with the upper one, bit for bit, tile by tile,
// checking finiteness on the way and stopping at the first difference;
// when they agree, rows are read whole from the row-major storage, as
// LIBSVM reads its full matrix, and otherwise down the columns as above.
//
// The helper reads every stored entry exactly once, so it also does
// FitGram's check for NaN and ±Inf, in cache, on the way: it sets bad at
// the first non-finite entry (the solver polls bad and stops), and FitGram
// waits for it to finish before it returns a model. The helper is started
// only when a second CPU is available (GOMAXPROCS > 1); results never
// depend on which path served a row, since both copy the same values.

const stripW = 64 // rows per strip, and the side of the transposed tiles

// mirrorMaxFloats bounds the strip storage (n(n+64)/2 values); beyond it
// rows are always read down the columns (1<<25 values: 256 MiB, n ≈ 8000).
const mirrorMaxFloats = 1 << 25

type stripMirror struct {
	data   []float64 // upper storage triangle, row-major
	st, n  int
	full   bool          // both storage triangles hold K and are finite (no helper)
	buf    []float64     // the strips, strip s at stripOffset(s); nil without helper
	done   []atomic.Bool // strip s is built, or whole
	whole  []bool        // strip s's rows are read whole (set before done[s])
	bad    atomic.Bool   // the helper found a NaN or ±Inf
	stop   atomic.Bool
	helper sync.WaitGroup
}

func stripOffset(s int) int { return stripW * stripW * s * (s + 1) / 2 }

// newStripMirror serves the rows of the n×n upper-stored matrix. Beyond
// mirrorMaxFloats every left part is read down its column. Otherwise, with
// a second CPU it starts the helper that builds the strips and checks the
// entries (checking() is true); without one it sets full when the storage
// holds both triangles, all finite (and else reads down the columns).
// close must be called when done.
func newStripMirror(data []float64, st, n int) *stripMirror {
	m := &stripMirror{data: data, st: st, n: n}
	ns := (n + stripW - 1) / stripW
	size := stripOffset(ns)
	if size > mirrorMaxFloats {
		return m
	}
	if runtime.GOMAXPROCS(0) < 2 || ns < 2 {
		m.full = bothTriangles(data, st, n)
		return m
	}
	m.buf, m.done, m.whole = stripPool.Get(size), make([]atomic.Bool, ns), make([]bool, ns)
	m.helper.Add(1)
	go func() {
		defer m.helper.Done()
		compare := true
		for s := 0; s < ns && !m.stop.Load(); s++ {
			if compare {
				same, finite := m.sameStrip(s)
				if same && !finite {
					m.bad.Store(true)
					return
				}
				if same {
					m.whole[s] = true
					m.done[s].Store(true)
					continue
				}
				compare = false
			}
			if !m.build(s) {
				m.bad.Store(true)
				return
			}
			m.done[s].Store(true)
		}
	}()
	return m
}

// checking reports whether the helper checks the entries.
func (m *stripMirror) checking() bool { return m.buf != nil }

// wait waits for the helper to finish and reports whether it found a
// non-finite entry.
func (m *stripMirror) wait() (bad bool) {
	m.helper.Wait()
	return m.bad.Load()
}

// close stops the helper, waits for it and recycles the storage.
func (m *stripMirror) close() {
	m.stop.Store(true)
	m.helper.Wait()
	if m.buf != nil {
		stripPool.Put(m.buf)
		m.buf = nil
	}
}

// build writes strip s: row p = 64s+r gets K_jp = data[j·st+p] at
// position j for every j < p, tile by tile (64 source rows × 64 columns
// stay in the L1 cache while they are read down the columns). It reports
// whether those entries and the diagonal entries K_pp are all finite.
func (m *stripMirror) build(s int) bool {
	p0 := s * stripW
	w := min(stripW, m.n-p0)
	L := p0 + stripW
	out := m.buf[stripOffset(s) : stripOffset(s)+stripW*L]
	data, st := m.data, m.st
	finite := true
	for j0 := 0; j0 < p0+w; j0 += stripW {
		if w == stripW && j0+stripW <= p0 { // a full tile below the diagonal
			for r := 0; r < stripW; r += 4 {
				transpose4x64(out[r*L:], L, data[j0*st+p0+r:], st, j0)
			}
			for r := 0; r < w; r++ {
				finite = finite && linalg.AllFinite(out[r*L+j0:r*L+j0+stripW])
			}
			continue
		}
		for r := 0; r < w; r++ {
			p := p0 + r
			row := out[r*L : r*L+min(j0+stripW, p)]
			for j := j0; j < len(row); j++ {
				row[j] = data[j*st+p]
			}
			if j0 < len(row) {
				finite = finite && linalg.AllFinite(row[j0:])
			}
		}
	}
	for p := p0; p < p0+w; p++ {
		v := data[p*st+p]
		finite = finite && v-v == 0
	}
	return finite
}

// transpose4x64 writes dst[r·L + j0 + j] = src[j·st + r] for r < 4 and
// j < 64, in 4×4 blocks held in registers: each block reads four adjacent
// entries of four source rows and writes four adjacent entries of four
// destination rows.
func transpose4x64(dst []float64, L int, src []float64, st, j0 int) {
	d0 := dst[j0 : j0+64]
	d1 := dst[L+j0 : L+j0+64]
	d2 := dst[2*L+j0 : 2*L+j0+64]
	d3 := dst[3*L+j0 : 3*L+j0+64]
	for j := 0; j < 64; j += 4 {
		a := src[j*st : j*st+4]
		b := src[(j+1)*st : (j+1)*st+4]
		c := src[(j+2)*st : (j+2)*st+4]
		e := src[(j+3)*st : (j+3)*st+4]
		d0[j], d0[j+1], d0[j+2], d0[j+3] = a[0], b[0], c[0], e[0]
		d1[j], d1[j+1], d1[j+2], d1[j+3] = a[1], b[1], c[1], e[1]
		d2[j], d2[j+1], d2[j+2], d2[j+3] = a[2], b[2], c[2], e[2]
		d3[j], d3[j+1], d3[j+2], d3[j+3] = a[3], b[3], c[3], e[3]
	}
}

// sameStrip reports whether the rows p of strip s hold K_jp = data[j·st+p]
// at data[p·st+j] for every j < p, bit for bit (stopping at the first
// difference), and, if they do, whether those entries and the diagonal
// entries K_pp are all finite.
func (m *stripMirror) sameStrip(s int) (same, finite bool) {
	p0 := s * stripW
	p1 := min(p0+stripW, m.n)
	sum := 0.0 // Σ (v − v): 0 while every entry is finite, NaN after
	for i0 := 0; i0 < p1; i0 += stripW {
		ok, f := sameTile(m.data, m.st, i0, min(i0+stripW, p1), p0, p1)
		if !ok {
			return false, false
		}
		sum += f
	}
	for p := p0; p < p1; p++ {
		v := m.data[p*m.st+p]
		sum += v - v
	}
	return true, sum == 0
}

// bothTriangles reports whether the lower storage triangle of the n×n
// row-major matrix equals the upper one bit for bit and every entry is
// finite. It compares 64×64 tiles and stops at the first difference.
func bothTriangles(data []float64, st, n int) bool {
	finite := 0.0 // Σ (v − v): 0 while every entry is finite, NaN after
	for i0 := 0; i0 < n; i0 += stripW {
		i1 := min(i0+stripW, n)
		for j0 := i0; j0 < n; j0 += stripW {
			ok, f := sameTile(data, st, i0, i1, j0, min(j0+stripW, n))
			if !ok {
				return false
			}
			finite += f
		}
		for i := i0; i < i1; i++ {
			v := data[i*st+i]
			finite += v - v
		}
		if finite != 0 {
			return false
		}
	}
	return true
}

// sameTile compares the upper-triangle entries data[i·st+j], i ∈ [i0, i1),
// j ∈ [j0, j1), j > i, with their mirrors data[j·st+i] bit for bit (the
// lower ones read down their columns, which stay in cache across the
// tile), stopping at the first difference. It returns whether they agree
// and Σ (v − v) over the entries compared (0 when all are finite).
func sameTile(data []float64, st, i0, i1, j0, j1 int) (bool, float64) {
	finite := 0.0
	for i := i0; i < i1; i++ {
		row := data[i*st : i*st+j1]
		for j := max(j0, i+1); j < j1; j++ {
			a := row[j]
			if math.Float64bits(a) != math.Float64bits(data[j*st+i]) {
				return false, finite
			}
			finite += a - a
		}
	}
	return true, finite
}

// fill writes K_{p,q_t} into dst[t], reading the left part down column p
// until its strip is built.
func (m *stripMirror) fill(dst []float64, p int, q []int) {
	s := p / stripW
	built := m.buf != nil && m.done[s].Load()
	if m.full || built && m.whole[s] {
		row := m.data[p*m.st : p*m.st+m.n]
		for t, j := range q {
			dst[t] = row[j]
		}
		return
	}
	right := m.data[p*m.st : p*m.st+m.n]
	if !built {
		for t, j := range q {
			if j >= p {
				dst[t] = right[j]
			} else {
				dst[t] = m.data[j*m.st+p]
			}
		}
		return
	}
	off := stripOffset(s) + (p-s*stripW)*(s+1)*stripW
	left := m.buf[off : off+p]
	for t, j := range q {
		if j >= p {
			dst[t] = right[j]
		} else {
			dst[t] = left[j]
		}
	}
}

// stripPool and rowPool recycle large scratch buffers across fits: a
// model-selection loop fits hundreds of machines on Grams of one size. The
// strips and the kernel-cache rows have pools of their own so that neither
// takes the other's buffers.
var stripPool, rowPool scratch.Pool
