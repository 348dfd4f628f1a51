package arrays

import (
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the size-provenance queries of the rules: which arrays and lengths scale with
// the data the code is given. The interpreter marks them (arraymodel/absint, provenance.go); the
// memory and speed rules speak on an array known to be large or one whose size comes from the
// data, and a length that is a plain integer (a parameter, a default, a literal, an attribute
// holding a count) says nothing about size.

// Scales reports whether a's size comes from the data the code is given.
func Scales(a *Array) bool {
	if a == nil {
		return false
	}
	if a.Data || npapi.Scales(a.Shape) {
		return true
	}
	if a.Shape == nil {
		switch a.Base().Origin {
		case Param, External:
			return true // an input of unknown shape
		}
	}
	return false
}

// Scales reports whether the value of e, an expression the rule knows to be used as an array,
// scales with the data: an array that Scales, or an input the interpreter cannot see into (a
// parameter, an attribute, an unknown call's result, an item of one).
func (info *Info) Scales(e ast.Expr) bool {
	if !info.isInput(e) {
		return false
	}
	if _, ok := info.Array(e); ok {
		return true
	}
	t := absint.ExprText(e)
	if t == "" {
		return true
	}
	return !info.iterated(info.ScopeOf(e))[t] // a collection the code loops over in Python is small
}

// isInput reports whether e is an array that Scales or a value the interpreter cannot see into.
func (info *Info) isInput(e ast.Expr) bool {
	if a, ok := info.Array(e); ok {
		return Scales(a)
	}
	switch e.(type) {
	case *ast.Name, *ast.Attribute, *ast.Call, *ast.Subscript:
		v := info.fact(e)
		return v.kind == vUnknown && !v.local
	}
	return false
}

// iterated returns the collections scope s loops over (cached).
func (info *Info) iterated(s *imports.Scope) map[string]bool {
	if s == nil || s.Node == nil {
		return nil
	}
	info.mu.Lock()
	defer info.mu.Unlock()
	if info.iter == nil {
		info.iter = map[*imports.Scope]map[string]bool{}
	}
	set, ok := info.iter[s]
	if !ok {
		set = absint.Iterated(s.Node)
		info.iter[s] = set
	}
	return set
}

// BytesExpr renders a's size in bytes as a formula over its symbolic dimensions, such as
// "8·A.shape[1]" or "4·len(x)·3"; false when the dtype or a dimension's formula is unknown.
func BytesExpr(a *Array) (string, bool) {
	if a == nil || a.Shape == nil || !a.DType.Known() {
		return "", false
	}
	n := a.DType.ItemSize()
	var syms []string
	for _, d := range a.Shape {
		switch {
		case d.Known:
			n *= d.N
		case d.Sym != nil:
			t := strings.ReplaceAll(d.Sym.String(), " ", "")
			if strings.ContainsAny(t, "+-*/") {
				t = "(" + t + ")"
			}
			syms = append(syms, t)
		default:
			return "", false
		}
	}
	if len(syms) == 0 {
		return "", false
	}
	return Commas(n) + "·" + strings.Join(syms, "·"), true
}

// InDataLoop reports whether n runs inside a Python loop over the elements of the data: `for i in
// range(n)` with n a length that comes from the data (len(x), x.size, x.shape[0]), or `for v in
// x` over an array that Scales. Each iteration of such a loop handles one element, so the arrays
// it builds are pieces of the data (a voxel's neighbourhood, one record), not the data: were they
// as large, the loop would be quadratic.
func (info *Info) InDataLoop(n ast.Node) bool {
	for _, loop := range info.loopsAround(n) {
		f, ok := loop.(*ast.For)
		if !ok {
			continue
		}
		if c, ok := f.Iter.(*ast.Call); ok && absint.ExprText(c.Func) == "range" && len(c.Args) > 0 {
			stop := c.Args[len(c.Args)-1]
			if v := info.fact(stop); (v.kind == vScalar && v.data) || info.lengthOfInput(stop) {
				return true
			}
			continue
		}
		if a, ok := info.Array(f.Iter); ok && Scales(a) {
			return true
		}
	}
	return false
}

// lengthOfInput reports whether x is len(v), v.shape[0] or v.size of an input v (an array that
// Scales or a value the interpreter cannot see into): the loop it bounds walks the data's
// elements even where the loop keeps that length from being evidence of size.
func (info *Info) lengthOfInput(x ast.Expr) bool {
	var v ast.Expr
	switch x := x.(type) {
	case *ast.Call:
		if absint.ExprText(x.Func) == "len" && len(x.Args) == 1 {
			v = x.Args[0]
		}
	case *ast.Subscript:
		if at, ok := x.Value.(*ast.Attribute); ok && at.Attr == "shape" {
			v = at.Value
		}
	case *ast.Attribute:
		if x.Attr == "size" {
			v = x.Value
		}
	}
	return v != nil && info.isInput(v)
}

// AxesOfLargerInput reports whether a's shape is made of lengths of axes of one input that has
// more axes than a (a 1-D grid along the last axis of a 3-D volume: np.linspace(0, 1,
// vol.shape[2]), np.arange(proj.shape[-1])): a profile along the data, not the data, and small
// beside it (tenth held-out corpus: tomography code's per-axis grids).
func AxesOfLargerInput(a *Array) bool {
	if a == nil || len(a.Shape) == 0 {
		return false
	}
	input, seen, beyond := "", map[int]bool{}, false
	for _, d := range a.Shape {
		if d.Known {
			return false
		}
		sym, ok := d.Sym.Symbol()
		if !ok {
			return false // arithmetic on lengths: not one axis
		}
		x, i, ok := axisOf(sym)
		if !ok || input != "" && x != input || seen[i] {
			return false
		}
		input, seen[i] = x, true
		beyond = beyond || i < 0 || i >= len(a.Shape)
	}
	return beyond
}

// axisOf parses the name of an input's axis length, "x.shape[2]", into x and 2.
func axisOf(sym string) (string, int, bool) {
	x, rest, ok := strings.Cut(sym, ".shape[")
	if !ok || x == "" || !strings.HasSuffix(rest, "]") {
		return "", 0, false
	}
	i, err := strconv.Atoi(strings.TrimSuffix(rest, "]"))
	return x, i, err == nil
}

// ShownSmall reports whether the code shows a, an array whose size is not known, to be small
// where n stands: it runs along some axes of a larger input, or it is built once per element of
// the data (a may be nil: only the second then applies).
func (info *Info) ShownSmall(a *Array, n ast.Node) bool {
	return AxesOfLargerInput(a) || info.InDataLoop(n)
}
