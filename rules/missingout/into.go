package missingout

import (
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse/ast"
	"github.com/arraylint/arraylint/rules/internal/sizepolicy"
	"golang.org/x/tools/go/analysis"
)

// This file defines the store form: arithmetic assigned into part of an array,
//
//	new[1:-1, 1:-1] = 0.25 * (grid[:-2, 1:-1] + grid[2:, 1:-1] + …)
//
// builds the whole result in a new array and then copies it into the slice; the stencil of the
// seed's guides computes it in the slice itself (`np.add(a, b, out=view); view += c; …`).

// checkStore reports an arithmetic chain assigned to a subscript of an array when the result
// could be computed in that subscript: the result has the subscript's dtype and shape, its size
// is known and at least min-bytes, and no operand reads the array being written (in place, a later operand would read values already
// overwritten). There is no fix: the rewrite names the view and splits the expression.
func checkStore(in *pyinspect.Result, info *arrays.Info, asg *ast.Assign, pol sizepolicy.Policy, once int64) (analysis.Diagnostic, sizepolicy.Size, bool) {
	sub, ok := asg.Targets[0].(*ast.Subscript)
	if !ok {
		return analysis.Diagnostic{}, sizepolicy.Size{}, false
	}
	base, ok := sub.Value.(*ast.Name)
	if !ok {
		return analysis.Diagnostic{}, sizepolicy.Size{}, false
	}
	if _, ok := flatten(asg.Value); !ok {
		return analysis.Diagnostic{}, sizepolicy.Size{}, false
	}
	res, ok := info.Array(asg.Value)
	if !ok || res.Origin != arrays.Fresh || res.Backend == imports.JAX || !res.DType.Known() {
		return analysis.Diagnostic{}, sizepolicy.Size{}, false
	}
	view, ok := info.Array(sub)
	if !ok || view.Rank() < 1 || view.DType != res.DType || !arrays.SameShape(view, res) {
		// an element is no view to write into (`y[0]` is a copy), and where the assignment
		// casts or broadcasts, `out=` would refuse the result
		return analysis.Diagnostic{}, sizepolicy.Size{}, false
	}
	// Only a known size: the store saves one temporary and one copy, worth a rewrite where the
	// temporary is large (a stencil step over a 20000² grid), not on every formula-sized row
	// built in a loop (pyscf's multipole rows, reviewed in bench/precision.md).
	size, nb, ok := sizeOf(res)
	if !ok || pol.Decide(size) == sizepolicy.Quiet || smallOnce(info, asg, res, size, pol.Min, once) {
		return analysis.Diagnostic{}, sizepolicy.Size{}, false
	}
	if readsArray(info, asg, asg.Value, base) {
		return analysis.Diagnostic{}, sizepolicy.Size{}, false
	}
	return in.Diagnostic(asg, "`%s` allocates a new array of %s only to copy it into `%s`; compute it there with `out=`",
		in.Snippet(asg.Value, 28), nb, in.Snippet(sub, 28)), size, true
}

// readsArray reports whether e may read the data of the array base holds: base itself, another
// name holding it or a view of it, or anything at all when that array is not one this code
// allocated and kept to itself (a parameter, a view, an array that escaped).
func readsArray(info *arrays.Info, asg *ast.Assign, e ast.Expr, base *ast.Name) bool {
	arr, ok := info.Array(base)
	if !ok || arr.Origin != arrays.Fresh || arr.ViewOf != nil || info.MayAlias(asg, base.ID) {
		return true
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if nm, ok := n.(*ast.Name); ok && !found {
			a, isArr := info.Array(nm)
			found = nm.ID == base.ID || isArr && a.Base() == arr
		}
		return !found
	})
	return found
}
