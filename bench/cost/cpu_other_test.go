//go:build !unix

package cost

import "time"

// cpuTime returns 0 where getrusage is missing: the cpu-ns/function metric is then 0.
func cpuTime() time.Duration { return 0 }
