package kernel

import (
	"math"

	"github.com/kernelab/kernelab/klearn"
)

// RotationMixture is the 2-D kernel of Section 3 of Argyriou et al. (2006)
// obtained by mixing Gaussians exp(−⟨x − t, Σ⁻¹(x − t)⟩) over every
// rotation θ of Σ⁻¹ = U diag(λ₁, λ₂) Uᵀ and over its eigenvalues, with the
// measure ¼ W₁((λ₁+λ₂)/2) W₂((λ₂−λ₁)/2) dθ dλ₁ dλ₂ on θ ∈ [0, 2π):
//
//	k(x, t) = H₁(r²) H₂(r²),   r² = ‖x − t‖²,
//	H₁(s) = ∫ e^{−su} W₁(u) du,   H₂(s) = π ∫ I₀(sv) W₂(v) dv,
//
// with I₀(z) = (1/2π) ∫_{−π}^{π} e^{−z cos φ} dφ, the modified Bessel
// function of the first kind (the paper prints 1/π, twice this). Here
// W₁ = 1 on [A1, B1] and W₂ = 1 on [0, B2] with B2 < A1, so that
// λ₁ = u − v > 0 on the support. Eval computes
//
//	k = (1 − e^{−(B1−A1)r²})/r² · ∫₀^π e^{−A1 r²}(e^{B2 r² cos φ} − 1)/(r² cos φ) dφ
//
// by composite Simpson's rule on QuadPoints intervals (every exponent is
// ≤ 0, so nothing overflows); k(x, x) = π(B1 − A1)B2.
type RotationMixture struct {
	A1, B1, B2 float64
	// QuadPoints is the number of Simpson intervals on [0, π]; 0 selects 400.
	QuadPoints int
}

// Validate checks 0 < B2 < A1 < B1 (finite) and d = 2.
func (k RotationMixture) Validate(d int) error {
	if d != 2 {
		return klearn.Errorf(klearn.ErrShape, "kernel: RotationMixture is a kernel on R², inputs have %d features", d)
	}
	for _, v := range []float64{k.A1, k.B1, k.B2} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return klearn.Errorf(klearn.ErrNotFinite, "kernel: RotationMixture A1 = %v, B1 = %v, B2 = %v", k.A1, k.B1, k.B2)
		}
	}
	if !(0 < k.B2 && k.B2 < k.A1 && k.A1 < k.B1) || k.QuadPoints < 0 {
		return klearn.Errorf(klearn.ErrParam, "kernel: RotationMixture A1 = %v, B1 = %v, B2 = %v, QuadPoints = %d: want 0 < B2 < A1 < B1", k.A1, k.B1, k.B2, k.QuadPoints)
	}
	return nil
}

// Eval returns H₁(r²)H₂(r²) for r² = ‖x − t‖².
func (k RotationMixture) Eval(x, t []float64) float64 { return k.Radial(sqDist(x, t)) }

// Radial returns k as a function of s = r² ≥ 0.
func (k RotationMixture) Radial(s float64) float64 {
	if s == 0 {
		return math.Pi * (k.B1 - k.A1) * k.B2
	}
	h1 := -math.Expm1(-(k.B1-k.A1)*s) / s
	n := k.QuadPoints
	if n == 0 {
		n = 400
	}
	n += n % 2
	ea := math.Exp(-k.A1 * s)
	f := func(phi float64) float64 {
		c := math.Cos(phi)
		if math.Abs(c) < 1e-12 {
			return ea * k.B2
		}
		if z := k.B2 * s * c; z < 1 {
			return ea * math.Expm1(z) / (s * c)
		}
		return (math.Exp(s*(k.B2*c-k.A1)) - ea) / (s * c)
	}
	h := math.Pi / float64(n)
	sum := f(0) + f(math.Pi)
	for i := 1; i < n; i++ {
		w := 2.0
		if i%2 == 1 {
			w = 4
		}
		sum += w * f(float64(i)*h)
	}
	return h1 * sum * h / 3
}

// Integral returns k(x, 0) by direct quadrature of the mixture's
// definition: the Gaussian e^{−⟨x, Σ⁻¹x⟩} with Σ⁻¹ = U diag(λ₁, λ₂)Uᵀ (U the
// rotation by θ) averaged with ¼W₁((λ₁+λ₂)/2)W₂((λ₂−λ₁)/2) over θ ∈ [0, 2π)
// and (λ₁, λ₂), by the midpoint rule on q points per axis in (θ, u, v)
// with dλ₁dλ₂ = 2 du dv (O(q³) work). It is the independent truth against
// which Eval (the closed form H₁H₂) is checked; x has two entries.
func (k RotationMixture) Integral(x []float64, q int) float64 {
	var s float64
	du, dv, dt := (k.B1-k.A1)/float64(q), k.B2/float64(q), 2*math.Pi/float64(q)
	for a := 0; a < q; a++ {
		th := (float64(a) + 0.5) * dt
		c, sn := math.Cos(th), math.Sin(th)
		// y = Uᵀx with U = [[cos θ, sin θ], [−sin θ, cos θ]].
		y0, y1 := c*x[0]-sn*x[1], sn*x[0]+c*x[1]
		for i := 0; i < q; i++ {
			u := k.A1 + (float64(i)+0.5)*du
			for j := 0; j < q; j++ {
				v := (float64(j) + 0.5) * dv
				s += math.Exp(-((u-v)*y0*y0 + (u+v)*y1*y1))
			}
		}
	}
	return 0.25 * 2 * s * du * dv * dt
}
