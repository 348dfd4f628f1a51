package npapi

// This file lists the named numbers of the array libraries and of Python's math and cmath
// modules: `2.0 * np.pi * t` is a float times an array, not an array of unknown size.

// libraryFloats are the float constants every array library exports (NumPy, CuPy, cuPyNumeric,
// jax.numpy), by their name in the library.
var libraryFloats = map[string]bool{
	"pi": true, "e": true, "euler_gamma": true, "inf": true, "nan": true,
	// NumPy 1.x aliases
	"Inf": true, "Infinity": true, "NaN": true, "NAN": true, "PINF": true, "NINF": true, "infty": true,
}

// stdlibNumbers are the constants of Python's math and cmath modules, by qualified name, with
// whether each is complex.
var stdlibNumbers = map[string]bool{
	"math.pi": false, "math.e": false, "math.tau": false, "math.inf": false, "math.nan": false,
	"cmath.pi": false, "cmath.e": false, "cmath.tau": false, "cmath.inf": false, "cmath.nan": false,
	"cmath.infj": true, "cmath.nanj": true,
}

// LibraryFloat reports whether api, a name in an array library ("pi", "inf"), is a float
// constant.
func LibraryFloat(api string) bool { return libraryFloats[api] }

// StdlibNumber reports whether qual ("math.pi", "cmath.infj") is a constant of Python's math
// or cmath module, and whether it is complex.
func StdlibNumber(qual string) (complex, ok bool) {
	complex, ok = stdlibNumbers[qual]
	return complex, ok
}

// StdlibNumberModules are the modules StdlibNumber knows constants of.
var StdlibNumberModules = map[string]bool{"math": true, "cmath": true}
