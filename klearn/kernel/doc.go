// Package kernel holds kernel functions, kernel algebra and the Gram-matrix
// machinery every learner in klearn builds on.
//
// # Kernels and matrices
//
// A Kernel has one method, Eval(x, z). Gram(k, X) returns the n×n training
// Gram matrix of the rows of X as a *mat.SymDense, Cross(k, A, B) the
// test×train matrix k(a_i, b_j) as a *mat.Dense and Diag(k, X) the values
// k(x_i, x_i). They validate their input (finite, non-empty, matching widths;
// hyper-parameters through the optional Validator interface) and return
// errors wrapping the klearn sentinels; a non-finite kernel value (say an
// overflowing polynomial) is an ErrNotFinite error, never a silent NaN.
// Eval itself does not validate: it is the inner loop.
//
// Gram computes each symmetric matrix once (upper triangle, mirrored), in
// parallel over GOMAXPROCS goroutines working on fixed blocks, so results are
// bit-identical for any GOMAXPROCS. Kernels with a faster route implement the
// optional interfaces Grammer, Crosser and Diagonaler, found by type switch.
//
// # Fast paths
//
// Dot-product kernels (Linear, Polynomial, HPK, NormalizedHPK, DPP, GPK) and
// squared-distance kernels (RBF, Gaussian, ARD, BlockGaussian,
// RationalQuadratic) compute X·Xᵀ with a pure-Go, cache-blocked and
// register-blocked product (packed 2×4 micro-kernel unrolled 4× over k, or
// the 4×8 AVX2/FMA kernel of internal/gemm where the CPU has it, k cut
// into chunks of ≤ 400, 64×256 output tiles scheduled over the cores, only
// the tiles on or above the diagonal for Gram), then map every entry while it
// is in cache; distances use ‖x‖² + ‖z‖² − 2⟨x, z⟩ clamped at 0 (exactly 0
// on the diagonal). Laplacian needs the L1 distance and uses the generic
// parallel loop.
//
// Measured speed. The machine is a 2-core AMD EPYC (Zen 4, ≈ 3.5 GHz) KVM
// guest shared with other jobs; during the last measurement (go1.26, random
// data, d = 784, n = 4000) the load average was 7–8, so wall-clock times were
// 2–4× the idle ones and the numbers below are process CPU times (minimum of
// 3–5 runs, GOMAXPROCS = 2), with the idle wall time estimated as CPU / 2:
//
//	                              GOAMD64=v1        GOAMD64=v3
//	bare X·Xᵀ, upper triangle     4.3 GFMA/s/core   5.0 GFMA/s/core
//	RBF Gram, CPU time            1.8 s             1.45 s
//	RBF Gram, est. idle wall      ≈ 0.9 s           ≈ 0.75 s
//
// (the previous 2×4 kernel with k unrolled twice and bounds checks in the
// inner loop: 2.9 and 4.5 GFMA/s/core, RBF Gram 2.2 s and 1.6 s CPU; it was
// measured at 1.22 s wall for GOAMD64=v1 at load average 1.4). Under load the
// wall time of BenchmarkGramRBF n=4000 was 3.2 s (v1) and 2.1 s (v3) at load
// average ≈ 7. numpy + OpenBLAS computes the 4000×4000 RBF Gram on this
// machine in about 0.43 s, so the estimated ratio is about 0.47× OpenBLAS with
// the default GOAMD64=v1 and about 0.57× with GOAMD64=v3, where the compiler
// fuses each multiply-add into one FMA instruction (the micro-kernel runs at
// ≈ 170 ps per multiply-add against the 140 ps scalar peak of two FMAs per
// cycle). Building with GOAMD64=v3 (any x86-64 CPU with AVX2 and FMA) is
// therefore the way to reach half of OpenBLAS speed; results then differ
// from v1 builds in the last bits because of the fused rounding, but stay
// bit-identical for any GOMAXPROCS. Measured later on an idle machine
// (load average 1, go test -bench 'GramRBF/n=4000' -benchtime 3x): 0.72 s with
// GOAMD64=v3 and 0.89 s with v1; scikit-learn's rbf_kernel (Debian's numpy) on
// the same random data took 0.33 s then. gonum's pure-Go mat.Mul of X·Xᵀ
// (BenchmarkGonumMulXXt) took about 2.5 s wall under light load.
//
// Since then the product runs internal/gemm's AVX2/FMA kernel on CPUs that
// have it (Go assembly; the purego tag keeps the Go kernel). Idle machine
// (load average 0.4), 3 runs each: X·Xᵀ at 28.9 GFMA/s (v3) and 27.5 (v1)
// against 10.2 before; RBF Gram n = 4000 in 0.41 s (v3) / 0.38 s (v1),
// polynomial (degree 3) in 0.30 / 0.33 s; scikit-learn 1.2.1 (Debian's numpy
// and OpenBLAS) right before: rbf_kernel 0.39 s, polynomial_kernel 0.24 s —
// 1.05× and 1.25× its time. Under load (load average 6 on the 2 CPUs) the
// ratio ranged 0.8–2.7× (BENCHMARKS.md, re-measured by
// scripts/bench/peers.sh).
//
// # Families
//
// Struct values; zero values have documented defaults.
//
//   - Linear, Polynomial (γ⟨x,z⟩+c)^d, HPK ⟨x,z⟩^d and NormalizedHPK
//     (⟨x,z⟩/‖x‖‖z‖)^d, the HPK family of Donini & Aiolli (2017, Sec. 4,
//     eq. 12).
//   - DPP Σ_s a_s⟨x,z⟩^s (Donini & Aiolli's Sec. 3, Theorem 1) with the coefficient rules of
//     Donini & Aiolli's Table 1: DPPPolynomial, DPPRBF
//     (e^{−2γ}(2γ)^s/s!, not the printed (2γ)^{2s}), DPPRationalQuadratic and
//     DPPCauchy (c·2^s/(2+c)^{s+1}), each truncated at a degree S; the
//     printed rules are kept as DPPRBFPaperTypo and
//     DPPRationalQuadraticPaperTypo.
//   - Feature x_k z_k, the base kernels of Cortes, Mohri & Rostamizadeh (2009,
//     Cortes et al. (2009)), whose eqs. (1)–(4) are polynomials of them; FeatureGrams builds all
//     p base Gram matrices at once, touching only non-zero pairs of sparse
//     count features.
//   - Gaussians. Two conventions coexist: RBF{Gamma} is exp(−γ‖x−z‖²)
//     (scikit-learn, Donini & Aiolli's Table 1, Colbert & Peet's k1), Gaussian{Sigma} is
//     exp(−‖x−z‖²/σ²), the convention of Argyriou et al. (2006, eq. 7
//     with Σ = σ²I) and Afkanpour et al. (2013).
//     ARD exp(−Σ_i γ_i(x_i−z_i)²) is Afkanpour et al.'s per-coordinate family (γ_i = 1/σ_i²,
//     ARDFromSigma); BlockGaussian is Argyriou et al.'s block-diagonal Gaussian
//     Π_b exp(−‖x^b−z^b‖²/σ_b²), with ImageBlocks for image halves and
//     quadrants.
//   - Laplacian exp(−γ‖x−z‖₁), RationalQuadratic c/(c+‖x−z‖²) (= Cauchy).
//   - Dirichlet 1 + 2cos(σ|x−z|) (Afkanpour et al. (2013), synthetic experiment 1), positive
//     semi-definite for scalar inputs only; Validate
//     rejects d ≥ 2.
//   - GPK Z_d(x)ᵀPZ_d(z) (Colbert & Peet 2019, eqs. 8–9, Lemma 4) and
//     TK, the Tessellated kernels k = ∫_{[a,b]} N̂(z,x)ᵀPN̂(z,y)dz (Colbert & Peet's eq. 7,
//     eq. 10) in the closed form of Corollary 13 (eq. 23) with the R_ij
//     and the N̂, for any degree and
//     dimension. TK.Basis gives the 2q×2q matrix G(x,y) with k = ⟨P, G⟩_F,
//     and TK.GramBlocks / TK.CrossBlocks the per-entry Gram blocks such that
//     K = Σ_{a≤b} P_ab B_ab, which is what Colbert & Peet's SDP (24) needs; Monomials
//     enumerates Z_d in the order of Colbert & Peet's Appendix A.
//
// Continuous families implement Parametric (θ and ∂K/∂θ for Argyriou et al. (2006) and Afkanpour et al. (2013)):
// Gaussian (θ = σ, not log σ), ARD (θ = γ per dimension), BlockGaussian
// (θ = σ per block) and Dirichlet (θ = σ).
//
// # Algebra
//
// Sum (non-negative weights), Product, Scaled, Power and Normalized compose
// kernels and build their matrices from their members' fast paths. The same
// operations exist on Gram matrices: Hadamard, HadamardPower, Center
// (C_nKC_n), NormalizeGram and NormalizeCross (the test kernel needs the
// test and training diagonals), TraceNormalize (unit trace), Combine and
// CombineCross (Σ w_k K_k), SquaredDistances, and the PSD utilities
// MinEigen, IsPSD and AddJitter.
//
// References: Cortes, Mohri, Rostamizadeh (NIPS 2009); Donini & Aiolli (Machine
// Learning 2017); Argyriou, Hauser, Micchelli, Pontil (ICML 2006); Colbert & Peet
// (JMLR 2020); Afkanpour, Szepesvári, Bowling (Machine Learning 2013). The
// paper notebooks in notebooks/ demonstrate each family.
package kernel
