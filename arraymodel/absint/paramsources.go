package absint

import (
	"slices"
	"strings"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file gives the values of a function estimated on its own their sources: a parameter
// bound by the only call of the function in its file (call-site), a parameter left to its
// default (parameter-default) and a module constant it reads (constant). Parameters are bound
// when the function starts, but a symbol is listed only once the scope reads the name with that
// value still bound, so an unused `verbose=False` is not reported.

// pendingSym is a symbol listed on the first read of its name in the scope's frame.
type pendingSym struct {
	sym Symbol
	v   value // the value bound; a read of another value (rebound) does not list sym
}

// callSites are the calls of a top-level function of the file, by name.
type callSites struct {
	calls []*ast.Call
	// in is, per call, the innermost def, class or lambda around it (nil at module level, where
	// names are module constants)
	in     []ast.Node
	escape bool // the name is also used other than as a callee: calls made elsewhere
	// passed are the calls the name is handed to as argument i, an escape unless reads says
	// the callee only reads it; asked only when the function's calls are (escapes), since
	// reads may parse the callee's module
	passed []passedTo
	reads  func(*ast.Call, int) bool
}

// passedTo is one call a function's name is an argument of, at position i.
type passedTo struct {
	call *ast.Call
	i    int
}

// escapes reports whether the name is used other than as a callee, deciding the calls it is
// handed to on first use.
func (cs *callSites) escapes() bool {
	for _, p := range cs.passed {
		if !cs.escape && !cs.reads(p.call, p.i) {
			cs.escape = true
		}
	}
	cs.passed = nil
	return cs.escape
}

// only returns the function's only call and the def, class or lambda it is in (nil at module
// level), when its name is used nowhere else (a function passed on or rebound may be called
// anywhere).
func (cs *callSites) only() (*ast.Call, ast.Node, bool) {
	if cs == nil || len(cs.calls) != 1 || cs.escapes() {
		return nil, nil, false
	}
	return cs.calls[0], cs.in[0], true
}

// callIndex finds, in one pass over the module, every use of each top-level function's name;
// reads, when not nil, says which arguments of calls are only read (not an escape).
func callIndex(mod *ast.Module, inspect func(*ast.Module, func(ast.Node) bool), reads func(*ast.Call, int) bool) Calls {
	out := map[string]*callSites{}
	for _, st := range mod.Body {
		if def, ok := st.(*ast.FunctionDef); ok {
			out[def.Name] = &callSites{}
		}
	}
	if len(out) == 0 {
		return out // no top-level function: no use to find (a module of classes, say)
	}
	var scopes []bool   // per open node: whether it opens a function or class scope
	var open []ast.Node // the open function, class and lambda nodes, innermost last
	callee := map[*ast.Name]bool{}
	inspect(mod, func(n ast.Node) bool {
		if n == nil {
			if scopes[len(scopes)-1] {
				open = open[:len(open)-1]
			}
			scopes = scopes[:len(scopes)-1]
			return true
		}
		opens := false
		switch n := n.(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.Lambda, *ast.ClassDef:
			opens = true
		case *ast.Call:
			call, name := n, (*ast.Name)(nil)
			if f, ok := n.Func.(*ast.Name); ok && out[f.ID] != nil {
				name = f
			} else if fs, i, ok := handedOver(n, out); ok {
				// run_timed(f, np, args.N): f runs with the arguments handed over with it; so
				// does each of `f if c else g`
				for _, f := range fs[1:] {
					out[f.ID].calls = append(out[f.ID].calls, &ast.Call{Range: n.Range, Func: f, Args: n.Args[i+1:], Keywords: n.Keywords})
					out[f.ID].in = append(out[f.ID].in, innermost(open))
					callee[f] = true
				}
				name, call = fs[0], &ast.Call{Range: n.Range, Func: fs[0], Args: n.Args[i+1:], Keywords: n.Keywords}
			}
			if name != nil {
				cs := out[name.ID]
				cs.calls = append(cs.calls, call)
				cs.in = append(cs.in, innermost(open))
				callee[name] = true
			}
			if reads != nil {
				for i, a := range n.Args {
					if f, ok := a.(*ast.Name); ok && out[f.ID] != nil && !callee[f] {
						// get_benchmark_info(f): read, not called, if the callee only reads it;
						// decided when f's calls are asked for (escapes)
						cs := out[f.ID]
						cs.passed, cs.reads = append(cs.passed, passedTo{n, i}), reads
						callee[f] = true
					}
				}
			}
		case *ast.Name:
			if cs := out[n.ID]; cs != nil && !callee[n] {
				cs.escape = true
			}
		}
		if opens {
			open = append(open, n)
		}
		scopes = append(scopes, opens)
		return true
	})
	return out
}

// handedOver returns the function a call hands over together with the arguments it is to be
// called with, and its position: the first positional argument that names a top-level function
// of the file (funcs), of a call that runs it with the arguments after it (a benchmark harness's
// run_timed(f, np, n) or run_timed_with_info(info, f, np, n), executor.submit(f, x),
// functools.partial(f, n)). Calls that apply the function to the elements of what follows it
// (map, filter, reduce, sorted, Pool.map, np.vectorize, np.apply_along_axis) are not: the
// arguments are collections, not the function's.
func handedOver(c *ast.Call, funcs map[string]*callSites) ([]*ast.Name, int, bool) {
	var fs []*ast.Name
	i := slices.IndexFunc(c.Args, func(a ast.Expr) bool {
		fs = handedFuncs(a, funcs)
		return fs != nil
	})
	if i < 0 || i == len(c.Args)-1 {
		return nil, 0, false
	}
	var callee string
	switch fn := c.Func.(type) {
	case *ast.Name:
		callee = fn.ID
	case *ast.Attribute:
		callee = fn.Attr
	default:
		return nil, 0, false
	}
	if elementwiseCallers[callee] || strings.Contains(callee, "map") {
		return nil, 0, false
	}
	return fs, i, true
}

// handedFuncs returns the functions of the file an argument names: a name, or both branches of
// `f if c else g` when each names one.
func handedFuncs(a ast.Expr, funcs map[string]*callSites) []*ast.Name {
	switch a := a.(type) {
	case *ast.Name:
		if funcs[a.ID] != nil {
			return []*ast.Name{a}
		}
	case *ast.IfExp:
		b, ok1 := a.Body.(*ast.Name)
		o, ok2 := a.Orelse.(*ast.Name)
		if ok1 && ok2 && funcs[b.ID] != nil && funcs[o.ID] != nil {
			return []*ast.Name{b, o}
		}
	}
	return nil
}

// innermost returns the innermost open scope node, or nil at module level.
func innermost(open []ast.Node) ast.Node {
	if len(open) == 0 {
		return nil
	}
	return open[len(open)-1]
}

// elementwiseCallers are the callees that call a function on the elements of their other
// arguments, or with arguments of their own choosing.
var elementwiseCallers = map[string]bool{"filter": true, "reduce": true, "sorted": true, "min": true,
	"max": true, "vectorize": true, "apply_along_axis": true, "apply_over_axes": true, "frompyfunc": true,
	"accumulate": true, "iter": true, "setattr": true, "getattr": true, "isinstance": true, "register": true,
	"connect": true, "Thread": true, "Process": true, "signal": true, "atexit": true}

// calls returns the uses of the file's top-level function name, indexed once per Estimate.
func (s *Interp) calls(name string) *callSites { return s.fs.callsOf(s.file.Module)[name] }

// callsOf is the call index of mod, the file fs holds the state of, made on first use.
func (fs *fileState) callsOf(mod *ast.Module) Calls {
	if fs.calls == nil {
		fs.calls = callIndex(mod, fs.inspect, fs.reads)
	}
	return fs.calls
}

// callSiteValue is the value the only call of def in its file passes for parameter p when that
// is a constant: a literal, arithmetic on literals, an imported module or dtype (`numpy`,
// `np.float32`), or at module level a module constant. The user's assumption about p wins.
func (s *Interp) callSiteValue(def *ast.FunctionDef, p string) (value, bool) {
	if s.assumes(p) {
		return nil, false
	}
	call, in, ok := s.calls(def.Name).only()
	if !ok {
		return nil, false
	}
	arg := argFor(def, call, p)
	if arg == nil || !s.constantExpr(arg, in == nil) {
		return nil, false
	}
	listed := len(s.symbols)
	v := s.eval(arg)
	s.symbols = s.symbols[:listed] // the constants the argument reads are the call's, not the scope's
	jv, isExpr, ok := s.symbolJSON(v, arg)
	if !ok {
		s.decref(v)
		return nil, false
	}
	v = formed(v, p)
	s.pend(Symbol{Name: p, Value: jv, Source: SourceCallSite, Line: s.lineOf(call), Expr: isExpr}, v)
	return v, true
}

// callSiteFloat is a Python float of unknown value when every call of def in its file passes a
// float for parameter p — a float literal, or a value the caller's run knows to be a Python
// float (`step(u, 0.1)`, or `pairwise(x, soft)` twice with `soft = 0.1`): its kind decides the
// dtype of what it multiplies, its value no size.
func (s *Interp) callSiteFloat(def *ast.FunctionDef, p string) (value, bool) {
	if s.assumes(p) {
		return nil, false
	}
	calls, ok := s.fs.callsOf(s.file.Module).All(s.file.Module, def)
	if !ok {
		return nil, false
	}
	for _, call := range calls {
		if !s.floatArg(argFor(def, call, p)) {
			return nil, false
		}
	}
	return vFloat{}, true
}

// floatArg reports whether arg is a float literal (signed or not) or an expression the caller's
// run saw holding a Python float.
func (s *Interp) floatArg(arg ast.Expr) bool {
	if arg == nil {
		return false
	}
	lit := arg
	if u, ok := lit.(*ast.UnaryOp); ok && (u.Op == ast.USub || u.Op == ast.UAdd) {
		lit = u.Operand
	}
	if c, ok := lit.(*ast.Constant); ok {
		return c.Value.Kind == ast.ConstFloat
	}
	if s.cfg.CallerValue == nil {
		return false
	}
	v, ok := s.cfg.CallerValue(arg)
	_, isFloat := v.(vFloat)
	return ok && isFloat
}

// assumes reports whether the user binds name.
func (s *Interp) assumes(name string) bool {
	_, n := s.cfg.Assume[name]
	_, e := s.cfg.AssumeExprs[name]
	return n || e
}

// ArgFor returns the argument call passes for parameter p of def, or nil (argFor).
func ArgFor(def *ast.FunctionDef, call *ast.Call, p string) ast.Expr { return argFor(def, call, p) }

// argFor returns the argument call passes for parameter p of def, or nil (not passed, or
// passed through *args or **kwargs, where it cannot be told).
func argFor(def *ast.FunctionDef, call *ast.Call, p string) ast.Expr {
	for _, a := range call.Args {
		if _, ok := a.(*ast.Starred); ok {
			return nil
		}
	}
	for _, k := range call.Keywords {
		if k.Arg == "" {
			return nil
		}
		if k.Arg == p {
			return k.Value
		}
	}
	pos := ast.PositionalArgs(def.Args)
	for i, a := range pos {
		if a.Arg == p && i < len(call.Args) {
			return call.Args[i]
		}
	}
	return nil
}

// constantExpr reports whether e has one value wherever it is evaluated: literals and
// arithmetic on them, names and attributes that resolve to an array library (the import map
// knows the caller's scope), and — for a call at module level — module names.
func (s *Interp) constantExpr(e ast.Expr, atModule bool) bool {
	switch e := e.(type) {
	case *ast.Constant:
		return true
	case *ast.UnaryOp:
		return s.constantExpr(e.Operand, atModule)
	case *ast.BinOp:
		return s.constantExpr(e.Left, atModule) && s.constantExpr(e.Right, atModule)
	case *ast.Tuple:
		for _, x := range e.Elts {
			if !s.constantExpr(x, atModule) {
				return false
			}
		}
		return true
	case *ast.Name:
		if ref, ok := s.imp.Resolve(e); ok {
			return !ref.Convention // a caller's own `np` parameter is no constant
		}
		return atModule
	case *ast.Attribute:
		ref, ok := s.imp.Resolve(e)
		return ok && !ref.Convention
	}
	return false
}

// symbolJSON is v as a symbol's value: a constant as JSON has it, a known int, or the Python
// source of e for a module, a dtype or a tuple (isExpr). ok is false for values a symbol does not
// describe (unknown, a float whose value is not tracked, an array).
func (s *Interp) symbolJSON(v value, e ast.Expr) (jv any, isExpr, ok bool) {
	if c, isConst := e.(*ast.Constant); isConst && c.Value.Kind != ast.ConstFloat && c.Value.Kind != ast.ConstComplex {
		return constJSON(c.Value), false, true
	}
	switch v := v.(type) {
	case vInt:
		return v.n, false, v.known
	case vStr:
		return v.s, false, true
	case vDType, vModule:
		return s.text(e), true, true
	case vTuple:
		if isIntTuple(v) {
			return s.text(e), true, true
		}
	}
	return nil, false, false
}

// noteDefault makes parameter p of def, bound to its default v (not assumed), a symbol.
func (s *Interp) noteDefault(def *ast.FunctionDef, p string, v value) {
	if s.assumes(p) {
		return
	}
	e := defaultExpr(def.Args, p)
	if e == nil {
		return
	}
	if jv, isExpr, ok := s.symbolJSON(v, e); ok {
		s.pend(Symbol{Name: p, Value: jv, Source: SourceParameterDefault, Line: s.lineOf(e), Expr: isExpr}, v)
	}
}

// defaultExpr returns the default of parameter name, or nil.
func defaultExpr(a *ast.Arguments, name string) ast.Expr {
	pos := ast.PositionalArgs(a)
	off := len(pos) - len(a.Defaults)
	for i, p := range pos {
		if p.Arg == name && i >= off {
			return a.Defaults[i-off]
		}
	}
	for i, p := range a.Kwonlyargs {
		if p.Arg == name && i < len(a.KwDefaults) {
			return a.KwDefaults[i]
		}
	}
	return nil
}

// pend lists sym on the first read of its name while v is still bound to it in the scope.
func (s *Interp) pend(sym Symbol, v value) {
	if !plainValue(v) {
		s.addSymbol(sym) // a tuple: listed at once
		return
	}
	if s.pendingSyms == nil {
		s.pendingSyms = map[string]pendingSym{}
	}
	s.pendingSyms[sym.Name] = pendingSym{sym: sym, v: v}
}

// plainValue reports whether v can be compared with == (no slices inside).
func plainValue(v value) bool {
	switch v.(type) {
	case vInt, vStr, vDType, vModule, vNone:
		return true
	}
	return false
}

// noteRead lists the pending symbol of name when frame f, the scope's own, reads it still
// bound to the value the symbol describes.
func (s *Interp) noteRead(f *frame, name string, v value) {
	if len(s.pendingSyms) == 0 || f != s.root {
		return
	}
	p, ok := s.pendingSyms[name]
	if !ok {
		return
	}
	delete(s.pendingSyms, name)
	if plainValue(v) && v == p.v {
		s.addSymbol(p.sym)
	}
}

// constant is a read of a module constant by a function estimated on its own: listed among the
// symbols with the line that assigns it, and replaced by the value Scale tries.
func (s *Interp) constant(n *ast.Name, v value) value {
	if s.proj.line > 0 {
		return v // another module's constant, read by its own code
	}
	if slices.Contains(s.cfg.Scaling, n.ID) {
		if x, ok := s.cfg.Assume[n.ID]; ok {
			return formed(knownInt(x), n.ID)
		}
	}
	var jv any
	isExpr := false
	switch c := v.(type) {
	case vInt:
		if !c.known {
			return v
		}
		jv = c.n
	case vStr:
		jv = c.s
	case vDType:
		jv, isExpr = c.dt.String(), true
	default:
		return v
	}
	for _, old := range s.symbols {
		if old.Name == n.ID && old.Source == SourceConstant {
			return formed(v, n.ID)
		}
	}
	s.addSymbol(Symbol{Name: n.ID, Value: jv, Source: SourceConstant, Line: s.constantLine(n.ID), Expr: isExpr})
	return formed(v, n.ID)
}

// constantLine returns the line of the last module-level assignment to name (0 if none).
func (s *Interp) constantLine(name string) int {
	if s.fs.constLines != nil {
		return s.fs.constLines[name]
	}
	lines := map[string]int{}
	var walk func([]ast.Stmt)
	walk = func(body []ast.Stmt) {
		for _, st := range body {
			switch st := st.(type) {
			case *ast.Assign:
				for _, t := range st.Targets {
					if n, ok := t.(*ast.Name); ok {
						lines[n.ID] = s.lineOf(st)
					}
				}
			case *ast.AnnAssign:
				if n, ok := st.Target.(*ast.Name); ok && st.Value != nil {
					lines[n.ID] = s.lineOf(st)
				}
			case *ast.If:
				walk(st.Body)
				walk(st.Orelse)
			case *ast.Try:
				walk(st.Body)
				walk(st.Orelse)
			}
		}
	}
	walk(s.file.Module.Body)
	s.fs.constLines = lines
	return lines[name]
}

// inputCallSiteValue is what the only call of def passes for p when that is an option of the
// program's command line read off its parsed namespace (`simulate(args.size, …)` with `args =
// parser.parse_args()`): the option's default, or the user's assumption about it. That is an
// input the program is run with, as the memory estimate sees it when it runs main, so both the
// estimate of def on its own and the rules' runs (which leave defaults and constants unknown:
// they are no evidence of size) take it.
func (s *Interp) inputCallSiteValue(def *ast.FunctionDef, p string) (value, bool) {
	call, _, ok := s.calls(def.Name).only()
	if !ok {
		return nil, false
	}
	at, ok := argFor(def, call, p).(*ast.Attribute)
	if !ok {
		return nil, false
	}
	ns, ok := at.Value.(*ast.Name)
	if !ok || !s.namespaceNames()[ns.ID] || len(s.argparse()) == 0 {
		return nil, false
	}
	v := s.namespaceAttr(at.Attr, s.newNamespace().set)
	if i, ok := v.(vInt); ok && i.known {
		return v, true
	}
	s.decref(v)
	return nil, false
}

// namespaceNames are the names the file binds to a parsed command line: `args =
// parser.parse_args()`, `args, rest = parser.parse_known_args()`, optparse's `(options, args) =
// parser.parse_args()`, and the first result of a call handed the parser (`args, harness =
// parse_with_harness(parser)`).
func (s *Interp) namespaceNames() map[string]bool {
	s.scanCommandLine()
	return s.fs.namespaces
}

// scanCommandLine works out, in one walk of the module's assignments of a call, the names bound
// to a command-line parser (fs.parsers, optparse's also in fs.optparsers) and to a parsed
// command line (fs.namespaces).
func (s *Interp) scanCommandLine() {
	if s.fs.namespaces != nil {
		return
	}
	ns, parsers, opt := map[string]bool{}, map[string]bool{}, map[string]bool{}
	s.fs.namespaces, s.fs.parsers, s.fs.optparsers = ns, parsers, opt
	if s.file == nil || s.file.Module == nil {
		return
	}
	var calls []*ast.Assign // single-target assignments of a call, in source order
	s.fs.preorder(s.file.Module, func(n ast.Node) {
		if asg := n.(*ast.Assign); len(asg.Targets) == 1 {
			if _, ok := asg.Value.(*ast.Call); ok {
				calls = append(calls, asg)
			}
		}
	}, (*ast.Assign)(nil))
	for _, asg := range calls {
		if name, ok := asg.Targets[0].(*ast.Name); ok {
			switch ast.TailName(asg.Value.(*ast.Call).Func) {
			case "ArgumentParser":
				parsers[name.ID] = true
			case "OptionParser":
				parsers[name.ID], opt[name.ID] = true, true
			}
		}
	}
	for _, asg := range calls {
		call := asg.Value.(*ast.Call)
		method := ""
		if at, ok := call.Func.(*ast.Attribute); ok {
			method = at.Attr
		}
		switch t := asg.Targets[0].(type) {
		case *ast.Name:
			if method == "parse_args" {
				ns[t.ID] = true
			}
		case *ast.Tuple:
			if len(t.Elts) == 0 {
				continue
			}
			first, ok := t.Elts[0].(*ast.Name)
			parse := len(t.Elts) == 2 && (method == "parse_known_args" || method == "parse_args")
			if ok && (parse || handsParser(call, parsers)) {
				ns[first.ID] = true
			}
		}
	}
}

// callerArray is, for the rules' runs, the array the only call of def in its file passes for
// p, as the caller's run saw it (Config.CallerValue): its shape, dtype and library, and whether
// it scales with the data, in a parameter of its own. Only an array whose dtype is known is
// taken; anything else leaves p to the other sources.
func (s *Interp) callerArray(def *ast.FunctionDef, p string, line int) (value, bool) {
	if s.cfg.CallerValue == nil || s.assumes(p) {
		return nil, false
	}
	if v, ok := s.callerConstant(def, p); ok {
		return v, true
	}
	v, ok := s.onlyCallerValue(def, p)
	if !ok {
		v, ok = s.agreedCallerValue(def, p)
	}
	if !ok {
		return nil, false
	}
	o, ok := isArray(v)
	if !ok || !o.dt.Known() || len(o.joined) > 0 {
		return nil, false
	}
	// a shape the caller does not know either keeps the parameter an input, as it was
	return vArray{&Obj{refs: 1, shape: o.shape, dt: o.dt, backend: o.Backend(), origin: Param,
		label: p, line: line, data: scales(o) || partlyUnknown(o.shape)}}, true
}

// onlyCallerValue is what the caller's run saw at the argument the only call of def in its
// file passes for p (Config.CallerValue).
func (s *Interp) onlyCallerValue(def *ast.FunctionDef, p string) (value, bool) {
	call, _, ok := s.fs.callsOf(s.file.Module).Only(s.file.Module, def)
	if !ok {
		return nil, false
	}
	arg := argFor(def, call, p)
	if arg == nil {
		return nil, false
	}
	return s.cfg.CallerValue(arg)
}

// agreedCallerValue is, when def has several calls in its file, the array every one of them
// passes for p as the callers' runs saw it, when they agree: the same known shape, dtype and
// library (`get_accel(pos)` before a loop and again on every step). Arrays that differ in any of
// these, or an argument that is no array, leave p to the other sources.
func (s *Interp) agreedCallerValue(def *ast.FunctionDef, p string) (value, bool) {
	calls, ok := s.fs.callsOf(s.file.Module).All(s.file.Module, def)
	if !ok || len(calls) < 2 {
		return nil, false
	}
	var first value
	var fo *Obj
	for _, call := range calls {
		arg := argFor(def, call, p)
		if arg == nil {
			return nil, false
		}
		v, ok := s.cfg.CallerValue(arg)
		if !ok {
			return nil, false
		}
		o, ok := isArray(v)
		if !ok || !o.dt.Known() || !o.shape.Known || len(o.joined) > 0 {
			return nil, false
		}
		if fo == nil {
			first, fo = v, o
			continue
		}
		if o.dt != fo.dt || o.Backend() != fo.Backend() || !o.shape.Equal(fo.shape) || scales(o) != scales(fo) {
			return nil, false
		}
	}
	return first, fo != nil
}

// callerInt is, for the rules' runs, the integer the only call of def in its file passes for p
// when the caller's run knows it (`n_time, n_neurons = 500, 16` then `make(n_time, n_neurons)`):
// a size the code states, as a literal at the call would.
func (s *Interp) callerInt(def *ast.FunctionDef, p string) (value, bool) {
	if s.cfg.CallerValue == nil || s.assumes(p) {
		return nil, false
	}
	v, ok := s.onlyCallerValue(def, p)
	if i, isInt := v.(vInt); ok && isInt && i.known {
		return formed(vInt{n: i.n, known: true}, p), true
	}
	return nil, false
}

// callerConstant is, for the rules' runs, the dtype or array module every call of def in its
// file passes for p, when the calls agree (`generate_random(np, N, 5, 30, D)` three times with
// the caller's D): which dtype and library the code runs is no size, so it binds as the callers
// bind it.
func (s *Interp) callerConstant(def *ast.FunctionDef, p string) (value, bool) {
	calls, ok := s.fs.callsOf(s.file.Module).All(s.file.Module, def)
	if !ok {
		return nil, false
	}
	var out value
	for _, call := range calls {
		arg := argFor(def, call, p)
		if arg == nil {
			return nil, false
		}
		v, ok := s.cfg.CallerValue(arg)
		if !ok {
			return nil, false
		}
		switch v.(type) {
		case vDType, vModule:
		default:
			return nil, false
		}
		if out != nil && out != v {
			return nil, false
		}
		out = v
	}
	return out, out != nil
}

// All returns every call of def, a top-level function of mod, when its name is used nowhere
// else (a function passed on or rebound may be called anywhere).
func (c Calls) All(mod *ast.Module, def *ast.FunctionDef) ([]*ast.Call, bool) {
	cs := c[def.Name]
	if cs == nil || len(cs.calls) == 0 || mod == nil || !slices.Contains(mod.Body, ast.Stmt(def)) || cs.escapes() {
		return nil, false
	}
	return cs.calls, true
}

// Callers returns the innermost def, class or lambda around each call of def (nil for a call at
// module level), when its name is used nowhere else.
func (c Calls) Callers(mod *ast.Module, def *ast.FunctionDef) ([]ast.Node, bool) {
	if _, ok := c.All(mod, def); !ok {
		return nil, false
	}
	return c[def.Name].in, true
}

// Arguments returns the argument expressions, positional and keyword, of the calls the index
// holds (those a parameter of a top-level function may be bound to).
func (c Calls) Arguments() map[ast.Expr]bool {
	out := map[ast.Expr]bool{}
	for _, cs := range c {
		for _, call := range cs.calls {
			for _, a := range call.Args {
				out[a] = true
			}
			for _, k := range call.Keywords {
				out[k.Value] = true
			}
		}
	}
	return out
}

// SetReads makes the runs sharing sh ask reads whether a call only reads its positional
// argument i, a function of the file, without calling it (ProjectCallers.ReadsOnly): such a
// function keeps its calls' bindings. Call it before any run.
func (sh *Shared) SetReads(reads func(call *ast.Call, i int) bool) { sh.file.reads = reads }

// Calls indexes the calls of a module's top-level functions by name (Shared.Calls).
type Calls map[string]*callSites

// Calls returns the index of the calls of mod's top-level functions that the runs sharing sh
// use (made on first use, once per file).
func (sh *Shared) Calls(mod *ast.Module) Calls { return sh.file.callsOf(mod) }

// Only returns the only call of def, a top-level function of mod, when its name is used nowhere
// else, and the innermost def, class or lambda the call is in (nil at module level).
func (c Calls) Only(mod *ast.Module, def *ast.FunctionDef) (call *ast.Call, in ast.Node, ok bool) {
	call, in, ok = c[def.Name].only()
	if !ok || mod == nil || !slices.Contains(mod.Body, ast.Stmt(def)) {
		return nil, nil, false
	}
	return call, in, true
}

// parserNames are the names the file binds to a command-line parser (scanCommandLine).
func (s *Interp) parserNames() map[string]bool {
	s.scanCommandLine()
	return s.fs.parsers
}

// optparser reports whether call's receiver is a name bound to an optparse parser.
func (s *Interp) optparser(call *ast.Call) bool {
	at, ok := call.Func.(*ast.Attribute)
	if !ok {
		return false
	}
	n, ok := at.Value.(*ast.Name)
	s.scanCommandLine()
	return ok && s.fs.optparsers[n.ID]
}

// parsesParser reports whether call hands the file's argparse parser to a function that is not
// one of the parser's own methods (a benchmark harness's parse_with_harness(parser)): such a
// function parses the command line with it.
func (s *Interp) parsesParser(call *ast.Call) bool {
	if at, ok := call.Func.(*ast.Attribute); ok {
		if n, ok := at.Value.(*ast.Name); ok && s.parserNames()[n.ID] {
			return false // parser.add_argument(…), parser.parse_args(…)
		}
	}
	return handsParser(call, s.parserNames())
}

// handsParser reports whether one of call's positional arguments is a name bound to a parser.
func handsParser(call *ast.Call, parsers map[string]bool) bool {
	for _, a := range call.Args {
		if n, ok := a.(*ast.Name); ok && parsers[n.ID] {
			return true
		}
	}
	return false
}

// HoldsArrayAPI reports whether v is an array, an array module or a dtype: a value a function
// handed it works with arrays.
func HoldsArrayAPI(v Value) bool {
	switch v.(type) {
	case vArray, vModule, vDType:
		return true
	}
	return false
}
