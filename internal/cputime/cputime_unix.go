//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Measured reports whether Process reads the CPU time on this system.
const Measured = true

// Process returns the user + system CPU time the process has used so far,
// over all its threads (getrusage with RUSAGE_SELF).
func Process() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
