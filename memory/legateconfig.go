package memory

import (
	"fmt"
	"strings"
)

// Pools are Legate's per-rank memory pools in bytes (0 = not given). Legate sizes one pool per
// memory kind and process; an instance that does not fit its kind's pool is an out-of-memory error
// for that kind (cuPyNumeric OOM guide, "How OOM Occurs").
type Pools struct {
	SysMem int64 // SYSTEM_MEM: host DRAM for CPU tasks (--sysmem)
	FBMem  int64 // FBMEM: GPU framebuffer (--fbmem)
	ZCMem  int64 // ZCMEM: pinned zero-copy host memory (--zcmem)
}

// Any reports whether any pool was given.
func (p Pools) Any() bool { return p.SysMem > 0 || p.FBMem > 0 || p.ZCMem > 0 }

// Primary returns the pool arrays are placed in and its kind name: FBMEM when a framebuffer pool
// was given (a GPU run), else SYSTEM_MEM (a CPU-only run).
func (p Pools) Primary() (string, int64) {
	if p.FBMem > 0 {
		return "FBMEM", p.FBMem
	}
	if p.SysMem > 0 {
		return "SYSTEM_MEM", p.SysMem
	}
	return "", 0
}

func (p Pools) String() string {
	var parts []string
	for _, f := range []struct {
		flag string
		n    int64
	}{{"--sysmem", p.SysMem}, {"--fbmem", p.FBMem}, {"--zcmem", p.ZCMem}} {
		if f.n > 0 {
			parts = append(parts, fmt.Sprintf("%s %g", f.flag, float64(f.n)/float64(MiB)))
		}
	}
	return strings.Join(parts, " ")
}

// ParseLegateConfig reads the pool sizes out of a LEGATE_CONFIG-style flag string such as
// "--cpus 1 --gpus 0 --sysmem 40 --fbmem 1000" or "--sysmem=40". Sizes are MiB; flags other than
// the three pool sizes are skipped.
func ParseLegateConfig(s string) (Pools, error) {
	var p Pools
	fields := strings.Fields(s)
	for i := 0; i < len(fields); i++ {
		name, val, hasVal := strings.Cut(fields[i], "=")
		var dst *int64
		switch name {
		case "--sysmem":
			dst = &p.SysMem
		case "--fbmem":
			dst = &p.FBMem
		case "--zcmem":
			dst = &p.ZCMem
		default:
			continue
		}
		if !hasVal {
			if i+1 >= len(fields) {
				return Pools{}, fmt.Errorf("parse legate flags %q: %s needs a value in MiB", s, name)
			}
			i++
			val = fields[i]
		}
		n, err := ParseMiB(val)
		if err != nil {
			return Pools{}, fmt.Errorf("parse legate flags %q: %s: %w", s, name, err)
		}
		*dst = n
	}
	return p, nil
}
