package nkrr

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// checkGrams checks that Ks is a non-empty list of n×n matrices.
func checkGrams(Ks []*mat.SymDense) (int, error) {
	if len(Ks) == 0 {
		return 0, klearn.Errorf(klearn.ErrEmpty, "nkrr: no base kernels")
	}
	n := Ks[0].SymmetricDim()
	for k, K := range Ks {
		if K == nil || K.SymmetricDim() != n {
			return 0, klearn.Errorf(klearn.ErrShape, "nkrr: base kernel %d is not %d×%d", k, n, n)
		}
	}
	return n, nil
}

// Monomials returns the Hadamard monomials K_1^{k_1}∘…∘K_p^{k_p} of the
// base kernels with 0 ≤ k_1 + … + k_p ≤ d, the kernels of the general
// polynomial family of Eq. (1) of Cortes et al. (2009), with their
// exponent vectors (the first, all zero, is the all-ones matrix). Eq. (1)
// is the linear combination of these with μ ≥ 0: Regressor{Degree: 1}
// learns it by FitGrams on them. There are C(p+d, d) of them. Errors: no
// kernels (ErrEmpty), shapes differ (ErrShape), d < 1 (ErrParam), more than
// 10⁵ monomials (ErrParam).
func Monomials(Ks []*mat.SymDense, d int) ([]*mat.SymDense, [][]int, error) {
	n, err := checkGrams(Ks)
	if err != nil {
		return nil, nil, err
	}
	p := len(Ks)
	if d < 1 {
		return nil, nil, klearn.Errorf(klearn.ErrParam, "nkrr: Monomials of degree %d, want ≥ 1", d)
	}
	if c := binom(p+d, d); c > 1e5 {
		return nil, nil, klearn.Errorf(klearn.ErrParam, "nkrr: %g monomials of degree ≤ %d in %d kernels", c, d, p)
	}
	ones := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			ones.SetSym(i, j, 1)
		}
	}
	grams := []*mat.SymDense{ones}
	exps := [][]int{make([]int, p)}
	// Grow each monomial by kernels k ≥ its last factor, so that each
	// exponent vector is produced once.
	type mono struct {
		K    *mat.SymDense
		e    []int
		last int
	}
	level := []mono{{ones, make([]int, p), 0}}
	for deg := 1; deg <= d; deg++ {
		var next []mono
		for _, m := range level {
			for k := m.last; k < p; k++ {
				K := mat.NewSymDense(n, nil)
				for i := 0; i < n; i++ {
					for j := i; j < n; j++ {
						K.SetSym(i, j, m.K.At(i, j)*Ks[k].At(i, j))
					}
				}
				e := append([]int(nil), m.e...)
				e[k]++
				next = append(next, mono{K, e, k})
				grams, exps = append(grams, K), append(exps, e)
			}
		}
		level = next
	}
	return grams, exps, nil
}

func binom(n, k int) float64 {
	r := 1.0
	for i := 1; i <= k; i++ {
		r = r * float64(n-k+i) / float64(i)
	}
	return math.Round(r)
}

// PrintedEq3 returns Eq. (3) of Cortes et al. (2009) as printed,
//
//	K = Σ_{k_1+…+k_p = d} μ_1^{k_1}…μ_p^{k_p} K_1^{k_1}∘…∘K_p^{k_p},
//
// without the multinomial coefficients, computed as the complete
// homogeneous symmetric polynomial h_d of the matrices A_k = μ_kK_k
// (Hadamard products) by Newton's identity h_j = (1/j) Σ_{i=1..j} P_i∘h_{j−i},
// P_i = Σ_k A_k^{∘i}. It differs from Eq. (4) (d = 2), which Regressor
// learns as (Σ_k μ_kK_k)^{∘d}: for d ≥ 2 the printed sum counts each cross
// term once instead of with its multinomial coefficient. Errors: as
// Monomials, len(mu) ≠ len(Ks) (ErrShape), d < 1 (ErrParam).
func PrintedEq3(mu []float64, Ks []*mat.SymDense, d int) (*mat.SymDense, error) {
	n, err := checkGrams(Ks)
	if err != nil {
		return nil, err
	}
	if len(mu) != len(Ks) {
		return nil, klearn.Errorf(klearn.ErrShape, "nkrr: %d weights for %d kernels", len(mu), len(Ks))
	}
	if err := klearn.CheckVector("nkrr: μ", mu); err != nil {
		return nil, err
	}
	if d < 1 {
		return nil, klearn.Errorf(klearn.ErrParam, "nkrr: PrintedEq3 of degree %d, want ≥ 1", d)
	}
	out := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			a := make([]float64, len(Ks))
			for k, K := range Ks {
				a[k] = mu[k] * K.At(i, j)
			}
			out.SetSym(i, j, completeHomogeneous(a, d))
		}
	}
	return out, nil
}

// completeHomogeneous is h_d(a), the sum of all monomials of degree d in a.
func completeHomogeneous(a []float64, d int) float64 {
	h := make([]float64, d+1)
	pw := make([]float64, d+1)
	h[0] = 1
	for i := 1; i <= d; i++ {
		for _, x := range a {
			pw[i] += math.Pow(x, float64(i))
		}
	}
	for j := 1; j <= d; j++ {
		var s float64
		for i := 1; i <= j; i++ {
			s += pw[i] * h[j-i]
		}
		h[j] = s / float64(j)
	}
	return h[d]
}
