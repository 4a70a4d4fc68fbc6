package spec

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/kernelab/kernelab/klearn"
)

// Kind is one kind of job of a paper: the jobs of one table (of one
// method of it, when Method is set), run with the paper's configuration C
// into a result R. Run gets the configuration already decoded from the
// job; the job's other parameters it reads with Job.Param.
type Kind[C, R any] struct {
	Table, Method string
	Run           func(ctx context.Context, cfg C, j Job) (R, error)
}

// Runner is a Kind whatever its result type: what a Paper dispatches a
// job to.
type Runner[C any] interface {
	match(j Job) bool
	run(ctx context.Context, cfg C, j Job) (any, error)
	code() KindCode
}

func (k Kind[C, R]) match(j Job) bool { return KindCode{Table: k.Table, Method: k.Method}.Matches(j) }

func (k Kind[C, R]) code() KindCode {
	return KindCode{Table: k.Table, Method: k.Method, Run: FuncPackage(k.Run)}
}

func (k Kind[C, R]) run(ctx context.Context, cfg C, j Job) (any, error) { return k.Run(ctx, cfg, j) }

// Each decodes, in list order, the record of every job of js of kind k
// (raw[i] is the record of js[i], as jobs.MemoAll returns them) and calls f
// with the job and its result.
func (k Kind[C, R]) Each(js []Job, raw []json.RawMessage, f func(j Job, r R)) error {
	if len(raw) != len(js) {
		return fmt.Errorf("jobs: %d records for %d jobs", len(raw), len(js))
	}
	for i, j := range js {
		if !k.match(j) {
			continue
		}
		var r R
		if err := json.Unmarshal(raw[i], &r); err != nil {
			return fmt.Errorf("jobs: %s: %w", j.Name(), err)
		}
		f(j, r)
	}
	return nil
}

// Paper is a paper's typed job contract: its configuration in each mode,
// the jobs of a configuration, and the kinds that run them. Every job
// carries its configuration as the parameter "config", so a changed
// configuration is a new job.
type Paper[C any] struct {
	Name string
	// Quick, Full and Printed are the configurations of the modes "quick"
	// (CI), "full" (reports) and "paper" (the printed protocol).
	Quick, Full, Printed func() C
	Jobs                 func(C) []Job
	// Prepare, if set, checks (and may normalise) a job's decoded
	// configuration before the job runs.
	Prepare func(C) (C, error)
	Kinds   []Runner[C]
}

// Config returns the configuration of a mode (ModeConfig).
func (p *Paper[C]) Config(mode string) (C, error) {
	return ModeConfig(p.Name, mode, p.Quick, p.Full, p.Printed)
}

// Run computes one job of p: it decodes the job's configuration once,
// prepares it and hands it to the kind of the job. A job of no kind, or of
// more than one (the kinds of a paper are disjoint), is an ErrParam.
func (p *Paper[C]) Run(ctx context.Context, j Job) (any, error) {
	var kind Runner[C]
	for _, k := range p.Kinds {
		if !k.match(j) {
			continue
		}
		if kind != nil {
			return nil, klearn.Errorf(klearn.ErrParam, "%s: job %s is of two kinds", p.Name, j.Name())
		}
		kind = k
	}
	if kind == nil {
		return nil, klearn.Errorf(klearn.ErrParam, "%s: unknown job %s", p.Name, j.Name())
	}
	var cfg C
	if err := j.Param("config", &cfg); err != nil {
		return nil, err
	}
	if p.Prepare != nil {
		var err error
		if cfg, err = p.Prepare(cfg); err != nil {
			return nil, err
		}
	}
	return kind.run(ctx, cfg, j)
}

// KindCode names the code that computes the records of one kind of job of
// a Paper.
type KindCode struct {
	Table, Method string // as in Kind
	// Run is the import path of the package defining the kind's Run: its
	// code digest (jobs.CodeDigest) keys the kind's records.
	Run string
	// Prepare is that of the package defining the paper's Prepare, which
	// runs before every job ("" when the paper has none).
	Prepare string
}

// Matches reports whether j is of the kind: of its table and, when
// Method is set, of its method.
func (k KindCode) Matches(j Job) bool {
	return j.Table == k.Table && (k.Method == "" || j.Method == k.Method)
}

// Code returns the packages of p's code: that defining p.Jobs, and per
// kind, in the order of p.Kinds, those defining its Run and p.Prepare.
func (p *Paper[C]) Code() (jobs string, kinds []KindCode) {
	kinds = make([]KindCode, len(p.Kinds))
	for i, k := range p.Kinds {
		kinds[i] = k.code()
		if p.Prepare != nil {
			kinds[i].Prepare = FuncPackage(p.Prepare)
		}
	}
	return FuncPackage(p.Jobs), kinds
}
