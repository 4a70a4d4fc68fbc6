package nb

import (
	"context"
	"testing"

	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/jobs"
)

// toyCfg and toyRes are the configuration and results of toyStudy.
type (
	toyCfg struct{ N, Seed int }
	toyRes struct{ Sum int }
)

// toyStudy is a study of N jobs whose results sum the seed N times; its
// verdict has one claim, "sum", reproduced when the sum is even. runs
// counts its Run calls.
func toyStudy(runs *int) repro.Study[toyCfg, *toyRes] {
	p := &jobs.Paper[toyCfg]{Name: "toy", Quick: func() toyCfg { return toyCfg{N: 2} }, Full: func() toyCfg { return toyCfg{N: 5} },
		Printed: func() toyCfg { return toyCfg{N: 9} },
		Jobs: func(c toyCfg) []jobs.Job {
			js := make([]jobs.Job, c.N)
			for i := range js {
				js[i] = jobs.Job{Paper: "toy", Table: "t", Split: i}
			}
			return js
		},
		Kinds: []jobs.Runner[toyCfg]{jobs.Kind[toyCfg, int]{Table: "t", Run: func(context.Context, toyCfg, jobs.Job) (int, error) { return 0, nil }}}}
	return repro.Study[toyCfg, *toyRes]{Jobs: p,
		Run: func(c toyCfg, progress func(done, total int)) (*toyRes, error) {
			*runs++
			for i := range c.N {
				progress(i+1, c.N)
			}
			return &toyRes{Sum: c.N * c.Seed}, nil
		},
		Verdict: func(r *toyRes) *repro.Report {
			o := repro.NotReproduced
			if r.Sum%2 == 0 {
				o = repro.Reproduced
			}
			return &repro.Report{Claims: []repro.Claim{{ID: "sum", Outcome: o}}}
		}}
}

// Open gives the mode's configuration with the notebook's edits, runs the
// study once for the key (the paper's name and the configuration) and
// finds its verdict rows; a study without a verdict stops the cell.
func TestOpen(t *testing.T) {
	fatal, _ := capture(t)
	useStore(t)
	t.Setenv(ModeEnv, "quick")
	runs := 0
	s := toyStudy(&runs)
	p := Open(s, func(c *toyCfg) { c.Seed = 3 })
	if c := p.Config(); c != (toyCfg{N: 2, Seed: 3}) {
		t.Fatalf("Config() = %+v, want the quick configuration with seed 3", c)
	}
	if r := p.Results(); r.Sum != 6 || runs != 1 {
		t.Fatalf("Results() = %+v after %d runs, want sum 6 after one", r, runs)
	}
	if c := p.Claim("sum"); c.Outcome != repro.Reproduced {
		t.Fatalf("Claim(sum) = %+v", c)
	}
	if c := p.Claim("none"); c.ID != "" {
		t.Fatalf("Claim(none) = %+v, want the zero claim", c)
	}
	// A second notebook process (a later cell) reads the stored results.
	if r := Open(s, func(c *toyCfg) { c.Seed = 3 }).Results(); r.Sum != 6 || runs != 1 {
		t.Fatalf("a later cell got %+v after %d runs, want the stored sum 6", r, runs)
	}
	// Another seed is another key; full mode another configuration.
	if r := Open(s, func(c *toyCfg) { c.Seed = 1 }).Results(); r.Sum != 2 || runs != 2 {
		t.Fatalf("seed 1: %+v after %d runs", r, runs)
	}
	t.Setenv(ModeEnv, "full")
	if c := Open(s).Claim("sum"); c.Outcome != repro.Reproduced || runs != 3 {
		t.Fatalf("full mode: %+v after %d runs", c, runs)
	}
	if len(*fatal) != 0 {
		t.Fatalf("unexpected failures: %v", *fatal)
	}
	s.Verdict = nil
	Open(s).Verdict()
	if len(*fatal) != 1 {
		t.Fatalf("a study without a verdict: failures %v, want one", *fatal)
	}
}
