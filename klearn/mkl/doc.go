// Package mkl holds kernel-learning methods: learners that choose a kernel
// from a family built on a set of base kernels K_1, …, K_p (given as Gram
// matrices, []*mat.SymDense, or as features whose per-feature products are
// the base kernels) together with the predictor that uses it.
//
// # One contract
//
// Every finite-list learner (EasyMKL, EasyMKLSVM, SimpleMKL, LpMKL,
// AlignfSVM here, and nkrr.Regressor) is a Learner: FitGrams(Ks, y) returns
// a Model, which reports its kernel weights (Weights, a copy), forms the
// learned kernel on training and test×train base kernels (Combine,
// CombineCross) and decides and predicts on test×train base kernels
// (DecisionGrams, PredictGrams). EasyMKL and EasyMKLSVM are also
// SourceLearners: the same through lazily computed kernels (GramSource,
// CrossSource) for MNIST-sized inputs. Learners over continuous or
// combinatorial kernel families, fitted from features, are FeatureLearners:
// Fit(X, y) returns a FeatureModel, which exposes the learned kernel
// (Kernel) and decides and predicts on feature rows (Decision, Predict).
// Subpackages hold the method families of one paper each: nkrr (Cortes et
// al. 2009, non-linear combinations for kernel ridge regression), continuous
// (Argyriou et al. 2006, a DC-programming algorithm for kernel selection
// over continuously parameterised families), stagewise (Afkanpour et al.
// 2013, alignment-based kernel learning with a continuous set of base
// kernels), ghkl (generalised hierarchical kernel learning, a baseline of
// Donini & Aiolli 2017) and tk (Colbert & Peet 2020, tessellated kernels).
//
// Package mkltest checks every learner against the contract — fit paths
// agree, inputs never mutated, the model owns its data, the same fit twice
// and for GOMAXPROCS 1 and 2, and a bad-input battery (NaN/Inf, wrong
// shapes, one class, mismatched sizes, indefinite and singular Grams, absurd
// hyper-parameters: a wrapped klearn sentinel error, never a panic):
//
//	learner                                suite               test file
//	EasyMKL, EasyMKLSVM (SourceLearners)   TestKernelLearner   mkl/contract_test.go
//	SimpleMKL, LpMKL (p = 1, 2), AlignfSVM TestKernelLearner   mkl/contract_test.go
//	KOMD (one fixed kernel)                TestKernelLearner   mkl/contract_test.go (a list of one kernel)
//	nkrr.Regressor FitGrams                TestKernelLearner   nkrr/contract_test.go
//	nkrr.Regressor FitFeatures             TestFeatureLearner  nkrr/contract_test.go (adapter)
//	continuous.Greedy (QN and DC step 2)   TestFeatureLearner  continuous/contract_test.go
//	stagewise.CA (CA-1D, CA-nD)            TestFeatureLearner  stagewise/contract_test.go
//	tk.Learner (both solvers)              TestFeatureLearner  tk/contract_test.go
//	ghkl.Classifier (both solvers)         TestFeatureLearner  ghkl/contract_test.go
//
// Alignf (a kernel without a predictor), EasyMKLAllPairs (multiclass, one
// cosine kernel) and the fixed weight rules (HPKWeights*) are not learners
// of the contract; klearntest.TestEstimator checks EasyMKLAllPairs, KOMD,
// the finite-list learners, nkrr and ghkl once more through X-based
// adapters (conformance_test.go).
//
// # EasyMKL and deep kernels in the space of dot-product polynomials
//
// EasyMKL (Aiolli & Donini 2015), as used by Donini & Aiolli (2017),
// "Learning deep kernels in the space of dot product polynomials", learns
// k_η = Σ_s η_s k_s, η ≥ 0, Σ_s η_s = 1 (the max-min problem of Eq. (1)) in
// closed form: γ* minimises γᵀY K̄ Yγ + Λ‖γ‖² over Γ (one simplex per class)
// with K̄ = Σ_s K_s, and η_s ∝ d_s(γ*) = γ*ᵀY K_s Yγ* (EasyMKL; the
// (1−v, v) parametrisation Λ = v/(1−v) of the reference code is the field
// Lambda = v). The same QP on a fixed kernel is the KOMD classifier (KOMD).
// HPKFamily is the family K_D = {k_0, …, k_D} of normalised homogeneous
// polynomial kernels k_d(x, z) = (x·z/‖x‖‖z‖)^d, swept lazily with
// K_{d+1} = K_d ∘ K_1 (Eq. (12)); HPKWeightsSingle, HPKWeightsSum,
// HPKWeightsPolynomial (Eq. (9)) and HPKWeightsRBF (Eq. (10), corrected;
// HPKWeightsRBFPaperTypo as printed) are the baselines; RandomHPKFamily is Algorithm 1 (the
// random families Q_D and R_D); CenterOfMass is W(η); EasyMKLAllPairs is
// the one-kernel-per-pair multiclass scheme of the MNIST experiment.
// Because every γ ∈ Γ puts mass 1 on each class, d_0(γ) = (Σ_i y_i γ_i)² = 0
// for K_0 = 11ᵀ, so EasyMKL always gives η_0 = 0.
//
// Generalised hierarchical kernel learning, the baseline of their Table 4,
// is package ghkl.
//
// The notebook notebooks/02-donini2017.ipynb reproduces Donini & Aiolli
// (2017) with this package: Theorems 1–4, Propositions 1–2 and the MEB
// relations checked numerically; Figures 1, 3–10 and Tables 3–5, with the
// paper's numbers beside ours.
//
// # Baselines on a finite kernel list
//
// SimpleMKL (Rakotomamonjy, Bach, Canu & Grandvalet 2008) minimises the SVM
// dual optimum J(d) over the simplex of kernel weights by reduced gradient
// descent, ∂J/∂d_m = −½ αᵀY K_m Yα. LpMKL is ℓp-norm MKL (Kloft, Brefeld,
// Sonnenburg & Zien 2011), alternating SVM solves with the closed-form update
// θ_m ∝ ‖w_m‖^{2/(p+1)}; p = 1 is the sparse MKL of SimpleMKL, p = 2 the D2 of
// Afkanpour et al. (2013). Alignf (Cortes, Mohri & Rostamizadeh 2012)
// maximises the centred alignment of Σ μ_k K_k with yyᵀ through the
// non-negative QP min_{v ≥ 0} vᵀMv − 2vᵀa; AlignfSVM trains an SVM on the
// result (the two-stage DA of Afkanpour et al.). They are the baselines of
// the notebooks on Colbert & Peet (2020) and Afkanpour et al. (2013).
//
// # Bad input
//
// Errors wrap the klearn sentinels; nothing panics on data. Base kernels must
// be positive semi-definite: every learner refuses a base kernel with a
// negative diagonal entry (ErrNotPSD, klearn.CheckDiagPSD), the O(n)
// necessary condition; an indefinite kernel with a non-negative diagonal is
// not detected (an O(n³) eigenvalue test per kernel) and the learners return
// a finite stationary point of the then non-convex problem. NaN or ±Inf test
// kernels and weights are ErrNotFinite, never a NaN decision value.
package mkl
