package absint

import (
	"maps"
	"reflect"
	"slices"
	"sync/atomic"

	"github.com/arraylint/arraylint/arraymodel/bindings"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/jaxtrace"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the interpreter state: frames, references and how objects die.

// Tunables of the interpreter.
const (
	// maxUnroll is the largest known trip count run iteration by iteration; longer loops run
	// two iterations and extrapolate list growth.
	maxUnroll = 64
	// MaxCallDepth bounds inlining of calls to functions of the analysed file.
	MaxCallDepth = 8
	// maxSteps bounds the statements one scope's run executes (inlined calls and loop
	// iterations included), so pathological nesting cannot make an analysis hang.
	maxSteps = DefaultMaxSteps
	// maxExploreSteps is maxSteps for a run that explores all paths: its statements cost less (no heap), and a
	// scope's facts stop where its budget ends.
	maxExploreSteps = 200000
)

// DefaultMaxSteps is the statements one scope's simulation may run when Config.MaxSteps is not
// set (the max-steps setting's default). It bounds the cost per line of the estimate, forks
// included: a fork's copying is charged to the budget (fork.go). Past it the scope's estimate
// stops and lists the budget among the sizes not known, so its peak is a lower bound.
const DefaultMaxSteps = 20000

// Library names: the array library whose arrays a run holds (Config.Backend).
const (
	BackendNumPy  = "numpy"
	BackendCuPy   = "cupy"
	BackendLegate = "legate"
	BackendJAX    = "jax"
)

// Config configures one run of the interpreter.
type Config struct {
	// Accelerator is set when the arrays live on a GPU or TPU target: XLA's CPU backend's
	// figures (the PRNG's temporaries under jit, xla.go) do not apply there.
	Accelerator bool
	// Backend is the library whose arrays the run holds (BackendNumPy, …; "" is NumPy): it
	// decides what an array module handed out for an array is (cupy.get_array_module) and
	// whether calls make internal temporaries (cuPyNumeric's do not).
	Backend string
	File    *pyparse.File
	Imports *imports.Info
	// Heap receives the arrays' allocations (nil: NoHeap).
	Heap Heap
	// Assume binds names whose values the program does not fix (N=10_000_000).
	Assume map[string]int64
	// AssumeExprs binds names to other Python values, as expressions evaluated where the name
	// is read: "numpy", "numpy.float32", "(1000, 3)", "'all'", "False". An integer in Assume
	// wins over an expression of the same name.
	AssumeExprs map[string]string
	// Consts, when set, holds the module's constants for several runs (see Consts); otherwise
	// Shared's are used.
	Consts *Consts
	// Shared is state the runs over one file share (argparse defaults, module constants); nil
	// gives the run its own.
	Shared *Shared
	// Strategy is how the run treats what the program leaves open: Simulate (the memory
	// estimate), Explore (the rules' facts); the zero value follows one path as Simulate does,
	// without its naming conventions.
	Strategy Strategy
	// Observe, when set, is called with each expression the run evaluates in the scope it runs
	// (not in the functions it inlines) and its value, and with each name it binds.
	Observe func(e ast.Expr, v Value)
	// Outer, when set, gives the value of a name the run's scope reads from an enclosing scope.
	Outer func(name string) (Value, bool)
	// CallerValue, when set (ExploreAllPaths), gives what an argument expression of a call held
	// where the call stands, once that scope has run: the rules' run of a top-level function
	// takes an array parameter from its only call in the file (paramsources.go).
	CallerValue func(arg ast.Expr) (Value, bool)
	// CallerFields, when set with CallerValue, gives the attributes of the instance an
	// argument expression of a call held, as InstanceFields copies them, joined over the visits
	// of the caller's run: a parameter every call binds to one instance is bound to a copy of its
	// fields (callerInstance).
	CallerFields func(arg ast.Expr) (Fields, bool)
	// Path is the analysed file's path: modules of the project are found from it.
	Path string
	// MaxSteps, when positive, replaces DefaultMaxSteps as the statements one scope's
	// simulation may run (the max-steps setting); runs that explore all paths keep
	// maxExploreSteps.
	MaxSteps int
	// ProjectRoot, when set, lets calls into modules of the project under it run (projectmod.go);
	// no file outside it is read. "" reads no other file.
	ProjectRoot string
	// Parsed holds the project modules parsed for the runs over one file (shared by the runs a
	// client makes for one question, such as Scale's re-estimates).
	Parsed ParsedSet
	// Files reads the project's files (nil: the file system directly).
	Files Files
	// Scaling names the symbols a client varies (their values come from Assume even where the
	// program binds them to constants).
	Scaling []string
	// AssumeOrigins says which layer of the assumptions gave each assumed value (Symbol.Source).
	AssumeOrigins map[string]bindings.Origin
	// Argv, when not nil, is the command line the program is run with (sys.argv[1:]): the
	// argparse options of a file that declares them take its values (bindings.ParseCommandLine)
	// instead of their defaults; Shared.CommandLine says whether a run read it.
	Argv []string
	// NumPyVersion is the NumPy whose promotion the run follows (the zero value: NumPy 2, where
	// a NumPy scalar promotes by its dtype).
	NumPyVersion npapi.NumPyVersion
}

// Shared is what the runs over one file compute once: what is known of the file (fileState),
// the module's constants seen by functions analysed on their own, and the project's modules.
type Shared struct {
	file fileState
	// argvRead and argvErr say whether a run read Config.Argv, and what its parser refused.
	argvRead bool
	argvErr  error
	consts   *Consts
	// project is the project modules' state (projectmod.go), made on first use.
	project *projectRun
	// scans are the scopes' syntax scans for size provenance (provenance.go).
	scans map[ast.Node]scopeScan
	// traces are the tracing facts of each module run (xla.go), built once for all scopes.
	traces map[*ast.Module]*jaxtrace.Info
}

// Consts are a module's constants as functions run on their own see them (the module body run
// once, without a heap). A client that runs a file several times with the same module — Scale's
// re-estimates, which change only the value a name is assumed to have, read where a function
// reads the constant — may share one (Config.Consts).
type Consts struct {
	m    map[string]value
	done bool
	// reads are the names from outside the module its body read: a run that varies one of
	// them (Config.Scaling) works its constants out again.
	reads map[string]bool
}

// readsAny reports whether the module body read one of names.
func (c *Consts) readsAny(names []string) bool {
	for _, n := range names {
		if c.reads[n] {
			return true
		}
	}
	return false
}

// fileState is what a run computes once about a file it runs code of (the analysed file, or a
// module of the project): its argparse options, its calls by callee name and its module
// constants' lines (paramsources.go).
type fileState struct {
	// records is set once a run over the file makes a dataclass record (callerinstance.go):
	// until then no call can hand one on.
	records    atomic.Bool
	args       map[string]bindings.Binding
	argsDone   bool
	calls      Calls
	constLines map[string]int
	namespaces map[string]bool // names bound to a parsed command line (paramsources.go)
	parsers    map[string]bool // names bound to a command-line parser (paramsources.go)
	optparsers map[string]bool // those bound to an optparse parser
	// lambdas are the file's lambdas as functions (lambdaDef), made on first use.
	lambdas map[*ast.Lambda]*ast.FunctionDef
	// inits are the __init__ functions of the file's dataclasses (classes.go), made on first use.
	inits map[*ast.ClassDef]*ast.FunctionDef
	// arrayNames are, per function, the names it uses as arrays (arraylike.go).
	arrayNames map[*ast.FunctionDef]map[string]bool
	// reads, when set, says whether a call only reads its positional argument i, a function of
	// the file, without calling it (ProjectCallers.ReadsOnly): no escape of the function.
	reads func(call *ast.Call, i int) bool
	// inspector is the file's shared Inspector (Shared.UseInspector), nil when none was given.
	inspector *ast.Inspector
}

// inspect walks mod as ast.Inspect does, through the file's shared Inspector when mod is the
// tree it was built for: the whole-module scans of callIndex and scanCommandLine cost a third
// as much that way.
func (fs *fileState) inspect(mod *ast.Module, f func(ast.Node) bool) {
	if fs.inspector != nil && mod != nil && fs.inspector.Root() == ast.Node(mod) {
		fs.inspector.Inspect(f)
		return
	}
	ast.Inspect(mod, f)
}

// preorder visits the nodes of mod of the given types in depth-first order, through the
// file's shared Inspector when mod is the tree it was built for (which skips the subtrees that
// hold none of them), else with ast.Inspect.
func (fs *fileState) preorder(mod *ast.Module, f func(ast.Node), types ...ast.Node) {
	if fs.inspector != nil && mod != nil && fs.inspector.Root() == ast.Node(mod) {
		for n := range fs.inspector.Preorder(types...) {
			f(n)
		}
		return
	}
	want := make(map[reflect.Type]bool, len(types))
	for _, t := range types {
		want[reflect.TypeOf(t)] = true
	}
	ast.Inspect(mod, func(n ast.Node) bool {
		if n != nil && want[reflect.TypeOf(n)] {
			f(n)
		}
		return true
	})
}

// UseInspector gives the runs sharing sh the Inspector of the analysed file's syntax tree (the
// one pyinspect makes for the rules), which they scan instead of walking the tree again.
func (sh *Shared) UseInspector(in *ast.Inspector) { sh.file.inspector = in }

// frame is one function activation (or the module, or a class body).
type frame struct {
	vars    map[string]value
	globals map[string]bool
	fn      *ast.FunctionDef
	// env is the frame of the function fn was defined in (a closure), nil for a function
	// defined at module level.
	env *frame
	jit bool
	ret value
	// retLine is the line of the return statement that set ret (0 before one runs).
	retLine int
	done    bool // return or raise reached
	// raised names the exception of the raise that set done ("?" when unnamed, "" for a
	// return): a try's handler may catch it
	raised string
	brk    bool // break reached in the innermost loop
	cont   bool // continue reached
	// class is set on the namespace a class body runs in: the functions defined there do not
	// see its names (env is the frame the class statement runs in)
	class bool
	// from and via, when from is set, make the frame a fork's copy of from not made yet: its
	// vars and ret (nil until then) are from's, copied through via on first use (own), and
	// its globals are from's until then (fork.go).
	from *frame
	via  *Cloner
}

// Interp runs one scope of a file.
type Interp struct {
	// xla is the XLA program running, xlaDone the accounting of those that returned; unfused
	// makes arrays get their buffers at once even inside a program.
	xla     *xlaProgram
	xlaDone []XLAProgram
	unfused bool
	// reads are the arrays the operation being evaluated read (use), for a fused result's deps.
	reads []*Obj
	// grad is the forward pass of jax.grad being run, nil when none.
	grad    *gradPass
	file    *pyparse.File
	imp     *imports.Info
	cfg     Config
	h       Heap
	shared  *Shared
	fs      *fileState // the file whose code runs: &shared.file, or a project module's
	module  *frame
	frames  []*frame
	lines   []int // statement line per nesting level; lines[0] is the scope's current line
	unknown []Unknown
	// unknownAtFork is, in a fork, how many entries of unknown it was made with (adopt skips them)
	unknownAtFork int
	// arrayLikeListed are the names whose arithmetic is listed already (arraylike.go): one
	// entry per name says what the others would
	arrayLikeListed map[string]bool
	growth          []Growth
	depth           int
	pending         string // the name the current assignment binds, for naming a failed allocation
	// pendingValue is the current assignment's value expression: the array it allocates is
	// named pending from the start, so a peak reached by that allocation lists it by name.
	pendingValue ast.Expr
	root         *frame   // the scope's frame
	rootNode     ast.Node // the scope\'s node (a def, a class) when it is not the module
	cur          int      // line of the innermost statement of the root frame being run
	steps        int      // statements run so far
	exhausted    bool     // steps passed maxSteps
	jax32        bool     // a jax call without 64-bit mode is running: its arrays are 32-bit
	// lib is the library of the operation being run: the arrays it makes belong to it.
	lib       imports.Backend
	discarded ast.Expr // the expression statement being run: its value is dropped unread
	symbols   []Symbol // values read from outside the program's assignments (symbols.go)
	// pendingSyms are symbols listed on the first read of their name (paramsources.go).
	pendingSyms map[string]pendingSym
	// proj is where in the project the run is (projectmod.go).
	proj projState
	// freeSizes are the sizes of inputs the run read without knowing them (FreeSizes).
	freeSizes []string
	// assumeExprs caches the parsed Config.AssumeExprs (nil for one that does not parse).
	assumeExprs map[string]ast.Expr
	// apart holds the nodes of the assumed expressions (parsed apart from the file) with the
	// text they were parsed from: their text is that text, their line the read's (text, lineOf).
	apart map[ast.Node][]byte
	// figures are the data matplotlib's open figures keep (plotKeeps), one reference each.
	figures []value
	// loopIfs holds, for each loop being run that the run extrapolates (innermost last), the
	// ifs in it that its passes ran, each with whether its body ran (lategrowth.go).
	loopIfs []map[*ast.If]bool
	// images counts the images (imshow) among the open figures: drawing them is listed.
	images int
	// objectsGrew is the list whose Python objects grew last (pyobjects.go): the list a loop
	// that grows is taken to grow (recordGrowth).
	objectsGrew *pyList
	// longLoops counts the loops and comprehensions being run that the run extrapolates (more
	// than maxUnroll iterations, or a count not known): the lists they grow hold Python objects
	// that matter at their scale, and only those are counted (pyobjects.go).
	longLoops int
	// assumedVals are the values assumed expressions made (one reference each), by name.
	assumedVals map[string]value
	// consts are the module's constants seen by a function analysed on its own, shared read-only
	// by every such run over one file and looked up after module.vars (which shadows them).
	consts map[string]value
	// classes are the classes of project modules made so far (classes.go), by statement.
	classes map[*ast.ClassDef]*pyClass
	// constCloner makes the run's own copies of the classes among consts.
	constCloner *Cloner
	// methodNames names the methods of the classes made so far (Grid.__init__), for messages.
	methodNames map[*ast.FunctionDef]string
}

func (s *Interp) top() *frame { return s.frames[len(s.frames)-1].own() }

// line returns the line of the scope's innermost statement being run (where peaks are
// attributed): inside a loop the body's line, inside an inlined call the call's line.
func (s *Interp) line() int { return s.cur }

// site returns the line of the innermost statement being run in any frame.
func (s *Interp) site() int {
	if len(s.lines) == 0 {
		return s.cur
	}
	return s.lines[len(s.lines)-1]
}

func (s *Interp) lineOf(n ast.Node) int {
	if _, ok := s.apart[n]; ok {
		return s.site() // an assumed value counts where the name is read
	}
	if s.proj.line > 0 {
		return s.proj.line // code of another module counts at the call that runs it
	}
	return s.file.Lines.Line(n.Span().Start)
}

func (s *Interp) text(n ast.Node) string {
	r := n.Span()
	src := s.file.Src
	if a, ok := s.apart[n]; ok {
		src = a
	}
	if r.Start < 0 || int(r.End) > len(src) || r.Start > r.End {
		return ""
	}
	t := string(src[r.Start:r.End])
	if len(t) > 80 {
		t = t[:77] + "..."
	}
	return t
}

// incref adds one reference to every object v holds.
func incref(v value) {
	switch v := v.(type) {
	case vArray:
		v.o.refs++
	case vTuple:
		for _, e := range v.elts {
			incref(e)
		}
	case vList:
		v.l.refs++
	case vDict:
		v.l.refs++
	case vMethod:
		incref(v.recv)
	case vAt:
		incref(v.arr)
	case vInstance:
		v.o.refs++
	case vBound:
		incref(v.self)
	case vSuper:
		incref(v.self)
	}
}

// decref drops one reference from every object v holds and releases what dies.
func (s *Interp) decref(v value) {
	switch v := v.(type) {
	case vArray:
		v.o.refs--
		if v.o.refs <= 0 {
			s.dieArray(v.o)
		}
	case vTuple:
		for _, e := range v.elts {
			s.decref(e)
		}
	case vList:
		s.decref(vDict(v))
	case vDict:
		v.l.refs--
		if v.l.refs <= 0 {
			s.dropObjects(v.l)
			elts := v.l.elts
			v.l.elts, v.l.keys = nil, nil
			for _, e := range elts {
				s.decref(e)
			}
		}
	case vMethod:
		s.decref(v.recv)
	case vAt:
		s.decref(v.arr)
	case vInstance:
		v.o.refs--
		if v.o.refs == 0 {
			s.dieInstance(v.o)
		}
	case vBound:
		s.decref(v.self)
	case vSuper:
		s.decref(v.self)
	}
}

// dieArray releases an ndarray object: its buffer when it owns one, else its reference to its base.
func (s *Interp) dieArray(o *Obj) {
	if o.refs < 0 {
		return
	}
	o.refs = -1
	if o.base != nil {
		s.decref(vArray{o.base})
		return
	}
	if o.fused {
		s.releaseDeps(o)
		return // never written out: no buffer to free
	}
	s.noteFree(o)
	s.h.Release(s, o)
}

// lookup finds a name in the current frame, then the module, then the imports.
func (s *Interp) lookup(n *ast.Name) (value, bool) {
	f := s.top()
	if !f.globals[n.ID] {
		if v, ok := f.vars[n.ID]; ok {
			s.noteRead(f, n.ID, v)
			return v, true
		}
	}
	if v, ok := s.enclosing(f, n.ID); ok {
		return v, true
	}
	if v, ok := s.module.own().vars[n.ID]; ok {
		return v, true
	}
	if v, ok := s.consts[n.ID]; ok {
		switch v.(type) {
		case vClass, vInstance:
			return s.ownConst(v), true
		}
		return s.constant(n, v), true
	}
	if ref, ok := s.imp.Resolve(n); ok {
		return s.refValue(ref), true
	}
	if _, ok := s.apart[n]; ok {
		if ref, ok := s.imp.ResolveModuleName(n.ID); ok {
			return s.refValue(ref), true // np in an assumed np.empty(524288)
		}
	}
	if s.cfg.Outer != nil {
		if v, ok := s.cfg.Outer(n.ID); ok {
			incref(v)
			return v, true
		}
	}
	return s.projectName(n)
}

// enclosing looks name up in the frames of the functions f is nested in, as long as they run
// (a closure called after its function returned reads nothing of it here).
func (s *Interp) enclosing(f *frame, name string) (value, bool) {
	if f.globals[name] {
		return nil, false
	}
	for e := f.env; e != nil; e = e.env {
		if !slices.Contains(s.frames, e) {
			return nil, false
		}
		if v, ok := e.vars[name]; ok && !e.globals[name] {
			return v, true
		}
	}
	return nil, false
}

// lambdaDef is lambda e as a function: a def named <lambda> whose body returns e's expression
// (at the expression's place in the source, so its lines are the lambda's), made once per lambda.
func (s *Interp) lambdaDef(e *ast.Lambda) *ast.FunctionDef {
	if d, ok := s.fs.lambdas[e]; ok {
		return d
	}
	if s.fs.lambdas == nil {
		s.fs.lambdas = map[*ast.Lambda]*ast.FunctionDef{}
	}
	args := e.Args
	if args == nil {
		args = &ast.Arguments{}
	}
	d := &ast.FunctionDef{Range: e.Range, Name: "<lambda>", Args: args,
		Body: []ast.Stmt{&ast.Return{Range: e.Body.Span(), Value: e.Body}}}
	s.fs.lambdas[e] = d
	return d
}

// closureEnv is the env of a function or lambda defined now: the running function's frame, or
// nil at module level.
func (s *Interp) closureEnv() *frame {
	if f := closureEnvOf(s.top()); f != nil && f != s.module && f.fn != nil {
		return f
	}
	return nil
}

// refValue turns a resolved library member into a value: dtypes become vDType.
func (s *Interp) refValue(ref imports.Ref) value {
	if ref.API == "newaxis" {
		return vNone{} // np.newaxis is None
	}
	if x, known, ok := npapi.Constant(ref.API); ok {
		return vFloat{f: x, known: known}
	}
	if dt, ok := npapi.DTypeName(lastPart(ref.API)); ok && ref.API != "" && !isFuncAPI(ref.API) {
		return vDType{dt}
	}
	return vModule{ref}
}

func lastPart(api string) string {
	for i := len(api) - 1; i >= 0; i-- {
		if api[i] == '.' {
			return api[i+1:]
		}
	}
	return api
}

func isFuncAPI(api string) bool {
	_, ok := npapi.Lookup(api)
	return ok
}

// bindName binds name in the current frame to v (whose reference it takes) and drops the old value.
func (s *Interp) bindName(name string, v value) {
	f := s.top()
	vars := f.vars
	if f.globals[name] {
		vars = s.module.own().vars
	}
	if _, ok := v.(vUnknown); ok {
		if m, ok := s.moduleValue(name); ok {
			v = m // np = harness.np: the code reads it as an array module
		}
	}
	old, had := vars[name]
	vars[name] = v
	s.named(v, name)
	if had {
		s.decref(old)
	}
}

// named tells the heap the name an array now bound is known by, and names a list that has no
// name yet (for growth reports).
func (s *Interp) named(v value, name string) {
	if o, ok := isArray(v); ok && o.base == nil {
		s.h.Bound(s, o, name)
	}
	if l, ok := v.(vList); ok && l.l.owner == "" {
		l.l.owner = name
		if l.l.objects != nil {
			s.h.Bound(s, l.l.objects, name+"[…]") // a comprehension's numbers
		}
	}
}

// EachBound calls visit for every array bound to a name, in frame order and then name order:
// arrays in tuples and lists up to three levels down too, list elements as "name[…]". Each call
// is one binding: seq numbers them, so a client can tell two bindings of one array apart.
func (s *Interp) EachBound(visit func(seq int, name string, o *Obj)) {
	seq := 0
	var walk func(name string, v value, depth int)
	walk = func(name string, v value, depth int) {
		if depth > 3 {
			return
		}
		switch v := v.(type) {
		case vArray:
			seq++
			visit(seq, name, v.o)
		case vTuple:
			for _, e := range v.elts {
				walk(name, e, depth+1)
			}
		case vList:
			for _, e := range v.l.elts {
				walk(name+"[…]", e, depth+1)
			}
		case vDict:
			for _, e := range v.l.elts {
				walk(name+"[…]", e, depth+1)
			}
		case vInstance:
			for _, k := range slices.Sorted(maps.Keys(v.o.attrs)) {
				walk(name+"."+k, v.o.attrs[k], depth+1)
			}
		}
	}
	for _, f := range s.frames {
		f.own()
		for _, k := range slices.Sorted(maps.Keys(f.vars)) {
			walk(k, f.vars[k], 0)
		}
	}
}

// touchRange tells the heap an operation uses the elements [lo, hi) of o (sliced), or all of o.
func (s *Interp) touchRange(o *Obj, lo, hi int64, sliced bool) {
	if o != nil {
		s.h.Touch(s, o, lo, hi, sliced)
	}
}

// offload tells the heap the array v holds moved to another kind of memory.
func (s *Interp) offload(v value, target string) {
	if o, ok := isArray(v); ok {
		s.h.Offload(s, o, target)
	}
}

// inLib sets the library of the operation about to run (see Interp.lib) and returns the
// function that restores the previous one.
func (s *Interp) inLib(b imports.Backend) func() {
	saved := s.lib
	if b != imports.Unknown {
		s.lib = b
	}
	return func() { s.lib = saved }
}

// libOf returns the library of the arrays among vs (their union; Unknown when none says).
func libOf(vs ...value) imports.Backend {
	var b imports.Backend
	for _, v := range vs {
		if o, ok := isArray(v); ok {
			b |= o.backend
		}
		if r, ok := v.(vRNG); ok {
			b |= r.backend
		}
	}
	return b
}
