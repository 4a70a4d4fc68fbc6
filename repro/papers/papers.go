// Package papers is the one list of the papers whose experiments run as
// jobs of repro/jobs: importing it registers them all, with the benchmark
// and the demo job set. The commands import it (cmd/kernelab, cmd/nbtool)
// instead of listing the paper packages themselves; a new paper is added
// here.
package papers

import (
	"github.com/kernelab/kernelab/repro/afkanpour2013"
	"github.com/kernelab/kernelab/repro/argyriou2006"
	"github.com/kernelab/kernelab/repro/bench"
	"github.com/kernelab/kernelab/repro/colbert2020"
	"github.com/kernelab/kernelab/repro/cortes2009"
	"github.com/kernelab/kernelab/repro/donini2017"
	"github.com/kernelab/kernelab/repro/jobs/demo"
)

// Names lists the registered job sets: the five papers in the order of the
// notebooks, the benchmark, then the demo.
var Names = []string{
	cortes2009.JobsPaper, donini2017.JobsPaper, argyriou2006.JobsPaper, colbert2020.JobsPaper,
	afkanpour2013.JobsPaper, bench.JobsPaper, demo.Paper,
}
