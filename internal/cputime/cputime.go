// Package cputime reads the CPU time the process has used, user and system,
// over all its threads. It is the measure of the job records (repro/jobs)
// and of the benchmarks: on a machine shared with other work, the CPU time
// of a computation varies far less with the load than its wall time.
package cputime
