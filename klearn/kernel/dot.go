package kernel

import (
	"math"

	"github.com/kernelab/kernelab/internal/gemm"

	"github.com/kernelab/kernelab/klearn"
	"gonum.org/v1/gonum/mat"
)

// dot returns ⟨x, z⟩.
func dot(x, z []float64) float64 {
	z = z[:len(x)]
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(x); i += 4 {
		s0 += x[i] * z[i]
		s1 += x[i+1] * z[i+1]
		s2 += x[i+2] * z[i+2]
		s3 += x[i+3] * z[i+3]
	}
	for ; i < len(x); i++ {
		s0 += x[i] * z[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// powInt returns x^d for d ≥ 0 by repeated squaring (0^0 = 1).
func powInt(x float64, d int) float64 {
	r := 1.0
	for d > 0 {
		if d&1 == 1 {
			r *= x
		}
		x *= x
		d >>= 1
	}
	return r
}

// dotGram computes f(⟨x_i, x_j⟩) through the blocked X·Xᵀ product.
func dotGram(X mat.Matrix, post rowFunc) *mat.SymDense {
	R := rowsOf(X)
	data := make([]float64, R.n*R.n)
	product(R, R, true, true, data, R.n, post)
	return mat.NewSymDense(R.n, data)
}

// dotCross computes f(⟨a_i, b_j⟩) through the blocked A·Bᵀ product.
func dotCross(A, B mat.Matrix, post rowFunc) *mat.Dense {
	RA, RB := rowsOf(A), rowsOf(B)
	data := make([]float64, RA.n*RB.n)
	product(RA, RB, false, false, data, RB.n, post)
	return mat.NewDense(RA.n, RB.n, data)
}

func mapSeg(f func(float64) float64) rowFunc {
	return func(_, _ int, seg []float64) {
		for j, g := range seg {
			seg[j] = f(g)
		}
	}
}

// Linear is the linear kernel k(x, z) = ⟨x, z⟩ (Cortes et al.'s "lin. base" kernel,
// the sum of its per-feature base kernels).
type Linear struct{}

// Eval returns ⟨x, z⟩.
func (Linear) Eval(x, z []float64) float64 { return dot(x, z) }

// Gram computes X·Xᵀ with the blocked symmetric product.
func (Linear) Gram(X mat.Matrix) *mat.SymDense { return dotGram(X, nil) }

// Cross computes A·Bᵀ with the blocked product.
func (Linear) Cross(A, B mat.Matrix) *mat.Dense { return dotCross(A, B, nil) }

// Polynomial is the inhomogeneous polynomial kernel
//
//	k(x, z) = (γ⟨x, z⟩ + c)^d
//
// with d = Degree, γ = Gamma, c = Coef0 (scikit-learn's polynomial_kernel).
// Zero values: Degree 0 means 3 and Gamma 0 means 1/n_features, as in
// scikit-learn; Coef0 is used as given (scikit-learn's default is 1; Colbert & Peet (2020) and
// Donini & Aiolli's Table 1 use (1 + ⟨x, z⟩)^d, i.e. Gamma 1, Coef0 1). Degree < 0,
// Gamma < 0 or Coef0 < 0 (which can make the kernel indefinite) are errors.
type Polynomial struct {
	Degree int
	Gamma  float64
	Coef0  float64
}

func (p Polynomial) params(d int) (int, float64) {
	deg, g := p.Degree, p.Gamma
	if deg == 0 {
		deg = 3
	}
	if g == 0 {
		g = 1 / float64(d)
	}
	return deg, g
}

// Validate checks the hyper-parameters.
func (p Polynomial) Validate(int) error {
	if p.Degree < 0 {
		return klearn.Errorf(klearn.ErrParam, "kernel: Polynomial.Degree = %d, want ≥ 0", p.Degree)
	}
	if err := klearn.CheckParam("kernel: Polynomial.Gamma", p.Gamma, 0, math.MaxFloat64); err != nil {
		return err
	}
	return klearn.CheckParam("kernel: Polynomial.Coef0", p.Coef0, 0, math.MaxFloat64)
}

// Eval returns (γ⟨x, z⟩ + c)^d.
func (p Polynomial) Eval(x, z []float64) float64 {
	deg, g := p.params(len(x))
	return powInt(g*dot(x, z)+p.Coef0, deg)
}

func (p Polynomial) post(d int) rowFunc {
	deg, g := p.params(d)
	c := p.Coef0
	// float64(g·v) rounds the product before the addition, so that GOAMD64=v3
	// builds do not fuse it into one multiply-add: the values (and bits) of
	// the closure this loop replaced, which the compiler left unfused.
	// gemm.AffinePow does the same for degrees 2 and 3, vectorised.
	if deg == 2 || deg == 3 {
		return func(_, _ int, seg []float64) { gemm.AffinePow(seg, g, c, deg) }
	}
	return func(_, _ int, seg []float64) { // mapSeg's loop without a call per entry
		for j, v := range seg {
			seg[j] = powInt(float64(g*v)+c, deg)
		}
	}
}

// Gram computes the kernel through the blocked X·Xᵀ.
func (p Polynomial) Gram(X mat.Matrix) *mat.SymDense {
	_, d := X.Dims()
	return dotGram(X, p.post(d))
}

// Cross computes the kernel through the blocked A·Bᵀ.
func (p Polynomial) Cross(A, B mat.Matrix) *mat.Dense {
	_, d := A.Dims()
	return dotCross(A, B, p.post(d))
}

// HPK is the homogeneous polynomial kernel k(x, z) = ⟨x, z⟩^d with
// d = Degree (Donini & Aiolli's §4). Degree 0 (the zero value) is the constant kernel 1,
// Donini & Aiolli's k_0 (0^0 = 1).
type HPK struct{ Degree int }

// Validate checks Degree ≥ 0.
func (h HPK) Validate(int) error {
	if h.Degree < 0 {
		return klearn.Errorf(klearn.ErrParam, "kernel: HPK.Degree = %d, want ≥ 0", h.Degree)
	}
	return nil
}

// Eval returns ⟨x, z⟩^d.
func (h HPK) Eval(x, z []float64) float64 { return powInt(dot(x, z), h.Degree) }

// Gram computes the kernel through the blocked X·Xᵀ.
func (h HPK) Gram(X mat.Matrix) *mat.SymDense {
	d := h.Degree
	return dotGram(X, mapSeg(func(v float64) float64 { return powInt(v, d) }))
}

// Cross computes the kernel through the blocked A·Bᵀ.
func (h HPK) Cross(A, B mat.Matrix) *mat.Dense {
	d := h.Degree
	return dotCross(A, B, mapSeg(func(v float64) float64 { return powInt(v, d) }))
}

// NormalizedHPK is the normalised homogeneous polynomial kernel of Donini & Aiolli (2017)
// (Sec. 4, the family K_D = {k_0, …, k_D} built incrementally by eq. 12):
//
//	k_d(x, z) = (⟨x, z⟩ / (‖x‖‖z‖))^d.
//
// Degree 0 (the zero value) is the constant kernel 1. A zero row has no
// direction: its cosine with anything is taken as 0 (so k_d = 0 for d ≥ 1),
// which keeps the kernel positive semi-definite.
type NormalizedHPK struct{ Degree int }

// Validate checks Degree ≥ 0.
func (h NormalizedHPK) Validate(int) error {
	if h.Degree < 0 {
		return klearn.Errorf(klearn.ErrParam, "kernel: NormalizedHPK.Degree = %d, want ≥ 0", h.Degree)
	}
	return nil
}

func cosine(g, nx, nz float64) float64 {
	if nx == 0 || nz == 0 {
		return 0
	}
	c := g / (nx * nz)
	return max(-1, min(1, c))
}

// Eval returns (cos∠(x, z))^d.
func (h NormalizedHPK) Eval(x, z []float64) float64 {
	return powInt(cosine(dot(x, z), math.Sqrt(dot(x, x)), math.Sqrt(dot(z, z))), h.Degree)
}

func norms(R rowMajor) []float64 {
	out := make([]float64, R.n)
	for i := range out {
		r := R.row(i)
		out[i] = math.Sqrt(dot(r, r))
	}
	return out
}

// Gram computes the kernel through the blocked X·Xᵀ.
func (h NormalizedHPK) Gram(X mat.Matrix) *mat.SymDense {
	nrm := norms(rows(X))
	d := h.Degree
	return dotGram(X, func(i, j0 int, seg []float64) {
		for j, g := range seg {
			seg[j] = powInt(cosine(g, nrm[i], nrm[j0+j]), d)
		}
	})
}

// Cross computes the kernel through the blocked A·Bᵀ.
func (h NormalizedHPK) Cross(A, B mat.Matrix) *mat.Dense {
	na, nb := norms(rows(A)), norms(rows(B))
	d := h.Degree
	return dotCross(A, B, func(i, j0 int, seg []float64) {
		for j, g := range seg {
			seg[j] = powInt(cosine(g, na[i], nb[j0+j]), d)
		}
	})
}

// Diag returns 1 (or 0 for a zero row when Degree ≥ 1).
func (h NormalizedHPK) Diag(X mat.Matrix) []float64 {
	nrm := norms(rows(X))
	out := make([]float64, len(nrm))
	for i, v := range nrm {
		out[i] = powInt(cosine(v*v, v, v), h.Degree)
	}
	return out
}

// DPP is a dot-product polynomial (Donini & Aiolli's Sec. 3, Theorem 1):
//
//	k(x, z) = Σ_{s=0}^{D} a_s ⟨x, z⟩^s,   a_s = Coef[s] ≥ 0.
//
// By Schoenberg's theorem (Donini & Aiolli's Theorem 1) such a kernel is positive definite
// on the unit ball iff the a_s are non-negative. The rule constructors
// DPPPolynomial, DPPRBF, DPPRationalQuadratic and DPPCauchy truncate the
// Maclaurin series of Donini & Aiolli's Table 1 (corrected where the print
// is wrong, see DPPRBF); on
// unit-norm data they reproduce the closed-form kernels. A nil Coef is an
// error (there is no sensible default).
type DPP struct{ Coef []float64 }

// Validate checks that Coef is non-empty, finite and non-negative.
func (p DPP) Validate(int) error {
	if len(p.Coef) == 0 {
		return klearn.Errorf(klearn.ErrParam, "kernel: DPP has no coefficients")
	}
	for s, a := range p.Coef {
		if err := klearn.CheckParam("kernel: DPP.Coef[s]", a, 0, math.MaxFloat64); err != nil {
			return klearn.Errorf(klearn.ErrParam, "kernel: DPP.Coef[%d] = %v, want a finite value ≥ 0", s, a)
		}
	}
	return nil
}

func horner(a []float64, t float64) float64 {
	r := 0.0
	for s := len(a) - 1; s >= 0; s-- {
		r = r*t + a[s]
	}
	return r
}

// Eval returns Σ_s a_s ⟨x, z⟩^s (Horner's rule).
func (p DPP) Eval(x, z []float64) float64 { return horner(p.Coef, dot(x, z)) }

// Gram computes the kernel through the blocked X·Xᵀ.
func (p DPP) Gram(X mat.Matrix) *mat.SymDense {
	a := p.Coef
	return dotGram(X, mapSeg(func(t float64) float64 { return horner(a, t) }))
}

// Cross computes the kernel through the blocked A·Bᵀ.
func (p DPP) Cross(A, B mat.Matrix) *mat.Dense {
	a := p.Coef
	return dotCross(A, B, mapSeg(func(t float64) float64 { return horner(a, t) }))
}

// DPPPolynomial returns the coefficients of (⟨x, z⟩ + c)^D:
// a_s = C(D, s) c^{D−s}, s = 0…D (Donini & Aiolli's Table 1, exact).
func DPPPolynomial(D int, c float64) (DPP, error) {
	if err := checkS(D); err != nil {
		return DPP{}, err
	}
	if err := klearn.CheckParam("kernel: DPPPolynomial c", c, 0, math.MaxFloat64); err != nil {
		return DPP{}, err
	}
	a := make([]float64, D+1)
	binom := 1.0
	for s := 0; s <= D; s++ {
		a[s] = binom * math.Pow(c, float64(D-s))
		binom = binom * float64(D-s) / float64(s+1)
	}
	return finiteDPP("DPPPolynomial", a)
}

// MaxDPPDegree bounds the degree of a dot-product polynomial built by the
// constructors below: each evaluation costs O(degree), and past a few hundred
// the coefficients of every rule here underflow to zero or overflow.
const MaxDPPDegree = 1 << 16

func checkS(S int) error {
	if S < 0 || S > MaxDPPDegree {
		return klearn.Errorf(klearn.ErrParam, "kernel: degree %d outside [0, MaxDPPDegree = %d]", S, MaxDPPDegree)
	}
	return nil
}

// finiteDPP returns the DPP with coefficients a, or an ErrParam error naming
// the first coefficient that overflowed float64.
func finiteDPP(what string, a []float64) (DPP, error) {
	for s, v := range a {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return DPP{}, klearn.Errorf(klearn.ErrParam, "kernel: %s: coefficient a_%d overflows float64", what, s)
		}
	}
	return DPP{Coef: a}, nil
}

// dppRule checks the parameter p of a truncation rule (named what) against
// [lo, MaxFloat64] and the degree S ≥ 0, then returns the DPP whose S+1
// coefficients fill writes.
func dppRule(what string, p, lo float64, S int, fill func(a []float64)) (DPP, error) {
	if err := klearn.CheckParam("kernel: "+what, p, lo, math.MaxFloat64); err != nil {
		return DPP{}, err
	}
	if err := checkS(S); err != nil {
		return DPP{}, err
	}
	a := make([]float64, S+1)
	fill(a)
	return finiteDPP(what, a)
}

// DPPRBF returns the Maclaurin coefficients, truncated at degree S, of the
// RBF kernel exp(−γ‖x−z‖²) on unit-norm data:
//
//	a_s = e^{−2γ} (2γ)^s / s!,
//
// the corrected rule of Donini & Aiolli's Table 1 / eq. (10) (the paper
// prints (2γ)^{2s}). The truncation error on the unit sphere is at most
// e^{−2γ} Σ_{s>S} (2γ)^s/s!.
func DPPRBF(gamma float64, S int) (DPP, error) {
	return dppRule("DPPRBF gamma", gamma, 0, S, func(a []float64) {
		t := math.Exp(-2 * gamma)
		for s := 0; s <= S; s++ {
			a[s] = t
			t *= 2 * gamma / float64(s+1)
		}
	})
}

// DPPRBFPaperTypo returns the coefficients as printed in Donini & Aiolli's Table 1,
// a_s = e^{−2γ}(2γ)^{2s}/s!. They equal DPPRBF's with γ' = 2γ² in the power
// term only and do NOT reproduce exp(−γ‖x−z‖²); kept so the paper's
// experiments can be rerun as published.
func DPPRBFPaperTypo(gamma float64, S int) (DPP, error) {
	return dppRule("DPPRBFPaperTypo gamma", gamma, 0, S, func(a []float64) {
		t := math.Exp(-2 * gamma)
		for s := 0; s <= S; s++ {
			a[s] = t
			t *= 4 * gamma * gamma / float64(s+1)
		}
	})
}

// DPPRationalQuadratic returns the Maclaurin coefficients, truncated at
// degree S, of the rational-quadratic kernel 1 − ‖x−z‖²/(‖x−z‖²+c) on
// unit-norm data: a_s = c·2^s/(2+c)^{s+1} (the rule printed
// in Donini & Aiolli's Table 1 is right for s ≤ 1 only). The truncation error on the unit
// sphere is at most (2/(2+c))^{S+1}.
func DPPRationalQuadratic(c float64, S int) (DPP, error) {
	return dppRule("DPPRationalQuadratic c", c, math.SmallestNonzeroFloat64, S, func(a []float64) {
		t := c / (2 + c)
		for s := 0; s <= S; s++ {
			a[s] = t
			t *= 2 / (2 + c)
		}
	})
}

// DPPRationalQuadraticPaperTypo returns the rule printed in Donini & Aiolli's Table 1,
// a_s = (∏_{j=1}^s(j+1)/(2+c)^s − 2∏_{j=1}^s(j+1)/(2+c)^{s+1})/s!
// = (s+1)·c/(2+c)^{s+1}, which is right for s ≤ 1 only.
func DPPRationalQuadraticPaperTypo(c float64, S int) (DPP, error) {
	return dppRule("DPPRationalQuadraticPaperTypo c", c, math.SmallestNonzeroFloat64, S, func(a []float64) {
		for s := 0; s <= S; s++ {
			a[s] = float64(s+1) * c / math.Pow(2+c, float64(s+1))
		}
	})
}

// DPPCauchy returns the truncated Maclaurin coefficients of the Cauchy
// kernel (1 + ‖x−z‖²/γ)^{−1} on unit-norm data, a_s = γ·2^s/(γ+2)^{s+1}
// (Donini & Aiolli's Table 1 prints a garbled rule). Cauchy with
// parameter γ is the rational-quadratic kernel with c = γ.
func DPPCauchy(gamma float64, S int) (DPP, error) {
	return DPPRationalQuadratic(gamma, S)
}
