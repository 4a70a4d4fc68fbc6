package linalg

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"
)

const (
	mr = 2 // rows of the micro-kernel
	nr = 4 // columns of the micro-kernel

	tileM = 64  // rows of an output tile of the trailing update (multiple of mr and nr)
	tileN = 128 // columns of an output tile (multiple of nr)

	chunkW = 128 // columns per task of the panel solve

	// parMin is the trailing size below which a step runs on one goroutine.
	parMin = 96
)

// parallel runs f(0) … f(count−1) on up to workers goroutines, handing out
// indices through an atomic counter. f must write disjoint outputs; which
// goroutine runs an index does not change what it computes.
func parallel(workers, count int, f func(worker, i int)) {
	workers = min(workers, count)
	if workers <= 1 {
		for i := 0; i < count; i++ {
			f(0, i)
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
				f(w, i)
			}
		}()
	}
	wg.Wait()
}

func defaultWorkers() int { return runtime.GOMAXPROCS(0) }

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
			u := rp[i]
			ri := a[i*lda+i : i*lda+n]
			src := rp[i:n]
			for j := range ri {
				ri[j] -= u * src[j]
			}
		}
	}
	return -1
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

// packCols copies the columns c0 … c0+m−1 of the kb rows starting at r0 of
// a into k-major micro-panels of width w: panel i holds columns
// c0+i·w … c0+i·w+w−1 as dst[i·w·kbp + p·w + r], zero padded to w columns
// and kbp (even) rows.
func packCols(dst, a []float64, lda, r0, kb, kbp, c0, m, w int) {
	panels := (m + w - 1) / w
	for i := 0; i < panels; i++ {
		pd := dst[i*w*kbp : (i+1)*w*kbp]
		cw := min(w, m-i*w)
		for p := 0; p < kb; p++ {
			src := a[(r0+p)*lda+c0+i*w : (r0+p)*lda+c0+i*w+cw]
			d := pd[p*w : p*w+w]
			copy(d, src)
			clear(d[cw:])
		}
		clear(pd[kb*w:])
	}
}

// micro2x4 returns in c the 2×4 block aᵀb over kl (even) inner indices of a
// 2-wide panel a and a 4-wide panel b, stored at c[0:4] and c[ldc:ldc+4].
func micro2x4(kl int, a, b, c []float64, ldc int) {
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
	r0[0], r0[1], r0[2], r0[3] = c00, c01, c02, c03
	r1 := (*[4]float64)(c[ldc : ldc+4])
	r1[0], r1[1], r1[2], r1[3] = c10, c11, c12, c13
}

// workspace holds the packed panels and per-worker tile buffers of a
// factorisation.
type workspace struct {
	pa, pb []float64
	bufs   [][]float64
}

func newWorkspace(n, nb, workers int) *workspace {
	kbp := (nb + 1) &^ 1
	rows := n + nr
	ws := &workspace{
		pa:   make([]float64, rows*kbp),
		pb:   make([]float64, rows*kbp),
		bufs: make([][]float64, workers),
	}
	for i := range ws.bufs {
		ws.bufs[i] = make([]float64, tileM*tileN)
	}
	return ws
}

// syrkUpper updates A22 ← A22 − U12ᵀU12 on the upper triangle, where U12 is
// the kb×m block at rows r0 … r0+kb−1, columns c0 … c0+m−1 and A22 the m×m
// block at (c0, c0).
func syrkUpper(a []float64, lda, r0, kb, c0, m, workers int, ws *workspace) {
	kbp := (kb + 1) &^ 1
	packCols(ws.pa, a, lda, r0, kb, kbp, c0, m, mr)
	packCols(ws.pb, a, lda, r0, kb, kbp, c0, m, nr)
	tm := (m + tileM - 1) / tileM
	tn := (m + tileN - 1) / tileN
	type tile struct{ i0, j0 int }
	tiles := make([]tile, 0, tm*tn)
	for ti := 0; ti < tm; ti++ {
		for tj := 0; tj < tn; tj++ {
			i0, j0 := ti*tileM, tj*tileN
			if j0+tileN <= i0 {
				continue // strictly below the diagonal
			}
			tiles = append(tiles, tile{i0, j0})
		}
	}
	if m < parMin {
		workers = 1
	}
	parallel(workers, len(tiles), func(w, t int) {
		i0, j0 := tiles[t].i0, tiles[t].j0
		i1, j1 := min(i0+tileM, m), min(j0+tileN, m)
		buf := ws.bufs[w]
		jp0, jp1 := j0/nr, (j1+nr-1)/nr
		for ip := i0 / mr; ip < (i1+mr-1)/mr; ip++ {
			pa := ws.pa[ip*mr*kbp : (ip+1)*mr*kbp]
			row := ip*mr - i0
			for jp := max(jp0, (ip*mr)/nr); jp < jp1; jp++ {
				micro2x4(kbp, pa, ws.pb[jp*nr*kbp:(jp+1)*nr*kbp], buf[row*tileN+(jp-jp0)*nr:], tileN)
			}
		}
		for i := i0; i < i1; i++ {
			js := max(j0, i)
			if js >= j1 {
				continue
			}
			seg := buf[(i-i0)*tileN+js-j0 : (i-i0)*tileN+j1-j0]
			dst := a[(c0+i)*lda+c0+js : (c0+i)*lda+c0+j1]
			for j, v := range seg {
				dst[j] -= v
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
		parallel(wk, chunks, func(_, c int) {
			j0 := c0 + c*chunkW
			trsmRows(a, lda, k, kb, j0, min(j0+chunkW, n))
		})
		syrkUpper(a, lda, k, kb, c0, m, workers, ws)
	}
	return -1
}
