package kernel

import (
	"github.com/kernelab/kernelab/internal/parallel"
	"github.com/kernelab/kernelab/klearn"
	"gonum.org/v1/gonum/mat"
)

// PairBasis returns the linear map P ↦ K of P4's SDP (24) as one dense
// matrix: row r = PairIndex(k, l, m) (k ≤ l) holds, for every free entry
// (a ≤ b) of P in the order of the returned pairs, the coefficient of P_ab
// in K_kl — G_aa(x_k, x_l) on the diagonal of P, G_ab(x_k, x_l) +
// G_ba(x_k, x_l) off it — so that K_kl = Σ_p B[r, p]·P_{pairs[p]}. It holds
// the same numbers as GramBlocks, transposed and for k ≤ l only, so that
// K(P) and the quadratic forms βᵀ(∂K/∂P_ab)β are matrix–vector products
// over contiguous rows. Memory is m(m+1)/2 · q(2q+1) floats; the TK's own
// P is ignored.
func (t TK) PairBasis(X mat.Matrix) (*mat.Dense, []TKPair, error) {
	R, e, err := t.basisSetup(X)
	if err != nil {
		return nil, nil, err
	}
	w := 2 * e.q
	m := R.n
	pairs := tkPairs(w)
	np := len(pairs)
	nr := m * (m + 1) / 2
	if b := 8 * float64(nr) * float64(np); b > maxBlockBytes {
		return nil, nil, klearn.Errorf(klearn.ErrParam, "kernel: TK.PairBasis: %d × %d coefficients would take %.3g GiB", nr, np, b/(1<<30))
	}
	out := make([]float64, nr*np)
	parallel.For(m, func(k int) {
		sc := e.scratch()
		for l := k; l < m; l++ {
			e.pairRow(R.row(k), R.row(l), sc, out[PairIndex(k, l, m)*np:][:np])
		}
	})
	return mat.NewDense(nr, np, out), pairs, nil
}

// CrossPairBasis is PairBasis for test×train pairs: row k·n_B + l holds,
// for every free entry (a ≤ b) of P in the order of the returned pairs,
// the coefficient of P_ab in k(a_k, b_l) — the numbers of CrossBlocks,
// laid out by pair of points, so that products with several P run over
// contiguous rows. Memory is n_A·n_B · q(2q+1) floats; the TK's own P is
// ignored.
func (t TK) CrossPairBasis(A, B mat.Matrix) (*mat.Dense, []TKPair, error) {
	RA, RB, e, err := t.crossSetup("CrossPairBasis", A, B)
	if err != nil {
		return nil, nil, err
	}
	pairs := tkPairs(2 * e.q)
	np, nb := len(pairs), RB.n
	out := make([]float64, RA.n*nb*np)
	parallel.For(RA.n, func(k int) {
		sc := e.scratch()
		for l := 0; l < nb; l++ {
			e.pairRow(RA.row(k), RB.row(l), sc, out[(k*nb+l)*np:][:np])
		}
	})
	return mat.NewDense(RA.n*nb, np, out), pairs, nil
}

// PairIndex returns the row of the pair (k, l), k ≤ l < m, in PairBasis:
// pairs are listed row by row of the upper triangle.
func PairIndex(k, l, m int) int { return k*m - k*(k-1)/2 + (l - k) }

// basisSetup validates X and the TK's degree and box (its P is ignored)
// and returns the rows of X with the evaluation tables of the basis.
func (t TK) basisSetup(X mat.Matrix) (rowMajor, *tkEval, error) {
	_, d, err := klearn.CheckMatrix("kernel: X", X)
	if err != nil {
		return rowMajor{}, nil, err
	}
	if err := (TK{Degree: t.Degree, Lower: t.Lower, Upper: t.Upper}).Validate(d); err != nil {
		return rowMajor{}, nil, err
	}
	return rows(X), t.setup(d), nil
}
