package jobs

// RegisterPaper registers p's jobs and runner under p.Name (Register).
// The record of a job is keyed by the code digest of the package that
// defines the Run of the job's kind (Experiment.CodePackage), not by one
// digest per paper: a kind whose Run sits in a compute package (its
// protocol) keeps its records when the paper's report code changes. A job
// of no kind is keyed by the package that defines p.Jobs (p.Run itself is
// defined in repro/jobs/spec).
func RegisterPaper[C any](p *Paper[C]) {
	if p.Quick == nil || p.Full == nil || p.Printed == nil || p.Jobs == nil || len(p.Kinds) == 0 {
		panic("jobs: RegisterPaper needs the three mode configurations, Jobs and at least one kind")
	}
	Register(p.Name, func(mode string) ([]Job, error) {
		cfg, err := p.Config(mode)
		if err != nil {
			return nil, err
		}
		return p.Jobs(cfg), nil
	}, p.Run)
	pkg, kinds := p.Code()
	regMu.Lock()
	defer regMu.Unlock()
	e := registry[p.Name]
	e.pkg, e.kinds = pkg, kinds
	registry[p.Name] = e
}
