// Package gemm holds the packed, register-blocked micro-kernel shared by the
// pure-Go matrix products of the module: the Gram products A·Bᵀ and X·Xᵀ of
// klearn/kernel and the symmetric rank-k update of the blocked Cholesky
// factorisation in internal/linalg.
//
// Layout. An operand is packed k-major into micro-panels of MR = 2 rows (the
// A side, groups of type GroupA) or NR = 4 rows (the B side, GroupB), zero
// padded to whole panels and to a whole number of groups. A group holds KU
// consecutive inner indices of the panel's rows, element k%KU·w + r for inner
// index k and row r of a panel of width w, so the micro-kernel reads both
// operands sequentially through fixed-size array pointers and the compiler
// emits no bounds checks in its inner loop. (Flattened, entry (r, k) of a
// panel sits at k·w + r.)
//
// Micro-kernel. Micro2x4 keeps a 2×4 block of C in eight scalar registers
// and is unrolled KU = 4 times over k: 32 multiply-adds per loop iteration
// against three loop-control instructions. With GOAMD64=v3 this is the
// largest shape the Go register allocator keeps in the 15 usable SSE
// registers: a 3×4 block measured ≈ 1.8× slower per multiply-add and a 2×6
// block spills accumulators because the scheduler hoists its loads. (With
// GOAMD64=v1 the separate MULSD needs register copies and two accumulators
// spill, yet this shape still measured fastest there.) Built with
// GOAMD64=v3 the compiler fuses every c += a·b into one VFMADD231SD (the
// language spec allows fusing x*y + z), which is the main speed-up there; the
// code is the same for every GOAMD64 level.
//
// Vector kernel. On amd64 CPUs with AVX2 and FMA (internal/cpu, detected at
// run time), MulTile takes B panels and A panels in pairs and runs
// kernel4x8 (fma_amd64.s, Go's assembler, no cgo): a 4×8 block of C in
// eight YMM accumulators, per inner index two 4-wide loads of B, four
// broadcasts of A and eight fused multiply-adds. It performs, entry by
// entry, exactly the operations of Micro2x4 compiled with GOAMD64=v3 (one
// FMA per k, in increasing k, from 0, then added to C), so its results are
// bit-identical to those (TestKernel4x8MatchesMicro2x4), at about 2.8× the
// speed: X·Xᵀ for 4000×784 runs at 28–29 GFMA/s on the 2 cores against 10
// before. Odd panels left over are finished by Micro2x4; with upper, a pair
// of B panels also computes the few blocks below the diagonal that its
// first panel would skip, which callers never read.
//
// AVX-512 kernel. Where the CPU also has AVX-512F (cpu.AVX512), MulTile
// takes A panels in fours and runs kernel8x8 (fma512_amd64.s): an 8×8
// block of C in eight ZMM accumulators, per inner index one 512-bit row of
// B (two 4-wide B panels side by side) and eight fused multiply-adds with A
// broadcast from memory, the same per-entry arithmetic as kernel4x8, so
// results are bit-identical with and without it (TestKernel4x8MatchesMicro2x4).
// On AMD Zen 4, which executes 512-bit operations as two 256-bit halves, it
// still does ≈ 9% more multiply-adds per CPU second than kernel4x8 (fewer
// instructions and loads per multiply-add; BenchmarkKernels, BENCHMARKS.md).
// The build tag purego selects the Go kernel everywhere.
//
// Shared packing. For X·Xᵀ, MulTileShared takes A rows from the B panels
// themselves (four rows each) with the AVX-512 kernels kernel8x8b and
// kernel4x8b and the Go micro2x4B, the kernel for each block chosen as in
// MulTile, so the product is bit-identical to MulTile's on separately
// packed A panels while X is packed only once.
//
// Packing and exponentials. PackRowsAt fills ranges of panels so that
// callers can pack in parallel, whole panels with sequential stores.
// ExpDist, the post-processing of the Gaussian Gram matrices, evaluates
// exp(−γ·d²) from inner products four entries at a time with math.Exp's own
// operations (exp_amd64.s), so its values are math.Exp's to the bit;
// AffinePow, the polynomial kernels' map (γ·v + c)^d for d = 2, 3, four
// entries at a time with the scalar code's operations (affine_amd64.s).
//
// Determinism. Every entry of a block is the sum over k in increasing order,
// started from the block's previous value, whatever the tiling; callers that
// fix their packing and chunking get bit-identical results for any
// GOMAXPROCS.
package gemm

import "unsafe"

const (
	MR = 2 // rows of the A micro-panels and of the micro-kernel's block
	NR = 4 // rows of the B micro-panels and columns of the micro-kernel's block
	KU = 4 // inner indices per group: the k unrolling of the micro-kernel
)

// GroupA holds KU inner indices of an A micro-panel, [k0r0 k0r1 k1r0 k1r1 …].
type GroupA [KU * MR]float64

// GroupB holds KU inner indices of a B micro-panel, [k0r0 … k0r3 k1r0 …].
type GroupB [KU * NR]float64

// Group is the group type of an A or a B micro-panel.
type Group interface{ GroupA | GroupB }

// Panels holds the micro-panels of one chunk of the inner dimension: panel
// i is Data[i·Groups : (i+1)·Groups].
type Panels[G Group] struct {
	Groups int // groups per panel: the chunk length padded to a multiple of KU, over KU
	Data   []G
}

// Panel returns micro-panel i.
func (p Panels[G]) Panel(i int) []G { return p.Data[i*p.Groups : (i+1)*p.Groups] }

// width returns the rows of a G micro-panel (MR or NR).
func width[G Group]() int {
	var g G
	return len(g) / KU
}

// groups returns the number of groups that hold kl inner indices.
func groups(kl int) int { return (kl + KU - 1) / KU }

// PackRows packs the inner indices k0 … k1−1 of rows 0 … n−1 of the
// row-major matrix src (stride ld) into ⌈n/w⌉ zero-padded micro-panels of w
// rows (w = MR for GroupA, NR for GroupB).
func PackRows[G Group](src []float64, n, ld, k0, k1 int) Panels[G] {
	w := width[G]()
	p := NewPanels[G](nil, n, k1-k0)
	PackRowsAt(p, 0, (n+w-1)/w, src, n, ld, k0, k1)
	return p
}

// PackRowsAt fills the micro-panels panel0 … panel1−1 of p, as PackRows
// packs them (padding included), from the inner indices k0 … k1−1 of rows
// 0 … n−1 of src; p must hold k1−k0 inner indices and ⌈n/w⌉ panels
// (NewPanels(_, n, k1−k0)). Calls on disjoint panel ranges may run
// concurrently.
func PackRowsAt[G Group](p Panels[G], panel0, panel1 int, src []float64, n, ld, k0, k1 int) {
	w := width[G]()
	kl := k1 - k0
	if groups(kl) != p.Groups || len(p.Data) < (n+w-1)/w*p.Groups {
		panic("gemm: PackRowsAt: panels of another shape")
	}
	if len(p.Data) == 0 || panel0 >= panel1 {
		return
	}
	size := p.Groups * KU * w // doubles per panel
	flat := unsafe.Slice((*float64)(unsafe.Pointer(&p.Data[0])), len(p.Data)*KU*w)
	for ip := panel0; ip < panel1; ip++ {
		dst := flat[ip*size : (ip+1)*size]
		r0 := ip * w
		rows := min(w, n-r0)
		switch {
		case rows == 4 && w == 4: // whole B panel: sequential stores
			s0 := src[r0*ld+k0 : r0*ld+k1]
			s1 := src[(r0+1)*ld+k0 : (r0+1)*ld+k1][:len(s0)]
			s2 := src[(r0+2)*ld+k0 : (r0+2)*ld+k1][:len(s0)]
			s3 := src[(r0+3)*ld+k0 : (r0+3)*ld+k1][:len(s0)]
			for k, v := range s0 {
				d := (*[4]float64)(dst[k*4 : k*4+4])
				d[0], d[1], d[2], d[3] = v, s1[k], s2[k], s3[k]
			}
			clear(dst[kl*w:])
			continue
		case rows == 2 && w == 2: // whole A panel
			s0 := src[r0*ld+k0 : r0*ld+k1]
			s1 := src[(r0+1)*ld+k0 : (r0+1)*ld+k1][:len(s0)]
			for k, v := range s0 {
				d := (*[2]float64)(dst[k*2 : k*2+2])
				d[0], d[1] = v, s1[k]
			}
			clear(dst[kl*w:])
			continue
		}
		for r := 0; r < rows; r++ {
			row := src[(r0+r)*ld+k0 : (r0+r)*ld+k1]
			d := dst[r:]
			for k, v := range row {
				d[k*w] = v
			}
		}
		if rows < w { // rows past n
			for k := 0; k < kl; k++ {
				clear(dst[k*w+rows : k*w+w])
			}
		}
		clear(dst[kl*w:]) // inner indices past k1
	}
}

// PackCols packs the m columns c0 … c0+m−1 of the kb rows r0 … r0+kb−1 of
// the row-major matrix src (stride ld), row p being inner index p, into
// ⌈m/w⌉ zero-padded micro-panels of w columns. It reuses buf's storage when
// it is large enough.
func PackCols[G Group](buf []G, src []float64, ld, r0, kb, c0, m int) Panels[G] {
	return packCols(buf, src, ld, r0, kb, c0, m, false)
}

// PackColsNeg is PackCols of −src: every packed entry is negated (exactly).
func PackColsNeg[G Group](buf []G, src []float64, ld, r0, kb, c0, m int) Panels[G] {
	return packCols(buf, src, ld, r0, kb, c0, m, true)
}

// NewPanels returns storage for the micro-panels of m rows (columns) and
// kb inner indices, reusing buf's storage when it is large enough, for
// PackColsAt to fill; its entries are not cleared.
func NewPanels[G Group](buf []G, m, kb int) Panels[G] {
	w := width[G]()
	g := groups(kb)
	size := (m + w - 1) / w * g
	if cap(buf) < size {
		buf = make([]G, size)
	}
	return Panels[G]{Groups: g, Data: buf[:size]}
}

// PackColsAt packs (negated if neg) the m columns c0 … c0+m−1 of the kb
// rows r0 … r0+kb−1 of src into p's micro-panels panel0, panel0+1, …,
// ⌈m/w⌉ of them, padding included (zeros); p must hold kb inner indices
// (NewPanels(_, _, kb)). Calls on disjoint panel ranges may run
// concurrently.
func PackColsAt[G Group](p Panels[G], panel0 int, src []float64, ld, r0, kb, c0, m int, neg bool) {
	w := width[G]()
	if m == 0 || len(p.Data) == 0 {
		return
	}
	if g := groups(kb); g != p.Groups {
		panic("gemm: PackColsAt: panels of another inner length")
	}
	flat := unsafe.Slice((*float64)(unsafe.Pointer(&p.Data[0])), len(p.Data)*KU*w)
	packFlat(flat, panel0*p.Groups*KU*w, p.Groups, w, src, ld, r0, kb, c0, m, neg)
}

func packCols[G Group](buf []G, src []float64, ld, r0, kb, c0, m int, neg bool) Panels[G] {
	p := NewPanels(buf, m, kb)
	if len(p.Data) > 0 {
		w := width[G]()
		flat := unsafe.Slice((*float64)(unsafe.Pointer(&p.Data[0])), len(p.Data)*KU*w)
		packFlat(flat, 0, p.Groups, w, src, ld, r0, kb, c0, m, neg)
	}
	return p
}

// packFlat writes entry (k, j) of the packed columns, k < kb inner indices
// and j < m columns of src, to flat[off + (j/w·g + k/KU)·KU·w + k%KU·w + j%w]
// and zeros to the padding: inner indices kb … g·KU−1 and the columns of the
// last panel past m.
func packFlat(flat []float64, off, g, w int, src []float64, ld, r0, kb, c0, m int, neg bool) {
	full := m / w
	np := (m + w - 1) / w
	step := g * KU * w // from one panel to the next
	for k := 0; k < g*KU; k++ {
		o := off + k/KU*KU*w + k%KU*w // group k/KU of the first panel, slot k%KU
		if k >= kb {
			for jp := 0; jp < np; jp++ {
				clear(flat[o+jp*step : o+jp*step+w])
			}
			continue
		}
		row := src[(r0+k)*ld+c0 : (r0+k)*ld+c0+m]
		for jp := 0; jp < full; jp++ {
			dst := flat[o+jp*step : o+jp*step+w]
			seg := row[jp*w : jp*w+w]
			if neg {
				for j, v := range seg {
					dst[j] = -v
				}
			} else {
				copy(dst, seg)
			}
		}
		if full < np {
			dst := flat[o+full*step : o+full*step+w]
			clear(dst)
			for j, v := range row[full*w:] {
				if neg {
					v = -v
				}
				dst[j] = v
			}
		}
	}
}

// Micro2x4 adds the 2×4 block a·bᵀ to c[0:4] (row 0) and c[ldc:ldc+4]
// (row 1); a and b are matching micro-panels (len(b) ≥ len(a) groups).
func Micro2x4(a []GroupA, b []GroupB, c []float64, ldc int) {
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
	add2x4(c, ldc, c00, c01, c02, c03, c10, c11, c12, c13)
}

// add2x4 adds a micro-kernel's 2×4 block to C (rows c[0:4] and
// c[ldc:ldc+4]).
func add2x4(c []float64, ldc int, c00, c01, c02, c03, c10, c11, c12, c13 float64) {
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

// Tile is an output tile of a blocked product by its first row and column.
type Tile struct{ I0, J0 int }

// Tiles lists the tiles of tm × tn entries of an m×n output, row by row;
// with upper, tiles that lie strictly below the diagonal are left out.
func Tiles(m, n, tm, tn int, upper bool) []Tile {
	rows, cols := (m+tm-1)/tm, (n+tn-1)/tn
	tiles := make([]Tile, 0, rows*cols)
	for ti := 0; ti < rows; ti++ {
		for tj := 0; tj < cols; tj++ {
			i0, j0 := ti*tm, tj*tn
			if upper && j0+tn <= i0 {
				continue // strictly below the diagonal
			}
			tiles = append(tiles, Tile{i0, j0})
		}
	}
	return tiles
}

// MulTile adds to buf (row-major, stride ldb) the products of the A panels
// ip0 … ip1−1 with the B panels jp0 … jp1−1 of one chunk: the block of
// panels (ip, jp) lands at row (ip−ip0)·MR, column (jp−jp0)·NR of buf. With
// upper, micro-blocks that lie entirely below the diagonal (rows ip·MR …
// ip·MR+1 against columns jp·NR … jp·NR+3) are skipped. The loop runs over B
// panels outermost, so one B panel stays in L1 while the A panels stream
// from L2.
func MulTile(a Panels[GroupA], b Panels[GroupB], ip0, ip1, jp0, jp1 int, upper bool, buf []float64, ldb int) {
	start := jp0
	if haveFMA && a.Groups > 0 {
		start = mulTile4x8(a, b, ip0, ip1, jp0, jp1, upper, buf, ldb)
	}
	for jp := start; jp < jp1; jp++ {
		bp := b.Panel(jp)
		col := (jp - jp0) * NR
		iend := ip1
		if upper {
			iend = min(ip1, (jp*NR+NR-1)/MR+1)
		}
		for ip := ip0; ip < iend; ip++ {
			Micro2x4(a.Panel(ip), bp, buf[(ip-ip0)*MR*ldb+col:], ldb)
		}
	}
}

// mulTile4x8 runs MulTile's loops over pairs of B panels and pairs of A
// panels with the vector kernel (4×8 blocks of C), or quadruples of A panels
// with the AVX-512 kernel (8×8 blocks) where the CPU has it, then pairs,
// finishing an odd A panel with Micro2x4, and returns the first B panel it
// left (an odd last one).
// With upper, a pair of B panels computes the A panels the second one needs;
// the extra blocks below the diagonal are harmless, since callers read the
// upper triangle only.
func mulTile4x8(a Panels[GroupA], b Panels[GroupB], ip0, ip1, jp0, jp1 int, upper bool, buf []float64, ldb int) int {
	g := a.Groups
	jp := jp0
	for ; jp+1 < jp1; jp += 2 {
		b0, b1 := b.Panel(jp)[:g], b.Panel(jp + 1)[:g]
		col := (jp - jp0) * NR
		iend := ip1
		if upper {
			iend = min(ip1, ((jp+1)*NR+NR-1)/MR+1)
		}
		ip := ip0
		if haveAVX512 {
			for ; ip+3 < iend; ip += 4 {
				a0, a1, a2, a3 := a.Panel(ip), a.Panel(ip+1), a.Panel(ip+2), a.Panel(ip+3)
				c := buf[(ip-ip0)*MR*ldb+col:]
				_ = c[7*ldb+2*NR-1] // bounds of the 8×8 block
				kernel8x8(&a0[0], &a1[0], &a2[0], &a3[0], &b0[0], &b1[0], g, &c[0], ldb)
			}
		}
		for ; ip+1 < iend; ip += 2 {
			a0, a1 := a.Panel(ip), a.Panel(ip+1)
			c := buf[(ip-ip0)*MR*ldb+col:]
			_ = c[3*ldb+2*NR-1] // bounds of the 4×8 block
			kernel4x8(&a0[0], &a1[0], &b0[0], &b1[0], g, &c[0], ldb)
		}
		if ip < iend {
			ap := a.Panel(ip)
			c := buf[(ip-ip0)*MR*ldb+col:]
			Micro2x4(ap, b0, c, ldb)
			Micro2x4(ap, b1, c[NR:], ldb)
		}
	}
	return jp
}

// SharedPanels reports whether MulTileShared is available (the AVX-512
// kernels; not with the purego tag): then X·Xᵀ can pack X once, as B panels.
func SharedPanels() bool { return haveAVX512 }

// MulTileShared is MulTile for A = B packed once as B panels p (NR = 4
// rows): ip0, ip1 still count A rows in pairs (MR = 2) and ip0 must be even.
// It hands every block of C to the kernel MulTile would use, with the same
// operations entry by entry, so the results are bit-identical to MulTile's
// on separately packed A panels (TestMulTileSharedMatchesMulTile), with any
// GOAMD64: blocks of 8 and 4 rows go to kernel8x8b and kernel4x8b (AVX-512,
// as kernel8x8 and kernel4x8), single row pairs and an odd last B panel to
// micro2x4B (as Micro2x4). It panics unless SharedPanels().
func MulTileShared(p Panels[GroupB], ip0, ip1, jp0, jp1 int, upper bool, buf []float64, ldb int) {
	if !haveAVX512 || ip0%2 != 0 {
		panic("gemm: MulTileShared without the AVX-512 kernels or with an odd first row pair")
	}
	g := p.Groups
	jp := jp0
	if g > 0 {
		for ; jp+1 < jp1; jp += 2 {
			b0, b1 := p.Panel(jp)[:g], p.Panel(jp + 1)[:g]
			col := (jp - jp0) * NR
			iend := ip1
			if upper {
				iend = min(ip1, ((jp+1)*NR+NR-1)/MR+1)
			}
			ip := ip0 // even throughout: rows 2·ip … are rows 0 … of panel ip/2
			for ; ip+3 < iend; ip += 4 {
				a0, a1 := p.Panel(ip/2), p.Panel(ip/2+1)
				c := buf[(ip-ip0)*MR*ldb+col:]
				_ = c[7*ldb+2*NR-1] // bounds of the 8×8 block
				kernel8x8b(&a0[0], &a1[0], &b0[0], &b1[0], g, &c[0], ldb)
			}
			for ; ip+1 < iend; ip += 2 {
				a := p.Panel(ip / 2)
				c := buf[(ip-ip0)*MR*ldb+col:]
				_ = c[3*ldb+2*NR-1] // bounds of the 4×8 block
				kernel4x8b(&a[0], &b0[0], &b1[0], g, &c[0], ldb)
			}
			if ip < iend {
				a := p.Panel(ip / 2)
				c := buf[(ip-ip0)*MR*ldb+col:]
				micro2x4B(a, 0, b0, c, ldb)
				micro2x4B(a, 0, b1, c[NR:], ldb)
			}
		}
	}
	for ; jp < jp1; jp++ {
		bp := p.Panel(jp)
		col := (jp - jp0) * NR
		iend := ip1
		if upper {
			iend = min(ip1, (jp*NR+NR-1)/MR+1)
		}
		for ip := ip0; ip < iend; ip++ {
			micro2x4B(p.Panel(ip/2), ip%2, bp, buf[(ip-ip0)*MR*ldb+col:], ldb)
		}
	}
}

// micro2x4B is Micro2x4 for the row pair h (rows 2h and 2h+1) of a B-shaped
// A panel: the same multiply-adds in the same order for every entry.
func micro2x4B(a []GroupB, h int, b []GroupB, c []float64, ldc int) {
	var c00, c01, c02, c03, c10, c11, c12, c13 float64
	b = b[:len(a)]
	r := 2 * h
	for g := range a {
		x := &a[g]
		y := &b[g]
		for k := 0; k < KU; k++ {
			x0, x1 := x[k*NR+r], x[k*NR+r+1]
			y0, y1, y2, y3 := y[k*NR], y[k*NR+1], y[k*NR+2], y[k*NR+3]
			c00 += x0 * y0
			c01 += x0 * y1
			c02 += x0 * y2
			c03 += x0 * y3
			c10 += x1 * y0
			c11 += x1 * y1
			c12 += x1 * y2
			c13 += x1 * y3
		}
	}
	add2x4(c, ldc, c00, c01, c02, c03, c10, c11, c12, c13)
}
