package kernel

import (
	"fmt"
	"math"
	"runtime"
	"testing"
)

// naiveProduct is the textbook triple loop Σ_k a_ik b_jk, the reference for
// the blocked product.
func naiveProduct(A, B rowMajor) []float64 {
	out := make([]float64, A.n*B.n)
	for i := 0; i < A.n; i++ {
		for j := 0; j < B.n; j++ {
			var s float64
			for k := 0; k < A.d; k++ {
				s += A.data[i*A.d+k] * B.data[j*B.d+k]
			}
			out[i*B.n+j] = s
		}
	}
	return out
}

// TestProductMatchesNaive checks the packed, blocked A·Bᵀ (and the upper
// triangle of X·Xᵀ) against the triple loop on shapes that exercise every
// edge: row counts that are not multiples of gemm.MR, gemm.NR, tileM or tileN, inner
// dimensions below gemm.KU, not multiples of gemm.KU, and above kcMax (several k
// chunks). The two sums differ only in the order of additions, so they agree
// to round-off: |Δ| ≤ 1e-12·Σ_k |a_ik b_jk| (all data are in [0, 1), so the
// absolute sum is the naive value itself).
func TestProductMatchesNaive(t *testing.T) {
	for _, sh := range []struct{ m, n, d int }{
		{1, 1, 1}, {3, 5, 3}, {7, 9, 5}, {65, 257, 17}, {130, 300, 401}, {70, 7, 803}, {300, 70, 9}, {600, 5, 13},
	} {
		t.Run(fmt.Sprint(sh.m, "x", sh.n, "x", sh.d), func(t *testing.T) {
			A := rows(randMatrix(sh.m, sh.d, 3))
			B := rows(randMatrix(sh.n, sh.d, 4))
			want := naiveProduct(A, B)
			got := make([]float64, sh.m*sh.n)
			product(A, B, false, false, got, sh.n, nil)
			for i, w := range want {
				if math.Abs(got[i]-w) > 1e-12*w+1e-300 {
					t.Fatalf("cross entry %d: got %v want %v", i, got[i], w)
				}
			}
			wantS := naiveProduct(A, A)
			gotS := make([]float64, sh.m*sh.m)
			for i := range gotS {
				gotS[i] = math.NaN() // entries below the diagonal must stay untouched
			}
			product(A, A, true, false, gotS, sh.m, nil)
			for i := 0; i < sh.m; i++ {
				for j := 0; j < sh.m; j++ {
					g, w := gotS[i*sh.m+j], wantS[i*sh.m+j]
					if j < i {
						if !math.IsNaN(g) {
							t.Fatalf("sym entry (%d,%d) below the diagonal written: %v", i, j, g)
						}
						continue
					}
					if math.Abs(g-w) > 1e-12*w+1e-300 {
						t.Fatalf("sym entry (%d,%d): got %v want %v", i, j, g, w)
					}
				}
			}
			// With mirror, the lower triangle is the transpose of the
			// upper one and the upper one is unchanged, bit for bit.
			gotM := make([]float64, sh.m*sh.m)
			for i := range gotM {
				gotM[i] = math.NaN()
			}
			product(A, A, true, true, gotM, sh.m, nil)
			for i := 0; i < sh.m; i++ {
				for j := 0; j < sh.m; j++ {
					w := gotS[min(i, j)*sh.m+max(i, j)]
					if g := gotM[i*sh.m+j]; math.Float64bits(g) != math.Float64bits(w) {
						t.Fatalf("mirrored entry (%d,%d): got %v want %v", i, j, g, w)
					}
				}
			}
		})
	}
}

// TestProductDeterministic checks that the product is bit-identical for
// GOMAXPROCS 1, 2 and 3 (tiles are scheduled dynamically, but every entry is
// computed by the same sequence of operations), and that the symmetric and
// general products agree bit for bit on the upper triangle.
func TestProductDeterministic(t *testing.T) {
	const n, d = 300, 450
	X := rows(randMatrix(n, d, 5))
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var ref []float64
	for _, p := range []int{1, 2, 3} {
		runtime.GOMAXPROCS(p)
		got := make([]float64, n*n)
		product(X, X, true, false, got, n, nil)
		if ref == nil {
			ref = got
			continue
		}
		for i := range got {
			if math.Float64bits(got[i]) != math.Float64bits(ref[i]) {
				t.Fatalf("GOMAXPROCS=%d: entry %d differs: %v vs %v", p, i, got[i], ref[i])
			}
		}
	}
	full := make([]float64, n*n)
	product(X, X, false, false, full, n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			if math.Float64bits(full[i*n+j]) != math.Float64bits(ref[i*n+j]) {
				t.Fatalf("sym and general products differ at (%d,%d)", i, j)
			}
		}
	}
}

// BenchmarkProductXXt times the bare symmetric X·Xᵀ (upper triangle, no
// kernel map) of a 4000×784 matrix.
func BenchmarkProductXXt(b *testing.B) {
	const n, d = 4000, 784
	X := rows(randMatrix(n, d, 1))
	dst := make([]float64, n*n)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		product(X, X, true, false, dst, n, nil)
	}
	fma := float64(n) * float64(n+1) / 2 * d
	b.ReportMetric(fma*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFMA/s")
}

// TestPolynomialPostMatchesPowInt checks the polynomial kernel's row map,
// unrolled for degrees 2 and 3, against powInt(γv + c, d) (the product
// rounded before the addition, never fused) bit for bit on
// values of both signs, tiny, huge (overflowing), zero and non-finite.
func TestPolynomialPostMatchesPowInt(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 1, -1, 0.3, -2.5, 1e-300, 1e155, -1e200, 7e307, math.Inf(1), math.Inf(-1), math.NaN()}
	r := randMatrix(1, 200, 9)
	for j := 0; j < 200; j++ {
		vals = append(vals, (r.At(0, j)-0.5)*float64(j+1))
	}
	for deg := 0; deg <= 5; deg++ {
		for _, p := range []Polynomial{{Degree: deg, Gamma: 0.37, Coef0: 1.5}, {Degree: deg, Gamma: 3, Coef0: 0}} {
			deg, g := p.params(784)
			seg := append([]float64(nil), vals...)
			p.post(784)(0, 0, seg)
			for j, v := range vals {
				want := powInt(float64(g*v)+p.Coef0, deg) // product rounded, as before the unrolling
				if math.Float64bits(seg[j]) != math.Float64bits(want) && !(math.IsNaN(seg[j]) && math.IsNaN(want)) {
					t.Fatalf("%+v at %v: got %v, powInt gives %v", p, v, seg[j], want)
				}
			}
		}
	}
}
