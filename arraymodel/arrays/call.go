package arrays

import (
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the evaluation of calls: array-library functions (driven by the npapi
// table), ndarray and Generator methods, and a few builtins.

// args holds a call's evaluated positional and keyword arguments.
type args struct {
	pos []value
	// posX are the positional argument expressions.
	posX []ast.Expr
	// kws are the named keyword arguments in source order; a repeated name counts its last.
	kws  []kwarg
	star bool // *args or **kwargs present: positions are not reliable
}

// kwarg is one named keyword argument.
type kwarg struct {
	name string
	v    value
	x    ast.Expr
}

// kwarg returns the keyword argument called name (calls have a handful: a scan beats a map).
func (a *args) kwarg(name string) (kwarg, bool) {
	for i := len(a.kws) - 1; i >= 0; i-- {
		if a.kws[i].name == name {
			return a.kws[i], true
		}
	}
	return kwarg{}, false
}

// kw returns the value of the keyword argument called name.
func (a *args) kw(name string) (value, bool) {
	k, ok := a.kwarg(name)
	return k.v, ok
}

func (a *args) get(i int, kw string) (value, bool) {
	if kw != "" {
		if v, ok := a.kw(kw); ok {
			return v, true
		}
	}
	if i >= 0 && i < len(a.pos) && !a.star {
		return a.pos[i], true
	}
	return unknown, false
}

func (w *walker) evalArgs(e *ast.Call) *args {
	a := &args{}
	if len(e.Args) > 0 {
		a.pos, a.posX = make([]value, 0, len(e.Args)), make([]ast.Expr, 0, len(e.Args))
	}
	for _, x := range e.Args {
		if _, ok := x.(*ast.Starred); ok {
			a.star = true
		}
		a.pos = append(a.pos, w.eval(x))
		a.posX = append(a.posX, x)
	}
	for _, k := range e.Keywords {
		v := w.eval(k.Value)
		if k.Arg == "" {
			a.star = true
			continue
		}
		a.kws = append(a.kws, kwarg{k.Arg, v, k.Value})
	}
	return a
}

func (w *walker) call(e *ast.Call) value {
	// Methods: evaluate the receiver first.
	var recv, fn value
	var method string
	if at, ok := e.Func.(*ast.Attribute); ok {
		if ref, isRef := w.info.imp.Resolve(at); isRef {
			fn = w.moduleAttr(at, ref) // w.eval(at) without resolving at again
		} else {
			recv = w.eval(at.Value)
			w.record(at, unknown)
			method = at.Attr
		}
	} else {
		fn = w.eval(e.Func)
	}
	a := w.evalArgs(e)
	switch {
	case method == "parse_args" && recv.kind == vUnknown && len(w.info.argparse()) > 0:
		return value{kind: vNamespace}
	case method != "" && recv.kind == vArray:
		return w.arrayMethod(e, recv.arr, method, a)
	case method != "" && recv.kind == vGenerator:
		if f, ok := npapi.GeneratorMethod(method); ok {
			return w.applyRow(e, f, recv.backend, a, nil)
		}
		return unknown
	case method != "" && recv.kind == vModule && recv.ref != nil:
		// A call through an array module held in a variable: xp.zeros(n).
		ref := recv.ref.Member(method)
		if f, ok := npapi.Lookup(ref.API); ok {
			return w.apiCall(e, f, ref.Backend, a)
		}
		return unknown
	case fn.kind == vModule:
		if _, ok := imports.Namespace(*fn.ref); ok {
			return namespaceOf(a)
		}
		if f, ok := npapi.Lookup(fn.ref.API); ok {
			return w.apiCall(e, f, fn.ref.Backend, a)
		}
		return unknown
	case fn.kind == vDType:
		// np.float32(x): a scalar of that dtype, or an array conversion of an array
		if len(a.pos) == 1 && a.pos[0].kind == vArray {
			src := a.pos[0].arr
			return arrValue(fresh(src.Backend, fn.dtype, src.Shape, e))
		}
		if e.Func != nil {
			if ref, ok := w.info.imp.Resolve(e.Func); ok && ref.API == "dtype" {
				return unknown
			}
		}
		return value{kind: vScalar, dtype: fn.dtype}
	}
	if n, ok := e.Func.(*ast.Name); ok && method == "" {
		return w.builtin(n.ID, a)
	}
	return unknown
}

func (w *walker) builtin(name string, a *args) value {
	switch name {
	case "len":
		if len(a.pos) != 1 {
			return unknown
		}
		switch v := a.pos[0]; v.kind {
		case vArray:
			if len(v.arr.Shape) > 0 {
				return dimValue(v.arr.Shape[0])
			}
			return value{kind: vScalar, dtype: npapi.WeakInt}
		case vTuple:
			return intValue(int64(len(v.elems)))
		}
		return value{kind: vScalar, dtype: npapi.WeakInt}
	case "int":
		if len(a.pos) == 1 && a.pos[0].kind == vScalar && a.pos[0].dtype.IsInteger() {
			return a.pos[0]
		}
		return value{kind: vScalar, dtype: npapi.WeakInt}
	case "float":
		return value{kind: vScalar, dtype: npapi.WeakFloat}
	case "min", "max":
		if len(a.pos) < 2 || a.star {
			return unknown
		}
		out := a.pos[0]
		for _, v := range a.pos[1:] {
			if out.kind != vScalar || v.kind != vScalar || !out.known || !v.known {
				return value{kind: vScalar, dtype: npapi.WeakInt}
			}
			if (name == "min") == (v.i < out.i) {
				out = v
			}
		}
		return out
	case "abs":
		if len(a.pos) == 1 && a.pos[0].kind == vScalar && a.pos[0].known {
			return intValue(abs(a.pos[0].i))
		}
	}
	return unknown
}

// shapeOf converts a shape argument (int, symbolic int, tuple or list) into dims.
func shapeOf(v value) []Dim {
	switch v.kind {
	case vScalar:
		return []Dim{dimOf(v)}
	case vUnknown:
		if v.sym != nil {
			return []Dim{npapi.SymDim(v.sym)} // an unannotated parameter used as a size
		}
	case vTuple:
		out := make([]Dim, len(v.elems))
		for i, x := range v.elems {
			if x.kind != vScalar {
				return nil
			}
			out[i] = dimOf(x)
		}
		return out
	}
	return nil
}

func dimOf(v value) Dim {
	if v.kind == vScalar && v.known && v.i >= 0 {
		return Int(v.i)
	}
	if (v.kind == vScalar || v.kind == vUnknown) && v.sym != nil {
		return npapi.SymDim(v.sym)
	}
	return Dim{}
}

// dtypeArg returns the dtype= argument's dtype; given is false when there is no dtype argument.
func dtypeArg(f *npapi.Func, a *args) (dt npapi.DType, given bool) {
	v, ok := a.get(f.DTypeArg, "dtype")
	if !ok || v.kind == vNone {
		return npapi.NoDType, false
	}
	if v.kind == vDType {
		return v.dtype, true
	}
	return npapi.NoDType, true
}

func (w *walker) apiCall(e *ast.Call, f *npapi.Func, b imports.Backend, a *args) value {
	v := w.apiCall1(e, f, b, a)
	if b == imports.JAX && !w.info.imp.X64 && v.kind == vArray && v.arr.Alloc == ast.Node(e) {
		// Without jax_enable_x64, JAX holds no 64-bit arrays, asked for or not.
		v.arr.DType = v.arr.DType.JAX32()
	}
	return v
}

func (w *walker) apiCall1(e *ast.Call, f *npapi.Func, b imports.Backend, a *args) value {
	if f.Rule != npapi.ShapeNone {
		return w.applyRow(e, f, b, a, nil)
	}
	switch f.Kind {
	case npapi.RNGFactory:
		return value{kind: vGenerator, backend: b}
	case npapi.Convert:
		return w.convert(e, f, b, a)
	case npapi.Index:
		if f.Name == "where" && len(a.pos) == 3 {
			return w.where3(e, b, a)
		}
		if len(a.pos) != 1 {
			return unknown
		}
		return w.indexCall(e, f.Name, b, a.pos[0], a.posX[0])
	case npapi.Scatter:
		return value{kind: vNone}
	}
	return unknown
}

func (w *walker) convert(e *ast.Call, f *npapi.Func, b imports.Backend, a *args) value {
	src, ok := a.get(0, "a")
	if !ok {
		src, _ = a.get(0, "object")
	}
	dt, given := dtypeArg(f, a)
	switch f.Name {
	case "fromfile", "frombuffer", "loadtxt", "genfromtxt", "load", "fromiter":
		if !given {
			dt = f.DType
		}
		out := fresh(b, dt, nil, e)
		out.Origin = External
		return arrValue(out)
	}
	if src.kind == vArray {
		if !given {
			dt = src.arr.DType
		}
		if f.Name != "array" && f.Name != "copy" && (!given || dt == src.arr.DType) {
			return src // asarray and friends return the argument when no conversion is needed
		}
		return arrValue(fresh(b|src.arr.Backend, dt, src.arr.Shape, e))
	}
	if src.kind == vScalar {
		if !given {
			dt = src.dtype.Default()
		}
		return arrValue(fresh(b, dt, []Dim{}, e))
	}
	if src.kind == vTuple {
		shape := []Dim{Int(int64(len(src.elems)))}
		if !given {
			dt = npapi.NoDType
			for i, x := range src.elems {
				if x.kind != vScalar {
					dt, shape = npapi.NoDType, nil
					break
				}
				if i == 0 {
					dt = x.dtype
				} else {
					dt = npapi.Promote(dt, x.dtype)
				}
			}
			dt = dt.Default()
		}
		return arrValue(fresh(b, dt, shape, e))
	}
	return arrValue(fresh(b, dt, nil, e))
}

func (w *walker) where3(e *ast.Call, b imports.Backend, a *args) value {
	res := w.broadcast(e, a.pos[1], a.pos[2])
	if res == nil {
		return unknown
	}
	res.Shape = npapi.Broadcast(res.Shape, shapeOfOperand(a.pos[0]))
	res.Backend |= b
	res.DType = npapi.Promote(operandDType(a.pos[1]), operandDType(a.pos[2])).Default()
	if !res.DType.Known() {
		res.DType = npapi.NoDType
	}
	return arrValue(res)
}

func shapeOfOperand(v value) []Dim {
	switch v.kind {
	case vArray:
		return v.arr.Shape
	case vScalar:
		return []Dim{}
	}
	return nil
}

// indexCall models nonzero / one-argument where / argwhere / flatnonzero.
func (w *walker) indexCall(e *ast.Call, name string, b imports.Backend, mask value, maskX ast.Expr) value {
	if mask.kind == vArray {
		b |= mask.arr.Backend
	}
	res := fresh(b, npapi.Int64, []Dim{{}}, e)
	res.Producer, res.MaskExpr = e, maskX
	switch name {
	case "nonzero", "where":
		res.Role = IndexTuple
	case "argwhere":
		res.Role = IndexArray
		res.Shape = []Dim{{}, {}}
		if mask.kind == vArray && mask.arr.Shape != nil {
			res.Shape[1] = Int(int64(len(mask.arr.Shape)))
		}
	default:
		res.Role = IndexArray
	}
	return arrValue(res)
}

// viewCall evaluates x.view() and x.view(dtype): a view, of unknown dtype when one is given.
func (w *walker) viewCall(e *ast.Call, src *Array, a *args) value {
	v := w.viewOf(src, e)
	if len(a.pos) > 0 || len(a.kws) > 0 {
		v.DType, v.Shape = npapi.NoDType, nil
	}
	return arrValue(v)
}

// arrayMethod evaluates x.method(...).
func (w *walker) arrayMethod(e *ast.Call, x *Array, name string, a *args) value {
	f, ok := npapi.Method(name)
	if !ok {
		return unknown
	}
	if f.Rule != npapi.ShapeNone {
		return w.applyRow(e, f, x.Backend, a, x)
	}
	switch f.Kind {
	case npapi.Convert:
		switch name {
		case "astype":
			dt, _ := dtypeArg(f, a)
			return arrValue(fresh(x.Backend, dt, x.Shape, e))
		case "flatten":
			var shape []Dim
			if n, ok := x.Size(); ok {
				shape = []Dim{Int(n)}
			}
			return arrValue(fresh(x.Backend, x.DType, shape, e))
		}
		return arrValue(fresh(x.Backend, x.DType, x.Shape, e))
	case npapi.View:
		return w.viewCall(e, x, a)
	case npapi.Index:
		return w.indexCall(e, "nonzero", x.Backend, arrValue(x), e.Func.(*ast.Attribute).Value)
	case npapi.Scatter:
		return value{kind: vNone}
	}
	return unknown
}

// namespaceOf is cupy.get_array_module(x) or array_namespace(x) (imports.Namespace): the module
// of the arrays' library when every array argument is of one known library. Unlike the memory
// estimate, the rules do not take the fallback library for arguments of unknown type: the
// module stays unknown.
func namespaceOf(a *args) value {
	lib := imports.Unknown
	for _, v := range a.pos {
		if v.kind != vArray {
			continue
		}
		if lib != imports.Unknown && v.arr.Backend != lib {
			return unknown
		}
		lib = v.arr.Backend
	}
	if lib == imports.Unknown {
		return unknown
	}
	ref, ok := imports.ModuleRef(lib)
	if !ok {
		return unknown
	}
	return moduleValue(ref)
}
