// Package ghkl is generalised hierarchical kernel learning gHKL_ρ over the
// DAG of all feature subsets (Jawanpuria, Nath & Ramakrishnan, JMLR 16,
// 2015; ρ = 2 is the HKL of Bach 2009). It is the baseline of Table 4 of
// Donini & Aiolli (2017), whose protocol lives in repro/donini2017. See the
// Classifier doc comment for the mathematics.
package ghkl

import (
	"math"
	"math/bits"
	"slices"
	"sort"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/kernelab/kernelab/internal/linalg"
	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/klearn/mkl"
	"github.com/kernelab/kernelab/klearn/opt"
	"github.com/kernelab/kernelab/klearn/svm"
)

// Defaults of Classifier used when a field is zero.
const (
	DefaultBeta      = 2.0
	DefaultMaxActive = 64
	DefaultMaxIter   = 100
	DefaultTol       = 1e-3
	DefaultSVMTol    = 1e-4
	// MaxFeatures bounds the number of input features m (nodes are
	// stored as bit masks of the feature subsets).
	MaxFeatures = 62
)

// Classifier is the generalized hierarchical kernel learning classifier gHKL_ρ of
// Jawanpuria, Nath & Ramakrishnan (2015) with the hinge loss, over the DAG
// of all subsets of the m input features. ρ = 2 is the hierarchical kernel
// learning (HKL) of Bach (2009).
//
// # Model
//
// A node v of the DAG V is a subset of {1, …, m}; its parents are the
// subsets v∖{j}, its ancestors A(v) the subsets of v and its descendants
// D(v) the supersets of v (both include v). Node v carries the product
// kernel
//
//	k_v(x, z) = Π_{j∈v} k_j(x_j, z_j),   k_∅ ≡ 1,                        (G1)
//
// with a per-feature base kernel k_j = Base (a Gaussian by default), so that
// Σ_{v∈V} k_v = Π_j (1 + k_j) is the all-subsets (ANOVA) kernel that Bach
// (2009, §5) expands into this DAG. With f = (f_v)_{v∈V}, f_v in the RKHS of
// k_v, the predictor is F(x) = Σ_v f_v(x) + b and gHKL_ρ solves
//
//	min_{f,b} ½ Ω(f)² + C Σ_i max(0, 1 − y_i F(x_i)),
//	Ω(f) = Σ_{v∈V} d_v (Σ_{w∈D(v)} ‖f_w‖^ρ)^{1/ρ},  d_v = β^{|v|},      (G2)
//
// the ℓ1/ℓρ block norm over the descendant sets of Jawanpuria et al. (2015,
// §3). The ℓ1 sum over v zeroes whole groups D(v), so a node is selected
// only if all its ancestors are (the strong sparsity pattern); ρ ∈ (1, 2]
// tunes the sparsity inside the groups.
//
// # Variational form and dual
//
// With ρ̄ = ρ/(2(ρ−1)) and for γ in the simplex Δ over V, Hölder's
// inequality gives Ω(f)^ρ = min_γ Σ_w ζ_w(γ)^{1−ρ} ‖f_w‖^ρ with
//
//	ζ_w(γ) = (Σ_{v∈A(w)} d_v^ρ γ_v^{1−ρ})^{1/(1−ρ)},                    (G3)
//
// the minimiser being γ_v ∝ d_v ‖f_{D(v)}‖_ρ. For fixed γ the regulariser is
// a weighted ℓρ norm of the block norms, whose dual (ℓ_{ρ*} with ρ* = 2ρ̄)
// yields the gHKL dual
//
//	min_{γ∈Δ} g(γ),  g(γ) = max_{α∈S} 1ᵀα − ½ (Σ_w ζ_w(γ) Q_w(α)^ρ̄)^{1/ρ̄},   (G4)
//
// with S = {0 ≤ α ≤ C, yᵀα = 0} and Q_w(α) = αᵀY K_w Yα. For ρ = 2, ρ̄ = 1
// and ζ_w = (Σ_{v∈A(w)} d_v²/γ_v)^{-1}: Bach's HKL dual. ζ_w is a weighted
// power mean of exponent 1−ρ < 0, concave in γ, so g is convex.
//
// For fixed γ the inner maximisation of (G4) is an ℓ_r-norm MKL, r = ρ/(2−ρ)
// = ρ̄/(ρ̄−1), because ‖u‖_ρ̄ = max{θᵀu : θ ≥ 0, ‖θ‖_r ≤ 1}: it equals
//
//	min_{θ≥0, ‖θ‖_r≤1} SVM(Σ_w η_w K_w),   η_w = θ_w κ_w,  κ_w = ζ_w^{1/ρ̄},   (G5)
//
// where SVM(K) is the optimal hinge-loss SVM dual value for kernel K. θ is
// updated by the closed-form primal block step of ℓp-MKL (Kloft et al.,
// 2011): with ‖f_w‖ = η_w √Q_w and g_w = ζ_w^{(1−ρ)/ρ}‖f_w‖,
// θ_w = (g_w/‖g‖_ρ)^{2−ρ}. For ρ = 2, θ ≡ 1 and (G5) is one SVM.
//
// # Algorithm
//
// Active set (Bach 2009, §4; Jawanpuria et al. 2015, §4): the restricted
// problem over an active set A ⊂ V, closed under ancestors, starts from the
// root and its children (A = {∅, {1}, …, {m}}). For fixed A the weights
// are found by one of two solvers (field Solver), each step calling the SVM
// of klearn/svm on Σ_w η_w K_w: the default block-coordinate descent on the
// variational form (closed-form γ_v ∝ d_v‖f_{D(v)}‖_ρ and θ, see
// Alternating), or entropic mirror descent over γ ∈ Δ_A as in
// Jawanpuria et al. (2015) (MirrorDescent), using Danskin's theorem:
//
//	∂g/∂γ_v = −½ ∂h/∂γ_v,  h = (Σ_w ζ_w Q_w^ρ̄)^{1/ρ̄},
//	∂h/∂γ_v = (1/ρ̄) h^{1−ρ̄} Σ_{w∈D(v)∩A} Q_w^ρ̄ ζ_w^ρ (d_v/γ_v)^ρ.         (G6)
//
// It stops when the relative duality gap (P − D)/|P| ≤ Settings.Tol, where P
// is the primal (G2) at f_w = η_w Σ_i α_i y_i φ_w(x_i) with the SVM bias, and
// D = 1ᵀα − ½ U with U ≥ Ω_A*(α)² = max_γ h(γ, α) the Frank–Wolfe bound
// h + max_v ∂_v h − γᵀ∇h (h is concave in γ).
//
// Sufficient condition to stop adding nodes (derived here along the lines of
// Bach 2009, Prop. 5): with B = V∖A and the sources t of B (all parents in
// A), splitting γ between A and B and bounding each ζ_w, w ∈ B, by the power
// mean inequality gives Ω_V*(α)² ≤ max(U, max_t B_t), where
//
//	S_t = β^{−2|t|} aᵀ(K_t ∘ Π_{j∉t}(1 + K_j/(1+β)²)) a,   a = Yα,          (G7)
//
// bounds Σ_{w∈D(t)} Q_w/(Σ_{u∈A(w)∩D(t)} d_u)² in O(m n²) time, and B_t =
// S_t, or for ρ < 2 with base kernels valued in [0, 1] the tighter
// B_t = min(S_t, (Q̄_t β^{−2|t|})^{1−1/ρ̄} S_t^{1/ρ̄}), Q̄_t = |a|ᵀK_t|a|
// (using ‖·‖_ρ̄ ≤ ‖·‖_1^{1/ρ̄}‖·‖_∞^{1−1/ρ̄}). Every source t with B_t >
// (1+Tol)·U is added (largest first, up to MaxActive nodes) and the
// restricted problem is solved again, warm-started. When no source violates
// the condition, the full-DAG duality gap is at most P − 1ᵀα + ½ max(U,
// max_t B_t), reported as Model.Gap. For ρ < 2 the bound (G7) is looser
// than for ρ = 2, so more nodes may be added than the optimum needs (this
// never changes the solution, only the cost).
//
// The equations are derived here and labelled (G1)–(G7); the paper's own
// equation numbers could not be checked against its text.
type Classifier struct {
	// Rho is ρ ∈ (1, 2] of the ℓ1/ℓρ norm (G2). Required: 0 is an error.
	Rho float64
	// C is the hinge-loss weight (SVM box constraint), > 0. Required.
	C float64
	// Beta is β > 0 of the node weights d_v = β^{|v|} of Bach (2009). If 0,
	// it defaults to DefaultBeta = 2 (our choice; larger β penalises
	// higher-order interactions more).
	Beta float64
	// Base is the per-feature kernel k_j, evaluated on the one-dimensional
	// points x_j, z_j. If nil it is the Gaussian exp(−(x_j − z_j)²)
	// (kernel.RBF{Gamma: 1}), meant for standardised features, as in the
	// Gaussian all-subsets HKL of Bach (2009, §5).
	Base kernel.Kernel
	// MaxActive bounds the number of active nodes |A| (root included). If
	// 0, it defaults to DefaultMaxActive = 64. When the bound stops the
	// active-set loop the model's Status is opt.IterationLimit.
	MaxActive int
	// MaxDepth truncates the DAG to subsets of at most MaxDepth features
	// (0: the full DAG of all 2^m subsets).
	MaxDepth int
	// SVMTol is the stopping tolerance of the inner SVM (klearn/svm Tol). If
	// 0, it defaults to DefaultSVMTol = 1e-4.
	SVMTol float64
	// Solver selects the update of the kernel weights on a fixed active set:
	// Alternating (default) or MirrorDescent.
	Solver Solver
	// Settings: MaxIter bounds the weight updates per active set
	// (default 100); Tol is the relative duality-gap tolerance (default
	// 1e-3); Recorder, if set, receives one opt.Iteration per weight update
	// (SVM solve) with F = P, Gap = relative gap and X = γ.
	Settings opt.Settings
}

// Solver selects how the kernel weights are updated on a fixed active set.
type Solver int

const (
	// Alternating alternates the SVM (f for fixed weights) with the
	// closed-form minimisation over (γ, θ) for fixed f: γ_v ∝ d_v‖f_{D(v)}‖_ρ
	// and θ from (G5). Each step decreases ½Σ_w‖f_w‖²/η_w + C·loss, a block
	// coordinate descent on the variational form of (G2) (the "η-trick" of
	// Bach 2009, §4, extended to ρ < 2). It is the default: far fewer SVM
	// solves than mirror descent for ρ close to 1.
	Alternating Solver = iota
	// MirrorDescent is entropic mirror descent on γ ∈ Δ_A with the
	// gradient (G6), as in Jawanpuria et al. (2015), with one θ block update
	// per step and an adaptive step size.
	MirrorDescent
)

// Node is an active node of a fitted Classifier model.
type Node struct {
	// Features is the subset v of feature indices (0-based, ascending);
	// empty for the root.
	Features []int
	// Eta is the kernel weight η_v of K_v in the learned kernel Σ_v η_v K_v.
	Eta float64
	// Gamma is the simplex weight γ_v of (G3)–(G4).
	Gamma float64
	// Norm is ‖f_v‖, the RKHS norm of the component of the predictor on K_v.
	Norm float64
}

// Model is a fitted gHKL_ρ classifier: F(x) = Σ_v η_v Σ_i α_i y_i k_v(x_i, x) + b.
// The accessors of a nil *Model return zero values; Decision and Predict
// return ErrNotFitted.
type Model struct {
	m, d      int
	base      kernel.Kernel
	nodes     []uint64
	eta       []float64
	gamma     []float64
	norms     []float64
	sv        *mat.Dense // support-vector rows
	coef      []float64  // α_i y_i of the support vectors
	bias      float64
	primal    float64
	dual      float64
	gap       float64
	iters     int
	rounds    int
	status    opt.Status
	nTrain    int
	violation float64
}

// Classifier and Model satisfy the feature-learner contract of package mkl.
var (
	_ mkl.FeatureLearner[*Model] = Classifier{}
	_ mkl.FeatureModel           = (*Model)(nil)
)

// Active returns the active nodes (the subsets selected by the active-set
// strategy, ancestors before descendants) with their weights. Nodes with
// Eta = 0 (the root's constant kernel is absorbed by the bias) are kept so
// that the ancestor closure is visible.
func (m *Model) Active() []Node {
	if m == nil {
		return nil
	}
	out := make([]Node, len(m.nodes))
	for i, v := range m.nodes {
		out[i] = Node{Features: ghklMask(v), Eta: m.eta[i], Gamma: m.gamma[i], Norm: m.norms[i]}
	}
	return out
}

// Selected returns the active nodes with a non-zero predictor component
// (‖f_v‖ > tol·max_w ‖f_w‖).
func (m *Model) Selected(tol float64) []Node {
	if m == nil {
		return nil
	}
	mx := 0.0
	for _, v := range m.norms {
		mx = max(mx, v)
	}
	var out []Node
	for _, nd := range m.Active() {
		if nd.Norm > tol*mx {
			out = append(out, nd)
		}
	}
	return out
}

// Bias returns b.
func (m *Model) Bias() float64 {
	if m == nil {
		return 0
	}
	return m.bias
}

// Objective returns the primal value P of (G2) at the solution.
func (m *Model) Objective() float64 {
	if m == nil {
		return 0
	}
	return m.primal
}

// Gap returns the certified duality gap P − D_V of the full DAG (an upper
// bound on P − P*; see Classifier), and the violation max_t B_t − U of the
// sufficient condition (≤ Tol·U when the active-set loop converged).
func (m *Model) Gap() (gap, violation float64) {
	if m == nil {
		return 0, 0
	}
	return m.gap, m.violation
}

// Iterations returns the total mirror-descent iterations and the number of
// active-set rounds.
func (m *Model) Iterations() (iters, rounds int) {
	if m == nil {
		return 0, 0
	}
	return m.iters, m.rounds
}

// Status is opt.Success when the active-set loop stopped on the sufficient
// condition with each restricted problem solved to Tol, and
// opt.IterationLimit when MaxActive or MaxIter stopped it first.
func (m *Model) Status() opt.Status {
	if m == nil {
		return 0
	}
	return m.status
}

// Decision returns F(x) for the rows of X.
func (m *Model) Decision(X mat.Matrix) ([]float64, error) {
	if m == nil || m.sv == nil {
		return nil, klearn.Errorf(klearn.ErrNotFitted, "mkl: Model is not fitted")
	}
	r, d, err := klearn.CheckMatrix("X", X)
	if err != nil {
		return nil, err
	}
	if d != m.d {
		return nil, klearn.Errorf(klearn.ErrShape, "ghkl: X has %d features, model has %d", d, m.d)
	}
	ns := len(m.coef)
	out := make([]float64, r)
	for i := range out {
		out[i] = m.bias
	}
	if ns == 0 {
		return out, nil
	}
	// Per-feature cross kernels between X and the support vectors.
	var used uint64
	for i, v := range m.nodes {
		if m.eta[i] != 0 {
			used |= v
		}
	}
	cross := make([][]float64, m.d)
	for j := 0; j < m.d; j++ {
		if used&(1<<uint(j)) == 0 {
			continue
		}
		cj, err := kernel.Cross(m.base, linalg.Columns(X, []int{j}), linalg.Columns(m.sv, []int{j}))
		if err != nil {
			return nil, err
		}
		cross[j] = ghklDenseData(cj)
	}
	buf := make([]float64, r*ns)
	for i, v := range m.nodes {
		if m.eta[i] == 0 {
			continue
		}
		for t := range buf {
			buf[t] = m.eta[i]
		}
		for j := 0; j < m.d; j++ {
			if v&(1<<uint(j)) != 0 {
				for t, c := range cross[j] {
					buf[t] *= c
				}
			}
		}
		for p := 0; p < r; p++ {
			row := buf[p*ns : (p+1)*ns]
			s := 0.0
			for q, c := range row {
				s += c * m.coef[q]
			}
			out[p] += s
		}
	}
	for p, v := range out {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, klearn.Errorf(klearn.ErrNotFinite, "ghkl: decision value %d is %v", p, v)
		}
	}
	return out, nil
}

// Kernel returns the learned kernel k = Σ_v η_v k_v over the active nodes
// (k_v of (G1)), so that F(x) = Σ_i α_i y_i k(x_i, x) + b; nil for a nil
// model. It takes m-dimensional inputs (ErrShape otherwise).
func (m *Model) Kernel() kernel.Kernel {
	if m == nil || m.sv == nil {
		return nil
	}
	return learnedKernel{base: m.base, nodes: slices.Clone(m.nodes), eta: slices.Clone(m.eta), d: m.d}
}

// learnedKernel is Σ_v η_v Π_{j∈v} base(x_j, z_j) (see Model.Kernel).
type learnedKernel struct {
	base  kernel.Kernel
	nodes []uint64
	eta   []float64
	d     int
}

// Validate checks the input dimension and the base kernel.
func (k learnedKernel) Validate(d int) error {
	if d > 0 && d != k.d {
		return klearn.Errorf(klearn.ErrShape, "ghkl: the learned kernel takes %d features, not %d", k.d, d)
	}
	return kernel.Validate(k.base, 1)
}

// Eval returns Σ_v η_v Π_{j∈v} base(x_j, z_j).
func (k learnedKernel) Eval(x, z []float64) float64 {
	var kj [MaxFeatures]float64
	var done uint64
	var s float64
	for i, v := range k.nodes {
		if k.eta[i] == 0 {
			continue
		}
		p := k.eta[i]
		for w := v; w != 0; w &= w - 1 {
			j := bits.TrailingZeros64(w)
			if done&(1<<uint(j)) == 0 {
				kj[j] = k.base.Eval(x[j:j+1], z[j:j+1])
				done |= 1 << uint(j)
			}
			p *= kj[j]
		}
		s += p
	}
	return s
}

// Predict returns sign(F(x)) ∈ {−1, +1} (0 maps to +1).
func (m *Model) Predict(X mat.Matrix) ([]float64, error) {
	f, err := m.Decision(X)
	if err != nil {
		return nil, err
	}
	for i, v := range f {
		if v >= 0 {
			f[i] = 1
		} else {
			f[i] = -1
		}
	}
	return f, nil
}

// ghklConf holds validated hyper-parameters.
type ghklConf struct {
	rho, rhobar, c, beta, tol, svmTol float64
	maxActive, maxIter, maxDepth      int
	base                              kernel.Kernel
	rec                               opt.Recorder
	solver                            Solver
}

func (g Classifier) conf() (ghklConf, error) {
	var cf ghklConf
	if math.IsNaN(g.Rho) || g.Rho <= 1 || g.Rho > 2 {
		return cf, klearn.Errorf(klearn.ErrParam, "mkl: Classifier.Rho = %v, want a value in (1, 2]", g.Rho)
	}
	cf.rho, cf.c = g.Rho, g.C
	cf.rhobar = g.Rho / (2 * (g.Rho - 1))
	cf.beta, cf.svmTol, cf.tol = g.Beta, g.SVMTol, g.Settings.Tol
	if err := klearn.CheckPositive("mkl", klearn.PositiveParam{Name: "Classifier.C", V: &cf.c},
		klearn.PositiveParam{Name: "Classifier.Beta", V: &cf.beta, Default: DefaultBeta},
		klearn.PositiveParam{Name: "Classifier.SVMTol", V: &cf.svmTol, Default: DefaultSVMTol},
		klearn.PositiveParam{Name: "Classifier.Settings.Tol", V: &cf.tol, Default: DefaultTol}); err != nil {
		return cf, err
	}
	if g.MaxActive < 0 || g.MaxDepth < 0 || g.Settings.MaxIter < 0 {
		return cf, klearn.Errorf(klearn.ErrParam, "ghkl: MaxActive = %d, MaxDepth = %d, Settings.MaxIter = %d, want ≥ 0", g.MaxActive, g.MaxDepth, g.Settings.MaxIter)
	}
	cf.maxActive, cf.maxIter, cf.maxDepth = g.MaxActive, g.Settings.MaxIter, g.MaxDepth
	if cf.maxActive == 0 {
		cf.maxActive = DefaultMaxActive
	}
	if cf.maxIter == 0 {
		cf.maxIter = DefaultMaxIter
	}
	cf.base = g.Base
	if cf.base == nil {
		cf.base = kernel.RBF{Gamma: 1}
	}
	cf.rec = g.Settings.Recorder
	if g.Solver != Alternating && g.Solver != MirrorDescent {
		return cf, klearn.Errorf(klearn.ErrParam, "ghkl: unknown Solver %d", int(g.Solver))
	}
	cf.solver = g.Solver
	return cf, nil
}

// ghklState is the solver state over the active set.
type ghklState struct {
	cf      ghklConf
	n, m    int
	y       []float64
	base    [][]float64 // per-feature Gram matrices, full n×n row-major
	unit    bool        // all base Gram entries in [0, 1]
	nodes   []uint64
	index   map[uint64]int
	grams   [][]float64 // K_w of the active nodes
	dpow    []float64   // d_v^ρ
	gamma   []float64
	theta   []float64
	combine *mat.SymDense
}

// ghklIterate is one evaluated point of the restricted problem.
type ghklIterate struct {
	alpha, a, q      []float64
	eta, zeta, norms []float64
	gamma            []float64
	bias             float64
	h, u, grad       []float64
	hval, uval       float64
	primal, dual     float64
	relgap           float64
	svmStatus        svm.Status
}

// Fit trains gHKL_ρ on the rows of X with labels y ∈ {−1, +1}.
func (g Classifier) Fit(X mat.Matrix, y []float64) (*Model, error) {
	cf, err := g.conf()
	if err != nil {
		return nil, err
	}
	n, d, err := klearn.CheckXY(X, y)
	if err != nil {
		return nil, err
	}
	if _, _, err := klearn.CheckBinary(y); err != nil {
		return nil, err
	}
	if d > MaxFeatures {
		return nil, klearn.Errorf(klearn.ErrShape, "ghkl: %d features, at most %d supported", d, MaxFeatures)
	}
	st := &ghklState{cf: cf, n: n, m: d, y: append([]float64(nil), y...), index: map[uint64]int{}, unit: true}
	for j := 0; j < d; j++ {
		K, err := kernel.Gram(cf.base, linalg.Columns(X, []int{j}))
		if err != nil {
			return nil, err
		}
		full := ghklSymFull(K)
		for _, v := range full {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, klearn.Errorf(klearn.ErrNotFinite, "ghkl: base Gram matrix of feature %d is not finite", j)
			}
			if v < 0 || v > 1 {
				st.unit = false
			}
		}
		st.base = append(st.base, full)
	}
	st.combine = mat.NewSymDense(n, nil)
	// Initial active set: the root and its children.
	st.add(0, 1, 1)
	for j := 0; j < d; j++ {
		if len(st.nodes) >= cf.maxActive {
			break
		}
		st.add(1<<uint(j), 1, 1)
	}
	st.normalize()

	status := opt.Success
	totalIter, rounds := 0, 0
	var best *ghklIterate
	var violation, fullGap float64
	for {
		rounds++
		it, nit, ok, err := st.solve()
		if err != nil {
			return nil, err
		}
		totalIter += nit
		best = it
		if !ok {
			status = opt.IterationLimit
		}
		// Sufficient condition over the sources of the complement.
		cands := st.sources()
		type cand struct {
			t uint64
			b float64
		}
		var viol []cand
		maxB := 0.0
		for _, t := range cands {
			b := st.bound(t, it.a)
			maxB = max(maxB, b)
			if b > (1+cf.tol)*it.uval {
				viol = append(viol, cand{t, b})
			}
		}
		violation = maxB - it.uval
		fullGap = it.primal - (ghklSum(it.alpha) - 0.5*max(it.uval, maxB))
		if len(viol) == 0 {
			break
		}
		if len(st.nodes) >= cf.maxActive {
			status = opt.IterationLimit
			break
		}
		sort.SliceStable(viol, func(p, q int) bool {
			if viol[p].b != viol[q].b {
				return viol[p].b > viol[q].b
			}
			return viol[p].t < viol[q].t
		})
		gmean := 1 / float64(len(st.nodes))
		tmean := 0.0
		for _, v := range st.theta {
			tmean += v
		}
		tmean /= float64(len(st.theta))
		for _, c := range viol {
			if len(st.nodes) >= cf.maxActive {
				break
			}
			st.add(c.t, gmean, tmean)
		}
		st.normalize()
	}
	return st.model(best, status, totalIter, rounds, fullGap, violation, X)
}

// add appends node v with initial weights γ_v = gv and θ_v = tv.
func (st *ghklState) add(v uint64, gv, tv float64) {
	st.index[v] = len(st.nodes)
	st.nodes = append(st.nodes, v)
	K := make([]float64, st.n*st.n)
	for t := range K {
		K[t] = 1
	}
	for j := 0; j < st.m; j++ {
		if v&(1<<uint(j)) != 0 {
			for t, c := range st.base[j] {
				K[t] *= c
			}
		}
	}
	st.grams = append(st.grams, K)
	st.dpow = append(st.dpow, math.Pow(st.cf.beta, st.cf.rho*float64(bits.OnesCount64(v))))
	st.gamma = append(st.gamma, gv)
	st.theta = append(st.theta, tv)
}

// normalize puts γ on the simplex and θ on the unit ℓ_r sphere.
func (st *ghklState) normalize() {
	s := ghklSum(st.gamma)
	for i := range st.gamma {
		st.gamma[i] /= s
	}
	st.normTheta()
}

func (st *ghklState) normTheta() {
	if st.cf.rho == 2 {
		for i := range st.theta {
			st.theta[i] = 1
		}
		return
	}
	r := st.cf.rho / (2 - st.cf.rho)
	mx := 0.0
	for _, v := range st.theta {
		mx = max(mx, v)
	}
	if mx == 0 {
		for i := range st.theta {
			st.theta[i] = 1
		}
		mx = 1
	}
	s := 0.0
	for i, v := range st.theta {
		v = max(v, 1e-8*mx)
		st.theta[i] = v
		s += math.Pow(v/mx, r)
	}
	nrm := mx * math.Pow(s, 1/r)
	for i := range st.theta {
		st.theta[i] /= nrm
	}
}

// zeta returns ζ_w(γ) of (G3) for the active nodes.
func (st *ghklState) zeta(gamma []float64) []float64 {
	rho := st.cf.rho
	z := make([]float64, len(st.nodes))
	for i, w := range st.nodes {
		s := 0.0
		for k, v := range st.nodes {
			if v&w == v {
				s += st.dpow[k] * math.Pow(gamma[k], 1-rho)
			}
		}
		z[i] = math.Pow(s, 1/(1-rho))
	}
	return z
}

// evaluate solves the SVM for the current (γ, θ) and computes the primal,
// the dual bound and the gradient (G6).
func (st *ghklState) evaluate() (*ghklIterate, error) {
	cf := st.cf
	n, p := st.n, len(st.nodes)
	it := &ghklIterate{gamma: append([]float64(nil), st.gamma...)}
	it.zeta = st.zeta(st.gamma)
	it.eta = make([]float64, p)
	for i := range it.eta {
		it.eta[i] = st.theta[i] * math.Pow(it.zeta[i], 1/cf.rhobar)
	}
	raw := st.combine.RawSymmetric()
	for r := 0; r < n; r++ {
		row := raw.Data[r*raw.Stride+r : r*raw.Stride+n]
		for c := range row {
			row[c] = 0
		}
		for i, K := range st.grams {
			if e := it.eta[i]; e != 0 {
				floats.AddScaled(row, e, K[r*n+r:r*n+n]) // row += e·K[r, r:] (vectorised axpy)
			}
		}
	}
	mdl, err := svm.Classifier{C: cf.c, Tol: cf.svmTol}.FitGram(st.combine, st.y)
	if err != nil {
		return nil, err
	}
	it.svmStatus = mdl.Status()
	// svm maps Classes()[1] = +1 to the positive side; y is ±1 so the sign convention matches.
	it.alpha = mdl.Alpha()
	it.bias = mdl.Bias()
	it.a = make([]float64, n)
	for i := range it.a {
		it.a[i] = st.y[i] * it.alpha[i]
	}
	// Q_w and the training decision values.
	it.q = make([]float64, p)
	fvals := make([]float64, n)
	for i := range fvals {
		fvals[i] = it.bias
	}
	ka := make([]float64, n)
	for i, K := range st.grams {
		for r := 0; r < n; r++ {
			ka[r] = floats.Dot(K[r*n:r*n+n], it.a) // (K_w a)_r, vectorised
		}
		q := 0.0
		for r, v := range ka {
			q += it.a[r] * v
			fvals[r] += it.eta[i] * v
		}
		it.q[i] = max(q, 0)
	}
	// Primal (G2).
	rho := cf.rho
	it.norms = make([]float64, p)
	for i := range it.norms {
		it.norms[i] = it.eta[i] * math.Sqrt(it.q[i])
	}
	omega := 0.0
	for k, v := range st.nodes {
		s := 0.0
		for i, w := range st.nodes {
			if v&w == v {
				s += math.Pow(it.norms[i], rho)
			}
		}
		omega += math.Pow(st.dpow[k], 1/rho) * math.Pow(s, 1/rho)
	}
	loss := 0.0
	for r, f := range fvals {
		loss += max(0, 1-st.y[r]*f)
	}
	it.primal = 0.5*omega*omega + cf.c*loss
	// h(γ, α), its gradient and the Frank–Wolfe upper bound U.
	rb := cf.rhobar
	H := 0.0
	for i := range it.q {
		H += it.zeta[i] * math.Pow(it.q[i], rb)
	}
	it.hval = math.Pow(H, 1/rb)
	it.grad = make([]float64, p)
	scale := 0.0
	if H > 0 {
		scale = math.Pow(H, 1/rb-1) / rb
	}
	fw := math.Inf(-1)
	dot := 0.0
	for k, v := range st.nodes {
		s := 0.0
		for i, w := range st.nodes {
			if v&w == v && it.q[i] > 0 {
				s += math.Pow(it.q[i], rb) * math.Pow(it.zeta[i], rho)
			}
		}
		gk := scale * s * st.dpow[k] * math.Pow(st.gamma[k], -rho)
		it.grad[k] = gk
		fw = max(fw, gk)
		dot += gk * st.gamma[k]
	}
	it.uval = it.hval + max(0, fw-dot)
	it.dual = ghklSum(it.alpha) - 0.5*it.uval
	it.relgap = (it.primal - it.dual) / math.Max(math.Abs(it.primal), 1e-12)
	return it, nil
}

// solve runs mirror descent over γ on the current active set. It returns
// the iterate with the smallest relative gap, the iteration count and
// whether Tol was met.
func (st *ghklState) solve() (*ghklIterate, int, bool, error) {
	cf := st.cf
	var best *ghklIterate
	step := 1.0
	prevObj := math.Inf(1)
	for iter := 1; ; iter++ {
		it, err := st.evaluate()
		if err != nil {
			return nil, iter, false, err
		}
		if best == nil || it.relgap < best.relgap {
			best = it
			// Keep the state that produced the best iterate for warm starts.
		}
		if cf.rec != nil {
			if err := cf.rec.Record(opt.Iteration{Iter: iter, F: it.primal, Gap: it.relgap, X: it.gamma}); err != nil {
				return best, iter, false, nil
			}
		}
		if it.relgap <= cf.tol {
			return best, iter, true, nil
		}
		if iter >= cf.maxIter {
			return best, iter, false, nil
		}
		if cf.solver == MirrorDescent {
			step = st.mirrorStep(it, step, &prevObj)
			if step == 0 {
				return best, iter, false, nil
			}
		} else {
			st.alternatingStep(it)
		}
	}
}

// alternatingStep minimises the variational objective over (γ, θ) in closed
// form for the current f: γ_v ∝ d_v ‖f_{D(v)}‖_ρ (the minimiser of (G3)'s
// Hölder bound), then θ_w = (g_w/‖g‖_ρ)^{2−ρ} with g_w = ζ_w(γ)^{(1−ρ)/ρ}‖f_w‖.
func (st *ghklState) alternatingStep(it *ghklIterate) {
	rho := st.cf.rho
	s := make([]float64, len(st.nodes))
	for k, v := range st.nodes {
		a := 0.0
		for i, w := range st.nodes {
			if v&w == v {
				a += math.Pow(it.norms[i], rho)
			}
		}
		s[k] = math.Pow(st.dpow[k], 1/rho) * math.Pow(a, 1/rho)
	}
	tot := ghklSum(s)
	if tot <= 0 {
		return
	}
	for k := range s {
		st.gamma[k] = max(s[k]/tot, 1e-14)
	}
	tot = ghklSum(st.gamma)
	for k := range st.gamma {
		st.gamma[k] /= tot
	}
	if rho < 2 {
		z := st.zeta(st.gamma)
		gw := make([]float64, len(st.nodes))
		nrm := 0.0
		for i := range gw {
			gw[i] = math.Pow(z[i], (1-rho)/rho) * it.norms[i]
			nrm += math.Pow(gw[i], rho)
		}
		if nrm > 0 {
			nrm = math.Pow(nrm, 1/rho)
			for i := range gw {
				st.theta[i] = math.Pow(gw[i]/nrm, 2-rho)
			}
			st.normTheta()
		}
	}
}

// mirrorStep is one entropic mirror-descent step on γ with the adaptive step
// size, preceded by one primal θ block update of (G5). It returns the new
// step size (0 when the gradient vanishes).
func (st *ghklState) mirrorStep(it *ghklIterate, step float64, prevObj *float64) float64 {
	cf := st.cf
	obj := ghklSum(it.alpha) - 0.5*it.hval
	if obj > *prevObj {
		step *= 0.5
	} else {
		step = math.Min(step*1.2, 4)
	}
	*prevObj = obj
	if cf.rho < 2 {
		gw := make([]float64, len(st.nodes))
		nrm := 0.0
		for i := range gw {
			gw[i] = math.Pow(it.zeta[i], (1-cf.rho)/cf.rho) * it.norms[i]
			nrm += math.Pow(gw[i], cf.rho)
		}
		if nrm > 0 {
			nrm = math.Pow(nrm, 1/cf.rho)
			for i := range gw {
				st.theta[i] = math.Pow(gw[i]/nrm, 2-cf.rho)
			}
			st.normTheta()
		}
	}
	gmax := 0.0
	for _, v := range it.grad {
		gmax = max(gmax, math.Abs(v))
	}
	if gmax == 0 {
		return 0
	}
	lw := make([]float64, len(st.gamma))
	mx := math.Inf(-1)
	for k := range lw {
		lw[k] = math.Log(st.gamma[k]) + step*it.grad[k]/gmax
		mx = max(mx, lw[k])
	}
	s := 0.0
	for k := range lw {
		st.gamma[k] = math.Exp(lw[k] - mx)
		s += st.gamma[k]
	}
	for k := range st.gamma {
		st.gamma[k] = max(st.gamma[k]/s, 1e-14)
	}
	s = ghklSum(st.gamma)
	for k := range st.gamma {
		st.gamma[k] /= s
	}
	return step
}

// sources returns the nodes outside A whose parents are all in A (within MaxDepth).
func (st *ghklState) sources() []uint64 {
	seen := map[uint64]bool{}
	var out []uint64
	for _, v := range st.nodes {
		for j := 0; j < st.m; j++ {
			bit := uint64(1) << uint(j)
			if v&bit != 0 {
				continue
			}
			t := v | bit
			if seen[t] {
				continue
			}
			seen[t] = true
			if _, in := st.index[t]; in {
				continue
			}
			if st.cf.maxDepth > 0 && bits.OnesCount64(t) > st.cf.maxDepth {
				continue
			}
			ok := true
			for k := 0; k < st.m && ok; k++ {
				kb := uint64(1) << uint(k)
				if t&kb != 0 {
					if _, in := st.index[t&^kb]; !in {
						ok = false
					}
				}
			}
			if ok {
				out = append(out, t)
			}
		}
	}
	sort.Slice(out, func(p, q int) bool { return out[p] < out[q] })
	return out
}

// bound returns B_t of (G7) for the source t and a = Yα.
func (st *ghklState) bound(t uint64, a []float64) float64 {
	n := st.n
	beta := st.cf.beta
	c := 1 / ((1 + beta) * (1 + beta))
	M := make([]float64, n*n)
	Kt := make([]float64, n*n)
	for i := range M {
		M[i], Kt[i] = 1, 1
	}
	for j := 0; j < st.m; j++ {
		bj := st.base[j]
		if t&(1<<uint(j)) != 0 {
			for i, v := range bj {
				Kt[i] *= v
			}
		} else {
			for i, v := range bj {
				M[i] *= 1 + c*v
			}
		}
	}
	S, Qbar := 0.0, 0.0
	for r := 0; r < n; r++ {
		sr, qr := 0.0, 0.0
		for col := 0; col < n; col++ {
			k := Kt[r*n+col]
			sr += k * M[r*n+col] * a[col]
			qr += k * math.Abs(a[col])
		}
		S += a[r] * sr
		Qbar += math.Abs(a[r]) * qr
	}
	dt2 := math.Pow(beta, 2*float64(bits.OnesCount64(t)))
	S = max(S, 0) / dt2
	if st.cf.rho < 2 && st.unit {
		rb := st.cf.rhobar
		alt := math.Pow(Qbar/dt2, 1-1/rb) * math.Pow(S, 1/rb)
		S = min(S, alt)
	}
	return S
}

// model assembles the fitted model from the best iterate.
func (st *ghklState) model(it *ghklIterate, status opt.Status, iters, rounds int, gap, violation float64, X mat.Matrix) (*Model, error) {
	if it.svmStatus != svm.Converged && status == opt.Success {
		status = opt.IterationLimit
	}
	m := &Model{m: st.m, d: st.m, base: st.cf.base, nodes: append([]uint64(nil), st.nodes[:len(it.eta)]...),
		eta: it.eta, gamma: it.gamma, norms: it.norms, bias: it.bias, primal: it.primal, dual: it.dual,
		gap: gap, iters: iters, rounds: rounds, status: status, nTrain: st.n, violation: violation}
	var idx []int
	for i, a := range it.alpha {
		if a > 0 {
			idx = append(idx, i)
			m.coef = append(m.coef, it.a[i])
		}
	}
	m.sv = mat.NewDense(max(len(idx), 1), st.m, nil)
	for r, i := range idx {
		for j := 0; j < st.m; j++ {
			m.sv.Set(r, j, X.At(i, j))
		}
	}
	return m, nil
}

func ghklMask(v uint64) []int {
	out := []int{}
	for v != 0 {
		j := bits.TrailingZeros64(v)
		out = append(out, j)
		v &^= 1 << uint(j)
	}
	return out
}

func ghklSymFull(K *mat.SymDense) []float64 {
	n := K.SymmetricDim()
	out := make([]float64, n*n)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			v := K.At(i, j)
			out[i*n+j], out[j*n+i] = v, v
		}
	}
	return out
}

func ghklDenseData(D *mat.Dense) []float64 {
	r, c := D.Dims()
	out := make([]float64, r*c)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			out[i*c+j] = D.At(i, j)
		}
	}
	return out
}

func ghklSum(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s
}
