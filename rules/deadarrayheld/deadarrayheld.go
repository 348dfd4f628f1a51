// Package deadarrayheld defines rule AL104: a large array that is never read after some line but
// stays bound until the end of its scope, across a later peak of the memory estimate.
package deadarrayheld

import (
	_ "embed"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/memory/memanalyzer"
	"github.com/arraylint/arraylint/pyparse/ast"
	"github.com/arraylint/arraylint/rules/internal/sizepolicy"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL104 dead-array-held.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL104", Name: "dead-array-held", Since: "0.2.0", Doc: doc,
	Summary:  "dead array kept alive across a later memory peak",
	Severity: analyzer.Warning,
	Fix:      analyzer.FixSometimes,
	Options:  []analyzer.Option{minBytesOpt.Option},
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, arrays.Analyzer, memanalyzer.Analyzer},
	Run:      run,
})

// minBytesOpt is the least the peak must drop for a finding.
var minBytesOpt = sizepolicy.MinBytes("report only when releasing the array lowers the peak by at least this many bytes")

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	info := pass.ResultOf[arrays.Analyzer].(*arrays.Info)
	reports, _, err := pass.ResultOf[memanalyzer.Analyzer].(*memanalyzer.Result).Estimate() // none without a memory target
	if err != nil {
		return nil, err
	}
	minBytes := minBytesOpt.Value(pass)
	seen := map[ast.Node]bool{}
	var scopes map[scopeKey]*imports.Scope
	var stmts pyinspect.StmtIndex
	for _, r := range reports {
		if r.PeakBytes == 0 || len(r.Timeline) == 0 {
			continue
		}
		if scopes == nil { // built once: a file of many functions has as many reports
			scopes, stmts = scopeIndex(in, info), in.StmtIndex()
		}
		sc := scopes[scopeKey{r.Scope, r.Line}]
		if r.Scope == "<module>" {
			sc = info.Imports().Root
		}
		if sc == nil {
			continue
		}
		for _, f := range held(in, info, r, sc, stmts, minBytes) {
			if seen[f.last] {
				continue
			}
			seen[f.last] = true
			d := in.Diagnostic(f.last, "holding `%s` (%s) until the end of the scope raises the peak at line %d by %s",
				f.name, memory.FormatBytes(f.bytes), f.peakLine, memory.FormatBytes(f.saved))
			if fix, ok := delFix(pass, in, info, sc, f); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
			pass.Report(d)
		}
	}
	return nil, nil
}

// finding is one dead array held across a peak.
type finding struct {
	name     string
	last     *ast.Name // its last read
	lastTop  ast.Stmt  // the statement of the scope's body holding that read
	bytes    int64     // its buffers live at the peak
	saved    int64     // how much lower the peak is when it is released after lastTop
	peakLine int
}

// scopeKey names a function scope as a report does: its name and the line of its def.
type scopeKey struct {
	name string
	line int
}

// scopeIndex maps each function of the file to its scope, by name and def line.
func scopeIndex(in *pyinspect.Result, info *arrays.Info) map[scopeKey]*imports.Scope {
	out := map[scopeKey]*imports.Scope{}
	for n, s := range info.Imports().Scopes {
		if fd, ok := n.(*ast.FunctionDef); ok {
			out[scopeKey{fd.Name, in.File.Lines.Line(fd.Start)}] = s
		}
	}
	return out
}

// body returns the statements of the scope's node.
func body(s *imports.Scope) []ast.Stmt {
	switch n := s.Node.(type) {
	case *ast.Module:
		return n.Body
	case *ast.FunctionDef:
		return n.Body
	}
	return nil
}

// top returns the statement of body that encloses offset o (nil when none does).
func top(stmts []ast.Stmt, o ast.Offset) ast.Stmt {
	for _, st := range stmts {
		if sp := st.Span(); sp.Start <= o && o < sp.End {
			return st
		}
	}
	return nil
}

func held(in *pyinspect.Result, info *arrays.Info, r *memory.Report, sc *imports.Scope, stmtAt pyinspect.StmtIndex, minBytes int64) []finding {
	if r.PeakBytes == 0 || len(r.Timeline) == 0 {
		return nil
	}
	peakLine := r.PeakLine
	if r.OOM != nil {
		peakLine = r.OOM.Line
	}
	peakStmt := stmtAt.At(peakLine)
	stmts := body(sc)
	if peakStmt == nil || stmts == nil {
		return nil
	}
	peakTop := top(stmts, peakStmt.Span().Start)
	if peakTop == nil {
		return nil
	}
	life := map[int]memory.Lifetime{}
	for _, b := range r.Buffers {
		life[b.ID] = b
	}
	// the buffers each name holds at the peak
	ids := map[string][]int{}
	var names []string
	shared := map[string]bool{}
	for _, l := range r.LiveAtPeak {
		ns := strings.Split(l.Name, ", ")
		for _, n := range ns {
			if n == "" || strings.ContainsAny(n, "<[.(") {
				continue
			}
			if _, ok := ids[n]; !ok {
				names = append(names, n)
				ids[n] = nil
			}
			if len(ns) > 1 {
				shared[n] = true // another name (a view, an alias) keeps this buffer alive
				continue
			}
			ids[n] = append(ids[n], l.ID)
		}
	}
	var out []finding
	for _, name := range names {
		if shared[name] {
			continue
		}
		f, ok := deadAt(in, info, sc, stmts, peakTop, name)
		if !ok {
			continue
		}
		endLine := in.File.Lines.Line(f.lastTop.Span().End)
		saved, bytes := lowered(r, life, ids[name], endLine)
		if saved < max(minBytes, 1) {
			continue
		}
		f.saved, f.bytes, f.peakLine = saved, bytes, peakLine
		out = append(out, f)
	}
	return out
}

// deadAt finds name's last read in the scope when nothing reads or rebinds it from there to the
// peak's statement or later, and no nested scope or global/nonlocal declaration shares it.
func deadAt(in *pyinspect.Result, info *arrays.Info, sc *imports.Scope, stmts []ast.Stmt, peakTop ast.Stmt, name string) (finding, bool) {
	if sc.Globals[name] || sc.Nonlocals[name] || sharedWithNested(sc, name) {
		return finding{}, false
	}
	loads := info.Loads(sc, name)
	if len(loads) == 0 {
		return finding{}, false
	}
	last := loads[len(loads)-1]
	if last.Start >= peakTop.Span().Start {
		return finding{}, false // read at the peak or after it (a loop holding the peak included)
	}
	lastTop := top(stmts, last.Start)
	if lastTop == nil || lastTop == peakTop {
		return finding{}, false
	}
	for _, b := range sc.Bindings[name] {
		if b.Pos > last.End && b.Pos < peakTop.Span().End {
			return finding{}, false // rebound before the peak: the old array is already released
		}
	}
	return finding{name: name, last: last, lastTop: lastTop}, true
}

// sharedWithNested reports whether a nested scope reads name from this scope.
func sharedWithNested(sc *imports.Scope, name string) bool {
	for _, c := range sc.Children {
		if len(c.Loads[name]) > 0 && c.Lookup(name) == sc {
			return true
		}
		if _, bound := c.Bindings[name]; !bound && sharedWithNested(c, name) {
			return true
		}
	}
	return false
}

// lowered returns how much the scope's peak drops when the buffers ids are released right
// after line endLine, and how many bytes they hold at the peak.
func lowered(r *memory.Report, life map[int]memory.Lifetime, ids []int, endLine int) (saved, bytes int64) {
	var newPeak int64
	for _, p := range r.Timeline {
		v := p.Bytes
		if p.Line > endLine {
			for _, id := range ids {
				b, ok := life[id]
				if ok && b.Alloc >= 0 && b.Alloc <= p.Step && (b.Free < 0 || p.Step < b.Free) {
					v -= b.Bytes
				}
			}
		}
		newPeak = max(newPeak, v)
	}
	for _, id := range ids {
		bytes += life[id].Bytes
	}
	return r.PeakBytes - newPeak, bytes
}
