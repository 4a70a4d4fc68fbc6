package kernel

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
)

// FullGaussian is the Gaussian with a full covariance, Eq. (7) of Argyriou
// et al. (2006):
//
//	k(x, t) = exp(−⟨x − t, Σ⁻¹(x − t)⟩),
//
// given by its precision Prec = Σ⁻¹, symmetric positive definite. With a
// block-diagonal Σ⁻¹ = diag(I/σ_b²) it is BlockGaussian.
type FullGaussian struct {
	Prec *mat.SymDense
}

// Validate checks that Prec is d×d, finite and positive definite.
func (g FullGaussian) Validate(d int) error {
	if g.Prec == nil {
		return klearn.Errorf(klearn.ErrParam, "kernel: FullGaussian has no precision matrix")
	}
	if n := g.Prec.SymmetricDim(); n != d {
		return klearn.Errorf(klearn.ErrShape, "kernel: FullGaussian precision is %d×%d, inputs have %d features", n, n, d)
	}
	for i := 0; i < d; i++ {
		for j := i; j < d; j++ {
			if v := g.Prec.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
				return klearn.Errorf(klearn.ErrNotFinite, "kernel: FullGaussian precision[%d][%d] = %v", i, j, v)
			}
		}
	}
	var ch mat.Cholesky
	if !ch.Factorize(g.Prec) {
		return klearn.Errorf(klearn.ErrParam, "kernel: FullGaussian precision is not positive definite")
	}
	return nil
}

// Eval returns exp(−(x − t)ᵀΣ⁻¹(x − t)).
func (g FullGaussian) Eval(x, t []float64) float64 {
	var s float64
	for k := range x {
		dk := x[k] - t[k]
		for l := range x {
			s += dk * g.Prec.At(k, l) * (x[l] - t[l])
		}
	}
	return math.Exp(-s)
}

// LowerTriangle returns ω, the entries of the symmetric P on and below the
// diagonal in the order (k, ℓ) with d ≥ k ≥ ℓ ≥ 1, row by row: the
// parameter vector of the full Gaussian family in Section 4 of Argyriou et
// al. (2006), of length d(d+1)/2 (nil for a nil P).
func LowerTriangle(P mat.Symmetric) []float64 {
	if P == nil {
		return nil
	}
	d := P.SymmetricDim()
	out := make([]float64, 0, d*(d+1)/2)
	for k := 0; k < d; k++ {
		for l := 0; l <= k; l++ {
			out = append(out, P.At(k, l))
		}
	}
	return out
}

// PairFeatures returns b(x, t) = ((2 − δ_kℓ)(x_k − t_k)(x_ℓ − t_ℓ))_{k ≥ ℓ},
// in the order of LowerTriangle, so that ⟨b(x, t), ω⟩ = (x − t)ᵀΣ⁻¹(x − t)
// for ω = LowerTriangle(Σ⁻¹): the vectors b_ij of Section 4 of Argyriou et
// al. (2006), with which step 2's objective is Σ_ij c_ic_j e^{−⟨b_ij, ω⟩}.
// Errors: x and t of different lengths (ErrShape).
func PairFeatures(x, t []float64) ([]float64, error) {
	if len(x) != len(t) {
		return nil, klearn.Errorf(klearn.ErrShape, "kernel: PairFeatures of vectors of lengths %d and %d", len(x), len(t))
	}
	d := len(x)
	out := make([]float64, 0, d*(d+1)/2)
	for k := 0; k < d; k++ {
		for l := 0; l <= k; l++ {
			v := (x[k] - t[k]) * (x[l] - t[l])
			if k != l {
				v *= 2
			}
			out = append(out, v)
		}
	}
	return out, nil
}
