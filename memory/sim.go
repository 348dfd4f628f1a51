package memory

import (
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
	"maps"
	"slices"
)

// This file defines the simulation state: frames, references and how objects die.

// Backend names.
const (
	BackendNumPy  = "numpy"
	BackendCuPy   = "cupy"
	BackendLegate = "legate"
	BackendJAX    = "jax"
)

// Tunables of the simulation.
const (
	// minElideBytes is NumPy's NPY_MIN_ELIDE_BYTES (256 KiB): smaller temporaries are never
	// reused in place. Measured with testdata/mem/measure.py: an 80 KB chain does not elide,
	// an 8 MB one does.
	minElideBytes = 256 * 1024
	// maxUnroll is the largest known trip count simulated iteration by iteration; longer loops
	// run two iterations and extrapolate list growth.
	maxUnroll = 64
	// maxCallDepth bounds inlining of calls to functions of the analysed file.
	maxCallDepth = 8
	// maxSteps bounds the statements one scope's simulation runs (inlined calls and loop
	// iterations included), so pathological nesting cannot make an estimate hang.
	maxSteps = 20000
)

// frame is one function activation (or the module).
type frame struct {
	vars    map[string]value
	globals map[string]bool
	fn      *ast.FunctionDef
	jit     bool
	ret     value
	done    bool // return or raise reached
	brk     bool // break reached in the innermost loop
	cont    bool // continue reached
}

// sim simulates one scope.
type sim struct {
	file      *pyparse.File
	imp       *imports.Info
	backend   string
	opts      *Options
	h         heap
	module    *frame
	frames    []*frame
	lines     []int // statement line per nesting level; lines[0] is the scope's current line
	unknown   []Unknown
	growth    []Growth
	depth     int
	legate    LegateModel
	pending   string     // the name the current assignment binds, for naming a failed allocation
	root      *frame     // the scope's frame
	cur       int        // line of the innermost statement of the root frame being run
	idx       *fileIndex // shared by the scopes of one Estimate
	steps     int        // statements run so far
	exhausted bool       // steps passed maxSteps
	jax32     bool       // a jax call without 64-bit mode is running: its arrays are 32-bit
	discarded ast.Expr   // the expression statement being run: its value is dropped unread
	peakLive  []Live     // the buffers live at the peak (after simulate)
	symbols   []Symbol   // values read from outside the program's assignments (argparse.go)
	// pendingSyms are symbols listed on the first read of their name (paramsources.go).
	pendingSyms map[string]pendingSym
	// proj is where in the project the simulation runs (projectmod.go).
	proj projState
	// assumeExprs caches the parsed Options.AssumeExprs (nil for one that does not parse).
	assumeExprs map[string]ast.Expr

	// consts are the module's constants seen by a function analysed on its own, shared read-only
	// by every such run of one Estimate and looked up after module.vars (which shadows them).
	consts map[string]value
}

func (s *sim) top() *frame { return s.frames[len(s.frames)-1] }

// line returns the line of the scope's innermost statement being run (where peaks are
// attributed): inside a loop the body's line, inside an inlined call the call's line.
func (s *sim) line() int { return s.cur }

// site returns the line of the innermost statement being run in any frame.
func (s *sim) site() int {
	if len(s.lines) == 0 {
		return s.cur
	}
	return s.lines[len(s.lines)-1]
}

func (s *sim) lineOf(n ast.Node) int {
	if s.proj.line > 0 {
		return s.proj.line // code of another module counts at the call that runs it
	}
	return s.file.Lines.Line(n.Span().Start)
}

func (s *sim) text(n ast.Node) string {
	r := n.Span()
	if r.Start < 0 || int(r.End) > len(s.file.Src) || r.Start > r.End {
		return ""
	}
	t := string(s.file.Src[r.Start:r.End])
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
	case vMethod:
		incref(v.recv)
	case vAt:
		incref(v.arr)
	}
}

// decref drops one reference from every object v holds and releases what dies.
func (s *sim) decref(v value) {
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
		v.l.refs--
		if v.l.refs <= 0 {
			elts := v.l.elts
			v.l.elts = nil
			for _, e := range elts {
				s.decref(e)
			}
		}
	case vMethod:
		s.decref(v.recv)
	case vAt:
		s.decref(v.arr)
	}
}

// dieArray releases an ndarray object: its buffer when it owns one, else its reference to its base.
func (s *sim) dieArray(o *arrObj) {
	if o.refs < 0 {
		return
	}
	o.refs = -1
	if o.base != nil {
		s.decref(vArray{o.base})
		return
	}
	if o.buf != nil {
		s.h.release(o.buf, s.line())
	}
	if o.store != nil {
		o.store.dead = true
		for _, b := range o.store.instances {
			s.h.release(b, s.line())
		}
	}
}

// lookup finds a name in the current frame, then the module, then the imports.
func (s *sim) lookup(n *ast.Name) (value, bool) {
	f := s.top()
	if !f.globals[n.ID] {
		if v, ok := f.vars[n.ID]; ok {
			s.noteRead(f, n.ID, v)
			return v, true
		}
	}
	if v, ok := s.module.vars[n.ID]; ok {
		return v, true
	}
	if v, ok := s.consts[n.ID]; ok {
		return s.constant(n, v), true
	}
	if ref, ok := s.imp.Resolve(n); ok {
		return s.refValue(ref), true
	}
	return s.projectName(n)
}

// refValue turns a resolved library member into a value: dtypes become vDType.
func (s *sim) refValue(ref imports.Ref) value {
	if ref.API == "newaxis" {
		return vNone{} // np.newaxis is None
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
func (s *sim) bindName(name string, v value) {
	f := s.top()
	vars := f.vars
	if f.globals[name] {
		vars = s.module.vars
	}
	old, had := vars[name]
	vars[name] = v
	if o, ok := isArray(v); ok {
		s.nameBuffers(o, name)
	}
	if l, ok := v.(vList); ok && l.l.owner == "" {
		l.l.owner = name
	}
	if had {
		s.decref(old)
	}
}

// nameBuffers records name as the display name of o's buffer when it has none yet.
func (s *sim) nameBuffers(o *arrObj, name string) {
	if o.buf != nil && o.buf.name == "" && o.base == nil {
		o.buf.name = name
	}
	if o.store != nil && o.store.name == "" && o.base == nil {
		o.store.name = name
		for _, b := range o.store.instances {
			if b.name == "" {
				b.name = name
			}
		}
	}
}

// namer indexes the names currently bound (in any frame) to each array's buffer, in one pass
// over the bindings, and returns the lookup. A name is listed for a buffer when the array it
// holds, or a view chain from it, uses that buffer (or that Legate store); arrays in tuples and
// lists are reached up to three levels down, list elements as "name[…]". Names come in frame
// order, then sorted, each once.
func (s *sim) namer() func(*buffer) string {
	type hit struct {
		seq  int
		name string
	}
	byBuf := map[*buffer][]hit{}
	byStore := map[*store][]hit{}
	seq := 0
	add := func(list []hit, h hit) []hit {
		if n := len(list); n > 0 && list[n-1].seq == h.seq {
			return list
		}
		return append(list, h)
	}
	var visit func(name string, v value, depth int)
	visit = func(name string, v value, depth int) {
		if depth > 3 {
			return
		}
		switch v := v.(type) {
		case vArray:
			seq++
			h := hit{seq, name}
			for o := v.o; o != nil; o = o.base {
				if o.buf != nil {
					byBuf[o.buf] = add(byBuf[o.buf], h)
				}
				if o.store != nil {
					byStore[o.store] = add(byStore[o.store], h)
				}
			}
		case vTuple:
			for _, e := range v.elts {
				visit(name, e, depth+1)
			}
		case vList:
			for _, e := range v.l.elts {
				visit(name+"[…]", e, depth+1)
			}
		}
	}
	for _, f := range s.frames {
		for _, k := range slices.Sorted(maps.Keys(f.vars)) {
			visit(k, f.vars[k], 0)
		}
	}
	return func(b *buffer) string {
		a, c := byBuf[b], []hit(nil)
		if b.store != nil {
			c = byStore[b.store]
		}
		var names []string
		seen := map[string]bool{}
		for len(a) > 0 || len(c) > 0 {
			var h hit
			if len(c) == 0 || (len(a) > 0 && a[0].seq <= c[0].seq) {
				h, a = a[0], a[1:]
			} else {
				h, c = c[0], c[1:]
			}
			if !seen[h.name] {
				seen[h.name] = true
				names = append(names, h.name)
			}
		}
		return joinNames(names)
	}
}

func joinNames(ns []string) string {
	out := ""
	for i, n := range ns {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}
