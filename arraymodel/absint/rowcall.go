package absint

import (
	"strings"

	"maps"
	"slices"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines calls of the table rows that carry a shape rule: npapi.Apply works out the
// results' shapes, dtypes and temporaries, and the simulation allocates them.

// applyRow evaluates a call of fn, a row with a shape rule (a method call passes its receiver as
// the first argument).
func (s *Interp) applyRow(fn *npapi.Func, c *call, expr string) value {
	s.useAll(c.args)
	s.consume(fn, c.args)
	if fn.Out {
		if o, ok := outResult(c); ok {
			s.touchRange(o.o, 0, 0, false)
			if fn.Kind == npapi.Ufunc && len(c.args) > 0 && s.numpyBuffers() {
				// the iterator buffers of the inputs and of out (npapi.UfuncBuffers)
				rc := s.ruleCall(c)
				nin := min(max(fn.Nin, 1), len(rc.Args))
				loop := npapi.UfuncLoop(npapi.Promote(operandDType(c.args[0]), operandDType(c.args[nin-1])), o.o.dt)
				ins := append(rc.Args[:nin:nin], ruleArg(o))
				s.decref(s.buffers(npapi.UfuncBuffers(ins, loop, dimsOfShape(o.o.shape)), c.e))
			}
			return o
		}
	}
	if fn.Rule == npapi.ShapeNoArray {
		return vUnknown{} // an object that holds no array data
	}
	s.refineSizes(fn, c)
	s.nameCounts(fn, c)
	rc := s.ruleCall(c)
	r, ok := npapi.Apply(fn, rc)
	if !ok && fn.Kind == npapi.Reduction && !holdsArray(c) {
		return vFloat{} // a reduction of Python numbers is a scalar
	}
	if !ok {
		s.unknownAlloc(c.e, expr, fn.Name+": arguments the API table does not model", inputBytes(c))
		res := s.newArrayUnknown(npapi.NoDType, expr)
		if !fn.ValueSized() && (fn.Kind != npapi.Reduction || keepsRows(c, fn.AxisArg)) &&
			!(fn.Kind == npapi.Product && s.transposedProduct(productLeft(c))) {
			// arguments the table does not model (values of unknown type): what comes out is as
			// much an input as they are; a reduction's only when it keeps the first axis
			// (markRowData)
			markData(res, c.args...)
		}
		return res
	}
	if fn.Effect == npapi.InPlace {
		if a, ok := firstArray(c); ok {
			s.touchRange(a, 0, 0, false)
		}
		return vNone{}
	}
	// The temporaries are alive while the results are allocated, and die before the call returns.
	if s.numpyBuffers() {
		r.TempBytes = npapi.SatAdd(r.TempBytes, npapi.Buffers(fn, rc, r))
	}
	if s.xla != nil && s.top().jit {
		r.TempBytes = 0 // NumPy's scratch arrays: XLA fuses what they hold
		if fn.Rule == npapi.ShapeCum && len(r.Outs) == 1 {
			// XLA:CPU's cumulative sum is a reduce-window whose partial sums take a buffer of
			// the result's size (memory_analysis(): 4.27 MiB of temporaries for a 4 MiB cumsum)
			if n, ok := shapeOfDims(r.Outs[0].Shape).Size(); ok {
				r.TempBytes = npapi.NBytes(n, r.Outs[0].DType)
			}
		}
	}
	if len(r.Outs) == 1 {
		r.TempBytes = npapi.SatAdd(r.TempBytes, s.drawTemporaries(fn, shapeOfDims(r.Outs[0].Shape), r.Outs[0].DType))
	}
	if r.Unknown != "" {
		s.unknownAlloc(c.e, expr, fn.Name+": "+r.Unknown+" are not counted", nil)
	}
	tmp := s.temporaries(r.TempBytes, expr)
	src, isArr := firstArray(c)
	outs := make([]value, len(r.Outs))
	for i, o := range r.Outs {
		sh := shapeOfDims(o.Shape)
		switch {
		case o.Scalar && (o.DType.IsInteger() || o.DType == npapi.Bool):
			outs[i] = vInt{}
		case o.Scalar:
			outs[i] = vFloat{}
		case r.Sparse != nil && o.View:
			base, ok := sparseSource(c)
			if !ok {
				outs[i] = s.newSparse(sh, o.DType, r.Sparse, fn.Name, expr, c.e)
				break
			}
			v := s.view(base, sh, o.DType, expr)
			v.o.sparse = r.Sparse
			outs[i] = v
		case r.Sparse != nil:
			outs[i] = s.newSparse(sh, o.DType, r.Sparse, fn.Name, expr, c.e)
		case o.View && isArr:
			v := s.view(src, sh, o.DType, expr)
			if r.Strided {
				v.o.strided, v.o.permuted = true, true // not C-contiguous: see contiguous
			}
			outs[i] = v
		case o.Bound != 0: // npapi.Unbounded: no bound
			var bound *int64
			if b := npapi.NBytes(o.Bound, o.DType); b > 0 {
				bound = &b
			}
			s.unknownAlloc(c.e, expr, fn.Name+": the size depends on the values", bound)
			res := s.newArrayUnsized(shapeOfDims(o.Shape), o.DType, expr, c.e)
			res.o.atMost = max(o.Bound, 0)
			outs[i] = res
		default:
			if !sh.Known {
				sh.Of = shapeOfArgs(fn, c) // np.zeros(x.shape), np.empty_like(x)
			}
			res := s.newArray(sh, o.DType, expr, c.e, fn.Fill)
			res.o.elementwise = fn.Kind == npapi.Ufunc // fused under jax.jit
			res.o.product = fn.Kind == npapi.Product
			if fn.Kind == npapi.Ufunc {
				s.keepResidual(res, c.args)
			}
			res.o.viewOfCopy = o.ViewOfCopy
			outs[i] = res
		}
	}
	s.decref(tmp)
	if fn.Kind == npapi.Random {
		s.materialize(vTuple{outs}) // a draw is written out where its bits were (xla.go)
	}
	s.markRowData(fn, c, vTuple{outs})
	for i, o := range r.Outs {
		if a, ok := isArray(outs[i]); ok && (o.Bound != 0 || o.Counted) {
			// a size the values decide (unique, bincount) or a count argument gives
			// (histogram's bins): a count of distinct values or of bins, not the extent of
			// the data it came from (a count from the data keeps its dimension's mark)
			a.data = false
		}
	}
	switch {
	case r.Tuple:
		return vTuple{outs}
	case len(outs) == 1:
		return outs[0]
	case len(outs) == 0 && r.Scalar.Kind() == 'f':
		// np.sqrt(2), np.ceil(w / c): a NumPy float scalar, of a known value where the table
		// computes it
		x, known := npapi.ScalarValue(fn, rc, r.Scalar)
		return vFloat{dt: r.Scalar, f: x, known: known, strong: s.cfg.NumPyVersion.StrongScalars()}
	case fn.Kind == npapi.Reduction:
		// A NumPy scalar of its own dtype (x.sum() of a float32 array is a float32): promoted
		// by it under NumPy 2 (NEP 50), as a Python number is under 1.x (cast by value).
		return vFloat{complex: r.Scalar.Kind() == 'c', dt: r.Scalar, strong: s.cfg.NumPyVersion.StrongScalars()}
	case r.Scalar.Kind() == 'c':
		return vFloat{complex: true}
	case r.Scalar.IsInteger() || r.Scalar.Kind() == 'b':
		return vInt{}
	}
	return vFloat{}
}

// temporaries allocates a call's internal temporaries of n bytes (nil when there are none, or on
// the Legate backend, whose model has no per-call scratch); the caller releases them with decref
// once the results are allocated.
func (s *Interp) temporaries(n int64, expr string) value {
	if n <= 0 || s.cfg.Backend == BackendLegate {
		return nil
	}
	defer func(u bool) { s.unfused = u }(s.unfused)
	s.unfused = true // scratch space is written
	return s.newArray(intShape(n), npapi.Uint8, expr+" (temporaries)", nil, false)
}

// numpyVersion is the NumPy version whose rules the run's calls follow: the numpy-version
// setting for NumPy's arrays, NumPy 2 (the table's default) for other libraries'.
func (s *Interp) numpyVersion() npapi.NumPyVersion {
	if s.numpyArrays() {
		return s.cfg.NumPyVersion
	}
	return npapi.NumPy2
}

// numpyArrays reports whether the run's calls are NumPy's (not another library's).
func (s *Interp) numpyArrays() bool {
	return (s.cfg.Backend == "" || s.cfg.Backend == BackendNumPy) && (s.lib == imports.Unknown || s.lib == imports.NumPy)
}

// removedName reports a call of a row NumPy 2.0 removed, under numpy-version 2: it raises
// AttributeError there, so it allocates nothing and is listed as unknown, with what replaces it.
func (s *Interp) removedName(fn *npapi.Func, c *call) bool {
	if fn.Removed2 == "" || s.cfg.NumPyVersion != npapi.NumPy2 || !s.numpyArrays() {
		return false
	}
	s.useAll(c.args)
	s.unmodelled(c, "`"+s.text(c.e.Func)+"` was removed in NumPy 2.0 (use "+fn.Removed2+"; numpy-version 1 models it)")
	return true
}

// numpyBuffers reports whether a run that follows the program (the memory estimate) counts
// iterator buffers: its arrays are NumPy's, whose ufuncs and reductions allocate them
// (npapi.Buffers).
func (s *Interp) numpyBuffers() bool {
	return s.cfg.Strategy.countsBuffers() &&
		(s.cfg.Backend == "" || s.cfg.Backend == BackendNumPy) && (s.lib == imports.Unknown || s.lib == imports.NumPy)
}

// buffers allocates n bytes of NumPy iterator buffers for the operation at e (nil when there
// are none, or the arrays are not NumPy's); the caller releases them with decref once the
// result is allocated.
func (s *Interp) buffers(n int64, e ast.Node) value {
	if n <= 0 || !s.numpyBuffers() {
		return nil
	}
	return s.newArray(intShape(n), npapi.Uint8, s.text(e)+" (buffers)", nil, false)
}

// holdsArray reports whether any argument of the call is or contains an array (or is unknown).
func holdsArray(c *call) bool {
	var holds func(v value) bool
	holds = func(v value) bool {
		switch v := v.(type) {
		case vInt, vFloat, vNone, vStr, vDType, vModule, vShapeOf:
			return false
		case vTuple:
			return slices.ContainsFunc(v.elts, holds)
		case vList:
			return slices.ContainsFunc(v.l.elts, holds)
		}
		return true
	}
	return slices.ContainsFunc(c.args, holds)
}

// inputBytes returns the total size of a call's array arguments (in lists and tuples too), the
// least an unmodelled result may take (nil when one of them has an unknown size or there are
// none).
func inputBytes(c *call) *int64 {
	var total int64
	n, known := 0, true
	var add func(v value)
	add = func(v value) {
		switch v := v.(type) {
		case vArray:
			b, ok := v.o.nbytes()
			known = known && ok
			total += b
			n++
		case vTuple:
			for _, e := range v.elts {
				add(e)
			}
		case vList:
			for _, e := range v.l.elts {
				add(e)
			}
		}
	}
	for _, v := range c.args {
		add(v)
	}
	for _, k := range slices.Sorted(maps.Keys(c.kw)) {
		add(c.kw[k])
	}
	if n == 0 || !known {
		return nil
	}
	return &total
}

// shapeOfDims converts a rule's shape (nil: rank unknown) to a Shape.
func shapeOfDims(dims []npapi.Dim) Shape {
	if dims == nil {
		return unknownShape
	}
	return Shape{Dims: dims, Known: true}
}

// dimsOfShape converts a Shape to a rule's shape.
func dimsOfShape(sh Shape) []npapi.Dim {
	if !sh.Known {
		return nil
	}
	return sh.Dims
}

// ruleCall converts a call's evaluated arguments for npapi.Apply.
func (s *Interp) ruleCall(c *call) *npapi.Call {
	rc := &npapi.Call{Args: make([]npapi.Arg, 0, len(c.args)), NumPy: s.numpyVersion()}
	if len(c.kw) > 0 {
		rc.Kw = make(map[string]npapi.Arg, len(c.kw))
	}
	for _, v := range c.args {
		rc.Args = append(rc.Args, ruleArg(v))
	}
	for k, v := range c.kw {
		a := ruleArg(v)
		if k == "dtype" {
			if d := s.dtypeArg(c, -1, npapi.NoDType); d.Known() {
				a = npapi.Arg{Kind: npapi.ArgDType, DType: d}
			}
		}
		rc.Kw[k] = a
	}
	return rc
}

// ruleArg converts one evaluated value.
func ruleArg(v value) npapi.Arg {
	switch v := v.(type) {
	case vArray:
		if v.o == nil {
			break
		}
		if v.o.sparse != nil {
			return npapi.Arg{Kind: npapi.ArgSparse, Shape: dimsOfShape(v.o.shape), DType: v.o.dt, Sparse: v.o.sparse}
		}
		return npapi.Arg{Kind: npapi.ArgArray, Shape: dimsOfShape(v.o.shape), DType: v.o.dt, Strided: !contiguous(v.o)}
	case vInt:
		d, _ := scalarDType(v)
		return npapi.Arg{Kind: npapi.ArgScalar, DType: d, N: v.n, Known: v.known, Sym: v.sym, Data: v.data, Form: v.form}
	case vFloat:
		d, _ := scalarDType(v)
		return npapi.Arg{Kind: npapi.ArgScalar, DType: d, F: v.f, FKnown: v.known}
	case vTuple:
		return seqArg(v.elts)
	case vList:
		return seqArg(v.l.elts)
	case vNone:
		return npapi.Arg{Kind: npapi.ArgNone}
	case vDType:
		return npapi.Arg{Kind: npapi.ArgDType, DType: v.dt}
	case vStr:
		return npapi.Arg{Kind: npapi.ArgStr, Str: v.s}
	case vModule:
		if d, ok := npapi.DTypeName(lastPart(v.ref.API)); ok {
			return npapi.Arg{Kind: npapi.ArgDType, DType: d}
		}
	case vShapeOf:
		return npapi.Arg{Kind: npapi.ArgOther, Data: true} // the shape of an input
	case vUnknown:
		return npapi.Arg{Kind: npapi.ArgOther, Sym: v.sym} // a parameter, perhaps a size
	}
	return npapi.Arg{Kind: npapi.ArgOther}
}

func seqArg(elts []value) npapi.Arg {
	a := npapi.Arg{Kind: npapi.ArgSeq}
	for _, e := range elts {
		if o, ok := isArray(e); ok && o.stands > 0 {
			return npapi.Arg{Kind: npapi.ArgOther} // extrapolated list elements
		}
		a.Elems = append(a.Elems, ruleArg(e))
	}
	return a
}

// shapeOfArgs names the input whose shape of unknown rank a creation call's result takes:
// np.zeros(x.shape) (a shape argument that is x.shape) and np.empty_like(x) or an element-wise
// function of x (x itself); "" when none.
func shapeOfArgs(fn *npapi.Func, c *call) string {
	switch fn.Kind {
	case npapi.Constructor, npapi.Random:
		for _, v := range c.args {
			if sh, ok := v.(vShapeOf); ok {
				return sh.of
			}
		}
		for _, v := range c.kw {
			if sh, ok := v.(vShapeOf); ok {
				return sh.of
			}
		}
	case npapi.Like, npapi.Ufunc:
		if len(c.args) > 0 {
			if o, ok := isArray(c.args[0]); ok && !o.shape.Known {
				return o.shapeOf()
			}
		}
	}
	return ""
}

// refineSizes binds, in the rules' runs, a name of unknown value that a creation, range or random
// call takes as a size (np.random.rand(N, N), np.zeros((n, m)), size=n) to an integer of its
// symbol from here on: the call raised otherwise, so `A + N * np.eye(N)` after it scales an
// array by a number.
func (s *Interp) refineSizes(fn *npapi.Func, c *call) {
	if !s.cfg.Strategy.infersFromUse() || c.e == nil {
		return
	}
	switch fn.Kind {
	case npapi.Constructor, npapi.Range, npapi.Random:
	default:
		return
	}
	refine := func(e ast.Expr) {
		n, ok := e.(*ast.Name)
		if !ok {
			return
		}
		v, ok := s.lookup(n)
		u, unknown := v.(vUnknown)
		if !ok || !unknown {
			return
		}
		sym := u.sym
		if sym == nil {
			sym = npapi.Var(n.ID)
		}
		s.bindName(n.ID, vInt{sym: sym})
	}
	sizes := func(e ast.Expr) {
		if t, ok := e.(*ast.Tuple); ok {
			for _, x := range t.Elts {
				refine(x)
			}
			return
		}
		refine(e)
	}
	for _, k := range c.e.Keywords {
		if k.Arg == "shape" || k.Arg == "size" {
			sizes(k.Value)
		}
	}
	switch {
	case fn.Varargs:
		for _, a := range c.e.Args {
			sizes(a)
		}
	case len(c.e.Args) > 0 && fn.Kind != npapi.Random:
		sizes(c.e.Args[0])
	}
}

// nameCounts gives, in the rules' runs, a size argument of a creation, range or random call that
// reads an attribute of unknown value (`np.linspace(0, 1, self.npsi)`, `np.zeros((cfg.nx,
// cfg.ny))`), or a name holding an int the run cannot know (`N = int(sys.argv[1])`), the symbol
// of its text, as a parameter has: a count, so the array's size has a formula, the rules can
// tell one length of the data from a product of lengths, and follow the name to where it is set.
func (s *Interp) nameCounts(fn *npapi.Func, c *call) {
	if !s.cfg.Strategy.infersFromUse() || c.e == nil || c.spread > 0 {
		return
	}
	switch fn.Kind {
	case npapi.Constructor, npapi.Range, npapi.Random:
	default:
		return
	}
	named := func(e ast.Expr, v value) value {
		_, attr := e.(*ast.Attribute)
		_, name := e.(*ast.Name)
		switch u := v.(type) {
		case vUnknown:
			if !attr && !name || u.sym != nil || u.from != nil {
				return v
			}
		case vInt:
			// a name holding an int the run cannot know (N = int(sys.argv[1]))
			if !name || u.known || u.sym != nil || u.data {
				return v
			}
		default:
			return v
		}
		t := s.text(e)
		if attr && !dottedName(t) {
			return v
		}
		return vInt{sym: npapi.Var(t)}
	}
	sizes := func(e ast.Expr, v value) value {
		t, ok := e.(*ast.Tuple)
		tv, isTuple := v.(vTuple)
		if !ok || !isTuple || len(t.Elts) != len(tv.elts) {
			return named(e, v)
		}
		elts := make([]value, len(tv.elts))
		for i, x := range t.Elts {
			elts[i] = named(x, tv.elts[i])
		}
		return vTuple{elts}
	}
	if len(c.args) != len(c.e.Args) {
		return
	}
	for i, a := range c.e.Args {
		if i == 0 || fn.Varargs || fn.Kind == npapi.Range {
			c.args[i] = sizes(a, c.args[i])
		}
	}
	for _, k := range c.e.Keywords {
		if v, ok := c.kw[k.Arg]; ok && (k.Arg == "shape" || k.Arg == "size" || k.Arg == "num") {
			c.kw[k.Arg] = sizes(k.Value, v)
		}
	}
}

// dottedName reports whether t is a chain of identifiers joined by dots (self.n, cfg.grid.nx).
func dottedName(t string) bool {
	parts := strings.Split(t, ".")
	if len(parts) < 2 {
		return false
	}
	for _, p := range parts {
		if p == "" {
			return false
		}
		for i, r := range p {
			if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
				return false
			}
		}
	}
	return true
}
