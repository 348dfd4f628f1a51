package nonzeroscatter

import (
	"strings"

	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// maybeMasked reports whether the target of a scatter in st may be a NumPy masked array, for
// which the two forms differ: `a[np.nonzero(m)] = v` writes the elements and unmasks them, while
// `a[m] = v` with a masked mask writes through the mask's data and leaves the mask (wradlib's
// interpolate_polar, which takes a MaskedArray and fills it). It does when the target is not an
// array this code made (its root is an input or of unknown kind) and the function it is in, or
// the module at top level, works with masked arrays (`np.ma`, `MaskedArray`, `masked_*`).
func maybeMasked(info *arrays.Info, st ast.Stmt, target ast.Expr) bool {
	if a, ok := info.Array(target); ok && a.Base().Origin == arrays.Fresh {
		return false
	}
	scope := info.ScopeOf(st)
	if scope == nil || scope.Node == nil {
		return false
	}
	found := false
	ast.Inspect(scope.Node, func(n ast.Node) bool {
		if found {
			return false
		}
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		name := ast.TailName(e)
		if name == "ma" {
			r, ok := info.Imports().Resolve(e)
			found = ok && r.API == "ma"
		}
		found = found || maskedName(name)
		return true
	})
	return found
}

// maskedName reports whether a name is one of numpy.ma's classes or constructors.
func maskedName(s string) bool {
	return s == "MaskedArray" || strings.HasPrefix(s, "masked_") || s == "getmaskarray" || s == "getmask"
}
