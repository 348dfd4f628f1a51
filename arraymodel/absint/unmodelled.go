package absint

import (
	"maps"
	"slices"

	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines how the simulation stays honest about calls it does not model: each one
// that may return an array is listed as unknown, so the peak is reported as a lower bound
// rather than silently missing its result.

// noArrayBuiltins are Python builtins (and the names the simulation already handles) whose
// result is never a new array, whatever they are given.
var noArrayBuiltins = map[string]bool{
	"print": true, "len": true, "isinstance": true, "issubclass": true, "str": true, "repr": true,
	"float": true, "int": true, "bool": true, "complex": true, "type": true, "id": true,
	"hash": true, "callable": true, "getattr": true, "setattr": true, "hasattr": true,
	"delattr": true, "format": true, "range": true, "enumerate": true, "zip": true, "open": true,
	"iter": true, "sorted": true, "reversed": true, "any": true, "all": true, "round": true,
	"divmod": true, "pow": true, "list": true, "tuple": true, "dict": true, "set": true,
	"frozenset": true, "vars": true, "dir": true, "super": true, "object": true,
	"min": true, "max": true, "sum": true, "abs": true, "slice": true, "map": true, "filter": true,
	"next": true,
}

// GivenUnknownType is how the reason of a call that is not modelled ends when the call is listed
// because it is given values of unknown type: given numbers instead (a parameter bound to a
// value), the same call is taken to return no array, and no longer listed.
const GivenUnknownType = "values of unknown type"

// wholeReduction reports whether e is a reduction method called without arguments (x.sum(),
// x.mean(), x.max()): over a whole array it makes a number.
func wholeReduction(e *ast.Call) bool {
	a, ok := e.Func.(*ast.Attribute)
	if !ok || len(e.Args) > 0 || len(e.Keywords) > 0 {
		return false
	}
	f, ok := npapi.Method(a.Attr)
	return ok && f.Kind == npapi.Reduction
}

// usedAsArray lists the call that made v when v is the result of a call taken to make no array
// because it was given only numbers (vUnknown.from), and the code now uses it as an array: as
// an index of an array, or an operand beside one. What that call returned is then an array of
// a size nothing here says (skimage's footprints.ellipse scatters through
// `rows, cols = draw.ellipse(…)`, whose coordinate arrays tracemalloc measures at 23× the
// footprint).
func (s *Interp) usedAsArray(v value) {
	u, ok := v.(vUnknown)
	if !ok || u.from == nil {
		return
	}
	s.addUnknownAt(u.from.line, u.from.expr, "`"+u.from.fn+
		"` is not modelled; given only numbers it was taken to make no array, but what it returns is used as an array", nil, "")
}

// ofNumbers is res, the unknown result of arithmetic on the operands, made from numbers as they
// were (vUnknown.from) when each operand is a number or a value a call made from numbers and
// one is the latter: `2 / gamma(q)` is what gamma returned, scaled, and not an input
// (provenance.go). Explore mode only: an estimate lists such a call where its own result is
// used as an array, not where a number computed from it is (`bins[h(i) % n] += 1`).
func (s *Interp) ofNumbers(res value, operands ...value) value {
	u, ok := res.(vUnknown)
	if !ok || u.sym != nil || u.from != nil || !s.cfg.Strategy.tracksProvenance() {
		return res
	}
	var from *madeBy
	for _, v := range operands {
		if _, ok := scalarDType(v); ok {
			continue
		}
		w, ok := v.(vUnknown)
		if !ok || w.from == nil {
			return res
		}
		if from == nil || w.from.data {
			from = w.from
		}
	}
	if from == nil {
		return res
	}
	return vUnknown{from: from}
}

// anyArg reports whether pred holds for some argument of c, positional or keyword.
func anyArg(c *call, pred func(value) bool) bool {
	for _, v := range c.args {
		if pred(v) {
			return true
		}
	}
	for _, v := range c.kw {
		if pred(v) {
			return true
		}
	}
	return false
}

// methodOfValue reports whether e calls a method of a value (y.ravel(), p.get_value()) rather
// than a function (gamma(q), cv2.getGaussianKernel(13, 2.0), scipy.special.gamma(q): a dotted
// name whose root is an import, imports.Info.ImportPath): what a method returns comes from its
// receiver, which may be an input.
func (s *Interp) methodOfValue(e *ast.Call) bool {
	a, ok := e.Func.(*ast.Attribute)
	if !ok {
		return false
	}
	x := a.Value
	for {
		inner, ok := x.(*ast.Attribute)
		if !ok {
			break
		}
		x = inner.Value
	}
	root, ok := x.(*ast.Name)
	if !ok {
		return true
	}
	_, imported := s.imp.ImportPath(root)
	return !imported
}

// unmodelled records that call c, which may return an array, is not modelled. The bound is
// the size of its largest array input of known size: most array functions return something at
// least that large, and it is the best figure the estimator has.
func (s *Interp) unmodelled(c *call, reason string) {
	if !s.cfg.Strategy.listsGaps() {
		return // an explore run reports what expressions hold, not an estimate's gaps
	}
	var bound *int64
	for _, v := range c.args {
		bound = largerInput(bound, v)
	}
	for _, k := range slices.Sorted(maps.Keys(c.kw)) {
		bound = largerInput(bound, c.kw[k])
	}
	s.addUnknown(c.e, s.text(c.e), reason, bound, BoundInputs)
}

// largerInput returns the larger of b and the size of v when v is an array of known size.
func largerInput(b *int64, v value) *int64 {
	o, ok := isArray(v)
	if !ok {
		return b
	}
	n, ok := o.nbytes()
	if !ok || (b != nil && *b >= n) {
		return b
	}
	return &n
}

// anyArray reports whether some argument of c is an array, or an instance that holds one.
func anyArray(c *call) bool { return anyArg(c, isArrayArg) }

func isArrayArg(v value) bool {
	if _, ok := isArray(v); ok {
		return true
	}
	_, ok := v.(vInstance)
	return ok && holdsArrays(v, 0)
}

// anyUnknown reports whether some argument of c is a value of unknown type (which may be an
// array).
func anyUnknown(c *call) bool {
	return anyArg(c, func(v value) bool { _, ok := v.(vUnknown); return ok })
}
