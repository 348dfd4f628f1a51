package npapi

// This file holds the API table as Go literals.

// c builds a constructor-like entry.
func c(name string, kind Kind, dt DType, shapeArg int, shapeKw string, dtypeArg int) *Func {
	return &Func{Name: name, Kind: kind, DType: dt, ShapeArg: shapeArg, ShapeKw: shapeKw,
		DTypeKw: true, DTypeArg: dtypeArg, Copy: true}
}

// rnd builds a random-sampling entry: shape from size=, float64 unless given.
func rnd(name string, dt DType, sizeArg int, dtypeKw bool) *Func {
	return &Func{Name: name, Kind: Random, DType: dt, ShapeArg: sizeArg, ShapeKw: "size",
		DTypeKw: dtypeKw, DTypeArg: -1, Copy: true}
}

func ufunc(nin int, names ...string) []*Func {
	var out []*Func
	for _, n := range names {
		out = append(out, &Func{Name: n, Kind: Ufunc, Nin: nin, Out: true, DTypeKw: true, DTypeArg: -1, ShapeArg: -1, Copy: true})
	}
	return out
}

func kinded(kind Kind, out bool, names ...string) []*Func {
	var fs []*Func
	for _, n := range names {
		fs = append(fs, &Func{Name: n, Kind: kind, Out: out, ShapeArg: -1, DTypeArg: -1, Copy: kind != View})
	}
	return fs
}

var funcs = map[string]*Func{}

func add(fs ...*Func) {
	for _, f := range fs {
		funcs[f.Name] = f
	}
}

func init() {
	add(
		c("zeros", Constructor, Float64, 0, "shape", 1),
		c("ones", Constructor, Float64, 0, "shape", 1),
		c("empty", Constructor, Float64, 0, "shape", 1),
		c("full", Constructor, NoDType, 0, "shape", 2), // dtype of fill_value
		c("eye", Constructor, Float64, -1, "", 3),
		c("identity", Constructor, Float64, -1, "", 1),
		c("zeros_like", Like, NoDType, -1, "shape", 1),
		c("ones_like", Like, NoDType, -1, "shape", 1),
		c("empty_like", Like, NoDType, -1, "shape", 1),
		c("full_like", Like, NoDType, -1, "shape", 2),
		c("arange", Range, NoDType, -1, "", 3), // int64 for int bounds, float64 otherwise
		c("linspace", Range, Float64, -1, "", 5),
		c("logspace", Range, Float64, -1, "", 5),
		c("geomspace", Range, Float64, -1, "", 4),
		c("array", Convert, NoDType, -1, "", 1),
		c("asarray", Convert, NoDType, -1, "", 1),
		c("asanyarray", Convert, NoDType, -1, "", 1),
		c("ascontiguousarray", Convert, NoDType, -1, "", 1),
		c("asfortranarray", Convert, NoDType, -1, "", 1),
		c("copy", Convert, NoDType, -1, "", -1),
		c("fromfile", Convert, Float64, -1, "", 1),
		c("frombuffer", Convert, Float64, -1, "", 1),
		c("fromiter", Convert, NoDType, -1, "", 1),
		c("loadtxt", Convert, Float64, -1, "", 1),
		c("genfromtxt", Convert, Float64, -1, "", 1),
		c("load", Convert, NoDType, -1, "", -1),
	)
	constructorRules()
	funcs["copy"].DTypeKw = false
	funcs["load"].DTypeKw = false
	// Legacy numpy.random (also cupy.random, cupynumeric.random).
	add(
		rnd("random.random", Float64, 0, false),
		rnd("random.random_sample", Float64, 0, false),
		rnd("random.ranf", Float64, 0, false),
		rnd("random.sample", Float64, 0, false),
		rnd("random.uniform", Float64, 2, false),
		rnd("random.normal", Float64, 2, false),
		rnd("random.standard_normal", Float64, 0, false),
		rnd("random.exponential", Float64, 1, false),
		rnd("random.poisson", Int64, 1, false),
		rnd("random.binomial", Int64, 2, false),
		rnd("random.randint", Int64, 2, true),
		rnd("random.choice", NoDType, 1, false),
		rnd("random.permutation", NoDType, -1, false),
		&Func{Name: "random.rand", Kind: Random, DType: Float64, ShapeArg: 0, Varargs: true, DTypeArg: -1, Copy: true},
		&Func{Name: "random.randn", Kind: Random, DType: Float64, ShapeArg: 0, Varargs: true, DTypeArg: -1, Copy: true},
		&Func{Name: "random.default_rng", Kind: RNGFactory, ShapeArg: -1, DTypeArg: -1},
		&Func{Name: "random.RandomState", Kind: RNGFactory, ShapeArg: -1, DTypeArg: -1},
		&Func{Name: "random.Generator", Kind: RNGFactory, ShapeArg: -1, DTypeArg: -1},
	)
	funcs["random.randint"].DTypeArg = 3
	// jax.random: key first, shape second, dtype keyword.
	for _, n := range []string{"normal", "uniform", "truncated_normal", "bernoulli", "randint", "choice", "permutation", "gamma", "beta", "exponential", "laplace", "logistic"} {
		f := &Func{Name: "jax.random." + n, Kind: Random, DType: Float32, ShapeArg: 1, ShapeKw: "shape", DTypeKw: true, DTypeArg: -1, Copy: true}
		switch n {
		case "bernoulli":
			f.DType, f.ShapeArg, f.DTypeKw = Bool, 2, false
		case "randint":
			f.DType = Int32
		case "uniform", "truncated_normal":
			// jax.random.uniform(key, shape=(), dtype=float32, minval, maxval)
		case "choice", "permutation", "gamma", "beta":
			f.ShapeArg, f.DType = -1, NoDType
		}
		add(f)
	}
	add(
		&Func{Name: "jax.random.key", Kind: RNGFactory, ShapeArg: -1, DTypeArg: -1},
		&Func{Name: "jax.random.PRNGKey", Kind: RNGFactory, ShapeArg: -1, DTypeArg: -1},
		&Func{Name: "jax.random.split", Kind: RNGFactory, ShapeArg: -1, DTypeArg: -1},
	)
	add(ufunc(2, "add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "power",
		"float_power", "remainder", "mod", "fmod", "maximum", "minimum", "fmax", "fmin", "hypot",
		"arctan2", "logaddexp", "logaddexp2", "copysign", "nextafter", "ldexp",
		"greater", "greater_equal", "less", "less_equal", "equal", "not_equal",
		"logical_and", "logical_or", "logical_xor", "bitwise_and", "bitwise_or", "bitwise_xor",
		"left_shift", "right_shift", "heaviside", "gcd", "lcm")...)
	add(ufunc(1, "negative", "positive", "absolute", "abs", "fabs", "sign", "sqrt", "cbrt", "square",
		"reciprocal", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan",
		"arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh", "arctanh",
		"deg2rad", "rad2deg", "degrees", "radians", "floor", "ceil", "trunc", "rint", "conjugate",
		"conj", "logical_not", "invert", "bitwise_not", "isnan", "isinf", "isfinite", "signbit",
		"spacing", "fix", "around", "round", "clip")...)
	funcs["clip"].Nin = 3
	// Predicates return bool; these return floats for integer and bool inputs.
	for _, n := range []string{"greater", "greater_equal", "less", "less_equal", "equal", "not_equal",
		"logical_and", "logical_or", "logical_xor", "logical_not", "isnan", "isinf", "isfinite", "signbit"} {
		funcs[n].DTRule = DTBool
	}
	for _, n := range []string{"sqrt", "cbrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p",
		"sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh", "arcsinh", "arccosh",
		"arctanh", "deg2rad", "rad2deg", "degrees", "radians", "divide", "true_divide", "hypot",
		"arctan2", "logaddexp", "logaddexp2", "float_power"} {
		funcs[n].DTRule = DTFloat
	}
	add(kinded(Reduction, true, "sum", "prod", "mean", "std", "var", "max", "min", "amax", "amin",
		"nanmax", "nanmin", "nansum", "nanmean", "nanstd", "nanvar", "nanprod", "any", "all",
		"argmax", "argmin", "cumsum", "cumprod", "median", "ptp", "count_nonzero", "average", "product")...)
	for _, n := range []string{"average", "median", "count_nonzero"} {
		funcs[n].Out = n == "median"
	}
	add(kinded(Index, false, "nonzero", "argwhere", "flatnonzero", "where")...) // where: 1 argument only
	add(kinded(Scatter, false, "put", "putmask", "copyto", "place", "put_along_axis")...)
	add(kinded(Gather, true, "take", "compress", "extract", "take_along_axis")...)
	add(kinded(View, false, "reshape", "ravel", "transpose", "swapaxes", "moveaxis", "squeeze",
		"expand_dims", "broadcast_to", "atleast_1d", "atleast_2d", "atleast_3d", "diagonal")...)
	add(kinded(Join, true, "concatenate", "stack", "vstack", "hstack", "dstack", "column_stack",
		"append", "tile", "repeat")...)
	add(kinded(Product, true, "matmul", "dot", "vdot", "inner", "outer", "einsum", "tensordot", "kron")...)
	funcs["vdot"].Out = false
	funcs["tensordot"].Out = false
	funcs["kron"].Out = false
	add(ruleFuncs()...)
	add(moreFuncs()...)
	// std and var subtract the mean into a temporary of the input's size (in the result's float
	// dtype) and square it in place; median partitions a copy of its input.
	for _, n := range []string{"std", "var"} {
		funcs[n].Temps = []Temp{{OfInput, 1, itemResult}}
	}
	funcs["median"].Temps = []Temp{{OfInput, 1, itemOwn}}
	// argmax/argmin along an axis other than the last work on a contiguous transposed copy;
	// count_nonzero along an axis sums a bool copy.
	for _, n := range []string{"argmax", "argmin"} {
		funcs[n].Temps = []Temp{{OfInputNotLast, 1, itemOwn}}
	}
	funcs["count_nonzero"].Temps = []Temp{{OfInputAxis, 1, itemBool}}
	// The nan reductions replace NaNs in a copy and keep the NaN mask (and its inversion for the
	// counts of nanmean/nanstd/nanvar).
	for _, n := range []string{"nansum", "nanprod"} {
		funcs[n].Temps = []Temp{{OfInput, 1, itemOwn}, {OfInput, 1, itemBool}}
	}
	for _, n := range []string{"nanmean", "nanstd", "nanvar"} {
		funcs[n].Temps = []Temp{{OfInput, 1, itemOwn}, {OfInput, 2, itemBool}}
	}
	ufuncRules(funcs)
	randomRules(funcs)
	viewRules(funcs)
	// fix is ceil, then floor where x >= 0: one bool mask.
	funcs["fix"].Temps = []Temp{{OfInput, 1, itemBool}}
	// logspace and geomspace raise a base to a linspace: one temporary of the result's size.
	for _, n := range []string{"logspace", "geomspace"} {
		funcs[n].Temps = []Temp{{OfResult, 1, itemOwn}}
	}
	// Legacy poisson broadcasts lam to a float array of the result's size; choice draws int64
	// indices, then gathers.
	funcs["random.poisson"].Temps = []Temp{{OfResult, 1, itemOwn}}
	funcs["random.choice"].Temps = []Temp{{OfResult, 1, 8}}
	reductionDTypes(funcs)
}

var methods = map[string]*Func{}

var generator = map[string]*Func{}

func init() {
	for _, n := range []string{"sum", "prod", "mean", "std", "var", "max", "min", "any", "all",
		"argmax", "argmin", "cumsum", "cumprod", "ptp"} {
		methods[n] = &Func{Name: n, Kind: Reduction, Out: true, ShapeArg: -1, DTypeArg: -1}
	}
	for _, n := range []string{"reshape", "ravel", "transpose", "swapaxes", "squeeze", "view", "diagonal"} {
		methods[n] = &Func{Name: n, Kind: View, ShapeArg: -1, DTypeArg: -1}
	}
	for _, n := range []string{"copy", "flatten", "astype", "round", "clip", "conj", "conjugate", "take", "compress", "repeat", "nonzero", "dot"} {
		k := Convert
		switch n {
		case "round", "clip", "conj", "conjugate":
			k = Ufunc
		case "take", "compress", "repeat":
			k = Gather
		case "nonzero":
			k = Index
		case "dot":
			k = Product
		}
		methods[n] = &Func{Name: n, Kind: k, Copy: true, ShapeArg: -1, DTypeArg: -1, Out: k == Ufunc || k == Gather}
	}
	for _, f := range ruleMethods() {
		methods[f.Name] = f
	}
	viewRules(methods)
	for _, n := range []string{"std", "var"} {
		methods[n].Temps = funcs[n].Temps
	}
	reductionDTypes(methods)
	ufuncRules(methods)
	// ndarray.conj() of a real array is the array itself.
	for _, n := range []string{"conj", "conjugate"} {
		methods[n].Rule, methods[n].Nin = ShapeConj, 1
	}
	methods["astype"].DTypeArg = 0
	methods["astype"].DTypeKw = true
	// stencil_hint is cuPyNumeric's halo pre-allocation hint; it returns None and keeps nothing.
	for _, n := range []string{"fill", "put", "itemset", "sort", "resize", "setflags", "stencil_hint"} {
		methods[n] = &Func{Name: n, Kind: Scatter, ShapeArg: -1, DTypeArg: -1}
	}
	// numpy.random.Generator: random/standard_normal/… accept dtype= (float32 or float64).
	gen := []*Func{
		rnd("random", Float64, 0, true),
		rnd("standard_normal", Float64, 0, true),
		rnd("standard_exponential", Float64, 0, true),
		rnd("standard_gamma", Float64, 1, true),
		rnd("integers", Int64, 2, true),
		rnd("uniform", Float64, 2, false),
		rnd("normal", Float64, 2, false),
		rnd("exponential", Float64, 1, false),
		rnd("poisson", Int64, 1, false),
		rnd("binomial", Int64, 2, false),
		rnd("choice", NoDType, 1, false),
		rnd("permutation", NoDType, -1, false),
		// RandomState methods (legacy) share names with the module functions.
		rnd("random_sample", Float64, 0, false),
		rnd("randint", Int64, 2, true),
		{Name: "rand", Kind: Random, DType: Float64, ShapeArg: 0, Varargs: true, DTypeArg: -1, Copy: true},
		{Name: "randn", Kind: Random, DType: Float64, ShapeArg: 0, Varargs: true, DTypeArg: -1, Copy: true},
	}
	for _, f := range gen {
		generator[f.Name] = f
	}
	randomRules(generator)
	for _, f := range ruleGenerator() {
		generator[f.Name] = f
	}
	generator["choice"].Temps = []Temp{{OfResult, 1, 8}}
	for _, n := range []string{"argmax", "argmin"} {
		methods[n].Temps = funcs[n].Temps
	}
	generator["integers"].DTypeArg = 3
	generator["random"].DTypeArg = 1
	generator["standard_normal"].DTypeArg = 1
}

// reductionDTypes sets the shape and dtype rules of the reductions in a table: the axis is
// argument 1 (a method's receiver is argument 0).
func reductionDTypes(t map[string]*Func) {
	for _, f := range t {
		if f.Kind != Reduction || f.Rule != ShapeNone {
			continue
		}
		f.Rule, f.AxisArg, f.ArgN = ShapeReduce, 1, -1
		if f.Name == "cumsum" || f.Name == "cumprod" {
			f.Rule = ShapeCum
		}
	}
	for rule, names := range map[DTypeRule][]string{
		DTFloat: {"mean", "std", "var", "average", "median", "nanmean", "nanstd", "nanvar"},
		DTIndex: {"argmax", "argmin", "count_nonzero"},
		DTBool:  {"any", "all"},
		DTSum:   {"sum", "prod", "product", "cumsum", "cumprod", "nansum", "nanprod"},
	} {
		for _, n := range names {
			if f, ok := t[n]; ok && f.Kind == Reduction {
				f.DTRule = rule
			}
		}
	}
}

// ufuncRules gives the ufuncs of a table their shape rule: the broadcast of their Nin inputs (1
// for the methods, whose receiver is the input).
func ufuncRules(t map[string]*Func) {
	for _, f := range t {
		if f.Kind == Ufunc && f.Rule == ShapeNone {
			f.Rule = ShapeBroadcast
			if f.Nin == 0 {
				f.Nin = 1
			}
		}
	}
}

// constructorRules gives the constructors, _like functions and ranges their shape and dtype
// rules.
func constructorRules() {
	for _, n := range []string{"zeros", "ones", "empty", "full"} {
		f := funcs[n]
		f.Rule, f.DTRule, f.Fill = ShapeFromArg, DTFixed, true
	}
	funcs["full"].DTRule = DTFill
	for _, n := range []string{"eye", "identity"} {
		funcs[n].Rule, funcs[n].DTRule, funcs[n].ArgN = ShapeEye, DTFixed, -1
	}
	funcs["eye"].ArgN = 1
	for _, n := range []string{"zeros_like", "ones_like", "empty_like", "full_like"} {
		f := funcs[n]
		f.Rule, f.DTRule, f.Fill = ShapeLike, DTSame, true
	}
	funcs["arange"].Rule = ShapeArange
	for _, n := range []string{"linspace", "logspace", "geomspace"} {
		funcs[n].Rule, funcs[n].DTRule, funcs[n].ArgN = ShapeLinspace, DTFixed, 2
	}
}

// randomRules gives the random samplers of a table their shape rule: the size argument, with the
// table's dtype (the first argument's for choice).
func randomRules(t map[string]*Func) {
	for _, f := range t {
		if f.Kind == Random && f.Rule == ShapeNone {
			f.Rule, f.DTRule = ShapeRandom, DTFixed
			if f.DType == NoDType {
				f.DTRule = DTSame
			}
		}
	}
}

// viewRules gives reshape, ravel and transpose of a table their shape rules (views).
func viewRules(t map[string]*Func) {
	for name, rule := range map[string]ShapeRule{"reshape": ShapeReshape, "ravel": ShapeRavel, "transpose": ShapeTranspose} {
		if f, ok := t[name]; ok {
			f.Rule, f.Effect = rule, AsView
		}
	}
}
