package npapi

// This file holds the shape rules that rows of several groups share.

// generalShapes are the shape rules that rows of several groups share.
var generalShapes = shapeRules{
	ShapeNoArray: noArrayRule,
	ShapeOfArg:   ofArgRule,
	ShapeSame:    onArray(sameRule),
	ShapeScalar:  scalarRule,
	ShapeTri:     onArray(sameRule),
}

// noArrayRule applies ShapeNoArray: returns no array (a Python object, a bool, a dtype, a shape
// tuple).
func noArrayRule(_ *Func, c *Call) (Result, bool) {
	return Result{}, true
}

// ofArgRule applies ShapeOfArg: the shape of argument ArgN (searchsorted's v, solve's b, interp's
// x).
func ofArgRule(f *Func, c *Call) (Result, bool) {
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
}

// scalarRule applies ShapeScalar: always a scalar.
func scalarRule(_ *Func, c *Call) (Result, bool) {
	return scalar(), true
}

// sameRule applies ShapeSame and ShapeTri: the first argument's shape.
func sameRule(_ *Func, _ *Call, a Arg) (Result, bool) {
	return one(clone(a.Shape)), true
}
