package arrays

import (
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the statement walk: one pass per scope in program order.

type env map[string]value

func (e env) clone() env {
	out := make(env, len(e))
	for k, v := range e {
		out[k] = v
	}
	return out
}

// joinEnv merges two states; names missing on one side become unknown.
func joinEnv(a, b env) env {
	out := env{}
	for k, v := range a {
		if w, ok := b[k]; ok {
			out[k] = join(v, w)
		} else {
			out[k] = unknown
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out[k] = unknown
		}
	}
	return out
}

// joinInto is joinEnv writing the result into a, for states nothing else refers to.
func joinInto(a, b env) env {
	for k, v := range a {
		if w, ok := b[k]; ok {
			a[k] = join(v, w)
		} else {
			a[k] = unknown
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			a[k] = unknown
		}
	}
	return a
}

type walker struct {
	info  *Info
	scope *imports.Scope
	env   env
	// final holds each analysed scope's state at its end.
	final map[*imports.Scope]env
	// pending are nested scopes to analyse once this one is done.
	pending []pendingScope
}

type pendingScope struct {
	args  *ast.Arguments
	body  []ast.Stmt
	scope *imports.Scope
}

// maxDepth bounds nested loop re-walks (each loop walks its body twice).
const maxLoopDepth = 6

// Analyze infers array facts for mod using the import resolution imp (from imports.Build).
//
// A module that imports an array library (or annotates a parameter as an array) is analysed
// at once, each scope exactly once. Any other module holds no arrays, so the array queries
// answer without analysis, and the scalar queries (Int, Scalar, DTypeOf) analyse only the scope
// of the asked expression and the scopes around it, on first use. The answers are the same
// either way: a scope's facts depend only on its own code and its enclosing scopes' final
// states.
func Analyze(mod *ast.Module, imp *imports.Info) *Info { return AnalyzeWith(mod, imp, nil) }

// AnalyzeWith is Analyze with the user's assumptions (bindings.ParseAssume): a name the program
// leaves unknown (a parameter, a value read at run time) evaluates to its assumed integer.
func AnalyzeWith(mod *ast.Module, imp *imports.Info, assume map[string]int64) *Info {
	info := &Info{imp: imp, mod: mod, assume: assume}
	if mod == nil || imp == nil || imp.Root == nil {
		if info.imp == nil {
			info.imp = imports.Build(nil)
		}
		info.facts = map[ast.Node]value{}
		info.allWalked = true
		return info
	}
	info.final = map[*imports.Scope]env{}
	info.walked = map[*imports.Scope][]pendingScope{}
	info.root = pendingScope{body: mod.Body, scope: imp.Root}
	info.mayArrays = mayHoldArrays(imp)
	if !info.mayArrays {
		info.facts = map[ast.Node]value{}
		return info
	}
	// About one known fact per 10-60 bytes of source in array code; sizing the map up front avoids
	// rehashing it a dozen times while it grows.
	info.facts = make(map[ast.Node]value, int(mod.End-mod.Start)/12)
	queue := []pendingScope{info.root}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if _, done := info.walked[p.scope]; !done {
			queue = append(queue, info.walkScope(p)...)
		}
	}
	info.allWalked = true
	return info
}

// walkScope analyses one scope (once; later calls do nothing) and returns the scopes defined
// in it, each once, in source order. The caller has walked every enclosing scope.
func (info *Info) walkScope(p pendingScope) []pendingScope {
	if p.scope == nil {
		return nil
	}
	if nested, done := info.walked[p.scope]; done {
		return nested
	}
	w := &walker{info: info, scope: p.scope, env: env{}, final: info.final}
	w.params(p.args)
	w.block(p.body, 0)
	info.final[p.scope] = w.env
	// A def inside a loop is met once per walk of the loop body: keep the first. A set, not a
	// scan of the kept ones: a module of 160,000 functions spent 13 s of its 16 s in that scan.
	nested := w.pending[:0]
	seen := make(map[*imports.Scope]bool, len(w.pending))
	for _, q := range w.pending {
		if !seen[q.scope] {
			seen[q.scope] = true
			nested = append(nested, q)
		}
	}
	info.walked[p.scope] = nested
	return nested
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
// a parameter is annotated with a string or attribute that annotation() takes for an array.
// Without either, no value in the module can be an array, a generator or a library reference.
func mayHoldArrays(imp *imports.Info) bool {
	if imp.Backends() != imports.Unknown {
		return true
	}
	w := &walker{info: &Info{imp: imp}}
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
			if a.Annotation != nil && w.annotation(a.Annotation).kind == vArray {
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

// ensureFor walks the scope whose analysis records facts for the node starting at pos, and the
// scopes around it. The caller holds info.mu.
func (info *Info) ensureFor(pos ast.Offset) {
	p := info.root
	for {
		nested := info.walkScope(p)
		next := -1
		for i, q := range nested {
			if len(q.body) > 0 && stmtStart(q.body[0]) <= pos && pos < q.body[len(q.body)-1].Span().End {
				next = i
				break
			}
		}
		if next < 0 {
			return
		}
		p = nested[next]
	}
}

// params binds parameters: arrays when annotated as arrays, symbolic ints when annotated int.
func (w *walker) params(a *ast.Arguments) {
	for _, p := range imports.AllArgs(a) {
		v := unknown
		if p.Annotation != nil {
			v = w.annotation(p.Annotation)
		}
		if v.kind == vScalar {
			v.sym = npapi.Var(p.Arg)
		}
		w.env[p.Arg] = v
	}
	if a != nil {
		// Unannotated parameters stay unknown; a parameter used as a size is symbolic.
		for _, p := range imports.AllArgs(a) {
			if w.env[p.Arg].kind == vUnknown {
				w.env[p.Arg] = value{kind: vUnknown, sym: npapi.Var(p.Arg)}
			}
		}
	}
}

// annotation interprets a parameter annotation.
func (w *walker) annotation(x ast.Expr) value {
	if sub, ok := x.(*ast.Subscript); ok {
		x = sub.Value // NDArray[np.float32], Optional[...] is not unwrapped
	}
	if c, ok := x.(*ast.Constant); ok && c.Value.Kind == ast.ConstStr {
		switch c.Value.Str {
		case "np.ndarray", "numpy.ndarray", "cp.ndarray", "jnp.ndarray", "jax.Array", "NDArray", "npt.NDArray":
			return arrValue(&Array{Origin: Param})
		}
		return unknown
	}
	if n, ok := x.(*ast.Name); ok && n.ID == "int" {
		return value{kind: vScalar, dtype: npapi.WeakInt}
	}
	var qual string
	if ref, ok := w.info.imp.Resolve(x); ok {
		qual = ref.API
		switch qual {
		case "ndarray", "jax.Array", "jax.numpy.ndarray", "typing.NDArray", "typing.ArrayLike":
			if qual == "typing.ArrayLike" {
				return unknown
			}
			return arrValue(&Array{Backend: ref.Backend, Origin: Param})
		}
		return unknown
	}
	// numpy.typing imported as npt: npt.NDArray
	if at, ok := x.(*ast.Attribute); ok && at.Attr == "NDArray" {
		return arrValue(&Array{Origin: Param})
	}
	return unknown
}

func (w *walker) block(body []ast.Stmt, depth int) {
	for _, st := range body {
		w.stmt(st, depth)
	}
}

func (w *walker) stmt(st ast.Stmt, depth int) {
	switch st := st.(type) {
	case *ast.Assign:
		v := w.eval(st.Value)
		for _, t := range st.Targets {
			w.assign(t, v)
		}
	case *ast.AnnAssign:
		if st.Value != nil {
			w.assign(st.Target, w.eval(st.Value))
		}
	case *ast.AugAssign:
		w.augAssign(st)
	case *ast.ExprStmt:
		w.eval(st.Value)
	case *ast.Return:
		w.eval(st.Value)
	case *ast.Delete:
		for _, t := range st.Targets {
			if n, ok := t.(*ast.Name); ok {
				delete(w.env, n.ID)
			} else {
				w.target(t)
			}
		}
	case *ast.If:
		w.eval(st.Test)
		before := w.env.clone()
		w.block(st.Body, depth)
		after := w.env
		w.env = before
		w.block(st.Orelse, depth)
		w.env = joinInto(after, w.env)
	case *ast.For:
		w.loop(st.Iter, st.Target, st.Body, st.Orelse, depth)
	case *ast.AsyncFor:
		w.loop(st.Iter, st.Target, st.Body, st.Orelse, depth)
	case *ast.While:
		w.loop(st.Test, nil, st.Body, st.Orelse, depth)
	case *ast.With:
		w.with(st.Items, st.Body, depth)
	case *ast.AsyncWith:
		w.with(st.Items, st.Body, depth)
	case *ast.Try:
		w.try(st.Body, st.Handlers, st.Orelse, st.Finalbody, depth)
	case *ast.TryStar:
		w.try(st.Body, st.Handlers, st.Orelse, st.Finalbody, depth)
	case *ast.Match:
		w.eval(st.Subject)
		before := w.env.clone()
		out := before
		for i, c := range st.Cases {
			w.env = before.clone()
			w.clearPattern(c.Pattern)
			w.eval(c.Guard)
			w.block(c.Body, depth)
			if i == 0 {
				out = w.env
			} else {
				out = joinInto(out, w.env)
			}
		}
		w.env = joinEnv(out, before)
	case *ast.FunctionDef:
		w.defineFunction(st, st.Name, st.Args, st.Body, st.DecoratorList, st.Returns)
	case *ast.AsyncFunctionDef:
		w.defineFunction(st, st.Name, st.Args, st.Body, st.DecoratorList, st.Returns)
	case *ast.ClassDef:
		for _, x := range st.DecoratorList {
			w.eval(x)
		}
		for _, x := range st.Bases {
			w.eval(x)
		}
		w.env[st.Name] = unknown
		if s := w.info.imp.Scopes[st]; s != nil {
			w.pending = append(w.pending, pendingScope{body: st.Body, scope: s})
		}
	case *ast.Import, *ast.ImportFrom:
		for _, a := range importAliases(st) {
			name := a.Asname
			if name == "" {
				name = firstName(a.Name)
			}
			delete(w.env, name) // resolved through imports from now on
		}
	case *ast.Raise:
		w.eval(st.Exc)
		w.eval(st.Cause)
	case *ast.Assert:
		w.eval(st.Test)
		w.eval(st.Msg)
	}
}

func importAliases(st ast.Stmt) []*ast.Alias {
	switch st := st.(type) {
	case *ast.Import:
		return st.Names
	case *ast.ImportFrom:
		return st.Names
	}
	return nil
}

func firstName(dotted string) string {
	for i := range dotted {
		if dotted[i] == '.' {
			return dotted[:i]
		}
	}
	return dotted
}

func (w *walker) defineFunction(st ast.Stmt, name string, args *ast.Arguments, body []ast.Stmt, decos []ast.Expr, returns ast.Expr) {
	for _, x := range decos {
		w.eval(x)
	}
	if args != nil {
		for _, x := range args.Defaults {
			w.eval(x)
		}
		for _, x := range args.KwDefaults {
			w.eval(x)
		}
	}
	w.env[name] = unknown
	if s := w.info.imp.Scopes[st]; s != nil {
		w.pending = append(w.pending, pendingScope{args: args, body: body, scope: s})
	}
}

func (w *walker) loop(iter, target ast.Expr, body, orelse []ast.Stmt, depth int) {
	itv := w.eval(iter)
	before := w.env.clone()
	bindTarget := func() {
		if target == nil {
			return
		}
		w.assign(target, w.iterValue(iter, itv))
	}
	if depth < maxLoopDepth {
		bindTarget()
		w.block(body, depth+1)
		w.env = joinInto(before, w.env)
	}
	// The recorded facts come from this walk, which starts from the loop-head state.
	head := w.env.clone()
	bindTarget()
	w.block(body, depth+1)
	w.env = joinInto(head, w.env)
	w.block(orelse, depth)
}

// iterValue is the value of a loop variable: ints for range(), rows for arrays.
func (w *walker) iterValue(iter ast.Expr, itv value) value {
	if c, ok := iter.(*ast.Call); ok {
		if n, ok := c.Func.(*ast.Name); ok && n.ID == "range" {
			return value{kind: vScalar, dtype: npapi.WeakInt}
		}
	}
	if itv.kind == vArray && len(itv.arr.Shape) > 1 {
		return arrValue(w.viewWithShape(itv.arr, iter, itv.arr.Shape[1:]))
	}
	if itv.kind == vArray && len(itv.arr.Shape) == 1 {
		return value{kind: vScalar, dtype: itv.arr.DType}
	}
	return unknown
}

func (w *walker) with(items []*ast.WithItem, body []ast.Stmt, depth int) {
	for _, it := range items {
		v := w.eval(it.ContextExpr)
		_ = v
		if it.OptionalVars != nil {
			w.assign(it.OptionalVars, unknown)
		}
	}
	w.block(body, depth)
}

func (w *walker) try(body []ast.Stmt, handlers []*ast.ExceptHandler, orelse, final []ast.Stmt, depth int) {
	before := w.env.clone()
	w.block(body, depth)
	w.block(orelse, depth)
	after := w.env
	// A handler may start after any statement of the body: begin from the join.
	start := joinInto(before, after)
	out := after
	for _, h := range handlers {
		w.env = start.clone()
		w.eval(h.Type)
		if h.Name != "" {
			w.env[h.Name] = unknown
		}
		w.block(h.Body, depth)
		out = joinInto(out, w.env)
	}
	w.env = out
	w.block(final, depth)
}

func (w *walker) clearPattern(p ast.Pattern) {
	if p == nil {
		return
	}
	ast.Inspect(p, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.MatchAs:
			if n.Name != "" {
				w.env[n.Name] = unknown
			}
		case *ast.MatchStar:
			if n.Name != "" {
				w.env[n.Name] = unknown
			}
		case *ast.MatchMapping:
			if n.Rest != "" {
				w.env[n.Rest] = unknown
			}
		}
		return true
	})
}

// assign binds target to v, unpacking tuples.
func (w *walker) assign(t ast.Expr, v value) {
	switch t := t.(type) {
	case *ast.Name:
		w.assignName(t, v)
	case *ast.Tuple:
		w.unpack(t.Elts, v)
	case *ast.List:
		w.unpack(t.Elts, v)
	case *ast.Starred:
		w.assign(t.Value, unknown)
	default:
		w.target(t)
	}
}

func (w *walker) assignName(n *ast.Name, v value) {
	w.env[n.ID] = v
	w.record(n, v)
}

func (w *walker) unpack(elts []ast.Expr, v value) {
	for i, el := range elts {
		ev := unknown
		if v.kind == vTuple && len(v.elems) == len(elts) {
			ev = v.elems[i]
		} else if v.kind == vArray && v.arr.Role == IndexTuple {
			ix := *v.arr
			ix.Role, ix.Unpacked, ix.Component = IndexArray, len(elts), i
			ev = arrValue(&ix)
		}
		w.assign(el, ev)
	}
}

// target evaluates the parts of a subscript or attribute store and applies its effect.
func (w *walker) target(t ast.Expr) {
	switch t := t.(type) {
	case *ast.Subscript:
		w.eval(t.Value)
		w.evalIndex(t.Slice)
	case *ast.Attribute:
		base := w.eval(t.Value)
		if base.kind == vArray && (t.Attr == "shape" || t.Attr == "dtype") {
			if n, ok := t.Value.(*ast.Name); ok {
				a := *base.arr
				a.Shape = nil
				if t.Attr == "dtype" {
					a.DType = npapi.NoDType
				}
				w.env[n.ID] = arrValue(&a)
			}
		}
	}
}

// augAssign: arrays are updated in place (same array); scalars are recomputed.
func (w *walker) augAssign(st *ast.AugAssign) {
	r := w.eval(st.Value)
	switch t := st.Target.(type) {
	case *ast.Name:
		l := w.eval(t)
		if l.kind == vArray {
			return // in place: same buffer, same dtype and shape
		}
		w.assignName(t, w.binop(&ast.BinOp{Range: st.Range, Left: t, Op: st.Op, Right: st.Value}, l, r))
	default:
		w.target(t)
	}
}
