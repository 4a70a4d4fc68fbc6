package kernel

import (
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"gonum.org/v1/gonum/mat"
)

// TKFactors is the factored form of PairBasis. By Corollary 13 (eq. 23)
// of Colbert & Peet (2020) every entry of the basis G(x_k, x_l) of TK is a
// monomial product times a factor of the sum σ = γ_i + γ_j of the two
// z-exponents:
//
//	G_{i,j}(x_k, x_l)     = x_k^{δ_i} x_l^{δ_j} c_Q(σ_ij; k, l),
//	G_{i,q+j}(x_k, x_l)   = x_k^{δ_i} x_l^{δ_j} c_R(σ_ij; k, l),
//	G_{q+i,j}(x_k, x_l)   = x_k^{δ_i} x_l^{δ_j} c_Rᵀ(σ_ij; k, l),
//	G_{q+i,q+j}(x_k, x_l) = x_k^{δ_i} x_l^{δ_j} c_S(σ_ij; k, l),
//
// with c_Q = T(p*), c_R = T(x_k) − T(p*), c_Rᵀ = T(x_l) − T(p*) and
// c_S = T(a) − T(x_k) − T(x_l) + T(p*) (T(u) = T(u, b, σ + 1) of eq. 23,
// p* = max(x_k, x_l)). It stores the 4·NSum factors of each pair k ≤ l and
// the q x-monomials of each point: 4·NSum numbers a pair against the
// q(2q + 1) of PairBasis (for degree 1 on n inputs, 2(n + 1)(n + 2)
// against (2n + 1)(4n + 3)), so that K(P) and the moments of P4's SDP (24)
// read a quarter to a third of the memory per pass.
type TKFactors struct {
	// M is the number of points, Q the number of monomials x^δ z^γ.
	M, Q int
	// NClass is the number of distinct z-exponents γ; Class[i] the class
	// of monomial i; DeltaZero[i] reports δ_i = 0 (x^{δ_i} ≡ 1).
	NClass    int
	Class     []int
	DeltaZero []bool
	// NSum is the number of distinct sums σ; Sum[g·NClass + h] the index
	// of γ_g + γ_h.
	NSum int
	Sum  []int
	// XD (M×Q, row-major) holds x_k^{δ_i} of the point clipped to the box.
	XD []float64
	// C holds the factors of pair (k, l), k ≤ l, at row r = PairIndex(k,
	// l, M): C[r·4·NSum + 4s + b] for sum s and block b = 0 (Q), 1 (R),
	// 2 (Rᵀ), 3 (S).
	C []float64
}

// PairFactors returns the factored form of PairBasis(X) (TKFactors). Its
// entries are the very numbers PairBasis multiplies (the same T-products
// and monomials, bit for bit). Memory is m(m+1)/2 · 4·NSum floats; more
// than the limit of PairBasis is refused with ErrParam. The TK's own P is
// ignored.
func (t TK) PairFactors(X mat.Matrix) (*TKFactors, error) {
	R, e, err := t.basisSetup(X)
	if err != nil {
		return nil, err
	}
	m, q := R.n, e.q
	ns := len(e.taSig)
	nr := m * (m + 1) / 2
	if b := 8 * float64(nr) * float64(4*ns); b > maxBlockBytes {
		return nil, klearn.Errorf(klearn.ErrParam, "kernel: TK.PairFactors: %d × %d factors would take %.3g GiB", nr, 4*ns, b/(1<<30))
	}
	f := &TKFactors{M: m, Q: q, NClass: e.ng, Class: append([]int(nil), e.gam...), DeltaZero: make([]bool, q),
		NSum: ns, Sum: make([]int, len(e.sumID)), XD: make([]float64, m*q), C: make([]float64, nr*4*ns)}
	for i := range f.DeltaZero {
		f.DeltaZero[i] = e.doff[i] == e.doff[i+1]
	}
	for k, s := range e.sumID {
		f.Sum[k] = int(s)
	}
	parallel.For(m, func(k int) {
		sc := e.scratch()
		for l := k; l < m; l++ {
			e.sums(R.row(k), R.row(l), sc)
			copy(f.C[PairIndex(k, l, m)*4*ns:][:4*ns], sc.c)
		}
		e.sums(R.row(k), R.row(k), sc)
		copy(f.XD[k*q:(k+1)*q], sc.xd)
	})
	return f, nil
}
