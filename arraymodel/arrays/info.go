package arrays

import (
	"reflect"
	"sync"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/bindings"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines Info, the result of the analysis, and its queries.

// kind is the kind of an abstract value.
type kind uint8

const (
	vUnknown   kind = iota
	vScalar         // a number: dtype (weak for Python scalars), maybe a known int
	vTuple          // a tuple or list of values (shapes)
	vArray          // an array
	vDType          // a dtype object (np.float32, "f4", x.dtype)
	vGenerator      // a random Generator / RandomState / jax key
	vNone
	vModule    // an array-library module or function (resolved through imports)
	vNamespace // an argparse parse_args() result: its attributes are the options' defaults
)

// value is the abstract value of an expression.
type value struct {
	kind  kind
	dtype npapi.DType // vScalar, vDType
	known bool        // vScalar: i is exact
	i     int64
	sym   *npapi.Poly // vScalar: equals this polynomial in the program's symbols (n, 2*n), when not known
	// data: a vScalar that comes from the input data (len(x), x.shape[0]); with kind vUnknown,
	// the shape tuple of an input of unknown rank (x.shape). See scale.go.
	data bool
	// local: a vUnknown that is a Python container this code builds itself (a comprehension,
	// or a concatenation with one): not an input, so not data.
	local   bool
	elems   []value
	arr     *Array
	backend imports.Backend // vGenerator, vModule, vDType
	ref     *imports.Ref    // vModule
}

var unknown = value{}

func intValue(i int64) value { return value{kind: vScalar, dtype: npapi.WeakInt, known: true, i: i} }

func arrValue(a *Array) value { return value{kind: vArray, arr: a} }

// Info is the inferred array facts of one module. Its methods are safe for concurrent use.
type Info struct {
	// options are the command-line options the file declares (sizesource.go), read once.
	optionsOnce sync.Once
	options     map[string]bindings.Declared
	imp         *imports.Info
	mod         *ast.Module
	// mayArrays is false when no value in the module can be an array (see mayHoldArrays).
	mayArrays bool
	// assume binds names the program leaves unknown to integers (AnalyzeWith).
	assume map[string]int64
	// numpy is the NumPy whose promotion the runs follow (AnalyzeUnder).
	numpy npapi.NumPyVersion

	// file is the analysed file.
	file *pyparse.File
	// proj is where the file sits in its project (Analyzer), for the search of its callers
	// (stated.go), made once and asked under callersMu.
	proj project
	// cmdline: the file may read its command line (problemsize.go), worked out once
	cmdlineOnce sync.Once
	cmdline     bool
	callersOnce sync.Once
	callersMu   sync.Mutex
	callers     *absint.ProjectCallers
	// inspector is the file's shared Inspector (nil when AnalyzeUnder was called without one).
	inspector *ast.Inspector

	// mu guards the analysis state below, which queries complete lazily.
	mu    sync.Mutex
	facts map[ast.Node]value
	// runs holds each analysed scope's run of the interpreter (its final state).
	runs map[*imports.Scope]*absint.Interp
	// shared is what the runs over the file compute once.
	shared *absint.Shared
	// collect turns the runs' values into facts.
	collect *collector
	// iter caches, per scope, the collections it loops over in Python (scale.go).
	iter map[*imports.Scope]map[string]bool
	// walked maps each analysed scope to the scopes defined in it; unsorted holds the scopes
	// whose list of them does not start in rising order (scopeAt).
	walked   map[*imports.Scope][]pendingScope
	unsorted map[*imports.Scope]bool
	// running holds the scopes whose run is under way (a caller run first, callers.go).
	running map[*imports.Scope]bool
	root    pendingScope
	// allWalked is set once every scope is analysed: a node without a fact has none.
	allWalked bool
	// presized is set once the first run has sized facts and the values seen (presize).
	presized bool
	// order marks the scopes whose runs were checked for a circle in what runs before them
	// (waitsInCircle): under way, or known to wait on none.
	order map[*imports.Scope]uint8

	// parents maps each node of the module to its syntactic parent, built on first use.
	parentsOnce sync.Once
	// loopSpans are the spans of the module's outermost loops, in source order (inSomeLoop).
	loopSpans     []ast.Range
	loopSpansOnce sync.Once
	parents       map[ast.Node]ast.Node
}

// fact returns the fact for e, analysing e's scope first when it has not been. A fact is read
// off the values the run saw at e on first use and kept.
func (info *Info) fact(e ast.Expr) value {
	if isNil(e) {
		return unknown
	}
	if k, ok := e.(*ast.Constant); ok && info.collect != nil {
		return info.collect.factOf(absint.Constant(k.Value), 0)
	}
	info.mu.Lock()
	defer info.mu.Unlock()
	if v, ok := info.facts[e]; ok {
		return v
	}
	c := info.collect
	if c == nil {
		return unknown
	}
	if _, seen := c.seen[e]; !seen && !info.allWalked {
		info.ensureFor(e.Span().Start)
	}
	v := unknown
	if raw, ok := c.seen[e]; ok {
		v = c.factOf(raw, 0)
	}
	info.facts[e] = v
	return v
}

// isNil reports whether n is nil or a nil pointer in an interface.
func isNil(n ast.Node) bool {
	if n == nil {
		return true
	}
	v := reflect.ValueOf(n)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// parent returns n's syntactic parent.
func (info *Info) parent(n ast.Node) ast.Node {
	info.parentsOnce.Do(func() {
		info.parents = map[ast.Node]ast.Node{}
		if info.mod != nil {
			// A module has about one node per 6-20 bytes of source.
			info.parents = make(map[ast.Node]ast.Node, int(info.mod.End-info.mod.Start)/10)
			recordParents(info.mod, info.inspector, info.parents)
		}
	})
	return info.parents[n]
}

func recordParents(root *ast.Module, in *ast.Inspector, parents map[ast.Node]ast.Node) {
	var stack []ast.Node
	inspect := func(f func(ast.Node) bool) { ast.Inspect(root, f) }
	if in != nil && in.Root() == ast.Node(root) {
		inspect = in.Inspect // the same walk, a third of the cost
	}
	inspect(func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			parents[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
}

// Imports returns the import resolution the analysis used.
func (info *Info) Imports() *imports.Info { return info.imp }

// Array returns the array e holds at its program point.
func (info *Info) Array(e ast.Expr) (*Array, bool) {
	if !info.mayArrays {
		return nil, false
	}
	v := info.fact(e)
	if v.kind != vArray {
		return nil, false
	}
	return v.arr, true
}

// IsArray reports whether e is known to hold an array.
func (info *Info) IsArray(e ast.Expr) bool {
	_, ok := info.Array(e)
	return ok
}

// Int returns the integer value of e at its program point when it is known.
func (info *Info) Int(e ast.Expr) (int64, bool) {
	v := info.fact(e)
	if v.kind == vScalar && v.known {
		return v.i, true
	}
	return 0, false
}

// Scalar returns the dtype of e when it is known to be a scalar: weak types for Python numbers,
// an array dtype for NumPy scalars such as x.sum() or np.float32(2).
func (info *Info) Scalar(e ast.Expr) (npapi.DType, bool) {
	v := info.fact(e)
	if v.kind != vScalar {
		return npapi.NoDType, false
	}
	return v.dtype, true
}

// DTypeOf returns the dtype that e names (np.float32, "float32", float, x.dtype, np.dtype("f4")).
func (info *Info) DTypeOf(e ast.Expr) (npapi.DType, bool) {
	v := info.fact(e)
	if v.kind != vDType || v.dtype == npapi.NoDType {
		return npapi.NoDType, false
	}
	return v.dtype, true
}

// IsGenerator reports whether e holds a random generator (np.random.default_rng(), RandomState).
func (info *Info) IsGenerator(e ast.Expr) bool {
	return info.mayArrays && info.fact(e).kind == vGenerator
}

// Parent returns the syntactic parent of a statement or expression that the analysis walked.
func (info *Info) Parent(n ast.Node) ast.Node { return info.parent(n) }

// EnclosingLoop returns the innermost for/while statement around n in n's own scope (function
// bodies stop the search), or nil.
func (info *Info) EnclosingLoop(n ast.Node) ast.Stmt {
	for p := info.parent(n); p != nil; p = info.parent(p) {
		switch p := p.(type) {
		case *ast.For:
			return p
		case *ast.AsyncFor:
			return p
		case *ast.While:
			return p
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef, *ast.Lambda, *ast.Module:
			return nil
		}
	}
	return nil
}

// EnclosingStmt returns the innermost statement containing n (n itself if it is one).
func (info *Info) EnclosingStmt(n ast.Node) ast.Stmt {
	for ; n != nil; n = info.parent(n) {
		if s, ok := n.(ast.Stmt); ok {
			return s
		}
	}
	return nil
}

// ScopeOf returns the scope a statement or expression belongs to.
func (info *Info) ScopeOf(n ast.Node) *imports.Scope {
	for p := n; p != nil; p = info.parent(p) {
		if p != n {
			if s, ok := info.imp.Scopes[p]; ok {
				return s
			}
		}
		if _, ok := p.(*ast.Module); ok {
			return info.imp.Scopes[p]
		}
	}
	return info.imp.Root
}

// Assignments returns the nodes that bind name in scope s, in source order: assignment
// statements, for loops, with statements, imports, defs and parameters.
func (info *Info) Assignments(s *imports.Scope, name string) []ast.Node {
	var out []ast.Node
	for _, b := range s.Bindings[name] {
		n := b.Node
		if st := info.EnclosingStmt(n); st != nil && b.Kind != imports.BindParam {
			n = st
		}
		out = append(out, n)
	}
	return out
}
