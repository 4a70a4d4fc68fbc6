package papers_test

import (
	"slices"
	"testing"

	"github.com/kernelab/kernelab/internal/repo"
	"github.com/kernelab/kernelab/repro/jobs"
	"github.com/kernelab/kernelab/repro/papers"
)

// Every listed job set is registered with repro/jobs, and nothing else is.
func TestNamesAreTheRegistry(t *testing.T) {
	got, want := jobs.Papers(), slices.Clone(papers.Names)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("registered %v, listed %v", got, want)
	}
	for _, p := range papers.Names {
		e, _ := jobs.Lookup(p)
		if js, err := e.Build("quick"); err != nil || len(js) == 0 {
			t.Errorf("%s: quick jobs %d, %v", p, len(js), err)
		}
	}
}

// A paper's records are keyed by the code digest of its own package (and
// all it imports), not by that of repro/jobs, where the typed runner of
// jobs.RegisterPaper is defined: a record written under the paper
// package's digest is one the store reads as done.
func TestRecordsKeyedByThePaperPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("digests every paper package")
	}
	pkgs := map[string]string{"demo": "repro/jobs/demo", "bench": "repro/bench"}
	for _, p := range papers.Names {
		pkg, ok := pkgs[p]
		if !ok {
			pkg = "repro/" + p
		}
		code, err := jobs.CodeDigest(repo.Root(), "github.com/kernelab/kernelab/"+pkg)
		if err != nil {
			t.Fatal(err)
		}
		e, _ := jobs.Lookup(p)
		js, err := e.Build("quick")
		if err != nil {
			t.Fatal(err)
		}
		key, err := jobs.Key(js[0], code)
		if err != nil {
			t.Fatal(err)
		}
		st := jobs.Store{Dir: t.TempDir()}
		if err := st.Put(jobs.Record{Key: key, Job: js[0], Result: []byte("1")}); err != nil {
			t.Fatal(err)
		}
		sts, err := jobs.TableStatus(st, js[:1], "")
		if err != nil {
			t.Fatal(err)
		}
		if len(sts) != 1 || sts[0].Done != 1 {
			t.Errorf("%s: a record under the digest of %s is not read: %+v", p, pkg, sts)
		}
	}
}
