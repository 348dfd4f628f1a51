// Package jaxtrace works out JAX's tracing semantics for one Python file, once, for the rules
// that need them: which functions a JAX transformation traces (`jax.jit`, `pjit`, `pmap`,
// `shard_map`, `vmap`, and the bodies handed to `lax.scan`, `lax.fori_loop`, `lax.while_loop`,
// `lax.cond`, `lax.switch` and `lax.map`), with the static and donated arguments the
// transformation was given; which parameters and local values of those functions are traced;
// which callables a call site runs jitted; and which `for` loops run in Python while a function is
// traced, so that XLA compiles them unrolled.
//
// It works from the syntax tree and the import resolution of package imports: a transformation
// is recognised when its name resolves to JAX (`jax.jit`, `from jax import jit`, `import jax as
// j`), also through `functools.partial(jax.jit, …)` and `jax.jit(…)` used as a decorator
// factory, and through the differentiation wrappers (`jax.jit(jax.grad(loss))` traces `loss`).
// A def nested in a traced function, or of the module and called by name (`helper(x)`,
// `self.helper(x)`) from one, is traced too, with its parameters' values unknown.
// A callable is followed through one name binding (`step = jax.jit(train_step, …)`, a decorated
// `def`) or a method of the enclosing class (`self.update`, `self.step = jax.jit(self._step)`).
package jaxtrace

import (
	"reflect"

	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

// Analyzer computes the Info of one Python file for the rules that require it.
var Analyzer = &analysis.Analyzer{
	Name:       "jaxtrace",
	Doc:        "find the functions JAX traces, their static and donated arguments, and traced values",
	Requires:   []*analysis.Analyzer{pyinspect.Analyzer, imports.Analyzer},
	ResultType: reflect.TypeFor[*Info](),
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
		imp := pass.ResultOf[imports.Analyzer].(*imports.Info)
		return BuildWith(in.File.Module, in.Inspector, imp), nil
	},
}

// Kind says how a transformation traces the function it is given.
type Kind uint8

// The transformation kinds.
const (
	// Compiled functions are staged out whole and compiled by XLA (jit, pjit, pmap, shard_map):
	// a Python loop in them is unrolled into the compiled program.
	Compiled Kind = iota + 1
	// Batched functions are traced with abstract values but run op by op (vmap outside jit).
	Batched
	// Body functions are traced once into a control-flow primitive (lax.scan's f, fori_loop's
	// body, cond's branches), which XLA compiles as a whole.
	Body
)

// Transform is one application of a tracing transformation.
type Transform struct {
	// Qual is the transformation's resolved name, e.g. "jax.jit" or "jax.lax.scan".
	Qual string
	Kind Kind
	// Site is the decorator expression or the call that applies the transformation.
	Site ast.Expr
	// Shift is how many leading parameters of the function the transformation does not see:
	// 1 for a bound method (`jax.jit(self._step)`), whose positions start after `self`.
	Shift int
	// Opts is the call whose keywords carry the options: `jax.jit(f, static_argnums=…)`,
	// `partial(jax.jit, …)` or `jax.jit(…)` as a decorator factory; nil for a bare `@jax.jit`.
	Opts *ast.Call
	// StaticNums, StaticNames, DonateNums and DonateNames are the literal values of
	// static_argnums (pmap: static_broadcasted_argnums), static_argnames, donate_argnums and
	// donate_argnames. Negative positions are kept as written.
	StaticNums, DonateNums   []int
	StaticNames, DonateNames []string
	// OptsUnknown is set when one of those options is given a value that is not a literal
	// (a variable, a computed tuple): which arguments are static or donated is then unknown.
	OptsUnknown bool
}

// Func is a function (def or lambda) some transformation traces.
type Func struct {
	// Node is the *ast.FunctionDef, *ast.AsyncFunctionDef or *ast.Lambda.
	Node ast.Node
	// Params are the positional parameter names in order, then the keyword-only ones.
	Params []string
	// Positional is how many of Params may be given by position.
	Positional int
	// Method is set for a def directly in a class body whose first parameter is `self` or `cls`.
	Method bool
	// Transforms are the transformations applied to it, outermost decorator first.
	Transforms []*Transform
	// Outer is the traced function this one is nested in when no transformation of its own
	// applies (a helper defined inside a jitted function); nil otherwise.
	Outer *Func
	// Caller is the traced function that calls this one by name when neither a transformation
	// nor nesting applies (a module-level helper called from a jitted step); nil otherwise.
	Caller *Func
	// traced holds the names of the function's traced values (tracedNames).
	traced map[string]bool
	// defaulted holds the parameters that have a default value.
	defaulted map[string]bool
	// passed holds the parameters some call of the module passes (by position or keyword), and
	// passedAll is set when a call unpacks arguments (`*args`, `**kw`) into it.
	passed    map[string]bool
	passedAll bool
}

// Jit returns the compiling transformation with argument options applied to f (jit, pjit,
// pmap), or nil.
func (f *Func) Jit() *Transform {
	for _, t := range f.Transforms {
		if t.Kind == Compiled && jitOptions[t.Qual] {
			return t
		}
	}
	return nil
}

// Compiled reports whether f's body ends up in an XLA program as a whole: a compiling
// transformation or control-flow body applies to it or to a function it is nested in.
func (f *Func) Compiled() bool {
	for g := f; g != nil; g = g.Up() {
		for _, t := range g.Transforms {
			if t.Kind == Compiled || t.Kind == Body {
				return true
			}
		}
	}
	return false
}

// Staged reports whether f's body is staged into an XLA program wherever it is called from: a
// compiling transformation or a control-flow body applies to it or to a def it is nested in. A
// module function that a traced one merely calls (Caller) is staged only when that call is, which
// the interpreter knows and this table does not.
func (f *Func) Staged() bool {
	for g := f; g != nil; g = g.Outer {
		for _, t := range g.Transforms {
			if t.Kind == Compiled || t.Kind == Body {
				return true
			}
		}
		if len(g.Transforms) > 0 {
			return false
		}
	}
	return false
}

// Up returns the traced function f runs inside: the one it is nested in, or else the one that
// calls it; nil for a function a transformation applies to.
func (f *Func) Up() *Func {
	if len(f.Transforms) > 0 {
		return nil
	}
	if f.Outer != nil {
		return f.Outer
	}
	return f.Caller
}

// Static reports whether parameter i (name) of f is static under t: listed by position or name.
// unknown is set when t's options are not literals.
func (t *Transform) Static(f *Func, i int, name string) (static, unknown bool) {
	if t == nil {
		return false, false
	}
	return listed(t.positional(f), t.StaticNums, t.StaticNames, i-t.Shift, name), t.OptsUnknown
}

// Donated reports whether parameter i (name) of f is donated under t.
func (t *Transform) Donated(f *Func, i int, name string) bool {
	return t != nil && listed(t.positional(f), t.DonateNums, t.DonateNames, i-t.Shift, name)
}

// positional is how many positional parameters the transformation sees, -1 when f is unknown.
func (t *Transform) positional(f *Func) int {
	if f == nil {
		return -1
	}
	return f.Positional - t.Shift
}

// listed reports whether position i or name is in nums or names (JAX infers each from the other
// through the signature, which Params stands for); npos is the number of positional parameters,
// which a negative position counts back from (-1: unknown).
func listed(npos int, nums []int, names []string, i int, name string) bool {
	for _, n := range nums {
		if n == i || npos >= 0 && n < 0 && n+npos == i {
			return true
		}
	}
	for _, n := range names {
		if n == name && name != "" {
			return true
		}
	}
	return false
}

// Info is the tracing facts of one module.
type Info struct {
	imp *imports.Info
	// funcs maps each traced def or lambda node to its Func.
	funcs map[ast.Node]*Func
	// order lists the traced functions in source order.
	order []*Func
	// assigns maps a Name target of a one-target assignment to the assigned value.
	assigns map[*ast.Name]ast.Expr
	// attrAssigns maps, per class, an attribute name of `self.<name> = value` in one of its
	// methods to the values assigned.
	attrAssigns map[*ast.ClassDef]map[string][]ast.Expr
	// methods maps, per class, a method name to its def (the last one when redefined).
	methods map[*ast.ClassDef]map[string]ast.Node
	// jitCalls maps each call that applies a transformation to a function to its Transform.
	jitCalls map[*ast.Call]*Transform
	// classes lists every class of the module in source order.
	classes []*ast.ClassDef
	// loops lists the for loops of traced functions.
	loops []Loop
}

// Loop is a Python for loop in the body of a traced function.
type Loop struct {
	For  *ast.For
	Func *Func
}

// Func returns the Func of a def or lambda node when a transformation traces it, else nil.
func (info *Info) Func(n ast.Node) *Func {
	if info == nil {
		return nil
	}
	return info.funcs[n]
}

// Funcs returns every traced function in source order.
func (info *Info) Funcs() []*Func {
	if info == nil {
		return nil
	}
	return info.order
}

// Loops returns the for loops written directly in the body of a traced function (not in a def
// nested in it that is not itself traced), in source order.
func (info *Info) Loops() []Loop {
	if info == nil {
		return nil
	}
	return info.loops
}

// Enclosing returns the innermost traced function whose body contains the node, or nil.
func (info *Info) Enclosing(n ast.Node) *Func {
	if info == nil || n == nil {
		return nil
	}
	var best *Func
	r := n.Span()
	for _, f := range info.order {
		fr := f.Node.Span()
		if fr.Encloses(r) && f.Node != n && (best == nil || best.Node.Span().Encloses(fr)) {
			best = f
		}
	}
	return best
}

// loopPrimitives are the JAX control-flow primitives that run a body many times on the device.
var loopPrimitives = map[string]bool{
	"jax.lax.scan": true, "jax.lax.fori_loop": true, "jax.lax.while_loop": true, "jax.lax.map": true,
	"jax.lax.associative_scan": true,
}

// RunsLoop reports whether one call of f runs a loop of device work: its body, or a def
// nested in it, holds a Python loop (unrolled at trace time) or a call of lax.scan,
// fori_loop, while_loop or map. A jitted rollout or a whole evaluation is such a function; one
// optimisation step usually is not.
func (info *Info) RunsLoop(f *Func) bool {
	if info == nil || f == nil {
		return false
	}
	found := false
	ast.Inspect(f.Node, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.For, *ast.AsyncFor, *ast.While:
			found = true
		case *ast.Call:
			if r, ok := info.imp.Resolve(x.Func); ok && loopPrimitives[r.Qual] {
				found = true
			}
		}
		return !found
	})
	return found
}

// Option returns the value of the first of the keyword options names the transformation is
// given (`in_shardings` or its older name `in_axis_resources`), or nil.
func (t *Transform) Option(names ...string) ast.Expr {
	if t == nil || t.Opts == nil {
		return nil
	}
	for _, name := range names {
		for _, kw := range t.Opts.Keywords {
			if kw.Arg == name {
				return kw.Value
			}
		}
	}
	return nil
}
