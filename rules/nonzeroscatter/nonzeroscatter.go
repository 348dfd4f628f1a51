// Package nonzeroscatter defines rule AL301: index arrays from nonzero/where/argwhere used to
// scatter into an array, where a boolean mask would do.
package nonzeroscatter

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
	"github.com/arraylint/arraylint/rules/internal/sizepolicy"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL301 nonzero-scatter.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL301", Name: "nonzero-scatter", Since: "0.1.0", Doc: doc,
	Summary:  "scatter through nonzero() indices instead of a mask",
	Severity: analyzer.Warning,
	Fix:      analyzer.FixSometimes,
	Options:  sizepolicy.Options(minBytes),
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, arrays.Analyzer},
	Run:      run,
})

// minBytes is the size of index arrays below which the scatter is too small to matter.
var minBytes = sizepolicy.MinBytes("stay quiet when the index arrays are known to be smaller than this many bytes")

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	info := pass.ResultOf[arrays.Analyzer].(*arrays.Info)
	pol := sizepolicy.For(pass, in.Path, info, minBytes.Value(pass))
	if pol.Silent() {
		return nil, nil // test code: nothing is reported, so nothing is asked of the arrays
	}
	for n := range in.Inspector.Preorder((*ast.Assign)(nil), (*ast.AugAssign)(nil)) {
		var target ast.Expr
		var value ast.Expr
		switch st := n.(type) {
		case *ast.Assign:
			if len(st.Targets) != 1 {
				continue
			}
			target, value = st.Targets[0], st.Value
		case *ast.AugAssign:
			target, value = st.Target, st.Value
		}
		sub, ok := target.(*ast.Subscript)
		if !ok {
			continue
		}
		pl, ok := locate(info, sub.Slice)
		if !ok {
			continue
		}
		src, ok := indexSource(info, pl.index)
		if !ok {
			continue
		}
		st := n.(ast.Stmt)
		ev, ok := plainImage(in, info, st, sub, value, pl, src)
		if !ok {
			continue
		}
		size := indexSize(info, sub.Value, src)
		if pol.Decide(size) == sizepolicy.Quiet {
			continue
		}
		pol.Report(pass, size, diagnose(pass, in, info, st, sub, pl, src, ev))
	}
	return nil, nil
}

// place is where the index sits in a subscript: the whole slice (axis 0), or one element of a
// tuple slice whose other elements are slices, as in X[:, nz] or X[1:, nz].
type place struct {
	index ast.Expr
	axis  int
}

func locate(info *arrays.Info, slice ast.Expr) (place, bool) {
	t, ok := slice.(*ast.Tuple)
	if !ok {
		return place{index: slice}, true
	}
	if _, ok := indexSource(info, t); ok {
		return place{index: t}, true // rows, cols = nonzero(m); z[rows, cols]
	}
	found := -1
	for i, el := range t.Elts {
		if isSlice(el) {
			continue
		}
		if found >= 0 {
			return place{}, false
		}
		found = i
	}
	if found < 0 {
		return place{}, false
	}
	return place{index: t.Elts[found], axis: found}, true
}

// isSlice reports whether e is a slice such as `:` or `1:n`: it keeps its axis, so the index
// beside it still indexes the axis at its own position.
func isSlice(e ast.Expr) bool {
	_, ok := e.(*ast.Slice)
	return ok
}

// source is where an index came from.
type source struct {
	producer *ast.Call
	mask     ast.Expr
	fn       string // "nonzero", "where", "argwhere", "flatnonzero"
	// complete: the index selects exactly the True elements of the mask, in order (the whole
	// tuple of nonzero/where, every unpacked array in order, or the one array of a 1-D mask)
	complete bool
	names    []ast.Expr
}

// indexSource reports whether x is an index array (or the tuple of them) made by a
// nonzero-like call, or a tuple of all the unpacked index arrays of one such call.
func indexSource(info *arrays.Info, x ast.Expr) (source, bool) {
	if a, ok := info.Array(x); ok && a.Producer != nil {
		if a.Unpacked > 1 {
			return source{}, false // one axis of a multi-dimensional nonzero: a gather/scatter by position, not a mask
		}
		s := source{producer: a.Producer, mask: a.MaskExpr, fn: calleeName(info, a.Producer), names: []ast.Expr{x}}
		m, mok := info.Array(a.MaskExpr)
		oneD := mok && m.Rank() == 1
		switch {
		case a.Role == arrays.IndexTuple:
			s.complete = s.fn == "nonzero" || s.fn == "where"
		case a.Role == arrays.IndexArray:
			s.complete = oneD // nonzero(m)[0], flatnonzero(m), argwhere(m) of a 1-D mask
		}
		return s, a.Role == arrays.IndexTuple || a.Role == arrays.IndexArray
	}
	t, ok := x.(*ast.Tuple)
	if !ok || len(t.Elts) == 0 {
		return source{}, false
	}
	var p *ast.Call
	var first *arrays.Array
	seen := map[int]bool{}
	for i, el := range t.Elts {
		a, ok := info.Array(el)
		if !ok || a.Producer == nil || a.Role != arrays.IndexArray || (p != nil && a.Producer != p) {
			return source{}, false
		}
		// every index array of the unpacking, each once and in order: z[rows, cols], not z[ind, ind]
		if a.Unpacked != len(t.Elts) || a.Component != i || seen[a.Component] {
			return source{}, false
		}
		seen[a.Component] = true
		p, first = a.Producer, a
	}
	s := source{producer: p, mask: first.MaskExpr, fn: calleeName(info, p), names: t.Elts}
	// rows, cols = np.nonzero(m); z[rows, cols] uses every index array: the same as z[m]
	if m, ok := info.Array(first.MaskExpr); ok && m.Rank() == len(t.Elts) && (s.fn == "nonzero" || s.fn == "where") {
		s.complete = true
	}
	return s, true
}

// evidence is how plainImage knows the mask fits the indexed array, and what it does not know.
type evidence struct {
	fit fitEvidence
	// unknownDType: the mask's dtype is not known; `m != 0` selects what nonzero(m) does for
	// booleans and numbers, not for every input (an object array), so the fix is unsafe
	unknownDType bool
	// manyReads: the indices are read more than maxReads times, each an index; the mask at every
	// read saves their memory at a pass over the mask per read, a trade for a human to make
	manyReads bool
}

// fitEvidence is how the mask is known to fit the indexed axes.
type fitEvidence int

const (
	knownShapes fitEvidence = iota // the mask's shape equals the indexed axes' shape
	derived                        // the mask is computed element-wise from the indexed array itself
)

// plainImage reports whether indexing with the mask would select exactly what the index does at
// this scatter, so the advice holds: the index is complete; the mask is boolean or of a numeric
// dtype (`m != 0`: a structured or object array is left alone); the mask fits the indexed axes,
// by known shapes or because it is computed element-wise from the indexed array; neither the
// index nor the mask's operands change between the nonzero call and the scatter (nor does the
// nonzero statement rebind them); argwhere indices receive only a scalar.
func plainImage(in *pyinspect.Result, info *arrays.Info, st ast.Stmt, sub *ast.Subscript, value ast.Expr, pl place, src source) (evidence, bool) {
	var ev evidence
	if !src.complete || src.mask == nil {
		return ev, false
	}
	if src.fn == "argwhere" && !scalar(info, value) {
		return ev, false // an (n, 1) index broadcasts against a value differently from a mask
	}
	if _, isBool := boolMask(in, info, src.mask); !isBool {
		if m, ok := info.Array(src.mask); !ok || !m.DType.Known() {
			if ok && statesOtherDType(info, m) {
				return ev, false // the code shows a structured or object array: no mask reads `!= 0`
			}
			ev.unknownDType = true // numeric unless the code shows otherwise: the fix is unsafe
		}
	}
	fit, ok := fits(info, sub.Value, src.mask, pl.axis)
	if !ok || maybeMasked(info, st, sub.Value) {
		return ev, false
	}
	ev.fit = fit
	prod := info.EnclosingStmt(src.producer)
	if prod == nil {
		return ev, false
	}
	if prod != st {
		maskNames := map[string]bool{}
		collectNames(src.mask, maskNames)
		if binds(prod, maskNames) || !unchanged(in, info, src.mask, prod, st) {
			return ev, false // the mask's operands changed: the indices are not its image any more
		}
		for _, n := range src.names {
			if !unchanged(in, info, n, prod, st) {
				return ev, false // the indices were modified (I[0] = 7) or rebound
			}
		}
		needed, many := indicesNeeded(info, prod, src)
		if needed {
			return ev, false // read other than as an index: they stay, and the mask saves nothing
		}
		ev.manyReads = many
	}
	return ev, true
}

// maxReads is how many times the index arrays may be read for the mask to be the better form.
// A mask costs a pass over every element at each use where the indices cost one step per
// selected element, so indices built once pay for themselves over many uses: read more than
// three times (a scatter, its gather and one more, as in `X[:, nz] /= norms[nz]; X[10:, nz] =
// 0`), keeping them is a trade of memory for time, not a mistake (sfepy's `i0 = nm.where(eori <
// 4)` is read six times by two scatters; with the mask at every read the hierarchic field's
// orientation update measured 29 % slower).
const maxReads = 3

// indicesNeeded reports whether the named index arrays of src are still needed after the
// scatter, so that indexing with the mask there saves nothing: a read other than as an index
// (`len(vidx)`, `idx + (None,)`, an argument) between prod, which makes them, and the next
// binding of their name; and whether they are read as indices more than maxReads times.
func indicesNeeded(info *arrays.Info, prod ast.Stmt, src source) (needed, many bool) {
	s := info.ScopeOf(prod)
	if s == nil {
		return false, false
	}
	after := prod.Span().End
	reads := map[ast.Node]bool{} // one per index expression: z[rows, cols] reads once
	for _, x := range src.names {
		n, ok := x.(*ast.Name)
		if !ok {
			continue
		}
		end := ast.Offset(-1) // the next binding of the name, if any
		for _, a := range info.Assignments(s, n.ID) {
			if at := a.Span().Start; at >= after && (end < 0 || at < end) {
				end = at
			}
		}
		for _, u := range info.Loads(s, n.ID) {
			if u.Start < after || (end >= 0 && u.Start >= end) {
				continue
			}
			if t, ok := info.Parent(u).(*ast.Tuple); ok {
				if ts, ok := indexSource(info, t); ok && ts.producer == src.producer {
					if sub, ok := info.Parent(t).(*ast.Subscript); ok && sub.Slice == ast.Expr(t) {
						reads[t] = true // rows, cols = np.nonzero(m); z[rows, cols]
						continue
					}
				}
			}
			if _, _, ok := indexUse(info, u); !ok {
				return true, false
			}
			reads[u] = true
		}
	}
	return false, len(reads) > maxReads
}

// scalar reports whether e is a number (a constant or a signed constant).
func scalar(info *arrays.Info, e ast.Expr) bool {
	if e == nil {
		return false
	}
	if u, ok := e.(*ast.UnaryOp); ok {
		e = u.Operand
	}
	_, ok := e.(*ast.Constant)
	return ok
}

// binds reports whether statement st assigns one of names (m = np.nonzero(m)[0]).
func binds(st ast.Stmt, names map[string]bool) bool {
	var targets []ast.Expr
	switch st := st.(type) {
	case *ast.Assign:
		targets = st.Targets
	case *ast.AugAssign:
		targets = []ast.Expr{st.Target}
	case *ast.AnnAssign:
		targets = []ast.Expr{st.Target}
	default:
		return false
	}
	for _, t := range targets {
		found := false
		ast.Inspect(t, func(n ast.Node) bool {
			if nm, ok := n.(*ast.Name); ok && nm.Ctx != ast.Load && names[nm.ID] {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// fits reports whether mask has the shape of z's axes from axis on: known and equal dimension by
// dimension, or (at axis 0) computed element-wise from z itself with the same rank when known.
func fits(info *arrays.Info, z, mask ast.Expr, axis int) (fitEvidence, bool) {
	zA, zok := info.Array(z)
	mA, mok := info.Array(mask)
	if zok && mok && mA.Rank() >= 1 && zA.Rank() >= axis+mA.Rank() {
		same := true
		for i, d := range mA.Shape {
			e := zA.Shape[axis+i]
			if !(d.Known && e.Known && d.N == e.N || !d.Known && !e.Known && d.Sym.Equal(e.Sym)) {
				same = false
				break
			}
		}
		if same {
			return knownShapes, true
		}
	}
	if axis != 0 || !derivedFrom(info, mask, z, 0) {
		return 0, false
	}
	if zok && mok && zA.Rank() >= 0 && mA.Rank() >= 0 && zA.Rank() != mA.Rank() {
		return 0, false
	}
	return derived, true
}

// elementwiseCompare reports whether a comparison is an array's element-wise one: a single
// ==, !=, <, <=, > or >=. `x is True`, `x in y` and `x is not None` give one Python bool, and a
// chained `a < b < c` on arrays raises: none of them is a mask (tomopy's
// `np.where(np.isnan(a) is True)` selects nothing; bench/precision.md, third held-out corpus).
func elementwiseCompare(e *ast.Compare) bool {
	if len(e.Ops) != 1 {
		return false
	}
	switch e.Ops[0] {
	case ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE:
		return true
	}
	return false
}

// derivedFrom reports whether e is computed element-wise from z: z itself, a comparison,
// operator or ufunc with such an operand, or a name whose every assignment is one.
func derivedFrom(info *arrays.Info, e, z ast.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	if arrays.SameExpr(e, z) {
		return true
	}
	switch e := e.(type) {
	case *ast.Compare:
		if !elementwiseCompare(e) {
			return false
		}
		if derivedFrom(info, e.Left, z, depth+1) {
			return true
		}
		for _, c := range e.Comparators {
			if derivedFrom(info, c, z, depth+1) {
				return true
			}
		}
	case *ast.BinOp:
		return derivedFrom(info, e.Left, z, depth+1) || derivedFrom(info, e.Right, z, depth+1)
	case *ast.UnaryOp:
		return derivedFrom(info, e.Operand, z, depth+1)
	case *ast.Call:
		if c, ok := info.Callee(e); ok && !c.Method && c.Func.Kind == npapi.Ufunc {
			for _, a := range e.Args {
				if derivedFrom(info, a, z, depth+1) {
					return true
				}
			}
		}
	case *ast.Name:
		s := info.ScopeOf(e)
		if s == nil || s.Lookup(e.ID) != s {
			return false
		}
		sites := info.Assignments(s, e.ID)
		for _, site := range sites {
			asg, ok := site.(*ast.Assign)
			if !ok || len(asg.Targets) != 1 || !derivedFrom(info, asg.Value, z, depth+1) {
				return false
			}
		}
		return len(sites) > 0
	}
	return false
}

// indexSize bounds the bytes of the index arrays when it can: 8 bytes per selected element per
// mask dimension, at most the mask's (or the indexed array's) size; else says whether they scale
// with the data.
func indexSize(info *arrays.Info, z ast.Expr, src source) sizepolicy.Size {
	rank := int64(len(src.names))
	if m, ok := info.Array(src.mask); ok {
		rank = max(rank, int64(m.Rank()))
		if n, ok := m.Size(); ok {
			return sizepolicy.Size{Bytes: n * 8 * rank, Known: true}
		}
	}
	if a, ok := info.Array(z); ok {
		if n, ok := a.Size(); ok {
			return sizepolicy.Size{Bytes: n * 8 * max(rank, 1), Known: true}
		}
	}
	m, _ := info.Array(src.mask) // (nil when the mask is no array the run knows)
	s := sizepolicy.Size{Small: func() bool { return info.ShownSmall(m, z) }}
	if m != nil {
		s.Source = func() string { return info.SizeSource(z, m) }
		s.Minor = func() bool { return info.Minor(z, m) }
		s.FromOption = func() bool { return info.FromOption(z, m) }
		s.Stated = func() (int64, string, bool) {
			n, where, ok := info.StatedElems(z, m)
			return n * 8 * max(rank, int64(m.Rank()), 1), where, ok
		}
		s.Formula = func() string {
			if f, ok := arrays.BytesExpr(m); ok {
				return f + " of mask,"
			}
			return ""
		}
	}
	return s
}

func calleeName(info *arrays.Info, call *ast.Call) string {
	if c, ok := info.Callee(call); ok {
		return c.Func.Name
	}
	return "nonzero"
}

func diagnose(pass *analysis.Pass, in *pyinspect.Result, info *arrays.Info, st ast.Stmt, sub *ast.Subscript, pl place, src source, ev evidence) analysis.Diagnostic {
	maskT, _ := boolMask(in, info, src.mask)
	d := in.Diagnostic(st, "scatter through `%s` from `%s`; index with `%s` instead", in.Snippet(pl.index, 24), src.fn, oneLine(maskT, 32))
	if m, ok := info.Array(src.mask); ok {
		if n, ok := m.Size(); ok && m.Rank() > 0 {
			d.Message += fmt.Sprintf(" (indices up to %s)", arrays.Bytes(n*8*int64(m.Rank())))
		}
	}
	if in.File != nil && src.producer.Span() != pl.index.Span() {
		d.Related = append(d.Related, in.Related(src.producer, "index arrays built here by `%s`", src.fn))
	}
	if fix, ok := maskFix(pass, in, info, st, pl, src, ev); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	return d
}

// oneLine puts source text on one line and clips it to n runes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-3]) + "..."
	}
	return s
}

// boolMask returns the source of a boolean mask equivalent to what nonzero(mask) selects: the
// mask itself when it is known to be boolean, else `mask != 0` (exact for numbers and bools).
// isBool reports the first case.
func boolMask(in *pyinspect.Result, info *arrays.Info, mask ast.Expr) (text string, isBool bool) {
	t := in.Text(mask)
	if a, ok := info.Array(mask); ok && a.DType == npapi.Bool || syntacticallyBool(info, mask, 0) {
		return t, true
	}
	switch mask.(type) {
	case *ast.Name, *ast.Attribute, *ast.Subscript, *ast.Call:
	default:
		t = "(" + t + ")"
	}
	return t + " != 0", false
}

// syntacticallyBool reports whether e is boolean by construction: a comparison, a logical
// ufunc, ~ / & / | / ^ of such, or a name every assignment of which is one.
func syntacticallyBool(info *arrays.Info, e ast.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	switch e := e.(type) {
	case *ast.Name:
		s := info.ScopeOf(e)
		if s == nil {
			return false
		}
		if def := s.Lookup(e.ID); def != s {
			return false
		}
		sites := info.Assignments(s, e.ID)
		for _, site := range sites {
			asg, ok := site.(*ast.Assign)
			if !ok || len(asg.Targets) != 1 || !syntacticallyBool(info, asg.Value, depth+1) {
				return false
			}
		}
		return len(sites) > 0
	case *ast.Compare:
		return elementwiseCompare(e)
	case *ast.UnaryOp:
		return e.Op == ast.Invert && syntacticallyBool(info, e.Operand, depth+1)
	case *ast.BinOp:
		switch e.Op {
		case ast.BitAnd, ast.BitOr, ast.BitXor:
			return syntacticallyBool(info, e.Left, depth+1) && syntacticallyBool(info, e.Right, depth+1)
		}
	case *ast.Call:
		if c, ok := info.Callee(e); ok && !c.Method {
			switch c.Func.Name {
			case "isnan", "isinf", "isfinite", "signbit", "logical_and", "logical_or", "logical_xor",
				"logical_not", "greater", "greater_equal", "less", "less_equal", "equal", "not_equal":
				return true
			}
		}
	}
	return false
}

// statesOtherDType reports whether the call that made a (or its base) states a dtype that is no
// number: a string the table cannot read ('i8,O', 'U10'), a list, tuple or dict of fields, or
// object or str (numpy's own test of ticket #1299 scatters into a structured array with objects).
func statesOtherDType(info *arrays.Info, a *arrays.Array) bool {
	call, ok := a.Base().Alloc.(*ast.Call)
	if !ok {
		return false
	}
	var dt ast.Expr
	for _, k := range call.Keywords {
		if k.Arg == "dtype" {
			dt = k.Value
		}
	}
	if c, ok := info.Callee(call); dt == nil && ok && c.Func.DTypeArg >= 0 && c.Func.DTypeArg < len(call.Args) {
		dt = call.Args[c.Func.DTypeArg]
	}
	switch d := dt.(type) {
	case *ast.Constant:
		_, known := info.DTypeOf(d)
		return d.Value.Kind == ast.ConstStr && !known
	case *ast.List, *ast.Tuple, *ast.Dict:
		return true
	case *ast.Name:
		return d.ID == "object" || d.ID == "str"
	case *ast.Attribute:
		return d.Attr == "object_" || d.Attr == "str_" || d.Attr == "void"
	}
	return false
}
