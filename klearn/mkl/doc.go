// Package mkl is the contract of the kernel learners: a learner chooses a
// kernel from a family built on base kernels K_1, …, K_p and fits the
// predictor that uses it.
//
// # One contract
//
// A finite-list learner is a Learner: FitGrams(Ks, y) returns a Model. The
// Model reports its kernel weights (Weights, a copy) and forms the learned
// kernel on training and test×train base kernels (Combine, CombineCross).
// It decides and predicts on test×train base kernels (DecisionGrams,
// PredictGrams).
//
// A SourceLearner also fits through lazily computed kernels (FitSource on a
// GramSource, decisions on a CrossSource), one kernel in memory at a time.
// A FeatureLearner fits from feature rows: Fit(X, y) returns a FeatureModel
// with the learned kernel (Kernel), Decision and Predict on rows.
//
// # What this package holds
//
// Besides the interfaces: the lazy kernel sources (GramList, CrossList,
// ValidatedSource, EachGram, EachCross, CombineSource, CombineCrossSource), and
// WeightedSVM, the decision path of an SVM on Σ_m w_m K_m shared by the
// wrapper learners.
//
// # The learners
//
// Each sub-package holds one method family:
//
//	package     learner(s)                          paper
//	easymkl     Learner, SVM (EasyMKL), KOMD        Aiolli & Donini 2015; Donini & Aiolli 2017
//	hpk         Family (HPK kernels), weight rules  Donini & Aiolli 2017
//	simplemkl   Learner (SimpleMKL)                 Rakotomamonjy et al. 2008
//	lpmkl       Learner (ℓp-norm MKL)               Kloft et al. 2011
//	alignf      Align, SVM (alignf + SVM)           Cortes, Mohri & Rostamizadeh 2012
//	nkrr        Regressor                           Cortes, Mohri & Rostamizadeh 2009
//	continuous  Greedy                              Argyriou et al. 2006
//	stagewise   CA (CA-1D, CA-nD)                   Afkanpour et al. 2013
//	ghkl        Classifier                          Bach 2009 (a baseline of Donini & Aiolli 2017)
//	tk          Learner (tessellated kernels)       Colbert & Peet 2020
//
// # Settings and zero values
//
// Every learner is a struct whose zero fields mean the documented default,
// or are refused with an error wrapping klearn.ErrParam. Solver budgets are
// one opt.Settings value (zero MaxIter or Tol: the default). Verbs are Fit,
// FitGram and FitGrams, Decision and Predict, with the input kind as suffix.
//
// # Conformance
//
// Package mkltest checks every learner against the contract: fit paths agree,
// inputs are never mutated, the model owns its data, and fits repeat exactly
// for GOMAXPROCS 1 and 2. A bad-input battery (NaN/Inf, wrong shapes, one
// class, indefinite Grams, absurd hyper-parameters) must give a wrapped klearn
// sentinel error, never a panic:
//
//	learner                                 suite               test file
//	easymkl.Learner, easymkl.SVM            TestKernelLearner   easymkl/contract_test.go
//	easymkl.KOMD (one fixed kernel)         TestKernelLearner   easymkl/contract_test.go (a list of one kernel)
//	simplemkl.Learner                       TestKernelLearner   simplemkl/contract_test.go
//	lpmkl.Learner (p = 1, 2)                TestKernelLearner   lpmkl/contract_test.go
//	alignf.SVM                              TestKernelLearner   alignf/contract_test.go
//	nkrr.Regressor FitGrams                 TestKernelLearner   nkrr/contract_test.go
//	nkrr.Regressor Fit                      TestFeatureLearner  nkrr/contract_test.go (adapter)
//	continuous.Greedy (QN and DC step 2)    TestFeatureLearner  continuous/contract_test.go
//	stagewise.CA (CA-1D, CA-nD)             TestFeatureLearner  stagewise/contract_test.go
//	tk.Learner (both solvers)               TestFeatureLearner  tk/contract_test.go
//	ghkl.Classifier (both solvers)          TestFeatureLearner  ghkl/contract_test.go
//
// klearntest.TestEstimator checks easymkl.AllPairs, KOMD, the finite-list
// learners, nkrr and ghkl once more through X-based adapters
// (conformance_test.go).
//
// # Bad input
//
// Errors wrap the klearn sentinels; nothing panics on data. Every learner
// refuses a base kernel with a negative diagonal entry (klearn.ErrNotPSD),
// the O(n) necessary condition of positive semi-definiteness. An indefinite
// kernel with a non-negative diagonal is not detected; the learners then
// return a finite stationary point. NaN or ±Inf test kernels and weights
// are klearn.ErrNotFinite, never a NaN decision value.
package mkl
