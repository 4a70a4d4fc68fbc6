package donini2017

import "github.com/kernelab/kernelab/repro/donini2017/protocol"

// The protocol's types under the names the report, its tests and the
// notebook use: the computation is package protocol's (its records are
// keyed by its code alone), the report reads its results.
type (
	Config       = protocol.Config
	Bench        = protocol.Bench
	Alg1Point    = protocol.Alg1Point
	Alg1Result   = protocol.Alg1Result
	AllPairs     = protocol.AllPairs
	CVCurves     = protocol.CVCurves
	CVFold       = protocol.CVFold
	GHKLOptions  = protocol.GHKLOptions
	GHKLResult   = protocol.GHKLResult
	GHKLRow      = protocol.GHKLRow
	MEBCurve     = protocol.MEBCurve
	MNISTCurve   = protocol.MNISTCurve
	NoiseCurve   = protocol.NoiseCurve
	RandomFamily = protocol.RandomFamily
	SRCurve      = protocol.SRCurve
	Table4Cell   = protocol.Table4Cell
	TimeRow      = protocol.TimeRow
	Weights      = protocol.Weights
)

// JobsPaper is the name under which the experiments are registered with
// repro/jobs (protocol.JobsPaper; repro/papers lists it).
const JobsPaper = protocol.JobsPaper
