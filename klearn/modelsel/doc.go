// Package modelsel holds model selection: data splits, grid and path
// searches, a grid that widens at its edges, and nested cross-validation.
//
// Splits are index sets into the n samples:
//
//	KFold(n, k, seed)                       k folds of a random permutation
//	StratifiedKFold(y, k, seed)             k folds with class proportions kept
//	RepeatedSplits(n, reps, testFrac, seed) e.g. 30 × 50/50 (Cortes et al., 2009) or 30 × 80/20 (Colbert & Peet, 2020)
//	StratifiedRepeatedSplits(y, ...)        the same, per class
//	TrainValTest(n, valFrac, testFrac, seed)  fixed train/validation/test (Afkanpour et al., 2013)
//
// Every split is a pure function of its seed (klearn.NewRand), so a protocol
// repeats exactly. Indices in each Train and Test slice are sorted.
// TrainTestSplit cuts X and y once, stratified, in one call.
//
// Within maps splits of a subset back to global indices. klearn.Rows and
// klearn.Take cut a design matrix and a label vector by a split (a learner
// needs no modelsel for that); Gram matrices are
// cut by kernel.SubGram and kernel.CrossGram. Every one checks its indices
// and returns an error, never panics: a nil matrix is ErrEmpty, an index
// outside the matrix or vector ErrShape, a result too large to allocate
// ErrParam (klearn's sentinels, tested with errors.Is). Split.Check
// validates a split against n samples once, before a fit slices several
// blocks with it.
//
// GridSearch evaluates every (candidate, split) pair on a pool of goroutines;
// each score is stored at its own index, so the result is identical for any
// GOMAXPROCS or worker count as long as the evaluation function is itself
// deterministic. Candidates can be any type: a struct, a Params map built by
// Grid, or a closure. Results are reported as mean ± std (sample standard
// deviation, metrics.MeanStd) over the splits. NestedCV runs a grid search
// inside each outer training set and scores the selected candidate on the
// outer test set (the nested stratified 10 × 10 CV of Donini & Aiolli 2017,
// §5.1). WidenGrid grows the grids of several hyper-parameters while the
// choice sits at an edge (one rule: a flat or capped edge stays);
// WidenedSearch is its one-axis case over GridSearch. PathSearch scores a
// whole grid on each split in one call, so that a learner can warm-start
// each fit from the previous one.
package modelsel
