package arrays

import (
	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines how the facts are collected: each scope runs on the one interpreter
// (arraymodel/absint) in explore mode, and every value it observes at an expression is joined
// into that expression's fact. An array of the run is one *Array for all the expressions that
// hold it, so a name read later is the same array; the roles the rules ask about (masks, the
// index arrays of nonzero) are read off the expressions that make them.

// collector is the interpreter's client for one Info: it turns observed values into facts.
type collector struct {
	absint.NoHeap
	info *Info
	// arrs is the Array of each array of the runs.
	arrs map[*absint.Obj]*Array
	// tuples maps the first index array of a nonzero-like call's tuple to the tuple's Array.
	tuples map[*absint.Obj]*indexTuple
	// seen is the join of the values seen at each expression.
	seen map[ast.Expr]absint.Value
	// fields are, for an argument of a call of a top-level function of the file (args) seen
	// holding an instance, its attributes joined over the visits (absint.JoinFields); no
	// attributes (nil) when it held anything else on some visit.
	fields map[ast.Expr]absint.Fields
	args   map[ast.Expr]bool
}

// indexTuple is the tuple of index arrays a nonzero / one-argument where call returns.
type indexTuple struct {
	arr   *Array
	elems []*absint.Obj
}

func newCollector(info *Info) *collector {
	return &collector{info: info, arrs: map[*absint.Obj]*Array{}, tuples: map[*absint.Obj]*indexTuple{},
		seen: map[ast.Expr]absint.Value{}}
}

// observe joins the value v the run saw at e into e's fact: the values seen at e join in the
// interpreter (absint.JoinValues), and the fact is read off the join.
func (c *collector) observe(e ast.Expr, v absint.Value) {
	if _, ok := e.(*ast.Constant); ok {
		return // a constant's fact is its own value (Info.fact reads it off the syntax)
	}
	c.roles(e, v)
	c.observeFields(e, v)
	old, ok := c.seen[e]
	switch {
	case ok:
		j := absint.JoinValues(old, v)
		c.joinTuples(old, v, j)
		c.seen[e] = j
	case !absint.IsUnknown(v):
		c.seen[e] = v
	default:
		// an unknown value seen first is not kept (most expressions of most code): a missing
		// entry reads as unknown, and a later visit's value stands alone
	}
}

// observeFields joins the attributes of the instance v into e's fields when e is an argument
// of a call of one of the file's top-level functions (what a parameter may be bound to): an
// argument seen holding anything else on one visit has none. Only records are looked at
// (absint.IsRecord), and other values only at an argument that already has fields, so that
// the common case costs a type check: an argument that held something else only before its
// first record, on a visit whose value was unknown (not kept in seen), is not noticed.
func (c *collector) observeFields(e ast.Expr, v absint.Value) {
	if !absint.IsRecord(v) {
		if len(c.fields) == 0 {
			return
		}
		if old, ok := c.fields[e]; ok && old.Attrs != nil {
			c.fields[e] = absint.Fields{}
		}
		return
	}
	if c.args == nil {
		c.args = map[ast.Expr]bool{}
		if c.info.mod != nil && c.info.shared != nil {
			c.args = c.info.shared.Calls(c.info.mod).Arguments()
		}
	}
	if !c.args[e] {
		return
	}
	old, seen := c.fields[e]
	if seen && old.Attrs == nil {
		return // held something else before
	}
	f, ok := absint.InstanceFields(v)
	if ok && seen {
		f, ok = absint.JoinFields(old, f)
	}
	if prev, kept := c.seen[e]; !seen && kept && !absint.IsRecord(prev) {
		ok = false // held something else on an earlier visit
	}
	if !ok {
		f = absint.Fields{}
	}
	if c.fields == nil {
		c.fields = map[ast.Expr]absint.Fields{}
	}
	c.fields[e] = f
}

// maxFactDepth bounds how deep tuples and lists nest in a fact (a list may hold itself).
const maxFactDepth = 4

// factOf is the fact for a value of the run; depth counts the containers around it.
func (c *collector) factOf(v absint.Value, depth int) value {
	in := absint.Inspect(v)
	switch in.Kind {
	case absint.KInt:
		if in.Known {
			return intValue(in.Int)
		}
		return value{kind: vScalar, dtype: npapi.WeakInt, sym: in.Sym, data: in.Data}
	case absint.KFloat:
		switch {
		case in.DType.Known():
			return value{kind: vScalar, dtype: in.DType}
		case in.Complex:
			return value{kind: vScalar, dtype: npapi.WeakComplex}
		}
		return value{kind: vScalar, dtype: npapi.WeakFloat}
	case absint.KStr:
		if d, ok := npapi.ParseDType(in.Str); ok {
			return value{kind: vDType, dtype: d} // "float32" is usable as a dtype
		}
	case absint.KNone:
		return value{kind: vNone}
	case absint.KTuple, absint.KList:
		if t := c.indexTupleOf(in.Elems); t != nil {
			return arrValue(t.arr)
		}
		if depth >= maxFactDepth {
			return unknown
		}
		out := value{kind: vTuple}
		for _, x := range in.Elems {
			out.elems = append(out.elems, c.factOf(x, depth+1))
		}
		return out
	case absint.KDType:
		return value{kind: vDType, dtype: in.DType}
	case absint.KModule:
		ref := in.Ref
		return moduleValue(ref)
	case absint.KRNG:
		b := in.Backend
		if in.JAX {
			b = imports.JAX
		}
		return value{kind: vGenerator, backend: b}
	case absint.KArray:
		return arrValue(c.arrOf(in.Obj))
	case absint.KNamespace:
		return value{kind: vNamespace}
	case absint.KUnknown:
		return value{kind: vUnknown, sym: in.Sym, data: in.Data, local: in.Local}
	}
	return unknown
}

// arrOf returns the Array of an array of the run.
func (c *collector) arrOf(o *absint.Obj) *Array {
	if a, ok := c.arrs[o]; ok {
		return a
	}
	a := &Array{Backend: o.Backend(), DType: o.DType(), Origin: o.Origin(), Data: o.IsData(), ShapeOf: o.ShapeOf(), AtMost: o.AtMost()}
	if sh := o.Shape(); sh.Known {
		a.Shape = append([]Dim{}, sh.Dims...)
	}
	if n := o.Node(); n != nil && a.Origin == Fresh {
		a.Alloc = n
	}
	if b := o.Base(); b != nil {
		for b.Base() != nil {
			b = b.Base()
		}
		base := c.arrOf(b)
		a.ViewOf, a.Alloc, a.Origin = base, base.Alloc, View
	}
	if j := o.Joined(); len(j) == 2 {
		// what the interpreter does not know of: the roles, kept where both paths agree
		x, y := c.arrOf(j[0]), c.arrOf(j[1])
		if x.Role == y.Role {
			a.Role = x.Role
		}
		if x.Producer == y.Producer {
			a.Producer, a.MaskExpr = x.Producer, x.MaskExpr
		}
		if x.Alloc == y.Alloc {
			a.Alloc = x.Alloc
		}
	}
	if !a.DType.Known() {
		a.DType = npapi.NoDType
	}
	c.arrs[o] = a
	return a
}

// indexTupleOf returns the index tuple whose arrays elems are, in order, or nil.
func (c *collector) indexTupleOf(elems []absint.Value) *indexTuple {
	if len(elems) == 0 {
		return nil
	}
	first, ok := absint.ArrayOf(elems[0])
	if !ok {
		return nil
	}
	t := c.tuples[first]
	if t == nil || len(t.elems) != len(elems) {
		return nil
	}
	for i, x := range elems {
		if o, ok := absint.ArrayOf(x); !ok || o != t.elems[i] {
			return nil
		}
	}
	return t
}

// roles records what the expression that made an array says of it: a comparison, a boolean
// bitwise operation or a boolean ufunc makes a mask; a nonzero-like call makes index arrays;
// unpacking an index tuple names its arrays.
func (c *collector) roles(e ast.Expr, v absint.Value) {
	switch e := e.(type) {
	case *ast.Compare:
		c.markMask(v)
	case *ast.UnaryOp:
		if e.Op == ast.Invert {
			c.markMask(v)
		}
	case *ast.BinOp:
		switch e.Op {
		case ast.BitAnd, ast.BitOr, ast.BitXor:
			c.markMask(v)
		}
	case *ast.Call:
		if _, isArr := absint.ArrayOf(v); isArr || absint.IsTuple(v) {
			c.callRoles(e, v) // only calls that make arrays give them roles
		}
	case *ast.Name:
		o, ok := absint.ArrayOf(v)
		if !ok || e.Ctx != ast.Store {
			return
		}
		a := c.arrOf(o)
		if a.Role != IndexArray || a.Producer == nil {
			return
		}
		if t, ok := c.info.parent(e).(*ast.Tuple); ok {
			for i, x := range t.Elts {
				if x == ast.Expr(e) {
					a.Unpacked, a.Component = len(t.Elts), i
				}
			}
		}
	}
}

// markMask makes v a mask when it is a boolean array.
func (c *collector) markMask(v absint.Value) {
	if o, ok := absint.ArrayOf(v); ok && o.DType() == npapi.Bool {
		c.arrOf(o).Role = Mask
	}
}

// callRoles records the roles a call's results take: the index arrays of nonzero, argwhere,
// flatnonzero and one-argument where, with the call and its mask; the masks of boolean ufuncs.
func (c *collector) callRoles(e *ast.Call, v absint.Value) {
	callee, ok := c.info.callee(e, func(x ast.Expr) value {
		if raw, ok := c.seen[x]; ok {
			return c.factOf(raw, 0)
		}
		return unknown
	})
	if !ok {
		return
	}
	f := callee.Func
	switch {
	case f.Kind == npapi.Index && !(f.Name == "where" && len(e.Args) == 3):
		var mask ast.Expr
		switch {
		case callee.Method:
			mask = callee.Recv
		case len(e.Args) > 0:
			mask = e.Args[0]
		default:
			for _, k := range e.Keywords {
				if k.Arg == "a" || k.Arg == "condition" {
					mask = k.Value
				}
			}
		}
		c.indexArrays(e, f.Name, mask, v)
	case f.DTRule == npapi.DTBool && f.Kind != npapi.Reduction:
		c.markMask(v)
	}
}

// indexArrays marks v, the result of a nonzero-like call e on mask, as index arrays.
func (c *collector) indexArrays(e *ast.Call, name string, mask ast.Expr, v absint.Value) {
	mark := func(a *Array, i int) {
		a.Role, a.Producer, a.MaskExpr, a.Component = IndexArray, e, mask, i
		a.DType = npapi.Int64
		if a.Shape == nil {
			a.Shape = []Dim{{}}
			if name == "argwhere" {
				a.Shape = []Dim{{}, {}}
			}
		}
	}
	in := absint.Inspect(v)
	switch in.Kind {
	case absint.KArray:
		a := c.arrOf(in.Obj)
		mark(a, 0)
		if (name == "nonzero" || name == "where") && !in.Obj.Shape().Known {
			a.Role = IndexTuple // the tuple of a mask of unknown rank (absint.Interp.indexFunc)
		}
	case absint.KTuple:
		t := &indexTuple{arr: &Array{DType: npapi.Int64, Shape: []Dim{{}}, Origin: Fresh, Alloc: e, Role: IndexTuple, Producer: e, MaskExpr: mask}}
		for i, x := range in.Elems {
			o, ok := absint.ArrayOf(x)
			if !ok {
				return
			}
			a := c.arrOf(o)
			mark(a, i)
			t.arr.Backend |= a.Backend
			t.elems = append(t.elems, o)
		}
		if len(t.elems) > 0 {
			c.tuples[t.elems[0]] = t
		}
	}
}

// joinTuples registers j, the join of a and b, as an index tuple when a and b are index tuples
// of the same call (a nonzero call in a loop, seen on each iteration).
func (c *collector) joinTuples(a, b, j absint.Value) {
	if !absint.IsTuple(a) || !absint.IsTuple(b) {
		return
	}
	ta, tb := c.indexTupleOf(absint.Inspect(a).Elems), c.indexTupleOf(absint.Inspect(b).Elems)
	if ta == nil || tb == nil || ta.arr.Producer != tb.arr.Producer {
		return
	}
	t := &indexTuple{arr: ta.arr}
	for _, x := range absint.Inspect(j).Elems {
		o, ok := absint.ArrayOf(x)
		if !ok {
			return
		}
		t.elems = append(t.elems, o)
	}
	if len(t.elems) > 0 {
		c.tuples[t.elems[0]] = t
	}
}
