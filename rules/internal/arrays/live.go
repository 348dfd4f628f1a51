package arrays

import (
	"github.com/arraylint/arraylint/pyparse/ast"
	"github.com/arraylint/arraylint/rules/internal/imports"
)

// This file defines liveness queries: is a name read again after a statement.

// ReadAfter reports whether the variable name, as bound in stmt's scope, may be read after stmt
// completes: a later read in the same scope, any read in a loop enclosing stmt (the next
// iteration), a read by a nested function or class, or a module-level name (other modules may
// import it) when stmt is at module level and the name is read by any function.
func (info *Info) ReadAfter(stmt ast.Stmt, name string) bool {
	s := info.ScopeOf(stmt)
	if s == nil {
		return true
	}
	if s.Globals[name] || s.Nonlocals[name] {
		return true
	}
	end := stmt.Span().End
	loop := info.EnclosingLoop(stmt)
	for _, n := range s.Loads[name] {
		if n.Start >= end {
			return true
		}
		if loop != nil && loop.Span().Encloses(n.Span()) {
			return true
		}
	}
	for _, c := range s.Children {
		if readsFree(c, name) {
			return true
		}
	}
	return false
}

// readsFree reports whether scope s (or a scope nested in it) reads name without binding it.
func readsFree(s *imports.Scope, name string) bool {
	if _, bound := s.Bindings[name]; bound && !s.Globals[name] && !s.Nonlocals[name] {
		return false
	}
	if len(s.Loads[name]) > 0 {
		return true
	}
	for _, c := range s.Children {
		if readsFree(c, name) {
			return true
		}
	}
	return false
}

// ReadBetween reports whether name is read in its scope strictly after offset from and before
// offset to (to excluded), ignoring nested scopes.
func (info *Info) ReadBetween(s *imports.Scope, name string, from, to ast.Offset) bool {
	for _, n := range s.Loads[name] {
		if n.Start >= from && n.Start < to {
			return true
		}
	}
	return false
}

// Loads returns the reads of name in scope s (not in nested scopes), in source order.
func (info *Info) Loads(s *imports.Scope, name string) []*ast.Name { return s.Loads[name] }
