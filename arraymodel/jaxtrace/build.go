package jaxtrace

import (
	"strings"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines Build: the transformations table and the walk that applies it.

// jitOptions are the compiling transformations that take static and donated arguments.
var jitOptions = map[string]bool{
	"jax.jit": true, "jax.pjit": true, "jax.experimental.pjit.pjit": true, "jax.pmap": true,
}

// kinds maps every transformation that traces the function it is given (its first argument,
// or the decorated def) to its kind.
var kinds = map[string]Kind{
	"jax.jit": Compiled, "jax.pjit": Compiled, "jax.experimental.pjit.pjit": Compiled,
	"jax.pmap": Compiled, "jax.shard_map": Compiled, "jax.experimental.shard_map.shard_map": Compiled,
	"jax.vmap": Batched,
	// Equinox's filter_jit traces the array leaves of its arguments and keeps the rest static;
	// which parameters are which depends on the values passed (Transform.OptsUnknown).
	"equinox.filter_jit": Compiled,
}

// wrappers return a function that calls the one they are given with the same positional
// arguments: `jax.jit(jax.grad(loss))` traces loss as jit would.
var wrappers = map[string]bool{
	"jax.grad": true, "jax.value_and_grad": true, "jax.jacfwd": true, "jax.jacrev": true,
	"jax.hessian": true, "jax.checkpoint": true, "jax.remat": true, "jax.vmap": true,
	"jax.ad_checkpoint.checkpoint": true, "jax.named_call": true,
}

// bodies maps each lax control-flow primitive to the positions of its function arguments.
var bodies = map[string][]int{
	"jax.lax.scan": {0}, "jax.lax.fori_loop": {2}, "jax.lax.while_loop": {0, 1},
	"jax.lax.cond": {1, 2}, "jax.lax.switch": {1}, "jax.lax.map": {0},
	"jax.lax.associative_scan": {0},
}

// lastNames are the last components of the names of kinds and bodies.
var lastNames = func() map[string]bool {
	out := map[string]bool{}
	for q := range kinds {
		out[q[strings.LastIndexByte(q, '.')+1:]] = true
	}
	for q := range bodies {
		out[q[strings.LastIndexByte(q, '.')+1:]] = true
	}
	return out
}()

// partials are the names of functools.partial.
var partials = map[string]bool{"functools.partial": true}

// Build computes the tracing facts of mod; imp is its import resolution.
func Build(mod *ast.Module, imp *imports.Info) *Info {
	if mod == nil || imp == nil || imp.Backends()&imports.JAX == 0 {
		return BuildWith(mod, nil, imp)
	}
	return BuildWith(mod, ast.NewInspector(mod), imp)
}

// BuildWith is Build with the module's Inspector (the one the rules share), whose defs, lambdas
// and calls it scans instead of walking the module again.
func BuildWith(mod *ast.Module, in *ast.Inspector, imp *imports.Info) *Info {
	info := &Info{
		imp:         imp,
		funcs:       map[ast.Node]*Func{},
		assigns:     map[*ast.Name]ast.Expr{},
		attrAssigns: map[*ast.ClassDef]map[string][]ast.Expr{},
		methods:     map[*ast.ClassDef]map[string]ast.Node{},
		jitCalls:    map[*ast.Call]*Transform{},
	}
	if mod == nil || imp == nil || imp.Backends()&imports.JAX == 0 {
		return info // nothing is traced without a jax import
	}
	info.index(in)
	var defs []ast.Node // every def and lambda in source order
	var calls []*ast.Call
	for n := range in.Preorder((*ast.FunctionDef)(nil), (*ast.AsyncFunctionDef)(nil), (*ast.Lambda)(nil), (*ast.Call)(nil)) {
		switch n := n.(type) {
		case *ast.FunctionDef:
			defs = append(defs, n)
			info.decorators(n, n.DecoratorList)
		case *ast.AsyncFunctionDef:
			defs = append(defs, n)
			info.decorators(n, n.DecoratorList)
		case *ast.Lambda:
			defs = append(defs, n)
		case *ast.Call:
			info.call(n)
			calls = append(calls, n)
		}
	}
	// A def or lambda nested in a traced function runs while it is traced, and so does a def of
	// the module a traced function calls; each may add the other, up to a fixed point.
	for {
		added := info.nested(defs) + info.called()
		if added == 0 {
			break
		}
	}
	info.order = info.order[:0]
	for _, d := range defs {
		if f := info.funcs[d]; f != nil {
			info.order = append(info.order, f)
		}
	}
	info.passedArgs(calls)
	for _, f := range info.order {
		info.tracedNames(f)
		info.collectLoops(f)
	}
	return info
}

// nested adds the defs and lambdas nested in a traced function, and returns how many.
func (info *Info) nested(defs []ast.Node) int {
	added := 0
	for _, d := range defs {
		if info.funcs[d] != nil {
			continue
		}
		if parent := info.Enclosing(d); parent != nil {
			f := info.newFunc(d)
			f.Outer = parent
			info.funcs[d] = f
			info.order = append(info.order, f)
			added++
		}
	}
	return added
}

// called adds the defs of the module that a traced function calls by name (`helper(x)`,
// `self.helper(x)`), and returns how many.
func (info *Info) called() int {
	added := 0
	for i := 0; i < len(info.order); i++ {
		f := info.order[i]
		for _, st := range ownStmts(f.Node) {
			ast.Inspect(st, func(n ast.Node) bool {
				switch n.(type) {
				case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef, *ast.Lambda:
					return false
				}
				c, ok := n.(*ast.Call)
				if !ok {
					return true
				}
				var d ast.Node
				switch x := c.Func.(type) {
				case *ast.Name:
					d, _ = info.resolveName(x, 0)
				case *ast.Attribute:
					d, _ = info.resolveFunc(x, 0)
				}
				switch d.(type) {
				case *ast.FunctionDef, *ast.AsyncFunctionDef:
					if info.funcs[d] == nil && info.Enclosing(d) == nil { // nested: nested() adds it
						g := info.newFunc(d)
						g.Caller = f
						info.funcs[d] = g
						info.order = append(info.order, g)
						added++
					}
				}
				return true
			})
		}
	}
	return added
}

// index records assignments, classes and methods.
func (info *Info) index(in *ast.Inspector) {
	var classStack []*ast.ClassDef
	in.WithStack([]ast.Node{(*ast.ClassDef)(nil), (*ast.Assign)(nil)}, func(n ast.Node, push bool, _ []ast.Node) bool {
		switch n := n.(type) {
		case *ast.ClassDef:
			if !push {
				classStack = classStack[:len(classStack)-1]
				return true
			}
			info.classes = append(info.classes, n)
			info.methods[n] = map[string]ast.Node{}
			for _, st := range n.Body {
				switch d := st.(type) {
				case *ast.FunctionDef:
					info.methods[n][d.Name] = d
				case *ast.AsyncFunctionDef:
					info.methods[n][d.Name] = d
				}
			}
			classStack = append(classStack, n)
		case *ast.Assign:
			if !push || len(n.Targets) != 1 {
				return true
			}
			switch t := n.Targets[0].(type) {
			case *ast.Name:
				info.assigns[t] = n.Value
			case *ast.Attribute:
				if b, ok := t.Value.(*ast.Name); ok && b.ID == "self" && len(classStack) > 0 {
					c := classStack[len(classStack)-1]
					if info.attrAssigns[c] == nil {
						info.attrAssigns[c] = map[string][]ast.Expr{}
					}
					info.attrAssigns[c][t.Attr] = append(info.attrAssigns[c][t.Attr], n.Value)
				}
			}
		}
		return true
	})
}

// newFunc makes the Func of a def or lambda node.
func (info *Info) newFunc(n ast.Node) *Func {
	f := &Func{Node: n}
	var args *ast.Arguments
	switch d := n.(type) {
	case *ast.FunctionDef:
		args = d.Args
	case *ast.AsyncFunctionDef:
		args = d.Args
	case *ast.Lambda:
		args = d.Args
	}
	if args != nil {
		for _, a := range ast.PositionalArgs(args) {
			f.Params = append(f.Params, a.Arg)
		}
		f.Positional = len(f.Params)
		for _, a := range args.Kwonlyargs {
			f.Params = append(f.Params, a.Arg)
		}
		f.defaulted = map[string]bool{}
		for i := range args.Defaults { // the defaults belong to the last positional parameters
			f.defaulted[f.Params[f.Positional-len(args.Defaults)+i]] = true
		}
		for i, d := range args.KwDefaults {
			if d != nil && i < len(args.Kwonlyargs) {
				f.defaulted[args.Kwonlyargs[i].Arg] = true
			}
		}
	}
	if c := info.classAt(n); c != nil && info.methods[c] != nil {
		for _, m := range info.methods[c] {
			if m == n && len(f.Params) > 0 && (f.Params[0] == "self" || f.Params[0] == "cls") {
				f.Method = true
			}
		}
	}
	return f
}

// passedArgs records, for each jitted function, which of its parameters some call of the module
// passes (Func.passed).
func (info *Info) passedArgs(calls []*ast.Call) {
	if len(info.funcs) == 0 {
		return // no traced function for a call to pass arguments to
	}
	for _, c := range calls {
		f, _, shift, ok := info.Callee(c)
		if !ok || f == nil {
			continue
		}
		if f.passed == nil {
			f.passed = map[string]bool{}
		}
		for i, a := range c.Args {
			if _, star := a.(*ast.Starred); star {
				f.passedAll = true
				break
			}
			if j := i + shift; j < f.Positional {
				f.passed[f.Params[j]] = true
			}
		}
		for _, k := range c.Keywords {
			if k.Arg == "" {
				f.passedAll = true // **kwargs
			}
			f.passed[k.Arg] = true
		}
	}
}

// add records that t traces the def or lambda node n.
func (info *Info) add(n ast.Node, t *Transform) {
	f := info.funcs[n]
	if f == nil {
		f = info.newFunc(n)
		info.funcs[n] = f
		info.order = append(info.order, f)
	}
	f.Outer = nil
	f.Transforms = append(f.Transforms, t)
}

// qual returns the dotted name e refers to: an array-library member through imports.Resolve,
// or any other module's member through its absolute import (`functools.partial`).
func (info *Info) qual(e ast.Expr) string {
	if r, ok := info.imp.Resolve(e); ok {
		return r.Qual
	}
	var attrs []string
	for {
		switch x := e.(type) {
		case *ast.Attribute:
			attrs = append(attrs, x.Attr)
			e = x.Value
			continue
		case *ast.Name:
			p, ok := info.imp.ImportPath(x)
			if !ok {
				return ""
			}
			for i := len(attrs) - 1; i >= 0; i-- {
				p += "." + attrs[i]
			}
			return p
		}
		return ""
	}
}

// transformOf returns the transformation a decorator expression or the Func of a call applies:
// `jax.jit`, `jax.jit(static_argnums=…)` (a decorator factory: no positional argument),
// `partial(jax.jit, …)`. opts is the call whose keywords are its options.
func (info *Info) transformOf(e ast.Expr) (qual string, opts *ast.Call, ok bool) {
	if c, isCall := e.(*ast.Call); isCall {
		q := info.qual(c.Func)
		if partials[q] && len(c.Args) >= 1 {
			if inner := info.qual(c.Args[0]); kinds[inner] != 0 {
				return inner, c, true
			}
			return "", nil, false
		}
		if kinds[q] != 0 && len(c.Args) == 0 {
			return q, c, true
		}
		return "", nil, false
	}
	q := info.qual(e)
	return q, nil, kinds[q] != 0
}

// decorators applies the transformations among a def's decorators.
func (info *Info) decorators(d ast.Node, decs []ast.Expr) {
	for _, e := range decs {
		if q, opts, ok := info.transformOf(e); ok {
			info.add(d, newTransform(q, e, opts))
		}
	}
}

// call applies a transformation call to the function it is given: `jax.jit(f, …)`,
// `partial(jax.jit, …)(f)`, `lax.scan(body, …)`.
func (info *Info) call(c *ast.Call) {
	if a, ok := c.Func.(*ast.Attribute); ok && !lastNames[a.Attr] {
		// the qualified name of an attribute ends with it: no transformation or body-taking
		// function ends so (most calls; resolving each was 2 % of check's CPU on JAX's sources)
		return
	}
	q := info.qual(c.Func)
	if idx, ok := bodies[q]; ok {
		for _, i := range idx {
			if i >= len(c.Args) {
				continue
			}
			arg := c.Args[i]
			if q == "jax.lax.switch" {
				if l, ok := arg.(*ast.List); ok {
					for _, b := range l.Elts {
						info.applyTo(b, &Transform{Qual: q, Kind: Body, Site: c})
					}
					continue
				}
			}
			info.applyTo(arg, &Transform{Qual: q, Kind: Body, Site: c})
		}
		return
	}
	var opts *ast.Call
	if kinds[q] != 0 {
		opts = c
	} else if inner, ok := c.Func.(*ast.Call); ok {
		// partial(jax.jit, …)(f) and jax.jit(…)(f); a plain name or attribute that is no
		// transformation (q) is none either way
		if fq, o, ok := info.transformOf(inner); ok && o != nil {
			q, opts = fq, o
		}
	}
	if opts == nil || len(c.Args) == 0 {
		return
	}
	t := newTransform(q, c, opts)
	info.jitCalls[c] = t
	info.applyTo(c.Args[0], t)
}

// applyTo records that t traces the function e evaluates to, when it is found.
func (info *Info) applyTo(e ast.Expr, t *Transform) {
	n, shift := info.resolveFunc(e, 0)
	if n == nil {
		return
	}
	t.Shift = shift
	info.add(n, t)
}

// resolveFunc finds the def or lambda e evaluates to: a lambda, a name bound once to a def or to
// an expression that is one, a method of the enclosing class (`self._step`: shift 1, the
// bound `self`), or the function a wrapper (`jax.grad(f)`) or transformation wraps.
func (info *Info) resolveFunc(e ast.Expr, depth int) (ast.Node, int) {
	if depth > 4 {
		return nil, 0
	}
	switch x := e.(type) {
	case *ast.Lambda:
		return x, 0
	case *ast.Name:
		return info.resolveName(x, depth)
	case *ast.Attribute:
		b, ok := x.Value.(*ast.Name)
		if !ok || b.ID != "self" {
			return nil, 0
		}
		if c := info.classAt(x); c != nil {
			if m := info.methods[c][x.Attr]; m != nil {
				return m, 1
			}
		}
	case *ast.Call:
		q := info.qual(x.Func)
		if (wrappers[q] || kinds[q] != 0) && len(x.Args) > 0 {
			return info.resolveFunc(x.Args[0], depth+1)
		}
		if fq, _, ok := info.transformOf(x.Func); ok && (wrappers[fq] || kinds[fq] != 0) && len(x.Args) > 0 {
			return info.resolveFunc(x.Args[0], depth+1)
		}
	}
	return nil, 0
}

// resolveName follows a name to its binding: a def, or an assignment of a function value.
func (info *Info) resolveName(n *ast.Name, depth int) (ast.Node, int) {
	bd, ok := info.binding(n)
	if !ok {
		return nil, 0
	}
	switch bd.Kind {
	case imports.BindDef:
		switch bd.Node.(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef:
			return bd.Node, 0
		}
	case imports.BindAssign:
		if t, ok := bd.Node.(*ast.Name); ok {
			if v := info.assigns[t]; v != nil {
				return info.resolveFunc(v, depth+1)
			}
		}
	}
	return nil, 0
}

// binding returns the binding a read of n sees: in n's own scope, the last one that takes effect
// before it (`step = jax.jit(step)` reads the def); from a nested scope, the scope's last one
// (a module's functions run after its top level has bound its names).
func (info *Info) binding(n *ast.Name) (imports.Binding, bool) {
	s := info.imp.ScopeOf(n)
	if s == nil {
		return imports.Binding{}, false
	}
	b := s.Lookup(n.ID)
	if b == nil {
		return imports.Binding{}, false
	}
	binds := b.Bindings[n.ID]
	if len(binds) == 0 {
		return imports.Binding{}, false
	}
	if b != s {
		return binds[len(binds)-1], true
	}
	for i := len(binds) - 1; i >= 0; i-- {
		if binds[i].Pos <= n.Start {
			return binds[i], true
		}
	}
	return imports.Binding{}, false
}

// classAt returns the innermost class whose body contains n, or nil.
func (info *Info) classAt(n ast.Node) *ast.ClassDef {
	var best *ast.ClassDef
	for _, c := range info.classes {
		if c.Span().Encloses(n.Span()) && ast.Node(c) != n {
			best = c // classes are in source order: a later enclosing one is nested deeper
		}
	}
	return best
}

// newTransform reads the options of a transformation from the keywords of opts.
func newTransform(q string, site ast.Expr, opts *ast.Call) *Transform {
	t := &Transform{Qual: q, Kind: kinds[q], Site: site, Opts: opts}
	if q == "equinox.filter_jit" {
		t.OptsUnknown = true
	}
	if opts == nil {
		return t
	}
	for _, kw := range opts.Keywords {
		var ok bool
		switch kw.Arg {
		case "static_argnums", "static_broadcasted_argnums":
			t.StaticNums, ok = ints(kw.Value)
		case "donate_argnums":
			t.DonateNums, ok = ints(kw.Value)
		case "static_argnames":
			t.StaticNames, ok = strs(kw.Value)
		case "donate_argnames":
			t.DonateNames, ok = strs(kw.Value)
		case "":
			ok = false // **kwargs may carry any option
		default:
			ok = true
		}
		if !ok {
			t.OptsUnknown = true
		}
	}
	return t
}

// ints reads an int literal or a tuple or list of them.
func ints(e ast.Expr) ([]int, bool) {
	if v, ok := intConst(e); ok {
		return []int{v}, true
	}
	var out []int
	for _, x := range elts(e) {
		v, ok := intConst(x)
		if !ok {
			return nil, false
		}
		out = append(out, v)
	}
	return out, isSeq(e)
}

// strs reads a str literal or a tuple or list of them.
func strs(e ast.Expr) ([]string, bool) {
	if c, ok := e.(*ast.Constant); ok && c.Value.Kind == ast.ConstStr {
		return []string{c.Value.Str}, true
	}
	var out []string
	for _, x := range elts(e) {
		c, ok := x.(*ast.Constant)
		if !ok || c.Value.Kind != ast.ConstStr {
			return nil, false
		}
		out = append(out, c.Value.Str)
	}
	return out, isSeq(e)
}

func isSeq(e ast.Expr) bool {
	switch e.(type) {
	case *ast.Tuple, *ast.List:
		return true
	}
	return false
}

func elts(e ast.Expr) []ast.Expr {
	switch x := e.(type) {
	case *ast.Tuple:
		return x.Elts
	case *ast.List:
		return x.Elts
	}
	return nil
}

// intConst reads an int literal, negated or not.
func intConst(e ast.Expr) (int, bool) {
	neg := false
	if u, ok := e.(*ast.UnaryOp); ok && u.Op == ast.USub {
		neg, e = true, u.Operand
	}
	c, ok := e.(*ast.Constant)
	if !ok || c.Value.Kind != ast.ConstInt || c.Value.Big != nil {
		return 0, false
	}
	if neg {
		return -int(c.Value.Int), true
	}
	return int(c.Value.Int), true
}

// JaxAPI reports whether e resolves to the JAX member qual ("jax.numpy.nonzero") and returns its
// API name ("nonzero" for jax.numpy members, the qualified name otherwise).
func (info *Info) JaxAPI(e ast.Expr) (string, bool) {
	r, ok := info.imp.Resolve(e)
	if !ok || r.Backend != imports.JAX {
		return "", false
	}
	return r.API, true
}

// Qual returns the dotted name a callee expression refers to, through array-library imports or
// any absolute import, or "".
func (info *Info) Qual(e ast.Expr) string {
	if info == nil || info.imp == nil {
		return ""
	}
	return info.qual(e)
}

// CallsFunction reports whether the callable resolved as qual calls, or returns something that
// calls, the function it is handed: a tracing transformation (`jax.jit`), a wrapper
// (`jax.grad`), a lax primitive taking a body, or functools.partial. Passing a function to one
// of them is not a read only, whatever the library's source says.
func CallsFunction(qual string) bool {
	_, kind := kinds[qual]
	_, body := bodies[qual]
	return kind || body || wrappers[qual] || partials[qual]
}
