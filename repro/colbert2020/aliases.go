package colbert2020

import "github.com/kernelab/kernelab/repro/colbert2020/protocol"

// The protocol's types under the names the report, its tests and the
// notebook use: the computation is package protocol's (its records are
// keyed by its code alone), the report reads its results.
type (
	Config         = protocol.Config
	DataSet        = protocol.DataSet
	Data           = protocol.Data
	Row            = protocol.Row
	SplitResult    = protocol.SplitResult
	MethodResult   = protocol.MethodResult
	Scaling        = protocol.Scaling
	ScalingSeries  = protocol.ScalingSeries
	Surface        = protocol.Surface
	Figure1        = protocol.Figure1
	Figure2        = protocol.Figure2
	ApproxCurve    = protocol.ApproxCurve
	IonoHypothesis = protocol.IonoHypothesis
	Curve          = protocol.Curve
)

// JobsPaper is the name under which the experiments are registered with
// repro/jobs (protocol.JobsPaper; repro/papers lists it).
const JobsPaper = protocol.JobsPaper
