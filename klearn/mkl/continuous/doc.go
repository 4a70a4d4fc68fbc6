// Package continuous learns kernels from families with continuous
// parameters. The families (Family) are Gaussians with one bandwidth, one per
// coordinate or one per block of features (GaussianBlocks: image halves or
// quadrants), and the Dirichlet kernel. Their Searchers evaluate ⟨P, K(κ_θ)⟩_F
// and its gradient from pairwise quantities cached once. The learner is the
// greedy algorithm of Argyriou, Hauser, Micchelli & Pontil (2006), "A
// DC-programming algorithm for kernel selection" (Greedy).
//
// Greedy is Algorithm 1 of that paper with the square loss. It minimises the
// regularisation error E(K) = μ yᵀ(K_x + μI)⁻¹y over the convex hull of the
// family. Each step adds the kernel G(θ̂) of steepest descent,
// θ̂ = argmax_θ ⟨c, G_x(θ)c⟩ with c = −2μ(K_x + μI)⁻¹y, and mixes it in by a
// projected Newton search on the segment (step 3). The steps go on while the
// improvement test ⟨c, G_x(θ̂)c⟩ > ⟨c, K_x c⟩ (Eq. (10)) holds. Step 2's
// objective on the rank-one ccᵀ costs O(n) per evaluation for the Dirichlet
// kernel and one vectorised pass over the pairs for the Gaussian bandwidth
// (rankone.go); step 3 reduces the pencil (K + μI, G + μI) to a tridiagonal
// matrix once per step, so that each of its 20–70 evaluations costs O(n)
// instead of a factorisation (segment.go).
//
// Step 2 has two solvers. Step2 QuasiNewton runs the bounded quasi-Newton
// method from several restarts: the "CR" method that Afkanpour et al. (2013)
// compare against, this algorithm with a local search. Step2 DC (SearchDC,
// on opt.DCCuttingPlane) solves the paper's DC program (13) in ω = σ⁻² for
// the Gaussian families, by its cutting-plane Algorithm 2. For one or two
// parameters it certifies the optimum of each step 2. With more it runs the
// paper's local variant of Algorithm 2, which does not.
//
// Step 3 has two updates. Step3 LineSearch is the paper's: one weight per
// step, so near the optimum the algorithm alternates between a few kernels
// and tunes their weights slowly (the Frank–Wolfe zig-zag). Step3
// FullyCorrective, a variant that is not the paper's, re-weights every
// kernel found so far after each line search, by projected Newton steps on
// the simplex to a certified Frank–Wolfe gap (reweigh; the Hessian of E in
// the weights is 2μ times the Gram of the vectors (K_x + μI)^{-1/2} K_j a).
//
// Package stagewise (CA-1D, CA-nD) uses the same families.
package continuous
