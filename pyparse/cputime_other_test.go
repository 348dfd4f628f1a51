//go:build !unix

package pyparse

import "time"

// cpuTime is not measured on this platform: benchmarks report wall-clock rates only.
func cpuTime() time.Duration { return 0 }
