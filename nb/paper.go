package nb

import (
	"sync"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/viz"
)

// Paper is a paper opened in a notebook (Open): its configuration in the
// notebook's mode, its results, computed once, and its verdict rows.
type Paper[C, R any] struct {
	study repro.Study[C, R]
	edits []func(*C)

	once    sync.Once
	res     R
	verdict *repro.Report
}

// Open opens a paper's study (repro/<paper>.Study) in the notebook's mode
// (Mode). Each edit changes the mode's configuration (a notebook sets its
// seed), before the configuration enters the results' key. Nothing runs
// until a cell asks for the results:
//
//	var paper = nb.Open(cortes2009.Study, func(c *cortes2009.Config) { c.Seed = 2009 })
//	res := paper.Results()
//	c := paper.Claim("Table 1")
func Open[C, R any](s repro.Study[C, R], edits ...func(*C)) *Paper[C, R] {
	return &Paper[C, R]{study: s, edits: edits}
}

// Config is the configuration of the notebook's mode with the edits of
// Open applied; a mode the paper does not know stops the cell.
func (p *Paper[C, R]) Config() C {
	cfg := Must(p.study.Jobs.Config(Mode()))
	for _, e := range p.edits {
		e(&cfg)
	}
	return cfg
}

// Results returns the paper's results for Config: computed at most once
// for the current code, with a progress bar of its jobs, and read from the
// results store by every later cell and run (Cached, under the paper's
// name).
func (p *Paper[C, R]) Results() R {
	p.once.Do(func() {
		cfg := p.Config()
		p.res = Cached(p.study.Jobs.Name, cfg, func() (R, error) {
			pb := viz.NewProgress("experiments", p.study.Total(cfg))
			defer pb.Done()
			return p.study.Run(cfg, func(int, int) { pb.Add(1) })
		})
	})
	return p.res
}

// Verdict returns the verdict table of the results; a study without one
// stops the cell.
func (p *Paper[C, R]) Verdict() *repro.Report {
	if p.study.Verdict == nil {
		fatalf("✗ unexpected error: %s has no verdict", p.study.Jobs.Name)
		return nil
	}
	if p.verdict == nil {
		p.verdict = p.study.Verdict(p.Results())
	}
	return p.verdict
}

// Claim returns the verdict row with the given id, or the zero Claim when
// the verdict has none (a row the mode does not decide).
func (p *Paper[C, R]) Claim(id string) repro.Claim {
	for _, c := range p.Verdict().Claims {
		if c.ID == id {
			return c
		}
	}
	return repro.Claim{}
}
