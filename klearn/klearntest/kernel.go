package klearntest

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
)

// KernelOptions configures TestKernelWith. Zero values take the defaults noted.
type KernelOptions struct {
	// N is the number of random points (default 24).
	N int
	// D is the input dimension (default 3).
	D int
	// Low and High bound the uniform random coordinates (default [−1, 1]).
	Low, High float64
	// Seed seeds the random data (default 1).
	Seed uint64
	// Data, if non-nil, replaces the random points (rows are samples).
	Data *mat.Dense
	// SkipPSD skips the positive semi-definiteness check (for kernels that
	// are documented to be indefinite).
	SkipPSD bool
	// SkipGrad skips the finite-difference check of kernel.Parametric kernels.
	SkipGrad bool
	// GradTol is the relative tolerance of that check (default 1e−5).
	GradTol float64
}

func (o *KernelOptions) defaults() {
	setDefault(&o.N, 24)
	setDefault(&o.D, 3)
	if o.Low == 0 && o.High == 0 {
		o.Low, o.High = -1, 1
	}
	setDefault(&o.Seed, 1)
	setDefault(&o.GradTol, 1e-5)
}

// TestKernel runs the kernel conformance suite with default options; see the
// package documentation for the properties checked.
func TestKernel(t *testing.T, k kernel.Kernel) {
	t.Helper()
	TestKernelWith(t, k, KernelOptions{})
}

// TestKernelWith runs the kernel conformance suite on the data described by opts.
func TestKernelWith(t *testing.T, k kernel.Kernel, opts KernelOptions) {
	t.Helper()
	opts.defaults()
	X := opts.Data
	if X == nil {
		X = RandMatrix(opts.N, opts.D, opts.Low, opts.High, opts.Seed)
	}
	n, d := X.Dims()
	// A second, independent sample for the cross matrix.
	B := RandMatrix(n/2+1, d, opts.Low, opts.High, opts.Seed+1)
	if opts.Data != nil {
		// Cross against a subset of the caller's points, in reverse order.
		nb := n/2 + 1
		B = mat.NewDense(nb, d, nil)
		for i := 0; i < nb; i++ {
			B.SetRow(i, X.RawRowView(n-1-i))
		}
	}
	X0 := mat.DenseCopyOf(X)
	B0 := mat.DenseCopyOf(B)

	// Reference matrix from Eval.
	ref := mat.NewDense(n, n, nil)
	scale := 1.0
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			xi, xj := X0.RawRowView(i), X0.RawRowView(j)
			v := k.Eval(append([]float64(nil), xi...), append([]float64(nil), xj...))
			ref.Set(i, j, v)
			scale = math.Max(scale, math.Abs(v))
		}
	}
	tol := 1e-9 * scale

	t.Run("EvalFinite", func(t *testing.T) {
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if v := ref.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("k(x_%d, x_%d) = %v", i, j, v)
				}
			}
		}
	})
	t.Run("EvalNoMutation", func(t *testing.T) {
		x := append([]float64(nil), X0.RawRowView(0)...)
		z := append([]float64(nil), X0.RawRowView(n-1)...)
		x0, z0 := append([]float64(nil), x...), append([]float64(nil), z...)
		v1 := k.Eval(x, z)
		v2 := k.Eval(x, z)
		if !SameBits(x, x0) || !SameBits(z, z0) {
			t.Fatalf("Eval mutated its arguments")
		}
		if !sameBits(v1, v2) {
			t.Fatalf("Eval not deterministic: %v then %v", v1, v2)
		}
	})
	t.Run("Symmetry", func(t *testing.T) {
		for i := 0; i < n; i++ {
			for j := 0; j < i; j++ {
				if a, b := ref.At(i, j), ref.At(j, i); math.Abs(a-b) > 1e-12*scale {
					t.Fatalf("k(x_%d, x_%d) = %v but k(x_%d, x_%d) = %v", i, j, a, j, i, b)
				}
			}
		}
	})

	var G *mat.SymDense
	t.Run("Gram", func(t *testing.T) {
		var err error
		perr := Safe(func() { G, err = kernel.Gram(k, X) })
		if perr != nil {
			t.Fatalf("kernel.Gram panicked: %v", perr)
		}
		if err != nil {
			t.Fatalf("kernel.Gram: %v", err)
		}
		if G == nil || G.SymmetricDim() != n {
			t.Fatalf("kernel.Gram returned a matrix of the wrong order")
		}
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				if g := G.At(i, j); !(math.Abs(g-ref.At(i, j)) <= tol) {
					t.Fatalf("Gram[%d,%d] = %v, Eval gives %v (tol %g)", i, j, g, ref.At(i, j), tol)
				}
			}
		}
		if !mat.Equal(X, X0) {
			t.Fatalf("kernel.Gram mutated X")
		}
		var G2 *mat.SymDense
		if perr := Safe(func() { G2, _ = kernel.Gram(k, X) }); perr != nil {
			t.Fatalf("kernel.Gram panicked on the second call: %v", perr)
		}
		if G2 == nil || !SameMatrixBits(G, G2) {
			t.Fatalf("kernel.Gram is not deterministic")
		}
		if G2 == G {
			t.Fatalf("kernel.Gram returned a shared matrix")
		}
		// Generic mat.Matrix input (no RawMatrixer) must give the same matrix.
		var G3 *mat.SymDense
		var err3 error
		if perr := Safe(func() { G3, err3 = kernel.Gram(k, generic{X}) }); perr != nil {
			t.Fatalf("kernel.Gram panicked on a generic matrix: %v", perr)
		}
		if err3 != nil {
			t.Fatalf("kernel.Gram on a generic matrix: %v", err3)
		}
		if !mat.EqualApprox(G, G3, tol) {
			t.Fatalf("kernel.Gram differs between *mat.Dense and a generic mat.Matrix")
		}
	})

	t.Run("PSD", func(t *testing.T) {
		if opts.SkipPSD {
			t.Skip("documented indefinite kernel")
		}
		if G == nil {
			t.Skip("no Gram matrix")
		}
		vals, _, ok := klearn.EigenSym(G, false)
		if !ok {
			t.Fatalf("eigendecomposition failed")
		}
		if min := vals[0]; min < -1e-8*scale {
			t.Fatalf("λ_min(K) = %g < −1e−8·%g: not PSD", min, scale)
		}
	})

	t.Run("Cross", func(t *testing.T) {
		var C *mat.Dense
		var err error
		if perr := Safe(func() { C, err = kernel.Cross(k, X, B) }); perr != nil {
			t.Fatalf("kernel.Cross panicked: %v", perr)
		}
		if err != nil {
			t.Fatalf("kernel.Cross: %v", err)
		}
		nb, _ := B.Dims()
		if r, c := C.Dims(); r != n || c != nb {
			t.Fatalf("kernel.Cross is %d×%d, want %d×%d", r, c, n, nb)
		}
		for i := 0; i < n; i++ {
			for j := 0; j < nb; j++ {
				want := k.Eval(X0.RawRowView(i), B0.RawRowView(j))
				if g := C.At(i, j); !(math.Abs(g-want) <= tol) {
					t.Fatalf("Cross[%d,%d] = %v, Eval gives %v", i, j, g, want)
				}
			}
		}
		if !mat.Equal(X, X0) || !mat.Equal(B, B0) {
			t.Fatalf("kernel.Cross mutated its inputs")
		}
		// Cross(X, X) must agree with Gram(X).
		var CX *mat.Dense
		if perr := Safe(func() { CX, err = kernel.Cross(k, X, X) }); perr != nil || err != nil {
			t.Fatalf("kernel.Cross(X, X): panic %v, error %v", perr, err)
		}
		if !mat.EqualApprox(CX, ref, tol) {
			t.Fatalf("kernel.Cross(X, X) differs from Eval")
		}
		var CG *mat.Dense
		if perr := Safe(func() { CG, err = kernel.Cross(k, generic{X}, generic{B}) }); perr != nil || err != nil {
			t.Fatalf("kernel.Cross on generic matrices: panic %v, error %v", perr, err)
		}
		if !mat.EqualApprox(CG, C, tol) {
			t.Fatalf("kernel.Cross differs between *mat.Dense and a generic mat.Matrix")
		}
	})

	t.Run("Diag", func(t *testing.T) {
		var dg []float64
		var err error
		if perr := Safe(func() { dg, err = kernel.Diag(k, X) }); perr != nil {
			t.Fatalf("kernel.Diag panicked: %v", perr)
		}
		if err != nil {
			t.Fatalf("kernel.Diag: %v", err)
		}
		if len(dg) != n {
			t.Fatalf("kernel.Diag has %d entries, want %d", len(dg), n)
		}
		for i, v := range dg {
			if !(math.Abs(v-ref.At(i, i)) <= tol) {
				t.Fatalf("Diag[%d] = %v, Eval(x,x) gives %v", i, v, ref.At(i, i))
			}
		}
		if !mat.Equal(X, X0) {
			t.Fatalf("kernel.Diag mutated X")
		}
	})

	t.Run("BadInput", func(t *testing.T) {
		nan := mat.DenseCopyOf(X0)
		nan.Set(n/2, d-1, math.NaN())
		inf := mat.DenseCopyOf(X0)
		inf.Set(0, 0, math.Inf(1))
		narrow := RandMatrix(3, d+1, opts.Low, opts.High, opts.Seed+2)
		cases := []struct {
			name string
			call func() error
		}{
			{"Gram(NaN)", func() error { _, err := kernel.Gram(k, nan); return err }},
			{"Gram(Inf)", func() error { _, err := kernel.Gram(k, inf); return err }},
			{"Gram(nil)", func() error { _, err := kernel.Gram(k, nil); return err }},
			{"Gram(empty)", func() error { _, err := kernel.Gram(k, &mat.Dense{}); return err }},
			{"Cross(NaN, X)", func() error { _, err := kernel.Cross(k, nan, X); return err }},
			{"Cross(X, Inf)", func() error { _, err := kernel.Cross(k, X, inf); return err }},
			{"Cross(X, nil)", func() error { _, err := kernel.Cross(k, X, nil); return err }},
			{"Cross(width mismatch)", func() error { _, err := kernel.Cross(k, X, narrow); return err }},
			{"Diag(NaN)", func() error { _, err := kernel.Diag(k, nan); return err }},
			{"Diag(empty)", func() error { _, err := kernel.Diag(k, &mat.Dense{}); return err }},
		}
		for _, c := range cases {
			ExpectError(t, c.name, c.call)
		}
	})

	if p, ok := k.(kernel.Parametric); ok && !opts.SkipGrad {
		t.Run("GramGrad", func(t *testing.T) { checkGramGrad(t, p, X, opts.GradTol) })
	}
}

// checkGramGrad compares ∂K/∂θ_j from GramGrad with central differences
// (K(θ+h e_j) − K(θ−h e_j))/(2h), h = 1e−6·max(1, |θ_j|).
func checkGramGrad(t *testing.T, p kernel.Parametric, X *mat.Dense, tol float64) {
	theta := p.Params()
	th0 := append([]float64(nil), theta...)
	var K *mat.SymDense
	var dK []*mat.SymDense
	var err error
	if perr := Safe(func() { K, dK, err = p.GramGrad(X) }); perr != nil {
		t.Fatalf("GramGrad panicked: %v", perr)
	}
	if err != nil {
		t.Fatalf("GramGrad: %v", err)
	}
	if !SameBits(p.Params(), th0) {
		t.Fatalf("GramGrad changed the parameters")
	}
	if len(dK) != len(theta) {
		t.Fatalf("GramGrad returned %d derivatives for %d parameters", len(dK), len(theta))
	}
	G, err := kernel.Gram(p, X)
	if err != nil {
		t.Fatalf("kernel.Gram: %v", err)
	}
	if !mat.EqualApprox(K, G, 1e-9*math.Max(1, mat.Norm(G, math.Inf(1)))) {
		t.Fatalf("GramGrad's K differs from kernel.Gram")
	}
	for j := range theta {
		h := 1e-6 * math.Max(1, math.Abs(theta[j]))
		tp := append([]float64(nil), theta...)
		tm := append([]float64(nil), theta...)
		tp[j] += h
		tm[j] -= h
		pp, errp := p.WithParams(tp)
		pm, errm := p.WithParams(tm)
		if errp != nil || errm != nil {
			t.Logf("θ_%d at a boundary (%v, %v); derivative not checked", j, errp, errm)
			continue
		}
		Kp, err1 := kernel.Gram(pp, X)
		Km, err2 := kernel.Gram(pm, X)
		if err1 != nil || err2 != nil {
			t.Fatalf("Gram at θ±h: %v, %v", err1, err2)
		}
		n := Kp.SymmetricDim()
		fd := mat.NewSymDense(n, nil)
		for a := 0; a < n; a++ {
			for b := a; b < n; b++ {
				fd.SetSym(a, b, (Kp.At(a, b)-Km.At(a, b))/(2*h))
			}
		}
		s := math.Max(1, mat.Norm(fd, 2))
		var diff mat.Dense
		diff.Sub(fd, dK[j])
		if e := mat.Norm(&diff, 2) / s; e > tol {
			t.Errorf("∂K/∂θ_%d: relative error %g against finite differences (tol %g)", j, e, tol)
		}
	}
}

// generic hides the concrete type of a matrix so that code paths for
// matrices without RawMatrixer are exercised.
type generic struct{ m mat.Matrix }

func (g generic) Dims() (int, int)    { return g.m.Dims() }
func (g generic) At(i, j int) float64 { return g.m.At(i, j) }
func (g generic) T() mat.Matrix       { return mat.Transpose{Matrix: g} }

// Generic wraps m so that it is a plain mat.Matrix: no RawMatrixer, no
// concrete gonum type. Use it to test the slow paths of matrix code.
func Generic(m mat.Matrix) mat.Matrix { return generic{m} }
