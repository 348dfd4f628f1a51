package arrays

import (
	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file orders the runs so that a top-level function called once in its file runs after
// the scope of that call: the function's run then takes an array parameter from what the call
// passes (absint.Config.CallerValue), as the memory estimate takes constants from it.

// runCallerFirst runs the scopes of the calls of p's function, and the scopes around them,
// unless one of them is under way (a recursion through the caller), before p runs.
func (info *Info) runCallerFirst(p pendingScope) {
	def, ok := p.node.(*ast.FunctionDef)
	if !ok || !info.mayArrays || info.mod == nil {
		return
	}
	ins, ok := info.shared.Calls(info.mod).Callers(info.mod, def)
	if !ok {
		return
	}
	for _, in := range ins {
		info.runCallFirst(p, in)
	}
}

// runCallFirst runs the scope in (nil: the module) holding a call of p's function, and the
// scopes around it, unless one of them is p's or under way.
func (info *Info) runCallFirst(p pendingScope, in ast.Node) {
	at := info.imp.Root
	if in != nil {
		var ok bool
		if at, ok = info.imp.Scopes[in]; !ok {
			return
		}
	}
	var chain []*imports.Scope
	for s := at; s != nil; s = s.Parent {
		if s == p.scope {
			return // a call inside the function itself
		}
		chain = append(chain, s)
	}
	for i := len(chain) - 1; i >= 0; i-- {
		s := chain[i]
		if info.running[s] {
			return
		}
		if _, done := info.walked[s]; done {
			continue
		}
		q, ok := info.pendingFor(s)
		if !ok {
			continue // a lambda or comprehension runs inside the scope around it
		}
		info.walkScope(q)
	}
}

// pendingFor is the scope s as a scope to run: the module, a function or a class body.
func (info *Info) pendingFor(s *imports.Scope) (pendingScope, bool) {
	if s == info.imp.Root {
		return info.root, true
	}
	return pendingOf(s)
}

// callerValue is what the run of a call's scope saw at the argument expression arg, once that
// run has happened.
func (info *Info) callerValue(arg ast.Expr) (absint.Value, bool) {
	v, ok := info.collect.seen[arg]
	return v, ok
}

// callerFields are the attributes of the instance a call's argument arg held, joined over the
// visits of its scope's run, once that run has happened (absint.Config.CallerFields).
func (info *Info) callerFields(arg ast.Expr) (absint.Fields, bool) {
	f, ok := info.collect.fields[arg]
	return f, ok && f.Attrs != nil
}

// waitsInCircle reports whether the run of scope s, or of a scope that runs before it
// (runsFirst, followed on), waits on itself: a function that calls its caller, or a nested
// function that calls the function around it. Which of the circle's runs sees the others' values
// then depends on which scope is asked about first, so such a module is analysed whole, in one
// fixed order. The scopes found to wait on no circle are kept, so each is followed once.
func (info *Info) waitsInCircle(s *imports.Scope) bool {
	const (
		visiting = 1
		noCircle = 2
	)
	if info.order == nil {
		info.order = map[*imports.Scope]uint8{}
	}
	switch info.order[s] {
	case visiting:
		return true
	case noCircle:
		return false
	}
	info.order[s] = visiting
	for _, d := range info.runsFirst(s) {
		if info.waitsInCircle(d) {
			return true
		}
	}
	info.order[s] = noCircle
	return false
}

// runsFirst returns the scopes whose runs complete before scope s runs: the scope around it
// (walkScope's caller has run it) and, for a function, the scopes runCallerFirst runs.
func (info *Info) runsFirst(s *imports.Scope) []*imports.Scope {
	var first []*imports.Scope
	if s.Parent != nil {
		first = append(first, s.Parent)
	}
	def, ok := s.Node.(*ast.FunctionDef)
	if !ok {
		return first
	}
	ins, ok := info.shared.Calls(info.mod).Callers(info.mod, def)
	if !ok {
		return first
	}
	for _, in := range ins {
		at := info.imp.Root
		if in != nil {
			if at, ok = info.imp.Scopes[in]; !ok {
				continue
			}
		}
		var chain []*imports.Scope
		for c := at; c != nil; c = c.Parent {
			if c == s {
				chain = nil // a call inside the function itself runs nothing first
				break
			}
			if _, ok := info.pendingFor(c); ok {
				chain = append(chain, c)
			}
		}
		first = append(first, chain...)
	}
	return first
}
