// Package continuous learns kernels from families with continuous
// parameters: Gaussians with one bandwidth, one per coordinate or one per
// block of features (GaussianBlocks: image halves or quadrants), and the
// Dirichlet kernel (Family, with Searchers that evaluate ⟨P, K(κ_θ)⟩_F and
// its gradient from pairwise quantities cached once), and the greedy
// algorithm of Argyriou, Hauser, Micchelli & Pontil (2006), "A DC-
// programming algorithm for kernel selection" (Greedy).
//
// Greedy is Algorithm 1 of that paper with the square loss: it minimises the
// regularisation error E(K) = μ yᵀ(K_x + μI)⁻¹y over the convex hull of the
// family by adding, at each step, the kernel G(θ̂) of steepest descent,
// θ̂ = argmax_θ ⟨c, G_x(θ)c⟩ with c = −2μ(K_x + μI)⁻¹y, while the
// improvement test ⟨c, G_x(θ̂)c⟩ > ⟨c, K_x c⟩ (Eq. (10)) holds, then
// mixing it in by a projected Newton search on the segment (step 3). Step 2
// is solved either by the bounded quasi-Newton method from several restarts
// (Step2 QuasiNewton: the "CR" method against which Afkanpour et al. 2013
// compare, which is this algorithm with a local search) or, for the
// Gaussian families, globally by the paper's DC program (13) in ω = σ⁻²
// with its cutting-plane Algorithm 2 (Step2 DC, SearchDC, on
// opt.DCCuttingPlane), which certifies the optimum of each step 2 for one
// or two parameters; with more it runs the paper's local variant of
// Algorithm 2, which does not.
// Package stagewise (CA-1D, CA-nD) uses the same families.
package continuous
