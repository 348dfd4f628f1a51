package npapi

import (
	"math"
	"strings"
)

// This file defines Apply, the one implementation of the table's shape and dtype rules.

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
		base = promoteInputs(c, f.Nin) // a ufunc's rule applies to its inputs' promotion
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
	r.TempBytes += f.tempBytes(in, r, axisUse(f, c, in))
	return r, true
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
		dt := promoteInputs(c, f.Nin)
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
		switch in {
		case NoDType:
			return NoDType
		case Float16, BFloat16, Float32, Complex64:
			return Complex64
		}
		return Complex128
	case DTReal:
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
	r := Result{Scalar: dt}
	if out != nil {
		r.Outs = []Out{{Shape: out, DType: dt}}
	}
	return f.tempBytes(Arg{Kind: ArgArray, Shape: in, DType: inDType}, r, axis)
}

// tempBytes sizes the row's temporaries against the input and the first result.
func (f *Func) tempBytes(in Arg, r Result, axis AxisUse) int64 {
	var total float64
	for _, t := range f.Temps {
		var n int64
		var ok bool
		item := t.Item
		switch t.Of {
		case OfInput:
			n, ok = Size(in.Shape)
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

func (f *Func) shapes(c *Call) (Result, bool) {
	if r, ok, handled := f.usageShapes(c); handled {
		return r, ok
	}
	a := firstArray(c)
	switch f.Rule {
	case ShapeBroadcast:
		return broadcastArgs(c, max(f.Nin, 1))
	case ShapeScalar:
		return scalar(), true
	case ShapeFFTFreq, ShapeRFFTFreq:
		n, ok := intArg(c.Arg(0, "n"), -1)
		if !ok || n < 0 {
			return one([]Dim{{}}), true
		}
		if f.Rule == ShapeRFFTFreq {
			n = n/2 + 1
		}
		return one([]Dim{Int(n)}), true
	case ShapeOfArg:
		v := c.Arg(f.ArgN, "")
		switch v.Kind {
		case ArgArray:
			return one(clone(v.Shape)), true
		case ArgScalar:
			return scalar(), true
		case ArgSeq:
			return one([]Dim{Int(int64(len(v.Elems)))}), true
		}
		return Result{}, false
	case ShapeEinsum:
		return einsum(c)
	case ShapeMeshgrid:
		return meshgrid(c)
	case ShapeJoin:
		return join(f, c)
	case ShapeOuter:
		b := c.Arg(1, "b")
		if a.Kind != ArgArray || b.Kind != ArgArray {
			return Result{}, false
		}
		s := []Dim{SymDim(SizeExpr(a.Shape)), SymDim(SizeExpr(b.Shape))}
		return one(s), true
	case ShapeConvolve:
		return convolve(f, c)
	case ShapeNoArray:
		return Result{}, true
	case ShapeFromArg:
		sh, ok := shapeArg(c.Arg(f.ShapeArg, f.ShapeKw))
		return one(sh), ok
	case ShapeEye:
		n := scalarDim(c.Arg(0, "N"))
		if c.Arg(0, "N").Kind == ArgMissing {
			n = scalarDim(c.Arg(0, "n"))
		}
		m := n
		if mv := c.Arg(f.ArgN, "M"); f.ArgN >= 0 && mv.Kind != ArgMissing && mv.Kind != ArgNone {
			m = scalarDim(mv)
		}
		return one([]Dim{n, m}), true
	case ShapeArange:
		return arange(c)
	case ShapeRandom:
		if f.Varargs {
			if len(c.Args) == 0 {
				return scalar(), true
			}
			out := make([]Dim, len(c.Args))
			for i, a := range c.Args {
				out[i] = scalarDim(a)
			}
			return one(out), true
		}
		if f.ShapeArg < 0 && f.ShapeKw == "" {
			return one(nil), true
		}
		switch v := c.Arg(f.ShapeArg, f.ShapeKw); v.Kind {
		case ArgMissing, ArgNone:
			if f.ShapeKw == "shape" {
				return one([]Dim{}), true // jax.random: shape=() by default
			}
			return scalar(), true // size=None: one sample
		default:
			sh, ok := shapeArg(v)
			return one(sh), ok
		}
	case ShapeLinspace:
		num := c.Arg(f.ArgN, "num")
		if num.Kind == ArgMissing {
			return one([]Dim{Int(50)}), true
		}
		return one([]Dim{scalarDim(num)}), true
	case ShapeIndices:
		dims := c.Arg(0, "dimensions")
		if dims.Kind != ArgSeq || !only(c, "dtype") {
			return Result{}, false
		}
		out := []Dim{Int(int64(len(dims.Elems)))}
		for _, e := range dims.Elems {
			out = append(out, scalarDim(e))
		}
		return one(out), true
	case ShapeUnravel:
		idx, sh := c.Arg(0, "indices"), c.Arg(1, "shape")
		if sh.Kind != ArgSeq || (idx.Kind != ArgArray && idx.Kind != ArgScalar) || !only(c, "order") {
			return Result{}, false
		}
		r := Result{Tuple: true}
		for range sh.Elems {
			if idx.Kind == ArgScalar {
				return Result{}, false // a tuple of scalars
			}
			r.Outs = append(r.Outs, Out{Shape: clone(idx.Shape)})
		}
		return r, true
	case ShapeBroadcastArrays:
		var sh []Dim = []Dim{}
		for _, x := range c.Args {
			if x.Kind != ArgArray {
				return Result{}, false
			}
			sh = Broadcast(sh, x.Shape)
		}
		r := Result{Tuple: true}
		for _, x := range c.Args {
			r.Outs = append(r.Outs, Out{Shape: clone(sh), DType: x.DType, fixed: true, View: true})
		}
		return r, len(c.Kw) == 0
	case ShapeMatmul, ShapeDot:
		x, y := c.Arg(0, "a"), c.Arg(1, "b")
		if x.Kind != ArgArray || y.Kind != ArgArray {
			return Result{}, false
		}
		out, isScalar := MatmulShape(x.Shape, y.Shape)
		if f.Rule == ShapeDot && len(x.Shape) > 2 && len(y.Shape) >= 2 {
			out = append(append(clone(x.Shape[:len(x.Shape)-1]), y.Shape[:len(y.Shape)-2]...), y.Shape[len(y.Shape)-1])
		}
		if isScalar {
			return scalar(), true
		}
		return one(out), true
	case ShapeAppend:
		return appendShape(c)
	case ShapeKron:
		return kron(c)
	case ShapeTensordot:
		return tensordot(c)
	}
	if a.Kind != ArgArray {
		return Result{}, false
	}
	s := a.Shape
	nd := len(s)
	switch f.Rule {
	case ShapeReshape:
		r, ok := reshape(s, c)
		if ok && a.Strided {
			r.Outs[0].View, r.Outs[0].ViewOfCopy = false, true
			r.copied = true
		}
		return r, ok
	case ShapeRavel:
		r := one(flat(s))
		if a.Strided {
			r.copied = true
		}
		return r, true
	case ShapeTranspose:
		if s == nil {
			return one(nil), true
		}
		var axes []Arg
		switch ax := c.Arg(1, "axes"); {
		case len(c.Args) > 2:
			axes = c.Args[1:] // a.transpose(1, 0, 2)
		case ax.Kind == ArgSeq:
			axes = ax.Elems
		case ax.Kind == ArgMissing || ax.Kind == ArgNone:
			out := make([]Dim, len(s))
			for i, d := range s {
				out[len(s)-1-i] = d
			}
			r := one(out)
			r.Strided = len(s) > 1
			return r, true
		default:
			return Result{}, false
		}
		if len(axes) != len(s) {
			return Result{}, false
		}
		out := make([]Dim, len(s))
		for i, x := range axes {
			v, ok1 := intArg(x, 0)
			j, ok2 := normAxis(v, len(s))
			if x.Kind != ArgScalar || !ok1 || !ok2 {
				return Result{}, false
			}
			out[i] = s[j]
		}
		r := one(out)
		r.Strided = true
		return r, true
	case ShapeLike:
		if sh := c.Arg(-1, "shape"); sh.Kind != ArgMissing && sh.Kind != ArgNone {
			out, ok := shapeArg(sh)
			return one(out), ok
		}
		return one(clone(s)), true
	case ShapeSame, ShapeTri, ShapeFFTN:
		if f.Rule == ShapeFFTN && c.Arg(1, "s").Kind != ArgMissing && c.Arg(1, "s").Kind != ArgNone {
			return Result{}, false
		}
		return one(clone(s)), true
	case ShapeSort:
		if c.Arg(f.AxisArg, "axis").Kind == ArgNone {
			return one(flat(s)), true
		}
		return one(clone(s)), true
	case ShapeCum:
		if ax := c.Arg(f.AxisArg, "axis"); ax.Kind == ArgMissing || ax.Kind == ArgNone {
			return one(flat(s)), true
		}
		return one(clone(s)), true
	case ShapeFlatBool:
		return one(flat(s)), true
	case ShapeBroadcastTo:
		sh := c.Arg(1, "shape")
		switch sh.Kind {
		case ArgScalar:
			return one([]Dim{scalarDim(sh)}), true
		case ArgSeq:
			out := make([]Dim, len(sh.Elems))
			for i, e := range sh.Elems {
				out[i] = scalarDim(e)
			}
			return one(out), true
		}
		return Result{}, false
	case ShapeTake:
		return take(s, c)
	case ShapeSelect:
		// the data is argument ArgN, the condition the other of the first two
		data, cond := c.Arg(f.ArgN, ""), c.Arg(1-f.ArgN, "condition")
		if data.Kind != ArgArray || cond.Kind != ArgArray || !only(c, "out") {
			return Result{}, false
		}
		n, _ := Size(cond.Shape)
		return Result{Outs: []Out{{Shape: []Dim{{}}, DType: data.DType, fixed: true, Bound: n}}}, true
	case ShapeReduce:
		return reduce(s, c.Arg(f.AxisArg, "axis"), c.Arg(-1, "keepdims"))
	case ShapeQuantile:
		r, ok := reduce(s, c.Arg(f.AxisArg, "axis"), c.Arg(-1, "keepdims"))
		if !ok {
			return r, false
		}
		var q []Dim
		switch qa := c.Arg(1, "q"); qa.Kind {
		case ArgScalar:
			return r, true
		case ArgArray:
			q = qa.Shape
		case ArgSeq:
			q = []Dim{Int(int64(len(qa.Elems)))}
		default:
			return Result{}, false
		}
		if q == nil {
			return one(nil), true
		}
		var rest []Dim
		if len(r.Outs) > 0 {
			if r.Outs[0].Shape == nil {
				return one(nil), true
			}
			rest = r.Outs[0].Shape
		}
		return one(append(clone(q), rest...)), true
	}
	if s == nil {
		// every rule below needs the rank
		switch f.Rule {
		case ShapeGradient, ShapeSVD, ShapeQR, ShapeEigh, ShapeDiag, ShapeMatrixScalar, ShapeSqueeze, ShapeAtleast:
			return Result{}, false
		}
		return one(nil), true
	}
	switch f.Rule {
	case ShapeMatrixScalar:
		if nd < 2 {
			return Result{}, false
		}
		if nd == 2 {
			return scalar(), true
		}
		return one(clone(s[:nd-2])), true
	case ShapePad:
		return pad(s, c.Arg(1, "pad_width"))
	case ShapeDiff:
		if !only(c, "n", "axis") {
			return Result{}, false
		}
		n, ok1 := intArg(c.Arg(1, "n"), 1)
		ax, ok2 := intArg(c.Arg(2, "axis"), -1)
		i, ok3 := normAxis(ax, nd)
		if !ok1 || !ok2 || !ok3 || n < 0 {
			return Result{}, false
		}
		out := clone(s)
		out[i] = out[i].add(-n)
		r := one(out)
		if n >= 2 {
			// a[1:] - a[:-1] n times: the previous difference is alive while the last is made
			prev := clone(s)
			prev[i] = prev[i].add(1 - n)
			if m, ok := Size(prev); ok {
				r.TempBytes = NBytes(m, a.DType)
			}
		}
		return r, true
	case ShapeSVD:
		return svd(s, c)
	case ShapeQR:
		return qr(f, s, c)
	case ShapeEigh, ShapeEigvalsh:
		if nd < 2 {
			return Result{}, false
		}
		w := Out{Shape: clone(s[:nd-1]), real: true}
		if f.Rule == ShapeEigvalsh {
			return Result{Outs: []Out{w}}, true
		}
		return Result{Outs: []Out{w, {Shape: clone(s)}}, Tuple: true}, true
	case ShapePinv:
		if nd != 2 {
			return Result{}, false
		}
		r := one([]Dim{s[1], s[0]})
		if s[0].Known && s[1].Known {
			// svd(a, full_matrices=False) gives u (m, k) and vt (k, n); vt.T @ (s * u.T) makes a
			// (k, m) product before the (n, m) result
			m, n := s[0].N, s[1].N
			k := min(m, n)
			r.TempBytes = (m*k + k*n + k*m) * floatItem(a.DType, c)
		}
		return r, true
	case ShapeSwapaxes:
		a1, ok1 := intArg(c.Arg(1, "axis1"), 0)
		a2, ok2 := intArg(c.Arg(2, "axis2"), 0)
		i, ok3 := normAxis(a1, nd)
		j, ok4 := normAxis(a2, nd)
		if !ok1 || !ok2 || !ok3 || !ok4 {
			return Result{}, false
		}
		out := clone(s)
		out[i], out[j] = out[j], out[i]
		r := one(out)
		r.Strided = i != j
		return r, true
	case ShapeMoveaxis:
		src, ok1 := intArg(c.Arg(1, "source"), 0)
		dst, ok2 := intArg(c.Arg(2, "destination"), 0)
		i, ok3 := normAxis(src, nd)
		j, ok4 := normAxis(dst, nd)
		if !ok1 || !ok2 || !ok3 || !ok4 || c.Arg(1, "source").Kind != ArgScalar {
			return Result{}, false
		}
		rest := append(clone(s[:i]), s[i+1:]...)
		out := append(clone(rest[:j]), s[i])
		r := one(append(out, rest[j:]...))
		r.Strided = i != j
		return r, true
	case ShapeSqueeze:
		ax := c.Arg(1, "axis")
		var out []Dim
		switch ax.Kind {
		case ArgMissing, ArgNone:
			for _, d := range s {
				if !d.Known {
					return one(nil), true
				}
				if d.N != 1 {
					out = append(out, d)
				}
			}
		case ArgScalar:
			i, ok := normAxis(ax.N, nd)
			if !ax.Known || !ok {
				return Result{}, false
			}
			out = append(clone(s[:i]), s[i+1:]...)
		default:
			return Result{}, false
		}
		return one(append([]Dim{}, out...)), true
	case ShapeExpandDims:
		ax := c.Arg(1, "axis")
		i, ok := normAxis(ax.N, nd+1)
		if ax.Kind != ArgScalar || !ax.Known || !ok {
			return Result{}, false
		}
		out := append(clone(s[:i]), Int(1))
		return one(append(out, s[i:]...)), true
	case ShapeAtleast:
		if len(c.Args) != 1 || nd >= f.ArgN {
			return one(clone(s)), true
		}
		switch {
		case nd == 0:
			return one(ones(f.ArgN)), true
		case f.ArgN == 2 || nd == 2:
			out := clone(s)
			if nd == 1 {
				out = []Dim{Int(1), s[0]}
			}
			if f.ArgN == 3 {
				out = append(out, Int(1))
			}
			return one(out), true
		}
		return Result{}, false
	case ShapeDiagonal:
		if nd < 2 || len(c.Args) > 1 || len(c.Kw) > 0 {
			return Result{}, false
		}
		d := Dim{}
		if s[nd-2].Known && s[nd-1].Known {
			d = Int(min(s[nd-2].N, s[nd-1].N))
		}
		return one(append(clone(s[:nd-2]), d)), true
	case ShapeFFT, ShapeRFFT, ShapeIRFFT:
		n, ok1 := intArg(c.Arg(1, "n"), -1)
		ax, ok2 := intArg(c.Arg(2, "axis"), -1)
		i, ok3 := normAxis(ax, nd)
		if !ok1 || !ok2 || !ok3 {
			return Result{}, false
		}
		out := clone(s)
		m := s[i]
		if n >= 0 {
			m = Int(n)
		}
		switch {
		case f.Rule == ShapeRFFT && m.Known:
			m = Int(m.N/2 + 1)
		case f.Rule == ShapeRFFT:
			m = Dim{}
		case f.Rule == ShapeIRFFT && n < 0 && m.Known:
			m = Int(2 * (m.N - 1))
		case f.Rule == ShapeIRFFT && n < 0:
			m = Dim{}
		}
		out[i] = m
		return one(out), true
	case ShapeRFFTN, ShapeIRFFTN:
		if k := c.Arg(1, "s").Kind; k != ArgMissing && k != ArgNone || c.Arg(2, "axes").Kind != ArgMissing || nd == 0 {
			return Result{}, false
		}
		out := clone(s)
		last := out[nd-1]
		switch {
		case !last.Known:
			out[nd-1] = Dim{}
		case f.Rule == ShapeRFFTN:
			out[nd-1] = Int(last.N/2 + 1)
		default:
			out[nd-1] = Int(2 * (last.N - 1))
		}
		return one(out), true
	case ShapeGradient:
		if !only(c, "edge_order") || len(c.Args) > 1 || nd == 0 {
			return Result{}, false
		}
		if nd == 1 {
			return one(clone(s)), true
		}
		r := Result{Tuple: true}
		for range s {
			r.Outs = append(r.Outs, Out{Shape: clone(s)})
		}
		return r, true
	case ShapeCov:
		if nd != 2 || c.Arg(1, "y").Kind != ArgMissing || !only(c, "rowvar", "bias", "ddof") {
			return Result{}, false
		}
		rowvar, ok := boolArg(c.Arg(2, "rowvar"), true)
		if !ok {
			return Result{}, false
		}
		d := s[0]
		if !rowvar {
			d = s[1]
		}
		return one([]Dim{d, d}), true
	case ShapeDiag:
		k, ok := intArg(c.Arg(1, "k"), 0)
		if !ok {
			return Result{}, false
		}
		switch nd {
		case 1:
			d := s[0].add(abs64(k))
			return one([]Dim{d, d}), true
		case 2:
			var d Dim
			if s[0].Known && s[1].Known {
				if k >= 0 {
					d = Int(max(min(s[0].N, s[1].N-k), 0))
				} else {
					d = Int(max(min(s[0].N+k, s[1].N), 0))
				}
			}
			return Result{Outs: []Out{{Shape: []Dim{d}, View: true}}}, true
		}
		return Result{}, false
	case ShapeTile:
		return tile(s, a.DType, c.Arg(1, "reps"))
	case ShapeConj:
		r := one(clone(s))
		r.Outs[0].View = a.DType.Known() && a.DType.Kind() != 'c'
		return r, true
	case ShapeImag:
		r := one(clone(s))
		r.Outs[0].View = a.DType.Kind() == 'c'
		return r, a.DType != NoDType
	case ShapeDelete:
		obj := c.Arg(1, "obj")
		if obj.Kind != ArgScalar || !obj.Known {
			return Result{}, false // a slice or index array: the size depends on them
		}
		ax := c.Arg(2, "axis")
		if ax.Kind == ArgMissing || ax.Kind == ArgNone {
			n, ok := Size(s)
			if !ok || n == 0 {
				return one([]Dim{{}}), true
			}
			return one([]Dim{Int(n - 1)}), true
		}
		axv, ok1 := intArg(ax, 0)
		i, ok2 := normAxis(axv, nd)
		if !ok1 || !ok2 {
			return Result{}, false
		}
		out := clone(s)
		out[i] = out[i].add(-1)
		return one(out), true
	case ShapeSplit:
		k := c.Arg(1, "indices_or_sections")
		axv, ok1 := intArg(c.Arg(2, "axis"), 0)
		i, ok2 := normAxis(axv, nd)
		if k.Kind != ArgScalar || !k.Known || k.N <= 0 || !ok1 || !ok2 {
			return Result{}, false
		}
		part := clone(s)
		if d := s[i]; d.Known && d.N%k.N == 0 {
			part[i] = Int(d.N / k.N)
		} else if d.Known {
			return Result{}, false // split raises; array_split's unequal parts are not modelled
		}
		r := Result{Tuple: true}
		for j := int64(0); j < k.N; j++ {
			r.Outs = append(r.Outs, Out{Shape: clone(part), View: true})
		}
		return r, true
	case ShapeRepeat:
		k, ok := intArg(c.Arg(1, "repeats"), -1)
		if !ok || k < 0 {
			return Result{}, false
		}
		ax := c.Arg(2, "axis")
		if ax.Kind == ArgMissing || ax.Kind == ArgNone {
			n, ok := Size(s)
			if !ok {
				return one([]Dim{{}}), true
			}
			return one([]Dim{Int(n * k)}), true
		}
		axv, ok1 := intArg(ax, 0)
		i, ok2 := normAxis(axv, nd)
		if !ok1 || !ok2 {
			return Result{}, false
		}
		out := clone(s)
		if out[i].Known {
			out[i] = Int(out[i].N * k)
		} else {
			out[i] = Dim{}
		}
		return one(out), true
	case ShapeUnique:
		for _, k := range []string{"return_index", "return_inverse", "return_counts"} {
			if v, ok := boolArg(c.Arg(-1, k), false); !ok || v {
				return Result{}, false
			}
		}
		if ax := c.Arg(-1, "axis"); ax.Kind != ArgMissing && ax.Kind != ArgNone {
			return Result{}, false
		}
		n, _ := Size(s)
		return Result{Outs: []Out{{Shape: []Dim{{}}, Bound: n}}}, true
	}
	return Result{}, false
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// broadcastArgs broadcasts the first n arguments (scalars are 0-d); a scalar when none is an
// array.
func broadcastArgs(c *Call, n int) (Result, bool) {
	var s []Dim = []Dim{}
	anyArray := false
	for i := 0; i < n; i++ {
		a := c.Arg(i, "")
		switch a.Kind {
		case ArgArray:
			anyArray = true
			s = Broadcast(s, a.Shape)
		case ArgScalar, ArgNone:
		case ArgMissing:
			if i == 0 {
				return Result{}, false
			}
		default:
			return Result{}, false
		}
	}
	if !anyArray {
		return scalar(), true
	}
	return one(s), true
}

// reduce removes the axes axis names (all when it is missing or None), keeping them as 1 with
// keepdims=True.
func reduce(s []Dim, axis, keepdims Arg) (Result, bool) {
	keep, ok := boolArg(keepdims, false)
	if !ok {
		return one(nil), true
	}
	if axis.Kind == ArgMissing || axis.Kind == ArgNone {
		if !keep {
			return scalar(), true
		}
		if s == nil {
			return one(nil), true
		}
		out := make([]Dim, len(s))
		for i := range out {
			out[i] = Int(1)
		}
		return one(out), true
	}
	if s == nil {
		return one(nil), true
	}
	axes := []Arg{axis}
	if axis.Kind == ArgSeq {
		axes = axis.Elems
	}
	drop := make([]bool, len(s))
	for _, x := range axes {
		v, ok := intArg(x, 0)
		if !ok || x.Kind != ArgScalar {
			return one(nil), true
		}
		i, ok := normAxis(v, len(s))
		if !ok {
			return Result{}, false
		}
		drop[i] = true
	}
	var out []Dim
	for i, d := range s {
		switch {
		case !drop[i]:
			out = append(out, d)
		case keep:
			out = append(out, Int(1))
		}
	}
	if len(out) == 0 {
		return scalar(), true
	}
	return one(out), true
}

// pad grows each dimension by its (before, after) pad widths: k, (b, a), ((b, a),) or one
// (b, a) pair per dimension.
func pad(s []Dim, w Arg) (Result, bool) {
	pair := func(a Arg) (int64, int64, bool) {
		switch a.Kind {
		case ArgScalar:
			if a.Known {
				return a.N, a.N, true
			}
		case ArgSeq:
			switch len(a.Elems) {
			case 1:
				if v := a.Elems[0]; v.Kind == ArgScalar && v.Known {
					return v.N, v.N, true
				}
			case 2:
				b, a2 := a.Elems[0], a.Elems[1]
				if b.Kind == ArgScalar && b.Known && a2.Kind == ArgScalar && a2.Known {
					return b.N, a2.N, true
				}
			}
		}
		return 0, 0, false
	}
	out := clone(s)
	if b, a, ok := pair(w); ok {
		for i := range out {
			out[i] = out[i].add(b + a)
		}
		return one(out), true
	}
	if w.Kind != ArgSeq {
		return Result{}, false
	}
	if len(w.Elems) == 1 {
		b, a, ok := pair(w.Elems[0])
		if !ok {
			return Result{}, false
		}
		for i := range out {
			out[i] = out[i].add(b + a)
		}
		return one(out), true
	}
	if len(w.Elems) != len(s) {
		return Result{}, false
	}
	for i, e := range w.Elems {
		b, a, ok := pair(e)
		if !ok {
			return Result{}, false
		}
		out[i] = out[i].add(b + a)
	}
	return one(out), true
}

// svd gives (u, s, vh) of a (..., m, n) stack: u (..., m, m) and vh (..., n, n) with
// full_matrices (the default), (..., m, k) and (..., k, n) without; s (..., k) real.
func svd(s []Dim, c *Call) (Result, bool) {
	nd := len(s)
	full, ok1 := boolArg(c.Arg(1, "full_matrices"), true)
	uv, ok2 := boolArg(c.Arg(2, "compute_uv"), true)
	if nd < 2 || !ok1 || !ok2 || !only(c, "full_matrices", "compute_uv", "hermitian") {
		return Result{}, false
	}
	m, n := s[nd-2], s[nd-1]
	k := Dim{}
	if m.Known && n.Known {
		k = Int(min(m.N, n.N))
	}
	stack := s[:nd-2]
	mk := func(d ...Dim) []Dim { return append(clone(stack), d...) }
	sv := Out{Shape: mk(k), real: true}
	if !uv {
		return Result{Outs: []Out{sv}}, true
	}
	u, vh := mk(m, m), mk(n, n)
	if !full {
		u, vh = mk(m, k), mk(k, n)
	}
	return Result{Outs: []Out{{Shape: u}, sv, {Shape: vh}}, Tuple: true}, true
}

// qr gives (q, r) of a (..., m, n) stack: mode "reduced" q (m, k), r (k, n); "complete" q (m, m),
// r (m, n); "r" r alone.
func qr(f *Func, s []Dim, c *Call) (Result, bool) {
	nd := len(s)
	mode, ok := strArg(c.Arg(1, "mode"), f.Mode)
	if nd < 2 || !ok {
		return Result{}, false
	}
	m, n := s[nd-2], s[nd-1]
	k := Dim{}
	if m.Known && n.Known {
		k = Int(min(m.N, n.N))
	}
	mk := func(d ...Dim) []Dim { return append(clone(s[:nd-2]), d...) }
	switch mode {
	case "reduced":
		return Result{Outs: []Out{{Shape: mk(m, k)}, {Shape: mk(k, n)}}, Tuple: true}, true
	case "complete":
		return Result{Outs: []Out{{Shape: mk(m, m)}, {Shape: mk(m, n)}}, Tuple: true}, true
	case "r":
		return one(mk(k, n)), true
	}
	return Result{}, false
}

// tile repeats s reps times (an int or a tuple of ints, aligned to the right). NumPy repeats one
// dimension at a time: the array before the last repeat is alive while the last is made.
func tile(s []Dim, dt DType, reps Arg) (Result, bool) {
	var rs []int64
	switch reps.Kind {
	case ArgScalar:
		if !reps.Known {
			return Result{}, false
		}
		rs = []int64{reps.N}
	case ArgSeq:
		for _, e := range reps.Elems {
			if e.Kind != ArgScalar || !e.Known {
				return Result{}, false
			}
			rs = append(rs, e.N)
		}
	default:
		return Result{}, false
	}
	n := max(len(s), len(rs))
	out := make([]Dim, n)
	for i := range out {
		d, r := Int(1), int64(1)
		if j := i - (n - len(s)); j >= 0 {
			d = s[j]
		}
		if j := i - (n - len(rs)); j >= 0 {
			r = rs[j]
		}
		if d.Known {
			out[i] = Int(d.N * r)
		}
	}
	res := one(out)
	last, nonOne := int64(1), 0
	for _, r := range rs {
		if r != 1 {
			last, nonOne = r, nonOne+1
		}
	}
	if total, ok := Size(out); ok && nonOne >= 2 {
		res.TempBytes = NBytes(total/last, dt)
	}
	return res, true
}

// reshape reads reshape's shape: one argument (an int or a tuple), several ints (the method's
// a.reshape(m, n)), or shape=/newshape=; a single -1 is filled from the size.
func reshape(s []Dim, c *Call) (Result, bool) {
	var sh Arg
	switch {
	case len(c.Args) == 2:
		sh = c.Args[1]
	case len(c.Args) > 2:
		sh = Arg{Kind: ArgSeq, Elems: c.Args[1:]}
	default:
		sh = c.Arg(-1, "shape")
		if sh.Kind == ArgMissing {
			sh = c.Arg(-1, "newshape")
		}
	}
	elems := []Arg{sh}
	switch sh.Kind {
	case ArgSeq:
		elems = sh.Elems
	case ArgScalar:
	case ArgMissing:
		return Result{}, false
	default:
		return one(nil), true
	}
	out := make([]Dim, len(elems))
	free, prod := -1, int64(1)
	for i, e := range elems {
		if e.Kind == ArgScalar && e.Known && e.N == -1 && free < 0 {
			free = i
			continue
		}
		out[i] = scalarDim(e)
		if out[i].Known {
			prod *= out[i].N
		} else {
			prod = -1
		}
	}
	if free >= 0 {
		if n, ok := Size(s); ok && prod > 0 && n%prod == 0 {
			out[free] = Int(n / prod)
		}
	}
	return one(out), true
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

// arange gives np.arange(stop), (start, stop) or (start, stop, step), positional or by keyword:
// int64 when every bound is an int, float64 when one is a float.
func arange(c *Call) (Result, bool) {
	start, stop, step := Arg{Kind: ArgScalar, DType: WeakInt, Known: true}, Arg{}, Arg{Kind: ArgScalar, DType: WeakInt, N: 1, Known: true}
	switch len(c.Args) {
	case 0:
	case 1:
		stop = c.Args[0]
	default:
		start, stop = c.Args[0], c.Args[1]
		if len(c.Args) >= 3 {
			step = c.Args[2]
		}
	}
	if v, ok := c.Kw["start"]; ok {
		start = v
	}
	if v, ok := c.Kw["stop"]; ok {
		stop = v
	}
	if v, ok := c.Kw["step"]; ok {
		step = v
	}
	if stop.Kind == ArgMissing {
		return Result{}, false
	}
	dt := Int64
	for _, v := range []Arg{start, stop, step} {
		switch {
		case v.Kind == ArgScalar && v.DType.Kind() == 'f':
			dt = Float64
		case v.Kind != ArgScalar:
			dt = NoDType // a symbol or an unknown value may be a float
		}
		if dt == NoDType {
			break
		}
	}
	d := Dim{}
	allInt := start.Kind == ArgScalar && stop.Kind == ArgScalar && step.Kind == ArgScalar &&
		start.DType.IsInteger() && stop.DType.IsInteger() && step.DType.IsInteger()
	x0, ok0 := realValue(start)
	x1, ok1 := realValue(stop)
	dx, ok2 := realValue(step)
	switch {
	case allInt && start.Known && stop.Known && step.Known && step.N != 0:
		n := (stop.N - start.N + step.N - sign(step.N)) / step.N
		d = Int(max(n, 0))
	case ok0 && ok1 && ok2 && dx != 0:
		// a float bound or step: NumPy takes ceil((stop - start) / step) in float64
		n := math.Ceil((x1 - x0) / dx)
		if math.IsNaN(n) || n > math.MaxInt32*float64(1<<16) {
			return Result{}, false
		}
		d = Int(max(int64(n), 0))
	case allIntOrSym(start, stop, step) && step.Known && step.N > 0:
		// arange(n), arange(1, n + 1), arange(0, n, 2): ceil((stop - start) / step) elements,
		// taken to be non-negative (the program uses the range).
		d = SymDim(argExpr(stop).Sub(argExpr(start)).Add(Const(step.N - 1)).FloorDiv(step.N))
		d.Data = stop.Data && !start.Data && !d.Known
	default:
		d = rangeData(start, stop, step)
	}
	return Result{Outs: []Out{{Shape: []Dim{d}, DType: dt, fixed: true}}}, true
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

// argExpr is an integer argument as a polynomial (nil when neither known nor symbolic).
func argExpr(a Arg) *Poly {
	if a.Kind == ArgScalar && a.Known {
		return Const(a.N)
	}
	return a.Sym
}

// allIntOrSym reports whether every argument is an int, known or symbolic.
func allIntOrSym(args ...Arg) bool {
	for _, a := range args {
		if a.Sym == nil && !(a.Kind == ArgScalar && a.Known && a.DType.IsInteger()) {
			return false
		}
	}
	return true
}

func sign(x int64) int64 {
	if x < 0 {
		return -1
	}
	return 1
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

// take gives np.take(a, indices, axis=None): the indices' shape, or a's with the axis replaced by
// them.
func take(s []Dim, c *Call) (Result, bool) {
	idx := c.Arg(1, "indices")
	var is []Dim
	switch idx.Kind {
	case ArgArray:
		is = idx.Shape
	case ArgScalar:
		is = []Dim{}
	case ArgSeq:
		is = []Dim{Int(int64(len(idx.Elems)))}
	default:
		return Result{}, false
	}
	ax := c.Arg(2, "axis")
	if ax.Kind == ArgMissing || ax.Kind == ArgNone {
		if is == nil {
			return one(nil), true
		}
		return one(clone(is)), true
	}
	axv, ok1 := intArg(ax, 0)
	i, ok2 := normAxis(axv, len(s))
	if !ok1 || !ok2 || s == nil {
		return Result{}, false
	}
	if is == nil {
		return one(nil), true
	}
	out := append(clone(s[:i]), is...)
	return one(append(out, s[i+1:]...)), true
}

// appendShape gives np.append(arr, values): flattened (axis=None) or concatenated along axis.
func appendShape(c *Call) (Result, bool) {
	a, v := c.Arg(0, "arr"), c.Arg(1, "values")
	if a.Kind != ArgArray || (v.Kind != ArgArray && v.Kind != ArgScalar) {
		return Result{}, false
	}
	vs := v.Shape
	if v.Kind == ArgScalar {
		vs = []Dim{}
	}
	dt := Promote(a.DType, v.DType).Default()
	if !dt.Known() {
		dt = NoDType
	}
	ax := c.Arg(2, "axis")
	if ax.Kind != ArgMissing && ax.Kind != ArgNone {
		return join(&Func{Name: "concatenate"}, &Call{Args: []Arg{{Kind: ArgSeq, Elems: []Arg{a, {Kind: ArgArray, Shape: vs, DType: v.DType}}}, ax}})
	}
	n, ok1 := Size(a.Shape)
	m, ok2 := Size(vs)
	d := Dim{}
	if ok1 && ok2 {
		d = Int(n + m)
	}
	return Result{Outs: []Out{{Shape: []Dim{d}, DType: dt, fixed: true}}}, true
}

// kron gives np.kron(a, b): the dimensions multiplied, aligned to the right.
func kron(c *Call) (Result, bool) {
	a, b := c.Arg(0, "a"), c.Arg(1, "b")
	if a.Kind != ArgArray || b.Kind != ArgArray {
		return Result{}, false
	}
	if a.Shape == nil || b.Shape == nil {
		return one(nil), true
	}
	n := max(len(a.Shape), len(b.Shape))
	out := make([]Dim, n)
	for i := range out {
		x, y := Int(1), Int(1)
		if j := i - (n - len(a.Shape)); j >= 0 {
			x = a.Shape[j]
		}
		if j := i - (n - len(b.Shape)); j >= 0 {
			y = b.Shape[j]
		}
		if x.Known && y.Known {
			out[i] = Int(x.N * y.N)
		}
	}
	return one(out), true
}

// tensordot gives np.tensordot(a, b, axes=k): a's dimensions but the last k, then b's but the
// first k (axes as pairs of lists is not modelled).
func tensordot(c *Call) (Result, bool) {
	a, b := c.Arg(0, "a"), c.Arg(1, "b")
	k, ok := intArg(c.Arg(2, "axes"), 2)
	if a.Kind != ArgArray || b.Kind != ArgArray || !ok || k < 0 {
		return Result{}, false
	}
	if a.Shape == nil || b.Shape == nil {
		return one(nil), true
	}
	if int(k) > len(a.Shape) || int(k) > len(b.Shape) {
		return Result{}, false
	}
	out := append(clone(a.Shape[:len(a.Shape)-int(k)]), b.Shape[k:]...)
	if len(out) == 0 {
		return scalar(), true
	}
	return one(out), true
}

// convolve gives np.convolve / np.correlate of two 1-D arrays: mode full n+m-1, same max(n, m),
// valid max-min+1.
func convolve(f *Func, c *Call) (Result, bool) {
	a, v := c.Arg(0, "a"), c.Arg(1, "v")
	mode, ok := strArg(c.Arg(2, "mode"), f.Mode)
	if a.Kind != ArgArray || v.Kind != ArgArray || !ok || len(a.Shape) != 1 || len(v.Shape) != 1 {
		return Result{}, false
	}
	if !a.Shape[0].Known || !v.Shape[0].Known {
		return one([]Dim{{}}), true
	}
	n, m := a.Shape[0].N, v.Shape[0].N
	switch mode {
	case "full":
		return one([]Dim{Int(n + m - 1)}), true
	case "same":
		return one([]Dim{Int(max(n, m))}), true
	case "valid":
		return one([]Dim{Int(max(n, m) - min(n, m) + 1)}), true
	}
	return Result{}, false
}

// meshgrid gives one array per argument, each of shape (len y, len x, len z …) (indexing="xy",
// the default) or (len x, len y, …) (indexing="ij"), each keeping its argument's dtype.
func meshgrid(c *Call) (Result, bool) {
	if !only(c, "indexing") {
		return Result{}, false
	}
	ij, ok := strArg(c.Arg(-1, "indexing"), "xy")
	if !ok || (ij != "xy" && ij != "ij") {
		return Result{}, false
	}
	var dims []Dim
	for _, a := range c.Args {
		if a.Kind != ArgArray {
			return Result{}, false
		}
		d := Dim{}
		if n, ok := Size(a.Shape); ok {
			d = Int(n)
		}
		dims = append(dims, d)
	}
	if ij == "xy" && len(dims) >= 2 {
		dims[0], dims[1] = dims[1], dims[0]
	}
	r := Result{Tuple: true}
	for _, a := range c.Args {
		r.Outs = append(r.Outs, Out{Shape: clone(dims), DType: a.DType, fixed: true})
	}
	return r, true
}

// einsum gives the shape of np.einsum("ij,jk->ik", a, b): explicit output subscripts, or the
// implicit output (the letters used once, sorted). Ellipses are not modelled.
func einsum(c *Call) (Result, bool) {
	spec := c.Arg(0, "")
	if spec.Kind != ArgStr || strings.Contains(spec.Str, ".") || len(c.Kw) > 0 {
		return Result{}, false
	}
	sub := strings.ReplaceAll(spec.Str, " ", "")
	ins, out, explicit := strings.Cut(sub, "->")
	terms := strings.Split(ins, ",")
	if len(terms) != len(c.Args)-1 {
		return Result{}, false
	}
	size := map[rune]Dim{}
	count := map[rune]int{}
	for i, t := range terms {
		a := c.Args[i+1]
		if a.Kind != ArgArray || a.Shape == nil || len(a.Shape) != len(t) {
			return Result{}, false
		}
		for j, r := range t {
			count[r]++
			d := a.Shape[j]
			if old, ok := size[r]; ok && old.Known && (!d.Known || d.N == 1) {
				continue
			}
			size[r] = d
		}
	}
	if !explicit {
		var once []rune
		for r, n := range count {
			if n == 1 {
				once = append(once, r)
			}
		}
		sortRunes(once)
		out = string(once)
	}
	if out == "" {
		return scalar(), true
	}
	var s []Dim
	for _, r := range out {
		d, ok := size[r]
		if !ok {
			return Result{}, false
		}
		s = append(s, d)
	}
	return one(s), true
}

func sortRunes(rs []rune) {
	for i := 1; i < len(rs); i++ {
		for j := i; j > 0 && rs[j] < rs[j-1]; j-- {
			rs[j], rs[j-1] = rs[j-1], rs[j]
		}
	}
}

// join gives concatenate, stack, vstack, hstack, dstack and column_stack of a sequence of arrays.
func join(f *Func, c *Call) (Result, bool) {
	seq := c.Arg(0, "arrays")
	if seq.Kind == ArgMissing {
		seq = c.Arg(0, "tup")
	}
	if seq.Kind == ArgArray && len(seq.Shape) > 0 && seq.Shape[0].Known && seq.Shape[0].N <= 1024 {
		// an array is the sequence of its first axis's slices (np.dstack(np.mgrid[…]))
		elems := make([]Arg, seq.Shape[0].N)
		for i := range elems {
			elems[i] = Arg{Kind: ArgArray, Shape: seq.Shape[1:], DType: seq.DType}
		}
		seq = Arg{Kind: ArgSeq, Elems: elems}
	}
	if seq.Kind != ArgSeq || len(seq.Elems) == 0 || !only(c, "axis", "dtype", "casting") {
		return Result{}, false
	}
	dt := NoDType
	var shapes [][]Dim
	for i, e := range seq.Elems {
		e, ok := ArrayLike(e)
		if !ok {
			return Result{}, false
		}
		if i == 0 {
			dt = e.DType
		} else {
			dt = Promote(dt, e.DType)
		}
		shapes = append(shapes, e.Shape)
	}
	res := func(s []Dim) (Result, bool) {
		return Result{Outs: []Out{{Shape: s, DType: dt, fixed: true}}}, true
	}
	axis, ok := intArg(c.Arg(1, "axis"), 0)
	if !ok {
		return res(nil)
	}
	first := shapes[0]
	if first == nil {
		return res(nil)
	}
	switch f.Name {
	case "stack":
		nd := int64(len(first))
		if axis < 0 {
			axis += nd + 1
		}
		if axis < 0 || axis > nd {
			return Result{}, false
		}
		out := append(clone(first[:axis]), Int(int64(len(shapes))))
		return res(append(out, first[axis:]...))
	case "vstack":
		if len(first) == 1 {
			return res([]Dim{Int(int64(len(shapes))), first[0]})
		}
		axis = 0
	case "hstack":
		axis = 0
		if len(first) > 1 {
			axis = 1
		}
	case "column_stack":
		if len(first) == 1 {
			return res([]Dim{first[0], Int(int64(len(shapes)))})
		}
		axis = 1
	case "dstack":
		// atleast_3d: (n,) is (1, n, 1) and (r, c) is (r, c, 1)
		for i, s := range shapes {
			switch len(s) {
			case 0:
				shapes[i] = []Dim{Int(1), Int(1), Int(1)}
			case 1:
				shapes[i] = []Dim{Int(1), s[0], Int(1)}
			case 2:
				shapes[i] = []Dim{s[0], s[1], Int(1)}
			}
		}
		first = shapes[0]
		axis = 2
	}
	i, ok := normAxis(axis, len(first))
	if !ok {
		return Result{}, false
	}
	out := clone(first)
	total := Const(0)
	for _, s := range shapes {
		if s == nil || len(s) != len(first) {
			total = nil
			break
		}
		total = total.Add(s[i].Expr())
	}
	out[i] = SymDim(total)
	return res(out)
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

// MatmulShape returns the shape of a @ b (NumPy's matmul): the matrix product of the last two
// axes with the batch axes broadcast, a 1-D operand promoted to a matrix and its axis removed
// again. scalar reports a 1-D @ 1-D product. A nil result is an unknown shape.
func MatmulShape(a, b []Dim) (out []Dim, scalar bool) {
	if a == nil || b == nil || len(a) == 0 || len(b) == 0 {
		return nil, false
	}
	if len(a) == 1 && len(b) == 1 {
		return nil, true
	}
	x, y := a, b
	if len(a) == 1 {
		x = []Dim{Int(1), a[0]}
	}
	if len(b) == 1 {
		y = []Dim{b[0], Int(1)}
	}
	batch := Broadcast(x[:len(x)-2], y[:len(y)-2])
	out = append(clone(batch), x[len(x)-2], y[len(y)-1])
	switch {
	case len(a) == 1:
		out = append(out[:len(out)-2], out[len(out)-1])
	case len(b) == 1:
		out = out[:len(out)-1]
	}
	return out, false
}

// MinElideBytes is NumPy's NPY_MIN_ELIDE_BYTES (256 KiB): a temporary of an elementwise chain
// smaller than this is never reused in place. Measured with testdata/mem/measure.py: an 80 KB
// chain does not elide, an 8 MB one does.
const MinElideBytes = 256 * 1024

// GridAxis is one slice of an np.mgrid or np.ogrid subscript, start:stop:step (ArgMissing or
// ArgNone where left out); a complex step (5j) is a number of points (F its imaginary part).
type GridAxis struct{ Start, Stop, Step Arg }

// Grid gives the result of np.mgrid[axes] (sparse false) or np.ogrid[axes] (sparse true), as
// NumPy's nd_grid computes it; tuple is set when the subscript is a tuple of slices (even of
// one). An axis has arange's length, or as many points as a complex step says; the dtype is
// int64 for int bounds and steps, float64 when one is a float or the step is complex.
//
// A tuple subscript of mgrid is one array (len(axes), n1, n2, …), from np.indices, each of whose
// rows is then scaled in place through a temporary row (two when a row is smaller than
// MinElideBytes, as the `* step + start` chain is then not elided): mgrid[0:1000, 0:833] peaks
// at 20.0 MB for a 13.3 MB result. ogrid's is a list of arrays of shape (1, …, nk, …, 1). A
// single slice is a 1-D arange (scaled through two temporaries for a complex step).
func Grid(sparse bool, axes []GridAxis, tuple bool) (Result, bool) {
	if len(axes) == 0 {
		return Result{}, false
	}
	dims := make([]Dim, len(axes))
	dt := Int64
	complexStep := false
	for i, ax := range axes {
		start, step := ax.Start, ax.Step
		if start.Kind == ArgMissing || start.Kind == ArgNone {
			start = Arg{Kind: ArgScalar, DType: WeakInt, Known: true}
		}
		if step.Kind == ArgMissing || step.Kind == ArgNone {
			step = Arg{Kind: ArgScalar, DType: WeakInt, N: 1, Known: true}
		}
		if step.Kind == ArgScalar && step.DType.Kind() == 'c' {
			// a number of points: the grid is floats from start to stop
			complexStep = true
			if !step.FKnown {
				dims[i], dt = Dim{}, Float64
				continue
			}
			dims[i] = Int(int64(math.Abs(step.F)))
			if dt != NoDType {
				dt = Float64
			}
			if start.Kind != ArgScalar || ax.Stop.Kind != ArgScalar {
				dt = NoDType
			}
			continue
		}
		r, ok := arange(&Call{Args: []Arg{start, ax.Stop, step}})
		if !ok {
			return Result{}, false
		}
		dims[i] = r.Outs[0].Shape[0]
		dims[i].Data = false // a grid's extent is the program's choice, not the data's
		switch d := r.Outs[0].DType; {
		case d == NoDType:
			dt = NoDType
		case d == Float64 && dt != NoDType:
			dt = Float64
		}
	}
	if !tuple {
		r := Result{Outs: []Out{{Shape: dims[:1], DType: dt, fixed: true}}}
		if dims[0].Known && complexStep {
			r.TempBytes = 2 * dims[0].N * 8 // arange(0, n) * step, then + start
		}
		return r, true
	}
	if sparse {
		r := Result{Tuple: true}
		for i := range dims {
			sh := ones(len(dims))
			sh[i] = dims[i]
			r.Outs = append(r.Outs, Out{Shape: sh, DType: dt, fixed: true})
		}
		return r, true
	}
	r := Result{Outs: []Out{{Shape: append([]Dim{Int(int64(len(dims)))}, dims...), DType: dt, fixed: true}}}
	if n, ok := Size(dims); ok && dt.Known() {
		row := NBytes(n, dt)
		r.TempBytes = row
		if row < MinElideBytes {
			r.TempBytes = 2 * row
		}
	}
	return r, true
}
