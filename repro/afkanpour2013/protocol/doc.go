// Package protocol is the computation of the reproduction of Afkanpour,
// Szepesvári & Bowling (2013): the configuration of each mode, the
// sine-frequency problem of Section 3.1 (the H1 table, the methods of
// Figure 1(b)), the task experiments of Figures 2 and 4 and Table 2 (the
// 50-D Gaussian relevance problem, MNIST, Letter and the data sets of
// Table 3), and the h(σ) curves of Figure 3, as the jobs of Jobs and their
// kinds. The report (criteria, verdicts, the numerical checks, charts) is
// package afkanpour2013, so a change to it keeps these jobs' stored
// results.
package protocol
