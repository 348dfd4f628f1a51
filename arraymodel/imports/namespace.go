package imports

// This file defines the calls that return an array module: cupy.get_array_module(x) and
// array_api_compat's array_namespace(x) hand array code the library of its arguments, so that
// `xp = cupy.get_array_module(x); y = xp.zeros(n)` allocates with x's library.

// namespaceRoot is the array-API compatibility library; its namespace functions return the
// library of their array arguments, whichever it is.
const namespaceRoot = "array_api_compat"

// Namespace reports whether ref is a function that returns the array module of its arguments,
// and the library it returns when the arguments say nothing (an argument of unknown type):
// cupy.get_array_module returns cupy for CuPy arrays and numpy otherwise (cupy is the default a
// program that calls it is written for); array_api_compat.array_namespace / get_namespace
// return NumPy's namespace for NumPy arrays (numpy is the default).
func Namespace(ref Ref) (fallback Backend, ok bool) {
	switch {
	case ref.Backend == CuPy && ref.API == "get_array_module":
		return CuPy, true
	case ref.Qual == namespaceRoot+".array_namespace" || ref.Qual == namespaceRoot+".get_namespace":
		return NumPy, true
	}
	return Unknown, false
}

// ModuleRef returns the root module of one array library as a value a program can hold: numpy,
// cupy, cupynumeric or jax.numpy. ok is false for a set of several libraries or none.
func ModuleRef(b Backend) (Ref, bool) {
	var qual string
	switch b {
	case NumPy:
		qual = "numpy"
	case CuPy:
		qual = "cupy"
	case CuPyNumeric:
		qual = "cupynumeric"
	case JAX:
		qual = "jax.numpy"
	default:
		return Ref{}, false
	}
	return *refFor(qual, nil), true
}
