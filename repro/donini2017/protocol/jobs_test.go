package protocol

import (
	"testing"

	"github.com/kernelab/kernelab/repro/jobs/jobstest"
)

// TestJobsList: the job list of every mode is well formed, with one
// Figures 3–5 job per data set and outer fold, one Table 4 job per data
// set, column and node kernel, and Total jobs; a changed configuration
// changes the jobs' ids, and the default preprocessing and its explicit
// form are the same jobs.
func TestJobsList(t *testing.T) {
	for _, cfg := range []Config{Quick(), Full(), PaperProtocol()} {
		js := Jobs(cfg)
		count := jobstest.CheckTables(t, js, Jobs(cfg))
		want := len(cfg.CVData) * cfg.Outer
		if cfg.PaperCheck != "" {
			want += cfg.Outer
		}
		if count[jobCV] != want {
			t.Errorf("%s: %d Figures 3–5 jobs, want %d", cfg.Mode, count[jobCV], want)
		}
		t4 := 0
		for _, n := range cfg.T4Data {
			t4 += 1 + len(Table4Nodes(n, cfg))*len(Table4Rhos)
		}
		if count[jobTable4] != t4 || count[jobTable3] != len(Table3Data) || count[jobFig10] != 1 || count[jobTable5] != 2+len(cfg.T5Curve) {
			t.Errorf("%s: jobs per table %v", cfg.Mode, count)
		}
		if Total(cfg) != len(js) {
			t.Errorf("%s: Total %d, %d jobs", cfg.Mode, Total(cfg), len(js))
		}
	}
	q, _ := Jobs(Quick())[0].ID()
	f, _ := Jobs(Full())[0].ID()
	if q == f {
		t.Error("a changed configuration keeps the job's id")
	}
	// The default preprocessing and its explicit form are the same jobs.
	c := Quick()
	c.Prep = ""
	jobstest.CheckList(t, Jobs(c), Jobs(Quick()))
}
