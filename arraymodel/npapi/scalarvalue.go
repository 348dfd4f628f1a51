package npapi

import "math"

// This file defines the values NumPy's functions give on known real scalars (np.sqrt(2),
// np.ceil(width / cellsize)) and NumPy's float constants, so that sizes computed through them
// are known.

// unaryValues are the ufuncs of one real number whose float result the interpreter computes.
var unaryValues = map[string]func(float64) float64{
	"sqrt": math.Sqrt, "cbrt": math.Cbrt, "exp": math.Exp, "exp2": math.Exp2, "expm1": math.Expm1,
	"log": math.Log, "log2": math.Log2, "log10": math.Log10, "log1p": math.Log1p,
	"sin": math.Sin, "cos": math.Cos, "tan": math.Tan, "arcsin": math.Asin, "arccos": math.Acos,
	"arctan": math.Atan, "sinh": math.Sinh, "cosh": math.Cosh, "tanh": math.Tanh,
	"ceil": math.Ceil, "floor": math.Floor, "trunc": math.Trunc, "rint": math.RoundToEven,
	"fix": math.Trunc, "around": math.RoundToEven, "round": math.RoundToEven, "round_": math.RoundToEven,
	"fabs": math.Abs, "absolute": math.Abs, "abs": math.Abs, "negative": func(x float64) float64 { return -x },
	"square": func(x float64) float64 { return x * x }, "reciprocal": func(x float64) float64 { return 1 / x },
}

// binaryValues are the ufuncs of two real numbers whose float result the interpreter computes.
var binaryValues = map[string]func(x, y float64) float64{
	"add": func(x, y float64) float64 { return x + y }, "subtract": func(x, y float64) float64 { return x - y },
	"multiply": func(x, y float64) float64 { return x * y }, "true_divide": func(x, y float64) float64 { return x / y },
	"divide": func(x, y float64) float64 { return x / y }, "power": math.Pow, "hypot": math.Hypot,
	"arctan2": math.Atan2, "maximum": math.Max, "minimum": math.Min, "fmax": math.Max, "fmin": math.Min,
}

// ScalarValue returns the value of a call of f on known real scalars whose result is a float
// scalar of dtype dt (Apply's Result.Scalar): np.sqrt(2) is 1.414…, np.ceil(2.5) is 3.0. ok is
// false for other calls, for a result that is not a real float, and for NaN and infinities.
func ScalarValue(f *Func, c *Call, dt DType) (float64, bool) {
	if dt.Kind() != 'f' || len(c.Kw) > 0 {
		return 0, false
	}
	var x float64
	switch len(c.Args) {
	case 1:
		fn, ok := unaryValues[f.Name]
		a, aok := realValue(c.Args[0])
		if !ok || !aok {
			return 0, false
		}
		x = fn(a)
	case 2:
		fn, ok := binaryValues[f.Name]
		a, aok := realValue(c.Args[0])
		b, bok := realValue(c.Args[1])
		if !ok || !aok || !bok {
			return 0, false
		}
		x = fn(a, b)
	default:
		return 0, false
	}
	if dt == Float32 {
		x = float64(float32(x))
	}
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, false
	}
	return x, true
}

// constants are NumPy's float constants with a finite value (np.pi); np.inf and np.nan are floats
// of no value a size could take.
var constants = map[string]float64{"pi": math.Pi, "e": math.E, "euler_gamma": 0.5772156649015329}

// Constant returns the value of the NumPy float constant api ("pi"); known is false for np.inf,
// np.nan and their aliases, which are floats too. ok is false for any other name.
func Constant(api string) (x float64, known, ok bool) {
	if x, ok := constants[api]; ok {
		return x, true, true
	}
	switch api {
	case "inf", "Inf", "infty", "Infinity", "PINF", "NINF", "nan", "NaN", "NAN":
		return 0, false, true
	}
	return 0, false, false
}
