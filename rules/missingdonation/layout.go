package missingdonation

import (
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/jaxtrace"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// relaid reports whether the transformation states one sharding for the argument at position
// pos (as it counts positions) and another for the output rebound to it, the target at index
// out of the assignment's outs targets: a resharding (`pjit(lambda x: x, in_axis_resources=None,
// out_axis_resources=spec)`) or a step whose output is laid out otherwise than its input. XLA
// reuses a donated buffer only for an output of the same shape per device, so donating such an
// argument saves nothing (JAX warns that the donated buffer was not usable). It is false when
// either sharding is unstated or which entry applies is unknown.
func relaid(in *pyinspect.Result, t *jaxtrace.Transform, pos, out, outs int) bool {
	ins := t.Option("in_shardings", "in_axis_resources")
	outsSpec := t.Option("out_shardings", "out_axis_resources")
	if ins == nil || outsSpec == nil {
		return false
	}
	if _, ok := ins.(*ast.Tuple); ok && (len(t.StaticNums) > 0 || len(t.StaticNames) > 0) {
		return false // whether the entries count the static arguments is not settled here
	}
	a, ok := entry(ins, pos, -1)
	if !ok {
		return false
	}
	b, ok := entry(outsSpec, out, outs)
	if !ok {
		return false
	}
	return in.Text(a) != in.Text(b)
}

// entry is the sharding a spec states for entry i: the tuple's i-th element, or the spec itself
// when it is not a tuple (one sharding for every entry). n is the number of entries the spec
// must have for a tuple to line up (the call's outputs), or -1 when any length will do.
func entry(spec ast.Expr, i, n int) (ast.Expr, bool) {
	tup, ok := spec.(*ast.Tuple)
	if !ok {
		return spec, true
	}
	if n >= 0 && len(tup.Elts) != n || i < 0 || i >= len(tup.Elts) {
		return nil, false
	}
	if _, star := tup.Elts[i].(*ast.Starred); star {
		return nil, false
	}
	return tup.Elts[i], true
}
