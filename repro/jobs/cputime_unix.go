//go:build unix

package jobs

import "syscall"

// processCPU returns the CPU time, user and system, that the process has
// used so far, over all its threads (getrusage RUSAGE_SELF), in seconds.
func processCPU() (float64, bool) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0, false
	}
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9, true
}
