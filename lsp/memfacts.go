package lsp

import (
	"fmt"
	"strings"
	"sync"

	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/memory/memanalyzer"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file computes what hovers and inlay hints show: the memory estimate of a snapshot, the
// memory analyzer's result that AL101 and AL102 read in the same snapshot's check.

// memoryFacts is the memory estimate of one snapshot.
type memoryFacts struct {
	file    *pyparse.File
	reports []*memory.Report
	err     error
	// opts are the options the reports were made with; each report's sizes are given as
	// formulas (memory.Scale) the first time a hover or an inlay hint reads it, under mu: a
	// scope is estimated again several times for that, and a file has many scopes.
	opts   memory.Options
	mu     sync.Mutex
	scaled map[*memory.Report]bool
}

// scale gives the reports their formulas (memory.Scale), each once; a report is read only after
// it went through here.
func (mf *memoryFacts) scale(s *Server, reps ...*memory.Report) {
	mf.mu.Lock()
	defer mf.mu.Unlock()
	for _, r := range reps {
		if r == nil || mf.scaled[r] {
			continue
		}
		mf.scaled[r] = true
		// Sizes as formulas in the file's integer symbol (argparse default, assumption).
		if err := memory.Scale(mf.file, mf.opts, []*memory.Report{r}, ""); err != nil {
			s.logf(protocol.MessageLog, "memory formulas of %s: %v", r.Scope, err)
		}
	}
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
	// The estimate the diagnostics' AL101/AL102 read too (see check): one per version.
	mf = &memoryFacts{file: f, scaled: map[*memory.Report]bool{}}
	est := s.sharedEstimate(snap, f)
	mf.reports, mf.err = est.Reports()
	mf.opts = est.Options.ForSeries(mf.file)
	return mf
}

// sharedEstimate returns the memory analyzer's result for the snapshot's parse f, made once per
// version: the checks hand it to the driver and the hovers read it, so the file is estimated
// once.
func (s *Server) sharedEstimate(snap *Snapshot, f *pyparse.File) *memanalyzer.Result {
	snap.estMu.Lock()
	defer snap.estMu.Unlock()
	if snap.est == nil {
		snap.est = memanalyzer.New(f, snap.Path, s.configFor(snap.Path))
		snap.est.Options.Context = snap.ctx // a newer version or a close stops the estimate
	}
	return snap.est
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

// formatShapeExpr renders a dtype and a shape of formulas: "float64[size × size]".
func formatShapeExpr(dtype string, dims []string) string {
	out := make([]string, len(dims))
	for i, d := range dims {
		out[i] = memory.PrettyExpr(d)
	}
	return dtype + "[" + strings.Join(out, " × ") + "]"
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
