// Package stagewise learns a kernel from a continuously parameterised family
// by forward stagewise additive modelling on centred alignment: the CA-1D
// and CA-nD methods of Afkanpour, Szepesvári & Bowling (2013), "Alignment
// based kernel learning with a continuous set of base kernels".
//
// CA.Fit runs Algorithm 1 of the paper. It starts from K_0 = εI. At step t
// it takes the centred gradient P = C F'(K_{t−1}) C of the alignment
//
//	F(K) = ⟨K, K*_c⟩_F / (‖K‖_F ‖K*_c‖_F),   K*_c = C yyᵀ C,
//	F'(K) = (K*_c − ‖K‖_F⁻² ⟨K, K*_c⟩_F K) / (‖K‖_F ‖K*_c‖_F)     (Eq. (3)).
//
// It finds the parameter of steepest ascent σ* = argmax_σ ⟨P, K(κ_σ)⟩_F
// (Eq. (2), Proposition 1) by a bounded quasi-Newton search with restarts,
// in log space for bandwidths. It moves by the closed-form step of
// Proposition 2 capped at η_max, K_t = K_{t−1} + η C K(κ_σ*) C, and stops
// when the alignment gains less than θ. The learned kernel is
// k = Σ_t η_t κ_{σ_t} (the εI dropped); the second stage is an SVM on it.
//
// The families are those of package continuous. GaussianBandwidth has one
// bandwidth, exp(−‖x−x'‖²/σ²) (CA-1D). GaussianPerCoordinate has one
// bandwidth per coordinate (CA-nD, with the regulariser λ Σ_k (σ_k − σ̄)² of
// Eq. (4)). Dirichlet is 1 + 2cos(σ|x−x'|) on scalar inputs.
//
// For these three, each stage's search evaluates ⟨P, K(κ_σ)⟩ and its
// gradient together, in one parallel pass over pairwise quantities cached
// once per fit, never from a kernel matrix per candidate σ. The cache holds
// packed squared distances or squared coordinate differences, and for
// Dirichlet the rank-two form 1 + 2(c cᵀ + s sᵀ), c = cos(σx), s = sin(σx).
// Other families search with their own continuous.Searcher. CA.Learn is the
// first stage alone, with the learned kernel's training Gram matrix, for
// callers that sweep the SVM's C.
package stagewise
