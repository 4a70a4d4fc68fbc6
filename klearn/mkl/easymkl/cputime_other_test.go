//go:build !unix

package easymkl

import "time"

// cpuTime is not measured off Unix; reportCPU then reports nothing.
func cpuTime() time.Duration { return 0 }
