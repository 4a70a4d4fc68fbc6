// Package simplemkl holds SimpleMKL (Rakotomamonjy, Bach, Canu & Grandvalet
// 2008, JMLR 9:2491–2521), a baseline of Colbert & Peet (2020).
//
// Learner minimises the SVM dual optimum J(d) over the simplex of kernel
// weights by reduced gradient descent, with ∂J/∂d_m = −½ αᵀYK_mYα
// (Section 3.1). It stops on the relative duality gap of Section 3.
package simplemkl
