package hpk

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Fixed weighting rules on the HPK family K_D = {k_0, …, k_D} (the
// baselines of Section 5.1 of Donini & Aiolli 2017). Every
// rule returns D+1 non-negative weights summing to 1; with normalised HPKs
// the combination Σ_s η_s k_s is then itself normalised (unit diagonal), and
// for the polynomial and RBF rules it is the normalised closed-form kernel
// (exactly, resp. up to the truncation at degree D).

// WeightsSingle returns e_D: the single kernel K_D (η_D = 1).
func WeightsSingle(D int) ([]float64, error) {
	if err := checkDegree("WeightsSingle", D); err != nil {
		return nil, err
	}
	w := make([]float64, D+1)
	w[D] = 1
	return w, nil
}

// WeightsSum returns the uniform weights 1/(D+1) (the K_sum baseline).
func WeightsSum(D int) ([]float64, error) {
	if err := checkDegree("WeightsSum", D); err != nil {
		return nil, err
	}
	w := make([]float64, D+1)
	for s := range w {
		w[s] = 1 / float64(D+1)
	}
	return w, nil
}

// WeightsPolynomial returns the K_{D,c} rule η_s ∝ C(D, s) c^{D−s}
// (Eq. (9) of Donini & Aiolli 2017; Table 1, polynomial row), normalised to
// sum 1: Σ_s η_s (x·z)^s = ((x·z + c)/(1 + c))^D on unit vectors.
// Errors: ErrParam (D < 0 or c ≤ 0).
func WeightsPolynomial(D int, c float64) ([]float64, error) {
	if D < 0 || !(c > 0) || math.IsInf(c, 0) {
		return nil, klearn.Errorf(klearn.ErrParam, "hpk: WeightsPolynomial: need D ≥ 0 and c > 0, have D=%d c=%g", D, c)
	}
	if err := checkDegree("WeightsPolynomial", D); err != nil {
		return nil, err
	}
	// a_s/(1+c)^D = C(D,s) (c/(1+c))^{D−s} (1/(1+c))^s: a binomial pmf.
	p := 1 / (1 + c)
	w := make([]float64, D+1)
	for s := 0; s <= D; s++ {
		lg := lchoose(D, s) + float64(D-s)*math.Log1p(-p) + float64(s)*math.Log(p)
		w[s] = math.Exp(lg)
	}
	return normalise(w), nil
}

// WeightsRBF returns the truncated RBF rule (Eq. (10) of Donini & Aiolli
// 2017), normalised to sum 1:
//
//	η_s ∝ (2γ)^s / s!        (the Maclaurin coefficients of exp(−γ‖x−z‖²) on unit vectors)
//
// WeightsRBFPaperTypo gives the printed coefficients. Errors: ErrParam
// (D < 0, D too large or γ ≤ 0).
func WeightsRBF(D int, gamma float64) ([]float64, error) {
	return weightsRBF("WeightsRBF", D, gamma, 1)
}

// WeightsRBFPaperTypo returns the rule as printed in Table 1 and Eq. (10)
// of Donini & Aiolli 2017, η_s ∝ (2γ)^{2s}/s!, which is WeightsRBF at
// γ' = 2γ² and not the Maclaurin series of the RBF kernel (the misprint of
// kernel.DPPRBFPaperTypo); kept to rerun the paper's experiments as
// published.
func WeightsRBFPaperTypo(D int, gamma float64) ([]float64, error) {
	return weightsRBF("WeightsRBFPaperTypo", D, gamma, 2)
}

// weightsRBF returns η_s ∝ (2γ)^{p·s}/s!, normalised, computed in logs.
func weightsRBF(what string, D int, gamma, p float64) ([]float64, error) {
	if D < 0 || !(gamma > 0) || math.IsInf(gamma, 0) {
		return nil, klearn.Errorf(klearn.ErrParam, "hpk: %s: need D ≥ 0 and γ > 0, have D=%d γ=%g", what, D, gamma)
	}
	if err := checkDegree(what, D); err != nil {
		return nil, err
	}
	lx := p * math.Log(2*gamma)
	w := make([]float64, D+1)
	lw := make([]float64, D+1)
	mx := math.Inf(-1)
	for s := 0; s <= D; s++ {
		lg, _ := math.Lgamma(float64(s + 1))
		lw[s] = float64(s)*lx - lg
		mx = math.Max(mx, lw[s])
	}
	for s := range w {
		w[s] = math.Exp(lw[s] - mx)
	}
	return normalise(w), nil
}

func lchoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

func normalise(w []float64) []float64 {
	var s float64
	for _, v := range w {
		s += v
	}
	for i := range w {
		w[i] /= s
	}
	return w
}

// Rule is the selector S of Algorithm 1 of Donini & Aiolli
// (2017), which sends a sampled monomial of degree d to the kernel S(d).
type Rule int

const (
	// DegreeRule is S(d) = d: the family Q_D, an unbiased random
	// approximation of the HPK family K_D.
	DegreeRule Rule = iota
	// RandomRule is S(d) uniform on {0, …, D}: the family R_D, whose
	// members are shuffled mixtures of all degrees.
	RandomRule
)

// RandomFamily is Algorithm 1 of Donini & Aiolli (2017):
// Steps times, draw a degree d with probability
// π(d) = N_d / Σ_j N_j, N_d = m^d (Eq. (11), m the number of features), draw
// d feature indices uniformly with replacement, form the monomial feature
// z(x) = Π_j x_{l_j} (z ≡ 1 for d = 0) and add zzᵀ to kernel S(d); finally
// normalise each kernel (K_ij/√(K_ii K_jj)).
//
// Sample performs the random draws (which depend only on m); the resulting
// RandomFeatures build training and test kernels from the same monomials.
// Identical index multisets are merged with their counts, and each kernel
// is formed by GEMM (Z_s Z_sᵀ over blocks of monomials) instead of Steps
// rank-one updates.
type RandomFamily struct {
	// D is the largest degree.
	D int
	// Steps is the number of draws (50 000 in the paper). If 0, 50 000.
	Steps int
	// Rule selects Q_D (DegreeRule) or R_D (RandomRule).
	Rule Rule
	// Seed seeds the draws (klearn.NewRand).
	Seed uint64
}

// RandomFeatures holds the monomials drawn by RandomFamily.Sample.
type RandomFeatures struct {
	// M is the number of input features.
	M int
	// Terms[s] lists the distinct monomials assigned to kernel s.
	Terms [][]Monomial
}

// Monomial is a product of input features Π_j x_{Index[j]}, drawn Count
// times (Index is sorted; it is empty for the constant monomial).
type Monomial struct {
	Index []int
	Count int
}

// Sample draws the monomials of Algorithm 1 for m input features.
// Errors: ErrParam.
func (f RandomFamily) Sample(m int) (*RandomFeatures, error) {
	steps := f.Steps
	if steps == 0 {
		steps = 50000
	}
	if f.D < 0 || m < 1 || steps < 0 || (f.Rule != DegreeRule && f.Rule != RandomRule) {
		return nil, klearn.Errorf(klearn.ErrParam, "hpk: RandomFamily: need D ≥ 0, m ≥ 1, Steps ≥ 0 and a valid Rule; have D=%d m=%d Steps=%d", f.D, m, f.Steps)
	}
	if err := checkDegree("RandomFamily", f.D); err != nil {
		return nil, err
	}
	// Up to Steps distinct monomials of up to D indices each.
	if err := klearn.CheckAlloc("hpk: RandomFamily's monomials", 8, steps, f.D+1); err != nil {
		return nil, err
	}
	// π(d) ∝ m^d = m^{d−D} after rescaling (no overflow).
	cdf := make([]float64, f.D+1)
	var acc float64
	for d := 0; d <= f.D; d++ {
		acc += math.Pow(float64(m), float64(d-f.D))
		cdf[d] = acc
	}
	rng := klearn.NewRand(f.Seed)
	maps := make([]map[string]int, f.D+1)
	terms := make([][]Monomial, f.D+1)
	for s := range maps {
		maps[s] = map[string]int{}
	}
	idx := make([]int, 0, f.D)
	var key strings.Builder
	for it := 0; it < steps; it++ {
		u := rng.Float64() * acc
		d := 0
		for d < f.D && u >= cdf[d] {
			d++
		}
		idx = idx[:0]
		for j := 0; j < d; j++ {
			idx = append(idx, rng.IntN(m))
		}
		s := d
		if f.Rule == RandomRule {
			s = rng.IntN(f.D + 1)
		}
		slices.Sort(idx)
		key.Reset()
		for _, v := range idx {
			key.WriteString(strconv.Itoa(v))
			key.WriteByte(',')
		}
		k := key.String()
		if p, ok := maps[s][k]; ok {
			terms[s][p].Count++
		} else {
			maps[s][k] = len(terms[s])
			terms[s] = append(terms[s], Monomial{Index: slices.Clone(idx), Count: 1})
		}
	}
	return &RandomFeatures{M: m, Terms: terms}, nil
}

// monomialBlock fills Z (n × len(ts), row-major) with √count · z(x_i).
func monomialBlock(X []float64, n, m int, ts []Monomial, Z []float64) {
	c := len(ts)
	for i := 0; i < n; i++ {
		x := X[i*m : (i+1)*m]
		for t, mo := range ts {
			v := math.Sqrt(float64(mo.Count))
			for _, j := range mo.Index {
				v *= x[j]
			}
			Z[i*c+t] = v
		}
	}
}

const monomialBlockCols = 512

func denseRows(X mat.Matrix) ([]float64, int, int) {
	n, m := X.Dims()
	out := make([]float64, n*m)
	for i := 0; i < n; i++ {
		mat.Row(out[i*m:(i+1)*m], i, X)
	}
	return out, n, m
}

// unnormGram returns Z_s Z_sᵀ for kernel s, accumulated over blocks.
func (r *RandomFeatures) unnormGram(X []float64, n, m, s int) *mat.SymDense {
	K := mat.NewSymDense(n, nil)
	ts := r.Terms[s]
	Z := make([]float64, n*min(monomialBlockCols, max(1, len(ts))))
	for lo := 0; lo < len(ts); lo += monomialBlockCols {
		blk := ts[lo:min(lo+monomialBlockCols, len(ts))]
		c := len(blk)
		monomialBlock(X, n, m, blk, Z[:n*c])
		blas64.Syrk(blas.NoTrans, 1, blas64.General{Rows: n, Cols: c, Stride: c, Data: Z[:n*c]}, 1, K.RawSymmetric())
	}
	return K
}

// validate refuses a nil receiver (ErrNotFitted) and monomials that index
// past the M features or have a count below 1 (ErrParam).
func (r *RandomFeatures) validate() error {
	if r == nil {
		return klearn.Errorf(klearn.ErrNotFitted, "hpk: nil *RandomFeatures (use RandomFamily.Sample)")
	}
	for s, ts := range r.Terms {
		for t, mo := range ts {
			if mo.Count < 1 {
				return klearn.Errorf(klearn.ErrParam, "hpk: RandomFeatures: Terms[%d][%d].Count = %d, want ≥ 1", s, t, mo.Count)
			}
			for _, j := range mo.Index {
				if j < 0 || j >= r.M {
					return klearn.Errorf(klearn.ErrParam, "hpk: RandomFeatures: Terms[%d][%d] indexes feature %d of %d", s, t, j, r.M)
				}
			}
		}
	}
	return nil
}

// Grams returns the normalised kernels K_0 … K_D of Algorithm 1 on the
// rows of X. A kernel that received no monomial, or a point with K_ii = 0,
// gets K_ij = 0 off the diagonal and K_ii = 1. Errors: ErrEmpty, ErrShape,
// ErrNotFinite (also for a monomial that overflows), ErrNotFitted (a nil
// receiver), ErrParam (malformed Terms).
func (r *RandomFeatures) Grams(X mat.Matrix) ([]*mat.SymDense, error) {
	if err := r.validate(); err != nil {
		return nil, err
	}
	n, m, err := klearn.CheckMatrix("hpk: X", X)
	if err != nil {
		return nil, err
	}
	if m != r.M {
		return nil, klearn.Errorf(klearn.ErrShape, "hpk: RandomFeatures: X has %d columns, sampled for %d", m, r.M)
	}
	Xd, _, _ := denseRows(X)
	out := make([]*mat.SymDense, len(r.Terms))
	for s := range r.Terms {
		K := r.unnormGram(Xd, n, m, s)
		if _, err := klearn.CheckGram(K, n); err != nil {
			return nil, klearn.Errorf(err, "hpk: RandomFeatures: the monomials of kernel %d overflow", s)
		}
		raw := K.RawSymmetric()
		dg := make([]float64, n)
		for i := range dg {
			dg[i] = raw.Data[i*raw.Stride+i]
		}
		for i := 0; i < n; i++ {
			for j := i; j < n; j++ {
				raw.Data[i*raw.Stride+j] = normEntry(raw.Data[i*raw.Stride+j], dg[i], dg[j], i == j)
			}
		}
		out[s] = K
	}
	return out, nil
}

func normEntry(v, a, b float64, diag bool) float64 {
	if diag {
		return 1
	}
	if a <= 0 || b <= 0 {
		return 0
	}
	return clampCos(v / math.Sqrt(a*b))
}

// Crosses returns the normalised test×train kernels k_s(a_i, b_j) of
// Algorithm 1 (rows of A against rows of B).
func (r *RandomFeatures) Crosses(A, B mat.Matrix) ([]*mat.Dense, error) {
	if err := r.validate(); err != nil {
		return nil, err
	}
	na, nb, m, err := checkCrossInputs("RandomFeatures", A, B)
	if err != nil {
		return nil, err
	}
	if m != r.M {
		return nil, klearn.Errorf(klearn.ErrShape, "hpk: RandomFeatures: inputs have %d columns, sampled for %d", m, r.M)
	}
	Ad, _, _ := denseRows(A)
	Bd, _, _ := denseRows(B)
	out := make([]*mat.Dense, len(r.Terms))
	for s, ts := range r.Terms {
		C := mat.NewDense(na, nb, nil)
		da := make([]float64, na)
		db := make([]float64, nb)
		for lo := 0; lo < len(ts); lo += monomialBlockCols {
			blk := ts[lo:min(lo+monomialBlockCols, len(ts))]
			c := len(blk)
			Za := make([]float64, na*c)
			Zb := make([]float64, nb*c)
			monomialBlock(Ad, na, r.M, blk, Za)
			monomialBlock(Bd, nb, r.M, blk, Zb)
			blas64.Gemm(blas.NoTrans, blas.Trans, 1,
				blas64.General{Rows: na, Cols: c, Stride: c, Data: Za},
				blas64.General{Rows: nb, Cols: c, Stride: c, Data: Zb}, 1, C.RawMatrix())
			for i := 0; i < na; i++ {
				for _, v := range Za[i*c : (i+1)*c] {
					da[i] += v * v
				}
			}
			for i := 0; i < nb; i++ {
				for _, v := range Zb[i*c : (i+1)*c] {
					db[i] += v * v
				}
			}
		}
		if err := klearn.CheckFinite("hpk: RandomFeatures: test diagonal", da); err != nil {
			return nil, klearn.Errorf(err, "the monomials of kernel %d overflow", s)
		}
		if err := klearn.CheckFinite("hpk: RandomFeatures: training diagonal", db); err != nil {
			return nil, klearn.Errorf(err, "the monomials of kernel %d overflow", s)
		}
		raw := C.RawMatrix()
		for i := 0; i < na; i++ {
			for j := 0; j < nb; j++ {
				raw.Data[i*raw.Stride+j] = normEntry(raw.Data[i*raw.Stride+j], da[i], db[j], false)
			}
		}
		out[s] = C
	}
	return out, nil
}

// checkDegree refuses a degree D outside [0, kernel.MaxDPPDegree]: the
// families and weight rules hold D+1 kernels or weights, and beyond that
// degree every normalised HPK is numerically the identity off the diagonal.
func checkDegree(what string, D int) error {
	if D < 0 || D > kernel.MaxDPPDegree {
		return klearn.Errorf(klearn.ErrParam, "hpk: %s: D = %d, want 0 ≤ D ≤ %d (kernel.MaxDPPDegree)", what, D, kernel.MaxDPPDegree)
	}
	return nil
}
