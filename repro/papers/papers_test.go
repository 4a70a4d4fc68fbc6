package papers_test

import (
	"slices"
	"strings"
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

// The record of a job is keyed by the code digest of the package that
// defines its kind's Run (the paper package, or its protocol package once
// split), not by that of repro/jobs, where the typed runner of
// jobs.RegisterPaper is defined: a record written under that package's
// digest is one the store reads as done. Papers registered by
// jobs.Register (the demo) are keyed by the package of their Run.
func TestRecordsKeyedByTheKindPackage(t *testing.T) {
	if testing.Short() {
		t.Skip("digests every paper package")
	}
	const mod = "github.com/kernelab/kernelab/"
	for _, p := range papers.Names {
		e, _ := jobs.Lookup(p)
		js, err := e.Build("quick")
		if err != nil {
			t.Fatal(err)
		}
		// One job of each kind (of each table, for the demo).
		var pick []jobs.Job
		seen := map[string]bool{}
		for _, j := range js {
			pkg := e.CodePackage(j)
			if !strings.HasPrefix(pkg, mod+"repro/") || pkg == mod+"repro/jobs" {
				t.Errorf("%s: %s is keyed by %q, not a paper's package", p, j.Name(), pkg)
			}
			if !seen[j.Table+"\x00"+pkg] {
				seen[j.Table+"\x00"+pkg] = true
				pick = append(pick, j)
			}
		}
		if len(e.Kinds()) == 0 && p != "demo" {
			t.Errorf("%s: no kinds registered", p)
		}
		st := jobs.Store{Dir: t.TempDir()}
		for _, j := range pick {
			code, err := jobs.CodeDigest(repo.Root(), e.CodePackage(j))
			if err != nil {
				t.Fatal(err)
			}
			key, err := jobs.Key(j, code)
			if err != nil {
				t.Fatal(err)
			}
			if err := st.Put(jobs.Record{Key: key, Job: j, Result: []byte("1")}); err != nil {
				t.Fatal(err)
			}
		}
		sts, err := jobs.TableStatus(st, pick, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range sts {
			if s.Pending != 0 || s.Failed != 0 {
				t.Errorf("%s: a record under the digest of its kind's package is not read: %+v", p, s)
			}
		}
	}
}
