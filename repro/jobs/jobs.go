// Package jobs runs a paper's experiments as lists of jobs whose results are
// records in an on-disk store: a job whose spec, inputs and code are
// unchanged is read back, not recomputed, and a list of jobs can be cut into
// deterministic shards for a cluster (Slurm job arrays, Kubernetes Indexed
// Jobs) whose merged stores equal one local run bit for bit.
//
// A record's key is the SHA-256 of (a) the job's canonical spec (paper,
// table, method, data set, split, hyper-parameters as sorted JSON), (b) the
// digests of its input files, and (c) the digest of the code that computes
// it (CodeDigest): the Go sources (tokens and directives; comments do not
// count) and assembly of one package and of every package of the module it
// imports, directly or not, with go.mod, go.sum, the pinned data digests
// and the build (Go release, GOARCH, GOAMD64). The package is the one that
// defines the Run of the job's kind (Experiment.CodePackage), not one per
// paper: the kinds of a paper's protocol package are keyed by its closure
// alone, so an edit of the paper's criteria, verdicts or charts keeps
// their records. An edit of the tessellated-kernel package likewise leaves
// the records of code that does not import it valid; an edit of a package
// they share invalidates them all. A job of a paper no package registered
// (nb.Cached's "notebooks") is computed by code the store cannot see, so
// its key covers every package of the module.
//
// The contract a paper's code implements — Job, Kind, Paper — is package
// spec, named here too (Job is spec.Job). A protocol package imports spec
// alone, so an edit of this package (the runner, the store, the digest)
// leaves its records valid. Notebooks' prose is not Go source: editing it
// invalidates nothing.
package jobs

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/kernelab/kernelab/internal/repo"
	"github.com/kernelab/kernelab/repro/jobs/spec"
)

// The contract of a paper's jobs is package spec, which protocol packages
// import instead of this one; its types are named here too, for the
// callers of the runner.
type (
	// Job is one experiment (spec.Job).
	Job = spec.Job
	// Kind is one kind of job of a paper (spec.Kind).
	Kind[C, R any] = spec.Kind[C, R]
	// Runner is a Kind whatever its result type (spec.Runner).
	Runner[C any] = spec.Runner[C]
	// Paper is a paper's typed job contract (spec.Paper).
	Paper[C any] = spec.Paper[C]
	// KindCode names the packages of one kind's code (spec.KindCode).
	KindCode = spec.KindCode
	// Maker makes the jobs of one paper under one configuration
	// (spec.Maker).
	Maker = spec.Maker
)

// Experiment is a paper's registered job builder and runner.
type Experiment struct {
	Paper string
	// Build returns the paper's jobs in mode "quick" or "full".
	Build func(mode string) ([]Job, error)
	// Run computes one job's result; it must be deterministic and
	// JSON-serialisable.
	Run func(ctx context.Context, j Job) (any, error)
	// Alone, if set, is true for the jobs that must run with no other job
	// beside them, such as those whose results hold times: RunAll starts
	// them after the others, one at a time (RunAlone sets it).
	Alone func(Job) bool
	// pkg is the package whose code digest keys the records of a job of
	// no kind: that of Paper.Jobs for RegisterPaper, else the package
	// defining Run.
	pkg string
	// kinds are the kinds of a paper registered by RegisterPaper, each
	// with the package whose code digest keys its records.
	kinds []KindCode
}

// Kinds returns the kinds of a paper registered by RegisterPaper (none for
// Register) with the packages of their code.
func (e Experiment) Kinds() []KindCode { return slices.Clone(e.kinds) }

// CodePackage returns the import path of the package whose code digest
// keys the record of j: the package defining the Run of j's kind (the
// first kind that matches, for a paper registered by RegisterPaper), else
// that defining Paper.Jobs, or for a paper registered by Register the
// package defining e.Run.
func (e Experiment) CodePackage(j Job) string {
	for _, k := range e.kinds {
		if k.Matches(j) {
			return k.Run
		}
	}
	if e.pkg != "" {
		return e.pkg
	}
	return spec.FuncPackage(e.Run)
}

var (
	regMu    sync.Mutex
	registry = map[string]Experiment{}
)

// Register adds a paper's experiments; paper packages call it from init
// through RegisterPaper.
// It panics on a duplicate or incomplete registration (a programming error
// at init time).
func Register(paper string, build func(mode string) ([]Job, error), run func(ctx context.Context, j Job) (any, error)) {
	regMu.Lock()
	defer regMu.Unlock()
	if paper == "" || build == nil || run == nil || strings.Contains(paper, "/") {
		panic("jobs: Register needs a paper name without '/', a build and a run function")
	}
	if _, dup := registry[paper]; dup {
		panic("jobs: paper " + paper + " registered twice")
	}
	registry[paper] = Experiment{Paper: paper, Build: build, Run: run}
}

// RunAlone marks the jobs of a registered paper for which alone is true
// as jobs to run alone (Experiment.Alone); paper packages call it from
// init, after registering. It panics on an unregistered paper or a nil
// alone (a programming error at init time).
func RunAlone(paper string, alone func(Job) bool) {
	regMu.Lock()
	defer regMu.Unlock()
	e, ok := registry[paper]
	if !ok || alone == nil {
		panic("jobs: RunAlone needs a registered paper and a function")
	}
	e.Alone = alone
	registry[paper] = e
}

// Lookup returns the registered experiment of paper.
func Lookup(paper string) (Experiment, bool) {
	regMu.Lock()
	defer regMu.Unlock()
	e, ok := registry[paper]
	return e, ok
}

// Papers returns the registered paper names, sorted.
func Papers() []string {
	regMu.Lock()
	defer regMu.Unlock()
	out := make([]string, 0, len(registry))
	for p := range registry {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// Key returns the store key of j under the given code digest: SHA-256 of
// the code digest, the canonical spec and the digest of each input file.
func Key(j Job, code string) (string, error) {
	spec, err := j.Spec()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "kernelab-jobs-v1\x00%s\x00%d\x00", code, len(spec))
	h.Write(spec)
	for _, in := range j.Inputs {
		p := in
		if !filepath.IsAbs(p) {
			p = repo.Path(p)
		}
		f, err := os.Open(p)
		if err != nil {
			return "", fmt.Errorf("jobs: input of %s: %w", j.Name(), err)
		}
		ih := sha256.New()
		_, err = io.Copy(ih, f)
		f.Close()
		if err != nil {
			return "", fmt.Errorf("jobs: input of %s: %w", j.Name(), err)
		}
		fmt.Fprintf(h, "%s\x00%x\x00", in, ih.Sum(nil))
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// Shard returns the jobs of shard i of n: the jobs sorted by ID, every n-th
// starting at the i-th. It depends only on the job list, never on worker
// counts; the shards 0 … n−1 partition the list.
func Shard(js []Job, i, n int) ([]Job, error) {
	if n < 1 || i < 0 || i >= n {
		return nil, fmt.Errorf("jobs: shard %d/%d: need 0 ≤ i < n", i, n)
	}
	type kj struct {
		id string
		j  Job
	}
	all := make([]kj, len(js))
	for k, j := range js {
		id, err := j.ID()
		if err != nil {
			return nil, err
		}
		all[k] = kj{id, j}
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].id < all[b].id })
	var out []Job
	for k := i; k < len(all); k += n {
		out = append(out, all[k].j)
	}
	return out, nil
}

// ParseShard parses "i/N".
func ParseShard(s string) (i, n int, err error) {
	if _, err := fmt.Sscanf(s, "%d/%d", &i, &n); err != nil || fmt.Sprintf("%d/%d", i, n) != s {
		return 0, 0, fmt.Errorf("jobs: shard %q: want i/N", s)
	}
	if n < 1 || i < 0 || i >= n {
		return 0, 0, fmt.Errorf("jobs: shard %q: need 0 ≤ i < N", s)
	}
	return i, n, nil
}

// FilterTable keeps the jobs of one table ("" keeps all).
func FilterTable(js []Job, table string) []Job {
	if table == "" {
		return js
	}
	var out []Job
	for _, j := range js {
		if j.Table == table {
			out = append(out, j)
		}
	}
	return out
}
