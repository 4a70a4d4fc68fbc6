package tk

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/klearntest"
)

// libraryValues returns every entry of the Grams (upper triangles) and the
// cross matrices of one Library call, in order.
func libraryValues(Ks []*mat.SymDense, Kte []*mat.Dense) []float64 {
	var out []float64
	for _, K := range Ks {
		n := K.SymmetricDim()
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				out = append(out, K.At(i, j))
			}
		}
	}
	for _, C := range Kte {
		r, c := C.Dims()
		for i := 0; i < r; i++ {
			for j := 0; j < c; j++ {
				out = append(out, C.At(i, j))
			}
		}
	}
	return out
}

// TestLibraryChunks checks Library's chunked product against the
// independent pair-by-pair evaluation of every kernel (kernel.Gram and
// kernel.Cross of Kernel, each entry ⟨P, G(x, y)⟩ from its own basis
// matrix), at degrees 0, 1 and 2 with and without a margin, on both paths
// (the whole PairBasis in one product or seven pair rows a product; and
// CrossPairBasis chunks of one and five rows): the values agree to 1e-13
// relative, and are bit-identical on every path and chunking, for
// GOMAXPROCS 1 and 2, and to libraryReference, Library as it was at
// 0b105cb (each entry is the same sum over the pairs, in the same order).
// The inputs are not modified.
func TestLibraryChunks(t *testing.T) {
	defer func(b, c int) { libraryBasisBytes, libraryChunkBytes = b, c }(libraryBasisBytes, libraryChunkBytes)
	for _, tc := range []struct {
		degree, n int
		margin    float64
	}{{0, 4, 0.1}, {1, 3, 0}, {1, 3, 0.25}, {2, 2, 0.1}} {
		t.Run(fmt.Sprintf("d=%d,n=%d,eps=%g", tc.degree, tc.n, tc.margin), func(t *testing.T) {
			X := klearntest.RandMatrix(23, tc.n, -1, 3, uint64(tc.degree+1))
			Xte := klearntest.RandMatrix(9, tc.n, -2, 4, uint64(tc.degree+5)) // partly outside the box: clipped
			q, err := kernel.TKSize(tc.n, tc.degree)
			if err != nil {
				t.Fatal(err)
			}
			Ps, err := RandomP(2*q, 4, 11)
			if err != nil {
				t.Fatal(err)
			}
			before := klearntest.Values(X, Xte, Ps)
			np := q * (2*q + 1)
			var ref []float64
			for _, c := range []struct{ basis, chunk int }{
				{32 << 20, 32 << 20},   // the whole PairBasis, one product
				{32 << 20, 7 * 8 * np}, // the whole PairBasis, 7 pairs a product
				{0, 8 * np * 23},       // CrossPairBasis, one row a chunk
				{0, 5 * 8 * np * 23},   // CrossPairBasis, five rows a chunk
			} {
				for _, procs := range []int{1, 2} {
					libraryBasisBytes, libraryChunkBytes = c.basis, c.chunk
					prev := runtime.GOMAXPROCS(procs)
					Ks, Kte, err := Library(X, Xte, tc.degree, tc.margin, Ps)
					runtime.GOMAXPROCS(prev)
					if err != nil {
						t.Fatal(err)
					}
					got := libraryValues(Ks, Kte)
					if ref == nil {
						ref = got
						checkLibraryEntries(t, X, Xte, tc.degree, tc.margin, Ps, Ks, Kte)
						if !klearntest.SameBits(ref, libraryValues(libraryReference(t, X, Xte, tc.degree, tc.margin, Ps))) {
							t.Error("values differ from libraryReference's")
						}
					} else if !klearntest.SameBits(ref, got) {
						t.Errorf("basis bound %d, chunks of %d bytes, GOMAXPROCS %d: values differ from the first run's", c.basis, c.chunk, procs)
					}
				}
			}
			if !klearntest.SameBits(before, klearntest.Values(X, Xte, Ps)) {
				t.Error("Library modified its inputs")
			}
		})
	}
}

// checkLibraryEntries compares Library's Grams and cross matrices with
// kernel.Gram and kernel.Cross of each kernel k_{P^s} to 1e-13 relative.
func checkLibraryEntries(t *testing.T, X, Xte *mat.Dense, degree int, margin float64, Ps []*mat.SymDense, Ks []*mat.SymDense, Kte []*mat.Dense) {
	t.Helper()
	for s, P := range Ps {
		k := marginKernel(X, degree, margin)
		k.TK.P = P
		K, err := kernel.Gram(k, X)
		if err != nil {
			t.Fatal(err)
		}
		C, err := kernel.Cross(k, Xte, X)
		if err != nil {
			t.Fatal(err)
		}
		worst := 0.0
		for _, pr := range [][2]mat.Matrix{{K, Ks[s]}, {C, Kte[s]}} {
			r, c := pr[0].Dims()
			if rr, cc := pr[1].Dims(); rr != r || cc != c {
				t.Fatalf("kernel %d: %d×%d, want %d×%d", s, rr, cc, r, c)
			}
			scale := mat.Norm(pr[0], math.Inf(1)) / float64(c)
			for i := 0; i < r; i++ {
				for j := 0; j < c; j++ {
					worst = max(worst, math.Abs(pr[0].At(i, j)-pr[1].At(i, j))/scale)
				}
			}
		}
		if worst > 1e-13 || math.IsNaN(worst) {
			t.Errorf("kernel %d: Library differs from Gram/Cross by %.3g relative", s, worst)
		}
	}
}

// libraryReference is Library as it was at 0b105cb: the whole PairBasis
// times the matrix of the P^s, and the whole CrossBlocks, copied into one
// matrix, times it (gonum's products).
func libraryReference(t *testing.T, X, Xte *mat.Dense, degree int, margin float64, Ps []*mat.SymDense) ([]*mat.SymDense, []*mat.Dense) {
	t.Helper()
	m, _ := X.Dims()
	kern := marginKernel(X, degree, margin)
	xs := kern.transform(X)
	B, pairs, err := kern.TK.PairBasis(xs)
	if err != nil {
		t.Fatal(err)
	}
	Pm := mat.NewDense(len(pairs), len(Ps), nil)
	for s, P := range Ps {
		for p, ab := range pairs {
			Pm.Set(p, s, P.At(ab.A, ab.B))
		}
	}
	var KV mat.Dense
	KV.Mul(B, Pm)
	Ks := make([]*mat.SymDense, len(Ps))
	for s := range Ks {
		K := mat.NewSymDense(m, nil)
		for k := 0; k < m; k++ {
			for l := k; l < m; l++ {
				K.SetSym(k, l, KV.At(kernel.PairIndex(k, l, m), s))
			}
		}
		Ks[s] = K
	}
	nte, _ := Xte.Dims()
	cb, _, err := kern.TK.CrossBlocks(kern.transform(Xte), xs)
	if err != nil {
		t.Fatal(err)
	}
	CB := mat.NewDense(nte*m, len(pairs), nil)
	for p, C := range cb {
		for i := 0; i < nte; i++ {
			for j := 0; j < m; j++ {
				CB.Set(i*m+j, p, C.At(i, j))
			}
		}
	}
	var CV mat.Dense
	CV.Mul(CB, Pm)
	Kte := make([]*mat.Dense, len(Ps))
	for s := range Kte {
		C := mat.NewDense(nte, m, nil)
		for i := 0; i < nte; i++ {
			for j := 0; j < m; j++ {
				C.Set(i, j, CV.At(i*m+j, s))
			}
		}
		Kte[s] = C
	}
	return Ks, Kte
}

// TestLibraryProduct holds libraryProduct to gonum's product (mat.Dense.Mul)
// bit for bit, on shapes below, at and above the AVX2 kernel's 16 lanes and
// the blocks of 64 rows and inner indices, with zero and negative-zero
// coefficients (skipped, as gonum skips them), for GOMAXPROCS 1 and 2; the
// inputs are not modified. Run with -tags purego for the Go loop.
func TestLibraryProduct(t *testing.T) {
	rng := klearn.NewRand(12)
	for _, sh := range [][3]int{{1, 1, 1}, {3, 5, 17}, {70, 130, 100}, {130, 70, 33}, {65, 64, 16}} {
		rows, np, L := sh[0], sh[1], sh[2]
		T, Pm := mat.NewDense(rows, np, nil), mat.NewDense(np, L, nil)
		for i := 0; i < rows; i++ {
			for j := 0; j < np; j++ {
				switch rng.IntN(6) {
				case 0: // a zero coefficient
				case 1:
					T.Set(i, j, math.Copysign(0, -1))
				default:
					T.Set(i, j, rng.NormFloat64()*math.Pow(10, float64(rng.IntN(7)-3)))
				}
			}
		}
		for i := 0; i < np; i++ {
			for j := 0; j < L; j++ {
				Pm.Set(i, j, rng.NormFloat64())
			}
		}
		before := klearntest.Values(T, Pm)
		var want mat.Dense
		want.Mul(T, Pm)
		for _, procs := range []int{1, 2} {
			prev := runtime.GOMAXPROCS(procs)
			got := libraryProduct(T, Pm)
			runtime.GOMAXPROCS(prev)
			if !klearntest.SameBits(klearntest.Values(&want), klearntest.Values(got)) {
				t.Errorf("%d×%d times %d×%d, GOMAXPROCS %d: differs from gonum's product", rows, np, np, L, procs)
			}
		}
		if !klearntest.SameBits(before, klearntest.Values(T, Pm)) {
			t.Error("libraryProduct modified its inputs")
		}
	}
}
