// Package colbert2020 reproduces Colbert & Peet (2020), "A Convex
// Parametrization of a New Class of Universal Kernel Functions" (JMLR 21):
// the paper's printed numbers with their table ids (Table 1, the scaling
// exponents of Figures 3–4), the numerical checks of Section 2.1's remark
// on Lanckriet et al.'s set, Proposition 3, Lemmas 4 and 5, Corollary 13,
// Theorem 6, the tiles of Section 3.3 (RunTiles), Theorems 8 and 10, Lemma
// 11, Theorem 12 and SDP (24), the claims of the figures (Figure 1: a 1-D
// classifier and TK kernel shapes; Figure 2: the kernel-matrix
// approximation problems (20)–(21) over TK, GPK and Gaussian sums; Figures
// 5 and 7: learning curves; Figure 6: decision surfaces), the post-hoc
// diagnostics of Table 1's Ionosphere [TK] (IonosphereClaim), of Figure
// 6's spiral panel (Figure6SizeClaim) and of the Figure 7 curves
// (ChanceClaim, SemilogGapClaim), the charts, and the verdict table
// (Verdict) that the notebook opens with.
//
// The computation is package protocol's: the data sets and how ours
// differ, the protocol of Section 8 (30 random 80/20 splits, C — and for
// [TK] the box margin ε — chosen by 5-fold cross-validation on the
// training part) with its three modes (ConfigFor), the five methods of
// Table 1 ([TK] by klearn/mkl/tk, [SimpleMKL], [SimpleMKL TK], [SimpleMKL
// TK+] by klearn/mkl, [Neural Net] by klearn/nn) and the figures' runs.
// The experiments are the jobs of protocol.Jobs (package repro/jobs,
// registered as "colbert2020"): `kernelab run colbert2020 --shard i/N`
// computes them on a cluster, and Run reads what is stored before
// computing the rest. Their records are keyed by protocol's code alone;
// the checks of the theorems are a cheap kind of this package, recomputed
// when the report changes.
//
// Every tolerance is stated in Tolerances before any result is computed.
package colbert2020
