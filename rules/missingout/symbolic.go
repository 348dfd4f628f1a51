package missingout

import (
	"regexp"

	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file holds the checks that keep AL304's advice right on arrays whose size is a formula
// rather than a number.

// identRE finds the names a size formula reads ("len(ix)" reads ix, "A.shape[1]" reads A).
var identRE = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// sizeVaries reports whether the size of a, allocated inside loop, may change from one iteration
// to the next: a dimension that is neither a known number nor a formula over names the loop never
// binds. One buffer allocated before the loop cannot serve iterations of different sizes
// (`m = len(ix); J = np.arange(m) / m` with ix bound by the loop).
func sizeVaries(info *arrays.Info, loop ast.Stmt, a *arrays.Array) bool {
	s := info.ScopeOf(loop)
	for _, d := range a.Shape {
		if d.Known {
			continue
		}
		if d.Sym == nil {
			return true
		}
		sym := d.Sym.String()
		prev := byte(0)
		for _, loc := range identRE.FindAllStringIndex(sym, -1) {
			if loc[0] > 0 {
				prev = sym[loc[0]-1]
			}
			if prev == '.' || sym[loc[0]:loc[1]] == "len" {
				continue // an attribute (x.shape) or the builtin, not a name
			}
			for _, n := range info.Assignments(s, sym[loc[0]:loc[1]]) {
				if loop.Span().Encloses(n.Span()) {
					return true
				}
			}
		}
	}
	return false
}

// readsTarget reports whether an operand after the first reads name, the array being updated:
// updated in place, a later operand would read values already overwritten (`a = a * 2 + a`), and
// for a view of it (`a = a + a.T`) NumPy copies the overlapping operand first, so the rewrite
// saves no allocation.
func readsTarget(ch chain, name string) bool {
	for _, r := range ch.rights {
		if references(r, name) {
			return true
		}
	}
	return false
}
