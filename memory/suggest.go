package memory

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the "what would help" hints of a report.

// suggest proposes ways to lower the peak: drop arrays that are dead at the peak, write in place
// with out=, avoid Legate's duplicate instances, use a smaller dtype.
func (s *sim) suggest(r *Report) []string {
	out := []string{}
	if r.PeakBytes == 0 {
		return out
	}
	line := r.PeakLine
	if r.OOM != nil {
		line = r.OOM.Line
	}
	loads := s.loadLines()
	seen := map[string]bool{}
	if inXLA(r, line) {
		// Inside an XLA program the compiler frees a buffer after its last use and writes
		// fused results in place: `del` and out= do nothing there; donation does.
		return append(out, donationHints(r)...)
	}
	for _, l := range r.LiveAtPeak {
		for _, n := range strings.Split(l.Name, ", ") {
			if n == "" || strings.HasPrefix(n, "<") || seen[n] || strings.Contains(n, "[") {
				continue
			}
			seen[n] = true
			if last := loads[n]; last > 0 && last < line {
				out = append(out, fmt.Sprintf("`%s` (%s) is not used after line %d: `del %s` (or `%s = None`) there frees it before line %d",
					n, FormatBytes(l.Bytes), last, n, n, line))
			}
		}
	}
	if st := s.stmtAt(line); st != nil {
		if asg, ok := st.(*ast.Assign); ok && len(asg.Targets) == 1 {
			if bin, ok := asg.Value.(*ast.BinOp); ok {
				if src, ok := bin.Left.(*ast.Name); ok && loads[src.ID] <= line {
					out = append(out, fmt.Sprintf("line %d: `%s` is not read afterwards, so write the result into it with `out=` (e.g. `%s %s= ...`) instead of a new array",
						line, src.ID, src.ID, bin.Op.Symbol()))
				}
			}
		}
	}
	if s.backend == BackendLegate {
		counts := map[string]int{}
		for _, b := range s.h.liveList() {
			if b.store != nil && b.name != "" {
				counts[b.name]++
			}
		}
		if r.OOM != nil {
			counts = map[string]int{}
			for _, l := range r.OOM.Live {
				counts[l.Name]++
			}
		}
		for _, n := range slices.Sorted(maps.Keys(counts)) {
			if counts[n] > 1 {
				out = append(out, fmt.Sprintf("`%s` holds %d instances (a sub-range and the full array): call `%s.stencil_hint(...)` before the sliced write, or touch the whole array first with `np.multiply(%s, 1, out=%s)`",
					n, counts[n], n, n, n))
			}
		}
	}
	for _, l := range r.LiveAtPeak {
		if l.DType == "float64" && l.Bytes >= r.PeakBytes/4 && !strings.HasPrefix(l.Note, sparseNotePrefix) {
			out = append(out, fmt.Sprintf("a smaller dtype (float32) would halve `%s` (%s) if the precision allows", l.Name, FormatBytes(l.Bytes)))
			break
		}
	}
	return out
}

// sparseNotePrefix starts the note of a scipy.sparse matrix's storage, whose index arrays a
// smaller dtype does not shrink.
const sparseNotePrefix = "scipy.sparse "

// fileIndex holds per-file facts the suggestions need, computed once per Estimate.
type fileIndex struct {
	lastLoad map[string]int   // name → last line it is read on
	stmts    map[int]ast.Stmt // line → innermost statement starting there
}

func (s *sim) index() *fileIndex {
	if s.idx != nil && s.idx.lastLoad != nil {
		return s.idx
	}
	idx := s.idx
	if idx == nil {
		idx = &fileIndex{}
		s.idx = idx
	}
	idx.lastLoad, idx.stmts = map[string]int{}, map[int]ast.Stmt{}
	ast.Inspect(s.file.Module, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Name:
			if n.Ctx == ast.Load {
				if l := s.lineOf(n); l > idx.lastLoad[n.ID] {
					idx.lastLoad[n.ID] = l
				}
			}
		case ast.Stmt:
			idx.stmts[s.lineOf(n)] = n
		}
		return true
	})
	return idx
}

// loadLines returns, per name, the last line where it is read in the analysed file.
func (s *sim) loadLines() map[string]int { return s.index().lastLoad }

// stmtAt returns the innermost statement starting on line.
func (s *sim) stmtAt(line int) ast.Stmt { return s.index().stmts[line] }

// inXLA reports whether the peak at line is reached inside an XLA program: the scope is jitted,
// or line calls a jitted function.
func inXLA(r *Report, line int) bool {
	if r.JIT {
		return true
	}
	for _, p := range r.XLA {
		if p.Call == line {
			return true
		}
	}
	return false
}

// donationHints proposes donating the arguments an output of a program could reuse, with the
// bytes it would save.
func donationHints(r *Report) []string {
	var out []string
	for _, p := range r.XLA {
		if p.DonationSavesBytes == 0 {
			continue
		}
		var nums, names []string
		for _, d := range p.Donatable {
			nums = append(nums, fmt.Sprint(d.Index))
			names = append(names, "`"+d.Param+"`")
		}
		tuple := strings.Join(nums, ", ")
		if len(nums) == 1 {
			tuple += ","
		}
		out = append(out, fmt.Sprintf("`%s` returns arrays of the shape and dtype of %s: `donate_argnums=(%s)` lets XLA write them into those arguments' buffers, %s less (unsafe: the caller must not read a donated argument again)",
			p.Func, strings.Join(names, ", "), tuple, FormatBytes(p.DonationSavesBytes)))
	}
	return out
}
