package nkrr

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// checkGrams checks that Ks is a non-empty list of finite n×n matrices.
func checkGrams(Ks []*mat.SymDense) (int, error) {
	if len(Ks) == 0 {
		return 0, klearn.Errorf(klearn.ErrEmpty, "nkrr: no base kernels")
	}
	n := -1
	for k, K := range Ks {
		m, err := klearn.CheckGram(K, n)
		if err != nil {
			return 0, klearn.Errorf(err, "nkrr: base kernel %d", k)
		}
		n = m
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
// 10⁵ monomials (ErrParam), a NaN or ±Inf entry or a product that overflows
// (ErrNotFinite).
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
				if _, err := klearn.CheckGram(K, n); err != nil {
					return nil, nil, klearn.Errorf(err, "nkrr: Monomials overflow")
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
	if err := klearn.CheckAlloc("nkrr: PrintedEq3's power sums", 8, 2, d+1, n*n); err != nil {
		return nil, err
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
	if _, err := klearn.CheckGram(out, n); err != nil {
		return nil, klearn.Errorf(err, "nkrr: PrintedEq3 overflows")
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

// Mixed is the family of Eq. (2) of Cortes et al. (2009): "for some subset
// I of all p-tuples (k_1, …, k_p), μ_{k_1…k_p} can be written as a product
// of non-negative coefficients μ_1, …, μ_p", so that
//
//	K = Σ_{k∈I} μ_1^{k_1}…μ_p^{k_p} K_1^{k_1}∘…∘K_p^{k_p} + Σ_{k∈J} μ_k K_1^{k_1}∘…∘K_p^{k_p}.
//
// We read the p-tuples as those of Eq. (1), 0 ≤ k_1 + … + k_p ≤ d, and J as
// their complement, whose coefficients (μ_k in the paper, ν_k here) stay
// free and non-negative:
//
//	K = Σ_{k∈I} μ_1^{k_1}…μ_p^{k_p} K_1^{k_1}∘…∘K_p^{k_p} + Σ_{k∈J} ν_k K_1^{k_1}∘…∘K_p^{k_p}.
//
// The paper counts p + |J| parameters, the p weights μ and the |J|
// coefficients ν that Gram takes. A μ_j reaches K only if some tuple k of
// I has k_j > 0, so Params counts those μ_j (ActiveMu) plus |J|: it is
// p + |J| exactly when every μ_j enters I (as when I holds the p tuples of
// degree one), |J| for I = ∅ and for I = {(0, …, 0)}. I = ∅ is Eq. (1); I
// the tuples of degree exactly d with the J coefficients zero is Eq. (3) as
// printed (PrintedEq3). Build it with NewMixed and evaluate it with Gram.
type Mixed struct {
	i, j   [][]int
	gi, gj []*mat.SymDense
	p, n   int
	active []int // the k with e_k > 0 for some tuple e of I, ascending
}

// NewMixed returns the family of Eq. (2) on the base kernels Ks with
// degree d and factorised index set I (exponent vectors of length p).
// It computes the Hadamard monomials once (Monomials); J is the rest, in
// Monomials' order. Errors: as Monomials, an exponent vector of the wrong
// length (ErrShape), a negative exponent, a degree above d or a repeated
// vector (ErrParam).
func NewMixed(Ks []*mat.SymDense, d int, I [][]int) (*Mixed, error) {
	grams, exps, err := Monomials(Ks, d)
	if err != nil {
		return nil, err
	}
	p := len(Ks)
	in := make(map[string]bool, len(I))
	for t, e := range I {
		if len(e) != p {
			return nil, klearn.Errorf(klearn.ErrShape, "nkrr: Eq. (2) tuple %d has %d exponents for %d kernels", t, len(e), p)
		}
		deg := 0
		for _, x := range e {
			if x < 0 {
				return nil, klearn.Errorf(klearn.ErrParam, "nkrr: Eq. (2) tuple %v has a negative exponent", e)
			}
			deg += x
		}
		if deg > d {
			return nil, klearn.Errorf(klearn.ErrParam, "nkrr: Eq. (2) tuple %v has degree %d > %d", e, deg, d)
		}
		key := fmt.Sprint(e)
		if in[key] {
			return nil, klearn.Errorf(klearn.ErrParam, "nkrr: Eq. (2) tuple %v given twice", e)
		}
		in[key] = true
	}
	n, _ := grams[0].Dims()
	f := &Mixed{p: p, n: n}
	enters := make([]bool, p)
	for m, e := range exps {
		if in[fmt.Sprint(e)] {
			f.i, f.gi = append(f.i, e), append(f.gi, grams[m])
			for k, x := range e {
				enters[k] = enters[k] || x > 0
			}
		} else {
			f.j, f.gj = append(f.j, e), append(f.gj, grams[m])
		}
	}
	for k, ok := range enters {
		if ok {
			f.active = append(f.active, k)
		}
	}
	return f, nil
}

// Params is the number of parameters of Eq. (2) that reach K: the μ_j with
// k_j > 0 for some tuple k of I (len(ActiveMu())) plus the |J| coefficients
// ν. It is at most the paper's p + |J| (len(mu) + len(nu) of Gram), with
// equality exactly when every μ_j enters I; it is at least p, since each
// tuple of degree one lies in I (its μ_j enters) or in J. It counts
// parameters, not the dimension of the family: μ_j that enter I only
// through common products (I = {(1, 1, 0)}: μ_1μ_2) count each, though K
// depends on them through fewer combinations.
func (f *Mixed) Params() int { return len(f.active) + len(f.j) }

// ActiveMu returns, ascending, the indices j (0-based) of the weights μ_j
// that reach K, those with k_j > 0 for some tuple k of I; Gram ignores the
// others (it still takes all p).
func (f *Mixed) ActiveMu() []int { return append([]int(nil), f.active...) }

// Tuples returns copies of the exponent vectors of I and of J, both in
// Monomials' order (Gram reads ν in the order of J).
func (f *Mixed) Tuples() (I, J [][]int) {
	cp := func(es [][]int) [][]int {
		out := make([][]int, len(es))
		for t, e := range es {
			out[t] = append([]int(nil), e...)
		}
		return out
	}
	return cp(f.i), cp(f.j)
}

// Gram returns K of Eq. (2) for the factorised weights mu (length p, the
// μ_j outside ActiveMu have no effect) and the free coefficients nu
// (length |J|, in the order of Tuples' J). Errors:
// a wrong length (ErrShape), a NaN or ±Inf weight or an overflowing sum
// (ErrNotFinite), a negative weight (ErrParam: the family is PDS only for
// non-negative coefficients).
func (f *Mixed) Gram(mu, nu []float64) (*mat.SymDense, error) {
	if len(mu) != f.p || len(nu) != len(f.j) {
		return nil, klearn.Errorf(klearn.ErrShape, "nkrr: Eq. (2) takes %d μ and %d ν, got %d and %d", f.p, len(f.j), len(mu), len(nu))
	}
	for _, v := range []struct {
		name string
		w    []float64
	}{{"μ", mu}, {"ν", nu}} {
		if err := klearn.CheckFinite("nkrr: Eq. (2) "+v.name, v.w); err != nil {
			return nil, err
		}
		for _, x := range v.w {
			if x < 0 {
				return nil, klearn.Errorf(klearn.ErrParam, "nkrr: Eq. (2) %s = %g < 0", v.name, x)
			}
		}
	}
	n := f.n
	out := mat.NewSymDense(n, nil)
	add := func(c float64, M *mat.SymDense) {
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				out.SetSym(i, j, out.At(i, j)+c*M.At(i, j))
			}
		}
	}
	for t, e := range f.i {
		c := 1.0
		for k, x := range e {
			c *= math.Pow(mu[k], float64(x))
		}
		add(c, f.gi[t])
	}
	for t, c := range nu {
		add(c, f.gj[t])
	}
	if _, err := klearn.CheckGram(out, n); err != nil {
		return nil, klearn.Errorf(err, "nkrr: Eq. (2) overflows")
	}
	return out, nil
}
