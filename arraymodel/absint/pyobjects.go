package absint

import (
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the memory of the Python objects a list holds: the numbers and tuples of
// numbers a loop appends (soln.append(x), positions.append((x, y))) or a comprehension makes
// ([np.sum(X[:i]) for i in range(n)]), each a boxed object of its own behind an 8-byte slot of
// the list. A list of a million floats holds 32 MB that no array accounts for, and the loop that
// grows it is extrapolated from the growth of these bytes (recordGrowth), so that the list
// stands for every element it will hold (np.array(soln) is then as long as the loop).

// Sizes of CPython 3.11's objects as tracemalloc counts them (NumPy 2): a list's slot, a float
// or NumPy float scalar, an int outside the small ints CPython keeps, a NumPy int scalar, a
// complex, and a tuple's header and slot (with the garbage collector's header). Measured: a
// list appended a million times holds 32 B an element of floats, np.float64 or np.int64
// scalars or their products, 40 B of large ints, and 112 B of 2-tuples of np.float64 scalars.
const (
	listSlotBytes = 8
	floatBoxBytes = 24
	intBoxBytes   = 32
	// numpyIntBoxBytes is a NumPy integer scalar's (a list of np.sum of int64 slices holds
	// 32 B an element with its slot)
	numpyIntBoxBytes = 24
	complexBoxBytes  = 32
	tupleHeadBytes   = 40
	tupleSlotBytes   = 8
	// coercionCacheBytes is what np.array of a nested list or tuple holds per inner sequence
	// while it fills its result (NumPy 2.4: 32 B for 2-, 3- and 4-tuples and lists alike).
	coercionCacheBytes = 32
	// zipRowBytes is what zip(*rows) holds per row while it runs (unzip).
	zipRowBytes = 64
)

// isArrayList reports whether v, a list or tuple, holds arrays (np.array of a list of arrays
// stacks them: no inner sequences to cache).
func isArrayList(v value) bool {
	var elts []value
	switch v := v.(type) {
	case vList:
		elts = v.l.elts
	case vTuple:
		elts = v.elts
	}
	for _, e := range elts {
		if o, ok := isArray(e); ok && o.stands == 0 {
			return true
		}
	}
	return false
}

// boxBytes returns the bytes of the Python objects v is, apart from arrays' data: a number's
// box, a tuple with its elements' boxes. ok is false for values whose objects are not followed
// (strings, arrays, containers, values of unknown type): they add nothing here.
func boxBytes(v value, depth int) (int64, bool) {
	switch v := v.(type) {
	case vFloat:
		if v.complex {
			return complexBoxBytes, true
		}
		return floatBoxBytes, true
	case vInt:
		if v.dt.Known() {
			return numpyIntBoxBytes, true // np.int64(…), np.sum of an int array
		}
		if v.known && v.n >= -5 && v.n <= 256 {
			return 0, true // CPython's small ints are shared
		}
		return intBoxBytes, true
	case vTuple:
		if depth > 2 {
			return 0, false
		}
		n := int64(tupleHeadBytes + tupleSlotBytes*len(v.elts))
		for _, e := range v.elts {
			if _, isArr := isArray(e); isArr {
				continue // the array's data is counted as an array
			}
			b, ok := boxBytes(e, depth+1)
			if !ok {
				return 0, false
			}
			n += b
		}
		return n, true
	}
	return 0, false
}

// holdObjects adds to l the Python objects of v, an element it now holds inside a loop or
// comprehension the run extrapolates (longLoops): its slot and boxes grow the list's object
// buffer (one uint8 array per list, reallocated as it grows, so the heap holds them under the
// list's name). Values whose objects are not followed add nothing, and neither do the elements
// of short lists (a few dozen bytes that would only blur exact figures).
func (s *Interp) holdObjects(l *pyList, v value, at ast.Node) {
	if s.longLoops == 0 {
		return // a list a short loop or a display makes: its few objects are not followed
	}
	b, ok := boxBytes(v, 0)
	if !ok {
		return
	}
	s.growObjects(l, listSlotBytes+b, at)
}

// growObjects grows l's object buffer by n bytes: the old buffer goes before the new one is
// made (CPython grows a list's objects one at a time, never twice over).
func (s *Interp) growObjects(l *pyList, n int64, at ast.Node) {
	if n <= 0 {
		return
	}
	total := n
	if l.objects != nil {
		if held, ok := l.objects.nbytes(); ok {
			total += held
		}
		old := l.objects
		l.objects = nil
		s.decref(vArray{old})
	}
	label := "the list's Python objects"
	if l.owner != "" {
		label = "`" + l.owner + "`'s Python objects"
	}
	l.objects = s.newArray(intShape(total), npapi.Uint8, label, at, false).o
	if l.owner != "" {
		s.h.Bound(s, l.objects, l.owner+"[…]")
	}
	s.objectsGrew = l
}

// dropObjects releases l's object buffer (the list died or was cleared).
func (s *Interp) dropObjects(l *pyList) {
	if l.objects != nil {
		o := l.objects
		l.objects = nil
		s.decref(vArray{o})
	}
}

// scalarStand returns the shape and dtype of the stand-in for a list's extrapolated elements
// when the last element is a number (a 0-d float64 or int64, so that np.array of the list is
// as long as the loop that grew it), and false otherwise (elementStand takes tuples too).
func scalarStand(last value) (Shape, npapi.DType, bool) {
	switch v := last.(type) {
	case vFloat:
		if v.complex {
			return knownShape(), npapi.Complex128, true
		}
		return knownShape(), npapi.Float64, true
	case vInt:
		return knownShape(), npapi.Int64, true
	case vArray:
		if v.o.stands > 0 && v.o.shape.Known && len(v.o.shape.Dims) == 0 {
			return v.o.shape, v.o.dt, true
		}
	}
	return Shape{}, npapi.NoDType, false
}

// isPointList reports whether v is a list of numbers of known length (pointList).
func isPointList(v value) bool {
	_, ok := pointList(v)
	return ok
}

// elementStand is scalarStand, and for a tuple of k numbers or a list of k numbers a stand-in
// of shape (k,) in their dtype (np.array of a list of (x, y) pairs is (n, 2), of a list of rows
// (n, k)).
func elementStand(last value) (Shape, npapi.DType, bool) {
	if l, ok := last.(vList); ok {
		// a list of numbers (a row a function built): a stand-in of its length
		n, ok := pointList(l)
		if !ok {
			return Shape{}, npapi.NoDType, false
		}
		_, dt, _ := scalarStand(l.l.elts[0])
		return intShape(n), dt, true
	}
	t, ok := last.(vTuple)
	if !ok {
		return scalarStand(last)
	}
	if len(t.elts) == 0 {
		return Shape{}, npapi.NoDType, false
	}
	dt := npapi.NoDType
	for _, e := range t.elts {
		sh, d, ok := scalarStand(e)
		if !ok || len(sh.Dims) != 0 {
			return Shape{}, npapi.NoDType, false
		}
		if dt == npapi.NoDType {
			dt = d
		} else {
			dt = npapi.Promote(dt, d)
		}
	}
	return intShape(int64(len(t.elts))), dt, true
}

// pointList returns the number of points a list of numbers holds (extrapolated elements
// included), for a plot given it: false when an element is not a number.
func pointList(v value) (int64, bool) {
	l, ok := v.(vList)
	if !ok || len(l.l.elts) == 0 {
		return 0, false
	}
	for _, e := range l.l.elts {
		if _, _, ok := scalarStand(e); !ok {
			return 0, false
		}
	}
	return l.l.length(), true
}

// unzip is zip(*pairs) of a list of tuples of k numbers (x_coords, y_coords = zip(*positions)):
// k tuples as long as the list, the i-th holding the tuples' i-th numbers. They share the
// numbers' boxes with the tuples, so each holds only its header and slots (40 + 8n bytes: a
// list here, which may stand for the elements a loop appended). ok is false for any other zip.
func (s *Interp) unzip(e *ast.Call, c *call) (value, bool) {
	if len(e.Args) != 1 || len(e.Keywords) != 0 || c.spread != 1 || len(c.args) != 1 {
		return nil, false
	}
	if _, ok := e.Args[0].(*ast.Starred); !ok {
		return nil, false
	}
	src, ok := c.args[0].(vList)
	if !ok || len(src.l.elts) == 0 {
		return nil, false
	}
	k := -1
	var stand *Obj
	var rows []vTuple
	for _, el := range src.l.elts {
		switch el := el.(type) {
		case vTuple:
			if k >= 0 && len(el.elts) != k {
				return nil, false
			}
			k = len(el.elts)
			for _, x := range el.elts {
				if _, isArr := isArray(x); isArr {
					return nil, false
				}
				if sh, _, ok := scalarStand(x); !ok || len(sh.Dims) != 0 {
					return nil, false
				}
			}
			rows = append(rows, el)
		case vArray:
			sh, dt := el.o.shape, el.o.dt
			if el.o.stands <= 0 || stand != nil || !sh.Known || len(sh.Dims) != 1 || !sh.Dims[0].Known || !dt.Known() {
				return nil, false
			}
			stand = el.o
		default:
			return nil, false
		}
	}
	if k <= 0 || stand != nil && stand.shape.Dims[0].N != int64(k) {
		return nil, false
	}
	n := src.l.length()
	// while it runs, zip holds the tuple of its n arguments, its own tuple of their n
	// iterators, and the iterators (48 B each): 64 B a row (CPython 3.11, tracemalloc)
	tmp := s.temporaries(zipRowBytes*n, s.text(e))
	out := make([]value, k)
	for i := range k {
		l := &pyList{refs: 1}
		for _, r := range rows {
			incref(r.elts[i])
			l.elts = append(l.elts, r.elts[i])
		}
		if stand != nil {
			// the rest of the column: numbers already counted with the tuples
			l.elts = append(l.elts, vArray{&Obj{refs: 1, shape: knownShape(), dt: stand.dt, stands: stand.stands}})
		}
		s.growObjects(l, tupleHeadBytes+tupleSlotBytes*n, e)
		out[i] = vList{l}
	}
	s.decref(tmp)
	return vTuple{out}, true
}

// numberOfList is min or max of one list of numbers whose values are not all known (a loop's,
// standing for the elements it appended): a number of the elements' kind, its value unknown.
func numberOfList(c *call) (value, bool) {
	if len(c.args) != 1 || len(c.kw) != 0 {
		return nil, false
	}
	l, ok := c.args[0].(vList)
	if !ok {
		return nil, false
	}
	if _, ok := pointList(l); !ok {
		return nil, false
	}
	_, dt, _ := scalarStand(l.l.elts[0])
	switch {
	case dt.IsInteger():
		return vInt{}, true
	case dt.Kind() == 'c':
		return vFloat{complex: true}, true
	}
	return vFloat{}, true
}
