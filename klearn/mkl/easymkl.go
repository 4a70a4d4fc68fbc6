package mkl

import (
	"fmt"
	"math"
	"slices"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
	"gonum.org/v1/gonum/mat"
)

// EasyMKL learns a convex combination of base kernels by the EasyMKL
// algorithm of Aiolli & Donini (2015), as used by Donini & Aiolli (2017),
// Section 2.1:
//
//	max_{‖η‖₂=1, η≥0} min_{γ∈Γ} (1−λ) γᵀY(Σ_s η_s K_s)Yγ + λ‖γ‖²      Eq. (1)
//
// (Λ = λ/(1−λ) in the paper's notation). EasyMKL replaces
// the inner objective by the upper bound obtained with the simple sum
// K̄ = Σ_s K_s (as the paper and the reference code do):
//
//  1. γ* = argmin_{γ∈Γ} (1−λ) γᵀYK̄Yγ + λ‖γ‖² (opt.KOMDQP, or
//     opt.KOMDQPFrom from SumStart);
//  2. d_s = γ*ᵀYK_sYγ*, η = d/‖d‖₂ (the closed-form maximiser of Eq. (1)),
//     then rescaled to ‖η‖₁ = 1 — the ℓ2 step only changes the scale, so η
//     is d/Σ_s d_s, which is what the reference code computes;
//  3. the KOMD problem is re-solved on K_η = Σ_s η_s K_s (as the reference
//     implementation does) to give the γ and bias of the classifier
//     f(x) = Σ_i y_i γ_i K_η(x_i, x) − b, b = ½γᵀK_ηYγ.
//
// The base kernels should be normalised (unit diagonal; then K_η is too).
// Memory: FitSource sweeps a GramSource three times and holds the combined
// L×L kernel besides the source's buffer and the solver's copy, so the
// family never has to be stored; the time is linear in the number of
// kernels. On a GramList the three passes go row by row through all the
// kernels (one pass over the combined kernel instead of one per kernel),
// and on HPKFamily.Source they build each row's powers from the cosine
// matrix, with no per-kernel buffer; both give the same bits as the sweep. The combined kernel and the solver's copy are
// recycled across fits (fresh memory costs about 2 s per GiB at first
// touch), and the two KOMD solves use up to GOMAXPROCS goroutines
// (opt.KOMDQP); the fit is bit-identical for any GOMAXPROCS.
//
// Speed (BenchmarkEasyMKL, 10 HPKs): n = 4000 in about 3 s wall on 2
// CPUs, 5–13× below MKLpy's (cvxopt) wall time measured side by side;
// tables in BENCHMARKS.md.
//
// Copying an EasyMKL clones it. The zero value is λ = 0.
type EasyMKL struct {
	// Lambda is λ ∈ [0, 1] of the (1−λ, λ) parametrisation (Λ = λ/(1−λ));
	// see LambdaFromPaper.
	Lambda float64
	// Settings are passed to every opt.KOMDQP call (nil: defaults).
	Settings *opt.Settings
	// NoResolve skips step 3 and keeps γ* of step 1 (with the bias
	// recomputed on K_η); the weights are unchanged.
	NoResolve bool
	// SumStart and Start, if not nil, are the start points of the KOMD
	// solves of steps 1 and 3 (opt.KOMDQPFrom): a γ in Γ, one entry per
	// training example, e.g. GammaSum and Gamma of a fit on the same
	// kernels at a neighbouring λ (a warm start along a grid of λ). They
	// change the number of pair steps, not the optimum (within the
	// stopping tolerance). nil starts from the class-uniform point. They
	// are read, never modified (a copy of an EasyMKL shares them).
	SumStart, Start []float64
}

// EasyMKLModel is a fitted EasyMKL model.
type EasyMKLModel struct {
	// eta are the kernel weights η (η ≥ 0, Σ η = 1); see Weights.
	eta []float64
	// D are the margins d_s(γ*) = γ*ᵀYK_sYγ* of step 2.
	D []float64
	// GammaSum is γ* of step 1 (on the sum kernel).
	GammaSum []float64
	// Gamma and Bias define the classifier on K_η (step 3).
	Gamma []float64
	Bias  float64
	// Y are the training labels (±1).
	Y []float64
	// SumResult and Result are the solver results of steps 1 and 3.
	SumResult, Result *opt.Result
}

// FitGrams fits EasyMKL on base Gram matrices Ks (all L×L) with labels
// y ∈ {±1}. Errors wrap ErrEmpty, ErrShape, ErrNotFinite, ErrLabels,
// ErrOneClass, ErrNotPSD (a base kernel with a negative diagonal entry) or
// ErrParam.
func (e EasyMKL) FitGrams(Ks []*mat.SymDense, y []float64) (*EasyMKLModel, error) {
	for s, K := range Ks {
		if K == nil {
			return nil, klearn.Errorf(klearn.ErrEmpty, "mkl: EasyMKL: kernel %d is nil", s)
		}
		if K.SymmetricDim() != len(y) {
			return nil, klearn.Errorf(klearn.ErrShape, "mkl: EasyMKL: kernel %d is %d×%d, y has %d entries", s, K.SymmetricDim(), K.SymmetricDim(), len(y))
		}
	}
	return e.FitSource(GramList(Ks), y)
}

// FitSource fits EasyMKL sweeping the base kernels of src (see FitGrams).
func (e EasyMKL) FitSource(src GramSource, y []float64) (*EasyMKLModel, error) {
	if err := klearn.CheckParam("mkl: EasyMKL: Lambda", e.Lambda, 0, 1); err != nil {
		return nil, err
	}
	if _, _, err := klearn.CheckBinary(y); err != nil {
		return nil, klearn.Errorf(err, "mkl: EasyMKL")
	}
	if klearn.IsNil(src) || src.Len() == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "mkl: EasyMKL: no base kernels")
	}
	n := len(y)
	if src.Dim() != n {
		return nil, klearn.Errorf(klearn.ErrShape, "mkl: EasyMKL: kernels are %d×%d, y has %d entries", src.Dim(), src.Dim(), n)
	}
	R := src.Len()
	// A fusedSource (a GramList, HPKFamily.Source) forms the sums and
	// margins row by row, with the same arithmetic as the sweeps below.
	fused, _ := src.(fusedSource)
	const who = "mkl: EasyMKL"
	check := func(s int, K *mat.SymDense) error {
		return klearn.CheckDiagPSD(fmt.Sprintf("%s: kernel %d", who, s), K)
	}
	if l, ok := src.(GramList); ok {
		// HPKFamily.Source's members have unit diagonals by construction.
		if err := eachGram(who, l, n, check); err != nil {
			return nil, err
		}
	}
	// Step 1: γ* on the simple sum, in a recycled n×n matrix.
	acc := getSym(n)
	defer putSym(acc)
	zeroUpper(acc)
	if fused != nil {
		ones := make([]float64, R)
		for s := range ones {
			ones[s] = 1
		}
		fused.addWeighted(acc, ones)
	} else if err := eachGram(who, src, n, func(s int, K *mat.SymDense) error {
		if err := check(s, K); err != nil {
			return err
		}
		addScaledUpper(acc, 1, K)
		return nil
	}); err != nil {
		return nil, err
	}
	res1, err := opt.KOMDQPFrom(acc, y, e.Lambda, e.SumStart, e.Settings)
	if err != nil {
		return nil, klearn.Errorf(err, "mkl: EasyMKL")
	}
	u := signed(res1.X, y)
	// Step 2: d_s(γ*) and η.
	d := make([]float64, R)
	if fused != nil {
		for s, q := range fused.quads(u) {
			d[s] = math.Max(0, q)
		}
	} else if err := eachGram(who, src, n, func(s int, K *mat.SymDense) error {
		d[s] = math.Max(0, symQuad(K, u))
		return nil
	}); err != nil {
		return nil, err
	}
	var sum float64
	for _, v := range d {
		sum += v
	}
	if !(sum > 0) || math.IsInf(sum, 0) {
		return nil, klearn.Errorf(klearn.ErrSingular, "mkl: EasyMKL: all margins d_s(γ*) are zero (Σ d = %g)", sum)
	}
	eta := make([]float64, R)
	for s, v := range d {
		eta[s] = v / sum
	}
	// Step 3: K_η and the final KOMD solve.
	zeroUpper(acc)
	if fused != nil {
		fused.addWeighted(acc, eta)
	} else if err := eachGram(who, src, n, func(s int, K *mat.SymDense) error {
		if eta[s] != 0 {
			addScaledUpper(acc, eta[s], K)
		}
		return nil
	}); err != nil {
		return nil, err
	}
	m := &EasyMKLModel{eta: eta, D: d, GammaSum: res1.X, Y: append([]float64(nil), y...), SumResult: res1}
	if e.NoResolve {
		m.Gamma, m.Result = res1.X, res1
	} else {
		res, err := opt.KOMDQPFrom(acc, y, e.Lambda, e.Start, e.Settings)
		if err != nil {
			return nil, klearn.Errorf(err, "mkl: EasyMKL")
		}
		m.Gamma, m.Result = res.X, res
	}
	m.Bias = komdBias(acc, m.Gamma, signed(m.Gamma, y))
	return m, nil
}

// Weights returns a copy of the kernel weights η (η ≥ 0, Σ η = 1).
func (m *EasyMKLModel) Weights() []float64 {
	if m == nil {
		return nil
	}
	return slices.Clone(m.eta)
}

// Combine returns K_η = Σ_s η_s K_s for training base kernels Ks.
func (m *EasyMKLModel) Combine(Ks []*mat.SymDense) (*mat.SymDense, error) {
	return m.CombineSource(GramList(Ks))
}

// CombineCross returns Σ_s η_s K_s for test×train base kernels Kte.
func (m *EasyMKLModel) CombineCross(Kte []*mat.Dense) (*mat.Dense, error) {
	return m.CombineCrossSource(CrossList(Kte))
}

// CombineSource returns K_η = Σ_s η_s K_s for a training source.
func (m *EasyMKLModel) CombineSource(src GramSource) (*mat.SymDense, error) {
	if m == nil || m.eta == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "mkl: EasyMKLModel is not fitted")
	}
	return CombineSource(m.eta, src)
}

// CombineCrossSource returns Σ_s η_s K_s for a test×train source.
func (m *EasyMKLModel) CombineCrossSource(src CrossSource) (*mat.Dense, error) {
	if m == nil || m.eta == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "mkl: EasyMKLModel is not fitted")
	}
	return CombineCrossSource(m.eta, src)
}

// CombineSource returns Σ_s w_s K_s over a GramSource (w may be any
// weights, e.g. the fixed rules of HPKRule). Errors: ErrShape, ErrEmpty,
// ErrNotFinite (a NaN or ±Inf weight, base kernel entry or sum).
func CombineSource(w []float64, src GramSource) (*mat.SymDense, error) {
	if err := checkCombine(w, src); err != nil {
		return nil, err
	}
	n := src.Dim()
	if n < 1 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "mkl: base kernels of order %d (the first is nil or empty)", n)
	}
	acc := mat.NewSymDense(n, nil)
	err := eachGram("mkl: CombineSource", src, n, func(s int, K *mat.SymDense) error {
		if w[s] != 0 {
			addScaledUpper(acc, w[s], K)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// A NaN or ±Inf in a base kernel, or a sum that overflows.
	if _, err := klearn.CheckGram(acc, n); err != nil {
		return nil, fmt.Errorf("mkl: combined kernel: %w", err)
	}
	return acc, nil
}

// checkCombine returns an error unless src holds base kernels and w is one
// finite weight per kernel.
func checkCombine(w []float64, src interface{ Len() int }) error {
	if klearn.IsNil(src) || src.Len() == 0 {
		return klearn.Errorf(klearn.ErrEmpty, "mkl: no base kernels")
	}
	if err := klearn.CheckVector("mkl: kernel weights", w); err != nil {
		return err
	}
	if len(w) != src.Len() {
		return klearn.Errorf(klearn.ErrShape, "mkl: %d weights for %d kernels", len(w), src.Len())
	}
	return nil
}

// CombineCrossSource returns Σ_s w_s K_s over a CrossSource.
func CombineCrossSource(w []float64, src CrossSource) (*mat.Dense, error) {
	if err := checkCombine(w, src); err != nil {
		return nil, err
	}
	r, c := src.Dims()
	if r < 1 || c < 1 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "mkl: test kernels of %d×%d (the first is nil or empty)", r, c)
	}
	acc := mat.NewDense(r, c, nil)
	err := eachCross("mkl: CombineCrossSource", src, r, c, func(s int, K *mat.Dense) error {
		if w[s] == 0 {
			return nil
		}
		a := acc.RawMatrix()
		k := K.RawMatrix()
		hpkRows(r, func(i int) {
			dst := a.Data[i*a.Stride : i*a.Stride+c]
			for j, v := range k.Data[i*k.Stride : i*k.Stride+c] {
				dst[j] += w[s] * v
			}
		})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if _, _, err := klearn.CheckMatrix("mkl: combined test kernel", acc); err != nil {
		return nil, err
	}
	return acc, nil
}

// DecisionGrams returns f(x) = Σ_i y_i γ_i K_η(x_i, x) − b for test×train
// base kernels Kte (one per base kernel, same order as in training).
func (m *EasyMKLModel) DecisionGrams(Kte []*mat.Dense) ([]float64, error) {
	for s, K := range Kte {
		if K == nil {
			return nil, klearn.Errorf(klearn.ErrEmpty, "mkl: EasyMKL: test kernel %d is nil", s)
		}
	}
	return m.DecisionSource(CrossList(Kte))
}

// DecisionSource is DecisionGrams over a CrossSource; it never forms K_η:
// f = Σ_s η_s (K_s Yγ) − b.
func (m *EasyMKLModel) DecisionSource(src CrossSource) ([]float64, error) {
	if m == nil || m.eta == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "mkl: EasyMKLModel is not fitted")
	}
	if klearn.IsNil(src) || src.Len() != len(m.eta) {
		return nil, klearn.Errorf(klearn.ErrShape, "mkl: EasyMKL: need %d test kernels", len(m.eta))
	}
	r, c := src.Dims()
	if c != len(m.Gamma) || r == 0 {
		return nil, klearn.Errorf(klearn.ErrShape, "mkl: EasyMKL: test kernels are %d×%d, model has %d training points", r, c, len(m.Gamma))
	}
	u := mat.NewVecDense(c, signed(m.Gamma, m.Y))
	f := make([]float64, r)
	var tmp mat.VecDense
	err := eachCross("mkl: EasyMKL", src, r, c, func(s int, K *mat.Dense) error {
		if m.eta[s] == 0 {
			return nil
		}
		tmp.MulVec(K, u)
		for i := range f {
			f[i] += m.eta[s] * tmp.AtVec(i)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for i := range f {
		f[i] -= m.Bias
	}
	return finiteDecision("EasyMKL", f)
}

// finiteDecision returns f, or an ErrNotFinite error when a test kernel
// carried NaN or ±Inf into a decision value (0·NaN is NaN, so every
// non-finite entry that meets the model shows up here).
func finiteDecision(who string, f []float64) ([]float64, error) {
	for i, v := range f {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "mkl: %s: decision value %d is %v (the test kernel has non-finite entries)", who, i, v)
		}
	}
	return f, nil
}

// PredictSource returns sign(f(x)) ∈ {±1} over a CrossSource.
func (m *EasyMKLModel) PredictSource(src CrossSource) ([]float64, error) {
	f, err := m.DecisionSource(src)
	if err != nil {
		return nil, err
	}
	return Signs(f), nil
}

// PredictGrams returns sign(f(x)) ∈ {±1}.
func (m *EasyMKLModel) PredictGrams(Kte []*mat.Dense) ([]float64, error) {
	f, err := m.DecisionGrams(Kte)
	if err != nil {
		return nil, err
	}
	return Signs(f), nil
}

// CenterOfMass returns W(η) = (1/D) Σ_{s=0}^{D} s·η_s for weights
// η_0 … η_D (Section 5.4 of Donini & Aiolli 2017):
// 0 when all weight is on k_0, 1 when all is on k_D. Errors: ErrShape
// (fewer than two weights), ErrNotFinite.
func CenterOfMass(eta []float64) (float64, error) {
	if len(eta) < 2 {
		return 0, klearn.Errorf(klearn.ErrShape, "mkl: CenterOfMass needs ≥ 2 weights, have %d", len(eta))
	}
	if err := klearn.CheckVector("mkl: eta", eta); err != nil {
		return 0, err
	}
	var w float64
	for s, v := range eta {
		w += float64(s) * v
	}
	return w / float64(len(eta)-1), nil
}

// EasyMKLSVM trains EasyMKL for the kernel weights and then a C-SVM
// (klearn/svm) on the learned kernel K_η, as in the MNIST experiments of
// Donini & Aiolli (2017), Section 5.5.
type EasyMKLSVM struct {
	MKL EasyMKL
	SVM svm.Classifier
}

// EasyMKLSVMModel is a fitted EasyMKLSVM.
type EasyMKLSVMModel struct {
	MKL *EasyMKLModel
	SVM *svm.Model
}

// FitSource learns η on src and fits the SVM on K_η.
func (c EasyMKLSVM) FitSource(src GramSource, y []float64) (*EasyMKLSVMModel, error) {
	e := c.MKL
	e.NoResolve = true // the SVM replaces the KOMD classifier of step 3
	m, err := e.FitSource(src, y)
	if err != nil {
		return nil, err
	}
	K, err := m.CombineSource(src)
	if err != nil {
		return nil, err
	}
	sm, err := c.SVM.FitGram(K, y)
	if err != nil {
		return nil, klearn.Errorf(err, "mkl: EasyMKLSVM")
	}
	return &EasyMKLSVMModel{MKL: m, SVM: sm}, nil
}

// FitGrams is FitSource over kernels held in memory.
func (c EasyMKLSVM) FitGrams(Ks []*mat.SymDense, y []float64) (*EasyMKLSVMModel, error) {
	return c.FitSource(GramList(Ks), y)
}

// Weights returns a copy of the kernel weights η learned by EasyMKL.
func (m *EasyMKLSVMModel) Weights() []float64 {
	if m == nil {
		return nil
	}
	return m.MKL.Weights()
}

// Combine returns K_η = Σ_s η_s K_s for training base kernels Ks.
func (m *EasyMKLSVMModel) Combine(Ks []*mat.SymDense) (*mat.SymDense, error) {
	if m == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "mkl: EasyMKLSVMModel is not fitted")
	}
	return m.MKL.Combine(Ks)
}

// CombineCross returns Σ_s η_s K_s for test×train base kernels Kte.
func (m *EasyMKLSVMModel) CombineCross(Kte []*mat.Dense) (*mat.Dense, error) {
	if m == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "mkl: EasyMKLSVMModel is not fitted")
	}
	return m.MKL.CombineCross(Kte)
}

// DecisionGrams returns the SVM decision values on K_η for test×train base
// kernels Kte.
func (m *EasyMKLSVMModel) DecisionGrams(Kte []*mat.Dense) ([]float64, error) {
	return m.DecisionSource(CrossList(Kte))
}

// PredictGrams returns the SVM labels on K_η for test×train base kernels Kte.
func (m *EasyMKLSVMModel) PredictGrams(Kte []*mat.Dense) ([]float64, error) {
	return m.PredictSource(CrossList(Kte))
}

// DecisionSource returns the SVM decision values on K_η(test, train).
func (m *EasyMKLSVMModel) DecisionSource(src CrossSource) ([]float64, error) {
	return m.onCross(src, (*svm.Model).DecisionGram)
}

// PredictSource returns the SVM labels on K_η(test, train).
func (m *EasyMKLSVMModel) PredictSource(src CrossSource) ([]float64, error) {
	return m.onCross(src, (*svm.Model).PredictGram)
}

// onCross applies the SVM method f to the combined test×train kernel K_η.
func (m *EasyMKLSVMModel) onCross(src CrossSource, f func(*svm.Model, *mat.Dense) ([]float64, error)) ([]float64, error) {
	c := weightedSVM{who: "EasyMKLSVMModel"}
	if m != nil && m.MKL != nil {
		c.w, c.svm = m.MKL.eta, m.SVM
	}
	return c.onCross(src, f)
}
