//go:build unix

package easymkl

import (
	"syscall"
	"time"
)

// cpuTime returns the user + system CPU time of the process so far; on a
// shared machine the CPU time per operation varies far less with the load
// than the wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
