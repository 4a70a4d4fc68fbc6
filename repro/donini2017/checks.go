package donini2017

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/kernelab/kernelab/repro/donini2017/protocol"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/metrics"
	"github.com/kernelab/kernelab/klearn/mkl/easymkl"
	"github.com/kernelab/kernelab/klearn/mkl/hpk"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/repro"
)

// randUnit returns n random rows of R^m scaled to unit norm (signed
// entries), for the checks that need no data set.
func randUnit(n, m int, rng interface{ NormFloat64() float64 }) *mat.Dense {
	X := mat.NewDense(n, m, nil)
	for i := 0; i < n; i++ {
		var s float64
		for j := 0; j < m; j++ {
			v := rng.NormFloat64()
			X.Set(i, j, v)
			s += v * v
		}
		for j := 0; j < m; j++ {
			X.Set(i, j, X.At(i, j)/math.Sqrt(s))
		}
	}
	return X
}

func maxAbsDiff(A, B mat.Matrix) float64 {
	r, c := A.Dims()
	var e float64
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			e = math.Max(e, math.Abs(A.At(i, j)-B.At(i, j)))
		}
	}
	return e
}

// CauchyPrinted returns the Cauchy coefficients as printed in Table 1,
// a_s = s!!/(3^{s+1}γ^s)/s!, kept to show that they do not reproduce the
// Cauchy kernel.
func CauchyPrinted(gamma float64, S int) kernel.DPP {
	a := make([]float64, S+1)
	for s := 0; s <= S; s++ {
		df := 1.0
		for k := s; k > 1; k -= 2 {
			df *= float64(k)
		}
		a[s] = df / (math.Pow(3, float64(s+1)) * math.Pow(gamma, float64(s))) / math.Gamma(float64(s+1))
	}
	return kernel.DPP{Coef: a}
}

// CheckTable1 compares the dot-product-polynomial coefficients of Table 1
// (corrected; truncated at degree 100) with the closed-form RBF,
// rational-quadratic, Cauchy and polynomial kernels on unit vectors, and
// reports the error of the printed RBF, RQ and Cauchy rules beside.
func CheckTable1(seed uint64) (repro.Claim, error) {
	X := randUnit(30, 5, klearn.NewRand(seed))
	const S = 100
	type rule struct {
		name          string
		closed        kernel.Kernel
		good, printed func() (kernel.DPP, error)
	}
	rules := []rule{
		{"RBF", kernel.RBF{Gamma: 1}, func() (kernel.DPP, error) { return kernel.DPPRBF(1, S) }, func() (kernel.DPP, error) { return kernel.DPPRBFPaperTypo(1, S) }},
		{"RQ", kernel.RationalQuadratic{C: 1}, func() (kernel.DPP, error) { return kernel.DPPRationalQuadratic(1, S) }, func() (kernel.DPP, error) { return kernel.DPPRationalQuadraticPaperTypo(1, S) }},
		{"Cauchy", kernel.RationalQuadratic{C: 1}, func() (kernel.DPP, error) { return kernel.DPPCauchy(1, S) }, func() (kernel.DPP, error) { return CauchyPrinted(1, S), nil }},
		{"poly", kernel.Polynomial{Degree: 4, Gamma: 1, Coef0: 1}, func() (kernel.DPP, error) { return kernel.DPPPolynomial(4, 1) }, func() (kernel.DPP, error) { return kernel.DPPPolynomial(4, 1) }},
	}
	var errs []ruleError
	for _, ru := range rules {
		g, err := ru.good()
		if err != nil {
			return repro.Claim{}, err
		}
		p, err := ru.printed()
		if err != nil {
			return repro.Claim{}, err
		}
		K, err := kernel.Gram(ru.closed, X)
		if err != nil {
			return repro.Claim{}, err
		}
		Kg, err := kernel.Gram(g, X)
		if err != nil {
			return repro.Claim{}, err
		}
		Kp, err := kernel.Gram(p, X)
		if err != nil {
			return repro.Claim{}, err
		}
		errs = append(errs, ruleError{name: ru.name, printed: maxAbsDiff(K, Kp), corrected: maxAbsDiff(K, Kg)})
	}
	return table1Claim(errs), nil
}

// ruleError is one kernel of Table 1: the largest error of its printed and
// of its corrected coefficients against the closed form.
type ruleError struct {
	name               string
	printed, corrected float64
}

// table1Claim decides Table 1 from the errors of its rules (criterion
// table1): corrected where a printed rule fails and its correction holds.
func table1Claim(rules []ruleError) repro.Claim {
	tol := criterion("table1").Tol.Abs
	var parts []repro.Part
	for _, r := range rules {
		parts = append(parts, repro.CorrectedCheck(r.name, r.printed < tol, r.corrected < tol, fmt.Sprintf("max |error|: printed rule %.2g, corrected %.1e", r.printed, r.corrected)))
	}
	return repro.Claim{ID: "Table 1", Kind: repro.Theorem, Statement: "the DPP coefficients of the RBF, rational-quadratic, Cauchy and polynomial kernels reproduce the kernels on the unit sphere",
		Paper: "coefficients as printed", Tolerance: fmt.Sprintf("max |error| < %g on 30 unit vectors", tol),
		Reason: "a rule misses its closed form even when corrected"}.Decide(parts...)
}

func joinStr(p []string) string {
	s := ""
	for i, v := range p {
		if i > 0 {
			s += "; "
		}
		s += v
	}
	return s
}

// CheckTheorem1 checks Schoenberg's condition (Theorem 1) on random unit
// vectors: dot-product polynomials with non-negative coefficients give
// positive semi-definite Gram matrices, and f(t) = 1 − t (a_1 = −1) does not
// (on two orthogonal unit vectors its Gram matrix is [[0,1],[1,0]]).
func CheckTheorem1(seed uint64) (repro.Claim, error) {
	rng := klearn.NewRand(seed)
	X := randUnit(30, 5, rng)
	worst := math.Inf(1)
	for t := 0; t < 5; t++ {
		a := make([]float64, 8)
		for s := range a {
			a[s] = rng.Float64()
		}
		K, err := kernel.Gram(kernel.DPP{Coef: a}, X)
		if err != nil {
			return repro.Claim{}, err
		}
		l, err := kernel.MinEigen(K)
		if err != nil {
			return repro.Claim{}, err
		}
		worst = math.Min(worst, l)
	}
	neg, err := kernel.MinEigen(mat.NewSymDense(2, []float64{0, 1, 1, 0}))
	if err != nil {
		return repro.Claim{}, err
	}
	return theorem1Claim(worst, neg), nil
}

// theorem1Claim decides Theorem 1 from the smallest eigenvalue of the
// non-negative DPPs' Gram matrices (worst) and that of f(t) = 1 − t on two
// orthogonal unit vectors (neg, −1 in closed form).
func theorem1Claim(worst, neg float64) repro.Claim {
	return repro.Claim{ID: "Theorem 1", Kind: repro.Theorem,
		Statement: "f(x·z) is a kernel on the unit sphere iff f has non-negative Maclaurin coefficients",
		Paper:     "proof (Schoenberg)", Tolerance: fmt.Sprintf("λ_min ≥ −%g; the counterexample's λ_min = −1 to %g", EigenTol, ExactTol),
		Reason: "a non-negative DPP gave an indefinite Gram matrix, or f(t) = 1 − t a PSD one"}.Decide(repro.Check("Theorem 1", worst > -EigenTol && math.Abs(neg+1) < ExactTol,
		fmt.Sprintf("λ_min ≥ %.2g for 5 random DPPs with a_s ≥ 0; λ_min = %.0f for f(t) = 1 − t", worst, neg)))
}

// CheckTheorem2 checks Theorem 2 on r = 6 generic points of R^6 (a cosine
// kernel of rank 6): every one of the 2^r − 2 non-trivial labellings is
// separated, ρ² = min_{γ∈Γ} γᵀYKYγ (KOMD with λ = 0) is positive and at
// least (1/L₊ + 1/L₋)λ_min, the bound in the proof.
func CheckTheorem2(seed uint64) (repro.Claim, error) {
	const r = 6
	rng := klearn.NewRand(seed)
	X := mat.NewDense(r, r, nil)
	for i := 0; i < r; i++ {
		for j := 0; j < r; j++ {
			X.Set(i, j, rng.NormFloat64())
		}
	}
	K, err := hpk.CosineGram(X)
	if err != nil {
		return repro.Claim{}, err
	}
	lmin, err := kernel.MinEigen(K)
	if err != nil {
		return repro.Claim{}, err
	}
	worst, minF := math.Inf(1), math.Inf(1)
	for lab := 1; lab < 1<<r-1; lab++ {
		y := make([]float64, r)
		np := 0
		for i := range y {
			y[i] = -1
			if lab>>i&1 == 1 {
				y[i] = 1
				np++
			}
		}
		res, err := opt.KOMDQP(K, y, 0, nil)
		if err != nil {
			return repro.Claim{}, err
		}
		bound := (1/float64(np) + 1/float64(r-np)) * lmin
		worst, minF = math.Min(worst, res.F/bound), math.Min(minF, res.F)
	}
	return theorem2Claim(r, lmin, minF, worst), nil
}

// theorem2Claim decides Theorem 2 on r points from the smallest eigenvalue
// of their Gram matrix, the smallest squared margin ρ² over the labellings
// (minF) and the smallest ratio of ρ² to the proof's bound (minRatio).
func theorem2Claim(r int, lmin, minF, minRatio float64) repro.Claim {
	return repro.Claim{ID: "Theorem 2", Kind: repro.Theorem,
		Statement: "a kernel matrix of rank r has r examples that every labelling separates",
		Paper:     "proof", Tolerance: fmt.Sprintf("λ_min > %g; ρ² ≥ bound·(1 − %g) > 0", RankTol, QPRel), Reason: "a labelling was not separated with the margin of the proof"}.Decide(repro.Check("Theorem 2",
		lmin > RankTol && minF > 0 && minRatio >= 1-QPRel,
		fmt.Sprintf("%d labellings of %d points, min ρ²/((1/L₊+1/L₋)λ_min) = %.3f", 1<<r-2, r, minRatio)))
}

// CheckSpectralRatio checks the spectral-ratio facts of §3.1.1 and
// Proposition 1 on random PSD matrices of rank 1, 3, 10 and 40 (L = 40):
// C(K) = Σλ/√Σλ² equals ‖K‖_T/‖K‖_F, 1 ≤ C(K) ≤ √rank, C(3K) = C(K),
// C̄(I) = 1, C̄(11ᵀ) = 0; and αᵀKα ≤ λ₁ ≤ ‖K‖_F for ‖α‖₁ = 1, at the
// vertices ±e_i of the ℓ1 ball (where the convex αᵀKα is largest) and at
// draws random α. It returns the two claims.
func CheckSpectralRatio(seed uint64, draws int) ([]repro.Claim, error) {
	if draws < 1 {
		return nil, klearn.Errorf(klearn.ErrParam, "donini2017: CheckSpectralRatio: draws = %d, want ≥ 1", draws)
	}
	rng := klearn.NewRand(seed)
	const L = 40
	var rows []ratioRow
	var maxQ, maxL1 float64
	for _, rank := range []int{1, 3, 10, 40} {
		G := mat.NewDense(L, rank, nil)
		for i := 0; i < L; i++ {
			for j := 0; j < rank; j++ {
				G.Set(i, j, rng.NormFloat64())
			}
		}
		K := mat.NewSymDense(L, nil)
		K.SymOuterK(1, G)
		c, err := metrics.SpectralRatio(K)
		if err != nil {
			return nil, err
		}
		var eig mat.EigenSym
		if !eig.Factorize(K, false) {
			return nil, klearn.Errorf(klearn.ErrSingular, "donini2017: eigendecomposition failed")
		}
		vals := eig.Values(nil)
		var s1, s2 float64
		for _, l := range vals {
			s1 += l
			s2 += l * l
		}
		var K3 mat.SymDense
		K3.ScaleSym(3, K)
		c3, err := metrics.SpectralRatio(&K3)
		if err != nil {
			return nil, err
		}
		rows = append(rows, ratioRow{rank: rank, c: c, direct: s1 / math.Sqrt(s2), scaled: c3})
		l1 := vals[len(vals)-1]
		fro, err := metrics.FrobeniusNorm(K)
		if err != nil {
			return nil, err
		}
		maxL1 = math.Max(maxL1, l1/fro)
		// The convex αᵀKα is largest on the ℓ1 ball at a vertex ±e_i.
		for i := 0; i < L; i++ {
			maxQ = math.Max(maxQ, K.At(i, i)/l1)
		}
		a := mat.NewVecDense(L, nil)
		for t := 0; t < draws; t++ {
			var s float64
			for i := 0; i < L; i++ {
				v := rng.NormFloat64()
				a.SetVec(i, v)
				s += math.Abs(v)
			}
			a.ScaleVec(1/s, a)
			maxQ = math.Max(maxQ, mat.Inner(a, K, a)/l1)
		}
	}
	I, O := identityAndOnes(L)
	cI, err := metrics.StandardizedSpectralRatio(I)
	if err != nil {
		return nil, err
	}
	cO, err := metrics.StandardizedSpectralRatio(O)
	if err != nil {
		return nil, err
	}
	return []repro.Claim{spectralRatioClaim(rows, cI, cO), proposition1Claim(draws, maxQ, maxL1)}, nil
}

// ratioRow is the spectral ratio C(K) of one random PSD matrix of rank
// rank, Σλ/√Σλ² from its eigenvalues (direct) and C(3K) (scaled).
type ratioRow struct {
	rank              int
	c, direct, scaled float64
}

// spectralRatioClaim decides §3.1.1 from the ratios of the random
// matrices and the standardised ratios of I (cI, 1 in closed form) and
// 11ᵀ (cO, 0).
func spectralRatioClaim(rows []ratioRow, cI, cO float64) repro.Claim {
	ok := math.Abs(cI-1) < ExactTol && math.Abs(cO) < ExactTol
	var ranks []string
	for _, r := range rows {
		ok = ok && math.Abs(r.c-r.direct) < CheckRel && r.c >= 1-ExactTol && r.c <= math.Sqrt(float64(r.rank))+CheckRel && math.Abs(r.scaled-r.c) < ExactTol
		ranks = append(ranks, fmt.Sprint(r.rank))
	}
	return repro.Claim{ID: "§3.1.1 spectral ratio", Kind: repro.Theorem,
		Statement: "1 ≤ C(K) ≤ √rank K, C(αK) = C(K), C̄(I) = 1, C̄(11ᵀ) = 0 (Eqs. (3)–(4))",
		Paper:     "derivation", Tolerance: fmt.Sprintf("%g; closed forms %g", CheckRel, ExactTol), Reason: "a spectral-ratio identity fails"}.Decide(repro.Check("§3.1.1 spectral ratio", ok,
		fmt.Sprintf("rank %s (L = 40); C̄(I) = %.3f, C̄(11ᵀ) = %.3f", strings.Join(ranks, ", "), cI, cO)))
}

// proposition1Claim decides Proposition 1 from the largest αᵀKα/λ₁ over
// the ℓ1 ball's vertices and draws random α per matrix (maxQ) and the
// largest λ₁/‖K‖_F (maxL1).
func proposition1Claim(draws int, maxQ, maxL1 float64) repro.Claim {
	return repro.Claim{ID: "Proposition 1", Kind: repro.Theorem,
		Statement: "αᵀKα ≤ λ₁ ≤ ‖K‖_F for ‖α‖₁ = 1",
		Paper:     "proof", Tolerance: fmt.Sprintf("relative %g", ExactTol), Reason: "a random α exceeded λ₁, or λ₁ exceeded ‖K‖_F"}.Decide(repro.Check("Proposition 1",
		maxQ <= 1+ExactTol && maxL1 <= 1+ExactTol,
		fmt.Sprintf("the vertices ±e_i and %d random α per matrix; max αᵀKα/λ₁ = %.3f", draws, maxQ)))
}

// CheckRademacher checks Theorems 3 and 4 by Monte Carlo over draws
// Rademacher vectors σ on the HPKs of degree 0..D of X: Theorem 4,
// R̂(F) = (2/(L‖K‖_F))E_σ max_j |(Kσ)_j| ≤ (2/L)√C(K) for
// F = {x_j ↦ Σ_i α_i K_ij/‖K‖_F : ‖α‖₁ = 1}; Theorem 3 (ball of radius 1),
// (2/L)E_σ √(σᵀKσ) ≤ (2/L)√‖K‖_T, allowing 3 Monte Carlo standard errors.
func CheckRademacher(X mat.Matrix, D, draws int, seed uint64) ([]repro.Claim, error) {
	if draws < 2 || D < 0 {
		return nil, klearn.Errorf(klearn.ErrParam, "donini2017: CheckRademacher: D = %d, draws = %d", D, draws)
	}
	fam, err := hpk.Family{D: D}.Grams(X)
	if err != nil {
		return nil, err
	}
	L := fam[0].SymmetricDim()
	rng := klearn.NewRand(seed)
	var t3, t4 []mcBound
	sig := mat.NewVecDense(L, nil)
	var Ks mat.VecDense
	for _, K := range fam {
		fro, err := metrics.FrobeniusNorm(K)
		if err != nil {
			return nil, err
		}
		c, err := metrics.SpectralRatio(K)
		if err != nil {
			return nil, err
		}
		var sumMax, sumSqrt, sumSq float64
		for t := 0; t < draws; t++ {
			for i := 0; i < L; i++ {
				sig.SetVec(i, float64(2*rng.IntN(2)-1))
			}
			Ks.MulVec(K, sig)
			sumMax += mat.Norm(&Ks, math.Inf(1))
			q := math.Max(0, mat.Dot(sig, &Ks))
			sumSqrt += math.Sqrt(q)
			sumSq += q
		}
		n := float64(draws)
		t4 = append(t4, mcBound{est: 2 / (float64(L) * fro) * sumMax / n, bound: 2 / float64(L) * math.Sqrt(c)})
		mean := sumSqrt / n
		t3 = append(t3, mcBound{est: mean, bound: math.Sqrt(mat.Trace(K)), se: math.Sqrt(math.Max(0, sumSq/n-mean*mean) / n)})
	}
	return rademacherClaims(D, draws, t3, t4), nil
}

// mcBound is a Monte Carlo estimate, its standard error and the bound a
// theorem puts on it, for one kernel.
type mcBound struct{ est, se, bound float64 }

// rademacherClaims decides Theorems 3 and 4 on the HPKs of degree 0…D
// from draws Rademacher vectors: Theorem 3's estimates may exceed their
// bounds by MCStdErrs standard errors, Theorem 4's (whose ratio to the
// bound is reported) may not exceed them.
func rademacherClaims(D, draws int, t3, t4 []mcBound) []repro.Claim {
	ok3, ok4 := true, true
	maxRatio := 0.0
	for _, b := range t3 {
		ok3 = ok3 && b.est <= b.bound+MCStdErrs*b.se
	}
	for _, b := range t4 {
		ok4 = ok4 && b.est <= b.bound
		maxRatio = math.Max(maxRatio, b.est/b.bound)
	}
	return []repro.Claim{
		repro.Claim{ID: "Theorem 3", Kind: repro.Theorem,
			Statement: "R̂(F_B) ≤ (2B/L)√‖K‖_T",
			Paper:     "proof (Shawe-Taylor & Cristianini)", Tolerance: fmt.Sprintf("+%d Monte Carlo s.e.", MCStdErrs), Reason: "the Monte Carlo estimate exceeds the bound"}.Decide(repro.Check("Theorem 3", ok3,
			fmt.Sprintf("HPKs of degree 0…%d, %d Rademacher draws", D, draws))),
		repro.Claim{ID: "Theorem 4", Kind: repro.Theorem,
			Statement: "R̂(F) ≤ (2/L)√C(K) for the ℓ1-bounded class normalised by ‖K‖_F",
			Paper:     "proof", Tolerance: "estimate ≤ bound", Reason: "the Monte Carlo estimate exceeds the bound"}.Decide(repro.Check("Theorem 4", ok4,
			fmt.Sprintf("HPKs of degree 0…%d, %d draws; max estimate/bound = %.3f", D, draws, maxRatio))),
	}
}

// CheckMEB checks §3.1.3 and the combination bound of §3.2: r̃(K) ≤ r*(K)
// for the HPKs of degree 0..D of X, equality at 11ᵀ (0) and I_L (1 − 1/L),
// and r*(Σ η_s K_s) ≤ Σ η_s r*(K_s) for trials random η in the simplex
// (Do et al. 2009). r* is the squared radius (opt.MEB).
func CheckMEB(X mat.Matrix, D, trials int, seed uint64) ([]repro.Claim, error) {
	const L = 50
	I, O := identityAndOnes(L)
	rI, err := protocol.MEBRadius2(I)
	if err != nil {
		return nil, err
	}
	rO, err := protocol.MEBRadius2(O)
	if err != nil {
		return nil, err
	}
	tI, _ := metrics.MEBRadiusApprox(I)
	tO, _ := metrics.MEBRadiusApprox(O)
	excess := math.Inf(-1)
	fam, err := hpk.Family{D: D}.Grams(X)
	if err != nil {
		return nil, err
	}
	rs := make([]float64, len(fam))
	for d, K := range fam {
		if rs[d], err = protocol.MEBRadius2(K); err != nil {
			return nil, err
		}
		t, err := metrics.MEBRadiusApprox(K)
		if err != nil {
			return nil, err
		}
		excess = math.Max(excess, t-rs[d])
	}
	rng := klearn.NewRand(seed)
	worst := math.Inf(-1)
	for t := 0; t < trials; t++ {
		eta := make([]float64, len(fam))
		var s, comb float64
		for i := range eta {
			eta[i] = rng.ExpFloat64()
			s += eta[i]
		}
		for i := range eta {
			eta[i] /= s
			comb += eta[i] * rs[i]
		}
		Kc, err := kernel.Combine(eta, fam)
		if err != nil {
			return nil, err
		}
		r2, err := protocol.MEBRadius2(Kc)
		if err != nil {
			return nil, err
		}
		worst = math.Max(worst, r2-comb)
	}
	return []repro.Claim{mebClaim(D, L, [2]float64{rI, tI}, [2]float64{rO, tO}, excess), combinationClaim(trials, worst)}, nil
}

// mebClaim decides §3.1.3 from r* and r̃ of I_L (at, in closed form,
// 1 − 1/L both) and of 11ᵀ (ones, 0 both), and the largest r̃ − r* over
// the HPKs of degree 0…D (excess).
func mebClaim(D, L int, at, ones [2]float64, excess float64) repro.Claim {
	want := 1 - 1/float64(L)
	ok := math.Abs(at[0]-want) < SolverTol && math.Abs(at[1]-want) < ExactTol && math.Abs(ones[0]) < SolverTol && math.Abs(ones[1]) < ExactTol && excess <= CheckRel
	return repro.Claim{ID: "§3.1.3 MEB", Kind: repro.Theorem,
		Statement: "r̃(K) ≤ r*(K), with equality for 11ᵀ and I_L",
		Paper:     "derivation", Tolerance: fmt.Sprintf("r* to %g, r̃ to %g, r̃ ≤ r* + %g", SolverTol, ExactTol, CheckRel), Reason: "r̃ exceeds r* or an extreme differs"}.Decide(repro.Check("§3.1.3 MEB", ok,
		fmt.Sprintf("HPKs of degree 0…%d; r*(I_%d) = %.4f, r*(11ᵀ) = %.1e", D, L, at[0], ones[0])))
}

// combinationClaim decides the radius of a combination from the largest
// r*(K_η) − Σ η_s r*(K_s) over trials random η.
func combinationClaim(trials int, worst float64) repro.Claim {
	return repro.Claim{ID: "§3.2 radius of a combination", Kind: repro.Theorem,
		Statement: "r*(Σ η_s K_s) ≤ Σ η_s r*(K_s) (Do et al. 2009)",
		Paper:     "cited result", Tolerance: fmt.Sprint(SolverTol), Reason: "a combination has a larger radius"}.Decide(repro.Check("§3.2 radius of a combination", worst <= SolverTol,
		fmt.Sprintf("%d random η; max r*(K_η) − Σ η_s r*_s = %.2g", trials, worst)))
}

// CheckFrobenius checks §3.2's Frobenius decomposition
// ‖Σ η_s K_s‖_F² = Σ_{s,t} η_s η_t ⟨K_s, K_t⟩_F for EasyMKL's η on the HPKs
// of degree 0..D of (X, y), and the claimed sandwich
// ‖K_D‖_F ≤ ‖K_MKL‖_F ≤ ‖K_0‖_F: the upper bound holds, the lower one does
// not in general (x₂ = −x₁, D = 1, η = (½, ½) gives ‖K_1‖_F = 2 > √2). The
// sandwich claim is therefore NotReproduced, with the counterexample.
func CheckFrobenius(X mat.Matrix, y []float64, D int) ([]repro.Claim, error) {
	fam, err := hpk.Family{D: D}.Grams(X)
	if err != nil {
		return nil, err
	}
	m, err := easymkl.Learner{Lambda: 0.1}.FitGrams(fam, y)
	if err != nil {
		return nil, err
	}
	w := m.Weights()
	Km, err := kernel.Combine(w, fam)
	if err != nil {
		return nil, err
	}
	ms := make([]mat.Matrix, len(fam))
	for s, K := range fam {
		ms[s] = K
	}
	F, err := metrics.FrobeniusGram(ms...)
	if err != nil {
		return nil, err
	}
	var cst float64
	for s := range fam {
		for t := range fam {
			cst += w[s] * w[t] * F.At(s, t)
		}
	}
	fm, _ := metrics.FrobeniusNorm(Km)
	fD, _ := metrics.FrobeniusNorm(fam[len(fam)-1])
	f0, _ := metrics.FrobeniusNorm(fam[0])
	x := mat.NewDense(2, 3, []float64{1, 0, 0, -1, 0, 0})
	f2, err := hpk.Family{D: 1}.Grams(x)
	if err != nil {
		return nil, err
	}
	Kc, err := kernel.Combine([]float64{0.5, 0.5}, f2)
	if err != nil {
		return nil, err
	}
	c1, _ := metrics.FrobeniusNorm(f2[1])
	cc, _ := metrics.FrobeniusNorm(Kc)
	c0, _ := metrics.FrobeniusNorm(f2[0])
	return []repro.Claim{decompositionClaim(D, fm, cst), sandwichClaim([3]float64{fD, fm, f0}, [3]float64{c1, cc, c0})}, nil
}

// decompositionClaim decides §3.2's decomposition from ‖K_MKL‖_F (fm) on
// K_D and the double sum Σ_{s,t} η_s η_t ⟨K_s, K_t⟩_F (sum).
func decompositionClaim(D int, fm, sum float64) repro.Claim {
	return repro.Claim{ID: "§3.2 Frobenius decomposition", Kind: repro.Theorem,
		Statement: "‖Σ η_s K_s‖_F² = Σ_{s,t} η_s η_t ⟨K_s, K_t⟩_F",
		Paper:     "identity", Tolerance: fmt.Sprintf("relative %g", CheckRel), Reason: "the identity fails"}.Decide(repro.Check("§3.2 Frobenius decomposition", math.Abs(fm*fm-sum) <= CheckRel*sum,
		fmt.Sprintf("EasyMKL's η on K_%d: %.6g vs %.6g", D, fm*fm, sum)))
}

// sandwichClaim decides §3.2's sandwich from ‖K_D‖_F, ‖K_MKL‖_F and
// ‖K_0‖_F on the data (data) and on the counterexample x₂ = −x₁, D = 1,
// η = (½, ½) (counter: ‖K_1‖_F, ‖K_η‖_F, ‖K_0‖_F): it holds only if both
// orderings do, and the counterexample breaks the lower bound.
func sandwichClaim(data, counter [3]float64) repro.Claim {
	fD, fm, f0 := data[0], data[1], data[2]
	c1, cc, c0 := counter[0], counter[1], counter[2]
	return repro.Claim{ID: "§3.2 Frobenius sandwich", Kind: repro.Statement,
		Statement: "‖K_D‖_F ≤ ‖K_MKL‖_F ≤ ‖K_0‖_F for any η",
		Paper:     "stated for any η", Tolerance: "for every η", Reason: "the lower bound is false in general (counterexample x₂ = −x₁); the upper bound holds by the triangle inequality"}.Decide(repro.Check("§3.2 Frobenius sandwich",
		c1 <= cc && fD <= fm && fm <= f0 && cc <= c0,
		fmt.Sprintf("holds for EasyMKL's η on the data (%.1f ≤ %.1f ≤ %.1f); x₂ = −x₁, η = (½, ½): ‖K_1‖_F = %.3f > ‖K_η‖_F = %.3f ≤ ‖K_0‖_F = %.3f", fD, fm, f0, c1, cc, c0)))
}

// CheckProposition2 checks that the spectral ratio of the normalised HPKs
// of degree 0..D of each cosine matrix grows with the degree.
func CheckProposition2(cos map[string]*mat.SymDense, D int) (repro.Claim, error) {
	ratios := map[string][]float64{}
	for _, name := range sortedKeys(cos) {
		src, err := hpk.Family{D: D}.Source(cos[name])
		if err != nil {
			return repro.Claim{}, err
		}
		if err := src.Each(func(d int, K *mat.SymDense) error {
			c, err := metrics.SpectralRatio(K)
			ratios[name] = append(ratios[name], c)
			return err
		}); err != nil {
			return repro.Claim{}, err
		}
	}
	return proposition2Claim(ratios), nil
}

// proposition2Claim decides Proposition 2 from C(K_0), …, C(K_D) of each
// data set.
func proposition2Claim(ratios map[string][]float64) repro.Claim {
	var parts []string
	ok := true
	for _, name := range sortedKeys(ratios) {
		prev := 0.0
		for _, c := range ratios[name] {
			ok = ok && c >= prev-CheckRel
			prev = c
		}
		parts = append(parts, fmt.Sprintf("%s C(K_%d) = %.2f", name, len(ratios[name])-1, prev))
	}
	return repro.Claim{ID: "Proposition 2", Kind: repro.Theorem,
		Statement: "the spectral ratio of normalised HPKs increases with the degree",
		Paper:     "proof", Tolerance: fmt.Sprintf("C(K_d) ≥ C(K_{d−1}) − %g", CheckRel), Reason: "a degree lowered the spectral ratio"}.Decide(repro.Check("Proposition 2", ok,
		joinStr(parts)))
}

// CheckEq12 checks the incremental computation (12), K_{d+1} = K_d ∘ K_1,
// for d < D on the rows of X (elementwise product of Gram matrices built
// independently with the HPK kernel).
func CheckEq12(X mat.Matrix, D int) (repro.Claim, error) {
	fam, err := hpk.Family{D: D}.Grams(X)
	if err != nil {
		return repro.Claim{}, err
	}
	K1, err := hpk.CosineGram(X)
	if err != nil {
		return repro.Claim{}, err
	}
	n := K1.SymmetricDim()
	worst := 0.0
	for d := 0; d < D; d++ {
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				worst = math.Max(worst, math.Abs(fam[d+1].At(i, j)-fam[d].At(i, j)*K1.At(i, j)))
			}
		}
	}
	// Independent truth: the Gram of the explicit HPK (cosine^{D}).
	KD := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			KD.SetSym(i, j, math.Pow(K1.At(i, j), float64(D)))
		}
	}
	worst = math.Max(worst, maxAbsDiff(KD, fam[D]))
	return eq12Claim(D, n, worst), nil
}

// eq12Claim decides Eq. (12) from the largest gap over d < D and n points.
func eq12Claim(D, n int, worst float64) repro.Claim {
	return repro.Claim{ID: "Eq. (12)", Kind: repro.Theorem,
		Statement: "K_{d+1} = K_d ∘ K_1 (incremental HPKs)",
		Paper:     "identity", Tolerance: fmt.Sprint(ExactTol), Reason: "the identity fails"}.Decide(repro.Check("Eq. (12)", worst < ExactTol,
		fmt.Sprintf("d = 0…%d on %d points: max |K_{d+1} − K_d∘K_1| = %.1e", D-1, n, worst)))
}

// MaxMin is the outcome of the EasyMKL relaxation check of §2.1 for one
// family of kernels.
type MaxMin struct {
	Kernels int
	// Exact is max over the grid on {η ≥ 0, ‖η‖₂ = 1} of
	// min_{γ∈Γ} (1−λ)γᵀY K_η Yγ + λ‖γ‖²; EtaExact its maximiser.
	Exact    float64
	EtaExact []float64
	// Bound is EasyMKL's upper bound min_γ (1−λ)Σ_s d_s(γ) + λ‖γ‖² (the KOMD
	// value on the sum kernel); AtEasy is the inner min at EasyMKL's η*
	// scaled to ‖η*‖₂ = 1.
	Bound, AtEasy float64
	EtaEasy       []float64
	// DirErr is max_s |η*_s/‖η*‖₂ − d_s(γ*)/‖d(γ*)‖₂|.
	DirErr float64
}

// EasyMKLMaxMin solves the exact max–min of Eq. (1) of EasyMKL by a grid of
// grid points per angle on the positive part of the unit sphere (2 or 3
// kernels) and compares it with EasyMKL's relaxation: the bound
// ‖d‖₂ ≤ ‖d‖₁ makes min_γ (1−λ)‖d(γ)‖₁ + λ‖γ‖² an upper bound of the exact
// value, and EasyMKL's η* = d(γ*)/‖d(γ*)‖₂ is feasible, so
// AtEasy ≤ Exact ≤ Bound (up to the grid and the solver's tolerance).
func EasyMKLMaxMin(Ks []*mat.SymDense, y []float64, lambda float64, grid int) (MaxMin, error) {
	R := len(Ks)
	if R < 2 || R > 3 || grid < 2 {
		return MaxMin{}, klearn.Errorf(klearn.ErrParam, "donini2017: EasyMKLMaxMin: %d kernels and grid %d, want 2–3 kernels and grid ≥ 2", R, grid)
	}
	set := &opt.Settings{Tol: 1e-10}
	inner := func(eta []float64) (float64, error) {
		K, err := kernel.Combine(eta, Ks)
		if err != nil {
			return 0, err
		}
		res, err := opt.KOMDQP(K, y, lambda, set)
		if err != nil {
			return 0, err
		}
		return res.F, nil
	}
	out := MaxMin{Kernels: R, Exact: math.Inf(-1)}
	try := func(eta []float64) error {
		v, err := inner(eta)
		if err != nil {
			return err
		}
		if v > out.Exact {
			out.Exact, out.EtaExact = v, append([]float64(nil), eta...)
		}
		return nil
	}
	for a := 0; a < grid; a++ {
		th := math.Pi / 2 * float64(a) / float64(grid-1)
		if R == 2 {
			if err := try([]float64{math.Cos(th), math.Sin(th)}); err != nil {
				return MaxMin{}, err
			}
			continue
		}
		for b := 0; b < grid; b++ {
			ph := math.Pi / 2 * float64(b) / float64(grid-1)
			if err := try([]float64{math.Cos(th), math.Sin(th) * math.Cos(ph), math.Sin(th) * math.Sin(ph)}); err != nil {
				return MaxMin{}, err
			}
		}
	}
	m, err := easymkl.Learner{Lambda: lambda, Settings: set.Value()}.FitGrams(Ks, y)
	if err != nil {
		return MaxMin{}, err
	}
	w := m.Weights()
	var nw, nd float64
	for s := range w {
		nw += w[s] * w[s]
		nd += m.D[s] * m.D[s]
	}
	nw, nd = math.Sqrt(nw), math.Sqrt(nd)
	out.EtaEasy = make([]float64, R)
	for s := range w {
		out.EtaEasy[s] = w[s] / nw
		out.DirErr = math.Max(out.DirErr, math.Abs(out.EtaEasy[s]-m.D[s]/nd))
	}
	if out.AtEasy, err = inner(out.EtaEasy); err != nil {
		return MaxMin{}, err
	}
	if err := try(out.EtaEasy); err != nil {
		return MaxMin{}, err
	}
	out.Bound = m.SumResult.F
	return out, nil
}

// CheckEasyMKLMaxMin runs EasyMKLMaxMin on HPK degrees {1, 2} and {1, 2, 3}
// of (X, y) with λ = 0.1 and turns the outcome into a claim: the exact
// value is below EasyMKL's bound,
// η* = d(γ*)/‖d(γ*)‖₂ and EasyMKL's η* is at most the exact value (it is
// feasible). The gap between the two is reported, not judged: the paper
// states no size for it.
func CheckEasyMKLMaxMin(X mat.Matrix, y []float64, grid int) (repro.Claim, []MaxMin, error) {
	fam, err := hpk.Family{D: 3}.Grams(X)
	if err != nil {
		return repro.Claim{}, nil, err
	}
	var outs []MaxMin
	for _, Ks := range [][]*mat.SymDense{fam[1:3], fam[1:4]} {
		r, err := EasyMKLMaxMin(Ks, y, 0.1, grid)
		if err != nil {
			return repro.Claim{}, nil, err
		}
		outs = append(outs, r)
	}
	return maxMinClaim(outs), outs, nil
}

// maxMinClaim decides §2.1 from the max–min of each family of kernels.
func maxMinClaim(outs []MaxMin) repro.Claim {
	ok := true
	var parts []string
	for _, r := range outs {
		gap := (r.Exact - r.AtEasy) / r.Exact
		ok = ok && r.Exact <= r.Bound*(1+QPRel) && r.AtEasy <= r.Exact && r.DirErr < CheckRel
		parts = append(parts, fmt.Sprintf("%d kernels: exact %.4g, EasyMKL's η* %.4g (gap %.2f %%), bound %.4g", r.Kernels, r.Exact, r.AtEasy, 100*gap, r.Bound))
	}
	return repro.Claim{ID: "§2.1 EasyMKL max–min", Kind: repro.Theorem,
		Statement: "EasyMKL maximises an upper bound of the max–min margin (‖d‖₂ ≤ ‖d‖₁) with η* = d(γ*)/‖d(γ*)‖₂",
		Paper:     "derivation", Tolerance: fmt.Sprintf("EasyMKL's value ≤ exact ≤ bound·(1 + %g); direction to %g (the gap is reported)", QPRel, CheckRel), Reason: "the bound fails or η* is not d/‖d‖"}.Decide(repro.Check("§2.1 EasyMKL max–min", ok,
		joinStr(parts)))
}

// LogLogSlope is the least-squares slope of log y against log x.
func LogLogSlope(x, y []float64) float64 {
	lx, ly := make([]float64, len(x)), make([]float64, len(y))
	for i := range x {
		lx[i], ly[i] = math.Log(x[i]), math.Log(y[i])
	}
	_, b := stat.LinearRegression(lx, ly, nil, false)
	return b
}

// CheckAlgorithm1 turns the convergence curve into a claim: the log–log
// slope is within Alg1RateSlack of Alg1Rate (the Monte Carlo rate
// steps^{−1/2}).
func CheckAlgorithm1(pts []protocol.Alg1Point, D int) repro.Claim {
	var x, y []float64
	var parts []string
	for _, p := range pts {
		x, y = append(x, float64(p.Steps)), append(y, p.RelErr)
		parts = append(parts, fmt.Sprintf("%d: %.3f", p.Steps, p.RelErr))
	}
	if len(pts) < 2 {
		return repro.NotRunClaim("Algorithm 1", repro.Diagnostic, "Q_D converges to K_D as the number of steps grows", "fewer than two step counts")
	}
	sl := LogLogSlope(x, y)
	lo, hi := Alg1Rate-Alg1RateSlack, Alg1Rate+Alg1RateSlack
	return repro.Claim{ID: "Algorithm 1", Kind: repro.Diagnostic,
		Statement: "Q_D is an unbiased random approximation of K_D that converges as the steps grow",
		Paper:     "stated (§4)", Tolerance: fmt.Sprintf("slope in [%g, %g]", lo, hi), Reason: "the error does not fall like steps^{−1/2}"}.Decide(repro.Check("Algorithm 1", sl >= lo && sl <= hi,
		fmt.Sprintf("degree %d, ‖K^(Q) − K‖_F/‖K‖_F by steps: %s; slope %.2f", D, joinStr(parts), sl)))
}

func sortedKeys[V any](m map[string]V) []string {
	var k []string
	for s := range m {
		k = append(k, s)
	}
	sort.Strings(k)
	return k
}

func runChecks(cfg Config) (ChecksResult, error) {
	var out ChecksResult
	add := func(c repro.Claim, err error) error {
		if err == nil {
			out.Checks = append(out.Checks, c)
		}
		return err
	}
	adds := func(cs []repro.Claim, err error) error {
		if err == nil {
			out.Checks = append(out.Checks, cs...)
		}
		return err
	}
	if err := add(CheckTable1(cfg.Seed)); err != nil {
		return ChecksResult{}, err
	}
	if err := add(CheckTheorem1(cfg.Seed + 1)); err != nil {
		return ChecksResult{}, err
	}
	if err := add(CheckTheorem2(cfg.Seed + 2)); err != nil {
		return ChecksResult{}, err
	}
	if err := adds(CheckSpectralRatio(cfg.Seed+3, cfg.Draws)); err != nil {
		return ChecksResult{}, err
	}
	Xi, yi, _, err := protocol.LoadUnitAll("Ionosphere", cfg, 0)
	if err != nil {
		return ChecksResult{}, err
	}
	if err := adds(CheckRademacher(Xi, 10, cfg.Draws, cfg.Seed+4)); err != nil {
		return ChecksResult{}, err
	}
	Xh, yh, _, err := protocol.LoadUnitAll("Heart", cfg, 0)
	if err != nil {
		return ChecksResult{}, err
	}
	if err := adds(CheckMEB(Xh, 8, 10, cfg.Seed+5)); err != nil {
		return ChecksResult{}, err
	}
	if err := adds(CheckFrobenius(Xh, yh, 8)); err != nil {
		return ChecksResult{}, err
	}
	if err := add(CheckEq12(Xh, 10)); err != nil {
		return ChecksResult{}, err
	}
	cos := map[string]*mat.SymDense{}
	for _, n := range cfg.Prop2Data {
		_, _, K, err := protocol.LoadUnitAll(n, cfg, 500)
		if err != nil {
			return ChecksResult{}, err
		}
		cos[n] = K
	}
	if err := add(CheckProposition2(cos, cfg.Prop2D)); err != nil {
		return ChecksResult{}, err
	}
	// The max–min check on 40 Ionosphere rows (a seeded subset, both classes).
	idx := klearn.NewRand(cfg.Seed + 6).Perm(len(yi))[:40]
	Xmm, err := klearn.Rows(Xi, idx)
	if err != nil {
		return ChecksResult{}, err
	}
	ymm, err := klearn.Take(yi, idx)
	if err != nil {
		return ChecksResult{}, err
	}
	c, mm, err := CheckEasyMKLMaxMin(Xmm, ymm, cfg.MaxMinGrid)
	if err != nil {
		return ChecksResult{}, err
	}
	out.Checks, out.MaxMin = append(out.Checks, c), mm
	if cfg.Mode == "quick" {
		sub := checkSubsets(cfg)
		for i := range out.Checks {
			out.Checks[i].Quick = sub[out.Checks[i].ID]
		}
	}
	return out, nil
}

// checkSubsets returns, for the checks that cfg runs on less than full
// mode does (protocol.Full), the subset they are decided on; the other
// checks run the same in every mode.
func checkSubsets(cfg Config) map[string]repro.Subset {
	full := protocol.Full()
	out := map[string]repro.Subset{}
	if cfg.Draws < full.Draws {
		d := repro.Subset{N: cfg.Draws, M: full.Draws, Of: "random draws per matrix"}
		out["Proposition 1"], out["Theorem 3"], out["Theorem 4"] = d, d, d
	}
	if len(cfg.Prop2Data) < len(full.Prop2Data) || cfg.Prop2D < full.Prop2D {
		out["Proposition 2"] = repro.Subset{N: len(cfg.Prop2Data), M: len(full.Prop2Data), Of: fmt.Sprintf("data sets, up to degree %d (full: %d)", cfg.Prop2D, full.Prop2D)}
	}
	if cfg.MaxMinGrid < full.MaxMinGrid {
		out["§2.1 EasyMKL max–min"] = repro.Subset{N: cfg.MaxMinGrid, M: full.MaxMinGrid, Of: "grid points per angle"}
	}
	return out
}

// identityAndOnes returns I_L and 11ᵀ, the two Grams at which the
// spectral ratio and the MEB radius have closed forms (C̄(I) = 1, C̄(11ᵀ) = 0;
// r*(I) = 1 − 1/L, r*(11ᵀ) = 0).
func identityAndOnes(L int) (I, O *mat.SymDense) {
	I = mat.NewSymDense(L, nil)
	O = mat.NewSymDense(L, nil)
	for i := 0; i < L; i++ {
		I.SetSym(i, i, 1)
		for j := i; j < L; j++ {
			O.SetSym(i, j, 1)
		}
	}
	return I, O
}
