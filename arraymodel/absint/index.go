package absint

import (
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines indexing: basic indexing makes views, advanced indexing (integer arrays,
// boolean masks) makes copies.

// index is an evaluated subscript: the value (owned) and, per component, its syntax.
type index struct {
	v     value
	parts []ast.Expr
	vals  []value // borrowed from v
}

func (ix index) single() value {
	if len(ix.vals) == 1 {
		return ix.vals[0]
	}
	return vUnknown{}
}

func (s *Interp) evalIndex(e ast.Expr) index {
	if t, ok := e.(*ast.Tuple); ok {
		v := s.eval(t)
		if tv, ok := v.(vTuple); ok && len(tv.elts) == len(t.Elts) {
			return index{v: v, parts: t.Elts, vals: tv.elts}
		}
		// a[(*idx, 0)]: a starred part, spliced or of a length not known: one index of a
		// value the parts cannot be matched to
		return index{v: v, parts: []ast.Expr{e}, vals: []value{vUnknown{}}}
	}
	v := s.eval(e)
	if t, ok := v.(vTuple); ok {
		// An index array tuple such as np.nonzero(m): advanced indexing in every dimension.
		parts := make([]ast.Expr, len(t.elts))
		for i := range parts {
			parts[i] = e
		}
		return index{v: v, parts: parts, vals: t.elts}
	}
	return index{v: v, parts: []ast.Expr{e}, vals: []value{v}}
}

func (s *Interp) evalSubscript(e *ast.Subscript) value {
	base := s.eval(e.Value)
	switch b := base.(type) {
	case vInstance: // obj[k]: its class's __getitem__
		ix := s.eval(e.Slice)
		res, ok := s.callDunder(b, "__getitem__", []value{ix})
		s.decref(base)
		if !ok {
			return vUnknown{}
		}
		return res
	case vShapeOf: // x.shape[k] of an input of unknown rank
		ix := s.evalIndex(e.Slice)
		s.decref(ix.v)
		if k, ok := intValue(ix.single()); ok {
			return s.shapeItem(b, k)
		}
		return vUnknown{}
	case vAt:
		ix := s.evalIndex(e.Slice)
		s.decref(ix.v)
		return b // x.at[idx] keeps x
	case vTuple:
		ix := s.evalIndex(e.Slice)
		defer s.decref(ix.v)
		defer s.decref(base)
		if i, ok := intValue(ix.single()); ok {
			if i < 0 {
				i += int64(len(b.elts))
			}
			if i >= 0 && int(i) < len(b.elts) {
				incref(b.elts[i])
				return b.elts[i]
			}
		}
		if sl, ok := e.Slice.(*ast.Slice); ok {
			lo, hi, ok := s.sliceBounds(sl, int64(len(b.elts)))
			if ok {
				out := append([]value{}, b.elts[lo:hi]...)
				for _, x := range out {
					incref(x)
				}
				return vTuple{out}
			}
		}
		return vUnknown{}
	case vList:
		ix := s.evalIndex(e.Slice)
		defer s.decref(ix.v)
		defer s.decref(base)
		if i, ok := intValue(ix.single()); ok {
			if i < 0 {
				i += int64(len(b.l.elts))
			}
			if i >= 0 && int(i) < len(b.l.elts) {
				incref(b.l.elts[i])
				return b.l.elts[i]
			}
		}
		if sl, ok := e.Slice.(*ast.Slice); ok && b.l.keys == nil {
			// params[:-1]: a new list of the same elements
			if lo, hi, ok := s.sliceBounds(sl, int64(len(b.l.elts))); ok {
				out := append([]value{}, b.l.elts[lo:hi]...)
				for _, x := range out {
					incref(x)
				}
				return vList{&pyList{refs: 1, elts: out}}
			}
		}
		return vUnknown{}
	case vArray:
		ix := s.evalIndex(e.Slice)
		res := s.indexArray(b.o, ix, e)
		if o, ok := isArray(res); ok {
			inheritData(o, b.o) // a copy or view of the indexed array's elements
		}
		s.decref(ix.v)
		s.decref(base)
		return res
	case vDict:
		ix := s.evalIndex(e.Slice)
		s.use(ix.v)
		defer s.decref(ix.v)
		defer s.decref(base)
		if v, ok := b.l.lookup(dictKey(ix.single())); ok {
			incref(v)
			return v
		}
		return vUnknown{}
	case vModule:
		if b.ref.API == "mgrid" || b.ref.API == "ogrid" {
			defer s.inLib(b.ref.Backend)()
			return s.grid(b.ref.API == "ogrid", e)
		}
	}
	// Anything else (np.c_[...], a dict, an object): the index is still evaluated, for what
	// it makes.
	ix := s.evalIndex(e.Slice)
	s.use(ix.v)
	s.decref(ix.v)
	s.decref(base)
	switch b := base.(type) {
	case vUnknown:
		return vUnknown{from: b.from} // coords[0] of coords = helper(n)
	case vLocal:
		return vLocal{} // res[0] of what the code made of no input: not an input either
	}
	return vUnknown{}
}

// grid evaluates np.mgrid[...] and np.ogrid[...] (sparse), whose results npapi.Grid gives:
// mgrid's one array, ogrid's list of broadcastable arrays.
func (s *Interp) grid(sparse bool, e *ast.Subscript) value {
	expr := s.text(e)
	var sls []*ast.Slice
	tuple := false
	switch x := e.Slice.(type) {
	case *ast.Slice:
		sls = []*ast.Slice{x}
	case *ast.Tuple:
		tuple = true
		for _, el := range x.Elts {
			sl, ok := el.(*ast.Slice)
			if !ok {
				sls = nil
				break
			}
			sls = append(sls, sl)
		}
	}
	axes := make([]npapi.GridAxis, len(sls))
	for i, sl := range sls {
		axes[i] = npapi.GridAxis{Start: s.gridArg(sl.Lower), Stop: s.gridArg(sl.Upper), Step: s.gridArg(sl.Step)}
	}
	r, ok := npapi.Grid(sparse, axes, tuple)
	if !ok {
		ix := s.evalIndex(e.Slice)
		s.decref(ix.v)
		s.unknownAlloc(e, expr, "a grid subscript the API table does not model", nil)
		return s.newArrayUnknown(npapi.NoDType, expr)
	}
	tmp := s.temporaries(r.TempBytes, expr)
	outs := make([]value, len(r.Outs))
	for i, o := range r.Outs {
		outs[i] = s.newArray(shapeOfDims(o.Shape), o.DType, expr, e, false)
	}
	s.decref(tmp)
	if r.Tuple {
		return vList{&pyList{refs: 1, elts: outs}} // ogrid returns a list
	}
	return outs[0]
}

// gridArg evaluates one bound or step of a grid's slice (nil: left out).
func (s *Interp) gridArg(x ast.Expr) npapi.Arg {
	if x == nil {
		return npapi.Arg{Kind: npapi.ArgMissing}
	}
	v := s.eval(x)
	a := ruleArg(v)
	s.decref(v)
	return a
}

// sliceBounds returns the element range [lo, hi) slice sl selects of a dimension of length n;
// false for a step or bounds not known.
func (s *Interp) sliceBounds(sl *ast.Slice, n int64) (lo, hi int64, ok bool) {
	return s.sliceOf(sl).bounds(n)
}

// sliceLen returns the length of dimension n after slice sl, or -1.
func (s *Interp) sliceLen(sl *ast.Slice, n int64) int64 { return s.sliceOf(sl).length(n) }

// sliceDim returns the length of dimension d after slice sl (sliceDimOf).
func (s *Interp) sliceDim(sl *ast.Slice, d npapi.Dim) npapi.Dim { return s.sliceOf(sl).dim(d) }

// sliceOf evaluates a slice written in an index: its bounds and step as values (nil when
// absent), as `slice(...)` makes them.
func (s *Interp) sliceOf(sl *ast.Slice) vSlice {
	var v vSlice
	for _, x := range []struct {
		e   ast.Expr
		dst *value
	}{{sl.Lower, &v.lo}, {sl.Upper, &v.hi}, {sl.Step, &v.step}} {
		if x.e != nil {
			*x.dst = s.evalDrop(x.e)
		}
	}
	return v
}

// boundOf reads a slice's bound or step: its integer value; given is false when it is absent or
// None (a[:k or None]), which is the same; ok is false when it is not known.
func boundOf(v value) (n int64, given, ok bool) {
	if v == nil {
		return 0, false, true
	}
	if _, none := v.(vNone); none {
		return 0, false, true
	}
	n, ok = intValue(v)
	return n, true, ok
}

// bounds returns the element range [lo, hi) the slice selects of a dimension of length n; false
// for a step or bounds not known.
func (sl vSlice) bounds(n int64) (lo, hi int64, ok bool) {
	if step, given, ok := boundOf(sl.step); !ok || (given && step != 1) {
		return 0, 0, false
	}
	lo, hi = 0, n
	if i, given, k := boundOf(sl.lo); !k {
		return 0, 0, false
	} else if given {
		lo = i
	}
	if i, given, k := boundOf(sl.hi); !k {
		return 0, 0, false
	} else if given {
		hi = i
	}
	if lo < 0 {
		lo += n
	}
	if hi < 0 {
		hi += n
	}
	lo = min(max(lo, 0), n)
	hi = min(max(hi, lo), n)
	return lo, hi, true
}

// length returns the length of a dimension of length n after the slice, or -1.
func (sl vSlice) length(n int64) int64 {
	if n < 0 {
		return -1
	}
	step, given, ok := boundOf(sl.step)
	if !ok || (given && step == 0) {
		return -1
	}
	if !given || step == 1 {
		lo, hi, ok := vSlice{lo: sl.lo, hi: sl.hi}.bounds(n)
		if !ok {
			return -1
		}
		return hi - lo
	}
	lo, hi := int64(0), n
	if step < 0 {
		lo, hi = n-1, -n-1
	}
	if v, given, ok := boundOf(sl.lo); !ok {
		return -1
	} else if given {
		lo = v
		if lo < 0 {
			lo += n
		}
	}
	if v, given, ok := boundOf(sl.hi); !ok {
		return -1
	} else if given {
		hi = v
		if hi < 0 {
			hi += n
		}
	}
	r := vRange{start: min(max(lo, 0), n), stop: min(max(hi, -1), n), step: step, known: true}
	if step < 0 {
		r.start = min(max(lo, -1), n-1)
	}
	return r.count()
}

// dim returns the length of dimension d after the slice: known for a known d; for a symbolic d
// and bounds that count from its ends (a[1:-1] is d - 2, a[:-1] and a[1:] are d - 1; d is taken
// to be at least as long as the bounds, as a program that slices so does); unknown otherwise
// (a[2:10] depends on whether d is shorter than 10).
func (sl vSlice) dim(d npapi.Dim) npapi.Dim {
	if d.Known || d.Sym == nil {
		if n := sl.length(dimLen(d)); n >= 0 {
			return npapi.Int(n)
		}
		return npapi.Dim{}
	}
	if st, given, ok := boundOf(sl.step); !ok || (given && st != 1) {
		return npapi.Dim{}
	}
	start, stop := npapi.Const(0), d.Sym
	if lo, given, ok := boundOf(sl.lo); !ok {
		return npapi.Dim{}
	} else if given && lo < 0 {
		start = d.Sym.Add(npapi.Const(lo))
	} else if given {
		start = npapi.Const(lo)
	}
	if hi, given, ok := boundOf(sl.hi); !ok || (given && hi >= 0) {
		return npapi.Dim{}
	} else if given {
		stop = d.Sym.Add(npapi.Const(hi))
	}
	return npapi.SymDim(stop.Sub(start))
}

// evalDrop evaluates an expression whose value is only inspected (ints), dropping its reference.
func (s *Interp) evalDrop(e ast.Expr) value {
	v := s.eval(e)
	s.decref(v)
	return v
}

// indexArray applies an index to an array.
func (s *Interp) indexArray(o *Obj, ix index, e ast.Node) value {
	advanced := false
	for _, v := range ix.vals {
		s.usedAsArray(v)
		if _, ok := isArray(v); ok {
			advanced = true
		}
		if _, ok := v.(vList); ok {
			advanced = true
		}
	}
	if advanced {
		return s.advancedIndex(o, ix, e)
	}
	if !o.shape.Known {
		return s.sliceView(o, unknownShape, ix, e)
	}
	var dims []npapi.Dim
	d := 0
	ellipsisSeen := false
	consumed := 0
	for i, p := range ix.parts {
		if _, isNone := ix.vals[i].(vNone); isNone {
			continue // np.newaxis (None) adds a dimension, consumes none
		}
		if c, ok := p.(*ast.Constant); !ok || c.Value.Kind != ast.ConstNone {
			consumed++
		}
		if c, ok := p.(*ast.Constant); ok && c.Value.Kind == ast.ConstEllipsis {
			consumed--
		}
	}
	for i, p := range ix.parts {
		switch p := p.(type) {
		case *ast.Slice:
			if d < len(o.shape.Dims) {
				dims = append(dims, s.sliceDim(p, o.shape.Dims[d]))
			}
			d++
		case *ast.Constant:
			switch p.Value.Kind {
			case ast.ConstNone:
				dims = append(dims, npapi.Int(1))
			case ast.ConstEllipsis:
				if !ellipsisSeen {
					ellipsisSeen = true
					rest := len(o.shape.Dims) - consumed
					for k := 0; k < rest && d < len(o.shape.Dims); k++ {
						dims = append(dims, o.shape.Dims[d])
						d++
					}
				}
			default:
				d++ // an integer drops the dimension
			}
		default:
			if _, ok := ix.vals[i].(vInt); ok {
				d++
				continue
			}
			if sl, ok := ix.vals[i].(vSlice); ok { // a[s] with s = slice(1, -1)
				if d < len(o.shape.Dims) {
					dims = append(dims, sl.dim(o.shape.Dims[d]))
				}
				d++
				continue
			}
			if _, ok := ix.vals[i].(vNone); ok {
				dims = append(dims, npapi.Int(1))
				continue
			}
			return s.sliceView(o, unknownShape, ix, e)
		}
	}
	for ; d < len(o.shape.Dims); d++ {
		dims = append(dims, o.shape.Dims[d])
	}
	if len(dims) == 0 && len(o.shape.Dims) > 0 && allIntegers(ix) {
		s.use(vArray{o})
		return elementOf(o.dt, s.cfg.NumPyVersion) // a[i, j]: one element, a NumPy scalar (not a view)
	}
	v := s.sliceView(o, Shape{Dims: dims, Known: true}, ix, e)
	v.o.cview = rowMajorIndex(ix)
	if len(ix.parts) == 1 && len(o.shape.Dims) == 1 {
		if sl, ok := ix.parts[0].(*ast.Slice); ok {
			if lo, hi, ok := s.sliceBounds(sl, dimLen(o.shape.Dims[0])); ok && o.shape.Dims[0].Known {
				base := o.lo
				v.o.lo, v.o.hi, v.o.sliced = base+lo, base+hi, true
			}
		}
	}
	return v
}

// allIntegers reports whether an index is integers only (no slice, None or Ellipsis).
func allIntegers(ix index) bool {
	for i, p := range ix.parts {
		switch p := p.(type) {
		case *ast.Slice:
			return false
		case *ast.Constant:
			if p.Value.Kind != ast.ConstInt {
				return false
			}
		default:
			if _, ok := ix.vals[i].(vInt); !ok {
				return false
			}
		}
	}
	return true
}

// elementOf is an element of an array of dtype dt read as a value: a NumPy scalar of its
// dtype, its value not known, strong in promotion under NumPy 2 (NEP 50).
func elementOf(dt npapi.DType, v npapi.NumPyVersion) value {
	switch {
	case dt == npapi.NoDType:
		return vUnknown{}
	case dt.Kind() == 'f' || dt.Kind() == 'c':
		return vFloat{complex: dt.Kind() == 'c', dt: dt, strong: v.StrongScalars()}
	case dt.IsInteger() || dt == npapi.Bool:
		return vInt{dt: dt, strong: v.StrongScalars()}
	}
	return vUnknown{}
}

// advancedIndex makes the copy that integer-array or boolean-mask indexing returns.
func (s *Interp) advancedIndex(o *Obj, ix index, e ast.Node) value {
	s.use(vArray{o})
	for _, v := range ix.vals {
		s.use(v)
	}
	expr := s.text(e)
	if len(ix.vals) == 1 {
		if m, ok := isArray(ix.vals[0]); ok {
			if m.dt == npapi.Bool {
				// a[mask]: one element per True, unknown until run time, at most mask.size.
				var bound *int64
				if n, ok := m.shape.Size(); ok && o.dt.Known() {
					b := npapi.NBytes(n, o.dt)
					if rest, ok := restSize(o.shape, len(m.shape.Dims)); ok {
						b = npapi.SatMul(b, rest)
						bound = &b
					}
				}
				s.unknownAlloc(e, expr, "boolean-mask selection: one element per True", bound)
				return s.newArrayUnknown(o.dt, expr)
			}
			if m.shape.Known && o.shape.Known && len(o.shape.Dims) >= 1 {
				dims := append(append([]npapi.Dim{}, m.shape.Dims...), o.shape.Dims[1:]...)
				return s.newArray(Shape{Dims: dims, Known: true}, o.dt, expr, e, false)
			}
		}
		if l, ok := ix.vals[0].(vList); ok && o.shape.Known && len(o.shape.Dims) >= 1 {
			dims := append([]npapi.Dim{npapi.Int(int64(len(l.l.elts)))}, o.shape.Dims[1:]...)
			return s.newArray(Shape{Dims: dims, Known: true}, o.dt, expr, e, false)
		}
	}
	// Index-array tuples (np.nonzero(mask)) and mixed forms: size known only at run time.
	var bound *int64
	if n, ok := o.nbytes(); ok {
		bound = &n
	}
	s.unknownAlloc(e, expr, "advanced indexing with run-time index arrays", bound)
	return s.newArrayUnknown(o.dt, expr)
}

func restSize(sh Shape, from int) (int64, bool) {
	if !sh.Known || from > len(sh.Dims) {
		return 0, false
	}
	return Shape{Dims: sh.Dims[from:], Known: true}.Size()
}

// newArrayUnsized makes a fresh array whose size the program's values decide (np.unique,
// a boolean selection): its rank may be known, its length is not; the caller has recorded the
// allocation as unknown.
func (s *Interp) newArrayUnsized(sh Shape, dt npapi.DType, expr string, at ast.Node) vArray {
	o := &Obj{refs: 1, shape: sh, dt: dt, label: expr, line: s.line(), backend: s.lib, origin: Fresh}
	if e, ok := at.(ast.Expr); ok && e != nil {
		o.node = e
	}
	s.h.Allocate(s, o, false)
	return vArray{o}
}

// newArrayUnknown makes an array whose size is not known; the caller has recorded why.
func (s *Interp) newArrayUnknown(dt npapi.DType, expr string) vArray {
	o := &Obj{refs: 1, shape: unknownShape, dt: dt, label: expr, line: s.line(), backend: s.lib, origin: Fresh}
	s.h.Allocate(s, o, false)
	return vArray{o}
}

// sliceRange returns the element range a setitem index covers on a 1-D array, for Legate.
func (s *Interp) sliceRange(o *Obj, ix index) (lo, hi int64, sliced bool) {
	if len(ix.parts) != 1 || !o.shape.Known || len(o.shape.Dims) != 1 {
		return 0, 0, false
	}
	sl, ok := ix.parts[0].(*ast.Slice)
	if !ok {
		return 0, 0, false
	}
	n := dimLen(o.shape.Dims[0])
	if n < 0 {
		return 0, 0, false
	}
	lo, hi, ok = s.sliceBounds(sl, n)
	if !ok || (lo == 0 && hi == n) {
		return 0, 0, false
	}
	return o.lo + lo, o.lo + hi, true
}

// rowMajorIndex reports whether a basic index keeps a C-contiguous array C-contiguous: integers
// on leading axes, then at most one slice of step 1 that is not the whole axis, then whole axes
// only (a[i], a[i, 2:5], a[1:-1], a[i, :, :]; not a[:, 0] or a[:, 1:]).
func rowMajorIndex(ix index) bool {
	sliced := false // a slice was seen: every later axis must be whole
	for i, p := range ix.parts {
		if _, isNone := ix.vals[i].(vNone); isNone {
			continue
		}
		switch p := p.(type) {
		case *ast.Slice:
			whole := p.Lower == nil && p.Upper == nil && p.Step == nil
			if p.Step != nil || sliced && !whole {
				return false
			}
			sliced = true
		case *ast.Constant:
			if p.Value.Kind == ast.ConstEllipsis {
				sliced = true
				continue
			}
			if sliced {
				return false
			}
		default:
			if sliced {
				return false
			}
		}
	}
	return true
}

// sliceView returns the view a basic index makes of o; a slice with a step makes it strided.
func (s *Interp) sliceView(o *Obj, sh Shape, ix index, e ast.Node) vArray {
	v := s.view(o, sh, o.dt, s.text(e))
	for _, p := range ix.parts {
		if sl, ok := p.(*ast.Slice); ok && sl.Step != nil {
			v.o.strided = true // not C-contiguous: see contiguous
		}
	}
	return v
}
