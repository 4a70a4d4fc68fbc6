package tk

import (
	"math"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// TestFactoredMatchesBasis checks K(P) and M(β) of the factored form
// (kernel.TK.PairFactors) against the definition: K(P)_kl = ⟨P, G(x_k,
// x_l)⟩ entry by entry from kernel.TK.Basis and, on a few pairs, against
// the defining integral (eq. 7, kernel.TK.Quadrature), and M(β)_ab = ½Σ_kl β_kβ_l
// (G_ab + G_ba)(x_k, x_l) summed over all pairs from the same Basis, for
// degrees 1 and 2 (where classes with several monomials meet: bilinear
// pairs of every kind), with sparse β (zero weights skipped), and the
// identity ⟨P, M(β)⟩ = βᵀK(P)β. Both are the same under GOMAXPROCS 1 and
// 2, and P and β are not modified.
func TestFactoredMatchesBasis(t *testing.T) {
	for _, c := range []struct{ m, n, d int }{{11, 3, 1}, {9, 2, 2}, {7, 1, 1}} {
		p := testProblem(t, c.m, c.n, c.d, 1, true, 1<<30, true)
		if p.fz == nil {
			t.Fatalf("%+v: not on the factored path", c)
		}
		pb := testProblem(t, c.m, c.n, c.d, 1, true, 1<<30, false)
		P := randSpectraplex(p.w, p.w, 1, uint64(c.m))
		P0 := mat.NewSymDense(p.w, nil)
		P0.CopySym(P)
		r := klearn.NewRand(uint64(c.d))
		beta := make([]float64, p.m)
		for i := range beta {
			if i%3 != 1 {
				beta[i] = r.NormFloat64()
			}
		}
		beta0 := append([]float64(nil), beta...)
		t1 := p.tk
		t1.P = P
		K := p.gram(P)
		M := p.moment(beta)
		scale := 0.0
		for k := 0; k < p.m; k++ {
			for l := 0; l < p.m; l++ {
				G := t1.Basis(p.X.RawRowView(k), p.X.RawRowView(l))
				want := 0.0
				for a := 0; a < p.w; a++ {
					for b := 0; b < p.w; b++ {
						want += P.At(a, b) * G.At(a, b)
					}
				}
				scale = max(scale, math.Abs(want))
				if got := K.At(k, l); math.Abs(got-want) > 1e-13*(1+math.Abs(want)) {
					t.Fatalf("%+v: K(P)_%d,%d = %.17g, ⟨P, G⟩ = %.17g", c, k, l, got, want)
				}
			}
		}
		Mw := mat.NewSymDense(p.w, nil)
		for k := 0; k < p.m; k++ {
			for l := 0; l < p.m; l++ {
				G := t1.Basis(p.X.RawRowView(k), p.X.RawRowView(l))
				for a := 0; a < p.w; a++ {
					for b := a; b < p.w; b++ {
						Mw.SetSym(a, b, Mw.At(a, b)+beta[k]*beta[l]*(G.At(a, b)+G.At(b, a))/2)
					}
				}
			}
		}
		for a := 0; a < p.w; a++ {
			for b := a; b < p.w; b++ {
				if got, want := M.At(a, b), Mw.At(a, b); math.Abs(got-want) > 1e-12*(1+math.Abs(want)) {
					t.Fatalf("%+v: M(β)_%d,%d = %.17g, from the definition %.17g", c, a, b, got, want)
				}
			}
		}
		// The defining integral (eq. 7) by quadrature, on a few pairs.
		if c.n <= 2 {
			for _, kl := range [][2]int{{0, 0}, {0, 3}, {2, 5}} {
				want, err := t1.Quadrature(p.X.RawRowView(kl[0]), p.X.RawRowView(kl[1]), false)
				if err != nil {
					t.Fatal(err)
				}
				if got := K.At(kl[0], kl[1]); math.Abs(got-want) > 1e-10*(1+math.Abs(want)) {
					t.Fatalf("%+v: K(P)_%d,%d = %.15g, quadrature %.15g", c, kl[0], kl[1], got, want)
				}
			}
		}
		// The basis path agrees (to round-off: the sums are ordered differently).
		if !mat.EqualApprox(K, pb.gram(P), 1e-13*(1+scale)) || !mat.EqualApprox(M, pb.moment(beta), 1e-12*(1+mat.Norm(M, math.Inf(1)))) {
			t.Errorf("%+v: factored and basis paths differ", c)
		}
		bv := mat.NewVecDense(p.m, beta)
		if got, want := frob(t, P, M), mat.Inner(bv, K, bv); math.Abs(got-want) > 1e-11*(1+math.Abs(want)) {
			t.Errorf("%+v: ⟨P, M⟩ = %v, βᵀKβ = %v", c, got, want)
		}
		if !mat.Equal(P, P0) || !floats.Equal(beta, beta0) {
			t.Fatalf("%+v: inputs modified", c)
		}
		prev := runtime.GOMAXPROCS(1)
		K1, M1 := p.gram(P), p.moment(beta)
		runtime.GOMAXPROCS(prev)
		if !mat.Equal(K, K1) || !mat.Equal(M, M1) {
			t.Errorf("%+v: results depend on GOMAXPROCS", c)
		}
	}
}
