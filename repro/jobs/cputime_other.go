//go:build !unix

package jobs

// processCPU reports that the process's CPU time is not read on this
// system: records then carry no CPU time.
func processCPU() (float64, bool) { return 0, false }
