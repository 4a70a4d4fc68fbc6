// Package linalg holds the dense symmetric positive-definite solver behind
// kernel ridge regression: a blocked, parallel, pure-Go Cholesky
// factorisation A = UᵀU (Golub & Van Loan (2013), Algorithm 4.2.2, "gaxpy"
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
// Algorithm. For every block of nb columns starting at k:
//
//  1. U11 = chol(A11) by the unblocked right-looking algorithm (serial,
//     nb³/3 flops);
//  2. U12 = U11⁻ᵀ A12 (a TRSM on a block row; parallel over column chunks);
//  3. A22 ← A22 − U12ᵀ U12 (a SYRK on the upper triangle; parallel over
//     output tiles), which carries n³/3 of the n³/3 + O(n² nb) flops.
//
// The SYRK packs U12 into k-major micro-panels of 2 and 4 columns and runs the
// 2×4 register-blocked micro-kernel of internal/gemm (the shape the Go
// compiler keeps in registers on amd64). Determinism: the partitions (blocks, tiles, column
// chunks) depend only on n, never on the number of workers, and every output
// entry is computed by exactly one goroutine with the same sequence of
// floating-point operations, so the factor is bit-identical for any
// GOMAXPROCS.
package linalg
