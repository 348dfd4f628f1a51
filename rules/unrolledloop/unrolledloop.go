// Package unrolledloop defines rule AL305: a Python `for` loop over a large or unknown range
// inside a function JAX compiles, which tracing unrolls into one copy of the body per trip.
package unrolledloop

import (
	_ "embed"
	"fmt"
	"math/big"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/jaxtrace"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL305 unrolled-python-loop.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL305", Name: "unrolled-python-loop", Since: "0.3.0", Doc: doc,
	Summary:  "python loop unrolled into a compiled JAX function",
	Severity: analyzer.Warning,
	Fix:      analyzer.FixNever,
	// first review on two held-out JAX/CuPy corpora: no true finding (bench/precision.md)
	Preview:  true,
	Options:  []analyzer.Option{minTrips.Option},
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, imports.Analyzer, arrays.Analyzer, jaxtrace.Analyzer},
	Run:      run,
})

var minTrips = analyzer.NewOption[int64]("min-trips", 100,
	"report a loop over a range known to run at least this many times")

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	tr := pass.ResultOf[jaxtrace.Analyzer].(*jaxtrace.Info)
	st := stated{imp: pass.ResultOf[imports.Analyzer].(*imports.Info), arr: pass.ResultOf[arrays.Analyzer].(*arrays.Info)}
	limit := minTrips.Value(pass)
	for _, l := range tr.Loops() {
		if !l.Func.Compiled() {
			continue // vmap alone runs op by op: its Python loop is an ordinary loop
		}
		call, ok := l.For.Iter.(*ast.Call)
		if !ok || len(call.Args) == 0 || len(call.Args) > 3 || len(call.Keywords) > 0 {
			continue
		}
		if n, ok := call.Func.(*ast.Name); !ok || n.ID != "range" || !tr.Builtin(n) {
			continue
		}
		why, report := bound(tr, st, l.Func, call, limit)
		if !report {
			continue
		}
		pass.Report(in.Diagnostic(l.For.Iter, "loop over `%s` %s; use `lax.fori_loop` or `lax.scan`",
			in.Snippet(call, 40), why))
	}
	return nil, nil
}

// bound says why the range's trip count makes the unrolled loop a problem, or report false
// when it is known to be small or nothing is known of it (a model hyperparameter read from an
// attribute or a config, most often a few layers).
func bound(tr *jaxtrace.Info, st stated, f *jaxtrace.Func, call *ast.Call, limit int64) (string, bool) {
	if trips, src, ok := tripCount(tr, call); ok {
		if trips < limit {
			return "", false
		}
		return fmt.Sprintf("is unrolled into %d copies of its body%s", trips, src), true
	}
	for _, a := range call.Args {
		if tr.Traced(f, a) {
			return "reads a traced value: tracing raises `TracerIntegerConversionError`", true
		}
	}
	for _, a := range call.Args {
		if shapeOf(a) {
			return "is unrolled once per element of an array axis", true
		}
	}
	for _, a := range call.Args {
		if n, ok := a.(*ast.Name); ok {
			if _, param := tr.Value(n); param && !rankBound(f.Node, n.ID) {
				if v, where, ok := st.count(n); ok {
					if v < limit {
						return "", false
					}
					return fmt.Sprintf("is unrolled `%s` times, %d as its callers state (%s)", n.ID, v, where), true
				}
				return fmt.Sprintf("is unrolled `%s` times, a count not known to be small", n.ID), true
			}
		}
	}
	return "", false
}

// stated finds the counts a function's callers state (arrays.Info.StatedInt).
type stated struct {
	imp *imports.Info
	arr *arrays.Info
}

// count returns the integer every call in the project passes for the parameter n names — of
// the def that binds it, a top-level function or __init__ of the file (the jitted function
// itself, or one it is nested in and reads the count of as a closure) — and where it is stated.
func (s stated) count(n *ast.Name) (int64, string, bool) {
	sc := s.imp.ScopeOf(n)
	if sc == nil {
		return 0, "", false
	}
	b := sc.Lookup(n.ID)
	if b == nil {
		return 0, "", false
	}
	def, ok := b.Node.(*ast.FunctionDef)
	if !ok {
		return 0, "", false
	}
	return s.arr.StatedInt(def, n.ID)
}

// tripCount works out the number of iterations of range(…) when every argument is an int
// literal or a name bound once to an int expression of literals.
func tripCount(tr *jaxtrace.Info, call *ast.Call) (int64, string, bool) {
	var vals []int64
	src := ""
	for _, a := range call.Args {
		v, ok := constInt(tr, a, 0)
		if !ok {
			return 0, "", false
		}
		if n, isName := a.(*ast.Name); isName && src == "" {
			src = fmt.Sprintf(" (`%s` = %d)", n.ID, v)
		}
		vals = append(vals, v)
	}
	start, stop, step := int64(0), vals[0], int64(1)
	if len(vals) >= 2 {
		start, stop = vals[0], vals[1]
	}
	if len(vals) == 3 {
		step = vals[2]
	}
	if step == 0 {
		return 0, "", false
	}
	var n int64
	if step > 0 && stop > start {
		n = (stop - start + step - 1) / step
	} else if step < 0 && stop < start {
		n = (start - stop - step - 1) / -step
	}
	return n, src, true
}

// constInt evaluates an int literal, a name bound once to one, the length of a literal table
// (literalLen), or +, -, *, //, ** of them.
func constInt(tr *jaxtrace.Info, e ast.Expr, depth int) (int64, bool) {
	if depth > 4 {
		return 0, false
	}
	switch x := e.(type) {
	case *ast.Constant:
		if x.Value.Kind == ast.ConstInt && x.Value.Big == nil {
			return x.Value.Int, true
		}
	case *ast.Name:
		if v, _ := tr.Value(x); v != nil {
			return constInt(tr, v, depth+1)
		}
	case *ast.Subscript:
		return literalLen(tr, x, depth)
	case *ast.UnaryOp:
		if v, ok := constInt(tr, x.Operand, depth+1); ok && x.Op == ast.USub {
			return -v, true
		}
	case *ast.BinOp:
		l, ok1 := constInt(tr, x.Left, depth+1)
		r, ok2 := constInt(tr, x.Right, depth+1)
		if !ok1 || !ok2 {
			return 0, false
		}
		var z big.Int
		switch x.Op {
		case ast.Add:
			z.Add(big.NewInt(l), big.NewInt(r))
		case ast.Sub:
			z.Sub(big.NewInt(l), big.NewInt(r))
		case ast.Mult:
			z.Mul(big.NewInt(l), big.NewInt(r))
		case ast.FloorDiv:
			if r <= 0 || l < 0 {
				return 0, false
			}
			z.SetInt64(l / r)
		case ast.Pow:
			if r < 0 || r > 64 {
				return 0, false
			}
			z.Exp(big.NewInt(l), big.NewInt(r), nil)
		default:
			return 0, false
		}
		if !z.IsInt64() {
			return 0, false
		}
		return z.Int64(), true
	}
	return 0, false
}

// literalConstructors are the calls that build a 1-D array of exactly the elements of a list or
// tuple literal given as their first argument.
var literalConstructors = map[string]bool{
	"jax.numpy.asarray": true, "jax.numpy.array": true, "numpy.asarray": true, "numpy.array": true,
}

// literalLen evaluates `t.shape[0]` (or `[-1]`) where t is bound once to an array built from a
// flat list or tuple literal, `t = jnp.asarray([c0, c1, …])`: the length of the literal.
func literalLen(tr *jaxtrace.Info, s *ast.Subscript, depth int) (int64, bool) {
	a, ok := s.Value.(*ast.Attribute)
	if !ok || a.Attr != "shape" {
		return 0, false
	}
	n, ok := a.Value.(*ast.Name)
	if !ok {
		return 0, false
	}
	if i, ok := constInt(tr, s.Slice, depth+1); !ok || (i != 0 && i != -1) {
		return 0, false
	}
	v, _ := tr.Value(n)
	c, ok := v.(*ast.Call)
	if !ok || len(c.Args) == 0 || !literalConstructors[tr.Qual(c.Func)] {
		return 0, false
	}
	var elts []ast.Expr
	switch l := c.Args[0].(type) {
	case *ast.List:
		elts = l.Elts
	case *ast.Tuple:
		elts = l.Elts
	default:
		return 0, false
	}
	for _, e := range elts {
		switch e.(type) {
		case *ast.List, *ast.Tuple, *ast.Starred:
			return 0, false // nested (the first axis is still the length, but keep to flat tables) or unpacked
		}
	}
	return int64(len(elts)), true
}

// shapeOf reports whether e reads an element of an array's shape: `x.shape[0]`,
// `x.shape[-1] // 2`. The length of the shape (`len(x.shape)`, the rank) is small.
func shapeOf(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if s, ok := n.(*ast.Subscript); ok {
			if a, ok := s.Value.(*ast.Attribute); ok && a.Attr == "shape" {
				found = true
			}
		}
		return !found
	})
	return found
}

// rankBound reports whether the function uses the count as a position in an array's shape
// (`values.shape[ndim:]`, `x.shape[:n]`, `x.shape[n]`): a count that indexes a shape is at
// most its rank, a handful of dimensions.
func rankBound(fn ast.Node, name string) bool {
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		s, ok := n.(*ast.Subscript)
		if !ok {
			return !found
		}
		if a, ok := s.Value.(*ast.Attribute); ok && a.Attr == "shape" {
			ast.Inspect(s.Slice, func(m ast.Node) bool {
				if x, ok := m.(*ast.Name); ok && x.ID == name {
					found = true
				}
				return !found
			})
		}
		return !found
	})
	return found
}
