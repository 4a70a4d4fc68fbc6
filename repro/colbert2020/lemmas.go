package colbert2020

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/integrate/quad"
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/repro"
)

// CheckLemma4 checks Lemma 4 (and eqs. 8–9): (1 + ⟨x, y⟩)^d is the GPK
// Z_d(x)ᵀPZ_d(y) with P the diagonal of multinomial coefficients; GPK Grams
// with random P ⪰ 0 are positive semi-definite; and, for the "only if",
// an indefinite P gives a Gram with a negative eigenvalue on points in
// general position (by Sylvester's law of inertia, Vᵀ P V has as many
// negative eigenvalues as P when V has full row rank).
func CheckLemma4(trials int) (repro.Claim, error) {
	const n, d, m = 3, 3, 40 // q = C(6, 3) = 20 monomials ≤ m points
	X := randPoints(m, n, 4)
	g, err := kernel.GPKPolynomial(n, d)
	if err != nil {
		return repro.Claim{}, err
	}
	KP, err := kernel.Gram(kernel.Polynomial{Degree: d, Gamma: 1, Coef0: 1}, X)
	if err != nil {
		return repro.Claim{}, err
	}
	var D mat.Dense
	D.Sub(g.Gram(X), KP)
	dev := mat.Norm(&D, math.Inf(1)) / mat.Norm(KP, math.Inf(1))
	q := g.P.SymmetricDim()
	worst := math.Inf(1)
	for t := 0; t < trials; t++ {
		K := kernel.GPK{Degree: d, P: randPSD(q, uint64(400+t))}.Gram(X)
		l, err := kernel.MinEigen(K)
		if err != nil {
			return repro.Claim{}, err
		}
		worst = min(worst, l/mat.Norm(K, 2))
	}
	// P ⪰ 0 but for one negative direction: the Gram must show it.
	Pind := randPSD(q, 499)
	Pind.SetSym(0, 0, Pind.At(0, 0)-2)
	Kind := kernel.GPK{Degree: d, P: Pind}.Gram(X)
	lind, err := kernel.MinEigen(Kind)
	if err != nil {
		return repro.Claim{}, err
	}
	lind /= mat.Norm(Kind, 2)
	return lemma4Claim(lemma4{N: n, D: d, M: m, Trials: trials, Form: dev, PSD: worst, Indefinite: lind}), nil
}

// lemma4 holds what CheckLemma4 measures on M points for n and d: the
// relative difference of (1 + xᵀy)^d and its GPK form, the smallest
// λ_min/‖K‖ over Trials random P ⪰ 0, and λ_min/‖K‖ for the indefinite P.
type lemma4 struct {
	N, D, M, Trials       int
	Form, PSD, Indefinite float64
}

// lemma4Claim decides Lemma 4 (criterion "theorems") from l: the form to
// Tolerances.Numeric, the Grams of P ⪰ 0 at least −EigFloor, the
// indefinite P's below −NegativeEig.
func lemma4Claim(l lemma4) repro.Claim {
	holds := l.Form <= Tolerances.Numeric && l.PSD >= -EigFloor && l.Indefinite < -NegativeEig
	return repro.Claim{ID: "Lemma 4", Kind: repro.Theorem,
		Statement: "a polynomial kernel of degree 2d is positive iff it is Z_d(x)ᵀPZ_d(y) with P ⪰ 0",
		Paper:     "(1 + xᵀy)^d has this form; P ⪰ 0 ⇔ positive", Tolerance: fmt.Sprintf("form to %g; λ_min ≥ −%g·‖K‖ for P ⪰ 0, < −%g·‖K‖ for the indefinite P", Tolerances.Numeric, EigFloor, NegativeEig), Reason: "the multinomial form, the PSD Grams or the indefinite counterexample fails"}.Decide(repro.Check("Lemma 4", holds,
		fmt.Sprintf("n = %d, d = %d on %d points: (1 + xᵀy)^d against its GPK %.1g (relative); %d random P ⪰ 0: min λ_min/‖K‖ = %.2g; one indefinite P: λ_min/‖K‖ = %.2g",
			l.N, l.D, l.M, l.Form, l.Trials, l.PSD, l.Indefinite)))
}

// boxIntegral integrates f over the box [lo, hi] by nested r-point
// Gauss–Legendre rules (exact for polynomials of degree ≤ 2r − 1 in each
// coordinate).
func boxIntegral(f func(z []float64) float64, lo, hi []float64, r int) float64 {
	z := make([]float64, len(lo))
	var rec func(k int) float64
	rec = func(k int) float64 {
		if k == len(lo) {
			return f(z)
		}
		return quad.Fixed(func(t float64) float64 { z[k] = t; return rec(k + 1) }, lo[k], hi[k], r, quad.Legendre{}, 0)
	}
	return rec(0)
}

// lemma5 evaluates eq. (13), the piecewise-polynomial form of Lemma 5:
//
//	k(x, y) = ∫_{p*}^b Z(z,x)ᵀQ₁Z(z,y) dz + ∫_x^b Z(z,x)ᵀQ₂Z(z,y) dz
//	        + ∫_y^b Z(z,x)ᵀQ₃Z(z,y) dz + ∫_a^b Z(z,x)ᵀP₂₂Z(z,y) dz,
//
// Q₁ = P₁₁ − P₁₂ − P₂₁ + P₂₂, Q₂ = P₁₂ − P₂₂, Q₃ = P₂₁ − P₂₂, p* = max(x, y),
// each integral over a box on which the integrand is one polynomial.
func lemma5(P *mat.SymDense, d int, a, b, x, y []float64) (float64, error) {
	n := len(x)
	exps, err := kernel.Monomials(2*n, d)
	if err != nil {
		return 0, err
	}
	q := len(exps)
	block := func(i, j int) *mat.Dense { // P_ij, q×q
		B := mat.NewDense(q, q, nil)
		for r := 0; r < q; r++ {
			for c := 0; c < q; c++ {
				B.Set(r, c, P.At(i*q+r, j*q+c))
			}
		}
		return B
	}
	P11, P12, P21, P22 := block(0, 0), block(0, 1), block(1, 0), block(1, 1)
	var Q1, Q2, Q3 mat.Dense
	Q1.Sub(P11, P12)
	Q1.Sub(&Q1, P21)
	Q1.Add(&Q1, P22)
	Q2.Sub(P12, P22)
	Q3.Sub(P21, P22)
	pstar := make([]float64, n)
	for k := range pstar {
		pstar[k] = max(x[k], y[k])
	}
	form := func(M mat.Matrix) func(z []float64) float64 {
		return func(z []float64) float64 {
			zx, _ := kernel.MonomialVector(append(append([]float64(nil), x...), z...), exps)
			zy, _ := kernel.MonomialVector(append(append([]float64(nil), y...), z...), exps)
			return mat.Inner(mat.NewVecDense(q, zx), M, mat.NewVecDense(q, zy))
		}
	}
	r := d + 2
	return boxIntegral(form(&Q1), pstar, b, r) + boxIntegral(form(&Q2), x, b, r) +
		boxIntegral(form(&Q3), y, b, r) + boxIntegral(form(P22), a, b, r), nil
}

// CheckLemma5 checks Lemma 5 and Corollary 13 against the integral that
// defines the kernel. For n ∈ {1, 2}, d ∈ {0, 1, 2} and random P ⪰ 0 on a
// box [a, b], at random pairs of points: the closed form of Corollary 13
// (kernel.TK.Eval), the piecewise form (13) of Lemma 5 and the integral (7)
// with N̂ (kernel.TK.Quadrature) agree. The integral with N as printed in
// eq. (10), whose second block is I_+(x − z), agrees too for n = 1, and
// differs for n = 2: there the lemma holds for N̂ = [Z·I_+(z − x); Z·(1 −
// I_+(z − x))], which our kernel implements.
func CheckLemma5(pairs int) (repro.Claim, error) {
	r := klearn.NewRand(5)
	var devClosed, devN1, diffN2 float64
	diffN2 = math.Inf(1)
	count := 0
	for n := 1; n <= 2; n++ {
		a, b := make([]float64, n), make([]float64, n)
		for k := range a {
			a[k], b[k] = -0.5, 1.5+float64(k)
		}
		for d := 0; d <= 2; d++ {
			q, err := kernel.TKSize(n, d)
			if err != nil {
				return repro.Claim{}, err
			}
			t := kernel.TK{Degree: d, Lower: a, Upper: b, P: randPSD(2*q, uint64(50+10*n+d))}
			for p := 0; p < pairs; p++ {
				x, y := make([]float64, n), make([]float64, n)
				for k := range x {
					x[k], y[k] = a[k]+(b[k]-a[k])*r.Float64(), a[k]+(b[k]-a[k])*r.Float64()
				}
				closed := t.Eval(x, y)
				piece, err := lemma5(t.P, d, a, b, x, y)
				if err != nil {
					return repro.Claim{}, err
				}
				hat, err := t.Quadrature(x, y, false)
				if err != nil {
					return repro.Claim{}, err
				}
				printed, err := t.Quadrature(x, y, true)
				if err != nil {
					return repro.Claim{}, err
				}
				s := math.Abs(closed)
				devClosed = max(devClosed, math.Abs(piece-closed)/s, math.Abs(hat-closed)/s)
				if n == 1 {
					devN1 = max(devN1, math.Abs(printed-closed)/s)
				} else {
					diffN2 = min(diffN2, math.Abs(printed-closed)/s)
				}
				count++
			}
		}
	}
	return lemma5Claim(count, devClosed, devN1, diffN2), nil
}

// lemma5Claim decides Lemma 5 (criterion "theorems") from what CheckLemma5
// measured over count pairs: the largest relative deviation of eq. (13)
// and the integral with N̂ from the closed form, that of the integral with
// the printed N at n = 1, and its smallest at n = 2 (all to
// QuadratureTol). Its reason states which of them missed.
func lemma5Claim(count int, devClosed, devN1, diffN2 float64) repro.Claim {
	detail := fmt.Sprintf("%d pairs (n ≤ 2, d ≤ 2): eq. (13), Corollary 13 and the integral with N̂ agree to %.1g; with the printed N: %.1g at n = 1, at least %.2g apart at n = 2",
		count, devClosed, devN1, diffN2)
	corrected := devClosed <= QuadratureTol && devN1 <= QuadratureTol
	reason := fmt.Sprintf("as printed, N of eq. (10) gives another kernel at n = 2 (at least %.2g apart); with N̂ eq. (13), Corollary 13 and the integral agree to %.1g", diffN2, devClosed)
	if !corrected {
		reason = fmt.Sprintf("eq. (13), Corollary 13 and the integral with N̂ agree only to %.1g; the printed N at n = 1 to %.1g (bound %g)", devClosed, devN1, QuadratureTol)
	}
	return repro.Claim{ID: "Lemma 5", Kind: repro.Theorem, Statement: "k is piecewise polynomial: eq. (13) with Q₁ = P₁₁ − P₁₂ − P₂₁ + P₂₂, Q₂ = P₁₂ − P₂₂, Q₃ = P₂₁ − P₂₂, as is Corollary 13's closed form",
		Paper:     "eq. (13) equals the integral (7) with N of eq. (10)",
		Tolerance: fmt.Sprintf("%g (relative)", QuadratureTol),
		Reason:    reason}.Decide(
		repro.CorrectedCheck("eq. (13) = integral (7)", corrected && diffN2 <= QuadratureTol, corrected, detail))
}

// CheckTheorem6 checks Theorem 6 (continuity) on f(z) = Σ_i c_i k(x_i, z)
// for a TK of degree 1 with P ≻ 0 on [0, 1]², m = 6 points and random c:
// across every tile edge z_j = [x_i]_j, the jump |f(z + h e_j) − f(z − h
// e_j)| shrinks in proportion to h (h = 10⁻³ … 10⁻⁷, so no jump remains),
// while the slope changes there (f is continuous but not C¹, as the paper
// remarks after Lemma 5).
func CheckTheorem6() (repro.Claim, error) {
	const n, d, m = 2, 1, 6
	q, err := kernel.TKSize(n, d)
	if err != nil {
		return repro.Claim{}, err
	}
	P := randPSD(2*q, 66)
	for i := 0; i < 2*q; i++ {
		P.SetSym(i, i, P.At(i, i)+0.05)
	}
	lo, hi := unitBox(n)
	t := kernel.TK{Degree: d, Lower: lo, Upper: hi, P: P}
	X := randPoints(m, n, 6)
	r := klearn.NewRand(60)
	c := make([]float64, m)
	for i := range c {
		c[i] = r.NormFloat64()
	}
	f := func(z []float64) float64 {
		var s float64
		for i := 0; i < m; i++ {
			s += c[i] * t.Eval(X.RawRowView(i), z)
		}
		return s
	}
	hs := []float64{1e-3, 1e-5, 1e-7}
	ratio := make([]float64, len(hs)) // max over edges of jump / h
	var slope float64                 // the largest change of slope across an edge
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			z := []float64{r.Float64(), r.Float64()}
			z[j] = X.At(i, j)
			at := func(dz float64) float64 {
				w := append([]float64(nil), z...)
				w[j] += dz
				return f(w)
			}
			for k, h := range hs {
				ratio[k] = max(ratio[k], math.Abs(at(h)-at(-h))/h)
			}
			const h = 1e-4
			slope = max(slope, math.Abs((at(2*h)-at(h))/h-(at(-h)-at(-2*h))/h))
		}
	}
	return theorem6Claim(m, n, ratio, slope), nil
}

// theorem6Claim decides Theorem 6 (criterion "theorems") from what
// CheckTheorem6 measured across the m·n tile edges of m points in n
// dimensions: the largest jump/h at
// h = 1e-3, 1e-5, 1e-7 and the largest change of slope. Continuous:
// jump/h stays bounded (at most JumpGrowth times its value at the largest
// h, plus JumpSlack) as h shrinks 10⁴-fold, where a jump J would make it
// grow like J/h; not C¹: a slope change above SlopeChange.
func theorem6Claim(m, n int, ratio []float64, slope float64) repro.Claim {
	holds := len(ratio) == 3 && ratio[2] <= JumpGrowth*ratio[0]+JumpSlack && slope > SlopeChange
	detail := fmt.Sprintf("d = 1, n = %d, %d points, across the %d tile edges: max jump/h = %.3g at h = 1e-3, 1e-5, 1e-7; largest change of slope %.3g", n, m, m*n, ratio, slope)
	return repro.Claim{ID: "Theorem 6", Kind: repro.Theorem,
		Statement: "TK kernels and their classifiers Σ c_i k(x_i, z) are continuous",
		Paper:     "continuous (not C¹: the slope may change at the tile edges)",
		Tolerance: fmt.Sprintf("jump/h bounded as h → 0 (≤ %g × its value at h = 1e-3 + %g; a jump J would grow like J/h); a slope change > %g", JumpGrowth, JumpSlack, SlopeChange),
		Reason:    "a jump across a tile edge, or no change of slope"}.Decide(repro.Check("Theorem 6", holds, detail))
}

// CheckTheorem12 checks Theorem 12 (GPK is pointwise dense) by its
// construction: for a kernel matrix K* on m distinct points, the smallest d
// with V = [Z_d(x_1) … Z_d(x_m)] of rank m, M = K*^{1/2}, Q = MV⁺ and
// P = QᵀQ ⪰ 0 give the GPK Gram VᵀPV = K*. K* is Theorem 10's optimal
// matrix yyᵀ for balanced labels and a random full-rank kernel matrix.
func CheckTheorem12() (repro.Claim, error) {
	const n, m = 2, 10
	X := randPoints(m, n, 12)
	y := make([]float64, m)
	for i := range y {
		y[i] = float64(1 - 2*(i%2))
	}
	yyT := mat.NewSymDense(m, nil)
	yyT.SymOuterK(1, mat.NewDense(m, 1, y))
	var worst float64
	deg := -1
	for _, Kstar := range []*mat.SymDense{yyT, randPSD(m, 120)} {
		var P *mat.SymDense
		var err error
		deg, P, err = gpkInterpolant(X, Kstar)
		if err != nil {
			return repro.Claim{}, err
		}
		K := kernel.GPK{Degree: deg, P: P}.Gram(X)
		var D mat.Dense
		D.Sub(K, Kstar)
		worst = max(worst, mat.Norm(&D, math.Inf(1))/mat.Norm(Kstar, math.Inf(1)))
	}
	return theorem12Claim(m, deg, worst), nil
}

// theorem12Claim decides Theorem 12 (criterion "theorems") from what
// CheckTheorem12 measured on m points: the degree d of the interpolant
// and the largest relative error of its Gram against K*, at most
// Tolerances.Numeric.
func theorem12Claim(m, deg int, worst float64) repro.Claim {
	return repro.Claim{ID: "Theorem 12", Kind: repro.Theorem,
		Statement: "for any kernel matrix K* on m points some GPK k has k(x_i, x_j) = K*_ij",
		Paper:     "exists for some d", Tolerance: fmt.Sprint(Tolerances.Numeric), Reason: "the constructed GPK does not reproduce K*"}.Decide(repro.Check("Theorem 12", worst <= Tolerances.Numeric,
		fmt.Sprintf("m = %d points in [0, 1]², K* = yyᵀ and a random K*: d = %d, P = (K*^{1/2}V⁺)ᵀ(K*^{1/2}V⁺); max relative error of the Gram %.1g", m, deg, worst)))
}

// gpkInterpolant returns the smallest degree d whose monomial matrix V
// (q×m) has rank m on the rows of X, and P = QᵀQ with Q = K*^{1/2}V⁺.
func gpkInterpolant(X *mat.Dense, Kstar *mat.SymDense) (int, *mat.SymDense, error) {
	m, n := X.Dims()
	for d := 0; d < 16; d++ {
		exps, err := kernel.Monomials(n, d)
		if err != nil {
			return 0, nil, err
		}
		q := len(exps)
		if q < m {
			continue
		}
		V := mat.NewDense(q, m, nil)
		for i := 0; i < m; i++ {
			z, err := kernel.MonomialVector(X.RawRowView(i), exps)
			if err != nil {
				return 0, nil, err
			}
			V.SetCol(i, z)
		}
		var svd mat.SVD
		if !svd.Factorize(V, mat.SVDNone) {
			return 0, nil, klearn.Errorf(klearn.ErrSingular, "colbert2020: SVD of the monomial matrix failed")
		}
		s := svd.Values(nil)
		if s[m-1] <= EigFloor*s[0] {
			continue // rank < m
		}
		var e mat.EigenSym
		if !e.Factorize(Kstar, true) {
			return 0, nil, klearn.Errorf(klearn.ErrSingular, "colbert2020: eigendecomposition of K* failed")
		}
		vals := e.Values(nil)
		var Ev, U mat.Dense
		e.VectorsTo(&Ev)
		U.CloneFrom(&Ev)
		for k, v := range vals { // M = Ev diag(√λ) Evᵀ
			s := math.Sqrt(max(v, 0))
			for i := 0; i < m; i++ {
				U.Set(i, k, U.At(i, k)*s)
			}
		}
		var M mat.Dense
		M.Mul(&U, Ev.T())
		// Qᵀ solves Vᵀ Qᵀ = M (minimum norm when q > m), i.e. Q = M V⁺.
		var Qt mat.Dense
		if err := Qt.Solve(V.T(), &M); err != nil {
			return 0, nil, klearn.Errorf(klearn.ErrSingular, "colbert2020: Theorem 12's Q: %v", err)
		}
		P := mat.NewSymDense(q, nil)
		P.SymOuterK(1, &Qt)
		return d, P, nil
	}
	return 0, nil, klearn.Errorf(klearn.ErrParam, "colbert2020: no degree below 16 separates the %d points", m)
}

// CheckLanckrietSet checks the remark of Section 2.1: Lanckriet et al.'s
// set {Σ_i μ_i k_i : μ ∈ Rˡ, K ⪰ 0} constrains only the training Gram, so
// its members need not be positive kernels. With k₁, k₂ Gaussians of width
// 1 and 0.35 (k(x, z) = exp(−(x − z)²/σ²)), ten training points 0, 1, …, 9
// and μ = (1, −c), c half of λ_min(K₁)/λ_max(K₂), the training Gram is
// positive definite; the Gram of the same function on the training points
// and 181 more points of [0, 9] has a negative eigenvalue.
func CheckLanckrietSet() (repro.Claim, error) {
	const m, extra = 10, 181
	train := mat.NewDense(m, 1, nil)
	for i := 0; i < m; i++ {
		train.Set(i, 0, float64(i))
	}
	all := mat.NewDense(m+extra, 1, nil)
	all.Slice(0, m, 0, 1).(*mat.Dense).Copy(train)
	for i := 0; i < extra; i++ {
		all.Set(m+i, 0, 9*float64(i)/float64(extra-1))
	}
	k1, k2 := kernel.Gaussian{Sigma: 1}, kernel.Gaussian{Sigma: 0.35}
	gram := func(X *mat.Dense, c float64) (*mat.SymDense, error) {
		K1, err := kernel.Gram(k1, X)
		if err != nil {
			return nil, err
		}
		K2, err := kernel.Gram(k2, X)
		if err != nil {
			return nil, err
		}
		return kernel.Combine([]float64{1, -c}, []*mat.SymDense{K1, K2})
	}
	K1, err := kernel.Gram(k1, train)
	if err != nil {
		return repro.Claim{}, err
	}
	K2, err := kernel.Gram(k2, train)
	if err != nil {
		return repro.Claim{}, err
	}
	l1, err := kernel.MinEigen(K1)
	if err != nil {
		return repro.Claim{}, err
	}
	c := 0.5 * l1 / mat.Norm(K2, 2)
	Ktr, err := gram(train, c)
	if err != nil {
		return repro.Claim{}, err
	}
	Kall, err := gram(all, c)
	if err != nil {
		return repro.Claim{}, err
	}
	ltr, err := kernel.MinEigen(Ktr)
	if err != nil {
		return repro.Claim{}, err
	}
	lall, err := kernel.MinEigen(Kall)
	if err != nil {
		return repro.Claim{}, err
	}
	return lanckrietClaim(c, ltr/mat.Norm(Ktr, 2), lall/mat.Norm(Kall, 2), m, extra), nil
}

// lanckrietClaim decides Section 2.1's remark (criterion "theorems") from
// what CheckLanckrietSet measured for k = k₁ − c k₂: λ_min/‖K‖ on the m
// training points (> 0) and with extra more points (below
// −LanckrietNegative).
func lanckrietClaim(c, train, all float64, m, extra int) repro.Claim {
	holds := train > 0 && all < -LanckrietNegative
	return repro.Claim{ID: "Section 2.1", Kind: repro.Theorem,
		Statement: "a member of Lanckriet et al.'s set (μ ∈ Rˡ, training Gram ⪰ 0) need not be a positive kernel",
		Paper:     "remark, no numbers", Tolerance: fmt.Sprintf("training Gram positive definite, the larger Gram below −%g (relative)", LanckrietNegative), Reason: "the combination is positive on the larger set too"}.Decide(repro.Check("Section 2.1", holds,
		fmt.Sprintf("k = k₁ − %.3g k₂ (Gaussians of width 1 and 0.35): λ_min/‖K‖ = %.2g on the %d training points, %.2g with %d more points", c, train, m, all, extra)))
}
