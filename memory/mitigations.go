package memory

import (
	"fmt"
	"strings"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the mitigations of a Legate OOM report: the cuPyNumeric OOM guide's
// strategies in its order — A. resize the pool, B. prefetch (stencil_hint or a whole-array
// touch), C. release between phases, D. offload_to, and downcasting as the last resort — each
// listed only where the estimate shows it applies.

// poolFlags maps a Legate memory kind to the flag that sizes its per-rank pool.
var poolFlags = map[string]string{"SYSTEM_MEM": "--sysmem", "FBMEM": "--fbmem", "ZCMEM": "--zcmem"}

// mitigations returns the guide's mitigations for r's out-of-memory point (none when r fits or
// is not a Legate report).
func (s *sim) mitigations(r *Report) []string {
	o := r.OOM
	if o == nil || s.backend != BackendLegate {
		return nil
	}
	var out []string
	// A. the pool size that holds the whole estimate's peak, instance overheads included
	if flag, ok := poolFlags[o.Pool]; ok {
		var need int64
		for _, l := range r.LiveAtPeak {
			need += s.legate.footprintOf(l.Bytes)
		}
		mib := (need + MiB - 1) / MiB
		where := "the host's memory"
		if o.Pool == "FBMEM" {
			where = "the GPU's memory"
		}
		out = append(out, fmt.Sprintf("A. resize the pool: `%s %d` (MiB per rank) holds the peak of %s in %d instances; with R ranks per node, R × %d MiB must fit %s",
			flag, mib, FormatBytes(r.PeakBytes), len(r.LiveAtPeak), mib, where))
	}
	// B. prefetch the stores that hold a sub-range instance and a full one
	for _, d := range Duplicates(r) {
		name := d.Partial.Instance.Store
		hint := fmt.Sprintf("`%s.stencil_hint(...)`", name)
		if lo, hi, ok := d.Halo(); ok {
			hint = fmt.Sprintf("`%s.stencil_hint(low_offsets=(%d,), high_offsets=(%d,))`", name, lo, hi)
		}
		out = append(out, fmt.Sprintf("B. prefetch `%s`: %s before line %d, or touch it whole first with `np.multiply(%s, 1, out=%s)`; saves %s",
			name, hint, d.Partial.Line, name, name, FormatBytes(d.Partial.Bytes)))
	}
	// C. release what the rest of the program never reads
	loads := s.loadLines()
	readAt := namesRead(s.stmtAt(o.Line))
	seen := map[string]bool{}
	type held struct {
		name  string
		bytes int64
	}
	var later []held
	for _, l := range o.Live {
		n := l.Name
		if n == "" || strings.ContainsAny(n, "<[, ") || seen[n] {
			continue
		}
		seen[n] = true
		switch last := loads[n]; {
		case last > 0 && last < o.Line:
			out = append(out, fmt.Sprintf("C. release between phases: `del %s` after line %d (or `%s = None`) frees %s before line %d",
				n, last, n, FormatBytes(liveBytes(o.Live, n)), o.Line))
		case last > o.Line && !readAt[n]:
			later = append(later, held{n, liveBytes(o.Live, n)})
		}
	}
	// D. offload what is needed later but not now, when the failing pool is the GPU's
	if o.Pool == "FBMEM" {
		for _, h := range later {
			out = append(out, fmt.Sprintf("D. offload `%s` to host memory: `offload_to(%s, target=StoreTarget.SYSMEM)` before line %d frees %s of FBMEM (if --sysmem has room)",
				h.name, h.name, o.Line, FormatBytes(h.bytes)))
		}
	}
	// last resort: a smaller dtype
	var f64 []string
	for _, l := range r.LiveAtPeak {
		if l.DType == "float64" && l.Name != "" && !strings.HasPrefix(l.Name, "<") && !contains(f64, "`"+l.Name+"`") {
			f64 = append(f64, "`"+l.Name+"`")
		}
	}
	if len(f64) > 0 {
		out = append(out, fmt.Sprintf("last resort: float32 instead of float64 halves %s, if the precision allows (keep reductions in float32 or wider)",
			strings.Join(f64, ", ")))
	}
	return out
}

// liveBytes sums the instances a name holds.
func liveBytes(ls []OOMLive, name string) int64 {
	var n int64
	for _, l := range ls {
		if l.Name == name {
			n += l.Bytes
		}
	}
	return n
}

// namesRead returns the names a statement reads.
func namesRead(st ast.Stmt) map[string]bool {
	out := map[string]bool{}
	if st == nil {
		return out
	}
	ast.Inspect(st, func(n ast.Node) bool {
		if nm, ok := n.(*ast.Name); ok && nm.Ctx == ast.Load {
			out[nm.ID] = true
		}
		return true
	})
	return out
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
