//go:build unix

package cost

import (
	"syscall"
	"time"
)

// CPUTime returns the CPU time (user and system) the process has used: unlike wall time, it
// hardly depends on what else the machine runs.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
