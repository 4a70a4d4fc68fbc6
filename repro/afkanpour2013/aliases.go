package afkanpour2013

import "github.com/kernelab/kernelab/repro/afkanpour2013/protocol"

// The protocol's types under the names the report, its tests and the
// notebook use: the computation is package protocol's (its records are
// keyed by its code alone), the report reads its results.
type (
	Config       = protocol.Config
	Atom         = protocol.Atom
	MethodResult = protocol.MethodResult
	TaskResult   = protocol.TaskResult
	TaskRecord   = protocol.TaskRecord
	HCurve       = protocol.HCurve
)

// The protocol's problems, methods and modes.
var (
	Frequencies   = protocol.Frequencies
	H1Sets        = protocol.H1Sets
	Methods       = protocol.Methods
	TaskMethods   = protocol.TaskMethods
	GammasPaper   = protocol.GammasPaper
	MNISTTasks    = protocol.MNISTTasks
	LetterTasks   = protocol.LetterTasks
	UCISets       = protocol.UCISets
	Quick         = protocol.Quick
	Full          = protocol.Full
	PaperProtocol = protocol.PaperProtocol
)

// JobsPaper is the name under which the experiments are registered with
// repro/jobs (protocol).
const JobsPaper = protocol.JobsPaper
