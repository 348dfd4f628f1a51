package arrays

import (
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
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

// MayAlias reports whether the array that name holds when stmt runs may also be reachable in
// some other way, so that updating it in place would be visible elsewhere: it is not an array
// this code allocated (a parameter, a view, external data), an earlier read of the name lets it
// escape (assigned to another name, stored in a container, passed to a function that is not an
// array function, returned, a view of it kept), a nested scope reads the name, or another name
// read after stmt holds the same array or a view of it.
func (info *Info) MayAlias(stmt ast.Stmt, name string) bool {
	s := info.ScopeOf(stmt)
	if s == nil || s.Globals[name] || s.Nonlocals[name] || len(s.Bindings[name]) == 0 {
		return true // the name is another scope's (a global, a closure's free variable): shared
	}
	var arr *Array
	for _, n := range s.Loads[name] {
		if stmt.Span().Encloses(n.Span()) {
			if a, ok := info.Array(n); ok {
				arr = a
				break
			}
		}
	}
	if arr == nil || arr.Origin != Fresh || arr.ViewOf != nil {
		return true
	}
	for _, c := range s.Children {
		if readsFree(c, name) {
			return true
		}
	}
	for _, n := range s.Loads[name] {
		if n.Start < stmt.Span().Start && info.escapes(n) {
			return true
		}
	}
	// another name holding the same data, read after stmt
	for other, loads := range s.Loads {
		if other == name {
			continue
		}
		for _, n := range loads {
			if n.Start < stmt.Span().End {
				continue
			}
			if a, ok := info.Array(n); ok && (a == arr || a.Base() == arr) {
				return true
			}
		}
	}
	return false
}

// Escapes reports whether a read of an array name may hand the array (or a view of it) to
// something that keeps it: another name, a container, a function that is not an array function,
// a return or yield. Reads by operators, reductions, subscript stores and shape queries keep
// nothing.
func (info *Info) Escapes(n *ast.Name) bool { return info.escapes(n) }

func (info *Info) escapes(n *ast.Name) bool {
	p := info.parent(n)
	switch p := p.(type) {
	case *ast.BinOp, *ast.Compare, *ast.UnaryOp, *ast.AugAssign:
		return false
	case *ast.Subscript:
		if p.Ctx != ast.Load {
			return false // x[...] = v writes into x
		}
		if a, ok := info.Array(p); ok && a.Origin == View {
			return info.escapesExpr(p) // the view itself may be kept
		}
		return false // an element or a copy
	case *ast.Attribute:
		switch p.Attr {
		case "shape", "dtype", "size", "ndim", "nbytes", "itemsize":
			return false
		}
		call, ok := info.parent(p).(*ast.Call)
		if !ok || call.Func != ast.Expr(p) {
			return true
		}
		c, ok := info.Callee(call)
		if !ok {
			return true
		}
		if c.Func.Kind == npapi.View {
			return info.escapesExpr(call)
		}
		return false
	case *ast.Call:
		c, ok := info.Callee(p)
		if !ok || p.Func == ast.Expr(n) {
			return !ok
		}
		switch c.Func.Kind {
		case npapi.View:
			return info.escapesExpr(p)
		case npapi.Convert:
			return c.Func.Name != "array" && c.Func.Name != "copy" // asarray may return x itself
		}
		return false
	case *ast.Keyword:
		if call, ok := info.parent(p).(*ast.Call); ok {
			if _, ok := info.Callee(call); ok {
				return false
			}
		}
		return true
	}
	return true
}

// escapesExpr reports whether the value of expression e (a view) is kept: anything but an
// immediate use in an operator.
func (info *Info) escapesExpr(e ast.Expr) bool {
	switch p := info.parent(e).(type) {
	case *ast.BinOp, *ast.Compare, *ast.UnaryOp:
		return false
	case *ast.Subscript:
		return p.Value != e
	}
	return true
}
