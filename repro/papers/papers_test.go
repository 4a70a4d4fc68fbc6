package papers_test

import (
	"slices"
	"testing"

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
