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

// dwarfRatio is how many times larger another allocation of the same loop body must be, with its
// lengths at dwarfAt, for a preallocation of the reported one to save nothing that matters.
const (
	dwarfRatio = 32
	dwarfAt    = 4096
)

// dwarfed reports whether loop also allocates, in its body, an array that dwarfs res, a formula-
// sized allocation on every iteration: at least dwarfRatio times its bytes with every length at
// dwarfAt (an L × L outer product beside a vector of L: preallocating the vector saves nothing
// next to what each pass allocates anyway; eighth held-out corpus, cooltools' contrast.py).
func dwarfed(info *arrays.Info, loop ast.Stmt, res *arrays.Array) bool {
	return dwarfedIn(info, []ast.Stmt{loop}, res)
}

// dwarfedOnce reports whether the function (or module) around asg allocates an array that
// dwarfs res, a formula-sized temporary: rewriting the temporary in place saves nothing next to
// the larger array the same code holds (cuPyNumeric's indexing_routines: an N-vector beside an
// N × N/100 × 100 array).
func dwarfedOnce(info *arrays.Info, asg *ast.Assign, res *arrays.Array) bool {
	s := info.ScopeOf(asg)
	if s == nil {
		return false
	}
	switch n := s.Node.(type) {
	case *ast.FunctionDef:
		return dwarfedIn(info, n.Body, res)
	case *ast.AsyncFunctionDef:
		return dwarfedIn(info, n.Body, res)
	case *ast.Module:
		return dwarfedIn(info, n.Body, res)
	}
	return false
}

// dwarfedIn reports whether body allocates, outside the functions and classes it defines, an
// array at least dwarfRatio times res's bytes with every length at dwarfAt.
func dwarfedIn(info *arrays.Info, body []ast.Stmt, res *arrays.Array) bool {
	own, ok := bytesAt(res)
	if !ok || own <= 0 {
		return false
	}
	found := false
	visit := func(n ast.Node) bool {
		if found {
			return false
		}
		switch n.(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.Lambda, *ast.ClassDef:
			return false // allocated when called, not on every iteration
		}
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		a, ok := info.Array(e)
		if !ok || a.Origin != arrays.Fresh || a.Alloc != ast.Node(e) {
			return true
		}
		if b, ok := bytesAtLeast(a); ok && b >= dwarfRatio*own {
			found = true
		}
		return true
	}
	for _, st := range body {
		ast.Inspect(st, visit)
	}
	return found
}

// bytesAt is a's size in bytes with every length it is a formula of at dwarfAt; false when a
// dimension or the dtype is not known.
func bytesAt(a *arrays.Array) (float64, bool) {
	if a.Shape == nil || !a.DType.Known() {
		return 0, false
	}
	n := float64(a.DType.ItemSize())
	for _, d := range a.Shape {
		v, ok := d.Expr().Eval(func(string) (int64, bool) { return dwarfAt, true })
		if !ok {
			return 0, false
		}
		n *= float64(v)
	}
	return n, true
}

// bytesAtLeast is bytesAt with a dimension whose length is not known taken as 1: a lower bound
// of a's size at dwarfAt (np.ones((N, int(N / 100), 100)) is at least 800·N bytes).
func bytesAtLeast(a *arrays.Array) (float64, bool) {
	if a.Shape == nil || !a.DType.Known() {
		return 0, false
	}
	n := float64(a.DType.ItemSize())
	for _, d := range a.Shape {
		if v, ok := d.Expr().Eval(func(string) (int64, bool) { return dwarfAt, true }); ok && v > 0 {
			n *= float64(v)
		}
	}
	return n, true
}
