package arrays

import (
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines calls of the table rows that carry a shape rule: npapi.Apply works out the
// results, as it does for the memory estimator.

// applyRow evaluates a call of f, a row with a shape rule; recv is a method's receiver (nil for a
// function).
func (w *walker) applyRow(e *ast.Call, f *npapi.Func, b imports.Backend, a *args, recv *Array) value {
	if f.Rule == npapi.ShapeNoArray {
		return unknown
	}
	if a.star {
		// positions unknown: only an argument-free dtype rule still holds
		dt := npapi.NoDType
		if f.DTRule == npapi.DTFixed {
			dt = f.RuleDType(npapi.NoDType)
		}
		return arrValue(fresh(b, dt, nil, e))
	}
	if f.Out {
		if out, ok := a.kw("out"); ok && out.kind == vArray {
			return out // writes into and returns the output buffer
		}
		if out, ok := a.kw("out"); ok && out.kind == vTuple && len(out.elems) == 1 && out.elems[0].kind == vArray {
			return out.elems[0]
		}
	}
	c := &npapi.Call{Args: make([]npapi.Arg, 0, len(a.pos)+1)}
	if len(a.kws) > 0 {
		c.Kw = make(map[string]npapi.Arg, len(a.kws))
	}
	var src *Array
	if recv != nil {
		c.Args = append(c.Args, ruleArg(arrValue(recv), nil))
		src = recv
	}
	for i, v := range a.pos {
		c.Args = append(c.Args, ruleArg(v, a.posX[i]))
		if src == nil && i == 0 && v.kind == vArray {
			src = v.arr
		}
	}
	for _, k := range a.kws {
		c.Kw[k.name] = ruleArg(k.v, k.x)
		if src == nil && k.v.kind == vArray && (k.name == "a" || k.name == "x") {
			src = k.v.arr
		}
	}
	r, ok := npapi.Apply(f, c)
	if !ok {
		switch f.Kind {
		case npapi.Constructor, npapi.Like, npapi.Range, npapi.Random:
			return arrValue(fresh(b, npapi.NoDType, nil, e)) // always a new array
		}
		return unknown // arguments outside the rule: nothing is claimed
	}
	if f.Effect == npapi.InPlace {
		return value{kind: vNone}
	}
	if recv != nil {
		b |= recv.Backend
	}
	for _, v := range a.pos {
		if v.kind == vArray {
			b |= v.arr.Backend
		}
	}
	outs := make([]value, len(r.Outs))
	for i, o := range r.Outs {
		if o.Scalar {
			outs[i] = value{kind: vScalar, dtype: o.DType}
			continue
		}
		var arr *Array
		if o.View && src != nil {
			arr = w.viewOf(src, e)
			arr.Shape, arr.DType = o.Shape, o.DType
		} else {
			arr = fresh(b, o.DType, o.Shape, e)
		}
		if o.DType == npapi.Bool && f.DTRule == npapi.DTBool && f.Kind != npapi.Reduction {
			arr.Role = Mask
		}
		outs[i] = arrValue(arr)
	}
	switch {
	case r.Tuple:
		return value{kind: vTuple, elems: outs}
	case len(outs) == 1:
		return outs[0]
	}
	return value{kind: vScalar, dtype: r.Scalar}
}

// ruleArg converts an evaluated argument (and its expression, for constants the walk does not
// keep: strings and bools) for npapi.Apply.
func ruleArg(v value, x ast.Expr) npapi.Arg {
	if c, ok := x.(*ast.Constant); ok {
		switch c.Value.Kind {
		case ast.ConstStr:
			return npapi.Arg{Kind: npapi.ArgStr, Str: c.Value.Str}
		case ast.ConstBool:
			n := int64(0)
			if c.Value.Bool {
				n = 1
			}
			return npapi.Arg{Kind: npapi.ArgScalar, DType: npapi.WeakBool, N: n, Known: true}
		}
	}
	switch v.kind {
	case vArray:
		return npapi.Arg{Kind: npapi.ArgArray, Shape: v.arr.Shape, DType: v.arr.DType}
	case vScalar:
		return npapi.Arg{Kind: npapi.ArgScalar, DType: v.dtype, N: v.i, Known: v.known, Sym: v.sym}
	case vTuple:
		out := npapi.Arg{Kind: npapi.ArgSeq}
		var elts []ast.Expr
		switch t := x.(type) {
		case *ast.Tuple:
			elts = t.Elts
		case *ast.List:
			elts = t.Elts
		}
		for i, e := range v.elems {
			var ex ast.Expr
			if len(elts) == len(v.elems) {
				ex = elts[i]
			}
			out.Elems = append(out.Elems, ruleArg(e, ex))
		}
		return out
	case vNone:
		return npapi.Arg{Kind: npapi.ArgNone}
	case vDType:
		return npapi.Arg{Kind: npapi.ArgDType, DType: v.dtype}
	}
	return npapi.Arg{Kind: npapi.ArgOther, Sym: v.sym}
}
