package lsp

import (
	"fmt"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file computes what hovers and inlay hints show: the memory estimate of a snapshot, with
// the target chosen as AL101 chooses it ([tool.arraylint.memory], its rule options, then the
// file's `# arraylint: target` comment).

// memoryFacts is the memory estimate of one snapshot.
type memoryFacts struct {
	file    *pyparse.File
	reports []*memory.Report
	err     error
}

// memory returns the snapshot's estimate, computing it on first use.
func (s *Server) memory(snap *Snapshot) *memoryFacts {
	snap.memOnce.Do(func() { snap.mem = s.estimate(snap) })
	return snap.mem
}

func (s *Server) estimate(snap *Snapshot) (mf *memoryFacts) {
	defer func() {
		if v := recover(); v != nil {
			s.reportPanic("estimate memory of "+snap.Path, v)
			mf = &memoryFacts{err: fmt.Errorf("estimate memory of %s: internal error: %v", snap.Path, v)}
		}
	}()
	f, err := snap.File()
	if err != nil {
		return &memoryFacts{err: err}
	}
	// As AL101 chooses its target: [tool.arraylint.memory], under the rule's options, under
	// the file's `# arraylint: target` comment.
	cfg := s.configFor(snap.Path)
	opts, backend, assume, err := memory.ConfigSection(cfg.Section("memory"))
	if err != nil {
		return &memoryFacts{file: f, err: err}
	}
	ruleOpts, ruleBackend := targetOptions(cfg)
	opts = opts.Overlay(ruleOpts)
	if ruleBackend != "" {
		backend = ruleBackend
	}
	fileOpts, fileBackend, ok, err := memory.TargetComment(f)
	if err != nil {
		return &memoryFacts{file: f, err: err}
	}
	if ok {
		opts = opts.Overlay(fileOpts)
		if fileBackend != "" {
			backend = fileBackend
		}
	}
	target, err := opts.Resolve()
	if err != nil {
		return &memoryFacts{file: f, err: err}
	}
	reports, err := memory.Estimate(f, memory.Options{Path: snap.Path, Backend: backend, Target: target, Assume: assume, Context: snap.ctx})
	return &memoryFacts{file: f, reports: reports, err: err}
}

// targetOptions reads the memory target from the configuration's AL101 options, when that rule
// is registered in this binary.
func targetOptions(cfg *analyzer.Config) (memory.TargetOptions, string) {
	r := analyzer.Lookup("AL101")
	if r == nil {
		return memory.TargetOptions{}, ""
	}
	str := func(name string) string {
		v, _ := cfg.Option(r, name)
		s, _ := v.(string)
		return s
	}
	var o memory.TargetOptions
	for _, name := range []string{"target", "hbm", "sysmem", "fbmem", "zcmem", "legate-config"} {
		o.SetString(name, str(name))
	}
	if v, ok := cfg.Option(r, "fraction"); ok {
		o.Fraction, _ = v.(float64)
	}
	return o, str("backend")
}

// scopeReport returns the report of the top-level function containing off, or the module's.
func (mf *memoryFacts) scopeReport(off pyparse.Offset) *memory.Report {
	var module *memory.Report
	for _, r := range mf.reports {
		if r.Scope == "<module>" {
			module = r
		}
	}
	for _, st := range mf.file.Module.Body {
		var name string
		switch fn := st.(type) {
		case *ast.FunctionDef:
			name = fn.Name
		case *ast.AsyncFunctionDef:
			name = fn.Name
		default:
			continue
		}
		if !st.Span().Contains(off) {
			continue
		}
		line := mf.file.Lines.Line(st.Span().Start)
		for _, r := range mf.reports {
			if r.Scope == name && r.Line <= line+len(decoratorsOf(st)) && r.Line >= line-len(decoratorsOf(st)) {
				return r
			}
		}
		for _, r := range mf.reports {
			if r.Scope == name {
				return r
			}
		}
	}
	return module
}

func decoratorsOf(st ast.Stmt) []ast.Expr {
	switch fn := st.(type) {
	case *ast.FunctionDef:
		return fn.DecoratorList
	case *ast.AsyncFunctionDef:
		return fn.DecoratorList
	}
	return nil
}

// bufferFor returns the buffer bound to name most recently at or before line.
func bufferFor(r *memory.Report, name string, line int) *memory.Lifetime {
	var best *memory.Lifetime
	for i := range r.Buffers {
		b := &r.Buffers[i]
		if b.Name == name && b.Line <= line && (best == nil || b.Line >= best.Line) {
			best = b
		}
	}
	return best
}

// liveAt returns the bytes live after the last step on or before line, and whether any step
// was.
func liveAt(r *memory.Report, line int) (int64, bool) {
	var live int64
	found := false
	for _, p := range r.Timeline {
		if p.Line <= line {
			live, found = p.Bytes, true
		}
	}
	return live, found
}

// formatShape renders a dtype and shape as "float32[1,000 × 64]", "?" for unknown extents.
func formatShape(dtype string, shape []*int64) string {
	dims := make([]string, len(shape))
	for i, d := range shape {
		if d == nil {
			dims[i] = "?"
		} else {
			dims[i] = memory.Commas(*d)
		}
	}
	if dtype == "" {
		dtype = "?"
	}
	return dtype + "[" + strings.Join(dims, " × ") + "]"
}

// nameAt returns the innermost Name node whose range contains off (or ends at it, so a cursor
// just after a name still finds it).
func nameAt(mod *ast.Module, off pyparse.Offset) *ast.Name {
	var found *ast.Name
	ast.Inspect(mod, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		sp := n.Span()
		if off < sp.Start || off > sp.End {
			return false
		}
		if nm, ok := n.(*ast.Name); ok {
			found = nm
		}
		return true
	})
	return found
}
