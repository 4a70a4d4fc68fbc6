// Package tk learns Tessellated kernels (TK): the kernel-learning problem of
// Colbert & Peet (2020), "A Convex Parametrization of a New Class of
// Universal Kernel Functions", over the class
//
//	K_T^d = { k(x, y) = ∫_X N(z, x)ᵀ P N(z, y) dz : P ⪰ 0 }     (Eq. (10))
//
// on the box X = [a, b] ⊂ Rⁿ (kernel.TK holds the closed form of
// Corollary 13, with the corrections documented there). The map P ↦ K(P),
// K_kl = k(x_k, x_l), is linear, so learning the kernel by the SVM margin
// criterion of Lanckriet et al. (2004) is the semidefinite program (24):
//
//	min_{t, γ, ν, δ, P}  t
//	s.t. [ G(P)                 e + ν − δ + γy ]
//	     [ (e + ν − δ + γy)ᵀ    t − 2C δᵀe     ] ⪰ 0,
//	     ν ≥ 0, δ ≥ 0, P ⪰ 0, tr P ≤ 1,   G(P) = Y K(P) Y,
//
// where Y = diag(y) and C is the SVM box constant (the paper's 2/(mλ) is
// 2C; its experiments fix γ = 0, which removes the bias). By the Schur
// complement and SVM duality (24) equals
//
//	min_{P ⪰ 0, tr P ≤ 1} J(P),  J(P) = max_{0 ≤ α ≤ C, (αᵀy = 0)} 2αᵀe − βᵀK(P)β,  β = y∘α,
//
// with the equality constraint only when the bias γ is free. J is convex
// (a maximum of affine functions of P) and, by Danskin's theorem, has the
// gradient ∇J(P) = −M(β), M(β)_ab = Σ_kl β_k β_l G_ab(x_k, x_l), where G is
// the basis matrix of kernel.TK.Basis (⟨P, M(β)⟩ = βᵀK(P)β).
//
// Learner solves (24) by one of two methods:
//
//   - InteriorPoint builds (24) literally and solves it with the
//     primal–dual interior-point method of opt.SolveSDP (the route of the
//     paper, which used MOSEK). Its cost grows like the number of
//     P-variables times the cube of the LMI order m + 1, which limits it
//     to a few hundred training points.
//   - ProjectedGradient (the default) minimises J over {P ⪰ 0, tr P ≤ 1} by
//     the spectral projected gradient method of Birgin, Martínez & Raydan
//     (2000), with Barzilai–Borwein steps and a non-monotone line search.
//     The SVM of klearn/svm solves the inner maximisation. This is the
//     "two-step" alternative the paper proposes at the end of its Section
//     6: an α step for fixed P, then a P step over the positive matrices. The
//     projection is an eigenvalue decomposition of the 2q×2q iterate, and
//     K(P + λD) = K(P) + λK(D) makes each line-search trial one SVM solve.
//     Every iteration certifies its accuracy: by the minimax theorem the
//     optimal value equals max_α 2αᵀe − λ_max(M(β)), so
//     J(P) − (2αᵀe − λ_max(M(β))) bounds the
//     distance to the optimum (up to the inner SVM tolerance).
//     Each inner SVM solve starts SMO at the current α
//     (svm.Classifier.FitGramFrom). Without bias (γ = 0, the paper's
//     setting) SMO is capped at 50·m coordinate steps. At large C, K(P) is
//     ill-conditioned and SMO would need millions of steps. There a
//     primal–dual interior-point method for the box-constrained dual takes
//     over (opt.BoxQP: Mehrotra's predictor–corrector, 20–40 Cholesky
//     factorisations of Q + diag, whatever C is), and SMO finishes from its
//     solution. The two passes of each step, K(D) and M(β), run over the
//     factors of Corollary 13 (eq. 23) per pair of points
//     (kernel.TK.PairFactors: the four factors of each distinct exponent
//     sum σ = γ_i + γ_j, 4·C(n + 2d, 2d) numbers a pair) instead of the
//     q(2q + 1) basis coefficients of each pair, when they are fewer (degree
//     ≥ 1): a third to a quarter of the memory read per pass.
//
// Learner.FitPath solves (24) for a whole grid of C on one training set,
// as cross-validation does (Section 8): the basis Grams do not depend on C
// and are built once, and each C starts from the previous P* and α.
// Decisions predicts with all the models of a path at the cost of one
// evaluation of the cross basis.
//
// Both methods solve the same problem; the tests compare them, and a
// cvxopt solution, on small instances.
//
// The fitted Model re-solves the SVM on K(P*) and predicts with
// f(z) = Σ_i α_i y_i k(x_i, z) + b (b = 0 without bias). As in the paper's
// experiments (Section 8), the inputs are first scaled to [0, 1]ⁿ with the
// training minimum and maximum. The kernel's box is [−ε, 1 + ε]ⁿ
// (Learner.Margin = ε), and test points outside it are projected onto it.
//
// Colbert & Peet (2020) learn classifiers only; so does this package.
package tk
