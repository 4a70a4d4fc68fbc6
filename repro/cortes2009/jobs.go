package cortes2009

import (
	"context"

	"github.com/kernelab/kernelab/klearn"
	"github.com/kernelab/kernelab/klearn/kernel"
	"github.com/kernelab/kernelab/repro"
	"github.com/kernelab/kernelab/repro/cortes2009/protocol"
	"github.com/kernelab/kernelab/repro/jobs"
)

func init() { jobs.RegisterPaper(&jobsPaper) }

// jobsPaper is the typed job contract of the paper: one kind of job per
// table of protocol.Jobs, the report's theorem checks and the protocol's
// experiments.
var jobsPaper = jobs.Paper[Config]{Name: JobsPaper, Quick: protocol.Quick, Full: protocol.Full, Printed: protocol.PaperProtocol, Jobs: protocol.Jobs,
	Kinds: []jobs.Runner[Config]{kindChecks, protocol.KindFigure1, protocol.KindTable1, protocol.KindHyp, protocol.KindFigure2, protocol.KindFigure3}}

// Study is the paper as its notebook opens it (nb.Open).
var Study = repro.Study[Config, *Results]{Jobs: &jobsPaper, Run: Run, Verdict: Verdict}

// ConfigFor returns the configuration of a mode: protocol.Quick,
// protocol.Full or protocol.PaperProtocol ("paper").
func ConfigFor(mode string) (Config, error) { return jobsPaper.Config(mode) }

// kindChecks runs the theorem checks of Section 2 and Propositions 1–4:
// claims of the report, keyed by its code, so every edit of the report
// recomputes them (2.5 CPU seconds in full mode at f56106e).
var kindChecks = jobs.Kind[Config, []repro.Claim]{Table: protocol.TableChecks,
	Run: func(_ context.Context, cfg Config, _ jobs.Job) ([]repro.Claim, error) { return checks(cfg) }}

// RunJob computes one job of protocol.Jobs.
func RunJob(ctx context.Context, j jobs.Job) (any, error) { return jobsPaper.Run(ctx, j) }

// checks runs the numerical checks of Section 2 (positivity, and its
// failure with a negative coefficient), Propositions 1–4, Proposition 3's
// boundary and degenerate cases, Eq. (23), Eq. (3) against Eq. (4), the
// families of Eqs. (2) and (1), and Algorithm 1's projection.
func checks(cfg Config) ([]repro.Claim, error) {
	pr, err := SmallProblem(5)
	if err != nil {
		return nil, err
	}
	// Proposition 4's four-index sum is O(m⁴): six of the rows.
	six := []int{0, 4, 8, 12, 16, 20}
	small := pr
	if small.Ks, err = kernel.SubGrams(pr.Ks, six); err != nil {
		return nil, err
	}
	if small.Y, err = klearn.Take(pr.Y, six); err != nil {
		return nil, err
	}
	var out []repro.Claim
	for _, f := range []func() (repro.Claim, error){
		func() (repro.Claim, error) { return PDS(pr, 20, cfg.Seed) },
		func() (repro.Claim, error) { return Prop1(pr, 20, cfg.Seed) },
		func() (repro.Claim, error) { return Prop2(pr, 200, cfg.Seed) },
		func() (repro.Claim, error) { return Prop3(pr, 200, cfg.Seed) },
		func() (repro.Claim, error) { return Prop4(small, 20, cfg.Seed) },
		func() (repro.Claim, error) { return NegativeCoefficient(pr) },
		func() (repro.Claim, error) { return Prop3Boundary(20) },
		func() (repro.Claim, error) { return Eq23(20, cfg.Seed) },
		func() (repro.Claim, error) { return Eq3(small, 5, cfg.Seed) },
		func() (repro.Claim, error) { return Eq2(pr, 12, cfg.Seed) },
		func() (repro.Claim, error) { return Eq1(pr, 12, cfg.Seed) },
		func() (repro.Claim, error) { return Projection(200, cfg.Seed) },
	} {
		c, err := f()
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}
