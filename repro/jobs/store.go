package jobs

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/kernelab/kernelab/internal/repo"
	"github.com/kernelab/kernelab/klearn"
)

// Store is a directory of records: <dir>/<paper>/<key>.json for a result,
// <key>.failed for the error of a failed run. Files are written to a
// temporary name in the same directory and renamed, so a killed run leaves
// no half record (temporaries, named .tmp-*, are ignored and removed by
// the next write).
type Store struct{ Dir string }

// ErrCorrupt marks a stored record that does not decode or does not match
// its place in the store.
var ErrCorrupt = errors.New("corrupt record")

// DefaultDir is $KERNELAB_RESULTS, else results/ under the repository root.
func DefaultDir() string {
	if d := os.Getenv("KERNELAB_RESULTS"); d != "" {
		return d
	}
	return repo.Path("results")
}

// Record is what the store holds for one job.
type Record struct {
	Key    string          `json:"key"`
	Job    Job             `json:"job"`
	Result json.RawMessage `json:"result"`
	// Seconds is the wall time the job took to compute (0 in records
	// written before it was kept).
	Seconds float64 `json:"seconds,omitempty"`
	// CPUSeconds is the CPU time (user and system) the process spent on
	// the job, as RunAll, MemoAll and Memo measure it: the process's CPU
	// time over all its threads (getrusage RUSAGE_SELF), so it counts every
	// goroutine of the job and the garbage collection its allocations
	// cause. The jobs a RunAll or MemoAll runs side by side share the CPU
	// time of each moment equally: the value is the job's own when it ran
	// alone (one worker, or a job marked Alone), an equal share of the jobs
	// beside it otherwise. (Memo counts all of the process's CPU time while
	// it computes.) Unlike Seconds it hardly grows when other processes load
	// the machine; a job that keeps k cores busy has about k times its wall
	// time. 0 in records written before it was kept, or where the CPU time
	// cannot be read.
	CPUSeconds float64 `json:"cpu_seconds,omitempty"`
}

// Time is the record's compute time for estimates: CPUSeconds when the
// record has it, else Seconds (0 when it has neither).
func (r Record) Time() float64 {
	if r.CPUSeconds > 0 {
		return r.CPUSeconds
	}
	return r.Seconds
}

func (s Store) path(paper, key, ext string) string {
	return filepath.Join(s.Dir, paper, key+ext)
}

// check refuses a store without a directory (it would read and write the
// working directory) and a paper or key that is empty or not a single
// path element (it would escape the store).
func (s Store) check(paper, key string) error {
	if s.Dir == "" {
		return klearn.Errorf(klearn.ErrParam, "jobs: store has no directory")
	}
	for _, name := range []string{paper, key} {
		if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) {
			return klearn.Errorf(klearn.ErrParam, "jobs: store: paper %q, key %q: want non-empty names without path separators", paper, key)
		}
	}
	return nil
}

// Get reads the record of key; ok is false when there is none. A record
// that does not decode, or holds another key or paper than its place, is
// an error wrapping ErrCorrupt.
func (s Store) Get(paper, key string) (rec Record, ok bool, err error) {
	if err := s.check(paper, key); err != nil {
		return Record{}, false, err
	}
	b, err := os.ReadFile(s.path(paper, key, ".json"))
	if errors.Is(err, fs.ErrNotExist) {
		return Record{}, false, nil
	}
	if err != nil {
		return Record{}, false, fmt.Errorf("jobs: store: %w", err)
	}
	if err := checkRecord(paper+"/"+key+".json", b); err != nil {
		return Record{}, false, fmt.Errorf("jobs: store %s: %w", s.Dir, err)
	}
	if err := json.Unmarshal(b, &rec); err != nil {
		return Record{}, false, fmt.Errorf("jobs: store: record %s: %w", key, err)
	}
	return rec, true, nil
}

// Failed returns the stored error text of key, if the last run failed.
func (s Store) Failed(paper, key string) (string, bool) {
	if s.check(paper, key) != nil {
		return "", false
	}
	b, err := os.ReadFile(s.path(paper, key, ".failed"))
	return string(b), err == nil
}

// Put writes rec atomically and removes any failure mark of its key.
func (s Store) Put(rec Record) error {
	if err := s.check(rec.Job.Paper, rec.Key); err != nil {
		return err
	}
	b, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return fmt.Errorf("jobs: store: %s: %w", rec.Job.Name(), err)
	}
	if err := s.writeAtomic(s.path(rec.Job.Paper, rec.Key, ".json"), append(b, '\n')); err != nil {
		return err
	}
	os.Remove(s.path(rec.Job.Paper, rec.Key, ".failed"))
	return nil
}

// PutFailed records the failure of a job.
func (s Store) PutFailed(paper, key string, runErr error) error {
	if err := s.check(paper, key); err != nil {
		return err
	}
	if runErr == nil {
		return klearn.Errorf(klearn.ErrParam, "jobs: store: PutFailed of %s/%s without an error", paper, key)
	}
	return s.writeAtomic(s.path(paper, key, ".failed"), []byte(runErr.Error()+"\n"))
}

func (s Store) writeAtomic(dst string, b []byte) error {
	dir := filepath.Dir(dst)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("jobs: store: %w", err)
	}
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("jobs: store: %w", err)
	}
	tmp := f.Name()
	_, err = f.Write(b)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, dst)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("jobs: store: write %s: %w", dst, err)
	}
	return nil
}

// Files lists the record files (paper/key.json, slash-separated), sorted;
// temporaries and failure marks are left out.
func (s Store) Files() ([]string, error) {
	if s.Dir == "" {
		return nil, klearn.Errorf(klearn.ErrParam, "jobs: store has no directory")
	}
	var out []string
	err := filepath.WalkDir(s.Dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) && p == s.Dir {
				return fs.SkipAll
			}
			return err
		}
		if d.IsDir() && p != s.Dir && strings.HasPrefix(d.Name(), ".") {
			return fs.SkipDir // a merge's staging directory
		}
		if d.IsDir() || strings.HasPrefix(d.Name(), ".") || !strings.HasSuffix(d.Name(), ".json") {
			return nil
		}
		rel, _ := filepath.Rel(s.Dir, p)
		out = append(out, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("jobs: store %s: %w", s.Dir, err)
	}
	sort.Strings(out)
	return out, nil
}

// Merge copies every record of the stores srcs into s and returns the
// number copied. Each source must be an existing directory, and each of its
// records must decode, hold a result, and sit at <paper>/<key>.json for its
// own paper and key. A record already in s (or in an earlier source) must
// hold the same key, job and result; its compute time may differ, and the
// first one is kept. Merge checks every record before it writes any. It
// then writes the new ones into a staging directory inside s and renames
// them into place, so a refused or failed merge leaves s as it was.
func (s Store) Merge(srcs ...Store) (int, error) {
	if s.Dir == "" {
		return 0, klearn.Errorf(klearn.ErrParam, "jobs: merge: store has no directory")
	}
	type item struct {
		rel string
		b   []byte
	}
	var todo []item
	seen := map[string][]byte{}
	for _, src := range srcs {
		fi, err := os.Stat(src.Dir)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return 0, fmt.Errorf("jobs: merge: shard %s: %w", src.Dir, err)
		}
		if !fi.IsDir() {
			return 0, klearn.Errorf(klearn.ErrParam, "jobs: merge: shard %s is not a directory", src.Dir)
		}
		files, err := src.Files()
		if err != nil {
			return 0, fmt.Errorf("jobs: merge: %w", err)
		}
		for _, rel := range files {
			b, err := os.ReadFile(filepath.Join(src.Dir, filepath.FromSlash(rel)))
			if err != nil {
				return 0, fmt.Errorf("jobs: merge: %w", err)
			}
			if err := checkRecord(rel, b); err != nil {
				return 0, fmt.Errorf("jobs: merge: shard %s: %w", src.Dir, err)
			}
			if prev, ok := seen[rel]; ok {
				if !SameRecord(prev, b) {
					return 0, fmt.Errorf("jobs: merge: conflict on %s: %s holds another result than an earlier shard", rel, src.Dir)
				}
				continue
			}
			seen[rel] = b
			old, err := os.ReadFile(filepath.Join(s.Dir, filepath.FromSlash(rel)))
			switch {
			case err == nil && !SameRecord(old, b):
				return 0, fmt.Errorf("jobs: merge: conflict on %s between %s and %s", rel, src.Dir, s.Dir)
			case err == nil:
				continue
			case !errors.Is(err, fs.ErrNotExist):
				return 0, fmt.Errorf("jobs: merge: %w", err)
			}
			todo = append(todo, item{rel, b})
		}
	}
	if len(todo) == 0 {
		return 0, nil
	}
	if err := os.MkdirAll(s.Dir, 0o755); err != nil {
		return 0, fmt.Errorf("jobs: merge: %w", err)
	}
	stage, err := os.MkdirTemp(s.Dir, ".merge-*")
	if err != nil {
		return 0, fmt.Errorf("jobs: merge: %w", err)
	}
	defer os.RemoveAll(stage)
	tmp := Store{Dir: stage}
	for _, it := range todo {
		if err := tmp.writeAtomic(filepath.Join(stage, filepath.FromSlash(it.rel)), it.b); err != nil {
			return 0, fmt.Errorf("jobs: merge: nothing merged: %w", err)
		}
	}
	for k, it := range todo {
		dst := filepath.Join(s.Dir, filepath.FromSlash(it.rel))
		err := os.MkdirAll(filepath.Dir(dst), 0o755)
		if err == nil {
			err = os.Rename(filepath.Join(stage, filepath.FromSlash(it.rel)), dst)
		}
		if err != nil {
			return k, fmt.Errorf("jobs: merge: %d of %d records merged: %w", k, len(todo), err)
		}
	}
	return len(todo), nil
}

// checkRecord reports what is wrong with the stored record b found at rel
// (paper/key.json): it must decode, name a job of that paper, carry that
// key (64 hexadecimal digits) and hold a JSON result.
func checkRecord(rel string, b []byte) error {
	paper, file, ok := strings.Cut(rel, "/")
	key := strings.TrimSuffix(file, ".json")
	if !ok || strings.Contains(file, "/") || len(key) != sha256.Size*2 || strings.Trim(key, "0123456789abcdef") != "" {
		return fmt.Errorf("%w: record %s: want <paper>/<64 hex digits>.json", ErrCorrupt, rel)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var rec Record
	if err := dec.Decode(&rec); err != nil {
		return fmt.Errorf("%w: record %s: %v", ErrCorrupt, rel, err)
	}
	if dec.More() {
		return fmt.Errorf("%w: record %s: data after the record", ErrCorrupt, rel)
	}
	switch {
	case rec.Key != key:
		return fmt.Errorf("%w: record %s holds key %q", ErrCorrupt, rel, rec.Key)
	case rec.Job.Paper != paper:
		return fmt.Errorf("%w: record %s holds a job of paper %q", ErrCorrupt, rel, rec.Job.Paper)
	case len(rec.Result) == 0 || !json.Valid(rec.Result):
		return fmt.Errorf("%w: record %s holds no result", ErrCorrupt, rel)
	case math.IsNaN(rec.Seconds) || rec.Seconds < 0 || math.IsInf(rec.Seconds, 0):
		return fmt.Errorf("%w: record %s: compute time %v", ErrCorrupt, rel, rec.Seconds)
	case math.IsNaN(rec.CPUSeconds) || rec.CPUSeconds < 0 || math.IsInf(rec.CPUSeconds, 0):
		return fmt.Errorf("%w: record %s: CPU time %v", ErrCorrupt, rel, rec.CPUSeconds)
	}
	return nil
}

// SameRecord reports whether two stored records (file contents) hold the
// same key, job and result, whatever their compute times: identical bytes,
// or records equal once Seconds and CPUSeconds are set aside.
func SameRecord(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	var ra, rb Record
	if json.Unmarshal(a, &ra) != nil || json.Unmarshal(b, &rb) != nil {
		return false
	}
	ra.Seconds, rb.Seconds = 0, 0
	ra.CPUSeconds, rb.CPUSeconds = 0, 0
	ja, errA := json.Marshal(ra)
	jb, errB := json.Marshal(rb)
	return errA == nil && errB == nil && bytes.Equal(ja, jb)
}
