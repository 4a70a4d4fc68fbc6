package cortes2009

import "github.com/kernelab/kernelab/repro/cortes2009/protocol"

// Config and JobsPaper are the protocol's that the notebook reads
// here, so it imports the paper's report alone. The report and its tests
// name the rest of package protocol (the computation, whose code alone
// keys its records) as protocol.X.
type Config = protocol.Config

// JobsPaper is the name under which the experiments are registered with
// repro/jobs (protocol.JobsPaper; repro/papers lists it).
const JobsPaper = protocol.JobsPaper
