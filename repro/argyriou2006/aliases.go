package argyriou2006

import "github.com/kernelab/kernelab/repro/argyriou2006/protocol"

// Config and the names below are the protocol's that the notebook reads
// here, so it imports the paper's report alone. The report and its tests
// name the rest of package protocol (the computation, whose code alone
// keys its records) as protocol.X.
type Config = protocol.Config

// Greedy1 is one run of Algorithm 1 (the notebook sets the fully corrective
// runs beside the line search's).
type Greedy1 = protocol.Greedy1

// The protocol's tasks and ranges of variances the notebook labels.
var (
	Tasks  = protocol.Tasks
	Ranges = protocol.Ranges
)

// JobsPaper is the name under which the experiments are registered with
// repro/jobs (protocol.JobsPaper; repro/papers lists it).
const JobsPaper = protocol.JobsPaper
