package cortes2009

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/nkrr"
	"github.com/kernelab/kernelab/klearn/modelsel"
	"github.com/kernelab/kernelab/klearn/preprocess"
	"github.com/kernelab/kernelab/repro"
)

// SmallProblem returns the test problem of the proposition checks: every
// fourth of the first 200 sonar returns (both classes) and features 1–p,
// scaled and centred, labels ±1 centred, λ = 1, degree 2. Errors: p outside
// [1, 60] (ErrParam), sonar not available.
func SmallProblem(p int) (nkrr.Problem, error) {
	rows := make([]int, 50)
	for i := range rows {
		rows[i] = 4 * i
	}
	return sonarProblem(p, rows)
}

// sonarProblem is the NKRR objective on the given sonar rows and features
// 1–p (scaled and centred over all rows), labels ±1 centred, λ = 1, d = 2.
func sonarProblem(p int, rows []int) (nkrr.Problem, error) {
	d, err := load(DataSets[2])
	if err != nil {
		return nkrr.Problem{}, err
	}
	if rows == nil {
		rows = make([]int, len(d.Y))
		for i := range rows {
			rows[i] = i
		}
	}
	all := make([]int, len(d.Y))
	for i := range all {
		all[i] = i
	}
	Z, err := preprocess.ScaleCenter(d.X, all)
	if err != nil {
		return nkrr.Problem{}, err
	}
	n, nf := Z.Dims()
	if p < 1 || p > nf {
		return nkrr.Problem{}, klearn.Errorf(klearn.ErrParam, "cortes2009: %d features of sonar's %d", p, nf)
	}
	X, err := modelsel.Rows(Z.Slice(0, n, 0, p), rows)
	if err != nil {
		return nkrr.Problem{}, fmt.Errorf("cortes2009: sonar rows: %w", err)
	}
	Ks, err := kernel.FeatureGrams(X)
	if err != nil {
		return nkrr.Problem{}, err
	}
	yr, err := modelsel.Take(d.Y, rows)
	if err != nil {
		return nkrr.Problem{}, fmt.Errorf("cortes2009: sonar rows: %w", err)
	}
	y, _, err := preprocess.CenterLabels(yr)
	if err != nil {
		return nkrr.Problem{}, fmt.Errorf("cortes2009: sonar labels: %w", err)
	}
	return nkrr.Problem{Ks: Ks, Y: y, Lambda: 1, Degree: 2}, nil
}

func randMu(r interface{ Float64() float64 }, p int, scale float64) []float64 {
	mu := make([]float64, p)
	for k := range mu {
		mu[k] = scale * r.Float64()
	}
	return mu
}

// Prop1 checks Proposition 1 (Eq. (11)): the gradient −2αᵀU_kα against
// central finite differences at random μ ≥ 0, and ∇F ≤ 0.
func Prop1(pr nkrr.Problem, trials int, seed uint64) (repro.Claim, error) {
	r := klearn.NewRand(seed)
	p := len(pr.Ks)
	worst, maxG := 0.0, math.Inf(-1)
	for t := 0; t < trials; t++ {
		mu := randMu(r, p, 2)
		_, g, err := pr.Gradient(mu)
		if err != nil {
			return repro.Claim{}, err
		}
		for k := range mu {
			h := 1e-5
			mp, mm := append([]float64(nil), mu...), append([]float64(nil), mu...)
			mp[k] += h
			mm[k] -= h
			fp, err1 := pr.Objective(mp)
			fm, err2 := pr.Objective(mm)
			if err1 != nil || err2 != nil {
				return repro.Claim{}, fmt.Errorf("cortes2009: Prop1: %v %v", err1, err2)
			}
			fd := (fp - fm) / (2 * h)
			worst = math.Max(worst, math.Abs(fd-g[k])/math.Max(1e-12, math.Abs(g[k])+math.Abs(fd)))
			maxG = math.Max(maxG, g[k])
		}
	}
	ok := worst <= TolProp && maxG <= 0
	return repro.CheckClaim("Prop. 1", repro.Theorem, "∂F/∂μ_k = −2αᵀU_kα ≤ 0 (Eq. (11))", "exact",
		fmt.Sprintf("worst rel. error %.1e vs finite differences, max ∂F/∂μ_k = %.2e over %d μ", worst, maxG, trials),
		"≤ 1e-6, ≤ 0", ok, ""), nil
}

// Prop2 checks Proposition 2: F(μ) ≤ ‖y‖²/λ = F(0) for random μ ≥ 0, and the
// identity μᵀ∇F = −2αᵀK_μα (Eq. (13) with the factor −2 the print omits).
func Prop2(pr nkrr.Problem, trials int, seed uint64) (repro.Claim, error) {
	r := klearn.NewRand(seed)
	bound := 0.0
	for _, v := range pr.Y {
		bound += v * v
	}
	bound /= pr.Lambda
	maxF, worst := math.Inf(-1), 0.0
	for t := 0; t < trials; t++ {
		mu := randMu(r, len(pr.Ks), 3)
		f, g, err := pr.Gradient(mu)
		if err != nil {
			return repro.Claim{}, err
		}
		maxF = math.Max(maxF, f)
		a, err := pr.Alpha(mu)
		if err != nil {
			return repro.Claim{}, err
		}
		// αᵀK_μα = αᵀ(y − λα) since (K_μ+λI)α = y.
		var lhs, rhs float64
		for k := range mu {
			lhs += mu[k] * g[k]
		}
		for i := range a {
			rhs += a[i] * (pr.Y[i] - pr.Lambda*a[i])
		}
		rhs *= -2
		worst = math.Max(worst, math.Abs(lhs-rhs)/math.Max(1e-12, math.Abs(rhs)))
	}
	ok := maxF <= bound*(1+1e-12) && worst <= TolProp
	return repro.CheckClaim("Prop. 2", repro.Theorem, "F(μ) ≤ ‖y‖²/λ, stationary points maximise F; μᵀ∇F = −2αᵀK_μα",
		fmt.Sprintf("‖y‖²/λ = %.4g", bound), fmt.Sprintf("max F = %.4g over %d μ; identity rel. error %.1e", maxF, trials, worst),
		"F ≤ bound; ≤ 1e-6", ok, ""), nil
}

// Prop3 checks Proposition 3: no interior stationary point, ‖∇F(μ)‖ > 0 at
// random μ > 0.
func Prop3(pr nkrr.Problem, trials int, seed uint64) (repro.Claim, error) {
	r := klearn.NewRand(seed)
	minNorm := math.Inf(1)
	for t := 0; t < trials; t++ {
		mu := randMu(r, len(pr.Ks), 2)
		for k := range mu {
			mu[k] += 1e-3
		}
		_, g, err := pr.Gradient(mu)
		if err != nil {
			return repro.Claim{}, err
		}
		minNorm = math.Min(minNorm, math.Sqrt(dot(g, g)))
	}
	return repro.CheckClaim("Prop. 3", repro.Theorem, "no stationary point with μ > 0 (F not constant)", "‖∇F‖ > 0",
		fmt.Sprintf("min ‖∇F‖ = %.2e over %d interior μ", minNorm, trials), "> 0", minNorm > 0, ""), nil
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// FourIndex evaluates uᵀ∇²F(μ)u for d = 2 by the four-index sum of Eq. (21),
//
//	2·[4 Σ_{i,j,k,l} α_i [S]_ik [S_u]_ik V_kl [S]_lj [S_u]_lj α_j − Σ_{i,j} α_i α_j [S_u]_ij²],
//
// with S = Σ μ_k K_k, S_u = Σ u_k K_k and V = (S∘S + λI)⁻¹: Eq. (19)–(21)
// with the overall factor 2 the print omits, the index order of Eq. (20)
// corrected to [S]_ik[S_u]_ik V_kl [S]_lj[S_u]_lj, and V built on the
// quadratic kernel (the only reading consistent with Eq. (23)). It costs
// O(m⁴): for small m only.
func FourIndex(pr nkrr.Problem, mu, u []float64) (float64, error) {
	S, err := kernel.Combine(mu, pr.Ks)
	if err != nil {
		return 0, err
	}
	Su, err := kernel.Combine(u, pr.Ks)
	if err != nil {
		return 0, err
	}
	a, err := pr.Alpha(mu)
	if err != nil {
		return 0, err
	}
	m := len(a)
	A := mat.NewDense(m, m, nil)
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			s := S.At(i, j)
			A.Set(i, j, s*s)
		}
		A.Set(i, i, A.At(i, i)+pr.Lambda)
	}
	var V mat.Dense
	if err := V.Inverse(A); err != nil {
		return 0, err
	}
	var t1, t2 float64
	for i := 0; i < m; i++ {
		for j := 0; j < m; j++ {
			for k := 0; k < m; k++ {
				for l := 0; l < m; l++ {
					t1 += a[i] * S.At(i, k) * Su.At(i, k) * V.At(k, l) * S.At(l, j) * Su.At(l, j) * a[j]
				}
			}
			su := Su.At(i, j)
			t2 += a[i] * a[j] * su * su
		}
	}
	return 2 * (4*t1 - t2), nil
}

// Prop4 checks the Hessian of Proposition 4 (Eqs. (19)–(21), corrected) on
// a small problem: the direct four-index sum of Eq. (21), the library's
// uᵀ∇²F u, and a second-order central difference of F along u must agree.
func Prop4(pr nkrr.Problem, trials int, seed uint64) (repro.Claim, error) {
	r := klearn.NewRand(seed)
	p := len(pr.Ks)
	worst := 0.0
	for t := 0; t < trials; t++ {
		mu, u := randMu(r, p, 2), randMu(r, p, 1)
		for k := range u {
			u[k] -= 0.5
		}
		four, err := FourIndex(pr, mu, u)
		if err != nil {
			return repro.Claim{}, err
		}
		hq, err := pr.HessianQuad(mu, u)
		if err != nil {
			return repro.Claim{}, err
		}
		H, err := pr.Hessian(mu)
		if err != nil {
			return repro.Claim{}, err
		}
		uH := mat.Inner(mat.NewVecDense(p, u), H, mat.NewVecDense(p, u))
		scale := math.Max(1e-12, math.Abs(four))
		worst = math.Max(worst, math.Max(math.Abs(four-hq), math.Abs(four-uH))/scale)
	}
	return repro.CheckClaim("Prop. 4", repro.Theorem, "Hessian uᵀ∇²F u by the four-index sum of Eq. (21) (corrected: factor 2, V on the quadratic kernel)",
		"Eq. (19)–(21)", fmt.Sprintf("worst rel. gap four-index vs library Hessian %.1e over %d (μ, u), m = %d", worst, trials, len(pr.Y)),
		"≤ 1e-6", worst <= TolProp, ""), nil
}

// PDS checks the claim of Section 2 that K_μ = (Σ μ_k K_k)^{∘d} is positive
// semi-definite for μ ≥ 0: λ_min(K_μ) ≥ −1e−10‖K_μ‖ for random μ, d = 1..4.
func PDS(pr nkrr.Problem, trials int, seed uint64) (repro.Claim, error) {
	r := klearn.NewRand(seed)
	worst := math.Inf(1)
	for d := 1; d <= 4; d++ {
		for t := 0; t < trials; t++ {
			S, err := kernel.Combine(randMu(r, len(pr.Ks), 2), pr.Ks)
			if err != nil {
				return repro.Claim{}, err
			}
			K, err := kernel.HadamardPower(S, d)
			if err != nil {
				return repro.Claim{}, err
			}
			var e mat.EigenSym
			if !e.Factorize(K, false) {
				return repro.Claim{}, fmt.Errorf("cortes2009: PDS: eigendecomposition failed")
			}
			v := e.Values(nil)
			worst = math.Min(worst, v[0]/math.Max(1e-300, math.Abs(v[len(v)-1])))
		}
	}
	return repro.CheckClaim("Sec. 2", repro.Theorem, "K_μ is PDS for μ ≥ 0 (Eqs. (1)–(4))", "λ_min ≥ 0",
		fmt.Sprintf("worst λ_min/λ_max = %.1e over %d μ, d = 1..4", worst, 4*trials), "≥ −1e-10", worst >= -1e-10, ""), nil
}
