package gemm

import (
	"math"
	"testing"
)

// TestPackedProduct multiplies packed panels with MulTile and compares with
// the triple loop. Entries are small integers, so every partial sum is exact
// in float64 and the two orders of summation must agree to the bit. It also
// checks that PackCols of the transpose gives the same panels as PackRows.
func TestPackedProduct(t *testing.T) {
	for _, c := range []struct{ m, n, k int }{{1, 1, 1}, {3, 5, 2}, {7, 9, 13}, {16, 16, 4}, {5, 21, 8}, {4, 24, 7}} {
		A := make([]float64, c.m*c.k) // m×k, row-major
		B := make([]float64, c.n*c.k) // n×k
		for i := range A {
			A[i] = float64(i%7 - 3)
		}
		for i := range B {
			B[i] = float64(i%5 - 2)
		}
		pa := PackRows[GroupA](A, c.m, c.k, 0, c.k)
		pb := PackRows[GroupB](B, c.n, c.k, 0, c.k)
		// Bᵀ (k×n) packed by columns must equal B packed by rows.
		Bt := make([]float64, c.k*c.n)
		for i := 0; i < c.n; i++ {
			for k := 0; k < c.k; k++ {
				Bt[k*c.n+i] = B[i*c.k+k]
			}
		}
		pc := PackCols(make([]GroupB, 1), Bt, c.n, 0, c.k, 0, c.n)
		if pc.Groups != pb.Groups || len(pc.Data) != len(pb.Data) {
			t.Fatalf("%v: PackCols layout %d×%d, PackRows %d×%d", c, pc.Groups, len(pc.Data), pb.Groups, len(pb.Data))
		}
		for i := range pc.Data {
			if pc.Data[i] != pb.Data[i] {
				t.Fatalf("%v: PackCols group %d = %v, PackRows %v", c, i, pc.Data[i], pb.Data[i])
			}
		}
		// PackColsNeg into a reused buffer full of stale values: the
		// negated panels, with zero padding.
		dirty := make([]GroupB, len(pb.Data)+3)
		for i := range dirty {
			for j := range dirty[i] {
				dirty[i][j] = 7
			}
		}
		pn := PackColsNeg(dirty, Bt, c.n, 0, c.k, 0, c.n)
		for i := range pn.Data {
			for j, v := range pn.Data[i] {
				if v != -pb.Data[i][j] {
					t.Fatalf("%v: PackColsNeg group %d entry %d = %v, want %v", c, i, j, v, -pb.Data[i][j])
				}
			}
		}
		// PackColsAt in two pieces split at a panel boundary, into the
		// same dirty storage: the same panels.
		pp := NewPanels(dirty, c.n, c.k)
		for i := range pp.Data {
			for j := range pp.Data[i] {
				pp.Data[i][j] = 9
			}
		}
		cut := min(c.n, NR*((c.n/NR+1)/2))
		PackColsAt(pp, 0, Bt, c.n, 0, c.k, 0, cut, false)
		PackColsAt(pp, cut/NR, Bt, c.n, 0, c.k, cut, c.n-cut, false)
		for i := range pp.Data {
			if pp.Data[i] != pb.Data[i] {
				t.Fatalf("%v: PackColsAt group %d = %v, PackRows %v", c, i, pp.Data[i], pb.Data[i])
			}
		}
		ip1, jp1 := (c.m+MR-1)/MR, (c.n+NR-1)/NR
		ldb := jp1 * NR
		buf := make([]float64, ip1*MR*ldb)
		MulTile(pa, pb, 0, ip1, 0, jp1, false, buf, ldb)
		for i := 0; i < c.m; i++ {
			for j := 0; j < c.n; j++ {
				var want float64
				for k := 0; k < c.k; k++ {
					want += A[i*c.k+k] * B[j*c.k+k]
				}
				if got := buf[i*ldb+j]; got != want {
					t.Fatalf("%v: C[%d,%d] = %g, want %g", c, i, j, got, want)
				}
			}
		}
	}
}

func TestTiles(t *testing.T) {
	// 130×130 in 64×128 tiles: 3 tile rows × 2 tile columns = 6; upper drops
	// the tile (128, 0), whose columns 0…127 all lie below row 128.
	if got := len(Tiles(130, 130, 64, 128, false)); got != 6 {
		t.Fatalf("full: %d tiles, want 6", got)
	}
	up := Tiles(130, 130, 64, 128, true)
	if len(up) != 5 {
		t.Fatalf("upper: %d tiles, want 5", len(up))
	}
	for _, tl := range up {
		if tl == (Tile{128, 0}) {
			t.Fatalf("upper: tile %v lies below the diagonal", tl)
		}
	}
}

// TestPackRowsLayout checks PackRows and PackRowsAt (on panel ranges, into
// storage full of NaN) against the layout by definition: entry (r, k) of
// panel i at flattened k·w + r, zeros for rows past n and inner indices past
// the chunk.
func TestPackRowsLayout(t *testing.T) {
	for _, c := range []struct{ n, d, k0, k1 int }{{1, 1, 0, 1}, {5, 7, 2, 7}, {9, 13, 0, 13}, {8, 16, 4, 12}, {11, 30, 3, 26}} {
		src := make([]float64, c.n*c.d)
		for i := range src {
			src[i] = float64(i + 1)
		}
		check := func(name string, flat []float64, w, g int) {
			t.Helper()
			for i := range flat {
				ip, rest := i/(g*KU*w), i%(g*KU*w)
				k, r := rest/w, rest%w
				want := 0.0
				if row := ip*w + r; row < c.n && k < c.k1-c.k0 {
					want = src[row*c.d+c.k0+k]
				}
				if flat[i] != want {
					t.Fatalf("%s %v: flat[%d] (panel %d, row %d, k %d) = %v, want %v", name, c, i, ip, r, k, flat[i], want)
				}
			}
		}
		pa := PackRows[GroupA](src, c.n, c.d, c.k0, c.k1)
		var fa []float64
		for _, g := range pa.Data {
			fa = append(fa, g[:]...)
		}
		check("PackRows A", fa, MR, pa.Groups)
		buf := make([]GroupB, 64)
		for i := range buf {
			for j := range buf[i] {
				buf[i][j] = math.NaN()
			}
		}
		pb := NewPanels(buf, c.n, c.k1-c.k0)
		np := (c.n + NR - 1) / NR
		PackRowsAt(pb, np/2, np, src, c.n, c.d, c.k0, c.k1)
		PackRowsAt(pb, 0, np/2, src, c.n, c.d, c.k0, c.k1)
		var fb []float64
		for _, g := range pb.Data {
			fb = append(fb, g[:]...)
		}
		check("PackRowsAt B", fb, NR, pb.Groups)
	}
}

// BenchmarkPackRows packs a 1000×784 matrix (MNIST's width) into A and B
// micro-panels, two k chunks of 392.
func BenchmarkPackRows(b *testing.B) {
	const n, d = 1000, 784
	src := make([]float64, n*d)
	for i := range src {
		src[i] = float64(i)
	}
	pa := NewPanels[GroupA](nil, n, d/2)
	pb := NewPanels[GroupB](nil, n, d/2)
	for b.Loop() {
		for k0 := 0; k0 < d; k0 += d / 2 {
			PackRowsAt(pa, 0, n/MR, src, n, d, k0, k0+d/2)
			PackRowsAt(pb, 0, n/NR, src, n, d, k0, k0+d/2)
		}
	}
}
