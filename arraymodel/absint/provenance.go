package absint

import (
	"fmt"
	"slices"

	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines size provenance: which arrays and lengths scale with the data the code is
// given, as the memory and speed rules read it (arraymodel/arrays: Scales).
//
// Data is:
//   - an input array: a parameter, a file load, an unknown call's result, an attribute (values
//     the interpreter leaves unknown), and arrays computed elementwise from one (operators,
//     ufuncs, casts, copies, *_like, asarray, indexing);
//   - the leading length of an input: len(x), x.shape[0], the first name of `n, m = x.shape`,
//     x.shape as a whole and x.size, and integer arithmetic over such lengths.
//
// Any other axis of an input (x.shape[1], x.shape[-1]) is not data: by the convention NumPy
// code follows (samples × features, records × fields) the leading axis is the one that grows
// with the data. Neither is the leading axis of an input the scope reads as a grid (another
// axis or x.ndim read), a collection the scope loops over in Python, or an object's own
// self.shape. Measured on real code (bench/precision.md).

// Scales reports whether o's size comes from the data the code is given.
func (o *Obj) Scales() bool { return scales(o) }

// IsData reports whether o is marked as data where its shape does not say so (an array
// computed elementwise from an input).
func (o *Obj) IsData() bool { return o.data }

func scales(o *Obj) bool {
	if o == nil {
		return false
	}
	if o.data || npapi.Scales(o.shape.Dims) {
		return true
	}
	if len(o.joined) > 0 {
		return false // a join scales when both sides do (joinObjs sets data); its origin is a guess
	}
	if !o.shape.Known {
		root := o
		for root.base != nil {
			root = root.base
		}
		return root.origin == Param || root.origin == External // an input of unknown shape
	}
	return false
}

// partlyUnknown reports whether a shape does not show its provenance: unknown rank or an
// unknown dimension that is not marked as data.
func partlyUnknown(sh Shape) bool {
	if !sh.Known {
		return true
	}
	for _, d := range sh.Dims {
		if !d.Known && !d.Data {
			return true
		}
	}
	return false
}

// isDataValue reports whether an operand is data: an array that scales, or a value the
// interpreter cannot see into (an input), or a tuple holding one.
func isDataValue(v value) bool {
	switch v := v.(type) {
	case vArray:
		return scales(v.o)
	case vUnknown:
		// an input the interpreter cannot see into (vLocal and vShapeOf are not), unless a
		// call made it from numbers none of which comes from the data (gamma(3.0), and
		// arithmetic on it): sized by the code's own numbers
		return v.from == nil || v.from.data
	case vTuple:
		for _, e := range v.elts {
			if isDataValue(e) {
				return true
			}
		}
	}
	return false
}

// inheritData marks dst, computed elementwise from src, as data when src is.
func inheritData(dst, src *Obj) {
	if dst != nil && src != nil && partlyUnknown(dst.shape) && scales(src) {
		dst.data = true
	}
}

// markData marks out, computed elementwise from the operands, as data when one of them is.
func markData(out value, operands ...value) {
	o, ok := isArray(out)
	if !ok || !partlyUnknown(o.shape) {
		return
	}
	for _, v := range operands {
		if isDataValue(v) {
			o.data = true
			return
		}
	}
}

// markRowData marks the results of a call of the table row f as data: a constructor, range or
// random call when a size argument comes from the data (np.zeros(x.shape)); a reduction that
// keeps the first axis (keepsRows) and any other row when an array argument is data
// (np.sum(x ** 2, axis=1), np.zeros_like(x), np.divide(image, k)) and not a collection the scope
// loops over in Python.
func (s *Interp) markRowData(f *npapi.Func, c *call, res value) {
	if f.Kind == npapi.Product && s.transposedProduct(productLeft(c)) {
		return // np.dot(W.T, W): rows from W's last axis
	}
	data := false
	switch f.Kind {
	case npapi.Reduction:
		if !keepsRows(c, f.AxisArg) {
			return // a reduction over an input is as long as the axes it keeps
		}
		for _, v := range c.args {
			data = data || isDataValue(v)
		}
	case npapi.Constructor, npapi.Range, npapi.Random:
		for _, v := range c.args {
			data = data || sizeIsData(v)
		}
		for _, v := range c.kw {
			data = data || sizeIsData(v)
		}
	default:
		exprs := c.e.Args
		if at, ok := c.e.Func.(*ast.Attribute); ok && len(c.args) == len(c.e.Args)+1 {
			exprs = append([]ast.Expr{at.Value}, c.e.Args...) // a method: its receiver first
		}
		for i, v := range c.args {
			if !isDataValue(v) {
				continue
			}
			text := ""
			if i < len(exprs) {
				text = ExprText(exprs[i])
			}
			data = data || !s.loopedOver(text)
		}
	}
	if !data {
		return
	}
	var mark func(v value)
	mark = func(v value) {
		switch v := v.(type) {
		case vArray:
			if partlyUnknown(v.o.shape) {
				v.o.data = true
			}
		case vTuple:
			for _, e := range v.elts {
				mark(e)
			}
		}
	}
	mark(res)
}

// sizeIsData reports whether a size argument (an int or a shape) comes from the data.
func sizeIsData(v value) bool {
	switch v := v.(type) {
	case vInt:
		return v.data
	case vShapeOf:
		return true
	case vTuple:
		for _, e := range v.elts {
			if sizeIsData(e) {
				return true
			}
		}
	}
	return false
}

// dataInt is an integer that comes from the data, equal to the symbol named formula ("" for
// none).
func dataInt(formula string) value {
	if formula == "" {
		return vInt{data: true}
	}
	return vInt{sym: npapi.Var(formula), data: true}
}

// dataAttr evaluates x.shape and x.size of an input (an unknown value, or an array that scales
// with a rank or dimensions the interpreter does not know); false when the attribute is not
// one of these.
func (s *Interp) dataAttr(e *ast.Attribute, base value) (value, bool) {
	if e.Attr != "shape" && e.Attr != "size" {
		return nil, false
	}
	text := ExprText(e.Value)
	if text == "self" || text == "cls" {
		return nil, false // an object's own shape or size attribute: its configuration
	}
	switch b := base.(type) {
	case vUnknown:
	case vArray:
		if !scales(b.o) {
			return nil, false
		}
		if e.Attr == "size" {
			if _, ok := b.o.shape.Size(); ok {
				return nil, false
			}
			break
		}
		if !b.o.shape.Known {
			break
		}
		elts := make([]value, len(b.o.shape.Dims))
		for i, d := range b.o.shape.Dims {
			v := value(dimValue(d))
			switch {
			case d.Known || d.Data:
			case i == 0:
				v = s.sizeSymbol(symIndex(text, ".shape", 0), true)
			case v.(vInt).sym == nil && text != "":
				v = s.sizeSymbol(symIndex(text, ".shape", i), false)
			}
			elts[i] = v
		}
		return vTuple{elts}, true
	default:
		return nil, false
	}
	if e.Attr == "size" {
		return s.sizeSymbol(suffix(text, ".size"), true), true
	}
	return vShapeOf{of: text}, true
}

// sizeSymbol is a size an input's shape gives, named formula (X.shape[0], X.size, len(X); ""
// when the input has no text): the value assumed for it (`--assume X.shape[0]=5000`, or a
// re-estimate's), else an integer of that name, from the data when data, which the run lists
// among its free sizes (FreeSizes).
func (s *Interp) sizeSymbol(formula string, data bool) value {
	if formula != "" {
		if n, ok := s.assumed(formula); ok {
			return formed(knownInt(n), formula)
		}
		if !slices.Contains(s.freeSizes, formula) {
			s.freeSizes = append(s.freeSizes, formula)
		}
	}
	switch {
	case data:
		return dataInt(formula)
	case formula == "":
		return vInt{}
	}
	return vInt{sym: npapi.Var(formula)}
}

// FreeSizes are the sizes of inputs (X.shape[0], len(X)) the run read without knowing them, in
// the order it read them: the symbols a client may bind (Config.Assume) to size the scope.
func (s *Interp) FreeSizes() []string { return s.freeSizes }

// shapeItem evaluates item k of the shape tuple of an input of unknown rank: the leading length
// is data (unless the scope loops over the input in Python or reads it as a grid), any other is
// an integer of its own.
func (s *Interp) shapeItem(shape vShapeOf, k int64) value {
	data := k == 0 && !s.loopedOver(shape.of) && !s.multiAxis(shape.of)
	return s.sizeSymbol(symIndex(shape.of, ".shape", int(k)), data)
}

// dataLen evaluates len(x) for an array x that scales and whose leading length is not known;
// false otherwise, or when the scope loops over x in Python or reads its other axes.
func (s *Interp) dataLen(v value, x ast.Expr) (value, bool) {
	o, ok := isArray(v)
	if !ok || !scales(o) || (o.shape.Known && len(o.shape.Dims) > 0 && o.shape.Dims[0].Known) {
		return nil, false
	}
	if o.shape.Known && len(o.shape.Dims) > 0 && o.shape.Dims[0].Data {
		return dimValue(o.shape.Dims[0]), true
	}
	t := ExprText(x)
	if s.loopedOver(t) || s.multiAxis(t) {
		return nil, false
	}
	return s.sizeSymbol(suffix2("len(", t, ")"), true), true
}

// loopedOver reports whether the running scope loops over the collection named text in Python
// (`for a in x`, `enumerate(x)`, `zip(x, …)`, `range(len(x))`, `range(x.shape[0])`, or the same
// in a comprehension): a collection walked element by element in Python is one the code expects
// to be small, so its length is no evidence of a large array.
func (s *Interp) loopedOver(text string) bool {
	return text != "" && s.scan().iterated[text]
}

// multiAxis reports whether the running scope reads an axis of the input named text other than
// the leading one (x.shape[1], x.shape[-1], x.ndim, `n, m = x.shape`): it treats x as a grid of
// several axes, and its leading length alone is no evidence that a vector of that length is
// large.
func (s *Interp) multiAxis(text string) bool {
	return text != "" && s.scan().multiAxis[text]
}

// scopeScan is what size provenance reads of a scope's syntax, computed once per scope.
type scopeScan struct {
	iterated, multiAxis map[string]bool
}

// scan returns the scan of the scope being run (its function, or the module).
func (s *Interp) scan() scopeScan {
	var n ast.Node = s.file.Module
	if s.root.fn != nil {
		n = s.root.fn
	} else if s.rootNode != nil {
		n = s.rootNode
	}
	if s.shared.scans == nil {
		s.shared.scans = map[ast.Node]scopeScan{}
	}
	sc, ok := s.shared.scans[n]
	if !ok {
		sc = scopeScan{iterated: Iterated(n), multiAxis: MultiAxis(n)}
		s.shared.scans[n] = sc
	}
	return sc
}

// ExprText returns "a.b.c" for a Name or a chain of Attributes on one, or "".
func ExprText(x ast.Expr) string { return ast.DottedName(x) }

func suffix(text, s string) string {
	if text == "" {
		return ""
	}
	return text + s
}

func suffix2(pre, text, post string) string {
	if text == "" {
		return ""
	}
	return pre + text + post
}

func symIndex(text, attr string, i int) string {
	if text == "" {
		return ""
	}
	return fmt.Sprintf("%s%s[%d]", text, attr, i)
}

// Iterated collects the collections the loops and comprehensions in n iterate over (their
// ExprText).
func Iterated(n ast.Node) map[string]bool {
	set := map[string]bool{}
	var add func(x ast.Expr)
	add = func(x ast.Expr) {
		if t := ExprText(x); t != "" {
			set[t] = true
			return
		}
		if sub, ok := x.(*ast.Subscript); ok { // range(x.shape[0])
			if at, ok := sub.Value.(*ast.Attribute); ok && at.Attr == "shape" {
				add(at.Value)
			}
			return
		}
		c, ok := x.(*ast.Call)
		if !ok {
			return
		}
		switch f := ExprText(c.Func); f {
		case "enumerate", "zip", "reversed", "sorted", "len":
			for _, a := range c.Args {
				add(a)
			}
		case "range":
			if len(c.Args) == 1 || len(c.Args) == 2 {
				add(c.Args[len(c.Args)-1])
			}
		}
	}
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.For:
			add(m.Iter)
		case *ast.AsyncFor:
			add(m.Iter)
		case *ast.Comprehension:
			add(m.Iter)
		}
		return true
	})
	return set
}

// MultiAxis collects the arrays whose non-leading axes n reads (their ExprText).
func MultiAxis(n ast.Node) map[string]bool {
	set := map[string]bool{}
	shapeOf := map[string]string{} // s = x.shape: s → x
	shapeBase := func(x ast.Expr) string {
		if at, ok := x.(*ast.Attribute); ok && at.Attr == "shape" {
			return ExprText(at.Value)
		}
		if nm, ok := x.(*ast.Name); ok {
			return shapeOf[nm.ID]
		}
		return ""
	}
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.Assign:
			if at, ok := m.Value.(*ast.Attribute); ok && at.Attr == "shape" && len(m.Targets) == 1 {
				switch t := m.Targets[0].(type) {
				case *ast.Name:
					shapeOf[t.ID] = ExprText(at.Value)
				case *ast.Tuple:
					if len(t.Elts) > 1 {
						set[ExprText(at.Value)] = true
					}
				}
			}
		case *ast.Attribute:
			if m.Attr == "ndim" {
				set[ExprText(m.Value)] = true
			}
		case *ast.Subscript:
			if base := shapeBase(m.Value); base != "" {
				if c, ok := m.Slice.(*ast.Constant); !ok || c.Value.Kind != ast.ConstInt || c.Value.Int != 0 {
					set[base] = true
				}
			}
		}
		return true
	})
	delete(set, "")
	return set
}

// isLocal reports whether v is a container the code builds itself (a comprehension).
func isLocal(v value) bool {
	_, ok := v.(vLocal)
	return ok
}

// builtHere reports whether v is a container the code builds: a comprehension's, a tuple, a list.
func builtHere(v value) bool {
	switch v.(type) {
	case vTuple, vList:
		return true
	}
	return isLocal(v)
}

// keepsRows reports whether a reduction keeps the first axis, along which an input's length is
// the data's (one row per sample, per point): its axis argument (at position pos, or `axis=`)
// is a known positive int, or a tuple of them (np.sum(xyz ** 2, axis=1) is one value per point).
// Over axis 0 or all axes the result is as long as the axes that describe one row, not the data.
func keepsRows(c *call, pos int) bool {
	v, ok := c.arg(pos, "axis")
	if !ok {
		return false
	}
	positive := func(v value) bool {
		i, ok := intValue(v)
		return ok && i >= 1
	}
	if t, ok := v.(vTuple); ok {
		for _, e := range t.elts {
			if !positive(e) {
				return false
			}
		}
		return len(t.elts) > 0
	}
	return positive(v)
}

// transposedProduct reports whether a matrix product's left operand, written e, is a transpose
// (x.T, x.mT, x.H, x.transpose(), np.transpose(x), x.conj().T): the product's rows are then x's
// last axis, not the axis that grows with the data (W.T @ W of samples × states is states ×
// states), so the product is not data whatever its operands are.
func (s *Interp) transposedProduct(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Attribute:
		return e.Attr == "T" || e.Attr == "mT" || e.Attr == "H"
	case *ast.Call:
		if at, ok := e.Func.(*ast.Attribute); ok && at.Attr == "transpose" && len(e.Args) == 0 && len(e.Keywords) == 0 {
			return true // x.transpose()
		}
		if ref, ok := s.imp.Resolve(e.Func); ok && ref.API == "transpose" && len(e.Args) == 1 && len(e.Keywords) == 0 {
			return true // np.transpose(x)
		}
	}
	return false
}

// productLeft returns the expression of a product call's left operand (a method's receiver),
// or nil.
func productLeft(c *call) ast.Expr {
	if at, ok := c.e.Func.(*ast.Attribute); ok && len(c.args) == len(c.e.Args)+1 {
		return at.Value // W.T.dot(W)
	}
	if len(c.e.Args) > 0 {
		return c.e.Args[0]
	}
	return nil
}
