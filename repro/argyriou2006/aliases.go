package argyriou2006

import "github.com/kernelab/kernelab/repro/argyriou2006/protocol"

// The protocol's types under the names the report, its tests and the
// notebook use: the computation is package protocol's (its records are
// keyed by its code alone), the report reads its results.
type (
	Config    = protocol.Config
	Atom      = protocol.Atom
	Greedy1   = protocol.Greedy1
	Cell1     = protocol.Cell1
	Cell2     = protocol.Cell2
	Kinds     = protocol.Kinds
	Quad      = protocol.Quad
	SizePoint = protocol.SizePoint
)

// The protocol's tasks, ranges, methods and modes.
var (
	Tasks         = protocol.Tasks
	Ranges        = protocol.Ranges
	Methods1      = protocol.Methods1
	Methods2      = protocol.Methods2
	Quick         = protocol.Quick
	Full          = protocol.Full
	PaperProtocol = protocol.PaperProtocol
)

// The paper's sizes and settings (protocol).
const (
	JobsPaper  = protocol.JobsPaper
	PaperTrain = protocol.PaperTrain
	PaperTest  = protocol.PaperTest
	PaperTol   = protocol.PaperTol
)
