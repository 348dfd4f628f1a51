//go:build !unix

package analyzer

import "time"

// cpuTime is 0 where the process's CPU time cannot be read: benchmarks then report 0.
func cpuTime() time.Duration { return 0 }
