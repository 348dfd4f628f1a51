package absint

import (
	"github.com/arraylint/arraylint/arraymodel/bindings"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
	"strconv"
)

// This file defines the abstract values the simulation computes for Python expressions.

// value is one abstract Python value. Values that hold arrays (vArray, vTuple, vList) carry
// references that the simulation counts, as CPython does.
type value interface{}

type (
	// vInt is a Python int (or bool); known is false when the value is not a constant.
	vInt struct {
		n     int64
		known bool
		// sym is, when the value is not known, the polynomial in the program's symbols it
		// equals (a parameter n, 2*n + 1), or nil.
		sym *npapi.Poly
		// data: a length that comes from the data the code is given (provenance.go).
		data bool
		// form is, when the value is known, the polynomial in the program's bound symbols it
		// was computed from (n*n + 1 with n an argparse default), or nil: a constant, or a
		// value computed where forms are not carried (npapi.Dim.Form).
		form *npapi.Poly
		// dt is a NumPy integer scalar's dtype (np.int64(3)); NoDType for a Python int.
		dt npapi.DType
		// strong: a NumPy scalar that promotes by its dtype dt (NumPy 2, NEP 50) rather than as
		// a weak Python int.
		strong bool
		// boolean: the constant True or False (an int to arithmetic; a list of them makes a
		// bool array: np.array([True, False]))
		boolean bool
	}
	// vFloat is a float or complex scalar: a Python one, or a NumPy scalar of dtype dt (x.sum()
	// of a float32 array). A real one's value f is tracked when known (a constant, arithmetic
	// on constants: 1./N, width/cellsize), so that it can become a size (int(xn),
	// np.arange(0, 1, 0.1)); a complex one's is when it is purely imaginary, f its imaginary
	// part (5j, a number of points in np.mgrid[0:1:5j]).
	vFloat struct {
		complex bool
		dt      npapi.DType // NoDType for a Python float or complex
		f       float64
		known   bool
		// strong: a NumPy scalar that promotes by its dtype dt (NumPy 2, NEP 50: a float32
		// array times np.float64(2.0) is float64) rather than as a weak Python float.
		strong bool
	}
	// vStr is a str: a constant s, or text known only at run time (unknown: an f-string).
	vStr struct {
		s       string
		unknown bool
	}
	// vNone is None.
	vNone struct{}
	// vTuple is a tuple; its elements hold their references.
	vTuple struct{ elts []value }
	// vList is a list object shared by every name bound to it.
	vList struct{ l *pyList }
	// vDict is a dict or set: it holds references to its values (kept in l, in no order a
	// program can read: indexing and iterating it give unknown values).
	vDict struct{ l *pyList }
	// vDType is a dtype object such as np.float32.
	vDType struct{ dt npapi.DType }
	// vModule is a member of an array library: a module or a function (np, np.random, np.zeros).
	vModule struct{ ref imports.Ref }
	// vFunc is a function defined in the analysed file (a lambda as a def whose body returns
	// its expression); env is the frame of the function it was defined in, whose names it
	// reads while that frame runs (nil at module level).
	vFunc struct {
		def *ast.FunctionDef
		env *frame
		// mod is the project module whose code made it (a nested function, a lambda), nil
		// when the analysed file's or when run.defs knows it (projectmod.go)
		mod *projModule
	}
	// vRNG is a random generator object (np.random.default_rng(), jax.random.key()).
	vRNG struct {
		jax     bool
		backend imports.Backend // the library whose arrays it draws
	}
	// vMethod is a bound method of an array or generator, e.g. a.astype.
	vMethod struct {
		recv value
		name string
	}
	// vAt is jax's x.at or x.at[idx]: an updater that returns a new array.
	vAt struct{ arr value }
	// vArray is a reference to an ndarray object.
	vArray struct{ o *Obj }
	// vUnknown is anything the interpreter does not model. sym is set on a parameter of unknown
	// type (or arithmetic on one): if it is used as a size, the size is that polynomial. from
	// is set on the result of a call the interpreter does not model and took to return no array
	// because it was given no array and nothing of unknown type (draw.ellipse(200, 300, …)),
	// and on what is unpacked or indexed out of it: used as an array later, it is listed then
	// (usedAsArray).
	vUnknown struct {
		sym  *npapi.Poly
		from *madeBy
	}
	// vLocal is a Python container the code builds itself (a comprehension), of unknown
	// content: not an input (provenance.go).
	vLocal struct{}
	// vShapeOf is the shape tuple of an input of unknown rank (x.shape; of is x's text):
	// its items are lengths (provenance.go).
	vShapeOf struct{ of string }
	// vSlice is a slice object (`slice(1, -1)`, or the bounds of `a[1:-1]` as values): each
	// of lo, hi and step a value, nil when absent; it holds no array.
	vSlice struct{ lo, hi, step value }
	// vNamespace is what an argparse parser's parse_args() returns: its attributes are the
	// options' values (their defaults, or the command line's: nsAttrs.opts) and what the
	// program stores on it.
	vNamespace struct{ set *nsAttrs }
)

// madeBy is the call a vUnknown came from, as the run saw it where it was made (its line in the
// analysed file and its text, which a module of the project it ran in would not give later).
// data is set when a number the call was given is a size from the data (f(len(x))): what it
// returns may then scale with the data (provenance.go). plot is set when the call made a
// matplotlib object (plt.subplots(), plt.figure(), fig.add_subplot(…), or a call of a method of
// one): its methods keep the arrays they are given (Interp.plots).
type madeBy struct {
	line     int
	expr, fn string
	data     bool
	plot     bool
	// axes3d is set on a matplotlib object made with projection="3d" (add_subplot, axes,
	// subplots' subplot_kw are not followed): its plot takes x, y and z (plotKeeps).
	axes3d bool
	// axes is the number of axes of the figure plt.subplots(nrows, ncols) made, when known
	// (0 otherwise): its first plot counts the figure with that many (figureBytesOf).
	axes int64
}

// nsAttrs are the attributes a program stores on its parsed command line (`args.size =
// [eval(i) for i in args.size.split("*")]`): numbers, strings and containers of them, which later
// reads take over the options' defaults.
type nsAttrs struct {
	m map[string]value
	// opts are the values of the options of the parser that made the namespace (its file's
	// argparse: the program may read them in another file), and lines the lines of their
	// declarations as that file's run places them.
	opts  map[string]bindings.Binding
	lines map[string]int
}

// pyList is a Python list; it owns one reference to each element.
type pyList struct {
	refs  int
	elts  []value
	owner string // name it was first bound to, for growth reports
	// objects is the buffer that holds the Python objects of the list's elements (numbers,
	// tuples of numbers: pyobjects.go), nil when it holds none.
	objects *Obj
	// keys, for a dict whose keys the code spells (`{"H": m}`, `d["U"] = u`), holds the key
	// of each element of elts ("" for a key not known); nil for a list, a set, or a dict whose
	// keys are not followed.
	keys []string
}

// keyed reports whether l is a dict whose elements carry their keys.
func (l *pyList) keyed() bool { return l.keys != nil && len(l.keys) == len(l.elts) }

// lookup returns the element of a keyed dict stored under the constant key k. ok is false when
// k is not found or an element's key is not known (it may be k).
func (l *pyList) lookup(k string) (value, bool) {
	if !l.keyed() {
		return nil, false
	}
	found := -1
	for i, key := range l.keys {
		switch key {
		case "":
			return nil, false
		case k:
			found = i
		}
	}
	if found < 0 {
		return nil, false
	}
	return l.elts[found], true
}

// remove drops the element a keyed dict holds under key (`del d["k"]`, or before a store under
// it); nothing for a key not known or a dict whose keys are not followed.
func (l *pyList) remove(s *Interp, key string) {
	if key == "" || !l.keyed() {
		return
	}
	for i, k := range l.keys {
		if k == key {
			old := l.elts[i]
			l.elts = append(l.elts[:i:i], l.elts[i+1:]...)
			l.keys = append(l.keys[:i:i], l.keys[i+1:]...)
			s.decref(old)
			return
		}
	}
}

// dictConstant reports whether v is a constant a keyed dict keeps for its lookups: a dtype, a
// known number, a known str. It holds no reference.
func dictConstant(v value) bool {
	switch v := v.(type) {
	case vDType:
		return true
	case vInt:
		return v.known
	case vFloat:
		return v.known
	case vStr:
		return !v.unknown
	}
	return false
}

// dictKey is the key a dict stores a constant under: a known str or int, "" for any other.
func dictKey(v value) string {
	switch v := v.(type) {
	case vStr:
		if !v.unknown {
			return "s:" + v.s
		}
	case vInt:
		if v.known && v.sym == nil {
			return "i:" + strconv.FormatInt(v.n, 10)
		}
	}
	return ""
}

// keepKeyed is keep for a dict's element stored under key ("" when not known): a value that
// holds no array is dropped, and with it any earlier element of the same key — except a
// constant under a known key (a dtype, a known number or text: `types = {"float": np.float32}`,
// `params = {"n": 1000}`), which a later d["k"] reads back.
func (l *pyList) keepKeyed(s *Interp, key string, v value) {
	l.remove(s, key)
	if !holdsArrays(v, 0) && (key == "" || !l.keyed() || !dictConstant(v)) {
		s.decref(v)
		return
	}
	l.elts = append(l.elts, v)
	if l.keys != nil {
		l.keys = append(l.keys, key)
	}
}

// Obj is an ndarray object: a shape and dtype over data it owns, or a view that keeps its base
// alive. Data is the heap client's record of the data (Heap.Allocate), shared by the views.
type Obj struct {
	refs  int
	shape Shape
	dt    npapi.DType
	base  *Obj     // non-nil for a view
	label string   // source text of the expression that made it
	line  int      // line that made it
	node  ast.Expr // the expression that made it, when there is one
	// elementwise is set on a temporary made by an elementwise operation (jit fusion).
	elementwise bool
	// fused is set on an array made inside an XLA program that has no buffer yet (xla.go);
	// reductions counts the reductions that read it while fused.
	fused      bool
	reductions int
	// deps are, for a fused array, the buffers its fusion reads when it runs (held until then).
	deps []*Obj
	// product is set on the result of a matmul, dot or einsum (a grad's forward keeps the
	// activations computed from one: xla.go).
	product bool
	// lo, hi: for a 1-D slice view (sliced), the element range [lo, hi) of the data it covers.
	lo, hi int64
	sliced bool
	// viewOfCopy is set on an array that does not own the data it holds (npapi.Out.ViewOfCopy):
	// NumPy does not reuse it as a temporary.
	viewOfCopy bool
	// cview is set on a basic-index view that is C-contiguous when its base is (a[i], a[1:-1]).
	cview bool
	// atMost bounds the elements of an array whose size the values decide (np.unique of a known
	// size: npapi.Out.Bound); 0 when there is no bound.
	atMost int64
	// strided is set on a view that is not C-contiguous whatever its base is: a transpose (x.T,
	// np.transpose, swapaxes, moveaxis) or a slice with a step (x[::2]); permuted on one whose
	// axes a table row permuted (npapi.Result.Strided: np.transpose, swapaxes, moveaxis).
	strided, permuted bool
	// stands is set on the stand-in for extrapolated list elements: how many elements of the
	// element array (shape, dt) its data accounts for.
	stands int64
	// backend is the library the array belongs to (imports.Unknown when not known).
	backend imports.Backend
	// sparse is set on a scipy.sparse matrix: shape and dt are its dense shape and its data's
	// dtype, and its bytes are its storage's (sparse.go).
	sparse *npapi.Sparse
	// origin says where the data came from (Fresh, Param, External, View).
	origin Origin
	// data: the array's size comes from the data the code is given where its shape does not
	// say so (provenance.go).
	data bool
	// joined holds, for an array that is one array on one path and another on another
	// (explore mode), those two.
	joined []*Obj
	// Data is the heap's record of the array's data (nil with NoHeap).
	Data any
}

// shapeOf names the input whose shape o has when its rank is not known: the shape's Of, or the
// input itself (a parameter, a load) by its text; "" when neither.
func (o *Obj) shapeOf() string {
	if o.shape.Of != "" {
		return o.shape.Of
	}
	if o.base == nil && (o.origin == Param || o.origin == External) && o.label != "" {
		return o.label
	}
	return ""
}

// ShapeOf names the input whose shape an array of unknown rank has (Shape.Of), or "".
func (o *Obj) ShapeOf() string {
	if o.shape.Known {
		return ""
	}
	return o.shapeOf()
}

// Joined returns, for an array that stands for one array on one path and another on another
// (ExploreAllPaths), those two; nil otherwise.
func (o *Obj) Joined() []*Obj { return o.joined }

// Origin says where an array's data came from.
type Origin uint8

// The origins.
const (
	// External is data the program does not create itself: a file load, an unknown function's
	// result, a module attribute. Its dtype is not the program's choice.
	External Origin = iota
	// Fresh is an array this code allocates: a constructor, random sampling, an operator, a copy.
	Fresh
	// Param is an array received as a parameter (annotated as an array).
	Param
	// View is a view (slice, reshape, transpose) of another array.
	View
)

var originNames = [...]string{"external", "fresh", "param", "view"}

// String returns "external", "fresh", "param" or "view".
func (o Origin) String() string { return originNames[o] }

// Backend returns the library the array belongs to (imports.Unknown when not known).
func (o *Obj) Backend() imports.Backend { return o.backend }

// Origin returns where the array's data came from.
func (o *Obj) Origin() Origin { return o.origin }

// Shape returns the array's shape.
func (o *Obj) Shape() Shape { return o.shape }

// DType returns the array's dtype (NoDType when unknown).
func (o *Obj) DType() npapi.DType { return o.dt }

// Base returns the array a view keeps alive (nil for an owner).
func (o *Obj) Base() *Obj { return o.base }

// Label returns the source text of the expression that made the array.
func (o *Obj) Label() string { return o.label }

// Line returns the line that made the array.
func (o *Obj) Line() int { return o.line }

// Node returns the expression that made the array (nil when there is none).
func (o *Obj) Node() ast.Expr { return o.node }

// Range returns the element range [lo, hi) of its base a 1-D slice view covers (sliced).
func (o *Obj) Range() (lo, hi int64, sliced bool) { return o.lo, o.hi, o.sliced }

// Stands returns, for the stand-in of a loop's extrapolated list elements, how many elements
// it accounts for (0 otherwise).
func (o *Obj) Stands() int64 { return o.stands }

// AtMost returns the bound on the elements of an array whose size the values decide (np.unique
// of an array of known size), or 0 when it has none.
func (o *Obj) AtMost() int64 { return o.atMost }

// NBytes returns the array's size in bytes and whether it is known.
func (o *Obj) NBytes() (int64, bool) { return o.nbytes() }

// Value is an abstract Python value (see value).
type Value = value

// ArrayOf returns the array v holds, if it is one.
func ArrayOf(v Value) (*Obj, bool) { return isArray(v) }

// ScalarDType returns the dtype a scalar value promotes as: a Python number's weak dtype, or a
// NumPy scalar's own dtype under NumPy 2's promotion.
func ScalarDType(v Value) (npapi.DType, bool) { return scalarDType(v) }

// nbytes returns the array's size in bytes and whether it is known.
func (o *Obj) nbytes() (int64, bool) {
	if o.sparse != nil {
		return o.sparse.Bytes, o.sparse.Known
	}
	n, ok := o.shape.Size()
	if !ok || !o.dt.Known() {
		return 0, false
	}
	return npapi.NBytes(n, o.dt), true
}

// knownFloat returns the known real float x.
func knownFloat(x float64) value { return vFloat{f: x, known: true} }

// floatValue returns the value of a known real number: a known int or float.
func floatValue(v value) (float64, bool) {
	switch v := v.(type) {
	case vInt:
		return float64(v.n), v.known
	case vFloat:
		return v.f, v.known && !v.complex
	}
	return 0, false
}

func intValue(v value) (int64, bool) {
	switch v := v.(type) {
	case vInt:
		return v.n, v.known
	}
	return 0, false
}

func isArray(v value) (*Obj, bool) {
	a, ok := v.(vArray)
	if !ok || a.o == nil {
		return nil, false
	}
	return a.o, true
}

// scalarDType returns the dtype a scalar operand takes part in promotion with: a Python
// number's weak dtype; a NumPy scalar's own dtype when it is strong (NumPy 2, NEP 50), else the
// weak dtype too (NumPy 1.x casts by value: a float64 scalar times a float32 array is float32).
func scalarDType(v value) (npapi.DType, bool) {
	switch v := v.(type) {
	case vInt:
		if v.strong && v.dt != npapi.NoDType {
			return v.dt, true
		}
		if v.boolean {
			return npapi.Bool, true // True and False are NumPy bools: np.where(c, True, False) is bool
		}
		return npapi.WeakInt, true
	case vFloat:
		if v.strong && v.dt != npapi.NoDType {
			return v.dt, true
		}
		if v.complex {
			return npapi.WeakComplex, true
		}
		return npapi.WeakFloat, true
	}
	return npapi.NoDType, false
}

// length returns the number of elements a list stands for, extrapolated elements included.
func (l *pyList) length() int64 {
	n := int64(len(l.elts))
	for _, e := range l.elts {
		if o, ok := isArray(e); ok && o.stands > 0 {
			n += o.stands - 1
		}
	}
	return n
}

// smallInts holds the values of the known ints -1 to 1024, made once: a value is an interface,
// and a literal's int would otherwise be allocated each time it is evaluated.
var smallInts = func() [1026]value {
	var out [1026]value
	for i := range out {
		out[i] = vInt{n: int64(i) - 1, known: true}
	}
	return out
}()

// knownInt returns the value of the known int n.
// formed is v with the form of the bound symbol name, when v is a known int (the value a run
// takes for name from outside the program); anything else is returned as it is.
func formed(v value, name string) value {
	if i, ok := v.(vInt); ok && i.known {
		i.form = npapi.Var(name)
		return i
	}
	return v
}

// formOf is the form of a known int: its polynomial, or its value as a constant.
func formOf(i vInt) *npapi.Poly {
	if i.form != nil {
		return i.form
	}
	return npapi.Const(i.n)
}

func knownInt(n int64) value {
	if n >= -1 && n <= 1024 {
		return smallInts[n+1]
	}
	return vInt{n: n, known: true}
}

// keep adds v, which the caller owns, to a dict's or set's values when it holds an array, and
// drops it otherwise: what a dict keeps alive is all the interpreter needs of it, and dicts of
// plain values (a module's tables of strings) would be copied at every fork.
func (l *pyList) keep(s *Interp, v value) {
	if holdsArrays(v, 0) {
		l.elts = append(l.elts, v)
		return
	}
	s.decref(v)
}

// holdsArrays reports whether v is or holds an array (a few containers deep).
func holdsArrays(v value, depth int) bool {
	if depth > 4 {
		return false
	}
	switch v := v.(type) {
	case vArray:
		return true
	case vTuple:
		for _, e := range v.elts {
			if holdsArrays(e, depth+1) {
				return true
			}
		}
	case vList:
		for _, e := range v.l.elts {
			if holdsArrays(e, depth+1) {
				return true
			}
		}
	case vDict:
		for _, e := range v.l.elts {
			if holdsArrays(e, depth+1) {
				return true
			}
		}
	case vInstance:
		for _, e := range v.o.attrs {
			if holdsArrays(e, depth+1) {
				return true
			}
		}
	case vBound:
		return holdsArrays(v.self, depth+1)
	}
	return false
}
