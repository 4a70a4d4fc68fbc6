package repro

import "github.com/kernelab/kernelab/repro/jobs"

// Study is a paper as its notebook opens it (nb.Open): its typed job
// contract (name, configurations of the modes, jobs), the run of a
// configuration into results R, and the verdict of those results. Each
// repro/<paper> package exports one as Study.
type Study[C, R any] struct {
	Jobs *jobs.Paper[C]
	// Run computes (or reads from the results store) every job of a
	// configuration and assembles the results; progress, if not nil, is
	// called as each job ends.
	Run func(cfg C, progress func(done, total int)) (R, error)
	// Verdict, nil for a study that decides no claim (the benchmark),
	// returns the verdict table of results.
	Verdict func(R) *Report
}

// Total is the number of jobs (progress steps) of Run(cfg).
func (s Study[C, R]) Total(cfg C) int { return len(s.Jobs.Jobs(cfg)) }
