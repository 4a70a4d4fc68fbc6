package kernel

import (
	"math"

	"github.com/kernelab/kernelab/klearn"
	"gonum.org/v1/gonum/mat"
)

// Composite kernels. Sums with non-negative weights, products, positive
// scalings, integer powers and normalisation preserve positive
// semi-definiteness (Schur product theorem; Cortes et al.'s Sec. 2). Each composite's
// Gram and Cross are built from its members' fast paths and the Gram-matrix
// operations of gram.go, so a Sum of RBFs costs one blocked product each.

func validateAll(ks []Kernel, d int, what string) error {
	if len(ks) == 0 {
		return klearn.Errorf(klearn.ErrParam, "kernel: %s of no kernels", what)
	}
	for i, k := range ks {
		if k == nil {
			return klearn.Errorf(klearn.ErrParam, "kernel: %s member %d is nil", what, i)
		}
		if err := Validate(k, d); err != nil {
			return err
		}
	}
	return nil
}

// mustGram is Gram for validated input; members were validated already,
// so an error here can only be a non-finite kernel value.
func gramOf(k Kernel, X mat.Matrix) *mat.SymDense {
	if g, ok := k.(Grammer); ok {
		return g.Gram(X)
	}
	return gramEval(k, rows(X))
}

// membersFloats returns the largest featureFloats of the members: a
// composite evaluates its members one at a time.
func membersFloats(ks []Kernel, ra, rb, d int) float64 {
	var f float64
	for _, k := range ks {
		f = math.Max(f, featureFloatsOf(k, ra, rb, d))
	}
	return f
}

func crossOf(k Kernel, A, B mat.Matrix) *mat.Dense {
	if c, ok := k.(Crosser); ok {
		return c.Cross(A, B)
	}
	return crossEval(k, rows(A), rows(B))
}

func diagOf(k Kernel, X mat.Matrix) []float64 {
	if dg, ok := k.(Diagonaler); ok {
		return dg.Diag(X)
	}
	R := rows(X)
	out := make([]float64, R.n)
	for i := range out {
		out[i] = k.Eval(R.row(i), R.row(i))
	}
	return out
}

// Sum is the weighted sum k = Σ_i w_i k_i (the k_η of Donini & Aiolli 2017, the MKL combination
// of Colbert & Peet 2020). A nil Weights (the zero value) means all weights 1;
// otherwise len(Weights) must equal len(Kernels) and every w_i ≥ 0.
type Sum struct {
	Kernels []Kernel
	Weights []float64
}

// Validate checks the members and the weights.
func (s Sum) Validate(d int) error {
	if err := validateAll(s.Kernels, d, "Sum"); err != nil {
		return err
	}
	if s.Weights != nil {
		if len(s.Weights) != len(s.Kernels) {
			return klearn.Errorf(klearn.ErrParam, "kernel: Sum has %d kernels but %d weights", len(s.Kernels), len(s.Weights))
		}
		for _, w := range s.Weights {
			if err := klearn.CheckParam("kernel: Sum.Weights[i]", w, 0, math.MaxFloat64); err != nil {
				return err
			}
		}
	}
	return nil
}

// featureFloats: one member's ra×rb matrix besides the running sum, and
// that member's own.
func (s Sum) featureFloats(ra, rb, d int) float64 {
	return float64(ra)*float64(rb) + membersFloats(s.Kernels, ra, rb, d)
}

func (s Sum) w(i int) float64 {
	if s.Weights == nil {
		return 1
	}
	return s.Weights[i]
}

// Eval returns Σ w_i k_i(x, z).
func (s Sum) Eval(x, z []float64) float64 {
	var v float64
	for i, k := range s.Kernels {
		v += s.w(i) * k.Eval(x, z)
	}
	return v
}

// Gram combines the members' Gram matrices.
func (s Sum) Gram(X mat.Matrix) *mat.SymDense {
	n, _ := X.Dims()
	out := mat.NewSymDense(n, nil)
	for i, k := range s.Kernels {
		addScaledSym(out, s.w(i), gramOf(k, X))
	}
	return out
}

// Cross combines the members' cross matrices.
func (s Sum) Cross(A, B mat.Matrix) *mat.Dense {
	m, _ := A.Dims()
	n, _ := B.Dims()
	out := mat.NewDense(m, n, nil)
	for i, k := range s.Kernels {
		out.Add(out, scaledDense(s.w(i), crossOf(k, A, B)))
	}
	return out
}

func addScaledSym(dst *mat.SymDense, w float64, K *mat.SymDense) {
	a, b := dst.RawSymmetric(), K.RawSymmetric()
	n := dst.SymmetricDim()
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			a.Data[i*a.Stride+j] += w * b.Data[i*b.Stride+j]
		}
	}
}

func scaledDense(w float64, C *mat.Dense) *mat.Dense {
	if w != 1 {
		C.Scale(w, C)
	}
	return C
}

// Product is the pointwise product k = Π_i k_i; its Gram matrix is the
// Hadamard product of the members' (Cortes et al.'s eq. 1's K_1^{k1}…K_p^{kp}).
type Product struct{ Kernels []Kernel }

// Validate checks the members.
func (p Product) Validate(d int) error { return validateAll(p.Kernels, d, "Product") }

// featureFloats: the running product, one member's matrix and the new
// product, and that member's own.
func (p Product) featureFloats(ra, rb, d int) float64 {
	return 2*float64(ra)*float64(rb) + membersFloats(p.Kernels, ra, rb, d)
}

// Eval returns Π k_i(x, z).
func (p Product) Eval(x, z []float64) float64 {
	v := 1.0
	for _, k := range p.Kernels {
		v *= k.Eval(x, z)
	}
	return v
}

// Gram is the Hadamard product of the members' Gram matrices.
func (p Product) Gram(X mat.Matrix) *mat.SymDense {
	out := gramOf(p.Kernels[0], X)
	for _, k := range p.Kernels[1:] {
		out = hadamard(out, gramOf(k, X))
	}
	return out
}

// Cross is the Hadamard product of the members' cross matrices.
func (p Product) Cross(A, B mat.Matrix) *mat.Dense {
	out := crossOf(p.Kernels[0], A, B)
	for _, k := range p.Kernels[1:] {
		out.MulElem(out, crossOf(k, A, B))
	}
	return out
}

// Scaled is c·k. C must be ≥ 0; the zero value C = 0 is the zero kernel.
type Scaled struct {
	K Kernel
	C float64
}

// Validate checks K and C ≥ 0.
func (s Scaled) Validate(d int) error {
	if err := validateAll([]Kernel{s.K}, d, "Scaled"); err != nil {
		return err
	}
	return klearn.CheckParam("kernel: Scaled.C", s.C, 0, math.MaxFloat64)
}

// featureFloats is the member's: the scaling is in place.
func (s Scaled) featureFloats(ra, rb, d int) float64 {
	return featureFloatsOf(s.K, ra, rb, d)
}

// Eval returns c·k(x, z).
func (s Scaled) Eval(x, z []float64) float64 { return s.C * s.K.Eval(x, z) }

// Gram scales the member's Gram matrix.
func (s Scaled) Gram(X mat.Matrix) *mat.SymDense {
	K := gramOf(s.K, X)
	K.ScaleSym(s.C, K)
	return K
}

// Cross scales the member's cross matrix.
func (s Scaled) Cross(A, B mat.Matrix) *mat.Dense { return scaledDense(s.C, crossOf(s.K, A, B)) }

// Power is the pointwise power k^D (Cortes et al.'s eq. 4 for D = 2: its Gram matrix
// is the Hadamard power K^{∘D}). D must be ≥ 0; D = 0 (the zero value) is
// the constant kernel 1.
type Power struct {
	K Kernel
	D int
}

// Validate checks K and D ≥ 0.
func (p Power) Validate(d int) error {
	if err := validateAll([]Kernel{p.K}, d, "Power"); err != nil {
		return err
	}
	if p.D < 0 {
		return klearn.Errorf(klearn.ErrParam, "kernel: Power.D = %d, want ≥ 0", p.D)
	}
	return nil
}

// featureFloats: the member's matrix besides its power, and the member's own.
func (p Power) featureFloats(ra, rb, d int) float64 {
	return float64(ra)*float64(rb) + featureFloatsOf(p.K, ra, rb, d)
}

// Eval returns k(x, z)^D.
func (p Power) Eval(x, z []float64) float64 { return powInt(p.K.Eval(x, z), p.D) }

// Gram is the Hadamard power of the member's Gram matrix.
func (p Power) Gram(X mat.Matrix) *mat.SymDense { return hadamardPower(gramOf(p.K, X), p.D) }

// Cross is the elementwise power of the member's cross matrix.
func (p Power) Cross(A, B mat.Matrix) *mat.Dense {
	C := crossOf(p.K, A, B)
	C.Apply(func(_, _ int, v float64) float64 { return powInt(v, p.D) }, C)
	return C
}

// Normalized is the cosine-normalised kernel
//
//	k̃(x, z) = k(x, z) / √(k(x, x) k(z, z)),
//
// which has unit diagonal (Donini & Aiolli's Sec. 3 uses normalised base kernels). Where
// k(x, x) = 0 the normalised value is defined as 0.
type Normalized struct{ K Kernel }

// Validate checks K.
func (n Normalized) Validate(d int) error { return validateAll([]Kernel{n.K}, d, "Normalized") }

// featureFloats: the member's matrix besides the normalised one, the two
// diagonals, and the member's own.
func (n Normalized) featureFloats(ra, rb, d int) float64 {
	return float64(ra)*float64(rb) + float64(ra+rb) + featureFloatsOf(n.K, ra, rb, d)
}

// Eval returns k(x, z)/√(k(x, x)k(z, z)).
func (n Normalized) Eval(x, z []float64) float64 {
	return normVal(n.K.Eval(x, z), n.K.Eval(x, x), n.K.Eval(z, z))
}

func normVal(k, a, b float64) float64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	if ab := a * b; ab >= 0x1p-1022 && ab <= math.MaxFloat64 {
		return k / math.Sqrt(ab)
	}
	// a·b underflows or overflows (diagonals near 1e∓200): the square
	// roots separately are representable.
	return k / math.Sqrt(a) / math.Sqrt(b)
}

// Gram normalises the member's Gram matrix.
func (n Normalized) Gram(X mat.Matrix) *mat.SymDense {
	return normalizeSym(gramOf(n.K, X))
}

// Cross normalises the member's cross matrix with the diagonals of A and B.
func (n Normalized) Cross(A, B mat.Matrix) *mat.Dense {
	C := crossOf(n.K, A, B)
	da, db := diagOf(n.K, A), diagOf(n.K, B)
	C.Apply(func(i, j int, v float64) float64 { return normVal(v, da[i], db[j]) }, C)
	return C
}

// Diag returns 1 where k(x, x) > 0 and 0 elsewhere.
func (n Normalized) Diag(X mat.Matrix) []float64 {
	d := diagOf(n.K, X)
	for i, v := range d {
		d[i] = normVal(v, v, v)
	}
	return d
}
