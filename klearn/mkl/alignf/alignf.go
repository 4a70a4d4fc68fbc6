package alignf

import (
	"math"
	"slices"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/mkl/internal/wrapper"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
	"gonum.org/v1/gonum/mat"
)

// Align is alignf: it learns the non-negative combination K_μ = Σ_k μ_k K_k of base
// kernels that maximises the centred alignment with the target yyᵀ, the
// alignf algorithm of Cortes, Mohri & Rostamizadeh (2012), "Algorithms for
// learning kernels based on centered alignment", JMLR 13:795–828 (the DA
// baseline of Afkanpour et al. 2013):
//
//	max_{μ ≥ 0, ‖μ‖₂ = 1} ρ(K_μ, yyᵀ),
//	ρ(K, K') = ⟨K_c, K'_c⟩_F / (‖K_c‖_F ‖K'_c‖_F),   K_c = HKH, H = I − 11ᵀ/n
//
// (their Definition 4). With M_kl = ⟨K_kc, K_lc⟩_F and a_k =
// ⟨K_kc, yyᵀ⟩_F, their Proposition 9 reduces it to the non-negative QP
//
//	v* = argmin_{v ≥ 0} vᵀMv − 2vᵀa,   μ = v*/‖v*‖₂,
//
// solved here by opt.NNQP in scale-free variables with a ridge of 1e-10
// (Ridge; see solve). ⟨K_kc, K_lc⟩_F is computed as ⟨K_kc, K_l − m_l⟩_F
// (m_l the grand mean of K_l; H annihilates constants), one centred matrix
// at a time, so the memory is one extra n×n matrix whatever the number of
// kernels, and no cancellation occurs for nearly constant kernels (e.g.
// wide Gaussians). The scale of μ matters only to the SVM of stage 2
// (AlignfSVM); the alignment is scale-free.
//
// Labels may be any finite real targets with at least two distinct values
// (the regression case of the paper); the classifier AlignfSVM needs ±1.
// Copying an Alignf clones it; the zero value is ready to use.
type Align struct {
	// Settings are passed to opt.NNQP (nil fields select its defaults).
	Settings opt.Settings
}

// AlignModel is a fitted Align model.
type AlignModel struct {
	// weights are μ = v*/‖v*‖₂ (μ ≥ 0); see Weights.
	weights []float64
	// V is the QP solution v*.
	V []float64
	// M holds M_kl = ⟨K_kc, K_lc⟩_F and A a_k = ⟨K_kc, yyᵀ⟩_F.
	M *mat.SymDense
	A []float64
	// Alignment is the centred alignment ρ(K_μ, yyᵀ) reached, and
	// KernelAlignments the centred alignment ρ(K_k, yyᵀ) of every base
	// kernel (NaN when K_kc = 0).
	Alignment        float64
	KernelAlignments []float64
	// Result is the opt.NNQP result of the normalised QP that gave V
	// (Align.solve): its X are the scale-free w over the non-constant
	// base kernels.
	Result *opt.Result
}

// FitGrams computes the alignf weights for the base Gram matrices Ks (all
// n×n, finite, n ≥ 2) and targets y. Errors wrap ErrEmpty, ErrShape,
// ErrNotFinite, ErrOneClass (constant y), ErrNotPSD (M not PSD, i.e. a base
// kernel far from PSD) or ErrSingular (every centred kernel is orthogonal
// to yyᵀ, so v* = 0).
func (a Align) FitGrams(Ks []*mat.SymDense, y []float64) (*AlignModel, error) {
	if len(Ks) == 0 {
		return nil, klearn.Errorf(klearn.ErrEmpty, "alignf: no base kernels")
	}
	if err := klearn.CheckVector("alignf: y", y); err != nil {
		return nil, err
	}
	n := len(y)
	if _, err := wrapper.CheckGrams("alignf", Ks, n); err != nil {
		return nil, err
	}
	var ybar float64
	for _, v := range y {
		ybar += v
	}
	ybar /= float64(n)
	yc := make([]float64, n)
	var yy float64
	for i, v := range y {
		yc[i] = v - ybar
		yy += yc[i] * yc[i]
	}
	if !(yy > 0) {
		return nil, klearn.Errorf(klearn.ErrOneClass, "alignf: the targets y are constant")
	}
	p := len(Ks)
	M := mat.NewSymDense(p, nil)
	A := make([]float64, p)
	means := make([]float64, p)
	for l, K := range Ks {
		means[l] = alignfGrandMean(K)
	}
	for k, K := range Ks {
		Kc, err := kernel.Center(K)
		if err != nil {
			return nil, klearn.Errorf(err, "alignf: kernel %d", k)
		}
		A[k] = alignfQuad(Kc, yc)
		for l := k; l < p; l++ {
			M.SetSym(k, l, alignfFrob(Kc, Ks[l], means[l]))
		}
	}
	v, res, err := a.solve(M, A, yy)
	if err != nil {
		return nil, err
	}
	var nv float64
	for _, x := range v {
		nv += x * x
	}
	nv = math.Sqrt(nv)
	if !(nv > 0) {
		return nil, klearn.Errorf(klearn.ErrSingular, "alignf: v* = 0 (no base kernel is aligned with the target)")
	}
	mu := make([]float64, p)
	for k, x := range v {
		mu[k] = x / nv
	}
	m := &AlignModel{weights: mu, V: v, M: M, A: A, Result: res}
	m.Alignment = alignfRho(M, A, mu, yy)
	m.KernelAlignments = make([]float64, p)
	for k := range Ks {
		e := make([]float64, p)
		e[k] = 1
		m.KernelAlignments[k] = alignfRho(M, A, e, yy)
	}
	return m, nil
}

// Ridge is the ridge added to the unit diagonal of the normalised QP
// (solve): it keeps every passive system of opt.NNQP well conditioned
// (condition number below p/Ridge) when base kernels are nearly collinear,
// e.g. wide Gaussians, whose centred Gram matrices all approach −D_c/σ²
// (D the squared distances), and it moves the alignment reached by
// O(Ridge) at most.
const Ridge = 1e-10

// zeroNorm is the relative centred norm ‖K_kc‖_F / max_l ‖K_lc‖_F below
// which a base kernel counts as constant (K_kc = 0 up to round-off): it
// gets v_k = 0.
const zeroNorm = 1e-13

// solve returns v* = argmin_{v ≥ 0} vᵀMv − 2vᵀa (Proposition 9) with the
// opt.NNQP result it came from. The QP is solved in the scale-free
// variables w_k = d_k v_k / ‖y_c‖², d_k = ‖K_kc‖_F = √M_kk: its matrix
// M̂_kl = M_kl/(d_k d_l) has a unit diagonal and its vector â_k =
// a_k/(d_k ‖y_c‖²) = ρ(K_k, yyᵀ) the kernels' alignments, so a kernel's
// scale (a wide Gaussian's centred norm is ~1/σ² that of a narrow one)
// does not enter the conditioning. The same v* solves both forms; M̂ gets
// the ridge Ridge·I. Constant kernels (d_k ≈ 0, zeroNorm) are left out
// with v_k = 0.
func (a Align) solve(M *mat.SymDense, A []float64, yy float64) ([]float64, *opt.Result, error) {
	p := len(A)
	d := make([]float64, p)
	var dmax float64
	for k := range d {
		d[k] = math.Sqrt(math.Max(M.At(k, k), 0))
		dmax = math.Max(dmax, d[k])
	}
	var idx []int
	for k := range d {
		if d[k] > zeroNorm*dmax {
			idx = append(idx, k)
		}
	}
	v := make([]float64, p)
	if len(idx) == 0 {
		return v, &opt.Result{X: v, Multipliers: make([]float64, p), Status: opt.Success}, nil
	}
	Mh := mat.NewSymDense(len(idx), nil)
	ah := make([]float64, len(idx))
	for r, k := range idx {
		ah[r] = A[k] / (d[k] * yy)
		for c := r; c < len(idx); c++ {
			l := idx[c]
			Mh.SetSym(r, c, M.At(k, l)/(d[k]*d[l]))
		}
		Mh.SetSym(r, r, Mh.At(r, r)+Ridge)
	}
	res, err := opt.NNQP(Mh, ah, &a.Settings)
	if err != nil {
		return nil, nil, klearn.Errorf(err, "alignf")
	}
	for r, k := range idx {
		v[k] = res.X[r] * yy / d[k]
	}
	return v, res, nil
}

// alignfRho returns ρ(K_μ, yyᵀ) = μᵀa / (√(μᵀMμ) ‖y_c‖²), using
// ‖(yyᵀ)_c‖_F = ‖y_c‖² and ⟨K_c, (yyᵀ)_c⟩ = ⟨K_c, yyᵀ⟩; NaN if K_μc = 0.
func alignfRho(M *mat.SymDense, a, mu []float64, yy float64) float64 {
	var num, den float64
	for k := range mu {
		num += mu[k] * a[k]
		for l := range mu {
			den += mu[k] * mu[l] * M.At(k, l)
		}
	}
	if !(den > 0) {
		return math.NaN()
	}
	return num / (math.Sqrt(den) * yy)
}

// alignfGrandMean returns 1ᵀK1/n².
func alignfGrandMean(K *mat.SymDense) float64 {
	raw := K.RawSymmetric()
	n := raw.N
	var s float64
	for i := 0; i < n; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+n]
		s += row[i]
		var off float64
		for _, v := range row[i+1:] {
			off += v
		}
		s += 2 * off
	}
	return s / float64(n*n)
}

// alignfFrob returns ⟨A, B − m⟩_F from the upper triangles.
func alignfFrob(A, B *mat.SymDense, m float64) float64 {
	ra, rb := A.RawSymmetric(), B.RawSymmetric()
	n := ra.N
	var s float64
	for i := 0; i < n; i++ {
		a := ra.Data[i*ra.Stride : i*ra.Stride+n]
		b := rb.Data[i*rb.Stride : i*rb.Stride+n]
		s += a[i] * (b[i] - m)
		var off float64
		for j := i + 1; j < n; j++ {
			off += a[j] * (b[j] - m)
		}
		s += 2 * off
	}
	return s
}

// alignfQuad returns vᵀKv from the upper triangle.
func alignfQuad(K *mat.SymDense, v []float64) float64 {
	raw := K.RawSymmetric()
	n := raw.N
	var s float64
	for i := 0; i < n; i++ {
		row := raw.Data[i*raw.Stride : i*raw.Stride+n]
		var off float64
		for j := i + 1; j < n; j++ {
			off += row[j] * v[j]
		}
		s += v[i] * (row[i]*v[i] + 2*off)
	}
	return s
}

// Weights returns a copy of μ = v*/‖v*‖₂.
func (m *AlignModel) Weights() []float64 {
	if m == nil {
		return nil
	}
	return slices.Clone(m.weights)
}

// Combine returns K_μ = Σ_k μ_k K_k for training base kernels Ks.
func (m *AlignModel) Combine(Ks []*mat.SymDense) (*mat.SymDense, error) {
	if m == nil || m.weights == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "alignf: AlignModel is not fitted")
	}
	return kernel.Combine(m.weights, Ks)
}

// CombineCross returns Σ_k μ_k K_k for test×train base kernels Kte.
func (m *AlignModel) CombineCross(Kte []*mat.Dense) (*mat.Dense, error) {
	if m == nil || m.weights == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "alignf: AlignModel is not fitted")
	}
	return kernel.CombineCross(m.weights, Kte)
}

// SVM is the two-stage DA method of Afkanpour et al. (2013):
// stage 1 learns μ by Alignf, stage 2 trains the C-SVM SVM on
// K_μ = Σ_k μ_k K_k (μ = v*/‖v*‖₂). Labels must be ±1.
type SVM struct {
	Align Align
	SVM   svm.Classifier
}

// SVMModel is a fitted SVM.
type SVMModel struct {
	Align *AlignModel
	SVM   *svm.Model
	// Status is opt.Success only when both stages stopped at their
	// convergence tests: stage 1's QP (Align.Result.Status, opt.NNQP) and
	// stage 2's SMO (svm.Converged); otherwise stage 1's status when it is
	// not Success, else opt.IterationLimit (wrapper.Status).
	Status opt.Status
}

// FitGrams learns μ on Ks and y and fits the SVM on K_μ. Errors: those of
// Alignf.FitGrams, ErrLabels (y not ±1) and those of svm.Classifier.FitGram.
func (c SVM) FitGrams(Ks []*mat.SymDense, y []float64) (*SVMModel, error) {
	if _, _, err := klearn.CheckBinary(y); err != nil {
		return nil, klearn.Errorf(err, "alignf: SVM")
	}
	am, err := c.Align.FitGrams(Ks, y)
	if err != nil {
		return nil, err
	}
	K, err := am.Combine(Ks)
	if err != nil {
		return nil, err
	}
	model, err := c.SVM.FitGram(K, y)
	if err != nil {
		return nil, klearn.Errorf(err, "alignf: SVM")
	}
	return &SVMModel{Align: am, SVM: model, Status: wrapper.Status(am.Result.Status, model)}, nil
}

// DecisionGrams returns f(x) = Σ_i α_iy_i Σ_k μ_k K_k(x, x_i) + b for the
// test×train base kernels Kte (one per base kernel, in training order).
func (m *SVMModel) DecisionGrams(Kte []*mat.Dense) ([]float64, error) {
	return m.combination().DecisionGrams(Kte)
}

// PredictGrams returns the predicted labels sign(f(x)) ∈ {±1}.
func (m *SVMModel) PredictGrams(Kte []*mat.Dense) ([]float64, error) {
	return m.combination().PredictGrams(Kte)
}

// Weights returns a copy of the weights μ learned by Alignf.
func (m *SVMModel) Weights() []float64 { return m.combination().Weights() }

// Combine returns K_μ = Σ_k μ_k K_k for training base kernels Ks.
func (m *SVMModel) Combine(Ks []*mat.SymDense) (*mat.SymDense, error) {
	return m.combination().Combine(Ks)
}

// CombineCross returns Σ_k μ_k K_k for test×train base kernels Kte.
func (m *SVMModel) CombineCross(Kte []*mat.Dense) (*mat.Dense, error) {
	return m.combination().CombineCross(Kte)
}

func (m *SVMModel) combination() mkl.WeightedSVM {
	if m == nil || m.Align == nil {
		return mkl.WeightedSVM{Who: "alignf: SVMModel"}
	}
	return mkl.WeightedSVM{Who: "alignf: SVMModel", W: m.Align.weights, SVM: m.SVM}
}

var _ mkl.Learner[*SVMModel] = SVM{}
