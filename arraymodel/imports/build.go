package imports

import (
	"slices"
	"sync"
	"unsafe"

	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines Build: one walk over the module that opens scopes and records bindings.

// Build computes the scope tree and array-library imports of mod. A nil module gives an Info
// whose Resolve finds nothing.
func Build(mod *ast.Module) *Info {
	if mod == nil {
		return &Info{Scopes: map[ast.Node]*Scope{}}
	}
	info := &Info{}
	// About one Name per 20-40 bytes of source, and a name not seen before per 200-300: sizing
	// the list of Names and the name numbering up front avoids copying them while they grow.
	size := int(mod.End-mod.Start) / 32
	b := &builder{info: info, ids: make(map[string]int32, 32+size/6), chunk: min(max(size, 64), 1024),
		scratch: getScratch()}
	defer b.scratch.release()
	info.names = make([]nameAt, 0, size)
	info.Root = b.open(ModuleScope, mod, nil)
	for _, st := range mod.Body {
		b.stmt(st, info.Root)
	}
	b.close(info.Root)
	b.done = true
	info.Scopes = make(map[ast.Node]*Scope, len(info.scopes))
	for _, s := range info.scopes {
		info.Scopes[s.Node] = s
	}
	sortNames(info.names)
	b.bindStars()
	info.indexModuleRefs(func(name string) bool {
		id, ok := b.ids[name]
		return ok && b.below[id]
	})
	info.indexModuleValues(b.reads)
	if info.backends&JAX != 0 {
		info.X64 = b.x64 // (EnablesX64, found on the same walk)
	}
	return info
}

type builder struct {
	info *Info
	// stars are the module's `from numpy import *` statements (bindStars).
	stars []starImport
	cur   ast.Stmt // innermost statement being walked
	// ids numbers the names the module reads or binds; idNames is the reverse.
	ids     map[string]int32
	idNames []string
	*scratch
	// loadSlab and bindSlab are chunks the Loads and Bindings lists are carved from.
	loadSlab []*ast.Name
	bindSlab []Binding
	// chunk is the length of the chunks of loadSlab (a quarter of it, bindSlab's), by the
	// module's size: one allocation per list was most of Build's allocations.
	chunk int
	// done is set once the module scope is closed: bind then adds to the maps directly.
	done bool
	// below is set, per name id, when a scope other than the module binds the name
	// (indexModuleRefs).
	below []bool
	// callee is the callee of the call being walked (an attribute read that is called);
	// reads are the attribute reads of plain names, for indexModuleValues.
	callee ast.Expr
	reads  []attrRead
	// try is the innermost try whose body is being walked (nil in the functions defined there);
	// fallback caches, per try, whether it has a FallbackHandler (asked at its first import).
	try      *ast.Try
	fallback map[*ast.Try]bool
	// x64 is set once a call or assignment walked turns on JAX's 64-bit mode (EnablesX64).
	x64 bool
}

// event is a read or binding of a name (by id) in a scope; its value (the Name read, the
// Binding) is at the same index of the list beside it.
type event struct {
	s  *Scope
	id int32
}

// scratch is the part of a builder that Build hands on to the next one (scratchPool): buffers
// whose contents do not outlive it, which would otherwise grow afresh in each.
type scratch struct {
	// loads and binds are the reads and bindings of the scopes open, in walk order; close
	// groups them into each scope's Loads and Bindings maps, each list once at its final
	// length: a map insert per read or binding, and a growing list per name, were most of
	// Build's cost.
	loads    []event
	loadVals []*ast.Name
	binds    []event
	bindVals []Binding
	// loadsMax and bindsMax are the most loads and binds held (release clears that much).
	loadsMax, bindsMax int
	// marks are, per scope open, the lengths of loads and binds when it opened.
	marks [][2]int
	// count is group's scratch space per name id, distinct its list of ids.
	count, distinct []int32
	// cache is intern's.
	cache [1 << cacheBits]internSlot
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// getScratch returns an empty scratch.
func getScratch() *scratch {
	sc := scratchPool.Get().(*scratch)
	clear(sc.cache[:]) // the addresses may now hold other strings
	return sc
}

// release empties sc, dropping what its buffers point to, and hands it on.
func (sc *scratch) release() {
	clear(sc.loads[:sc.loadsMax])
	clear(sc.loadVals[:sc.loadsMax])
	clear(sc.binds[:sc.bindsMax])
	clear(sc.bindVals[:sc.bindsMax])
	sc.loadsMax, sc.bindsMax = 0, 0
	sc.loads, sc.loadVals, sc.binds, sc.bindVals = sc.loads[:0], sc.loadVals[:0], sc.binds[:0], sc.bindVals[:0]
	sc.marks = sc.marks[:0]
	sc.count, sc.distinct = sc.count[:0], sc.distinct[:0]
	scratchPool.Put(sc)
}

// cacheBits is the log2 of the number of slots of intern's cache.
const cacheBits = 10

// internSlot is an entry of builder.cache: a string by where its bytes are, and its id.
type internSlot struct {
	p     uintptr
	n, id int32
}

// intern returns the id of name. The parser interns the identifiers of a file (most are one
// string each), so a direct-mapped cache by the string's address and length answers most calls
// without hashing the bytes. An address and length determine the bytes for as long as the
// string lives, and every string interned here lives until Build returns (the tree holds it, or
// the Binding recorded with it), so no slot can name a string whose memory was reused; the
// cache is cleared before each Build.
func (b *builder) intern(name string) int32 {
	if len(name) == 0 {
		return b.lookupID(name)
	}
	p := uintptr(unsafe.Pointer(unsafe.StringData(name)))
	slot := &b.cache[uint64(p)*0x9E3779B97F4A7C15>>(64-cacheBits)] // (addresses are 8- or 16-aligned)
	if slot.p != p || slot.n != int32(len(name)) {
		*slot = internSlot{p, int32(len(name)), b.lookupID(name)}
	}
	return slot.id
}

// lookupID returns the id of name, numbering it when new.
func (b *builder) lookupID(name string) int32 {
	id, ok := b.ids[name]
	if !ok {
		id = int32(len(b.idNames))
		b.ids[name] = id
		b.idNames = append(b.idNames, name)
		b.count = append(b.count, 0)
		b.below = append(b.below, false)
	}
	return id
}

func (b *builder) open(kind ScopeKind, n ast.Node, parent *Scope) *Scope {
	s := &Scope{Kind: kind, Node: n, Parent: parent}
	if parent != nil {
		parent.Children = append(parent.Children, s)
	}
	s.index = int32(len(b.info.scopes))
	b.info.scopes = append(b.info.scopes, s)
	b.marks = append(b.marks, [2]int{len(b.loads), len(b.binds)})
	return s
}

// close sets the Loads and Bindings of s, whose walk is done, from the reads and bindings
// recorded since it opened (those of the scopes nested in it are gone already: each closes
// before it), and drops them; a binding there of an enclosing scope (a walrus target in a
// comprehension) stays.
func (b *builder) close(s *Scope) {
	mark := b.marks[len(b.marks)-1]
	b.marks = b.marks[:len(b.marks)-1]
	b.loadsMax, b.bindsMax = max(b.loadsMax, len(b.loads)), max(b.bindsMax, len(b.binds))
	var n int
	s.Loads, n = group(b, s, b.loads[mark[0]:], b.loadVals[mark[0]:], &b.loadSlab, b.chunk)
	b.loads, b.loadVals = b.loads[:mark[0]+n], b.loadVals[:mark[0]+n]
	s.Bindings, n = group(b, s, b.binds[mark[1]:], b.bindVals[mark[1]:], &b.bindSlab, b.chunk/4)
	b.binds, b.bindVals = b.binds[:mark[1]+n], b.bindVals[:mark[1]+n]
}

// group returns the map of the values (vals, beside events) of s's events per name, each list
// in the events' order and allocated at its final length, and moves the events of other scopes
// and their values, in order, to the front, returning how many there are. b.count holds a zero per name id and is left
// so. Short lists are carved from *slab, renewed in chunks of chunk values.
func group[V any](b *builder, s *Scope, events []event, vals []V, slab *[]V, chunk int) (map[string][]V, int) {
	ds := b.distinct[:0]
	total := 0
	for _, ev := range events {
		if ev.s == s {
			if b.count[ev.id] == 0 {
				ds = append(ds, ev.id)
			}
			b.count[ev.id]++
			total++
		}
	}
	m := make(map[string][]V, len(ds))
	if total == 0 {
		return m, len(events)
	}
	var all []V
	switch {
	case len(*slab) >= total:
		all, *slab = (*slab)[:total:total], (*slab)[total:]
	case total > chunk/4:
		all = make([]V, total)
	default:
		*slab = make([]V, chunk)
		all, *slab = (*slab)[:total:total], (*slab)[total:]
	}
	o := int32(0)
	for _, id := range ds {
		c := b.count[id]
		m[b.idNames[id]] = all[o : o+c : o+c]
		b.count[id] = o
		o += c
	}
	kept := 0
	for i, ev := range events {
		if ev.s != s {
			events[kept], vals[kept] = ev, vals[i]
			kept++
			continue
		}
		all[b.count[ev.id]] = vals[i]
		b.count[ev.id]++
	}
	for _, id := range ds {
		b.count[id] = 0
	}
	b.distinct = ds
	return m, kept
}

// bind records a binding; pos defaults per Binding.Pos.
func (b *builder) bind(s *Scope, name string, kind BindingKind, n ast.Node, ref *Ref) {
	if name == "" {
		return
	}
	pos := n.Span().Start
	switch b.cur.(type) {
	case *ast.Assign, *ast.AugAssign, *ast.AnnAssign, *ast.Import, *ast.ImportFrom, *ast.Delete, *ast.ExprStmt:
		pos = b.cur.Span().End
	}
	bd := Binding{Name: name, Kind: kind, Node: n, Pos: pos, Ref: ref}
	if b.done {
		s.Bindings[name] = append(s.Bindings[name], bd)
	} else {
		id := b.intern(name)
		b.binds = append(b.binds, event{s, id})
		b.bindVals = append(b.bindVals, bd)
		if s.Parent != nil {
			b.below[id] = true
		}
	}
	if ref != nil {
		if b.info.refNames == nil {
			b.info.refNames = map[string]bool{}
		}
		b.info.refNames[name] = true
		b.info.backends |= ref.Backend
	}
}

// last returns the binding of name in s that bind just added.
func (b *builder) last(s *Scope, name string) *Binding {
	if b.done {
		bs := s.Bindings[name]
		return &bs[len(bs)-1]
	}
	last := len(b.binds) - 1
	if b.binds[last].s != s || b.bindVals[last].Name != name {
		panic("imports: no binding of " + name + " just added")
	}
	return &b.bindVals[last]
}

// hasFallback reports whether st has a FallbackHandler, worked out once per try and only for
// a try whose body imports something.
func (b *builder) hasFallback(st *ast.Try) bool {
	has, ok := b.fallback[st]
	if !ok {
		if b.fallback == nil {
			b.fallback = map[*ast.Try]bool{}
		}
		has = FallbackHandler(st) != nil
		b.fallback[st] = has
	}
	return has
}

// markOptional marks the import just bound to name Optional when it is taken to fail.
func (b *builder) markOptional(s *Scope, name string, st ast.Stmt) {
	if b.try != nil && b.hasFallback(b.try) && OptionalImport(st) {
		b.last(s, name).Optional = true
		if b.info.optional == nil {
			b.info.optional = map[ast.Stmt]bool{}
		}
		b.info.optional[st] = true
	}
}

// setModule records the dotted path the import just bound to name imports.
func (b *builder) setModule(s *Scope, name, qual string) {
	b.last(s, name).Module = qual
	if b.info.modules == nil {
		b.info.modules, b.info.pathNames = map[string]bool{}, map[string]bool{}
	}
	b.info.pathNames[name] = true
	b.info.modules[qual] = true
}

func (b *builder) stmts(list []ast.Stmt, s *Scope) {
	for _, st := range list {
		b.stmt(st, s)
	}
}

func (b *builder) stmt(st ast.Stmt, s *Scope) {
	if st == nil {
		return
	}
	saved := b.cur
	b.cur = st
	b.stmtKind(st, s)
	b.cur = saved
}

// stmtKind records the bindings of st; the common statements visit their children directly,
// in the order ast.ForEachChild does (skipping nil ones as it does), the rest through it.
func (b *builder) stmtKind(st ast.Stmt, s *Scope) {
	switch st := st.(type) {
	case *ast.ExprStmt:
		b.expr(st.Value, s)
	case *ast.Assign:
		b.x64 = b.x64 || x64Assign(st)
		b.exprs(st.Targets, s)
		b.expr(st.Value, s)
	case *ast.Return:
		b.expr(st.Value, s)
	case *ast.If:
		b.expr(st.Test, s)
		b.stmts(st.Body, s)
		b.stmts(st.Orelse, s)
	case *ast.FunctionDef:
		b.function(st, st.Name, st.Args, st.Body, st.DecoratorList, st.Returns, s)
	case *ast.AsyncFunctionDef:
		b.function(st, st.Name, st.Args, st.Body, st.DecoratorList, st.Returns, s)
	case *ast.ClassDef:
		b.exprs(st.DecoratorList, s)
		b.exprs(st.Bases, s)
		for _, k := range st.Keywords {
			b.expr(k.Value, s)
		}
		cs := b.open(ClassScope, st, s)
		b.stmts(st.Body, cs)
		b.close(cs)
		b.bind(s, st.Name, BindDef, st, nil)
	case *ast.Try:
		saved := b.try
		b.try = st
		b.stmts(st.Body, s)
		b.try = saved
		for _, h := range st.Handlers {
			b.node(h, s)
		}
		b.stmts(st.Orelse, s)
		b.stmts(st.Finalbody, s)
	case *ast.Import:
		for _, a := range st.Names {
			name, qual := a.Asname, a.Name
			if name == "" {
				name, qual = firstPart(a.Name), firstPart(a.Name)
			}
			b.bind(s, name, BindImport, a, refFor(qual, st))
			b.setModule(s, name, qual)
			b.markOptional(s, name, st)
		}
	case *ast.ImportFrom:
		for _, a := range st.Names {
			if a.Name == "*" {
				if st.Level == 0 && starModules[st.Module] && s == b.info.Root {
					b.stars = append(b.stars, starImport{st: st, alias: a})
				}
				continue
			}
			name := a.Asname
			if name == "" {
				name = a.Name
			}
			var ref *Ref
			if st.Level == 0 && st.Module != "" {
				ref = refFor(st.Module+"."+a.Name, st)
			}
			b.bind(s, name, BindImport, a, ref)
			if st.Level == 0 && st.Module != "" {
				b.setModule(s, name, st.Module+"."+a.Name)
			}
			b.markOptional(s, name, st)
		}
	case *ast.Global:
		for _, n := range st.Names {
			if s.Globals == nil {
				s.Globals = map[string]bool{}
			}
			s.Globals[n] = true
		}
	case *ast.Nonlocal:
		for _, n := range st.Names {
			if s.Nonlocals == nil {
				s.Nonlocals = map[string]bool{}
			}
			s.Nonlocals[n] = true
		}
	case *ast.For:
		b.expr(st.Target, s)
		b.expr(st.Iter, s)
		b.stmts(st.Body, s)
		b.stmts(st.Orelse, s)
	case *ast.AsyncFor:
		b.expr(st.Target, s)
		b.expr(st.Iter, s)
		b.stmts(st.Body, s)
		b.stmts(st.Orelse, s)
	case *ast.While:
		b.expr(st.Test, s)
		b.stmts(st.Body, s)
		b.stmts(st.Orelse, s)
	case *ast.With:
		b.withItems(st.Items, s)
		b.stmts(st.Body, s)
	case *ast.AsyncWith:
		b.withItems(st.Items, s)
		b.stmts(st.Body, s)
	case *ast.AugAssign:
		b.expr(st.Target, s)
		b.expr(st.Value, s)
	case *ast.AnnAssign:
		b.expr(st.Target, s)
		b.expr(st.Annotation, s)
		b.expr(st.Value, s)
	case *ast.Raise:
		b.expr(st.Exc, s)
		b.expr(st.Cause, s)
	case *ast.Assert:
		b.expr(st.Test, s)
		b.expr(st.Msg, s)
	case *ast.Delete:
		b.exprs(st.Targets, s)
	case *ast.Pass, *ast.Break, *ast.Continue:
	default:
		ast.ForEachChild(st, func(c ast.Node) { b.node(c, s) })
	}
}

func (b *builder) withItems(items []*ast.WithItem, s *Scope) {
	for _, it := range items {
		if it != nil {
			b.expr(it.ContextExpr, s)
			b.expr(it.OptionalVars, s)
		}
	}
}

// node dispatches a child of a statement or expression.
func (b *builder) node(n ast.Node, s *Scope) {
	switch n := n.(type) {
	case ast.Stmt:
		b.stmt(n, s)
	case ast.Expr:
		b.expr(n, s)
	case *ast.ExceptHandler:
		b.expr(n.Type, s)
		if n.Name != "" {
			b.bind(s, n.Name, BindAssign, n, nil)
		}
		b.stmts(n.Body, s)
	case *ast.MatchAs:
		b.node(n.Pattern, s)
		b.bind(s, n.Name, BindOther, n, nil)
	case *ast.MatchStar:
		b.bind(s, n.Name, BindOther, n, nil)
	case *ast.MatchMapping:
		ast.ForEachChild(n, func(c ast.Node) { b.node(c, s) })
		b.bind(s, n.Rest, BindOther, n, nil)
	case nil:
	default:
		ast.ForEachChild(n, func(c ast.Node) { b.node(c, s) })
	}
}

func (b *builder) exprs(list []ast.Expr, s *Scope) {
	for _, e := range list {
		b.expr(e, s)
	}
}

func (b *builder) expr(e ast.Expr, s *Scope) {
	switch e := e.(type) {
	case nil:
	case *ast.Name:
		b.info.names = append(b.info.names, nameAt{e.Start, s.index, e})
		if e.Ctx == ast.Load {
			b.loads = append(b.loads, event{s, b.intern(e.ID)})
			b.loadVals = append(b.loadVals, e)
		} else {
			b.bind(s, e.ID, BindAssign, e, nil)
		}
	case *ast.NamedExpr:
		b.expr(e.Value, s)
		t := s
		for t.Kind == ComprehensionScope && t.Parent != nil {
			t = t.Parent
		}
		if n, ok := e.Target.(*ast.Name); ok {
			b.info.names = append(b.info.names, nameAt{n.Start, t.index, n})
			b.bind(t, n.ID, BindAssign, n, nil)
		}
	case *ast.Lambda:
		b.defaults(e.Args, s)
		ls := b.open(LambdaScope, e, s)
		b.params(e.Args, ls)
		b.expr(e.Body, ls)
		b.close(ls)
	case *ast.ListComp:
		b.comprehension(e, e.Generators, s, e.Elt)
	case *ast.SetComp:
		b.comprehension(e, e.Generators, s, e.Elt)
	case *ast.GeneratorExp:
		b.comprehension(e, e.Generators, s, e.Elt)
	case *ast.DictComp:
		b.comprehension(e, e.Generators, s, e.Key, e.Value)
	// The most common expressions visit their children directly, in ast.ForEachChild's order.
	case *ast.Constant:
	case *ast.Attribute:
		b.attrRead(e)
		b.expr(e.Value, s)
	case *ast.Call:
		b.x64 = b.x64 || x64Call(e)
		b.callee = e.Func
		b.expr(e.Func, s)
		b.exprs(e.Args, s)
		for _, k := range e.Keywords {
			if k != nil {
				b.expr(k.Value, s)
			}
		}
	case *ast.BinOp:
		b.expr(e.Left, s)
		b.expr(e.Right, s)
	case *ast.Subscript:
		b.expr(e.Value, s)
		b.expr(e.Slice, s)
	case *ast.Tuple:
		b.exprs(e.Elts, s)
	case *ast.List:
		b.exprs(e.Elts, s)
	case *ast.Compare:
		b.expr(e.Left, s)
		b.exprs(e.Comparators, s)
	case *ast.UnaryOp:
		b.expr(e.Operand, s)
	case *ast.BoolOp:
		b.exprs(e.Values, s)
	case *ast.Starred:
		b.expr(e.Value, s)
	case *ast.Dict:
		b.exprs(e.Keys, s)
		b.exprs(e.Values, s)
	case *ast.IfExp:
		b.expr(e.Test, s)
		b.expr(e.Body, s)
		b.expr(e.Orelse, s)
	case *ast.JoinedStr:
		b.exprs(e.Values, s)
	case *ast.FormattedValue:
		b.expr(e.Value, s)
		b.expr(e.FormatSpec, s)
	case *ast.Slice:
		b.expr(e.Lower, s)
		b.expr(e.Upper, s)
		b.expr(e.Step, s)
	case *ast.Await:
		b.expr(e.Value, s)
	case *ast.Yield:
		b.expr(e.Value, s)
	case *ast.YieldFrom:
		b.expr(e.Value, s)
	case *ast.Set:
		b.exprs(e.Elts, s)
	default:
		ast.ForEachChild(e, func(c ast.Node) { b.node(c, s) })
	}
}

func (b *builder) comprehension(n ast.Expr, gens []*ast.Comprehension, s *Scope, elts ...ast.Expr) {
	if len(gens) == 0 {
		b.exprs(elts, s)
		return
	}
	b.expr(gens[0].Iter, s) // the first iterable is evaluated in the enclosing scope
	cs := b.open(ComprehensionScope, n, s)
	for i, g := range gens {
		if i > 0 {
			b.expr(g.Iter, cs)
		}
		b.expr(g.Target, cs)
		b.exprs(g.Ifs, cs)
	}
	b.exprs(elts, cs)
	b.close(cs)
}

func (b *builder) function(n ast.Stmt, name string, args *ast.Arguments, body []ast.Stmt, decos []ast.Expr, returns ast.Expr, s *Scope) {
	b.exprs(decos, s)
	b.defaults(args, s)
	b.annotations(args, s)
	b.expr(returns, s)
	fs := b.open(FunctionScope, n, s)
	b.params(args, fs)
	saved := b.try
	b.try = nil
	b.stmts(body, fs)
	b.try = saved
	b.close(fs)
	b.bind(s, name, BindDef, n, nil)
}

func (b *builder) defaults(args *ast.Arguments, s *Scope) {
	if args == nil {
		return
	}
	b.exprs(args.Defaults, s)
	b.exprs(args.KwDefaults, s)
}

func (b *builder) annotations(args *ast.Arguments, s *Scope) {
	eachArg(args, func(a *ast.Arg) { b.expr(a.Annotation, s) })
}

func (b *builder) params(args *ast.Arguments, s *Scope) {
	saved := b.cur
	b.cur = nil
	eachArg(args, func(a *ast.Arg) { b.bind(s, a.Arg, BindParam, a, nil) })
	b.cur = saved
}

// eachArg calls f on each parameter of args (nil: none) in the order they are declared:
// positional-only, positional, *args, keyword-only, **kwargs. AllArgs collects them.
func eachArg(args *ast.Arguments, f func(*ast.Arg)) {
	if args == nil {
		return
	}
	for _, a := range args.Posonlyargs {
		f(a)
	}
	for _, a := range args.Args {
		f(a)
	}
	if args.Vararg != nil {
		f(args.Vararg)
	}
	for _, a := range args.Kwonlyargs {
		f(a)
	}
	if args.Kwarg != nil {
		f(args.Kwarg)
	}
}

// conventionModules maps the parameter names array code uses for the array module it is handed
// (cuPyNumeric's examples take `np`, the array API's `xp`) to the library taken when nothing
// else says which.
var conventionModules = map[string]string{"np": "numpy", "xp": "numpy", "cp": "cupy", "jnp": "jax.numpy"}

// ConventionRef returns the library a parameter named like an array module stands for when
// nothing else says which (`def run(np, n)`), or false. Resolve does not apply it: the rules
// treat such a parameter as unknown, and the memory estimate, which runs a function with its
// callers' arguments where it has them, takes it for functions estimated on their own.
func ConventionRef(a *ast.Arg) (Ref, bool) {
	qual, ok := conventionModules[a.Arg]
	if !ok || a.Annotation != nil {
		return Ref{}, false
	}
	r := refFor(qual, nil)
	r.Convention = true
	return *r, true
}

// AllArgs returns every parameter of args in declaration order: positional-only, regular,
// *args, keyword-only, **kwargs. A nil args gives none.
func AllArgs(args *ast.Arguments) []*ast.Arg {
	var out []*ast.Arg
	eachArg(args, func(a *ast.Arg) { out = append(out, a) })
	return out
}

// HasArg reports whether args declares a parameter (of any kind) named name.
func HasArg(args *ast.Arguments, name string) bool {
	return slices.ContainsFunc(AllArgs(args), func(a *ast.Arg) bool { return a.Arg == name })
}

// refFor returns the Ref of an imported dotted path, or nil outside array libraries.
func refFor(qual string, site ast.Stmt) *Ref {
	backend, api, ok := Classify(qual)
	if !ok {
		return nil
	}
	return &Ref{Qual: qual, API: api, Backend: backend, Site: site}
}

func firstPart(dotted string) string {
	for i := 0; i < len(dotted); i++ {
		if dotted[i] == '.' {
			return dotted[:i]
		}
	}
	return dotted
}

// attrRead is a read of an attribute of a plain name (`np.zeros`), or of an attribute of one
// (`np.random.random`: at is `np.random`, outer the whole), and whether it is called.
type attrRead struct {
	at, outer *ast.Attribute
	called    bool // the read (outer, when there is one) is a call's callee
}

// attrRead records e when it reads an attribute of a plain name or of such an attribute, as an
// array module is read (moduleOnly: decided by the read alone, so most reads are not kept).
func (b *builder) attrRead(e *ast.Attribute) {
	var r attrRead
	switch v := e.Value.(type) {
	case *ast.Name:
		r = attrRead{at: e, called: b.callee == ast.Expr(e)}
	case *ast.Attribute:
		if _, ok := v.Value.(*ast.Name); !ok {
			return
		}
		r = attrRead{at: v, outer: e, called: b.callee == ast.Expr(e)}
	default:
		return
	}
	if id := r.at.Value.(*ast.Name).ID; id != "self" && id != "cls" && moduleOnly(r) {
		b.reads = append(b.reads, r)
	}
}

// starModules are the modules whose `from M import *` binds array-library names: NumPy's
// namespace, and pylab's, which star-imports NumPy's.
var starModules = map[string]bool{"numpy": true, "pylab": true, "matplotlib.pylab": true}

// starSubmodules are the submodules of NumPy a star import binds (numpy.__all__ lists them).
var starSubmodules = map[string]bool{"random": true, "linalg": true, "fft": true, "ma": true, "char": true,
	"polynomial": true, "emath": true, "rec": true, "lib": true, "testing": true, "dtypes": true, "strings": true}

// builtinTypes are the Python types ParseDType also reads as dtypes; NumPy's namespace does not
// have them (np.float was removed in 1.24), so a star import leaves them Python's.
var builtinTypes = map[string]bool{"float": true, "int": true, "complex": true, "bool": true, "object": true, "str": true, "bytes": true}

// starImport is one `from numpy import *` of the module.
type starImport struct {
	st    *ast.ImportFrom
	alias *ast.Alias
}

// bindStars binds, for each `from numpy import *` of the module, the names the module reads,
// binds nowhere, and NumPy's namespace has (its functions, submodules, dtypes and constants),
// as imports of numpy.NAME at the star import: `from numpy import *; random.standard_normal(n)`
// is NumPy's. A name the module binds itself keeps its own binding; builtins NumPy's namespace
// shadows (sum, abs, max, min, round, all, any) are NumPy's after the star import, as in Python.
func (b *builder) bindStars() {
	if len(b.stars) == 0 {
		return
	}
	st := b.stars[0]
	var walk func(sc *Scope)
	free := map[string]bool{}
	walk = func(sc *Scope) {
		for name := range sc.Loads {
			if !boundOnChain(sc, name) {
				free[name] = true
			}
		}
		for _, c := range sc.Children {
			walk(c)
		}
	}
	walk(b.info.Root)
	saved := b.cur
	b.cur = st.st
	for name := range free {
		if !numpyPublic(name) {
			continue
		}
		b.bind(b.info.Root, name, BindImport, st.alias, refFor("numpy."+name, st.st))
		b.setModule(b.info.Root, name, "numpy."+name)
	}
	b.cur = saved
}

// boundOnChain reports whether some scope from sc out to the module binds name (a class scope
// is seen only from itself, as Python looks names up).
func boundOnChain(sc *Scope, name string) bool {
	for s := sc; s != nil; s = s.Parent {
		if s != sc && s.Kind == ClassScope {
			continue
		}
		if len(s.Bindings[name]) > 0 {
			return true
		}
	}
	return false
}

// numpyPublic reports whether NumPy's namespace has name as the estimator knows it: a function
// of the API table, a submodule, a dtype or a constant.
func numpyPublic(name string) bool {
	if starSubmodules[name] {
		return true
	}
	if _, ok := npapi.Lookup(name); ok {
		return true
	}
	if _, ok := npapi.ParseDType(name); ok && len(name) > 2 && !builtinTypes[name] {
		return true // float64, int32, complex128, double (not a one- or two-letter code)
	}
	_, _, ok := npapi.Constant(name)
	return ok
}

// sortNames sorts names by start, stably. The walk visits most Names in source order (not a
// comprehension's element, a function's defaults, a walrus target, a dict's values), so an
// insertion sort does it in a pass or little more; it gives way to a merge sort when a file
// has many Names out of place.
func sortNames(names []nameAt) {
	budget := len(names) + 4096
	for i := 1; i < len(names); i++ {
		x := names[i]
		j := i
		for j > 0 && names[j-1].start > x.start {
			j--
		}
		if j == i {
			continue
		}
		if budget -= i - j; budget < 0 {
			slices.SortStableFunc(names, func(x, y nameAt) int { return int(x.start) - int(y.start) })
			return
		}
		copy(names[j+1:i+1], names[j:i])
		names[j] = x
	}
}
