package absint

import (
	"maps"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines calls: the array API (classified by the shared npapi table), array and
// generator methods, builtins, and functions of the analysed file.

// call is an evaluated call: positional and keyword arguments (owned).
type call struct {
	e    *ast.Call
	args []value
	kw   map[string]value
	// spread is 1 + the index in args of a `*x` argument of unknown length (x taken as one
	// argument there); 0 when there is none.
	spread int
}

func (c *call) arg(i int, name string) (value, bool) {
	if i >= 0 && i < len(c.args) {
		return c.args[i], true
	}
	if name != "" {
		if v, ok := c.kw[name]; ok {
			return v, true
		}
	}
	return nil, false
}

func (s *Interp) release(c *call) {
	for _, a := range c.args {
		s.decref(a)
	}
	if len(c.kw) == 1 {
		for _, v := range c.kw {
			s.decref(v)
		}
		return
	}
	for _, k := range slices.Sorted(maps.Keys(c.kw)) {
		s.decref(c.kw[k])
	}
}

// maxSpreadRows is the most rows of an array a call's *arg spreads into arguments; a longer
// array stays one spread value (its rows are data, not a function's parameters).
const maxSpreadRows = 64

func (s *Interp) evalCall(e *ast.Call) value {
	if v, ok := s.lazyConsumer(e); ok {
		return v
	}
	if v, ok := s.vmapCall(e); ok {
		return v
	}
	if v, ok := s.gradCall(e); ok {
		return v
	}
	fn := s.eval(e.Func)
	c := &call{e: e} // kw is made for the first keyword (most calls have none)
	for _, a := range e.Args {
		if st, ok := a.(*ast.Starred); ok {
			v := s.eval(st.Value)
			if elts, ok := knownElements(v); ok {
				for _, x := range elts {
					incref(x)
					c.args = append(c.args, x)
				}
				s.decref(v)
				continue
			}
			if rows, ok := s.spreadRows(v); ok {
				// f(*np.indices(shape)): one argument per row of the array, a view
				c.args = append(c.args, rows...)
				s.decref(v)
				continue
			}
			if c.spread == 0 {
				c.spread = len(c.args) + 1
			}
			c.args = append(c.args, v)
			continue
		}
		c.args = append(c.args, s.eval(a))
	}
	for _, k := range e.Keywords {
		v := s.eval(k.Value)
		if k.Arg == "" {
			s.decref(v)
			continue
		}
		if c.kw == nil {
			c.kw = make(map[string]value, len(e.Keywords))
		}
		c.kw[k.Arg] = v
	}
	local := s.cfg.Strategy.tracksProvenance() && onlyLocalArrays(c)
	s.forgetHandedRecords(fn, c) // explore mode: the call is not followed
	var res value
	switch f := fn.(type) {
	case vModule:
		res = s.callAPI(f.ref, c)
	case vMethod:
		res = s.callMethod(f, c)
	case vFunc:
		args, kw := c.args, c.kw
		c.args, c.kw = nil, nil
		res = s.callClosureSpread(f, args, kw, c.spread)
	case vClass:
		res = s.instantiate(f.c, c)
	case vBound:
		incref(f.self)
		args, kw := append([]value{f.self}, c.args...), c.kw
		c.args, c.kw = nil, nil
		spread := c.spread
		if spread > 0 {
			spread++ // self comes first
		}
		res = s.callClosureSpread(f.fn, args, kw, spread)
	case vInstance:
		var ok bool
		if res, ok = s.callInstance(f, c); !ok {
			res = s.callBuiltin(e, c)
		}
	case vDType:
		if n, ok := e.Func.(*ast.Name); ok {
			if _, builtin := builtinDType(n); builtin {
				res = s.callBuiltin(e, c) // int(x), float(x): Python numbers
				break
			}
		}
		res = s.callDType(f.dt, c)
	case vStdlib:
		res = s.callStdlib(f, c)
	case vUnread:
		s.useAll(c.args)
		s.unmodelled(c, f.reason)
		res = vUnknown{}
	default:
		if v, ok := s.fieldRecord(e, c); ok {
			res = v
			break
		}
		res = s.callBuiltin(e, c)
	}
	s.release(c)
	s.decref(fn)
	if res == nil {
		res = vUnknown{}
	}
	if u, ok := res.(vUnknown); ok && u.sym == nil && local {
		// a call the interpreter cannot see into, given arrays the code made from no input:
		// what it returns is sized like them (pyscf's lib.pack_tril of a few basis exponents),
		// not an input of the program (provenance.go)
		return vLocal{}
	}
	return res
}

// spreadRows are the rows of an array *v spreads into arguments (views), when its first
// dimension is known and at most maxSpreadRows.
func (s *Interp) spreadRows(v value) ([]value, bool) {
	o, ok := isArray(v)
	if !ok || !o.shape.Known || len(o.shape.Dims) == 0 || !o.shape.Dims[0].Known || o.shape.Dims[0].N > maxSpreadRows {
		return nil, false
	}
	return s.arrayRows(o, int(o.shape.Dims[0].N)), true
}

// sliceParts reports whether a slice object's parts are numbers or None (absent ones too):
// values that hold no reference.
func sliceParts(sl vSlice) bool {
	for _, v := range []value{sl.lo, sl.hi, sl.step} {
		switch v.(type) {
		case nil, vNone, vInt:
		default:
			return false
		}
	}
	return true
}

// fromFunction is np.fromfunction(function, shape, dtype=float, **kwargs) as NumPy defines it:
// function(*indices(shape, dtype=dtype), **kwargs), the index grids alive during the call. false
// when function is not a function of the program or the grids' count is not known.
func (s *Interp) fromFunction(ref imports.Ref, c *call) (value, bool) {
	fv, ok := c.arg(0, "function")
	shape, ok2 := c.arg(1, "shape")
	if !ok || !ok2 {
		return nil, false
	}
	var (
		fn   vFunc
		self value
	)
	switch f := fv.(type) {
	case vFunc:
		fn = f
	case vBound:
		fn, self = f.fn, f.self
	default:
		return nil, false
	}
	dt, ok := c.kw["dtype"]
	if !ok {
		dt = vDType{npapi.Float64}
	}
	incref(shape)
	incref(dt)
	ic := &call{e: c.e, args: []value{shape}, kw: map[string]value{"dtype": dt}}
	indices := imports.Ref{Qual: strings.TrimSuffix(ref.Qual, "fromfunction") + "indices", API: "indices", Backend: ref.Backend}
	grids := s.callAPI(indices, ic)
	s.release(ic)
	args, ok := s.spreadRows(grids)
	s.decref(grids) // the rows hold it until the function returns
	if !ok {
		return nil, false
	}
	if self != nil {
		incref(self)
		args = append([]value{self}, args...)
	}
	kw := map[string]value{}
	for k, v := range c.kw {
		if k != "dtype" && k != "like" {
			incref(v)
			kw[k] = v
		}
	}
	return s.callClosureSpread(fn, args, kw, 0), true
}

// onlyLocalArrays reports whether a call is given at least one array and nothing that comes
// from the data the code is given (an input, an array that scales, a length of one).
func onlyLocalArrays(c *call) bool {
	arrays := false
	check := func(v value) bool {
		if isDataValue(v) || sizeIsData(v) {
			return false
		}
		if _, ok := isArray(v); ok {
			arrays = true
		}
		return true
	}
	for _, v := range c.args {
		if !check(v) {
			return false
		}
	}
	for _, v := range c.kw {
		if !check(v) {
			return false
		}
	}
	return arrays
}

// shapeFrom turns a shape argument (an int or a tuple of ints) into a Shape.
func shapeFrom(v value) Shape {
	switch v := v.(type) {
	case vInt:
		return knownShape(dimOf(v))
	case vUnknown:
		if v.sym != nil {
			return knownShape(dimOf(v)) // a parameter used as a size
		}
	case vTuple:
		dims := make([]npapi.Dim, len(v.elts))
		for i, e := range v.elts {
			dims[i] = dimOf(e)
		}
		return Shape{Dims: dims, Known: true}
	case vList:
		return shapeFrom(vTuple{v.l.elts})
	}
	return unknownShape
}

// dtypeArg returns the dtype given as dtype= (or positional i), or def.
func (s *Interp) dtypeArg(c *call, i int, def npapi.DType) npapi.DType {
	v, ok := c.arg(i, "dtype")
	if !ok {
		return def
	}
	switch v := v.(type) {
	case vDType:
		return v.dt
	case vStr:
		if d, ok := npapi.ParseDType(v.s); ok {
			return d
		}
	case vNone:
		return def
	}
	if m, ok := v.(vModule); ok {
		if d, ok := npapi.DTypeName(lastPart(m.ref.API)); ok {
			return d
		}
	}
	// dtype=float / int / bool (Python builtins) and unknown expressions
	if i >= 0 && i < len(c.e.Args) {
		if d, ok := builtinDType(c.e.Args[i]); ok {
			return d
		}
	}
	for _, k := range c.e.Keywords {
		if k.Arg == "dtype" {
			if d, ok := builtinDType(k.Value); ok {
				return d
			}
		}
	}
	return npapi.NoDType
}

func builtinDType(e ast.Expr) (npapi.DType, bool) {
	if n, ok := e.(*ast.Name); ok {
		switch n.ID {
		case "float", "int", "complex", "bool":
			return npapi.ParseDType(n.ID)
		}
	}
	if a, ok := e.(*ast.Attribute); ok {
		return npapi.DTypeName(a.Attr)
	}
	return npapi.NoDType, false
}

// outArg returns the out= array of a ufunc-like call.
func outArg(c *call) (*Obj, bool) {
	v, ok := c.kw["out"]
	if !ok {
		return nil, false
	}
	if t, ok := v.(vTuple); ok && len(t.elts) == 1 {
		v = t.elts[0]
	}
	return isArray(v)
}

// outResult returns the out= array of a ufunc-like call with a new reference: what the call
// returns when it writes into out.
func outResult(c *call) (vArray, bool) {
	out, ok := outArg(c)
	if !ok {
		return vArray{}, false
	}
	o := vArray{out}
	incref(o)
	return o, true
}

func (s *Interp) callAPI(ref imports.Ref, c *call) value {
	defer s.inLib(ref.Backend)()
	if ref.Backend == imports.JAX && !s.imp.X64 {
		// Without jax_enable_x64, JAX holds no 64-bit arrays, asked for or not.
		saved := s.jax32
		s.jax32 = true
		defer func() { s.jax32 = saved }()
	}
	if fallback, ok := imports.Namespace(ref); ok {
		return s.namespace(c, fallback)
	}
	api := ref.API
	expr := s.text(c.e)
	switch api {
	case "jax.lax.fori_loop", "jax.lax.while_loop", "jax.lax.scan":
		if v, ok := s.laxLoop(api, c, expr); ok {
			return v
		}
	case "jax.lax.conv_general_dilated", "jax.lax.conv":
		if v, ok := s.laxConv(c, expr); ok {
			return v
		}
	case "astype":
		if a, ok := firstArray(c); ok && len(c.args) >= 1 {
			// jnp.astype(x, dtype), NumPy 2's np.astype: x.astype(dtype)
			return s.arrayMethod(a, "astype", &call{e: c.e, args: c.args[1:], kw: c.kw}, expr)
		}
	case "where":
		if len(c.args) == 3 {
			return s.ufunc(c, c.args, npapi.NoDType, expr)
		}
	case "jax.device_put", "asnumpy", "jax.numpy.asarray":
		if a, ok := firstArray(c); ok {
			return s.copyOf(a, a.dt, expr, c.e)
		}
	case "issubdtype":
		// np.issubdtype(dt, np.integer): known when dt is, so the branch it guards is known.
		a, _ := c.arg(0, "arg1")
		b, _ := c.arg(1, "arg2")
		return subDType(a, b)
	case "dtype":
		// np.dtype(x): the dtype x names — a dtype, a string, an array's dtype.
		if v, ok := c.arg(0, "dtype"); ok {
			switch v := v.(type) {
			case vDType:
				return v
			case vStr:
				if d, ok := npapi.ParseDType(v.s); ok {
					return vDType{d}
				}
			case vArray:
				return vDType{v.o.dt}
			}
		}
		return vUnknown{}
	case "jax.jit", "jax.block_until_ready":
		if len(c.args) > 0 {
			incref(c.args[0])
			return c.args[0]
		}
	case "vdot", "inner":
		return vFloat{}
	case "fromfunction":
		if res, ok := s.fromFunction(ref, c); ok {
			return res
		}
	}
	if strings.HasSuffix(api, "offload_to") {
		if len(c.args) > 0 {
			target := ""
			if v, ok := c.arg(1, "target"); ok {
				if m, ok := v.(vModule); ok {
					target = lastPart(m.ref.API)
				}
			}
			if target == "" {
				target = attrName(c.e, "target")
			}
			s.offload(c.args[0], target)
		}
		return vNone{}
	}
	fn, ok := npapi.Lookup(api)
	if !ok {
		s.useAll(c.args)
		if !npapi.ReturnsNoArray(api) {
			s.unmodelled(c, "`"+s.text(c.e.Func)+"` is not in the API table")
		}
		return vUnknown{}
	}
	if s.removedName(fn, c) {
		return vUnknown{}
	}
	if fn.Rule != npapi.ShapeNone {
		return s.applyRow(fn, c, expr)
	}
	if slices.ContainsFunc(c.args, sparseOperand) {
		// np.array(A) of a scipy.sparse matrix is a 0-d object array, not its dense data;
		// the rows without a shape rule model dense arrays only
		s.useAll(c.args)
		s.unmodelled(c, "`"+s.text(c.e.Func)+"` of a scipy.sparse matrix is not modelled")
		return vUnknown{}
	}
	switch fn.Kind {
	case npapi.Convert:
		return s.convert(fn, c, expr)
	case npapi.Index:
		return s.indexFunc(fn.Name, c, expr)
	case npapi.Scatter:
		s.useAll(c.args)
		return vNone{}
	case npapi.RNGFactory:
		return vRNG{jax: strings.HasPrefix(api, "jax."), backend: ref.Backend}
	}
	return vUnknown{}
}

// subDType is whether the dtype of a (a dtype, an array's) is under b (a dtype, or an abstract
// type such as np.integer): a known bool, or unknown.
func subDType(a, b value) value {
	var abstract string
	switch b := b.(type) {
	case vModule:
		abstract = lastPart(b.ref.API)
	case vDType:
		abstract = b.dt.String()
	}
	dt := operandDType(a)
	if o, ok := isArray(a); ok {
		dt = o.dt
	}
	if is, ok := dt.IsSubDType(abstract); ok {
		if is {
			return knownInt(1)
		}
		return knownInt(0)
	}
	return vUnknown{}
}

func attrName(e *ast.Call, kw string) string {
	for _, k := range e.Keywords {
		if k.Arg == kw {
			if a, ok := k.Value.(*ast.Attribute); ok {
				return a.Attr
			}
		}
	}
	if len(e.Args) > 1 {
		if a, ok := e.Args[1].(*ast.Attribute); ok {
			return a.Attr
		}
	}
	return ""
}

func firstArray(c *call) (*Obj, bool) {
	if len(c.args) == 0 {
		if v, ok := c.kw["a"]; ok {
			return isArray(v)
		}
		return nil, false
	}
	return isArray(c.args[0])
}

func (s *Interp) convert(fn *npapi.Func, c *call, expr string) value {
	switch fn.Name {
	case "fromfile", "frombuffer", "loadtxt", "genfromtxt", "load", "fromiter":
		s.unknownAlloc(c.e, expr, "data read at run time", nil)
		res := s.newArrayUnknown(s.dtypeArg(c, fn.DTypeArg, fn.DType), expr)
		res.o.origin = External // the program's input
		return res
	}
	src, ok := c.arg(0, "a")
	if !ok {
		return vUnknown{}
	}
	if a, ok := isArray(src); ok {
		dt := s.dtypeArg(c, fn.DTypeArg, a.dt)
		copyKw := true
		if v, ok := c.kw["copy"]; ok {
			if t := truth(v); t == 0 {
				copyKw = false
			}
		}
		switch fn.Name {
		case "asarray", "asanyarray":
			// copy=True copies under NumPy 2; 1.x has no copy keyword
			v, given := c.kw["copy"]
			copyKw = given && s.cfg.NumPyVersion == npapi.NumPy2 && truth(v) == 1
		case "ascontiguousarray":
			copyKw = !contiguous(a) // a transposed or strided view is copied
		case "asfortranarray":
			copyKw = !fortranOrdered(a)
		}
		if !copyKw && dt == a.dt {
			incref(src)
			return src
		}
		return s.copyOf(a, dt, expr, c.e)
	}
	switch fn.Name {
	case "array", "asarray", "asanyarray":
		if sh, dt, ok := literalShape(src); ok {
			// NumPy's array coercion caches each inner sequence of a nested list or tuple
			// while it fills the result: 32 B a sequence (NumPy 2.4, tracemalloc: np.array of
			// 100,000 (x, y) tuples peaks 3.2 MB above its 1.6 MB result)
			var cache value
			if len(sh.Dims) >= 2 && sh.Dims[0].Known && !isArrayList(src) {
				cache = s.temporaries(coercionCacheBytes*sh.Dims[0].N, expr)
			}
			res := s.newArray(sh, s.dtypeArg(c, fn.DTypeArg, dt), expr, c.e, false)
			s.decref(cache)
			return res
		}
	}
	s.unknownAlloc(c.e, expr, "array built from data known only at run time", nil)
	res := s.newArrayUnknown(s.dtypeArg(c, fn.DTypeArg, npapi.NoDType), expr)
	markData(res, src)
	return res
}

// fortranOrdered reports whether an array is known to be Fortran-contiguous already: at most one
// dimension longer than 1, or the transpose of a C-contiguous array.
func fortranOrdered(a *Obj) bool {
	if a.permuted && a.base != nil && contiguous(a.base) {
		return true
	}
	long := 0
	for _, d := range a.shape.Dims {
		if !d.Known || d.N != 1 {
			long++
		}
	}
	return a.shape.Known && long <= 1
}

// literalShape returns the shape and default dtype of a nested list/tuple of scalars.
func literalShape(v value) (Shape, npapi.DType, bool) {
	var elts []value
	switch v := v.(type) {
	case vList:
		elts = v.l.elts
	case vTuple:
		elts = v.elts
	case vInt:
		if v.boolean {
			return knownShape(), npapi.Bool, true
		}
		return knownShape(), npapi.Int64, true
	case vArray:
		return v.o.shape, v.o.dt, v.o.shape.Known && v.o.dt.Known()
	case vFloat:
		if v.complex {
			return knownShape(), npapi.Complex128, true
		}
		return knownShape(), npapi.Float64, true
	case vStr, vNone:
		// an element of an object or string array: its dtype is the one asked for
		return knownShape(), npapi.NoDType, true
	default:
		return unknownShape, npapi.NoDType, false
	}
	if len(elts) == 0 {
		return intShape(0), npapi.Float64, true
	}
	inner, dt, ok := literalShape(elts[0])
	if !ok {
		return unknownShape, npapi.NoDType, false
	}
	n := int64(len(elts))
	for _, e := range elts[1:] {
		if o, ok := isArray(e); ok && o.stands > 0 {
			if !o.shape.equal(inner) || o.dt != dt {
				return unknownShape, npapi.NoDType, false
			}
			n += o.stands - 1
			continue
		}
		sh, d, ok := literalShape(e)
		if !ok || !sh.equal(inner) && len(sh.Dims) > 0 {
			return unknownShape, npapi.NoDType, false
		}
		dt = npapi.Promote(dt, d)
	}
	return Shape{Dims: append([]npapi.Dim{npapi.Int(n)}, inner.Dims...), Known: true}, dt, true
}

// ufunc applies an elementwise function to args (the first Nin are inputs; scalars broadcast).
func (s *Interp) ufunc(c *call, args []value, dt npapi.DType, expr string) value {
	name := lastPart(s.apiName(c))
	s.useAll(args)
	if o, ok := outResult(c); ok {
		s.touchRange(o.o, 0, 0, false)
		return o
	}
	nin := len(args)
	if fn, ok := npapi.Lookup(name); ok && fn.Nin > 0 && fn.Nin < nin && name != "clip" {
		nin = fn.Nin
	}
	if name == "clip" {
		nin = 1
	}
	if name == "where" {
		args = args[1:]
		nin = 2
	}
	sh := knownShape()
	rdt := npapi.NoDType
	anyArray := false
	for i := 0; i < nin && i < len(args); i++ {
		a := args[i]
		ash, ok := operandShape(a)
		if !ok {
			sh = unknownShape
		} else {
			sh, _ = broadcast(sh, ash)
		}
		if _, ok := isArray(a); ok {
			anyArray = true
		}
		if i == 0 {
			rdt = operandDType(a)
		} else {
			rdt = npapi.Promote(rdt, operandDType(a))
		}
	}
	if name == "where" && len(c.args) == 3 {
		if ash, ok := operandShape(c.args[0]); ok {
			sh, _ = broadcast(sh, ash)
		}
	}
	if !anyArray && len(sh.Dims) == 0 && sh.Known {
		return vFloat{}
	}
	if fn, ok := npapi.Lookup(name); ok && fn.Kind == npapi.Ufunc {
		switch fn.DTRule {
		case npapi.DTBool:
			rdt = npapi.Bool
		case npapi.DTFloat:
			if rdt.IsInteger() || rdt.Kind() == 'b' {
				rdt = npapi.Float64
			}
		}
	}
	if dt.Known() {
		rdt = dt
	}
	var tmp value
	if fn, ok := npapi.Lookup(name); ok && len(fn.TempsFor(s.numpyVersion())) > 0 && nin > 0 {
		ash, _ := operandShape(args[0])
		tmp = s.temporaries(fn.TempBytesUnder(s.numpyVersion(), dimsOfShape(ash), operandDType(args[0]), dimsOfShape(sh), rdt.Default(), npapi.NoAxis), expr)
	}
	res := s.newArray(sh, rdt.Default(), expr, c.e, false)
	res.o.elementwise = true
	markData(res, args...)
	s.decref(tmp)
	s.keepResidual(res, args)
	return res
}

// apiName returns the API name of a call's callee when it resolves to the array library.
func (s *Interp) apiName(c *call) string {
	if ref, ok := s.imp.Resolve(c.e.Func); ok {
		return ref.API
	}
	if a, ok := c.e.Func.(*ast.Attribute); ok {
		return a.Attr
	}
	return ""
}

// indexFunc handles nonzero, argwhere, flatnonzero and one-argument where: index arrays whose
// length is the number of True values, bounded by the input's size.
func (s *Interp) indexFunc(name string, c *call, expr string) value {
	a, ok := firstArray(c)
	if !ok {
		if s.cfg.Strategy.infersFromUse() && len(c.args) == 1 {
			// index arrays of a value of unknown type: their number (its rank) is unknown too,
			// so one array of unknown shape stands for the result
			return s.newArrayUnsized(unknownShape, npapi.Int64, expr, c.e)
		}
		return vUnknown{}
	}
	if name == "where" && len(c.args) == 3 {
		return s.ufunc(c, c.args, npapi.NoDType, expr)
	}
	s.use(vArray{a})
	n, known := a.shape.Size()
	nd := len(a.shape.Dims)
	if !a.shape.Known {
		nd = 1
	}
	bound := func(k int64) *int64 {
		if !known {
			return nil
		}
		b := n * 8 * k
		return &b
	}
	switch name {
	case "argwhere":
		s.unknownAlloc(c.e, expr, "argwhere: one row per True", bound(int64(nd)))
		res := s.newArrayUnknown(npapi.Int64, expr)
		markData(res, vArray{a})
		return res
	case "flatnonzero":
		s.unknownAlloc(c.e, expr, "flatnonzero: one index per True", bound(1))
		res := s.newArrayUnknown(npapi.Int64, expr)
		markData(res, vArray{a})
		return res
	}
	s.unknownAlloc(c.e, expr, "nonzero: one int64 index per True in each dimension", bound(int64(nd)))
	elts := make([]value, nd)
	for i := range elts {
		res := s.newArrayUnknown(npapi.Int64, expr)
		markData(res, vArray{a})
		elts[i] = res
	}
	return vTuple{elts}
}

// contiguous reports whether an array is known to be C-contiguous: an owner, or a view that is
// not a transpose or strided slice of one.
func contiguous(a *Obj) bool {
	for o := a; o != nil; o = o.base {
		if o.strided {
			return false
		}
		if o.base == nil {
			return true
		}
		if o.cview {
			continue
		}
		if !o.shape.Known || !o.base.shape.Known {
			return false
		}
		n1, ok1 := o.shape.Size()
		n2, ok2 := o.base.shape.Size()
		if !ok1 || !ok2 || n1 != n2 {
			// A slice of rows is contiguous; a slice of columns is not. Tell them apart by the
			// trailing dimensions.
			if len(o.shape.Dims) == len(o.base.shape.Dims) && len(o.shape.Dims) > 0 {
				for i := 1; i < len(o.shape.Dims); i++ {
					if !o.shape.Dims[i].Same(o.base.shape.Dims[i]) {
						return false
					}
				}
				continue
			}
			return false
		}
	}
	return true
}

// matmul allocates the result of a @ b (npapi.MatmulShape).
func (s *Interp) matmul(a, b *Obj, expr string, at ast.Node) value {
	dt := npapi.NoDType
	if a != nil && b != nil {
		dt = npapi.Promote(a.dt, b.dt)
	}
	if a == nil || b == nil {
		return s.newArray(unknownShape, dt, expr, at, false)
	}
	out, scalar := npapi.MatmulShape(dimsOfShape(a.shape), dimsOfShape(b.shape))
	if scalar {
		return vFloat{}
	}
	return s.newArray(shapeOfDims(out), dt, expr, at, false)
}

// callDType handles np.float32(x): a NumPy scalar of that dtype, or a converted copy of an
// array.
func (s *Interp) callDType(dt npapi.DType, c *call) value {
	if a, ok := firstArray(c); ok {
		return s.copyOf(a, dt, s.text(c.e), c.e)
	}
	var arg value = vUnknown{}
	if len(c.args) > 0 {
		arg = c.args[0]
	}
	return s.numpyScalar(dt, arg)
}

// numpyScalar is a NumPy scalar of dtype dt made from arg (np.float64(2.0), np.int64(n)): its
// value when arg's is known, and strong in promotion under NumPy 2 (NEP 50).
func (s *Interp) numpyScalar(dt npapi.DType, arg value) value {
	strong := s.cfg.NumPyVersion.StrongScalars()
	switch {
	case dt.Kind() == 'f' || dt.Kind() == 'c':
		v := vFloat{complex: dt.Kind() == 'c', dt: dt, strong: strong}
		if !v.complex {
			switch a := arg.(type) {
			case vFloat:
				if !a.complex {
					v.f, v.known = a.f, a.known
				}
			case vInt:
				v.f, v.known = float64(a.n), a.known
			}
		}
		return v
	case dt.IsInteger():
		v := vInt{dt: dt, strong: strong}
		if a, ok := arg.(vInt); ok {
			v.n, v.known = a.n, a.known
		}
		return v
	case dt == npapi.Bool:
		return vInt{dt: dt, strong: strong}
	}
	return vFloat{}
}

// callBuiltin handles Python builtins and unknown callees.
func (s *Interp) callBuiltin(e *ast.Call, c *call) value {
	name := ""
	if n, ok := e.Func.(*ast.Name); ok {
		name = n.ID
		if _, bound := s.rootBound(n); bound {
			name = ""
		}
	}
	switch name {
	case "len":
		if len(c.args) == 1 {
			if inst, ok := c.args[0].(vInstance); ok {
				if v, ok := s.callDunder(inst, "__len__", nil); ok {
					return v // (instances exist only in follow mode)
				}
			}
		}
		if len(c.args) == 1 && len(e.Args) == 1 {
			if v, ok := s.dataLen(c.args[0], e.Args[0]); ok {
				return v // the length of an input (provenance.go)
			}
		}
		if len(c.args) == 1 {
			switch v := c.args[0].(type) {
			case vArray:
				if v.o.shape.Known && len(v.o.shape.Dims) > 0 {
					return dimValue(v.o.shape.Dims[0])
				}
			case vList:
				return knownInt(v.l.length())
			case vTuple:
				return knownInt(int64(len(v.elts)))
			case vStr:
				if !v.unknown {
					return knownInt(int64(utf8.RuneCountInString(v.s))) // Python counts code points
				}
			case vUnknown:
				if t := ExprText(e.Args[0]); t != "" && s.cfg.Strategy.sizesAsSymbols() && len(e.Args) == 1 {
					// len(X) of a parameter: a size the estimate can be a formula in (it is
					// no evidence of a large array for the rules: provenance.go)
					return s.sizeSymbol("len("+t+")", false)
				}
			}
		}
		return vInt{}
	case "range":
		r := vRange{step: 1, known: true}
		vals := make([]int64, len(c.args))
		for i, a := range c.args {
			n, ok := intValue(a)
			if !ok {
				r.known = false
			}
			vals[i] = n
		}
		switch len(vals) {
		case 1:
			r.stop = vals[0]
		case 2:
			r.start, r.stop = vals[0], vals[1]
		case 3:
			r.start, r.stop, r.step = vals[0], vals[1], vals[2]
		default:
			r.known = false
		}
		if r.step == 0 {
			r.known = false
		}
		return r
	case "int", "float", "round":
		if v, ok := builtinNumber(name, c); ok {
			return v
		}
		if v, ok := numberOfString(name, c); ok {
			return v // int("480") of a size parsed from text
		}
		if name == "int" {
			return vInt{}
		}
		if name == "float" {
			return vFloat{}
		}
	case "abs":
		if len(c.args) == 1 {
			if _, ok := isArray(c.args[0]); ok {
				v := c.args[0]
				c.args = nil
				return s.unary(ast.USub, v, e) // builtin abs elides like unary minus
			}
		}
		if v, ok := builtinNumber(name, c); ok {
			return v
		}
		return vUnknown{}
	case "slice":
		// slice(stop) or slice(start, stop[, step]): a slice object, as a[start:stop:step]
		// writes one (numbers only; anything else is an index the run does not know)
		if len(c.args) >= 1 && len(c.args) <= 3 && len(c.kw) == 0 {
			var sl vSlice
			switch len(c.args) {
			case 1:
				sl.hi = c.args[0]
			default:
				sl.lo, sl.hi = c.args[0], c.args[1]
				if len(c.args) == 3 {
					sl.step = c.args[2]
				}
			}
			if sliceParts(sl) {
				return sl
			}
		}
		return vUnknown{}
	case "list", "tuple":
		if len(c.args) == 1 {
			var elts []value
			known := true
			switch v := c.args[0].(type) {
			case vList, vTuple:
				l := &pyList{}
				s.extendList(l, v)
				elts = l.elts
			case vStr: // list("kac"): its characters
				known = !v.unknown
				for _, r := range v.s {
					elts = append(elts, vStr{s: string(r)})
				}
			default:
				known = false
			}
			if known && name == "tuple" {
				return vTuple{elts}
			}
			if known {
				return vList{&pyList{refs: 1, elts: elts}}
			}
		}
		if len(c.args) == 0 {
			if name == "tuple" {
				return vTuple{}
			}
			return vList{&pyList{refs: 1}}
		}
		return vUnknown{}
	case "reversed":
		if len(c.args) == 1 && len(c.kw) == 0 {
			switch v := c.args[0].(type) {
			case vRange:
				// reversed(range(a, b, k)): the same elements from the last, step -k
				if v.known {
					if n := v.count(); n > 0 {
						last := v.start + (n-1)*v.step
						return vRange{start: last, stop: v.start - v.step, step: -v.step, known: true}
					}
					return vRange{step: 1, known: true} // empty
				}
				return vRange{}
			case vTuple:
				return reversedElems(v.elts)
			case vList:
				return reversedElems(v.l.elts)
			case vArray:
				incref(v) // its rows, last first: the same shapes
				return v
			}
		}
		s.useAll(c.args)
		return vUnknown{}
	case "min", "max":
		if v, ok := builtinMinMax(name, c); ok {
			return v
		}
		if v, ok := numberOfList(c); ok {
			s.useAll(c.args)
			return v
		}
		s.useAll(c.args)
		return vUnknown{}
	case "getattr":
		// getattr(np, "add"): a member of an array library named by a known string
		if len(c.args) >= 2 && len(e.Args) == len(c.args) {
			m, isMod := c.args[0].(vModule)
			name, isStr := c.args[1].(vStr)
			if isMod && isStr && name.s != "" && !name.unknown {
				return s.refValue(m.ref.Member(name.s))
			}
		}
		if s.cfg.Strategy.followsProgram() {
			if v, ok := s.getattrCall(c); ok {
				return v
			}
		}
	case "setattr":
		if s.cfg.Strategy.followsProgram() && s.setattrCall(c) {
			return vNone{}
		}
	case "issubclass":
		// issubclass(np.dtype(dt).type, np.integer): a dtype's scalar type is a dtype here
		if len(c.args) == 2 && s.cfg.Strategy.followsProgram() && isDType(c.args[0]) {
			return subDType(c.args[0], c.args[1])
		}
	case "eval":
		if len(c.args) == 1 && s.cfg.Strategy.followsProgram() {
			if v, ok := s.evalString(c.args[0]); ok {
				return v
			}
		}
	case "super":
		switch len(c.args) {
		case 0:
			return s.superOf()
		case 2:
			if k, ok := c.args[0].(vClass); ok {
				incref(c.args[1])
				return vSuper{after: k.c, self: c.args[1]}
			}
		}
		return vUnknown{}
	case "print", "sum", "isinstance", "str", "repr", "sorted", "enumerate", "zip":
		if name == "zip" {
			if v, ok := s.unzip(e, c); ok {
				return v
			}
		}
		s.useAll(c.args)
		return vUnknown{}
	}
	if a, ok := e.Func.(*ast.Attribute); ok && a.Attr == "collect" {
		return vInt{}
	}
	if a, ok := e.Func.(*ast.Attribute); ok && (a.Attr == "parse_args" || a.Attr == "parse_known_args") &&
		len(s.argparse()) > 0 { // (the options are read only where a parser's arguments are parsed)
		ns := s.newNamespace()
		if a.Attr == "parse_args" && !s.optparser(e) {
			return ns
		}
		return vTuple{[]value{ns, vUnknown{}}}
	}
	if s.parsesParser(e) && len(s.argparse()) > 0 {
		// args, harness = parse_with_harness(parser): a call handed the parser parses the
		// command line; its first result is the namespace
		return vTuple{[]value{s.newNamespace(), vUnknown{}}}
	}
	if n, ok := e.Func.(*ast.Name); ok && n.ID == "offload_to" {
		if len(c.args) > 0 {
			s.offload(c.args[0], attrName(e, "target"))
		}
		return vNone{}
	}
	s.useAll(c.args)
	if a, ok := e.Func.(*ast.Attribute); ok && s.cfg.Strategy.tracksProvenance() {
		if f, ok := npapi.Method(a.Attr); ok && f.Kind == npapi.Reduction && !keepsRows(c, f.AxisArg-1) {
			// x.mean(axis=0) of a value of unknown type: as np.mean(x, axis=0), a reduction
			// that does not keep the first axis is not an input (provenance.go)
			return vLocal{}
		}
	}
	if a, ok := e.Func.(*ast.Attribute); ok && (a.Attr == "close" || a.Attr == "clf") && len(s.figures) > 0 && s.plots(e) {
		s.closeFigures() // plt.close(), fig.clf(): the figures' data goes (all of it: figures are not told apart)
	}
	switch {
	case (anyArray(c) || anyArg(c, isPointList)) && s.plots(e):
		// plt.plot(x, y) as a statement: its result is dropped, but the figure keeps the data
		// it was given, converted to its own float64 arrays, until the figure is closed
		if !s.plotKeeps(e, c) && !s.imshowKeeps(e, c) {
			s.unmodelled(c, "`"+s.text(e.Func)+"` (matplotlib) keeps its own copy of the arrays it is given, not counted")
		}
	case s.images > 0 && drawCalls[calleeName(e)] && s.plots(e):
		// plt.pause(1), plt.savefig(…) with an image open: drawing resamples the image into
		// buffers of its size or more (126 MB for a 1600 × 1600 bool image under pause)
		s.unmodelled(c, "`"+s.text(e.Func)+"` (matplotlib) draws the open figures: the buffers an image is drawn through are not counted")
	case noArrayBuiltins[name] || s.discarded == ast.Expr(e):
	case anyArray(c):
		s.unmodelled(c, "`"+s.text(e.Func)+"` is not modelled and is given arrays")
	case anyUnknown(c):
		// f(image, k) with image from a module the run does not read: the result may well be
		// an array, of a size nothing here says
		s.unmodelled(c, "`"+s.text(e.Func)+"` is not modelled and is given "+GivenUnknownType)
	case wholeReduction(e):
		// x.sum(), template.mean(): of an array, a number (of anything else, not an array)
	default:
		// given numbers: taken to make no array until used as one
		return vUnknown{from: &madeBy{line: s.lineOf(e), expr: s.text(e), fn: s.text(e.Func),
			data: anyArg(c, sizeIsData) || s.methodOfValue(e), plot: s.plots(e), axes3d: projection3d(c),
			axes: subplotsAxes(e, c)}}
	}
	return vUnknown{}
}

// plotCosts are, per point of a line or scatter plot, the bytes matplotlib (3.11, NumPy 2) keeps
// with the figure — the points as float64, the (n, 2) vertices — and the bytes it holds on top
// of them while the call runs (the vertices built before their float copy), measured under
// tracemalloc (TestPlotCounted's table). Other plotting calls are listed, not counted.
var plotCosts = map[string][2]int64{
	"plot": {32, 18}, "semilogx": {32, 18}, "semilogy": {32, 18}, "loglog": {32, 18},
	"scatter": {18, 36},
	// a step plot keeps its steps' vertices too: 64 B a point, 52 more during the call
	// (200,000 points of arrays or lists alike, tracemalloc)
	"step": {64, 52},
}

// plot3dCosts are a 3-D line plot's (ax.plot(x, y, z) on axes made with projection="3d"): 32 B
// a point kept and 42 more during the call (matplotlib 3.11, 200,000 and 400,000 points under
// tracemalloc).
var plot3dCosts = [2]int64{32, 42}

// imshowHeld is what imshow holds during the call beyond its copy of the image: 1 B an element
// (matplotlib 3.11: a bool, float64 or int64 image of 10^6 elements, or float64 of 4·10^6).
const imshowHeld = 1

// axesBytes is what each axes past the first of plt.subplots(nrows, ncols) adds to a figure
// (matplotlib 3.11: 2 × 2, 2 × 3 and 3 × 3 grids hold 0.96, 1.41 and 2.09 MB, one axes 0.27 MB,
// under tracemalloc).
const axesBytes = 228_000

// subplotsAxes is the number of axes plt.subplots(nrows, ncols) makes, 0 for another call or
// counts not known.
func subplotsAxes(e *ast.Call, c *call) int64 {
	if calleeName(e) != "subplots" {
		return 0
	}
	r, ok1 := knownIntArg(c, 0, "nrows")
	k, ok2 := knownIntArg(c, 1, "ncols")
	if !ok1 || !ok2 || r < 1 || k < 1 {
		return 0
	}
	return r * k
}

// knownIntArg is a call's positional argument i or keyword kw when it is a known int, 1 when it
// is missing.
func knownIntArg(c *call, i int, kw string) (int64, bool) {
	v, ok := c.arg(i, kw)
	if !ok {
		return 1, true
	}
	n, isInt := v.(vInt)
	return n.n, isInt && n.known
}

// figureBytesOf is what the figure a plot call e draws on holds before its data: figureBytes,
// and axesBytes for each further axes of a plt.subplots grid its receiver came from.
func (s *Interp) figureBytesOf(e *ast.Call) int64 {
	root := e.Func
	for {
		switch r := root.(type) {
		case *ast.Attribute:
			root = r.Value
			continue
		case *ast.Subscript:
			root = r.Value
			continue
		}
		break
	}
	if n, ok := root.(*ast.Name); ok {
		if u, ok := s.peekName(n.ID).(vUnknown); ok && u.from != nil && u.from.axes > 1 {
			return figureBytes + axesBytes*(u.from.axes-1)
		}
	}
	return figureBytes
}

// figureBytes is what a figure with its axes holds under tracemalloc before any data (matplotlib
// 3.11: plt.plot of 1,000 points in a fresh process retains 485,113 B, of which 32,000 the points).
const figureBytes = 450_000

// plotKeeps counts a line or scatter plot of one line given arrays of known size, or lists of
// numbers of known length (matplotlib 3.11 holds the same for either): the figure's
// copy of its points, kept until the figure is closed (plt.close, plt.clf), and the call's
// temporaries. false when it cannot (another call, several lines, a size not known).
func (s *Interp) plotKeeps(e *ast.Call, c *call) bool {
	name := ""
	switch f := e.Func.(type) {
	case *ast.Attribute:
		name = f.Attr
	case *ast.Name:
		name = f.ID
	}
	cost, ok := plotCosts[name]
	if !ok || len(c.kw) > 0 && c.kw["data"] != nil {
		return false
	}
	var points int64
	arrays := 0
	for _, v := range c.args {
		if _, isStr := v.(vStr); isStr {
			continue // a format string ("r-")
		}
		if n, ok := pointList(v); ok {
			arrays++ // a list of numbers: matplotlib keeps it as it keeps an array of as many
			points = max(points, n)
			continue
		}
		o, ok := isArray(v)
		if !ok {
			switch v.(type) {
			case vInt, vFloat, vNone:
				continue
			}
			return false // a list of other things, a value of unknown type
		}
		n, known := o.shape.Size()
		if !known {
			return false
		}
		arrays++
		points = max(points, n)
	}
	three := arrays == 3 && name == "plot" && s.onAxes3d(e)
	if three {
		cost = plot3dCosts // ax.plot(x, y, z) on 3-D axes: one line
	}
	if arrays == 0 || arrays > 2 && !three {
		return false
	}
	text := s.text(e)
	kept := points * cost[0]
	if len(s.figures) == 0 {
		kept += s.figureBytesOf(e) // the first plot since the figures were closed makes the figure and axes
	}
	s.figures = append(s.figures, s.newArray(intShape(kept), npapi.Uint8, text+" (the figure's copy)", e, false))
	s.decref(s.temporaries(points*cost[1], text))
	return true
}

// imshowKeeps counts imshow(X) of one array of known size, 2-D or 3-D: the figure keeps a copy
// of it in its dtype until it is closed, and the call holds 1 B an element more while it runs.
// false for anything else (other arguments, a size not known), which stays listed.
func (s *Interp) imshowKeeps(e *ast.Call, c *call) bool {
	name := ""
	switch f := e.Func.(type) {
	case *ast.Attribute:
		name = f.Attr
	case *ast.Name:
		name = f.ID
	}
	if name != "imshow" || len(c.args) != 1 || c.kw["X"] != nil || c.kw["data"] != nil {
		return false
	}
	o, ok := isArray(c.args[0])
	if !ok || len(o.shape.Dims) < 2 || len(o.shape.Dims) > 3 {
		return false
	}
	n, known := o.shape.Size()
	nb, sized := o.nbytes()
	if !known || !sized {
		return false
	}
	text := s.text(e)
	kept := nb
	if len(s.figures) == 0 {
		kept += figureBytes
	}
	s.figures = append(s.figures, s.newArray(intShape(kept), npapi.Uint8, text+" (the figure's copy)", e, false))
	s.decref(s.temporaries(n*imshowHeld, text))
	s.images++
	return true
}

// drawCalls are matplotlib's calls that draw the open figures (under any backend: savefig
// renders, pause and draw do, show does on a screen).
var drawCalls = map[string]bool{"pause": true, "savefig": true, "draw": true, "show": true}

// projection3d reports a call given projection="3d" (fig.add_subplot(projection='3d')).
func projection3d(c *call) bool {
	v, ok := c.kw["projection"].(vStr)
	return ok && !v.unknown && v.s == "3d"
}

// onAxes3d reports whether e's callee is a method of axes made with projection="3d" (followed
// by value, as plots follows matplotlib objects).
func (s *Interp) onAxes3d(e *ast.Call) bool {
	a, ok := e.Func.(*ast.Attribute)
	if !ok {
		return false
	}
	n, ok := a.Value.(*ast.Name)
	if !ok {
		return false
	}
	u, ok := s.peekName(n.ID).(vUnknown)
	return ok && u.from != nil && u.from.axes3d
}

// closeFigures releases what the figures keep (plt.close(), plt.clf(), fig.clf()).
func (s *Interp) closeFigures() {
	for _, v := range s.figures {
		s.decref(v)
	}
	s.figures = nil
	s.images = 0
}

// reversedElems is reversed() of a list or tuple, as a tuple of its elements from the last (what
// iterating it gives), each with a new reference.
func reversedElems(elts []value) value {
	out := make([]value, len(elts))
	for i, e := range elts {
		incref(e)
		out[len(elts)-1-i] = e
	}
	return vTuple{out}
}

// plots reports whether e calls into matplotlib (plt.plot, plt.imshow, matplotlib.pyplot.scatter
// …, ax.plot on an Axes): a consumer that keeps what it is given, so a call whose result is
// dropped still holds memory. The callee's root (past attributes and subscripts: axs[0, 1].plot)
// is an import of matplotlib (or pylab), or a name whose value a matplotlib call made — the
// value is followed, not the name: fig, ax = plt.subplots(); a = fig.add_subplot(111); a.plot(…).
func (s *Interp) plots(e *ast.Call) bool {
	root := e.Func
	for {
		switch r := root.(type) {
		case *ast.Attribute:
			root = r.Value
			continue
		case *ast.Subscript:
			root = r.Value
			continue
		case *ast.Call:
			root = r.Func // plt.gca().plot(…), plt.figure().add_subplot(…)
			continue
		}
		break
	}
	n, ok := root.(*ast.Name)
	if !ok {
		return false
	}
	if path, ok := s.imp.ImportPath(n); ok {
		return path == "matplotlib" || strings.HasPrefix(path, "matplotlib.") || path == "pylab" || strings.HasPrefix(path, "pylab.")
	}
	u, ok := s.peekName(n.ID).(vUnknown)
	return ok && u.from != nil && u.from.plot
}

// peekName is the value a name holds in the running frame, the functions it is nested in or
// the module, without counting a read (nil when none holds it).
func (s *Interp) peekName(name string) value {
	f := s.top()
	if !f.globals[name] {
		if v, ok := f.vars[name]; ok {
			return v
		}
	}
	if v, ok := s.enclosing(f, name); ok {
		return v
	}
	if v, ok := s.module.own().vars[name]; ok {
		return v
	}
	return nil
}
