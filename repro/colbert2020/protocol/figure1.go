package protocol

import (
	"fmt"
	"math"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl/simplemkl"
	"github.com/kernelab/kernelab/klearn/mkl/tk"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
	"gonum.org/v1/gonum/mat"
)

// Figure1Cs are the three penalty weights of Figure 1(a) (the paper does
// not print them).
var Figure1Cs = []float64{1, 10, 100}

// Figure1 holds both panels of Figure 1.
//
// Panel (a): m = 20 points x ∼ U[0, 10] labelled sign(sin x + 0.3 sin 3x)
// (the paper does not give its generator), the classifier f(z) = Σ α_i y_i
// k(x_i, z) + b of a learned degree-1 TK (SDP (24) with a bias) and of
// SimpleMKL over ten Gaussians (σ log-spaced in [0.5, 10], unit trace, so
// its box constant is m·C to match a kernel of unit diagonal), each for the
// three C of Figure1Cs, on the lattice Z. Kinks[c] is Σ_i |f'(x_i⁺) −
// f'(x_i⁻)| of the TK classifier of Cs[c] (the slope changes at the tile
// edges); Lipschitz[c] its largest |Δf|/Δz on the lattice and Jump[c] its
// largest |f(z + h) − f(z)| for h = 10⁻⁶ across the training points;
// Agree and GaussAgree the share (%) of the lattice where sign f equals the
// generator's sign. TKCertified and GaussCertified say, per C, whether the
// TK and the SimpleMKL fit stopped at opt.Success (a fit at its step cap is
// not the classifier of its problem).
//
// Panel (b): the normalised k(5, z)/max_z |k(5, z)| on X = [0, 10] for
// P₁₁ = A_i of eq. (14), P₁₂ = P₂₁ = P₂₂ = 0, monomials with z excluded
// (Z = [1, x] for A₁–A₃, [1, x, x²] for A₄). Closed[i] is the largest
// deviation of the unnormalised kernel from its closed form Z(5)ᵀA_iZ(z)·
// (10 − max(5, z)) (the g_ij of Corollary 13 with γ = 0) and Slope[i]
// the change of slope at z = 5.
type Figure1 struct {
	X, Y              []float64
	Z                 []float64
	Cs                []float64
	TK, Gauss         [][]float64
	Kinks, Lipschitz  []float64
	Jump              []float64
	Agree, GaussAgree []float64
	// TKCertified and GaussCertified: see above.
	TKCertified, GaussCertified []bool `json:",omitempty"`
	Kernels                     [][]float64
	Closed, Slope               []float64
	// Generate describes the data of panel (a).
	Generate string
}

// figure1Label is the generator of panel (a).
func figure1Label(x float64) float64 {
	if math.Sin(x)+0.3*math.Sin(3*x) >= 0 {
		return 1
	}
	return -1
}

// RunFigure1 computes both panels of Figure 1 on a lattice of grid points
// of [0, 10]; tkIter caps the iterations of the TK fits.
func RunFigure1(seed uint64, grid, tkIter int) (*Figure1, error) {
	if grid < 3 {
		return nil, klearn.Errorf(klearn.ErrParam, "colbert2020: Figure 1 lattice of %d points, want at least 3", grid)
	}
	const m, lo, hi = 20, 0.0, 10.0
	r := klearn.NewRand(seed)
	f := &Figure1{Cs: Figure1Cs, Generate: "x ∼ U[0, 10], y = sign(sin x + 0.3 sin 3x), m = 20"}
	X := mat.NewDense(m, 1, nil)
	for i := 0; i < m; i++ {
		x := lo + (hi-lo)*r.Float64()
		X.Set(i, 0, x)
		f.X, f.Y = append(f.X, x), append(f.Y, figure1Label(x))
	}
	if err := figure1Classifiers(f, X, lo, hi, grid, tkIter); err != nil {
		return nil, err
	}
	return f, figure1Kernels(f, grid)
}

// figure1Classifiers fills panel (a).
func figure1Classifiers(f *Figure1, X *mat.Dense, lo, hi float64, grid, tkIter int) error {
	f.Z = make([]float64, grid)
	G := mat.NewDense(grid, 1, nil)
	for i := range f.Z {
		f.Z[i] = lo + (hi-lo)*float64(i)/float64(grid-1)
		G.Set(i, 0, f.Z[i])
	}
	// One-sided probes around every training point for the slope changes
	// and the continuity check.
	const h = 1e-6
	m := len(f.X)
	probe := mat.NewDense(4*m, 1, nil)
	for i, x := range f.X {
		for k, dx := range []float64{-2 * h, -h, h, 2 * h} {
			probe.Set(4*i+k, 0, x+dx)
		}
	}
	var lib gramLibrary
	for i := 0; i < 10; i++ {
		k := kernel.Gaussian{Sigma: 0.5 * math.Pow(20, float64(i)/9)}
		K, err := kernel.Gram(k, X)
		if err != nil {
			return err
		}
		C, err := kernel.Cross(k, G, X)
		if err != nil {
			return err
		}
		if err := lib.add(K, C); err != nil {
			return err
		}
	}
	// The box [−ε, 1 + ε] after min–max scaling of the data covers [0, 10].
	xmin, xmax := mat.Min(X), mat.Max(X)
	eps := max(xmin-0, 10-xmax) / (xmax - xmin)
	for _, C := range f.Cs {
		mod, err := tk.Learner{Degree: 1, Margin: eps, SVM: svm.Classifier{C: C}, Settings: opt.Settings{Tol: 1e-5, MaxIter: tkIter}}.Fit(X, f.Y)
		if err != nil {
			return fmt.Errorf("colbert2020: Figure 1 TK, C = %g: %w", C, err)
		}
		z, err := mod.Decision(G)
		if err != nil {
			return err
		}
		pz, err := mod.Decision(probe)
		if err != nil {
			return err
		}
		var kinks, jump, lip float64
		for i := 0; i < m; i++ {
			left := (pz[4*i+1] - pz[4*i]) / h
			right := (pz[4*i+3] - pz[4*i+2]) / h
			kinks += math.Abs(right - left)
			jump = max(jump, math.Abs(pz[4*i+2]-pz[4*i+1]))
		}
		for i := 1; i < grid; i++ {
			lip = max(lip, math.Abs(z[i]-z[i-1])/(f.Z[i]-f.Z[i-1]))
		}
		sm, err := simplemkl.Learner{C: C * float64(m), Settings: opt.Settings{MaxIter: 200}}.FitGrams(lib.K, f.Y)
		if err != nil {
			return fmt.Errorf("colbert2020: Figure 1 Gaussians, C = %g: %w", C, err)
		}
		gz, err := sm.DecisionGrams(lib.Kte)
		if err != nil {
			return err
		}
		f.TK, f.Gauss = append(f.TK, z), append(f.Gauss, gz)
		f.Kinks, f.Jump, f.Lipschitz = append(f.Kinks, kinks), append(f.Jump, jump), append(f.Lipschitz, lip)
		f.Agree, f.GaussAgree = append(f.Agree, agreement(f.Z, z)), append(f.GaussAgree, agreement(f.Z, gz))
		f.TKCertified, f.GaussCertified = append(f.TKCertified, mod.Status() == opt.Success), append(f.GaussCertified, sm.Status == opt.Success)
	}
	return nil
}

// agreement is the share (%) of the lattice where sign f equals the
// generator's label.
func agreement(z, f []float64) float64 {
	k := 0
	for i, v := range z {
		if (f[i] >= 0) == (figure1Label(v) > 0) {
			k++
		}
	}
	return 100 * float64(k) / float64(len(z))
}

// Figure1A are the matrices A₁–A₄ of eq. (14).
var Figure1A = [][][]float64{
	{{1, 0}, {0, 0}},
	{{1, 0}, {0, 0.1}},
	{{1, 0}, {0, 1}},
	{{0, 0, 0}, {0, 1, 0}, {0, 0, 1}},
}

// figure1Kernels fills panel (b) with kernel.TK: the A_i sit on the
// x-only monomials 1, x (, x²) of Z_d(z, x), every other entry of P is 0.
func figure1Kernels(f *Figure1, grid int) error {
	const x0, b, h = 5.0, 10.0, 1e-6
	for _, A := range Figure1A {
		d := len(A) - 1
		exps, err := kernel.Monomials(2, d)
		if err != nil {
			return err
		}
		// idx[p] is the position of x^p z^0 in Z_d(z, x) (x first, then z).
		idx := make([]int, d+1)
		for i, e := range exps {
			if e[1] == 0 {
				idx[e[0]] = i
			}
		}
		q := len(exps)
		P := mat.NewSymDense(2*q, nil)
		for i := range A {
			for j := range A {
				P.SetSym(idx[i], idx[j], A[i][j])
			}
		}
		k := kernel.TK{Degree: d, Lower: []float64{0}, Upper: []float64{b}, P: P}
		vals := make([]float64, grid)
		var scale, dev float64
		for i := range vals {
			z := b * float64(i) / float64(grid-1)
			vals[i] = k.Eval([]float64{x0}, []float64{z})
			scale = max(scale, math.Abs(vals[i]))
			var zz float64
			for p := range A {
				for s := range A {
					zz += math.Pow(x0, float64(p)) * A[p][s] * math.Pow(z, float64(s))
				}
			}
			dev = max(dev, math.Abs(vals[i]-zz*(b-max(x0, z))))
		}
		ev := func(z float64) float64 { return k.Eval([]float64{x0}, []float64{z}) }
		slope := (ev(x0+h)-ev(x0))/h - (ev(x0)-ev(x0-h))/h
		for i := range vals {
			vals[i] /= scale
		}
		f.Kernels = append(f.Kernels, vals)
		f.Closed = append(f.Closed, dev/scale)
		f.Slope = append(f.Slope, slope/scale)
	}
	return nil
}
