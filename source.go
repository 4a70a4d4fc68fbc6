// Package kernelab embeds the source the kernelab command is compiled
// from, so that `kernelab run` can refuse to store records when that source
// is not the one on disk.
//
// A record of the results store is keyed by the code digest of the source
// on disk under the root (jobs.CodeDigest), not by the code of the binary
// that computes it: a binary built before an edit would store what the old
// code computes under the new code's key, a wrong record that no later run
// recomputes. Source is what the binary was built from; cmd/kernelab
// compares it with the disk before it computes anything.
//
// No package of a paper imports this one: its files are in no paper's
// import closure, so adding or editing them keeps every paper's records
// (only the module-wide digest, that of the notebooks' cached jobs, sees
// them).
package kernelab

import "embed"

// Source holds, at their paths relative to the module root, the module's
// .go and .s files and the pinned inputs of jobs.CodeDigest (go.mod,
// go.sum, data/checksums.sha256, scripts/data/mnist.sh).
//
// A go:embed pattern cannot leave out test files nor reach a nested
// directory by a wildcard of any depth, so Source names each top-level
// directory that holds Go source and each depth at which it does; it also
// holds the test files there, which the check ignores (about 1.7 MB of the
// binary). The patterns avoid build/, bin/, results/, tests/ (node_modules)
// and tools/ (its own module), which go:embed would refuse or swell with.
// A source file in a new top-level directory or at a new depth is not
// embedded: `kernelab run` then refuses as for an added file until a
// pattern here covers it (TestEmbeddedCoversModule in cmd/kernelab
// checks the cover). A pattern that no longer matches any file fails the
// build: delete it.
//
//go:embed go.mod go.sum data/checksums.sha256 scripts/data/mnist.sh
//go:embed *.go
//go:embed cmd/*/*.go cmd/*/*/*/*.go
//go:embed data/*.go
//go:embed internal/*/*.go internal/*/*.s
//go:embed klearn/*.go klearn/*/*.go klearn/*/*.s klearn/*/*/*.go klearn/*/*/*.s klearn/*/*/*/*.go
//go:embed nb/*.go
//go:embed repro/*.go repro/*/*.go repro/*/*/*.go
//go:embed scripts/*/*/*.go
//go:embed viz/*.go
var Source embed.FS
