// Package kernel holds kernel functions, kernel algebra and the Gram-matrix
// machinery every learner in klearn builds on.
//
// # Kernels and matrices
//
// A Kernel has one method, Eval(x, z). Gram(k, X) returns the n×n training
// Gram matrix of the rows of X as a *mat.SymDense, Cross(k, A, B) the
// test×train matrix k(a_i, b_j) as a *mat.Dense and Diag(k, X) the values
// k(x_i, x_i). They validate their input: finite, non-empty, matching
// widths, and hyper-parameters through the optional Validator interface.
// Their errors wrap the klearn sentinels. A non-finite kernel value (say an
// overflowing polynomial) is an ErrNotFinite error, never a silent NaN.
// Eval itself does not validate: it is the inner loop.
//
// Gram computes each symmetric matrix once (upper triangle, mirrored). It
// runs in parallel over GOMAXPROCS goroutines working on fixed blocks, so
// results are bit-identical for any GOMAXPROCS. Kernels with a faster route implement the
// optional interfaces Grammer, Crosser and Diagonaler, found by type switch.
//
// # Fast paths
//
// Dot-product kernels (Linear, Polynomial, HPK, NormalizedHPK, DPP, GPK) and
// squared-distance kernels (RBF, Gaussian, ARD, BlockGaussian,
// RationalQuadratic) first compute X·Xᵀ, then map every entry while it is
// in cache. The product is cache-blocked and register-blocked. Its
// micro-kernel is a packed 2×4 Go kernel unrolled 4× over k, or the 8×8
// AVX-512 or 4×8 AVX2/FMA assembly kernel of internal/gemm where the CPU
// has it; all are bit-identical to each other. The inner dimension k is cut
// into chunks of ≤ 400, and 256×64 output tiles are scheduled over the
// cores. For Gram only the tiles on or above the diagonal are computed,
// each writing its transpose into the lower triangle. The Gaussian kernels
// take their exponentials four at a time by internal/gemm's ExpDist,
// bit-identical to math.Exp. Distances use ‖x‖² + ‖z‖² − 2⟨x, z⟩ clamped
// at 0 (exactly 0 on the diagonal). Laplacian needs the L1 distance and
// uses the generic parallel loop.
//
// Speed against scikit-learn's rbf_kernel and polynomial_kernel from PyPI
// (its OpenBLAS) on the same data is in the README's Speed table. It is
// one interleaved run of scripts/bench/peers.sh, with its date, commit and
// load; earlier runs are in BENCHMARKS.md. Building with GOAMD64=v3 fuses
// the Go kernel's multiply-adds. Results then differ from v1 builds in the
// last bits, and stay bit-identical for any GOMAXPROCS.
//
// # Families
//
// Kernels are struct values; zero values have documented defaults.
//
//   - Linear, Polynomial (γ⟨x,z⟩+c)^d, HPK ⟨x,z⟩^d and NormalizedHPK
//     (⟨x,z⟩/‖x‖‖z‖)^d. HPK and NormalizedHPK form the HPK family of
//     Donini & Aiolli (2017, Sec. 4, Eq. (12)).
//   - DPP Σ_s a_s⟨x,z⟩^s (Donini & Aiolli, Sec. 3, Theorem 1), with the
//     coefficient rules of their Table 1: DPPPolynomial, DPPRBF, DPPRationalQuadratic
//     and DPPCauchy, each truncated at a degree S. DPPRBF uses
//     e^{−2γ}(2γ)^s/s!, not the printed (2γ)^{2s}; DPPRationalQuadratic
//     and DPPCauchy use c·2^s/(2+c)^{s+1}. The printed rules are kept as DPPRBFPaperTypo and
//     DPPRationalQuadraticPaperTypo.
//   - Feature x_k z_k, the base kernels of Cortes, Mohri & Rostamizadeh
//     (2009), whose Eqs. (1)–(4) are polynomials of them. FeatureGrams
//     builds all p base Gram matrices at once, touching only the non-zero
//     pairs of sparse count features.
//   - Gaussians, in two conventions. RBF{Gamma} is exp(−γ‖x−z‖²), as in
//     scikit-learn, Donini & Aiolli's Table 1 and Colbert & Peet's k1.
//     Gaussian{Sigma} is exp(−‖x−z‖²/σ²), as in Argyriou et al. (2006,
//     Eq. (7) with Σ = σ²I) and Afkanpour et al. (2013). ARD
//     exp(−Σ_i γ_i(x_i−z_i)²) is Afkanpour et al.'s per-coordinate family
//     (γ_i = 1/σ_i², ARDFromSigma). BlockGaussian is Argyriou et al.'s
//     block-diagonal Gaussian Π_b exp(−‖x^b−z^b‖²/σ_b²); ImageBlocks gives
//     image halves and quadrants.
//   - Laplacian exp(−γ‖x−z‖₁), RationalQuadratic c/(c+‖x−z‖²) (= Cauchy).
//   - Dirichlet 1 + 2cos(σ|x−z|), from the first synthetic experiment of
//     Afkanpour et al. (2013). It is positive semi-definite for scalar
//     inputs only, so Validate rejects d ≥ 2.
//   - GPK Z_d(x)ᵀPZ_d(z) (Colbert & Peet 2019, Eqs. (8)–(9), Lemma 4).
//   - TK, the tessellated kernels k = ∫_{[a,b]} N̂(z,x)ᵀPN̂(z,y)dz of
//     Colbert & Peet (2020, Eqs. (7) and (10)). They are computed in the
//     closed form of Corollary 13 (Eq. (23)), with the R_ij and the N̂, for
//     any degree and dimension. TK.Basis gives the 2q×2q matrix G(x,y) with
//     k = ⟨P, G⟩_F. TK.GramBlocks and TK.CrossBlocks give the per-entry
//     Gram blocks with K = Σ_{a≤b} P_ab B_ab, which Colbert & Peet's SDP
//     (24) needs. Monomials enumerates Z_d in the order of their Appendix A.
//
// Continuous families implement Parametric: θ and ∂K/∂θ, for Argyriou et
// al. (2006) and Afkanpour et al. (2013). They are Gaussian (θ = σ, not
// log σ), ARD (θ = γ per dimension), BlockGaussian (θ = σ per block) and
// Dirichlet (θ = σ).
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
// References: Cortes, Mohri, Rostamizadeh (NIPS 2009); Donini & Aiolli
// (Machine Learning 2017); Argyriou, Hauser, Micchelli, Pontil (ICML 2006);
// Colbert & Peet (JMLR 2020); Afkanpour, Szepesvári, Bowling (Machine
// Learning 2013). The paper notebooks in notebooks/ demonstrate each family.
package kernel
