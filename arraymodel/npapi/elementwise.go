package npapi

// This file holds the rows of elementwise functions: the ufuncs, their .outer forms, comparisons
// and the other functions of their input's shape, and their shape rules.

// elementwiseRows are the rows of elementwise functions.
var elementwiseRows = []*Func{
	row("abs", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	row("absolute", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	row("add", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	// ufunc.outer(a, b): the ufunc of every pair, shape a.shape + b.shape (np.outer
	// flattens its inputs; these do not).
	row("add.outer", Ufunc, ShapeUfuncOuter, DTPromote, nin(2), out),
	row("allclose", Other, ShapeScalar, DTBool, temps(Temp{OfInput, 1, itemBool}, Temp{OfInput, 2, itemOwn}),
		temps1(Temp{OfInput, 3, itemBool}, Temp{OfInput, 2, itemOwn})),
	row("angle", Other, ShapeSame, DTReal),
	row("arccos", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("arccosh", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("arcsin", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("arcsinh", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("arctan", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("arctan2", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(2), out),
	row("arctanh", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("around", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	row("array_equal", Other, ShapeScalar, DTBool, temps(Temp{OfInput, 1, itemBool})),
	row("array_equiv", Other, ShapeScalar, DTBool, temps(Temp{OfInput, 1, itemBool})),
	row("bitwise_and", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("bitwise_not", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	row("bitwise_or", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("bitwise_xor", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("cbrt", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("ceil", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	row("clip", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(3), out),
	row("conj", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	row("conjugate", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	row("convolve", Other, ShapeConvolve, DTPromote, nin(2), mode("full")),
	row("copysign", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("correlate", Other, ShapeConvolve, DTPromote, nin(2), mode("valid")),
	row("cos", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("cosh", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("deg2rad", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("degrees", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("divide", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(2), out),
	// divide.outer(a, b): a / b of every pair, shape a.shape + b.shape; true division, so
	// integers give the default float.
	row("divide.outer", Ufunc, ShapeUfuncOuter, DTFloat, nin(2), out),
	row("equal", Ufunc, ShapeBroadcast, DTBool, dtypeKw, nin(2), out),
	row("equal.outer", Ufunc, ShapeUfuncOuter, DTBool, nin(2), out),
	row("exp", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("exp2", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("expm1", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("fabs", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	// fix is ceil, then floor where x >= 0: one bool mask.
	row("fix", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out, temps1(Temp{OfInput, 1, itemBool})), // NumPy 2: np.trunc
	row("float_power", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(2), out),
	row("floor", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	row("floor_divide", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("fmax", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("fmin", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("fmod", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("gcd", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("greater", Ufunc, ShapeBroadcast, DTBool, dtypeKw, nin(2), out),
	row("greater.outer", Ufunc, ShapeUfuncOuter, DTBool, nin(2), out),
	row("greater_equal", Ufunc, ShapeBroadcast, DTBool, dtypeKw, nin(2), out),
	row("heaviside", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("hypot", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(2), out),
	row("imag", Other, ShapeImag, DTReal),
	row("interp", Other, ShapeOfArg, DTFloat64, argN(0)),
	row("invert", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	// isclose checks isfinite of both sides, then |x-y| <= atol + rtol*|y|.
	row("isclose", Ufunc, ShapeBroadcast, DTBool, nin(2), temps(Temp{OfInput, 2, itemOwn}),
		temps1(Temp{OfInput, 2, itemBool}, Temp{OfInput, 2, itemOwn})),
	row("iscomplex", Other, ShapeSame, DTBool),
	row("isfinite", Ufunc, ShapeBroadcast, DTBool, dtypeKw, nin(1), out),
	row("isinf", Ufunc, ShapeBroadcast, DTBool, dtypeKw, nin(1), out),
	row("isnan", Ufunc, ShapeBroadcast, DTBool, dtypeKw, nin(1), out),
	row("isneginf", Other, ShapeSame, DTBool, out, temps(Temp{OfInput, 2, itemBool})),
	// isposinf is isinf(x) & ~signbit(x): two bool arrays alive with the result.
	row("isposinf", Other, ShapeSame, DTBool, out, temps(Temp{OfInput, 2, itemBool})),
	// isreal is imag(x) == 0: imag of a real array is a new zero array.
	row("isreal", Ufunc, ShapeSame, DTBool, temps(Temp{OfInput, 1, itemOwn})),
	row("lcm", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("ldexp", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("left_shift", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("less", Ufunc, ShapeBroadcast, DTBool, dtypeKw, nin(2), out),
	row("less.outer", Ufunc, ShapeUfuncOuter, DTBool, nin(2), out),
	row("less_equal", Ufunc, ShapeBroadcast, DTBool, dtypeKw, nin(2), out),
	row("log", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("log10", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("log1p", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("log2", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("logaddexp", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(2), out),
	row("logaddexp2", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(2), out),
	row("logical_and", Ufunc, ShapeBroadcast, DTBool, dtypeKw, nin(2), out),
	row("logical_not", Ufunc, ShapeBroadcast, DTBool, dtypeKw, nin(1), out),
	row("logical_or", Ufunc, ShapeBroadcast, DTBool, dtypeKw, nin(2), out),
	row("logical_xor", Ufunc, ShapeBroadcast, DTBool, dtypeKw, nin(2), out),
	row("maximum", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("maximum.outer", Ufunc, ShapeUfuncOuter, DTPromote, nin(2), out),
	row("minimum", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("minimum.outer", Ufunc, ShapeUfuncOuter, DTPromote, nin(2), out),
	row("mod", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("multiply", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("multiply.outer", Ufunc, ShapeUfuncOuter, DTPromote, nin(2), out),
	// nan_to_num copies, then copyto(..., where=mask) with isnan and isposinf/isneginf masks
	// (isinf, signbit, its inversion and their conjunction): five bool arrays at the peak.
	row("nan_to_num", Other, ShapeSame, DTSame, temps(Temp{OfInput, 5, itemBool})),
	row("negative", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	row("nextafter", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("not_equal", Ufunc, ShapeBroadcast, DTBool, dtypeKw, nin(2), out),
	row("positive", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	row("power", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("rad2deg", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("radians", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("reciprocal", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	row("remainder", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("right_shift", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("rint", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	row("round", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	row("sign", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	row("signbit", Ufunc, ShapeBroadcast, DTBool, dtypeKw, nin(1), out),
	row("sin", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	// sinc: y = pi * where(x == 0, 1e-20, x), then sin(y) / y; NumPy 2 keeps y and sin(y) apart
	// (1.x's division reused sin(y)).
	row("sinc", Other, ShapeSame, DTFloat, temps(Temp{OfInput, 2, itemResult}), temps1(Temp{OfInput, 1, itemResult})),
	row("sinh", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("spacing", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	row("sqrt", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("square", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
	row("subtract", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(2), out),
	row("subtract.outer", Ufunc, ShapeUfuncOuter, DTPromote, nin(2), out),
	row("tan", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("tanh", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(1), out),
	row("true_divide", Ufunc, ShapeBroadcast, DTFloat, dtypeKw, nin(2), out),
	row("trunc", Ufunc, ShapeBroadcast, DTSame, dtypeKw, nin(1), out),
}

// elementwiseShapes are the shape rules of elementwise functions.
var elementwiseShapes = shapeRules{
	ShapeBroadcast:  broadcastRule,
	ShapeConj:       onRank(conjRule),
	ShapeConvolve:   convolveRule,
	ShapeImag:       onRank(imagRule),
	ShapeUfuncOuter: ufuncOuter,
}

// broadcastRule applies ShapeBroadcast: the broadcast shape of the first Nin arguments.
func broadcastRule(f *Func, c *Call) (Result, bool) {
	return broadcastArgs(c, max(f.Nin, 1))
}

// conjRule applies ShapeConj: the input's shape: the input itself when real (ndarray.conj), new
// when complex.
func conjRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	r := one(clone(s))
	r.Outs[0].View = a.DType.Known() && a.DType.Kind() != 'c'
	return r, true
}

// convolveRule applies ShapeConvolve: mode full (n+m-1), same (max) or valid (max-min+1).
func convolveRule(f *Func, c *Call) (Result, bool) {
	return convolve(f, c)
}

// imagRule applies ShapeImag: the input's shape: a view of a complex input, new zeros for a real
// one.
func imagRule(_ *Func, c *Call, a Arg) (Result, bool) {
	s := a.Shape
	r := one(clone(s))
	r.Outs[0].View = a.DType.Kind() == 'c'
	return r, a.DType != NoDType
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

// ufuncOuter gives ufunc.outer(a, b): a.shape + b.shape (a number's shape is ()).
func ufuncOuter(_ *Func, c *Call) (Result, bool) {
	var dims []Dim
	for i, name := range []string{"A", "B"} {
		switch a := c.Arg(i, name); a.Kind {
		case ArgArray:
			if a.Shape == nil {
				return Result{}, false
			}
			dims = append(dims, a.Shape...)
		case ArgScalar:
		default:
			return Result{}, false
		}
	}
	return one(dims), true
}
