package afkanpour2013

import "github.com/kernelab/kernelab/repro/afkanpour2013/protocol"

// Config and the names below are the protocol's that the notebook reads
// here, so it imports the paper's report alone. The report and its tests
// name the rest of package protocol (the computation, whose code alone
// keys its records) as protocol.X.
type Config = protocol.Config

// The protocol's problems and methods the notebook lists.
var (
	H1Sets      = protocol.H1Sets
	Methods     = protocol.Methods
	TaskMethods = protocol.TaskMethods
	UCISets     = protocol.UCISets
)

// JobsPaper is the name under which the experiments are registered with
// repro/jobs (protocol.JobsPaper; repro/papers lists it).
const JobsPaper = protocol.JobsPaper
