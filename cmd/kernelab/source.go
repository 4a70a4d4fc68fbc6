package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/kernelab/kernelab"
	"github.com/kernelab/kernelab/repro/jobs"
)

// Why run checks its own source: a record's key is the code digest of the
// source on disk under the root (jobs.CodeDigest), read when the record is
// stored, while its result is computed by the code compiled into this
// binary. A binary built before an edit of that source (a Slurm array task
// starting after the edit, a prebuilt image binary in an edited checkout)
// would store the old code's results under the new code's key: wrong
// records that every later run takes as cached. So run compares the source
// the binary embeds (kernelab.Source) with the disk first, and refuses on
// any difference.

// binarySource is the source tree this binary was built from; tests
// replace it.
var binarySource fs.FS = kernelab.Source

// sourceDiff is one file where the binary's source and the disk's differ.
type sourceDiff struct {
	file string
	what string // "changed", "added on disk" or "removed from disk"
}

// diffSource compares the source tree bin (the binary's) with the one under
// root (the disk's), file by file in the order of their paths, and returns
// every difference. The files compared are those the module-wide code
// digest reads (jobs.SourceFiles, the pinned inputs included): every
// paper's import closure is a subset, so a tree equal to the disk in them
// has equal keys. A .go file counts as changed only when its tokens and
// directives differ (those jobs.CodeDigest reads): a comment edit keeps
// the keys, so it does not ask for a rebuild either. Other files are
// compared byte for byte, as the digest reads them.
func diffSource(bin fs.FS, root string) ([]sourceDiff, error) {
	disk := os.DirFS(root)
	want, err := jobs.SourceFiles(bin)
	if err != nil {
		return nil, fmt.Errorf("reading the binary's source: %w", err)
	}
	have, err := jobs.SourceFiles(disk)
	if err != nil {
		return nil, fmt.Errorf("reading the source under %s: %w", root, err)
	}
	if len(have) == 0 {
		return nil, fmt.Errorf("no Go source under %s (set KERNELAB_ROOT to the repository)", root)
	}
	var diffs []sourceDiff
	i, k := 0, 0
	for i < len(want) || k < len(have) {
		switch {
		case k == len(have) || (i < len(want) && want[i] < have[k]):
			diffs = append(diffs, sourceDiff{want[i], "removed from disk"})
			i++
		case i == len(want) || have[k] < want[i]:
			diffs = append(diffs, sourceDiff{have[k], "added on disk"})
			k++
		default:
			rel := want[i]
			a, err := fs.ReadFile(bin, rel)
			if err != nil {
				return nil, err
			}
			b, err := fs.ReadFile(disk, rel)
			if err != nil {
				return nil, err
			}
			if !bytes.Equal(a, b) {
				same := false
				if strings.HasSuffix(rel, ".go") {
					if same, err = sameTokens(rel, a, b); err != nil {
						return nil, err
					}
				}
				if !same {
					diffs = append(diffs, sourceDiff{rel, "changed"})
				}
			}
			i++
			k++
		}
	}
	return diffs, nil
}

// sameTokens reports whether two versions of the Go file rel give the same
// code digest: it writes each alone, at rel, into a scratch tree and asks
// jobs.CodeDigest, so the rule is exactly that of the keys.
func sameTokens(rel string, a, b []byte) (bool, error) {
	tmp, err := os.MkdirTemp("", "kernelab-source-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(tmp)
	var digests [2]string
	for n, src := range [][]byte{a, b} {
		dir := filepath.Join(tmp, fmt.Sprint(n))
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return false, err
		}
		if err := os.WriteFile(p, src, 0o644); err != nil {
			return false, err
		}
		if digests[n], err = jobs.CodeDigest(dir, ""); err != nil {
			return false, err
		}
	}
	return digests[0] == digests[1], nil
}

// checkSource returns nil when the source tree bin (the binary's) equals
// the one under root (diffSource), and otherwise an error naming the first
// differing file and saying how to rebuild. With allowStale it prints a
// loud warning on stderr instead and returns nil. submitted is the time
// scripts/slurm/submit.sh built the binary and submitted the jobs
// ($KERNELAB_SUBMITTED; "" outside such a job).
func checkSource(bin fs.FS, root string, allowStale bool, submitted string, stderr io.Writer) error {
	diffs, err := diffSource(bin, root)
	if err != nil {
		return fmt.Errorf("checking that this binary was built from the source under %s: %w", root, err)
	}
	if len(diffs) == 0 {
		return nil
	}
	first := fmt.Sprintf("%s %s", diffs[0].file, diffs[0].what)
	if len(diffs) > 1 {
		first += fmt.Sprintf(" (and %d more files)", len(diffs)-1)
	}
	exe, err := os.Executable()
	if err != nil {
		exe = "BINARY"
	}
	if allowStale {
		fmt.Fprintf(stderr, "kernelab: WARNING: --allow-stale-binary: this binary was NOT built from the source under %s: %s.\n"+
			"kernelab: WARNING: the records of this run are keyed by the source on disk but computed by the code of the binary: wrong wherever the difference changes a result.\n", root, first)
		return nil
	}
	why := "the source changed since this binary was built"
	fix := fmt.Sprintf("rebuild it (cd %s && go build -o %s ./cmd/kernelab, or use go run ./cmd/kernelab) and run again", root, exe)
	if submitted != "" {
		why = "the source changed since submission (" + submitted + ")"
		fix = "resubmit with scripts/slurm/submit.sh, which rebuilds the binary (when KERNELAB_BIN names one, rebuild that: go build -o " + exe + " ./cmd/kernelab)"
	}
	if diffs[0].what == "added on disk" {
		fix += "; if a rebuilt binary still misses " + diffs[0].file + ", the go:embed patterns of source.go at the module root do not cover it: add one"
	}
	return fmt.Errorf("run: refusing to compute: %s: %s. This binary (%s) was built from other source than the one under %s "+
		"and would store what its code computes under the keys of the source on disk; %s (--allow-stale-binary overrides, at your own risk)",
		why, first, exe, root, fix)
}
