// Package data holds kernelab's committed data sets as gzip-compressed CSV
// files, embedded into any binary that imports it. Read them through
// github.com/kernelab/kernelab/klearn/datasets, not directly: the file format,
// provenance, licences and checksums are documented in data/README.md, and the
// files are rebuilt from Debian packages by scripts/data/build.sh --rebuild.
//
// The embed directive has to live in the directory that holds the files,
// which is why this tiny package exists. MNIST is not embedded: `make data`
// fetches it into datasets.CacheDir ($KERNELAB_DATA, else kernelab under the
// user's cache directory).
package data

import "embed"

// FS holds data/*.csv.gz and data/checksums.sha256 (sha256sum format).
//
//go:embed *.csv.gz checksums.sha256
var FS embed.FS
