// Package bench is kernelab's cross-paper benchmark: every kernel learner of
// the library, and the usual baselines, on every two-class data set of
// klearn/datasets under one protocol, analysed at the standard of Demšar
// (2006). It reproduces no paper and decides no verdict: it reports
// accuracies, ranks and tests.
//
// # Protocol
//
// Each data set (ClassificationSets: the papers' sets and the substitutes,
// marked) is cut, once, to at most Config.MaxRows rows by a stratified
// subsample; then Config.Reps stratified splits with a 30 % test part are
// shared by all methods. On each training part every method chooses one of
// its Budget = 6 hyper-parameter candidates by the mean accuracy over
// Config.Folds stratified inner folds (ties: the first candidate), is
// refitted on the whole training part and scored on the test part:
// accuracy, AUC of its decision values, seconds of the inner selection, the
// final fit and the prediction (wall clock, on whatever load the machine
// had). One preprocessing, fitted on each training part (and on each inner
// training fold): training-constant columns dropped, the rest standardised.
// A method whose declared limit excludes a set (Method.Limit: too many
// features), or whose learner returns an error, gets a cell that says why.
//
// Every iterative method runs under solver caps that are the same whatever
// the data (Method.Caps, listed under the leaderboard): SimpleMKL at most
// 100 descent steps, ℓp-norm MKL 100 weight updates, CA 20 stages, the
// greedy method 10 steps, gHKL 32 active nodes and 50 weight updates per
// active set (relative gap 1e-2), TK 30 projected-gradient steps (gap
// 1e-2), the network 1000 SCG epochs, and every inner SVM svm's default
// SMO cap. A fit whose solver, or the SVM its model keeps, reports an
// iteration limit instead of its convergence test stopped at a cap; the
// cells count such fits (Cell.Capped of Cell.Fits) and the tables show the
// counts per method and per set. The choice of a candidate is made among
// those whose inner fits all converged (among all when none did, the cell
// then showing its capped fits): a capped fit never counts silently as a
// converged result. A KOMD fit (HPK best, EasyMKL) counts when a QP solve
// its model keeps stopped short of opt.Success.
//
// Methods lists the learners: SVM and KRR with a Gaussian kernel, the
// uniform sum of seven Gaussians, the best single HPK (KOMD), EasyMKL and
// EasyMKL+SVM over HPKs, SimpleMKL, ℓp-norm MKL, alignf and the
// square-loss finite combination of Argyriou et al. (2006) over the seven
// Gaussians, the greedy continuous method of Argyriou et al. (2006) with
// the quasi-Newton (CR) and the DC step 2, CA-1D and CA-nD, TK learning,
// gHKL and the one-hidden-layer network. Regressors are KRR and NKRR, on
// the regression sets, scored by test RMSE.
//
// # Analysis
//
// Analyze marks, per set, the best mean accuracy and the methods the
// two-sided paired t-test over the splits does not distinguish from it (no
// difference seen; not evidence of equality). Friedman's test with Iman
// and Davenport's F runs on the sets where every method ran (the others are
// listed with the reason), followed by the Nemenyi critical difference and
// Holm's pairwise tests (klearn/stattest), the critical-difference diagram
// (viz.CDDiagram) and the accuracy–time chart with its Pareto front.
//
// # Cost
//
// Quick runs three small sets, five methods and two splits in about a
// minute. Full runs every set and method on three splits, within a
// budget of 25 minutes on two idle cores; Full states the measurement
// behind that estimate. The jobs register with repro/jobs as "bench", so
// `kernelab run bench --shard i/N` computes them on a cluster.
package bench
