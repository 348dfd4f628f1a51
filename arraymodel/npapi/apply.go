package npapi

import "slices"

// This file defines Apply, the one entry to the table's shape and dtype rules: it dispatches a
// row's shape rule to its implementation (shapeFuncs, merged from the group files' tables), then
// applies the dtype rule, the effect and the temporaries.

// Apply gives the result of calling f, a row with a shape rule, with the arguments c. ok is false
// when the call is outside what the rule models (an argument that is not an array where one is
// needed, an unsupported mode or keyword): the caller then reports the call as unknown.
func Apply(f *Func, c *Call) (Result, bool) {
	if f.Rule == ShapeNone {
		return Result{}, false
	}
	r, ok := f.shapes(c)
	if !ok {
		return Result{}, false
	}
	in := firstArray(c)
	base := in.DType
	if f.Kind == Ufunc {
		base = f.promote(c) // a ufunc's rule applies to its inputs' promotion
	}
	r.Scalar = f.resultDType(c, base, f.DTRule)
	given, hasGiven := f.givenDType(c)
	for i := range r.Outs {
		o := &r.Outs[i]
		switch {
		case hasGiven && len(r.Outs) == 1:
			o.DType = given
		case o.real:
			o.DType = f.resultDType(c, base, DTReal)
		case !o.fixed:
			o.DType = f.resultDType(c, base, f.DTRule).Default()
		}
		if !o.DType.Known() {
			o.DType = NoDType
		}
		o.View = (o.View || f.Effect == AsView) && !r.copied
	}
	r.TempBytes += f.tempBytes(f.TempsFor(c.NumPy), in, r, axisUse(f, c, in))
	return r, true
}

// promote returns the promotion of the row's inputs. ufunc.outer makes arrays of its operands
// first, so under NumPy 2 a Python scalar there is a strong 0-d array of its default dtype
// (np.multiply.outer(a_float32, 2.0) is float64).
func (f *Func) promote(c *Call) DType {
	if f.Rule != ShapeUfuncOuter || c.NumPy != NumPy2 {
		return promoteInputs(c, f.Nin)
	}
	strong := *c
	strong.Args = slices.Clone(c.Args)
	for i, a := range strong.Args {
		if a.Kind == ArgScalar {
			strong.Args[i].DType = a.DType.Default()
		}
	}
	return promoteInputs(&strong, f.Nin)
}

// promoteInputs returns NumPy's promotion of the first n arguments, or of all but the strings
// when n is 0 (einsum's operands); None is skipped, and weak Python scalars stay weak when every
// input is one.
func promoteInputs(c *Call, n int) DType {
	dt, first := NoDType, true
	if n == 0 {
		n = len(c.Args)
	}
	for i := 0; i < n && i < len(c.Args); i++ {
		a := c.Args[i]
		switch {
		case a.Kind == ArgNone, a.Kind == ArgStr:
			continue
		case a.Kind != ArgArray && a.Kind != ArgScalar:
			return NoDType
		case first:
			dt, first = a.DType, false
		default:
			dt = Promote(dt, a.DType)
		}
	}
	return dt
}

// axisUse says how a call passes its axis argument: missing or None, the last axis, or another.
func axisUse(f *Func, c *Call, in Arg) AxisUse {
	ax := c.Arg(f.AxisArg, "axis")
	switch ax.Kind {
	case ArgMissing, ArgNone:
		return NoAxis
	case ArgScalar:
		if ax.Known && in.Shape != nil && (ax.N == -1 || ax.N == int64(len(in.Shape))-1) {
			return LastAxis
		}
	}
	return OtherAxis
}

// firstArray returns the call's first argument (positional, or the usual keyword names).
func firstArray(c *Call) Arg {
	if len(c.Args) > 0 {
		return c.Args[0]
	}
	for _, k := range []string{"a", "x", "m", "ar", "arr", "ar1", "element"} {
		if a, ok := c.Kw[k]; ok {
			return a
		}
	}
	return Arg{}
}

// givenDType returns the dtype= argument (NoDType when it is not a dtype the table knows), and
// false when there is none. By keyword it always counts; by position only where the row says.
func (f *Func) givenDType(c *Call) (DType, bool) {
	pos := -1
	if f.DTypeKw {
		pos = f.DTypeArg
	}
	switch d := c.Arg(pos, "dtype"); d.Kind {
	case ArgDType:
		return d.DType, true
	case ArgStr:
		dt, _ := ParseDType(d.Str) // dtype="f4"
		return dt, true
	case ArgMissing, ArgNone:
		return NoDType, false
	}
	return NoDType, true
}

// resultDType applies the row's dtype rule (rule) for an input of dtype in.
func (f *Func) resultDType(c *Call, in DType, rule DTypeRule) DType {
	if d, ok := f.givenDType(c); ok {
		return d
	}
	float := c.Float
	if float == NoDType {
		float = Float64
	}
	switch rule {
	case DTSame:
		return in
	case DTPromote:
		// the first Nin arguments; all of them (strings skipped) when Nin is 0 (einsum)
		dt := f.promote(c)
		if !dt.Default().Known() {
			return NoDType
		}
		return dt.Default()
	case DTBool:
		return Bool
	case DTIndex:
		return Int64
	case DTFloat:
		if in.IsInteger() || in.Kind() == 'b' {
			return float
		}
		return in
	case DTFloat64:
		if in.Kind() == 'c' {
			return Complex128
		}
		if in == NoDType {
			return NoDType
		}
		return Float64
	case DTComplex:
		switch {
		case in == NoDType:
			return NoDType
		case f.Double1 && c.NumPy == NumPy1:
			return Complex128
		}
		switch in {
		case Float16, BFloat16, Float32, Complex64:
			return Complex64
		}
		return Complex128
	case DTReal:
		if f.Double1 && c.NumPy == NumPy1 && in != NoDType {
			return float
		}
		switch in {
		case Complex64:
			return Float32
		case Complex128:
			return Float64
		}
		if in.IsInteger() || in.Kind() == 'b' {
			return float
		}
		return in
	case DTFixed:
		if f.DType == Float64 {
			return float
		}
		return f.DType
	case DTValues:
		return NoDType
	case DTFill:
		switch v := c.Arg(1, "fill_value"); v.Kind {
		case ArgScalar, ArgArray:
			if v.DType.Default().Known() {
				return v.DType.Default()
			}
		}
		return NoDType
	case DTSum:
		if in == Bool || (in.IsInteger() && in.ItemSize() < 8) {
			if in.Kind() == 'u' {
				return Uint64
			}
			return Int64
		}
		return in
	}
	return NoDType
}

// RuleDType returns the dtype the row's dtype rule gives for an input of dtype in (with NumPy's
// default float; no dtype= argument).
func (f *Func) RuleDType(in DType) DType { return f.resultDType(&Call{}, in, f.DTRule) }

// TempBytes returns the size of the row's temporaries for an input array of shape and dtype in,
// a result of shape out and dtype dt (out nil for a scalar), and a reduction's axis use.
func (f *Func) TempBytes(in []Dim, inDType DType, out []Dim, dt DType, axis AxisUse) int64 {
	return f.TempBytesUnder(NumPy2, in, inDType, out, dt, axis)
}

// TempBytesUnder is TempBytes with the temporaries of NumPy version v.
func (f *Func) TempBytesUnder(v NumPyVersion, in []Dim, inDType DType, out []Dim, dt DType, axis AxisUse) int64 {
	r := Result{Scalar: dt}
	if out != nil {
		r.Outs = []Out{{Shape: out, DType: dt}}
	}
	return f.tempBytes(f.TempsFor(v), Arg{Kind: ArgArray, Shape: in, DType: inDType}, r, axis)
}

// TempsFor returns the row's temporaries under NumPy version v.
func (f *Func) TempsFor(v NumPyVersion) []Temp {
	if v == NumPy1 && f.Temps1 != nil {
		return f.Temps1
	}
	return f.Temps
}

// tempBytes sizes the row's temporaries against the input and the first result.
func (f *Func) tempBytes(ts []Temp, in Arg, r Result, axis AxisUse) int64 {
	var total float64
	for _, t := range ts {
		var n int64
		var ok bool
		item := t.Item
		switch t.Of {
		case OfInput:
			n, ok = Size(in.Shape)
		case OfRealInput:
			if in.DType.Kind() != 'c' {
				n, ok = Size(in.Shape)
			}
		case OfInputAxis, OfInputNotLast:
			if axis == OtherAxis || (axis == LastAxis && t.Of == OfInputAxis) {
				n, ok = Size(in.Shape)
			}
		case OfResult:
			if len(r.Outs) > 0 {
				n, ok = Size(r.Outs[0].Shape)
			}
		}
		switch item {
		case itemOwn:
			if t.Of != OfResult {
				item = in.DType.ItemSize()
			} else if len(r.Outs) > 0 {
				item = r.Outs[0].DType.ItemSize()
			}
		case itemResult:
			dt := r.Scalar
			if len(r.Outs) > 0 {
				dt = r.Outs[0].DType
			}
			item = dt.ItemSize()
		}
		if !ok || (t.Of != OfResult && in.Kind != ArgArray) {
			continue
		}
		total += t.Elems * float64(n) * float64(item)
	}
	return int64(total)
}

// one returns a result of one array of shape s (dtype from the rule).
func one(s []Dim) Result { return Result{Outs: []Out{{Shape: s}}} }

// scalar returns a scalar result (dtype from the rule).
func scalar() Result { return Result{} }

// intArg returns an integer argument's value, def when it is missing or None, and false when it
// is given but not a known integer.
func intArg(a Arg, def int64) (int64, bool) {
	switch a.Kind {
	case ArgMissing, ArgNone:
		return def, true
	case ArgScalar:
		if a.Known {
			return a.N, true
		}
	}
	return 0, false
}

// boolArg returns a bool argument's value (def when missing), false when it is not a constant.
func boolArg(a Arg, def bool) (bool, bool) {
	switch a.Kind {
	case ArgMissing:
		return def, true
	case ArgScalar:
		if a.Known {
			return a.N != 0, true
		}
	}
	return false, false
}

// strArg returns a string argument (def when missing).
func strArg(a Arg, def string) (string, bool) {
	switch a.Kind {
	case ArgMissing, ArgNone:
		return def, true
	case ArgStr:
		return a.Str, true
	}
	return "", false
}

// only reports that no keyword outside allowed is given.
func only(c *Call, allowed ...string) bool {
	for k := range c.Kw {
		ok := false
		for _, a := range allowed {
			ok = ok || a == k
		}
		if !ok {
			return false
		}
	}
	return true
}

// shapeFunc is the implementation of a shape rule: the result of calling f, a row with that
// rule, with the arguments c, and false when the call is outside what the rule models.
type shapeFunc func(f *Func, c *Call) (Result, bool)

// shapeRules maps the shape rules of a group file to their implementations.
type shapeRules map[ShapeRule]shapeFunc

// shapeFuncs are the implementations of every shape rule, indexed by rule: the groups' tables
// merged.
var shapeFuncs = mergeRules(generalShapes, creationShapes, elementwiseShapes, reductionsShapes,
	linalgShapes, fftShapes, manipulationShapes, joinsShapes, indexingShapes, sortingShapes,
	polynomialsShapes, randomShapes, ndimageShapes, signalShapes, integrateShapes,
	sparseShapes)

// mergeRules indexes the groups' shape rules; a rule implemented twice is a programmer error.
func mergeRules(groups ...shapeRules) [numShapeRules]shapeFunc {
	var t [numShapeRules]shapeFunc
	for _, g := range groups {
		for r, fn := range g {
			if t[r] != nil {
				panic("npapi: two implementations of shape rule " + r.String())
			}
			t[r] = fn
		}
	}
	return t
}

// shapes applies the row's shape rule.
func (f *Func) shapes(c *Call) (Result, bool) {
	if int(f.Rule) >= len(shapeFuncs) || shapeFuncs[f.Rule] == nil {
		return Result{}, false
	}
	return shapeFuncs[f.Rule](f, c)
}

// plain adapts a rule that reads only the arguments.
func plain(g func(*Call) (Result, bool)) shapeFunc {
	return func(_ *Func, c *Call) (Result, bool) { return g(c) }
}

// onArray adapts a rule of the first argument, which must be an array.
func onArray(g func(f *Func, c *Call, a Arg) (Result, bool)) shapeFunc {
	return func(f *Func, c *Call) (Result, bool) {
		a := firstArray(c)
		if a.Kind != ArgArray {
			return Result{}, false
		}
		return g(f, c, a)
	}
}

// onRank adapts a rule of the first argument, an array whose rank the rule needs: of unknown
// rank, the result is an array of unknown shape.
func onRank(g func(f *Func, c *Call, a Arg) (Result, bool)) shapeFunc {
	return onArray(func(f *Func, c *Call, a Arg) (Result, bool) {
		if a.Shape == nil {
			return one(nil), true
		}
		return g(f, c, a)
	})
}

// onKnownRank adapts a rule of the first argument, an array whose rank the rule needs: of
// unknown rank, the call is not modelled.
func onKnownRank(g func(f *Func, c *Call, a Arg) (Result, bool)) shapeFunc {
	return onArray(func(f *Func, c *Call, a Arg) (Result, bool) {
		if a.Shape == nil {
			return Result{}, false
		}
		return g(f, c, a)
	})
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// scalarDim returns the dimension an integer argument gives: known, symbolic or unknown.
func scalarDim(a Arg) Dim {
	switch {
	case a.Kind == ArgScalar && a.Known && a.N >= 0:
		d := Int(a.N)
		d.Form = a.Form
		return d
	case a.Sym != nil || a.Data:
		d := SymDim(a.Sym)
		d.Data = a.Data && !d.Known
		return d
	}
	return Dim{}
}

// shapeArg reads a shape argument: an int or a sequence of ints (false when it is neither; a
// nil shape when the rank is not known).
func shapeArg(a Arg) ([]Dim, bool) {
	switch a.Kind {
	case ArgScalar:
		return []Dim{scalarDim(a)}, true
	case ArgSeq:
		out := make([]Dim, len(a.Elems))
		for i, e := range a.Elems {
			if e.Kind != ArgScalar && e.Sym == nil && !e.Data {
				return nil, true
			}
			out[i] = scalarDim(e)
		}
		return out, true
	case ArgOther:
		if a.Data && a.Sym == nil {
			return nil, true // the shape of an input: rank unknown (its arrays are marked by the caller)
		}
		if a.Sym != nil {
			return []Dim{scalarDim(a)}, true
		}
		return nil, true
	}
	return nil, false
}

// realValue is a known int's or float's value.
func realValue(a Arg) (float64, bool) {
	switch {
	case a.Kind != ArgScalar:
	case a.Known:
		return float64(a.N), true
	case a.FKnown && a.DType.Kind() != 'c':
		return a.F, true
	}
	return 0, false
}

func ones(n int) []Dim {
	out := make([]Dim, n)
	for i := range out {
		out[i] = Int(1)
	}
	return out
}

// floatItem is the item size of the float dtype a linalg routine computes in for input dt.
func floatItem(dt DType, c *Call) int64 {
	if dt.IsInteger() || dt.Kind() == 'b' {
		if c.Float == NoDType {
			return 8
		}
		return c.Float.ItemSize()
	}
	return dt.ItemSize()
}

// ArrayLike returns what NumPy makes of a an array argument: an array as it is, and a list or
// tuple of numbers (or of equal-length lists of them) as the array np.array makes of it, of
// their default dtype ([1] is int64, [0.5, 1] float64). ok is false for anything else.
func ArrayLike(a Arg) (Arg, bool) {
	switch a.Kind {
	case ArgArray:
		return a, true
	case ArgSeq:
	default:
		return Arg{}, false
	}
	if len(a.Elems) == 0 {
		return Arg{Kind: ArgArray, Shape: []Dim{Int(0)}, DType: Float64}, true
	}
	dt := NoDType
	var inner []Dim
	for i, e := range a.Elems {
		var s []Dim
		var d DType
		switch e.Kind {
		case ArgScalar:
			d = e.DType
		case ArgSeq:
			x, ok := ArrayLike(e)
			if !ok {
				return Arg{}, false
			}
			s, d = x.Shape, x.DType
		default:
			return Arg{}, false
		}
		if i == 0 {
			dt, inner = d, s
			continue
		}
		if !sameDims(s, inner) {
			return Arg{}, false // ragged
		}
		dt = Promote(dt, d)
	}
	dt = dt.Default()
	if !dt.Known() {
		return Arg{}, false
	}
	return Arg{Kind: ArgArray, Shape: append([]Dim{Int(int64(len(a.Elems)))}, inner...), DType: dt}, true
}

// MinElideBytes is NumPy's NPY_MIN_ELIDE_BYTES (256 KiB): a temporary of an elementwise chain
// smaller than this is never reused in place. Measured with testdata/mem/measure.py: an 80 KB
// chain does not elide, an 8 MB one does.
const MinElideBytes = 256 * 1024

// seqOrArray1D returns the length (-1 when unknown) and dtype of a 1-D coefficient argument: a
// list of numbers (as np.asarray makes it) or a 1-D array.
func seqOrArray1D(a Arg) (n int64, dt DType, ok bool) {
	switch a.Kind {
	case ArgSeq:
		dt = NoDType
		for i, e := range a.Elems {
			if e.Kind != ArgScalar {
				return 0, NoDType, false
			}
			if i == 0 {
				dt = e.DType
			} else {
				dt = Promote(dt, e.DType)
			}
		}
		if len(a.Elems) == 0 {
			dt = Float64
		}
		return int64(len(a.Elems)), dt.Default(), dt.Default().Known()
	case ArgArray:
		if len(a.Shape) != 1 {
			return 0, NoDType, false
		}
		n = -1
		if a.Shape[0].Known {
			n = a.Shape[0].N
		}
		return n, a.DType, a.DType.Known()
	}
	return 0, NoDType, false
}
