package jobs

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
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

// Get reads the record of key; ok is false when there is none.
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

// Merge copies every record of the stores srcs into s. A record already
// present must hold the same key, job and result (its compute time may
// differ: the one present is kept), else Merge reports the conflict and
// stops. It returns the number of records copied.
func (s Store) Merge(srcs ...Store) (int, error) {
	n := 0
	for _, src := range srcs {
		files, err := src.Files()
		if err != nil {
			return n, err
		}
		for _, rel := range files {
			b, err := os.ReadFile(filepath.Join(src.Dir, rel))
			if err != nil {
				return n, fmt.Errorf("jobs: merge: %w", err)
			}
			dst := filepath.Join(s.Dir, filepath.FromSlash(rel))
			old, err := os.ReadFile(dst)
			if err == nil {
				if !SameRecord(old, b) {
					return n, fmt.Errorf("jobs: merge: conflict on %s between %s and %s", rel, src.Dir, s.Dir)
				}
				continue
			}
			if err := s.writeAtomic(dst, b); err != nil {
				return n, err
			}
			n++
		}
	}
	return n, nil
}

// SameRecord reports whether two stored records (file contents) hold the
// same key, job and result, whatever their compute times: identical bytes,
// or records equal once Seconds is set aside.
func SameRecord(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	var ra, rb Record
	if json.Unmarshal(a, &ra) != nil || json.Unmarshal(b, &rb) != nil {
		return false
	}
	ra.Seconds, rb.Seconds = 0, 0
	ja, errA := json.Marshal(ra)
	jb, errB := json.Marshal(rb)
	return errA == nil && errB == nil && bytes.Equal(ja, jb)
}
