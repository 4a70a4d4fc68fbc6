package linalg

import (
	"math"

	"github.com/kernelab/kernelab/internal/gemm"
	"github.com/kernelab/kernelab/internal/parallel"
)

const (
	tileM = 64  // rows of an output tile of the trailing update (multiple of gemm.MR and gemm.NR)
	tileN = 128 // columns of an output tile (multiple of gemm.NR)

	chunkW = 128 // columns per task of the panel solve (a multiple of gemm.NR and gemm.MR)

	// parMin is the trailing size below which a step runs on one goroutine.
	parMin = 96
)

// potf2 overwrites the upper triangle of the n×n block a (stride lda) with
// its Cholesky factor U (A = UᵀU), right-looking, row by row. It returns the
// index of the first non-positive pivot, or −1.
func potf2(a []float64, n, lda int) int {
	for p := 0; p < n; p++ {
		rp := a[p*lda : p*lda+n]
		d := rp[p]
		if !(d > 0) {
			return p
		}
		s := math.Sqrt(d)
		rp[p] = s
		inv := 1 / s
		for j := p + 1; j < n; j++ {
			rp[j] *= inv
		}
		for i := p + 1; i < n; i++ {
			axpy(-rp[i], rp[i:n], a[i*lda+i:i*lda+n])
		}
	}
	return -1
}

// trsmBase is the largest block of rows that trsmBlock solves by trsmRows;
// larger blocks are split in two and the lower half updated by a packed
// product.
const trsmBase = 16

// trsmBlock solves U11ᵀ X = B in place for the kb×(j1−j0) block B in rows
// r0 … r0+kb−1, columns j0 … j1−1 of a (j1−j0 ≤ chunkW), U11 being the kb×kb
// upper factor at (r0, r0). It is the recursive form of the substitution:
// with U11 = [U₁ U₁₂; 0 U₂] split after h rows, X₁ = U₁⁻ᵀB₁, then
// B₂ ← B₂ − U₁₂ᵀX₁ on internal/gemm's micro-kernel, then X₂ = U₂⁻ᵀB₂,
// so all but O(kb·trsmBase·w) of its kb²w/2 multiply-adds run in the packed
// product (Golub & Van Loan (2013), Section 3.1.4, applied recursively).
// The split points depend only on kb.
func trsmBlock(a []float64, lda, r0, kb, j0, j1 int, sc *trsmScratch, buf []float64) {
	if kb <= trsmBase {
		trsmRows(a, lda, r0, kb, j0, j1)
		return
	}
	h := (kb/2 + gemm.KU - 1) / gemm.KU * gemm.KU
	trsmBlock(a, lda, r0, h, j0, j1, sc, buf)
	// B₂ ← B₂ + (−U₁₂)ᵀX₁: rows r0+h … r0+kb−1, inner index p = r0 … r0+h−1.
	m, w := kb-h, j1-j0
	pa := gemm.PackColsNeg(sc.pa, a, lda, r0, h, r0+h, m)
	pb := gemm.PackCols(sc.pb, a, lda, r0, h, j0, w)
	sc.pa, sc.pb = pa.Data, pb.Data
	ip1, jp1 := (m+gemm.MR-1)/gemm.MR, (w+gemm.NR-1)/gemm.NR
	if m%gemm.MR == 0 && w%gemm.NR == 0 {
		gemm.MulTile(pa, pb, 0, ip1, 0, jp1, false, a[(r0+h)*lda+j0:], lda)
	} else {
		ldb := jp1 * gemm.NR
		buf = buf[:ip1*gemm.MR*ldb]
		clear(buf)
		gemm.MulTile(pa, pb, 0, ip1, 0, jp1, false, buf, ldb)
		for i := 0; i < m; i++ {
			dst := a[(r0+h+i)*lda+j0 : (r0+h+i)*lda+j1]
			for j, v := range buf[i*ldb : i*ldb+w] {
				dst[j] += v
			}
		}
	}
	trsmBlock(a, lda, r0+h, kb-h, j0, j1, sc, buf)
}

// trsmRows solves U11ᵀ X = B in place for the kb×(j1−j0) block B stored in
// rows r0 … r0+kb−1, columns j0 … j1−1 of a, where U11 is the kb×kb upper
// factor at (r0, r0). Row q of X is (B_q − Σ_{p<q} U_pq X_p) / U_qq,
// accumulated four rows p at a time.
func trsmRows(a []float64, lda, r0, kb, j0, j1 int) {
	w := j1 - j0
	for q := 0; q < kb; q++ {
		rq := a[(r0+q)*lda+j0 : (r0+q)*lda+j0+w]
		p := 0
		for ; p+4 <= q; p += 4 {
			u0 := a[(r0+p)*lda+r0+q]
			u1 := a[(r0+p+1)*lda+r0+q]
			u2 := a[(r0+p+2)*lda+r0+q]
			u3 := a[(r0+p+3)*lda+r0+q]
			x0 := a[(r0+p)*lda+j0 : (r0+p)*lda+j0+w]
			x1 := a[(r0+p+1)*lda+j0 : (r0+p+1)*lda+j0+w]
			x2 := a[(r0+p+2)*lda+j0 : (r0+p+2)*lda+j0+w]
			x3 := a[(r0+p+3)*lda+j0 : (r0+p+3)*lda+j0+w]
			for j := range rq {
				rq[j] -= u0*x0[j] + u1*x1[j] + u2*x2[j] + u3*x3[j]
			}
		}
		for ; p < q; p++ {
			u := a[(r0+p)*lda+r0+q]
			x := a[(r0+p)*lda+j0 : (r0+p)*lda+j0+w]
			for j := range rq {
				rq[j] -= u * x[j]
			}
		}
		inv := 1 / a[(r0+q)*lda+r0+q]
		for j := range rq {
			rq[j] *= inv
		}
	}
}

// workspace holds the packed panels and per-worker tile buffers of a
// factorisation, and per-worker pack buffers of the panel solve.
type workspace struct {
	pa   []gemm.GroupA
	pb   []gemm.GroupB
	bufs [][]float64
	tr   []trsmScratch
}

// trsmScratch holds one worker's packed operands of the panel solve's
// updates.
type trsmScratch struct {
	pa []gemm.GroupA
	pb []gemm.GroupB
}

func newWorkspace(n, nb, workers int) *workspace {
	groups := (nb + gemm.KU - 1) / gemm.KU
	ws := &workspace{
		pa:   make([]gemm.GroupA, (n+gemm.MR)/gemm.MR*groups),
		pb:   make([]gemm.GroupB, (n+gemm.NR)/gemm.NR*groups),
		bufs: make([][]float64, workers),
		tr:   make([]trsmScratch, workers),
	}
	for i := range ws.bufs {
		ws.bufs[i] = make([]float64, max(tileM*tileN, (nb+gemm.MR)*chunkW))
	}
	return ws
}

// syrkPacked updates A22 ← A22 − U12ᵀU12 on the upper triangle, A22 being
// the m×m block of a at (c0, c0), given pa = −U12 and pb = U12 packed by
// columns into the micro-panels of internal/gemm. The micro-kernel adds
// −(U12ᵀU12) straight into the full tiles of A22 (c + (−s) is c − s to the
// bit); the edge tiles go through a buffer.
// Micro-blocks that straddle the diagonal also write into the strict lower
// triangle of A, which the factorisation never reads.
func syrkPacked(a []float64, lda, c0, m int, pa gemm.Panels[gemm.GroupA], pb gemm.Panels[gemm.GroupB], workers int, ws *workspace) {
	tiles := gemm.Tiles(m, m, tileM, tileN, true)
	if m < parMin {
		workers = 1
	}
	parallel.ForWorkers(workers, len(tiles), func(w, t int) {
		i0, j0 := tiles[t].I0, tiles[t].J0
		i1, j1 := min(i0+tileM, m), min(j0+tileN, m)
		ip0, ip1 := i0/gemm.MR, (i1+gemm.MR-1)/gemm.MR
		jp0, jp1 := j0/gemm.NR, (j1+gemm.NR-1)/gemm.NR
		if i1-i0 == tileM && j1-j0 == tileN {
			gemm.MulTile(pa, pb, ip0, ip1, jp0, jp1, true, a[(c0+i0)*lda+c0+j0:], lda)
			return
		}
		buf := ws.bufs[w]
		clear(buf)
		gemm.MulTile(pa, pb, ip0, ip1, jp0, jp1, true, buf, tileN)
		for i := i0; i < i1; i++ {
			js := max(j0, i)
			if js >= j1 {
				continue
			}
			seg := buf[(i-i0)*tileN+js-j0 : (i-i0)*tileN+j1-j0]
			dst := a[(c0+i)*lda+c0+js : (c0+i)*lda+c0+j1]
			for j, v := range seg {
				dst[j] += v
			}
		}
	})
}

// factor overwrites the upper triangle of the n×n row-major matrix a
// (stride lda) with U, A = UᵀU, in blocks of nb columns on up to workers
// goroutines. It returns the index of the first non-positive pivot, or −1;
// the strict lower triangle is not referenced.
func factor(a []float64, n, lda, nb, workers int) int {
	if n == 0 {
		return -1
	}
	nb = max(1, min(nb, n))
	ws := newWorkspace(n, nb, workers)
	for k := 0; k < n; k += nb {
		kb := min(nb, n-k)
		if p := potf2(a[k*lda+k:], kb, lda); p >= 0 {
			return k + p
		}
		m := n - k - kb
		if m == 0 {
			break
		}
		c0 := k + kb
		chunks := (m + chunkW - 1) / chunkW
		wk := workers
		if m < parMin {
			wk = 1
		}
		// Each chunk of U12 is packed for the trailing update by the
		// goroutine that solved it, while it is in cache.
		pa := gemm.NewPanels(ws.pa, m, kb)
		pb := gemm.NewPanels(ws.pb, m, kb)
		parallel.ForWorkers(wk, chunks, func(w, c int) {
			j0 := c0 + c*chunkW
			j1 := min(j0+chunkW, n)
			trsmBlock(a, lda, k, kb, j0, j1, &ws.tr[w], ws.bufs[w])
			gemm.PackColsAt(pa, (j0-c0)/gemm.MR, a, lda, k, kb, j0, j1-j0, true)
			gemm.PackColsAt(pb, (j0-c0)/gemm.NR, a, lda, k, kb, j0, j1-j0, false)
		})
		syrkPacked(a, lda, c0, m, pa, pb, workers, ws)
	}
	return -1
}
