package arrays

import (
	"cmp"
	"slices"
	"sort"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines which scopes run, and when: each scope once, on the one interpreter in
// explore mode, after the scopes around it and after the scope of its only call (callers.go).

// pendingScope is a scope to run: a function, an async function, a class body or the module.
type pendingScope struct {
	node  ast.Node
	args  *ast.Arguments
	body  []ast.Stmt
	scope *imports.Scope
	// start and end are the body's range (decorators of its first statement included), where
	// the expressions whose facts its run records lie; empty for an empty body
	start, end ast.Offset
}

// pending makes the pendingScope of a scope's node, args and body.
func pending(n ast.Node, args *ast.Arguments, body []ast.Stmt, s *imports.Scope) pendingScope {
	p := pendingScope{node: n, args: args, body: body, scope: s}
	if len(body) > 0 {
		p.start, p.end = stmtStart(body[0]), body[len(body)-1].Span().End
	}
	return p
}

// Analyze infers array facts for the file f using the import resolution imp (from
// imports.Build).
//
// A scope is analysed when a query first asks about an expression in it, after the scopes
// around it and, in a module that may hold arrays, after the scopes of its function's calls
// (callers.go); a scope nobody asks about is never run. The answers are those of analysing
// every scope: a scope's facts depend only on its own code and the final states of the scopes
// it runs after. A module in which those orders form a circle (a function that calls its
// caller) is analysed whole on the first query that reaches the circle, breadth first from the
// module's code, so that which scope waits on which does not depend on what was asked first.
func Analyze(f *pyparse.File, imp *imports.Info) *Info { return AnalyzeWith(f, imp, nil) }

// AnalyzeWith is Analyze with the user's assumptions (bindings.ParseAssume): a name the program
// leaves unknown (a parameter, a value read at run time) evaluates to its assumed integer.
func AnalyzeWith(f *pyparse.File, imp *imports.Info, assume map[string]int64) *Info {
	return AnalyzeUnder(f, imp, assume, npapi.NumPy2)
}

// AnalyzeUnder is AnalyzeWith following the dtype promotion of NumPy version v (the
// numpy-version setting).
func AnalyzeUnder(f *pyparse.File, imp *imports.Info, assume map[string]int64, v npapi.NumPyVersion) *Info {
	return analyzeIn(f, imp, assume, v, nil, project{})
}

// analyzeIn is AnalyzeUnder with the file's shared Inspector (nil: none), which the runs and
// Parent scan instead of walking the tree again, for a file at a place in its project (proj):
// its calls may then be followed into the project's other modules (stated.go).
func analyzeIn(f *pyparse.File, imp *imports.Info, assume map[string]int64, v npapi.NumPyVersion, in *ast.Inspector, proj project) *Info {
	var mod *ast.Module
	if f != nil {
		mod = f.Module
	}
	info := &Info{imp: imp, mod: mod, file: f, assume: assume, numpy: v, inspector: in, proj: proj}
	if mod == nil || imp == nil || imp.Root == nil {
		if info.imp == nil {
			info.imp = imports.Build(nil)
		}
		info.facts = map[ast.Node]value{}
		info.allWalked = true
		return info
	}
	info.runs = map[*imports.Scope]*absint.Interp{}
	info.walked = map[*imports.Scope][]pendingScope{}
	info.unsorted = map[*imports.Scope]bool{}
	info.running = map[*imports.Scope]bool{}
	info.root = pending(mod, nil, mod.Body, imp.Root)
	info.shared = &absint.Shared{}
	if in != nil {
		info.shared.UseInspector(in)
	}
	if proj.path != "" && proj.path != "-" {
		info.shared.SetReads(info.readsOnly)
	}
	info.collect = newCollector(info)
	info.mayArrays = mayHoldArrays(imp)
	info.facts = map[ast.Node]value{}
	return info
}

// presize gives the memo and the values seen the room a module whose scopes run needs, at the
// first run: about one value seen per 40 bytes of source (552,293 values in 22 MB of dipy,
// skimage, scipy and cuPyNumeric's examples) and one fact asked per 100, so neither map is
// rehashed while it grows, and sized for the average rather than the densest file so as not to
// clear memory that stays unused. A module no rule asks about (test code, where the sized rules
// are silent) runs nothing and allocates neither.
func (info *Info) presize() {
	if info.presized || !info.mayArrays {
		return
	}
	info.presized = true
	n := int(info.mod.End - info.mod.Start)
	facts := make(map[ast.Node]value, n/100)
	for k, v := range info.facts {
		facts[k] = v
	}
	info.facts = facts
	seen := make(map[ast.Expr]absint.Value, n/40)
	for k, v := range info.collect.seen {
		seen[k] = v
	}
	info.collect.seen = seen
}

// walkAll runs every scope of the module, breadth first from the module's own code: the order
// of a module whose runs wait on one another in a circle (waitsInCircle).
func (info *Info) walkAll() {
	queue := []pendingScope{info.root}
	expanded := map[*imports.Scope]bool{}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if !expanded[p.scope] {
			// (a scope a caller-first run reached is walked already: its nested scopes are
			// still to be queued)
			expanded[p.scope] = true
			queue = append(queue, info.walkScope(p)...)
		}
	}
	info.allWalked = true
}

// walkScope runs one scope (once; later calls do nothing) and returns the scopes defined in
// it, in source order. The caller has run every enclosing scope.
func (info *Info) walkScope(p pendingScope) []pendingScope {
	if p.scope == nil {
		return nil
	}
	if nested, done := info.walked[p.scope]; done {
		return nested
	}
	if info.running[p.scope] {
		return nil // under way: a caller's run reached it (a function that calls its caller)
	}
	info.presize()
	info.running[p.scope] = true
	defer delete(info.running, p.scope)
	info.runCallerFirst(p)
	in := absint.New(absint.Config{File: info.file, Imports: info.imp, Heap: info.collect,
		Assume: info.assume, Shared: info.shared, Strategy: absint.Explore, NumPyVersion: info.numpy,
		Observe: info.collect.observe, Outer: info.outer(p.scope), CallerValue: info.callerValue, CallerFields: info.callerFields})
	switch {
	case p.scope == info.imp.Root:
		in.RunModule()
	case info.mayArrays && info.holdsNoArrays(p.scope):
		// nothing to run: its facts are all unknown
	default:
		in.RunBody(p.node, p.args, p.body, false)
	}
	info.runs[p.scope] = in
	var nested []pendingScope
	for _, c := range p.scope.Children {
		if q, ok := pendingOf(c); ok {
			nested = append(nested, q)
		}
	}
	info.walked[p.scope] = nested
	if !slices.IsSortedFunc(nested, func(a, b pendingScope) int { return cmp.Compare(a.start, b.start) }) {
		info.unsorted[p.scope] = true
	}
	return nested
}

// pendingOf returns the scope to run for a scope of the tree: functions and class bodies run;
// lambdas do not, and comprehensions run inside the scope around them.
func pendingOf(s *imports.Scope) (pendingScope, bool) {
	switch n := s.Node.(type) {
	case *ast.FunctionDef:
		return pending(n, n.Args, n.Body, s), true
	case *ast.AsyncFunctionDef:
		return pending(n, n.Args, n.Body, s), true
	case *ast.ClassDef:
		return pending(n, nil, n.Body, s), true
	}
	return pendingScope{}, false
}

// outer returns how a run of scope s reads a name of an enclosing scope: the enclosing scope's
// value at its end, when that scope binds the name exactly once (otherwise which binding a
// call sees depends on when it is made).
func (info *Info) outer(s *imports.Scope) func(string) (absint.Value, bool) {
	return func(name string) (absint.Value, bool) {
		for p := s.Parent; p != nil; p = p.Parent {
			if p.Kind == imports.ClassScope {
				continue // a class body's names are not visible in its methods
			}
			binds, ok := p.Bindings[name]
			if !ok {
				continue
			}
			run := info.runs[p]
			if len(binds) != 1 || run == nil {
				return nil, false
			}
			return run.Final(name)
		}
		return nil, false
	}
}

// stmtStart is where st begins, counting decorators (a def's range starts at `def`).
func stmtStart(st ast.Stmt) ast.Offset {
	start := st.Span().Start
	var decos []ast.Expr
	switch st := st.(type) {
	case *ast.FunctionDef:
		decos = st.DecoratorList
	case *ast.AsyncFunctionDef:
		decos = st.DecoratorList
	case *ast.ClassDef:
		decos = st.DecoratorList
	}
	for _, d := range decos {
		if d != nil {
			start = min(start, d.Span().Start)
		}
	}
	return start
}

// mayHoldArrays reports whether a module may hold any array: it imports an array library, or
// a parameter is annotated as an array. Without either, no value in the module can be an
// array, a generator or a library reference.
func mayHoldArrays(imp *imports.Info) bool {
	if imp.Backends() != imports.Unknown || imp.TakesModule() {
		return true
	}
	var walk func(s *imports.Scope) bool
	walk = func(s *imports.Scope) bool {
		var args *ast.Arguments
		switch n := s.Node.(type) {
		case *ast.FunctionDef:
			args = n.Args
		case *ast.AsyncFunctionDef:
			args = n.Args
		}
		for _, a := range imports.AllArgs(args) {
			if a.Annotation != nil && absint.ArrayAnnotation(imp, a.Annotation) {
				return true
			}
		}
		for _, c := range s.Children {
			if walk(c) {
				return true
			}
		}
		return false
	}
	return walk(imp.Root)
}

// ensureFor runs the scope whose analysis records facts for the node starting at pos, and the
// scopes around it (all scopes, when the run order is circular). The caller holds info.mu.
func (info *Info) ensureFor(pos ast.Offset) {
	p := info.root
	for {
		if info.mayArrays && info.waitsInCircle(p.scope) {
			info.walkAll()
			return
		}
		nested := info.walkScope(p)
		q, ok := scopeAt(nested, pos, !info.unsorted[p.scope])
		if !ok {
			return
		}
		p = q
	}
}

// scopeAt returns the scope of nested (a scope's nested scopes, in source order) whose body
// holds pos. Sibling bodies do not overlap, so when their starts rise (sorted) the search halves
// the list: a module of many functions is asked about once per expression. A list out of order
// (a tree the parser recovered) is read through.
func scopeAt(nested []pendingScope, pos ast.Offset, sorted bool) (pendingScope, bool) {
	i := sort.Search(len(nested), func(i int) bool { return nested[i].start > pos }) - 1
	if i >= 0 && nested[i].start <= pos && pos < nested[i].end {
		return nested[i], true
	}
	if sorted {
		return pendingScope{}, false
	}
	for _, q := range nested {
		if q.start <= pos && pos < q.end {
			return q, true
		}
	}
	return pendingScope{}, false
}

// holdsNoArrays reports whether no value of scope s (its own code and its comprehensions) can
// be an array: it reads no name of an array library, no parameter annotated as an array, and no
// name of an enclosing scope that an assignment binds (a module-level array, say). Such a scope
// is not run in a module that imports an array library (where every scope is analysed at once):
// its facts are all unknown but for ints, which rules about arrays do not ask there. (In a
// module without arrays every scope runs, lazily, for Info.Int.)
func (info *Info) holdsNoArrays(s *imports.Scope) bool {
	switch n := s.Node.(type) {
	case *ast.FunctionDef:
		if info.arrayParam(n.Args) || info.handedArrays(n) {
			return false
		}
	case *ast.AsyncFunctionDef:
		if info.arrayParam(n.Args) {
			return false
		}
	case *ast.Module:
		return false
	}
	return info.readsNoArrays(s, s)
}

func (info *Info) arrayParam(args *ast.Arguments) bool {
	for _, a := range imports.AllArgs(args) {
		if a.Annotation != nil && absint.ArrayAnnotation(info.imp, a.Annotation) {
			return true
		}
	}
	return false
}

// readsNoArrays checks the names scope c reads (c is s or one of its comprehensions).
func (info *Info) readsNoArrays(s, c *imports.Scope) bool {
	for name, loads := range c.Loads {
		if len(loads) == 0 {
			continue
		}
		if _, ok := info.imp.Resolve(loads[0]); ok {
			return false // an array library or one of its members
		}
		if _, ok := info.imp.ModuleValue(c, name); ok {
			return false // an array module handed to the code as a value
		}
		def := c.Lookup(name)
		if def == nil || def == c || def == s {
			continue // a builtin, or a local whose value this scope's own code gives it
		}
		for _, b := range def.Bindings[name] {
			if b.Kind != imports.BindDef && b.Kind != imports.BindImport {
				return false // an outer value that may be an array
			}
		}
	}
	for _, k := range c.Children {
		if k.Kind == imports.ComprehensionScope && !info.readsNoArrays(s, k) {
			return false
		}
	}
	return true
}

// handedArrays reports whether a call of def, a top-level function whose every call is known,
// passes it an array, an array module or a dtype (as its callers' runs saw the arguments): a
// function that only hands them on (`initialize(np, N, D)`) still holds arrays.
func (info *Info) handedArrays(def *ast.FunctionDef) bool {
	calls, ok := info.shared.Calls(info.mod).All(info.mod, def)
	if !ok {
		return false
	}
	for _, c := range calls {
		for _, a := range c.Args {
			if info.handsArrays(a) {
				return true
			}
		}
		for _, k := range c.Keywords {
			if info.handsArrays(k.Value) {
				return true
			}
		}
	}
	return false
}

// handsArrays reports whether a call's argument held an array, an array module or a dtype, or
// an instance with one in a field (`get_accel(nbsys)`, absint.Fields), as its scope's run saw it.
func (info *Info) handsArrays(a ast.Expr) bool {
	if v, ok := info.collect.seen[a]; ok && absint.HoldsArrayAPI(v) {
		return true
	}
	f, ok := info.callerFields(a)
	return ok && f.HoldsArrayAPI()
}
