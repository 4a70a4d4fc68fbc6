package tk

import (
	"math"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

// Settings of boxQPInterior.
const (
	ipmMaxIter = 80
	ipmTol     = 1e-10 // relative duality gap and residual
)

// boxQPInterior minimises f(α) = ½αᵀQα − eᵀα over the box 0 ≤ α ≤ C,
// Q_ij = y_i y_j K_ij (the dual of the SVM without bias: the inner problem
// of J(P) for γ = 0), by a primal–dual interior-point method with
// Mehrotra's predictor–corrector (Nocedal & Wright 2006, Algorithm 16.4,
// for bound constraints): with multipliers z ≥ 0 of α ≥ 0 and s ≥ 0 of
// α ≤ C, each step solves
//
//	(Q + Z/A + S/(C − A)) Δα = r
//
// by Cholesky (LAPACK's dpotrf), a matrix that is positive definite even when K(P) is
// singular. It needs 20–40 factorisations whatever C is, where the
// coordinate steps of SMO converge only linearly in the condition number
// of K(P) and take millions of steps at large C (Heart, C = 10⁴). It stops
// when the complementarity (αᵀz + (C − α)ᵀs) and the dual residual
// ‖Qα − e − z + s‖∞ are below ipmTol relative to max(1, |f|) and to
// max(1, ‖e‖∞ + ‖z‖∞ + ‖s‖∞), and returns α with ok = false if it does not
// get there in ipmMaxIter steps.
func boxQPInterior(K *mat.SymDense, y, C []float64) (alpha []float64, ok bool) {
	m := len(y)
	Q := mat.NewSymDense(m, nil)
	for i := 0; i < m; i++ {
		for j := i; j < m; j++ {
			Q.SetSym(i, j, y[i]*y[j]*K.At(i, j))
		}
	}
	a := make([]float64, m)
	z := make([]float64, m)
	s := make([]float64, m)
	for i := range a {
		a[i] = C[i] / 2
	}
	g := mat.NewVecDense(m, nil)
	av := mat.NewVecDense(m, a)
	g.MulVec(Q, av)
	for i := range z {
		gi := g.AtVec(i) - 1
		z[i] = max(gi, 0) + 1
		s[i] = max(-gi, 0) + 1
	}
	rd := make([]float64, m)
	dA, dZ, dS := make([]float64, m), make([]float64, m), make([]float64, m)
	H := mat.NewSymDense(m, nil)
	var T blas64.Triangular // Cholesky factor of H (LAPACK's, without the condition estimate of mat.Cholesky)
	sol := make([]float64, m)
	// solveDir solves the Newton system for the complementarity targets
	// t1 = α∘z + …, t2 = (C − α)∘s + … (as residuals to cancel).
	solveDir := func(c1, c2 []float64) bool {
		for i := 0; i < m; i++ {
			sol[i] = -rd[i] + c1[i]/a[i] - c2[i]/(C[i]-a[i])
		}
		lapack64.Potrs(T, blas64.General{Rows: m, Cols: 1, Stride: 1, Data: sol})
		for i := 0; i < m; i++ {
			if math.IsNaN(sol[i]) || math.IsInf(sol[i], 0) {
				return false
			}
			dA[i] = sol[i]
			dZ[i] = (c1[i] - z[i]*dA[i]) / a[i]
			dS[i] = (c2[i] + s[i]*dA[i]) / (C[i] - a[i])
		}
		return true
	}
	stepLen := func() (float64, float64) {
		ap, ad := 1.0, 1.0
		for i := 0; i < m; i++ {
			if dA[i] < 0 {
				ap = min(ap, -a[i]/dA[i])
			} else if dA[i] > 0 {
				ap = min(ap, (C[i]-a[i])/dA[i])
			}
			if dZ[i] < 0 {
				ad = min(ad, -z[i]/dZ[i])
			}
			if dS[i] < 0 {
				ad = min(ad, -s[i]/dS[i])
			}
		}
		return ap, ad
	}
	c1, c2 := make([]float64, m), make([]float64, m)
	for it := 0; it < ipmMaxIter; it++ {
		g.MulVec(Q, av)
		var f, gap, rmax, scale float64
		for i := 0; i < m; i++ {
			gi := g.AtVec(i) - 1
			f += a[i] * (g.AtVec(i)/2 - 1)
			rd[i] = gi - z[i] + s[i]
			rmax = max(rmax, math.Abs(rd[i]))
			scale = max(scale, 1+z[i]+s[i])
			gap += a[i]*z[i] + (C[i]-a[i])*s[i]
		}
		if gap <= ipmTol*max(1, math.Abs(f)) && rmax <= ipmTol*scale {
			return a, true
		}
		mu := gap / float64(2*m)
		H.CopySym(Q)
		for i := 0; i < m; i++ {
			H.SetSym(i, i, H.At(i, i)+z[i]/a[i]+s[i]/(C[i]-a[i]))
		}
		var pd bool
		if T, pd = lapack64.Potrf(H.RawSymmetric()); !pd {
			return a, false
		}
		// Predictor (affine scaling): targets 0.
		for i := 0; i < m; i++ {
			c1[i] = -a[i] * z[i]
			c2[i] = -(C[i] - a[i]) * s[i]
		}
		if !solveDir(c1, c2) {
			return a, false
		}
		ap, ad := stepLen()
		var gapAff float64
		for i := 0; i < m; i++ {
			na := a[i] + ap*dA[i]
			gapAff += na*(z[i]+ad*dZ[i]) + (C[i]-na)*(s[i]+ad*dS[i])
		}
		sigma := math.Pow(gapAff/gap, 3)
		// Corrector with centring σμ and the second-order terms.
		for i := 0; i < m; i++ {
			c1[i] = sigma*mu - a[i]*z[i] - dA[i]*dZ[i]
			c2[i] = sigma*mu - (C[i]-a[i])*s[i] + dA[i]*dS[i]
		}
		if !solveDir(c1, c2) {
			return a, false
		}
		ap, ad = stepLen()
		ap, ad = min(1, 0.995*ap), min(1, 0.995*ad)
		for i := 0; i < m; i++ {
			a[i] += ap * dA[i]
			z[i] += ad * dZ[i]
			s[i] += ad * dS[i]
		}
	}
	return a, false
}
