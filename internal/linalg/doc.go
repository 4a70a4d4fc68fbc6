// Package linalg holds the dense symmetric positive-definite solver behind
// kernel ridge regression: a blocked, parallel Cholesky factorisation (Go,
// with the assembly micro-kernels of internal/gemm where the CPU has them) A = UᵀU (Golub & Van Loan (2013), Algorithm 4.2.2, "gaxpy"
// Cholesky, in its right-looking blocked form, Section 4.2.9), triangular
// solves with one or many right-hand sides, the log-determinant
// log det A = 2 Σ_i log U_ii, and a 1-norm condition-number estimate
// (Hager (1984); Higham (1988), Algorithm 4.1 — the estimator of LAPACK's
// DPOCON).
//
// Layout. A and U are n×n row-major with stride n and only their upper
// triangles are used: U is the upper factor, which is the transpose of the
// lower factor L = Uᵀ, and the upper triangle of a *mat.SymDense is copied
// in without transposition.
//
// Algorithm. For every block of nb = 96 columns starting at k:
//
//  1. U11 = chol(A11) by the unblocked right-looking algorithm (serial,
//     nb³/3 flops; its rank-1 updates are vector axpys);
//  2. U12 = U11⁻ᵀ A12 (a TRSM on a block row; parallel over column chunks
//     of 128). Each chunk is solved recursively: the top half of its rows
//     by substitution, the bottom half updated by the packed product of
//     internal/gemm, then solved in turn, down to 16 rows (the blocked
//     solve with many right-hand sides of Golub & Van Loan (2013), Section
//     3.1.4, applied recursively), so nearly all of its flops run in the
//     micro-kernel; the goroutine then packs its chunk for step 3 while it
//     is in cache;
//  3. A22 ← A22 − U12ᵀ U12 (a SYRK on the upper triangle; parallel over
//     output tiles), which carries n³/3 of the n³/3 + O(n² nb) flops.
//
// The SYRK and the TRSM updates run internal/gemm's register-blocked
// micro-kernels (AVX-512 8×8 or AVX2/FMA 4×8 in assembly where the CPU has
// them, else the 2×4 Go kernel). The triangular solves with one right-hand
// side and the condition estimate's solves use 16-lane dot products and
// axpys (AVX2/FMA assembly where available, vec.go). Storage: a Cholesky
// reuses its storage when refactorised, and Release hands it to a pool for
// the next factorisation in the process, which saves the first touch of a
// fresh n×n allocation. Determinism: the partitions (blocks, tiles, column
// chunks, recursion splits) depend only on n, never on the number of
// workers, and every output entry is computed by exactly one goroutine with
// the same sequence of floating-point operations, so the factor is
// bit-identical for any GOMAXPROCS.
package linalg
