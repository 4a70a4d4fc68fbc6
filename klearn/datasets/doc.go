// Package datasets holds the data of kernelab's papers: their real data
// sets (or documented substitutes), MNIST, and seeded generators of their
// synthetic problems.
//
//	ds, err := datasets.Load("sonar")      // 208×60, Classes {"M", "R"}
//	y, err := datasets.Binary(ds, "M")      // ±1 labels, M = +1
//	X := ds.X                               // *mat.Dense, rows are samples
//
// Small real sets are embedded (package github.com/kernelab/kernelab/data), so
// Load works in any program, with no path. MNIST ("mnist-train",
// "mnist-test") and what is built from it ("gisette-mnist") are downloaded
// by `make data` into CacheDir: $KERNELAB_DATA, else kernelab under the
// user's cache directory. Without them Load returns an error wrapping
// klearn.ErrMissingData.
//
// Conventions: Y holds class indices 0,…,k−1 into Classes (the source's own
// class codes, in the source's order) or a regression target. Categorical
// features are integer codes with their levels in Levels (OneHot expands
// them). Text data (amazon-reviews) keep the documents in Text and have no
// X. An unknown name is an error wrapping klearn.ErrUnknown.
//
// Provenance, licences, citations, cleaning and checksums of every file are
// in data/README.md; scripts/data/build.sh --rebuild regenerates the files
// from pinned Debian packages. The generators implement the published
// formulas (Friedman 1991; the banana, ringnorm and waveform benchmarks;
// Afkanpour, Szepesvári & Bowling 2013) with explicit seeds (klearn.NewRand).
package datasets
