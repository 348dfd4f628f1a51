package arrays

import (
	"strings"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file says when an array whose size is not known is minor beside the data of the code
// that makes it: one length of the data rather than a product of lengths, or dwarfed by a larger
// array the same function makes. Code written for scale builds such auxiliaries next to its data
// — coordinate axes, one angle per view, a filter beside the image it blurs, centroids beside
// the points — and a change that saves their bytes saves nothing that matters at the sizes the
// code runs at (tenth held-out corpus, classes a and b; cuPyNumeric's richardson_lucy.py).

// DwarfRatio is how many times larger another array must be, with its lengths at DwarfAt where
// the program states none, for an array beside it to be dwarfed.
const (
	DwarfRatio = 32
	DwarfAt    = 4096
)

// Minor reports whether a, an array made at n whose size is not known, is minor beside the data
// of the code around n: OneExtent, or Dwarfed.
func (info *Info) Minor(n ast.Node, a *Array) bool {
	return info.OneExtent(n, a) || info.Dwarfed(n, a)
}

// OneExtent reports whether a's size is one length of the data and not a product of lengths: a
// single dimension is a count to the first power (n, 2*n + 1, self.npsi; the others are
// constants, as (n_views, 4, 4)), and nothing the file shows says where the count comes from —
// no call passes it, no command-line option sets it. A length a program's command line sets is its problem
// size (`np.random.random(N)` with N from `--num`), and one a call passes is followed there.
func (info *Info) OneExtent(n ast.Node, a *Array) bool {
	if a == nil || len(a.Shape) == 0 {
		return false
	}
	sym := ""
	for _, d := range a.Shape {
		if d.Known {
			continue
		}
		if d.Sym == nil || sym != "" {
			return false
		}
		syms := d.Sym.Symbols()
		deg, _ := d.Sym.Degree()
		if len(syms) != 1 || deg != 1 || !countName(syms[0]) {
			return false
		}
		sym = syms[0]
	}
	if sym == "" {
		return false
	}
	if i := strings.LastIndexByte(sym, '.'); i >= 0 {
		_, _, option := info.option(sym[i+1:])
		return !option // args.n: the command line sets it
	}
	return info.symbolSource(n, sym).desc == ""
}

// countName reports whether s names a count: a Python identifier, or an attribute chain of them
// (self.npsi, cfg.n_views) — not the length of an array (x.shape[0], len(x)).
func countName(s string) bool {
	for _, p := range strings.Split(s, ".") {
		if !plainName(p) {
			return false
		}
	}
	return true
}

// plainName reports whether s is a Python identifier (a name, not x.shape[0] or len(x)).
func plainName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		ok := c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9'
		if !ok {
			return false
		}
	}
	return true
}

// Dwarfed reports whether a, an array whose size the program states — every symbol of it
// reaches a default (through its callers, to a command-line option) — is dwarfed by another
// array the function (or module) around n makes: a 4×4×4 filter beside a 20×20×20 image by the
// options' defaults. An array sized by a symbol the program leaves open (N, the problem size)
// is not: beside an N × F matrix, the N-vector of targets still grows with the problem.
func (info *Info) Dwarfed(n ast.Node, a *Array) bool {
	return info.dwarfedIn(n, info.bodyAround(n), a, true)
}

// DwarfedBeside is DwarfedIn over the body of the function (or module) around n.
func (info *Info) DwarfedBeside(n ast.Node, a *Array) bool {
	return info.dwarfedIn(nil, info.bodyAround(n), a, false)
}

// bodyAround returns the statements of the function or module whose scope n is in (nil in a
// class body).
func (info *Info) bodyAround(n ast.Node) []ast.Stmt {
	s := info.ScopeOf(n)
	if s == nil {
		return nil
	}
	switch d := s.Node.(type) {
	case *ast.FunctionDef:
		return d.Body
	case *ast.AsyncFunctionDef:
		return d.Body
	case *ast.Module:
		return d.Body
	}
	return nil
}

// DwarfedIn reports whether the statements body make, outside the functions and classes they
// define, an array at least DwarfRatio times a's bytes with every symbol at DwarfAt; a length of
// the larger array that is not known counts as 1 (a lower bound: np.ones((N, int(N / 100), 100))
// is at least 800·N bytes).
func (info *Info) DwarfedIn(body []ast.Stmt, a *Array) bool {
	return info.dwarfedIn(nil, body, a, false)
}

// dwarfedIn is DwarfedIn, or with stated set Dwarfed's test: a's symbols at the defaults the
// program states for them as seen from n (false when one has none), the larger array's there
// or at DwarfAt.
func (info *Info) dwarfedIn(n ast.Node, body []ast.Stmt, a *Array, stated bool) bool {
	type val struct {
		v     int64
		known bool
	}
	values := map[string]val{}
	source := func(s string) val {
		x, ok := values[s]
		if !ok {
			if plainName(s) {
				if src := info.symbolSource(n, s); src.known && src.value > 0 {
					x = val{src.value, true}
				}
			}
			values[s] = x
		}
		return x
	}
	own, ok := bytesEval(a, func(s string) (int64, bool) {
		if !stated {
			return DwarfAt, true
		}
		x := source(s)
		return x.v, x.known
	}, false)
	if !ok || own <= 0 {
		return false
	}
	other := func(s string) (int64, bool) {
		if stated {
			if x := source(s); x.known {
				return x.v, true
			}
		}
		return DwarfAt, true
	}
	found := false
	visit := func(x ast.Node) bool {
		if found {
			return false
		}
		switch x.(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.Lambda, *ast.ClassDef:
			return false // allocated when called
		}
		e, ok := x.(ast.Expr)
		if !ok {
			return true
		}
		b, ok := info.Array(e)
		if !ok || b.Origin != Fresh || b.Alloc != ast.Node(e) {
			return true
		}
		if v, ok := bytesEval(b, other, true); ok && v >= DwarfRatio*own {
			found = true
		}
		return true
	}
	for _, st := range body {
		ast.Inspect(st, visit)
	}
	return found
}

// bytesEval is a's size in bytes with its symbols valued by at; false when the dtype or a length
// is not known, unless lower is set, when such a length counts as 1.
func bytesEval(a *Array, at func(string) (int64, bool), lower bool) (float64, bool) {
	if a == nil || a.Shape == nil || !a.DType.Known() {
		return 0, false
	}
	n := float64(a.DType.ItemSize())
	for _, d := range a.Shape {
		v, ok := d.Expr().Eval(at)
		switch {
		case ok && v > 0:
			n *= float64(v)
		case ok || lower:
		default:
			return 0, false
		}
	}
	return n, true
}

// BytesAtMost bounds a's bytes when its size is not known but bounded (AtMost elements of a
// known dtype, 8 bytes each when the dtype is not known); false when there is no bound.
func BytesAtMost(a *Array) (int64, bool) {
	if a == nil || a.AtMost <= 0 {
		return 0, false
	}
	item := int64(8)
	if a.DType.Known() {
		item = a.DType.ItemSize()
	}
	if a.AtMost > (1<<62)/item {
		return 0, false
	}
	return a.AtMost * item, true
}
