//go:build !unix

package cost

import "time"

// CPUTime returns 0 where getrusage is missing: the benchmarks' CPU metrics are then 0.
func CPUTime() time.Duration { return 0 }
