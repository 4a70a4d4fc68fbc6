// Package afkanpour2013 reproduces the first synthetic experiment of
// Afkanpour, Szepesvári & Bowling (2013), "Alignment based kernel learning
// with a continuous set of base kernels" (Machine Learning 91(3)), Section
// 3.1: the sine-frequency problem with Dirichlet kernels — the H1 table of
// fixed-frequency kernels and Figure 1 (the errors of CA, CR, DA, D1, D2 and
// DU, and the frequencies CA finds) — with the paper's numbers beside ours
// and a computed verdict. The other experiments of the paper (the 50-D
// Gaussian problem, MNIST, Letter, the eleven data sets of Table 3) are
// listed in the verdict as not run.
//
// The experiments are the jobs of Jobs (package repro/jobs, registered as
// "afkanpour2013"): `kernelab run afkanpour2013 --shard i/N` computes them
// on a cluster, and Run reads what is stored before computing the rest.
package afkanpour2013
